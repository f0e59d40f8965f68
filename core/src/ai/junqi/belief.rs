//! What a seat believes about the pieces it cannot see: for each one, the ranks it may
//! still be, narrowed by the setup rules (no 炸弹 on the first line, 地雷 only on the
//! last two lines, 军旗 only in a 大本营), by how it moved (a piece that moved is no
//! mine or flag; one that turned a corner on the railway is a 工兵) and by every
//! battle result announced (the pair of ranks must give that result), and by counting
//! (a rank whose pieces are all identified is struck from the others).

use std::collections::HashMap;

use crate::junqi::{
    Announcement, Battle, PieceId, Rank, RankSet, Seat, Station, View, battle, railway_lines,
};

/// How much of what it saw a player uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BeliefUse {
    /// Every hidden piece may be anything the set holds.
    None,
    /// The setup rules and how pieces moved.
    Movement,
    /// Also every battle result and counting.
    Full,
}

/// A seat's belief about every piece of the other seats.
#[derive(Debug, Clone)]
pub struct Belief {
    seat: Seat,
    depth: BeliefUse,
    sets: HashMap<PieceId, RankSet>,
    /// Pieces that left the board, with what they were believed to be.
    gone: HashMap<PieceId, RankSet>,
    /// The log entries already read.
    read: usize,
}

impl Belief {
    /// The belief at the start, from the seat's first view.
    pub fn new(view: &View, seat: Seat, depth: BeliefUse) -> Belief {
        let mut sets = HashMap::new();
        for at in Station::all() {
            let Some(p) = view.piece(at) else { continue };
            if p.seat == seat {
                continue;
            }
            let mut set = match p.rank {
                Some(rank) => RankSet::one(rank),
                None => RankSet::ALL,
            };
            if depth >= BeliefUse::Movement && p.rank.is_none() {
                let line = at.line().unwrap_or(1);
                if line == 1 {
                    set.remove(Rank::Bomb);
                }
                if line < 5 {
                    set.remove(Rank::Mine);
                }
                if !at.is_headquarters() {
                    set.remove(Rank::Flag);
                }
            }
            sets.insert(p.id, set);
        }
        Belief { seat, depth, sets, gone: HashMap::new(), read: 0 }
    }

    /// The ranks the piece may be (a single one for own or known pieces).
    pub fn set(&self, id: PieceId) -> RankSet {
        self.sets.get(&id).copied().unwrap_or(RankSet::ALL)
    }

    /// Reads the log entries not yet read and the pieces still on the board. `own`
    /// gives the rank of the seat's own pieces.
    pub fn update(&mut self, view: &View, log: &[Announcement], own: &HashMap<PieceId, Rank>) {
        let start = self.read.min(log.len());
        for entry in &log[start..] {
            self.read_entry(entry, own);
        }
        self.read = log.len();
        let on_board: std::collections::HashSet<PieceId> =
            view.stations.iter().flatten().map(|p| p.id).collect();
        let gone: Vec<PieceId> =
            self.sets.keys().filter(|id| !on_board.contains(id)).copied().collect();
        for id in gone {
            if let Some(set) = self.sets.remove(&id) {
                self.gone.insert(id, set);
            }
        }
        if self.depth >= BeliefUse::Full {
            self.count();
        }
    }

    fn rank_set(&self, id: PieceId, own: &HashMap<PieceId, Rank>) -> RankSet {
        match own.get(&id) {
            Some(&r) => RankSet::one(r),
            None => self.set(id),
        }
    }

    fn narrow(&mut self, id: PieceId, to: RankSet) {
        if id.seat() == self.seat {
            return;
        }
        if let Some(set) = self.sets.get_mut(&id) {
            let narrowed = set.and(to);
            // A contradiction means an earlier guess was too bold; keep the old set.
            if !narrowed.is_empty() {
                *set = narrowed;
            }
        }
    }

    fn read_entry(&mut self, entry: &Announcement, own: &HashMap<PieceId, Rank>) {
        if self.depth == BeliefUse::None {
            if let Announcement::FlagRevealed { piece, .. } = *entry {
                self.narrow(piece, RankSet::one(Rank::Flag));
            }
            return;
        }
        match *entry {
            Announcement::Moved { piece, from, to, .. } => self.moved(piece, from, to),
            Announcement::Battle { attacker, defender, from, to, result, .. } => {
                self.moved(attacker, from, to);
                if self.depth >= BeliefUse::Full {
                    self.battle(attacker, defender, result, own);
                }
            }
            Announcement::FlagRevealed { piece, .. } => {
                self.narrow(piece, RankSet::one(Rank::Flag))
            }
            Announcement::SeatOut { .. } => {}
            Announcement::Finished(_) => {}
        }
    }

    fn moved(&mut self, piece: PieceId, from: Station, to: Station) {
        let mut set = RankSet::ALL;
        set.remove(Rank::Mine);
        set.remove(Rank::Flag);
        if !from.neighbours().contains(&to)
            && !railway_lines().iter().any(|l| l.contains(&from) && l.contains(&to))
        {
            set = RankSet::one(Rank::Engineer);
        }
        self.narrow(piece, set);
    }

    fn battle(
        &mut self,
        attacker: PieceId,
        defender: PieceId,
        result: Battle,
        own: &HashMap<PieceId, Rank>,
    ) {
        let a = self.rank_set(attacker, own);
        let d = self.rank_set(defender, own);
        let gives = |x: Rank, y: Rank| battle(x, y) == Some(result);
        let a_new =
            RankSet::of(&a.iter().filter(|&x| d.iter().any(|y| gives(x, y))).collect::<Vec<_>>());
        let d_new =
            RankSet::of(&d.iter().filter(|&y| a.iter().any(|x| gives(x, y))).collect::<Vec<_>>());
        self.narrow(attacker, a_new);
        self.narrow(defender, d_new);
    }

    /// Strikes a rank from a seat's unidentified pieces once all of its pieces of that
    /// rank are identified (alive or gone), and names the rank of the pieces that must
    /// be it (as many may be it as remain unidentified).
    fn count(&mut self) {
        for _ in 0..3 {
            let mut changed = false;
            for seat in Seat::ALL {
                if seat == self.seat {
                    continue;
                }
                for rank in Rank::ALL {
                    let known = self
                        .sets
                        .iter()
                        .chain(self.gone.iter())
                        .filter(|(id, s)| id.seat() == seat && s.single() == Some(rank))
                        .count();
                    if known >= rank.count() {
                        for (id, set) in self.sets.iter_mut() {
                            if id.seat() == seat && set.len() > 1 && set.contains(rank) {
                                set.remove(rank);
                                changed = true;
                            }
                        }
                        continue;
                    }
                    // As many pieces may still be this rank as remain of it: each of
                    // them is one.
                    let open = |(id, s): (&PieceId, &RankSet)| {
                        id.seat() == seat && s.len() > 1 && s.contains(rank)
                    };
                    let candidates = self.sets.iter().filter(|e| open(*e)).count()
                        + self.gone.iter().filter(|e| open(*e)).count();
                    if candidates > 0 && candidates == rank.count() - known {
                        for (id, set) in self.sets.iter_mut() {
                            if id.seat() == seat && set.len() > 1 && set.contains(rank) {
                                *set = RankSet::one(rank);
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The chance of each rank for a hidden piece: each rank weighted by how many of it
    /// remain unidentified over how many pieces might be it.
    pub fn distribution(&self, id: PieceId) -> [f64; 12] {
        let set = self.set(id);
        let mut out = [0.0; 12];
        if let Some(r) = set.single() {
            out[r.index()] = 1.0;
            return out;
        }
        let seat = id.seat();
        let mut total = 0.0;
        for rank in set.iter() {
            let candidates = self
                .sets
                .iter()
                .filter(|(i, s)| i.seat() == seat && s.contains(rank))
                .count()
                .max(1);
            let identified = self
                .sets
                .iter()
                .chain(self.gone.iter())
                .filter(|(i, s)| i.seat() == seat && s.single() == Some(rank))
                .count();
            let remaining = rank.count().saturating_sub(identified).max(1) as f64;
            let w = (remaining / candidates as f64).min(1.0);
            out[rank.index()] = w;
            total += w;
        }
        if total > 0.0 {
            for w in out.iter_mut() {
                *w /= total;
            }
        }
        out
    }
}
