//! The 四国军棋 ladder: the top level with a random-moving partner against two random
//! movers, then each level against the level below (two seats each), in 暗棋. Teams swap
//! sides every game. Prints the score of the stronger side (wins + half the draws).
//!
//! `cargo run --release -p qike-core --example junqi_ladder -- [GAMES] [SEED]`

use qike_core::ai::junqi::{Contestant, JunqiLevel, play_table};
use qike_core::junqi::{Outcome, Team, Visibility};

/// Plays `games` games of `strong` (one team) against `weak`; returns (wins, draws, losses).
fn measure(
    strong: [Contestant; 2],
    weak: [Contestant; 2],
    games: u64,
    seed: u64,
) -> (u64, u64, u64) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in 0..games {
        let strong_team = if g % 2 == 0 { Team::A } else { Team::B };
        // Seats: south, east, north, west; team A is south and north.
        let seats = if strong_team == Team::A {
            [strong[0], weak[0], strong[1], weak[1]]
        } else {
            [weak[0], strong[0], weak[1], strong[1]]
        };
        match play_table(seats, Visibility::Hidden, seed.wrapping_add(g)).outcome {
            Outcome::TeamWins { team, .. } if team == strong_team => w += 1,
            Outcome::TeamWins { .. } => l += 1,
            Outcome::Draw => d += 1,
        }
    }
    (w, d, l)
}

fn line(name: &str, (w, d, l): (u64, u64, u64)) {
    let games = (w + d + l).max(1) as f64;
    let score = (w as f64 + d as f64 / 2.0) / games * 100.0;
    println!("{name}: {w} wins, {d} draws, {l} losses, score {score:.1}%");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let level = |n| Contestant::Level(JunqiLevel::get(n).expect("a level"));
    let top = JunqiLevel::TOP;
    line(
        &format!("level {top} + random vs random + random"),
        measure([level(top), Contestant::Random], [Contestant::Random; 2], games, seed),
    );
    for n in 2..=top {
        line(
            &format!("level {n} vs level {}", n - 1),
            measure([level(n); 2], [level(n - 1); 2], games, seed),
        );
    }
}
