//! What gomoku lessons prove about a position, with the rules and the VCF solver:
//! where a colour makes a shape, whether a stone starts a win by continuous fours
//! (VCF), and which replies stop the opponent's.

use crate::ai::gomoku::vcf;
use crate::game::{GomokuRule, Outcome, Point};
use crate::gomoku::patterns::{Combination, Shape, analyze};
use crate::gomoku::{Board, Game, Stone};

/// The most moves of a win by fours a lesson may ask the solver to prove.
pub const MAX_VCF: u32 = 8;

/// A shape a question asks about (see [`shape_points`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Asked {
    Five,
    OpenFour,
    Four,
    OpenThree,
    FourThree,
    Forbidden,
}

/// Every empty point where a `stone` makes the asked shape. Black's forbidden points
/// make no shape under renju (black may not play them); `Forbidden` lists them.
pub fn shape_points(board: &Board, rule: GomokuRule, stone: Stone, asked: Asked) -> Vec<Point> {
    board
        .points()
        .filter(|&p| board.is_empty_at(p))
        .filter(|&p| {
            let Some(s) = analyze(board, p, stone, rule) else { return false };
            if asked == Asked::Forbidden {
                return s.forbidden.is_some();
            }
            if s.forbidden.is_some() {
                return false;
            }
            let threes = s.real_open_threes.unwrap_or_else(|| s.open_threes());
            match asked {
                Asked::Five => s.wins,
                Asked::OpenFour => !s.wins && s.lines.contains(&Shape::OpenFour),
                Asked::Four => !s.wins && s.fours() >= 1,
                Asked::OpenThree => !s.wins && threes >= 1,
                Asked::FourThree => s.combination() == Some(Combination::FourThree),
                Asked::Forbidden => false,
            }
        })
        .collect()
}

/// The points where the side to move would win at once.
pub fn winning_points(game: &Game) -> Vec<Point> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    shape_points(game.board(), game.rule(), game.stone_to_move(), Asked::Five)
}

/// Whether the side to move, playing `at`, wins by continuous fours within `moves` of
/// its own moves (`at` and the five included): `at` makes five, or a four whose every
/// block still leaves a VCF. Proven with the solver; a search that runs out of its
/// budget counts as no win.
pub fn starts_vcf(game: &Game, at: Point, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let attacker = game.side_to_move();
    let mut g = game.clone();
    if g.play(at).is_err() {
        return false;
    }
    match g.outcome() {
        Some(Outcome::Win { winner, .. }) => return winner == attacker,
        Some(_) => return false,
        None => {}
    }
    // The defender must not have a five of its own, and the stone must make a four.
    if !winning_points(&g).is_empty() {
        return false;
    }
    let threats = shape_points(g.board(), g.rule(), Stone::of(attacker), Asked::Five);
    if threats.is_empty() || moves < 2 {
        return false;
    }
    threats.iter().all(|&block| {
        let mut h = g.clone();
        // A block black may not play under renju is no defence.
        h.play(block).is_err()
            || vcf(&h, moves - 1).is_some()
            || matches!(h.outcome(), Some(Outcome::Win { winner, .. }) if winner == attacker)
    })
}

/// The one point where the side to move must block the opponent's four (the point
/// where the opponent would make five), when there is exactly one.
pub fn forced_block(game: &Game) -> Option<Point> {
    if game.outcome().is_some() {
        return None;
    }
    let other = game.stone_to_move().opponent();
    match shape_points(game.board(), game.rule(), other, Asked::Five)[..] {
        [at] => Some(at),
        _ => None,
    }
}

/// Whether a stone of the side to move on `at` stops a five: it stands on a point
/// where the opponent would make five (one of them, when there are several).
pub fn blocks(game: &Game, at: Point) -> bool {
    let other = game.stone_to_move().opponent();
    game.outcome().is_none()
        && shape_points(game.board(), game.rule(), other, Asked::Five).contains(&at)
}

/// Whether `at` starts a win by threats for the side to move: it is legal, the game
/// goes on, and every reply of the opponent leaves a win by continuous fours within
/// `moves` (a reply the opponent may not play does not count, one that wins does).
pub fn starts_vct(game: &Game, at: Point, moves: u32) -> bool {
    let mut g = game.clone();
    if g.play(at).is_err() {
        return false;
    }
    match g.outcome() {
        Some(Outcome::Win { winner, .. }) => winner == game.side_to_move(),
        Some(_) => false,
        None => defences(&g, moves).is_empty(),
    }
}

/// The attacker's win by threats (fours and threes, within `moves` of its moves and
/// `budget` nodes) after the side to move plays `at`; `None` when the search finds none.
pub fn threat_win_after(game: &Game, at: Point, moves: u32, budget: u64) -> Option<Vec<Point>> {
    let mut g = game.clone();
    g.play(at).ok()?;
    crate::ai::gomoku::vct(&g, moves, budget)
}

/// Whether the side to move has a win by continuous fours within `moves` of its moves.
pub fn has_vcf(game: &Game, moves: u32) -> bool {
    vcf(game, moves).is_some()
}

/// The replies of the side to move after which the opponent has no VCF within
/// `moves`: the defences. Points the side to move may not play are left out.
pub fn defences(game: &Game, moves: u32) -> Vec<Point> {
    game.board()
        .points()
        .filter(|&p| {
            let mut g = game.clone();
            g.play(p).is_ok() && (g.outcome().is_some() || !has_vcf(&g, moves))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::BoardSize;
    use crate::gomoku::notation::{parse_point, parse_points};

    fn game(black: &str, white: &str) -> Game {
        let size = BoardSize::default();
        let b = parse_points(black, size).unwrap();
        let w = parse_points(white, size).unwrap();
        Game::from_stones(GomokuRule::Renju, size, &b, &w).unwrap()
    }

    fn p(s: &str) -> Point {
        parse_point(s, BoardSize::default()).unwrap()
    }

    #[test]
    fn shapes_are_found_where_they_are() {
        let g = game("h8 i8 j8", "h9 i9 a1");
        let board = g.board();
        let open_fours = shape_points(board, GomokuRule::Renju, Stone::Black, Asked::OpenFour);
        assert_eq!(open_fours, vec![p("g8"), p("k8")]);
        let fives = shape_points(board, GomokuRule::Renju, Stone::Black, Asked::Five);
        assert!(fives.is_empty());
    }

    #[test]
    fn a_four_three_starts_a_win_and_a_quiet_move_does_not() {
        // Black i8 j8 k8 (closed by white h8) and l9 l10: l8 makes a four and a three.
        let g = game("i8 j8 k8 l9 l10", "h8 a1 a3 c1 a15");
        assert!(starts_vcf(&g, p("l8"), 3));
        assert!(!starts_vcf(&g, p("l8"), 2));
        assert!(!starts_vcf(&g, p("c3"), 3));
        assert!(has_vcf(&g, 3));
    }

    #[test]
    fn a_three_whose_both_ends_make_a_four_three_wins_by_threats() {
        // Black h8 i8 in a row with the pairs g9 g10 and k9 k10 above both ends; g8 and
        // k8 are double threes (forbidden), j8 makes an open three that loses at either
        // end; the split three f8 is blocked on g8 and leads nowhere.
        let g = game("h8 i8 g9 g10 k9 k10", "h9 i10 j9 f11 l11 i7");
        assert!(!has_vcf(&g, 8));
        assert!(starts_vct(&g, p("j8"), 6));
        assert!(!starts_vct(&g, p("f8"), 6));
        assert!(!starts_vct(&g, p("g8"), 6), "a forbidden point starts nothing");
        let mut after = g.clone();
        after.play(p("j8")).unwrap();
        assert!(defences(&after, 6).is_empty());
    }

    #[test]
    fn a_block_stands_on_a_five_point_of_the_opponent() {
        // White to move; black's open four has two five points, either is a block.
        let g = game("h8 i8 j8 k8 c3", "h9 i9 j9 a1");
        assert!(blocks(&g, p("g8")) && blocks(&g, p("l8")));
        assert!(!blocks(&g, p("k9")));
        assert_eq!(forced_block(&g), None);
    }

    #[test]
    fn defences_stop_the_win_and_other_moves_do_not() {
        // White to move; black threatens the four-three on l8.
        let g = game("i8 j8 k8 l9 l10 c13", "h8 a1 a3 c1 o15");
        assert!(g.side_to_move() == crate::Side::Second);
        let found = defences(&g, 4);
        assert!(!found.is_empty());
        assert!(found.contains(&p("l8")));
        assert!(!found.contains(&p("n2")));
        for d in found {
            let mut h = g.clone();
            h.play(d).unwrap();
            assert!(!has_vcf(&h, 4));
        }
        let mut h = g.clone();
        h.play(p("n2")).unwrap();
        assert!(has_vcf(&h, 4));
    }
}
