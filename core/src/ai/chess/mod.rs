//! The chess engine: search, evaluation, exchange evaluation, the transposition table,
//! the move picker, the opening book, the levels, the adapter to the one engine
//! interface, and what chess matches add to the shared arena (openings, the search as a
//! player).
//!
//! ```
//! use qike_core::ai::chess::Searcher;
//! use qike_core::ai::Limits;
//! use qike_core::chess::Position;
//!
//! let pos = Position::startpos();
//! let mut searcher = Searcher::new(4);
//! let result = searcher.search(&pos, &[], &Limits::nodes(5_000));
//! assert!(result.best.is_some());
//! ```

mod book;
mod engine;
mod eval;
mod levels;
mod match_suite;
mod picker;
mod search;
mod see;
pub mod tactic;
mod tt;
mod tune;
mod weights;

pub use book::{Book, BookError, BookLine};
pub use engine::{ChessEngine, input_of, move_of, replay};
pub use eval::{KNOWN_WIN, VALUE, evaluate, evaluate_with};
pub use levels::LEVELS;
pub use match_suite::{SearchPlayer, capture_gain, game_after, move_in, openings};
pub use search::{Info, InfoFn, MATE, MATE_IN_MAX, RootMove, SearchResult, Searcher};
pub use tt::{DEFAULT_MB, MAX_MB};
pub use tune::{ChessEval, GenStats, generate};
pub use weights::{PARAMS, Weights, WeightsError, param_name};
