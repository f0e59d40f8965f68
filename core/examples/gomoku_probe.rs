//! Tells a lesson author what the rules and solvers in core say about gomoku positions,
//! so listed answers can be written as the checks expect them. One position per line
//! on stdin, written as lessons write them (`black: h8 i8; white: h9`); for each it
//! prints the side to move, the points where either colour makes each shape, black's
//! forbidden points, the side to move's win by fours and the stones that start one,
//! and the defences when the opponent threatens one.
//!
//! `echo 'black: h8 i8 j8; white: h9 i9 g7' | cargo run -p qike-core --example gomoku_probe`

use std::io::BufRead;

use qike_core::curriculum::position;
use qike_core::curriculum::stones::{self, Asked};
use qike_core::gomoku::{Game, Stone};
use qike_core::{GameKind, GomokuRule, Point};

const KIND: GameKind = GameKind::Gomoku { rule: GomokuRule::Renju };

fn names(points: &[Point]) -> String {
    let mut v: Vec<Point> = points.to_vec();
    v.sort_by_key(|p| (p.rank, p.file));
    let v: Vec<String> = v.iter().map(|&p| format!("\"{}\"", KIND.point_name(p))).collect();
    format!("[{}]", v.join(", "))
}

fn probe(game: &Game) {
    let me = game.stone_to_move();
    println!("  to move: {me:?}");
    for stone in [Stone::Black, Stone::White] {
        for asked in [Asked::Five, Asked::OpenFour, Asked::Four, Asked::OpenThree, Asked::FourThree]
        {
            let found = stones::shape_points(game.board(), game.rule(), stone, asked);
            if !found.is_empty() {
                println!("  {stone:?} {asked:?}: {}", names(&found));
            }
        }
    }
    let forbidden = stones::shape_points(game.board(), game.rule(), Stone::Black, Asked::Forbidden);
    if !forbidden.is_empty() {
        println!("  black forbidden: {}", names(&forbidden));
    }
    if let Some(line) = qike_core::ai::gomoku::vcf(game, 8) {
        println!("  vcf: {}", names(&line).replace(", ", " > "));
        let starts: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.board().is_empty_at(p) && stones::starts_vcf(game, p, 8))
            .collect();
        println!("  vcf starts: {}", names(&starts));
    } else if let Some(line) = qike_core::ai::gomoku::vct(game, 6, 2_000_000) {
        println!(
            "  vct (no vcf): {:?}",
            line.iter().map(|&p| KIND.point_name(p)).collect::<Vec<_>>()
        );
    }
    let defences = stones::defences(game, 6);
    if defences.len() < 30 {
        println!("  defences: {}", names(&defences));
    }
}

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        println!("{text}");
        match position::start(KIND, text) {
            Ok(g) => match g.as_gomoku() {
                Some(g) => probe(g),
                None => println!("  not a gomoku position"),
            },
            Err(e) => println!("  {e}"),
        }
    }
}
