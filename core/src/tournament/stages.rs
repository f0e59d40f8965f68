//! Events in stages: groups drawn by lot that play round robins and send their best to
//! a knockout, or a knockout down to the last few who then play a round robin.

use super::knockout;
use super::roster::{Pairing, PlayerId, TournamentError};
use super::round_robin;

/// A group of a group stage: its players and its Berger rounds in their start numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub players: Vec<PlayerId>,
    pub rounds: Vec<Vec<Pairing>>,
}

/// Draws `groups` groups by lot (seeded) and gives each its round robin.
pub fn group_stage(
    players: &[PlayerId],
    groups: usize,
    seed: u64,
) -> Result<Vec<Group>, TournamentError> {
    knockout::groups_by_lot(players, groups, seed)?
        .into_iter()
        .map(|members| {
            let rounds = round_robin::berger(members.len())?
                .into_iter()
                .map(|round| round.into_iter().map(|p| relabel(p, &members)).collect())
                .collect();
            Ok(Group { players: members, rounds })
        })
        .collect()
}

fn relabel(p: Pairing, members: &[PlayerId]) -> Pairing {
    let at = |n: PlayerId| members[n as usize - 1];
    Pairing { first: at(p.first), second: p.second.map(at) }
}

/// The knockout seeds from the group places: `places[g]` lists group `g`'s qualifiers,
/// best first. Winners are seeded first in group order, then runners-up in group order,
/// and so on; with 2, 4, 8 … groups and two qualifiers each, no two players of one
/// group meet in the first round (the winner of group g meets a runner-up of the group
/// counted from the other end).
pub fn knockout_seeds(places: &[Vec<PlayerId>]) -> Vec<PlayerId> {
    let depth = places.iter().map(Vec::len).max().unwrap_or(0);
    (0..depth).flat_map(|place| places.iter().filter_map(move |g| g.get(place).copied())).collect()
}

/// Plays knockout rounds (better seed first to `winner`) until at most `left` players
/// remain, and returns them in bracket order: for example the last four, who then play a
/// round robin ([`round_robin::berger`]).
pub fn knockout_until(
    seeds: &[PlayerId],
    left: usize,
    mut winner: impl FnMut(PlayerId, PlayerId) -> PlayerId,
) -> Result<Vec<PlayerId>, TournamentError> {
    if left == 0 {
        return Err(TournamentError::TooFewPlayers(0, 1));
    }
    let mut round = knockout::first_round(seeds)?;
    loop {
        let mut survivors = Vec::new();
        for (index, p) in round.iter().enumerate() {
            survivors.push(match p.second {
                Some(b) => {
                    let w = winner(p.first, b);
                    if w != p.first && w != b {
                        return Err(TournamentError::NoSuchGame {
                            round: index as u32 + 1,
                            first: p.first,
                            second: b,
                        });
                    }
                    w
                }
                None => p.first,
            });
        }
        if survivors.len() <= left {
            return Ok(survivors);
        }
        round = knockout::next_round(&survivors);
    }
}
