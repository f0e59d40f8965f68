//! The Go board: stones, strings (连在一起的棋子) and their liberties (气), updated
//! incrementally so random playouts stay fast.
//!
//! Points live on a padded grid with a ring of edge cells, so every real point has four
//! neighbours without bounds checks. Each string keeps pseudo-liberties: one count per
//! (stone, empty neighbour) pair, with the sum and the sum of squares of those neighbour
//! indices. The count is zero exactly when the string has no liberty, and all
//! pseudo-liberties are the same point (atari) exactly when `count * squares == sum²`.

use crate::Rng;
use crate::game::{Point, Side};

/// The smallest board accepted.
pub const MIN_SIZE: u8 = 5;
/// The largest board accepted.
pub const MAX_SIZE: u8 = 19;

const MAX_STRIDE: usize = MAX_SIZE as usize + 2;
/// Number of cells of the largest padded grid.
pub(crate) const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;

/// What stands on a cell of the padded grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cell {
    Empty,
    Black,
    White,
    Edge,
}

impl Cell {
    pub(crate) fn of(side: Side) -> Cell {
        match side {
            Side::First => Cell::Black,
            Side::Second => Cell::White,
        }
    }

    pub(crate) fn side(self) -> Option<Side> {
        match self {
            Cell::Black => Some(Side::First),
            Cell::White => Some(Side::Second),
            _ => None,
        }
    }
}

/// Why the board refused a stone. The game adds superko and "off board" on top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    Occupied,
    Ko,
    Suicide,
}

/// Random keys for the position hash, one per (colour, cell), built at compile time.
static ZOBRIST: [[u64; MAX_CELLS]; 2] = zobrist_table();

const fn zobrist_table() -> [[u64; MAX_CELLS]; 2] {
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut rng = Rng::new(0x5157_494b_455f_474f); // "QIKE_GO"
    let mut colour = 0;
    while colour < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            table[colour][i] = rng.next_u64();
            i += 1;
        }
        colour += 1;
    }
    table
}

fn key(side: Side, cell: usize) -> u64 {
    ZOBRIST[side.index()].get(cell).copied().unwrap_or(0)
}

/// A Go board of 5×5 to 19×19 lines with its strings, liberties, captures and the
/// simple-ko point. Cheap to copy (fixed-size arrays, no heap).
#[derive(Clone)]
pub struct Board {
    size: u8,
    stride: usize,
    cells: [Cell; MAX_CELLS],
    /// The head stone of the string each stone belongs to.
    head: [u16; MAX_CELLS],
    /// The next stone of the same string (a circular list).
    next: [u16; MAX_CELLS],
    /// Per string head: pseudo-liberty count, sum and sum of squares.
    libs: [u16; MAX_CELLS],
    lib_sum: [u32; MAX_CELLS],
    lib_sq: [u32; MAX_CELLS],
    /// Per string head: number of stones.
    stones: [u16; MAX_CELLS],
    hash: u64,
    /// The point the side to move may not retake at once (0 when none; 0 is an edge cell).
    ko: usize,
    captures: [u32; 2],
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board {}x{}", self.size, self.size)?;
        for rank in (0..self.size).rev() {
            for file in 0..self.size {
                let c = match self.cells[self.index(Point::new(file, rank))] {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size && self.cells == other.cells && self.ko == other.ko
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board, or `None` if `size` is outside 5–19.
    pub fn new(size: u8) -> Option<Board> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let stride = size as usize + 2;
        let mut cells = [Cell::Edge; MAX_CELLS];
        for rank in 0..size as usize {
            for file in 0..size as usize {
                cells[(rank + 1) * stride + file + 1] = Cell::Empty;
            }
        }
        Some(Board {
            size,
            stride,
            cells,
            head: [0; MAX_CELLS],
            next: [0; MAX_CELLS],
            libs: [0; MAX_CELLS],
            lib_sum: [0; MAX_CELLS],
            lib_sq: [0; MAX_CELLS],
            stones: [0; MAX_CELLS],
            hash: 0,
            ko: 0,
            captures: [0; 2],
        })
    }

    /// Number of lines in each direction.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Whether `p` lies on this board.
    pub fn contains(&self, p: Point) -> bool {
        p.file < self.size && p.rank < self.size
    }

    /// The stone on `p`, if any (`None` off the board too).
    pub fn get(&self, p: Point) -> Option<Side> {
        if !self.contains(p) {
            return None;
        }
        self.cells[self.index(p)].side()
    }

    /// A hash of the stones alone (not the side to move): equal positions, equal hashes.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones `side` has captured so far (提子数).
    pub fn captures(&self, side: Side) -> u32 {
        self.captures[side.index()]
    }

    /// The point the side to move may not play at because it would retake a ko at once.
    pub fn ko_point(&self) -> Option<Point> {
        (self.ko != 0).then(|| self.point(self.ko))
    }

    /// Number of stones of `side` on the board.
    pub fn stone_count(&self, side: Side) -> usize {
        let want = Cell::of(side);
        self.cells.iter().filter(|&&c| c == want).count()
    }

    /// Every stone on the board.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Side)> + '_ {
        self.points().filter_map(|p| self.get(p).map(|s| (p, s)))
    }

    /// Every point of the board, rank by rank from the bottom left.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |rank| (0..size).map(move |file| Point::new(file, rank)))
    }

    /// The stones of the string through `p` (empty if `p` holds no stone).
    pub fn string(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        self.string_cells(self.index(p)).into_iter().map(|c| self.point(c)).collect()
    }

    /// The number of distinct liberties of the string through `p` (0 if `p` is empty).
    pub fn liberties(&self, p: Point) -> usize {
        if self.get(p).is_none() {
            return 0;
        }
        let mut seen = [false; MAX_CELLS];
        let mut count = 0;
        for s in self.string_cells(self.index(p)) {
            for n in self.neighbours(s) {
                if self.cells[n] == Cell::Empty && !seen[n] {
                    seen[n] = true;
                    count += 1;
                }
            }
        }
        count
    }

    /// Whether `side` may put a stone on `p` as far as the board can tell
    /// (on the board, empty, not suicide, not an immediate ko retake).
    pub fn is_legal(&self, p: Point, side: Side) -> bool {
        self.contains(p) && self.check(self.index(p), side).is_ok()
    }

    /// Puts a stone of `side` on `p`, removes every opposing string left without a
    /// liberty and returns how many stones were captured.
    pub(crate) fn play(&mut self, p: Point, side: Side) -> Result<u32, Refusal> {
        let at = self.index(p);
        self.check(at, side)?;
        Ok(self.play_unchecked(at, side))
    }

    /// Removes every stone and rebuilds the strings from `stones`. Used for setup
    /// (handicap, SGF `AB`/`AW`); returns `false` if a string would have no liberty.
    pub(crate) fn set_stones(&mut self, stones: &[(Point, Side)]) -> bool {
        for c in self.cells.iter_mut() {
            if *c != Cell::Edge {
                *c = Cell::Empty;
            }
        }
        for &(p, side) in stones {
            if self.contains(p) {
                let i = self.index(p);
                self.cells[i] = Cell::of(side);
            }
        }
        self.rebuild()
    }

    /// Recomputes strings, liberties and hash from the cells.
    fn rebuild(&mut self) -> bool {
        self.hash = 0;
        self.ko = 0;
        for i in 0..MAX_CELLS {
            let Some(side) = self.cells[i].side() else { continue };
            self.hash ^= key(side, i);
            self.new_string(i);
            for n in self.neighbours(i) {
                if self.cells[n] == Cell::Empty {
                    self.add_lib(i, n);
                }
            }
            // Join the already built neighbours below and to the left.
            for n in [i - 1, i - self.stride] {
                if self.cells[n] == self.cells[i] {
                    let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
        (0..MAX_CELLS)
            .all(|i| self.cells[i].side().is_none() || self.libs[self.head[i] as usize] > 0)
    }

    // ----- internals shared with playouts -----

    pub(crate) fn index(&self, p: Point) -> usize {
        (p.rank as usize + 1) * self.stride + p.file as usize + 1
    }

    pub(crate) fn point(&self, i: usize) -> Point {
        let rank = (i / self.stride).saturating_sub(1);
        let file = (i % self.stride).saturating_sub(1);
        Point::new(file as u8, rank as u8)
    }

    pub(crate) fn cell(&self, i: usize) -> Cell {
        self.cells[i]
    }

    pub(crate) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    pub(crate) fn diagonals(&self, i: usize) -> [usize; 4] {
        [i - self.stride - 1, i - self.stride + 1, i + self.stride - 1, i + self.stride + 1]
    }

    /// The cell indices of all real points.
    pub(crate) fn cell_indices(&self) -> impl Iterator<Item = usize> + use<> {
        let (size, stride) = (self.size as usize, self.stride);
        (0..size).flat_map(move |r| (0..size).map(move |f| (r + 1) * stride + f + 1))
    }

    pub(crate) fn head_of(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    pub(crate) fn string_cells(&self, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut s = i;
        loop {
            out.push(s);
            s = self.next[s] as usize;
            if s == i || out.len() > MAX_CELLS {
                break;
            }
        }
        out
    }

    /// Whether the string with head `h` has exactly one distinct liberty.
    pub(crate) fn in_atari(&self, h: usize) -> bool {
        let libs = self.libs[h] as u64;
        let sum = self.lib_sum[h] as u64;
        libs > 0 && libs * self.lib_sq[h] as u64 == sum * sum
    }

    /// The one liberty of the string with head `h` when it is in atari.
    pub(crate) fn atari_liberty(&self, h: usize) -> Option<usize> {
        self.in_atari(h).then(|| (self.lib_sum[h] / u32::from(self.libs[h].max(1))) as usize)
    }

    /// Distinct liberties (up to `cap`, at most 8) of the string with head `h`.
    pub(crate) fn liberties_up_to(&self, h: usize, cap: usize) -> usize {
        let mut libs = [0usize; 8];
        let cap = cap.min(libs.len());
        let mut count = 0;
        let mut s = h;
        loop {
            for l in self.neighbours(s) {
                if self.cell(l) == Cell::Empty && !libs[..count].contains(&l) {
                    libs[count] = l;
                    count += 1;
                    if count >= cap {
                        return count;
                    }
                }
            }
            s = self.next_stone(s);
            if s == h {
                return count;
            }
        }
    }

    /// Number of stones of the string with head `h`.
    pub(crate) fn string_size(&self, h: usize) -> usize {
        usize::from(self.stones[h])
    }

    /// The next stone of the same string (the strings are circular lists).
    pub(crate) fn next_stone(&self, i: usize) -> usize {
        self.next[i] as usize
    }

    /// Whether a stone of `side` may go on cell `at`.
    pub(crate) fn check(&self, at: usize, side: Side) -> Result<(), Refusal> {
        if self.cells.get(at) != Some(&Cell::Empty) {
            return Err(Refusal::Occupied);
        }
        if self.ko == at {
            return Err(Refusal::Ko);
        }
        let own = Cell::of(side);
        for n in self.neighbours(at) {
            match self.cells[n] {
                Cell::Empty => return Ok(()),
                Cell::Edge => {}
                c if c == own => {
                    if !self.in_atari(self.head[n] as usize) {
                        return Ok(());
                    }
                }
                _ => {
                    if self.in_atari(self.head[n] as usize) {
                        return Ok(());
                    }
                }
            }
        }
        Err(Refusal::Suicide)
    }

    /// Calls `f` with each cell of the stones a stone of `side` on `at` would capture
    /// (a playout keeps its set of empty points up to date with them).
    pub(crate) fn for_each_captured(&self, at: usize, side: Side, mut f: impl FnMut(usize)) {
        let theirs = Cell::of(side.opponent());
        let mut heads = [0usize; 4];
        let mut count = 0;
        for n in self.neighbours(at) {
            if self.cells[n] != theirs {
                continue;
            }
            let h = self.head_of(n);
            if heads[..count].contains(&h) || self.atari_liberty(h) != Some(at) {
                continue;
            }
            heads[count] = h;
            count += 1;
            let mut s = h;
            loop {
                f(s);
                s = self.next_stone(s);
                if s == h {
                    break;
                }
            }
        }
    }

    /// Plays a stone already checked with [`Board::check`]; returns stones captured.
    pub(crate) fn play_unchecked(&mut self, at: usize, side: Side) -> u32 {
        let own = Cell::of(side);
        self.cells[at] = own;
        self.hash ^= key(side, at);
        self.new_string(at);
        let nbrs = self.neighbours(at);
        for n in nbrs {
            if self.cells[n] == Cell::Empty {
                self.add_lib(at, n);
            }
        }
        for n in nbrs {
            if matches!(self.cells[n], Cell::Black | Cell::White) {
                // One pseudo-liberty per adjacency, also when two neighbours share a string.
                let h = self.head[n] as usize;
                self.remove_lib(h, at);
                let mine = self.head[at] as usize;
                if self.cells[n] == own && h != mine {
                    self.merge(mine, h);
                }
            }
        }
        let mut captured = 0;
        let mut last_captured = 0;
        for n in nbrs {
            if self.cells[n] != own && self.cells[n].side().is_some() {
                let h = self.head[n] as usize;
                if self.libs[h] == 0 {
                    captured += self.remove_string(h);
                    last_captured = n;
                }
            }
        }
        self.captures[side.index()] += captured;
        let mine = self.head[at] as usize;
        self.ko = if captured == 1 && self.stones[mine] == 1 && self.libs[mine] == 1 {
            last_captured
        } else {
            0
        };
        captured
    }

    /// Clears the simple-ko point (after a pass, the ko may be retaken).
    pub(crate) fn clear_ko(&mut self) {
        self.ko = 0;
    }

    fn new_string(&mut self, i: usize) {
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_sq[i] = 0;
    }

    fn add_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] += 1;
        self.lib_sum[h] += lib as u32;
        self.lib_sq[h] += (lib * lib) as u32;
    }

    fn remove_lib(&mut self, h: usize, lib: usize) {
        self.libs[h] = self.libs[h].saturating_sub(1);
        self.lib_sum[h] = self.lib_sum[h].saturating_sub(lib as u32);
        self.lib_sq[h] = self.lib_sq[h].saturating_sub((lib * lib) as u32);
    }

    /// Joins the strings with heads `a` and `b`; the larger keeps its head.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] { (a, b) } else { (b, a) };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
        self.lib_sum[big] += self.lib_sum[small];
        self.lib_sq[big] += self.lib_sq[small];
    }

    /// Takes the string with head `h` off the board; returns its size.
    fn remove_string(&mut self, h: usize) -> u32 {
        // Two walks round the string's circular list, which emptying its cells leaves
        // intact: first every stone goes, then each gives its neighbours a liberty.
        let mut s = h;
        let mut count = 0u32;
        loop {
            if let Some(side) = self.cells[s].side() {
                self.hash ^= key(side, s);
            }
            self.cells[s] = Cell::Empty;
            count += 1;
            s = self.next[s] as usize;
            if s == h || count as usize > MAX_CELLS {
                break;
            }
        }
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                if self.cells[n].side().is_some() {
                    let nh = self.head[n] as usize;
                    self.add_lib(nh, s);
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(file: u8, rank: u8) -> Point {
        Point::new(file, rank)
    }

    #[test]
    fn the_stones_a_move_would_capture_are_listed_before_it() {
        // Black's corner stones A1 and B1 have one liberty left, C1, once white holds A2
        // and B2: white on C1 takes both.
        let mut b = Board::new(9).unwrap();
        for (at, side) in [
            (p(0, 0), Side::First),
            (p(1, 0), Side::First),
            (p(0, 1), Side::Second),
            (p(1, 1), Side::Second),
            (p(4, 4), Side::First),
        ] {
            b.play(at, side).unwrap();
        }
        let mut out = Vec::new();
        b.for_each_captured(b.index(p(2, 0)), Side::First, |c| out.push(c));
        assert!(out.is_empty(), "black takes nothing of its own");
        b.for_each_captured(b.index(p(5, 5)), Side::Second, |c| out.push(c));
        assert!(out.is_empty(), "a stone far away takes nothing");
        b.for_each_captured(b.index(p(2, 0)), Side::Second, |c| out.push(c));
        out.sort_unstable();
        assert_eq!(out, vec![b.index(p(0, 0)), b.index(p(1, 0))]);
        assert_eq!(b.play(p(2, 0), Side::Second), Ok(2));
        assert!(out.iter().all(|&c| b.cell(c) == Cell::Empty));
    }

    #[test]
    fn corner_stone_is_captured_by_two() {
        let mut b = Board::new(9).unwrap();
        b.play(p(0, 0), Side::First).unwrap();
        assert_eq!(b.liberties(p(0, 0)), 2);
        b.play(p(1, 0), Side::Second).unwrap();
        assert!(b.in_atari(b.head_of(b.index(p(0, 0)))));
        assert_eq!(b.play(p(0, 1), Side::Second), Ok(1));
        assert_eq!(b.get(p(0, 0)), None);
        assert_eq!(b.captures(Side::Second), 1);
        assert_eq!(b.liberties(p(1, 0)), 3);
    }

    #[test]
    fn rebuild_matches_incremental_play() {
        let mut b = Board::new(9).unwrap();
        let moves = [(2, 2), (3, 3), (2, 3), (3, 2), (4, 4), (2, 4), (4, 2)];
        for (i, &(f, r)) in moves.iter().enumerate() {
            let side = if i % 2 == 0 { Side::First } else { Side::Second };
            b.play(p(f, r), side).unwrap();
        }
        let stones: Vec<_> = b.stones().collect();
        let mut c = Board::new(9).unwrap();
        assert!(c.set_stones(&stones));
        assert_eq!(b.hash(), c.hash());
        for q in b.points() {
            assert_eq!(b.liberties(q), c.liberties(q), "{q}");
        }
    }
}
