//! `qike engine go`: the Go engine over GTP version 2, as GNU Go, GoGui and match tools
//! speak it. Every command gets an answer: `= result` or `? reason`, never a crash.
//!
//! Options: `--level N` (1–10, default 10), `--playouts N` (a fixed number of playouts:
//! the same move for the same game), `--fixed` (the level's own playouts, no time cap),
//! `--movetime MS`, `--seed N`, `--style M,N,B` (the level's margin, noise and impulsive
//! percentage), `--no-resign` (genmove otherwise answers `resign` when the search sees
//! the game as lost), `--threads N` (the search's threads instead of the level's).

use std::io::{BufRead, Write};
use std::time::Duration;

use qike_core::Rng;
use qike_core::ai::{AnyEngine, Level, play_level};
use qike_core::go::{
    DEFAULT_PLAYOUTS, Game, Komi, Move, Rules, SIZES, gtp_name, handicap_points, parse_gtp,
};
use qike_core::{AnyGame, BoardGame, GameKind, MoveInput, Point, Side};

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "final_score",
    "final_status_list",
    "showboard",
    "time_settings",
    "time_left",
    "quit",
];

/// Settings from the command line.
#[derive(Clone, Copy)]
pub struct Options {
    pub level: u32,
    pub playouts: Option<u64>,
    pub movetime: Option<u64>,
    pub seed: u64,
    /// Whether genmove may answer `resign` (off with `--no-resign`).
    pub resign: bool,
    /// `--style M,N,B`: the level's margin, noise and impulsive percentage replaced.
    pub style: Option<(i32, i32, u32)>,
    /// `--fixed`: the level's own playouts with no time cap.
    pub fixed: bool,
    /// `--threads N`: the search's threads instead of the level's.
    pub threads: Option<u8>,
}

/// The state behind the protocol: the game, its komi, the engine and the clock.
pub struct Player {
    game: AnyGame,
    komi: Komi,
    engine: AnyEngine,
    /// The command line's level and its overrides (the level's row depends on the
    /// board size).
    options: Options,
    fixed: bool,
    seed: u64,
    /// Byo-yomi seconds per period, and the time left as the controller last said.
    byo_yomi: Option<Duration>,
    time_left: Option<Duration>,
    /// Whether genmove may answer `resign`.
    resign: bool,
}

fn go_game(size: u8, komi: Komi) -> Result<AnyGame, String> {
    let g = Game::new(size, Rules { komi, ..Rules::default() }).map_err(|e| e.to_string())?;
    Ok(AnyGame::Go(Box::new(g)))
}

fn colour(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Side::First),
        "w" | "white" => Ok(Side::Second),
        _ => Err(format!("invalid color '{text}'")),
    }
}

/// A Go engine with nothing learnt, whose searches mix in `seed`.
fn fresh_engine(kind: GameKind, seed: u64) -> Result<AnyEngine, String> {
    let mut engine = AnyEngine::for_game(kind, 0).ok_or("no Go engine")?;
    if let AnyEngine::Go(e) = &mut engine {
        e.set_seed(seed);
    }
    Ok(engine)
}

/// The level the options ask for on a board of `size`, with their overrides.
fn level_for(options: &Options, size: u8) -> Result<Level, String> {
    let overrides = crate::matches::go::Overrides {
        playouts: options.playouts,
        movetime: options.movetime,
        style: options.style,
        threads: options.threads,
    };
    crate::matches::go::level_for(size, options.level, overrides)
}

impl Player {
    pub fn new(options: &Options) -> Result<Player, String> {
        let kind = GameKind::Go { size: 19 };
        level_for(options, 19)?;
        Ok(Player {
            game: go_game(19, Komi::CHINESE)?,
            komi: Komi::CHINESE,
            engine: fresh_engine(kind, options.seed)?,
            options: *options,
            fixed: options.fixed || options.playouts.is_some(),
            seed: options.seed,
            byo_yomi: None,
            time_left: None,
            resign: options.resign,
        })
    }

    fn go(&self) -> &Game {
        self.game.as_go().expect("the GTP player holds a Go game")
    }

    fn size(&self) -> u8 {
        self.go().size()
    }

    /// Answers one command (without its id); `Ok` text or `Err` reason.
    pub fn answer(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Qike".into()),
            "version" => Ok(qike_core::version().to_string()),
            "known_command" => Ok(args.first().is_some_and(|c| COMMANDS.contains(c)).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => {
                let size: u8 = arg(args, 0)?.parse().map_err(|_| "boardsize not an integer")?;
                if !SIZES.contains(&size) {
                    return Err("unacceptable size".into());
                }
                self.game = go_game(size, self.komi)?;
                Ok(String::new())
            }
            "clear_board" => {
                self.game = go_game(self.size(), self.komi)?;
                self.engine = fresh_engine(self.game.kind(), self.seed)?;
                Ok(String::new())
            }
            "komi" => {
                let points: f64 = arg(args, 0)?.parse().map_err(|_| "komi not a float")?;
                self.komi = Komi::from_points(points).map_err(|e| e.to_string())?;
                self.rebuild()?;
                Ok(String::new())
            }
            "play" => {
                let side = colour(arg(args, 0)?)?;
                let mv = parse_gtp(arg(args, 1)?, self.size()).map_err(|e| e.to_string())?;
                let mut next = self.go().clone();
                // After two passes a move means the game goes on.
                next.resume();
                next.play_as(side, mv).map_err(|e| format!("illegal move: {e}"))?;
                self.game = AnyGame::Go(Box::new(next));
                Ok(String::new())
            }
            "genmove" => {
                let side = colour(arg(args, 0)?)?;
                self.genmove(side)
            }
            "undo" => match self.game.undo() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".into()),
            },
            "fixed_handicap" => {
                let n: u8 = arg(args, 0)?.parse().map_err(|_| "handicap not an integer")?;
                self.require_empty()?;
                let points = handicap_points(self.size(), n).map_err(|e| e.to_string())?;
                self.set_handicap(&points)?;
                Ok(points.into_iter().map(gtp_name).collect::<Vec<_>>().join(" "))
            }
            "place_free_handicap" => {
                let n: usize = arg(args, 0)?.parse().map_err(|_| "handicap not an integer")?;
                self.require_empty()?;
                let points = free_handicap(self.size(), n)?;
                self.set_handicap(&points)?;
                Ok(points.into_iter().map(gtp_name).collect::<Vec<_>>().join(" "))
            }
            "set_free_handicap" => {
                self.require_empty()?;
                let mut points = Vec::new();
                for name in args {
                    match parse_gtp(name, self.size()).map_err(|e| e.to_string())? {
                        Move::Play(p) if !points.contains(&p) => points.push(p),
                        Move::Play(_) => return Err(format!("repeated vertex {name}")),
                        Move::Pass => return Err("pass is not a handicap stone".into()),
                    }
                }
                let max = usize::from(self.size()) * usize::from(self.size()) - 1;
                if points.len() < 2 || points.len() > max {
                    return Err(format!("bad handicap: {} stones (2 to {max})", points.len()));
                }
                self.set_handicap(&points)?;
                Ok(String::new())
            }
            "final_score" => Ok(self.counted().score().result.sgf()),
            "final_status_list" => {
                let counted = self.counted();
                let dead = counted.dead_stones();
                let list: Vec<String> = match arg(args, 0)? {
                    "dead" => dead.into_iter().map(gtp_name).collect(),
                    "alive" => counted
                        .board()
                        .stones()
                        .map(|(p, _)| p)
                        .filter(|p| !dead.contains(p))
                        .map(gtp_name)
                        .collect(),
                    "seki" => Vec::new(),
                    other => return Err(format!("unknown status '{other}'")),
                };
                Ok(list.join(" "))
            }
            "showboard" => Ok(self.board_text()),
            "time_settings" => {
                let nums = numbers(args, 3)?;
                self.byo_yomi = (nums[1] > 0).then(|| Duration::from_secs(nums[1]));
                self.time_left = (nums[0] > 0 || nums[1] > 0).then(|| Duration::from_secs(nums[0]));
                Ok(String::new())
            }
            "time_left" => {
                colour(arg(args, 0)?)?;
                let nums = numbers(&args[1..], 2)?;
                self.time_left = Some(Duration::from_secs(nums[0]));
                Ok(String::new())
            }
            other => Err(format!("unknown command '{other}'")),
        }
    }

    fn require_empty(&self) -> Result<(), String> {
        if !self.go().moves().is_empty() || self.go().board().stones().next().is_some() {
            return Err("board not empty".into());
        }
        Ok(())
    }

    /// Black handicap stones on `points`, white to move, the current komi.
    fn set_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        let rules = Rules { komi: self.komi, ..Rules::default() };
        let g =
            Game::with_handicap_stones(self.size(), rules, points).map_err(|e| e.to_string())?;
        self.game = AnyGame::Go(Box::new(g));
        Ok(())
    }

    /// The game again from its setup with the current komi, the moves replayed.
    fn rebuild(&mut self) -> Result<(), String> {
        let old = self.go().clone();
        let rules = Rules { komi: self.komi, ..old.rules() };
        let first = old.moves().first().map_or(old.side_to_move(), |&(s, _)| s);
        let mut g = if old.handicap() > 0 {
            let points: Vec<Point> = old.setup_stones().iter().map(|&(p, _)| p).collect();
            Game::with_handicap_stones(old.size(), rules, &points)
        } else {
            Game::from_position(old.size(), rules, old.setup_stones(), first)
        }
        .map_err(|e| e.to_string())?;
        for &(side, mv) in old.moves() {
            g.play_as(side, mv).map_err(|e| e.to_string())?;
        }
        self.game = AnyGame::Go(Box::new(g));
        Ok(())
    }

    /// The game as counted: both pass if they have not, dead stones by the estimate.
    fn counted(&self) -> Game {
        let mut g = self.go().clone();
        while !g.is_over() {
            if g.pass().is_err() {
                break;
            }
        }
        g.estimate_dead_stones(DEFAULT_PLAYOUTS, self.seed);
        g
    }

    fn genmove(&mut self, side: Side) -> Result<String, String> {
        if self.go().is_over() {
            return Err("the game is over".into());
        }
        if side != self.go().side_to_move() {
            return Err(format!(
                "it is not {}'s turn",
                if side == Side::First { "black" } else { "white" }
            ));
        }
        let mut level = level_for(&self.options, self.size())?;
        if let Some(left) = self.time_left {
            // A share of the clock: the board's empty points over three, plus most of
            // the byo-yomi, never more than the level's own time.
            let empty = self.go().legal_points().len().max(10) as u32;
            let share = left / (empty / 3).max(5) + self.byo_yomi.unwrap_or_default() * 3 / 4;
            let ms = share.as_millis().clamp(10, u128::from(level.time_ms)) as u64;
            level.time_ms = ms;
        }
        let ply = self.game.history().len();
        let mut rng = Rng::for_ply(self.seed, ply);
        let mv = play_level(&mut self.engine, &self.game, &level, &mut rng, self.fixed)
            .unwrap_or(MoveInput::Pass);
        if self.resign
            && let AnyEngine::Go(e) = &self.engine
            && e.should_resign(self.go())
        {
            return Ok("resign".into());
        }
        let text = match mv {
            MoveInput::Place { at } => gtp_name(at),
            _ => "pass".to_string(),
        };
        let as_move = match mv {
            MoveInput::Place { at } => Move::Play(at),
            _ => Move::Pass,
        };
        let mut next = self.go().clone();
        next.play_as(side, as_move).map_err(|e| format!("engine move refused: {e}"))?;
        self.game = AnyGame::Go(Box::new(next));
        Ok(text)
    }

    fn board_text(&self) -> String {
        let g = self.go();
        let size = g.size();
        let letters: String = (0..size)
            .map(|f| gtp_name(qike_core::Point::new(f, 0)).chars().next().unwrap_or('?'))
            .collect();
        let header: String = letters.chars().map(|c| format!(" {c}")).collect();
        let mut out = format!("\n  {header}\n");
        for rank in (0..size).rev() {
            out.push_str(&format!("{:>2}", rank + 1));
            for file in 0..size {
                let c = match g.board().get(qike_core::Point::new(file, rank)) {
                    Some(Side::First) => 'X',
                    Some(Side::Second) => 'O',
                    None => '.',
                };
                out.push(' ');
                out.push(c);
            }
            out.push_str(&format!(" {}\n", rank + 1));
        }
        out.push_str(&format!("  {header}"));
        out
    }
}

/// Where the engine puts `n` free handicap stones: the fixed points for the largest
/// count the board takes up to `n`, then, one by one, the point of the third line or
/// above (any point on small boards) farthest from the stones already placed, nearer
/// the centre on a tie.
fn free_handicap(size: u8, n: usize) -> Result<Vec<Point>, String> {
    let max = usize::from(size) * usize::from(size) - 1;
    if n < 2 || n > max {
        return Err(format!("invalid handicap {n} (2 to {max})"));
    }
    let mut points =
        (2..=n.min(25)).rev().find_map(|k| handicap_points(size, k as u8).ok()).unwrap_or_default();
    let low = if size >= 9 { 2 } else { 0 };
    let line = |p: &Point| p.file.min(p.rank).min(size - 1 - p.file).min(size - 1 - p.rank);
    let centre = f64::from(size - 1) / 2.0;
    let off = |p: &Point| (f64::from(p.file) - centre).abs() + (f64::from(p.rank) - centre).abs();
    while points.len() < n {
        let free: Vec<Point> = (0..size)
            .flat_map(|rank| (0..size).map(move |file| Point::new(file, rank)))
            .filter(|p| !points.contains(p))
            .collect();
        // The third line and above while any of it is free, then the whole board.
        let high: Vec<Point> = free.iter().copied().filter(|p| line(p) >= low).collect();
        let choices = if high.is_empty() { free } else { high };
        let far = |p: &Point| {
            points.iter().map(|q| q.file.abs_diff(p.file).max(q.rank.abs_diff(p.rank))).min()
        };
        // Farthest first, then nearer the centre, then the first in board order.
        let best = choices.into_iter().reduce(|a, b| {
            let (fa, fb) = (far(&a).unwrap_or(u8::MAX), far(&b).unwrap_or(u8::MAX));
            if fb > fa || (fb == fa && off(&b) < off(&a)) { b } else { a }
        });
        match best {
            Some(p) => points.push(p),
            None => return Err(format!("invalid handicap {n}")),
        }
    }
    Ok(points)
}

fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, String> {
    args.get(i).copied().ok_or_else(|| "missing argument".to_string())
}

fn numbers(args: &[&str], n: usize) -> Result<Vec<u64>, String> {
    if args.len() < n {
        return Err("missing argument".into());
    }
    args[..n].iter().map(|a| a.parse().map_err(|_| format!("'{a}' is not a number"))).collect()
}

fn parse<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
    v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
}

/// `qike engine go [--level N] [--playouts N] [--movetime MS] [--seed N] [--threads N]`.
pub fn command(args: crate::cli::GoEngineArgs) -> Result<(), String> {
    let options = Options {
        level: parse(args.level, "--level")?.unwrap_or(10),
        playouts: parse(args.playouts, "--playouts")?,
        movetime: parse(args.movetime, "--movetime")?,
        seed: parse(args.seed, "--seed")?.unwrap_or(1),
        resign: !args.no_resign,
        style: args.style.map(|t| crate::matches::go::style(&t)).transpose()?,
        fixed: args.fixed,
        threads: parse(args.threads, "--threads")?,
    };
    run(&options)
}

/// Reads GTP commands from stdin until `quit` or the end of input.
pub fn run(options: &Options) -> Result<(), String> {
    let mut player = Player::new(options)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        // Control characters out, comments off, tabs as spaces.
        let clean: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter_map(|c| match c {
                '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let mut words: Vec<&str> = clean.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        let id = words[0].parse::<u64>().ok().map(|n| n.to_string());
        if id.is_some() {
            words.remove(0);
        }
        let id = id.unwrap_or_default();
        let Some((&command, args)) = words.split_first() else {
            writeln!(out, "?{id} empty command\n").map_err(|e| e.to_string())?;
            continue;
        };
        let reply =
            if command == "quit" { Ok(String::new()) } else { player.answer(command, args) };
        let text = match reply {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
        if command == "quit" {
            break;
        }
    }
    Ok(())
}
