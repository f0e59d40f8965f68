//! The xiangqi engine's use of the shared table: one entry a bucket; a new result
//! replaces an empty entry, one of an earlier search, a shallower one, and for the
//! same position one at most two plies deeper or any exact score.

use crate::xiangqi::Move;

use super::search::MATE_IN_MAX;
use crate::ai::tt::{self, Entry, Scheme};

pub use crate::ai::tt::{Bound, DEFAULT_MB, MAX_MB};

/// The xiangqi engine's [`Scheme`].
#[derive(Debug)]
pub struct Xiangqi;

impl Scheme for Xiangqi {
    type Move = Move;
    const MATE_IN_MAX: i32 = MATE_IN_MAX;

    fn replaces(old: &Entry<Xiangqi>, key: u64, depth: i8, bound: Bound, age: u8) -> bool {
        old.bound == Bound::None
            || old.age() != age
            || (old.key() == key && (depth + 2 >= old.depth || bound == Bound::Exact))
            || depth >= old.depth
    }
}

/// The xiangqi engine's table.
pub type Tt = tt::Table<Xiangqi>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::xiangqi::search::MATE;

    #[test]
    fn mate_scores_are_relative_to_the_node() {
        let mut tt = Tt::new(1);
        // Mate in 5 plies from the root, found at ply 3: mate 2 plies below the node.
        tt.store(42, None, MATE - 5, 4, Bound::Exact, 3);
        let e = tt.probe(42).unwrap();
        assert_eq!(e.score(3), MATE - 5);
        // Reached at ply 1 by another path, the same mate is 2 plies nearer the root.
        assert_eq!(e.score(1), MATE - 3);
        assert_eq!(tt.probe(43), None);
    }

    #[test]
    fn size_is_bounded() {
        let mut tt = Tt::new(DEFAULT_MB);
        assert!(tt.bytes() <= DEFAULT_MB << 20);
        assert_eq!(std::mem::size_of::<Entry<Xiangqi>>(), 16);
        tt.resize(2);
        assert!(tt.bytes() <= 2 << 20 && tt.bytes() > 1 << 20);
        tt.resize(0);
        assert!(tt.bytes() <= 1 << 20);
    }
}
