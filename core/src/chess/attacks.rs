//! Which pieces attack a square: the question a lesson asks when a piece may only step
//! onto squares the other side does not guard.

use cozy_chess::{
    BitBoard, Piece, get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks,
    get_rook_moves,
};

use super::position::Position;
use super::setup::{point_to_square, side_to_cozy, square_to_point};
use crate::game::{Point, Side};

/// The squares of `by`'s pieces that attack `at` (a pawn attacks diagonally forward,
/// whatever stands there; sliders stop at the first piece).
pub fn attackers(pos: &Position, at: Point, by: Side) -> Vec<Point> {
    let Some(sq) = point_to_square(at) else { return Vec::new() };
    let b = pos.cozy();
    let colour = side_to_cozy(by);
    let own = |p: Piece| b.colored_pieces(colour, p);
    let blockers = b.occupied();
    let straight = own(Piece::Rook) | own(Piece::Queen);
    let diagonal = own(Piece::Bishop) | own(Piece::Queen);
    let found: BitBoard = (get_rook_moves(sq, blockers) & straight)
        | (get_bishop_moves(sq, blockers) & diagonal)
        | (get_knight_moves(sq) & own(Piece::Knight))
        | (get_king_moves(sq) & own(Piece::King))
        | (get_pawn_attacks(sq, !colour) & own(Piece::Pawn));
    found.into_iter().map(square_to_point).collect()
}

/// Whether any piece of `by` attacks `at`.
pub fn is_attacked(pos: &Position, at: Point, by: Side) -> bool {
    !attackers(pos, at, by).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawns_knights_and_sliders_attack_as_they_capture() {
        let pos = Position::from_fen("4k3/8/8/3p4/8/2N5/8/R3K3 w - - 0 1").unwrap();
        let p = |s: &str| super::super::parse_square(s).unwrap();
        // The black pawn on d5 attacks c4 and e4, not d4.
        assert!(is_attacked(&pos, p("c4"), Side::Second));
        assert!(!is_attacked(&pos, p("d4"), Side::Second));
        // a5: the rook on a1 reaches it, the knight on c3 does not.
        assert_eq!(attackers(&pos, p("a5"), Side::First), vec![p("a1")]);
        // The rook's ray stops at the king on e1, which guards f1 itself.
        assert_eq!(attackers(&pos, p("f1"), Side::First), vec![p("e1")]);
        assert_eq!(attackers(&pos, p("d5"), Side::First), vec![p("c3")]);
    }
}
