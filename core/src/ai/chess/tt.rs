//! The transposition table: a fixed number of two-entry buckets, sized in MiB. A new
//! entry replaces the shallower of the two unless one is from an earlier search (its
//! age differs), which goes first. Mate scores are stored relative to the node, not the
//! root, so a mate found through one path is right from another.

use cozy_chess::{Move, Piece, Square};

/// The table's size when none is asked for.
pub const DEFAULT_MB: usize = 16;
/// The largest table the engine accepts.
pub const MAX_MB: usize = 1024;

use super::search::MATE_IN_MAX;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bound in the low two bits (0 = empty), age above.
    meta: u8,
}

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Tt {
    slots: Vec<[Slot; 2]>,
    age: u8,
}

fn pack(mv: Option<Move>) -> u16 {
    let Some(m) = mv else { return 0 };
    let promo = match m.promotion {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    1 << 15 | promo << 12 | (m.from as u16) << 6 | m.to as u16
}

fn unpack(v: u16) -> Option<Move> {
    if v == 0 {
        return None;
    }
    let promotion = match (v >> 12) & 7 {
        1 => Some(Piece::Knight),
        2 => Some(Piece::Bishop),
        3 => Some(Piece::Rook),
        4 => Some(Piece::Queen),
        _ => None,
    };
    Some(Move {
        from: Square::index(((v >> 6) & 63) as usize),
        to: Square::index((v & 63) as usize),
        promotion,
    })
}

impl Tt {
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.clamp(1, MAX_MB) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<[Slot; 2]>()).max(1);
        Tt { slots: vec![[Slot::default(); 2]; n], age: 0 }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<[Slot; 2]>()
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|b| *b = [Slot::default(); 2]);
        self.age = 0;
    }

    /// Starts a new search: entries of earlier searches become the first to go.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let bucket = &self.slots[self.index(key)];
        let s = bucket.iter().find(|s| s.key == key && s.meta & 3 != 0)?;
        let bound = match s.meta & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: unpack(s.mv),
            score: from_tt(s.score as i32, ply),
            depth: s.depth as i32,
            bound,
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age;
        let i = self.index(key);
        let bucket = &mut self.slots[i];
        let victim = if let Some(j) = bucket.iter().position(|s| s.key == key) {
            j
        } else {
            let worth = |s: &Slot| {
                if s.meta & 3 == 0 {
                    -1000
                } else if s.meta >> 2 != age {
                    -500 + s.depth as i32
                } else {
                    s.depth as i32
                }
            };
            if worth(&bucket[0]) <= worth(&bucket[1]) { 0 } else { 1 }
        };
        let slot = &mut bucket[victim];
        // Keep the old move when the new entry has none for the same position.
        let mv = if mv.is_none() && slot.key == key { unpack(slot.mv) } else { mv };
        let b = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *slot = Slot {
            key,
            mv: pack(mv),
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            meta: age << 2 | b,
        };
    }
}

/// A mate score from the root's view becomes one from the node's.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_mates_survive_a_round_trip() {
        let mut tt = Tt::new(1);
        let mv: Move = "e7e8n".parse().unwrap();
        tt.store(42, 3, Some(mv), super::super::search::MATE - 7, 5, Bound::Exact);
        let hit = tt.probe(42, 5).unwrap();
        assert_eq!(hit.mv, Some(mv));
        // Mate in 4 plies from the node: 7 - 3 from where it was stored, 2 plies deeper.
        assert_eq!(hit.score, super::super::search::MATE - 9);
        assert!(tt.probe(43, 0).is_none());
    }
}
