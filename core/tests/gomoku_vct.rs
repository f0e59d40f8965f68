//! The VCT solver (wins by threes and fours) checked by brute force: every win it claims
//! is replayed against every legal defence on the board, and the positions are ones
//! where no win by fours alone exists (proved by an exhaustive search of fours).

mod common;

use common::{Mix, scattered_moves};
use qike_core::ai::gomoku::{GomokuEngine, vct};
use qike_core::ai::{AnyEngine, Engine, Limits};
use qike_core::gomoku::notation::{format_points, parse_game};
use qike_core::gomoku::{BoardSize, Game, Stone, is_win};
use qike_core::{AnyGame, GomokuRule, MoveInput, Point};

const BUDGET: u64 = 200_000;

/// The empty points where `stone` would make a winning line.
fn fives(g: &Game, stone: Stone) -> Vec<Point> {
    let b = g.board();
    b.points().filter(|&p| b.is_empty_at(p) && is_win(b, p, stone, g.rule())).collect()
}

/// Exhaustive VCF: the side to move wins by fours within `depth` of its own moves.
fn brute_vcf(g: &Game, depth: u32) -> bool {
    let att = g.stone_to_move();
    if !fives(g, att).is_empty() {
        return true;
    }
    if depth <= 1 {
        return false;
    }
    let theirs = fives(g, att.opponent());
    if theirs.len() >= 2 {
        return false;
    }
    let tries: Vec<Point> = match theirs.first() {
        Some(&b) => vec![b],
        None => g.board().points().filter(|&p| g.board().is_empty_at(p)).collect(),
    };
    tries.into_iter().any(|p| {
        let mut g2 = g.clone();
        if g2.play(p).is_err() {
            return false;
        }
        match fives(&g2, att).as_slice() {
            [] => false,
            [b] => {
                let mut g3 = g2.clone();
                g3.play(*b).is_err() || brute_vcf(&g3, depth - 1)
            }
            _ => true,
        }
    })
}

/// Whether the side to move wins within `k` of its own moves when it follows the
/// solver and the defender may answer with ANY legal point on the board.
fn holds_against_every_defence(g: &Game, k: u32) -> bool {
    let att = g.stone_to_move();
    if !fives(g, att).is_empty() {
        return true;
    }
    if k <= 1 {
        return false;
    }
    let Some(line) = vct(g, k, BUDGET) else { return false };
    let mut g2 = g.clone();
    if g2.play(line[0]).is_err() {
        return false;
    }
    if g2.outcome().is_some() {
        return true;
    }
    let threats = fives(&g2, att);
    for r in g2.board().points().collect::<Vec<_>>() {
        let mut g3 = g2.clone();
        if g3.play(r).is_err() {
            continue;
        }
        if g3.outcome().is_some() {
            // The defender made five.
            return false;
        }
        // A five still on offer wins at once; no need to ask the solver again.
        let still = threats.iter().any(|&q| q != r && is_win(g3.board(), q, att, g3.rule()));
        if !still && !holds_against_every_defence(&g3, k - 1) {
            eprintln!("refuted: {} then {}", format_points(g2.moves()), format_points(&[r]));
            return false;
        }
    }
    true
}

/// A random position of 5–8 stones a side in a 7×7 square around the centre.
fn random_position(rng: &mut Mix, rule: GomokuRule, att: Stone) -> Option<Game> {
    let whites = 5 + rng.next(4) as usize;
    let moves = scattered_moves(rng, whites, att);
    let g = Game::from_moves(rule, BoardSize::Fifteen, &moves).ok()?;
    let quiet = fives(&g, Stone::Black).is_empty() && fives(&g, Stone::White).is_empty();
    (g.outcome().is_none() && quiet).then_some(g)
}

#[test]
fn every_vct_found_holds_against_every_defence() {
    let mut rng = Mix::new(77);
    let (mut found, mut renju, mut black_defends_renju, mut tried) = (0, 0, 0, 0);
    while found < 16 && tried < 4_000 {
        tried += 1;
        let rule =
            [GomokuRule::Renju, GomokuRule::Freestyle, GomokuRule::Standard][rng.next(3) as usize];
        let att = if rng.next(2) == 0 { Stone::Black } else { Stone::White };
        let Some(g) = random_position(&mut rng, rule, att) else { continue };
        let Some(line) = vct(&g, 3, BUDGET) else { continue };
        // Only wins that need a three: no VCF of any length up to the same depth.
        if brute_vcf(&g, 3) {
            continue;
        }
        let moves = format_points(g.moves());
        assert!(line.len() <= 3, "{moves}: {line:?}");
        let k = line.len() as u32;
        assert!(holds_against_every_defence(&g, k), "{rule:?} {moves}: {line:?} is refuted");
        found += 1;
        if rule == GomokuRule::Renju {
            renju += 1;
            black_defends_renju += usize::from(att == Stone::White);
        }
    }
    eprintln!("{found} VCT wins without a VCF ({renju} renju) of {tried} positions");
    assert!(found >= 16 && renju >= 3 && black_defends_renju >= 1, "{found} {renju}");
}

#[test]
fn an_open_three_wins_and_a_blocked_one_does_not() {
    // White g8 h8 i8 (after black's a1 a2 b1): an open three wins for white when black
    // plays elsewhere; from white's move, j8 makes an open four at once.
    let g = parse_game("a1 g8 a2 h8 b1 i8 o15", GomokuRule::Freestyle, BoardSize::Fifteen)
        .expect("moves parse");
    let line = vct(&g, 3, BUDGET).expect("white wins");
    assert!(line.len() <= 2, "{line:?}");
    // Black f8 in place of o15: one end blocked, and black's own stones far away give
    // white no second threat, so there is no VCT in three moves.
    let g = parse_game("a1 g8 a2 h8 b1 i8 f8", GomokuRule::Freestyle, BoardSize::Fifteen)
        .expect("moves parse");
    assert!(vct(&g, 3, BUDGET).is_none());
}

#[test]
fn renju_black_cannot_win_through_a_forbidden_double_three() {
    // Black h10 j10 and i9 i11 around i10: the point that would make two
    // open threes at once is forbidden for black, so no VCT may start there.
    let g = parse_game("h10 a1 j10 o1 i9 a15 i11 o15", GomokuRule::Renju, BoardSize::Fifteen)
        .expect("moves parse");
    let free =
        parse_game("h10 a1 j10 o1 i9 a15 i11 o15", GomokuRule::Freestyle, BoardSize::Fifteen)
            .expect("moves parse");
    // Freestyle: i10 makes two open threes (a 三三), a win by threats.
    let line = vct(&free, 4, BUDGET).expect("a double three wins in freestyle");
    assert!(holds_against_every_defence(&free, line.len() as u32));
    // Renju: whatever black finds, it never starts on a forbidden point.
    if let Some(line) = vct(&g, 4, BUDGET) {
        let mut g2 = g.clone();
        assert!(g2.play(line[0]).is_ok(), "{line:?} starts on a forbidden point");
        assert!(holds_against_every_defence(&g, line.len() as u32));
    }
    let i10 = Point::new(8, 9);
    assert!(
        Game::from_moves(GomokuRule::Renju, BoardSize::Fifteen, g.moves())
            .map(|mut g| g.play(i10).is_err())
            .unwrap_or(false)
    );
}

#[test]
fn the_engine_plays_a_vct_and_the_hint_names_it() {
    let mut rng = Mix::new(5);
    let mut seen = 0;
    for _ in 0..3_000 {
        let att = if rng.next(2) == 0 { Stone::Black } else { Stone::White };
        let Some(g) = random_position(&mut rng, GomokuRule::Freestyle, att) else { continue };
        if vct(&g, 3, BUDGET).is_none() || brute_vcf(&g, 5) {
            continue;
        }
        let mut engine = GomokuEngine::new(8);
        let text = engine.hint_text(&g, 200_000).expect("a hint");
        assert!(text.en.contains("wins by VCT"), "{}: {}", format_points(g.moves()), text.en);
        let mut any = AnyEngine::Gomoku(GomokuEngine::new(8));
        let a = any.analyse(&AnyGame::Gomoku(g.clone()), &Limits::nodes(200_000), 0);
        assert!(a.decisive && a.score > 0);
        let Some(MoveInput::Place { at }) = a.best else { panic!("no move") };
        // The engine's move keeps the win: it still holds against every defence.
        let mut g2 = g.clone();
        g2.play(at).expect("legal");
        let replies: Vec<Point> = g2.board().points().collect();
        for r in replies {
            let mut g3 = g2.clone();
            if g3.play(r).is_ok() && g3.outcome().is_none() {
                assert!(vct(&g3, 2, BUDGET).is_some(), "after {r:?} the win is gone");
            }
        }
        seen += 1;
        if seen == 3 {
            break;
        }
    }
    assert_eq!(seen, 3);
}
