//! The chess engine's use of the shared table: two-entry buckets, and a new result
//! always lands (on the entry of the same position, else the one least worth keeping:
//! an empty one, then one of an earlier search, then the shallower). Ages count to 64.

use cozy_chess::Move;

use super::search::MATE_IN_MAX;
use crate::ai::tt::{self, Entry, Scheme};

pub use crate::ai::tt::{Bound, DEFAULT_MB, MAX_MB};

/// The chess engine's [`Scheme`].
#[derive(Debug)]
pub struct Chess;

impl Scheme for Chess {
    type Move = Move;
    const WAYS: usize = 2;
    const MATE_IN_MAX: i32 = MATE_IN_MAX;
    const AGE_MASK: u8 = 63;

    fn replaces(_: &Entry<Chess>, _: u64, _: i8, _: Bound, _: u8) -> bool {
        true
    }
}

/// The chess engine's table.
pub type Tt = tt::Table<Chess>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_mates_survive_a_round_trip() {
        let mut tt = Tt::new(1);
        let mv: Move = "e7e8n".parse().unwrap();
        tt.store(42, Some(mv), super::super::search::MATE - 7, 5, Bound::Exact, 3);
        let hit = tt.probe(42).unwrap();
        assert_eq!(hit.mv, Some(mv));
        // Mate in 4 plies from the node: 7 - 3 from where it was stored, 2 plies deeper.
        assert_eq!(hit.score(5), super::super::search::MATE - 9);
        assert!(tt.probe(43).is_none());
        assert_eq!(std::mem::size_of::<Entry<Chess>>(), 16);
    }
}
