//! Thinking on a worker thread that the caller can stop at any time: the UI never
//! waits for an engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread::JoinHandle;

use crate::game::MoveInput;
use crate::games::AnyGame;

use super::engine::{AnyEngine, Engine};
use super::level::{Level, play_level};
use crate::Rng;

/// Why a background search gave no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    #[error("the search thread could not be started: {0}")]
    Spawn(String),
    #[error("the search thread stopped abnormally")]
    Panicked,
}

/// Set when the worker's closure ends, by return or by panic.
#[derive(Debug, Default)]
struct Done {
    finished: Mutex<bool>,
    woken: Condvar,
}

impl Done {
    fn wait(&self) {
        let mut finished = self.finished.lock().unwrap_or_else(PoisonError::into_inner);
        while !*finished {
            finished = self.woken.wait(finished).unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// Marks [`Done`] when dropped: at the end of the worker's closure, also when it unwinds.
struct MarkDone(Arc<Done>);

impl Drop for MarkDone {
    fn drop(&mut self) {
        *self.0.finished.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.woken.notify_all();
    }
}

/// Stops a [`Thinker`] from elsewhere (a button, another thread) while its owner
/// keeps it, and waits for it to end: the same as [`Thinker::stop`], without holding
/// the thinker.
#[derive(Debug, Clone)]
pub struct StopHandle {
    stop: Arc<AtomicBool>,
    done: Arc<Done>,
}

impl StopHandle {
    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Blocks until the search has ended; its owner then has the result at once.
    pub fn wait(&self) {
        self.done.wait();
    }
}

/// Engine work on its own thread: a level choosing its move ([`Thinker::start`]), or
/// any look at a game ([`Thinker::run`]). [`Thinker::stop`] asks it to finish at once;
/// [`Thinker::wait`] hands back the engine (with its table) and the answer.
pub struct Thinker<T = Option<MoveInput>> {
    stop: Arc<AtomicBool>,
    done: Arc<Done>,
    handle: JoinHandle<(AnyEngine, T)>,
}

impl<T> std::fmt::Debug for Thinker<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinker").field("finished", &self.is_finished()).finish_non_exhaustive()
    }
}

impl Thinker {
    /// Starts `level` choosing a move in `game` with `engine` (moved onto the thread),
    /// by the same [`play_level`] every other caller uses.
    pub fn start(
        engine: AnyEngine,
        game: AnyGame,
        level: Level,
        mut rng: Rng,
        fixed: bool,
    ) -> Result<Thinker, ThinkError> {
        Thinker::run(engine, move |engine| play_level(engine, &game, &level, &mut rng, fixed))
    }
}

impl<T: Send + 'static> Thinker<T> {
    /// Runs `work` with `engine` (moved onto the thread): a hint, a review, a search.
    pub fn run(
        mut engine: AnyEngine,
        work: impl FnOnce(&mut AnyEngine) -> T + Send + 'static,
    ) -> Result<Thinker<T>, ThinkError> {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(Done::default());
        engine.set_stop_flag(Arc::clone(&stop));
        let mark = MarkDone(Arc::clone(&done));
        let handle = std::thread::Builder::new()
            .name("qike-engine".into())
            .spawn(move || {
                let _mark = mark;
                worker_setup();
                let answer = work(&mut engine);
                (engine, answer)
            })
            .map_err(|e| ThinkError::Spawn(e.to_string()))?;
        Ok(Thinker { stop, done, handle })
    }
}

/// What each worker thread does first, set once by the platform's shell.
static WORKER_SETUP: OnceLock<fn()> = OnceLock::new();

/// Sets what every worker thread runs before its work — an app lowers the thread's
/// priority there, so the screen keeps drawing while the engine thinks (the core itself
/// has no unsafe code to do that). Only the first call counts; later ones return false.
pub fn set_worker_setup(setup: fn()) -> bool {
    WORKER_SETUP.set(setup).is_ok()
}

/// Runs the platform's setup for a worker thread, if one was set.
pub(crate) fn worker_setup() {
    if let Some(setup) = WORKER_SETUP.get() {
        setup();
    }
}

impl<T> Thinker<T> {
    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A handle that stops this search, or waits for it, after the thinker itself has
    /// been handed to whoever keeps it.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle { stop: Arc::clone(&self.stop), done: Arc::clone(&self.done) }
    }

    /// Whether the search has finished.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end.
    pub fn wait(self) -> Result<(AnyEngine, T), ThinkError> {
        let (mut engine, answer) = self.handle.join().map_err(|_| ThinkError::Panicked)?;
        // A fresh flag, so that a stopped thinker does not stop the engine's next search.
        engine.set_stop_flag(Arc::new(AtomicBool::new(false)));
        Ok((engine, answer))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicU64;

    use super::*;

    /// The worker threads the setup below ran on, by a number each thread draws.
    static SET_UP_ON: AtomicU64 = AtomicU64::new(0);

    thread_local! {
        static THREAD_NUMBER: u64 = {
            static NEXT: AtomicU64 = AtomicU64::new(1);
            NEXT.fetch_add(1, Ordering::Relaxed)
        };
    }

    /// How many times the setup ran.
    static SETUPS: AtomicU64 = AtomicU64::new(0);

    fn record() {
        SET_UP_ON.store(THREAD_NUMBER.with(|n| *n), Ordering::SeqCst);
        SETUPS.fetch_add(1, Ordering::SeqCst);
    }

    #[test]
    fn each_worker_runs_the_registered_setup_on_its_own_thread_first() {
        assert!(set_worker_setup(record));
        assert!(!set_worker_setup(record), "only the first registration counts");
        let engine = AnyEngine::for_game(crate::GameKind::Xiangqi, 1).unwrap();
        let t = Thinker::run(engine, |_| {
            (SET_UP_ON.load(Ordering::SeqCst), THREAD_NUMBER.with(|n| *n))
        })
        .unwrap();
        let (_engine, (set_up_on, worker)) = t.wait().unwrap();
        assert_eq!(set_up_on, worker, "the setup ran on the worker, before its work");
        assert_ne!(worker, THREAD_NUMBER.with(|n| *n), "not on the caller's thread");
        // The Go engine's second search thread runs the setup too.
        let go = crate::GameKind::Go { size: 9 };
        let engine = AnyEngine::for_game(go, 0).unwrap();
        let before = SETUPS.load(Ordering::SeqCst);
        let t = Thinker::run(engine, move |e| {
            let limits = crate::ai::Limits { threads: Some(2), ..crate::ai::Limits::nodes(200) };
            e.analyse(&crate::AnyGame::new(go).unwrap(), &limits, 0).nodes
        })
        .unwrap();
        let (_engine, nodes) = t.wait().unwrap();
        assert_eq!(nodes, 200);
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let threads = cores.min(2) as u64;
        assert!(SETUPS.load(Ordering::SeqCst) - before >= threads, "a setup for each thread");
    }
}
