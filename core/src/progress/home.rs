//! What the pupil's home screen shows on each game's card — how far the course has
//! come and which lesson is next ("继续：第 N 课") — and the daily streak: how many days
//! in a row, up to today, the child did a lesson, a puzzle or a game.
//!
//! The streak is read from the stored records' times: a lesson keeps the time it was
//! last worked on and when it was first and last completed, a puzzle the time it was
//! last tried and first solved, a game its start and end. A lesson worked on over
//! several days without being completed keeps only its last day, so a day whose only
//! activity was later repeated elsewhere may not count.

use std::collections::BTreeSet;

use super::error::StoreError;
use super::ids::ProfileId;
use super::records::LessonStatus;
use super::store::ProgressStore;
use crate::curriculum::{Course, Text};
use crate::time::Timestamp;

const DAY_MS: i64 = 86_400_000;

/// The next lesson of a course: where it stands and what it is called.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextLesson {
    /// The unit's index in the course, from 0.
    pub unit: usize,
    /// The lesson's index in its unit, from 0.
    pub lesson: usize,
    /// The lesson's number in the whole course, from 1: the N of "第 N 课".
    pub number: usize,
    pub id: String,
    pub title: Text,
}

/// One game's card on the pupil's home screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameCardProgress {
    pub lessons_done: usize,
    pub lessons_total: usize,
    /// The first lesson of the course not yet completed; `None` when all are.
    pub next_lesson: Option<NextLesson>,
}

/// Days in a row with something done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Streak {
    /// Consecutive days with activity, ending today, or yesterday while today has none
    /// yet (the streak is not broken before the day is over). 0: none.
    pub days: u32,
    /// Something was done today.
    pub active_today: bool,
}

/// The day `at` falls on, `utc_offset_minutes` east of UTC (480 for China).
fn day_of(at: Timestamp, utc_offset_minutes: i32) -> i64 {
    at.0.saturating_add(i64::from(utc_offset_minutes) * 60_000).div_euclid(DAY_MS)
}

/// The streak on the day of `now` from the times something was done.
pub fn streak(
    activity: impl IntoIterator<Item = Timestamp>,
    now: Timestamp,
    utc_offset_minutes: i32,
) -> Streak {
    let today = day_of(now, utc_offset_minutes);
    let days: BTreeSet<i64> = activity
        .into_iter()
        .filter(|t| t.0 != i64::MIN)
        .map(|t| day_of(t, utc_offset_minutes))
        .filter(|&d| d <= today)
        .collect();
    let active_today = days.contains(&today);
    let mut day = if active_today { today } else { today - 1 };
    let mut count = 0;
    while days.contains(&day) {
        count += 1;
        day -= 1;
    }
    Streak { days: count, active_today }
}

/// The card of `course` from a child's lesson statuses (by lesson id).
fn card(course: &Course, completed: impl Fn(&str) -> bool) -> GameCardProgress {
    let mut card = GameCardProgress { lessons_done: 0, lessons_total: 0, next_lesson: None };
    for (u, unit) in course.units.iter().enumerate() {
        for (l, lesson) in unit.lessons.iter().enumerate() {
            card.lessons_total += 1;
            if completed(&lesson.id) {
                card.lessons_done += 1;
            } else if card.next_lesson.is_none() {
                card.next_lesson = Some(NextLesson {
                    unit: u,
                    lesson: l,
                    number: card.lessons_total,
                    id: lesson.id.clone(),
                    title: lesson.title.clone(),
                });
            }
        }
    }
    card
}

impl ProgressStore {
    /// The home card of the game of `course` for a child.
    pub fn game_card(
        &self,
        profile: ProfileId,
        course: &Course,
    ) -> Result<GameCardProgress, StoreError> {
        let records = self.lesson_records(profile)?;
        Ok(card(course, |id| {
            records.iter().any(|r| r.lesson_id == id && r.status == LessonStatus::Completed)
        }))
    }

    /// A child's daily streak on the day of `now`, days counted `utc_offset_minutes`
    /// east of UTC (the device's time zone).
    pub fn streak(
        &self,
        profile: ProfileId,
        now: Timestamp,
        utc_offset_minutes: i32,
    ) -> Result<Streak, StoreError> {
        let mut times = Vec::new();
        for r in self.lesson_records(profile)? {
            times.extend(
                [Some(r.last_activity), r.first_completed, r.last_completed].iter().flatten(),
            );
        }
        for r in self.puzzle_records(profile)? {
            if r.attempts > 0 {
                times.extend([Some(r.last_activity), r.first_solved].iter().flatten());
            }
        }
        for g in self.games(profile)? {
            times.extend([g.started, g.ended]);
        }
        for g in self.junqi_games(profile)? {
            times.extend([g.started, g.ended]);
        }
        Ok(streak(times, now, utc_offset_minutes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameKind, Side};
    use crate::progress::{GameRecord, LessonAttempt, NewProfile, PuzzleAttempt, Role};

    const DAY: i64 = DAY_MS;
    /// Noon in China (UTC+8) on day `d` after the epoch.
    fn noon(d: i64) -> Timestamp {
        Timestamp(d * DAY + 4 * 3_600_000)
    }

    fn store_with_child() -> (tempfile::TempDir, ProgressStore, ProfileId) {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let new = NewProfile {
            display_name: "小明".into(),
            avatar: "panda".into(),
            language: "zh-CN".into(),
            role: Role::Student,
        };
        let kid = s.create_profile(new, Timestamp(0)).unwrap().id;
        (dir, s, kid)
    }

    fn lesson(id: &str, completed: bool, at: Timestamp) -> LessonAttempt {
        LessonAttempt {
            lesson_id: id.to_owned(),
            content_version: 1,
            completed,
            stars: if completed { 3 } else { 0 },
            mistakes: 0,
            hints: 0,
            time_ms: 1000,
            at,
        }
    }

    #[test]
    fn the_card_counts_the_lessons_and_names_the_next() {
        let (_dir, s, kid) = store_with_child();
        let course = crate::curriculum::course_for(GameKind::Xiangqi).unwrap().unwrap();
        let card = s.game_card(kid, &course).unwrap();
        let total = course.lessons().count();
        assert_eq!((card.lessons_done, card.lessons_total), (0, total));
        let first = card.next_lesson.unwrap();
        assert_eq!((first.unit, first.lesson, first.number), (0, 0, 1));
        assert_eq!(first.title, course.units[0].lessons[0].title);
        // The first lesson done, the second tried but not finished: the second is next.
        let ids: Vec<String> = course.lessons().map(|l| l.id.clone()).collect();
        s.record_lesson(kid, &lesson(&ids[0], true, noon(1))).unwrap();
        s.record_lesson(kid, &lesson(&ids[1], false, noon(1))).unwrap();
        let card = s.game_card(kid, &course).unwrap();
        assert_eq!(card.lessons_done, 1);
        let next = card.next_lesson.unwrap();
        assert_eq!((next.number, next.id.as_str()), (2, ids[1].as_str()));
        let second = course.lessons().nth(1).unwrap();
        let unit = course.units.iter().position(|u| u.lessons.iter().any(|l| l.id == second.id));
        assert_eq!(Some(next.unit), unit);
        // Every lesson done: no next lesson.
        let all = card_of_all(&course);
        assert_eq!((all.lessons_done, all.next_lesson), (total, None));
    }

    fn card_of_all(course: &Course) -> GameCardProgress {
        card(course, |_| true)
    }

    #[test]
    fn a_streak_counts_days_with_a_lesson_a_puzzle_or_a_game() {
        let (_dir, s, kid) = store_with_child();
        let china = 480;
        assert_eq!(s.streak(kid, noon(10), china).unwrap(), Streak::default());
        // Day 7: a lesson; day 8: a puzzle; day 9: a game.
        s.record_lesson(kid, &lesson("xq-intro", true, noon(7))).unwrap();
        let puzzle = PuzzleAttempt {
            puzzle_id: "xq-intro/2".into(),
            solved: true,
            hints: 0,
            time_ms: 500,
            at: noon(8),
        };
        s.record_puzzle(kid, &puzzle).unwrap();
        let game = GameRecord {
            id: 9,
            kind: GameKind::Xiangqi,
            ai_level: Some(1),
            side: Side::First,
            outcome: None,
            moves: Vec::new(),
            started: noon(9),
            ended: noon(9),
        };
        s.record_game(kid, &game).unwrap();
        // Day 10, nothing yet: yesterday's streak stands.
        assert_eq!(
            s.streak(kid, noon(10), china).unwrap(),
            Streak { days: 3, active_today: false }
        );
        // On day 9 itself it is today's.
        assert_eq!(s.streak(kid, noon(9), china).unwrap(), Streak { days: 3, active_today: true });
        // A day missed breaks it.
        assert_eq!(s.streak(kid, noon(11), china).unwrap(), Streak::default());
        s.record_lesson(kid, &lesson("xq-other", false, noon(11))).unwrap();
        assert_eq!(s.streak(kid, noon(11), china).unwrap(), Streak { days: 1, active_today: true });
    }

    #[test]
    fn days_turn_at_local_midnight() {
        // 23:30 and 00:30 in China are two days, though both are the same UTC day.
        let late = Timestamp(5 * DAY + 15 * 3_600_000 + 1_800_000);
        let early = Timestamp(late.0 + 3_600_000);
        assert_eq!(streak([late, early], early, 480), Streak { days: 2, active_today: true });
        assert_eq!(streak([late, early], early, 0), Streak { days: 1, active_today: true });
        // Something from the future (a wrong clock) does not count.
        assert_eq!(streak([Timestamp(early.0 + 3 * DAY)], early, 480), Streak::default());
    }
}
