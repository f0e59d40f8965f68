//! Turning a xiangqi position into the generic [`BoardView`]: the river, the palaces,
//! the position marks and the Chinese characters on the pieces.

use crate::game::{BoardMark, BoardView, GameKind, PieceKind, PieceView, Point, Side};

/// The character written on a xiangqi piece. Red and black use different characters
/// for five of the seven kinds (帅/将, 仕/士, 相/象, 兵/卒) as on a real set.
pub fn glyph(side: Side, kind: PieceKind) -> &'static str {
    match (side, kind) {
        (Side::First, PieceKind::General) => "帅",
        (Side::First, PieceKind::Advisor) => "仕",
        (Side::First, PieceKind::Elephant) => "相",
        (Side::First, PieceKind::Horse) => "马",
        (Side::First, PieceKind::Chariot) => "车",
        (Side::First, PieceKind::Cannon) => "炮",
        (Side::First, PieceKind::Soldier) => "兵",
        (Side::Second, PieceKind::General) => "将",
        (Side::Second, PieceKind::Advisor) => "士",
        (Side::Second, PieceKind::Elephant) => "象",
        (Side::Second, PieceKind::Horse) => "马",
        (Side::Second, PieceKind::Chariot) => "车",
        (Side::Second, PieceKind::Cannon) => "炮",
        (Side::Second, PieceKind::Soldier) => "卒",
        _ => "?",
    }
}

/// The fixed drawing aids of a xiangqi board.
pub fn marks() -> Vec<BoardMark> {
    let mut marks = vec![
        BoardMark::River {
            below_rank: 4,
            left_text: "楚河".to_owned(),
            right_text: "汉界".to_owned(),
        },
        BoardMark::Palace { low: Point::new(3, 0), high: Point::new(5, 2) },
        BoardMark::Palace { low: Point::new(3, 7), high: Point::new(5, 9) },
    ];
    // Cannon and soldier starting points carry small corner marks.
    let cannon = [(1, 2), (7, 2), (1, 7), (7, 7)];
    let soldiers = (0..9).step_by(2).flat_map(|f| [(f, 3), (f, 6)]);
    for (file, rank) in cannon.into_iter().chain(soldiers) {
        marks.push(BoardMark::PositionMark { at: Point::new(file, rank) });
    }
    marks
}

/// A board view of the given pieces, with the xiangqi marks, nothing highlighted.
pub fn board_view(
    pieces: impl IntoIterator<Item = (Point, Side, PieceKind)>,
    side_to_move: Side,
) -> BoardView {
    let mut view = BoardView::empty(GameKind::Xiangqi, side_to_move);
    view.marks = marks();
    view.pieces = pieces
        .into_iter()
        .map(|(at, side, kind)| PieceView {
            at,
            side,
            colour: side.colour(GameKind::Xiangqi),
            kind,
            glyph: glyph(side, kind).to_owned(),
        })
        .collect();
    view
}
