//! Qike's core: the rules, engines, lessons and progress records of a board-game
//! classroom for xiangqi (中国象棋), Go (围棋), chess (国际象棋) and gomoku (五子棋).
//!
//! Nothing here knows about a UI or an FFI: the Bevy app and the uniffi bindings are
//! thin clients of this crate.
//!
//! Every game shows the same face ([`BoardGame`], dispatched by [`AnyGame`]): a board
//! view to draw, the targets of a piece, a [`MoveInput`] to play (a step, a stone, a
//! pass) or a [`Refusal`] that says why not in 中文 and English, undo, the outcome and
//! the moves in standard and Chinese notation.
//!
//! ```
//! use qike_core::{AnyGame, BoardGame, GameKind, GomokuRule, MoveInput, Point, Refusal};
//!
//! let mut game = AnyGame::new(GameKind::Xiangqi).unwrap();
//! assert_eq!(game.view().piece_at(Point::new(4, 0)).unwrap().glyph, "帅");
//! game.play(MoveInput::step(Point::new(7, 2), Point::new(4, 2))).unwrap();
//! assert_eq!(game.move_names()[0].chinese, "炮二平五");
//!
//! // Renju: black may not make a double three.
//! let mut renju = AnyGame::new(GameKind::Gomoku { rule: GomokuRule::Renju }).unwrap();
//! for (f, r) in [(7, 7), (0, 0), (8, 7), (0, 2), (6, 8), (0, 4), (6, 9), (0, 6)] {
//!     renju.play(MoveInput::Place { at: Point::new(f, r) }).unwrap();
//! }
//! // g8 would make two open threes at once (g8-h8-i8 and g8-g9-g10).
//! let refused = renju.play(MoveInput::Place { at: Point::new(6, 7) });
//! assert!(matches!(refused, Err(Refusal::Gomoku(_))));
//! println!("{}", refused.unwrap_err().text().zh); // 三三禁手：…
//! ```
#![forbid(unsafe_code)]

pub mod ai;
pub mod chess;
mod csv;
mod cue;
pub mod curriculum;
mod game;
mod games;
pub mod go;
pub mod gomoku;
pub mod junqi;
mod material;
pub mod progress;
mod rating;
mod rng;
pub mod session;
pub mod sync;
mod tap;
mod time;
pub mod tournament;
pub mod xiangqi;

pub use cue::Cue;
pub use game::{
    BoardGame, BoardMark, BoardView, BySide, Colour, Coordinates, DrawReason, GameKind, GomokuRule,
    Highlight, HighlightKind, LastMove, MoveInput, MoveName, Outcome, PieceKind, PieceView,
    Placement, Point, Refusal, Side, Text, WinReason,
};
pub use games::{AnyGame, GameSetup, GoStart, SetupError};
pub use material::{Material, piece_value};
pub use rating::SkillRating;
pub use rng::Rng;
pub use tap::{Tap, TapBoard};
pub use time::Timestamp;

/// The version of this crate, as the app and the bindings report it.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
