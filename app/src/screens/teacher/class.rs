//! One class: its name, grade and game, its join code as text and as a QR code, and the
//! way to its dashboard, imports, export, homework and a tournament of its pupils.

use bevy::prelude::*;
use qike_core::progress::{ProgressStore, StoreError};

use qike_core::GameKind;
use qike_core::progress::CLASS_GAMES;

use super::{GRADES, Teacher, TeacherAction, TeacherPage, games_name, grade_name, page_header};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{Canvas, Column, GOOD, INK, Look, MUTED, Painter};
use crate::widgets::{TAP, qr};

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Class, &t);
    class_page(&mut p, &mut col, frame.unit, lang, &store.0, &t);
}

/// Starts typing the class's new name, or saves the name typed.
pub(super) fn rename(s: &ProgressStore, t: &mut Teacher) -> Result<(), StoreError> {
    match t.class.map(|id| s.class(id)) {
        Some(Ok(c)) if t.renaming => {
            let name = t.field.trim().to_owned();
            t.renaming = false;
            if name.is_empty() {
                Ok(())
            } else {
                s.update_class(c.id, &name, &c.grade, &c.game).map(|_| ())
            }
        }
        Some(Ok(c)) => {
            t.field = c.name;
            t.renaming = true;
            Ok(())
        }
        Some(Err(e)) => Err(e),
        None => Ok(()),
    }
}

/// The games a class can be set to follow, in turn: each game alone, then all four.
fn game_choices() -> Vec<Vec<GameKind>> {
    let mut out: Vec<Vec<GameKind>> = CLASS_GAMES.iter().map(|&(_, k)| vec![k]).collect();
    out.push(CLASS_GAMES.iter().map(|&(_, k)| k).collect());
    out
}

/// The class's next grade or next games, in turn.
pub(super) fn next_grade_or_game(
    s: &ProgressStore,
    t: &Teacher,
    a: &TeacherAction,
) -> Result<(), StoreError> {
    match t.class.map(|id| s.class(id)) {
        Some(Ok(c)) => {
            if *a == TeacherAction::Grade {
                let i = GRADES.iter().position(|g| g.0 == c.grade).map_or(0, |i| i + 1);
                let grade = GRADES[i % GRADES.len()].0;
                s.update_class(c.id, &c.name, grade, &c.game).map(|_| ())
            } else {
                let choices = game_choices();
                let games = c.games();
                let i = choices.iter().position(|g| *g == games).map_or(0, |i| i + 1);
                s.set_class_games(c.id, &choices[i % choices.len()]).map(|_| ())
            }
        }
        Some(Err(e)) => Err(e),
        None => Ok(()),
    }
}

fn class_page(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &ProgressStore,
    t: &Teacher,
) {
    let Some(Ok(c)) = t.class.map(|id| s.class(id)) else { return };
    let open = c.archived.is_none();
    let name = col.next(2.4 * u);
    let shown = if t.renaming { format!("{}|", t.field) } else { c.name.clone() };
    p.text(name, shown, 1.4, INK);
    let row = col.row(3, TAP * u);
    let look = if open { Look::Secondary } else { Look::Disabled };
    let rename = if t.renaming { Msg::SaveName } else { Msg::Rename };
    p.button(row[0], lang.get(rename), TeacherAction::Rename, look);
    p.button(row[1], grade_name(&c.grade, lang), TeacherAction::Grade, look);
    p.button(row[2], games_name(&c.games(), lang), TeacherAction::Game, look);

    let label = col.next(1.6 * u);
    p.text(label, lang.get(Msg::JoinCodeLabel), 0.9, MUTED);
    // The code with the teacher's key (made on first use): nine groups, on two lines.
    let join = s.class_join_code(c.id).unwrap_or_else(|_| c.join_code());
    let text = join.to_text();
    let (first, rest) = text.split_at(text.len().min(24));
    for line in [first.trim_end_matches('-'), rest.trim_start_matches('-')] {
        let r = col.next(2.0 * u);
        p.text_aligned(r, line.to_owned(), 1.15, INK, Justify::Center);
    }
    let side = (col.width * 0.62).min(14.0 * u);
    let area = col.next(side);
    let square = Rect::from_center_size(area.center(), Vec2::splat(side));
    qr(p, square, &join.qr_payload());
    let hint = col.next(1.6 * u);
    p.text_aligned(hint, lang.get(Msg::ScanToJoin), 0.8, MUTED, Justify::Center);

    let row = col.row(2, 3.0 * u);
    p.button(
        row[0],
        lang.get(Msg::Dashboard),
        TeacherAction::Page(TeacherPage::Dashboard),
        Look::Primary,
    );
    p.button(row[1], lang.get(Msg::Collect), TeacherAction::Page(TeacherPage::Collect), look);
    let row = col.row(1, 3.0 * u);
    p.button(row[0], lang.get(Msg::ImportReports), TeacherAction::Page(TeacherPage::Import), look);
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::ExportCsv), TeacherAction::ExportCsv, Look::Secondary);
    p.button(row[1], lang.get(Msg::ArchiveClass), TeacherAction::Archive, look);
    let r = col.row(2, TAP * u);
    let homework = TeacherAction::Page(TeacherPage::Homework);
    p.button(r[0], lang.get(Msg::Homework), homework, look);
    let action = TeacherAction::TournamentOf(c.id);
    p.button(r[1], lang.get(Msg::TourFromClass), action, Look::Secondary);
    if let Some(path) = &t.exported {
        let r = col.next(2.0 * u);
        p.text(r, format!("{}{}", lang.get(Msg::SavedTo), path.display()), 0.7, GOOD);
    }
}
