//! One match driver for the four games: `qike match` (xiangqi, `--game chess`), `qike
//! go-match` and `qike gomoku-match`. The driver numbers the games, hands them to its
//! workers (game `2k` and `2k + 1` share an opening, player 1 first in the even one),
//! tallies player 1's points with the pair counts and the sequential test (`pairs.rs`),
//! writes the games file and prints a line per game and the closing lines. What a game
//! does differently — its players, its one-game loop and adjudication, its lines — is an
//! [`Arena`] in the game's own file; outside engines are players speaking their protocol
//! (`uci.rs` for UCI and UCCI, `gtp.rs`, `pbrain.rs`) over `piped.rs`.

pub mod chess;
pub mod go;
pub mod gomoku;
pub mod gtp;
pub mod pairs;
pub mod pbrain;
pub mod uci;
pub mod xiangqi;

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use qike_core::Side;

use pairs::Tally;

/// One finished game, as the driver tallies and prints it.
#[derive(Debug)]
pub struct Played<N> {
    /// The game's number, from 0.
    pub game: usize,
    /// Player 1's points (1, ½ or 0), `None` for a game without a result.
    pub points: Option<f64>,
    /// The game's line in the games file (`--out`).
    pub record: Option<String>,
    /// What the game's printed line and the closing lines need.
    pub note: N,
}

/// A game's side of a match.
pub trait Arena: Sync {
    /// One worker's players (and whatever they keep between games).
    type Seat: Send;
    /// What a played game leaves for its line and the closing lines.
    type Note: Send;

    /// The players of worker `worker` (worker 0 is seeded as a one-worker match).
    fn seat(&self, worker: u64) -> Result<Self::Seat, String>;
    /// Plays game `game`; an error ends the match.
    fn play(&self, seat: &mut Self::Seat, game: usize) -> Result<Played<Self::Note>, String>;
    /// The printed line (or lines) of a game, once it is tallied.
    fn line(&self, played: &Played<Self::Note>, tally: &Tally) -> String;
    /// The lines after the last game.
    fn closing(&self, seats: Vec<Self::Seat>, notes: &[Self::Note], tally: &Tally) -> String;
}

/// How many games, how many at once, the test and the games file.
#[derive(Debug)]
pub struct Schedule {
    pub games: usize,
    /// Games played at once, each worker with its own players.
    pub concurrency: usize,
    pub tally: Tally,
    pub out: Option<String>,
}

/// The side player 1 has in game `game`: the first in even games.
pub fn player1_side(game: usize) -> Side {
    if game.is_multiple_of(2) { Side::First } else { Side::Second }
}

/// Player 1's points from the winner (`None`: a draw).
pub fn points_of(winner: Option<Side>, p1: Side) -> f64 {
    match winner {
        Some(w) if w == p1 => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// `1-0`, `0-1` or `1/2-1/2`.
pub fn mark_of(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::First) => "1-0",
        Some(Side::Second) => "0-1",
        None => "1/2-1/2",
    }
}

/// The table line of the engine matches: `game N MARK REASON p1 POINTS running S/G plies P`.
pub fn table_line(
    game: usize,
    mark: &str,
    reason: &str,
    points: f64,
    tally: &Tally,
    plies: usize,
) -> String {
    let e = tally.estimate();
    format!(
        "game {} {mark} {reason} p1 {points} running {:.1}/{} plies {plies}",
        game + 1,
        e.score * e.games as f64,
        e.games,
    )
}

/// `--out FILE`, created before the first game.
fn games_file(out: &Option<String>) -> Result<Option<std::fs::File>, String> {
    match out {
        Some(path) => {
            std::fs::File::create(path).map(Some).map_err(|e| format!("cannot create {path}: {e}"))
        }
        None => Ok(None),
    }
}

/// Plays the match and prints a line per game and the closing lines.
pub fn run<A: Arena>(arena: &A, schedule: Schedule) -> Result<(), String> {
    let Schedule { games, concurrency, mut tally, out } = schedule;
    let mut file = games_file(&out)?;
    let workers = concurrency.clamp(1, games.max(1));
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Result<Played<A::Note>, String>>();
    let mut seats = Vec::new();
    let mut notes = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (tx, next) = (tx.clone(), &next);
                scope.spawn(move || worker(arena, w as u64, games, next, &tx))
            })
            .collect();
        drop(tx);
        for msg in rx {
            let played = match msg {
                Ok(p) => p,
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
            let sprt_line = played.points.and_then(|p| tally.record(played.game, p));
            if let (Some(file), Some(record)) = (file.as_mut(), played.record.as_ref())
                && let Err(e) = writeln!(file, "{record}")
            {
                failure.get_or_insert(format!("cannot write the games file: {e}"));
            }
            println!("{}", arena.line(&played, &tally));
            if let Some(line) = sprt_line {
                println!("{line}");
            }
            notes.push(played.note);
            if tally.decided() {
                // Games under way finish and are counted; no new ones start.
                next.store(usize::MAX / 2, Ordering::SeqCst);
            }
        }
        for h in handles {
            match h.join() {
                Ok(Ok(s)) => seats.push(s),
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
    println!("{}", arena.closing(seats, &notes, &tally));
    Ok(())
}

/// Plays games (numbers taken from `next`) until none are left; gives its seat back.
fn worker<A: Arena>(
    arena: &A,
    w: u64,
    games: usize,
    next: &AtomicUsize,
    tx: &mpsc::Sender<Result<Played<A::Note>, String>>,
) -> Result<A::Seat, String> {
    let mut seat = arena.seat(w)?;
    loop {
        let g = next.fetch_add(1, Ordering::SeqCst);
        if g >= games {
            break;
        }
        match arena.play(&mut seat, g) {
            Ok(p) => {
                if tx.send(Ok(p)).is_err() {
                    break;
                }
            }
            Err(e) => {
                let _ = tx.send(Err(e.clone()));
                return Err(e);
            }
        }
    }
    Ok(seat)
}

/// A number option: `what` names it in the message.
pub fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
    v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
}
