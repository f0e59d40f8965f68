//! The "needs help" rule of the teacher's dashboard: who has done nothing for a week,
//! who is past due on homework, and who keeps trying a lesson without finishing it.
//! The app and the bindings both ask here, so they name the same pupils.

use super::classes::RosterEntry;
use super::dashboard::BehindReason;
use super::error::StoreError;
use super::ids::ClassId;
use super::records::LessonStatus;
use super::store::ProgressStore;
use crate::time::Timestamp;

/// Days without activity before a pupil needs help.
pub const INACTIVE_DAYS: i64 = 7;
/// Tries on one unfinished lesson before a pupil counts as stuck on it.
pub const STUCK_ATTEMPTS: u32 = 3;

/// Why a pupil needs the teacher.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpReason {
    /// Inactive, or past due on an assignment (see [`BehindReason`]).
    Behind(BehindReason),
    /// Tried a lesson [`STUCK_ATTEMPTS`] times or more without finishing it.
    Stuck { lesson_id: String, attempts: u32 },
}

/// One pupil and one reason; a pupil with several reasons comes once per reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpNeed {
    pub student: RosterEntry,
    pub reason: HelpReason,
}

impl ProgressStore {
    /// The pupils of a class who need help at `now`: inactive for [`INACTIVE_DAYS`],
    /// past due on homework, or stuck on a lesson; in roster order, a pupil's reasons
    /// together.
    pub fn needs_help(&self, class: ClassId, now: Timestamp) -> Result<Vec<HelpNeed>, StoreError> {
        let summary = self.class_summary(class, now, INACTIVE_DAYS)?;
        let mut out = Vec::new();
        for e in self.roster(class)? {
            if let Some(b) = summary.behind.iter().find(|b| b.student.student == e.student) {
                for r in &b.reasons {
                    out.push(HelpNeed {
                        student: e.clone(),
                        reason: HelpReason::Behind(r.clone()),
                    });
                }
            }
            for l in self.student_lessons(class, e.student)? {
                if l.status != LessonStatus::Completed && l.attempts >= STUCK_ATTEMPTS {
                    let reason =
                        HelpReason::Stuck { lesson_id: l.lesson_id.clone(), attempts: l.attempts };
                    out.push(HelpNeed { student: e.clone(), reason });
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{LessonAttempt, NewClass, NewProfile, ProfileId, Role};

    const DAY: i64 = 86_400_000;

    fn attempt(lesson: &str, completed: bool, at: Timestamp) -> LessonAttempt {
        LessonAttempt {
            lesson_id: lesson.into(),
            content_version: 1,
            completed,
            stars: if completed { 3 } else { 0 },
            mistakes: 0,
            hints: 0,
            time_ms: 1000,
            at,
        }
    }

    /// A pupil of `class` whose lessons `attempts` arrive in a report at `at`.
    fn pupil(
        s: &ProgressStore,
        class: &crate::progress::Class,
        name: &str,
        attempts: &[LessonAttempt],
        at: Timestamp,
    ) -> ProfileId {
        let new = NewProfile {
            display_name: name.into(),
            avatar: "panda".into(),
            language: "zh-CN".into(),
            role: Role::Student,
        };
        let kid = s.create_profile(new, at).unwrap();
        s.join_class(kid.id, &class.join_code().to_text(), "", at).unwrap();
        for a in attempts {
            s.record_lesson(kid.id, a).unwrap();
        }
        let report = s.export_report(kid.id, class.id, at).unwrap();
        s.import_report(class.id, &report, at).unwrap();
        kid.id
    }

    #[test]
    fn stuck_idle_and_fine_pupils_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let now = Timestamp(1_000 * DAY);
        let new = NewClass {
            name: "三年级二班".into(),
            teacher: String::new(),
            description: String::new(),
        };
        let class = s.create_class(new, Timestamp(now.0 - 30 * DAY)).unwrap();
        let tries: Vec<_> = (0..STUCK_ATTEMPTS).map(|_| attempt("xq-01", false, now)).collect();
        let stuck = pupil(&s, &class, "小兰", &tries, now);
        let two = [attempt("xq-01", false, now), attempt("xq-01", false, now)];
        let trying = pupil(&s, &class, "小军", &two, now);
        let old = Timestamp(now.0 - (INACTIVE_DAYS + 1) * DAY);
        let idle = pupil(&s, &class, "小明", &[attempt("xq-01", true, old)], old);
        let fine = pupil(&s, &class, "小红", &[attempt("xq-01", true, now)], now);

        let help = s.needs_help(class.id, now).unwrap();
        let who = |id| help.iter().filter(|h| h.student.student == id).collect::<Vec<_>>();
        assert!(who(fine).is_empty(), "{help:?}");
        assert!(who(trying).is_empty(), "two tries are not stuck yet: {help:?}");
        let stuck_on = who(stuck);
        assert_eq!(stuck_on.len(), 1, "{help:?}");
        assert_eq!(
            stuck_on[0].reason,
            HelpReason::Stuck { lesson_id: "xq-01".into(), attempts: STUCK_ATTEMPTS }
        );
        let idle_for = who(idle);
        assert_eq!(idle_for.len(), 1, "{help:?}");
        assert!(matches!(
            idle_for[0].reason,
            HelpReason::Behind(BehindReason::Inactive { days, last: Some(_) }) if days == INACTIVE_DAYS + 1
        ));
    }
}
