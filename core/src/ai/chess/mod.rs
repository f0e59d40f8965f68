//! The chess engine: search, evaluation, exchange evaluation, the transposition table,
//! the move picker, the opening book, the levels, and the adapter to the one engine
//! interface.
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
mod picker;
mod search;
mod see;
mod tt;

pub use book::{Book, BookError, BookLine};
pub use engine::{ChessEngine, input_of, move_of, replay};
pub use eval::{KNOWN_WIN, VALUE, evaluate};
pub use levels::LEVELS;
pub use search::{Info, InfoFn, MATE, MATE_IN_MAX, RootMove, SearchResult, Searcher};
pub use tt::{DEFAULT_MB, MAX_MB};
