//! The chess evaluation under the shared tuner ([`crate::ai::tune`]), the positions it
//! is fitted on — quiet positions from the engine's own games at a fixed node count,
//! labelled by how each game ended — and a player that searches with any set of
//! weights, so that a match can set a tuned set against the one it replaces.

use std::sync::Arc;

use crate::Rng;
use crate::ai::Limits;
use crate::ai::tune::{Linear, Tunable};
use crate::chess::{Game, Move, Position};
use crate::game::Side;

use super::arena::{ChessPlayer, extend_randomly, openings, play_game};
use super::engine::replay;
use super::eval::linear_form;
use super::search::Searcher;
use super::weights::{PARAMS, Weights, param_name};

/// The chess evaluation as the tuner sees it, starting from `start`.
#[derive(Debug, Clone)]
pub struct ChessEval {
    pub start: Weights,
}

impl Tunable for ChessEval {
    type Position = Position;

    fn weights(&self) -> Vec<f64> {
        self.start.flat()
    }

    fn name(&self, i: usize) -> String {
        format!("{} {}", param_name(i / 2), if i.is_multiple_of(2) { "mg" } else { "eg" })
    }

    fn linear(&self, pos: &Position) -> Option<Linear> {
        let (fixed, terms) = linear_form(pos.cozy())?;
        debug_assert!(terms.iter().all(|(i, _)| (*i as usize) < 2 * PARAMS));
        Some(Linear { fixed, terms })
    }
}

/// The search at fixed limits with a set of weights: one searcher, cleared each game.
#[derive(Debug)]
pub struct SearchPlayer {
    name: String,
    searcher: Searcher,
    limits: Limits,
}

impl SearchPlayer {
    pub fn new(name: &str, weights: Arc<Weights>, limits: Limits) -> SearchPlayer {
        let mut searcher = Searcher::new(16);
        searcher.set_weights(weights);
        SearchPlayer { name: name.to_owned(), searcher, limits }
    }
}

impl ChessPlayer for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, game: &Game) -> Result<Move, String> {
        let (keys, pos) = replay(game.start(), game.moves());
        self.searcher.search(&pos, &keys, &self.limits).best.ok_or_else(|| "no legal move".into())
    }
}

/// What [`generate`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GenStats {
    pub games: usize,
    pub positions: usize,
    pub white_wins: usize,
    pub draws: usize,
}

/// Plays `games` games of the search against itself at `nodes` per move, each from an
/// opening of the suite followed by `random_plies` random moves (seeded by `seed`, so
/// the same arguments give the same games), and hands every quiet position after the
/// opening (not in check, no capture sequence changes the evaluation) to `sink` with
/// White's result: 1, ½ or 0.
pub fn generate(
    games: usize,
    seed: u64,
    nodes: u64,
    random_plies: usize,
    mut sink: impl FnMut(&Position, f64) -> Result<(), String>,
) -> Result<GenStats, String> {
    let suite = openings();
    let mut rng = Rng::new(seed);
    let weights = Arc::new(Weights::builtin().clone());
    let limits = Limits::nodes(nodes);
    let mut white = SearchPlayer::new("white", weights.clone(), limits);
    let mut black = SearchPlayer::new("black", weights, limits);
    let mut probe = Searcher::new(1);
    let mut stats = GenStats::default();
    for _ in 0..games {
        let line = &suite[rng.below(suite.len() as u64) as usize];
        let opening = extend_randomly(line, random_plies, &mut rng);
        let rec = play_game(&mut white, &mut black, &opening, 300)?;
        let result = match rec.winner() {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        };
        stats.games += 1;
        match rec.winner() {
            Some(Side::First) => stats.white_wins += 1,
            None => stats.draws += 1,
            _ => {}
        }
        let mut pos = Position::startpos();
        for (ply, &m) in rec.moves.iter().enumerate() {
            pos.play_unchecked(m);
            if ply + 1 > opening.len() && probe.is_quiet(&pos) {
                sink(&pos, result)?;
                stats.positions += 1;
            }
        }
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::chess::evaluate_with;

    #[test]
    fn the_linear_form_is_the_evaluation() {
        let w = Weights::hand();
        let flat = w.flat();
        let mut n = 0;
        generate(2, 3, 300, 2, |pos, _| {
            if let Some((fixed, terms)) = linear_form(pos.cozy()) {
                let lin = Linear { fixed, terms };
                let white = lin.value(&flat);
                let e = evaluate_with(pos.cozy(), &w) as f64;
                let e = if pos.side_to_move() == Side::First { e } else { -e };
                assert!((white - e).abs() <= 2.0, "{} {white} {e}", pos.fen());
                n += 1;
            }
            Ok(())
        })
        .unwrap();
        assert!(n > 20);
    }

    #[test]
    fn generation_is_reproducible() {
        let run = |seed| {
            let mut fens = Vec::new();
            generate(1, seed, 200, 3, |p, r| {
                fens.push(format!("{} {r}", p.fen()));
                Ok(())
            })
            .unwrap();
            fens
        };
        assert_eq!(run(5), run(5));
        assert_ne!(run(5), run(6));
    }
}
