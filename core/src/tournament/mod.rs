//! Class and school tournaments: players and results, scoring systems, round robins by
//! the Berger tables, the Dutch Swiss system, knockouts, tie-breaks and the FIDE
//! Tournament Report File (TRF-16).
//!
//! Everything here is pure and deterministic: a draw by lot takes the caller's seed.
//! The sides are [`Side::First`] (the side that moves first: red in xiangqi, white in
//! chess, black in Go) and [`Side::Second`]; a TRF file calls them `w` and `b`.
//!
//! ```
//! use qike_core::tournament::{Event, GameResult, Scoring, round_robin, standings, Tiebreak};
//!
//! let mut event = Event::new("班级赛", Scoring::THREE_ONE_ZERO);
//! for name in ["甲", "乙", "丙", "丁"] {
//!     event.add_player(name, 0).unwrap();
//! }
//! let table = round_robin::berger(4).unwrap();
//! for round in &table {
//!     let r = event.pair_round(round).unwrap();
//!     for pairing in round {
//!         if let Some(second) = pairing.second {
//!             event.set_result(r, pairing.first, second, GameResult::FirstWins).unwrap();
//!         }
//!     }
//! }
//! let table = standings(&event, &[Tiebreak::SonnebornBerger]);
//! assert_eq!(table.len(), 4);
//! ```

pub mod director;
pub mod double_elimination;
mod dutch;
pub mod knockout;
mod matching;
mod roster;
pub mod round_robin;
mod saved;
mod scoring;
pub mod stages;
pub mod swiss;
pub mod teams;
mod tiebreaks;
pub mod trf;
mod weighted;

pub use director::{Director, System};
pub use roster::{Entry, Event, GameResult, Mark, Pairing, Player, PlayerId, TournamentError};
pub use scoring::{Points, Scoring};
pub use tiebreaks::{Standing, Tiebreak, standings, tiebreak_value};

pub use crate::Side;
