//! 四国军棋 in the store: the games a child played (their own tree: the four-seat game
//! has seats and teams where [`super::GameRecord`] has a side and one level), the home
//! card and progress line of the game, and the setups (布阵) a child saved by name.

use serde::{Deserialize, Serialize};

use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::ProfileId;
use super::records::{PlayerResult, check_text};
use super::store::{ProgressStore, scan};
use crate::junqi::{ArmySetup, Outcome, Seat, Visibility};
use crate::time::Timestamp;

/// The most setups one child keeps; saving another under a new name is refused.
pub const MAX_JUNQI_SETUPS: usize = 50;

/// The computer's highest 四国军棋 level.
const TOP_LEVEL: u8 = 5;

/// A 四国军棋 game a child played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JunqiGameRecord {
    /// Random, so games from different devices never collide.
    pub id: u64,
    /// Who sat where (south, east, north, west): `None` a person, `Some(level)` the
    /// computer at that level.
    pub seats: [Option<u8>; 4],
    /// The child's seat; the child's team is this seat and the one opposite.
    pub child_seat: Seat,
    pub visibility: Visibility,
    /// `None` if the game was left unfinished.
    pub outcome: Option<Outcome>,
    /// The result for the child's team.
    pub result: PlayerResult,
    pub moves: u32,
    pub started: Timestamp,
    pub ended: Timestamp,
}

impl JunqiGameRecord {
    /// The level the child beat in a won game: the lower level of the computers on the
    /// other team (both were beaten); `None` if the game was not won or no computer sat
    /// on the other team.
    pub fn level_beaten(&self) -> Option<u8> {
        if self.result != PlayerResult::Won {
            return None;
        }
        self.opponent_level()
    }

    /// The lower level of the computers on the other team; `None` if only people sat
    /// there.
    pub fn opponent_level(&self) -> Option<u8> {
        let opponents = [self.child_seat.next(), self.child_seat.next().partner()];
        opponents.iter().filter_map(|s| self.seats[s.index()]).min()
    }
}

/// What the home card and the progress screen show for 四国军棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JunqiCard {
    /// Finished games.
    pub played: usize,
    pub won: usize,
    pub drawn: usize,
    pub lost: usize,
    /// The highest [`JunqiGameRecord::level_beaten`], if any.
    pub best_level_beaten: Option<u8>,
    /// When the last game (finished or not) ended.
    pub last_played: Option<Timestamp>,
}

impl JunqiCard {
    /// The card from a child's games.
    pub fn from_games(games: &[JunqiGameRecord]) -> JunqiCard {
        let mut card = JunqiCard::default();
        for g in games {
            match g.result {
                PlayerResult::Won => card.won += 1,
                PlayerResult::Drew => card.drawn += 1,
                PlayerResult::Lost => card.lost += 1,
                PlayerResult::Unfinished => {}
            }
            card.best_level_beaten = card.best_level_beaten.max(g.level_beaten());
            card.last_played = card.last_played.max(Some(g.ended));
        }
        card.played = card.won + card.drawn + card.lost;
        card
    }
}

/// A saved setup as stored: the text form and the order it was saved in.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredSetup {
    setup: String,
    /// Larger for a later save (sled's monotonic ids).
    order: u64,
}

pub(super) fn check_junqi_game(g: &JunqiGameRecord) -> Result<(), StoreError> {
    if let Some(level) = g.seats.iter().flatten().find(|l| !(1..=TOP_LEVEL).contains(*l)) {
        return Err(StoreError::Invalid {
            field: "junqi level",
            reason: format!("{level} is not 1–{TOP_LEVEL}"),
        });
    }
    if g.seats[g.child_seat.index()].is_some() {
        return Err(StoreError::Invalid {
            field: "child seat",
            reason: "the child's seat is marked as the computer's".into(),
        });
    }
    if g.outcome.is_none() != (g.result == PlayerResult::Unfinished) {
        return Err(StoreError::Invalid {
            field: "result",
            reason: "the result and the outcome disagree".into(),
        });
    }
    if g.ended < g.started {
        return Err(StoreError::Invalid { field: "end time", reason: "before the start".into() });
    }
    Ok(())
}

/// `profile ‖ start time ‖ id`, so a profile's games scan in time order.
pub(super) fn junqi_game_key(profile: ProfileId, g: &JunqiGameRecord) -> Vec<u8> {
    let mut rest = Vec::with_capacity(16);
    rest.extend_from_slice(&((g.started.0 as u64) ^ (1 << 63)).to_be_bytes());
    rest.extend_from_slice(&g.id.to_be_bytes());
    profile_key(profile, &rest)
}

impl ProgressStore {
    /// Saves a 四国军棋 game; durable when this returns. An id already recorded is
    /// refused.
    pub fn record_junqi_game(
        &self,
        profile: ProfileId,
        game: &JunqiGameRecord,
    ) -> Result<(), StoreError> {
        check_junqi_game(game)?;
        self.profile(profile)?;
        let key = junqi_game_key(profile, game);
        let value = encode(game)?;
        self.with(|i, d| {
            let old = i.t.junqi_games.compare_and_swap(&key, None::<&[u8]>, Some(value));
            match old.map_err(|e| StoreError::from_sled(d, e))? {
                Ok(()) => i.sync(d),
                Err(_) => Err(StoreError::Invalid {
                    field: "game id",
                    reason: format!("game {} is already recorded", game.id),
                }),
            }
        })
    }

    /// A profile's 四国军棋 games, oldest first.
    pub fn junqi_games(&self, profile: ProfileId) -> Result<Vec<JunqiGameRecord>, StoreError> {
        self.with(|i, d| scan(&i.t.junqi_games, &profile.to_bytes(), d, "junqi game record"))
    }

    /// The 四国军棋 card of a child: games played and won, the best level beaten.
    pub fn junqi_card(&self, profile: ProfileId) -> Result<JunqiCard, StoreError> {
        Ok(JunqiCard::from_games(&self.junqi_games(profile)?))
    }

    /// Saves `setup` under `name` (replacing one of that name); durable when this
    /// returns. A setup that breaks a rule is refused with the reason
    /// ([`StoreError::JunqiSetup`]).
    pub fn save_junqi_setup(
        &self,
        profile: ProfileId,
        name: &str,
        setup: &ArmySetup,
    ) -> Result<(), StoreError> {
        check_text("setup name", name, false)?;
        setup.validate(Seat::South).map_err(StoreError::JunqiSetup)?;
        self.profile(profile)?;
        let key = profile_key(profile, name.as_bytes());
        self.with(|i, d| {
            let sled_err = |e| StoreError::from_sled(d, e);
            let exists = i.t.junqi_setups.contains_key(&key).map_err(sled_err)?;
            if !exists
                && i.t.junqi_setups.scan_prefix(profile.to_bytes()).count() >= MAX_JUNQI_SETUPS
            {
                return Err(StoreError::Invalid {
                    field: "setup name",
                    reason: format!("at most {MAX_JUNQI_SETUPS} setups are kept; delete one first"),
                });
            }
            let order = i.db.generate_id().map_err(sled_err)?;
            let value = encode(&StoredSetup { setup: setup.to_string(), order })?;
            i.t.junqi_setups.insert(key, value).map_err(sled_err)?;
            i.sync(d)
        })
    }

    fn stored_setups(&self, profile: ProfileId) -> Result<Vec<(String, StoredSetup)>, StoreError> {
        self.with(|i, d| {
            let mut out = Vec::new();
            for kv in i.t.junqi_setups.scan_prefix(profile.to_bytes()) {
                let (k, v) = kv.map_err(|e| StoreError::from_sled(d, e))?;
                let name = String::from_utf8_lossy(k.get(16..).unwrap_or_default()).into_owned();
                out.push((name, decode::<StoredSetup>("junqi setup", &v)?));
            }
            Ok(out)
        })
    }

    fn read_setup(name: String, stored: StoredSetup) -> Result<(String, ArmySetup), StoreError> {
        let setup = ArmySetup::parse(&stored.setup).map_err(|e| StoreError::BadRecord {
            what: "junqi setup",
            detail: format!("'{name}': {e}"),
        })?;
        Ok((name, setup))
    }

    /// A child's saved setups by name (in the order of the names' bytes).
    pub fn junqi_setups(&self, profile: ProfileId) -> Result<Vec<(String, ArmySetup)>, StoreError> {
        self.stored_setups(profile)?.into_iter().map(|(n, s)| Self::read_setup(n, s)).collect()
    }

    /// The setup saved most recently, with its name.
    pub fn last_junqi_setup(
        &self,
        profile: ProfileId,
    ) -> Result<Option<(String, ArmySetup)>, StoreError> {
        let last = self.stored_setups(profile)?.into_iter().max_by_key(|(_, s)| s.order);
        last.map(|(n, s)| Self::read_setup(n, s)).transpose()
    }

    /// Forgets the setup `name`; whether there was one. Durable when this returns.
    pub fn delete_junqi_setup(&self, profile: ProfileId, name: &str) -> Result<bool, StoreError> {
        let key = profile_key(profile, name.as_bytes());
        self.with(|i, d| {
            let old = i.t.junqi_setups.remove(key).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)?;
            Ok(old.is_some())
        })
    }
}
