//! Exhaustive mate search for lesson puzzles with few pieces: whether the side to move
//! forces the opponent to have no legal move (将死 or 困毙) within a few moves.

use super::{Move, Position};

/// Whether the side to move has been mated (or 困毙): no legal move at all.
pub fn is_mated(pos: &Position) -> bool {
    !pos.has_legal_move()
}

/// Whether the side to move can force the opponent to have no legal move within `n` of
/// its own moves, whatever the opponent replies. Exhaustive; meant for lesson puzzles
/// with few pieces and `n` ≤ 3.
pub fn mates_in(pos: &Position, n: u8) -> bool {
    if n == 0 {
        return false;
    }
    let mut pos = pos.clone();
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        let undo = pos.make(m);
        let ok = forced_after(&mut pos, n - 1);
        pos.unmake(m, undo);
        if ok {
            return true;
        }
    }
    false
}

/// The opponent is to move: true when it is mated now or every reply still loses
/// within `n` more attacker moves.
fn forced_after(pos: &mut Position, n: u8) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return true;
    }
    if n == 0 {
        return false;
    }
    for &r in replies.iter() {
        let undo = pos.make(r);
        let ok = mates_in(pos, n);
        pos.unmake(r, undo);
        if !ok {
            return false;
        }
    }
    true
}

/// Whether playing `m` keeps a forced mate within `n` moves (counting `m`).
pub fn move_keeps_mate(pos: &Position, m: Move, n: u8) -> bool {
    if n == 0 || !pos.is_legal(m) {
        return false;
    }
    let mut pos = pos.clone();
    pos.make(m);
    forced_after(&mut pos, n - 1)
}

/// The smallest n ≤ `max` for which [`mates_in`] holds.
pub fn mate_distance(pos: &Position, max: u8) -> Option<u8> {
    (1..=max).find(|&n| mates_in(pos, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn mate_solver_finds_known_mates() {
        // A lone chariot cannot mate a general with room to step aside.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1").unwrap();
        assert!(!mates_in(&pos, 1));
        // With the red general holding the e-file, the chariot on the d-file mates.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 2), Some(1));
        // Two chariots, one holding the second line, the other mating on the back line.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 3), Some(2));
        let a1a8 = Move::new(Point::new(0, 1), Point::new(0, 8)).unwrap();
        assert!(move_keeps_mate(&pos, a1a8, 2));
        let a1a2 = Move::new(Point::new(0, 1), Point::new(0, 2)).unwrap();
        assert!(!move_keeps_mate(&pos, a1a2, 2));
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 2), Some(1));
        let mated = Position::from_fen("1R2k4/R8/9/9/9/9/9/9/9/5K3 b - - 0 1").unwrap();
        assert!(is_mated(&mated));
        assert!(mated.is_check());
    }
}
