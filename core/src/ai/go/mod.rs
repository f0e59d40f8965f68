//! The Go engine: Monte Carlo tree search with RAVE, playouts with Go knowledge
//! (captures, escapes from atari, no self-atari but for killing sacrifices, never
//! filling one's own eyes, and on the big boards the last good replies), priors
//! for new nodes from the same knowledge, a node cap, and safe passing under area
//! scoring. Every search also estimates who owns each point ([`Ownership`]), which the
//! count and the coach can show.
//!
//! ```
//! use qike_core::ai::go::GoEngine;
//! use qike_core::ai::{Engine, Limits};
//! use qike_core::{AnyGame, GameKind, MoveInput};
//!
//! let game = AnyGame::new(GameKind::Go { size: 9 }).unwrap();
//! let mut engine = GoEngine::new();
//! let analysis = engine.analyse(&game, &Limits::nodes(300), 0);
//! assert!(matches!(analysis.best, Some(MoveInput::Place { .. })));
//! assert_eq!(engine.ownership().unwrap().size(), 9);
//! ```

mod engine;
mod facts;
mod gammas;
mod ladder;
mod learn;
mod levels;
mod mcts;
mod ownership;
mod patterns;
mod policy;
mod prior;
mod replies;

pub use engine::{GoEngine, HintWhy, hint_why};
pub use gammas::LineError;
pub use learn::{Fit, Learned, SKIPPED_OPENING_MOVES, learn_gammas};
pub use levels::{LEVELS, LEVELS_13, LEVELS_19, levels_for};
pub use mcts::DEFAULT_MAX_NODES;
pub use ownership::{Ownership, estimate_ownership};
