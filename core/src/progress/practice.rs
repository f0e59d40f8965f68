//! The practice log of each child and game: puzzle rating and review states (see
//! [`crate::curriculum::practice`]), one JSON value per profile and game.

use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::{ProfileId, Timestamp};
use super::store::{ProgressStore, rating_key};
use crate::GameKind;
use crate::curriculum::practice::PracticeLog;

impl ProgressStore {
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
