//! `qike tune chess gen|fit`: the evaluation tuning pipeline.
//!
//!   qike tune chess gen --games N [--seed S] [--nodes N] [--random-plies N] --out FILE
//!     plays the engine against itself and writes its quiet positions, one per line:
//!     `FEN;result` with White's result 1, 0.5 or 0.
//!   qike tune chess fit --data FILE [--data FILE]… [--start WEIGHTS] [--epochs N]
//!     [--rate R] [--l2 L] [--freeze PREFIX]… --out WEIGHTS
//!     fits the weights (starting from the built-in set or `--start`) and writes them in
//!     the format of `core/src/ai/chess/weights.txt` (weights whose name starts with a
//!     `--freeze` prefix, e.g. `pst.`, keep their value); prints K, the error before and
//!     after on the training and held-out positions, and the weights that moved most.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

use qike_core::ai::chess::{ChessEval, Weights, generate};
use qike_core::ai::tune::{Dataset, FitConfig, Tunable, fit};
use qike_core::chess::Position;

use super::args::Args;

fn num<T: std::str::FromStr>(v: Option<String>, what: &str, default: T) -> Result<T, String> {
    match v {
        Some(s) => s.parse().map_err(|_| format!("{what} wants a number, not '{s}'")),
        None => Ok(default),
    }
}

/// Reads a weights file.
pub fn read_weights(path: &str) -> Result<Weights, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Weights::parse(&text).map_err(|e| format!("{path}: {e}"))
}

pub fn command(args: &mut Args) -> Result<(), String> {
    let game = args.positional("game (chess)")?;
    if game != "chess" {
        return Err(format!("tuning is wired for chess only, not '{game}'"));
    }
    match args.positional("gen or fit")?.as_str() {
        "gen" => gen_command(args),
        "fit" => fit_command(args),
        other => Err(format!("unknown tune step '{other}' (try: gen, fit)")),
    }
}

fn gen_command(args: &mut Args) -> Result<(), String> {
    let games: usize = num(args.option("--games"), "--games", 100)?;
    let seed: u64 = num(args.option("--seed"), "--seed", 1)?;
    let nodes: u64 = num(args.option("--nodes"), "--nodes", 3000)?;
    let random: usize = num(args.option("--random-plies"), "--random-plies", 4)?;
    let out = args.option("--out").ok_or("gen wants --out FILE")?;
    args.finish()?;
    let file = std::fs::File::create(&out).map_err(|e| format!("cannot create {out}: {e}"))?;
    let mut w = BufWriter::new(file);
    let start = Instant::now();
    let stats = generate(games, seed, nodes, random, |pos, result| {
        writeln!(w, "{};{result}", pos.fen()).map_err(|e| format!("cannot write {out}: {e}"))
    })?;
    w.flush().map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "{} games ({} white wins, {} draws), {} quiet positions in {:.0} s",
        stats.games,
        stats.white_wins,
        stats.draws,
        stats.positions,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn read_positions(path: &str) -> Result<Vec<(Position, f64)>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read {path}: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let bad = || format!("{path} line {}: wants `FEN;result` with result 1, 0.5 or 0", i + 1);
        let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
        let result: f64 = result.trim().parse().map_err(|_| bad())?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad());
        }
        let pos = Position::from_fen(fen).map_err(|e| format!("{path} line {}: {e}", i + 1))?;
        out.push((pos, result));
    }
    Ok(out)
}

fn fit_command(args: &mut Args) -> Result<(), String> {
    let mut files = Vec::new();
    while let Some(f) = args.option("--data") {
        files.push(f);
    }
    if files.is_empty() {
        return Err("fit wants --data FILE (from `qike tune chess gen`)".into());
    }
    let start = match args.option("--start") {
        Some(p) => read_weights(&p)?,
        None => Weights::builtin().clone(),
    };
    let epochs: usize = num(args.option("--epochs"), "--epochs", 400)?;
    let rate: f64 = num(args.option("--rate"), "--rate", 1.0)?;
    let l2: f64 = num(args.option("--l2"), "--l2", 1e-7)?;
    let mut freeze = Vec::new();
    while let Some(prefix) = args.option("--freeze") {
        freeze.push(prefix);
    }
    let out = args.option("--out").ok_or("fit wants --out FILE")?;
    args.finish()?;
    let clock = Instant::now();
    let mut positions = Vec::new();
    for f in &files {
        positions.extend(read_positions(f)?);
    }
    let eval = ChessEval { start };
    let data = Dataset::build(&eval, positions);
    let weights = eval.weights();
    let frozen: Vec<usize> = (0..weights.len())
        .filter(|&i| freeze.iter().any(|p| eval.name(i).starts_with(p.as_str())))
        .collect();
    let result = fit(&data, &weights, &FitConfig { epochs, rate, frozen, l2 });
    let tuned = Weights::from_flat(&result.weights).ok_or("the fit lost weights")?;
    std::fs::write(&out, tuned.to_text()).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "{} training and {} held-out positions ({} in known endings left out); K = {:.3}",
        data.train.len(),
        data.held_out.len(),
        data.skipped,
        result.k
    );
    println!(
        "error: training {:.5} -> {:.5}, held out {:.5} -> {:.5}; {epochs} epochs in {:.0} s",
        result.train_before,
        result.train_after,
        result.held_out_before,
        result.held_out_after,
        clock.elapsed().as_secs_f64()
    );
    let mut moved: Vec<(f64, usize)> = weights
        .iter()
        .zip(&result.weights)
        .enumerate()
        .map(|(i, (a, b))| ((b - a).abs(), i))
        .collect();
    moved.sort_by(|a, b| b.0.total_cmp(&a.0));
    for &(_, i) in moved.iter().take(12) {
        println!("  {:<28} {:>5} -> {:>5}", eval.name(i), weights[i], result.weights[i]);
    }
    Ok(())
}
