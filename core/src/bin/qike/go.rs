//! Go commands: `go-score` counts a finished SGF game, `go-bench` times random playouts
//! and the engine's search, `go-learn-patterns` learns the engine's move strengths.

use std::time::Instant;

use qike_core::ai::go::{Fit, GoEngine, learn_gammas};
use qike_core::ai::{Engine, Limits};
use qike_core::go::{DEFAULT_PLAYOUTS, benchmark_playouts, read_sgf};
use qike_core::{AnyGame, GameKind};

fn number<T: std::str::FromStr>(text: Option<String>, name: &str, default: T) -> Result<T, String> {
    match text {
        Some(t) => t.parse().map_err(|_| format!("{name} must be a number, got '{t}'")),
        None => Ok(default),
    }
}

/// Prints the area count of the final position of `file`; the last line is the result
/// in SGF form (`B+7.5`, `W+0.5`, `0`). Dead stones come from the file's TB/TW marks,
/// or else from the automatic estimate.
pub fn score(file: &str, seed: Option<String>, playouts: Option<String>) -> Result<(), String> {
    let seed: u64 = number(seed, "--seed", 1)?;
    let playouts: u32 = number(playouts, "--playouts", DEFAULT_PLAYOUTS)?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut sgf = read_sgf(&text).map_err(|e| format!("{file}: {e}"))?;
    if !sgf.marks_dead {
        sgf.game.estimate_dead_stones(playouts, seed);
    }
    let score = sgf.game.score();
    let c = score.count;
    println!(
        "black {} stones + {} territory, white {} stones + {} territory, {} neutral, dead: {} black {} white",
        c.black_stones,
        c.black_territory,
        c.white_stones,
        c.white_territory,
        c.neutral,
        c.dead_black,
        c.dead_white
    );
    println!(
        "komi {} ({}), handicap {}",
        score.komi.points(),
        score.komi.chinese(),
        score.handicap
    );
    println!("{}", score.result.chinese());
    println!("{}", score.result.sgf());
    Ok(())
}

/// Runs uniform random playouts (no eye filling) on an empty board and prints the rate,
/// then the engine's search for as many playouts (knowledge playouts in the tree).
pub fn bench(size: Option<String>, playouts: Option<String>) -> Result<(), String> {
    let size: u8 = number(size, "--size", 9)?;
    let count: u32 = number(playouts, "--playouts", 20_000)?;
    let start = Instant::now();
    let moves = benchmark_playouts(size, count, 1).ok_or(format!("bad board size {size}"))?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    println!("{size}x{size}: {count} playouts, {moves} moves in {secs:.3} s");
    println!("{:.0} playouts/s", f64::from(count) / secs);
    // The engine's search: playouts with knowledge, the tree and RAVE updates included.
    let game = AnyGame::new(GameKind::Go { size }).map_err(|e| e.to_string())?;
    let mut engine = GoEngine::new();
    let start = Instant::now();
    let a = engine.analyse(&game, &Limits::nodes(u64::from(count)), 0);
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    println!("search with knowledge: {} playouts in {secs:.3} s", a.nodes);
    println!("{:.0} search playouts/s", a.nodes as f64 / secs);
    Ok(())
}

/// Learns move strengths from the games in `files`; prints them (the form of the
/// engine's `gammas.txt`) on standard output and how well they predict the moves on
/// standard error.
pub fn learn(files: &[String], rounds: Option<String>) -> Result<(), String> {
    let rounds: usize = number(rounds, "--rounds", 20)?;
    let mut games = String::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        games.push_str(&text);
        if !games.ends_with('\n') {
            games.push('\n');
        }
    }
    let learned = learn_gammas(&games, rounds).map_err(|e| format!("games: {e}"))?;
    let show = |name: &str, f: &Fit| {
        eprintln!(
            "{name}: {} positions, mean log-likelihood {:.3}, move played strongest {:.1}%",
            f.positions,
            f.log_likelihood,
            100.0 * f.top_one
        );
    };
    eprintln!("{} games, {rounds} rounds", learned.games);
    show("training, even strengths", &learned.train_even);
    show("training, learned", &learned.train);
    show("held out, even strengths", &learned.test_even);
    show("held out, learned", &learned.test);
    print!("{}", learned.text);
    Ok(())
}
