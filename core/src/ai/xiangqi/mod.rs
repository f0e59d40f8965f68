//! The xiangqi engine: search, evaluation, opening book, coach, levels, and what
//! xiangqi matches add to the shared arena (the opening suite, the search as a player).
//!
//! ```
//! use qike_core::ai::xiangqi::Searcher;
//! use qike_core::ai::Limits;
//! use qike_core::xiangqi::Position;
//!
//! let pos = Position::startpos();
//! let mut searcher = Searcher::new(4);
//! let result = searcher.search(&pos, &[], &Limits::nodes(5_000));
//! assert!(pos.is_legal(result.best.unwrap()));
//! ```

mod book;
mod coach;
mod engine;
mod eval;
#[cfg(test)]
mod hand_reference;
mod history;
mod levels;
mod match_suite;
mod picker;
mod repetition;
pub(crate) mod search;
mod see;
pub mod tactic;
mod time;
mod tt;
mod tune;
mod weights;

pub use book::{Book, BookError};
pub use coach::{hint, review};
pub use engine::XiangqiEngine;
pub use eval::{VALUE, evaluate, evaluate_with};
pub use levels::LEVELS;
pub use match_suite::{OPENINGS, SearchPlayer, capture_gain, game_after, parse_openings};
pub use search::{
    Info, InfoFn, MATE, MATE_IN_MAX, RULE_WIN, RootMove, SearchResult, Searcher, history_of,
};
pub use tt::{DEFAULT_MB, MAX_MB};
pub use tune::{GenStats, Labelled, XiangqiEval, generate};
pub use weights::{PARAMS, Weights, WeightsError, param_name};
