//! The chess evaluation under the shared tuner ([`crate::ai::tune`]), the positions it
//! is fitted on — quiet positions from the engine's own games at a fixed node count,
//! labelled by how each game ended — and a player that searches with any set of
//! weights, so that a match can set a tuned set against the one it replaces.

use std::sync::Arc;

use crate::Rng;
use crate::ai::Limits;
use crate::ai::arena::{Adjudication, extend_randomly, play_game};
use crate::ai::tune::{Linear, Tunable};
use crate::chess::Position;
use crate::game::Side;

use super::eval::linear_form;
use super::match_suite::{SearchPlayer, game_after, openings};
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
        let mut game = game_after(line)?;
        extend_randomly(&mut game, random_plies, &mut rng);
        let opening = game.as_chess().map_or(0, |g| g.moves().len());
        let adj = Adjudication { max_plies: 300, claim_draws: true, resign: None };
        let rec = play_game(&mut white, &mut black, game, &adj)?;
        let winner = rec.ending.winner();
        let result = match winner {
            Some(Side::First) => 1.0,
            Some(Side::Second) => 0.0,
            None => 0.5,
        };
        stats.games += 1;
        match winner {
            Some(Side::First) => stats.white_wins += 1,
            None => stats.draws += 1,
            _ => {}
        }
        let moves = rec.game.as_chess().map(|g| g.moves().to_vec()).unwrap_or_default();
        let mut pos = Position::startpos();
        for (ply, &m) in moves.iter().enumerate() {
            pos.play_unchecked(m);
            if ply + 1 > opening && probe.is_quiet(&pos) {
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
