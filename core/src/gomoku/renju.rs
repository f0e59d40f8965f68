//! Renju forbidden moves (禁手) for black: overline (长连), double four (四四) and double
//! three (三三), with false threes resolved recursively.
//!
//! The definitions, applied literally:
//! - a **five** is exactly five in a row and wins even when the same stone also makes a
//!   forbidden shape in another line;
//! - a **four** is a line where one more stone makes a five; `B.BBB.B`, `BB.BB.BB` and
//!   `BBB.B.BBB` hold two fours in one line, a straight four (`.BBBB.`) holds one;
//! - a **three** is a line where one more stone makes a straight four, and that stone
//!   must itself not be forbidden. Whether it is forbidden is decided on the board with
//!   the first stone in place, by the same test, recursively. A three whose every
//!   straight-four point is forbidden is a false three (假三) and does not count.
//!
//! Each recursive step adds a stone, so the recursion ends.
//!
//! One reading differs between referees: a straight-four point that would at the same
//! time complete a five in another line. The rule only discounts threes whose
//! straight-four points are all forbidden, and a five is never forbidden, so
//! [`Judge::Rif`] (the default) counts such a three. The Piskvork judge used by the
//! Gomocup manager discounts it; [`Judge::Piskvork`] reproduces that, for engines that
//! play under that manager. The two differ only when black has a five ready.

use std::fmt;

use super::board::{Board, CENTER, Cell, DIRECTIONS};
use super::line::{FiveRule, fours, run_through, straight_four_points};
use crate::game::Point;

/// Which forbidden shape a black move makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Forbidden {
    /// 长连禁手: six or more in a row.
    Overline,
    /// 四四禁手: two or more fours at once (possibly in one line).
    DoubleFour,
    /// 三三禁手: two or more real open threes at once.
    DoubleThree,
}

impl Forbidden {
    /// The Chinese name of the forbidden move.
    pub const fn chinese(self) -> &'static str {
        match self {
            Forbidden::Overline => "长连禁手",
            Forbidden::DoubleFour => "四四禁手",
            Forbidden::DoubleThree => "三三禁手",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let english = match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double four",
            Forbidden::DoubleThree => "double three",
        };
        write!(f, "{english} ({})", self.chinese())
    }
}

/// Which referee's reading of false threes to apply (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Judge {
    /// The rule as written: a three counts if some straight-four point is not forbidden.
    #[default]
    Rif,
    /// As the Gomocup manager (Piskvork) judges: a straight-four point that also makes
    /// a five does not make the three real.
    Piskvork,
}

/// Whether a black stone on `p` would be forbidden under renju, and why. Points that
/// are occupied or off the board are never forbidden (they are simply not playable).
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    forbidden_under(board, p, Judge::Rif)
}

/// [`forbidden`] under the given referee's reading.
pub fn forbidden_under(board: &Board, p: Point, judge: Judge) -> Option<Forbidden> {
    let i = board.index(p)?;
    let mut scratch = board.clone();
    forbidden_at(&mut scratch, i, judge)
}

/// Every empty point where black may not play, in `Point` order (file, then rank).
pub fn forbidden_points(board: &Board) -> Vec<(Point, Forbidden)> {
    forbidden_points_under(board, Judge::Rif)
}

/// [`forbidden_points`] under the given referee's reading.
pub fn forbidden_points_under(board: &Board, judge: Judge) -> Vec<(Point, Forbidden)> {
    let mut scratch = board.clone();
    let mut out = Vec::new();
    for p in board.points() {
        if let Some(i) = board.index(p)
            && let Some(kind) = forbidden_at(&mut scratch, i, judge)
        {
            out.push((p, kind));
        }
    }
    out.sort_by_key(|&(p, _)| p);
    out
}

/// The open threes a black stone on `p` would make that are real (not false threes), as
/// a count of lines. Occupied points give 0.
pub fn real_open_threes(board: &Board, p: Point) -> usize {
    let Some(i) = board.index(p) else { return 0 };
    if board.cell(i) != Cell::Empty {
        return 0;
    }
    let mut scratch = board.clone();
    scratch.set_cell(i, Cell::Black);
    DIRECTIONS.iter().filter(|&&d| is_real_three(&mut scratch, i, d, Judge::Rif)).count()
}

/// The forbidden test on the padded board. Leaves `board` as it found it.
pub(crate) fn forbidden_at(board: &mut Board, i: usize, judge: Judge) -> Option<Forbidden> {
    if board.cell(i) != Cell::Empty {
        return None;
    }
    board.set_cell(i, Cell::Black);
    let result = classify(board, i, judge);
    board.set_cell(i, Cell::Empty);
    result
}

/// The forbidden test for a black stone already standing on `i`.
fn classify(board: &mut Board, i: usize, judge: Judge) -> Option<Forbidden> {
    let windows = DIRECTIONS.map(|d| board.window(i, d));
    let mut overline = false;
    for w in &windows {
        match run_through(w, CENTER, Cell::Black) {
            5 => return None,
            n if n >= 6 => overline = true,
            _ => {}
        }
    }
    if overline {
        return Some(Forbidden::Overline);
    }
    let four_count: u8 = windows.iter().map(|w| fours(w, Cell::Black, FiveRule::Exact).0).sum();
    if four_count >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    // Only lines that look like threes at all need the recursive test, and only when
    // there are at least two of them.
    let mut candidates = [0usize; 4];
    let mut n = 0;
    for (w, &d) in windows.iter().zip(DIRECTIONS.iter()) {
        if straight_four_points(w, Cell::Black, FiveRule::Exact).1 > 0 {
            candidates[n] = d;
            n += 1;
        }
    }
    if n < 2 {
        return None;
    }
    let mut real = 0;
    for (k, &d) in candidates[..n].iter().enumerate() {
        if is_real_three(board, i, d, judge) {
            real += 1;
            if real >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
        // Not enough lines left to reach two.
        if real + (n - k - 1) < 2 {
            return None;
        }
    }
    None
}

/// Whether the black stone on `i` makes a real open three along direction `d`: some
/// point that turns the line into a straight four is not itself forbidden.
fn is_real_three(board: &mut Board, i: usize, d: usize, judge: Judge) -> bool {
    let w = board.window(i, d);
    let (points, n) = straight_four_points(&w, Cell::Black, FiveRule::Exact);
    points[..n].iter().any(|&k| {
        let q = slot_index(i, d, k);
        if judge == Judge::Piskvork && makes_five(board, q) {
            return false;
        }
        forbidden_at(board, q, judge).is_none()
    })
}

/// Whether a black stone on the empty slot `q` would make exactly five.
fn makes_five(board: &mut Board, q: usize) -> bool {
    board.set_cell(q, Cell::Black);
    let five =
        DIRECTIONS.iter().any(|&d| run_through(&board.window(q, d), CENTER, Cell::Black) == 5);
    board.set_cell(q, Cell::Empty);
    five
}

/// The board index of window slot `k` of the line through `i` in direction `d`.
#[inline]
pub(crate) fn slot_index(i: usize, d: usize, k: usize) -> usize {
    if k >= CENTER { i.wrapping_add(d * (k - CENTER)) } else { i.wrapping_sub(d * (CENTER - k)) }
}
