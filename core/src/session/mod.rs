//! A casual game of any of the four games: against the engine at a level where the
//! game has one, or two players on one device (对弈 in class). The child's taps, the
//! engine's replies, 悔棋 (take back), resignation, draw offers, hints, the coach's
//! review, the move list in Chinese notation, the count at the end of a Go game, and a
//! versioned saved form that survives closing the app.
//!
//! The session owns its opponent: the engine lives in the session, is lent to a
//! worker thread for each search and taken back after. [`GameSession::start_engine_move`]
//! starts the engine's move and [`GameSession::poll_engine_move`] plays it once it is
//! there (the app polls every frame, the caller never waits); hints and the review run
//! the same way ([`GameSession::start_hint`], [`GameSession::start_review`]). While
//! the engine works, requests that need it answer [`SessionError::Busy`]. The `_now`
//! forms ([`GameSession::engine_move_now`] …) search on the caller's thread, for
//! tests and tools. Every engine move is chosen by [`crate::ai::play_level`].

mod clock;
mod from_game;
pub mod junqi;
mod opponent;
mod review;
mod saved;

pub use crate::ai::StopHandle;
pub use clock::{ClockView, SavedClock, TimeControl, clock_text};
pub use opponent::{ENGINE_HASH_MB, LEVEL_HINT_MAX_NODES};
pub use review::{EvalPoint, GameReview, MARKED_FROM, MarkedMove, win_chance};
pub use saved::{SAVE_VERSION, SavedGame, SavedXiangqiV1};

use crate::Rng;
use crate::ai::{self, Engine, Level, Limits, ThinkError};
use crate::game::{
    BoardGame, BoardView, GameKind, MoveInput, MoveName, Outcome, PieceKind, Point, Refusal, Side,
};
use crate::games::{AnyGame, GameSetup, SetupError};
use crate::go;
use crate::progress::{GameRecord, Timestamp};
use crate::tap::{Tap, TapBoard};
use clock::Clock;
use opponent::Opponent;

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
    /// A move was played; the outcome if it ended the game.
    Moved { outcome: Option<Outcome> },
    /// A pawn reaches the last rank: ask which piece, then [`GameSession::promote`].
    ChoosePromotion { from: Point, to: Point },
    /// Not a legal move; [`Refusal::text`] says why in words a child understands.
    Refused { reason: Refusal },
    /// Go, at the count: a group was marked dead (`true`) or alive again.
    Marked { dead: bool },
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
    #[error("the saved game's start is not valid: {0}")]
    BadStart(#[from] SetupError),
    #[error("move {index} of the saved game ('{text}') is not legal there")]
    BadMove { index: usize, text: String },
    #[error("the saved game marks a dead stone where there is none: '{0}'")]
    BadDeadStone(String),
    #[error(transparent)]
    Level(#[from] ai::NoSuchLevel),
    #[error("{0}")]
    Refused(Refusal),
    #[error("there is no move to take back")]
    NothingToUndo,
    #[error("it is not the engine's turn")]
    NotEngineTurn,
    #[error("this game has no computer opponent")]
    NoEngine,
    #[error("the engine found no move")]
    NoEngineMove,
    #[error("the count is only for a Go game after both players passed")]
    NotCounting,
    #[error(transparent)]
    Think(#[from] ThinkError),
    #[error("the engine is still thinking; stop it or wait for its move")]
    Busy,
}

impl From<Refusal> for SessionError {
    fn from(r: Refusal) -> Self {
        SessionError::Refused(r)
    }
}

/// One casual game, and the engine that plays it, gives hints and reviews it.
#[derive(Debug)]
pub struct GameSession {
    setup: GameSetup,
    board: TapBoard<AnyGame>,
    player: Side,
    level: Option<Level>,
    seed: u64,
    started: Timestamp,
    ended_by_agreement: Option<Outcome>,
    draw_declined_at: Option<usize>,
    count_agreed: bool,
    clock: Option<Clock>,
    opponent: Opponent,
}

/// A copy of the game; its engine is made anew when the copy first needs one, and
/// nothing the original had under way comes along.
impl Clone for GameSession {
    fn clone(&self) -> GameSession {
        GameSession {
            setup: self.setup.clone(),
            board: self.board.clone(),
            player: self.player,
            level: self.level,
            seed: self.seed,
            started: self.started,
            ended_by_agreement: self.ended_by_agreement,
            draw_declined_at: self.draw_declined_at,
            count_agreed: self.count_agreed,
            clock: self.clock.clone(),
            opponent: self.opponent.fresh(),
        }
    }
}

impl GameSession {
    /// A new game from `setup`. `level`: the engine's level, or `None` for two players
    /// on one device; `player` is the child's side (the side at the bottom for two
    /// players). `seed` makes the engine's choices replayable.
    pub fn new(
        setup: GameSetup,
        player: Side,
        level: Option<u8>,
        seed: u64,
        started: Timestamp,
    ) -> Result<GameSession, SessionError> {
        let kind = setup.kind();
        let level = level.map(|n| Level::get(kind, u32::from(n))).transpose()?;
        Ok(GameSession {
            board: TapBoard::new(setup.start()?),
            setup,
            player,
            level,
            seed,
            started,
            ended_by_agreement: None,
            draw_declined_at: None,
            count_agreed: false,
            clock: None,
            opponent: Opponent::new(kind),
        })
    }

    /// The same game with an engine table of `mb` MiB (by default [`ENGINE_HASH_MB`]).
    pub fn with_hash_mb(mut self, mb: usize) -> GameSession {
        self.opponent.set_hash_mb(mb);
        self
    }

    /// A xiangqi game against the engine from the start position.
    pub fn xiangqi(
        player: Side,
        level: u8,
        seed: u64,
        started: Timestamp,
    ) -> Result<GameSession, SessionError> {
        Self::new(GameSetup::standard(GameKind::Xiangqi), player, Some(level), seed, started)
    }

    pub fn kind(&self) -> GameKind {
        self.setup.kind()
    }

    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    pub fn game(&self) -> &AnyGame {
        self.board.game()
    }

    pub fn player(&self) -> Side {
        self.player
    }

    /// The engine's level; `None` for two players.
    pub fn level(&self) -> Option<&Level> {
        self.level.as_ref()
    }

    pub fn is_two_player(&self) -> bool {
        self.level.is_none()
    }

    pub fn started(&self) -> Timestamp {
        self.started
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Go: both players passed and the count is not yet agreed.
    pub fn is_counting(&self) -> bool {
        self.game().as_go().is_some_and(|g| {
            g.is_over() && g.result().is_some_and(|r| matches!(r, go::GameResult::Score(_)))
        }) && !self.count_agreed
    }

    /// How the game ended; `None` while it goes on (and during a Go count).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(on_time) = self.time_outcome() {
            return Some(on_time);
        }
        if self.is_counting() { None } else { self.game().outcome() }
    }

    /// What to draw: the position, the selection and targets, the last move, and in Go
    /// at the count the dead stones.
    pub fn view(&self) -> BoardView {
        self.board.view()
    }

    pub fn selected(&self) -> Option<Point> {
        self.board.selected()
    }

    pub fn pending_promotion(&self) -> Option<(Point, Point)> {
        self.board.pending_promotion()
    }

    fn side_to_move(&self) -> Side {
        self.game().side_to_move()
    }

    fn in_play(&self) -> bool {
        self.outcome().is_none() && !self.is_counting()
    }

    /// Whether a person is to move (the child, or either player in a two-player game).
    pub fn is_player_turn(&self) -> bool {
        self.in_play() && (self.level.is_none() || self.side_to_move() == self.player)
    }

    pub fn is_engine_turn(&self) -> bool {
        self.in_play() && self.level.is_some() && self.side_to_move() != self.player
    }

    /// A tap on `at`: a move, a selection, or at a Go count a group marked dead/alive.
    pub fn tap(&mut self, at: Point) -> TapResult {
        if self.is_counting() {
            return match self.board.game_mut().as_go_mut().map(|g| g.toggle_dead(at)) {
                Some(Ok(dead)) => TapResult::Marked { dead },
                _ => TapResult::Ignored,
            };
        }
        if !self.is_player_turn() {
            return TapResult::Ignored;
        }
        let tap = self.board.tap(at);
        self.after_tap(tap)
    }

    /// The piece a pawn becomes, after [`TapResult::ChoosePromotion`].
    pub fn promote(&mut self, piece: PieceKind) -> TapResult {
        if !self.is_player_turn() {
            return TapResult::Ignored;
        }
        let tap = self.board.promote(piece);
        self.after_tap(tap)
    }

    /// Puts down a picked-up piece or closes the promotion choice.
    pub fn deselect(&mut self) {
        self.board.deselect();
    }

    fn after_tap(&mut self, tap: Tap) -> TapResult {
        match tap {
            Tap::Selected { .. } | Tap::Deselected => TapResult::Selection,
            Tap::Moved(_) => self.moved(),
            Tap::ChoosePromotion { from, to } => TapResult::ChoosePromotion { from, to },
            Tap::Refused { reason, .. } => TapResult::Refused { reason },
            Tap::Nothing => TapResult::Ignored,
        }
    }

    fn moved(&mut self) -> TapResult {
        let mover = self.side_to_move().opponent();
        if self.is_counting() {
            // Two passes: the core proposes the dead stones; the players correct them.
            let seed = self.seed;
            if let Some(g) = self.board.game_mut().as_go_mut() {
                g.estimate_dead_stones(go::DEFAULT_PLAYOUTS, seed);
            }
        }
        self.clock_after_move(mover);
        TapResult::Moved { outcome: self.outcome() }
    }

    /// The player to move passes (Go).
    pub fn pass(&mut self) -> Result<TapResult, SessionError> {
        if !self.is_player_turn() {
            return Err(Refusal::NotYourTurn.into());
        }
        if !self.game().can_pass() {
            return Err(Refusal::NotAMove.into());
        }
        self.board.play(MoveInput::Pass)?;
        Ok(self.moved())
    }

    /// The player to move plays `mv`, chosen elsewhere than on the board (a move list,
    /// typed coordinates, a caller through the bindings); the same checks as a tap.
    pub fn play(&mut self, mv: MoveInput) -> Result<Option<Outcome>, SessionError> {
        if !self.is_player_turn() {
            return Err(
                if self.in_play() { Refusal::NotYourTurn } else { Refusal::GameOver }.into()
            );
        }
        self.board.play(mv)?;
        self.moved();
        Ok(self.outcome())
    }

    /// Go at the count: the players disagree about what is dead, so play goes on.
    pub fn resume_play(&mut self) -> Result<(), SessionError> {
        if !self.is_counting() {
            return Err(SessionError::NotCounting);
        }
        if let Some(g) = self.board.game_mut().as_go_mut() {
            g.resume();
        }
        self.clock_follow();
        Ok(())
    }

    /// Go at the count: the players agree on the dead stones; the game ends with the
    /// count.
    pub fn agree_count(&mut self) -> Result<Outcome, SessionError> {
        if !self.is_counting() {
            return Err(SessionError::NotCounting);
        }
        self.count_agreed = true;
        self.game().outcome().ok_or(SessionError::NotCounting)
    }

    /// Go: the count of the board with the stones marked dead removed.
    pub fn go_score(&self) -> Option<go::Score> {
        self.game().as_go().map(|g| g.score())
    }

    fn ply_rng(&self) -> Rng {
        Rng::for_ply(self.seed, self.game().history().len())
    }

    /// Plays the engine's move.
    pub fn play_engine(&mut self, mv: MoveInput) -> Result<Option<Outcome>, SessionError> {
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        self.board.play(mv)?;
        self.moved();
        Ok(self.outcome())
    }

    /// 悔棋. Against the engine: takes back moves until it is the child's turn again, at
    /// least one of the child's moves included (so the engine's reply and the child's
    /// move go together). Two players: takes back the last move. Works after a loss by
    /// the rules and at a Go count; not after resignation, an agreed draw or a flag
    /// fall, and never into a setup's own moves. It gives no time back on a clock.
    /// `Busy` while the engine works: stop it first ([`GameSession::cancel_thinking`]).
    pub fn undo(&mut self) -> Result<usize, SessionError> {
        if self.opponent.is_busy() {
            return Err(SessionError::Busy);
        }
        if self.ended_by_agreement.is_some() || self.count_agreed || self.time_outcome().is_some() {
            return Err(Refusal::GameOver.into());
        }
        let fixed = self.setup.fixed_plies();
        let mut game = self.game().clone();
        let mut taken = 0;
        loop {
            if game.history().len() <= fixed {
                break;
            }
            let mover_before = {
                game.undo().ok_or(SessionError::NothingToUndo)?;
                game.side_to_move()
            };
            taken += 1;
            if self.level.is_none() || mover_before == self.player {
                self.board.reset(game);
                self.clock_follow();
                return Ok(taken);
            }
        }
        Err(SessionError::NothingToUndo)
    }

    /// Resigns for the child (against the engine) or for the player to move (two
    /// players).
    pub fn resign(&mut self) -> Result<Outcome, SessionError> {
        let side = if self.level.is_some() { self.player } else { self.side_to_move() };
        if self.outcome().is_some() {
            return Err(Refusal::GameOver.into());
        }
        let outcome = self.board.game_mut().resign(side)?;
        self.ended_by_agreement = Some(outcome);
        self.clock_follow();
        Ok(outcome)
    }

    /// A draw offer. Two players on one device: they agreed (the UI asked both), the
    /// game is drawn. Against the engine: it looks at the position and answers.
    pub fn offer_draw(&mut self) -> Result<DrawAnswer, SessionError> {
        if !self.in_play() {
            return Err(Refusal::GameOver.into());
        }
        if self.level.is_some() {
            self.opponent.engine()?;
            let ply = self.game().history().len();
            let too_soon =
                self.draw_declined_at.is_some_and(|at| ply < at.saturating_add(DRAW_OFFER_GAP));
            let from_start = self.setup == GameSetup::standard(self.kind());
            if (from_start && ply < DRAW_EARLIEST_PLY) || too_soon {
                self.draw_declined_at = Some(ply);
                return Ok(DrawAnswer::Declined);
            }
            let limits = Limits::nodes(COACH_NODES);
            let a = self.opponent.engine()?.analyse(self.board.game(), &limits, 0);
            let engine_score = if self.side_to_move() == self.player { -a.score } else { a.score };
            if engine_score > DRAW_ACCEPT_MARGIN {
                self.draw_declined_at = Some(ply);
                return Ok(DrawAnswer::Declined);
            }
        }
        let outcome = self.board.game_mut().agree_draw()?;
        self.ended_by_agreement = Some(outcome);
        self.clock_follow();
        Ok(DrawAnswer::Accepted)
    }

    /// Every move in standard and Chinese notation.
    pub fn move_names(&self) -> Vec<MoveName> {
        self.game().move_names()
    }

    /// The moves in Chinese notation (炮二平五, 马g1-f3, 黑 D4 …), one entry per ply.
    pub fn move_list(&self) -> Vec<String> {
        self.move_names().into_iter().map(|n| n.chinese).collect()
    }

    /// The game after `ply` plies (0 = the start), for replaying a finished game.
    pub fn game_at(&self, ply: usize) -> AnyGame {
        let mut game = self.game().clone();
        while game.history().len() > ply {
            if game.undo().is_none() {
                break;
            }
        }
        game
    }

    /// The record for the progress store.
    pub fn record(&self, id: u64, ended: Timestamp) -> GameRecord {
        let kind = self.kind();
        GameRecord {
            id,
            kind,
            ai_level: self.level.map(|l| l.number),
            side: self.player,
            outcome: self.outcome(),
            moves: self.game().history().into_iter().map(|m| m.encode(kind)).collect(),
            started: self.started,
            ended,
        }
    }

    /// The game as text for the store's draft slot.
    pub fn save(&self) -> SavedGame {
        let kind = self.kind();
        let fixed = self.setup.fixed_plies();
        SavedGame {
            version: SAVE_VERSION,
            setup: self.setup.clone(),
            moves: self.game().history().into_iter().skip(fixed).map(|m| m.encode(kind)).collect(),
            player: self.player,
            level: self.level.map(|l| l.number),
            seed: self.seed,
            started: self.started,
            ended_by_agreement: self.ended_by_agreement,
            draw_declined_at: self.draw_declined_at,
            dead: self
                .game()
                .as_go()
                .map(|g| g.dead_stones().into_iter().map(|p| kind.point_name(p)).collect())
                .unwrap_or_default(),
            count_agreed: self.count_agreed,
            clock: self.clock.as_ref().map(Clock::saved),
        }
    }

    /// JSON bytes of [`GameSession::save`].
    pub fn save_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(&self.save()).unwrap_or_default()
    }

    /// Rebuilds a game from its saved form, checking every move.
    pub fn resume(saved: &SavedGame) -> Result<GameSession, SessionError> {
        if saved.version > SAVE_VERSION {
            return Err(SessionError::FutureVersion(saved.version));
        }
        let mut s =
            Self::new(saved.setup.clone(), saved.player, saved.level, saved.seed, saved.started)?;
        let kind = s.kind();
        let mut game = s.game().clone();
        for (index, text) in saved.moves.iter().enumerate() {
            let bad = || SessionError::BadMove { index, text: text.clone() };
            let mv = MoveInput::decode(kind, text).ok_or_else(bad)?;
            game.play(mv).map_err(|_| bad())?;
        }
        if let Some(g) = game.as_go_mut()
            && g.is_over()
        {
            let mut dead = Vec::new();
            for name in &saved.dead {
                let (p, rest) = kind
                    .parse_point_prefix(name)
                    .filter(|(_, rest)| rest.is_empty())
                    .ok_or_else(|| SessionError::BadDeadStone(name.clone()))?;
                debug_assert!(rest.is_empty());
                if g.board().get(p).is_none() {
                    return Err(SessionError::BadDeadStone(name.clone()));
                }
                dead.push(p);
            }
            g.set_dead_stones(&dead);
        }
        if let Some(outcome) = saved.ended_by_agreement {
            match outcome {
                Outcome::Draw { .. } => game.agree_draw()?,
                Outcome::Win { winner, .. } => game.resign(winner.opponent())?,
            };
        }
        s.board.reset(game);
        s.ended_by_agreement = saved.ended_by_agreement;
        // A saved ply past the end of the game cannot be real: keep it within the game.
        let plies = s.game().history().len();
        s.draw_declined_at = saved.draw_declined_at.map(|at| at.min(plies));
        s.count_agreed = saved.count_agreed && s.game().as_go().is_some_and(|g| g.is_over());
        s.clock = saved.clock.as_ref().map(Clock::from_saved);
        Ok(s)
    }

    /// Resumes from the bytes of [`GameSession::save_bytes`], or of a version-1 xiangqi
    /// save.
    pub fn resume_bytes(bytes: &[u8]) -> Result<GameSession, SessionError> {
        let malformed = |e: serde_json::Error| SessionError::Malformed(e.to_string());
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(malformed)?;
        let version = value
            .get("version")
            .and_then(|v| v.as_u64())
            .ok_or_else(|| SessionError::Malformed("no version".into()))?;
        if version > u64::from(SAVE_VERSION) {
            return Err(SessionError::FutureVersion(u32::try_from(version).unwrap_or(u32::MAX)));
        }
        let saved: SavedGame = if version == 1 {
            serde_json::from_value::<SavedXiangqiV1>(value).map_err(malformed)?.into()
        } else {
            serde_json::from_value(value).map_err(malformed)?
        };
        Self::resume(&saved)
    }
}
