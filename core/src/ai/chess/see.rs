//! Static exchange evaluation: what a capture wins once both sides have taken back on
//! the square with their cheapest pieces, sliders behind sliders included.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use super::eval::VALUE;

fn attackers(b: &Board, sq: Square, occ: BitBoard) -> BitBoard {
    let diag = b.pieces(Piece::Bishop) | b.pieces(Piece::Queen);
    let line = b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
    let pawns = (get_pawn_attacks(sq, Color::White) & b.colored_pieces(Color::Black, Piece::Pawn))
        | (get_pawn_attacks(sq, Color::Black) & b.colored_pieces(Color::White, Piece::Pawn));
    (pawns
        | (get_knight_moves(sq) & b.pieces(Piece::Knight))
        | (get_king_moves(sq) & b.pieces(Piece::King))
        | (get_bishop_moves(sq, occ) & diag)
        | (get_rook_moves(sq, occ) & line))
        & occ
}

/// The piece a move captures (a pawn for en passant), if any.
pub fn captured(b: &Board, m: Move) -> Option<Piece> {
    if b.color_on(m.to) == Some(!b.side_to_move()) {
        return b.piece_on(m.to);
    }
    let pawn = b.piece_on(m.from) == Some(Piece::Pawn);
    (pawn && m.from.file() != m.to.file()).then_some(Piece::Pawn)
}

/// The material balance of the exchange that `m` starts, for the mover.
pub fn see(b: &Board, m: Move) -> i32 {
    let Some(mover) = b.piece_on(m.from) else { return 0 };
    let mut gain = [0i32; 32];
    let mut occ = b.occupied() ^ m.from.bitboard();
    if captured(b, m) == Some(Piece::Pawn) && b.piece_on(m.to).is_none() {
        // En passant: the taken pawn leaves its own square.
        let ep = Square::new(m.to.file(), m.from.rank());
        occ ^= ep.bitboard();
    }
    gain[0] = captured(b, m).map_or(0, |p| VALUE[p as usize]);
    let mut on_square = match m.promotion {
        Some(p) => {
            gain[0] += VALUE[p as usize] - VALUE[0];
            VALUE[p as usize]
        }
        None => VALUE[mover as usize],
    };
    if mover == Piece::King {
        on_square = 20_000;
    }
    let mut side = !b.side_to_move();
    let mut depth = 0;
    loop {
        let ours = attackers(b, m.to, occ) & b.colors(side);
        if ours.is_empty() {
            break;
        }
        let Some((piece, from)) =
            Piece::ALL.iter().find_map(|&p| (ours & b.pieces(p)).next_square().map(|s| (p, s)))
        else {
            break;
        };
        depth += 1;
        gain[depth] = on_square - gain[depth - 1];
        if gain[depth].max(-gain[depth - 1]) < 0 || depth == 31 {
            break;
        }
        on_square = if piece == Piece::King { 20_000 } else { VALUE[piece as usize] };
        occ ^= from.bitboard();
        side = !side;
        if piece == Piece::King && !(attackers(b, m.to, occ) & b.colors(side)).is_empty() {
            // The king may not take into a defended square.
            depth -= 1;
            break;
        }
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, mv: &str) -> i32 {
        see(&fen.parse::<Board>().unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn exchanges_are_counted() {
        // A pawn defended by a pawn, taken by a rook: the rook is lost for a pawn.
        assert_eq!(see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100 - 500);
        // An undefended knight.
        assert_eq!(see_of("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "d1d5"), 320);
        // The rook behind takes back: a pawn up after rook for rook.
        assert_eq!(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    }
}
