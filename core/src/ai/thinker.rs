//! Thinking on a worker thread that the caller can stop at any time.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use crate::xiangqi::Position;

use super::search::{Limits, SearchResult, Searcher};

/// Why a background search gave no result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    #[error("the search thread could not be started: {0}")]
    Spawn(String),
    #[error("the search thread stopped abnormally")]
    Panicked,
}

/// A search running on its own thread. [`Thinker::stop`] asks it to finish at once;
/// [`Thinker::wait`] hands back the searcher (with its table) and the result.
pub struct Thinker {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(Searcher, SearchResult)>,
}

impl std::fmt::Debug for Thinker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinker").field("finished", &self.is_finished()).finish_non_exhaustive()
    }
}

impl Thinker {
    /// Starts searching `pos` with `searcher` (moved onto the thread).
    pub fn start(
        mut searcher: Searcher,
        pos: Position,
        history: Vec<(u64, bool)>,
        limits: Limits,
    ) -> Result<Thinker, ThinkError> {
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(Arc::clone(&stop));
        let handle = std::thread::Builder::new()
            .name("qike-xiangqi-search".into())
            .spawn(move || {
                let result = searcher.search(&pos, &history, &limits);
                (searcher, result)
            })
            .map_err(|e| ThinkError::Spawn(e.to_string()))?;
        Ok(Thinker { stop, handle })
    }

    /// Asks the search to stop; it returns its best move so far promptly.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search has finished.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end.
    pub fn wait(self) -> Result<(Searcher, SearchResult), ThinkError> {
        self.handle.join().map_err(|_| ThinkError::Panicked)
    }
}
