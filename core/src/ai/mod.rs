//! The engines: one interface every game's engine implements ([`Engine`], held as
//! [`AnyEngine`]), levels as data per game with one pick path ([`play_level`]), a
//! stoppable worker thread ([`Thinker`]), and each game's engine in its own folder.
//!
//! ```
//! use qike_core::ai::{AnyEngine, Level, play_level};
//! use qike_core::{AnyGame, BoardGame, GameKind, Rng};
//!
//! // A child's opponent: level 1, seeded so the game can be replayed.
//! let mut game = AnyGame::new(GameKind::Xiangqi).unwrap();
//! let mut engine = AnyEngine::for_game(GameKind::Xiangqi, 4).unwrap();
//! let level = Level::get(GameKind::Xiangqi, 1).unwrap();
//! let m = play_level(&mut engine, &game, &level, &mut Rng::new(1), true).unwrap();
//! assert!(game.play(m).is_ok());
//! ```

pub mod arena;
pub mod chess;
mod engine;
pub mod go;
pub mod gomoku;
pub mod junqi;
mod level;
mod limits;
pub mod sprt;
mod thinker;
mod tt;
pub mod tune;
pub mod xiangqi;

pub use engine::{Analysis, AnyEngine, Candidate, Engine, Hint, MoveReview, Verdict};
pub use level::{Level, NoSuchLevel, levels, play_level};
pub use limits::{Clock, Limits};
pub(crate) use thinker::worker_setup;
pub use thinker::{StopHandle, ThinkError, Thinker, set_worker_setup};
