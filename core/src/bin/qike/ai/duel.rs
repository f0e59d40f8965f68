//! `qike engine xiangqi --match <uci engine>`: Qike (in process) against an external UCI
//! engine such as Fairy-Stockfish (`UCI_Variant xiangqi`), both colours from a list of
//! openings, every game ruled by [`Game`] (mate, 困毙, repetition rulings, move limit).
//! The last line is the score, draw count and Elo difference with a 95% interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use qike_core::ai::{Limits, Searcher};
use qike_core::xiangqi::{Game, Move, Position, Rules, notation::parse_iccs};
use qike_core::{Outcome, Side};

use super::Dialect;

/// Openings played in turn (ICCS moves from the start position).
const OPENINGS: [&str; 10] = [
    "",
    "h2e2 h9g7",
    "b2e2 b9c7",
    "c3c4 g6g5",
    "g3g4 c6c5",
    "c0e2 h9g7",
    "h2e2 b7e7",
    "b0c2 h9g7",
    "h2e2 h7e7",
    "b2d2 b9c7",
];

struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    nps: Vec<u64>,
}

impl Uci {
    fn start(path: &str) -> Result<Uci, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{path}': {e}"))?;
        let input = child.stdin.take().ok_or("no stdin for the engine")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout for the engine")?);
        let mut e = Uci { child, input, output, nps: Vec::new() };
        e.send("uci")?;
        e.send("setoption name UCI_Variant value xiangqi")?;
        e.send("setoption name Threads value 1")?;
        e.send("setoption name Hash value 16")?;
        e.send("isready")?;
        e.until("readyok")?;
        Ok(e)
    }

    fn send(&mut self, s: &str) -> Result<(), String> {
        writeln!(self.input, "{s}").and_then(|()| self.input.flush()).map_err(|e| e.to_string())
    }

    fn until(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("the engine closed its output".into());
            }
            if let Some(i) = line.find(" nps ")
                && let Some(Ok(v)) = line[i + 5..].split_whitespace().next().map(str::parse)
            {
                self.nps.push(v);
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_owned());
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The Elo difference of a score fraction.
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p.clamp(0.001, 0.999) - 1.0).log10()
}

/// Plays `rounds` pairs of games, Qike at `movetime` ms per move; the opponent gets
/// `nodes` nodes per move when given, else the same move time.
pub fn duel(path: &str, movetime: u64, rounds: usize, nodes: Option<u64>) -> Result<(), String> {
    let mut other = Uci::start(path)?;
    let (mut score, mut games, mut draws) = (0.0, 0usize, 0usize);
    let (mut our_nodes, mut our_time) = (0u64, 0f64);
    for round in 0..rounds {
        let opening = OPENINGS[round % OPENINGS.len()];
        for qike_red in [true, false] {
            let mut game = Game::new(Position::startpos(), Rules::default());
            let mut moves: Vec<Move> = Vec::new();
            let mut history = Vec::new();
            for t in opening.split_whitespace() {
                let p = game.position().clone();
                let m = parse_iccs(&p, t).map_err(|e| e.to_string())?;
                history.push((p.key(), p.is_check()));
                game.play(m).map_err(|e| e.to_string())?;
                moves.push(m);
            }
            let mut searcher = Searcher::new(16);
            other.send("ucinewgame")?;
            while game.outcome().is_none() && moves.len() < 400 {
                let p = game.position().clone();
                let ours = (p.side_to_move() == Side::First) == qike_red;
                let m = if ours {
                    let t = Instant::now();
                    let limits = Limits::movetime(Duration::from_millis(movetime));
                    let r = searcher.search(&p, &history, &limits);
                    our_time += t.elapsed().as_secs_f64();
                    our_nodes += r.nodes;
                    r.best.ok_or("Qike found no move in an unfinished game")?
                } else {
                    let list: Vec<String> = moves.iter().map(|&m| Dialect::Uci.format(m)).collect();
                    other.send(&format!("position startpos moves {}", list.join(" ")))?;
                    match nodes {
                        Some(n) => other.send(&format!("go nodes {n}"))?,
                        None => other.send(&format!("go movetime {movetime}"))?,
                    }
                    let line = other.until("bestmove")?;
                    let text = line.split_whitespace().nth(1).unwrap_or("");
                    Dialect::Uci
                        .parse(&p, text)
                        .ok_or(format!("the engine played '{text}', not legal in {p}"))?
                };
                history.push((p.key(), p.is_check()));
                game.play(m).map_err(|e| e.to_string())?;
                moves.push(m);
            }
            let result = match game.outcome() {
                Some(Outcome::Win { winner, .. }) if (winner == Side::First) == qike_red => 1.0,
                Some(Outcome::Win { .. }) => 0.0,
                _ => {
                    draws += 1;
                    0.5
                }
            };
            score += result;
            games += 1;
            let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            println!(
                "game {games} qike {} result {result} plies {} outcome {:?} moves {}",
                if qike_red { "red" } else { "black" },
                moves.len(),
                game.outcome(),
                text.join(" ")
            );
        }
    }
    let nps = |v: &[u64]| v.iter().max().copied().unwrap_or(0);
    println!(
        "nps: qike {:.0} (nodes/time over its moves), opponent {} (highest reported)",
        our_nodes as f64 / our_time.max(1e-9),
        nps(&other.nps)
    );
    let n = games.max(1) as f64;
    let p = score / n;
    let se = (p * (1.0 - p) / n).sqrt();
    println!(
        "score {score}/{games} ({:.1}%), draws {draws} ({:.1}%), elo {:+.0} [{:+.0}, {:+.0}]",
        100.0 * p,
        100.0 * draws as f64 / n,
        elo(p),
        elo(p - 1.96 * se),
        elo(p + 1.96 * se)
    );
    Ok(())
}
