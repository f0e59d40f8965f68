//! The dashboard's rows: one per pupil with their cells for the lessons the teacher
//! looks at, lessons done, when they were last active and how much homework is done,
//! sorted the way the teacher asks.

use std::cmp::Reverse;

use super::classes::RosterEntry;
use super::dashboard::{AssignmentState, MatrixCell};
use super::error::StoreError;
use super::ids::ClassId;
use super::records::LessonStatus;
use super::store::ProgressStore;
use crate::time::Timestamp;

/// How the dashboard's rows are sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RowOrder {
    /// By the name the teacher sees.
    #[default]
    Name,
    /// Most lessons done first.
    Progress,
    /// Longest idle first (never active before everyone), so who needs a nudge is on top.
    LastActive,
}

/// One pupil's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DashboardRow {
    pub student: RosterEntry,
    /// Whether the pupil's reports are signed by their pinned key.
    pub verified: bool,
    /// One cell per lesson asked for, in that order; `None` where not opened.
    pub cells: Vec<Option<MatrixCell>>,
    /// Lessons of those completed.
    pub done: usize,
    /// The last lesson, puzzle or game the class heard of.
    pub last_active: Option<Timestamp>,
    /// Assignments finished (on time or late) of all the class's assignments.
    pub homework_done: usize,
    pub homework_total: usize,
}

impl ProgressStore {
    /// The dashboard's rows for `lessons` (the columns the teacher sees), sorted by
    /// `order`; ties keep the roster's order by name.
    pub fn dashboard_rows(
        &self,
        class: ClassId,
        lessons: &[String],
        order: RowOrder,
        now: Timestamp,
    ) -> Result<Vec<DashboardRow>, StoreError> {
        let m = self.class_matrix(class)?;
        let lesson_map = self.class_lesson_map(class)?;
        let puzzles = self.class_puzzle_map(class)?;
        let assignments = self.assignments(class)?;
        let statuses = assignments
            .iter()
            .map(|a| self.assignment_status(class, a.id).map(|s| (a.due, s)))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rows = Vec::with_capacity(m.students.len());
        for (k, student) in m.students.iter().enumerate() {
            let row = m.cells.get(k).map(Vec::as_slice).unwrap_or_default();
            let cells: Vec<Option<MatrixCell>> = lessons
                .iter()
                .map(|id| {
                    m.lessons
                        .iter()
                        .position(|l| l == id)
                        .and_then(|j| row.get(j).copied().flatten())
                })
                .collect();
            let done =
                cells.iter().flatten().filter(|c| c.status == LessonStatus::Completed).count();
            let ls = lesson_map.get(&student.student).map(Vec::as_slice).unwrap_or_default();
            let ps = puzzles.get(&student.student).map(Vec::as_slice).unwrap_or_default();
            let mut last =
                ls.iter().map(|l| l.last_activity).chain(ps.iter().map(|p| p.last_activity)).max();
            for ended in self.game_end_times(class, student.student)? {
                last = last.max(Some(ended));
            }
            let homework_done = statuses
                .iter()
                .filter(|(due, all)| {
                    all.iter().any(|s| {
                        s.student.student == student.student
                            && matches!(
                                s.state(*due, now),
                                AssignmentState::Done | AssignmentState::Late
                            )
                    })
                })
                .count();
            rows.push(DashboardRow {
                student: student.clone(),
                verified: m.verified.get(k).copied().unwrap_or(false),
                cells,
                done,
                last_active: last.filter(|t| t.0 != i64::MIN),
                homework_done,
                homework_total: assignments.len(),
            });
        }
        match order {
            RowOrder::Name => {}
            RowOrder::Progress => rows.sort_by_key(|r| Reverse(r.done)),
            RowOrder::LastActive => rows.sort_by_key(|r| r.last_active),
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{AssignmentItem, LessonAttempt, NewClass, NewProfile, Role};

    const DAY: i64 = 86_400_000;

    #[test]
    fn rows_sort_by_name_progress_and_idleness_and_count_homework() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let now = Timestamp(500 * DAY);
        let new =
            NewClass { name: "班".into(), teacher: String::new(), description: String::new() };
        let class = s.create_class(new, now).unwrap();
        let lessons: Vec<String> = ["a-1", "a-2", "a-3"].map(String::from).to_vec();
        s.add_assignment(class.id, "作业 1", vec![AssignmentItem::Lesson("a-1".into())], now, now)
            .unwrap();
        // (name, lessons completed, days ago)
        for (name, done, ago) in [("小丙", 1, 9), ("小甲", 3, 0), ("小乙", 0, 2)] {
            let new = NewProfile {
                display_name: name.into(),
                avatar: "panda".into(),
                language: "zh-CN".into(),
                role: Role::Student,
            };
            let kid = s.create_profile(new, now).unwrap();
            s.join_class(kid.id, &class.join_code().to_text(), "", now).unwrap();
            let at = Timestamp(now.0 - ago * DAY);
            for (j, id) in lessons.iter().enumerate() {
                let completed = j < done;
                let a = LessonAttempt {
                    lesson_id: id.clone(),
                    content_version: 1,
                    completed,
                    stars: if completed { 3 } else { 0 },
                    mistakes: 0,
                    hints: 0,
                    time_ms: 1000,
                    at,
                };
                if completed || j == done {
                    s.record_lesson(kid.id, &a).unwrap();
                }
            }
            let r = s.export_report(kid.id, class.id, now).unwrap();
            s.import_report(class.id, &r, now).unwrap();
        }
        let names = |o| {
            let rows = s.dashboard_rows(class.id, &lessons, o, now).unwrap();
            rows.iter().map(|r| r.student.display_name.clone()).collect::<Vec<_>>()
        };
        assert_eq!(names(RowOrder::Name), ["小丙", "小乙", "小甲"]);
        assert_eq!(names(RowOrder::Progress), ["小甲", "小丙", "小乙"]);
        assert_eq!(names(RowOrder::LastActive), ["小丙", "小乙", "小甲"]);
        let rows = s.dashboard_rows(class.id, &lessons, RowOrder::Progress, now).unwrap();
        assert_eq!(rows[0].done, 3);
        assert_eq!(rows[0].cells.len(), 3);
        assert_eq!(rows[0].last_active, Some(now));
        // Lesson a-1 is the homework: done by 小甲 and 小丙, not by 小乙.
        let hw: Vec<_> = rows.iter().map(|r| (r.homework_done, r.homework_total)).collect();
        assert_eq!(hw, [(1, 1), (1, 1), (0, 1)]);
        // Only the lessons asked for are columns.
        let one = s.dashboard_rows(class.id, &lessons[2..], RowOrder::Name, now).unwrap();
        assert!(one.iter().all(|r| r.cells.len() == 1));
        assert_eq!(one.iter().map(|r| r.done).sum::<usize>(), 1);
    }
}
