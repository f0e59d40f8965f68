//! A validated chess position on top of cozy-chess's move generator. It answers
//! what the UI and the notations ask: whose move, which moves are legal, what a move
//! does, and whether the position alone ends the game (mate, stalemate, dead material,
//! the seventy-five-move rule). Rules that need the history live in `game.rs`.

use thiserror::Error;

use super::draw;
use super::fen::FenError;
use super::moves::{Move, Promotion, Role, UciError};
use super::setup::{
    CastleSides, Castling, Setup, point_to_square, side_from_cozy, side_to_cozy, square_to_point,
};
use crate::game::{DrawReason, Outcome, Point, Side, WinReason};

/// A legal chess position: the board, side to move, castling and en passant rights,
/// and both move counters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: cozy_chess::Board,
    /// Our own clock: the generator's stops at 100, the 75-move rule needs 150.
    halfmoves: u32,
    fullmoves: u32,
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("there is no piece of the side to move on {0}")]
    NoPieceToMove(String),
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
    #[error("the pawn reaches the last rank on {0}: choose a queen, rook, bishop or knight")]
    PromotionNeeded(String),
    #[error("the game is already over ({0:?}): no more moves")]
    GameOver(Outcome),
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position { board: cozy_chess::Board::startpos(), halfmoves: 0, fullmoves: 1 }
    }

    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(&Setup::from_fen(fen)?)?)
    }

    /// Validates a setup.
    pub fn from_setup(setup: &Setup) -> Result<Position, super::setup::PositionError> {
        let board = setup.validate()?;
        Ok(Position { board, halfmoves: setup.halfmoves, fullmoves: setup.fullmoves.max(1) })
    }

    /// The position as an editable setup.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in self.board.occupied() {
            if let (Some(piece), Some(colour)) = (self.board.piece_on(sq), self.board.color_on(sq))
            {
                setup.set(
                    square_to_point(sq),
                    Some((side_from_cozy(colour), Role::from_cozy(piece))),
                );
            }
        }
        setup.turn = self.side_to_move();
        let mut castling = Castling::default();
        for side in [Side::First, Side::Second] {
            let rights = self.board.castle_rights(side_to_cozy(side));
            *castling.get_mut(side) =
                CastleSides { short: rights.short.is_some(), long: rights.long.is_some() };
        }
        setup.castling = castling;
        setup.en_passant = self.board.en_passant().map(|file| {
            let rank = if self.side_to_move() == Side::First { 5 } else { 2 };
            Point::new(file as u8, rank)
        });
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The position as FEN. The en passant square is written after every double step.
    pub fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    /// Whose move it is.
    pub fn side_to_move(&self) -> Side {
        side_from_cozy(self.board.side_to_move())
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The number of the current full move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The piece on a square.
    pub fn piece_at(&self, p: Point) -> Option<(Side, Role)> {
        let sq = point_to_square(p)?;
        Some((side_from_cozy(self.board.color_on(sq)?), Role::from_cozy(self.board.piece_on(sq)?)))
    }

    /// All pieces with their squares.
    pub fn pieces(&self) -> Vec<(Point, Side, Role)> {
        let mut out = Vec::with_capacity(32);
        for sq in self.board.occupied() {
            if let (Some(piece), Some(colour)) = (self.board.piece_on(sq), self.board.color_on(sq))
            {
                out.push((square_to_point(sq), side_from_cozy(colour), Role::from_cozy(piece)));
            }
        }
        out
    }

    /// The square of a side's king.
    pub fn king(&self, side: Side) -> Point {
        square_to_point(self.board.king(side_to_cozy(side)))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether neither side can ever mate (the cases of FIDE article 10.4 and their
    /// generalisation to any number of bishops that all stand on one colour).
    pub fn has_insufficient_material(&self) -> bool {
        draw::insufficient_material(&self.board)
    }

    /// How the position alone ends the game: checkmate, stalemate, dead material or
    /// 75 moves without capture or pawn move. Mate on the 150th half-move still wins.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Win {
                    winner: self.side_to_move().opponent(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw { reason: DrawReason::Stalemate }
            });
        }
        if self.has_insufficient_material() {
            return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
        }
        if self.halfmoves >= 150 {
            return Some(Outcome::Draw { reason: DrawReason::MoveLimit });
        }
        None
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.board.generate_moves(|pm| {
            for mv in pm {
                out.push(self.move_from_cozy(mv));
            }
            false
        });
        out
    }

    /// The legal moves of the piece on `from`.
    pub fn legal_moves_from(&self, from: Point) -> Vec<Move> {
        let Some(sq) = point_to_square(from) else { return Vec::new() };
        let mut out = Vec::new();
        self.board.generate_moves_for(sq.bitboard(), |pm| {
            for mv in pm {
                out.push(self.move_from_cozy(mv));
            }
            false
        });
        out
    }

    /// The squares the piece on `from` may move to (each once, even when it promotes).
    pub fn legal_targets(&self, from: Point) -> Vec<Point> {
        let mut targets: Vec<Point> = self.legal_moves_from(from).iter().map(|m| m.to).collect();
        targets.sort();
        targets.dedup();
        targets
    }

    /// Whether moving from `from` to `to` is a legal promotion, so the UI must ask
    /// which piece the pawn becomes.
    pub fn is_promotion(&self, from: Point, to: Point) -> bool {
        self.legal_moves_from(from).iter().any(|m| m.to == to && m.promotion.is_some())
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.to_cozy_move(mv).is_some_and(|m| self.board.is_legal(m))
    }

    /// The legal move from `from` to `to`, with the promotion the UI asked for.
    pub fn move_between(
        &self,
        from: Point,
        to: Point,
        promotion: Option<Promotion>,
    ) -> Result<Move, PlayError> {
        if self.piece_at(from).is_none_or(|(side, _)| side != self.side_to_move()) {
            return Err(PlayError::NoPieceToMove(super::moves::square_name(from)));
        }
        let mv = Move::new(from, to, promotion);
        if self.is_legal(mv) {
            return Ok(mv);
        }
        if promotion.is_none() && self.is_promotion(from, to) {
            return Err(PlayError::PromotionNeeded(super::moves::square_name(to)));
        }
        Err(PlayError::Illegal(mv.uci()))
    }

    /// Parses a UCI move and checks it is legal. Also takes the king-takes-rook form of
    /// castling (`e1h1`) that some engines send.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let mv = Move::from_uci(text)?;
        if self.is_legal(mv) {
            return Ok(mv);
        }
        let castle_form = self.legal_moves().into_iter().find(|m| {
            self.is_castling(*m)
                && m.from == mv.from
                && mv.promotion.is_none()
                && mv.to.rank == m.to.rank
                && mv.to.file == if m.to.file == 6 { 7 } else { 0 }
        });
        castle_form.ok_or_else(|| UciError::Illegal(text.to_owned()))
    }

    /// Plays a legal move; an illegal one leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let m = self
            .to_cozy_move(mv)
            .filter(|m| self.board.is_legal(*m))
            .ok_or_else(|| PlayError::Illegal(mv.uci()))?;
        self.play_cozy(m);
        Ok(())
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`] or a stored
    /// game) without reporting errors; an illegal move is ignored.
    pub fn play_unchecked(&mut self, mv: Move) {
        if let Some(m) = self.to_cozy_move(mv).filter(|m| self.board.is_legal(*m)) {
            self.play_cozy(m);
        }
    }

    fn play_cozy(&mut self, m: cozy_chess::Move) {
        let zeroing = self.board.piece_on(m.from) == Some(cozy_chess::Piece::Pawn)
            || (self.board.color_on(m.to) == Some(!self.board.side_to_move()));
        if self.board.side_to_move() == cozy_chess::Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.halfmoves = if zeroing { 0 } else { self.halfmoves.saturating_add(1) };
        self.board.play_unchecked(m);
    }

    /// Whether a move is a capture (en passant included).
    pub fn is_capture(&self, mv: Move) -> bool {
        self.piece_at(mv.to).is_some_and(|(side, _)| side != self.side_to_move())
            || self.is_en_passant(mv)
    }

    /// Whether a move takes a pawn en passant.
    pub fn is_en_passant(&self, mv: Move) -> bool {
        matches!(self.piece_at(mv.from), Some((_, Role::Pawn)))
            && mv.from.file != mv.to.file
            && self.piece_at(mv.to).is_none()
    }

    /// Whether a move is castling (the king moving two files).
    pub fn is_castling(&self, mv: Move) -> bool {
        matches!(self.piece_at(mv.from), Some((_, Role::King)))
            && mv.from.file.abs_diff(mv.to.file) == 2
    }

    /// The position after a legal move, or `None` for an illegal one.
    pub fn after(&self, mv: Move) -> Option<Position> {
        let mut next = self.clone();
        next.play(mv).ok()?;
        Some(next)
    }

    /// A key that is equal for positions that count as the same for repetition
    /// (FIDE 9.2: same pieces, side to move, castling rights and en passant chances).
    pub fn repetition_key(&self) -> u64 {
        let mut key = self.board.hash_without_ep();
        if let Some(file) = self.board.en_passant() {
            let rank = if self.side_to_move() == Side::First { 5 } else { 2 };
            let target = Point::new(file as u8, rank);
            let capturable = self
                .legal_moves()
                .iter()
                .any(|m| m.to == target && matches!(self.piece_at(m.from), Some((_, Role::Pawn))));
            if capturable {
                key ^= 0x9E37_79B9_7F4A_7C15u64.rotate_left(file as u32 * 7 + 1);
            }
        }
        key
    }

    /// The underlying generator's board, for perft and engines in this crate.
    pub(crate) fn cozy(&self) -> &cozy_chess::Board {
        &self.board
    }

    fn to_cozy_move(&self, mv: Move) -> Option<cozy_chess::Move> {
        let from = point_to_square(mv.from)?;
        let mut to = point_to_square(mv.to)?;
        let side = self.board.side_to_move();
        // The generator's own castling form (king takes own rook) is not ours.
        if self.board.colors(side).has(to) {
            return None;
        }
        if self.board.colored_pieces(side, cozy_chess::Piece::King).has(from)
            && mv.from.rank == mv.to.rank
            && mv.from.file == 4
            && mv.from.file.abs_diff(mv.to.file) == 2
        {
            let rook_file = if mv.to.file == 6 { 7 } else { 0 };
            to = point_to_square(Point::new(rook_file, mv.to.rank))?;
        }
        Some(cozy_chess::Move { from, to, promotion: mv.promotion.map(|p| p.role().to_cozy()) })
    }

    fn move_from_cozy(&self, m: cozy_chess::Move) -> Move {
        let from = square_to_point(m.from);
        let mut to = square_to_point(m.to);
        // Castling comes out of the generator as the king taking its own rook.
        if self.board.colors(self.board.side_to_move()).has(m.to) {
            to.file = if to.file > from.file { 6 } else { 2 };
        }
        Move {
            from,
            to,
            promotion: m.promotion.and_then(|p| Promotion::from_role(Role::from_cozy(p))),
        }
    }
}
