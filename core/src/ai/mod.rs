//! The xiangqi engine: search, evaluation, difficulty levels and background thinking.
//!
//! ```
//! use qike_core::ai::{Level, Limits, Rng, Searcher};
//! use qike_core::xiangqi::Position;
//!
//! let pos = Position::startpos();
//! let mut searcher = Searcher::new(4);
//! let result = searcher.search(&pos, &[], &Limits::nodes(5_000));
//! assert!(pos.is_legal(result.best.unwrap()));
//!
//! // A child's opponent: level 1, seeded so the game can be replayed.
//! let level = Level::get(1).unwrap();
//! let m = level.play(&mut searcher, &pos, &[], &mut Rng::new(1), true).unwrap();
//! assert!(pos.is_legal(m));
//! ```

mod arena;
mod book;
mod coach;
mod eval;
mod level;
mod picker;
mod search;
mod see;
mod thinker;
mod tt;

pub use arena::{
    Adjudication, EloEstimate, Ending, GameRecord, GreedyPlayer, LevelPlayer, OPENINGS, Player,
    RandomPlayer, Reply, ResignWatch, SearchPlayer, elo_of, parse_openings, play_game,
};
pub use book::{Book, BookError};
pub use coach::{Hint, MoveReview, Verdict, hint, review};
pub use eval::{VALUE, evaluate};
pub use level::{LEVELS, Level, NoSuchLevel, Rng};
pub use search::{
    Clock, Info, InfoFn, Limits, MATE, MATE_IN_MAX, RULE_WIN, RootMove, SearchResult, Searcher,
    history_of,
};
pub use thinker::{ThinkError, Thinker};
pub use tt::{DEFAULT_MB, MAX_MB};
