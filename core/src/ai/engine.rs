//! The one engine interface every game's engine implements, and [`AnyEngine`], the
//! enum the session, the thinker and the tools hold.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::game::{GameKind, MoveInput, Side};
use crate::games::AnyGame;

use super::chess::ChessEngine;
use super::go::GoEngine;
use super::gomoku::GomokuEngine;
use super::limits::Limits;
use super::xiangqi::XiangqiEngine;
use crate::Rng;

/// A root move as the engine scored it, from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub mv: MoveInput,
    pub score: i32,
    /// False when the score is only a bound (the move failed low).
    pub exact: bool,
    /// What the move wins on the spot, judged without the reply (a captured piece's
    /// value): what an impulsive beginner looks at.
    pub gain: i32,
    /// The move walks into a forced loss.
    pub loses: bool,
}

/// What an engine found: its best move and every root move it scored, best first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Analysis {
    pub best: Option<MoveInput>,
    /// The best move's score for the side to move.
    pub score: i32,
    pub candidates: Vec<Candidate>,
    /// The best move forces a win (or every move loses): levels then play the best.
    pub decisive: bool,
    pub depth: u32,
    pub nodes: u64,
}

/// A suggested move and, when the opponent threatens something, the threat it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub mv: MoveInput,
    pub score: i32,
    /// What the opponent would play if it were their turn, when that wins material
    /// (or mates): the reason to care about the hint.
    pub threat: Option<MoveInput>,
    /// The threat in Chinese notation (as the opponent would play it).
    pub threat_name: Option<String>,
}

/// How good a reviewed move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    /// The verdict for an evaluation loss in centipawns (or the engine's units).
    pub fn of_loss(loss: i32) -> Verdict {
        match loss {
            ..50 => Verdict::Good,
            50..150 => Verdict::Inaccuracy,
            150..350 => Verdict::Mistake,
            _ => Verdict::Blunder,
        }
    }
}

/// The coach's review of one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReview {
    /// Index of the move in the game (0 = first move).
    pub ply: usize,
    pub played: MoveInput,
    pub best: MoveInput,
    /// What the played move gave away against the best (0 when it was the best).
    pub loss: i32,
    pub verdict: Verdict,
}

/// What every game's engine does. Engines are deterministic for a node limit without a
/// time limit: the same game and limits give the same analysis.
pub trait Engine: Send {
    /// Searches the game's current position. `margin`: score exactly every root move
    /// within this much of the best (what a level chooses among); 0 for the best only.
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis;
    /// A move from the opening book, if the engine has one for this position.
    fn book_move(&self, _game: &AnyGame, _rng: &mut Rng) -> Option<MoveInput> {
        None
    }
    /// The flag that stops a search in progress (set from another thread).
    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>);
    /// Forgets what it learnt in earlier games (its tables).
    fn new_game(&mut self);
    /// A move for the side to move, with the threat it answers.
    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint>;
    /// Grades each move `side` played.
    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview>;
}

/// The engine of any game that has one.
// One engine is made per game and moved rarely; boxing would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum AnyEngine {
    Xiangqi(XiangqiEngine),
    Chess(ChessEngine),
    Gomoku(GomokuEngine),
    Go(GoEngine),
}

impl AnyEngine {
    /// The engine for a game, with a table of `hash_mb` MiB; `None` for games without
    /// an engine yet.
    pub fn for_game(kind: GameKind, hash_mb: usize) -> Option<AnyEngine> {
        match kind {
            GameKind::Xiangqi => Some(AnyEngine::Xiangqi(XiangqiEngine::new(hash_mb))),
            GameKind::Chess => Some(AnyEngine::Chess(ChessEngine::new(hash_mb))),
            // The Go engine's memory is its node cap, not a hash table.
            GameKind::Go { .. } => Some(AnyEngine::Go(GoEngine::new())),
            GameKind::Gomoku { .. } => Some(AnyEngine::Gomoku(GomokuEngine::new(hash_mb))),
        }
    }

    /// Whether a game has an engine (and so levels, hints and reviews).
    pub fn exists_for(kind: GameKind) -> bool {
        !super::level::levels(kind).is_empty()
    }
}

impl Engine for AnyEngine {
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis {
        match self {
            AnyEngine::Xiangqi(e) => e.analyse(game, limits, margin),
            AnyEngine::Chess(e) => e.analyse(game, limits, margin),
            AnyEngine::Gomoku(e) => e.analyse(game, limits, margin),
            AnyEngine::Go(e) => e.analyse(game, limits, margin),
        }
    }
    fn book_move(&self, game: &AnyGame, rng: &mut Rng) -> Option<MoveInput> {
        match self {
            AnyEngine::Xiangqi(e) => e.book_move(game, rng),
            AnyEngine::Chess(e) => e.book_move(game, rng),
            AnyEngine::Gomoku(e) => e.book_move(game, rng),
            AnyEngine::Go(e) => e.book_move(game, rng),
        }
    }
    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        match self {
            AnyEngine::Xiangqi(e) => e.set_stop_flag(flag),
            AnyEngine::Chess(e) => e.set_stop_flag(flag),
            AnyEngine::Gomoku(e) => e.set_stop_flag(flag),
            AnyEngine::Go(e) => e.set_stop_flag(flag),
        }
    }
    fn new_game(&mut self) {
        match self {
            AnyEngine::Xiangqi(e) => e.new_game(),
            AnyEngine::Chess(e) => e.new_game(),
            AnyEngine::Gomoku(e) => e.new_game(),
            AnyEngine::Go(e) => e.new_game(),
        }
    }
    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint> {
        match self {
            AnyEngine::Xiangqi(e) => e.hint(game, nodes),
            AnyEngine::Chess(e) => e.hint(game, nodes),
            AnyEngine::Gomoku(e) => e.hint(game, nodes),
            AnyEngine::Go(e) => e.hint(game, nodes),
        }
    }
    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview> {
        match self {
            AnyEngine::Xiangqi(e) => e.review(game, side, nodes),
            AnyEngine::Chess(e) => e.review(game, side, nodes),
            AnyEngine::Gomoku(e) => e.review(game, side, nodes),
            AnyEngine::Go(e) => e.review(game, side, nodes),
        }
    }
}
