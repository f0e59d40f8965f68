//! A xiangqi game as an FFI object.

use std::sync::Mutex;

use qike_core::xiangqi::Position;
use qike_core::{BoardView, PieceView, Point, Side};

use crate::error::{MoveError, XiangqiFenError, off_board_text};

/// A xiangqi game in progress.
#[derive(Debug, uniffi::Object)]
pub struct XiangqiGame {
    inner: Mutex<Position>,
}

#[uniffi::export]
impl XiangqiGame {
    /// A new game from the start position, red to move.
    #[uniffi::constructor]
    pub fn new() -> Self {
        XiangqiGame { inner: Mutex::new(Position::startpos()) }
    }

    /// A game from a FEN (UCCI / Fairy-Stockfish dialect).
    #[uniffi::constructor]
    pub fn from_fen(fen: String) -> Result<Self, XiangqiFenError> {
        Ok(XiangqiGame { inner: Mutex::new(Position::from_fen(&fen)?) })
    }

    /// What to draw.
    pub fn board_view(&self) -> BoardView {
        self.position().board_view()
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// The piece on a point, `None` for an empty point, an error off the board.
    pub fn piece_at(&self, at: Point) -> Result<Option<PieceView>, MoveError> {
        let view = self.board_view();
        if !view.contains(at) {
            return Err(MoveError::OffBoard(off_board_text(at)));
        }
        Ok(view.piece_at(at).cloned())
    }
}

impl Default for XiangqiGame {
    fn default() -> Self {
        Self::new()
    }
}

impl XiangqiGame {
    /// A copy of the position; a poisoned lock still holds a consistent position
    /// because every mutation replaces it whole.
    fn position(&self) -> Position {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}
