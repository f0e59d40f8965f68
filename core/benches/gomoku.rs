//! Gomoku rule speed on random mid-game positions: win tests and renju forbidden-move
//! tests per second. Plain `main` with `Instant` (no criterion), fixed seed, so runs
//! are comparable.
//!
//! Run: `cargo bench -p qike-core --bench gomoku`
//! It also writes the positions it used to `target/gomoku-bench-positions.txt` (rows
//! top first, `/`-separated) so another program can be timed on the same ones.

use std::hint::black_box;
use std::time::Instant;

use qike_core::gomoku::{Board, Game, Stone, is_win, renju};
use qike_core::{GomokuRule, Point};

/// A small linear congruential generator: reproducible without a dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// A game of `moves` stones, each played next to an earlier one (as real games grow),
/// under freestyle so it runs on; games that end early are thrown away.
fn position(rng: &mut Lcg, moves: usize) -> Board {
    loop {
        let mut g = Game::new(GomokuRule::Freestyle);
        let _ = g.play(Point::new(7, 7));
        while g.moves().len() < moves && g.outcome().is_none() {
            let Some(&from) = g.moves().get(rng.next(g.moves().len() as u32) as usize) else {
                break;
            };
            let f = i32::from(from.file) + rng.next(5) as i32 - 2;
            let r = i32::from(from.rank) + rng.next(5) as i32 - 2;
            if (0..15).contains(&f) && (0..15).contains(&r) {
                let _ = g.play(Point::new(f as u8, r as u8));
            }
        }
        if g.outcome().is_none() {
            return g.board().clone();
        }
    }
}

fn main() {
    let mut rng = Lcg(2026);
    let boards: Vec<Board> = (0..500).map(|k| position(&mut rng, 30 + k % 50)).collect();
    let empties: usize = boards.iter().map(|b| 225 - b.stone_count()).sum();
    let stones: usize = boards.iter().map(Board::stone_count).sum();
    println!("{} positions, {} stones, {} empty points", boards.len(), stones, empties);

    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/gomoku-bench-positions.txt");
    let text: String = boards
        .iter()
        .map(|b| {
            let rows: Vec<String> = (0..15u8)
                .rev()
                .map(|r| {
                    (0..15u8)
                        .map(|f| match b.get(Point::new(f, r)) {
                            Some(Stone::Black) => 'X',
                            Some(Stone::White) => 'O',
                            None => '.',
                        })
                        .collect()
                })
                .collect();
            rows.join("/") + "\n"
        })
        .collect();
    let _ = std::fs::write(&out, text);

    for round in 0..3 {
        // Win test: for every empty point, would either colour win there?
        let start = Instant::now();
        let mut wins = 0usize;
        for b in &boards {
            for p in b.points() {
                if b.is_empty_at(p) {
                    wins += usize::from(is_win(b, p, Stone::Black, GomokuRule::Renju));
                    wins += usize::from(is_win(b, p, Stone::White, GomokuRule::Renju));
                }
            }
        }
        let t = start.elapsed().as_secs_f64();
        println!(
            "round {round}: win tests     {:>12.0} /s ({} tests, {wins} wins)",
            (2 * empties) as f64 / t,
            2 * empties
        );

        // Forbidden test on every empty point (one board sweep per position).
        let start = Instant::now();
        let mut forbidden = 0usize;
        for b in &boards {
            forbidden += black_box(renju::forbidden_points(b)).len();
        }
        let t = start.elapsed().as_secs_f64();
        println!(
            "round {round}: forbidden tests {:>10.0} /s ({} positions/s, {forbidden} forbidden)",
            empties as f64 / t,
            (boards.len() as f64 / t) as u64
        );
    }
}
