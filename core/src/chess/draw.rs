//! Dead positions by material (FIDE 10.4 in the seed text): no sequence of legal moves
//! could ever lead to mate, so the game is drawn at once.

use cozy_chess::{BitBoard, Board, Piece};

/// Squares of the light colour (h1 is light).
const LIGHT_SQUARES: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);

/// King against king, king and one minor piece against king, and kings with bishops
/// that all stand on squares of one colour (which covers K+B v K+B on the same colour).
pub(crate) fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if knights.len() + bishops.len() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

#[cfg(test)]
mod tests {
    use crate::chess::Position;

    fn dead(fen: &str) -> bool {
        Position::from_fen(fen).map(|p| p.has_insufficient_material()).unwrap_or(false)
    }

    #[test]
    fn light_squares_mask_is_right() {
        // a1 is dark, h1 light, a8 light.
        assert_eq!(super::LIGHT_SQUARES.0 & 1, 0);
        assert_ne!(super::LIGHT_SQUARES.0 & (1 << 7), 0);
        assert_ne!(super::LIGHT_SQUARES.0 & (1 << 56), 0);
    }

    #[test]
    fn the_article_cases_are_dead() {
        assert!(dead("8/8/4k3/8/8/4K3/8/8 w - - 0 1"));
        assert!(dead("8/8/4k3/8/8/4KB2/8/8 w - - 0 1"));
        assert!(dead("8/8/4k3/8/8/4KN2/8/8 b - - 0 1"));
        // Bishops on c1 and f8: both dark.
        assert!(dead("5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1"));
    }

    #[test]
    fn mating_material_is_not_dead() {
        // Bishops on c1 (dark) and c8 (light).
        assert!(!dead("2b5/8/4k3/8/8/4K3/8/2B5 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/8/1NN5 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/8/1N3n2 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1"));
        assert!(!dead("8/8/4k3/8/8/4K3/8/4R3 w - - 0 1"));
    }
}
