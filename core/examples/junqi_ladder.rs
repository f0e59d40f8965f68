//! The 四国军棋 ladder: the top level with a random-moving partner against two random
//! movers, then each level against the level below (two seats each), in 暗棋. Teams swap
//! sides every game. Prints the score of the stronger side (wins + half the draws), then
//! the slowest single choice of any level and the process's peak memory.
//!
//! `cargo run --release -p qike-core --example junqi_ladder -- [GAMES] [SEED] [ONLY]`
//!
//! `ONLY` runs one line: `0` the top level with a random partner against two random
//! movers, `N` (2..=5) level N against level N−1. `JUNQI_LEVELS` replaces level rows
//! without rebuilding, rows separated by `;`, each `N key=value …` with the keys of
//! `JunqiLevel` (`belief` is `none`, `movement` or `full`; `teamwork` is
//! `true` or `false`), e.g. `JUNQI_LEVELS="2 noise=0.4 spread=0.8;5 guard=10"`.

use std::time::Duration;

use qike_core::ai::junqi::{BeliefUse, Contestant, JunqiLevel, LEVELS, play_table_with};
use qike_core::junqi::{Outcome, Team, Visibility};

/// What one line measured.
#[derive(Default)]
struct Tally {
    wins: u64,
    draws: u64,
    losses: u64,
    slowest: Duration,
}

/// Plays `games` games of `strong` (one team) against `weak`.
fn measure(strong: [Contestant; 2], weak: [Contestant; 2], games: u64, seed: u64) -> Tally {
    let mut tally = Tally::default();
    for g in 0..games {
        let strong_team = if g % 2 == 0 { Team::A } else { Team::B };
        // Seats: south, east, north, west; team A is south and north.
        let seats = if strong_team == Team::A {
            [strong[0], weak[0], strong[1], weak[1]]
        } else {
            [weak[0], strong[0], weak[1], strong[1]]
        };
        let report = play_table_with(seats, Visibility::Hidden, seed.wrapping_add(g), |_, took| {
            tally.slowest = tally.slowest.max(took);
        });
        match report.outcome {
            Outcome::TeamWins { team, .. } if team == strong_team => tally.wins += 1,
            Outcome::TeamWins { .. } => tally.losses += 1,
            Outcome::Draw => tally.draws += 1,
        }
    }
    tally
}

fn line(name: &str, t: &Tally) {
    let games = (t.wins + t.draws + t.losses).max(1) as f64;
    let score = (t.wins as f64 + t.draws as f64 / 2.0) / games * 100.0;
    println!(
        "{name}: {} wins, {} draws, {} losses, score {score:.1}% over {games} games, slowest move {:.1} ms",
        t.wins,
        t.draws,
        t.losses,
        t.slowest.as_secs_f64() * 1000.0
    );
}

/// The levels with the rows of `JUNQI_LEVELS` applied.
fn levels() -> Result<Vec<JunqiLevel>, String> {
    let mut levels = LEVELS.to_vec();
    let Ok(rows) = std::env::var("JUNQI_LEVELS") else { return Ok(levels) };
    for row in rows.split(';').filter(|r| !r.trim().is_empty()) {
        let mut words = row.split_whitespace();
        let n: u8 = words.next().and_then(|w| w.parse().ok()).ok_or(format!("row '{row}'"))?;
        let level = levels
            .iter_mut()
            .find(|l| l.level == n)
            .ok_or(format!("no level {n} in row '{row}'"))?;
        for word in words {
            let (key, value) = word.split_once('=').ok_or(format!("'{word}' wants key=value"))?;
            let number = || value.parse::<f64>().map_err(|_| format!("'{word}' wants a number"));
            match key {
                "noise" => level.noise = number()?,
                "caution" => level.caution = number()?,
                "march" => level.march = number()?,
                "guard" => level.guard = number()?,
                "pressure" => level.pressure = number()?,
                "spread" => level.spread = number()?,
                "hunt" => level.hunt = number()?,
                "mobility" => level.mobility = number()?,
                "press_rank" => level.press_rank = number()?,
                "teamwork" => level.teamwork = value == "true",
                "belief" => {
                    level.belief = match value {
                        "none" => BeliefUse::None,
                        "movement" => BeliefUse::Movement,
                        "full" => BeliefUse::Full,
                        _ => return Err(format!("'{word}': no such belief")),
                    }
                }
                _ => return Err(format!("'{word}': no such key")),
            }
        }
    }
    Ok(levels)
}

/// The process's peak resident memory in KiB, where the system tells it.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let only: Option<u8> = args.get(3).and_then(|a| a.parse().ok());
    let levels = match levels() {
        Ok(levels) => levels,
        Err(e) => {
            eprintln!("JUNQI_LEVELS: {e}");
            std::process::exit(2);
        }
    };
    let level = |n: u8| Contestant::Level(levels[usize::from(n) - 1]);
    let top = JunqiLevel::TOP;
    let mut slowest = Duration::ZERO;
    if only.is_none_or(|o| o == 0) {
        let t = measure([level(top), Contestant::Random], [Contestant::Random; 2], games, seed);
        line(&format!("level {top} + random vs random + random"), &t);
        slowest = slowest.max(t.slowest);
    }
    for n in 2..=top {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let t = measure([level(n); 2], [level(n - 1); 2], games, seed);
        line(&format!("level {n} vs level {}", n - 1), &t);
        slowest = slowest.max(t.slowest);
    }
    let memory =
        peak_memory_kib().map_or("unknown".to_string(), |k| format!("{:.1} MB", k as f64 / 1024.0));
    println!("slowest move {:.1} ms, peak memory {memory}", slowest.as_secs_f64() * 1000.0);
}
