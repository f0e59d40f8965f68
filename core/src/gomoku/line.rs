//! One-line shape arithmetic on an 11-point window centred on a stone: fives,
//! five-points, fours and straight fours. Everything here looks at a single line;
//! the renju module adds the board-wide (recursive) part.

use super::board::{CENTER, Cell, WINDOW};

/// How long a line must be to win: exactly five (black in renju, both sides in the
/// standard rule) or five or more (freestyle, white in renju).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum FiveRule {
    Exact,
    AtLeast,
}

pub(crate) type Window = [Cell; WINDOW];

/// Length of the run of `me` through slot `k` (0 if slot `k` is not `me`). Runs that
/// reach the window's edge are at least six long, which is all callers need to know.
#[inline]
pub(crate) fn run_through(w: &Window, k: usize, me: Cell) -> usize {
    if w[k] != me {
        return 0;
    }
    let mut n = 1;
    let mut j = k;
    while j > 0 && w[j - 1] == me {
        n += 1;
        j -= 1;
    }
    let mut j = k;
    while j + 1 < WINDOW && w[j + 1] == me {
        n += 1;
        j += 1;
    }
    n
}

/// Whether a run of this length wins under `rule`.
#[inline]
pub(crate) fn is_five(len: usize, rule: FiveRule) -> bool {
    match rule {
        FiveRule::Exact => len == 5,
        FiveRule::AtLeast => len >= 5,
    }
}

/// Whether every slot strictly between `a` and `b` holds `me`.
#[inline]
fn all_between(w: &Window, a: usize, b: usize, me: Cell) -> bool {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (lo + 1..hi).all(|k| w[k] == me)
}

/// The empty slots where one more `me` stone makes a winning five that runs through
/// the centre: the "five-points" (成五点) of the centre stone's line. At most two
/// exist in one line, returned in order.
pub(crate) fn five_points(w: &Window, me: Cell, rule: FiveRule) -> ([usize; 2], usize) {
    let mut out = [0; 2];
    let mut n = 0;
    for q in CENTER - 4..=CENTER + 4 {
        if w[q] != Cell::Empty || !all_between(w, q, CENTER, me) {
            continue;
        }
        let mut t = *w;
        t[q] = me;
        if is_five(run_through(&t, q, me), rule) && n < 2 {
            out[n] = q;
            n += 1;
        }
    }
    (out, n)
}

/// How many fours (四) the centre stone stands in along this line, and whether one of
/// them is a straight four (活四, two five-points on either end of four in a row).
/// `BB.BB.BB`, `B.BBB.B` and `BBB.B.BBB` give two fours in one line.
pub(crate) fn fours(w: &Window, me: Cell, rule: FiveRule) -> (u8, bool) {
    let (points, n) = five_points(w, me, rule);
    match n {
        0 => (0, false),
        1 => (1, false),
        _ => {
            let (a, b) = (points[0], points[1]);
            if b - a == 5 && all_between(w, a, b, me) { (1, true) } else { (2, false) }
        }
    }
}

/// Whether the centre stone is part of a straight four (活四) in this line.
pub(crate) fn is_straight_four(w: &Window, me: Cell, rule: FiveRule) -> bool {
    fours(w, me, rule).1
}

/// The empty slots where one more `me` stone turns this line into a straight four
/// through the centre: the points that make the centre's three an open three (活三).
pub(crate) fn straight_four_points(w: &Window, me: Cell, rule: FiveRule) -> ([usize; 4], usize) {
    let mut out = [0; 4];
    let mut n = 0;
    for q in CENTER - 3..=CENTER + 3 {
        // The straight four is one run holding both `q` and the centre.
        if w[q] != Cell::Empty || !all_between(w, q, CENTER, me) {
            continue;
        }
        let mut t = *w;
        t[q] = me;
        if is_straight_four(&t, me, rule) && n < 4 {
            out[n] = q;
            n += 1;
        }
    }
    (out, n)
}

/// Whether some five-window through the centre holds no opponent stone and no wall:
/// a five is still possible through this point along this line.
pub(crate) fn has_room(w: &Window, me: Cell) -> bool {
    (CENTER - 4..=CENTER).any(|a| (a..a + 5).all(|k| w[k] == me || w[k] == Cell::Empty))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window from text such as `"..X.XXX.X.."`: the centre is the sixth character.
    pub(crate) fn win(text: &str) -> Window {
        let mut w = [Cell::Wall; WINDOW];
        for (k, c) in text.chars().take(WINDOW).enumerate() {
            w[k] = match c {
                'X' => Cell::Black,
                'O' => Cell::White,
                '.' => Cell::Empty,
                _ => Cell::Wall,
            };
        }
        w
    }

    const B: Cell = Cell::Black;

    #[test]
    fn fours_in_one_line() {
        // B.BBB.B with the centre in the middle three: two fours.
        assert_eq!(fours(&win("...X.XXX.X."), B, FiveRule::Exact), (2, false));
        // BB.BB.BB
        assert_eq!(fours(&win("..XX.XX.XX."), B, FiveRule::Exact), (2, false));
        // BBB.B.BBB
        assert_eq!(fours(&win(".XXX.X.XXX."), B, FiveRule::Exact), (2, false));
        // A straight four is one four.
        assert_eq!(fours(&win("...XXXX...."), B, FiveRule::Exact), (1, true));
        // .XXXX.X: the right end would make six, so black has a plain four.
        assert_eq!(fours(&win("..XXXX.X..."), B, FiveRule::Exact), (1, false));
        assert_eq!(fours(&win("..XXXX.X..."), B, FiveRule::AtLeast), (1, true));
        // BB.B.BB is not a four at all.
        assert_eq!(fours(&win("..XX.X.XX.."), B, FiveRule::Exact), (0, false));
    }

    #[test]
    fn three_points() {
        let (_, n) = straight_four_points(&win("....XXX...."), B, FiveRule::Exact);
        assert_eq!(n, 2);
        let (p, n) = straight_four_points(&win("....X.XX..."), B, FiveRule::Exact);
        assert_eq!((p[0], n), (5, 1));
        // X.XXX with the walls close: no straight four possible.
        let (_, n) = straight_four_points(&win("##.XXX.#..."), B, FiveRule::Exact);
        assert_eq!(n, 0);
    }
}
