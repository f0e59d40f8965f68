//! An unvalidated chess setup (what a FEN says) and the checks that turn it into a
//! playable position. Every reason a setup is refused is a [`PositionError`] naming
//! the problem, so a teacher typing a FEN sees what to fix.

use thiserror::Error;

use super::moves::{Role, square_name};
use crate::game::{BySide, Point, Side};

/// Which castlings a side still has the right to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastleSides {
    /// King's side, O-O.
    pub short: bool,
    /// Queen's side, O-O-O.
    pub long: bool,
}

/// Castling rights of both sides.
pub type Castling = BySide<CastleSides>;

/// Everything a FEN says, not yet checked for sense.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Squares indexed `rank * 8 + file`.
    pub board: [Option<(Side, Role)>; 64],
    pub turn: Side,
    pub castling: Castling,
    /// The square a pawn skipped over on the last move, if the FEN names one.
    pub en_passant: Option<Point>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The number of the current full move, starting at 1.
    pub fullmoves: u32,
}

/// Why a setup is not a playable chess position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("{} has no king", side_name(*.0))]
    MissingKing(Side),
    #[error("{} has more than one king", side_name(*.0))]
    TooManyKings(Side),
    #[error("{} has {} pieces; at most 16 are possible", side_name(*.0), .1)]
    TooManyPieces(Side, usize),
    #[error("{} has {} pawns; at most 8 are possible", side_name(*.0), .1)]
    TooManyPawns(Side, usize),
    #[error("a pawn stands on {}, on the first or last rank", square_name(*.0))]
    PawnOnBackRank(Point),
    #[error("{} is in check but it is {}'s move", side_name(*.0), side_name(.0.opponent()))]
    OppositeCheck(Side),
    #[error("the kings stand next to each other on {} and {}", square_name(*.0), square_name(*.1))]
    KingsTouching(Point, Point),
    #[error("{} is in check from {} pieces; at most two can give check at once", side_name(*.0), .1)]
    TooManyCheckers(Side, usize),
    #[error("{} may castle {} but its king is not on its starting square", side_name(*.0), wing(*.1))]
    CastlingKingMoved(Side, bool),
    #[error("{} may castle {} but there is no rook in that corner", side_name(*.0), wing(*.1))]
    CastlingRookMissing(Side, bool),
    #[error("en passant square {} is on the wrong rank for the side to move", square_name(*.0))]
    EnPassantRank(Point),
    #[error("en passant square {} needs an enemy pawn just past it and empty squares it skipped", square_name(*.0))]
    EnPassantNoPawn(Point),
    #[error("en passant square {}: the check on the board cannot follow that double step", square_name(*.0))]
    EnPassantImpossibleCheck(Point),
    #[error("the move generator refused the position: {0}")]
    Other(String),
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "white",
        Side::Second => "black",
    }
}

fn wing(short: bool) -> &'static str {
    if short { "king's side" } else { "queen's side" }
}

impl Setup {
    /// An empty board, white to move, no rights, move 1.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 64],
            turn: Side::First,
            castling: Castling::default(),
            en_passant: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece on a square; `None` for empty squares and points off the board.
    pub fn piece_at(&self, p: Point) -> Option<(Side, Role)> {
        if p.file >= 8 || p.rank >= 8 {
            return None;
        }
        self.board.get(usize::from(p.rank) * 8 + usize::from(p.file)).copied().flatten()
    }

    /// Puts a piece on (or clears) a square; points off the board are ignored.
    pub fn set(&mut self, p: Point, piece: Option<(Side, Role)>) {
        if p.file < 8
            && p.rank < 8
            && let Some(slot) = self.board.get_mut(usize::from(p.rank) * 8 + usize::from(p.file))
        {
            *slot = piece;
        }
    }

    fn count(&self, side: Side, role: Option<Role>) -> usize {
        self.board
            .iter()
            .flatten()
            .filter(|(s, r)| *s == side && role.is_none_or(|want| want == *r))
            .count()
    }

    /// Checks everything the move generator relies on and builds its board.
    pub(crate) fn validate(&self) -> Result<cozy_chess::Board, PositionError> {
        for side in [Side::First, Side::Second] {
            match self.count(side, Some(Role::King)) {
                0 => return Err(PositionError::MissingKing(side)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(side)),
            }
            let pieces = self.count(side, None);
            if pieces > 16 {
                return Err(PositionError::TooManyPieces(side, pieces));
            }
            let pawns = self.count(side, Some(Role::Pawn));
            if pawns > 8 {
                return Err(PositionError::TooManyPawns(side, pawns));
            }
        }
        for file in 0..8 {
            for rank in [0, 7] {
                let p = Point::new(file, rank);
                if matches!(self.piece_at(p), Some((_, Role::Pawn))) {
                    return Err(PositionError::PawnOnBackRank(p));
                }
            }
        }
        let king = |side| self.board.iter().position(|p| *p == Some((side, Role::King)));
        if let (Some(w), Some(b)) = (king(Side::First), king(Side::Second)) {
            let (wf, wr, bf, br) = (w % 8, w / 8, b % 8, b / 8);
            if wf.abs_diff(bf) <= 1 && wr.abs_diff(br) <= 1 {
                let at = |f: usize, r: usize| Point::new(f as u8, r as u8);
                return Err(PositionError::KingsTouching(at(wf, wr), at(bf, br)));
            }
        }
        self.check_castling()?;
        if let Some(ep) = self.en_passant {
            self.check_en_passant_squares(ep)?;
        }

        let mut builder = cozy_chess::BoardBuilder::empty();
        for (i, piece) in self.board.iter().enumerate() {
            if let (Some((side, role)), Some(sq)) = (piece, cozy_chess::Square::try_index(i)) {
                *builder.square_mut(sq) = Some((role.to_cozy(), side_to_cozy(*side)));
            }
        }
        builder.side_to_move = side_to_cozy(self.turn);
        for side in [Side::First, Side::Second] {
            let rights = self.castling.get(side);
            *builder.castle_rights_mut(side_to_cozy(side)) = cozy_chess::CastleRights {
                short: rights.short.then_some(cozy_chess::File::H),
                long: rights.long.then_some(cozy_chess::File::A),
            };
        }
        builder.en_passant = self.en_passant.and_then(point_to_square);
        // The generator keeps its own clock only up to 100; ours is kept beside it.
        builder.halfmove_clock = self.halfmoves.min(100) as u8;
        builder.fullmove_number = self.fullmoves.clamp(1, u32::from(u16::MAX)) as u16;

        use cozy_chess::BoardBuilderError as E;
        let board = builder.build().map_err(|e| match e {
            E::InvalidBoard => PositionError::OppositeCheck(self.turn.opponent()),
            E::InvalidEnPassant => match self.en_passant {
                Some(ep) => PositionError::EnPassantImpossibleCheck(ep),
                None => PositionError::Other(e.to_string()),
            },
            other => PositionError::Other(other.to_string()),
        })?;
        let checkers = board.checkers().len() as usize;
        if checkers > 2 {
            return Err(PositionError::TooManyCheckers(self.turn, checkers));
        }
        Ok(board)
    }

    fn check_castling(&self) -> Result<(), PositionError> {
        for side in [Side::First, Side::Second] {
            let rights = self.castling.get(side);
            let home = if side == Side::First { 0 } else { 7 };
            for (has, short, rook_file) in [(rights.short, true, 7), (rights.long, false, 0)] {
                if !has {
                    continue;
                }
                if self.piece_at(Point::new(4, home)) != Some((side, Role::King)) {
                    return Err(PositionError::CastlingKingMoved(side, short));
                }
                if self.piece_at(Point::new(rook_file, home)) != Some((side, Role::Rook)) {
                    return Err(PositionError::CastlingRookMissing(side, short));
                }
            }
        }
        Ok(())
    }

    fn check_en_passant_squares(&self, ep: Point) -> Result<(), PositionError> {
        // The pawn that just moved belongs to the side not to move.
        let (ep_rank, pawn_rank, from_rank) = match self.turn {
            Side::First => (5, 4, 6),
            Side::Second => (2, 3, 1),
        };
        if ep.rank != ep_rank {
            return Err(PositionError::EnPassantRank(ep));
        }
        let mover = self.turn.opponent();
        if self.piece_at(Point::new(ep.file, pawn_rank)) != Some((mover, Role::Pawn))
            || self.piece_at(ep).is_some()
            || self.piece_at(Point::new(ep.file, from_rank)).is_some()
        {
            return Err(PositionError::EnPassantNoPawn(ep));
        }
        Ok(())
    }
}

pub(crate) fn side_to_cozy(side: Side) -> cozy_chess::Color {
    match side {
        Side::First => cozy_chess::Color::White,
        Side::Second => cozy_chess::Color::Black,
    }
}

pub(crate) fn side_from_cozy(c: cozy_chess::Color) -> Side {
    match c {
        cozy_chess::Color::White => Side::First,
        cozy_chess::Color::Black => Side::Second,
    }
}

pub(crate) fn point_to_square(p: Point) -> Option<cozy_chess::Square> {
    if p.file >= 8 || p.rank >= 8 {
        return None;
    }
    cozy_chess::Square::try_index(usize::from(p.rank) * 8 + usize::from(p.file))
}

pub(crate) fn square_to_point(sq: cozy_chess::Square) -> Point {
    Point::new(sq.file() as u8, sq.rank() as u8)
}
