//! An authoring aid for xiangqi tactics lessons.
//!
//! `probe`: one FEN per line on stdin; prints every move that wins material by the
//! proof in `ai::xiangqi::tactic` (with its gain and motif) and whether the side to
//! move mates in 1–3.
//!
//! `find MOTIF COUNT SEED [RED]`: scatters small positions and prints those where exactly one
//! move wins material, that move is not a capture and its motif is MOTIF (double-check,
//! discovered, check-attack, double-attack, pin, interference or any). For each it also lists a few
//! moves that look tempting (checks and captures) and do not win, to name as wrong.
//! RED (e.g. `N` or `CP`) fixes red's attacking pieces; otherwise they vary.
//!
//! QIKE_BLACK (e.g. `r`) fixes black's pieces other than general, advisors, elephants.
//!
//! `mate N COUNT SEED RED TO BY`: positions where red mates in exactly N with a single
//! key move, made by a piece BY (`R`, `N`, `C`…) landing on one of TO (`d9,f9`, or
//! `-` for any point).
//!
//! `cargo run -p qike-core --example xiangqi_tactics -- find double-attack 10 7`

use std::io::BufRead;

use qike_core::Point;
use qike_core::Rng;
use qike_core::ai::xiangqi::tactic::{self, Motif, TACTIC_GAIN};
use qike_core::xiangqi::{Move, Position, mate_search, notation};

fn name(m: Move) -> String {
    format!("{}{}", notation::point_name(m.from()), notation::point_name(m.to()))
}

fn probe(pos: &Position) {
    for n in 1..=3 {
        if mate_search::mates_in(pos, n) {
            println!("  mates in {n}");
            break;
        }
    }
    for &m in pos.legal_moves().iter() {
        if let Some(g) = tactic::gain(pos, m)
            && g >= TACTIC_GAIN
        {
            println!("  {} gains {g} ({})", name(m), tactic::motif(pos, m).name());
        }
    }
}

fn wanted(motif: Motif, asked: &str) -> bool {
    match asked {
        "double-check" => motif == Motif::DoubleCheck,
        "discovered" => motif == Motif::DiscoveredCheck,
        "check-attack" => motif == Motif::CheckAndAttack,
        "double-attack" => motif == Motif::DoubleAttack,
        "pin" => motif == Motif::Pin,
        "interference" => motif == Motif::Interference,
        _ => true,
    }
}

/// A random point inside `files` × `ranks` that is empty in `board`.
fn free(rng: &mut Rng, board: &[[char; 9]; 10], files: (u8, u8), ranks: (u8, u8)) -> Option<Point> {
    for _ in 0..20 {
        let f = files.0 + rng.below(u64::from(files.1 - files.0 + 1)) as u8;
        let r = ranks.0 + rng.below(u64::from(ranks.1 - ranks.0 + 1)) as u8;
        if board[r as usize][f as usize] == '.' {
            return Some(Point::new(f, r));
        }
    }
    None
}

fn fen_of(board: &[[char; 9]; 10]) -> String {
    let rows: Vec<String> = board
        .iter()
        .rev()
        .map(|row| {
            let mut s = String::new();
            let mut gap = 0;
            for &c in row {
                if c == '.' {
                    gap += 1;
                } else {
                    if gap > 0 {
                        s.push_str(&gap.to_string());
                        gap = 0;
                    }
                    s.push(c);
                }
            }
            if gap > 0 {
                s.push_str(&gap.to_string());
            }
            s
        })
        .collect();
    format!("{} w - - 0 1", rows.join("/"))
}

fn scatter(rng: &mut Rng, only: Option<&str>) -> Option<Position> {
    let black_only = std::env::var("QIKE_BLACK").ok();
    let mut b = [['.'; 9]; 10];
    let put = |b: &mut [[char; 9]; 10], p: Point, c: char| b[p.rank as usize][p.file as usize] = c;
    let bk = free(rng, &b, (3, 5), (8, 9))?;
    put(&mut b, bk, 'k');
    for (p, c) in [((3, 9), 'a'), ((5, 9), 'a'), ((4, 8), 'a'), ((2, 9), 'b'), ((6, 9), 'b')] {
        if black_only.is_none() && rng.below(3) == 0 && b[p.1][p.0] == '.' {
            put(&mut b, Point::new(p.0 as u8, p.1 as u8), c);
        }
    }
    let rk = free(rng, &b, (3, 5), (0, 1))?;
    put(&mut b, rk, 'K');
    for (p, c) in [((3, 0), 'A'), ((5, 0), 'A'), ((4, 1), 'A')] {
        if rng.below(3) == 0 && b[p.1][p.0] == '.' {
            put(&mut b, Point::new(p.0 as u8, p.1 as u8), c);
        }
    }
    let red = ["R", "N", "C", "RN", "RC", "NC", "NN", "CC", "RNP", "NCP"];
    let red = only.map_or(red[rng.below(red.len() as u64) as usize], |o| o);
    for c in red.chars() {
        let p = free(rng, &b, (0, 8), (2, 9))?;
        put(&mut b, p, c);
    }
    let black = ["rr", "rn", "rc", "nc", "rnc", "rcp", "rnp", "cc", "rr", "nn"];
    let black = black_only.as_deref().unwrap_or(black[rng.below(black.len() as u64) as usize]);
    for c in black.chars() {
        let ranks = if c == 'p' { (0, 4) } else { (0, 9) };
        let p = free(rng, &b, (0, 8), ranks)?;
        put(&mut b, p, c);
    }
    let pos = Position::from_fen(&fen_of(&b)).ok()?;
    (!pos.is_check() && pos.has_legal_move()).then_some(pos)
}

fn find(asked: &str, count: usize, seed: u64, only: Option<&str>) {
    let mut rng = Rng::new(seed);
    let mut found = 0;
    for _ in 0..2_000_000 {
        let Some(pos) = scatter(&mut rng, only) else { continue };
        let moves = pos.legal_moves();
        // Cheap filter first: a quiet move of the wanted pattern.
        let candidates: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| pos.piece_at(m.to()).is_none() && wanted(tactic::motif(&pos, m), asked))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        // No capture may win material at once (else the puzzle is a plain capture).
        if moves.iter().any(|&m| pos.piece_at(m.to()).is_some() && tactic::wins_material(&pos, m)) {
            continue;
        }
        let winners: Vec<Move> =
            candidates.iter().copied().filter(|&m| tactic::wins_material(&pos, m)).collect();
        if winners.len() != 1 {
            continue;
        }
        let key = winners[0];
        if (1..=3).any(|n| mate_search::mates_in(&pos, n)) {
            continue;
        }
        let mut others = 0;
        let mut tempting = Vec::new();
        for &m in moves.iter() {
            if m == key {
                continue;
            }
            let g = tactic::gain(&pos, m).unwrap_or(TACTIC_GAIN);
            if g >= TACTIC_GAIN {
                others += 1;
                break;
            }
            let mut next = pos.clone();
            next.make(m);
            if next.is_check() || pos.piece_at(m.to()).is_some() || m.from() == key.from() {
                tempting.push(format!(
                    "{}({g}{})",
                    name(m),
                    if next.is_check() { ",check" } else { "" }
                ));
            }
        }
        if others > 0 {
            continue;
        }
        found += 1;
        println!(
            "{}\n  key {} gains {} ({}); tempting: {}",
            pos.to_fen(),
            name(key),
            tactic::gain(&pos, key).unwrap_or(0),
            tactic::motif(&pos, key).name(),
            tempting.join(" ")
        );
        if found >= count {
            break;
        }
    }
}

/// Positions where red mates in exactly `n` with the first move landing on one of
/// `to` (ICCS points, empty for any) by a piece of kind `by` (FEN letter).
fn find_mates(n: u8, count: usize, seed: u64, only: Option<&str>, to: &[String], by: char) {
    let mut rng = Rng::new(seed);
    let mut found = 0;
    for _ in 0..3_000_000 {
        let Some(pos) = scatter(&mut rng, only) else { continue };
        if !mate_search::mates_in(&pos, n) || (n > 1 && mate_search::mates_in(&pos, n - 1)) {
            continue;
        }
        let keys: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| mate_search::move_keeps_mate(&pos, m, n))
            .collect();
        let Some(&key) = keys.first() else { continue };
        let fen = pos.to_fen();
        let piece = fen_piece(&fen, key.from());
        if keys.len() != 1
            || piece != Some(by)
            || (!to.is_empty() && !to.contains(&notation::point_name(key.to())))
        {
            continue;
        }
        found += 1;
        println!("{fen}\n  mate in {n}: {}", name(key));
        if found >= count {
            break;
        }
    }
}

fn fen_piece(fen: &str, at: Point) -> Option<char> {
    let row = fen.split(' ').next()?.split('/').nth(9 - at.rank as usize)?;
    let mut file = 0u8;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            file += d as u8;
        } else {
            if file == at.file {
                return Some(c);
            }
            file += 1;
        }
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("mate") => {
            let n = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(1);
            let count = args.get(2).and_then(|c| c.parse().ok()).unwrap_or(5);
            let seed = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(1);
            let to: Vec<String> = args
                .get(5)
                .map(|t| {
                    t.split(',').filter(|p| !p.is_empty() && *p != "-").map(str::to_owned).collect()
                })
                .unwrap_or_default();
            let by = args.get(6).and_then(|b| b.chars().next()).unwrap_or('R');
            find_mates(n, count, seed, args.get(4).map(String::as_str), &to, by);
        }
        Some("find") => {
            let asked = args.get(1).map_or("any", String::as_str);
            let count = args.get(2).and_then(|c| c.parse().ok()).unwrap_or(5);
            let seed = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(1);
            find(asked, count, seed, args.get(4).map(String::as_str));
        }
        _ => {
            for line in std::io::stdin().lock().lines().map_while(Result::ok) {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                match Position::from_fen(line) {
                    Ok(pos) => {
                        println!("{line}");
                        probe(&pos);
                    }
                    Err(e) => println!("{line}: {e}"),
                }
            }
        }
    }
}
