//! Homework (作业) in the teacher area: the page to pick lessons and a due day and to
//! share the class file; the class's standing per assignment for the dashboard; one
//! pupil's standing for their page. All the counting is in core; these only draw it.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use qike_core::progress::{
    Assignment, AssignmentItem, AssignmentState, CLASS_FILE_EXTENSION, ClassId, ProfileId,
    ProgressStore, StoreError, Timestamp,
};

use qike_core::curriculum::{Lesson, StepKind};

use super::{Teacher, TeacherAction, TeacherPage, open_lessons, page_header};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{Canvas, Column, GOOD, INK, Look, MUTED, Painter};
use crate::widgets::{TAP, due_text, export_dir, state_look};

const DAY_MS: i64 = 86_400_000;
/// Lessons the picker lists on one page.
const PICKER_ROWS: usize = 6;

/// Saves the picked lessons as an assignment due `due_days` from `now`.
pub fn save(
    s: &ProgressStore,
    t: &mut Teacher,
    now: Timestamp,
    lang: Lang,
) -> Result<(), StoreError> {
    let Some(class) = t.class else { return Ok(()) };
    let lessons = t.picked.iter().cloned().map(AssignmentItem::Lesson);
    let puzzles = t.picked_puzzles.iter().cloned().map(AssignmentItem::Puzzle);
    let items: Vec<AssignmentItem> = lessons.chain(puzzles).collect();
    let n = s.assignments(class)?.len() + 1;
    let title = format!("{} {n}", lang.get(Msg::Homework));
    let due = Timestamp(now.0.saturating_add(t.due_days.saturating_mul(DAY_MS)));
    s.add_assignment(class, &title, items, due, now)?;
    t.picked.clear();
    t.picked_puzzles.clear();
    Ok(())
}

/// Writes the class file (name and homework, signed) beside the exports.
pub fn share(s: &ProgressStore, class: ClassId, data: &Path) -> Result<PathBuf, StoreError> {
    let text = s.export_class_file(class, Timestamp::now())?;
    let dir = export_dir(data);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("class-{class}.{CLASS_FILE_EXTENSION}"));
    std::fs::write(&path, format!("{text}\n"))?;
    Ok(path)
}

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Homework, &t);
    page(&mut p, &mut col, frame.unit, lang, &store.0, &t);
}

/// Adds a lesson to the homework being set, or takes it off.
pub(super) fn pick(t: &mut Teacher, id: String) {
    if let Some(i) = t.picked.iter().position(|l| *l == id) {
        t.picked.remove(i);
    } else {
        t.picked.push(id);
    }
}

/// Adds a puzzle to the homework being set, or takes it off.
pub(super) fn pick_puzzle(t: &mut Teacher, id: String) {
    if let Some(i) = t.picked_puzzles.iter().position(|p| *p == id) {
        t.picked_puzzles.remove(i);
    } else {
        t.picked_puzzles.push(id);
    }
}

/// The puzzles of these lessons (their puzzle steps): id (`lesson/step`) and a label.
pub fn puzzles_of(lessons: &[&Lesson], lang: Lang) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for l in lessons {
        let steps = l.steps.iter().filter(|s| s.kind() == StepKind::Puzzle);
        for (n, step) in steps.enumerate() {
            let label = lang.fill(
                Msg::PuzzleOf,
                &[("lesson", &lang.text(&l.title)), ("n", &(n + 1).to_string())],
            );
            out.push((format!("{}/{}", l.id, step.id()), label));
        }
    }
    out
}

/// Turns the picker's page over `n` lessons, going round.
pub(super) fn turn_picker(t: &mut Teacher, step: i32, n: usize) {
    let pages = n.div_ceil(PICKER_ROWS).max(1) as i32;
    t.picker_page = (t.picker_page as i32 + step).rem_euclid(pages) as usize;
}

/// The teacher's page: the class's homework so far, then the lesson picker.
fn page(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, s: &ProgressStore, t: &Teacher) {
    let Some(class) = t.class else { return };
    let now = Timestamp::now();
    for a in s.assignments(class).unwrap_or_default().iter().rev().take(3) {
        let r = col.next(1.4 * u);
        let items = lang.fill(Msg::HomeworkItems, &[("n", &a.items.len().to_string())]);
        let line = format!("{} · {items} · {}", a.title, due_text(a.due, now, lang));
        p.text(r, line, 0.8, INK);
    }
    // Lessons or puzzles, one list at a time.
    let row = col.row(2, TAP * u);
    let look = |on: bool| if on { Look::Selected } else { Look::Secondary };
    p.button(
        row[0],
        lang.get(Msg::PickLessonsTab),
        TeacherAction::PickPuzzles(false),
        look(!t.picking_puzzles),
    );
    p.button(
        row[1],
        lang.get(Msg::PickPuzzlesTab),
        TeacherAction::PickPuzzles(true),
        look(t.picking_puzzles),
    );
    let r = col.next(1.6 * u);
    let lessons = open_lessons(s, t);
    let first = t.picker_page * PICKER_ROWS;
    let entries: Vec<(String, String, bool, TeacherAction)> = if t.picking_puzzles {
        puzzles_of(&lessons, lang)
            .into_iter()
            .map(|(id, label)| {
                (id.clone(), label, t.picked_puzzles.contains(&id), TeacherAction::PickPuzzle(id))
            })
            .collect()
    } else {
        lessons
            .iter()
            .map(|l| {
                (
                    l.id.clone(),
                    lang.text(&l.title),
                    t.picked.contains(&l.id),
                    TeacherAction::Pick(l.id.clone()),
                )
            })
            .collect()
    };
    let hint = if t.picking_puzzles { Msg::PickPuzzles } else { Msg::PickLessons };
    p.text(r, lang.get(hint), 0.9, MUTED);
    for (_, label, picked, action) in entries.iter().skip(first).take(PICKER_ROWS) {
        let r = col.next(TAP * u);
        let label = if *picked { format!("✓ {label}") } else { label.clone() };
        p.button(r, label, action.clone(), look(*picked));
    }
    let pages = entries.len().div_ceil(PICKER_ROWS).max(1);
    let row = col.row(3, TAP * u);
    p.button(row[0], "◀", TeacherAction::PickerPage(-1), Look::Secondary);
    let at = format!("{}/{pages}", t.picker_page + 1);
    p.text_aligned(row[1], at, 1.0, MUTED, bevy::text::Justify::Center);
    p.button(row[2], "▶", TeacherAction::PickerPage(1), Look::Secondary);
    let row = col.row(3, TAP * u);
    p.button(row[0], "−1", TeacherAction::DueDays(-1), Look::Secondary);
    let due = lang.fill(Msg::DueIn, &[("n", &t.due_days.to_string())]);
    p.text_aligned(row[1], due, 0.9, INK, bevy::text::Justify::Center);
    p.button(row[2], "+1", TeacherAction::DueDays(1), Look::Secondary);
    let row = col.row(2, TAP * u);
    let n = t.picked.len() + t.picked_puzzles.len();
    let look = if n == 0 { Look::Disabled } else { Look::Primary };
    let save = lang.fill(Msg::SetHomework, &[("n", &n.to_string())]);
    p.button(row[0], save, TeacherAction::SaveHomework, look);
    let share = lang.get(Msg::ShareClassFile);
    p.button(row[1], share, TeacherAction::ShareClassFile, Look::Secondary);
    if let Some(path) = &t.class_file {
        let r = col.next(2.0 * u);
        p.text(r, format!("{}{}", lang.get(Msg::ClassFileSaved), path.display()), 0.7, GOOD);
    }
}

/// The class's assignments under a 作业 heading; no heading when there are none.
fn homework_heading(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &ProgressStore,
    class: ClassId,
) -> Vec<Assignment> {
    let all = s.assignments(class).unwrap_or_default();
    if !all.is_empty() {
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::Homework), 1.0, INK);
    }
    all
}

/// The dashboard's homework lines: per assignment, how many pupils are done, late,
/// missing or still working.
pub fn class_lines(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &ProgressStore,
    class: ClassId,
) {
    let now = Timestamp::now();
    let all = homework_heading(p, col, u, lang, s, class);
    for a in all.iter().rev().take(3) {
        let status = s.assignment_status(class, a.id).unwrap_or_default();
        let count = |st| status.iter().filter(|x| x.state(a.due, now) == st).count();
        let line = lang.fill(
            Msg::HomeworkCounts,
            &[
                ("title", &a.title),
                ("due", &due_text(a.due, now, lang)),
                ("done", &count(AssignmentState::Done).to_string()),
                ("late", &count(AssignmentState::Late).to_string()),
                ("missing", &count(AssignmentState::Missing).to_string()),
                ("open", &count(AssignmentState::Open).to_string()),
            ],
        );
        let r = col.next(1.3 * u);
        p.text(r, line, 0.75, INK);
    }
}

/// One pupil's standing on each of the class's assignments (the pupil page).
pub fn pupil_lines(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &ProgressStore,
    class: ClassId,
    pupil: ProfileId,
) {
    let now = Timestamp::now();
    let all = homework_heading(p, col, u, lang, s, class);
    for a in all.iter().rev().take(4) {
        let status = s.assignment_status(class, a.id).unwrap_or_default();
        let Some(mine) = status.iter().find(|x| x.student.student == pupil) else { continue };
        let (msg, color) = state_look(mine.state(a.due, now));
        let r = col.next(1.3 * u);
        let line = format!("{}  {}/{}  {}", a.title, mine.done, mine.total, lang.get(msg));
        p.text(r, line, 0.8, color);
    }
}
