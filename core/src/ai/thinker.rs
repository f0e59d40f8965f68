//! Thinking on a worker thread that the caller can stop at any time: the UI never
//! waits for an engine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// Stops a [`Thinker`] from elsewhere (a button, another thread) while its owner
/// waits for it: the same as [`Thinker::stop`], without holding the thinker.
#[derive(Debug, Clone)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A level choosing its move on its own thread. [`Thinker::stop`] asks it to finish
/// at once; [`Thinker::wait`] hands back the engine (with its table) and the move.
pub struct Thinker {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(AnyEngine, Option<MoveInput>)>,
}

impl std::fmt::Debug for Thinker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinker").field("finished", &self.is_finished()).finish_non_exhaustive()
    }
}

impl Thinker {
    /// Starts `level` choosing a move in `game` with `engine` (moved onto the thread),
    /// by the same [`play_level`] every other caller uses.
    pub fn start(
        mut engine: AnyEngine,
        game: AnyGame,
        level: Level,
        mut rng: Rng,
        fixed: bool,
    ) -> Result<Thinker, ThinkError> {
        let stop = Arc::new(AtomicBool::new(false));
        engine.set_stop_flag(Arc::clone(&stop));
        let handle = std::thread::Builder::new()
            .name("qike-engine".into())
            .spawn(move || {
                let mv = play_level(&mut engine, &game, &level, &mut rng, fixed);
                (engine, mv)
            })
            .map_err(|e| ThinkError::Spawn(e.to_string()))?;
        Ok(Thinker { stop, handle })
    }

    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// A handle that stops this search after the thinker itself has been handed to
    /// whoever waits for it.
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }

    /// Whether the search has finished.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end.
    pub fn wait(self) -> Result<(AnyEngine, Option<MoveInput>), ThinkError> {
        let (mut engine, mv) = self.handle.join().map_err(|_| ThinkError::Panicked)?;
        // A fresh flag, so that a stopped thinker does not stop the engine's next search.
        engine.set_stop_flag(Arc::new(AtomicBool::new(false)));
        Ok((engine, mv))
    }
}
