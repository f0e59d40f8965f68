//! Homework (作业) on screen: the teacher's page to pick lessons and a due day and
//! to share the class file; the class's standing per assignment for the dashboard;
//! one pupil's standing for their page; and the pupil's own list (home and "my
//! classes"). All the counting is in core; these only draw it.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use qike_core::progress::{
    AssignmentItem, AssignmentState, CLASS_FILE_EXTENSION, ClassId, ProfileId, ProgressStore,
    PupilAssignment, StoreError, Timestamp,
};

use crate::data::course;
use crate::i18n::{Lang, Msg};
use crate::screens::teacher::{TAP, Teacher, TeacherAction, export_dir};
use crate::ui::{Action, BAD, CARD, Column, GOOD, INK, Look, MUTED, Painter, STAR};

const DAY_MS: i64 = 86_400_000;
/// Lessons the picker lists on one page.
const PICKER_ROWS: usize = 12;

/// The words and colour for a state.
pub fn state_look(state: AssignmentState) -> (Msg, Color) {
    match state {
        AssignmentState::Done => (Msg::HomeworkDone, GOOD),
        AssignmentState::Late => (Msg::HomeworkLate, STAR),
        AssignmentState::Missing => (Msg::HomeworkMissing, BAD),
        AssignmentState::Open => (Msg::HomeworkOpen, MUTED),
    }
}

/// "due in 3 days", "due today", "due 2 days ago".
pub fn due_text(due: Timestamp, now: Timestamp, lang: Lang) -> String {
    let ahead = due.0.saturating_sub(now.0) / DAY_MS;
    if ahead > 0 {
        lang.fill(Msg::DueIn, &[("n", &ahead.to_string())])
    } else if now.days_until(due) == 0 && due.days_until(now) == 0 {
        lang.get(Msg::DueToday).to_owned()
    } else {
        lang.fill(Msg::DueAgo, &[("n", &due.days_until(now).to_string())])
    }
}

/// Saves the picked lessons as an assignment due `due_days` from `now`.
pub fn save(
    s: &ProgressStore,
    t: &mut Teacher,
    now: Timestamp,
    lang: Lang,
) -> Result<(), StoreError> {
    let Some(class) = t.class else { return Ok(()) };
    let items: Vec<AssignmentItem> = t.picked.iter().cloned().map(AssignmentItem::Lesson).collect();
    let n = s.assignments(class)?.len() + 1;
    let title = format!("{} {n}", lang.get(Msg::Homework));
    let due = Timestamp(now.0.saturating_add(t.due_days.saturating_mul(DAY_MS)));
    s.add_assignment(class, &title, items, due, now)?;
    t.picked.clear();
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

/// The teacher's page: the class's homework so far, then the lesson picker.
pub fn page(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, s: &ProgressStore, t: &Teacher) {
    let Some(class) = t.class else { return };
    let now = Timestamp::now();
    for a in s.assignments(class).unwrap_or_default().iter().rev().take(3) {
        let r = col.next(1.4 * u);
        let line = format!("{} · {} · {}", a.title, a.items.len(), due_text(a.due, now, lang));
        p.text(r, line, 0.8, INK);
    }
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::PickLessons), 0.9, MUTED);
    let lessons: Vec<_> = course().lessons().collect();
    let first = t.picker_page * PICKER_ROWS;
    for lesson in lessons.iter().skip(first).take(PICKER_ROWS) {
        let r = col.next(TAP * u);
        let picked = t.picked.contains(&lesson.id);
        let mark = if picked { "☑" } else { "☐" };
        let look = if picked { Look::Primary } else { Look::Secondary };
        let label = format!("{mark} {}", lang.text(&lesson.title));
        p.button(r, label, Action::Teacher(TeacherAction::Pick(lesson.id.clone())), look);
    }
    let pages = lessons.len().div_ceil(PICKER_ROWS).max(1);
    let row = col.row(3, TAP * u);
    p.button(row[0], "◀", Action::Teacher(TeacherAction::PickerPage(-1)), Look::Secondary);
    let at = format!("{}/{pages}", t.picker_page + 1);
    p.text_aligned(row[1], at, 1.0, MUTED, bevy::text::Justify::Center);
    p.button(row[2], "▶", Action::Teacher(TeacherAction::PickerPage(1)), Look::Secondary);
    let row = col.row(3, TAP * u);
    p.button(row[0], "−1", Action::Teacher(TeacherAction::DueDays(-1)), Look::Secondary);
    let due = lang.fill(Msg::DueIn, &[("n", &t.due_days.to_string())]);
    p.text_aligned(row[1], due, 0.9, INK, bevy::text::Justify::Center);
    p.button(row[2], "+1", Action::Teacher(TeacherAction::DueDays(1)), Look::Secondary);
    let row = col.row(2, TAP * u);
    let look = if t.picked.is_empty() { Look::Disabled } else { Look::Primary };
    let save = lang.fill(Msg::SetHomework, &[("n", &t.picked.len().to_string())]);
    p.button(row[0], save, Action::Teacher(TeacherAction::SaveHomework), look);
    let share = lang.get(Msg::ShareClassFile);
    p.button(row[1], share, Action::Teacher(TeacherAction::ShareClassFile), Look::Secondary);
    if let Some(path) = &t.class_file {
        let r = col.next(2.0 * u);
        p.text(r, format!("{}{}", lang.get(Msg::ClassFileSaved), path.display()), 0.7, GOOD);
    }
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
    let all = s.assignments(class).unwrap_or_default();
    if all.is_empty() {
        return;
    }
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::Homework), 1.0, INK);
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
    let all = s.assignments(class).unwrap_or_default();
    if all.is_empty() {
        return;
    }
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::Homework), 1.0, INK);
    for a in all.iter().rev().take(4) {
        let status = s.assignment_status(class, a.id).unwrap_or_default();
        let Some(mine) = status.iter().find(|x| x.student.student == pupil) else { continue };
        let (msg, color) = state_look(mine.state(a.due, now));
        let r = col.next(1.3 * u);
        let line = format!("{}  {}/{}  {}", a.title, mine.done, mine.total, lang.get(msg));
        p.text(r, line, 0.8, color);
    }
}

/// The pupil's own homework list, from the class files they took in.
pub fn pupil_list(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, list: &[PupilAssignment]) {
    if list.is_empty() {
        return;
    }
    let now = Timestamp::now();
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::MyHomework), 1.0, INK);
    for a in list.iter().filter(|a| a.state != AssignmentState::Done).take(3) {
        let r = col.next(2.4 * u);
        p.panel(r, CARD, 0.5);
        let (msg, color) = state_look(a.state);
        let inner = Rect::new(r.min.x + 0.5 * u, r.min.y + 0.5 * u, r.max.x - 0.5 * u, r.max.y);
        let line = format!(
            "{} · {}/{} · {} · {}",
            a.assignment.title,
            a.done,
            a.assignment.items.len(),
            due_text(a.assignment.due, now, lang),
            lang.get(msg)
        );
        p.text(inner, line, 0.8, color);
    }
}
