//! The teacher's first page: a new class, the lesson plans, the tournaments and the
//! demonstration board, and the classes on this device.

use bevy::prelude::*;
use qike_core::progress::{NewClass, ProgressStore, StoreError, Timestamp};

use qike_core::GameKind;

use super::{GRADES, Teacher, TeacherAction, TeacherPage, games_name, grade_name, page_header};
use crate::AppState;
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{CARD, Canvas, Column, INK, Look, MUTED, Nav, Painter};
use crate::widgets::TAP;

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Classes, &t);
    classes(&mut p, &mut col, frame.unit, lang, &store.0);
}

/// Creates a class with the next default name, for year 3 and xiangqi, and opens it.
pub(super) fn new_class(
    s: &ProgressStore,
    t: &mut Teacher,
    lang: Lang,
    now: Timestamp,
) -> Result<(), StoreError> {
    let n = s.classes(true).map(|c| c.len()).unwrap_or(0) + 1;
    let name = lang.fill(Msg::ClassDefaultName, &[("n", &n.to_string())]);
    let new = NewClass { name: name.clone(), teacher: String::new(), description: String::new() };
    s.create_class(new, now)
        .and_then(|c| s.update_class(c.id, &name, GRADES[2].0, ""))
        .and_then(|c| s.set_class_games(c.id, &[GameKind::Xiangqi]))
        .map(|c| t.class = Some(c.id))
}

fn classes(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, s: &ProgressStore) {
    let row = col.row(2, TAP * u);
    p.button(row[0], lang.get(Msg::NewClass), TeacherAction::NewClass, Look::Primary);
    p.button(
        row[1],
        lang.get(Msg::LessonPlans),
        TeacherAction::Page(TeacherPage::Plans),
        Look::Secondary,
    );
    let row = col.row(2, TAP * u);
    p.button(row[0], lang.get(Msg::Tournaments), Nav::Go(AppState::Tournament), Look::Secondary);
    p.button(
        row[1],
        lang.get(Msg::DemoBoard),
        TeacherAction::Page(TeacherPage::Demo),
        Look::Secondary,
    );
    let all = s.classes(true).unwrap_or_default();
    if all.is_empty() {
        let r = col.next(3.0 * u);
        p.text(r, lang.get(Msg::NoClasses), 1.0, MUTED);
    }
    for c in all.iter().take(12) {
        let r = col.next((TAP + 1.2) * u);
        let pupils = s.roster(c.id).map(|r| r.len()).unwrap_or(0);
        let archived = c.archived.is_some();
        p.panel(r, CARD, 0.6);
        let line = format!(
            "{}  ·  {}  ·  {}",
            grade_name(&c.grade, lang),
            games_name(&c.games(), lang),
            lang.fill(Msg::PupilCount, &[("n", &pupils.to_string())])
        );
        let name =
            Rect::new(r.min.x + 0.6 * u, r.min.y + 0.3 * u, r.max.x - 6.0 * u, r.min.y + 2.0 * u);
        p.text(name, c.name.clone(), 1.1, if archived { MUTED } else { INK });
        let sub = Rect::new(name.min.x, r.min.y + 2.0 * u, r.max.x - 6.0 * u, r.max.y);
        let sub_text =
            if archived { format!("{line}  ·  {}", lang.get(Msg::Archived)) } else { line };
        p.text(sub, sub_text, 0.75, MUTED);
        let open =
            Rect::new(r.max.x - 5.4 * u, r.min.y + 0.6 * u, r.max.x - 0.6 * u, r.max.y - 0.6 * u);
        p.button(open, lang.get(Msg::Open), TeacherAction::OpenClass(c.id), Look::Secondary);
    }
}
