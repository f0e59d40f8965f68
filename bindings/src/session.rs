//! A casual game against the computer at a level, or two players on one device, over
//! the core's [`GameSession`], which owns its engine. [`Session::engine_move`] is an
//! async method, so Kotlin (`suspend`), Swift (`async`) and Python (`asyncio`) wait for
//! the engine's move without blocking a thread.

use std::sync::{Arc, Mutex, MutexGuard};

use qike_core::ai::{self, Hint};
use qike_core::progress::Timestamp;
use qike_core::session::{DrawAnswer, GameSession, StopHandle};
use qike_core::{
    BoardGame, BoardView, GameKind, GameSetup, MoveInput, MoveName, Outcome, PieceKind, Point, Side,
};

use crate::error::SessionError;
use crate::error::on_board;
use crate::game::Game;
use crate::types::{CountSummary, EngineReply, LevelInfo, MoveReview, PendingPromotion, TapResult};

/// One casual game: taps on the board, the engine's replies, 悔棋, resignation, draw
/// offers, hints, the coach's review, the Go count, and a saved form.
#[derive(Debug, uniffi::Object)]
pub struct Session {
    session: Arc<Mutex<GameSession>>,
}

fn lock(session: &Mutex<GameSession>) -> MutexGuard<'_, GameSession> {
    // Every change is one call into the core: a poisoned lock still holds a consistent
    // session.
    session.lock().unwrap_or_else(|e| e.into_inner())
}

impl Session {
    pub(crate) fn wrap(session: GameSession) -> Session {
        Session { session: Arc::new(Mutex::new(session)) }
    }

    pub(crate) fn state(&self) -> MutexGuard<'_, GameSession> {
        lock(&self.session)
    }

    /// Starts the engine's move; its stop handle and the number of its job.
    fn start_search(&self) -> Result<(StopHandle, Option<u64>), SessionError> {
        let mut s = self.state();
        let search = s.start_engine_move()?;
        Ok((search, s.engine_job()))
    }
}

/// Plays the move of the engine's finished search and says what it was.
fn played(s: &mut GameSession) -> Result<EngineReply, SessionError> {
    let played = s.wait_engine_move()?;
    Ok(EngineReply { played, name: s.move_names().pop(), outcome: s.outcome() })
}

/// Cancels the engine's job `job` when dropped armed: the awaited engine move was
/// dropped by the foreign caller (a cancelled task or coroutine) before its answer came.
struct CancelOnDrop {
    session: Arc<Mutex<GameSession>>,
    job: Option<u64>,
}

impl CancelOnDrop {
    fn disarm(mut self) {
        self.job = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.job.is_none() {
            return;
        }
        let mut s = lock(&self.session);
        if s.engine_job() == self.job {
            s.cancel_thinking();
        }
    }
}

#[uniffi::export]
impl Session {
    /// A new game from `setup`: against the computer at `level` (from 1), or two players
    /// on one device when `level` is `None`. `player` is the child's side (the side at
    /// the bottom for two players); `seed` makes the engine's choices replayable.
    #[uniffi::constructor]
    pub fn new(
        setup: GameSetup,
        player: Side,
        level: Option<u32>,
        seed: u64,
    ) -> Result<Self, SessionError> {
        let level = level.map(|n| checked_level(setup.kind(), n)).transpose()?;
        let session =
            GameSession::new(setup, player, level, seed, Timestamp::now()).map_err(set_up_error)?;
        Ok(Session::wrap(session))
    }

    /// A session that goes on from `game` (one read from a PGN or an SGF, or played
    /// move by move), with its moves: 悔棋, the saved form and the record include them.
    /// The other arguments as for [`Session::new`].
    #[uniffi::constructor]
    pub fn from_game(
        game: Arc<Game>,
        player: Side,
        level: Option<u32>,
        seed: u64,
    ) -> Result<Self, SessionError> {
        let game = game.snapshot();
        let level = level.map(|n| checked_level(game.kind(), n)).transpose()?;
        let session = GameSession::from_game(&game, player, level, seed, Timestamp::now())
            .map_err(set_up_error)?;
        Ok(Session::wrap(session))
    }

    /// A game saved by [`Session::save_bytes`], as it was.
    #[uniffi::constructor]
    pub fn resume_bytes(bytes: Vec<u8>) -> Result<Self, SessionError> {
        Ok(Session::wrap(GameSession::resume_bytes(&bytes)?))
    }

    /// The saved form of the game: keep it, and resume it after the app was closed.
    pub fn save_bytes(&self) -> Vec<u8> {
        self.state().save_bytes()
    }

    pub fn kind(&self) -> GameKind {
        self.state().kind()
    }

    pub fn setup(&self) -> GameSetup {
        self.state().setup().clone()
    }

    /// The child's side (the bottom side for two players).
    pub fn player(&self) -> Side {
        self.state().player()
    }

    /// The computer's level; `None` for two players.
    pub fn level(&self) -> Option<LevelInfo> {
        self.state().level().map(LevelInfo::from)
    }

    pub fn is_two_player(&self) -> bool {
        self.state().is_two_player()
    }

    pub fn seed(&self) -> u64 {
        self.state().seed()
    }

    /// What to draw: the position, the selection and its targets, the last move, and at
    /// a Go count the dead stones.
    pub fn board_view(&self) -> BoardView {
        self.state().view()
    }

    pub fn side_to_move(&self) -> Side {
        self.state().game().side_to_move()
    }

    /// How the game ended; `None` while it goes on (and during a Go count).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    /// Whether a person is to move.
    pub fn is_player_turn(&self) -> bool {
        self.state().is_player_turn()
    }

    /// Whether the computer is to move: call [`Session::engine_move`].
    pub fn is_engine_turn(&self) -> bool {
        self.state().is_engine_turn()
    }

    /// Whether the computer is choosing its move now.
    pub fn is_thinking(&self) -> bool {
        self.state().is_thinking()
    }

    pub fn selected(&self) -> Option<Point> {
        self.state().selected()
    }

    pub fn pending_promotion(&self) -> Option<PendingPromotion> {
        self.state().pending_promotion().map(|(from, to)| PendingPromotion { from, to })
    }

    /// A tap on `at`: picks up or puts down a piece, plays a move, places a stone, or at
    /// a Go count marks a group dead or alive.
    pub fn tap(&self, at: Point) -> Result<TapResult, SessionError> {
        let mut st = self.state();
        let at = on_board(st.kind(), at)?;
        Ok(st.tap(at).into())
    }

    /// The piece a pawn becomes, after [`TapResult::ChoosePromotion`].
    pub fn promote(&self, piece: PieceKind) -> TapResult {
        self.state().promote(piece).into()
    }

    /// Puts down a picked-up piece or closes the promotion choice.
    pub fn deselect(&self) {
        self.state().deselect();
    }

    /// The player to move plays `mv` (chosen from a list or typed rather than tapped).
    pub fn play(&self, mv: MoveInput) -> Result<Option<Outcome>, SessionError> {
        let mut st = self.state();
        let mv = on_board(st.kind(), mv)?;
        Ok(st.play(mv)?)
    }

    /// The player to move passes (Go).
    pub fn pass(&self) -> Result<TapResult, SessionError> {
        Ok(self.state().pass()?.into())
    }

    /// The computer chooses its move on its own thread and plays it. Awaiting does not
    /// block a thread; [`Session::stop_thinking`] makes it answer at once with its best
    /// move so far. Cancelling the wait (a Python task, a Kotlin coroutine) stops the
    /// search and forgets its move: the session is idle again at once and the next
    /// `engine_move` starts afresh.
    pub async fn engine_move(&self) -> Result<EngineReply, SessionError> {
        let (search, job) = self.start_search()?;
        let (tx, rx) = futures_channel::oneshot::channel();
        let session = Arc::clone(&self.session);
        // A thread waits for the engine and plays its move for the caller, unless the
        // caller stopped waiting (then the guard below has cancelled the search) or
        // another call took the search away.
        let spawned =
            std::thread::Builder::new().name("qike-engine-wait".into()).spawn(move || {
                search.wait();
                let mut s = lock(&session);
                if s.engine_job() != job {
                    return;
                }
                if tx.is_canceled() {
                    s.cancel_thinking();
                    return;
                }
                let reply = played(&mut s);
                drop(s);
                let _ = tx.send(reply);
            });
        let thread = match spawned {
            Ok(thread) => thread,
            Err(e) => {
                self.state().cancel_thinking();
                return Err(SessionError::Think(format!("the engine could not be started: {e}")));
            }
        };
        let guard = CancelOnDrop { session: Arc::clone(&self.session), job };
        let reply = rx.await;
        guard.disarm();
        // The waiter woke the caller's executor and is ending: wait for it, so that no
        // thread of ours runs foreign code after the caller got its answer (a Python
        // interpreter may be shutting down by then).
        let _ = thread.join();
        reply.map_err(|_| {
            SessionError::Cancelled("the engine's move was cancelled before it came".into())
        })?
    }

    /// The computer chooses its move and plays it, blocking this thread until it has
    /// (the level's time, or less after [`Session::stop_thinking`] from another thread):
    /// for scripts that do not use an event loop.
    pub fn engine_move_blocking(&self) -> Result<EngineReply, SessionError> {
        let (search, job) = self.start_search()?;
        search.wait();
        let mut s = self.state();
        if s.engine_job() != job {
            return Err(SessionError::Cancelled(
                "the engine's move was cancelled before it came".into(),
            ));
        }
        played(&mut s)
    }

    /// The move of the player to move, chosen by `level` as the computer would choose
    /// its own, and played (blocking this thread): with `engine_move_blocking`, one
    /// session plays two levels against each other.
    pub fn play_level_move(&self, level: u32) -> Result<EngineReply, SessionError> {
        let mut s = self.state();
        let level = checked_level(s.kind(), level)?;
        let played = s.play_level_now(level)?;
        Ok(EngineReply { played, name: s.move_names().pop(), outcome: s.outcome() })
    }

    /// Asks the thinking computer to move now; `false` when it was not thinking.
    pub fn stop_thinking(&self) -> bool {
        self.state().stop_thinking()
    }

    /// Stops the thinking computer and forgets its move (its hint, its review): the
    /// session is idle when this returns. A pending `engine_move` answers `Cancelled`.
    /// (For a Swift task's cancellation handler: Swift's task cancellation does not
    /// reach the engine by itself.)
    pub fn cancel_thinking(&self) {
        self.state().cancel_thinking();
    }

    /// 悔棋: against the computer, back to the child's turn (the computer's reply and the
    /// child's move together); two players, the last move. How many moves were taken.
    pub fn undo(&self) -> Result<u32, SessionError> {
        let taken = self.state().undo()?;
        Ok(u32::try_from(taken).unwrap_or(u32::MAX))
    }

    /// The child resigns (two players: the player to move).
    pub fn resign(&self) -> Result<Outcome, SessionError> {
        Ok(self.state().resign()?)
    }

    /// A draw offer: two players agreed; against the computer, it answers.
    pub fn offer_draw(&self) -> Result<DrawAnswer, SessionError> {
        Ok(self.state().offer_draw()?)
    }

    /// A move the coach suggests for the player to move, as the session's level would
    /// find it (a weaker level looks less far; two players get the coach's own look).
    /// On this thread; name it with [`Session::move_name`].
    pub fn hint(&self) -> Result<Option<Hint>, SessionError> {
        Ok(self.state().level_hint_now()?)
    }

    /// The coach's marks on each of the child's moves (a short look at each, on this
    /// thread).
    pub fn review(&self) -> Result<Vec<MoveReview>, SessionError> {
        Ok(self.state().review_now()?.into_iter().map(MoveReview::from).collect())
    }

    /// The name `mv` (a hint's move, say) would have if it were played now, without
    /// playing it; the rules' refusal when it cannot be played.
    pub fn move_name(&self, mv: MoveInput) -> Result<MoveName, SessionError> {
        let st = self.state();
        let mv = on_board(st.kind(), mv)?;
        Ok(st.game().name_move(mv).map_err(qike_core::session::SessionError::Refused)?)
    }

    /// Every move in standard and Chinese notation.
    pub fn move_names(&self) -> Vec<MoveName> {
        self.state().move_names()
    }

    /// The game as a record for the progress store, with a new random id, ended now.
    pub fn record(&self) -> Result<qike_core::progress::GameRecord, SessionError> {
        let id = qike_core::progress::ProgressStore::new_game_id()?;
        Ok(self.state().record(id, Timestamp::now()))
    }

    /// Go: both players passed and the count is not yet agreed; taps mark dead groups.
    pub fn is_counting(&self) -> bool {
        self.state().is_counting()
    }

    /// Go at the count: the players agree on the dead stones; the game ends.
    pub fn agree_count(&self) -> Result<Outcome, SessionError> {
        Ok(self.state().agree_count()?)
    }

    /// Go at the count: the players disagree, so play goes on.
    pub fn resume_play(&self) -> Result<(), SessionError> {
        Ok(self.state().resume_play()?)
    }

    /// Go: the count with the stones marked dead taken off; `None` for other games.
    pub fn count_summary(&self) -> Option<CountSummary> {
        self.state().go_score().map(CountSummary::from)
    }
}

/// `level` when `kind` has it, else the typed level error naming it and the levels there
/// are.
pub(crate) fn checked_level(kind: GameKind, level: u32) -> Result<u8, SessionError> {
    let known = ai::Level::get(kind, level).map_err(|e| {
        SessionError::Level(format!("level {level} is not a level of {}: {e}", kind_name(kind)))
    })?;
    Ok(known.number)
}

/// A game's name in the caller's words.
fn kind_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Xiangqi => "xiangqi",
        GameKind::Chess => "chess",
        GameKind::Go { .. } => "Go",
        GameKind::Gomoku { .. } => "gomoku",
    }
}

/// A new session's error: a set-up that cannot start says so (the core speaks of a
/// saved game's start, which is what resuming meets).
pub(crate) fn set_up_error(e: qike_core::session::SessionError) -> SessionError {
    match e {
        qike_core::session::SessionError::BadStart(e) => {
            SessionError::BadStart(format!("the set-up is not valid: {e}"))
        }
        e => e.into(),
    }
}

/// The levels of a game's computer opponent, weakest first; empty for a game without
/// one yet.
#[uniffi::export]
pub fn levels(kind: GameKind) -> Vec<LevelInfo> {
    ai::levels(kind).iter().map(LevelInfo::from).collect()
}
