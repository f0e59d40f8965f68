//! `qike match`: N games between two players — protocol engines (UCI as Fairy-Stockfish
//! speaks it, or UCCI), or built-in ones (the full search, a level, a greedy bot, a
//! random mover) — from a list of balanced openings, each opening with both colours.
//! Games are ruled by the rules (将死, 困毙, repetition rulings, 自然限着), a ply cap
//! (draw) and a resign rule (both players report the same side lost beyond a threshold
//! for N moves each). Writes the games to a file; the last line is the score, draw
//! rate and Elo difference of player 1 with its 95% interval. With `--sprt` the games
//! of a pair (an opening, colours swapped) feed a sequential test that stops the match
//! when it decides, as for chess: the bookkeeping is shared (`pairs.rs`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use qike_core::Rng;
use qike_core::ai::sprt::Sprt;
use qike_core::ai::xiangqi::{
    Adjudication, GreedyPlayer, LevelPlayer, OPENINGS, Player, RandomPlayer, Reply, SearchPlayer,
    extend_randomly, parse_openings, play_game,
};
use qike_core::ai::{Level, Limits};
use qike_core::xiangqi::{Move, Position, START_FEN};
use qike_core::{GameKind, Side};

use super::Dialect;
use super::pairs::Tally;
use crate::piped::{Piped, spawn_line};

/// How a player is asked for a move.
#[derive(Clone, Copy, Default)]
pub struct SideLimits {
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl SideLimits {
    fn go(&self) -> String {
        let mut s = "go".to_owned();
        if let Some(d) = self.depth {
            s += &format!(" depth {d}");
        }
        if let Some(n) = self.nodes {
            s += &format!(" nodes {n}");
        }
        if let Some(t) = self.movetime {
            s += &format!(" movetime {t}");
        }
        if s == "go" {
            s += " depth 8";
        }
        s
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            clock: None,
        };
        if l == Limits::default() {
            l.depth = Some(8);
        }
        l
    }
}

/// An engine in another process.
struct Engine {
    name: String,
    dialect: Dialect,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    limits: SideLimits,
    nps_sum: f64,
    nps_count: u32,
}

impl Engine {
    fn start(
        dialect: Dialect,
        command: &str,
        options: &[(String, String)],
        limits: SideLimits,
    ) -> Result<Engine, String> {
        let Piped { child, input, output } = spawn_line(command)?;
        let output = BufReader::new(output);
        let program = command.split_whitespace().next().unwrap_or(command);
        let mut e = Engine {
            name: program.rsplit('/').next().unwrap_or(program).to_owned(),
            dialect,
            child,
            input,
            output,
            limits,
            nps_sum: 0.0,
            nps_count: 0,
        };
        match dialect {
            Dialect::Uci => {
                e.send("uci")?;
                e.until("uciok")?;
                e.send("setoption name UCI_Variant value xiangqi")?;
                for (k, v) in options {
                    e.send(&format!("setoption name {k} value {v}"))?;
                }
            }
            Dialect::Ucci => {
                e.send("ucci")?;
                e.until("ucciok")?;
                for (k, v) in options {
                    e.send(&format!("setoption {k} {v}"))?;
                }
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

    /// Reads until a line starting with `prefix`; returns it and the last score seen.
    fn until(&mut self, prefix: &str) -> Result<(String, Option<i32>, Option<f64>), String> {
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
                return Ok((line.trim().to_owned(), score, nps));
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl Player for Engine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        if self.dialect == Dialect::Uci {
            self.send("ucinewgame")?;
        }
        self.send("isready")?;
        self.until("readyok").map(|_| ())
    }

    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let list: Vec<String> = moves.iter().map(|&m| self.dialect.format(m)).collect();
        let fen = start.to_fen();
        let fen = if fen == START_FEN { "startpos".to_owned() } else { format!("fen {fen}") };
        let cmd = if list.is_empty() {
            format!("position {fen}")
        } else {
            format!("position {fen} moves {}", list.join(" "))
        };
        self.send(&cmd)?;
        let go = self.limits.go();
        self.send(&go)?;
        let (line, score, nps) = self.until("bestmove")?;
        if let Some(v) = nps {
            self.nps_sum += v;
            self.nps_count += 1;
        }
        let text = line.split_whitespace().nth(1).unwrap_or("");
        let (_, pos) = qike_core::ai::xiangqi::history_of(start, moves);
        let mv = self
            .dialect
            .parse(&pos, text)
            .ok_or_else(|| format!("{} answered '{line}', not a legal move in {pos}", self.name))?;
        Ok(Reply { mv, score })
    }

    fn nps(&self) -> Option<f64> {
        (self.nps_count > 0).then(|| self.nps_sum / self.nps_count as f64)
    }
}

/// Builds a player from its spec: `qike`, `level:N[:fixed]`,
/// `custom:D,N,T,M,NOISE,BLUNDER[:fixed]` (a level row to try), `greedy`, `random`,
/// `uci:COMMAND…` or `ucci:COMMAND…`.
fn player(
    spec: &str,
    limits: SideLimits,
    options: &[(String, String)],
    seed: u64,
) -> Result<Box<dyn Player>, String> {
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    Ok(match kind {
        "qike" => Box::new(SearchPlayer::new(limits.limits(), 16)),
        "level" => {
            let (n, fixed) = rest.split_once(':').map_or((rest, false), |(n, f)| (n, f == "fixed"));
            let n: u32 = n.parse().map_err(|_| format!("level:N wants a number, not '{n}'"))?;
            let level = Level::get(GameKind::Xiangqi, n).map_err(|e| e.to_string())?;
            Box::new(LevelPlayer::new(level, seed, fixed))
        }
        "custom" => {
            let (level, fixed) = super::pairs::custom_level(rest)?;
            Box::new(LevelPlayer::new(level, seed, fixed))
        }
        "greedy" => Box::new(GreedyPlayer::new(seed)),
        "random" => Box::new(RandomPlayer::new(seed)),
        "search" => search_player(spec, rest)?,
        "uci" => Box::new(Engine::start(Dialect::Uci, rest, options, limits)?),
        "ucci" => Box::new(Engine::start(Dialect::Ucci, rest, options, limits)?),
        _ => {
            return Err(format!(
                "unknown player '{spec}' (try: qike, level:N, search:nodes=N, greedy, random, uci:CMD, ucci:CMD)"
            ));
        }
    })
}

/// `search:nodes=N[:weights=FILE]` or `search:ms=N[:weights=FILE]`: the full search at
/// fixed limits, with an evaluation weights file as `qike tune xiangqi fit` writes.
fn search_player(spec: &str, rest: &str) -> Result<Box<dyn Player>, String> {
    let (limits, weights) =
        super::pairs::search_spec(spec, rest, crate::tune::read_xiangqi_weights)?;
    let mut p = SearchPlayer::new(limits, 16);
    if let Some(w) = weights {
        p.set_weights(Arc::new(w));
    }
    Ok(Box::new(p))
}

fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
    v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
}

/// `qike match PLAYER1 PLAYER2 [--games N] [--movetime MS] [--movetime1 MS] [--movetime2 MS]
/// [--nodes1 N] [--nodes2 N] [--depth1 N] [--depth2 N] [--option1 K=V]… [--option2 K=V]…
/// [--openings FILE] [--out FILE] [--max-plies N] [--resign-cp CP] [--resign-moves N]
/// [--seed N] [--concurrency N] [--random-plies N] [--sprt elo0=A elo1=B alpha=X beta=Y]`.
pub fn command(args: &mut super::super::args::Args) -> Result<(), String> {
    match args.option("--game").as_deref() {
        None | Some("xiangqi") => {}
        Some("chess") => return super::chess_match::command(args),
        Some(other) => return Err(format!("no matches for '{other}' (try: xiangqi, chess)")),
    }
    let sprt = super::pairs::sprt_option(args)?;
    let spec1 = args.positional("player 1")?;
    let spec2 = args.positional("player 2")?;
    let default_games = if sprt.is_some() { 20_000 } else { 20 };
    let games: usize = num(args.option("--games"), "--games")?.unwrap_or(default_games);
    let movetime: Option<u64> = num(args.option("--movetime"), "--movetime")?;
    let mut sides = [SideLimits::default(); 2];
    let mut options: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    for (i, side) in sides.iter_mut().enumerate() {
        let k = i + 1;
        side.movetime = num(args.option(&format!("--movetime{k}")), "--movetime")?.or(movetime);
        side.nodes = num(args.option(&format!("--nodes{k}")), "--nodes")?;
        side.depth = num(args.option(&format!("--depth{k}")), "--depth")?;
        while let Some(o) = args.option(&format!("--option{k}")) {
            let (a, b) = o.split_once('=').ok_or(format!("--option{k} wants NAME=VALUE"))?;
            options[i].push((a.to_owned(), b.to_owned()));
        }
    }
    let openings = match args.option("--openings") {
        Some(f) => std::fs::read_to_string(&f).map_err(|e| format!("cannot read {f}: {e}"))?,
        None => OPENINGS.to_owned(),
    };
    let out = args.option("--out");
    let mut adj = Adjudication::default();
    adj.max_plies = num(args.option("--max-plies"), "--max-plies")?.unwrap_or(adj.max_plies);
    adj.resign_cp = num(args.option("--resign-cp"), "--resign-cp")?.unwrap_or(adj.resign_cp);
    adj.resign_moves =
        num(args.option("--resign-moves"), "--resign-moves")?.unwrap_or(adj.resign_moves);
    let seed: u64 = num(args.option("--seed"), "--seed")?.unwrap_or(1);
    let concurrency: usize = num(args.option("--concurrency"), "--concurrency")?.unwrap_or(1);
    let random_plies: usize = num(args.option("--random-plies"), "--random-plies")?.unwrap_or(0);
    args.finish()?;
    let cfg = Config {
        spec1,
        spec2,
        games,
        sides,
        options,
        openings,
        out,
        adj,
        seed,
        concurrency,
        random_plies,
        sprt,
    };
    run(&cfg)
}

/// Everything a match needs, as read from the command line.
pub struct Config {
    pub spec1: String,
    pub spec2: String,
    pub games: usize,
    pub sides: [SideLimits; 2],
    pub options: [Vec<(String, String)>; 2],
    /// The opening list's text.
    pub openings: String,
    pub out: Option<String>,
    pub adj: Adjudication,
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Seeded random moves added to each opening (the same for both games of a pair),
    /// so that players at fixed node counts do not replay the same games.
    pub random_plies: usize,
    /// A sequential test on the game pairs that stops the match when it decides.
    pub sprt: Option<Sprt>,
}

/// Plays the match and prints a line per game, the players' speeds and the score line.
/// With `concurrency` above 1, that many games run at once, each worker with its own
/// pair of players (for a machine with that many free cores: no engine ponders, so a
/// game keeps one core busy).
pub fn run(cfg: &Config) -> Result<(), String> {
    let Config { spec1, spec2, games, openings, out, .. } = cfg;
    let games = *games;
    let openings = parse_openings(openings)?;
    if openings.is_empty() {
        return Err("the opening list is empty".into());
    }
    let mut file = match &out {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("cannot create {path}: {e}"))?)
        }
        None => None,
    };
    let workers = cfg.concurrency.clamp(1, games.max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Result<Finished, String>>();
    let mut speeds: Vec<[Option<f64>; 2]> = Vec::new();
    let mut tally = Tally::new(cfg.sprt);
    let mut failure = None;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (tx, next, openings) = (tx.clone(), &next, &openings);
                scope.spawn(move || worker(cfg, w as u64, openings, next, &tx))
            })
            .collect();
        drop(tx);
        for msg in rx {
            let f = match msg {
                Ok(f) => f,
                Err(e) => {
                    // Let the other workers run out of games, then report.
                    next.store(usize::MAX / 2, Ordering::SeqCst);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            if tally.decided() {
                // A game that started before the test decided is not counted.
                continue;
            }
            let sprt_line = tally.record(f.number - 1, f.result);
            if let Some(file) = file.as_mut()
                && let Err(e) = writeln!(file, "{}", f.line)
            {
                failure.get_or_insert(format!("cannot write the games file: {e}"));
            }
            let e = tally.estimate();
            println!(
                "game {} {} {} p1 {} running {:.1}/{} plies {}",
                f.number,
                f.mark,
                f.reason,
                f.result,
                e.score * e.games as f64,
                e.games,
                f.plies
            );
            if let Some(line) = sprt_line {
                println!("{line}");
            }
            if tally.decided() {
                // Games under way finish and are counted; no new ones start.
                next.store(usize::MAX / 2, Ordering::SeqCst);
            }
        }
        for h in handles {
            match h.join() {
                Ok(Ok(s)) => speeds.push(s),
                Ok(Err(e)) => {
                    failure.get_or_insert(e);
                }
                Err(_) => {
                    failure.get_or_insert("a match worker panicked".to_owned());
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let mean = |i: usize| {
        let v: Vec<f64> = speeds.iter().filter_map(|s| s[i]).collect();
        if v.is_empty() {
            "n/a".to_owned()
        } else {
            format!("{:.0}", v.iter().sum::<f64>() / v.len() as f64)
        }
    };
    println!("nps: player 1 ({spec1}) {}, player 2 ({spec2}) {}", mean(0), mean(1));
    println!("{}", tally.summary());
    Ok(())
}

/// One finished game, for the table and the games file.
struct Finished {
    number: usize,
    /// Player 1's points: 1, ½ or 0.
    result: f64,
    mark: &'static str,
    reason: String,
    plies: usize,
    line: String,
}

/// Plays games (numbers taken from `next`) until none are left; returns the speeds of
/// its two players. Worker 0 seeds its players exactly as a one-worker match does.
fn worker(
    cfg: &Config,
    w: u64,
    openings: &[Vec<Move>],
    next: &AtomicUsize,
    tx: &mpsc::Sender<Result<Finished, String>>,
) -> Result<[Option<f64>; 2], String> {
    let Config { spec1, spec2, games, sides, options, adj, seed, .. } = cfg;
    let seed = seed.wrapping_add(w.wrapping_mul(1_000_003));
    let mut p1 = player(spec1, sides[0], &options[0], seed)?;
    let mut p2 = player(spec2, sides[1], &options[1], seed.wrapping_add(7919))?;
    let start = Position::startpos();
    loop {
        let g = next.fetch_add(1, Ordering::SeqCst);
        if g >= *games {
            break;
        }
        let pair = g / 2;
        let mut rng = Rng::new(cfg.seed ^ (pair as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let opening =
            &extend_randomly(&openings[pair % openings.len()], cfg.random_plies, &mut rng);
        let p1_red = g.is_multiple_of(2);
        let rec = if p1_red {
            play_game(p1.as_mut(), p2.as_mut(), &start, opening, adj)
        } else {
            play_game(p2.as_mut(), p1.as_mut(), &start, opening, adj)
        };
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                let _ = tx.send(Err(e.clone()));
                return Err(e);
            }
        };
        let p1_side = if p1_red { Side::First } else { Side::Second };
        let winner = rec.ending.winner();
        let result = match winner {
            Some(w) if w == p1_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let mark = match winner {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        };
        let (red, black) = if p1_red { (spec1, spec2) } else { (spec2, spec1) };
        let moves: Vec<String> = rec.moves.iter().map(|m| m.to_string()).collect();
        let line = format!(
            "game {} opening {} red {red} black {black} result {mark} ({}) plies {} moves {}",
            g + 1,
            (g / 2) % openings.len() + 1,
            rec.ending.reason(),
            rec.moves.len(),
            moves.join(" ")
        );
        let f = Finished {
            number: g + 1,
            result,
            mark,
            reason: rec.ending.reason().to_string(),
            plies: rec.moves.len(),
            line,
        };
        if tx.send(Ok(f)).is_err() {
            break;
        }
    }
    Ok([p1.nps(), p2.nps()])
}
