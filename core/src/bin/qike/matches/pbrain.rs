//! An outside gomoku engine driven over the Gomocup (Piskvork) protocol, as a player
//! in `qike gomoku-match` (`pbrain:PATH`).
//!
//! The engine learns each game's position the first time it is to move (`BOARD` with
//! the stones in the order they were played) and then only the opponent's replies
//! (`TURN x,y`). An engine that stays silent far past its time, answers with
//! something that is not a point, or exits loses that game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::piped::{Piped, spawn};
use qike_core::GomokuRule;
use qike_core::Point;
use qike_core::gomoku::{Game, notation};

/// A running engine process.
pub struct Pbrain {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    turn_ms: u64,
    /// How many moves of the current game the engine has been told of (its own
    /// included); `None` before its first move in a game.
    known: Option<usize>,
    /// When the engine last answered.
    answered: Instant,
}

/// How long after an answer the next command waits. Some engines print their move a
/// moment before they are ready for the next command, and drop what comes sooner
/// (Rapfi then reads the point of a `TURN` as a command of its own).
const SETTLE: Duration = Duration::from_millis(30);

/// The Gomocup `rule` number of a rule.
fn rule_number(rule: GomokuRule) -> u32 {
    match rule {
        GomokuRule::Freestyle => 0,
        GomokuRule::Standard => 1,
        GomokuRule::Renju => 4,
    }
}

impl Pbrain {
    /// Starts the engine at `path` on a 15×15 board with `turn_ms` per move.
    pub fn start(path: &str, rule: GomokuRule, turn_ms: u64) -> Result<Pbrain, String> {
        let dir = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty());
        // Engines look for their configuration beside themselves.
        let Piped { child, input, output } = spawn(path, &[], dir)?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Pbrain {
            name: path.to_owned(),
            child,
            input,
            lines,
            turn_ms,
            known: None,
            answered: Instant::now(),
        };
        engine.send("START 15")?;
        engine.expect_ok()?;
        for info in [
            format!("INFO timeout_turn {turn_ms}"),
            "INFO timeout_match 1000000000".to_owned(),
            "INFO time_left 1000000000".to_owned(),
            "INFO max_memory 268435456".to_owned(),
            "INFO thread_num 1".to_owned(),
            format!("INFO rule {}", rule_number(rule)),
        ] {
            engine.send(&info)?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let since = self.answered.elapsed();
        if since < SETTLE {
            std::thread::sleep(SETTLE - since);
        }
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.name))
    }

    /// The next line that is not a message or debug output.
    fn answer(&mut self) -> Result<String, String> {
        // Generous: a slow start or a loaded machine is not a forfeit, a hang is.
        let wait = Duration::from_millis(self.turn_ms * 20 + 10_000);
        loop {
            let line = match self.lines.recv_timeout(wait) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{} said nothing for {} s", self.name, wait.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{} exited", self.name));
                }
            };
            self.answered = Instant::now();
            let line = line.trim().to_owned();
            let upper = line.to_ascii_uppercase();
            if line.is_empty() || upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                continue;
            }
            return Ok(line);
        }
    }

    fn expect_ok(&mut self) -> Result<(), String> {
        match self.answer()? {
            ok if ok.eq_ignore_ascii_case("OK") => Ok(()),
            other => Err(format!("{} answered '{other}' instead of OK", self.name)),
        }
    }

    /// Gets ready for a new game.
    pub fn new_game(&mut self) -> Result<(), String> {
        if self.known.take().is_some() {
            self.send("RESTART")?;
            self.expect_ok()?;
        }
        Ok(())
    }

    /// The engine's move in `game` (its turn), after telling it what it does not know.
    pub fn choose(&mut self, game: &Game) -> Result<Point, String> {
        let size = game.size();
        let moves = game.moves();
        match self.known {
            Some(k) if k + 1 == moves.len() => {
                let last = moves[k];
                self.send(&format!("TURN {}", notation::format_gomocup(last, size)))?;
            }
            _ => {
                if self.known.is_some() {
                    self.send("RESTART")?;
                    self.expect_ok()?;
                }
                self.send("BOARD")?;
                // Field 1 for the engine's own stones: those of the side to move.
                let own_parity = moves.len() % 2;
                for (k, &p) in moves.iter().enumerate() {
                    let who = if k % 2 == own_parity { 1 } else { 2 };
                    self.send(&format!("{},{who}", notation::format_gomocup(p, size)))?;
                }
                self.send("DONE")?;
            }
        }
        let text = self.answer()?;
        let p = notation::parse_gomocup(&text, size)
            .map_err(|e| format!("{} answered '{text}': {e}", self.name))?;
        self.known = Some(moves.len() + 1);
        Ok(p)
    }
}

impl Drop for Pbrain {
    fn drop(&mut self) {
        let _ = self.send("END");
        let deadline = std::time::Instant::now() + Duration::from_secs(2);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
