//! One front end for the alpha-beta engines: the UCI loop `qike engine chess` speaks and
//! the UCCI loop of `qike engine xiangqi` (which turns UCI when the first command is
//! `uci`). The loop, the options every engine has (Hash, Level, Seed, OwnBook), `position`,
//! `go` with its limits and clock, the search thread and `stop` live here; what differs
//! between the games and dialects — the greeting, option and command names, the move and
//! position syntax, the book and the level's pick — is a [`Protocol`] in its own file.
//!
//! Commands: `uci`/`ucci`, `isready`, `setoption`, `position fen|startpos [moves …]`,
//! `ucinewgame`, `go [depth N|nodes N|movetime T|wtime T btime T winc I binc I movestogo
//! N|infinite]` (UCCI also `time T increment I`), `stop`, `quit`, and what a protocol
//! adds (`banmoves …` for xiangqi).

pub mod chess;
pub mod xiangqi;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use qike_core::GameKind;
use qike_core::ai::{Clock, Level, Limits};

/// Where the engine's lines go; shared with the search thread.
pub type Out = Arc<Mutex<std::io::Stdout>>;

/// Writes one line and flushes it.
pub fn say(out: &Mutex<std::io::Stdout>, line: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    }
}

/// `cp N`, or `mate N` in moves for a score beyond `mate_in_max` (`mate` being a mate
/// now).
pub fn score_text(score: i32, mate: i32, mate_in_max: i32) -> String {
    if score.abs() > mate_in_max {
        let moves = (mate - score.abs() + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

/// The `info depth … pv …` line of one finished iteration.
pub fn info_line(depth: u32, score: String, nodes: u64, time: Duration, pv: &[String]) -> String {
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
    format!(
        "info depth {depth} score {score} nodes {nodes} nps {nps} time {} pv {}",
        time.as_millis(),
        pv.join(" ")
    )
}

/// What one search is asked: the game so far, the limits, and the level when below 10.
pub struct Job<P: Protocol> {
    pub start: P::Position,
    pub moves: Vec<P::Move>,
    pub banned: Vec<P::Move>,
    pub limits: Limits,
    pub level: Option<Level>,
    pub seed: u64,
}

/// What a game and dialect bring to the shared loop.
pub trait Protocol: Clone + Send + 'static {
    type Position: Clone + PartialEq + Send + 'static;
    type Move: Copy + PartialEq + Send + 'static;
    type Searcher: Send + 'static;

    /// The game whose levels `setoption Level` names.
    const KIND: GameKind;

    /// Answers a greeting command (`uci`, `ucci`); false when `cmd` is none.
    fn hello(&mut self, cmd: &str, out: &Out) -> bool;
    /// Runs a command only this protocol has; false when `cmd` is none.
    fn command(&mut self, _cmd: &str, _rest: &[&str], _state: &mut Session<Self>) -> bool {
        false
    }
    /// `setoption`'s name and value.
    fn option_words(&self, rest: &[&str]) -> (String, String);
    /// An option the shared ones are not: says something when it should.
    fn other_option(&mut self, name: &str, value: &str, out: &Out);
    /// The option names the shared ones go by (`hash`, `ownbook` and their dialects'
    /// spellings), lower case.
    fn hash_names(&self) -> &[&str];
    fn book_names(&self) -> &[&str];

    /// The position `position`'s words before `moves` set up, or the line to say.
    fn setup(&self, words: &[&str]) -> Result<Self::Position, String>;
    /// A move in this dialect, if legal; plays it on `pos`.
    fn play(&self, pos: &mut Self::Position, text: &str) -> Option<Self::Move>;
    fn format(&self, m: Self::Move) -> String;
    /// The answer when there is no move.
    fn no_move(&self) -> &'static str;
    /// Whether the clock may also come as UCCI's `time` and `increment`.
    fn ucci_clock(&self) -> bool;
    /// Whether the side to move after `moves` is the first player.
    fn first_to_move(&self, start: &Self::Position, moves: &[Self::Move]) -> bool;
    /// The book's move, when the book is on and has one.
    fn book(&self, job: &Job<Self>) -> Option<Self::Move>;
    /// Said on `quit`, if anything.
    fn bye(&self) -> Option<&'static str>;
    /// Whether a search still running when the input ends may finish by its limits.
    fn wait_at_end(&self) -> bool;

    fn new_searcher(mb: usize) -> Self::Searcher;
    fn clear(searcher: &mut Self::Searcher);
    fn resize(searcher: &mut Self::Searcher, mb: usize);
    /// Makes the searcher stop on `stop`, keep off the job's banned moves and print its
    /// iterations to `out`.
    fn prepare(
        &self,
        searcher: &mut Self::Searcher,
        stop: Arc<AtomicBool>,
        job: &Job<Self>,
        out: Out,
    );
    /// Searches (or plays the level) on the search thread, then stops the printing;
    /// gives the searcher back.
    fn think(job: Job<Self>, searcher: Self::Searcher) -> (Self::Searcher, Option<Self::Move>);
}

/// The engine's state between commands.
pub struct Session<P: Protocol> {
    pub start: P::Position,
    pub moves: Vec<P::Move>,
    pub banned: Vec<P::Move>,
    hash_mb: usize,
    level: u32,
    seed: u64,
    own_book: bool,
    searcher: Option<P::Searcher>,
    running: Option<(Arc<AtomicBool>, JoinHandle<P::Searcher>)>,
    pub out: Out,
}

/// Runs the protocol loop on standard input until `quit` or end of input.
pub fn run<P: Protocol>(mut protocol: P, start: P::Position) -> Result<(), String> {
    let mut e: Session<P> = Session {
        start,
        moves: Vec::new(),
        banned: Vec::new(),
        hash_mb: 16,
        level: 10,
        seed: 0,
        own_book: false,
        searcher: Some(P::new_searcher(16)),
        running: None,
        out: Arc::new(Mutex::new(std::io::stdout())),
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|err| format!("cannot read standard input: {err}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else { continue };
        if protocol.hello(cmd, &e.out) || protocol.command(cmd, rest, &mut e) {
            continue;
        }
        match cmd {
            "isready" => say(&e.out, "readyok"),
            "setoption" => e.set_option(&mut protocol, rest),
            "position" => e.position(&protocol, rest),
            "ucinewgame" => {
                e.finish();
                if let Some(s) = e.searcher.as_mut() {
                    P::clear(s);
                }
            }
            "go" => e.go(&protocol, rest),
            "stop" => e.finish(),
            "quit" => {
                e.finish();
                if let Some(bye) = protocol.bye() {
                    say(&e.out, bye);
                }
                return Ok(());
            }
            _ => say(&e.out, &format!("info string unknown command '{cmd}'")),
        }
    }
    if protocol.wait_at_end() {
        // The input ended without `quit` (a script piping commands): let a running
        // search end by its own limits and answer, rather than cutting it short.
        e.wait();
    } else {
        e.finish();
    }
    Ok(())
}

impl<P: Protocol> Session<P> {
    fn set_option(&mut self, protocol: &mut P, rest: &[&str]) {
        let (name, value) = protocol.option_words(rest);
        self.finish();
        let lower = name.to_ascii_lowercase();
        if protocol.hash_names().contains(&lower.as_str()) {
            match value.parse::<usize>() {
                Ok(mb) => {
                    self.hash_mb = mb.clamp(1, 1024);
                    if let Some(s) = self.searcher.as_mut() {
                        P::resize(s, self.hash_mb);
                    }
                }
                Err(_) => {
                    say(&self.out, &format!("info string Hash wants a number, not '{value}'"))
                }
            }
        } else if protocol.book_names().contains(&lower.as_str()) {
            self.own_book = value == "true" || value == "1";
        } else if lower == "level" {
            match value.parse::<u32>().ok().filter(|n| Level::get(P::KIND, *n).is_ok()) {
                Some(n) => self.level = n,
                None => say(&self.out, &format!("info string no level '{value}' (1 to 10)")),
            }
        } else if lower == "seed" {
            self.seed = value.parse().unwrap_or(0);
        } else {
            protocol.other_option(&name, &value, &self.out);
        }
    }

    fn position(&mut self, protocol: &P, rest: &[&str]) {
        self.finish();
        self.banned.clear();
        let split = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
        let (setup, moves) = rest.split_at(split);
        let start = match protocol.setup(setup) {
            Ok(p) => p,
            Err(line) => {
                say(&self.out, &line);
                return;
            }
        };
        let mut pos = start.clone();
        self.moves.clear();
        for text in moves.iter().skip(1) {
            match protocol.play(&mut pos, text) {
                Some(m) => self.moves.push(m),
                None => {
                    say(&self.out, &format!("info string illegal move '{text}' ignored"));
                    break;
                }
            }
        }
        self.start = start;
    }

    fn go(&mut self, protocol: &P, rest: &[&str]) {
        self.finish();
        let num = |key: &str| -> Option<u64> {
            let i = rest.iter().position(|w| *w == key)?;
            rest.get(i + 1)?.parse().ok()
        };
        let ms = |key: &str| num(key).map(Duration::from_millis);
        let first = protocol.first_to_move(&self.start, &self.moves);
        let mut limits = Limits {
            depth: num("depth").map(|d| d as u32),
            nodes: num("nodes"),
            movetime: ms("movetime"),
            clock: None,
            threads: None,
        };
        let ucci = protocol.ucci_clock();
        let mut left = if first { ms("wtime") } else { ms("btime") };
        if ucci {
            left = left.or_else(|| ms("time"));
        }
        if let Some(left) = left {
            let mut inc = if first { ms("winc") } else { ms("binc") };
            if ucci {
                inc = inc.or_else(|| ms("increment"));
            }
            limits.clock = Some(Clock {
                left,
                increment: inc.unwrap_or_default(),
                moves_to_go: num("movestogo").map(|m| m as u32),
            });
        }
        let Some(mut searcher) = self.searcher.take() else { return };
        let job = Job {
            start: self.start.clone(),
            moves: self.moves.clone(),
            banned: self.banned.clone(),
            limits,
            level: Level::get(P::KIND, self.level).ok().filter(|l| l.number < 10),
            seed: self.seed.wrapping_add(self.moves.len() as u64),
        };
        self.seed = self.seed.wrapping_add(1);
        let stop = Arc::new(AtomicBool::new(false));
        protocol.prepare(&mut searcher, Arc::clone(&stop), &job, Arc::clone(&self.out));
        if self.own_book
            && let Some(m) = protocol.book(&job)
        {
            say(&self.out, &format!("bestmove {}", protocol.format(m)));
            self.searcher = Some(searcher);
            return;
        }
        let out = Arc::clone(&self.out);
        let dialect = protocol.clone();
        let spawned = std::thread::Builder::new().name("qike-search".into()).spawn(move || {
            let (searcher, best) = P::think(job, searcher);
            let text = best.map_or(dialect.no_move().to_owned(), |m| {
                format!("bestmove {}", dialect.format(m))
            });
            say(&out, &text);
            searcher
        });
        match spawned {
            Ok(handle) => self.running = Some((stop, handle)),
            Err(err) => say(&self.out, &format!("info string cannot start the search: {err}")),
        }
    }

    /// Stops a running search and takes the searcher back.
    fn finish(&mut self) {
        if let Some((stop, handle)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
            self.searcher = Some(handle.join().unwrap_or_else(|_| P::new_searcher(self.hash_mb)));
        }
    }

    /// Waits for a running search to answer and takes the searcher back.
    fn wait(&mut self) {
        if let Some((_, handle)) = self.running.take() {
            self.searcher = Some(handle.join().unwrap_or_else(|_| P::new_searcher(self.hash_mb)));
        }
    }
}
