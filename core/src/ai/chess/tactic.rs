//! Material-winning tactics, checked by the engine's own search: after the key move
//! the engine, searching a stated depth for both sides, still finds the mover ahead
//! by at least a stated margin compared with the material before the move. A lesson's
//! fork, pin or skewer is proven this way, and a tempting wrong move is shown not to
//! win as much.

use crate::ai::Limits;
use crate::chess::{Move, Position, Role};
use crate::game::Side;

use super::eval::VALUE;
use super::search::{MATE_IN_MAX, Searcher};

/// Plies the search looks ahead from the position after the key move (quiescence
/// then settles the captures at the end).
pub const TACTIC_DEPTH: u32 = 6;
/// Centipawns (a pawn is 100) the key move must gain: more than a pawn and a half,
/// so a knight for a rook or anything bigger, never a positional edge.
pub const TACTIC_MARGIN: i32 = 150;

/// The engine's value of a piece in centipawns (0 for the king).
pub const fn piece_value(role: Role) -> i32 {
    let i = match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    };
    VALUE[i]
}

/// `side`'s material minus the other side's.
pub fn material_balance(pos: &Position, side: Side) -> i32 {
    pos.pieces()
        .iter()
        .map(|&(_, s, r)| if s == side { piece_value(r) } else { -piece_value(r) })
        .sum()
}

/// What `mv` gains for the side to move: the search's score of the position after it
/// (from the mover's side, at `depth` plies) minus the material balance before it. A
/// forced mate counts as a gain bigger than any material. `None` for an illegal move.
pub fn gain(pos: &Position, mv: Move, depth: u32) -> Option<i32> {
    let next = pos.after(mv)?;
    let side = pos.side_to_move();
    if next.is_checkmate() {
        return Some(i32::from(i16::MAX));
    }
    if next.outcome().is_some() {
        return Some(-material_balance(pos, side));
    }
    let mut searcher = Searcher::new(1);
    let score = -searcher.search(&next, &[], &Limits::depth(depth.max(1))).score;
    if score >= MATE_IN_MAX {
        return Some(i32::from(i16::MAX));
    }
    Some(score - material_balance(pos, side))
}

/// Whether `mv` wins at least `margin` by the search at `depth`.
pub fn wins_material(pos: &Position, mv: Move, depth: u32, margin: i32) -> bool {
    gain(pos, mv, depth).is_some_and(|g| g >= margin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knight_fork_wins_the_rook_and_a_quiet_move_does_not() {
        // Nc7+ forks the king on e8 and the rook on a8.
        let pos = Position::from_fen("r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1").unwrap();
        let fork = pos.parse_uci("d5c7").unwrap();
        assert!(wins_material(&pos, fork, TACTIC_DEPTH, TACTIC_MARGIN));
        let quiet = pos.parse_uci("e1d2").unwrap();
        assert!(!wins_material(&pos, quiet, TACTIC_DEPTH, TACTIC_MARGIN));
    }

    #[test]
    fn taking_a_defended_pawn_with_the_queen_is_not_a_win() {
        let pos = Position::from_fen("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1").unwrap();
        let grab = pos.parse_uci("d2d5").unwrap();
        assert!(!wins_material(&pos, grab, TACTIC_DEPTH, TACTIC_MARGIN));
        assert!(gain(&pos, grab, TACTIC_DEPTH).unwrap() < -500);
    }
}
