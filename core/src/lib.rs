//! Qike's core: the rules, engines, lessons and progress records of a board-game
//! classroom for xiangqi (中国象棋), Go (围棋), chess (国际象棋) and gomoku (五子棋).
//!
//! Nothing here knows about a UI or an FFI: the Bevy app and the uniffi bindings are
//! thin clients of this crate.
//!
//! ```
//! use qike_core::{xiangqi, Point};
//!
//! let view = xiangqi::Position::startpos().board_view();
//! assert_eq!(view.pieces.len(), 32);
//! assert_eq!(view.piece_at(Point::new(4, 0)).unwrap().glyph, "帅");
//! ```
#![forbid(unsafe_code)]

pub mod ai;
pub mod chess;
pub mod curriculum;
mod game;
mod games;
pub mod go;
pub mod gomoku;
pub mod progress;
pub mod session;
mod tap;
pub mod xiangqi;

pub use game::{
    BoardGame, BoardMark, BoardView, BySide, Colour, Coordinates, DrawReason, GameKind, GomokuRule,
    Highlight, HighlightKind, LastMove, MoveInput, MoveName, Outcome, PieceKind, PieceView,
    Placement, Point, Refusal, Side, Text, WinReason,
};
pub use games::{AnyGame, GameSetup, GoStart, SetupError};
pub use tap::{Tap, TapBoard};

/// The version of this crate, as the app and the bindings report it.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
