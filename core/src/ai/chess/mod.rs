//! The chess engine: search, evaluation, exchange evaluation, the transposition table,
//! the move picker, the opening book, the levels, the adapter to the one engine
//! interface, and the arena that plays matches.
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

mod arena;
mod book;
mod engine;
mod eval;
mod levels;
mod picker;
mod search;
mod see;
pub mod tactic;
mod tt;
mod tune;
mod weights;

pub use arena::{
    ChessPlayer, ChessRecord, GreedyPlayer, LevelPlayer, RandomPlayer, extend_randomly, move_in,
    openings, play_game,
};
pub use book::{Book, BookError, BookLine};
pub use engine::{ChessEngine, input_of, move_of, replay};
pub use eval::{KNOWN_WIN, VALUE, evaluate, evaluate_with};
pub use levels::LEVELS;
pub use search::{Info, InfoFn, MATE, MATE_IN_MAX, RootMove, SearchResult, Searcher};
pub use tt::{DEFAULT_MB, MAX_MB};
pub use tune::{ChessEval, GenStats, SearchPlayer, generate};
pub use weights::{PARAMS, Weights, WeightsError, param_name};
