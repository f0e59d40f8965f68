//! Double elimination (双败淘汰): a player is out after a second loss, so everyone but
//! the champion loses twice.
//!
//! The bracket is played in rounds that everyone left takes part in at once, as a class
//! plays it: the winners' bracket (no loss yet) pairs as a seeded knockout, with byes for
//! the top seeds when the field is not a power of two; at the same time the losers'
//! bracket (one loss) pairs its players in their order. A winners' bracket loser drops
//! into the losers' bracket after the round, placed to meet a player who survived it
//! there rather than another newcomer. An odd player out in the losers' bracket rests,
//! each at most once while someone else has not rested. When one player is left on
//! each side they meet in the final; if the losers' bracket player wins it, both have
//! lost once and a second final decides.

use super::knockout;
use super::roster::{Pairing, PlayerId, TournamentError};

/// The state of a double-elimination bracket between rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    seeds: Vec<PlayerId>,
    /// Losses of each seed, in seed order.
    losses: Vec<u8>,
    /// The winners' bracket, in bracket order.
    winners: Vec<PlayerId>,
    /// The losers' bracket, in the order it pairs.
    losers: Vec<PlayerId>,
    /// Who has rested in the losers' bracket.
    rested: Vec<PlayerId>,
    /// The tables of the round paired and not yet recorded.
    pending: Option<Vec<Pairing>>,
    rounds: u32,
}

impl Bracket {
    /// A bracket for `seeds`, best first.
    pub fn new(seeds: &[PlayerId]) -> Result<Bracket, TournamentError> {
        if seeds.len() < 2 {
            return Err(TournamentError::TooFewPlayers(seeds.len(), 2));
        }
        let mut sorted = seeds.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(TournamentError::PairedTwice { player: w[0], round: 1 });
        }
        Ok(Bracket {
            seeds: seeds.to_vec(),
            losses: vec![0; seeds.len()],
            winners: seeds.to_vec(),
            losers: Vec::new(),
            rested: Vec::new(),
            pending: None,
            rounds: 0,
        })
    }

    /// The losses of a player so far (0 for one not in the bracket).
    pub fn losses(&self, id: PlayerId) -> u8 {
        self.seeds.iter().position(|&s| s == id).map_or(0, |i| self.losses[i])
    }

    /// The players still in, winners' bracket first.
    pub fn alive(&self) -> Vec<PlayerId> {
        self.winners.iter().chain(&self.losers).copied().collect()
    }

    /// The winner, once only one player is left.
    pub fn champion(&self) -> Option<PlayerId> {
        match self.alive().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// The rounds recorded so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Pairs the next round (winners' bracket tables first, then the losers'); empty
    /// once there is a champion. Pairing again before recording gives the same tables.
    pub fn next_round(&mut self) -> Vec<Pairing> {
        if let Some(p) = &self.pending {
            return p.clone();
        }
        if self.champion().is_some() {
            return Vec::new();
        }
        let mut tables = Vec::new();
        match (self.winners.len(), self.losers.len()) {
            // The final, and the second final after the first was lost by the player
            // from the winners' bracket.
            (1, 1) => tables.push(Pairing::game(self.winners[0], self.losers[0])),
            (w, l) => {
                if w >= 2 {
                    tables.extend(if self.rounds == 0 {
                        // Seeds are checked when the bracket is made: at least two.
                        knockout::first_round(&self.winners).unwrap_or_default()
                    } else {
                        knockout::next_round(&self.winners)
                    });
                }
                if l >= 2 {
                    tables.extend(self.losers_round());
                }
            }
        }
        self.pending = Some(tables.clone());
        tables
    }

    /// The losers' bracket in pairs; an odd one out rests (the first in order who has
    /// not rested yet).
    fn losers_round(&mut self) -> Vec<Pairing> {
        let mut order = self.losers.clone();
        if order.len() % 2 == 1 {
            let i = match order.iter().position(|p| !self.rested.contains(p)) {
                Some(i) => i,
                None => {
                    self.rested.clear();
                    0
                }
            };
            self.rested.push(order.remove(i));
        }
        order.chunks(2).map(|c| Pairing::game(c[0], c[1])).collect()
    }

    /// Records the round paired last: `winners[t]` won table `t` (a bye's player for a
    /// bye table).
    pub fn record(&mut self, winners: &[PlayerId]) -> Result<(), TournamentError> {
        let Some(tables) = self.pending.clone() else {
            return Err(TournamentError::EventOver(self.rounds));
        };
        if winners.len() != tables.len() {
            return Err(TournamentError::RoundNotFinished { round: self.rounds + 1 });
        }
        let round = self.rounds + 1;
        for (t, (p, &w)) in tables.iter().zip(winners).enumerate() {
            let fits = w == p.first || p.second == Some(w);
            if !fits {
                return Err(TournamentError::Undecided { round, table: t + 1 });
            }
        }
        let beaten: Vec<PlayerId> = tables
            .iter()
            .zip(winners)
            .filter_map(|(p, &w)| p.second.map(|s| if w == p.first { s } else { p.first }))
            .collect();
        for &b in &beaten {
            if let Some(i) = self.seeds.iter().position(|&s| s == b) {
                self.losses[i] += 1;
            }
        }
        let lost = |id: &PlayerId| beaten.contains(id);
        // Order is kept: the winners' bracket as it stood, the losers' survivors as they
        // stood (restings included), then the newcomers to meet them.
        let before = self.winners.clone();
        let in_winners = |id: PlayerId| before.contains(&id);
        let dropped: Vec<PlayerId> = tables
            .iter()
            .flat_map(|p| std::iter::once(p.first).chain(p.second))
            .filter(|&p| in_winners(p) && lost(&p))
            .collect();
        // The winners' bracket in table order, the order of its knockout (the final,
        // against the losers' bracket, is not one of its tables).
        let went_on: Vec<PlayerId> = tables
            .iter()
            .zip(winners)
            .filter(|(p, _)| in_winners(p.first) && p.second.is_none_or(in_winners))
            .map(|(_, &w)| w)
            .collect();
        if !went_on.is_empty() {
            self.winners = went_on;
        }
        self.winners.retain(|p| !lost(p));
        let survivors: Vec<PlayerId> = self.losers.iter().copied().filter(|p| !lost(p)).collect();
        self.losers = interleave(&survivors, &dropped);
        self.pending = None;
        self.rounds = round;
        Ok(())
    }
}

/// Survivors and newcomers side by side, the last newcomer against the first survivor
/// (a newcomer has just lost to someone near them in the winners' bracket).
fn interleave(survivors: &[PlayerId], newcomers: &[PlayerId]) -> Vec<PlayerId> {
    let mut out = Vec::with_capacity(survivors.len() + newcomers.len());
    let mut late = newcomers.iter().rev();
    for &s in survivors {
        out.push(s);
        if let Some(&n) = late.next() {
            out.push(n);
        }
    }
    out.extend(late);
    out
}

/// The most rounds a bracket of `players` can take (with the second final).
pub fn max_rounds(players: usize) -> u32 {
    if players < 2 {
        return 0;
    }
    let size = players.next_power_of_two();
    // After round 1 the winners' bracket is a power of two.
    let (mut w, mut l, mut rounds) = (size / 2, players - size / 2, 1u32);
    loop {
        match (w, l) {
            (1, 1) => return rounds + 2,
            (1, 0) => return rounds,
            _ => {}
        }
        let dropping = if w >= 2 { w / 2 } else { 0 };
        w -= dropping;
        l = l.div_ceil(2) + dropping;
        rounds += 1;
    }
}
