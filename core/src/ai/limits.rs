//! When an engine stops thinking: depth, nodes, a fixed move time or a share of a clock.
//! Shared by every game's engine.

use std::time::Duration;

/// When to stop thinking. Every limit set applies; none set means "until stopped".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Threads the search may use (one when not set); an engine that searches on one
    /// thread ignores it, and none uses more threads than the device's cores.
    pub threads: Option<u8>,
}

impl Limits {
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }

    pub fn nodes(n: u64) -> Limits {
        Limits { nodes: Some(n), ..Limits::default() }
    }

    pub fn movetime(t: Duration) -> Limits {
        Limits { movetime: Some(t), ..Limits::default() }
    }

    /// The time to spend on this move: the move time, or a share of the clock.
    pub(crate) fn budget(&self) -> Option<Duration> {
        let from_clock = self.clock.map(|c| c.budget());
        match (self.movetime, from_clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// The mover's clock: time left, increment per move, and moves to the next control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub left: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// A share of the time left plus most of the increment, never more than half the
    /// time left (minus a safety margin for the reply to reach the GUI).
    pub(crate) fn budget(&self) -> Duration {
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = self.left / moves + self.increment * 3 / 4;
        let cap = (self.left / 2).saturating_sub(Duration::from_millis(20));
        share.min(cap).max(Duration::from_millis(1))
    }
}
