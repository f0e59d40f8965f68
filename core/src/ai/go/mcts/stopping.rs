//! When a timed search stops. It stops early once its most visited move cannot be
//! overtaken. At its time it stops unless a move searched often enough has a better
//! win rate than the most visited one; then it goes on for as long as its extra time
//! allows, which the engine pays from the time earlier moves of the game left unspent.

use std::time::Duration;

use super::{Mcts, Node};

impl Mcts {
    /// Whether the root's most visited move can no longer be overtaken: its lead in
    /// visits over the next is more than the playouts left, by the cap or by the
    /// time left at the rate so far. The move is then the one the whole budget would
    /// choose, and the rest of the time is not spent.
    pub(super) fn decided(
        &self,
        done: u64,
        cap_left: u64,
        elapsed: Duration,
        time: Duration,
    ) -> bool {
        let secs = elapsed.as_secs_f64();
        if secs <= 0.0 {
            return false;
        }
        let by_time = done as f64 / secs * time.saturating_sub(elapsed).as_secs_f64();
        let left = by_time.min(cap_left as f64);
        let (mut first, mut second) = (0u32, 0u32);
        for c in self.children(0) {
            let v = self.nodes[c].visits;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        f64::from(first - second) > left
    }

    /// Whether a search with time `t` and `extra` to draw on stops at `elapsed`: at its
    /// time when settled, else once the extra is spent too.
    pub(super) fn stops_at(&self, elapsed: Duration, t: Duration, extra: Duration) -> bool {
        elapsed >= t && (elapsed >= t + extra || !self.unsettled())
    }

    /// Whether the root's most visited move is not also the best by win rate among the
    /// moves searched at least a tenth as often: more time may change the choice.
    pub(super) fn unsettled(&self) -> bool {
        let Some(top) = self.children(0).max_by_key(|&c| self.nodes[c].visits) else {
            return false;
        };
        let most = self.nodes[top].visits;
        let rate = |n: &Node| n.wins / n.visits.max(1) as f32;
        let best = rate(&self.nodes[top]);
        most > 0
            && self.children(0).any(|c| {
                let n = &self.nodes[c];
                c != top && n.visits * 10 >= most && rate(n) > best
            })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::super::tests::root;
    use super::super::{Budget, DEFAULT_MAX_NODES};
    use super::*;
    use crate::ai::go::policy::PASS;
    use crate::game::Side;
    use crate::go::board::Board;

    #[test]
    fn a_timed_search_stops_once_its_move_cannot_be_overtaken() {
        let board = Board::new(9).unwrap();
        let r = root(&board, Side::First, PASS);
        let mut m = Mcts::new(DEFAULT_MAX_NODES, 3, Arc::new(AtomicBool::new(false)));
        let out = m.search(&r, Budget::fixed(5000), false);
        let lead = u64::from(out.children[0].visits - out.children[1].visits);
        assert!(lead >= 4, "{lead}");
        // By the cap: decided when the lead is more than the playouts left, not before.
        let (second, hour) = (Duration::from_secs(1), Duration::from_secs(3600));
        assert!(m.decided(5000, lead - 1, second, hour));
        assert!(!m.decided(5000, lead, second, hour));
        // By the clock: 5,000 playouts in a second so far, so the time left buys
        // 5 playouts a millisecond.
        let buys = |playouts: u64| second + Duration::from_secs_f64(playouts as f64 / 5000.0);
        assert!(m.decided(5000, u64::MAX, second, buys(lead / 2)));
        assert!(!m.decided(5000, u64::MAX, second, buys(lead * 2)));
        // A timed search that stops early plays the move of the whole budget.
        let stop = Arc::new(AtomicBool::new(false));
        let full = Mcts::new(DEFAULT_MAX_NODES, 5, Arc::clone(&stop)).search(
            &r,
            Budget::fixed(20_000),
            false,
        );
        let timed = Mcts::new(DEFAULT_MAX_NODES, 5, stop).search(
            &r,
            Budget { playouts: 20_000, time: Some(hour), extra: Duration::ZERO },
            false,
        );
        assert!(timed.playouts < 20_000, "it stopped early");
        assert_eq!(timed.children[0].cell, full.children[0].cell);
    }

    #[test]
    fn a_search_is_unsettled_while_a_well_searched_move_beats_the_most_visited() {
        let board = Board::new(9).unwrap();
        let r = root(&board, Side::First, PASS);
        let mut m = Mcts::new(DEFAULT_MAX_NODES, 3, Arc::new(AtomicBool::new(false)));
        m.search(&r, Budget::fixed(2000), false);
        let kids: Vec<usize> = m.children(0).collect();
        for &c in &kids {
            m.nodes[c].visits = 0;
            m.nodes[c].wins = 0.0;
        }
        let (top, other) = (kids[0], kids[1]);
        m.nodes[top].visits = 1000;
        m.nodes[top].wins = 500.0;
        // A move searched a twentieth as often with a better rate is a fluke.
        m.nodes[other].visits = 50;
        m.nodes[other].wins = 40.0;
        assert!(!m.unsettled());
        // Searched a fifth as often, it may yet overtake.
        m.nodes[other].visits = 200;
        m.nodes[other].wins = 160.0;
        assert!(m.unsettled());
        // Past its time, an unsettled search goes on until its extra time is spent.
        let ms = Duration::from_millis;
        assert!(!m.stops_at(ms(90), ms(100), ms(100)), "within its time");
        assert!(!m.stops_at(ms(150), ms(100), ms(100)));
        assert!(m.stops_at(ms(200), ms(100), ms(100)));
        assert!(m.stops_at(ms(100), ms(100), Duration::ZERO), "nothing to draw on");
        // With a worse rate the move cannot overtake: settled, and it stops on time.
        m.nodes[other].wins = 60.0;
        assert!(!m.unsettled());
        assert!(m.stops_at(ms(100), ms(100), ms(100)));
    }
}
