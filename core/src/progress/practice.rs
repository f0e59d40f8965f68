//! The practice log of each child and game: puzzle rating and review states (see
//! [`crate::curriculum::practice`]), one JSON value per profile and game.

use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::ProfileId;
use super::records::LessonStatus;
use super::store::{ProgressStore, rating_key};
use crate::GameKind;
use crate::curriculum::Course;
use crate::curriculum::practice::{Pick, PickReason, PracticeItem, PracticeLog, TARGET_SUCCESS};
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
    /// most `size` puzzles: every game's due reviews first, the longest overdue first,
    /// then the new puzzles whose chance is nearest the target.
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
        let mut reviews = Vec::new();
        let mut fresh = Vec::new();
        let mut ratings = Vec::new();
        for course in courses {
            let finished: Vec<&str> =
                course.lessons().map(|l| l.id.as_str()).filter(|id| done(id)).collect();
            if finished.is_empty() {
                continue;
            }
            let items = crate::curriculum::practice::practice_items(course, &finished);
            let log = self.practice_log(profile, course.game)?;
            ratings.push((course.game, log.rating.rating));
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
                }
            }
        }
        reviews.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.item.id.cmp(&b.1.item.id)));
        let off = |p: &DailyPuzzle| (p.pick.chance - TARGET_SUCCESS).abs();
        fresh.sort_by(|a, b| off(a).total_cmp(&off(b)).then_with(|| a.item.id.cmp(&b.item.id)));
        let puzzles = reviews.into_iter().map(|(_, p)| p).chain(fresh).take(size).collect();
        Ok(DailyPractice { puzzles, ratings })
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
        self.with(|i, d| {
            i.t.practice.insert(key, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })?;
        Ok(log)
    }
}
