//! Round robins by the Berger tables: single or double, a bye for an odd number.
//!
//! For `n` players (`n` even; an odd field adds a bye as player `n + 1`), player `n`
//! stays on board 1 and alternates sides, first side in even rounds. The others stand in
//! a circle `1, 2, …, n − 1`; a round reads it from a starting number `s`: the first
//! number meets `n`, the second plays the first side against the last, the third
//! against the second-to-last, and so on. Each round starts `n / 2` further on
//! (round 1 at 1, round 2 at `n / 2 + 1`), which is the published table.

use super::roster::{Pairing, PlayerId, TournamentError};

/// The most players a table is made for.
pub const MAX_PLAYERS: usize = 1000;

/// The single round robin for start numbers `1..=players`, one `Vec` per round, board
/// order as in the published tables. With an odd number the bye is a [`Pairing::bye`].
pub fn berger(players: usize) -> Result<Vec<Vec<Pairing>>, TournamentError> {
    if players < 2 {
        return Err(TournamentError::TooFewPlayers(players, 2));
    }
    if players > MAX_PLAYERS {
        return Err(TournamentError::TooManyPlayers(players, MAX_PLAYERS));
    }
    let n = players + players % 2;
    let circle = n - 1;
    let mut rounds = Vec::with_capacity(circle);
    let mut start = 0; // 0-based position of the round's first number in the circle
    for round in 1..=circle {
        let at = |k: usize| ((start + k) % circle + 1) as PlayerId;
        let mut boards = Vec::with_capacity(n / 2);
        let (top, fixed) = (at(0), n as PlayerId);
        boards.push(if round % 2 == 1 { (top, fixed) } else { (fixed, top) });
        for k in 1..n / 2 {
            boards.push((at(k), at(circle - k)));
        }
        rounds
            .push(boards.into_iter().map(|(a, b)| to_pairing(a, b, players as PlayerId)).collect());
        start = (start + n / 2) % circle;
    }
    Ok(rounds)
}

/// A double round robin: the single one, then again with the sides swapped.
pub fn double_berger(players: usize) -> Result<Vec<Vec<Pairing>>, TournamentError> {
    let single = berger(players)?;
    let second: Vec<Vec<Pairing>> = single
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| match p.second {
                    Some(s) => Pairing::game(s, p.first),
                    None => *p,
                })
                .collect()
        })
        .collect();
    Ok(single.into_iter().chain(second).collect())
}

/// The number `n` above the field is the bye.
fn to_pairing(a: PlayerId, b: PlayerId, players: PlayerId) -> Pairing {
    if a > players {
        Pairing::bye(b)
    } else if b > players {
        Pairing::bye(a)
    } else {
        Pairing::game(a, b)
    }
}
