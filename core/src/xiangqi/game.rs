//! A game of xiangqi under a ruleset: the moves so far and how the game ended.
//!
//! Outcomes, checked after every move in this order:
//! 1. The side to move has no legal move: it loses — 将死 when in check, else 困毙.
//! 2. Repetition: when the position (placement and side to move) occurs for the
//!    `repetitions`-th time since the last capture, the ruleset decides (see
//!    [`Ruleset`]).
//! 3. Natural move limit (自然限着): `move_limit` moves by each side with no capture.
//! 4. Dead position: neither side has a chariot, horse, cannon or soldier left.
//!
//! Resignation and agreed draws end the game when the players say so.

use crate::game::{DrawReason, Outcome, Side, WinReason};

use super::chase::chased_by_move;
use super::position::{Position, si};
use super::{Move, PlayError};

/// How repeated positions are ruled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Ruleset {
    /// The Chinese Xiangqi Association's 棋例, simplified to what a program can judge:
    /// over the repeated stretch, a side whose every move checks (长将), or whose every
    /// move checks or chases and whose chasing moves all chase one same piece (长捉,
    /// 一将一捉), plays a forbidden repetition. If exactly one side does, it loses; if
    /// both or neither do, the game is drawn (不变作和).
    #[default]
    Chinese,
    /// Casual play: a repeated position is a draw, whatever the moves were.
    ThreefoldDraw,
}

/// The rules a [`Game`] is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ruleset: Ruleset,
    /// 自然限着: moves by each side without a capture that draw the game; 0 turns it off.
    pub move_limit: u32,
    /// How many times a position must occur before repetition is ruled (at least 2).
    pub repetitions: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { ruleset: Ruleset::Chinese, move_limit: 60, repetitions: 3 }
    }
}

/// Why a game action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is already over")]
    Over,
    #[error(transparent)]
    Illegal(#[from] PlayError),
}

/// What one move did, as far as the rulings care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ply {
    mv: Move,
    mover: Side,
    check: bool,
    /// Enemy pieces (by id slot) this move chases.
    chases: u16,
}

/// A game: the start position, the moves, and the outcome once there is one.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// `keys[i]` is the position key after `i` plies.
    keys: Vec<u64>,
    /// Ply count at the last capture (positions before it cannot recur).
    last_capture: usize,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::startpos(), Rules::default())
    }
}

impl Game {
    /// A game from `start` under `rules`. A start with no legal move is decided at once.
    pub fn new(start: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            keys: vec![start.key()],
            position: start.clone(),
            start,
            plies: Vec::new(),
            last_capture: 0,
            outcome: None,
        };
        game.outcome = game.no_move_outcome().or_else(|| game.dead_position());
        game
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.plies.iter().map(|p| p.mv).collect()
    }

    /// How the game ended, `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a legal move and returns the outcome if the move ended the game.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        let before = self.position.clone();
        let mover = before.side_to_move();
        self.position.play(m)?;
        let check = self.position.is_check();
        let chases = chased_by_move(&before, &self.position, m, si(mover));
        self.plies.push(Ply { mv: m, mover, check, chases });
        self.keys.push(self.position.key());
        if self.position.halfmove_clock() == 0 {
            self.last_capture = self.plies.len();
        }
        self.outcome = self
            .no_move_outcome()
            .or_else(|| self.repetition())
            .or_else(|| self.move_limit())
            .or_else(|| self.dead_position());
        Ok(self.outcome)
    }

    /// Plays the move from one point to another (the app's tap-tap input).
    pub fn play_points(
        &mut self,
        from: crate::game::Point,
        to: crate::game::Point,
    ) -> Result<Option<Outcome>, GameError> {
        let m = Move::new(from, to).ok_or(PlayError::OffBoard(to))?;
        self.play(m)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.finish(Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation })
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.finish(Outcome::Draw { reason: DrawReason::Agreement })
    }

    fn finish(&mut self, outcome: Outcome) -> Result<Outcome, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::Over);
        }
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn no_move_outcome(&self) -> Option<Outcome> {
        if self.position.has_legal_move() {
            return None;
        }
        let winner = self.position.side_to_move().opponent();
        let reason =
            if self.position.is_check() { WinReason::Checkmate } else { WinReason::NoLegalMove };
        Some(Outcome::Win { winner, reason })
    }

    fn move_limit(&self) -> Option<Outcome> {
        let limit = self.rules.move_limit;
        (limit > 0 && self.position.halfmove_clock() >= 2 * limit)
            .then_some(Outcome::Draw { reason: DrawReason::MoveLimit })
    }

    fn dead_position(&self) -> Option<Outcome> {
        let p = &self.position;
        (!p.has_attackers(Side::First) && !p.has_attackers(Side::Second))
            .then_some(Outcome::Draw { reason: DrawReason::InsufficientMaterial })
    }

    fn repetition(&self) -> Option<Outcome> {
        let now = self.keys.len() - 1;
        let key = self.keys[now];
        let window = self.last_capture..=now;
        let seen: Vec<usize> = window.filter(|&i| self.keys.get(i) == Some(&key)).collect();
        if (seen.len() as u32) < self.rules.repetitions.max(2) {
            return None;
        }
        let first = seen.first().copied().unwrap_or(now);
        match self.rules.ruleset {
            Ruleset::ThreefoldDraw => Some(Outcome::Draw { reason: DrawReason::Repetition }),
            Ruleset::Chinese => Some(judge(self.plies.get(first..now).unwrap_or(&[]))),
        }
    }
}

/// Rules a repeated stretch of plies under the Chinese ruleset.
fn judge(span: &[Ply]) -> Outcome {
    let red = forbidden(span, Side::First);
    let black = forbidden(span, Side::Second);
    match (red, black) {
        (true, false) => {
            Outcome::Win { winner: Side::Second, reason: WinReason::ForbiddenRepetition }
        }
        (false, true) => {
            Outcome::Win { winner: Side::First, reason: WinReason::ForbiddenRepetition }
        }
        _ => Outcome::Draw { reason: DrawReason::Repetition },
    }
}

/// Whether `side`'s moves in the stretch are a forbidden perpetual: all checks (长将),
/// or all checks and chases with one piece chased throughout (长捉, 一将一捉).
fn forbidden(span: &[Ply], side: Side) -> bool {
    let moves: Vec<&Ply> = span.iter().filter(|p| p.mover == side).collect();
    if moves.is_empty() {
        return false;
    }
    if moves.iter().all(|p| p.check) {
        return true;
    }
    let mut common = u16::MAX;
    for p in moves.iter().filter(|p| !p.check) {
        common &= p.chases;
    }
    common != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(mover: Side, check: bool, chases: u16) -> Ply {
        Ply { mv: Move::default(), mover, check, chases }
    }

    #[test]
    fn judging_stretches() {
        use Side::{First as R, Second as B};
        // 长将 against idle moves: the checker loses.
        let span = [ply(B, false, 0), ply(R, true, 0), ply(B, false, 0), ply(R, true, 0)];
        assert_eq!(
            judge(&span),
            Outcome::Win { winner: B, reason: WinReason::ForbiddenRepetition }
        );
        // Both sides check perpetually: draw.
        let span = [ply(B, true, 0), ply(R, true, 0), ply(B, true, 0), ply(R, true, 0)];
        assert_eq!(judge(&span), Outcome::Draw { reason: DrawReason::Repetition });
        // 长捉 against 长将: both forbidden, draw.
        let span = [ply(B, false, 4), ply(R, true, 0), ply(B, false, 4), ply(R, true, 0)];
        assert_eq!(judge(&span), Outcome::Draw { reason: DrawReason::Repetition });
        // 一将一捉 by black against idle red: black loses.
        let span = [ply(B, true, 0), ply(R, false, 0), ply(B, false, 2), ply(R, false, 0)];
        assert_eq!(
            judge(&span),
            Outcome::Win { winner: R, reason: WinReason::ForbiddenRepetition }
        );
        // Chasing a different piece each time is not 长捉.
        let span = [ply(B, false, 1), ply(R, false, 0), ply(B, false, 2), ply(R, false, 0)];
        assert_eq!(judge(&span), Outcome::Draw { reason: DrawReason::Repetition });
    }
}
