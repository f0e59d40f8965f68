//! 3×3 shape patterns around a point: the hane, cut and edge shapes that the
//! pre-neural programs (MoGo and its descendants) played in their playouts near the last
//! move. A shape is the eight cells around an empty point; every rotation, reflection
//! and colour swap of a pattern counts, so one table serves both players.

use std::sync::OnceLock;

use crate::go::board::{Board, Cell};

/// The patterns, three rows of three around the empty centre. `X` and `O` are the two
/// colours (either way round), `.` empty, `#` off the board, `?` anything, `x` anything
/// but `X`, `o` anything but `O`.
const PATTERNS: [&str; 13] = [
    // Hane that encloses a stone.
    "XOX...???",
    // Hane that leaves no cut.
    "XO....?.?",
    // Turning around a stone (magari).
    "XO?X..x.?",
    // Hane against two stones.
    "XOO...?.?",
    // Diagonal attachment.
    ".O.X.....",
    // A cut nothing protects.
    "XO?O.o?o?",
    // A cut after a peep.
    "XO?O.X???",
    // Pushing between two stones (de).
    "?X?O.Oooo",
    // Cutting a knight's move.
    "OX?o.O???",
    // Chasing along the edge.
    "X.?O.?###",
    // Blocking a cut on the edge.
    "OX?X.O###",
    // Blocking a connection along the edge.
    "?X?x.O###",
    // Cutting on the edge.
    "?OXX.O###",
];

/// Cell codes in a shape key: two bits per neighbour.
fn code(cell: Cell) -> usize {
    match cell {
        Cell::Empty => 0,
        Cell::Black => 1,
        Cell::White => 2,
        Cell::Edge => 3,
    }
}

/// The eight neighbours of the centre in row order (the centre itself left out), as
/// (row, column) offsets.
const AROUND: [(i32, i32); 8] =
    [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// The shape key of the eight cells around `at`.
pub(crate) fn key(board: &Board, at: usize) -> usize {
    let stride = usize::from(board.size()) + 2;
    let mut k = 0;
    for (n, &(dr, dc)) in AROUND.iter().enumerate() {
        let i = (at as isize + dr as isize * stride as isize + dc as isize) as usize;
        k |= code(board.cell(i)) << (2 * n);
    }
    k
}

/// Whether the shape around the empty point `at` is one of the patterns.
pub(crate) fn matches(board: &Board, at: usize) -> bool {
    let k = key(board, at);
    table()[k / 64] >> (k % 64) & 1 == 1
}

/// The key of the same shape with the two colours swapped.
pub(crate) fn swap_colours(k: usize) -> usize {
    let mut out = k;
    for n in 0..8 {
        if matches!(k >> (2 * n) & 3, 1 | 2) {
            out ^= 3 << (2 * n);
        }
    }
    out
}

/// The keys of the same shape under the eight symmetries of the square.
pub(crate) fn variants(k: usize) -> [usize; 8] {
    let mut out = [0; 8];
    for (s, map) in symmetries().into_iter().enumerate() {
        for (n, &(r, c)) in AROUND.iter().enumerate() {
            let moved = map(r, c);
            let m = AROUND.iter().position(|&x| x == moved).unwrap_or(n);
            out[s] |= (k >> (2 * n) & 3) << (2 * m);
        }
    }
    out
}

/// One key for all the symmetric variants of a shape: the smallest.
pub(crate) fn canonical(k: usize) -> usize {
    variants(k).into_iter().min().unwrap_or(k)
}

fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Whether a cell code fits a pattern symbol, `x_code` being the colour called `X`.
fn fits(symbol: u8, cell: usize, x_code: usize) -> bool {
    let o_code = 3 - x_code;
    match symbol {
        b'?' => true,
        b'.' => cell == 0,
        b'#' => cell == 3,
        b'X' => cell == x_code,
        b'O' => cell == o_code,
        b'x' => cell != x_code,
        b'o' => cell != o_code,
        _ => false,
    }
}

/// A map of (row, column) offsets.
type Symmetry = fn(i32, i32) -> (i32, i32);

/// The eight symmetries of the square.
fn symmetries() -> [Symmetry; 8] {
    [
        |r, c| (r, c),
        |r, c| (c, -r),
        |r, c| (-r, -c),
        |r, c| (-c, r),
        |r, c| (r, -c),
        |r, c| (-r, c),
        |r, c| (c, r),
        |r, c| (-c, -r),
    ]
}

fn build() -> Box<[u64; 1024]> {
    let mut bits = Box::new([0u64; 1024]);
    for pattern in PATTERNS {
        let rows: Vec<u8> = pattern.bytes().filter(|b| *b != b' ').collect();
        assert_eq!(rows.len(), 9, "a pattern has nine cells: {pattern}");
        for map in symmetries() {
            // The symbol each key position must fit under this symmetry.
            let mut symbols = [b'?'; 8];
            for (n, &(r, c)) in AROUND.iter().enumerate() {
                let (pr, pc) = map(r, c);
                symbols[n] = rows[((pr + 1) * 3 + pc + 1) as usize];
            }
            for x_code in [1, 2] {
                for k in 0..4usize.pow(8) {
                    if (0..8).all(|n| fits(symbols[n], k >> (2 * n) & 3, x_code)) {
                        bits[k / 64] |= 1 << (k % 64);
                    }
                }
            }
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::go::lesson::pt;

    fn board(size: u8, stones: &[(&str, Side)]) -> Board {
        let mut b = Board::new(size).unwrap();
        for &(name, side) in stones {
            b.play(pt(name), side).unwrap();
        }
        b
    }

    fn at(b: &Board, name: &str) -> usize {
        b.index(pt(name))
    }

    #[test]
    fn a_hane_and_a_cut_match_in_every_orientation_and_colour() {
        use Side::{First as B, Second as W};
        // Black e5, white e6 on top: black's hane at d6 or f6 (X O . / . . .).
        for (x, o) in [(B, W), (W, B)] {
            let b = board(9, &[("e5", x), ("e6", o)]);
            assert!(matches(&b, at(&b, "d6")));
            assert!(matches(&b, at(&b, "f6")));
            let d = board(9, &[("d5", x), ("e6", o)]);
            assert!(matches(&d, at(&d, "e5")), "the point touching two diagonal stones");
            assert!(!matches(&b, at(&b, "b2")), "an empty corner is no shape");
        }
        // A cut: black d5 with white e5 and d4 around the empty e4.
        let b = board(9, &[("d5", B), ("e5", W), ("d4", W)]);
        assert!(matches(&b, at(&b, "e4")), "X O / O . is a cut");
        // One stone alone makes no shape at any of its neighbours.
        let b = board(9, &[("e5", B)]);
        for n in ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"] {
            assert!(!matches(&b, at(&b, n)), "{n}");
        }
    }

    #[test]
    fn a_shape_has_one_canonical_key_in_every_orientation() {
        use Side::{First as B, Second as W};
        // The same hane in four orientations: black e5, white e6 (or turned), at d6.
        let shapes = [
            board(9, &[("e5", B), ("e6", W)]),
            board(9, &[("e5", B), ("d5", W)]),
            board(9, &[("e5", B), ("e4", W)]),
            board(9, &[("e5", B), ("f5", W)]),
        ];
        let points = ["d6", "d4", "f4", "f6"];
        let keys: Vec<usize> =
            shapes.iter().zip(points).map(|(b, p)| canonical(key(b, at(b, p)))).collect();
        assert!(keys.iter().all(|&k| k == keys[0]), "{keys:?}");
        // The other colour's hane is another shape, the same after swapping colours.
        let swapped = board(9, &[("e5", W), ("e6", B)]);
        let k = key(&swapped, at(&swapped, "d6"));
        assert_ne!(canonical(k), keys[0]);
        assert_eq!(canonical(swap_colours(k)), keys[0]);
        // An edge shape is never the same as a shape in the middle.
        let edge = board(9, &[("e1", B), ("e2", W)]);
        assert_ne!(canonical(key(&edge, at(&edge, "d1"))), keys[0]);
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        use Side::{First as B, Second as W};
        // Chasing along the first line: X . / O . / ### with the edge under.
        let b = board(9, &[("d2", B), ("d1", W)]);
        assert!(matches(&b, at(&b, "e1")));
        // The same two stones a line higher: the hane at e2, but no edge chase at e1.
        let b = board(9, &[("d3", B), ("d2", W)]);
        assert!(matches(&b, at(&b, "e2")));
        assert!(!matches(&b, at(&b, "e1")));
    }
}
