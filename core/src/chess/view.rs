//! A chess position as the generic [`BoardView`].
//!
//! Glyphs are the Chinese piece names used in Chinese chess books — 王 后 车 象 马 兵 —
//! the same character for both sides, since the piece's colour already tells them
//! apart and the app draws xiangqi pieces the same way (a character on a disc).
//! [`unicode_symbol`] gives the ♔…♟ figurines for a UI that prefers them.

use super::moves::Role;
use crate::game::{
    BoardView, GameKind, Highlight, HighlightKind, LastMove, PieceView, Point, Side,
};

/// The Chinese character of a piece: 王后车象马兵.
pub fn glyph(role: Role) -> &'static str {
    match role {
        Role::King => "王",
        Role::Queen => "后",
        Role::Rook => "车",
        Role::Bishop => "象",
        Role::Knight => "马",
        Role::Pawn => "兵",
    }
}

/// The Unicode chess figurine of a piece (white ♔♕♖♗♘♙, black ♚♛♜♝♞♟).
pub fn unicode_symbol(side: Side, role: Role) -> char {
    let white = match role {
        Role::King => '♔',
        Role::Queen => '♕',
        Role::Rook => '♖',
        Role::Bishop => '♗',
        Role::Knight => '♘',
        Role::Pawn => '♙',
    };
    match side {
        Side::First => white,
        // The black figurines follow the white ones six code points later.
        Side::Second => char::from_u32(white as u32 + 6).unwrap_or(white),
    }
}

/// The view of the given pieces; a king in check is highlighted.
pub(crate) fn board_view(
    pieces: &[(Point, Side, Role)],
    side_to_move: Side,
    king_in_check: Option<Point>,
    last_move: Option<LastMove>,
) -> BoardView {
    let mut view = BoardView::empty(GameKind::Chess, side_to_move);
    view.pieces = pieces
        .iter()
        .map(|&(at, side, role)| PieceView {
            at,
            side,
            colour: side.colour(GameKind::Chess),
            kind: role.kind(),
            glyph: glyph(role).to_owned(),
        })
        .collect();
    view.pieces.sort_by_key(|p| (p.at.rank, p.at.file));
    if let Some(at) = king_in_check {
        view.highlights.push(Highlight { at, kind: HighlightKind::Check });
    }
    view.last_move = last_move;
    view
}

impl super::Position {
    /// What a UI draws for this position: pieces, side to move, a king in check.
    pub fn board_view(&self) -> BoardView {
        let check = self.is_check().then(|| self.king(self.side_to_move()));
        board_view(&self.pieces(), self.side_to_move(), check, None)
    }
}
