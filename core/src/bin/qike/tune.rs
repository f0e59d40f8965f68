//! `qike tune chess|xiangqi gen|fit`: the evaluation tuning pipeline.
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
//!
//!   qike tune xiangqi gen … [--label-depth D] [--label-nodes N]
//!     the same for xiangqi, and each position is also searched to depth D (at most N
//!     nodes): lines `FEN;result;score`, red's result and the search's score for red.
//!   qike tune xiangqi fit … [--lambda L]
//!     fits to `L · result + (1 − L) · σ(score)` (σ with the K that fits the results to
//!     the starting evaluation), and writes a file like `core/src/ai/xiangqi/weights.txt`.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

use qike_core::ai::Limits;
use qike_core::ai::chess::{ChessEval, Weights, generate};
use qike_core::ai::tune::{Dataset, FitConfig, FitResult, Linear, Tunable, fit, fit_k, sigmoid};
use qike_core::ai::xiangqi::{self, XiangqiEval};
use qike_core::chess::Position;

use crate::cli::{FitArgs, GenArgs, TuneGame, TuneStep, XiangqiFitArgs, XiangqiGenArgs};

fn num<T: std::str::FromStr>(v: Option<String>, what: &str, default: T) -> Result<T, String> {
    match v {
        Some(s) => s.parse().map_err(|_| format!("{what} wants a number, not '{s}'")),
        None => Ok(default),
    }
}

/// Reads a weights file.
pub fn read_weights(path: &str) -> Result<Weights, String> {
    Weights::parse(&read_text(path)?).map_err(|e| format!("{path}: {e}"))
}

/// Reads a xiangqi weights file.
pub fn read_xiangqi_weights(path: &str) -> Result<xiangqi::Weights, String> {
    xiangqi::Weights::parse(&read_text(path)?).map_err(|e| format!("{path}: {e}"))
}

fn read_text(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// The `--data FILE` options of `fit`; at least one.
fn data_files(args: &FitArgs, game: &str) -> Result<Vec<String>, String> {
    let files = args.data.clone();
    if files.is_empty() {
        return Err(format!("fit wants --data FILE (from `qike tune {game} gen`)"));
    }
    Ok(files)
}

/// The non-empty lines of a data file, each read by `parse` (given the line and its
/// number from 1).
fn read_data<T>(
    path: &str,
    mut parse: impl FnMut(&str, usize) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read {path}: {e}"))?;
        if !line.trim().is_empty() {
            out.push(parse(&line, i + 1)?);
        }
    }
    Ok(out)
}

pub fn command(game: TuneGame) -> Result<(), String> {
    match game {
        TuneGame::Chess { step: TuneStep::Gen(args) } => gen_command(args),
        TuneGame::Chess { step: TuneStep::Fit(args) } => fit_command(args),
        TuneGame::Xiangqi { step: TuneStep::Gen(args) } => xiangqi_gen(args),
        TuneGame::Xiangqi { step: TuneStep::Fit(args) } => xiangqi_fit(args),
        TuneGame::Other(words) => {
            let other = words.first().map_or("", String::as_str);
            Err(format!("tuning is wired for chess and xiangqi, not '{other}'"))
        }
    }
}

fn gen_command(args: GenArgs) -> Result<(), String> {
    let games: usize = num(args.games, "--games", 100)?;
    let seed: u64 = num(args.seed, "--seed", 1)?;
    let nodes: u64 = num(args.nodes, "--nodes", 3000)?;
    let random: usize = num(args.random_plies, "--random-plies", 4)?;
    let out = args.out;
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
    read_data(path, |line, n| {
        let bad = || format!("{path} line {n}: wants `FEN;result` with result 1, 0.5 or 0");
        let (fen, result) = line.rsplit_once(';').ok_or_else(bad)?;
        let result: f64 = result.trim().parse().map_err(|_| bad())?;
        if ![0.0, 0.5, 1.0].contains(&result) {
            return Err(bad());
        }
        let pos = Position::from_fen(fen).map_err(|e| format!("{path} line {n}: {e}"))?;
        Ok((pos, result))
    })
}

fn fit_command(args: FitArgs) -> Result<(), String> {
    let files = data_files(&args, "chess")?;
    let start = match &args.start {
        Some(p) => read_weights(p)?,
        None => Weights::builtin().clone(),
    };
    let eval = ChessEval { start };
    let config = fit_settings(&args, &eval)?;
    let epochs = config.epochs;
    let out = args.out;
    let clock = Instant::now();
    let mut positions = Vec::new();
    for f in &files {
        positions.extend(read_positions(f)?);
    }
    let data = Dataset::build(&eval, positions);
    let weights = eval.weights();
    let result = fit(&data, &weights, &config);
    let tuned = Weights::from_flat(&result.weights).ok_or("the fit lost weights")?;
    std::fs::write(&out, tuned.to_text()).map_err(|e| format!("cannot write {out}: {e}"))?;
    report(&eval, &data, &result, epochs, clock);
    Ok(())
}

/// Prints the sizes, K, the errors before and after, and the weights that moved most.
fn report<T: Tunable>(eval: &T, data: &Dataset, result: &FitResult, epochs: usize, clock: Instant) {
    let weights = eval.weights();
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
}

/// The fit's settings shared by both games: `--epochs`, `--rate`, `--l2`, `--freeze`.
fn fit_settings<T: Tunable>(args: &FitArgs, eval: &T) -> Result<FitConfig, String> {
    let epochs: usize = num(args.epochs.clone(), "--epochs", 400)?;
    let rate: f64 = num(args.rate.clone(), "--rate", 1.0)?;
    let l2: f64 = num(args.l2.clone(), "--l2", 1e-7)?;
    let freeze = &args.freeze;
    let frozen: Vec<usize> = (0..eval.weights().len())
        .filter(|&i| freeze.iter().any(|p| eval.name(i).starts_with(p.as_str())))
        .collect();
    Ok(FitConfig { epochs, rate, frozen, l2 })
}

fn xiangqi_gen(args: XiangqiGenArgs) -> Result<(), String> {
    let XiangqiGenArgs { common: args, label_depth, label_nodes } = args;
    let games: usize = num(args.games, "--games", 100)?;
    let seed: u64 = num(args.seed, "--seed", 1)?;
    let nodes: u64 = num(args.nodes, "--nodes", 3000)?;
    let random: usize = num(args.random_plies, "--random-plies", 4)?;
    let depth: u32 = num(label_depth, "--label-depth", 6)?;
    let label_nodes: u64 = num(label_nodes, "--label-nodes", 200_000)?;
    let out = args.out;
    let file = std::fs::File::create(&out).map_err(|e| format!("cannot create {out}: {e}"))?;
    let mut w = BufWriter::new(file);
    let start = Instant::now();
    let label = Limits { depth: Some(depth), nodes: Some(label_nodes), ..Limits::default() };
    let stats = xiangqi::generate(games, seed, nodes, random, &label, |l| {
        writeln!(w, "{};{};{}", l.pos.to_fen(), l.result, l.score)
            .map_err(|e| format!("cannot write {out}: {e}"))
    })?;
    w.flush().map_err(|e| format!("cannot write {out}: {e}"))?;
    println!(
        "{} games ({} red wins, {} draws), {} quiet positions, {} label nodes, in {:.0} s",
        stats.games,
        stats.red_wins,
        stats.draws,
        stats.positions,
        stats.label_nodes,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads `FEN;result;score` lines.
fn read_xiangqi_positions(
    path: &str,
) -> Result<Vec<(qike_core::xiangqi::Position, f64, f64)>, String> {
    read_data(path, |line, n| {
        let bad = || format!("{path} line {n}: wants `FEN;result;score` with result 1, 0.5 or 0");
        let mut parts = line.split(';');
        let (Some(fen), Some(result), Some(score), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let result: f64 = result.trim().parse().map_err(|_| bad())?;
        let score: f64 = score.trim().parse().map_err(|_| bad())?;
        if ![0.0, 0.5, 1.0].contains(&result) || !score.is_finite() {
            return Err(bad());
        }
        let pos = qike_core::xiangqi::Position::from_fen(fen)
            .map_err(|e| format!("{path} line {n}: {e}"))?;
        Ok((pos, result, score))
    })
}

fn xiangqi_fit(args: XiangqiFitArgs) -> Result<(), String> {
    let XiangqiFitArgs { common: args, lambda } = args;
    let files = data_files(&args, "xiangqi")?;
    let start = match &args.start {
        Some(p) => read_xiangqi_weights(p)?,
        None => xiangqi::Weights::builtin().clone(),
    };
    let eval = XiangqiEval { start };
    let config = fit_settings(&args, &eval)?;
    let lambda: f64 = num(lambda, "--lambda", 0.5)?;
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda wants a number from 0 to 1, not {lambda}"));
    }
    let out = args.out;
    let clock = Instant::now();
    let mut positions = Vec::new();
    for f in &files {
        positions.extend(read_xiangqi_positions(f)?);
    }
    let weights = eval.weights();
    // K from the game results and the starting evaluation, then the blended labels.
    let linear: Vec<(Linear, f64)> =
        positions.iter().filter_map(|(p, r, _)| eval.linear(p).map(|l| (l, *r))).collect();
    let k = fit_k(&linear, &weights);
    let labelled = positions
        .into_iter()
        .map(|(p, r, score)| (p, lambda * r + (1.0 - lambda) * sigmoid(score, k)));
    let data = Dataset::build(&eval, labelled);
    println!("K for the game results: {k:.3}; labels {lambda} result + {} search", 1.0 - lambda);
    let epochs = config.epochs;
    let result = fit(&data, &weights, &config);
    let tuned = xiangqi::Weights::from_flat(&result.weights).ok_or("the fit lost weights")?;
    std::fs::write(&out, tuned.to_text()).map_err(|e| format!("cannot write {out}: {e}"))?;
    report(&eval, &data, &result, epochs, clock);
    Ok(())
}
