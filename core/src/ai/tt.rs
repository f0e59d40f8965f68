//! The transposition table the alpha-beta engines (xiangqi, chess, gomoku) share: a
//! fixed number of buckets of 16-byte entries, sized in MiB. A probe hands back a copy
//! of the entry, so the search never holds a reference into the table while it writes.
//!
//! Mate (or won-game) scores are stored relative to the node, not the root, so a mate
//! found through one path is right when the position is reached through another.
//!
//! What differs between the engines is a [`Scheme`]: the move type, how many entries a
//! bucket holds, how a key picks its bucket, and when a new result may replace the
//! entry it lands on. The storage, the probe, the ages and the mate scores are here.

use std::fmt;
use std::marker::PhantomData;

/// The table's size when none is asked for, in MiB.
pub const DEFAULT_MB: usize = 16;
/// The most a table may take, in MiB (the mobile budget).
pub const MAX_MB: usize = 1024;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    /// An empty entry.
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

/// One engine's way of using the table.
pub trait Scheme {
    /// The move an entry keeps (the best or refuting move found there).
    type Move: Copy + Eq + fmt::Debug;
    /// Entries in a bucket: a probe looks at each, a store picks one of them.
    const WAYS: usize = 1;
    /// Scores beyond this (either sign) are mates, stored relative to the node.
    const MATE_IN_MAX: i32;
    /// Ages count modulo this plus one: an entry this many searches old looks new again.
    const AGE_MASK: u8 = u8::MAX;

    /// How many buckets of `bucket_bytes` a table of `bytes` holds.
    fn buckets(bytes: usize, bucket_bytes: usize) -> usize {
        (bytes / bucket_bytes).max(1)
    }

    /// The bucket of `key` among `buckets` (by default the high bits of the product,
    /// which spreads keys over any number of buckets).
    fn index(key: u64, buckets: usize) -> usize {
        ((key as u128 * buckets as u128) >> 64) as usize
    }

    /// Whether a result for `key` at `depth` with `bound`, stored in search `age`,
    /// replaces `old`, the entry it was given.
    fn replaces(old: &Entry<Self>, key: u64, depth: i8, bound: Bound, age: u8) -> bool
    where
        Self: Sized;
}

/// A copy of what the table knows about a position.
pub struct Entry<S: Scheme> {
    key: u64,
    pub mv: Option<S::Move>,
    score: i16,
    pub depth: i8,
    pub bound: Bound,
    age: u8,
}

// Written out so that the scheme, a marker type, needs none of these traits itself.
impl<S: Scheme> Clone for Entry<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Scheme> Copy for Entry<S> {}

impl<S: Scheme> Default for Entry<S> {
    fn default() -> Self {
        Entry { key: 0, mv: None, score: 0, depth: 0, bound: Bound::None, age: 0 }
    }
}

impl<S: Scheme> PartialEq for Entry<S> {
    fn eq(&self, other: &Self) -> bool {
        (self.key, self.mv, self.score, self.depth, self.bound, self.age)
            == (other.key, other.mv, other.score, other.depth, other.bound, other.age)
    }
}

impl<S: Scheme> Eq for Entry<S> {}

impl<S: Scheme> fmt::Debug for Entry<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("key", &self.key)
            .field("mv", &self.mv)
            .field("score", &self.score)
            .field("depth", &self.depth)
            .field("bound", &self.bound)
            .field("age", &self.age)
            .finish()
    }
}

impl<S: Scheme> Entry<S> {
    /// The position's key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The search the entry was stored in (see [`Table::new_search`]).
    pub fn age(&self) -> u8 {
        self.age
    }

    /// The score seen from a node `ply` plies below the root.
    pub fn score(&self, ply: usize) -> i32 {
        from_tt(self.score as i32, ply, S::MATE_IN_MAX)
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

/// A mate score from the root's view becomes one from the node's.
fn to_tt(score: i32, ply: usize, mate_in_max: i32) -> i32 {
    if score > mate_in_max {
        score + ply as i32
    } else if score < -mate_in_max {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize, mate_in_max: i32) -> i32 {
    if score > mate_in_max {
        score - ply as i32
    } else if score < -mate_in_max {
        score + ply as i32
    } else {
        score
    }
}

/// A fixed-size table; its memory is set by [`Table::new`] or [`Table::resize`].
pub struct Table<S: Scheme> {
    /// `buckets × S::WAYS` entries, a bucket's entries side by side.
    slots: Vec<Entry<S>>,
    buckets: usize,
    age: u8,
    scheme: PhantomData<S>,
}

impl<S: Scheme> fmt::Debug for Table<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Table({} entries)", self.slots.len())
    }
}

impl<S: Scheme> Table<S> {
    /// A table of `mb` MiB (clamped to 1..=[`MAX_MB`]).
    pub fn new(mb: usize) -> Table<S> {
        let mut tt = Table { slots: Vec::new(), buckets: 0, age: 0, scheme: PhantomData };
        tt.resize(mb);
        tt
    }

    /// Drops every entry and takes `mb` MiB (clamped to 1..=[`MAX_MB`]).
    pub fn resize(&mut self, mb: usize) {
        let bytes = mb.clamp(1, MAX_MB) << 20;
        let bucket_bytes = S::WAYS * std::mem::size_of::<Entry<S>>();
        self.buckets = S::buckets(bytes, bucket_bytes);
        self.slots = Vec::new();
        self.slots = vec![Entry::default(); self.buckets * S::WAYS];
        self.age = 0;
    }

    /// Bytes held by the table.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Entry<S>>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.age = 0;
    }

    /// Starts a new search: entries of earlier searches become the first to go.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1) & S::AGE_MASK;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = S::index(key, self.buckets) * S::WAYS;
        start..start + S::WAYS
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<S>> {
        let bucket = self.slots.get(self.bucket(key))?;
        bucket.iter().find(|e| e.key == key && e.bound != Bound::None).copied()
    }

    /// Stores a result found `ply` plies below the root. In a bucket of several
    /// entries it lands on the one of the same position, else on the least worth
    /// keeping (an empty one, then one of an earlier search, then the shallowest);
    /// the scheme then says whether it replaces what is there. A result without a move
    /// keeps the move the entry had for the same position.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<S::Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let age = self.age;
        let range = self.bucket(key);
        let Some(bucket) = self.slots.get_mut(range) else { return };
        let victim = match bucket.iter().position(|e| e.key == key) {
            Some(j) => j,
            None => {
                let worth = |e: &Entry<S>| {
                    if e.bound == Bound::None {
                        -1000
                    } else if e.age != age {
                        -500 + e.depth as i32
                    } else {
                        e.depth as i32
                    }
                };
                // The first of the least worth.
                (1..bucket.len())
                    .fold(0, |v, j| if worth(&bucket[j]) < worth(&bucket[v]) { j } else { v })
            }
        };
        let e = &mut bucket[victim];
        let depth = depth.clamp(-1, 127) as i8;
        if !S::replaces(e, key, depth, bound, age) {
            return;
        }
        let mv = if mv.is_none() && e.key == key { e.mv } else { mv };
        let score = to_tt(score, ply, S::MATE_IN_MAX).clamp(i16::MIN as i32, i16::MAX as i32);
        *e = Entry { key, mv, score: score as i16, depth, bound, age };
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU16;

    use super::*;

    #[derive(Debug)]
    struct TwoWay;

    fn mv(n: u16) -> Option<NonZeroU16> {
        NonZeroU16::new(n)
    }

    impl Scheme for TwoWay {
        type Move = NonZeroU16;
        const WAYS: usize = 2;
        const MATE_IN_MAX: i32 = 29_000;
        fn replaces(_: &Entry<TwoWay>, _: u64, _: i8, _: Bound, _: u8) -> bool {
            true
        }
    }

    #[test]
    fn a_bucket_keeps_the_deeper_entry_of_the_current_search() {
        let mut tt = Table::<TwoWay>::new(1);
        let n = tt.buckets as u128;
        // Three keys of the same bucket (bucket 0: the high bits of key × n are zero).
        let keys = [1u64, 2, 3];
        assert!(keys.iter().all(|&k| (k as u128 * n) >> 64 == 0));
        tt.store(keys[0], mv(10), 5, 6, Bound::Exact, 0);
        tt.store(keys[1], mv(11), 5, 2, Bound::Exact, 0);
        tt.store(keys[2], mv(12), 5, 4, Bound::Exact, 0);
        assert_eq!(tt.probe(keys[0]).and_then(|e| e.mv), mv(10));
        assert_eq!(tt.probe(keys[1]), None);
        assert_eq!(tt.probe(keys[2]).and_then(|e| e.mv), mv(12));
        // After a new search the old entries go first, the deeper one last.
        tt.new_search();
        tt.store(keys[1], None, 5, 1, Bound::Lower, 0);
        assert_eq!(tt.probe(keys[0]).map(|e| e.depth), Some(6));
        assert_eq!(tt.probe(keys[1]).map(|e| (e.mv, e.age())), Some((None, 1)));
        assert_eq!(tt.probe(keys[2]), None);
    }

    #[test]
    fn entries_are_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry<TwoWay>>(), 16);
    }
}
