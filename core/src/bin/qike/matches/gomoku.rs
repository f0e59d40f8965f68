//! `qike gomoku-match A B [--games N] [--rule renju|standard|freestyle] [--seed S]
//! [--nodes N] [--timed] [--movetime MS] [--openings random|named]`.
//!
//! Plays A against B, colours alternating, each pair of games from the same opening:
//! two random stones near the centre (black's on it under renju), or (`named`) one of the 24 tournament openings
//! among the 26 (the two lost for black left out) in one of the eight symmetries.
//!
//! A player is `level:N` (through `ai::play_level`, the app's path; `level:N,noise=300`
//! changes fields of the row for experiments: depth, nodes, margin, noise, blunder),
//! `random`, `greedy` (completes a five, else blocks one) or `pbrain:PATH` (an engine
//! speaking the Gomocup protocol).
//!
//! Levels play with their node caps and no time cap, so load cannot change a result.
//! `--nodes` lowers every level's node cap; `--timed` adds the levels' time caps as the
//! app does; `--movetime MS` gives every level and engine that time per move instead
//! (the levels keep their depth and node caps). Prints each game, A's score with the
//! Elo difference over the game pairs (95% interval) and each player's time per move.

use std::time::{Duration, Instant};

use qike_core::Rng;
use qike_core::ai::{AnyEngine, Engine, Level};
use qike_core::gomoku::openings::OPENINGS;
use qike_core::gomoku::{Game, is_win};
use qike_core::{GameKind, GomokuRule, MoveInput, Outcome, Point};

use super::pairs::Tally;
use super::pbrain::Pbrain;
use super::{Arena, Played, Schedule, player1_side, points_of};

/// How a match is played.
#[derive(Debug)]
pub struct MatchOptions {
    pub games: u32,
    pub rule: String,
    pub seed: u64,
    pub nodes: Option<u64>,
    pub timed: bool,
    pub movetime: Option<u64>,
    pub openings: String,
}

/// A player in a gomoku match.
enum Player {
    Level(Level, Box<AnyEngine>),
    /// Any legal point next to the stones.
    Random,
    /// Completes a five, else blocks the opponent's five, else plays at random.
    Greedy,
    Pbrain(Box<Pbrain>),
}

fn player(spec: &str, rule: GomokuRule, opts: &MatchOptions) -> Result<Player, String> {
    let kind = GameKind::Gomoku { rule };
    if let Some(path) = spec.strip_prefix("pbrain:") {
        let turn = opts.movetime.ok_or("a pbrain: player needs --movetime MS")?;
        return Ok(Player::Pbrain(Box::new(Pbrain::start(path, rule, turn)?)));
    }
    match spec {
        "random" => Ok(Player::Random),
        "greedy" => Ok(Player::Greedy),
        _ => {
            let unknown =
                || format!("unknown player '{spec}' (level:N, random, greedy, pbrain:PATH)");
            let mut parts = spec.strip_prefix("level:").ok_or_else(unknown)?.split(',');
            let n: u32 = parts.next().and_then(|n| n.parse().ok()).ok_or_else(unknown)?;
            let mut level = Level::get(kind, n).map_err(|e| e.to_string())?;
            for part in parts {
                set_field(&mut level, part)?;
            }
            if let Some(n) = opts.nodes {
                level = level.with_nodes(n);
            }
            if let Some(ms) = opts.movetime {
                level.time_ms = ms;
            }
            let engine = AnyEngine::for_game(kind, 16).ok_or("no gomoku engine")?;
            Ok(Player::Level(level, Box::new(engine)))
        }
    }
}

/// Changes one field of a level for an experiment: `depth=`, `nodes=`, `margin=`,
/// `noise=` or `blunder=` (percent).
fn set_field(level: &mut Level, part: &str) -> Result<(), String> {
    let bad =
        || format!("'{part}' is not depth=, nodes=, margin=, noise= or blunder= with a number");
    let (key, value) = part.split_once('=').ok_or_else(bad)?;
    let value: u64 = value.trim().parse().map_err(|_| bad())?;
    let small = || i32::try_from(value).map_err(|_| bad());
    match key.trim() {
        "depth" => level.depth = u32::try_from(value).map_err(|_| bad())?,
        "nodes" => level.nodes = value,
        "margin" => level.margin = small()?,
        "noise" => level.noise = small()?,
        "blunder" => level.blunder_percent = u32::try_from(value.min(100)).map_err(|_| bad())?,
        _ => return Err(bad()),
    }
    Ok(())
}

/// Legal points within two lines of a stone (the centre on an empty board).
fn near_points(game: &Game) -> Vec<Point> {
    let b = game.board();
    let near = |p: Point| {
        (-2i32..=2).any(|df| {
            (-2i32..=2).any(|dr| {
                let (f, r) = (i32::from(p.file) + df, i32::from(p.rank) + dr);
                f >= 0 && r >= 0 && b.get(Point::new(f as u8, r as u8)).is_some()
            })
        })
    };
    let pts: Vec<_> = b.points().filter(|&p| game.check(p).is_ok() && near(p)).collect();
    if pts.is_empty() { b.points().filter(|&p| game.check(p).is_ok()).collect() } else { pts }
}

impl Player {
    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Level(_, engine) => {
                engine.new_game();
                Ok(())
            }
            Player::Pbrain(p) => p.new_game(),
            Player::Random | Player::Greedy => Ok(()),
        }
    }

    /// The player's move; `Err` when an outside engine fails (it loses the game).
    fn choose(&mut self, game: &Game, rng: &mut Rng, fixed: bool) -> Result<Option<Point>, String> {
        let pts = near_points(game);
        let random = |rng: &mut Rng| pts.get(rng.below(pts.len() as u64) as usize).copied();
        Ok(match self {
            Player::Level(level, engine) => {
                let any = qike_core::AnyGame::Gomoku(game.clone());
                match qike_core::ai::play_level(engine, &any, level, rng, fixed) {
                    Some(MoveInput::Place { at }) => Some(at),
                    _ => None,
                }
            }
            Player::Random => random(rng),
            Player::Greedy => {
                let me = game.stone_to_move();
                let b = game.board();
                let win = pts.iter().copied().find(|&p| is_win(b, p, me, game.rule()));
                let block = pts.iter().copied().find(|&p| is_win(b, p, me.opponent(), game.rule()));
                win.or(block).or_else(|| random(rng))
            }
            Player::Pbrain(p) => Some(p.choose(game)?),
        })
    }
}

/// The opening stones of game pair `pair`.
fn opening(named: bool, pair: u64, seed: u64, game: &mut Game) -> Result<String, String> {
    if named {
        let usable: Vec<_> = OPENINGS.iter().filter(|o| !o.black_loses).collect();
        let o = usable[(pair % usable.len() as u64) as usize];
        let k = ((pair / usable.len() as u64) % 8) as u8;
        let size = game.size();
        let c = size.center();
        for off in [(0, 0), o.kind.white_offset(), o.third] {
            let (dx, dy) = qike_core::gomoku::openings::symmetry(k, off);
            let p = Point::new(c.file.wrapping_add_signed(dx), c.rank.wrapping_add_signed(dy));
            game.play(p).map_err(|e| e.to_string())?;
        }
        return Ok(format!("{} ({}) symmetry {k}", o.name, o.romaji));
    }
    // Two stones: black on or next to the centre (on it under renju, whose first stone
    // goes there), white next to it.
    let mut rng = Rng::new(seed ^ pair.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let c = 7i32;
    let near = Point::new((c - 1 + rng.below(3) as i32) as u8, (c - 1 + rng.below(3) as i32) as u8);
    let first = if game.opens_on_centre() { game.size().center() } else { near };
    game.play(first).map_err(|e| e.to_string())?;
    loop {
        let p =
            Point::new((c - 2 + rng.below(5) as i32) as u8, (c - 2 + rng.below(5) as i32) as u8);
        if game.play(p).is_ok() {
            break;
        }
    }
    Ok(qike_core::gomoku::notation::format_points(game.moves()))
}

/// Time one player spent per move.
#[derive(Default)]
struct Clock {
    moves: u32,
    total: Duration,
    slowest: Duration,
}

impl Clock {
    fn add(&mut self, d: Duration) {
        self.moves += 1;
        self.total += d;
        self.slowest = self.slowest.max(d);
    }

    fn report(&self) -> String {
        let mean = self.total.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1));
        format!("{} moves, mean {mean:.0} ms, slowest {} ms", self.moves, self.slowest.as_millis())
    }
}

/// Plays the match and prints it.
pub fn play_match(a: &str, b: &str, opts: MatchOptions) -> Result<(), String> {
    let rule = match opts.rule.as_str() {
        "renju" => GomokuRule::Renju,
        "standard" => GomokuRule::Standard,
        "freestyle" => GomokuRule::Freestyle,
        other => return Err(format!("unknown rule '{other}' (renju, standard, freestyle)")),
    };
    let named = match opts.openings.as_str() {
        "random" => false,
        "named" => true,
        other => return Err(format!("unknown openings '{other}' (random, named)")),
    };
    let schedule =
        Schedule { games: opts.games as usize, concurrency: 1, tally: Tally::new(None), out: None };
    let arena = Gomoku { names: [a.to_owned(), b.to_owned()], rule, named, opts };
    super::run(&arena, schedule)
}

struct Gomoku {
    names: [String; 2],
    rule: GomokuRule,
    named: bool,
    opts: MatchOptions,
}

/// A and B, with the time each spent.
struct Seat {
    players: [Player; 2],
    clocks: [Clock; 2],
}

impl Arena for Gomoku {
    type Seat = Seat;
    type Note = String;

    fn seat(&self, _worker: u64) -> Result<Seat, String> {
        let [a, b] = &self.names;
        let players = [player(a, self.rule, &self.opts)?, player(b, self.rule, &self.opts)?];
        Ok(Seat { players, clocks: [Clock::default(), Clock::default()] })
    }

    fn play(&self, seat: &mut Seat, g: usize) -> Result<Played<String>, String> {
        let opts = &self.opts;
        // The level's own time cap (`--timed`) or the match's (`--movetime`); else none.
        let fixed = !opts.timed && opts.movetime.is_none();
        let mut game = Game::new(self.rule);
        let start = opening(self.named, (g / 2) as u64, opts.seed, &mut game)?;
        for p in &mut seat.players {
            p.new_game()?;
        }
        // A plays black in even games.
        let a_side = player1_side(g);
        let mut forfeit = None;
        while game.outcome().is_none() {
            let mover = game.side_to_move();
            let k = usize::from(mover != a_side);
            let mut move_rng = Rng::for_ply(opts.seed ^ g as u64, game.moves().len());
            let t = Instant::now();
            let chosen = seat.players[k].choose(&game, &mut move_rng, fixed);
            seat.clocks[k].add(t.elapsed());
            match chosen {
                Ok(Some(p)) => {
                    // A forbidden point stands and loses; an occupied one is a forfeit.
                    if let Err(e) = game.play_recorded(p) {
                        forfeit = Some((mover, format!("illegal move: {e}")));
                        break;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    forfeit = Some((mover, e));
                    break;
                }
            }
        }
        let winner = match (forfeit.as_ref(), game.outcome()) {
            (Some((loser, _)), _) => Some(loser.opponent()),
            (None, Some(Outcome::Win { winner, .. })) => Some(winner),
            _ => None,
        };
        let [a, b] = &self.names;
        let points = points_of(winner, a_side);
        let result = match winner {
            Some(w) if w == a_side => format!("{a} wins"),
            Some(_) => format!("{b} wins"),
            None => "draw".to_owned(),
        };
        let how = match (forfeit, game.outcome()) {
            (Some((_, why)), _) => format!(" (forfeit: {why})"),
            (None, Some(Outcome::Win { reason, .. })) => format!(" ({reason:?})"),
            _ => String::new(),
        };
        let colour = if a_side == qike_core::Side::First { "black" } else { "white" };
        let line = format!(
            "game {:>3}: {a} {colour}, opening {start}, {} moves, {result}{how}",
            g + 1,
            game.moves().len()
        );
        Ok(Played { game: g, points: Some(points), record: None, note: line })
    }

    fn line(&self, played: &Played<String>, _tally: &Tally) -> String {
        played.note.clone()
    }

    fn closing(&self, seats: Vec<Seat>, _notes: &[String], tally: &Tally) -> String {
        let [a, b] = &self.names;
        let e = tally.estimate();
        let (wins, draws, losses) = (e.wins, e.draws, e.losses);
        let score = f64::from(wins) + f64::from(draws) / 2.0;
        let pairs = tally.pairs();
        let elo = match pairs.elo() {
            Some((e, lo, hi)) => {
                format!(", Elo {e:+.0} [{lo:+.0}, {hi:+.0}] over {} pairs", pairs.pairs())
            }
            None => String::new(),
        };
        let times = match seats.first() {
            Some(s) => format!("{a}: {}; {b}: {}", s.clocks[0].report(), s.clocks[1].report()),
            None => String::new(),
        };
        let games = self.opts.games;
        format!(
            "time per move: {times}\n{a} vs {b}: +{wins} ={draws} -{losses}, score {score}/{games} ({:.1}%){elo}",
            100.0 * score / f64::from(games.max(1))
        )
    }
}
