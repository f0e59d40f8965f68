//! Four players at one table, through the referee: what the CLI's self-play, the ladder
//! and the tests share.

use std::time::{Duration, Instant};

use crate::Rng;
use crate::ai::junqi::{JunqiAi, JunqiLevel};
use crate::junqi::{Outcome, Referee, Seat, TableSetup, Visibility};

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Contestant {
    /// The player at a level.
    Level(JunqiLevel),
    /// A uniformly random legal move from the seat's view.
    Random,
}

/// How one game went.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReport {
    pub outcome: Outcome,
    pub moves: u32,
    /// Moves the referee refused (each replaced by a random legal move).
    pub refused: u32,
}

enum Seated {
    Ai(Box<JunqiAi>),
    Random(Rng),
}

/// Plays one game: setups drawn from `seed`, each seat's player seeded from it too.
pub fn play_table(contestants: [Contestant; 4], visibility: Visibility, seed: u64) -> GameReport {
    play_table_with(contestants, visibility, seed, |_, _| {})
}

/// [`play_table`], calling `watch` with the seat and the time each level's choice took
/// (for a measuring tool; the game does not depend on it).
pub fn play_table_with(
    contestants: [Contestant; 4],
    visibility: Visibility,
    seed: u64,
    mut watch: impl FnMut(Seat, Duration),
) -> GameReport {
    let setup = TableSetup::random(seed);
    let mut referee = Referee::new(&setup, visibility).expect("random setups are legal");
    let mut players: Vec<Seated> = Seat::ALL
        .into_iter()
        .zip(contestants)
        .map(|(seat, c)| {
            let player_seed = seed.wrapping_mul(31).wrapping_add(seat.index() as u64 + 1);
            match c {
                Contestant::Level(level) => {
                    Seated::Ai(Box::new(JunqiAi::new(seat, level, player_seed)))
                }
                Contestant::Random => Seated::Random(Rng::new(player_seed)),
            }
        })
        .collect();
    let mut fallback = Rng::new(seed ^ 0x5EED);
    let mut refused = 0;
    while referee.outcome().is_none() {
        let seat = referee.turn();
        let view = referee.view(seat);
        let choice = match &mut players[seat.index()] {
            Seated::Ai(ai) => {
                let start = Instant::now();
                let choice = ai.choose(&view, referee.announcements());
                watch(seat, start.elapsed());
                choice
            }
            Seated::Random(rng) => {
                let moves = view.legal_moves(seat);
                (!moves.is_empty()).then(|| moves[rng.index(moves.len())])
            }
        };
        let played = choice.is_some_and(|m| referee.play(seat, m).is_ok());
        if !played {
            refused += 1;
            let moves = referee.legal_moves(seat);
            let m = moves[fallback.index(moves.len())];
            referee.play(seat, m).expect("a legal move");
        }
    }
    GameReport {
        outcome: referee.outcome().expect("finished"),
        moves: referee.moves_played(),
        refused,
    }
}
