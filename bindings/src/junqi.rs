//! 四国军棋 at one device over the core's [`JunqiGame`](core::JunqiGame): the child's
//! seat and the others (the computer at a level, or classmates passing the device),
//! the view of the shown seat, the moves and resignations of the people, the computer
//! seats polled with the caller's clock, the hand-over between people and the saved
//! form. The core's types cross as they are; a station crosses as its [`Place`] (a
//! seat's line and column, or a central station's row and column), and a place that is
//! not on the board is refused as [`JunqiError::OffBoard`]. Setups cross in their text
//! form (`排旅师排连/军.师.连/…`, lines 一线 to 底线).

use std::sync::{Mutex, MutexGuard};

use qike_core::junqi::{
    Announcement, ArmySetup, Battle, OutReason, Outcome, PieceId, Place, Rank, Seat, Station,
    StationKind, Team, ViewPiece, Visibility, railway_lines,
};
use qike_core::progress::{PlayerResult, Timestamp};
use qike_core::session::junqi::{self as core, SeatPlayer};

use crate::error::JunqiError;
use crate::junqi_setup::JunqiGameRecord;

#[uniffi::remote(Enum)]
pub enum Seat {
    South,
    East,
    North,
    West,
}

#[uniffi::remote(Enum)]
pub enum Team {
    A,
    B,
}

#[uniffi::remote(Enum)]
pub enum Rank {
    Marshal,
    General,
    Division,
    Brigade,
    Regiment,
    Battalion,
    Company,
    Platoon,
    Engineer,
    Bomb,
    Mine,
    Flag,
}

#[uniffi::remote(Enum)]
pub enum Visibility {
    Hidden,
    Open,
}

#[uniffi::remote(Enum)]
pub enum StationKind {
    Post,
    Camp,
    Headquarters,
}

#[uniffi::remote(Enum)]
pub enum Place {
    Army { seat: Seat, line: u8, column: u8 },
    Centre { row: u8, column: u8 },
}

#[uniffi::remote(Enum)]
pub enum OutReason {
    FlagCaptured,
    NoMoves,
    Resigned,
}

/// How a 四国军棋 game ended (named apart from the two-sided games' `Outcome`).
#[uniffi::remote(Enum)]
#[uniffi(name = "JunqiOutcome")]
pub enum Outcome {
    TeamWins { team: Team, last: OutReason },
    Draw,
}

/// What one battle did (named apart from the announcement that reports it).
#[uniffi::remote(Enum)]
#[uniffi(name = "BattleResult")]
pub enum Battle {
    AttackerWins,
    DefenderWins,
    BothRemoved,
    FlagCaptured,
}

#[uniffi::remote(Enum)]
pub enum SeatPlayer {
    Person,
    Computer { level: u8 },
}

uniffi::custom_type!(PieceId, u8, {
    remote,
    lower: |p| p.0,
    try_lift: |n| Ok(PieceId(n)),
});

uniffi::custom_type!(Station, Place, {
    remote,
    lower: |s| s.place(),
    try_lift: |place| Ok(station(place)?),
});

/// The station at `place`, or the typed error naming it. A `Station` argument that is
/// no station fails to lift with this error, and uniffi raises a failed lift as the
/// method's own error when it is of that type: so every function that takes a
/// `Station` answers [`JunqiError`] (with another error type it would be an internal
/// error, which the random-argument check of the Python bindings catches).
fn station(place: Place) -> Result<Station, JunqiError> {
    let found = match place {
        Place::Army { seat, line, column } => Station::army(seat, line, column),
        Place::Centre { row, column } => Station::centre(row, column),
    };
    found.ok_or_else(|| {
        JunqiError::OffBoard(match place {
            Place::Army { seat, line, column } => format!(
                "{seat}'s line {line}, column {column} is not a station (lines 1–6, columns 1–5)"
            ),
            Place::Centre { row, column } => {
                format!("centre row {row}, column {column} is not a station (rows and columns 0–2)")
            }
        })
    })
}

#[uniffi::remote(Enum)]
pub enum Announcement {
    Moved {
        seat: Seat,
        piece: PieceId,
        from: Station,
        to: Station,
    },
    Battle {
        seat: Seat,
        attacker: PieceId,
        defender: PieceId,
        from: Station,
        to: Station,
        result: Battle,
    },
    FlagRevealed {
        seat: Seat,
        piece: PieceId,
        at: Station,
    },
    SeatOut {
        seat: Seat,
        reason: OutReason,
    },
    Finished(Outcome),
}

#[uniffi::remote(Record)]
pub struct ViewPiece {
    pub id: PieceId,
    pub seat: Seat,
    pub rank: Option<Rank>,
}

/// Who sits at the table and how the game is set up.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiTableConfig {
    /// Four seats in seat order: south, east, north, west.
    pub seats: Vec<SeatPlayer>,
    /// The seat the device's child plays (the result is the child's).
    pub child_seat: Seat,
    pub visibility: Visibility,
    /// Empty, or four setups in seat order as text; `None` (and an empty list) draws a
    /// random legal setup from the seed.
    pub setups: Vec<Option<String>>,
    /// Random setups and the computer players come from it.
    pub seed: u64,
}

impl TryFrom<JunqiTableConfig> for core::JunqiTableConfig {
    type Error = JunqiError;

    fn try_from(c: JunqiTableConfig) -> Result<Self, JunqiError> {
        let seats: [SeatPlayer; 4] = c.seats.try_into().map_err(|s: Vec<SeatPlayer>| {
            JunqiError::BadTable(format!("a table has 4 seats, not {}", s.len()))
        })?;
        let mut setups: [Option<ArmySetup>; 4] = Default::default();
        match c.setups.len() {
            0 => {}
            4 => {
                for (slot, text) in setups.iter_mut().zip(c.setups) {
                    *slot = text.as_deref().map(ArmySetup::parse).transpose()?;
                }
            }
            n => {
                return Err(JunqiError::BadTable(format!(
                    "setups: none or one for each of the 4 seats, not {n}"
                )));
            }
        }
        Ok(core::JunqiTableConfig {
            seats,
            child_seat: c.child_seat,
            visibility: c.visibility,
            setups,
            seed: c.seed,
        })
    }
}

/// One station as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiStationView {
    pub station: Station,
    /// The position on the 17×17 drawing grid (x from the left, y from the top).
    pub x: u8,
    pub y: u8,
    pub kind: StationKind,
    /// The piece there: its seat, and its rank when the shown seat may know it (`None`
    /// is a back).
    pub piece: Option<ViewPiece>,
}

/// The board and the game as the shown seat (or a spectator) may know them.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiView {
    /// The seat whose eyes these are; `None` for a spectator's.
    pub viewer: Option<Seat>,
    pub visibility: Visibility,
    pub turn: Seat,
    /// The seats that are out of the game.
    pub out: Vec<Seat>,
    pub moves_played: u32,
    /// Moves since the last battle (the game is drawn after 60).
    pub quiet_moves: u32,
    pub outcome: Option<Outcome>,
    /// All 129 stations, the four armies (south, east, north, west; line by line) then
    /// the centre.
    pub stations: Vec<JunqiStationView>,
}

impl From<qike_core::junqi::View> for JunqiView {
    fn from(v: qike_core::junqi::View) -> Self {
        let stations = Station::all()
            .map(|s| {
                let (x, y) = s.grid();
                JunqiStationView { station: s, x, y, kind: s.kind(), piece: v.piece(s) }
            })
            .collect();
        JunqiView {
            viewer: v.viewer,
            visibility: v.visibility,
            turn: v.turn,
            out: Seat::ALL.into_iter().filter(|s| v.out[s.index()]).collect(),
            moves_played: v.moves_played,
            quiet_moves: v.quiet_moves,
            outcome: v.outcome,
            stations,
        }
    }
}

/// A station of the board, for drawing it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct JunqiStationInfo {
    pub station: Station,
    /// The position on the 17×17 drawing grid (x from the left, y from the top).
    pub x: u8,
    pub y: u8,
    pub kind: StationKind,
    /// Its name, e.g. 南一线左眉毛.
    pub name: String,
    /// Its code in the text forms, e.g. `S1.3`, `C0.2`.
    pub code: String,
    /// The stations one road or railway step away.
    pub neighbours: Vec<Station>,
    pub on_railway: bool,
}

/// The 129 stations of the board (the four armies, then the centre).
#[uniffi::export]
pub fn junqi_board() -> Vec<JunqiStationInfo> {
    Station::all()
        .map(|s| {
            let (x, y) = s.grid();
            JunqiStationInfo {
                station: s,
                x,
                y,
                kind: s.kind(),
                name: s.chinese_name(),
                code: s.code(),
                neighbours: s.neighbours().to_vec(),
                on_railway: s.is_on_railway(),
            }
        })
        .collect()
}

/// The railway lines, each an ordered run of stations (an arc counts as straight).
#[uniffi::export]
pub fn junqi_railway_lines() -> Vec<Vec<Station>> {
    railway_lines().to_vec()
}

/// A game of 四国军棋 at one device. Computer seats choose on a worker thread of the
/// core while the caller polls with its own clock ([`JunqiGame::poll`]).
#[derive(Debug, uniffi::Object)]
pub struct JunqiGame {
    game: Mutex<core::JunqiGame>,
}

impl JunqiGame {
    fn wrap(game: core::JunqiGame) -> Self {
        JunqiGame { game: Mutex::new(game) }
    }

    fn state(&self) -> MutexGuard<'_, core::JunqiGame> {
        // Every change is one call into the core: a poisoned lock still holds a
        // consistent game.
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[uniffi::export]
impl JunqiGame {
    /// A game for the table `config`; the child's seat is a person's.
    #[uniffi::constructor]
    pub fn new(config: JunqiTableConfig) -> Result<Self, JunqiError> {
        Ok(JunqiGame::wrap(core::JunqiGame::new(config.try_into()?, Timestamp::now())?))
    }

    /// The child in `child_seat` against the computer at `level` (1–5) in the other
    /// three seats, with random setups from `seed`.
    #[uniffi::constructor]
    pub fn against_computers(
        child_seat: Seat,
        level: u8,
        visibility: Visibility,
        seed: u64,
    ) -> Result<Self, JunqiError> {
        let config = core::JunqiTableConfig::against_computers(child_seat, level, visibility, seed);
        Ok(JunqiGame::wrap(core::JunqiGame::new(config, Timestamp::now())?))
    }

    /// A demonstration: any seats, four computers allowed; the view is a spectator's.
    #[uniffi::constructor]
    pub fn demo(config: JunqiTableConfig) -> Result<Self, JunqiError> {
        Ok(JunqiGame::wrap(core::JunqiGame::demo(config.try_into()?, Timestamp::now())?))
    }

    /// A game saved by [`JunqiGame::save_bytes`], as it was.
    #[uniffi::constructor]
    pub fn resume_bytes(bytes: Vec<u8>) -> Result<Self, JunqiError> {
        Ok(JunqiGame::wrap(core::JunqiGame::resume_bytes(&bytes)?))
    }

    /// The saved form (a computer's choice under way is not kept; it chooses again).
    pub fn save_bytes(&self) -> Vec<u8> {
        self.state().save_bytes()
    }

    /// Who plays each seat, in seat order.
    pub fn seats(&self) -> Vec<SeatPlayer> {
        self.state().config().seats.to_vec()
    }

    pub fn child_seat(&self) -> Seat {
        self.state().child_seat()
    }

    pub fn visibility(&self) -> Visibility {
        self.state().visibility()
    }

    pub fn seed(&self) -> u64 {
        self.state().config().seed
    }

    pub fn is_demo(&self) -> bool {
        self.state().is_demo()
    }

    pub fn started(&self) -> Timestamp {
        self.state().started()
    }

    /// The four setups the game started from (the random ones as drawn), as text.
    pub fn setups(&self) -> Vec<String> {
        self.state().table_setup().armies.iter().map(ArmySetup::to_string).collect()
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.state().turn()
    }

    /// How the game ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    pub fn is_over(&self) -> bool {
        self.state().is_over()
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.state().is_out(seat)
    }

    pub fn moves_played(&self) -> u32 {
        self.state().moves_played()
    }

    /// Whether a person is to move now.
    pub fn is_person_turn(&self) -> bool {
        self.state().is_person_turn()
    }

    /// Whether a computer is to move now: keep calling [`JunqiGame::poll`].
    pub fn is_computer_turn(&self) -> bool {
        self.state().is_computer_turn()
    }

    /// Whether a computer is choosing its move.
    pub fn is_thinking(&self) -> bool {
        self.state().is_thinking()
    }

    /// The person the device must go to before the screen shows their pieces (people
    /// sharing the device in 暗棋); `None` when no hand-over is pending.
    pub fn needs_handover(&self) -> Option<Seat> {
        self.state().needs_handover()
    }

    /// The device is with the person [`JunqiGame::needs_handover`] named; that seat,
    /// or `None` if no hand-over was pending.
    pub fn confirm_handover(&self) -> Option<Seat> {
        self.state().confirm_handover()
    }

    /// Whose eyes the screen shows; `None` while a hand-over is pending and in a
    /// demonstration.
    pub fn shown_seat(&self) -> Option<Seat> {
        self.state().shown_seat()
    }

    /// What the screen shows: the shown seat's view, or a spectator's.
    pub fn view(&self) -> JunqiView {
        self.state().view().into()
    }

    /// Where the piece on `from` may go, for the person to move (empty when it is not a
    /// person's turn, a hand-over is pending or the piece is not theirs).
    pub fn targets(&self, from: Station) -> Result<Vec<Station>, JunqiError> {
        Ok(self.state().targets(from))
    }

    /// The person to move plays from `from` to `to`; what the referee announced.
    pub fn play(&self, from: Station, to: Station) -> Result<Vec<Announcement>, JunqiError> {
        Ok(self.state().play(from, to)?)
    }

    /// A person gives up (投降): their seat is out; the partner plays on.
    pub fn resign(&self, seat: Seat) -> Result<Vec<Announcement>, JunqiError> {
        Ok(self.state().resign(seat)?)
    }

    /// Call often (every frame) with the caller's clock in any steady milliseconds: a
    /// computer to move starts choosing on a worker thread, and its move is played once
    /// chosen and the pause since the last move has passed. What that move caused
    /// (empty when none was played). Never blocks.
    pub fn poll(&self, now_ms: u64) -> Vec<Announcement> {
        self.state().poll(now_ms)
    }

    /// The least time between two moves when a computer moves (800 ms unless set; 0
    /// for scripts and tests).
    pub fn set_pause_ms(&self, pause_ms: u64) {
        self.state().set_pause_ms(pause_ms);
    }

    /// Plays the computer's move at once, blocking this thread while it chooses (for
    /// scripts; a screen polls). `None` when it is not a computer's turn.
    pub fn play_computer_now(&self) -> Option<Vec<Announcement>> {
        self.state().play_computer_now()
    }

    /// The whole public log of the referee.
    pub fn announcements(&self) -> Vec<Announcement> {
        self.state().announcements().to_vec()
    }

    /// What the last move or resignation caused, in one line of Chinese as the shown
    /// seat may read it (empty before the first move).
    pub fn announcement_line(&self) -> String {
        self.state().announcement_line()
    }

    /// The whole log in Chinese, one line per announcement, oldest first.
    pub fn log_lines(&self) -> Vec<String> {
        self.state().log_lines()
    }

    /// The child's result by team; `None` until the game is over.
    pub fn result_for_child(&self) -> Option<PlayerResult> {
        self.state().result_for_child()
    }

    /// The game as a record for the progress store, with a new random id, ended now.
    pub fn record(&self) -> Result<JunqiGameRecord, JunqiError> {
        let id = qike_core::progress::ProgressStore::new_game_id()?;
        Ok(self.state().record(id, Timestamp::now()).into())
    }
}
