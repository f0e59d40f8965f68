//! `qike junqi`: four-seat self-play of the 四国军棋 player through the referee, and
//! random legal setups in the text form.

use qike_core::Rng;
use qike_core::ai::junqi::{Contestant, JunqiLevel, play_table};
use qike_core::junqi::{ArmySetup, OutReason, Outcome, QUIET_MOVES_FOR_DRAW, Team, Visibility};

use crate::cli::JunqiCommand;

fn number(value: Option<String>, what: &str, default: u64) -> Result<u64, String> {
    value
        .map_or(Ok(default), |v| v.parse().map_err(|_| format!("{what} wants a number, not '{v}'")))
}

pub fn command(command: JunqiCommand) -> Result<(), String> {
    match command {
        JunqiCommand::Selfplay { games, level, seed, open } => {
            let games = number(games, "--games", 10)?;
            let level = number(level, "--level", u64::from(JunqiLevel::TOP))?;
            let level = u8::try_from(level)
                .ok()
                .and_then(JunqiLevel::get)
                .ok_or_else(|| format!("--level must be 1..=5, not {level}"))?;
            let seed = number(seed, "--seed", 1)?;
            selfplay(games, level, seed, open);
            Ok(())
        }
        JunqiCommand::Setup { random: _, seed } => {
            let seed = number(seed, "--seed", 1)?;
            println!("{}", ArmySetup::random(&mut Rng::new(seed)));
            Ok(())
        }
    }
}

fn team_name(team: Team) -> &'static str {
    match team {
        Team::A => "team A (south+north)",
        Team::B => "team B (east+west)",
    }
}

fn selfplay(games: u64, level: JunqiLevel, seed: u64, open: bool) {
    let visibility = if open { Visibility::Open } else { Visibility::Hidden };
    // [team A by flag, team A by no moves, team B by flag, team B by no moves, draws]
    let mut tally = [0u64; 5];
    let mut refused = 0u64;
    let mut moves = 0u64;
    for game in 0..games {
        let report = play_table([Contestant::Level(level); 4], visibility, seed.wrapping_add(game));
        refused += u64::from(report.refused);
        moves += u64::from(report.moves);
        let text = match report.outcome {
            Outcome::TeamWins { team, last } => {
                let slot =
                    usize::from(team == Team::B) * 2 + usize::from(last == OutReason::NoMoves);
                tally[slot] += 1;
                let how = if last == OutReason::FlagCaptured { "flag" } else { "no moves" };
                format!("{} wins by {how}", team_name(team))
            }
            Outcome::Draw => {
                tally[4] += 1;
                format!("draw (no battle for {QUIET_MOVES_FOR_DRAW} moves)")
            }
        };
        println!("game {}: {text}, {} moves, {} refused", game + 1, report.moves, report.refused);
    }
    println!(
        "{games} games, {refused} illegal moves, team A wins by flag {}, by no moves {}; team B wins by flag {}, by no moves {}; draws {}; {} moves on average",
        tally[0],
        tally[1],
        tally[2],
        tally[3],
        tally[4],
        moves / games.max(1)
    );
}
