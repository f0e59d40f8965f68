//! The session's engine: kept here between searches, lent to a [`Thinker`] while it
//! works and taken back after; a search that failed leaves no engine, and the next
//! request makes a new one.

use std::sync::{Mutex, PoisonError};

use crate::ai::{self, AnyEngine, Engine, Hint, MoveReview, StopHandle, Thinker};
use crate::game::{BoardGame, GameKind, MoveInput};

use super::{COACH_NODES, GameSession, SessionError};

/// The engine's table for a session, in MiB, unless the owner chooses another: small,
/// a phone has other things to do.
pub const ENGINE_HASH_MB: usize = 16;

/// The most nodes a hint at a level looks at (the strongest levels are capped by time,
/// not nodes, and a hint answers on the caller's thread).
pub const LEVEL_HINT_MAX_NODES: u64 = 200_000;

/// What the engine is doing on its thread.
pub(super) enum Job {
    /// Choosing its own move.
    Move(Thinker),
    /// A hint for the player to move, in the game with these moves.
    Hint { history: Vec<MoveInput>, thinker: Thinker<Option<Hint>> },
    /// The coach's marks on the player's moves.
    Review(Thinker<Vec<MoveReview>>),
    /// The marks and the graph for the result screen.
    GameReview(Thinker<super::GameReview>),
}

impl Job {
    fn stop_handle(&self) -> StopHandle {
        match self {
            Job::Move(t) => t.stop_handle(),
            Job::Hint { thinker, .. } => thinker.stop_handle(),
            Job::Review(t) => t.stop_handle(),
            Job::GameReview(t) => t.stop_handle(),
        }
    }

    fn is_finished(&self) -> bool {
        match self {
            Job::Move(t) => t.is_finished(),
            Job::Hint { thinker, .. } => thinker.is_finished(),
            Job::Review(t) => t.is_finished(),
            Job::GameReview(t) => t.is_finished(),
        }
    }
}

/// The engine, idle or lent out, and what it is doing.
pub(super) struct Opponent {
    kind: GameKind,
    hash_mb: usize,
    /// Here between searches, made when first needed. (In a mutex only because an
    /// engine is `Send` but not `Sync`; it is reached through `&mut` alone.)
    engine: Mutex<Option<AnyEngine>>,
    job: Option<Job>,
    /// How many jobs were started: the number of the one under way.
    started: u64,
}

impl std::fmt::Debug for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opponent")
            .field("hash_mb", &self.hash_mb)
            .field("thinking", &self.job.is_some())
            .finish_non_exhaustive()
    }
}

impl Opponent {
    pub(super) fn new(kind: GameKind) -> Opponent {
        Opponent { kind, hash_mb: ENGINE_HASH_MB, engine: Mutex::new(None), job: None, started: 0 }
    }

    /// The same kind of opponent with no engine made yet and nothing under way.
    pub(super) fn fresh(&self) -> Opponent {
        Opponent { hash_mb: self.hash_mb, ..Opponent::new(self.kind) }
    }

    pub(super) fn set_hash_mb(&mut self, mb: usize) {
        if mb != self.hash_mb {
            self.hash_mb = mb;
            *self.slot() = None;
        }
    }

    fn slot(&mut self) -> &mut Option<AnyEngine> {
        self.engine.get_mut().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// A search has ended and its answer waits to be taken.
    pub(super) fn is_ready(&self) -> bool {
        self.job.as_ref().is_some_and(Job::is_finished)
    }

    /// The number of the job under way (or waiting to be taken), counting every job this
    /// opponent started from 1.
    pub(super) fn job_number(&self) -> Option<u64> {
        self.job.as_ref().map(|_| self.started)
    }

    pub(super) fn stop_handle(&self) -> Option<StopHandle> {
        self.job.as_ref().map(Job::stop_handle)
    }

    /// The idle engine for a look on this thread; `Busy` while one is under way.
    pub(super) fn engine(&mut self) -> Result<&mut AnyEngine, SessionError> {
        if self.job.is_some() {
            return Err(SessionError::Busy);
        }
        let (kind, mb) = (self.kind, self.hash_mb);
        let slot = self.slot();
        if slot.is_none() {
            *slot = AnyEngine::for_game(kind, mb);
        }
        slot.as_mut().ok_or(SessionError::NoEngine)
    }

    /// Lends the engine to a worker running `work`, and keeps the worker as `job`.
    pub(super) fn start<T: Send + 'static>(
        &mut self,
        work: impl FnOnce(&mut AnyEngine) -> T + Send + 'static,
        job: impl FnOnce(Thinker<T>) -> Job,
    ) -> Result<StopHandle, SessionError> {
        self.engine()?;
        let engine = self.slot().take().ok_or(SessionError::NoEngine)?;
        // A worker that could not start took the engine with it: a new one comes next.
        let thinker = Thinker::run(engine, work)?;
        let stop = thinker.stop_handle();
        self.job = Some(job(thinker));
        self.started += 1;
        Ok(stop)
    }

    /// Takes the job out when `wanted` is what it does and, unless `block`, when it has
    /// finished.
    pub(super) fn take(&mut self, wanted: fn(&Job) -> bool, block: bool) -> Option<Job> {
        let ready = self.job.as_ref().is_some_and(|j| wanted(j) && (block || j.is_finished()));
        if ready { self.job.take() } else { None }
    }

    /// Waits for a worker and takes the engine back; after a panic there is none, and
    /// the next request makes a new one.
    pub(super) fn finish<T>(&mut self, thinker: Thinker<T>) -> Result<T, SessionError> {
        let (engine, answer) = thinker.wait()?;
        *self.slot() = Some(engine);
        Ok(answer)
    }

    /// Stops whatever runs, takes the engine back and forgets the answer.
    pub(super) fn cancel(&mut self) {
        let Some(job) = self.job.take() else { return };
        job.stop_handle().stop();
        let _ = match job {
            Job::Move(t) => self.finish(t).map(drop),
            Job::Hint { thinker, .. } => self.finish(thinker).map(drop),
            Job::Review(t) => self.finish(t).map(drop),
            Job::GameReview(t) => self.finish(t).map(drop),
        };
    }
}

/// The engine's work for the game: its moves, hints and the review, on a worker thread
/// (`start_…` then `poll_…`) or on the caller's thread (`…_now`).
impl GameSession {
    /// Whether this game has an engine to play it, give hints and review it (also in a
    /// two-player game, for hints).
    pub fn has_coach(&self) -> bool {
        AnyEngine::exists_for(self.kind())
    }

    /// Whether the engine is at work on its thread (its move, a hint or the review),
    /// or has finished and its answer waits for its `poll_…`.
    pub fn is_thinking(&self) -> bool {
        self.opponent.is_busy()
    }

    /// Which of this session's engine jobs (its move, a hint, the review) is under way
    /// or waits for its `poll_…`, counting from 1; `None` when the engine is idle. A
    /// caller that started a job and waits for it elsewhere compares this number to
    /// learn whether its job is still the one running or was cancelled meanwhile.
    pub fn engine_job(&self) -> Option<u64> {
        self.opponent.job_number()
    }

    /// The engine has finished: the matching `poll_…` answers at once.
    pub fn answer_ready(&self) -> bool {
        self.opponent.is_ready()
    }

    /// Asks the engine at work to answer now (its move: the best so far); `false`
    /// when it was not working. The answer still comes through its `poll_…`.
    pub fn stop_thinking(&self) -> bool {
        self.opponent.stop_handle().map(|h| h.stop()).is_some()
    }

    /// Stops the engine at work, takes it back and forgets its answer (leaving the
    /// game, 悔棋, resignation).
    pub fn cancel_thinking(&mut self) {
        self.opponent.cancel();
    }

    /// Starts the engine choosing its move on its own thread, with this level's limits.
    /// The handle stops it or waits for it from another thread; the move is played by
    /// [`GameSession::poll_engine_move`].
    pub fn start_engine_move(&mut self) -> Result<StopHandle, SessionError> {
        if self.opponent.is_busy() {
            return Err(SessionError::Busy);
        }
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        let level = self.level.ok_or(SessionError::NoEngine)?;
        let (game, mut rng) = (self.game().clone(), self.ply_rng());
        self.opponent
            .start(move |engine| ai::play_level(engine, &game, &level, &mut rng, false), Job::Move)
    }

    /// Plays the engine's move once it has one: `None` while it still thinks (or was
    /// not asked), then once the move played or why there is none.
    pub fn poll_engine_move(&mut self) -> Option<Result<MoveInput, SessionError>> {
        self.engine_move(false)
    }

    /// Waits for the move [`GameSession::start_engine_move`] started, and plays it.
    pub fn wait_engine_move(&mut self) -> Result<MoveInput, SessionError> {
        self.engine_move(true).unwrap_or(Err(SessionError::NotEngineTurn))
    }

    fn engine_move(&mut self, block: bool) -> Option<Result<MoveInput, SessionError>> {
        let Job::Move(thinker) = self.opponent.take(|j| matches!(j, Job::Move(_)), block)? else {
            return None;
        };
        Some(self.opponent.finish(thinker).and_then(|mv| {
            let mv = mv.ok_or(SessionError::NoEngineMove)?;
            self.play_engine(mv)?;
            Ok(mv)
        }))
    }

    /// Chooses on this thread with the level's node cap and no time cap (the same move
    /// every time for the same game and seed) and plays it.
    pub fn engine_move_now(&mut self) -> Result<MoveInput, SessionError> {
        if self.opponent.is_busy() {
            return Err(SessionError::Busy);
        }
        if !self.is_engine_turn() {
            return Err(SessionError::NotEngineTurn);
        }
        let level = self.level.ok_or(SessionError::NoEngine)?;
        let mut rng = self.ply_rng();
        let engine = self.opponent.engine()?;
        let mv = ai::play_level(engine, self.board.game(), &level, &mut rng, true)
            .ok_or(SessionError::NoEngineMove)?;
        self.play_engine(mv)?;
        Ok(mv)
    }

    /// Chooses the move of the player to move as `level` would (the same pick as the
    /// engine's, with that level's caps) and plays it, on this thread: the session's
    /// engine against another level, or a demonstration of the child's side.
    pub fn play_level_now(&mut self, level: u8) -> Result<MoveInput, SessionError> {
        if self.opponent.is_busy() {
            return Err(SessionError::Busy);
        }
        if !self.is_player_turn() {
            return Err(SessionError::Refused(crate::game::Refusal::NotYourTurn));
        }
        let level = ai::Level::get(self.kind(), u32::from(level))?;
        let mut rng = self.ply_rng();
        let engine = self.opponent.engine()?;
        let mv = ai::play_level(engine, self.board.game(), &level, &mut rng, false)
            .ok_or(SessionError::NoEngineMove)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Starts the coach looking for a move for the player to move, and the threat it
    /// answers; [`GameSession::poll_hint`] gives it.
    pub fn start_hint(&mut self) -> Result<StopHandle, SessionError> {
        self.opponent.engine()?;
        let game = self.game().clone();
        let history = game.history();
        let wanted = self.is_player_turn();
        self.opponent.start(
            move |engine| if wanted { engine.hint(&game, COACH_NODES) } else { None },
            |thinker| Job::Hint { history, thinker },
        )
    }

    /// The hint once it is there: `None` while the coach still looks; then once the
    /// hint, or no hint when there is none or the game has moved on since.
    pub fn poll_hint(&mut self) -> Option<Result<Option<Hint>, SessionError>> {
        let Job::Hint { history, thinker } =
            self.opponent.take(|j| matches!(j, Job::Hint { .. }), false)?
        else {
            return None;
        };
        let hint = self.opponent.finish(thinker);
        let moved_on = history != self.game().history();
        Some(hint.map(|h| h.filter(|_| !moved_on)))
    }

    /// A move the coach suggests for the player to move, and the threat it answers,
    /// looked for on this thread.
    pub fn hint_now(&mut self) -> Result<Option<Hint>, SessionError> {
        self.opponent.engine()?;
        if !self.is_player_turn() {
            return Ok(None);
        }
        Ok(self.opponent.engine()?.hint(self.board.game(), COACH_NODES))
    }

    /// A hint as this session's level would find it: the coach looks with the level's
    /// node cap (a weaker level looks less far; at most [`LEVEL_HINT_MAX_NODES`]), or
    /// with the coach's own look in a two-player game. On this thread.
    pub fn level_hint_now(&mut self) -> Result<Option<Hint>, SessionError> {
        let nodes = self.level.map_or(COACH_NODES, |l| l.nodes.min(LEVEL_HINT_MAX_NODES));
        self.opponent.engine()?;
        if !self.is_player_turn() {
            return Ok(None);
        }
        Ok(self.opponent.engine()?.hint(self.board.game(), nodes))
    }

    /// Starts the coach marking each of the child's moves; [`GameSession::poll_review`]
    /// gives the marks.
    pub fn start_review(&mut self) -> Result<StopHandle, SessionError> {
        let (game, player) = (self.game().clone(), self.player);
        self.opponent.start(move |engine| engine.review(&game, player, COACH_NODES), Job::Review)
    }

    /// The review once it is there: `None` while the coach still looks.
    pub fn poll_review(&mut self) -> Option<Result<Vec<MoveReview>, SessionError>> {
        let Job::Review(thinker) = self.opponent.take(|j| matches!(j, Job::Review(_)), false)?
        else {
            return None;
        };
        Some(self.opponent.finish(thinker))
    }

    /// The coach's marks on each of the child's moves, looked at on this thread.
    pub fn review_now(&mut self) -> Result<Vec<MoveReview>, SessionError> {
        let player = self.player;
        Ok(self.opponent.engine()?.review(self.board.game(), player, COACH_NODES))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::ThinkError;
    use crate::game::Side;
    use crate::progress::Timestamp;

    fn answer<T>(mut poll: impl FnMut() -> Option<T>) -> T {
        loop {
            if let Some(a) = poll() {
                return a;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    #[test]
    fn a_search_that_broke_leaves_a_new_engine_for_the_next_request() {
        let mut s = GameSession::xiangqi(Side::First, 1, 1, Timestamp(0)).unwrap().with_hash_mb(1);
        let broken = |_: &mut AnyEngine| -> Vec<MoveReview> { panic!("a search that breaks") };
        s.opponent.start(broken, Job::Review).unwrap();
        assert!(s.is_thinking());
        assert!(matches!(s.hint_now(), Err(SessionError::Busy)));
        assert!(s.poll_engine_move().is_none(), "a review is not a move");
        let review = answer(|| s.poll_review());
        assert_eq!(review, Err(SessionError::Think(ThinkError::Panicked)));
        assert!(!s.is_thinking());
        assert!(s.hint_now().unwrap().is_some(), "a new engine answers");
    }

    #[test]
    fn another_level_plays_the_player_side_against_the_session_engine() {
        let mut s = GameSession::xiangqi(Side::First, 1, 1, Timestamp(0)).unwrap().with_hash_mb(1);
        let mine = s.play_level_now(2).unwrap();
        assert_eq!(s.game().history(), vec![mine]);
        assert!(s.is_engine_turn());
        assert!(matches!(s.play_level_now(2), Err(SessionError::Refused(_))), "not its turn");
        s.engine_move_now().unwrap();
        assert!(matches!(s.play_level_now(11), Err(SessionError::Level(_))));
        assert_eq!(s.game().history().len(), 2);
    }

    #[test]
    fn each_engine_job_has_its_own_number_until_it_is_taken_or_cancelled() {
        let mut s = GameSession::xiangqi(Side::Second, 1, 1, Timestamp(0)).unwrap().with_hash_mb(1);
        assert_eq!(s.engine_job(), None);
        s.start_engine_move().unwrap();
        assert_eq!(s.engine_job(), Some(1));
        s.cancel_thinking();
        assert_eq!(s.engine_job(), None, "a cancelled job is gone");
        s.start_engine_move().unwrap();
        assert_eq!(s.engine_job(), Some(2), "the next job is another one");
        s.wait_engine_move().unwrap();
        assert_eq!(s.engine_job(), None, "a move played ends its job");
    }
}
