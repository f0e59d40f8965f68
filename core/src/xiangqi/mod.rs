//! 中国象棋: positions, moves, rules and notation.
//!
//! Walking-skeleton version: the start position and a FEN reader for piece placement,
//! enough to draw a board. The full rules replace this module's internals.

mod view;

use std::fmt;

pub use view::{glyph, marks};

use crate::game::{BoardView, PieceKind, Point, Side};

/// The start position in the FEN dialect of UCCI and Fairy-Stockfish.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A xiangqi position: 90 points, rank 0 is red's back rank.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: [Option<(Side, PieceKind)>; 90],
    side_to_move: Side,
}

/// What is wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN has {0} ranks, a xiangqi board has 10")]
    RankCount(usize),
    #[error("rank {rank} of the FEN describes {files} files, a xiangqi board has 9")]
    FileCount { rank: usize, files: usize },
    #[error("unknown piece letter '{0}' in FEN")]
    UnknownPiece(char),
    #[error("side to move must be 'w' (red) or 'b' (black), found '{0}'")]
    SideToMove(String),
    #[error("FEN is empty")]
    Empty,
}

impl Position {
    /// The start position, red to move.
    pub fn startpos() -> Self {
        Self::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Reads the board and side to move of a FEN.
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut board = [None; 90];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
                let kind = match c.to_ascii_lowercase() {
                    'k' => PieceKind::General,
                    'a' => PieceKind::Advisor,
                    'b' | 'e' => PieceKind::Elephant,
                    'n' | 'h' => PieceKind::Horse,
                    'r' => PieceKind::Chariot,
                    'c' => PieceKind::Cannon,
                    'p' => PieceKind::Soldier,
                    _ => return Err(FenError::UnknownPiece(c)),
                };
                if file < 9 {
                    board[rank * 9 + file] = Some((side, kind));
                }
                file += 1;
            }
            if file != 9 {
                return Err(FenError::FileCount { rank: i + 1, files: file });
            }
        }
        let side_to_move = match fields.next().unwrap_or("w") {
            "w" | "r" => Side::First,
            "b" => Side::Second,
            other => return Err(FenError::SideToMove(other.to_owned())),
        };
        Ok(Position { board, side_to_move })
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// What a UI draws for this position.
    pub fn board_view(&self) -> BoardView {
        let pieces = self.board.iter().enumerate().filter_map(|(i, sq)| {
            sq.map(|(side, kind)| (Point::new((i % 9) as u8, (i / 9) as u8), side, kind))
        });
        view::board_view(pieces, self.side_to_move)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position").field("side_to_move", &self.side_to_move).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PieceKind;

    #[test]
    fn start_position_view_has_both_armies() {
        let view = Position::startpos().board_view();
        assert_eq!(view.pieces.len(), 32);
        let red_general = view.piece_at(Point::new(4, 0)).unwrap();
        assert_eq!((red_general.side, red_general.kind), (Side::First, PieceKind::General));
        assert_eq!(red_general.glyph, "帅");
        let black_general = view.piece_at(Point::new(4, 9)).unwrap();
        assert_eq!(black_general.glyph, "将");
        assert_eq!(view.piece_at(Point::new(1, 2)).unwrap().glyph, "炮");
        assert_eq!(view.piece_at(Point::new(0, 6)).unwrap().glyph, "卒");
    }

    #[test]
    fn bad_fens_are_typed_errors() {
        assert_eq!(Position::from_fen(""), Err(FenError::Empty));
        assert_eq!(Position::from_fen("9/9 w"), Err(FenError::RankCount(2)));
        assert!(matches!(
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
            Err(FenError::UnknownPiece('X'))
        ));
    }
}
