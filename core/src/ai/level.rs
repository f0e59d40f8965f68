//! Difficulty levels as data, and the one function by which a level picks its move.
//!
//! A level searches with its own caps and asks the engine for exact scores of every
//! root move within `margin` of the best. Then, with the caller's seeded generator, it
//! either blunders impulsively (with `blunder_percent` chance: the candidate that
//! gains the most on the spot, judged without the reply, else a random candidate) or
//! adds up to ±`noise` to each candidate's score and plays the highest. So a low level
//! grabs material and often misses threats, as a beginner does, yet its moves still
//! look like moves.
//!
//! [`play_level`] is the only path from a level to a move: the app's thinker, the
//! session's blocking move, `qike match`, the ladder script and the tests all call it,
//! so what is measured is what a child meets. Each game's engine keeps its own table of
//! levels (see [`levels`]).

use crate::Rng;
use crate::game::{GameKind, GomokuRule, MoveInput};
use crate::games::AnyGame;

use super::engine::{Analysis, AnyEngine, Engine};
use super::limits::Limits;

/// One difficulty level of one game's engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    /// The name a child sees, in Chinese and in English.
    pub name_zh: &'static str,
    pub name_en: &'static str,
    /// Who it suits, in a sentence.
    pub about_zh: &'static str,
    pub about_en: &'static str,
    /// Search caps: full plies (or playouts' depth), nodes (or playouts), thinking time.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Candidates are the root moves within this many score units of the best.
    pub margin: i32,
    /// Random score units (±) added to each candidate's score.
    pub noise: i32,
    /// Chance in percent of an impulsive choice instead of the best.
    pub blunder_percent: u32,
    /// Threads the search may use where the device has the cores (see [`Limits::threads`]).
    pub threads: u8,
}

/// A level number the game does not have, or a game without an engine yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoSuchLevel {
    #[error("there is no level {number}; levels go from 1 to {max}")]
    Number { number: u32, max: usize },
    #[error("there is no computer opponent for this game yet")]
    NoEngine,
}

/// The levels of a game's engine, weakest first; empty for a game without an engine.
pub fn levels(kind: GameKind) -> &'static [Level] {
    match kind {
        GameKind::Xiangqi => &super::xiangqi::LEVELS,
        GameKind::Chess => &super::chess::LEVELS,
        GameKind::Go { size } => super::go::levels_for(size),
        GameKind::Gomoku { rule: GomokuRule::Renju } => &super::gomoku::RENJU_LEVELS,
        GameKind::Gomoku { .. } => &super::gomoku::LEVELS,
    }
}

impl Level {
    /// Level `n` (from 1) of the game's engine.
    pub fn get(kind: GameKind, n: u32) -> Result<Level, NoSuchLevel> {
        let all = levels(kind);
        if all.is_empty() {
            return Err(NoSuchLevel::NoEngine);
        }
        n.checked_sub(1)
            .and_then(|i| all.get(i as usize))
            .copied()
            .ok_or(NoSuchLevel::Number { number: n, max: all.len() })
    }

    /// The same level with a smaller node cap (for cheap tests and matches).
    pub fn with_nodes(mut self, nodes: u64) -> Level {
        self.nodes = self.nodes.min(nodes);
        self
    }

    /// Whether the level always plays the engine's best move.
    pub fn is_exact(&self) -> bool {
        self.noise == 0 && self.blunder_percent == 0
    }

    /// The search limits of this level. `fixed` drops the time cap, so the move depends
    /// only on the game and the seed (tests, reproducible matches).
    pub fn limits(&self, fixed: bool) -> Limits {
        let nodes = (self.nodes != u64::MAX).then_some(self.nodes);
        if fixed {
            Limits {
                depth: Some(self.depth),
                nodes: Some(self.nodes.min(5_000_000)),
                movetime: None,
                clock: None,
                threads: Some(self.threads),
            }
        } else {
            Limits {
                depth: Some(self.depth),
                nodes,
                movetime: Some(std::time::Duration::from_millis(self.time_ms)),
                clock: None,
                threads: Some(self.threads),
            }
        }
    }

    /// Picks a move from an analysis made with this level's margin.
    pub fn pick(&self, analysis: &Analysis, rng: &mut Rng) -> Option<MoveInput> {
        let best = analysis.candidates.first()?;
        if analysis.decisive || self.is_exact() {
            // Levels do not throw away a forced win, nor walk into a loss on purpose.
            return analysis.best;
        }
        let cands: Vec<_> = analysis
            .candidates
            .iter()
            .filter(|c| c.exact && c.score >= best.score - self.margin && !c.loses)
            .collect();
        if cands.len() > 1 && rng.below(100) < u64::from(self.blunder_percent) {
            // Impulsive: the biggest gain on the spot, ties broken at random.
            return cands
                .iter()
                .map(|c| (i64::from(c.gain) * 64 + rng.below(64) as i64, c.mv))
                .max_by_key(|&(g, _)| g)
                .map(|(_, m)| m)
                .or(analysis.best);
        }
        let noise = self.noise.max(0) as u64;
        cands
            .iter()
            .map(|c| (c.score + rng.below(2 * noise + 1) as i32 - self.noise, c.mv))
            .max_by_key(|&(s, _)| s)
            .map(|(_, m)| m)
            .or(analysis.best)
    }
}

/// The move a level plays in `game`: a book move when the engine has one, else a
/// search with the level's caps and the level's pick. The one path every caller uses.
pub fn play_level(
    engine: &mut AnyEngine,
    game: &AnyGame,
    level: &Level,
    rng: &mut Rng,
    fixed: bool,
) -> Option<MoveInput> {
    if let Some(m) = engine.book_move(game, rng) {
        return Some(m);
    }
    // A level that always plays the best move needs no exact scores for the others (a
    // wide root window would only slow its search down).
    let margin = if level.is_exact() { 0 } else { level.margin };
    let analysis = engine.analyse(game, &level.limits(fixed), margin);
    level.pick(&analysis, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_exist_only_where_an_engine_does() {
        assert_eq!(
            Level::get(GameKind::Xiangqi, 0),
            Err(NoSuchLevel::Number { number: 0, max: 10 })
        );
        assert_eq!(
            Level::get(GameKind::Xiangqi, 11),
            Err(NoSuchLevel::Number { number: 11, max: 10 })
        );
        assert_eq!(Level::get(GameKind::Xiangqi, 1).map(|l| l.name_zh), Ok("小兵"));
        assert_eq!(Level::get(GameKind::Chess, 10).map(|l| l.number), Ok(10));
        let gomoku = GameKind::Gomoku { rule: GomokuRule::Freestyle };
        let renju = GameKind::Gomoku { rule: GomokuRule::Renju };
        assert_eq!(Level::get(gomoku, 10).map(|l| l.number), Ok(10));
        // Renju has rows of its own.
        assert_ne!(Level::get(gomoku, 7), Level::get(renju, 7));
        // Every level table has ten rows, numbered in order, with names in both languages.
        for kind in [GameKind::Xiangqi, GameKind::Chess, GameKind::Go { size: 9 }, gomoku, renju] {
            let rows = levels(kind);
            assert_eq!(rows.len(), 10, "{kind:?}");
            for (i, l) in rows.iter().enumerate() {
                assert_eq!(usize::from(l.number), i + 1, "{kind:?}");
                assert!(!l.name_zh.is_empty() && !l.name_en.is_empty() && !l.about_zh.is_empty());
            }
        }
    }
}
