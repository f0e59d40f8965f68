//! Difficulty levels 1–10 as data, and how a level picks its move.
//!
//! A level searches with its own caps and asks the search for exact scores of every
//! root move within `margin` of the best. Then, with the caller's seeded generator, it
//! either blunders impulsively (with `blunder_percent` chance: the candidate that
//! captures the most, judged without the reply, else a random candidate) or adds up to
//! ±`noise` centipawns to each candidate and plays the highest. So level 1 grabs pieces
//! and often misses threats, as a beginner does, yet its moves still look like moves.
//!
//! The rows were set by matches with `qike match custom:… custom:…` (a row given on the
//! command line): level 1 against the one-ply greedy bot until it scored 35–65%, then
//! each next row against the one below. The span from a greedy-bot beginner to the full
//! engine is too wide for nine steps of at most 85% each (adjacent steps measured
//! 79–97%), so the rows spread it as evenly as the measurements allowed: 81–95% per
//! step in 100-game matches (`core/tools/engine_ladder.sh`).

use std::time::Duration;

use crate::xiangqi::{Move, Position};

use super::eval::VALUE;
use super::search::{Limits, MATE_IN_MAX, SearchResult, Searcher};

/// One difficulty level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    /// The name a child sees, in Chinese and in English.
    pub name_zh: &'static str,
    pub name_en: &'static str,
    /// Search caps: full plies, nodes, and thinking time.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Candidates are the root moves within this many centipawns of the best.
    pub margin: i32,
    /// Random centipawns (±) added to each candidate's score.
    pub noise: i32,
    /// Chance in percent of playing a candidate other than the best.
    pub blunder_percent: u32,
}

/// The ten levels, weakest first. Levels 1–6 search a few plies and choose among the
/// candidates with noise and impulsive blunders; levels 7–9 play the full search's best
/// move with a node cap (4–6 times the nodes of the level below); level 10 is the full
/// engine for half a second.
pub const LEVELS: [Level; 10] = [
    lv(1, "小兵", "Little Soldier", 1, 2_000, 100, 1000, 500, 85),
    lv(2, "小象", "Little Elephant", 1, 3_000, 100, 800, 300, 50),
    lv(3, "小马", "Pony", 2, 10_000, 150, 650, 250, 42),
    lv(4, "小炮", "Little Cannon", 2, 20_000, 200, 400, 180, 30),
    lv(5, "小车", "Little Chariot", 3, 60_000, 300, 350, 150, 24),
    lv(6, "士官", "Guard", 3, 150_000, 350, 250, 80, 9),
    lv(7, "将军", "General", 64, 2_000, 400, 0, 0, 0),
    lv(8, "棋士", "Player", 64, 10_000, 400, 0, 0, 0),
    lv(9, "棋手", "Master", 64, 50_000, 400, 0, 0, 0),
    lv(10, "大师", "Grandmaster", 64, u64::MAX, 500, 0, 0, 0),
];

#[allow(clippy::too_many_arguments)]
const fn lv(
    number: u8,
    name_zh: &'static str,
    name_en: &'static str,
    depth: u32,
    nodes: u64,
    time_ms: u64,
    margin: i32,
    noise: i32,
    blunder_percent: u32,
) -> Level {
    Level { number, name_zh, name_en, depth, nodes, time_ms, margin, noise, blunder_percent }
}

/// A level number outside 1..=10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("there is no level {0}; levels go from 1 to 10")]
pub struct NoSuchLevel(pub u32);

impl Level {
    /// Level `n` (1..=10).
    pub fn get(n: u32) -> Result<Level, NoSuchLevel> {
        n.checked_sub(1).and_then(|i| LEVELS.get(i as usize)).copied().ok_or(NoSuchLevel(n))
    }

    /// The same level with a smaller node cap (for cheap tests and matches).
    pub fn with_nodes(mut self, nodes: u64) -> Level {
        self.nodes = self.nodes.min(nodes);
        self
    }

    /// The search limits of this level.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.depth),
            nodes: (self.nodes != u64::MAX).then_some(self.nodes),
            movetime: Some(Duration::from_millis(self.time_ms)),
            clock: None,
        }
    }

    /// Like [`Level::limits`] without the time cap: reproducible for a given seed.
    pub fn fixed_limits(&self) -> Limits {
        Limits { movetime: None, nodes: Some(self.nodes.min(5_000_000)), ..self.limits() }
    }

    /// Picks a move from `result` (a search made with this level's margin), without
    /// looking at the position: a blunder is then any candidate but the best.
    pub fn choose(&self, result: &SearchResult, rng: &mut Rng) -> Option<Move> {
        self.pick(None, result, rng)
    }

    /// Picks a move. With the position at hand a blunder is *impulsive*: the candidate
    /// that captures the most (a random one when none captures), judged without looking
    /// at the reply — so a weak level grabs pieces and misses threats, as a beginner does.
    fn pick(&self, pos: Option<&Position>, result: &SearchResult, rng: &mut Rng) -> Option<Move> {
        let best = result.root.first()?;
        if best.score.abs() > MATE_IN_MAX || (self.noise == 0 && self.blunder_percent == 0) {
            // Levels do not throw away a forced mate, nor walk into one on purpose.
            return result.best;
        }
        let cands: Vec<_> = result
            .root
            .iter()
            .filter(|r| r.exact && r.score >= best.score - self.margin && r.score > -MATE_IN_MAX)
            .collect();
        if cands.len() > 1 && rng.below(100) < self.blunder_percent as u64 {
            return match pos {
                Some(p) => {
                    let gain = |m: Move| p.piece_at(m.to()).map_or(0, |(_, k)| VALUE[k as usize]);
                    cands
                        .iter()
                        .map(|r| (gain(r.mv) * 64 + rng.below(64) as i32, r.mv))
                        .max_by_key(|&(g, _)| g)
                        .map(|(_, m)| m)
                        .or(result.best)
                }
                None => {
                    let i = 1 + rng.below(cands.len() as u64 - 1) as usize;
                    cands.get(i).map(|r| r.mv).or(result.best)
                }
            };
        }
        let noise = self.noise.max(0) as u64;
        cands
            .iter()
            .map(|r| (r.score + rng.below(2 * noise + 1) as i32 - self.noise, r.mv))
            .max_by_key(|&(s, _)| s)
            .map(|(_, m)| m)
            .or(result.best)
    }

    /// Searches `pos` with this level's caps and picks a move. `fixed` drops the time
    /// cap, so the move depends only on the position, history and seed.
    pub fn play(
        &self,
        searcher: &mut Searcher,
        pos: &Position,
        history: &[(u64, bool)],
        rng: &mut Rng,
        fixed: bool,
    ) -> Option<Move> {
        // A level that always plays the best move needs no exact scores for the others
        // (a wide root window would only slow its search down).
        let exact = self.noise == 0 && self.blunder_percent == 0;
        searcher.set_root_margin(if exact { 0 } else { self.margin });
        let limits = if fixed { self.fixed_limits() } else { self.limits() };
        let result = searcher.search(pos, history, &limits);
        searcher.set_root_margin(0);
        self.pick(Some(pos), &result, rng)
    }
}

/// A small seeded generator (SplitMix64): the caller's seed makes games reproducible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { ((self.next_u64() as u128 * n as u128) >> 64) as u64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered() {
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(a.number + 1, b.number);
            // Node caps are not ordered: levels 1–6 stop at their depth long before
            // their (safety) node cap, levels 7–9 at their node cap.
            assert!(a.depth <= b.depth && a.time_ms <= b.time_ms);
            assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
        }
        assert!(LEVELS.iter().all(|l| l.time_ms <= 1000));
        assert_eq!(Level::get(0), Err(NoSuchLevel(0)));
        assert_eq!(Level::get(11), Err(NoSuchLevel(11)));
        assert_eq!(Level::get(1).unwrap().name_zh, "小兵");
    }

    #[test]
    fn rng_is_reproducible_and_in_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
        assert_eq!(a.below(0), 0);
    }
}
