//! Finds candidate positions for gomoku lesson puzzles: games of the engine against
//! itself at a low level, and every position on the way checked with the solver.
//! Prints one JSON object per line:
//!
//! - `vcf`: the side to move wins by fours; `starts` are all first stones that do,
//!   `fours` the other stones that make a four but start no win;
//! - `defend`: the opponent would win by fours; `defences` are the only stones that stop
//!   it;
//! - `forbidden`: black to move under renju with forbidden points.
//!
//! `cargo run --release -p qike-core --example gomoku_candidates -- GAMES SEED`

use qike_core::Rng;
use qike_core::ai::{AnyEngine, Level, play_level};
use qike_core::curriculum::stones::{self, Asked};
use qike_core::gomoku::{Game, Stone};
use qike_core::{AnyGame, BoardGame, GameKind, GomokuRule, MoveInput, Point};

const KIND: GameKind = GameKind::Gomoku { rule: GomokuRule::Renju };

fn names(points: &[Point]) -> String {
    let v: Vec<String> = points.iter().map(|&p| format!("\"{}\"", KIND.point_name(p))).collect();
    format!("[{}]", v.join(","))
}

fn position(game: &Game) -> String {
    let mut black = Vec::new();
    let mut white = Vec::new();
    for (p, s) in game.board().stones() {
        if s == Stone::Black {
            black.push(KIND.point_name(p))
        } else {
            white.push(KIND.point_name(p))
        }
    }
    format!("black: {}; white: {}", black.join(" "), white.join(" "))
}

fn near(game: &Game, p: Point) -> bool {
    game.board().stones().iter().any(|(q, _)| {
        (q.file as i16 - p.file as i16).abs() <= 2 && (q.rank as i16 - p.rank as i16).abs() <= 2
    })
}

fn report(game: &Game) {
    let n = game.board().stone_count();
    if !(7..=24).contains(&n) || !stones::winning_points(game).is_empty() {
        return;
    }
    let me = game.stone_to_move();
    let pos = position(game);
    let side = if me == Stone::Black { "black" } else { "white" };
    if let Some(line) = qike_core::ai::gomoku::vcf(game, 6)
        && line.len() >= 2
    {
        let empties: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.board().is_empty_at(p) && near(game, p))
            .collect();
        let starts: Vec<Point> =
            empties.iter().copied().filter(|&p| stones::starts_vcf(game, p, 8)).collect();
        let fours: Vec<Point> = stones::shape_points(game.board(), game.rule(), me, Asked::Four)
            .into_iter()
            .filter(|p| !starts.contains(p))
            .collect();
        println!(
            "{{\"kind\":\"vcf\",\"side\":\"{side}\",\"len\":{},\"stones\":{n},\"position\":\"{pos}\",\"line\":{},\"starts\":{},\"fours\":{}}}",
            line.len(),
            names(&line),
            names(&starts),
            names(&fours)
        );
        return;
    }
    // The opponent's threat: would it win by fours if the side to move passed?
    let mut passed = game.clone();
    let stones: Vec<(Point, Stone)> = passed.board().stones();
    let (mut b, mut w): (Vec<Point>, Vec<Point>) = (Vec::new(), Vec::new());
    for (p, s) in stones {
        if s == Stone::Black { b.push(p) } else { w.push(p) }
    }
    // Give the side to move a harmless stone in the far corner to hand the turn over.
    let corner = [Point::new(0, 0), Point::new(14, 0), Point::new(0, 14), Point::new(14, 14)]
        .into_iter()
        .find(|&p| game.board().is_empty_at(p));
    let Some(corner) = corner else { return };
    if me == Stone::Black {
        b.push(corner)
    } else {
        w.push(corner)
    }
    if let Ok(g) = Game::from_stones(game.rule(), game.size(), &b, &w) {
        passed = g;
    }
    if passed.stone_to_move() != me && stones::has_vcf(&passed, 5) {
        let defences = stones::defences(game, 6);
        if (1..=3).contains(&defences.len()) {
            println!(
                "{{\"kind\":\"defend\",\"side\":\"{side}\",\"stones\":{n},\"position\":\"{pos}\",\"defences\":{}}}",
                names(&defences)
            );
            return;
        }
    }
    if me == Stone::Black {
        let f = stones::shape_points(game.board(), game.rule(), me, Asked::Forbidden);
        if (1..=3).contains(&f.len()) {
            println!(
                "{{\"kind\":\"forbidden\",\"side\":\"black\",\"stones\":{n},\"position\":\"{pos}\",\"points\":{}}}",
                names(&f)
            );
        }
    }
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let games = args.first().copied().unwrap_or(20);
    let seed = args.get(1).copied().unwrap_or(1);
    for g in 0..games {
        let mut rng = Rng::new(seed * 1000 + g);
        let mut game = AnyGame::Gomoku(Game::new(GomokuRule::Renju));
        let mut engines = [
            AnyEngine::for_game(KIND, 1).expect("gomoku engine"),
            AnyEngine::for_game(KIND, 1).expect("gomoku engine"),
        ];
        let levels = [1 + (g % 3) as u32, 2 + (g % 4) as u32];
        // A random start near the centre gives different games.
        let first = Point::new(5 + rng.below(5) as u8, 5 + rng.below(5) as u8);
        if game.play(MoveInput::Place { at: first }).is_err() {
            continue;
        }
        for ply in 1..60 {
            if game.outcome().is_some() {
                break;
            }
            if let Some(gm) = game.as_gomoku() {
                report(gm);
            }
            let side = ply % 2;
            let Ok(level) = Level::get(KIND, levels[side]) else { break };
            let Some(m) =
                play_level(&mut engines[side], &game, &level.with_nodes(3000), &mut rng, true)
            else {
                break;
            };
            if game.play(m).is_err() {
                break;
            }
        }
    }
}
