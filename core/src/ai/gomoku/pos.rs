//! The engine's board: stones in a padded array, and for every empty point, colour and
//! line direction the shape a stone there would make (a line code). Codes are kept up
//! to date on play and undo by recomputing only the points on the four lines through
//! the move (at most 4 × 11 points), each with a table lookup.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::game::{GomokuRule, Point};
use crate::gomoku::{Board, BoardSize, Stone, renju};

/// Empty slots around the board on every side: a line scan of five steps from any
/// point stays inside the array.
const PAD: usize = 5;
pub(crate) const STRIDE: usize = 19 + 2 * PAD;
pub(crate) const SLOTS: usize = STRIDE * STRIDE;
/// Steps along the four lines: horizontal, vertical, diagonal, anti-diagonal.
pub(crate) const DIRS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
const WALL: u8 = 3;

/// Line codes: what one more stone of a colour on a point makes along one line.
pub(crate) mod code {
    pub const NONE: u8 = 0;
    /// Room for a five, one stone.
    pub const ONE: u8 = 1;
    /// 眠二: a two that can only become a 眠三.
    pub const TWO: u8 = 2;
    /// 活二.
    pub const OPEN_TWO: u8 = 3;
    /// 眠三.
    pub const THREE: u8 = 4;
    /// 活三.
    pub const OPEN_THREE: u8 = 5;
    /// 冲四.
    pub const FOUR: u8 = 6;
    /// Two fours in one line (同线四四).
    pub const DOUBLE_FOUR: u8 = 7;
    /// 活四.
    pub const OPEN_FOUR: u8 = 8;
    /// A winning line under the rule.
    pub const FIVE: u8 = 9;
    /// Six or more where that does not win (black in renju, both in the standard rule).
    pub const OVERLINE: u8 = 10;
}

/// The colour index of a stone colour (black 0, white 1).
pub(crate) fn ci(colour: u8) -> usize {
    usize::from(colour == WHITE)
}

pub(crate) fn other(colour: u8) -> u8 {
    if colour == BLACK { WHITE } else { BLACK }
}

pub(crate) fn colour_of(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

pub(crate) fn stone_of(colour: u8) -> Stone {
    if colour == BLACK { Stone::Black } else { Stone::White }
}

/// Whether five or more wins for `colour` under `rule` (else exactly five).
fn at_least(rule: GomokuRule, colour: u8) -> bool {
    match rule {
        GomokuRule::Freestyle => true,
        GomokuRule::Standard => false,
        GomokuRule::Renju => colour == WHITE,
    }
}

// ---- One-line classification on an 11-slot window (slot 5 is the point). ----------

const MID: usize = 5;
/// Window cells from one colour's view.
const E: u8 = 0;
const O: u8 = 1;
const X: u8 = 2;

type Win = [u8; 11];

fn run_at(w: &Win, k: usize) -> usize {
    if w[k] != O {
        return 0;
    }
    let mut n = 1;
    let mut j = k;
    while j > 0 && w[j - 1] == O {
        n += 1;
        j -= 1;
    }
    let mut j = k;
    while j < 10 && w[j + 1] == O {
        n += 1;
        j += 1;
    }
    n
}

fn wins(len: usize, at_least: bool) -> bool {
    if at_least { len >= 5 } else { len == 5 }
}

fn own_between(w: &Win, a: usize, b: usize) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    (lo + 1..hi).all(|k| w[k] == O)
}

/// Empty slots where one more stone makes a winning line through the middle.
fn five_slots(w: &Win, al: bool) -> ([usize; 2], usize) {
    let mut out = [0; 2];
    let mut n = 0;
    for q in 1..=9 {
        if w[q] != E || !own_between(w, q, MID) {
            continue;
        }
        let mut t = *w;
        t[q] = O;
        if wins(run_at(&t, q), al) && n < 2 {
            out[n] = q;
            n += 1;
        }
    }
    (out, n)
}

/// (fours through the middle, whether one is a straight four).
fn four_count(w: &Win, al: bool) -> (u8, bool) {
    let (p, n) = five_slots(w, al);
    match n {
        0 => (0, false),
        1 => (1, false),
        _ if p[1] - p[0] == 5 && own_between(w, p[0], p[1]) => (1, true),
        _ => (2, false),
    }
}

fn makes_straight_four(w: &Win, al: bool) -> bool {
    (2..=8).any(|q| {
        if w[q] != E || !own_between(w, q, MID) {
            return false;
        }
        let mut t = *w;
        t[q] = O;
        four_count(&t, al).1
    })
}

fn some_extension(w: &Win, test: impl Fn(&Win) -> bool) -> bool {
    (1..=9).any(|q| {
        if w[q] != E {
            return false;
        }
        let mut t = *w;
        t[q] = O;
        test(&t)
    })
}

fn room(w: &Win) -> bool {
    (1..=MID).any(|a| (a..a + 5).all(|k| w[k] != X))
}

/// The line code of a window whose middle holds the colour's stone.
fn classify(w: &Win, al: bool) -> u8 {
    let run = run_at(w, MID);
    if wins(run, al) {
        return code::FIVE;
    }
    if run >= 6 {
        return code::OVERLINE;
    }
    match four_count(w, al) {
        (_, true) => return code::OPEN_FOUR,
        (2.., _) => return code::DOUBLE_FOUR,
        (1, _) => return code::FOUR,
        _ => {}
    }
    if makes_straight_four(w, al) {
        return code::OPEN_THREE;
    }
    if some_extension(w, |t| four_count(t, al).0 > 0) {
        return code::THREE;
    }
    if some_extension(w, |t| makes_straight_four(t, al)) {
        return code::OPEN_TWO;
    }
    if !room(w) {
        return code::NONE;
    }
    let best = (1..=MID)
        .filter(|&a| (a..a + 5).all(|k| w[k] != X))
        .map(|a| (a..a + 5).filter(|&k| w[k] == O).count())
        .max()
        .unwrap_or(0);
    if best >= 2 { code::TWO } else { code::ONE }
}

const PATTERNS: usize = 59_049; // 3^10: the ten neighbours, each empty, own or blocked.
const UNKNOWN: u8 = u8::MAX;

/// Line codes by neighbour pattern, for "exactly five" (0) and "five or more" (1),
/// filled in as patterns are met (each entry is a pure function of its index).
fn table() -> &'static [AtomicU8] {
    static TABLE: OnceLock<Vec<AtomicU8>> = OnceLock::new();
    TABLE.get_or_init(|| (0..2 * PATTERNS).map(|_| AtomicU8::new(UNKNOWN)).collect())
}

fn lookup(pattern: usize, al: bool) -> u8 {
    let slot = pattern + if al { PATTERNS } else { 0 };
    let t = table();
    let Some(cell) = t.get(slot) else { return code::NONE };
    let c = cell.load(Ordering::Relaxed);
    if c != UNKNOWN {
        return c;
    }
    let mut w = [E; 11];
    let mut rest = pattern;
    for (k, v) in w.iter_mut().enumerate() {
        if k == MID {
            *v = O;
            continue;
        }
        *v = (rest % 3) as u8;
        rest /= 3;
    }
    let c = classify(&w, al);
    cell.store(c, Ordering::Relaxed);
    c
}

// ---- Point values -------------------------------------------------------------------

const LINE_VALUE: [i32; 11] = [0, 1, 3, 10, 12, 40, 45, 1600, 1600, 10_000, 0];
/// A point that makes 四三 (or 四四).
const FOUR_THREE: i32 = 1200;
/// A point that makes 三三.
const THREE_THREE: i32 = 400;

/// How much a point is worth to a colour from its four line codes.
fn point_value(codes: [u8; 4]) -> i32 {
    let mut v = 0;
    let mut fours = 0;
    let mut threes = 0;
    for c in codes {
        v += LINE_VALUE[usize::from(c.min(10))];
        match c {
            code::FOUR => fours += 1,
            code::DOUBLE_FOUR | code::OPEN_FOUR => fours += 2,
            code::OPEN_THREE => threes += 1,
            _ => {}
        }
    }
    if fours >= 2 || (fours == 1 && threes >= 1) {
        v += FOUR_THREE;
    } else if threes >= 2 {
        v += THREE_THREE;
    }
    v
}

fn zobrist() -> &'static [[u64; SLOTS]; 2] {
    static Z: OnceLock<Box<[[u64; SLOTS]; 2]>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut state = 0x005e_ed0f_6060_u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut t = Box::new([[0u64; SLOTS]; 2]);
        for side in t.iter_mut() {
            for v in side.iter_mut() {
                *v = next();
            }
        }
        t
    })
}

/// The engine's position.
#[derive(Clone)]
pub(crate) struct Pos {
    lines: u8,
    rule: GomokuRule,
    cells: [u8; SLOTS],
    /// `codes[colour][direction][slot]` for empty slots (NONE elsewhere).
    codes: Box<[[[u8; SLOTS]; 4]; 2]>,
    /// Point values per colour (0 on stones and on black's forbidden points).
    value: Box<[[i32; SLOTS]; 2]>,
    total: [i32; 2],
    /// How many (slot, direction) pairs hold FIVE per colour: a quick "has a five point".
    fives: [u32; 2],
    /// How many stones lie within two steps (for candidate moves).
    near: [u8; SLOTS],
    /// Every on-board slot, rank by rank.
    slots: Vec<usize>,
    hash: u64,
    to_move: u8,
    history: Vec<usize>,
    /// The same stones for the renju forbidden test.
    board: Board,
}

impl Pos {
    /// An empty board.
    pub(crate) fn new(size: BoardSize, rule: GomokuRule) -> Pos {
        let lines = size.lines();
        let mut cells = [WALL; SLOTS];
        let mut slots = Vec::new();
        for r in 0..usize::from(lines) {
            for f in 0..usize::from(lines) {
                let i = (r + PAD) * STRIDE + f + PAD;
                cells[i] = EMPTY;
                slots.push(i);
            }
        }
        let mut pos = Pos {
            lines,
            rule,
            cells,
            codes: Box::new([[[code::NONE; SLOTS]; 4]; 2]),
            value: Box::new([[0; SLOTS]; 2]),
            total: [0; 2],
            fives: [0; 2],
            near: [0; SLOTS],
            slots,
            hash: 0,
            to_move: BLACK,
            history: Vec::new(),
            board: Board::new(size),
        };
        for k in 0..pos.slots.len() {
            let i = pos.slots[k];
            pos.refresh_point(i);
        }
        pos
    }

    /// A position with the stones of `board` and `to_move` to play.
    pub(crate) fn from_board(board: &Board, rule: GomokuRule, to_move: Stone) -> Pos {
        let mut pos = Pos::new(board.size(), rule);
        for (p, s) in board.stones() {
            if let Some(i) = pos.slot(p) {
                pos.place(i, colour_of(s));
            }
        }
        pos.history.clear();
        pos.to_move = colour_of(to_move);
        pos
    }

    pub(crate) fn to_move(&self) -> u8 {
        self.to_move
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash ^ u64::from(self.to_move == WHITE)
    }

    pub(crate) fn stones(&self) -> usize {
        self.board.stone_count()
    }

    pub(crate) fn slots(&self) -> &[usize] {
        &self.slots
    }

    pub(crate) fn is_empty(&self, i: usize) -> bool {
        self.cells.get(i) == Some(&EMPTY)
    }

    pub(crate) fn is_near(&self, i: usize) -> bool {
        self.near.get(i).is_some_and(|&n| n > 0)
    }

    pub(crate) fn slot(&self, p: Point) -> Option<usize> {
        (p.file < self.lines && p.rank < self.lines)
            .then(|| (usize::from(p.rank) + PAD) * STRIDE + usize::from(p.file) + PAD)
    }

    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % STRIDE - PAD) as u8, (i / STRIDE - PAD) as u8)
    }

    pub(crate) fn centre(&self) -> usize {
        self.slot(BoardSize::center(if self.lines == 19 {
            BoardSize::Nineteen
        } else {
            BoardSize::Fifteen
        }))
        .unwrap_or(0)
    }

    pub(crate) fn codes(&self, colour: u8, i: usize) -> [u8; 4] {
        let c = &self.codes[ci(colour)];
        [c[0][i], c[1][i], c[2][i], c[3][i]]
    }

    pub(crate) fn value(&self, colour: u8, i: usize) -> i32 {
        self.value[ci(colour)][i]
    }

    pub(crate) fn total(&self, colour: u8) -> i32 {
        self.total[ci(colour)]
    }

    /// Whether `colour` could win with one stone somewhere.
    pub(crate) fn has_five(&self, colour: u8) -> bool {
        self.fives[ci(colour)] > 0
    }

    /// The points where `colour` wins with one stone, in slot order.
    pub(crate) fn five_points(&self, colour: u8) -> Vec<usize> {
        if !self.has_five(colour) {
            return Vec::new();
        }
        self.slots
            .iter()
            .copied()
            .filter(|&i| self.is_empty(i) && self.codes(colour, i).contains(&code::FIVE))
            .collect()
    }

    /// Whether a `colour` stone on the empty `i` makes a four (or better).
    pub(crate) fn makes_four(&self, colour: u8, i: usize) -> bool {
        self.codes(colour, i).iter().any(|&c| (code::FOUR..=code::OPEN_FOUR).contains(&c))
    }

    /// Whether `colour` may not play on `i`: black's forbidden points under renju.
    /// Exact: the line codes only decide when the full test is needed.
    pub(crate) fn forbidden(&self, colour: u8, i: usize) -> bool {
        if self.rule != GomokuRule::Renju || colour != BLACK || !self.is_empty(i) {
            return false;
        }
        let codes = self.codes(BLACK, i);
        if codes.contains(&code::FIVE) {
            return false;
        }
        // Threes and fours, a line with two fours counting twice.
        let strong: usize = codes
            .iter()
            .map(|&c| match c {
                code::DOUBLE_FOUR => 2,
                c if c >= code::OPEN_THREE => 1,
                _ => 0,
            })
            .sum();
        if strong < 2 && !codes.contains(&code::OVERLINE) {
            return false;
        }
        renju::forbidden(&self.board, self.point(i)).is_some()
    }

    /// Whether the side to move may play on `i`.
    pub(crate) fn legal(&self, i: usize) -> bool {
        self.is_empty(i) && !self.forbidden(self.to_move, i)
    }

    /// Plays the side to move's stone on the empty `i`.
    pub(crate) fn play(&mut self, i: usize) {
        let c = self.to_move;
        self.place(i, c);
        self.history.push(i);
        self.to_move = other(c);
    }

    /// Takes back the last move played with [`Pos::play`].
    pub(crate) fn undo(&mut self) {
        let Some(i) = self.history.pop() else { return };
        let c = self.cells[i];
        self.cells[i] = EMPTY;
        self.hash ^= zobrist()[ci(c)][i];
        self.board.set(self.point(i), None);
        self.touch_near(i, false);
        self.refresh_lines(i);
        self.to_move = c;
    }

    /// Passes the move (for asking what the other side threatens).
    pub(crate) fn pass(&mut self) {
        self.to_move = other(self.to_move);
    }

    fn place(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
        self.hash ^= zobrist()[ci(c)][i];
        let p = self.point(i);
        self.board.set(p, Some(stone_of(c)));
        self.touch_near(i, true);
        self.refresh_lines(i);
    }

    fn touch_near(&mut self, i: usize, add: bool) {
        for dr in -2i32..=2 {
            for df in -2i32..=2 {
                let j = i as i32 + dr * STRIDE as i32 + df;
                if let Some(n) = usize::try_from(j).ok().and_then(|j| self.near.get_mut(j)) {
                    *n = if add { n.saturating_add(1) } else { n.saturating_sub(1) };
                }
            }
        }
    }

    /// Recomputes the points on the four lines through `i`.
    fn refresh_lines(&mut self, i: usize) {
        let mut touched = [0usize; 44];
        let mut n = 0;
        for (d, &step) in DIRS.iter().enumerate() {
            for k in 0..11 {
                let j = i + k * step - PAD * step;
                if self.cells[j] == WALL {
                    continue;
                }
                self.refresh_code(j, d);
                touched[n] = j;
                n += 1;
            }
        }
        for &j in &touched[..n] {
            self.refresh_value(j);
        }
    }

    /// Recomputes every point (what a play would cost without the local update; for
    /// the speed report).
    pub(crate) fn refresh_all(&mut self) {
        for k in 0..self.slots.len() {
            let i = self.slots[k];
            self.refresh_point(i);
        }
    }

    fn refresh_point(&mut self, i: usize) {
        for d in 0..4 {
            self.refresh_code(i, d);
        }
        self.refresh_value(i);
    }

    fn refresh_code(&mut self, i: usize, d: usize) {
        for colour in [BLACK, WHITE] {
            let new = if self.cells[i] == EMPTY {
                lookup(self.pattern(i, d, colour), at_least(self.rule, colour))
            } else {
                code::NONE
            };
            let slot = &mut self.codes[ci(colour)][d][i];
            let old = *slot;
            *slot = new;
            let f = &mut self.fives[ci(colour)];
            if old == code::FIVE {
                *f -= 1;
            }
            if new == code::FIVE {
                *f += 1;
            }
        }
    }

    fn refresh_value(&mut self, i: usize) {
        for colour in [BLACK, WHITE] {
            let v = if self.cells[i] != EMPTY || self.forbidden(colour, i) {
                0
            } else {
                point_value(self.codes(colour, i))
            };
            let slot = &mut self.value[ci(colour)][i];
            self.total[ci(colour)] += v - *slot;
            *slot = v;
        }
    }

    /// The base-3 pattern of the ten neighbours of `i` along `d` from `colour`'s view.
    fn pattern(&self, i: usize, d: usize, colour: u8) -> usize {
        let step = DIRS[d];
        let mut idx = 0;
        let mut mul = 1;
        let mut blocked_before = false;
        // Slots 0..=4 are behind the point, nearest last; scan outward so that the first
        // wall blocks everything beyond it (as a wall does).
        let mut digits = [0usize; 11];
        for k in 1..=5 {
            let c = self.cells[i - k * step];
            blocked_before |= c == WALL;
            digits[MID - k] = if blocked_before || (c != EMPTY && c != colour) {
                2
            } else if c == colour {
                1
            } else {
                0
            };
        }
        let mut blocked_after = false;
        for k in 1..=5 {
            let c = self.cells[i + k * step];
            blocked_after |= c == WALL;
            digits[MID + k] = if blocked_after || (c != EMPTY && c != colour) {
                2
            } else if c == colour {
                1
            } else {
                0
            };
        }
        for (k, &v) in digits.iter().enumerate() {
            if k == MID {
                continue;
            }
            idx += v * mul;
            mul *= 3;
        }
        idx
    }

    /// Static evaluation for the side to move.
    pub(crate) fn evaluate(&self) -> i32 {
        let me = self.total(self.to_move);
        let them = self.total(other(self.to_move));
        ((6 * me - 5 * them) / 10).clamp(-9000, 9000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(text: &str) -> Win {
        let mut w = [X; 11];
        for (k, ch) in text.chars().take(11).enumerate() {
            w[k] = match ch {
                'O' => O,
                '.' => E,
                _ => X,
            };
        }
        w
    }

    #[test]
    fn line_codes() {
        assert_eq!(classify(&win("...OOOOO..."), false), code::FIVE);
        assert_eq!(classify(&win("..OOOOOO..."), false), code::OVERLINE);
        assert_eq!(classify(&win("..OOOOOO..."), true), code::FIVE);
        assert_eq!(classify(&win("...OOOO...."), false), code::OPEN_FOUR);
        assert_eq!(classify(&win("..XOOOO...."), false), code::FOUR);
        assert_eq!(classify(&win("..O.OOO.O.."), false), code::DOUBLE_FOUR);
        assert_eq!(classify(&win("....OOO...."), false), code::OPEN_THREE);
        assert_eq!(classify(&win("...XOOO...."), false), code::THREE);
        assert_eq!(classify(&win("....OO....."), false), code::OPEN_TWO);
        assert_eq!(classify(&win("...XOO....."), false), code::TWO);
        assert_eq!(classify(&win(".....O....."), false), code::ONE);
        assert_eq!(classify(&win("..X.O.X...."), false), code::NONE);
    }

    #[test]
    fn play_and_undo_restore_everything() {
        let mut pos = Pos::new(BoardSize::Fifteen, GomokuRule::Renju);
        let before = (pos.hash(), pos.total, pos.fives, pos.codes.clone());
        let moves = [(7, 7), (8, 8), (7, 8), (8, 9), (7, 9), (6, 6), (7, 10)];
        for (f, r) in moves {
            let i = pos.slot(Point::new(f, r)).unwrap_or(0);
            pos.play(i);
        }
        // Black's h8 h9 h10 h11: a four with the five point at h12 (h7 is open too).
        assert!(pos.has_five(BLACK));
        for _ in moves {
            pos.undo();
        }
        assert_eq!((pos.hash(), pos.total, pos.fives, pos.codes.clone()), before);
    }
}
