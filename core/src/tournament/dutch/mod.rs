//! How the Dutch system (FIDE C.04.3) chooses one round, bracket by bracket.
//!
//! Players are in order of score, then pairing number. The brackets are paired from the
//! top score down; a bracket is the players who floated down from above (moved-down
//! players) and the residents of its score group. For each bracket every candidate
//! pairing is judged by the criteria in their order of priority, and of the best ones
//! the first in the Dutch order of candidates is taken. Who is left unpaired floats down
//! into the next bracket.
//!
//! The criteria, in order (each one only between candidates equal on all before it):
//! - absolute: no rematch; two players who must both have the same side do not meet
//!   (except a top scorer in the last round); the bye only to a player who has not had
//!   one nor a win without playing, and of the lowest score that allows a whole round;
//! - completion: the players left after the bracket can still all be paired;
//! - the most games in the bracket, then the highest scores paired (the score
//!   differences of the floaters);
//! - the most games, and the highest scores paired, in the next bracket (whom to send
//!   down); the fewest unplayed rounds for the player who gets the bye;
//! - top scorers (last round) with a side difference over two, or the same side three
//!   times; players denied their side preference; strong preferences denied;
//! - players who float down, or up, again as in the last round, then as two rounds
//!   back; then the scores of those repeated floaters.
//!
//! The Dutch order of candidates: which moved-down players are paired (the higher ones
//! first), their opponents (the higher residents first); then the rest of the residents
//! as a homogeneous group: the top half S1 against the transpositions of S2, after the
//! fewest exchanges between the halves, the smallest difference of their numbers, the
//! lowest of S1 and the highest of S2 moved first.

mod criteria;
mod search;

use std::collections::HashMap;

use crate::Side;

use super::roster::{Event, Pairing, TournamentError};
use criteria::{Seat, may_meet, side_of_higher};

/// The most nodes one bracket's search may visit before it takes the best found.
const BRACKET_BUDGET: u64 = 400_000;
/// The most nodes spent looking for a candidate that reaches the bound.
const AIM_BUDGET: u64 = 200_000;
/// The most exchange choices listed for one number of exchanged players.
const EXCHANGE_LIMIT: usize = 100_000;

/// One bracket: indices into the seats (in order).
struct Bracket {
    moved_down: Vec<usize>,
    residents: Vec<usize>,
    /// Everyone below the bracket.
    lower: Vec<usize>,
    /// The next score group.
    next: Vec<usize>,
}

/// A candidate judged: its criteria (smaller is better), games and floaters.
struct Judged {
    value: Vec<i64>,
    games: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

struct Round<'a> {
    seats: &'a [Seat],
    compatible: Vec<Vec<bool>>,
    /// The score of the player who gets the bye (an odd field only).
    bye_score: Option<u32>,
    /// The scores present, highest first.
    levels: Vec<u32>,
    played: u32,
    completable: HashMap<Vec<usize>, bool>,
    next_games: HashMap<Vec<usize>, (i64, Vec<i64>)>,
    budget: u64,
    best: Option<Judged>,
    bound: Vec<i64>,
    /// Whether only a candidate that reaches the bound is looked for.
    aim: bool,
    /// The games and scores paired of the block being searched (the start of its value).
    block: Vec<i64>,
    /// The bound of a bracket pairing with that many games, and of the block searched.
    block_bounds: HashMap<(usize, Vec<usize>), Vec<i64>>,
    block_bound: Vec<i64>,
    done: bool,
}

/// The games (the better-ranked player first, with the side they get) and the bye of
/// the next round by the Dutch rules.
pub(super) fn pair(
    event: &Event,
    numbers: &[usize],
    initial: Side,
) -> Result<Vec<Pairing>, TournamentError> {
    let round = event.rounds_paired() + 1;
    let played = round - 1;
    let last_round = event.planned_rounds > 0 && round >= event.planned_rounds;
    let mut seats: Vec<Seat> = event
        .available()
        .into_iter()
        .filter_map(|id| event.player(id).ok())
        .map(|p| Seat::new(event, p, numbers[p.id as usize - 1], played, last_round))
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    if seats.len() < 2 {
        return Err(TournamentError::TooFewPlayers(seats.len(), 2));
    }
    let n = seats.len();
    let compatible: Vec<Vec<bool>> = (0..n)
        .map(|a| (0..n).map(|b| a != b && may_meet(&seats[a], &seats[b])).collect())
        .collect();
    let mut levels: Vec<u32> = seats.iter().map(|s| s.score).collect();
    levels.dedup();
    let mut r = Round {
        seats: &seats,
        compatible,
        bye_score: None,
        levels,
        played,
        completable: HashMap::new(),
        next_games: HashMap::new(),
        budget: 0,
        best: None,
        bound: Vec::new(),
        aim: false,
        block: Vec::new(),
        block_bounds: HashMap::new(),
        block_bound: Vec::new(),
        done: false,
    };
    if n % 2 == 1 {
        // The bye goes to the lowest score from which someone may take it and leave the
        // rest pairable.
        let everyone: Vec<usize> = (0..n).collect();
        let assignee = (0..n).rev().filter(|&i| seats[i].bye_ok).find(|&i| {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&j| j != i).collect();
            r.perfect(&rest)
        });
        let Some(assignee) = assignee else { return Err(TournamentError::NoPairing { round }) };
        r.bye_score = Some(seats[assignee].score);
    } else if !r.perfect(&(0..n).collect::<Vec<_>>()) {
        return Err(TournamentError::NoPairing { round });
    }

    let mut games = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    let mut start = 0;
    loop {
        let end = group_end(&seats, start);
        let (moved, residents) = if start == end {
            // Only floaters are left: they pair among themselves.
            if moved_down.len() <= 1 {
                break;
            }
            (Vec::new(), std::mem::take(&mut moved_down))
        } else {
            (std::mem::take(&mut moved_down), (start..end).collect())
        };
        let lower: Vec<usize> = (end..n).collect();
        let next: Vec<usize> = (end..group_end(&seats, end)).collect();
        let bracket = Bracket { moved_down: moved, residents, lower, next };
        let judged = r.solve(&bracket);
        if start == end && judged.games.is_empty() {
            moved_down = judged.floaters;
            break;
        }
        games.extend(judged.games);
        moved_down = judged.floaters;
        start = end;
    }
    let bye = match moved_down.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => return Err(TournamentError::NoPairing { round }),
    };
    let mut boards: Vec<(u32, usize, Pairing)> = games
        .iter()
        .map(|&(a, b)| {
            let (high, low) = (&seats[a], &seats[b]);
            let pairing = if side_of_higher(high, low, initial) == Side::First {
                Pairing::game(high.id, low.id)
            } else {
                Pairing::game(low.id, high.id)
            };
            (high.score, high.number, pairing)
        })
        .collect();
    boards.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<Pairing> = boards.into_iter().map(|(_, _, p)| p).collect();
    out.extend(bye.map(|b| Pairing::bye(seats[b].id)));
    Ok(out)
}

fn group_end(seats: &[Seat], start: usize) -> usize {
    let Some(first) = seats.get(start) else { return start };
    start + seats[start..].iter().take_while(|s| s.score == first.score).count()
}
