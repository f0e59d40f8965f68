//! An outside engine speaking UCI (chess, or xiangqi as Fairy-Stockfish speaks it) or
//! UCCI, as a match player (`uci:CMD`, `ucci:CMD`): the greeting and options, a new game,
//! and `position … moves …` then `go …` for each move, reading the score and speed of
//! its `info` lines on the way to `bestmove`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout};

use qike_core::AnyGame;
use qike_core::MoveInput;
use qike_core::ai::arena::{Player, Reply};
use qike_core::ai::chess::input_of;
use qike_core::xiangqi::START_FEN;

use crate::piped::{Piped, spawn_line};
use crate::uci::xiangqi::Dialect;

/// Which game and dialect the engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speaks {
    Xiangqi(Dialect),
    Chess,
}

/// An engine in another process.
#[derive(Debug)]
pub struct UciEngine {
    name: String,
    speaks: Speaks,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The `go …` command of each move.
    go: String,
    nps_sum: f64,
    nps_count: u32,
}

/// What came before `bestmove`: the line, the last score and speed.
struct Answer {
    line: String,
    score: Option<i32>,
    nps: Option<f64>,
}

impl UciEngine {
    /// Starts `command`, greets it, sets `options` and waits until it is ready.
    pub fn start(
        speaks: Speaks,
        command: &str,
        options: &[(String, String)],
        go: String,
    ) -> Result<UciEngine, String> {
        let Piped { child, input, output } = spawn_line(command)?;
        let program = command.split_whitespace().next().unwrap_or(command);
        let mut e = UciEngine {
            name: program.rsplit('/').next().unwrap_or(program).to_owned(),
            speaks,
            child,
            input,
            output: BufReader::new(output),
            go,
            nps_sum: 0.0,
            nps_count: 0,
        };
        if speaks == Speaks::Xiangqi(Dialect::Ucci) {
            e.send("ucci")?;
            e.until("ucciok")?;
            for (k, v) in options {
                e.send(&format!("setoption {k} {v}"))?;
            }
        } else {
            e.send("uci")?;
            e.until("uciok")?;
            if speaks == Speaks::Xiangqi(Dialect::Uci) {
                e.send("setoption name UCI_Variant value xiangqi")?;
            }
            for (k, v) in options {
                e.send(&format!("setoption name {k} value {v}"))?;
            }
        }
        e.send("isready")?;
        e.until("readyok")?;
        Ok(e)
    }

    fn send(&mut self, s: &str) -> Result<(), String> {
        writeln!(self.input, "{s}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to {}: {e}", self.name))
    }

    /// Reads until a line starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Result<Answer, String> {
        let (mut score, mut nps) = (None, None);
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.output.read_line(&mut line).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err(format!("{} closed its output", self.name));
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() == Some(&"info") {
                if let Some(i) = words.iter().position(|w| *w == "score") {
                    let v = words.get(i + 2).and_then(|v| v.parse::<i32>().ok());
                    score = match (words.get(i + 1), v) {
                        (Some(&"cp"), Some(v)) => Some(v),
                        (Some(&"mate"), Some(v)) => Some(if v > 0 { 30_000 } else { -30_000 }),
                        _ => score,
                    };
                }
                if let Some(i) = words.iter().position(|w| *w == "nps") {
                    nps = words.get(i + 1).and_then(|v| v.parse().ok()).or(nps);
                }
            }
            if line.starts_with(prefix) {
                return Ok(Answer { line: line.trim().to_owned(), score, nps });
            }
        }
    }

    fn ready_for_a_game(&mut self) -> Result<(), String> {
        if self.speaks != Speaks::Xiangqi(Dialect::Ucci) {
            self.send("ucinewgame")?;
        }
        self.send("isready")?;
        self.until("readyok").map(|_| ())
    }

    /// Sends the position (`startpos` or a FEN, then the moves) and `go`; the answer.
    fn ask(&mut self, fen: Option<String>, moves: &[String]) -> Result<Answer, String> {
        let mut cmd = match fen {
            None => "position startpos".to_owned(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !moves.is_empty() {
            cmd += " moves ";
            cmd += &moves.join(" ");
        }
        self.send(&cmd)?;
        let go = self.go.clone();
        self.send(&go)?;
        let answer = self.until("bestmove")?;
        if let Some(v) = answer.nps {
            self.nps_sum += v;
            self.nps_count += 1;
        }
        Ok(answer)
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

fn best_text(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

impl Player for UciEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.ready_for_a_game()
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        match (self.speaks, game) {
            (Speaks::Xiangqi(dialect), AnyGame::Xiangqi(g)) => {
                let list: Vec<String> = g.moves().iter().map(|&m| dialect.format(m)).collect();
                let fen = g.start().to_fen();
                let answer = self.ask((fen != START_FEN).then_some(fen), &list)?;
                let pos = g.position();
                let line = &answer.line;
                let mv = dialect.parse(pos, best_text(line)).ok_or_else(|| {
                    format!("{} answered '{line}', not a legal move in {pos}", self.name)
                })?;
                Ok(Reply { input: MoveInput::step(mv.from(), mv.to()), score: answer.score })
            }
            (Speaks::Chess, AnyGame::Chess(g)) => {
                let moves: Vec<String> = g.moves().iter().map(|m| m.uci()).collect();
                let answer = self.ask(None, &moves)?;
                let text = best_text(&answer.line);
                let mv = g
                    .position()
                    .parse_uci(text)
                    .map_err(|e| format!("{} answered '{text}': {e}", self.name))?;
                Ok(Reply { input: input_of(mv), score: answer.score })
            }
            (Speaks::Xiangqi(_), _) => Err(format!("{} plays xiangqi only", self.name)),
            (Speaks::Chess, _) => Err(format!("{} plays chess only", self.name)),
        }
    }

    fn nps(&self) -> Option<f64> {
        (self.nps_count > 0).then(|| self.nps_sum / self.nps_count as f64)
    }
}
