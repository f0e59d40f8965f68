//! A casual game against the AI: the child's taps, the engine's replies, 悔棋 (take
//! back), resignation, draw offers, the move list in Chinese notation, hints, the
//! coach's review, and a saved form that survives closing the app.
//!
//! Only xiangqi has an engine so far; the other games get a session of their own when
//! theirs arrive. The session never searches on its own thread: [`XiangqiSession::think`]
//! hands a [`Thinker`] to the caller (the app polls it every frame and can stop it), and
//! [`XiangqiSession::engine_move_now`] is the blocking form for tests and tools.

use serde::{Deserialize, Serialize};

use crate::ai::{self, Hint, Level, MoveReview, Rng, SearchResult, Searcher, ThinkError, Thinker};
use crate::curriculum::Text;
use crate::curriculum::xq::illegal_reason;
use crate::progress::{GameRecord, Timestamp};
use crate::xiangqi::notation::{format_chinese, format_iccs, parse_iccs};
use crate::xiangqi::{Game, GameError, Move, Position, Rules};
use crate::{BoardView, GameKind, LastMove, Outcome, Point, Side, Tap, TapBoard};

/// Version of [`SavedSession`]; a newer one is refused rather than misread.
const SAVE_VERSION: u32 = 1;
/// Nodes for the engine's look at a draw offer, a hint and each reviewed move: small
/// enough to answer in well under a second on a phone.
pub const COACH_NODES: u64 = 30_000;
/// No draw offers before this many plies of a game from the start position: a game
/// should be played first. (A game from a set-up position may be drawn at once.)
const DRAW_EARLIEST_PLY: usize = 20;
/// After a refused offer, the next one is only considered this many plies later.
const DRAW_OFFER_GAP: usize = 10;
/// The engine accepts a draw unless it thinks it is better by more than this (cp).
const DRAW_ACCEPT_MARGIN: i32 = 30;

/// What a tap on the board did in a game.
#[derive(Debug, Clone, PartialEq)]
pub enum TapResult {
    /// A piece was picked up or put down; nothing else changed.
    Selection,
    /// The child's move was played; the outcome if it ended the game.
    Moved { outcome: Option<Outcome> },
    /// Not a legal move; the reason in words a child understands.
    Refused { reason: Text },
    /// It is not the child's turn, the game is over, or the point is empty.
    Ignored,
}

/// The engine's answer to a draw offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAnswer {
    Accepted,
    /// Too early in the game, too soon after the last offer, or the engine is better.
    Declined,
}

/// Why a saved game cannot be resumed or a request cannot be met.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("the saved game is not readable: {0}")]
    Malformed(String),
    #[error("the saved game is from a newer version ({0}) of the app")]
    FutureVersion(u32),
    #[error("the saved game's start position is not valid: {0}")]
    BadStart(String),
    #[error("move {index} of the saved game ('{text}') is not legal there")]
    BadMove { index: usize, text: String },
    #[error(transparent)]
    Level(#[from] ai::NoSuchLevel),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error("there is no move to take back")]
    NothingToUndo,
    #[error("it is not the engine's turn")]
    NotEngineTurn,
    #[error("the engine's move is not legal: {0}")]
    IllegalEngineMove(String),
    #[error("the engine found no move")]
    NoEngineMove,
    #[error(transparent)]
    Think(#[from] ThinkError),
}

/// A game in the form the store keeps as a draft: text only, checked on resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSession {
    pub version: u32,
    pub start_fen: String,
    /// ICCS, e.g. `h2e2`.
    pub moves: Vec<String>,
    pub player: Side,
    pub level: u8,
    pub seed: u64,
    pub started: Timestamp,
    /// Set when the game ended by resignation or agreement (the rules decide the rest).
    #[serde(default)]
    pub ended_by_agreement: Option<Outcome>,
    #[serde(default)]
    pub draw_declined_at: Option<usize>,
}

/// One casual xiangqi game between a child and the AI at a level.
#[derive(Debug, Clone)]
pub struct XiangqiSession {
    board: TapBoard<Game>,
    player: Side,
    level: Level,
    seed: u64,
    started: Timestamp,
    ended_by_agreement: Option<Outcome>,
    draw_declined_at: Option<usize>,
}

impl XiangqiSession {
    /// A new game from the start position; `seed` makes the engine's choices replayable.
    pub fn new(
        player: Side,
        level: u8,
        seed: u64,
        started: Timestamp,
    ) -> Result<XiangqiSession, SessionError> {
        Self::from_position(Position::startpos(), player, level, seed, started)
    }

    /// A new game from any legal position.
    pub fn from_position(
        start: Position,
        player: Side,
        level: u8,
        seed: u64,
        started: Timestamp,
    ) -> Result<XiangqiSession, SessionError> {
        Ok(XiangqiSession {
            board: TapBoard::new(Game::new(start, Rules::default())),
            player,
            level: Level::get(u32::from(level))?,
            seed,
            started,
            ended_by_agreement: None,
            draw_declined_at: None,
        })
    }

    pub fn game(&self) -> &Game {
        self.board.game()
    }

    pub fn player(&self) -> Side {
        self.player
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn started(&self) -> Timestamp {
        self.started
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }

    /// What to draw: the position, the child's selection and targets, the last move.
    pub fn view(&self) -> BoardView {
        self.board.view()
    }

    pub fn selected(&self) -> Option<Point> {
        self.board.selected()
    }

    pub fn is_player_turn(&self) -> bool {
        self.outcome().is_none() && self.game().position().side_to_move() == self.player
    }

    pub fn is_engine_turn(&self) -> bool {
        self.outcome().is_none() && self.game().position().side_to_move() != self.player
    }

    /// A tap of the child's on `at`.
    pub fn tap(&mut self, at: Point) -> TapResult {
        if !self.is_player_turn() {
            return TapResult::Ignored;
        }
        let pos = self.game().position().clone();
        match self.board.tap(at) {
            Tap::Selected { .. } | Tap::Deselected => TapResult::Selection,
            Tap::Moved { .. } => TapResult::Moved { outcome: self.outcome() },
            Tap::Refused { from, to, reason } => {
                let reason = illegal_reason(&pos, from, to)
                    .map(|r| r.text())
                    .unwrap_or_else(|| Text { zh: reason.clone(), en: reason });
                TapResult::Refused { reason }
            }
            Tap::Nothing => TapResult::Ignored,
        }
    }

    /// Starts the engine thinking on its own thread with this level's limits.
    pub fn think(&self, mut searcher: Searcher) -> Result<Thinker, SessionError> {
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        let (history, pos) = ai::history_of(self.game().start(), &self.game().moves());
        searcher.set_root_margin(self.level.margin);
        Ok(Thinker::start(searcher, pos, history, self.level.limits())?)
    }

    /// The level's pick from a finished search (an opening-book move when there is
    /// one). Deterministic: the generator is seeded by the game's seed and the ply.
    pub fn choose(&self, result: &SearchResult) -> Option<Move> {
        let mut rng = self.ply_rng();
        if let Some(m) = ai::Book::builtin().pick(self.game().position(), &mut rng) {
            return Some(m);
        }
        self.level.choose(result, &mut rng)
    }

    fn ply_rng(&self) -> Rng {
        let ply = self.game().moves().len() as u64;
        Rng::new(self.seed ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// Plays the engine's move.
    pub fn play_engine(&mut self, m: Move) -> Result<Option<Outcome>, SessionError> {
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        self.board.play(m.from(), m.to()).map_err(SessionError::IllegalEngineMove)?;
        Ok(self.outcome())
    }

    /// Searches on this thread with the level's node cap and no time cap (the same move
    /// every time for the same game and seed) and plays the move.
    pub fn engine_move_now(&mut self, searcher: &mut Searcher) -> Result<Move, SessionError> {
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        let (history, pos) = ai::history_of(self.game().start(), &self.game().moves());
        searcher.set_root_margin(self.level.margin);
        let result = searcher.search(&pos, &history, &self.level.fixed_limits());
        searcher.set_root_margin(0);
        let m = self.choose(&result).ok_or(SessionError::NoEngineMove)?;
        self.play_engine(m)?;
        Ok(m)
    }

    /// 悔棋: takes back moves until it is the child's turn again, at least one of the
    /// child's moves included (so the engine's reply and the child's move go together).
    /// Works after a loss by the rules too; not after resignation or an agreed draw.
    pub fn undo(&mut self) -> Result<usize, SessionError> {
        if self.ended_by_agreement.is_some() {
            return Err(SessionError::Game(GameError::Over));
        }
        let mut moves = self.game().moves();
        let start = self.game().start().clone();
        let mut taken = 0;
        let mut took_players = false;
        while moves.pop().is_some() {
            taken += 1;
            if side_before(&start, moves.len()) == self.player {
                took_players = true;
                break;
            }
        }
        if !took_players {
            return Err(SessionError::NothingToUndo);
        }
        let mut game = Game::new(start, self.game().rules());
        for &m in &moves {
            game.play(m)?;
        }
        let last = moves.last().map(|m| LastMove { from: Some(m.from()), to: m.to() });
        self.board.reset(game, last);
        Ok(taken)
    }

    /// The child resigns.
    pub fn resign(&mut self) -> Result<Outcome, SessionError> {
        let mut game = self.game().clone();
        let outcome = game.resign(self.player)?;
        let last = self.view().last_move;
        self.board.reset(game, last);
        self.ended_by_agreement = Some(outcome);
        Ok(outcome)
    }

    /// The child offers a draw; the engine looks at the position and answers.
    pub fn offer_draw(&mut self, searcher: &mut Searcher) -> Result<DrawAnswer, SessionError> {
        if self.outcome().is_some() {
            return Err(SessionError::Game(GameError::Over));
        }
        let ply = self.game().moves().len();
        let too_soon = self.draw_declined_at.is_some_and(|at| ply < at + DRAW_OFFER_GAP);
        let from_start = self.game().start().key() == Position::startpos().key();
        if (from_start && ply < DRAW_EARLIEST_PLY) || too_soon {
            self.draw_declined_at = Some(ply);
            return Ok(DrawAnswer::Declined);
        }
        let (history, pos) = ai::history_of(self.game().start(), &self.game().moves());
        let r = searcher.search(&pos, &history, &ai::Limits::nodes(COACH_NODES));
        let engine_score = if pos.side_to_move() == self.player { -r.score } else { r.score };
        if engine_score > DRAW_ACCEPT_MARGIN {
            self.draw_declined_at = Some(ply);
            return Ok(DrawAnswer::Declined);
        }
        let mut game = self.game().clone();
        let outcome = game.agree_draw()?;
        let last = self.view().last_move;
        self.board.reset(game, last);
        self.ended_by_agreement = Some(outcome);
        Ok(DrawAnswer::Accepted)
    }

    /// A move the coach suggests for the child, and the threat it answers if any.
    pub fn hint(&self, searcher: &mut Searcher) -> Option<Hint> {
        if !self.is_player_turn() {
            return None;
        }
        ai::hint(searcher, self.game().position(), COACH_NODES)
    }

    /// The coach's marks on each of the child's moves.
    pub fn review(&self, searcher: &mut Searcher) -> Vec<MoveReview> {
        ai::review(searcher, self.game().start(), &self.game().moves(), self.player, COACH_NODES)
    }

    /// The moves in Chinese notation (炮二平五, 马8进7 …), one entry per ply.
    pub fn move_list(&self) -> Vec<String> {
        let mut pos = self.game().start().clone();
        let mut out = Vec::new();
        for m in self.game().moves() {
            out.push(format_chinese(&pos, m));
            pos.make(m);
        }
        out
    }

    /// The position before ply `ply` (0 = the start), for replaying a finished game.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.game().start().clone();
        for m in self.game().moves().into_iter().take(ply) {
            pos.make(m);
        }
        pos
    }

    /// The record for the progress store.
    pub fn record(&self, id: u64, ended: Timestamp) -> GameRecord {
        GameRecord {
            id,
            kind: GameKind::Xiangqi,
            ai_level: Some(self.level.number),
            side: self.player,
            outcome: self.outcome(),
            moves: self.game().moves().into_iter().map(format_iccs).collect(),
            started: self.started,
            ended,
        }
    }

    /// The game as text for the store's draft slot.
    pub fn save(&self) -> SavedSession {
        SavedSession {
            version: SAVE_VERSION,
            start_fen: self.game().start().to_fen(),
            moves: self.game().moves().into_iter().map(format_iccs).collect(),
            player: self.player,
            level: self.level.number,
            seed: self.seed,
            started: self.started,
            ended_by_agreement: self.ended_by_agreement,
            draw_declined_at: self.draw_declined_at,
        }
    }

    /// JSON bytes of [`XiangqiSession::save`].
    pub fn save_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(&self.save()).unwrap_or_default()
    }

    /// Rebuilds a game from its saved form, checking every move.
    pub fn resume(saved: &SavedSession) -> Result<XiangqiSession, SessionError> {
        if saved.version > SAVE_VERSION {
            return Err(SessionError::FutureVersion(saved.version));
        }
        let start = Position::from_fen(&saved.start_fen)
            .map_err(|e| SessionError::BadStart(e.to_string()))?;
        let mut s =
            Self::from_position(start, saved.player, saved.level, saved.seed, saved.started)?;
        let mut game = s.game().clone();
        let mut last = None;
        for (index, text) in saved.moves.iter().enumerate() {
            let bad = || SessionError::BadMove { index, text: text.clone() };
            let m = parse_iccs(game.position(), text).map_err(|_| bad())?;
            game.play(m).map_err(|_| bad())?;
            last = Some(LastMove { from: Some(m.from()), to: m.to() });
        }
        if let Some(outcome) = saved.ended_by_agreement {
            match outcome {
                Outcome::Draw { .. } => game.agree_draw()?,
                Outcome::Win { winner, .. } => game.resign(winner.opponent())?,
            };
        }
        s.board.reset(game, last);
        s.ended_by_agreement = saved.ended_by_agreement;
        s.draw_declined_at = saved.draw_declined_at;
        Ok(s)
    }

    /// Resumes from the bytes of [`XiangqiSession::save_bytes`].
    pub fn resume_bytes(bytes: &[u8]) -> Result<XiangqiSession, SessionError> {
        let saved: SavedSession =
            serde_json::from_slice(bytes).map_err(|e| SessionError::Malformed(e.to_string()))?;
        Self::resume(&saved)
    }
}

/// Who moves at ply `ply` of a game from `start`.
fn side_before(start: &Position, ply: usize) -> Side {
    if ply.is_multiple_of(2) { start.side_to_move() } else { start.side_to_move().opponent() }
}
