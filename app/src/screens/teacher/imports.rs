//! Imports of pupils' reports (pasted, a path, or the inbox folder) and their summary:
//! new, updated, already had, and each refusal with its reason.

use std::path::Path;

use bevy::prelude::*;
use qike_core::progress::{ImportTally, ProgressStore, ReportError, StoreError, Timestamp};

use super::{Teacher, TeacherAction, TeacherPage, inbox_dir, page_header};
use crate::data::{DataDir, Store};
use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, CARD, Canvas, Column, GOOD, INK, Look, MUTED, Painter};

/// Why a report was refused, in words a teacher can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    WrongClass,
    UnknownClass,
    Archived,
    Tampered,
    Truncated,
    NewerVersion,
    TooLarge,
    NotAReport,
    Unreadable,
    /// Signed by another pupil's key than the one pinned for this pupil.
    ForeignKey,
    /// No pupil signature, for a pupil whose reports are signed.
    Unsigned,
}

impl Refused {
    pub fn of(e: &StoreError) -> Refused {
        match e {
            StoreError::Report(r) => match r {
                ReportError::WrongClass { .. } => Refused::WrongClass,
                ReportError::UnknownClass(_) => Refused::UnknownClass,
                ReportError::ArchivedClass(_) => Refused::Archived,
                ReportError::Tampered | ReportError::Malformed(_) => Refused::Tampered,
                ReportError::Truncated { .. } => Refused::Truncated,
                ReportError::FutureVersion { .. } => Refused::NewerVersion,
                ReportError::Oversize { .. } => Refused::TooLarge,
                ReportError::NotAReport => Refused::NotAReport,
                ReportError::ForeignPupilKey { .. } => Refused::ForeignKey,
                ReportError::UnsignedForPinnedPupil { .. } => Refused::Unsigned,
            },
            _ => Refused::Unreadable,
        }
    }

    pub fn msg(self) -> Msg {
        match self {
            Refused::WrongClass => Msg::RefusedWrongClass,
            Refused::UnknownClass => Msg::RefusedUnknownClass,
            Refused::Archived => Msg::RefusedArchived,
            Refused::Tampered => Msg::RefusedTampered,
            Refused::Truncated => Msg::RefusedTruncated,
            Refused::NewerVersion => Msg::RefusedNewer,
            Refused::TooLarge => Msg::RefusedTooLarge,
            Refused::NotAReport => Msg::RefusedNotAReport,
            Refused::Unreadable => Msg::RefusedUnreadable,
            Refused::ForeignKey => Msg::RefusedForeignKey,
            Refused::Unsigned => Msg::RefusedUnsigned,
        }
    }
}

/// What the last import did, kept for its summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub new: usize,
    pub updated: usize,
    pub already: usize,
    pub rejected: Vec<(String, Refused)>,
}

impl ImportReport {
    pub fn of(t: &ImportTally) -> ImportReport {
        ImportReport {
            new: t.new_students(),
            updated: t.updated(),
            already: t.already_had(),
            rejected: t.rejected().map(|(s, e)| (s.to_owned(), Refused::of(e))).collect(),
        }
    }
}

pub(super) fn draw(
    mut canvas: Canvas,
    t: Res<Teacher>,
    store: Option<Res<Store>>,
    data: Res<DataDir>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    if store.is_none() {
        return;
    }
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Import, &t);
    import_page(&mut p, &mut col, frame.unit, lang, &t, &data.0);
}

/// Imports what is in the text field (a pasted report or a path), or else the inbox.
pub(super) fn import(
    s: &ProgressStore,
    t: &mut Teacher,
    data: &Path,
    now: Timestamp,
) -> Result<(), StoreError> {
    let field = t.field.trim().to_owned();
    let tally = if field.is_empty() {
        let inbox = inbox_dir(data);
        std::fs::create_dir_all(&inbox)
            .map_err(StoreError::from)
            .and_then(|()| s.import_path(t.class, &inbox, now))
    } else if field.to_ascii_uppercase().starts_with("QIKE:REPORT:") {
        Ok(s.import_pasted(t.class, &field, now))
    } else {
        s.import_path(t.class, Path::new(&field), now)
    };
    tally.map(|tally| {
        t.import = Some(ImportReport::of(&tally));
        t.field.clear();
    })
}

fn import_page(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, t: &Teacher, data: &Path) {
    let r = col.next(2.6 * u);
    p.text(r, lang.get(Msg::ImportHow), 0.8, MUTED);
    let field = col.next(3.0 * u);
    p.panel(field, CARD, 0.5);
    let inner =
        Rect::new(field.min.x + 0.5 * u, field.min.y + 0.4 * u, field.max.x - 0.5 * u, field.max.y);
    let shown: String = t.field.chars().take(80).collect();
    p.text(inner, format!("{shown}|"), 0.8, INK);
    let r = col.next(2.2 * u);
    let inbox = inbox_dir(data);
    p.text(r, format!("{}{}", lang.get(Msg::InboxFolder), inbox.display()), 0.7, MUTED);
    let mut b = col.next(3.0 * u);
    if crate::clipboard::HAS_CLIPBOARD {
        let paste = Rect::new(b.max.x - 7.4 * u, b.min.y, b.max.x, b.max.y);
        p.button(paste, lang.get(Msg::Paste), TeacherAction::Paste, Look::Secondary);
        b.max.x -= 8.0 * u;
    }
    let label = if t.field.trim().is_empty() { Msg::ImportInbox } else { Msg::ImportThis };
    p.button(b, lang.get(label), TeacherAction::Import, Look::Primary);
    let Some(rep) = &t.import else { return };
    col.next(0.5 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::ImportSummary), 1.1, INK);
    for (msg, n, color) in [
        (Msg::ImportNew, rep.new, GOOD),
        (Msg::ImportUpdated, rep.updated, GOOD),
        (Msg::ImportAlready, rep.already, MUTED),
        (
            Msg::ImportRejected,
            rep.rejected.len(),
            if rep.rejected.is_empty() { MUTED } else { BAD },
        ),
    ] {
        let r = col.next(1.4 * u);
        p.text(r, lang.fill(msg, &[("n", &n.to_string())]), 0.9, color);
    }
    for (source, why) in rep.rejected.iter().take(10) {
        let r = col.next(2.2 * u);
        p.text(r, format!("· {source}: {}", lang.get(why.msg())), 0.75, BAD);
    }
}
