//! The class dashboard: pupils × lessons (stars in gold, started lessons in blue), who
//! needs help, the class's homework, and the CSV export.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use qike_core::progress::{
    BehindReason, ClassId, LessonStatus, ProgressStore, StoreError, Timestamp,
};

use super::{Teacher, TeacherAction, TeacherPage, homework, page_header};
use crate::data::{Store, course};
use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, Canvas, Column, GOOD, INK, Look, MUTED, Painter, STAR};
use crate::widgets::{TAP, export_dir};

/// Days without activity before a pupil is listed as needing help.
pub const INACTIVE_DAYS: i64 = 7;
/// Tries on one unfinished lesson before a pupil counts as stuck on it.
pub const STUCK_ATTEMPTS: u32 = 3;

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Dashboard, &t);
    dashboard(&mut p, &mut col, frame.unit, lang, &store.0, &t);
}

/// Writes the class's dashboard as CSV into the exports folder.
pub fn export_csv(s: &ProgressStore, class: ClassId, data: &Path) -> Result<PathBuf, StoreError> {
    let csv = s.class_csv(class)?;
    let dir = export_dir(data);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("class-{class}.csv"));
    std::fs::write(&path, csv.as_bytes())?;
    Ok(path)
}

/// Pupils who need help: nothing done for [`INACTIVE_DAYS`], or stuck on a lesson.
pub fn needs_help(s: &ProgressStore, class: ClassId, lang: Lang) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let summary = s.class_summary(class, Timestamp::now(), INACTIVE_DAYS);
    for b in summary.map(|s| s.behind).unwrap_or_default() {
        for r in &b.reasons {
            let why = match r {
                BehindReason::Inactive { days, last: Some(_) } => {
                    lang.fill(Msg::InactiveDays, &[("n", &days.to_string())])
                }
                BehindReason::Inactive { last: None, .. } => {
                    lang.get(Msg::NoActivityYet).to_owned()
                }
                BehindReason::Overdue { title, .. } => {
                    format!("{}: {title}", lang.get(Msg::Overdue))
                }
            };
            out.push((b.student.shown_name().to_owned(), why));
        }
    }
    for e in s.roster(class).unwrap_or_default() {
        for l in s.student_lessons(class, e.student).unwrap_or_default() {
            if l.status != LessonStatus::Completed && l.attempts >= STUCK_ATTEMPTS {
                let title = course()
                    .lesson(&l.lesson_id)
                    .map_or(l.lesson_id.clone(), |x| lang.text(&x.title));
                out.push((
                    e.shown_name().to_owned(),
                    lang.fill(Msg::StuckOn, &[("lesson", &title)]),
                ));
            }
        }
    }
    out
}

fn dashboard(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &ProgressStore,
    t: &Teacher,
) {
    let Some(class) = t.class else { return };
    let Ok(m) = s.class_matrix(class) else { return };
    let lessons: Vec<String> = course().lessons().map(|l| l.id.clone()).collect();
    let name_w = 5.5 * u;
    let cell = ((col.width - name_w - 2.5 * u) / lessons.len().max(1) as f32).min(1.5 * u);
    let row_h = (0.95 * u).min(cell.max(0.7 * u));
    let head = col.next(1.4 * u);
    p.text(head, lang.fill(Msg::PupilCount, &[("n", &m.students.len().to_string())]), 0.8, MUTED);
    let legend = Rect::new(head.min.x + name_w, head.min.y, head.max.x, head.max.y);
    p.text(legend, lang.get(Msg::GridLegend), 0.65, MUTED);
    // The rows sit edge to edge (no column gap) so a class of 40 fits a phone.
    let top = col.y;
    let rows = m.students.len().min(40);
    for (k, (student, row)) in m.students.iter().zip(&m.cells).take(rows).enumerate() {
        let verified = m.verified.get(k).copied().unwrap_or(false);
        let y = top + k as f32 * row_h;
        let r = Rect::new(col.x, y, col.x + col.width, y + row_h);
        let name = Rect::new(r.min.x, r.min.y, r.min.x + name_w, r.max.y);
        // The name opens the pupil's page; drawn as text so it stays readable.
        let hit = p.panel(name, Color::NONE, 0.0);
        p.hit(hit, name, TeacherAction::Pupil(student.student));
        let label = Rect::new(name.min.x, name.min.y + 0.1 * u, name.max.x, name.max.y);
        // An unverified pupil (older, class-signed reports only) is marked with a "?".
        let shown = if verified {
            student.shown_name().to_owned()
        } else {
            format!("{}?", student.shown_name())
        };
        p.text(label, shown, 0.7, if verified { INK } else { MUTED });
        let mut done = 0;
        for (i, id) in lessons.iter().enumerate() {
            let x = r.min.x + name_w + i as f32 * cell;
            let square = Rect::new(x + 1.0, r.min.y + 1.0, x + cell - 1.0, r.max.y - 1.0);
            let found =
                m.lessons.iter().position(|l| l == id).and_then(|j| row.get(j).cloned().flatten());
            let fill = match found {
                Some(c) if c.status == LessonStatus::Completed => {
                    done += 1;
                    match c.stars {
                        3 => STAR,
                        2 => Color::srgb(0.97, 0.80, 0.40),
                        _ => Color::srgb(0.99, 0.90, 0.68),
                    }
                }
                Some(c) if c.status == LessonStatus::InProgress => Color::srgb(0.62, 0.78, 0.93),
                _ => Color::srgb(0.92, 0.90, 0.86),
            };
            p.panel(square, fill, 0.15);
        }
        let total = Rect::new(r.max.x - 2.3 * u, r.min.y, r.max.x, r.max.y);
        p.text_aligned(total, format!("{done}/{}", lessons.len()), 0.65, INK, Justify::Right);
    }
    col.y = top + rows as f32 * row_h + col.gap;
    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::NeedsHelp), 1.0, INK);
    let help = needs_help(s, class, lang);
    if help.is_empty() {
        let r = col.next(1.4 * u);
        p.text(r, lang.get(Msg::NobodyBehind), 0.8, GOOD);
    }
    for (name, why) in help.iter().take(6) {
        let r = col.next(1.2 * u);
        p.text(r, format!("· {name}: {why}"), 0.75, BAD);
    }
    homework::class_lines(p, col, u, lang, s, class);
    let r = col.next(TAP * u);
    let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
    p.button(r, lang.get(Msg::ExportCsv), TeacherAction::ExportCsv, Look::Secondary);
}
