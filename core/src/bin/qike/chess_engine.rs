//! `qike engine chess`: the chess engine over UCI.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name X value Y` (Hash, Threads
//! (only 1), Level 1–10, Seed, OwnBook), `position startpos|fen FEN [moves …]`, `go
//! [depth N|nodes N|movetime T|wtime T btime T winc I binc I movestogo N|infinite]`,
//! `stop`, `quit`. Below level 10 the move comes from the level's one pick path.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use qike_core::Rng;
use qike_core::ai::chess::{Book, ChessEngine, Info, MATE, MATE_IN_MAX, Searcher, replay};
use qike_core::ai::{AnyEngine, Clock, Level, Limits, play_level};
use qike_core::chess::{Game, Move, Position};
use qike_core::{AnyGame, GameKind, MoveInput};

struct Uci {
    start: Position,
    moves: Vec<Move>,
    hash_mb: usize,
    level: u32,
    seed: u64,
    own_book: bool,
    searcher: Option<Searcher>,
    running: Option<(Arc<AtomicBool>, JoinHandle<Searcher>)>,
    out: Arc<Mutex<std::io::Stdout>>,
}

fn say(out: &Mutex<std::io::Stdout>, line: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    }
}

fn score_text(score: i32) -> String {
    if score.abs() > MATE_IN_MAX {
        let moves = (MATE - score.abs() + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

/// Runs the protocol loop on standard input until `quit` or end of input.
pub fn run() -> Result<(), String> {
    let mut e = Uci {
        start: Position::startpos(),
        moves: Vec::new(),
        hash_mb: 16,
        level: 10,
        seed: 0,
        own_book: false,
        searcher: Some(Searcher::new(16)),
        running: None,
        out: Arc::new(Mutex::new(std::io::stdout())),
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|err| format!("cannot read standard input: {err}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else { continue };
        match cmd {
            "uci" => e.hello(),
            "isready" => say(&e.out, "readyok"),
            "setoption" => e.set_option(rest),
            "position" => e.position(rest),
            "ucinewgame" => {
                e.finish();
                if let Some(s) = e.searcher.as_mut() {
                    s.clear();
                }
            }
            "go" => e.go(rest),
            "stop" => e.finish(),
            "quit" => {
                e.finish();
                return Ok(());
            }
            _ => say(&e.out, &format!("info string unknown command '{cmd}'")),
        }
    }
    // The input ended without `quit` (a script piping commands): let a running search
    // end by its own limits and answer, rather than cutting it short.
    e.wait();
    Ok(())
}

impl Uci {
    fn hello(&mut self) {
        let out = &self.out;
        say(out, &format!("id name Qike {}", qike_core::version()));
        say(out, "id author the Qike authors");
        say(out, "option name Hash type spin default 16 min 1 max 1024");
        say(out, "option name Threads type spin default 1 min 1 max 1");
        say(out, "option name Level type spin default 10 min 1 max 10");
        say(out, "option name Seed type spin default 0 min 0 max 2147483647");
        say(out, "option name OwnBook type check default false");
        say(out, "uciok");
    }

    fn set_option(&mut self, rest: &[&str]) {
        let v = rest.iter().position(|w| *w == "value");
        let name = rest.get(1..v.unwrap_or(rest.len())).unwrap_or(&[]).join(" ");
        let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
        self.finish();
        match name.to_ascii_lowercase().as_str() {
            "hash" => match value.parse::<usize>() {
                Ok(mb) => {
                    self.hash_mb = mb.clamp(1, 1024);
                    if let Some(s) = self.searcher.as_mut() {
                        s.resize(self.hash_mb);
                    }
                }
                Err(_) => {
                    say(&self.out, &format!("info string Hash wants a number, not '{value}'"))
                }
            },
            "threads" => {
                if value != "1" {
                    say(&self.out, "info string only one thread is supported");
                }
            }
            "level" => {
                match value.parse::<u32>().ok().filter(|n| Level::get(GameKind::Chess, *n).is_ok())
                {
                    Some(n) => self.level = n,
                    None => say(&self.out, &format!("info string no level '{value}' (1 to 10)")),
                }
            }
            "seed" => self.seed = value.parse().unwrap_or(0),
            "ownbook" => self.own_book = value == "true" || value == "1",
            _ => say(&self.out, &format!("info string unknown option '{name}'")),
        }
    }

    fn position(&mut self, rest: &[&str]) {
        self.finish();
        let split = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
        let (setup, moves) = rest.split_at(split);
        let start = match setup.split_first() {
            Some((&"fen", f)) => match Position::from_fen(&f.join(" ")) {
                Ok(p) => p,
                Err(err) => {
                    say(&self.out, &format!("info string bad FEN: {err}"));
                    return;
                }
            },
            Some((&"startpos", _)) => Position::startpos(),
            _ => {
                say(&self.out, "info string position wants startpos or fen");
                return;
            }
        };
        let mut pos = start.clone();
        self.moves.clear();
        for text in moves.iter().skip(1) {
            match pos.parse_uci(text) {
                Ok(m) if pos.play(m).is_ok() => self.moves.push(m),
                _ => {
                    say(&self.out, &format!("info string illegal move '{text}' ignored"));
                    break;
                }
            }
        }
        self.start = start;
    }

    fn go(&mut self, rest: &[&str]) {
        self.finish();
        let num = |key: &str| -> Option<u64> {
            let i = rest.iter().position(|w| *w == key)?;
            rest.get(i + 1)?.parse().ok()
        };
        let ms = |key: &str| num(key).map(Duration::from_millis);
        let (history, pos) = replay(&self.start, &self.moves);
        let white = pos.side_to_move().index() == 0;
        let mut limits = Limits {
            depth: num("depth").map(|d| d as u32),
            nodes: num("nodes"),
            movetime: ms("movetime"),
            clock: None,
        };
        if let Some(left) = if white { ms("wtime") } else { ms("btime") } {
            let inc = if white { ms("winc") } else { ms("binc") };
            limits.clock = Some(Clock {
                left,
                increment: inc.unwrap_or_default(),
                moves_to_go: num("movestogo").map(|m| m as u32),
            });
        }
        let Some(mut searcher) = self.searcher.take() else { return };
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(Arc::clone(&stop));
        let info_out = Arc::clone(&self.out);
        searcher.set_info(Some(Box::new(move |i: &Info| {
            let pv: Vec<String> = i.pv.iter().map(|m| m.uci()).collect();
            let nps = (i.nodes as f64 / i.time.as_secs_f64().max(1e-3)) as u64;
            say(
                &info_out,
                &format!(
                    "info depth {} score {} nodes {} nps {nps} time {} pv {}",
                    i.depth,
                    score_text(i.score),
                    i.nodes,
                    i.time.as_millis(),
                    pv.join(" ")
                ),
            );
        })));
        let level = Level::get(GameKind::Chess, self.level).ok().filter(|l| l.number < 10);
        let game = level.and_then(|_| {
            let mut game = Game::from_position(self.start.clone());
            self.moves.iter().all(|&m| game.play(m).is_ok()).then_some(AnyGame::Chess(game))
        });
        let seed = self.seed.wrapping_add(self.moves.len() as u64);
        self.seed = self.seed.wrapping_add(1);
        if self.own_book
            && self.start == Position::startpos()
            && let Some(m) = Book::builtin().pick(&pos, &mut Rng::new(seed))
        {
            say(&self.out, &format!("bestmove {}", m.uci()));
            self.searcher = Some(searcher);
            return;
        }
        let out = Arc::clone(&self.out);
        let hash_mb = self.hash_mb;
        let spawned = std::thread::Builder::new().name("qike-search".into()).spawn(move || {
            let best = match (level, game) {
                (Some(l), Some(game)) => {
                    // A level plays through the one pick path the app uses.
                    let mut engine = AnyEngine::Chess(ChessEngine::from_searcher(searcher));
                    let best = play_level(&mut engine, &game, &l, &mut Rng::new(seed), false);
                    searcher = match engine {
                        AnyEngine::Chess(e) => e.into_searcher(),
                        _ => Searcher::new(hash_mb),
                    };
                    best.and_then(|m| step_of(&pos, m))
                }
                _ => searcher.search(&pos, &history, &limits).best,
            };
            // UCI asks for a move even from a finished game; `0000` is the null move.
            let text = best.map_or("bestmove 0000".to_owned(), |m| format!("bestmove {}", m.uci()));
            say(&out, &text);
            searcher.set_info(None);
            searcher
        });
        match spawned {
            Ok(handle) => self.running = Some((stop, handle)),
            Err(err) => say(&self.out, &format!("info string cannot start the search: {err}")),
        }
    }

    /// Stops a running search and takes the searcher back.
    fn wait(&mut self) {
        if let Some((_, handle)) = self.running.take() {
            self.searcher = Some(handle.join().unwrap_or_else(|_| Searcher::new(self.hash_mb)));
        }
    }

    fn finish(&mut self) {
        if let Some((stop, handle)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
            self.searcher = Some(handle.join().unwrap_or_else(|_| Searcher::new(self.hash_mb)));
        }
    }
}

/// The legal chess move a level's input names.
fn step_of(pos: &Position, m: MoveInput) -> Option<Move> {
    let MoveInput::Step { from, to, promotion } = m else { return None };
    pos.legal_moves()
        .into_iter()
        .find(|c| c.from == from && c.to == to && c.promotion.map(|p| p.role().kind()) == promotion)
}
