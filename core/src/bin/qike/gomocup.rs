//! `qike engine gomoku`: the gomoku engine behind the Gomocup (Piskvork) protocol.
//!
//! Commands: `START n` (15 or 19), `RESTART`, `BEGIN`, `TURN x,y`, `BOARD` … `DONE`
//! (`x,y,1` own stone, `x,y,2` the opponent's), `TAKEBACK x,y`, `INFO key value`
//! (`timeout_turn`, `timeout_match`, `time_left`, `max_memory`, `rule`: 0 freestyle,
//! 1 exactly five, 4 renju), `ABOUT`, `END`. Coordinates are `x,y` from the top left.
//! What the engine cannot do is answered with `ERROR …`, unknown commands with
//! `UNKNOWN …`.

use std::io::{BufRead, Write};
use std::time::Duration;

use qike_core::GomokuRule;
use qike_core::ai::Limits;
use qike_core::ai::gomoku::GomokuEngine;
use qike_core::gomoku::{Board, BoardSize, Stone, notation};

struct Session {
    board: Option<Board>,
    rule: GomokuRule,
    /// The stones in the order they came: (x, y, own).
    stones: Vec<(u32, u32, bool)>,
    timeout_turn: u64,
    time_left: Option<u64>,
    max_memory: u64,
    engine: GomokuEngine,
}

/// Runs the protocol on stdin and stdout until `END` or the end of input.
pub fn run() -> Result<(), String> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut session = Session {
        board: None,
        rule: GomokuRule::Freestyle,
        stones: Vec::new(),
        timeout_turn: 5_000,
        time_left: None,
        max_memory: 0,
        engine: GomokuEngine::new(16),
    };
    let mut lines = stdin.lock().lines();
    while let Some(line) = lines.next() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let reply = match cmd.to_ascii_uppercase().as_str() {
            "END" => break,
            "START" => Some(session.start(rest)),
            "RECTSTART" => Some("ERROR rectangular boards are not supported".to_owned()),
            "RESTART" => Some(match session.board.as_ref().map(Board::size) {
                Some(size) => {
                    session.reset(size);
                    "OK".to_owned()
                }
                None => "ERROR no board yet: send START first".to_owned(),
            }),
            "BEGIN" => Some(session.think()),
            "TURN" => Some(match session.put(rest, false) {
                Ok(()) => session.think(),
                Err(e) => e,
            }),
            "TAKEBACK" => Some(session.take_back(rest)),
            "BOARD" => {
                let mut error = None;
                if let Some(size) = session.board.as_ref().map(Board::size) {
                    session.reset(size);
                } else {
                    error = Some("ERROR no board yet: send START first".to_owned());
                }
                for entry in lines.by_ref() {
                    let entry = entry.map_err(|e| e.to_string())?;
                    let entry = entry.trim();
                    if entry.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if error.is_some() || entry.is_empty() {
                        continue;
                    }
                    error = session.board_entry(entry).err();
                }
                Some(error.unwrap_or_else(|| session.think()))
            }
            "INFO" => session.info(rest),
            "ABOUT" => Some(format!(
                "name=\"qike\", version=\"{}\", author=\"Qike\", country=\"CN\"",
                qike_core::version()
            )),
            other => Some(format!("UNKNOWN command '{other}'")),
        };
        if let Some(r) = reply {
            writeln!(out, "{r}").and_then(|()| out.flush()).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

impl Session {
    fn start(&mut self, arg: &str) -> String {
        match arg.parse::<u32>().ok().and_then(BoardSize::from_lines) {
            Some(size) => {
                self.reset(size);
                "OK".to_owned()
            }
            None => format!("ERROR unsupported board size '{arg}' (15 or 19)"),
        }
    }

    fn reset(&mut self, size: BoardSize) {
        self.board = Some(Board::new(size));
        self.stones.clear();
        self.engine = GomokuEngine::new(self.hash_mb());
    }

    fn hash_mb(&self) -> usize {
        if self.max_memory == 0 {
            16
        } else {
            // Half the allowance for the table, the rest for everything else.
            ((self.max_memory / 2) >> 20).clamp(1, 256) as usize
        }
    }

    fn info(&mut self, rest: &str) -> Option<String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let number = value.trim().parse::<u64>();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Ok(v)) => self.timeout_turn = v,
            ("time_left", Ok(v)) => self.time_left = Some(v),
            ("max_memory", Ok(v)) => self.max_memory = v,
            ("rule", Ok(v)) => {
                if v & !7 != 0 {
                    return Some(format!("ERROR rule {v} is not supported (0, 1 or 4)"));
                }
                self.rule = if v & 4 != 0 {
                    GomokuRule::Renju
                } else if v & 1 != 0 {
                    GomokuRule::Standard
                } else {
                    GomokuRule::Freestyle
                };
            }
            ("timeout_turn" | "time_left" | "max_memory" | "rule" | "timeout_match", Err(_)) => {
                return Some(format!("ERROR INFO {key} wants a number, not '{}'", value.trim()));
            }
            // timeout_match, game_type, folder, evaluate …: nothing to do.
            _ => {}
        }
        None
    }

    /// Puts a stone from `x,y` text on the board.
    fn put(&mut self, text: &str, own: bool) -> Result<(), String> {
        let board = self.board.as_mut().ok_or("ERROR no board yet: send START first")?;
        let p = notation::parse_gomocup(text, board.size()).map_err(|e| format!("ERROR {e}"))?;
        if !board.is_empty_at(p) {
            return Err(format!("ERROR {} is occupied", text.trim()));
        }
        let (x, y) = notation::to_gomocup(p, board.size());
        // Colours are settled when the engine is to move (see `recolour`).
        board.set(p, Some(Stone::Black));
        self.stones.push((u32::from(x), u32::from(y), own));
        Ok(())
    }

    fn board_entry(&mut self, entry: &str) -> Result<(), String> {
        let mut parts = entry.splitn(3, ',');
        let (Some(x), Some(y), Some(who)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(format!("ERROR '{entry}' is not x,y,field"));
        };
        match who.trim() {
            "1" => self.put(&format!("{x},{y}"), true),
            "2" => self.put(&format!("{x},{y}"), false),
            // A winning line of a continuous game: not part of the position to play.
            "3" => Ok(()),
            other => Err(format!("ERROR field '{other}' must be 1, 2 or 3")),
        }
    }

    fn take_back(&mut self, text: &str) -> String {
        let Some(board) = self.board.as_mut() else {
            return "ERROR no board yet: send START first".to_owned();
        };
        let Ok(p) = notation::parse_gomocup(text, board.size()) else {
            return format!("ERROR '{}' is not a point", text.trim());
        };
        let (x, y) = notation::to_gomocup(p, board.size());
        let Some(k) = self.stones.iter().position(|&(a, b, _)| (a, b) == (x.into(), y.into()))
        else {
            return format!("ERROR {} holds no stone", text.trim());
        };
        self.stones.remove(k);
        board.set(p, None);
        "OK".to_owned()
    }

    /// When the engine is to move, it is black if both sides have as many stones.
    fn own_colour(&self) -> Stone {
        let own = self.stones.iter().filter(|s| s.2).count();
        if own * 2 == self.stones.len() { Stone::Black } else { Stone::White }
    }

    fn recolour(&mut self) {
        let me = self.own_colour();
        let Some(board) = self.board.as_mut() else { return };
        let size = board.size();
        for &(x, y, own) in &self.stones {
            if let Some(p) = notation::from_gomocup(x, y, size) {
                board.set(p, Some(if own { me } else { me.opponent() }));
            }
        }
    }

    fn budget(&self) -> Duration {
        let turn = if self.timeout_turn == 0 { 100 } else { self.timeout_turn };
        let mut ms = turn.saturating_sub(turn / 5 + 30).max(20);
        if let Some(left) = self.time_left {
            ms = ms.min((left / 20).max(20));
        }
        Duration::from_millis(ms)
    }

    /// Chooses and plays this engine's move, answering `x,y`.
    fn think(&mut self) -> String {
        self.recolour();
        let me = self.own_colour();
        let Some(board) = self.board.clone() else {
            return "ERROR no board yet: send START first".to_owned();
        };
        let limits = Limits::movetime(self.budget());
        let analysis = self.engine.analyse_board(&board, self.rule, me, &limits, 0);
        let Some(qike_core::MoveInput::Place { at }) = analysis.best else {
            return "ERROR no move: the board is full".to_owned();
        };
        let text = notation::format_gomocup(at, board.size());
        match self.put(&text, true) {
            Ok(()) => text,
            Err(e) => e,
        }
    }
}
