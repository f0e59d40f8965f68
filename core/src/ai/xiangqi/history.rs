//! What the search remembers about quiet moves between nodes and between searches, for
//! ordering and reducing them: the butterfly history (by origin and target square),
//! the continuation history (by the previous move), two killers per ply and the
//! counter-move of each move.

use crate::xiangqi::{Move, Position};

use super::eval::kind_of_id;
use super::search::MAX_PLY;

/// History scores by origin and target square.
pub(crate) type Butterfly = [[i32; 90]; 90];

/// Continuation history: how well a quiet move (by piece kind and target) did right
/// after the opponent's previous move (by its piece kind and target), indexed
/// `kind * 90 + square` both ways.
pub(crate) type ContHistory = [[i32; 630]; 630];

/// The continuation-history index of the piece on `to` having just moved there (or
/// about to move from `from` when given the position before the move).
#[inline]
pub(crate) fn cont_index(pos: &Position, from: usize, to: usize) -> usize {
    kind_of_id(pos.board[from]) as usize * 90 + to
}

/// History scores stay within ±this (the gravity update keeps them there).
const HISTORY_MAX: i32 = 16_384;

/// The move-ordering memory of one searcher.
pub(crate) struct History {
    pub(crate) butterfly: Box<Butterfly>,
    cont: Box<ContHistory>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The quiet move that last refuted each move, by its origin and target.
    counters: Box<[[Option<Move>; 90]; 90]>,
}

impl History {
    pub(crate) fn new() -> History {
        History {
            butterfly: Box::new([[0; 90]; 90]),
            cont: vec![[0; 630]; 630]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!()),
            killers: [[None; 2]; MAX_PLY + 1],
            counters: Box::new([[None; 90]; 90]),
        }
    }

    /// Forgets the histories and counter-moves (a new game).
    pub(crate) fn clear(&mut self) {
        self.butterfly.iter_mut().for_each(|row| row.fill(0));
        self.counters.iter_mut().for_each(|row| row.fill(None));
        self.cont.iter_mut().for_each(|row| row.fill(0));
    }

    /// Starts a search: no killers yet, and the histories count half.
    pub(crate) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.butterfly.iter_mut().for_each(|row| row.iter_mut().for_each(|h| *h /= 2));
        self.cont.iter_mut().for_each(|row| row.iter_mut().for_each(|h| *h /= 2));
    }

    /// The killers of `ply`.
    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// The counter-move to `prev`, the move that led to the node.
    #[inline]
    pub(crate) fn counter(&self, prev: Option<Move>) -> Option<Move> {
        prev.and_then(|p| self.counters[p.origin_sq()][p.to_sq()])
    }

    /// The continuation row of the previous move's index.
    #[inline]
    pub(crate) fn cont_row(&self, prev: Option<usize>) -> Option<&[i32; 630]> {
        prev.and_then(|i| self.cont.get(i))
    }

    /// A quiet move's history: butterfly plus continuation (`cur` its continuation
    /// index, `prev` the previous move's).
    #[inline]
    pub(crate) fn quiet_score(&self, m: Move, cur: usize, prev: Option<usize>) -> i32 {
        self.butterfly[m.origin_sq()][m.to_sq()] + prev.map_or(0, |p| self.cont[p][cur])
    }

    /// Killer and history credit for a quiet move `m` that caused a cut-off at `ply`
    /// after the move `prev`, and a history penalty for the quiet moves tried before it.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        ply: usize,
        prev: Option<Move>,
        tried: &[Move],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = prev {
            self.counters[p.origin_sq()][p.to_sq()] = Some(m);
        }
        let bonus = (depth * depth * 16).min(1600);
        let prev = prev.map(|p| cont_index(pos, p.to_sq(), p.to_sq()));
        let (history, cont) = (&mut self.butterfly, &mut self.cont);
        let mut add = |mv: Move, b: i32| {
            let gravity = |h: &mut i32| *h += b - *h * b.abs() / HISTORY_MAX;
            if let Some(h) = history.get_mut(mv.origin_sq()).and_then(|r| r.get_mut(mv.to_sq())) {
                gravity(h);
            }
            let cur = cont_index(pos, mv.origin_sq(), mv.to_sq());
            if let Some(h) = prev.and_then(|p| cont.get_mut(p)).and_then(|r| r.get_mut(cur)) {
                gravity(h);
            }
        };
        add(m, bonus);
        for &q in tried {
            add(q, -bonus);
        }
    }
}
