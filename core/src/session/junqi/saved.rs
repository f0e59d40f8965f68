//! The saved form of a 四国军棋 game in progress: text only (serde JSON, as
//! [`crate::session::SavedGame`]), versioned, replayed event by event on resume. The
//! computer players are made anew from the seed and choose again at each of their
//! turns in the replay, so a resumed game continues exactly as the saved one would.

use serde::{Deserialize, Serialize};

use crate::junqi::{ArmySetup, Move, Seat, Station, Visibility};
use crate::progress::Timestamp;

use super::{Event, JunqiConfigError, JunqiGame, JunqiTableConfig, SeatPlayer};

/// The version [`SavedJunqiGame`] is written in; a newer one is refused rather than
/// misread.
pub const JUNQI_SAVE_VERSION: u32 = 1;

/// A 四国军棋 game as the store keeps it in a draft slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedJunqiGame {
    pub version: u32,
    pub seats: [SeatPlayer; 4],
    pub child_seat: Seat,
    pub visibility: Visibility,
    /// The four setups played (random ones as drawn), in the setup text form.
    pub setups: [String; 4],
    pub seed: u64,
    #[serde(default)]
    pub demo: bool,
    pub started: Timestamp,
    /// Moves as `S1.3-S2.3` (station codes), resignations as `resign S`.
    pub events: Vec<String>,
    /// The person whose eyes the screen showed last.
    #[serde(default)]
    pub shown: Option<Seat>,
}

/// Why a saved game cannot be resumed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JunqiResumeError {
    #[error("the saved game is not readable: {0}")]
    Malformed(String),
    #[error("the saved game is from a newer version ({0}) of the app")]
    FutureVersion(u32),
    #[error("the saved game's table is not valid: {0}")]
    Table(#[from] JunqiConfigError),
    #[error("event {index} of the saved game ('{text}') cannot be played there")]
    BadEvent { index: usize, text: String },
}

fn event_text(event: Event) -> String {
    match event {
        Event::Move(m) => format!("{}-{}", m.from.code(), m.to.code()),
        Event::Resign(seat) => format!("resign {}", seat.letter()),
    }
}

fn parse_event(text: &str) -> Option<Event> {
    if let Some(seat) = text.strip_prefix("resign ") {
        let mut chars = seat.chars();
        let seat = Seat::from_letter(chars.next()?)?;
        return chars.next().is_none().then_some(Event::Resign(seat));
    }
    let (from, to) = text.split_once('-')?;
    Some(Event::Move(Move { from: Station::parse_code(from)?, to: Station::parse_code(to)? }))
}

impl JunqiGame {
    /// The saved form: enough to resume where the game stands now (a computer's
    /// choice under way is not kept; it chooses again after the resume).
    pub fn to_saved(&self) -> SavedJunqiGame {
        SavedJunqiGame {
            version: JUNQI_SAVE_VERSION,
            seats: self.config.seats,
            child_seat: self.config.child_seat,
            visibility: self.config.visibility,
            setups: std::array::from_fn(|i| self.setup.armies[i].to_string()),
            seed: self.config.seed,
            demo: self.demo,
            started: self.started,
            events: self.events.iter().map(|e| event_text(*e)).collect(),
            shown: self.shown,
        }
    }

    /// The saved form as bytes for [`crate::progress::ProgressStore::save_draft`].
    pub fn save_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(&self.to_saved()).unwrap_or_default()
    }

    /// Resumes a saved game: the table is checked and every event replayed.
    pub fn from_saved(saved: &SavedJunqiGame) -> Result<JunqiGame, JunqiResumeError> {
        if saved.version > JUNQI_SAVE_VERSION {
            return Err(JunqiResumeError::FutureVersion(saved.version));
        }
        let mut setups: [Option<ArmySetup>; 4] = Default::default();
        for seat in Seat::ALL {
            let text = &saved.setups[seat.index()];
            let setup = ArmySetup::parse(text).map_err(|e| {
                JunqiResumeError::Malformed(format!("the {seat} setup '{text}': {e}"))
            })?;
            setups[seat.index()] = Some(setup);
        }
        let config = JunqiTableConfig {
            seats: saved.seats,
            child_seat: saved.child_seat,
            visibility: saved.visibility,
            setups,
            seed: saved.seed,
        };
        let mut game = JunqiGame::build(config, saved.demo, saved.started)?;
        for (index, text) in saved.events.iter().enumerate() {
            let bad = || JunqiResumeError::BadEvent { index, text: text.clone() };
            let event = parse_event(text).ok_or_else(bad)?;
            let seat = match event {
                Event::Move(_) => game.turn(),
                Event::Resign(seat) if game.is_person(seat) => seat,
                Event::Resign(_) => return Err(bad()),
            };
            if let Event::Move(_) = event
                && game.is_computer_turn()
            {
                // The player chooses as it did, so that it goes on as it would have.
                game.computers.choose_now(&game.referee, seat);
            }
            game.apply(event, seat).map_err(|_| bad())?;
        }
        game.shown = saved.shown;
        Ok(game)
    }

    /// Resumes from [`JunqiGame::save_bytes`].
    pub fn resume_bytes(bytes: &[u8]) -> Result<JunqiGame, JunqiResumeError> {
        let saved: SavedJunqiGame = serde_json::from_slice(bytes)
            .map_err(|e| JunqiResumeError::Malformed(e.to_string()))?;
        JunqiGame::from_saved(&saved)
    }
}
