//! When the search stops: its node budget, the stop flag another thread may set, the
//! deadline of its move time or clock share, and on a clock the point after which no
//! new iteration starts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::ai::limits::Limits;

/// The limits of the search in progress.
pub(crate) struct TimeKeeper {
    start: Instant,
    deadline: Option<Instant>,
    /// Whether the budget comes from a clock (time saved now is time later).
    on_clock: bool,
    node_limit: u64,
    stop: Arc<AtomicBool>,
}

impl TimeKeeper {
    pub(crate) fn new() -> TimeKeeper {
        TimeKeeper {
            start: Instant::now(),
            deadline: None,
            on_clock: false,
            node_limit: u64::MAX,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The flag that stops the search when set.
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    pub(crate) fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Starts the clock of a search within `limits`.
    pub(crate) fn start(&mut self, limits: &Limits) {
        self.start = Instant::now();
        self.deadline = limits.budget().map(|b| self.start + b);
        self.on_clock = limits.clock.is_some();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
    }

    /// No node budget and no deadline (a search that only the stop flag ends).
    pub(crate) fn unlimited(&mut self) {
        self.node_limit = u64::MAX;
        self.deadline = None;
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop after `nodes` nodes: the node budget is checked at
    /// every node, the stop flag and the clock every 1024.
    #[inline]
    pub(crate) fn exhausted(&self, nodes: u64) -> bool {
        if nodes >= self.node_limit {
            return true;
        }
        nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// After an iteration on a clock: stop when 60% of the budget is gone (the next one
    /// would likely not finish, though a better move found in it is still used). With
    /// a fixed move time nothing is saved by stopping early, so the search goes on.
    pub(crate) fn soft_time_up(&self) -> bool {
        if !self.on_clock {
            return false;
        }
        match self.deadline {
            Some(d) => {
                let total = d.saturating_duration_since(self.start);
                // A partial iteration can still change the move, so go on longer.
                self.start.elapsed() >= total * 6 / 10
            }
            None => false,
        }
    }
}
