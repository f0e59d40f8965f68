//! 中国象棋: positions, legal moves, outcomes and 棋例 rulings, FEN and three notations.
//!
//! - [`Position`] is a validated position (from [`Position::from_fen`]) with fast legal
//!   move generation, make/unmake and a Zobrist key.
//! - [`Game`] records a game and decides its [`Outcome`](crate::Outcome): 将死, 困毙,
//!   repetition rulings by [`Ruleset`], the natural move limit and dead positions.
//! - [`notation`] reads and writes ICCS (`h2e2`), WXF (`C2.5`) and Chinese (`炮二平五`).
//!
//! Points use ICCS coordinates: file a..i = 0..8 from red's left, rank 0..9 from red's
//! back rank.
//!
//! ```
//! use qike_core::xiangqi::{Position, notation};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m = notation::parse_chinese(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! pos.play(m).unwrap();
//! assert_eq!(notation::format_wxf(&pos, notation::parse_iccs(&pos, "h9g7").unwrap()), "H8+7");
//! ```

mod chase;
mod face;
mod fen;
mod game;
pub mod mate_search;
mod movegen;
pub mod notation;
mod position;
mod refusal;
mod tables;
mod types;
mod view;

use crate::game::{Point, Side};

pub use fen::FenError;
pub use game::{Game, GameError, Rules, Ruleset};
pub use position::{Position, Undo};
pub use refusal::{IllegalReason, illegal_reason};
pub use types::{Kind, Move, MoveList};
pub use view::{glyph, marks};

/// The start position in the FEN dialect of UCCI and Fairy-Stockfish.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("({file}, {rank}) is not a point on the xiangqi board", file = .0.file, rank = .0.rank)]
    OffBoard(Point),
    #[error("there is no piece on {0}")]
    NoPiece(String),
    #[error("the piece on {0} belongs to the side not to move")]
    NotYourPiece(String),
    #[error("the piece on {from} cannot move to {to} by its rules")]
    CannotReach { from: String, to: String },
    #[error("{0} would leave the general in check or facing the other general")]
    LeavesGeneralAttacked(String),
}

fn iccs(p: Point) -> String {
    crate::game::GameKind::Xiangqi.point_name(p)
}

impl Position {
    /// Explains why `m` is not legal, or `Ok` when it is.
    pub fn check_move(&self, m: Move) -> Result<(), PlayError> {
        let (from, to) = (m.from(), m.to());
        let Some((side, _)) = self.piece_at(from) else {
            return Err(PlayError::NoPiece(iccs(from)));
        };
        if side != self.side_to_move() {
            return Err(PlayError::NotYourPiece(iccs(from)));
        }
        if self.is_legal(m) {
            return Ok(());
        }
        let mut list = MoveList::new();
        self.piece_moves(m.origin_sq(), side.index(), &mut list);
        if list.contains(m) {
            Err(PlayError::LeavesGeneralAttacked(m.to_string()))
        } else {
            Err(PlayError::CannotReach { from: iccs(from), to: iccs(to) })
        }
    }

    /// Plays a move after checking it is legal; on error the position is untouched.
    pub fn play(&mut self, m: Move) -> Result<Undo, PlayError> {
        self.check_move(m)?;
        Ok(self.make(m))
    }

    /// Plays the move from one point to another (the app's tap-tap input).
    pub fn play_points(&mut self, from: Point, to: Point) -> Result<Move, PlayError> {
        let m = Move::new(from, to)
            .ok_or(PlayError::OffBoard(if types::square(from).is_none() { from } else { to }))?;
        self.play(m)?;
        Ok(m)
    }

    /// What a UI draws for this position (the general in check is highlighted).
    pub fn board_view(&self) -> crate::game::BoardView {
        let pieces = self
            .pieces()
            .map(|(sq, _, side, kind)| (types::point(sq as u8), side, kind.piece_kind()));
        let mut view = view::board_view(pieces, self.side_to_move());
        if self.is_check() {
            let k = self.general_sq(self.side_to_move().index());
            view.highlights.push(crate::game::Highlight {
                at: types::point(k as u8),
                kind: crate::game::HighlightKind::Check,
            });
        }
        view
    }

    /// Whether the side given has no piece that could ever cross the river and attack
    /// (no chariot, horse, cannon or soldier).
    pub fn has_attackers(&self, side: Side) -> bool {
        [Kind::Chariot, Kind::Horse, Kind::Cannon, Kind::Soldier]
            .into_iter()
            .any(|k| self.count(side, k) > 0)
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

    #[test]
    fn attackers_of_points() {
        let pos = Position::startpos();
        let p = Point::new;
        assert_eq!(pos.attackers(p(7, 9), Side::First), vec![p(7, 2)]);
        assert_eq!(pos.attackers(p(4, 2), Side::First), vec![p(2, 0), p(6, 0)]);
        assert_eq!(pos.attackers(p(4, 1), Side::First).len(), 3);
        assert!(pos.attackers(p(1, 7), Side::First).is_empty());
        assert!(!pos.is_check());
    }

    #[test]
    fn tap_a_piece_and_play() {
        let mut pos = Position::startpos();
        // The red cannon on h2 can slide along rank 2 and up the file, and jump h9.
        let targets = pos.legal_targets(Point::new(7, 2));
        assert_eq!(targets.len(), 12);
        assert!(targets.contains(&Point::new(7, 9)));
        assert!(pos.legal_targets(Point::new(7, 7)).is_empty());
        assert_eq!(
            pos.play_points(Point::new(7, 2), Point::new(7, 3)),
            Ok(Move::new(Point::new(7, 2), Point::new(7, 3)).unwrap())
        );
        assert_eq!(pos.side_to_move(), Side::Second);
        assert!(matches!(
            pos.play_points(Point::new(7, 3), Point::new(7, 4)),
            Err(PlayError::NotYourPiece(_))
        ));
        assert!(matches!(
            pos.play_points(Point::new(1, 9), Point::new(1, 7)),
            Err(PlayError::CannotReach { .. })
        ));
        assert!(matches!(
            pos.play_points(Point::new(4, 4), Point::new(4, 5)),
            Err(PlayError::NoPiece(_))
        ));
        assert!(matches!(
            pos.play_points(Point::new(4, 4), Point::new(9, 5)),
            Err(PlayError::OffBoard(_))
        ));
    }
}
