//! The saved form of a game in progress: text only, versioned, checked move by move on
//! resume. Version 1 was xiangqi only; it is still read.

use serde::{Deserialize, Serialize};

use crate::game::{Outcome, Side};
use crate::games::GameSetup;
use crate::progress::Timestamp;

use super::SavedClock;

/// The version [`SavedGame`] is written in; a newer one is refused rather than misread.
pub const SAVE_VERSION: u32 = 2;

/// A game as the store keeps it in a draft slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    pub setup: GameSetup,
    /// The moves after the setup's own, as [`crate::MoveInput::encode`] writes them.
    pub moves: Vec<String>,
    /// The child's side against the engine; the side at the bottom for two players.
    pub player: Side,
    /// The engine's level, `None` for two players on one device.
    pub level: Option<u8>,
    pub seed: u64,
    pub started: Timestamp,
    /// Set when the game ended by resignation or agreement (the rules decide the rest).
    #[serde(default)]
    pub ended_by_agreement: Option<Outcome>,
    #[serde(default)]
    pub draw_declined_at: Option<usize>,
    /// Go, after two passes: the stones marked dead, and whether the count was agreed.
    #[serde(default)]
    pub dead: Vec<String>,
    #[serde(default)]
    pub count_agreed: bool,
    /// The clocks of a game played on time; `None` (and absent in older saves) for a
    /// game without a clock.
    #[serde(default)]
    pub clock: Option<SavedClock>,
}

/// Version 1: a xiangqi game against the engine, as the first app saved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedXiangqiV1 {
    pub version: u32,
    pub start_fen: String,
    /// ICCS, e.g. `h2e2`.
    pub moves: Vec<String>,
    pub player: Side,
    pub level: u8,
    pub seed: u64,
    pub started: Timestamp,
    #[serde(default)]
    pub ended_by_agreement: Option<Outcome>,
    #[serde(default)]
    pub draw_declined_at: Option<usize>,
}

impl From<SavedXiangqiV1> for SavedGame {
    fn from(v1: SavedXiangqiV1) -> SavedGame {
        SavedGame {
            version: SAVE_VERSION,
            setup: GameSetup::Xiangqi { fen: v1.start_fen },
            moves: v1.moves,
            player: v1.player,
            level: Some(v1.level),
            seed: v1.seed,
            started: v1.started,
            ended_by_agreement: v1.ended_by_agreement,
            draw_declined_at: v1.draw_declined_at,
            dead: Vec::new(),
            count_agreed: false,
            clock: None,
        }
    }
}
