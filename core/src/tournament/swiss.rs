//! The Swiss system, Dutch flavour (FIDE C.04.3): players meet others on the same score,
//! the top half of a score group against the bottom half in ranking order, never twice.
//!
//! What is kept always (the absolute rules): no rematch; a pairing-allocated bye at
//! most once per player (never to one who already scored a forfeit win or a full bye);
//! two players who must both have the same side never meet, except that in the last
//! round a top scorer (over half the possible points) may. Within those, each score
//! bracket is paired by the quality criteria in their order and the Dutch order of
//! candidates; see the `dutch` module for the criteria.
//!
//! Sides follow the Dutch rules: both preferences if they differ; else the stronger
//! preference (absolute, with the larger imbalance first; strong before mild); else
//! alternate from the last game in which the two had different sides; else the
//! higher-ranked player's preference; a player with no games yet gets the initial side
//! when their pairing number is odd.

use crate::Rng;
use crate::Side;

use super::dutch;
use super::roster::{Event, Pairing, Player, TournamentError};

/// How the pairing numbers are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// Pairing number = start number (a TRF file lists players in ranking order).
    StartNumber,
    /// Higher rating first, then start number.
    Rating,
    /// By lot: a shuffle from the caller's seed.
    Lot(u64),
}

/// The choices of a Swiss event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissOptions {
    pub ranking: Ranking,
    /// The side of pairing number 1 in round 1 (drawn by lot before the event).
    pub initial: Side,
}

impl Default for SwissOptions {
    fn default() -> SwissOptions {
        SwissOptions { ranking: Ranking::StartNumber, initial: Side::First }
    }
}

/// The pairing numbers: `numbers[id - 1]`, from 1.
pub fn pairing_numbers(event: &Event, ranking: Ranking) -> Vec<usize> {
    let mut order: Vec<&Player> = event.players.iter().collect();
    match ranking {
        Ranking::StartNumber => {}
        Ranking::Rating => order.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.id.cmp(&b.id))),
        Ranking::Lot(seed) => {
            let mut rng = Rng::new(seed);
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
    }
    let mut numbers = vec![0; event.players.len()];
    for (i, p) in order.iter().enumerate() {
        numbers[p.id as usize - 1] = i + 1;
    }
    numbers
}

/// The pairings of the next round: games (first side first) from the top board down,
/// then the bye if any. The event is not changed; pass the result to
/// [`Event::pair_round`].
pub fn pair_next(event: &Event, options: SwissOptions) -> Result<Vec<Pairing>, TournamentError> {
    let round = event.rounds_paired() + 1;
    if event.planned_rounds > 0 && round > event.planned_rounds {
        return Err(TournamentError::EventOver(event.planned_rounds));
    }
    let numbers = pairing_numbers(event, options.ranking);
    dutch::pair(event, &numbers, options.initial)
}
