//! The pattern vocabulary (棋型) that lessons and the engine share: for a point and a
//! side, what shape a stone there makes in each of the four lines, named with the
//! usual Chinese terms (五连, 长连, 活四, 冲四, 活三, 眠三, 活二, 眠二, 死四 …).
//!
//! The definitions are the classroom ones, each in terms of the next: a 活三 is a three
//! that one more stone turns into a 活四, a 眠三 one that can only become a 冲四, a 活二
//! a two that can become a 活三, a 眠二 one that can only become a 眠三. Shapes are judged
//! line by line; whether a black 活三 is a false three under renju is a board-wide
//! question that [`PointShapes::real_open_threes`] answers.

use std::fmt;

use super::board::{Board, CENTER, Cell, DIRECTIONS, Direction, Stone};
use super::line::{FiveRule, Window, fours, has_room, run_through, straight_four_points};
use super::renju::{self, Forbidden};
use crate::game::{GomokuRule, Point};

/// The shape one line makes through a stone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// 长连: six or more in a row.
    Overline,
    /// 五连: exactly five in a row.
    Five,
    /// 活四: four with two points that make five.
    OpenFour,
    /// Two fours in one line (`B.BBB.B`, `BB.BB.BB`, `BBB.B.BBB`): 同线四四.
    DoubleFour,
    /// 冲四: four with one point that makes five.
    Four,
    /// 活三: one more stone makes a 活四. `split` for 跳三 (a gap inside), else 连三.
    OpenThree { split: bool },
    /// 眠三: one more stone makes a 冲四 but never a 活四.
    ClosedThree,
    /// 活二: one more stone makes a 活三. `gap` is 0 for 连二, 1 for 跳二, 2 for 大跳二.
    OpenTwo { gap: u8 },
    /// 眠二: one more stone makes a 眠三 but never a 活三.
    ClosedTwo,
    /// A lone stone that still has room for a five in this line.
    One,
    /// 死: no five can ever run through this point along this line; `stones` counts the
    /// side's stones in the closed stretch (死四, 死三, 死二).
    Dead { stones: u8 },
}

impl Shape {
    /// The Chinese term.
    pub const fn chinese(self) -> &'static str {
        match self {
            Shape::Overline => "长连",
            Shape::Five => "五连",
            Shape::OpenFour => "活四",
            Shape::DoubleFour => "同线四四",
            Shape::Four => "冲四",
            Shape::OpenThree { split: false } => "连活三",
            Shape::OpenThree { split: true } => "跳活三",
            Shape::ClosedThree => "眠三",
            Shape::OpenTwo { gap: 0 } => "连活二",
            Shape::OpenTwo { gap: 1 } => "跳活二",
            Shape::OpenTwo { .. } => "大跳活二",
            Shape::ClosedTwo => "眠二",
            Shape::One => "单子",
            Shape::Dead { stones: 4.. } => "死四",
            Shape::Dead { stones: 3 } => "死三",
            Shape::Dead { stones: 2 } => "死二",
            Shape::Dead { .. } => "死子",
        }
    }

    /// The number of fours (四) this line holds.
    pub const fn fours(self) -> u8 {
        match self {
            Shape::DoubleFour => 2,
            Shape::OpenFour | Shape::Four => 1,
            _ => 0,
        }
    }

    /// Whether this is a 活三 of either kind.
    pub const fn is_open_three(self) -> bool {
        matches!(self, Shape::OpenThree { .. })
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.chinese())
    }
}

/// What a move makes when its lines are taken together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Combination {
    /// 成五: a winning five (or, where overlines win, a longer line).
    Win,
    /// 四四 (双四): two or more fours.
    FourFour,
    /// 四三: a four and an open three.
    FourThree,
    /// 三三 (双三): two or more open threes.
    ThreeThree,
}

impl Combination {
    pub const fn chinese(self) -> &'static str {
        match self {
            Combination::Win => "成五",
            Combination::FourFour => "四四",
            Combination::FourThree => "四三",
            Combination::ThreeThree => "三三",
        }
    }
}

/// The shapes a stone on one point makes in all four lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointShapes {
    pub at: Point,
    pub stone: Stone,
    /// Horizontal, vertical, diagonal, anti-diagonal, as in [`Direction::ALL`].
    pub lines: [Shape; 4],
    /// For black under renju on an empty point: the forbidden move it would be.
    pub forbidden: Option<Forbidden>,
    /// For black under renju: how many of the 活三 lines are real threes (a false three
    /// can only become a straight four through a forbidden point).
    pub real_open_threes: Option<u8>,
    /// Whether the five (or overline) here wins under the rule in force.
    pub wins: bool,
}

impl PointShapes {
    /// The shape along one direction.
    pub fn line(&self, d: Direction) -> Shape {
        let k = Direction::ALL.iter().position(|&x| x == d).unwrap_or(0);
        self.lines[k]
    }

    /// Number of fours over all lines (a line with two fours counts two).
    pub fn fours(&self) -> u8 {
        self.lines.iter().map(|s| s.fours()).sum()
    }

    /// Number of lines with a 活三 (false threes included unless you ask
    /// `real_open_threes`).
    pub fn open_threes(&self) -> u8 {
        self.lines.iter().filter(|s| s.is_open_three()).count() as u8
    }

    /// The named combination this move makes, if any: 成五, 四四, 四三 or 三三.
    pub fn combination(&self) -> Option<Combination> {
        let threes = self.real_open_threes.unwrap_or_else(|| self.open_threes());
        if self.wins {
            Some(Combination::Win)
        } else if self.fours() >= 2 {
            Some(Combination::FourFour)
        } else if self.fours() == 1 && threes >= 1 {
            Some(Combination::FourThree)
        } else if threes >= 2 {
            Some(Combination::ThreeThree)
        } else {
            None
        }
    }
}

/// The win length for `stone` under `rule`.
pub(crate) fn five_rule(rule: GomokuRule, stone: Stone) -> FiveRule {
    match (rule, stone) {
        (GomokuRule::Freestyle, _) | (GomokuRule::Renju, Stone::White) => FiveRule::AtLeast,
        _ => FiveRule::Exact,
    }
}

/// The shapes a `stone` on `p` makes: on an empty point as if it were played there, on
/// a point holding that colour as it stands. `None` if `p` is off the board or holds
/// the other colour.
pub fn analyze(board: &Board, p: Point, stone: Stone, rule: GomokuRule) -> Option<PointShapes> {
    let i = board.index(p)?;
    let me = stone.cell();
    let empty = match board.cell(i) {
        Cell::Empty => true,
        c if c == me => false,
        _ => return None,
    };
    let mut b = board.clone();
    b.set_cell(i, me);
    let fr = five_rule(rule, stone);
    let lines = DIRECTIONS.map(|d| line_shape(&b.window(i, d), me, fr));
    let wins = lines.iter().any(|s| match s {
        Shape::Five => true,
        Shape::Overline => fr == FiveRule::AtLeast,
        _ => false,
    });
    let renju_black = rule == GomokuRule::Renju && stone == Stone::Black;
    let forbidden = if renju_black && empty { renju::forbidden(board, p) } else { None };
    let real_open_threes = if renju_black {
        let mut before = b.clone();
        before.set_cell(i, Cell::Empty);
        Some(renju::real_open_threes(&before, p) as u8)
    } else {
        None
    };
    Some(PointShapes { at: p, stone, lines, forbidden, real_open_threes, wins })
}

/// The shape of one line whose centre holds `me`.
pub(crate) fn line_shape(w: &Window, me: Cell, rule: FiveRule) -> Shape {
    match run_through(w, CENTER, me) {
        5 => return Shape::Five,
        n if n >= 6 => return Shape::Overline,
        _ => {}
    }
    match fours(w, me, rule) {
        (_, true) => return Shape::OpenFour,
        (2.., _) => return Shape::DoubleFour,
        (1, _) => return Shape::Four,
        _ => {}
    }
    if let Some(split) = open_three_kind(w, me, rule) {
        return Shape::OpenThree { split };
    }
    if any_extension(w, me, |t| fours(t, me, rule).0 > 0) {
        return Shape::ClosedThree;
    }
    if any_extension(w, me, |t| open_three_kind(t, me, rule).is_some()) {
        return Shape::OpenTwo { gap: nearest_gap(w, me) };
    }
    if any_extension(w, me, |t| {
        open_three_kind(t, me, rule).is_none() && fours(t, me, rule).0 == 0 && {
            any_extension(t, me, |u| fours(u, me, rule).0 > 0)
        }
    }) {
        return Shape::ClosedTwo;
    }
    if has_room(w, me) { Shape::One } else { Shape::Dead { stones: closed_stones(w, me) } }
}

/// `Some(split)` if one more stone makes a straight four through the centre: `false`
/// when some such stone extends a solid three (连三), `true` when only filling a gap does.
fn open_three_kind(w: &Window, me: Cell, rule: FiveRule) -> Option<bool> {
    let (points, n) = straight_four_points(w, me, rule);
    if n == 0 {
        return None;
    }
    let solid = points[..n].iter().any(|&q| {
        let inside_left = q > 0 && w[q - 1] == me;
        let inside_right = q + 1 < w.len() && w[q + 1] == me;
        !(inside_left && inside_right)
    });
    Some(!solid)
}

/// Whether one more `me` stone somewhere near the centre gives a line with `test`.
fn any_extension(w: &Window, me: Cell, test: impl Fn(&Window) -> bool) -> bool {
    (CENTER - 4..=CENTER + 4).any(|q| {
        if w[q] != Cell::Empty {
            return false;
        }
        let mut t = *w;
        t[q] = me;
        test(&t)
    })
}

/// Empty points between the centre and the nearest stone of its own colour (for naming
/// 连二, 跳二, 大跳二).
fn nearest_gap(w: &Window, me: Cell) -> u8 {
    let mut best = u8::MAX;
    for k in 1..=4 {
        for q in [CENTER - k, CENTER + k] {
            let between_empty = (CENTER.min(q) + 1..CENTER.max(q)).all(|j| w[j] == Cell::Empty);
            if w[q] == me && between_empty {
                best = best.min(k as u8 - 1);
            }
        }
    }
    if best == u8::MAX { 0 } else { best }
}

/// Own stones in the stretch of own-or-empty points around the centre.
fn closed_stones(w: &Window, me: Cell) -> u8 {
    let open = |c: Cell| c == me || c == Cell::Empty;
    let mut lo = CENTER;
    while lo > 0 && open(w[lo - 1]) {
        lo -= 1;
    }
    let mut hi = CENTER;
    while hi + 1 < w.len() && open(w[hi + 1]) {
        hi += 1;
    }
    (lo..=hi).filter(|&k| w[k] == me).count().min(4) as u8
}
