//! Last good replies with forgetting: the playouts remember, for each side, the move
//! that answered the opponent's last move (and the last two moves of the game) in a
//! playout that side won, and play it again when the same move comes up; a reply that
//! then loses is forgotten. Local fights that the fixed knowledge does not read (which answer saves a
//! group, which cut works) are learnt this way within one search.

use crate::game::Side;
use crate::go::board::MAX_CELLS;

use super::policy::{PASS, Played};

/// The smallest board whose playouts use the replies: on smaller boards the fixed
/// knowledge already answers most local fights, and the replies played in its place
/// cost games (see the measurements).
pub(crate) const FROM_SIZE: u8 = 16;

/// No reply is stored.
const NONE: u16 = 0;

/// The reply tables of one search.
pub(crate) struct Replies {
    /// `[side][previous]`: the reply to one move.
    one: Vec<u16>,
    /// `[side][before previous][previous]`: the reply to two moves in a row.
    two: Vec<u16>,
}

impl std::fmt::Debug for Replies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replies").field("stored", &self.stored()).finish()
    }
}

impl Replies {
    /// Empty tables: nothing is allocated until the first [`Replies::clear`], so a
    /// search on a smaller board never pays for them.
    pub(crate) fn new() -> Replies {
        Replies { one: Vec::new(), two: Vec::new() }
    }

    /// How many replies are stored.
    pub(crate) fn stored(&self) -> usize {
        self.one.iter().chain(&self.two).filter(|&&r| r != NONE).count()
    }

    /// Forgets everything (allocating the tables the first time): a search then
    /// depends only on its root and budget.
    pub(crate) fn clear(&mut self) {
        self.one.clear();
        self.one.resize(2 * MAX_CELLS, NONE);
        self.two.clear();
        self.two.resize(2 * MAX_CELLS * MAX_CELLS, NONE);
    }

    fn slot_one(side: Side, previous: usize) -> usize {
        side.index() * MAX_CELLS + previous
    }

    fn slot_two(side: Side, before: usize, previous: usize) -> usize {
        (side.index() * MAX_CELLS + before) * MAX_CELLS + previous
    }

    /// The stored replies of `side` to `previous` (after `before`): the two-move reply
    /// first, then the one-move reply; [`PASS`] for none.
    pub(crate) fn lookup(&self, side: Side, before: usize, previous: usize) -> [usize; 2] {
        if previous == PASS {
            return [PASS; 2];
        }
        let two =
            if before == PASS { NONE } else { self.two[Replies::slot_two(side, before, previous)] };
        [usize::from(two), usize::from(self.one[Replies::slot_one(side, previous)])]
    }

    /// Learns from one finished playout: `moves` from the root on (tree and playout),
    /// `root_last` the move before them, `black` black's result (1 a win, 0 a loss, a
    /// half for a draw, which teaches nothing). Each winner's reply is stored, each
    /// loser's stored reply that was played is forgotten.
    pub(crate) fn learn(
        &mut self,
        moves: &[Played],
        root_last: usize,
        root_before: usize,
        black: f32,
    ) {
        if black == 0.5 {
            return;
        }
        let mut before = root_before;
        let mut previous = root_last;
        for &(mv, side) in moves {
            if mv != PASS && previous != PASS {
                let won = (black > 0.5) == (side == Side::First);
                let one = Replies::slot_one(side, previous);
                let two = (before != PASS).then(|| Replies::slot_two(side, before, previous));
                if won {
                    self.one[one] = mv as u16;
                    if let Some(two) = two {
                        self.two[two] = mv as u16;
                    }
                } else {
                    if usize::from(self.one[one]) == mv {
                        self.one[one] = NONE;
                    }
                    if let Some(two) = two
                        && usize::from(self.two[two]) == mv
                    {
                        self.two[two] = NONE;
                    }
                }
            }
            before = previous;
            previous = mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{First as B, Second as W};

    #[test]
    fn a_winning_reply_is_kept_and_a_losing_one_forgotten() {
        let mut r = Replies::new();
        r.clear();
        // White answered 40 with 41, black then 60 after 40, 41.
        let game = [(41, W), (60, B), (70, W)];
        r.learn(&game, 40, 30, 0.0);
        assert_eq!(r.lookup(W, 30, 40), [41, 41], "white won: its replies are stored");
        assert_eq!(r.lookup(B, 40, 41), [PASS, PASS], "black lost: nothing stored");
        assert_eq!(r.lookup(W, 41, 60), [70, 70]);
        // A draw teaches nothing.
        r.learn(&[(42, W)], 40, 30, 0.5);
        assert_eq!(r.lookup(W, 30, 40), [41, 41]);
        // After another move before it, only the one-move reply applies.
        assert_eq!(r.lookup(W, 31, 40), [PASS, 41]);
        // The same reply in a lost playout is forgotten; another reply is left alone.
        r.learn(&[(41, W)], 40, 31, 1.0);
        assert_eq!(r.lookup(W, 30, 40), [41, PASS]);
        r.learn(&[(60, W)], 41, PASS, 1.0);
        assert_eq!(r.lookup(W, 41, 60), [70, 70]);
        // Passes are no moves to answer, and no answers.
        r.learn(&[(PASS, B), (50, W)], 40, 30, 0.0);
        assert_eq!(r.lookup(W, 40, PASS), [PASS, PASS]);
        r.clear();
        assert_eq!(r.lookup(W, 41, 60), [PASS, PASS]);
    }
}
