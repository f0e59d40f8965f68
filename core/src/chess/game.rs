//! A chess game: the positions so far and the rules that need them. Threefold
//! repetition and the fifty-move rule are claims the UI offers the player; fivefold
//! repetition and the seventy-five-move rule end the game by themselves. Resignation,
//! an agreed draw and a fallen flag are declared here too.

use thiserror::Error;

use super::moves::{Move, Promotion};
use super::position::{PlayError, Position};
use super::view;
use crate::game::{BoardView, DrawReason, LastMove, Outcome, Point, Side, WinReason};

/// A draw the player to move may claim (FIDE 9.2 and 9.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    /// The same position for at least the third time.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
}

impl DrawClaim {
    /// The generic reason recorded when the claim is granted.
    pub fn reason(self) -> DrawReason {
        match self {
            DrawClaim::ThreefoldRepetition => DrawReason::Repetition,
            DrawClaim::FiftyMoves => DrawReason::MoveLimit,
        }
    }
}

/// Why a resignation, draw or claim was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EndError {
    #[error("the game is already over: {0:?}")]
    GameOver(Outcome),
    #[error(
        "no draw can be claimed: the position has not occurred three times and there have been {0} half-moves without capture or pawn move (100 are needed)"
    )]
    NothingToClaim(u32),
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// A game from a start position, with every position reached kept for repetitions
/// and for taking moves back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    start: Position,
    /// The position after each move, index for index with `moves`.
    later: Vec<Position>,
    moves: Vec<Move>,
    /// Repetition keys of the start and every later position.
    keys: Vec<u64>,
    /// An ending the board does not show: resignation, agreement, claim, time.
    declared: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start.
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from any legal position (a lesson's diagram, a FEN).
    pub fn from_position(start: Position) -> Game {
        let key = start.repetition_key();
        Game { start, later: Vec::new(), moves: Vec::new(), keys: vec![key], declared: None }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.later.last().unwrap_or(&self.start)
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whose move it is.
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// The board to draw, with the last move and a king in check marked.
    pub fn board_view(&self) -> BoardView {
        let pos = self.position();
        let check = pos.is_check().then(|| pos.king(pos.side_to_move()));
        let last = self.moves.last().map(|m| LastMove { from: Some(m.from), to: m.to });
        view::board_view(&pos.pieces(), pos.side_to_move(), check, last)
    }

    /// Where the piece on `from` may go; empty once the game is over.
    pub fn legal_targets(&self, from: Point) -> Vec<Point> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_targets(from)
    }

    /// Whether `from`→`to` is a promotion, so the UI must ask for the piece.
    pub fn is_promotion(&self, from: Point, to: Point) -> bool {
        self.position().is_promotion(from, to)
    }

    /// Plays a legal move. Refused once the game is over.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let mut next = self.position().clone();
        next.play(mv)?;
        self.keys.push(next.repetition_key());
        self.later.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Plays the move the user tapped. A pawn reaching the last rank without a
    /// choice gives [`PlayError::PromotionNeeded`]: ask, then call again.
    pub fn play_points(
        &mut self,
        from: Point,
        to: Point,
        promotion: Option<Promotion>,
    ) -> Result<Move, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let mv = self.position().move_between(from, to, promotion)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move (and any resignation or claim made after it).
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let mv = self.moves.pop()?;
        self.later.pop();
        self.keys.pop();
        Some(mv)
    }

    /// How often the current position has occurred in this game, itself included.
    pub fn repetitions(&self) -> usize {
        let current = self.keys.last().copied();
        self.keys.iter().filter(|k| Some(**k) == current).count()
    }

    /// How the game ended, or `None` while it goes on. Checks, in order: a declared
    /// end, what the position shows (mate, stalemate, dead material, 75 moves), and
    /// fivefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.declared {
            return Some(outcome);
        }
        if let Some(outcome) = self.position().outcome() {
            return Some(outcome);
        }
        if self.repetitions() >= 5 {
            return Some(Outcome::Draw { reason: DrawReason::Repetition });
        }
        None
    }

    /// The draw the player to move could claim now, if any.
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.outcome().is_some() {
            return None;
        }
        if self.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if self.position().halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// The draw the player to move could claim by announcing `mv` first (FIDE 9.2.1,
    /// 9.3.1): the move would make the third occurrence or the fiftieth move.
    pub fn claimable_draw_with(&self, mv: Move) -> Option<DrawClaim> {
        let mut after = self.clone();
        after.play(mv).ok()?;
        if after.position().outcome().is_some() {
            return None;
        }
        if after.repetitions() >= 3 {
            Some(DrawClaim::ThreefoldRepetition)
        } else if after.position().halfmoves() >= 100 {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// Claims the draw available now.
    pub fn claim_draw(&mut self) -> Result<Outcome, EndError> {
        if let Some(outcome) = self.outcome() {
            return Err(EndError::GameOver(outcome));
        }
        let claim =
            self.claimable_draw().ok_or(EndError::NothingToClaim(self.position().halfmoves()))?;
        let outcome = Outcome::Draw { reason: claim.reason() };
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// Announces `mv`, plays it and claims the draw it makes. If no draw follows,
    /// nothing is played.
    pub fn claim_draw_with(&mut self, mv: Move) -> Result<Outcome, EndError> {
        if let Some(outcome) = self.outcome() {
            return Err(EndError::GameOver(outcome));
        }
        if !self.position().is_legal(mv) {
            return Err(PlayError::Illegal(mv.uci()).into());
        }
        let claim = self
            .claimable_draw_with(mv)
            .ok_or(EndError::NothingToClaim(self.position().halfmoves()))?;
        self.play(mv)?;
        let outcome = Outcome::Draw { reason: claim.reason() };
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, EndError> {
        self.declare(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation })
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, EndError> {
        self.declare(Outcome::Draw { reason: DrawReason::Agreement })
    }

    /// `side`'s flag fell. The opponent wins unless it has only its king left, which
    /// cannot mate by any series of moves: then it is a draw (seed 000, 10.5).
    pub fn flag_fall(&mut self, side: Side) -> Result<Outcome, EndError> {
        let opponent = side.opponent();
        let lone_king =
            self.position().pieces().iter().filter(|(_, s, _)| *s == opponent).count() == 1;
        let outcome = if lone_king {
            Outcome::Draw { reason: DrawReason::InsufficientMaterial }
        } else {
            Outcome::Win { winner: opponent, reason: WinReason::Timeout }
        };
        self.declare(outcome)
    }

    /// Ends the game with an outcome decided outside the board (an imported PGN's
    /// result, a referee).
    pub fn declare(&mut self, outcome: Outcome) -> Result<Outcome, EndError> {
        if let Some(existing) = self.outcome() {
            return Err(EndError::GameOver(existing));
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }
}
