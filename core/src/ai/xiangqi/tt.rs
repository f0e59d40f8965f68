//! The transposition table: one 16-byte entry per slot, indexed by the Zobrist key,
//! with mate scores stored relative to the node so they stay right at any ply.

use crate::xiangqi::Move;

use super::search::MATE_IN_MAX;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    None,
    /// The true score is at most this (every move failed low).
    Upper,
    /// The true score is at least this (a move failed high).
    Lower,
    Exact,
}

impl Bound {
    /// What a node's `best` score says, searched with `alpha..beta`.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A copy of what the table knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Entry {
    key: u64,
    pub mv: Option<Move>,
    score: i16,
    pub depth: i8,
    pub bound: Bound,
    age: u8,
}

impl Entry {
    /// The score seen from a node `ply` plies below the root.
    pub fn score(&self, ply: usize) -> i32 {
        from_tt(self.score as i32, ply)
    }

    /// The stored score when its bound settles a node searched with `alpha..beta`.
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = self.score(ply);
        let cut = match self.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
            Bound::None => false,
        };
        cut.then_some(s)
    }
}

/// Stored mate scores count from the node, not from the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_IN_MAX {
        score + ply as i32
    } else if score < -MATE_IN_MAX {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_IN_MAX {
        score - ply as i32
    } else if score < -MATE_IN_MAX {
        score + ply as i32
    } else {
        score
    }
}

/// The default size, in MiB.
pub const DEFAULT_MB: usize = 16;
/// The most the table may take, in MiB (the mobile budget).
pub const MAX_MB: usize = 1024;

/// A fixed-size table; its memory is `mb` MiB, set by [`Tt::new`] or [`Tt::resize`].
pub struct Tt {
    slots: Vec<Entry>,
    age: u8,
}

impl Tt {
    /// A table of `mb` MiB (clamped to 1..=[`MAX_MB`]).
    pub fn new(mb: usize) -> Tt {
        let mut tt = Tt { slots: Vec::new(), age: 0 };
        tt.resize(mb);
        tt
    }

    /// Drops every entry and takes `mb` MiB (clamped to 1..=[`MAX_MB`]).
    pub fn resize(&mut self, mb: usize) {
        let bytes = mb.clamp(1, MAX_MB) << 20;
        let n = bytes / std::mem::size_of::<Entry>();
        self.slots = vec![Entry::default(); n];
        self.age = 0;
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = Entry::default());
        self.age = 0;
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots.get(self.index(key))?;
        (e.bound != Bound::None && e.key == key).then_some(*e)
    }

    /// Stores a result; a deeper entry of the same search for another position stays.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let age = self.age;
        let i = self.index(key);
        let Some(e) = self.slots.get_mut(i) else { return };
        let depth = depth.clamp(-1, 127) as i8;
        let replace = e.bound == Bound::None
            || e.age != age
            || (e.key == key && (depth + 2 >= e.depth || bound == Bound::Exact))
            || depth >= e.depth;
        if !replace {
            return;
        }
        let mv = if mv.is_none() && e.key == key { e.mv } else { mv };
        let score = to_tt(score, ply).clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        *e = Entry { key, mv, score, depth, bound, age };
    }
}

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
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        tt.resize(2);
        assert!(tt.bytes() <= 2 << 20 && tt.bytes() > 1 << 20);
        tt.resize(0);
        assert!(tt.bytes() <= 1 << 20);
    }
}
