//! More of the progress store: puzzle records, the per-game ratings behind the suggested
//! level, one lesson's record, and moving a damaged store aside.

use qike_core::GameKind;
use qike_core::progress::{
    self, LessonRecord, PuzzleAttempt, PuzzleRecord, SkillRating, Timestamp,
};

use crate::error::StoreError;
use crate::progress::{ProgressStore, profile_id};

#[uniffi::remote(Record)]
pub struct PuzzleAttempt {
    pub puzzle_id: String,
    pub solved: bool,
    pub hints: u32,
    pub time_ms: u64,
    pub at: Timestamp,
}

#[uniffi::remote(Record)]
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

/// A rating and the game it is kept for: one per game, per Go board size and per
/// gomoku rule (`xiangqi`, `chess`, `go9`, `gomoku-renju`, …).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameRating {
    pub game: String,
    pub rating: SkillRating,
}

/// Renames a store's folder that cannot be opened (damaged) to
/// `<path>.damaged-<time>` so that a fresh store can be opened at `path`; returns where
/// the old files now are. Nothing is deleted. Close every handle on it first.
#[uniffi::export]
pub fn move_store_aside(path: String) -> Result<String, StoreError> {
    if !std::path::Path::new(&path).is_dir() {
        return Err(StoreError::NotAFolder(format!("'{path}' is not a folder")));
    }
    Ok(progress::ProgressStore::move_aside(&path)?.display().to_string())
}

/// The name a game's rating is kept under (as in [`GameRating::game`]).
#[uniffi::export]
pub fn rating_key(kind: GameKind) -> String {
    progress::rating_key(kind)
}

#[uniffi::export]
impl ProgressStore {
    /// Adds one go at a puzzle; the puzzle's record after it.
    pub fn record_puzzle(
        &self,
        profile: String,
        attempt: PuzzleAttempt,
    ) -> Result<PuzzleRecord, StoreError> {
        Ok(self.inner().record_puzzle(profile_id(&profile)?, &attempt)?)
    }

    pub fn puzzle_records(&self, profile: String) -> Result<Vec<PuzzleRecord>, StoreError> {
        Ok(self.inner().puzzle_records(profile_id(&profile)?)?)
    }

    /// One lesson's record, if the child has opened the lesson.
    pub fn lesson_record(
        &self,
        profile: String,
        lesson_id: String,
    ) -> Result<Option<LessonRecord>, StoreError> {
        Ok(self.inner().lesson_record(profile_id(&profile)?, &lesson_id)?)
    }

    /// The child's rating in a game (a newcomer's if they have not played it rated).
    pub fn rating(&self, profile: String, kind: GameKind) -> Result<SkillRating, StoreError> {
        Ok(self.inner().rating(profile_id(&profile)?, kind)?)
    }

    /// Every rating the child has, with the game it is for.
    pub fn ratings(&self, profile: String) -> Result<Vec<GameRating>, StoreError> {
        let all = self.inner().ratings(profile_id(&profile)?)?;
        Ok(all.into_iter().map(|(game, rating)| GameRating { game, rating }).collect())
    }

    /// The version of the store's layout (older stores are migrated when opened).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        Ok(self.inner().schema_version()?)
    }

    /// The folder this store is in.
    pub fn path(&self) -> String {
        self.inner().dir().display().to_string()
    }
}
