//! The 教案 of every lesson, one at a time: time, content, objectives, key points,
//! materials, process and summary.

use bevy::prelude::*;

use super::{Teacher, TeacherAction, TeacherPage, open_lessons, page_header};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{Canvas, Column, INK, Look, MUTED, Painter};
use crate::widgets::TAP;
use qike_core::curriculum::{DemoBoard, LessonPosition, lesson_positions};

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Plans, &t);
    let lessons = open_lessons(&store.0, &t);
    plans(&mut p, &mut col, frame.unit, lang, &lessons, t.lesson);
}

/// Shows the plan of another of the `n` lessons (by how many to move), going round.
pub(super) fn turn(t: &mut Teacher, step: i32, n: usize) {
    let n = n.max(1) as i32;
    t.lesson = (t.lesson as i32 + step).rem_euclid(n) as usize;
}

/// A heading and its text, the text's height guessed from its length.
fn plan_item(p: &mut Painter, col: &mut Column, u: f32, head: &str, lines: &[String], lang: Lang) {
    let r = col.next(1.4 * u);
    p.text(r, head, 0.95, crate::ui::PRIMARY);
    let per_line = if lang == Lang::Zh { col.width / (0.8 * u) } else { col.width / (0.42 * u) };
    for line in lines {
        let n = (line.chars().count() as f32 / per_line.max(1.0)).ceil().max(1.0);
        let r = col.next(n * 1.15 * u);
        p.text(r, line.clone(), 0.78, INK);
    }
}

fn plans(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    all: &[&qike_core::curriculum::Lesson],
    index: usize,
) {
    let Some(lesson) = all.get(index.min(all.len().saturating_sub(1))) else { return };
    let row = col.row(3, TAP * u);
    p.button(row[0], "◀", TeacherAction::Plan(-1), Look::Secondary);
    p.text_aligned(row[1], format!("{}/{}", index + 1, all.len()), 1.0, MUTED, Justify::Center);
    p.button(row[2], "▶", TeacherAction::Plan(1), Look::Secondary);
    let r = col.next(2.2 * u);
    p.text(r, lang.text(&lesson.title), 1.3, INK);
    let row = col.row(2, TAP * u);
    p.button(row[0], lang.get(Msg::ShowOnDemoBoard), TeacherAction::PlanToDemo, Look::Primary);
    p.button(row[1], lang.get(Msg::AssignLesson), TeacherAction::PlanAssign, Look::Secondary);
    diagrams(p, col, u, lesson);
    let plan = &lesson.plan;
    let r = col.next(1.3 * u);
    p.text(
        r,
        lang.fill(
            Msg::PlanTime,
            &[("periods", &plan.periods.to_string()), ("minutes", &plan.minutes.to_string())],
        ),
        0.8,
        MUTED,
    );
    let list = |v: &[qike_core::curriculum::Text]| -> Vec<String> {
        v.iter().enumerate().map(|(i, x)| format!("{}. {}", i + 1, lang.text(x))).collect()
    };
    plan_item(p, col, u, lang.get(Msg::PlanContent), &[lang.text(&plan.content)], lang);
    plan_item(p, col, u, lang.get(Msg::PlanObjectives), &list(&plan.objectives), lang);
    plan_item(p, col, u, lang.get(Msg::PlanKeyPoints), &list(&plan.key_points), lang);
    plan_item(p, col, u, lang.get(Msg::PlanMaterials), &list(&plan.materials), lang);
    plan_item(p, col, u, lang.get(Msg::PlanProcess), &list(&plan.process), lang);
    plan_item(p, col, u, lang.get(Msg::PlanSummary), &[lang.text(&plan.summary)], lang);
}

/// The lesson's first positions drawn small, side by side, as the plan's figures.
fn diagrams(p: &mut Painter, col: &mut Column, u: f32, lesson: &qike_core::curriculum::Lesson) {
    let Ok(all) = lesson_positions(lesson) else { return };
    // Distinct boards only: several steps often share one position.
    let mut shown: Vec<&LessonPosition> = Vec::new();
    for pos in &all {
        if !shown.iter().any(|s| s.view.pieces == pos.view.pieces) {
            shown.push(pos);
        }
    }
    if shown.is_empty() {
        return;
    }
    let n = DIAGRAMS.min(shown.len());
    let side = (col.width - u * (DIAGRAMS as f32 - 1.0)) / DIAGRAMS as f32;
    let (files, ranks) = (shown[0].view.files as f32, shown[0].view.ranks as f32);
    let row = col.next(side * (ranks / files).clamp(0.8, 1.25));
    for (i, pos) in shown.iter().take(n).enumerate() {
        let x = row.min.x + i as f32 * (side + u);
        let area = Rect::new(x, row.min.y, x + side, row.max.y);
        // Loaded as on the demonstration board: the marks come as rings.
        let mut board = DemoBoard::new(lesson.game);
        board.load(pos);
        crate::board::diagram(p, &board.view(), area, board.arrows());
    }
}

/// How many of a lesson's positions its plan shows.
const DIAGRAMS: usize = 3;
