//! 四国军棋 setups (布阵) and records: the core's [`SetupEditor`](core::SetupEditor) for
//! the 布阵 screen (a seat's 30 stations and a tray of the pieces not yet placed, edits
//! refused with the rule's reason), and the store's games, card and saved setups. A
//! setup crosses in its text form, lines 一线 to 底线 split by `/`, one glyph per
//! station (司 军 师 旅 团 营 连 排 工 炸 雷 旗, `.` for an empty one).

use std::sync::{Mutex, MutexGuard};

use qike_core::Text;
use qike_core::junqi::{ArmySetup, Outcome, Rank, Seat, Station, StationKind, Visibility};
use qike_core::progress::{self, PlayerResult, Timestamp};
use qike_core::session::junqi::{self as core, EditSelection};

use crate::error::{JunqiError, StoreError};
use crate::progress::{ProgressStore, profile_id};

#[uniffi::remote(Enum)]
pub enum EditSelection {
    Station { line: u8, column: u8 },
    Tray(Rank),
}

/// What a tap on the 布阵 board did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum JunqiEditTap {
    /// The piece there is picked up.
    Selected,
    /// The same station again: put down where it was.
    Deselected,
    /// The picked-up piece and this station's changed places (or it moved there).
    Swapped,
    /// The tray piece picked up now stands here (what stood here went to the tray).
    Placed { rank: Rank },
    /// Nothing picked up and an empty station.
    Ignored,
    /// The edit breaks a rule; why, in Chinese and English. What was picked up stays
    /// picked up.
    Refused { reason: Text },
}

impl From<core::EditTap> for JunqiEditTap {
    fn from(t: core::EditTap) -> Self {
        match t {
            core::EditTap::Selected => JunqiEditTap::Selected,
            core::EditTap::Deselected => JunqiEditTap::Deselected,
            core::EditTap::Swapped => JunqiEditTap::Swapped,
            core::EditTap::Placed(rank) => JunqiEditTap::Placed { rank },
            core::EditTap::Ignored => JunqiEditTap::Ignored,
            core::EditTap::Refused(r) => JunqiEditTap::Refused { reason: r.text() },
        }
    }
}

/// How many pieces of a rank are still in the tray.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct JunqiTrayCount {
    pub rank: Rank,
    pub count: u32,
}

/// One of the 30 stations of the army being set up.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiSetupCell {
    /// 1 = 一线 (the front) … 6 = 底线.
    pub line: u8,
    /// 1..=5 from the owner's left.
    pub column: u8,
    pub station: Station,
    pub kind: StationKind,
    pub rank: Option<Rank>,
}

/// A line and column of the army being set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct JunqiSetupSpot {
    pub line: u8,
    pub column: u8,
}

/// A seat's setup being edited on the 布阵 screen.
#[derive(Debug, uniffi::Object)]
pub struct JunqiSetupEditor {
    editor: Mutex<core::SetupEditor>,
}

impl JunqiSetupEditor {
    fn wrap(editor: core::SetupEditor) -> Self {
        JunqiSetupEditor { editor: Mutex::new(editor) }
    }

    fn state(&self) -> MutexGuard<'_, core::SetupEditor> {
        self.editor.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[uniffi::export]
impl JunqiSetupEditor {
    /// An empty board with the 25 pieces in the tray; `seat` names the stations in the
    /// refusals.
    #[uniffi::constructor]
    pub fn new(seat: Seat) -> Self {
        JunqiSetupEditor::wrap(core::SetupEditor::empty(seat))
    }

    /// A random legal setup from `seed`.
    #[uniffi::constructor]
    pub fn random(seat: Seat, seed: u64) -> Self {
        JunqiSetupEditor::wrap(core::SetupEditor::random(seat, seed))
    }

    /// Starts from a setup's text (complete or not); what it lacks is in the tray.
    #[uniffi::constructor]
    pub fn from_setup(seat: Seat, setup: String) -> Result<Self, JunqiError> {
        let setup = ArmySetup::parse(&setup)?;
        Ok(JunqiSetupEditor::wrap(core::SetupEditor::from_setup(seat, &setup)?))
    }

    pub fn seat(&self) -> Seat {
        self.state().seat()
    }

    /// The setup as it stands, as text (incomplete while the tray holds pieces).
    pub fn setup(&self) -> String {
        self.state().setup().to_string()
    }

    /// The 30 stations line by line from 一线, each with its rank if placed.
    pub fn cells(&self) -> Vec<JunqiSetupCell> {
        let editor = self.state();
        (1..=6)
            .flat_map(|line| (1..=5).map(move |column| (line, column)))
            .filter_map(|(line, column)| {
                let station = editor.station(line, column)?;
                let rank = editor.get(line, column);
                Some(JunqiSetupCell { line, column, station, kind: station.kind(), rank })
            })
            .collect()
    }

    /// The pieces not yet placed, strongest first.
    pub fn tray(&self) -> Vec<JunqiTrayCount> {
        let tray = self.state().tray();
        tray.into_iter()
            .map(|(rank, n)| JunqiTrayCount { rank, count: u32::try_from(n).unwrap_or(u32::MAX) })
            .collect()
    }

    /// Every piece is on the board.
    pub fn is_complete(&self) -> bool {
        self.state().is_complete()
    }

    /// All the setup rules, the counts included: the refusal of the first rule broken.
    pub fn validate(&self) -> Result<(), JunqiError> {
        Ok(self.state().validate()?)
    }

    /// Where `rank` may stand (to highlight while it is dragged).
    pub fn allowed(&self, rank: Rank) -> Vec<JunqiSetupSpot> {
        let spots = self.state().allowed(rank);
        spots.into_iter().map(|(line, column)| JunqiSetupSpot { line, column }).collect()
    }

    /// What is picked up for tap-tap.
    pub fn selected(&self) -> Option<EditSelection> {
        self.state().selected()
    }

    /// Replaces everything with a random legal setup from `seed`.
    pub fn randomize(&self, seed: u64) {
        self.state().randomize(seed);
    }

    /// Puts a piece of `rank` from the tray on a station; what stood there goes back to
    /// the tray.
    pub fn place(&self, rank: Rank, line: u8, column: u8) -> Result<(), JunqiError> {
        Ok(self.state().place(rank, line, column)?)
    }

    /// Takes the piece on a station back to the tray; its rank.
    pub fn take(&self, line: u8, column: u8) -> Result<Rank, JunqiError> {
        Ok(self.state().take(line, column)?)
    }

    /// Exchanges two stations' pieces (one may be empty: then the piece moves).
    pub fn swap(&self, a: JunqiSetupSpot, b: JunqiSetupSpot) -> Result<(), JunqiError> {
        Ok(self.state().swap((a.line, a.column), (b.line, b.column))?)
    }

    /// Picks up a piece of `rank` from the tray for the next tap; `false` if none is
    /// left.
    pub fn select_tray(&self, rank: Rank) -> bool {
        self.state().select_tray(rank)
    }

    /// Puts down whatever is picked up.
    pub fn deselect(&self) {
        self.state().deselect();
    }

    /// Tap-tap: picks up a station's piece, swaps it with the next station tapped, or
    /// places the tray piece picked up.
    pub fn tap(&self, line: u8, column: u8) -> JunqiEditTap {
        self.state().tap(line, column).into()
    }
}

/// A 四国军棋 game a child played.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiGameRecord {
    /// Random, so games from different devices never collide.
    pub id: u64,
    /// Four seats (south, east, north, west): `None` a person, else the computer's level.
    pub seats: Vec<Option<u8>>,
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

impl From<progress::JunqiGameRecord> for JunqiGameRecord {
    fn from(g: progress::JunqiGameRecord) -> Self {
        JunqiGameRecord {
            id: g.id,
            seats: g.seats.to_vec(),
            child_seat: g.child_seat,
            visibility: g.visibility,
            outcome: g.outcome,
            result: g.result,
            moves: g.moves,
            started: g.started,
            ended: g.ended,
        }
    }
}

impl TryFrom<JunqiGameRecord> for progress::JunqiGameRecord {
    type Error = StoreError;

    fn try_from(g: JunqiGameRecord) -> Result<Self, StoreError> {
        let seats = g.seats.try_into().map_err(|s: Vec<Option<u8>>| {
            StoreError::Invalid(format!("seats: a 四国军棋 game has 4 seats, not {}", s.len()))
        })?;
        Ok(progress::JunqiGameRecord {
            id: g.id,
            seats,
            child_seat: g.child_seat,
            visibility: g.visibility,
            outcome: g.outcome,
            result: g.result,
            moves: g.moves,
            started: g.started,
            ended: g.ended,
        })
    }
}

/// What the home card and the progress screen show for 四国军棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct JunqiCard {
    /// Finished games.
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// The highest level the child's team beat.
    pub best_level_beaten: Option<u8>,
    /// When the last game (finished or not) ended.
    pub last_played: Option<Timestamp>,
}

impl From<progress::JunqiCard> for JunqiCard {
    fn from(c: progress::JunqiCard) -> Self {
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        JunqiCard {
            played: count(c.played),
            won: count(c.won),
            drawn: count(c.drawn),
            lost: count(c.lost),
            best_level_beaten: c.best_level_beaten,
            last_played: c.last_played,
        }
    }
}

/// A setup a child saved, by name, as text.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SavedJunqiSetup {
    pub name: String,
    pub setup: String,
}

fn saved((name, setup): (String, ArmySetup)) -> SavedJunqiSetup {
    SavedJunqiSetup { name, setup: setup.to_string() }
}

#[uniffi::export]
impl ProgressStore {
    /// Saves a 四国军棋 game (from `JunqiGame::record`); an id already recorded is
    /// refused.
    pub fn record_junqi_game(
        &self,
        profile: String,
        game: JunqiGameRecord,
    ) -> Result<(), StoreError> {
        let profile = profile_id(&profile)?;
        Ok(self.inner().record_junqi_game(profile, &game.try_into()?)?)
    }

    /// A child's 四国军棋 games, oldest first.
    pub fn junqi_games(&self, profile: String) -> Result<Vec<JunqiGameRecord>, StoreError> {
        let games = self.inner().junqi_games(profile_id(&profile)?)?;
        Ok(games.into_iter().map(JunqiGameRecord::from).collect())
    }

    /// The 四国军棋 card: games played and won, the best level beaten.
    pub fn junqi_card(&self, profile: String) -> Result<JunqiCard, StoreError> {
        Ok(self.inner().junqi_card(profile_id(&profile)?)?.into())
    }

    /// Saves a setup (its text) under `name`, replacing one of that name; a setup that
    /// breaks a rule is refused with the reason.
    pub fn save_junqi_setup(
        &self,
        profile: String,
        name: String,
        setup: String,
    ) -> Result<(), StoreError> {
        let profile = profile_id(&profile)?;
        let setup = ArmySetup::parse(&setup)
            .map_err(|e| StoreError::Invalid(format!("the setup text cannot be read: {e}")))?;
        Ok(self.inner().save_junqi_setup(profile, &name, &setup)?)
    }

    /// A child's saved setups, by name.
    pub fn junqi_setups(&self, profile: String) -> Result<Vec<SavedJunqiSetup>, StoreError> {
        let setups = self.inner().junqi_setups(profile_id(&profile)?)?;
        Ok(setups.into_iter().map(saved).collect())
    }

    /// The setup saved most recently.
    pub fn last_junqi_setup(&self, profile: String) -> Result<Option<SavedJunqiSetup>, StoreError> {
        Ok(self.inner().last_junqi_setup(profile_id(&profile)?)?.map(saved))
    }

    /// Forgets the setup `name`; whether there was one.
    pub fn delete_junqi_setup(&self, profile: String, name: String) -> Result<bool, StoreError> {
        Ok(self.inner().delete_junqi_setup(profile_id(&profile)?, &name)?)
    }
}
