//! Xiangqi move generation speed, side by side with Fairy-Stockfish when it is installed.
//! Plain `main` (no criterion): each measurement reports wall time and nodes per second.
//!
//! - perft(5) from the start position (133,312,995 leaves), then the same with
//!   `/usr/games/fairy-stockfish` (`go perft 5`), in the same run;
//! - a microbenchmark: legal move generation plus make/unmake of every move over a set
//!   of middle-game positions.
//!
//! Run: `cargo bench -p qike-core --bench xiangqi` (set `QIKE_PERFT_DEPTH` to change 5).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use qike_core::xiangqi::{Position, START_FEN};

const POSITIONS: [&str; 5] = [
    START_FEN,
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    "1nba1ab2/r3k1n2/4c4/p7p/c3p4/2C1P1PC1/P1P5P/8B/1R1rA4/1NB1KA1NR w - - 19 18",
    "rnbaka2r/c8/3n4b/p5p1p/2p1p4/P6c1/2P1P1P1P/R1N3C1B/6C1R/2BAKA1N1 w - - 30 16",
    "4ka2n/4a3r/P7b/8p/1nb3p2/4p1B2/c1p1P1P1P/4B2C1/4A4/3NKA1NR w - - 4 39",
];

fn fairy_stockfish(depth: u32) -> Option<(u64, Duration)> {
    let start = Instant::now();
    let mut child = Command::new("/usr/games/fairy-stockfish")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let script = format!(
        "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft {depth}\nquit\n"
    );
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    let elapsed = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let nodes =
        text.lines().find_map(|l| l.strip_prefix("Nodes searched: "))?.trim().parse().ok()?;
    Some((nodes, elapsed))
}

fn main() {
    let depth: u32 =
        std::env::var("QIKE_PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(5);
    let start = Position::startpos();

    let t = Instant::now();
    let nodes = start.perft(depth);
    let ours = t.elapsed();
    println!(
        "qike   perft({depth}) = {nodes} in {:.3} s ({:.1} M nodes/s)",
        ours.as_secs_f64(),
        nodes as f64 / ours.as_secs_f64() / 1e6
    );
    match fairy_stockfish(depth) {
        Some((n, fsf)) => {
            println!(
                "fairy-stockfish perft({depth}) = {n} in {:.3} s (includes start-up)",
                fsf.as_secs_f64()
            );
            println!("ratio: qike is {:.2}x faster", fsf.as_secs_f64() / ours.as_secs_f64());
            assert_eq!(n, nodes, "node counts differ");
        }
        None => println!("fairy-stockfish not found at /usr/games/fairy-stockfish: no comparison"),
    }

    // Microbenchmark: generate, make and unmake every legal move, many times.
    let positions: Vec<Position> =
        POSITIONS.iter().map(|f| Position::from_fen(f).expect("valid FEN")).collect();
    let rounds = 200_000;
    let t = Instant::now();
    let mut moves = 0u64;
    let mut check = 0u64;
    for i in 0..rounds {
        let mut p = positions[i % positions.len()].clone();
        let list = p.legal_moves();
        for &m in list.iter() {
            let undo = p.make(m);
            check ^= p.key();
            p.unmake(m, undo);
            moves += 1;
        }
    }
    let micro = t.elapsed();
    println!(
        "movegen+make/unmake: {rounds} generations, {moves} moves in {:.3} s ({:.1} ns per generation, {:.1} ns per make/unmake) [{check:x}]",
        micro.as_secs_f64(),
        micro.as_nanos() as f64 / rounds as f64,
        micro.as_nanos() as f64 / moves as f64
    );
}
