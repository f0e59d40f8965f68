//! `qike engine xiangqi`: the engine behind UCCI (ICCS moves, ranks 0–9) or, when the
//! first command is `uci`, UCI as Fairy-Stockfish tools expect (`UCI_Variant xiangqi`,
//! ranks 1–10).
//!
//! Commands: `ucci`/`uci`, `isready`, `setoption` (Hash, Level, Seed, OwnBook), `position
//! fen|startpos [moves …]`, `banmoves …`, `go [depth N|nodes N|time T|movetime T|wtime
//! T btime T winc I binc I|infinite]`, `stop`, `quit`.

pub mod chess_match;
pub mod matcher;
pub mod pairs;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use qike_core::Rng;
use qike_core::ai::xiangqi::{Book, Info, MATE, MATE_IN_MAX, Searcher, XiangqiEngine, history_of};
use qike_core::ai::{AnyEngine, Clock, Level, Limits, play_level};
use qike_core::xiangqi::{Game, Move, Position, Rules, START_FEN, notation::parse_iccs};
use qike_core::{AnyGame, GameKind, MoveInput};

/// Which dialect the GUI speaks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Ucci,
    Uci,
}

impl Dialect {
    fn format(self, m: Move) -> String {
        let s = m.to_string();
        match self {
            Dialect::Ucci => s,
            Dialect::Uci => {
                let (from, to) = (m.from(), m.to());
                format!(
                    "{}{}{}{}",
                    (b'a' + from.file.min(8)) as char,
                    from.rank + 1,
                    (b'a' + to.file.min(8)) as char,
                    to.rank + 1
                )
            }
        }
    }

    /// Reads a move in this dialect; UCI ranks 1–10 become ICCS ranks 0–9.
    fn parse(self, pos: &Position, text: &str) -> Option<Move> {
        let iccs = match self {
            Dialect::Ucci => text.to_owned(),
            Dialect::Uci => {
                let b = text.as_bytes();
                let split = b.iter().skip(1).position(|c| c.is_ascii_alphabetic())? + 1;
                let (a, c) = text.split_at(split);
                let sq = |s: &str| -> Option<String> {
                    let file = s.get(..1)?;
                    let rank: u32 = s.get(1..)?.parse().ok()?;
                    Some(format!("{file}{}", rank.checked_sub(1)?))
                };
                format!("{}{}", sq(a)?, sq(c)?)
            }
        };
        parse_iccs(pos, &iccs).ok()
    }
}

struct Engine {
    dialect: Dialect,
    start: Position,
    moves: Vec<Move>,
    banned: Vec<Move>,
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
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

/// `qike engine xiangqi [--match ENGINE [--movetime MS] [--rounds N] [--nodes N]]`.
pub fn command(args: &mut super::args::Args) -> Result<(), String> {
    let game = args.positional("game")?;
    if game == "go" {
        return super::gtp::command(args);
    }
    let opponent = args.option("--match");
    let number = |v: Option<String>, what: &str, default: u64| -> Result<u64, String> {
        v.map_or(Ok(default), |s| {
            s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))
        })
    };
    let movetime = number(args.option("--movetime"), "--movetime", 500)?;
    let rounds = number(args.option("--rounds"), "--rounds", 5)? as usize;
    let nodes = args.option("--nodes").map(|s| number(Some(s), "--nodes", 0)).transpose()?;
    args.finish()?;
    if game == "chess" {
        if opponent.is_some() {
            return Err("for chess matches use `qike match --game chess …`".into());
        }
        return super::chess_engine::run();
    }
    if game == "gomoku" {
        if opponent.is_some() {
            return Err("--match is for xiangqi; gomoku speaks the Gomocup protocol".into());
        }
        return super::gomocup::run();
    }
    if game != "xiangqi" {
        return Err(format!("there is no engine for '{game}' (try: xiangqi, chess, go, gomoku)"));
    }
    match opponent {
        // The older spelling of `qike match qike uci:ENGINE`.
        Some(path) => matcher::run(&matcher::Config {
            spec1: "qike".into(),
            spec2: format!("uci:{path}"),
            games: 2 * rounds,
            sides: [
                matcher::SideLimits { movetime: Some(movetime), nodes: None, depth: None },
                matcher::SideLimits {
                    movetime: nodes.is_none().then_some(movetime),
                    nodes,
                    depth: None,
                },
            ],
            options: [Vec::new(), Vec::new()],
            openings: qike_core::ai::xiangqi::OPENINGS.to_owned(),
            out: None,
            adj: qike_core::ai::xiangqi::Adjudication::default(),
            seed: 1,
            concurrency: 1,
            random_plies: 0,
            sprt: None,
        }),
        None => engine(),
    }
}

/// Runs the protocol loop on standard input until `quit` or end of input.
fn engine() -> Result<(), String> {
    let mut e = Engine {
        dialect: Dialect::Ucci,
        start: Position::startpos(),
        moves: Vec::new(),
        banned: Vec::new(),
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
            "ucci" => e.hello(Dialect::Ucci),
            "uci" => e.hello(Dialect::Uci),
            "isready" => say(&e.out, "readyok"),
            "setoption" => e.set_option(rest),
            "position" => e.position(rest),
            "banmoves" => e.ban(rest),
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
                if e.dialect == Dialect::Ucci {
                    say(&e.out, "bye");
                }
                return Ok(());
            }
            _ => say(&e.out, &format!("info string unknown command '{cmd}'")),
        }
    }
    e.finish();
    Ok(())
}

impl Engine {
    fn hello(&mut self, d: Dialect) {
        self.dialect = d;
        let out = &self.out;
        say(out, &format!("id name Qike {}", qike_core::version()));
        say(out, "id author the Qike authors");
        match d {
            Dialect::Ucci => {
                say(out, "option hashsize type spin min 1 max 1024 default 16");
                say(out, "option level type spin min 1 max 10 default 10");
                say(out, "option seed type spin min 0 max 2147483647 default 0");
                say(out, "option usebook type check default false");
                say(out, "ucciok");
            }
            Dialect::Uci => {
                say(out, "option name UCI_Variant type combo default xiangqi var xiangqi");
                say(out, "option name Hash type spin default 16 min 1 max 1024");
                say(out, "option name Threads type spin default 1 min 1 max 1");
                say(out, "option name Level type spin default 10 min 1 max 10");
                say(out, "option name Seed type spin default 0 min 0 max 2147483647");
                say(out, "option name OwnBook type check default false");
                say(out, "uciok");
            }
        }
    }

    /// `setoption name X value Y` (UCI) or `setoption X Y` (UCCI).
    fn set_option(&mut self, rest: &[&str]) {
        let (name, value) = if rest.first() == Some(&"name") {
            let v = rest.iter().position(|w| *w == "value");
            let name = rest[1..v.unwrap_or(rest.len())].join(" ");
            let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            (rest.first().copied().unwrap_or("").to_owned(), rest.get(1..).unwrap_or(&[]).join(" "))
        };
        self.finish();
        match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => match value.parse::<usize>() {
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
            "level" => match value
                .parse::<u32>()
                .ok()
                .filter(|n| Level::get(GameKind::Xiangqi, *n).is_ok())
            {
                Some(n) => self.level = n,
                None => say(&self.out, &format!("info string no level '{value}' (1 to 10)")),
            },
            "seed" => self.seed = value.parse().unwrap_or(0),
            "ownbook" | "usebook" => self.own_book = value == "true" || value == "1",
            _ => {}
        }
    }

    fn position(&mut self, rest: &[&str]) {
        self.finish();
        self.banned.clear();
        let split = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
        let (setup, moves) = rest.split_at(split);
        let fen = match setup.split_first() {
            Some((&"fen", f)) => f.join(" "),
            _ => START_FEN.to_owned(),
        };
        let Ok(start) = Position::from_fen(&fen) else {
            say(&self.out, &format!("info string bad FEN '{fen}'"));
            return;
        };
        let mut pos = start.clone();
        self.moves.clear();
        for text in moves.iter().skip(1) {
            match self.dialect.parse(&pos, text) {
                Some(m) if pos.play(m).is_ok() => self.moves.push(m),
                _ => {
                    say(&self.out, &format!("info string illegal move '{text}' ignored"));
                    break;
                }
            }
        }
        self.start = start;
    }

    fn ban(&mut self, rest: &[&str]) {
        let (_, pos) = history_of(&self.start, &self.moves);
        self.banned = rest.iter().filter_map(|t| self.dialect.parse(&pos, t)).collect();
    }

    fn go(&mut self, rest: &[&str]) {
        self.finish();
        let num = |key: &str| -> Option<u64> {
            let i = rest.iter().position(|w| *w == key)?;
            rest.get(i + 1)?.parse().ok()
        };
        let ms = |key: &str| num(key).map(Duration::from_millis);
        let (history, pos) = history_of(&self.start, &self.moves);
        let red = pos.side_to_move().index() == 0;
        let mut limits = Limits {
            depth: num("depth").map(|d| d as u32),
            nodes: num("nodes"),
            movetime: ms("movetime"),
            clock: None,
        };
        let left = if red { ms("wtime") } else { ms("btime") }.or_else(|| ms("time"));
        if let Some(left) = left {
            let inc = if red { ms("winc") } else { ms("binc") }.or_else(|| ms("increment"));
            limits.clock = Some(Clock {
                left,
                increment: inc.unwrap_or_default(),
                moves_to_go: num("movestogo").map(|m| m as u32),
            });
        }
        let Some(mut searcher) = self.searcher.take() else { return };
        let stop = Arc::new(AtomicBool::new(false));
        searcher.set_stop_flag(Arc::clone(&stop));
        searcher.set_banned(self.banned.clone());
        let out = Arc::clone(&self.out);
        let dialect = self.dialect;
        let info_out = Arc::clone(&self.out);
        searcher.set_info(Some(Box::new(move |i: &Info| {
            let pv: Vec<String> = i.pv.iter().map(|&m| dialect.format(m)).collect();
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
        let level = Level::get(GameKind::Xiangqi, self.level).ok().filter(|l| l.number < 10);
        let game = level.and_then(|_| {
            let mut game = Game::new(self.start.clone(), Rules::default());
            self.moves.iter().all(|&m| game.play(m).is_ok()).then_some(AnyGame::Xiangqi(game))
        });
        let seed = self.seed.wrapping_add(self.moves.len() as u64);
        self.seed = self.seed.wrapping_add(1);
        if self.own_book
            && let Some(m) = Book::builtin().pick(&pos, &mut Rng::new(seed))
            && !self.banned.contains(&m)
        {
            say(&self.out, &format!("bestmove {}", self.dialect.format(m)));
            self.searcher = Some(searcher);
            return;
        }
        let spawned = std::thread::Builder::new().name("qike-search".into()).spawn(move || {
            // A level plays through the one pick path the app uses.
            let best = match (level, game) {
                (Some(l), Some(game)) => {
                    let mut engine = AnyEngine::Xiangqi(XiangqiEngine::from_searcher(searcher));
                    let best = play_level(&mut engine, &game, &l, &mut Rng::new(seed), false);
                    searcher = match engine {
                        AnyEngine::Xiangqi(e) => e.into_searcher(),
                        _ => Searcher::new(qike_core::ai::xiangqi::DEFAULT_MB),
                    };
                    best.and_then(|m| match m {
                        MoveInput::Step { from, to, .. } => Move::new(from, to),
                        _ => None,
                    })
                }
                _ => searcher.search(&pos, &history, &limits).best,
            };
            let text =
                best.map_or("nobestmove".to_owned(), |m| format!("bestmove {}", dialect.format(m)));
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
    fn finish(&mut self) {
        if let Some((stop, handle)) = self.running.take() {
            stop.store(true, Ordering::Relaxed);
            self.searcher = Some(handle.join().unwrap_or_else(|_| Searcher::new(self.hash_mb)));
        }
    }
}
