//! What a new node of the search tree starts with: its prior, virtual visits and wins
//! from Go knowledge (captures, escapes, ladders, self-atari, the lines of an empty
//! area and a big board's empty corners, shapes, the answer near the last move), and
//! how much of a big board's opening is left, in which low moves are slow.

use crate::game::Side;
use crate::go::board::{Board, Cell};

use super::facts::MoveFacts;
use super::gammas::{Gammas, features_of};
use super::patterns;
use super::policy::{BIG_BOARD, OPENING_SHARE, PASS, line};

/// Virtual visits the learned move strengths add to a new node's prior.
const LEARNED_VISITS: f32 = 10.0;

/// The priors of the moves `cells` of `side` (see [`prior_of`]), each with what the
/// learned move strengths ([`super::gammas`]) add: a move as strong as the average of
/// its siblings adds even virtual results, a stronger one more wins, a weaker one more
/// losses. `before` is the mover's own previous move.
pub(crate) fn priors(
    board: &Board,
    side: Side,
    last: usize,
    before: usize,
    cells: impl Iterator<Item = usize>,
) -> Vec<(usize, (f32, f32))> {
    let opening = opening_left(board);
    let gammas = Gammas::builtin();
    let mut out: Vec<(usize, (f32, f32))> = Vec::new();
    let mut strengths: Vec<f32> = Vec::new();
    for at in cells {
        let facts = (at != PASS).then(|| MoveFacts::of(board, at, side));
        out.push((at, prior_of(board, at, side, last, opening, facts.as_ref())));
        strengths.push(
            facts.map_or(0.0, |f| gammas.strength(&features_of(board, at, side, last, before, &f))),
        );
    }
    let stones = strengths.iter().filter(|&&s| s > 0.0).count();
    let total: f32 = strengths.iter().sum();
    if total > 0.0 {
        for ((at, (n, w)), s) in out.iter_mut().zip(strengths) {
            if *at == PASS {
                continue;
            }
            let x = s * stones as f32 / total;
            *n += LEARNED_VISITS;
            *w += LEARNED_VISITS * (0.5 + 0.45 * (x - 1.0) / (x + 1.0));
        }
    }
    out
}

/// The largest board on which low moves are slow in the opening: on 19×19 the search
/// did not play better with it (see the measurements).
const SLOW_LOW_UP_TO: u8 = 17;

/// How much of the opening is left on a board where low moves are slow in the opening
/// (from [`BIG_BOARD`] up to [`SLOW_LOW_UP_TO`]): 1 on an empty board, falling evenly
/// to 0 once stones cover [`OPENING_SHARE`] of its points; always 0 on other boards.
pub(crate) fn opening_left(board: &Board) -> f32 {
    if !(BIG_BOARD..=SLOW_LOW_UP_TO).contains(&board.size()) {
        return 0.0;
    }
    let points = usize::from(board.size()).pow(2);
    let stones = board.stone_count(Side::First) + board.stone_count(Side::Second);
    (1.0 - stones as f32 / (OPENING_SHARE * points as f32)).max(0.0)
}

/// Whether a first- or second-line move next to stones is needed for a fight: it puts
/// a string of the opponent in atari, helps an own string short of liberties (two or
/// fewer), or touches an opponent stone that is itself on the first two lines (the
/// answer to a slide or an invasion under one's stones). Captures and saves are
/// counted apart.
fn low_move_fights(board: &Board, at: usize, side: Side) -> bool {
    let opponent = Cell::of(side.opponent());
    let touches = board.neighbours(at).into_iter().any(|n| match board.cell(n).side() {
        Some(s) if s == side => board.liberties_up_to(board.head_of(n), 3) <= 2,
        Some(_) => board.liberties_up_to(board.head_of(n), 3) == 2 || line(board, n) <= 1,
        None => false,
    });
    touches || board.diagonals(at).iter().any(|&d| board.cell(d) == opponent && line(board, d) <= 1)
}

/// The prior of one move (see [`prior_of`]), its facts found here.
#[cfg(test)]
pub(crate) fn prior(board: &Board, at: usize, side: Side, last: usize, opening: f32) -> (f32, f32) {
    let facts = (at != PASS).then(|| MoveFacts::of(board, at, side));
    prior_of(board, at, side, last, opening, facts.as_ref())
}

/// The prior of a new node (virtual visits and wins) from its move's facts (`None` for
/// a pass): captures, saving a string in atari and an atari that starts a working
/// ladder are good, running into a ladder and self-atari are bad, the first two lines of
/// an empty area are slow, the third and fourth are good (on a big board best in an
/// empty corner), a 3×3 shape (hane, cut) is often good, and answering near the last
/// move is usually right. In a big board's opening (`opening` of it left, see
/// [`opening_left`]) a first- or second-line move next to stones is slow too unless it
/// fights.
fn prior_of(
    board: &Board,
    at: usize,
    side: Side,
    last: usize,
    opening: f32,
    facts: Option<&MoveFacts>,
) -> (f32, f32) {
    let Some(facts) = facts else { return (10.0, 4.0) };
    let (mut n, mut w) = (10.0f32, 5.0f32);
    let mut add = |dn: f32, rate: f32| {
        n += dn;
        w += dn * rate;
    };
    let (taken, saved, laddered) = (facts.taken, facts.saved, facts.laddered);
    if taken > 0 {
        add(10.0 + 4.0 * taken.min(5) as f32, 0.9);
    }
    if saved > 0 {
        if facts.runs_into_ladder {
            // Running out of atari into a ladder only loses more stones.
            add(20.0, 0.1);
        } else {
            add(10.0 + 4.0 * saved.min(5) as f32, 0.85);
        }
    }
    if laddered > 0 {
        add(10.0 + 4.0 * laddered.min(5) as f32, 0.85);
    }
    match facts.self_atari {
        0 => {}
        _ if facts.throw_in => {}
        1 => add(15.0, 0.15),
        _ => add(30.0, 0.02),
    }
    if !facts.stones_near {
        // On a big board the empty corners and sides are where the game starts, and
        // light playouts cannot tell the third and fourth lines from the rest. (A big
        // board's tree holds no empty first- or second-line point: see `worth_a_node`.)
        let big = board.size() >= BIG_BOARD;
        match facts.line {
            0 => add(15.0, 0.1),
            1 => add(10.0, 0.3),
            2 | 3 if big => add(30.0, 0.75),
            2 | 3 => add(10.0, 0.7),
            _ if big => add(10.0, 0.45),
            _ => {}
        }
        if empty_corner_point(board, at) {
            add(CORNER_VISITS, 0.8);
        }
    }
    if opening > 0.0
        && taken == 0
        && saved == 0
        && laddered == 0
        && facts.line <= 1
        && facts.stones_near
        && !low_move_fights(board, at, side)
    {
        // Light playouts overrate low stones: a second-line stone beside the
        // opponent's or a crawl along the second line looks safe at random.
        match facts.line {
            0 => add(30.0 * opening, 0.1),
            _ => add(25.0 * opening, 0.2),
        }
    }
    if patterns::matches(board, at) {
        add(8.0, 0.7);
    }
    if last != PASS && board.cell(last) != Cell::Edge {
        let lp = board.point(last);
        let p = board.point(at);
        if lp.file.abs_diff(p.file) <= 1 && lp.rank.abs_diff(p.rank) <= 1 {
            add(6.0, 0.7);
        }
    }
    (n, w)
}

/// The smallest board whose empty corners come first in the opening.
const CORNERS_FROM: u8 = 16;
/// Virtual visits an empty corner's opening point adds to its prior.
const CORNER_VISITS: f32 = 20.0;
/// The lines from the edge on which a corner's opening points stand: the 3-3, 3-4 and
/// 4-4 points (counting the edge as the first line).
const CORNER_LINES: std::ops::RangeInclusive<u8> = 2..=3;
/// The side of a corner's square that must be empty for its points to be opening points.
const CORNER_SQUARE: u8 = 7;

/// Whether `at` is the 3-3, 3-4 or 4-4 point of an empty corner on a big board (from
/// 16×16): gold corners, silver sides, grass belly. Light playouts value a side's
/// third or fourth line as much as a corner's.
pub(crate) fn empty_corner_point(board: &Board, at: usize) -> bool {
    let size = board.size();
    if size < CORNERS_FROM {
        return false;
    }
    let p = board.point(at);
    let last = size - 1;
    let (fx, rx) = (p.file.min(last - p.file), p.rank.min(last - p.rank));
    if !CORNER_LINES.contains(&fx) || !CORNER_LINES.contains(&rx) {
        return false;
    }
    let files = if p.file < size / 2 { 0..CORNER_SQUARE } else { size - CORNER_SQUARE..size };
    let ranks = if p.rank < size / 2 { 0..CORNER_SQUARE } else { size - CORNER_SQUARE..size };
    files.clone().all(|f| ranks.clone().all(|r| board.get(crate::Point::new(f, r)).is_none()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::pt;

    /// The prior win rate of `name` for black on `board`.
    fn rate(board: &Board, name: &str) -> f32 {
        let (n, w) = prior(board, board.index(pt(name)), Side::First, PASS, 0.0);
        w / n
    }

    #[test]
    fn a_big_boards_empty_corners_come_before_its_sides() {
        let mut b = Board::new(19).unwrap();
        for corner in ["d4", "c4", "d3", "c3", "q16", "r17", "c17", "q3"] {
            assert!(empty_corner_point(&b, b.index(pt(corner))), "{corner}");
            assert!(rate(&b, corner) > rate(&b, "d10") + 0.02, "{corner} against a side");
        }
        for other in ["d10", "k4", "k10", "e5", "b2", "f3"] {
            assert!(!empty_corner_point(&b, b.index(pt(other))), "{other}");
        }
        // A stone anywhere in the corner's 7×7 square takes it: the enclosures and
        // approaches there are ordinary moves.
        b.play(pt("g7"), Side::Second).unwrap();
        assert!(!empty_corner_point(&b, b.index(pt("c3"))));
        assert!(empty_corner_point(&b, b.index(pt("q4"))));
        b.play(pt("m7"), Side::Second).unwrap();
        assert!(empty_corner_point(&b, b.index(pt("q4"))), "m7 is outside the square");
        // Boards below 16×16 have no opening points.
        let small = Board::new(13).unwrap();
        assert!(!empty_corner_point(&small, small.index(pt("d4"))));
    }
}
