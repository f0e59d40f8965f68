//! A casual game against the computer at a level, or two players on one device, over
//! the core's [`GameSession`]. The engine chooses its move on the core's [`Thinker`]
//! thread; [`Session::engine_move`] is an async method, so Kotlin (`suspend`), Swift
//! (`async`) and Python (`asyncio`) wait for it without blocking a thread.

use std::sync::{Arc, Mutex, MutexGuard};

use qike_core::ai::{self, AnyEngine, Hint, StopHandle, Thinker};
use qike_core::progress::Timestamp;
use qike_core::session::{DrawAnswer, GameSession};
use qike_core::{
    BoardGame, BoardView, GameKind, GameSetup, MoveInput, MoveName, Outcome, PieceKind, Point, Side,
};

use crate::error::SessionError;
use crate::error::on_board;
use crate::types::{CountSummary, EngineReply, LevelInfo, MoveReview, PendingPromotion, TapResult};

/// The engine's transposition table, in MiB: as the app's.
const HASH_MB: usize = 16;

#[derive(Debug)]
struct State {
    session: GameSession,
    /// The engine, while it is not thinking; `None` for two players.
    engine: Option<AnyEngine>,
    /// Stops the engine while it thinks.
    thinking: Option<StopHandle>,
}

impl State {
    fn new(session: GameSession) -> State {
        let engine = session.level().and_then(|_| AnyEngine::for_game(session.kind(), HASH_MB));
        State { session, engine, thinking: None }
    }

    /// The engine, for a look at the position on this thread (hint, review, draw offer).
    fn engine(&mut self) -> Result<&mut AnyEngine, SessionError> {
        if self.thinking.is_some() {
            return Err(SessionError::busy());
        }
        let kind = self.session.kind();
        let engine = self.engine.take().or_else(|| AnyEngine::for_game(kind, HASH_MB));
        self.engine = engine;
        self.engine
            .as_mut()
            .ok_or_else(|| SessionError::from(qike_core::session::SessionError::NoEngine))
    }
}

/// The engine's move on its way, and the thread that waits for the engine.
struct Waiter {
    reply: futures_channel::oneshot::Receiver<Result<Option<MoveInput>, SessionError>>,
    thread: std::thread::JoinHandle<()>,
}

/// One casual game: taps on the board, the engine's replies, 悔棋, resignation, draw
/// offers, hints, the coach's review, the Go count, and a saved form.
#[derive(Debug, uniffi::Object)]
pub struct Session {
    state: Arc<Mutex<State>>,
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    // Every change is one call into the core: a poisoned lock still holds a consistent
    // session.
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Session {
    fn wrap(session: GameSession) -> Session {
        Session { state: Arc::new(Mutex::new(State::new(session))) }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    /// Starts the engine on its thread and a waiter that hands the engine back to the
    /// session when it is done, whether or not anyone still awaits the move.
    fn start_thinking(&self) -> Result<Waiter, SessionError> {
        let mut st = self.state();
        if st.thinking.is_some() {
            return Err(SessionError::busy());
        }
        if !st.session.is_engine_turn() {
            return Err(qike_core::session::SessionError::NotEngineTurn.into());
        }
        let engine = st
            .engine
            .take()
            .ok_or_else(|| SessionError::from(qike_core::session::SessionError::NoEngine))?;
        let kind = st.session.kind();
        let thinker: Thinker = match st.session.think(engine) {
            Ok(t) => t,
            Err(e) => {
                st.engine = AnyEngine::for_game(kind, HASH_MB);
                return Err(e.into());
            }
        };
        let stop = thinker.stop_handle();
        let (tx, rx) = futures_channel::oneshot::channel();
        let state = Arc::clone(&self.state);
        let spawned =
            std::thread::Builder::new().name("qike-engine-wait".into()).spawn(move || {
                let result = thinker.wait();
                let mut st = lock(&state);
                st.thinking = None;
                let reply = match result {
                    Ok((engine, mv)) => {
                        st.engine = Some(engine);
                        Ok(mv)
                    }
                    Err(e) => {
                        st.engine = AnyEngine::for_game(kind, HASH_MB);
                        Err(e.into())
                    }
                };
                drop(st);
                // The receiver is gone when the caller stopped awaiting: nothing to tell.
                let _ = tx.send(reply);
            });
        match spawned {
            Ok(thread) => {
                st.thinking = Some(stop);
                Ok(Waiter { reply: rx, thread })
            }
            Err(e) => {
                // The thinker went with the closure; stop its search and start afresh.
                stop.stop();
                st.engine = AnyEngine::for_game(kind, HASH_MB);
                Err(SessionError::Think(format!("the engine could not be started: {e}")))
            }
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
        level: Option<u8>,
        seed: u64,
    ) -> Result<Self, SessionError> {
        Ok(Session::wrap(GameSession::new(setup, player, level, seed, Timestamp::now())?))
    }

    /// A game saved by [`Session::save_bytes`], as it was.
    #[uniffi::constructor]
    pub fn resume_bytes(bytes: Vec<u8>) -> Result<Self, SessionError> {
        Ok(Session::wrap(GameSession::resume_bytes(&bytes)?))
    }

    /// The saved form of the game: keep it, and resume it after the app was closed.
    pub fn save_bytes(&self) -> Vec<u8> {
        self.state().session.save_bytes()
    }

    pub fn kind(&self) -> GameKind {
        self.state().session.kind()
    }

    pub fn setup(&self) -> GameSetup {
        self.state().session.setup().clone()
    }

    /// The child's side (the bottom side for two players).
    pub fn player(&self) -> Side {
        self.state().session.player()
    }

    /// The computer's level; `None` for two players.
    pub fn level(&self) -> Option<LevelInfo> {
        self.state().session.level().map(LevelInfo::from)
    }

    pub fn is_two_player(&self) -> bool {
        self.state().session.is_two_player()
    }

    pub fn seed(&self) -> u64 {
        self.state().session.seed()
    }

    /// What to draw: the position, the selection and its targets, the last move, and at
    /// a Go count the dead stones.
    pub fn board_view(&self) -> BoardView {
        self.state().session.view()
    }

    pub fn side_to_move(&self) -> Side {
        self.state().session.game().side_to_move()
    }

    /// How the game ended; `None` while it goes on (and during a Go count).
    pub fn outcome(&self) -> Option<Outcome> {
        self.state().session.outcome()
    }

    /// Whether a person is to move.
    pub fn is_player_turn(&self) -> bool {
        self.state().session.is_player_turn()
    }

    /// Whether the computer is to move: call [`Session::engine_move`].
    pub fn is_engine_turn(&self) -> bool {
        self.state().session.is_engine_turn()
    }

    /// Whether the computer is choosing its move now.
    pub fn is_thinking(&self) -> bool {
        self.state().thinking.is_some()
    }

    pub fn selected(&self) -> Option<Point> {
        self.state().session.selected()
    }

    pub fn pending_promotion(&self) -> Option<PendingPromotion> {
        self.state().session.pending_promotion().map(|(from, to)| PendingPromotion { from, to })
    }

    /// A tap on `at`: picks up or puts down a piece, plays a move, places a stone, or at
    /// a Go count marks a group dead or alive.
    pub fn tap(&self, at: Point) -> Result<TapResult, SessionError> {
        let mut st = self.state();
        let at = on_board(st.session.kind(), at)?;
        Ok(st.session.tap(at).into())
    }

    /// The piece a pawn becomes, after [`TapResult::ChoosePromotion`].
    pub fn promote(&self, piece: PieceKind) -> TapResult {
        self.state().session.promote(piece).into()
    }

    /// Puts down a picked-up piece or closes the promotion choice.
    pub fn deselect(&self) {
        self.state().session.deselect();
    }

    /// The player to move plays `mv` (chosen from a list or typed rather than tapped).
    pub fn play(&self, mv: MoveInput) -> Result<Option<Outcome>, SessionError> {
        let mut st = self.state();
        let mv = crate::error::move_on_board(st.session.kind(), mv)?;
        Ok(st.session.play(mv)?)
    }

    /// The player to move passes (Go).
    pub fn pass(&self) -> Result<TapResult, SessionError> {
        Ok(self.state().session.pass()?.into())
    }

    /// The computer chooses its move on its own thread and plays it. Awaiting does not
    /// block a thread; [`Session::stop_thinking`] makes it answer at once with its best
    /// move so far.
    pub async fn engine_move(&self) -> Result<EngineReply, SessionError> {
        let waiter = self.start_thinking()?;
        let reply = waiter.reply.await;
        // The waiter woke the caller's executor and is ending: wait for it, so that no
        // thread of ours runs foreign code after the caller got its answer (a Python
        // interpreter may be shutting down by then).
        let _ = waiter.thread.join();
        let mv = reply
            .map_err(|_| SessionError::Think("the engine stopped without a move".into()))??
            .ok_or_else(|| SessionError::from(qike_core::session::SessionError::NoEngineMove))?;
        let mut st = self.state();
        let outcome = st.session.play_engine(mv)?;
        let name = st.session.move_names().pop();
        Ok(EngineReply { played: mv, name, outcome })
    }

    /// Asks the thinking computer to move now; `false` when it was not thinking.
    pub fn stop_thinking(&self) -> bool {
        match &self.state().thinking {
            Some(stop) => {
                stop.stop();
                true
            }
            None => false,
        }
    }

    /// 悔棋: against the computer, back to the child's turn (the computer's reply and the
    /// child's move together); two players, the last move. How many moves were taken.
    pub fn undo(&self) -> Result<u32, SessionError> {
        let mut st = self.state();
        if st.thinking.is_some() {
            return Err(SessionError::busy());
        }
        let taken = st.session.undo()?;
        Ok(u32::try_from(taken).unwrap_or(u32::MAX))
    }

    /// The child resigns (two players: the player to move).
    pub fn resign(&self) -> Result<Outcome, SessionError> {
        Ok(self.state().session.resign()?)
    }

    /// A draw offer: two players agreed; against the computer, it answers.
    pub fn offer_draw(&self) -> Result<DrawAnswer, SessionError> {
        let mut st = self.state();
        if st.session.is_two_player() {
            return Ok(st.session.offer_draw(None)?);
        }
        st.engine()?;
        let State { session, engine, .. } = &mut *st;
        Ok(session.offer_draw(engine.as_mut())?)
    }

    /// A move the coach suggests for the player to move (a short look, on this thread).
    pub fn hint(&self) -> Result<Option<Hint>, SessionError> {
        let mut st = self.state();
        st.engine()?;
        let State { session, engine, .. } = &mut *st;
        Ok(engine.as_mut().and_then(|e| session.hint(e)))
    }

    /// The coach's marks on each of the child's moves (a short look at each, on this
    /// thread).
    pub fn review(&self) -> Result<Vec<MoveReview>, SessionError> {
        let mut st = self.state();
        st.engine()?;
        let State { session, engine, .. } = &mut *st;
        Ok(engine
            .as_mut()
            .map(|e| session.review(e).into_iter().map(MoveReview::from).collect())
            .unwrap_or_default())
    }

    /// Every move in standard and Chinese notation.
    pub fn move_names(&self) -> Vec<MoveName> {
        self.state().session.move_names()
    }

    /// The game as a record for the progress store, with a new random id, ended now.
    pub fn record(&self) -> Result<qike_core::progress::GameRecord, SessionError> {
        let id = qike_core::progress::ProgressStore::new_game_id()?;
        Ok(self.state().session.record(id, Timestamp::now()))
    }

    /// Go: both players passed and the count is not yet agreed; taps mark dead groups.
    pub fn is_counting(&self) -> bool {
        self.state().session.is_counting()
    }

    /// Go at the count: the players agree on the dead stones; the game ends.
    pub fn agree_count(&self) -> Result<Outcome, SessionError> {
        Ok(self.state().session.agree_count()?)
    }

    /// Go at the count: the players disagree, so play goes on.
    pub fn resume_play(&self) -> Result<(), SessionError> {
        Ok(self.state().session.resume_play()?)
    }

    /// Go: the count with the stones marked dead taken off; `None` for other games.
    pub fn count_summary(&self) -> Option<CountSummary> {
        self.state().session.go_score().map(CountSummary::from)
    }
}

/// The levels of a game's computer opponent, weakest first; empty for a game without
/// one yet.
#[uniffi::export]
pub fn levels(kind: GameKind) -> Vec<LevelInfo> {
    ai::levels(kind).iter().map(LevelInfo::from).collect()
}
