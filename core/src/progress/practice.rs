//! The practice log of each child and game: puzzle rating and review states (see
//! [`crate::curriculum::practice`]), one JSON value per profile and game.

use super::classes::AssignmentItem;
use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::ProfileId;
use super::records::PuzzleAttempt;
use super::records::{LessonStatus, PuzzleRecord};
use super::store::{ProgressStore, rating_key};
use crate::GameKind;
use crate::curriculum::Course;
use crate::curriculum::practice::{
    Pick, PickReason, PracticeItem, PracticeLog, TARGET_SUCCESS, spread_over_lessons,
    success_chance,
};
use crate::time::Timestamp;

/// One puzzle of a day's practice: its game, where it comes from and why it was picked.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyPuzzle {
    pub kind: GameKind,
    pub item: PracticeItem,
    pub pick: Pick,
}

/// Today's practice across games: the puzzles in the order to play them, and the
/// puzzle rating of each game the set draws on.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyPractice {
    pub puzzles: Vec<DailyPuzzle>,
    pub ratings: Vec<(GameKind, f64)>,
}

impl ProgressStore {
    /// Today's practice for `profile` over every course it has finished lessons in, at
    /// most `size` puzzles: the homework puzzles of its classes not solved yet (the
    /// soonest due first, from any lesson of `courses`), then every game's due reviews,
    /// the longest overdue first, then the new puzzles whose chance is nearest the
    /// target, one from each lesson before a second from any.
    pub fn daily_practice(
        &self,
        profile: ProfileId,
        courses: &[Course],
        now: Timestamp,
        size: usize,
    ) -> Result<DailyPractice, StoreError> {
        let records = self.lesson_records(profile)?;
        let done = |id: &str| {
            records.iter().any(|r| r.lesson_id == id && r.status == LessonStatus::Completed)
        };
        let homework = self.homework_puzzles(profile, courses, now)?;
        let mut reviews = Vec::new();
        let mut fresh = Vec::new();
        let mut ratings = Vec::new();
        for course in courses {
            if homework.iter().any(|p| p.kind == course.game)
                && !ratings.iter().any(|(k, _)| *k == course.game)
            {
                ratings.push((course.game, self.practice_log(profile, course.game)?.rating.rating));
            }
            let finished: Vec<&str> =
                course.lessons().map(|l| l.id.as_str()).filter(|id| done(id)).collect();
            if finished.is_empty() {
                continue;
            }
            let items = crate::curriculum::practice::practice_items(course, &finished);
            let log = self.practice_log(profile, course.game)?;
            if !ratings.iter().any(|(k, _)| *k == course.game) {
                ratings.push((course.game, log.rating.rating));
            }
            for pick in log.daily_set(&items, now, size) {
                let Some(item) = items.iter().find(|it| it.id == pick.id).cloned() else {
                    continue;
                };
                let puzzle = DailyPuzzle { kind: course.game, item, pick };
                match puzzle.pick.reason {
                    PickReason::Review => {
                        let due = log.reviews.get(&puzzle.item.id).and_then(|r| r.due);
                        reviews.push((due, puzzle));
                    }
                    PickReason::New => fresh.push(puzzle),
                    PickReason::Homework => {}
                }
            }
        }
        reviews.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.item.id.cmp(&b.1.item.id)));
        let off = |p: &DailyPuzzle| (p.pick.chance - TARGET_SUCCESS).abs();
        fresh.sort_by(|a, b| off(a).total_cmp(&off(b)).then_with(|| a.item.id.cmp(&b.item.id)));
        let fresh = spread_over_lessons(fresh, |p| &p.item.lesson_id, size);
        let puzzles = homework
            .into_iter()
            .chain(reviews.into_iter().map(|(_, p)| p))
            .chain(fresh)
            .fold(Vec::<DailyPuzzle>::new(), |mut set, p| {
                if !set.iter().any(|q| q.item.id == p.item.id) {
                    set.push(p);
                }
                set
            })
            .into_iter()
            .take(size)
            .collect();
        Ok(DailyPractice { puzzles, ratings })
    }

    /// The puzzles of the child's homework (open, late or missing) not solved yet, the
    /// soonest due first, each found in the course of its game.
    fn homework_puzzles(
        &self,
        profile: ProfileId,
        courses: &[Course],
        now: Timestamp,
    ) -> Result<Vec<DailyPuzzle>, StoreError> {
        let solved = self.puzzle_records(profile)?;
        let mut out: Vec<DailyPuzzle> = Vec::new();
        for a in self.pupil_assignments(profile, now)? {
            for item in &a.assignment.items {
                let AssignmentItem::Puzzle(id) = item else { continue };
                if solved.iter().any(|r| &r.puzzle_id == id && r.solved())
                    || out.iter().any(|p| &p.item.id == id)
                {
                    continue;
                }
                let lesson = id.split('/').next().unwrap_or_default();
                for course in courses {
                    let items = crate::curriculum::practice::practice_items(course, &[lesson]);
                    let Some(item) = items.into_iter().find(|it| &it.id == id) else { continue };
                    let log = self.practice_log(profile, course.game)?;
                    let chance = success_chance(log.rating.rating, item.difficulty);
                    let pick = Pick { id: item.id.clone(), reason: PickReason::Homework, chance };
                    out.push(DailyPuzzle { kind: course.game, item, pick });
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The child's practice log in a game (empty, with a newcomer's rating, at first).
    pub fn practice_log(
        &self,
        profile: ProfileId,
        kind: GameKind,
    ) -> Result<PracticeLog, StoreError> {
        let key = profile_key(profile, rating_key(kind).as_bytes());
        self.with(|i, d| {
            let v = i.t.practice.get(key).map_err(|e| StoreError::from_sled(d, e))?;
            Ok(v.map(|v| decode("practice log", &v)).transpose()?.unwrap_or_default())
        })
    }

    /// Records one practice try at a puzzle of `difficulty` and returns the new log.
    pub fn record_practice(
        &self,
        profile: ProfileId,
        kind: GameKind,
        puzzle_id: &str,
        difficulty: f64,
        solved: bool,
        at: Timestamp,
    ) -> Result<PracticeLog, StoreError> {
        if puzzle_id.trim().is_empty() || puzzle_id.len() > 200 {
            return Err(StoreError::Invalid {
                field: "puzzle id",
                reason: "must be 1 to 200 bytes".into(),
            });
        }
        if !difficulty.is_finite() {
            return Err(StoreError::Invalid {
                field: "difficulty",
                reason: "must be a finite number".into(),
            });
        }
        self.profile(profile)?;
        let mut log = self.practice_log(profile, kind)?;
        log.record(puzzle_id, difficulty, solved, at);
        let key = profile_key(profile, rating_key(kind).as_bytes());
        let value = encode(&log)?;
        // The puzzle's own record too, in the same write: homework and the class
        // report read it.
        let puzzle_key = profile_key(profile, puzzle_id.as_bytes());
        let attempt =
            PuzzleAttempt { puzzle_id: puzzle_id.to_owned(), solved, hints: 0, time_ms: 0, at };
        self.with(|i, d| {
            let old = i.t.puzzles.get(&puzzle_key).map_err(|e| StoreError::from_sled(d, e))?;
            let mut rec = match old {
                Some(v) => decode::<PuzzleRecord>("puzzle record", &v)?,
                None => PuzzleRecord::new(puzzle_id),
            };
            rec.apply(&attempt);
            i.t.practice.insert(key, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.t.puzzles
                .insert(puzzle_key, encode(&rec)?)
                .map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })?;
        Ok(log)
    }
}
