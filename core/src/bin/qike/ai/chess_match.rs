//! `qike match --game chess P1 P2 …`: chess games between two players — `level:N`
//! (`level:N:fixed` for the node cap without a time cap), `custom:D,N,T,M,NOISE,BLUNDER[:fixed]`
//! (a level row to try), `greedy`, `random`, or a
//! UCI engine `uci:CMD` — from the chess opening suite, each opening with both colours,
//! adjudicated by the chess rules and a ply cap. Prints a line per game and, last, the
//! score, draw rate and Elo difference of player 1 with its 95% interval.
//!
//! `search:nodes=N` or `search:ms=N` is the full search at a fixed node count or move
//! time, with `:weights=FILE` for an evaluation weights file (as `qike tune chess fit`
//! writes). `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05` runs a sequential test on the
//! game pairs and stops when it decides (`--games` is then the most it plays).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout};
use std::sync::Arc;

use qike_core::GameKind;
use qike_core::Side;
use qike_core::ai::chess::{
    ChessPlayer, GreedyPlayer, LevelPlayer, RandomPlayer, SearchPlayer, Weights, extend_randomly,
    openings, play_game,
};

use super::pairs::Tally;
use crate::piped::{Piped, spawn_line};
use qike_core::Rng;
use qike_core::ai::Level;
use qike_core::chess::{Game, Move};

/// A UCI engine in a child process.
struct UciPlayer {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    go: String,
}

impl UciPlayer {
    fn start(cmd: &str, options: &[(String, String)], go: String) -> Result<UciPlayer, String> {
        let Piped { child, input, output } = spawn_line(cmd)?;
        let output = BufReader::new(output);
        let mut p = UciPlayer { name: cmd.to_owned(), child, input, output, go };
        p.send("uci")?;
        p.until("uciok")?;
        for (k, v) in options {
            p.send(&format!("setoption name {k} value {v}"))?;
        }
        p.send("isready")?;
        p.until("readyok")?;
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{} stopped listening: {e}", self.name))
    }

    fn until(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("cannot read from {}: {e}", self.name))?;
            if n == 0 {
                return Err(format!("{} closed its output", self.name));
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_owned());
            }
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl ChessPlayer for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.until("readyok").map(|_| ())
    }

    fn think(&mut self, game: &Game) -> Result<Move, String> {
        let moves: Vec<String> = game.moves().iter().map(|m| m.uci()).collect();
        let mut cmd = "position startpos".to_owned();
        if !moves.is_empty() {
            cmd += " moves ";
            cmd += &moves.join(" ");
        }
        self.send(&cmd)?;
        let go = self.go.clone();
        self.send(&go)?;
        let line = self.until("bestmove")?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        game.position().parse_uci(text).map_err(|e| format!("{} answered '{text}': {e}", self.name))
    }
}

/// The opening of pair `pair`: the suite's lines in turn, then `random_plies` random
/// legal moves drawn from `seed` and the pair's number (both games of a pair get the
/// same moves), so that players with fixed node counts do not replay the same games.
fn opening_of(suite: &[Vec<Move>], pair: usize, random_plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = Rng::new(seed ^ (pair as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    extend_randomly(&suite[pair % suite.len()], random_plies, &mut rng)
}

fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
    v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
}

fn player(
    spec: &str,
    go: String,
    options: &[(String, String)],
    seed: u64,
) -> Result<Box<dyn ChessPlayer>, String> {
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    Ok(match kind {
        "level" => {
            let (n, fixed) = rest.split_once(':').map_or((rest, false), |(n, f)| (n, f == "fixed"));
            let n: u32 = n.parse().map_err(|_| format!("level:N wants a number, not '{n}'"))?;
            let level = Level::get(GameKind::Chess, n).map_err(|e| e.to_string())?;
            Box::new(LevelPlayer::new(level, seed, fixed))
        }
        "custom" => {
            let (level, fixed) = super::pairs::custom_level(rest)?;
            Box::new(LevelPlayer::new(level, seed, fixed))
        }
        "greedy" => Box::new(GreedyPlayer::new(seed)),
        "random" => Box::new(RandomPlayer::new(seed)),
        "uci" => Box::new(UciPlayer::start(rest, options, go)?),
        "search" => search_player(spec, rest)?,
        _ => {
            return Err(format!(
                "unknown chess player '{spec}' (try: level:N, custom:D,N,T,M,NOISE,BLUNDER, search:nodes=N, greedy, random, uci:CMD)"
            ));
        }
    })
}

/// `search:nodes=N[:weights=FILE]` or `search:ms=N[:weights=FILE]`.
fn search_player(spec: &str, rest: &str) -> Result<Box<dyn ChessPlayer>, String> {
    let (limits, weights) = super::pairs::search_spec(spec, rest, crate::tune::read_weights)?;
    let weights = weights.unwrap_or_else(|| Weights::builtin().clone());
    Ok(Box::new(SearchPlayer::new(spec, Arc::new(weights), limits)))
}

/// `qike match --game chess P1 P2 [--games N] [--movetime MS] [--option1 K=V]…
/// [--option2 K=V]… [--max-plies N] [--random-plies N] [--seed N] [--out FILE]
/// [--sprt elo0=A elo1=B alpha=X beta=Y]`. `--movetime` is what a
/// UCI player is given per move (levels keep their own caps).
pub fn command(args: &mut super::super::args::Args) -> Result<(), String> {
    let sprt = super::pairs::sprt_option(args)?;
    let spec1 = args.positional("player 1")?;
    let spec2 = args.positional("player 2")?;
    let games: usize =
        num(args.option("--games"), "--games")?.unwrap_or(if sprt.is_some() { 20_000 } else { 20 });
    let movetime: u64 = num(args.option("--movetime"), "--movetime")?.unwrap_or(500);
    let max_plies: usize = num(args.option("--max-plies"), "--max-plies")?.unwrap_or(300);
    let random_plies: usize = num(args.option("--random-plies"), "--random-plies")?.unwrap_or(0);
    let seed: u64 = num(args.option("--seed"), "--seed")?.unwrap_or(1);
    let out = args.option("--out");
    let mut options: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    for (i, opts) in options.iter_mut().enumerate() {
        let k = i + 1;
        while let Some(o) = args.option(&format!("--option{k}")) {
            let (a, b) = o.split_once('=').ok_or(format!("--option{k} wants NAME=VALUE"))?;
            opts.push((a.to_owned(), b.to_owned()));
        }
    }
    args.finish()?;
    let go = format!("go movetime {movetime}");
    let mut p1 = player(&spec1, go.clone(), &options[0], seed)?;
    let mut p2 = player(&spec2, go, &options[1], seed.wrapping_add(7919))?;
    let mut file = match &out {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot create {path}: {e}"))?)
        }
        None => None,
    };
    let suite = openings();
    let mut tally = Tally::new(sprt);
    for g in 0..games {
        let opening = &opening_of(&suite, g / 2, random_plies, seed);
        let p1_white = g % 2 == 0;
        let rec = if p1_white {
            play_game(p1.as_mut(), p2.as_mut(), opening, max_plies)?
        } else {
            play_game(p2.as_mut(), p1.as_mut(), opening, max_plies)?
        };
        let p1_side = if p1_white { Side::First } else { Side::Second };
        let (result, mark) = match rec.winner() {
            Some(w) if w == p1_side => (1.0, if p1_white { "1-0" } else { "0-1" }),
            Some(_) => (0.0, if p1_white { "0-1" } else { "1-0" }),
            None => (0.5, "1/2-1/2"),
        };
        let sprt_line = tally.record(g, result);
        let e = tally.estimate();
        println!(
            "game {} {mark} {} p1 {result} running {:.1}/{} plies {}",
            g + 1,
            rec.reason(),
            e.score * e.games as f64,
            e.games,
            rec.moves.len()
        );
        if let Some(f) = file.as_mut() {
            let (white, black) = if p1_white { (&spec1, &spec2) } else { (&spec2, &spec1) };
            let moves: Vec<String> = rec.moves.iter().map(|m| m.uci()).collect();
            writeln!(
                f,
                "game {} white {white} black {black} result {mark} ({}) moves {}",
                g + 1,
                rec.reason(),
                moves.join(" ")
            )
            .map_err(|e| format!("cannot write the games file: {e}"))?;
        }
        if let Some(line) = sprt_line {
            println!("{line}");
        }
        if tally.decided() {
            break;
        }
    }
    println!("{}", tally.summary());
    Ok(())
}
