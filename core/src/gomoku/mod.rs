//! 五子棋: freestyle, standard and renju gomoku.
//!
//! - [`Game`]: moves, outcome (five in a row, forbidden move, full board, resignation)
//!   and the generic [`crate::BoardView`], on a 15×15 or 19×19 board.
//! - [`renju`]: exact forbidden moves for black (长连, 四四, 三三 with false threes
//!   resolved recursively).
//! - [`patterns`]: the shape vocabulary (活四, 冲四, 活三, 眠三, 活二 …) per point and side.
//! - [`openings`]: the 26 named openings and their recognition under symmetry;
//!   [`competition`]: the 三手交换、五手两打 opening procedure as a play mode.
//! - [`notation`] and [`sgf`]: `h8` move lists, Gomocup `x,y` coordinates, SGF `GM[4]`.
//!
//! ```
//! use qike_core::gomoku::{Game, notation};
//! use qike_core::{GomokuRule, Outcome, Side, WinReason};
//!
//! let game = notation::parse_game("h8 a1 i8 a2 j8 a3 k8 a4 l8", GomokuRule::Renju,
//!     Default::default()).unwrap();
//! assert_eq!(game.outcome(), Some(Outcome::Win { winner: Side::First, reason: WinReason::FiveInARow }));
//! ```

mod board;
pub mod competition;
mod face;
mod game;
mod line;
pub mod notation;
pub mod openings;
pub mod patterns;
pub mod renju;
pub mod sgf;

pub use board::{Board, BoardSize, DiagramError, Direction, Stone};
pub use face::IllegalReason;
pub use game::{ForbiddenPolicy, Game, PlayError, Played, StonesError, is_win};
pub use openings::{OPENINGS, Opening, OpeningKind};
pub use patterns::{Combination, PointShapes, Shape};
pub use renju::Forbidden;
