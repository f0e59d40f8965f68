//! What xiangqi matches need beyond the shared arena ([`crate::ai::arena`]): the suite of
//! balanced openings, a game started from one, what a capture wins for the greedy bot,
//! and the full-strength search with fixed limits (and any evaluation weights) as a
//! player.

use std::sync::Arc;

use crate::ai::Limits;
use crate::ai::arena::{Player, Reply};
use crate::game::MoveInput;
use crate::games::AnyGame;
use crate::xiangqi::{Game, Move, Position, Rules};

use super::search::{MATE_IN_MAX, Searcher, history_of};
use super::weights::Weights;

/// The balanced openings of the match suite: ICCS moves from the start position, one
/// opening per line (`#` starts a comment).
pub const OPENINGS: &str = include_str!("openings.txt");

/// Reads an opening list: each non-empty, non-comment line is a sequence of ICCS moves
/// from the start position. Fails on the first illegal move, naming its line.
pub fn parse_openings(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in line.split_whitespace() {
            let m = crate::xiangqi::notation::parse_iccs(&pos, t)
                .map_err(|e| format!("opening line {}: '{t}': {e}", i + 1))?;
            pos.play(m).map_err(|e| format!("opening line {}: '{t}': {e}", i + 1))?;
            moves.push(m);
        }
        out.push(moves);
    }
    Ok(out)
}

/// A game from `start` under the default rules, after `opening`.
pub fn game_after(start: &Position, opening: &[Move]) -> Result<AnyGame, String> {
    let mut game = Game::new(start.clone(), Rules::default());
    for &m in opening {
        game.play(m).map_err(|e| format!("opening move {m}: {e}"))?;
    }
    Ok(AnyGame::Xiangqi(game))
}

/// What `m` takes at once, for the greedy bot (the general is never taken).
pub fn capture_gain(pos: &Position, m: Move) -> i32 {
    pos.piece_at(m.to()).map_or(0, |(_, k)| super::eval::VALUE[k as usize])
}

/// The full-strength search with fixed limits; it reports its score, so that the
/// resign rule can end a decided game.
#[derive(Debug)]
pub struct SearchPlayer {
    pub limits: Limits,
    searcher: Searcher,
    /// Nodes searched and seconds spent over the match, for nodes per second.
    pub nodes: u64,
    pub seconds: f64,
}

impl SearchPlayer {
    pub fn new(limits: Limits, hash_mb: usize) -> SearchPlayer {
        SearchPlayer { limits, searcher: Searcher::new(hash_mb), nodes: 0, seconds: 0.0 }
    }

    /// Searches with `weights` instead of the built-in evaluation weights.
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.searcher.set_weights(weights);
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        "qike".to_owned()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let game = game.as_xiangqi().ok_or("the xiangqi search plays xiangqi only")?;
        let (history, pos) = history_of(game.start(), &game.moves());
        let t = std::time::Instant::now();
        let r = self.searcher.search(&pos, &history, &self.limits);
        self.seconds += t.elapsed().as_secs_f64();
        self.nodes += r.nodes;
        let mv = r.best.ok_or("the search found no move in an unfinished game")?;
        let score = if r.score.abs() > MATE_IN_MAX { r.score.signum() * 30_000 } else { r.score };
        Ok(Reply { input: MoveInput::step(mv.from(), mv.to()), score: Some(score) })
    }

    fn nps(&self) -> Option<f64> {
        (self.seconds > 0.0).then(|| self.nodes as f64 / self.seconds)
    }
}
