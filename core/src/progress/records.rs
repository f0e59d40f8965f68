//! What the store keeps about a child: profiles, lesson, puzzle and game records.
//!
//! Every record is a serde struct stored as a JSON object keyed by field name, so a later
//! version may add fields (with `#[serde(default)]`) and an older app reading a newer
//! value skips what it does not know. Records only grow (counters up, best results up),
//! which is what lets class reports merge in any order: see [`LessonRecord::merge`].

use serde::{Deserialize, Serialize};

use super::error::StoreError;
use super::ids::ProfileId;
use crate::time::Timestamp;
use crate::{GameKind, Outcome, Side};

/// Longest lesson, puzzle or display-name text the store accepts, in bytes.
pub const MAX_TEXT: usize = 256;
/// Most moves a game record may hold.
pub const MAX_MOVES: usize = 1_000;
/// The most time one lesson or puzzle record may count, over all its attempts: a
/// thousand hours. Imported records are cut down to it, so class-wide sums of any
/// number of records stay far from overflowing.
pub const MAX_RECORD_TIME_MS: u64 = 1_000 * 3_600_000;
/// The largest attempt, mistake, hint or solve count an imported record keeps.
pub const MAX_RECORD_COUNT: u32 = 1_000_000;

/// Who uses a profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Role {
    #[default]
    Student,
    Teacher,
}

/// One person on this device. Several children may share a phone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    pub id: ProfileId,
    pub display_name: String,
    /// A name from the app's avatar set.
    #[serde(default)]
    pub avatar: String,
    /// A BCP 47 tag such as `zh-CN` or `en`.
    #[serde(default = "default_language")]
    pub language: String,
    #[serde(default)]
    pub role: Role,
    pub created: Timestamp,
}

pub(crate) fn default_language() -> String {
    "zh-CN".to_owned()
}

/// What the app supplies to create a profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProfile {
    pub display_name: String,
    pub avatar: String,
    pub language: String,
    pub role: Role,
}

/// How far a child got with a lesson. Ordered: a later status never goes back.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
pub enum LessonStatus {
    #[default]
    NotStarted,
    InProgress,
    Completed,
}

/// One go at a lesson, as the lesson runner reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonAttempt {
    pub lesson_id: String,
    /// Version of the lesson content the attempt used.
    pub content_version: u32,
    pub completed: bool,
    /// 0–3.
    pub stars: u8,
    pub mistakes: u32,
    pub hints: u32,
    pub time_ms: u64,
    pub at: Timestamp,
}

impl LessonAttempt {
    /// The attempt a lesson run's `result` records, at `at`: `completed` when the run
    /// reached its end, with the shipped content's version.
    pub fn from_result(
        result: &crate::curriculum::LessonResult,
        completed: bool,
        at: Timestamp,
    ) -> LessonAttempt {
        LessonAttempt {
            lesson_id: result.lesson_id.clone(),
            content_version: crate::curriculum::CONTENT_VERSION,
            completed,
            stars: result.stars,
            mistakes: result.mistakes,
            hints: result.hints,
            time_ms: result.elapsed_ms,
            at,
        }
    }
}

/// Everything about one lesson for one profile. Counters are totals over attempts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonRecord {
    pub lesson_id: String,
    pub status: LessonStatus,
    pub best_stars: u8,
    pub attempts: u32,
    pub mistakes: u32,
    pub hints: u32,
    pub time_ms: u64,
    pub first_completed: Option<Timestamp>,
    pub last_completed: Option<Timestamp>,
    pub last_activity: Timestamp,
    pub content_version: u32,
}

impl LessonRecord {
    pub fn new(lesson_id: &str) -> LessonRecord {
        LessonRecord {
            lesson_id: lesson_id.to_owned(),
            status: LessonStatus::NotStarted,
            best_stars: 0,
            attempts: 0,
            mistakes: 0,
            hints: 0,
            time_ms: 0,
            first_completed: None,
            last_completed: None,
            last_activity: Timestamp(i64::MIN),
            content_version: 0,
        }
    }

    /// Adds one attempt.
    pub fn apply(&mut self, a: &LessonAttempt) {
        self.attempts = self.attempts.saturating_add(1);
        self.mistakes = self.mistakes.saturating_add(a.mistakes);
        self.hints = self.hints.saturating_add(a.hints);
        self.time_ms = self.time_ms.saturating_add(a.time_ms);
        self.last_activity = self.last_activity.max(a.at);
        self.content_version = self.content_version.max(a.content_version);
        if a.completed {
            self.status = LessonStatus::Completed;
            self.best_stars = self.best_stars.max(a.stars.min(3));
            self.first_completed = Some(self.first_completed.map_or(a.at, |t| t.min(a.at)));
            self.last_completed = Some(self.last_completed.map_or(a.at, |t| t.max(a.at)));
        } else {
            self.status = self.status.max(LessonStatus::InProgress);
        }
    }

    /// Cuts every counter down to the bounds a real record stays within
    /// ([`MAX_RECORD_TIME_MS`], [`MAX_RECORD_COUNT`], 3 stars).
    pub fn bound(&mut self) {
        self.best_stars = self.best_stars.min(3);
        self.attempts = self.attempts.min(MAX_RECORD_COUNT);
        self.mistakes = self.mistakes.min(MAX_RECORD_COUNT);
        self.hints = self.hints.min(MAX_RECORD_COUNT);
        self.time_ms = self.time_ms.min(MAX_RECORD_TIME_MS);
    }

    /// Joins two views of the same lesson from the same child: each field takes the
    /// furthest value. Commutative, associative and idempotent, so reports can be
    /// merged in any order, any number of times.
    pub fn merge(&mut self, o: &LessonRecord) {
        self.status = self.status.max(o.status);
        self.best_stars = self.best_stars.max(o.best_stars);
        self.attempts = self.attempts.max(o.attempts);
        self.mistakes = self.mistakes.max(o.mistakes);
        self.hints = self.hints.max(o.hints);
        self.time_ms = self.time_ms.max(o.time_ms);
        self.first_completed = min_opt(self.first_completed, o.first_completed);
        self.last_completed = self.last_completed.max(o.last_completed);
        self.last_activity = self.last_activity.max(o.last_activity);
        self.content_version = self.content_version.max(o.content_version);
    }
}

fn min_opt(a: Option<Timestamp>, b: Option<Timestamp>) -> Option<Timestamp> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// One go at a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleAttempt {
    pub puzzle_id: String,
    pub solved: bool,
    pub hints: u32,
    pub time_ms: u64,
    pub at: Timestamp,
}

/// Everything about one puzzle for one profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    pub puzzle_id: String,
    pub attempts: u32,
    pub solves: u32,
    pub hints: u32,
    pub time_ms: u64,
    pub first_solved: Option<Timestamp>,
    pub best_time_ms: Option<u64>,
    pub last_activity: Timestamp,
}

impl PuzzleRecord {
    pub fn new(puzzle_id: &str) -> PuzzleRecord {
        PuzzleRecord {
            puzzle_id: puzzle_id.to_owned(),
            attempts: 0,
            solves: 0,
            hints: 0,
            time_ms: 0,
            first_solved: None,
            best_time_ms: None,
            last_activity: Timestamp(i64::MIN),
        }
    }

    pub fn solved(&self) -> bool {
        self.solves > 0
    }

    pub fn apply(&mut self, a: &PuzzleAttempt) {
        self.attempts = self.attempts.saturating_add(1);
        self.hints = self.hints.saturating_add(a.hints);
        self.time_ms = self.time_ms.saturating_add(a.time_ms);
        self.last_activity = self.last_activity.max(a.at);
        if a.solved {
            self.solves = self.solves.saturating_add(1);
            self.first_solved = min_opt(self.first_solved, Some(a.at));
            self.best_time_ms = Some(self.best_time_ms.map_or(a.time_ms, |t| t.min(a.time_ms)));
        }
    }

    /// Cuts every counter down to the bounds of [`LessonRecord::bound`].
    pub fn bound(&mut self) {
        self.attempts = self.attempts.min(MAX_RECORD_COUNT);
        self.solves = self.solves.min(MAX_RECORD_COUNT);
        self.hints = self.hints.min(MAX_RECORD_COUNT);
        self.time_ms = self.time_ms.min(MAX_RECORD_TIME_MS);
        self.best_time_ms = self.best_time_ms.map(|t| t.min(MAX_RECORD_TIME_MS));
    }

    /// Field-wise join, like [`LessonRecord::merge`].
    pub fn merge(&mut self, o: &PuzzleRecord) {
        self.attempts = self.attempts.max(o.attempts);
        self.solves = self.solves.max(o.solves);
        self.hints = self.hints.max(o.hints);
        self.time_ms = self.time_ms.max(o.time_ms);
        self.first_solved = min_opt(self.first_solved, o.first_solved);
        self.best_time_ms = match (self.best_time_ms, o.best_time_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, None) => a,
            (None, b) => b,
        };
        self.last_activity = self.last_activity.max(o.last_activity);
    }
}

/// A game a child played, against the AI or another person on the same device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Random, so games from different devices never collide.
    pub id: u64,
    pub kind: GameKind,
    /// The AI level (1–10) the child played, or `None` for a game between people.
    pub ai_level: Option<u8>,
    /// The side the child played.
    pub side: Side,
    /// `None` if the game was left unfinished.
    pub outcome: Option<Outcome>,
    /// The moves in the game's own notation (ICCS, SAN, GTP, …).
    pub moves: Vec<String>,
    pub started: Timestamp,
    pub ended: Timestamp,
}

/// The result of a game from the child's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerResult {
    Won,
    Drew,
    Lost,
    Unfinished,
}

impl GameRecord {
    pub fn result(&self) -> PlayerResult {
        match self.outcome {
            None => PlayerResult::Unfinished,
            Some(Outcome::Draw { .. }) => PlayerResult::Drew,
            Some(Outcome::Win { winner, .. }) if winner == self.side => PlayerResult::Won,
            Some(Outcome::Win { .. }) => PlayerResult::Lost,
        }
    }

    /// 1, ½ or 0 for the child; `None` for an unfinished game.
    pub fn score(&self) -> Option<f64> {
        match self.result() {
            PlayerResult::Won => Some(1.0),
            PlayerResult::Drew => Some(0.5),
            PlayerResult::Lost => Some(0.0),
            PlayerResult::Unfinished => None,
        }
    }
}

/// Rejects empty or overlong text.
pub(crate) fn check_text(
    field: &'static str,
    s: &str,
    allow_empty: bool,
) -> Result<(), StoreError> {
    if !allow_empty && s.trim().is_empty() {
        return Err(StoreError::Invalid { field, reason: "must not be empty".into() });
    }
    if s.len() > MAX_TEXT {
        return Err(StoreError::Invalid {
            field,
            reason: format!("is {} bytes, at most {MAX_TEXT} allowed", s.len()),
        });
    }
    Ok(())
}

/// Checks what the app hands in before it is stored.
pub(crate) fn check_lesson_attempt(a: &LessonAttempt) -> Result<(), StoreError> {
    check_text("lesson id", &a.lesson_id, false)?;
    if a.stars > 3 {
        return Err(StoreError::Invalid {
            field: "stars",
            reason: format!("{} is more than 3", a.stars),
        });
    }
    Ok(())
}

pub(crate) fn check_game(g: &GameRecord) -> Result<(), StoreError> {
    if let Some(l) = g.ai_level
        && !(1..=crate::rating::MAX_LEVEL).contains(&l)
    {
        return Err(StoreError::Invalid {
            field: "AI level", reason: format!("{l} is not 1–10")
        });
    }
    if g.moves.len() > MAX_MOVES {
        return Err(StoreError::Invalid {
            field: "moves",
            reason: format!("{} moves, at most {MAX_MOVES}", g.moves.len()),
        });
    }
    if let Some(m) = g.moves.iter().find(|m| m.len() > 16) {
        return Err(StoreError::Invalid { field: "move", reason: format!("'{m}' is too long") });
    }
    if g.ended < g.started {
        return Err(StoreError::Invalid { field: "end time", reason: "before the start".into() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(completed: bool, stars: u8, at: i64) -> LessonAttempt {
        LessonAttempt {
            lesson_id: "xq-1".into(),
            content_version: 1,
            completed,
            stars,
            mistakes: 2,
            hints: 1,
            time_ms: 1000,
            at: Timestamp(at),
        }
    }

    #[test]
    fn lesson_records_keep_the_best_and_count_everything() {
        let mut r = LessonRecord::new("xq-1");
        r.apply(&attempt(false, 0, 10));
        assert_eq!(r.status, LessonStatus::InProgress);
        r.apply(&attempt(true, 2, 20));
        r.apply(&attempt(true, 1, 30));
        assert_eq!(r.status, LessonStatus::Completed);
        assert_eq!(r.best_stars, 2);
        assert_eq!(r.attempts, 3);
        assert_eq!(r.mistakes, 6);
        assert_eq!(r.first_completed, Some(Timestamp(20)));
        assert_eq!(r.last_completed, Some(Timestamp(30)));
        r.apply(&attempt(false, 0, 40));
        assert_eq!(r.status, LessonStatus::Completed, "status never goes back");
    }
}
