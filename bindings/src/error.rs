//! The one public error type of the bindings: every core error is mapped here to a
//! variant whose message a user (or a developer reading a log) can act on.
//!
//! The enum is a flat uniffi error: a foreign caller catches the variant
//! (`QikeError.Refused` in Python, `QikeException.Refused` in Kotlin, `QikeError.Refused`
//! in Swift) and reads its message, the text below; the Rust fields only build it.

use qike_core::ai::{NoSuchLevel, ThinkError};
use qike_core::chess::PgnError;
use qike_core::progress::StoreError;
use qike_core::session::SessionError;
use qike_core::{GameKind, MoveInput, Point, Refusal, SetupError};

/// An error returned through the FFI. Kotlin and Swift see it as a thrown exception,
/// Python as a raised `QikeError`; its message says what went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum QikeError {
    /// A position or game text (FEN, PGN, SGF) or a game's start could not be read.
    #[error("invalid position: {reason}")]
    InvalidPosition { reason: String },
    /// A point outside the board was given.
    #[error("point ({file}, {rank}) is not on the board")]
    OffBoard { file: u8, rank: u8 },
    /// The move is not legal, or not now; in English and in Chinese.
    #[error("{en} ({zh})")]
    Refused { en: String, zh: String },
    /// An argument that does not fit the game (a PGN of a xiangqi game, a move text of
    /// the wrong shape).
    #[error("{0}")]
    InvalidArgument(String),
    /// A level the game does not have, or a game without a computer opponent.
    #[error("{0}")]
    NoSuchLevel(String),
    /// The request does not fit the state of the game: nothing to take back, not the
    /// engine's turn, the engine is still thinking, no count under way.
    #[error("{0}")]
    NotNow(String),
    /// A saved game that cannot be resumed.
    #[error("{0}")]
    SavedGame(String),
    /// The engine could not give a move.
    #[error("{0}")]
    Engine(String),
    /// The progress store failed or refused (closed, damaged, full, unknown id).
    #[error("{0}")]
    Store(String),
}

impl QikeError {
    /// The engine is still choosing a move: stop it or wait for its answer first.
    pub(crate) fn busy() -> QikeError {
        QikeError::NotNow("the engine is still thinking; stop it or wait for its move".into())
    }
}

/// Checks that `at` is on the board of `kind`.
pub(crate) fn on_board(kind: GameKind, at: Point) -> Result<Point, QikeError> {
    if at.file < kind.files() && at.rank < kind.ranks() {
        Ok(at)
    } else {
        Err(QikeError::OffBoard { file: at.file, rank: at.rank })
    }
}

/// Checks that every point of `mv` is on the board of `kind`.
pub(crate) fn move_on_board(kind: GameKind, mv: MoveInput) -> Result<MoveInput, QikeError> {
    match mv {
        MoveInput::Step { from, to, .. } => {
            on_board(kind, from)?;
            on_board(kind, to)?;
        }
        MoveInput::Place { at } => {
            on_board(kind, at)?;
        }
        MoveInput::Pass => {}
    }
    Ok(mv)
}

impl From<Refusal> for QikeError {
    fn from(r: Refusal) -> Self {
        let text = r.text();
        QikeError::Refused { en: text.en, zh: text.zh }
    }
}

impl From<qike_core::xiangqi::FenError> for QikeError {
    fn from(e: qike_core::xiangqi::FenError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}

impl From<qike_core::chess::FenError> for QikeError {
    fn from(e: qike_core::chess::FenError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}

impl From<PgnError> for QikeError {
    fn from(e: PgnError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}

impl From<qike_core::go::SgfError> for QikeError {
    fn from(e: qike_core::go::SgfError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}

impl From<qike_core::gomoku::sgf::SgfError> for QikeError {
    fn from(e: qike_core::gomoku::sgf::SgfError) -> Self {
        QikeError::InvalidPosition { reason: e.to_string() }
    }
}

impl From<SetupError> for QikeError {
    fn from(e: SetupError) -> Self {
        let reason = match e {
            SetupError::Position(reason) => reason,
            other => other.to_string(),
        };
        QikeError::InvalidPosition { reason }
    }
}

impl From<NoSuchLevel> for QikeError {
    fn from(e: NoSuchLevel) -> Self {
        QikeError::NoSuchLevel(e.to_string())
    }
}

impl From<ThinkError> for QikeError {
    fn from(e: ThinkError) -> Self {
        QikeError::Engine(e.to_string())
    }
}

impl From<StoreError> for QikeError {
    fn from(e: StoreError) -> Self {
        QikeError::Store(e.to_string())
    }
}

impl From<SessionError> for QikeError {
    fn from(e: SessionError) -> Self {
        match e {
            SessionError::Refused(r) => r.into(),
            SessionError::BadStart(s) => s.into(),
            SessionError::Level(l) => l.into(),
            SessionError::Think(t) => t.into(),
            SessionError::NoEngineMove => QikeError::Engine(e.to_string()),
            SessionError::Malformed(_)
            | SessionError::FutureVersion(_)
            | SessionError::BadMove { .. }
            | SessionError::BadDeadStone(_) => QikeError::SavedGame(e.to_string()),
            SessionError::NothingToUndo
            | SessionError::NotEngineTurn
            | SessionError::NoEngine
            | SessionError::NotCounting => QikeError::NotNow(e.to_string()),
        }
    }
}
