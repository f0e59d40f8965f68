//! 围棋: Go under the Chinese rules — captures (提子), suicide (禁着点), simple ko and
//! positional superko, passes and resignation, area scoring (数子法) with komi (贴子),
//! 让先 and handicap (让子: 2–9 stones on the star points, and 13, 16 or 25 for
//! beginners on 19×19), dead-stone marking with an automatic estimate, and SGF.
//!
//! At the end (two passes) the UI calls [`Game::estimate_dead_stones`] with a seed for
//! the automatic estimate, lets the players correct it with [`Game::toggle_dead`] (one
//! string at a time), or [`Game::resume`]s play if they disagree; [`Game::outcome`]
//! and [`Game::score`] count with the stones marked at that moment, and
//! [`Score::summary`] lays the count out for the players in Chinese and English.
//!
//! ```
//! use qike_core::go::{Game, Move, parse_gtp};
//!
//! let mut game = Game::even(9).unwrap();
//! game.play(parse_gtp("E5", 9).unwrap()).unwrap();
//! game.pass().unwrap();
//! game.pass().unwrap();
//! // Black's lone stone owns the whole board: 81 points less 7.5 komi.
//! assert_eq!(game.score().result.sgf(), "B+73.5");
//! assert_eq!(game.score().result.chinese(), "黑胜 36又3/4 子");
//! ```

mod area;
mod benson;
pub(crate) mod board;
mod coords;
mod dead;
pub mod enclosure;
mod face;
mod game;
pub mod lesson;
pub mod life_death;
pub(crate) mod nakade;
pub(crate) mod playout;
pub mod reading;
pub mod regions;
pub(crate) mod score;
pub mod seki;
mod sgf;
mod words;

pub use area::{CountPicture, CountPoint};
pub use board::{Board, MAX_SIZE, MIN_SIZE};
pub use coords::{
    BEGINNER_HANDICAPS, CoordError, HandicapError, Move, gtp_name, handicap_choices,
    handicap_points, max_handicap, parse_gtp, star_points,
};
pub use dead::DEFAULT_PLAYOUTS;
pub use face::IllegalReason;
pub use game::{Game, GameResult, MarkError, PlayError, Rules, SIZES, SetupError};
pub use playout::benchmark_playouts;
pub use score::{AreaCount, CountSummary, Komi, KomiError, Score, ScoreResult, Stones};
pub use sgf::{MAX_NODES, SgfError, SgfGame, read_sgf};
pub use words::balance_text;
