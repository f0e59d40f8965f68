//! Knockouts: a seeded single-elimination bracket with byes for the top seeds,
//! best-of-N matches with a decider, a third-place match, and the draw of groups by lot.

use crate::Rng;

use super::roster::{GameResult, Pairing, PlayerId, TournamentError};

/// The seeds in bracket order for a bracket of `size` (a power of two): 1 meets
/// `size`, and seeds 1 and 2 can only meet in the final. For 8: 1 8 4 5 2 7 3 6.
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The first round for `seeds` (best first): the bracket is the next power of two and
/// the missing places are byes for the top seeds. The better seed takes the first side.
pub fn first_round(seeds: &[PlayerId]) -> Result<Vec<Pairing>, TournamentError> {
    if seeds.len() < 2 {
        return Err(TournamentError::TooFewPlayers(seeds.len(), 2));
    }
    let size = seeds.len().next_power_of_two();
    let order = seed_order(size);
    Ok(order
        .chunks(2)
        .map(|pair| {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            match seeds.get(b - 1) {
                Some(&second) => Pairing::game(seeds[a - 1], second),
                None => Pairing::bye(seeds[a - 1]),
            }
        })
        .collect())
}

/// The next round from the winners of this one, in bracket order.
pub fn next_round(winners: &[PlayerId]) -> Vec<Pairing> {
    winners
        .chunks(2)
        .map(|w| match w {
            [a, b] => Pairing::game(*a, *b),
            [a] => Pairing::bye(*a),
            _ => unreachable!("chunks of two"),
        })
        .collect()
}

/// Where a best-of-N match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Series {
    /// Player `a` (listed first) has won.
    AWins,
    BWins,
    /// More games are needed.
    Continue,
    /// N games played and level: a decider game (or the arbiter's rule) settles it.
    NeedsDecider,
}

/// A best-of-`best_of` match between `a` and `b`; `games` are seen from `a` (a
/// [`GameResult::FirstWins`] is a win for `a` whatever side they had). A win is one
/// point, a draw half; the match is won on more than `best_of / 2` points. A decider
/// after `best_of` games is the next entry; it must not be drawn.
pub fn series(best_of: u32, games: &[GameResult]) -> Series {
    let (mut a, mut b) = (0u32, 0u32);
    for (i, g) in games.iter().enumerate() {
        let (da, db) = match g {
            GameResult::FirstWins | GameResult::FirstWinsByForfeit => (2, 0),
            GameResult::SecondWins | GameResult::SecondWinsByForfeit => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::DoubleForfeit => (0, 0),
        };
        if i as u32 >= best_of {
            // The decider.
            return match da.cmp(&db) {
                std::cmp::Ordering::Greater => Series::AWins,
                std::cmp::Ordering::Less => Series::BWins,
                std::cmp::Ordering::Equal => Series::NeedsDecider,
            };
        }
        a += da;
        b += db;
        if a > best_of {
            return Series::AWins;
        }
        if b > best_of {
            return Series::BWins;
        }
    }
    if games.len() as u32 >= best_of { Series::NeedsDecider } else { Series::Continue }
}

/// Who has the first side in game `game` (from 0) of a match: `a` in even games.
pub fn a_first_in(game: usize) -> bool {
    game.is_multiple_of(2)
}

/// The places of a finished knockout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Podium {
    pub champion: PlayerId,
    pub runner_up: PlayerId,
    /// The winner of the third-place match (when there were two semi-final losers).
    pub third: Option<PlayerId>,
    /// The rounds played, first round first (byes included).
    pub rounds: Vec<Vec<Pairing>>,
}

/// Runs a whole knockout with `winner` deciding each match (it is given the two
/// players, better seed first), with a third-place match between the semi-final losers.
pub fn run(
    seeds: &[PlayerId],
    mut winner: impl FnMut(PlayerId, PlayerId) -> PlayerId,
) -> Result<Podium, TournamentError> {
    let mut round = first_round(seeds)?;
    let mut rounds = Vec::new();
    let mut semi_losers = Vec::new();
    loop {
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for p in &round {
            match p.second {
                Some(b) => {
                    let w = winner(p.first, b);
                    if w != p.first && w != b {
                        return Err(TournamentError::NoSuchGame {
                            round: rounds.len() as u32 + 1,
                            first: p.first,
                            second: b,
                        });
                    }
                    losers.push(if w == p.first { b } else { p.first });
                    winners.push(w);
                }
                None => winners.push(p.first),
            }
        }
        rounds.push(round);
        if winners.len() == 1 {
            let runner_up = losers[0];
            let third = match semi_losers.as_slice() {
                [a, b] => Some(winner(*a, *b)),
                _ => None,
            };
            return Ok(Podium { champion: winners[0], runner_up, third, rounds });
        }
        if winners.len() == 2 {
            semi_losers = losers;
        }
        round = next_round(&winners);
    }
}

/// Splits players into `groups` groups by lot (seeded): a shuffle, then dealt in turn,
/// so group sizes differ by at most one.
pub fn groups_by_lot(
    players: &[PlayerId],
    groups: usize,
    seed: u64,
) -> Result<Vec<Vec<PlayerId>>, TournamentError> {
    if groups == 0 || players.len() < 2 * groups {
        return Err(TournamentError::TooFewPlayers(players.len(), 2 * groups.max(1)));
    }
    let mut order = players.to_vec();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut out = vec![Vec::new(); groups];
    for (i, p) in order.into_iter().enumerate() {
        out[i % groups].push(p);
    }
    Ok(out)
}
