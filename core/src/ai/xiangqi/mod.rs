//! The xiangqi engine: search, evaluation, opening book, coach, levels, and the arena
//! that plays matches between players.
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

mod arena;
mod book;
mod coach;
mod engine;
mod eval;
#[cfg(test)]
mod hand_reference;
mod history;
mod levels;
mod picker;
mod repetition;
pub(crate) mod search;
mod see;
pub mod tactic;
mod time;
mod tt;
mod tune;
mod weights;

pub use arena::{
    Adjudication, EloEstimate, Ending, GreedyPlayer, LevelPlayer, MatchGame, OPENINGS, Player,
    RandomPlayer, Reply, ResignWatch, SearchPlayer, elo_of, extend_randomly, parse_openings,
    play_game,
};
pub use book::{Book, BookError};
pub use coach::{hint, review};
pub use engine::XiangqiEngine;
pub use eval::{VALUE, evaluate, evaluate_with};
pub use levels::LEVELS;
pub use search::{
    Info, InfoFn, MATE, MATE_IN_MAX, RULE_WIN, RootMove, SearchResult, Searcher, history_of,
};
pub use tt::{DEFAULT_MB, MAX_MB};
pub use tune::{GenStats, Labelled, XiangqiEval, generate};
pub use weights::{PARAMS, Weights, WeightsError, param_name};
