//! Forced mates by exhaustive search: does the side to move mate in at most `n` of its
//! own moves against every defence? No evaluation and no pruning that could miss a
//! defence: every legal reply is tried. Only on the last move are quiet moves skipped,
//! because a move that gives no check cannot mate.
//!
//! Lesson puzzles are proven with it (the mate exists, there is no shorter one, every
//! move the lesson accepts keeps the mate), and a lesson's opponent answers with the
//! defence that holds out longest.

use super::moves::Move;
use super::position::Position;

/// The most moves of the attacker the search is asked to look at. Mate in 3 with many
/// pieces is already millions of positions.
pub const MAX_MATE_IN: u8 = 3;

/// Whether the side to move can force mate within `n` of its own moves.
pub fn mates_within(pos: &Position, n: u8) -> bool {
    n > 0 && pos.legal_moves().into_iter().any(|m| move_mates_within(pos, m, n))
}

/// Whether playing `mv` forces mate within `n` moves of the mover, this one included.
/// An illegal move never does.
pub fn move_mates_within(pos: &Position, mv: Move, n: u8) -> bool {
    if n == 0 || n > MAX_MATE_IN {
        return false;
    }
    let Some(next) = pos.after(mv) else { return false };
    if next.is_checkmate() {
        return true;
    }
    if n == 1 || !next.has_legal_moves() || next.outcome().is_some() {
        return false;
    }
    next.legal_moves().into_iter().all(|reply| {
        let mut after = next.clone();
        after.play_unchecked(reply);
        mates_within_checks_last(&after, n - 1)
    })
}

/// [`mates_within`], skipping quiet moves when only one move is left.
fn mates_within_checks_last(pos: &Position, n: u8) -> bool {
    if n == 1 {
        return pos.legal_moves().into_iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            next.is_checkmate()
        });
    }
    mates_within(pos, n)
}

/// The fewest moves in which the side to move forces mate, up to `max`.
pub fn shortest_mate(pos: &Position, max: u8) -> Option<u8> {
    (1..=max.min(MAX_MATE_IN)).find(|&n| mates_within(pos, n))
}

/// Every move that forces mate within `n` moves.
pub fn mating_moves(pos: &Position, n: u8) -> Vec<Move> {
    pos.legal_moves().into_iter().filter(|&m| move_mates_within(pos, m, n)).collect()
}

/// The defender's reply that puts off mate the longest (up to `n` attacker moves
/// looked at): a reply after which no mate within `n` is found beats every other; ties
/// go to the first in move order. `None` when the defender has no move.
pub fn best_defence(pos: &Position, n: u8) -> Option<Move> {
    let mut best: Option<(u8, Move)> = None;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let length = shortest_mate(&next, n).unwrap_or(u8::MAX);
        if best.is_none_or(|(l, _)| length > l) {
            best = Some((length, m));
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn uci(p: &Position, text: &str) -> Move {
        p.parse_uci(text).unwrap()
    }

    #[test]
    fn a_back_rank_mate_in_one_is_found_and_is_the_only_one() {
        let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(shortest_mate(&p, 3), Some(1));
        assert_eq!(mating_moves(&p, 1), vec![uci(&p, "a1a8")]);
        assert!(!move_mates_within(&p, uci(&p, "a1a7"), 1));
    }

    #[test]
    fn two_rooks_mate_in_two_with_no_shorter_mate() {
        // The ladder: the rook on the seventh cuts the king off, the other mates.
        let p = pos("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
        assert_eq!(shortest_mate(&p, 3), Some(2));
        assert!(move_mates_within(&p, uci(&p, "a2a7"), 2));
        // A check that lets the king out is not a mate in two.
        assert!(!move_mates_within(&p, uci(&p, "b1b8"), 2));
        let after = p.after(uci(&p, "a2a7")).unwrap();
        assert!(best_defence(&after, 2).is_some());
    }

    #[test]
    fn stalemate_is_not_mate() {
        // Qg6 would stalemate the king on h8; the queen mates with Qg7 instead.
        let p = pos("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        assert!(!move_mates_within(&p, uci(&p, "g1g6"), 1));
        assert!(move_mates_within(&p, uci(&p, "g1g7"), 1));
    }

    #[test]
    fn a_false_claim_is_refused() {
        // The lone king and rook far apart cannot mate in two.
        let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(shortest_mate(&p, 2), None);
        assert!(!mates_within(&p, 0));
        assert!(!move_mates_within(&p, uci(&p, "a1a8"), 9));
    }
}
