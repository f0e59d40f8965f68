//! The gomoku board: a 15×15 or 19×19 grid of intersections holding black and white
//! stones, stored with a wall border so line scans never need bounds checks.

use std::fmt;

use crate::game::{Point, Side};

/// Board sizes the rules allow. 15×15 is the competition board; 19×19 is the Go
/// board that traditional 五子棋 was played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardSize {
    #[default]
    Fifteen,
    Nineteen,
}

impl BoardSize {
    /// Number of lines in each direction.
    pub const fn lines(self) -> u8 {
        match self {
            BoardSize::Fifteen => 15,
            BoardSize::Nineteen => 19,
        }
    }

    /// The size with `lines` lines, if the rules allow it.
    pub fn from_lines(lines: u32) -> Option<BoardSize> {
        match lines {
            15 => Some(BoardSize::Fifteen),
            19 => Some(BoardSize::Nineteen),
            _ => None,
        }
    }

    /// The centre point, 天元 (h8 on 15×15, k10 on 19×19).
    pub const fn center(self) -> Point {
        let c = self.lines() / 2;
        Point::new(c, c)
    }

    /// Whether `p` lies on a board of this size.
    pub const fn contains(self, p: Point) -> bool {
        p.file < self.lines() && p.rank < self.lines()
    }

    /// The star points (星位) drawn as dots, 天元 included.
    pub fn star_points(self) -> Vec<Point> {
        let coords: &[u8] = match self {
            BoardSize::Fifteen => &[3, 11],
            BoardSize::Nineteen => &[3, 9, 15],
        };
        let mut points = Vec::new();
        for &r in coords {
            for &f in coords {
                points.push(Point::new(f, r));
            }
        }
        let c = self.center();
        if !points.contains(&c) {
            points.push(c);
        }
        points
    }
}

/// A stone colour. Black is the first player (`Side::First`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The other colour.
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// The player who owns this colour.
    pub const fn side(self) -> Side {
        match self {
            Stone::Black => Side::First,
            Stone::White => Side::Second,
        }
    }

    /// The colour a player owns.
    pub const fn of(side: Side) -> Stone {
        match side {
            Side::First => Stone::Black,
            Side::Second => Stone::White,
        }
    }

    /// 黑 or 白.
    pub const fn chinese(self) -> &'static str {
        match self {
            Stone::Black => "黑",
            Stone::White => "白",
        }
    }

    pub(crate) const fn cell(self) -> Cell {
        match self {
            Stone::Black => Cell::Black,
            Stone::White => Cell::White,
        }
    }
}

/// What one slot of the padded array holds. `Wall` marks the border and, on a 15×15
/// board, the unused part of the 19×19 array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Cell {
    Empty,
    Black,
    White,
    Wall,
}

/// Row stride of the padded array: 19 lines plus a wall column on each side.
pub(crate) const STRIDE: usize = 21;
const SLOTS: usize = STRIDE * STRIDE;

/// The four line directions as steps in the padded array: horizontal (阳线), vertical
/// (阳线), and the two diagonals (阴线).
pub(crate) const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// The four line directions, named for lessons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// 横: along a rank.
    Horizontal,
    /// 竖: along a file.
    Vertical,
    /// 斜 up and to the right.
    Diagonal,
    /// 斜 up and to the left.
    AntiDiagonal,
}

impl Direction {
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];

    /// The step from one point to the next along this line, as (file, rank).
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (-1, 1),
        }
    }

    /// 横, 竖, 斜 or 反斜.
    pub const fn chinese(self) -> &'static str {
        match self {
            Direction::Horizontal => "横",
            Direction::Vertical => "竖",
            Direction::Diagonal => "斜",
            Direction::AntiDiagonal => "反斜",
        }
    }
}

/// A board of stones. It knows nothing about turns or rules; [`super::Game`] does.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    cells: [Cell; SLOTS],
    stones: u16,
}

/// What is wrong with a text diagram of a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    #[error("the diagram has {rows} rows, more than the {lines} lines of the board")]
    TooManyRows { rows: usize, lines: u8 },
    #[error(
        "row {row} of the diagram has {columns} points, more than the {lines} lines of the board"
    )]
    TooManyColumns { row: usize, columns: usize, lines: u8 },
    #[error(
        "row {row} of the diagram has '{found}', expected X or ● for black, O or ○ for white, . or + for empty"
    )]
    BadChar { row: usize, found: char },
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut cells = [Cell::Wall; SLOTS];
        let n = size.lines() as usize;
        for rank in 0..n {
            for file in 0..n {
                cells[(rank + 1) * STRIDE + file + 1] = Cell::Empty;
            }
        }
        Board { size, cells, stones: 0 }
    }

    /// Reads a diagram: one text row per rank, top rank first, anchored at the top-left
    /// corner (a15 on 15×15); missing rows and columns are empty. `X`/`x`/`B`/`●` is
    /// black, `O`/`o`/`W`/`○` white, `.`/`+`/`-` empty; spaces are ignored.
    pub fn from_diagram(size: BoardSize, text: &str) -> Result<Board, DiagramError> {
        let lines = size.lines();
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() > lines as usize {
            return Err(DiagramError::TooManyRows { rows: rows.len(), lines });
        }
        let mut board = Board::new(size);
        for (row, text) in rows.iter().enumerate() {
            let points: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if points.len() > lines as usize {
                return Err(DiagramError::TooManyColumns { row, columns: points.len(), lines });
            }
            let rank = lines - 1 - row as u8;
            for (file, &c) in points.iter().enumerate() {
                let stone = match c {
                    'X' | 'x' | 'B' | '●' => Some(Stone::Black),
                    'O' | 'o' | 'W' | '○' => Some(Stone::White),
                    '.' | '+' | '-' => None,
                    found => return Err(DiagramError::BadChar { row, found }),
                };
                if let Some(stone) = stone {
                    board.set(Point::new(file as u8, rank), Some(stone));
                }
            }
        }
        Ok(board)
    }

    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones as usize
    }

    /// Whether every point holds a stone.
    pub fn is_full(&self) -> bool {
        let n = self.size.lines() as usize;
        self.stone_count() == n * n
    }

    /// The stone on `p`, or `None` for an empty point or a point off the board.
    pub fn get(&self, p: Point) -> Option<Stone> {
        match self.index(p).map(|i| self.cells[i]) {
            Some(Cell::Black) => Some(Stone::Black),
            Some(Cell::White) => Some(Stone::White),
            _ => None,
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.cells[i] == Cell::Empty)
    }

    /// Puts a stone on `p` or clears it. Points off the board are ignored, and the
    /// method reports whether it changed anything.
    pub fn set(&mut self, p: Point, stone: Option<Stone>) -> bool {
        let Some(i) = self.index(p) else { return false };
        let new = stone.map_or(Cell::Empty, Stone::cell);
        self.set_cell(i, new);
        true
    }

    /// Every point on the board, rank by rank from a1.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let n = self.size.lines();
        (0..n).flat_map(move |rank| (0..n).map(move |file| Point::new(file, rank)))
    }

    /// Every stone on the board with its point.
    pub fn stones(&self) -> Vec<(Point, Stone)> {
        self.points().filter_map(|p| self.get(p).map(|s| (p, s))).collect()
    }

    /// Index into the padded array, if `p` is on the board.
    pub(crate) fn index(&self, p: Point) -> Option<usize> {
        if self.size.contains(p) {
            Some((p.rank as usize + 1) * STRIDE + p.file as usize + 1)
        } else {
            None
        }
    }

    /// The slot at `i`; anything outside the array reads as wall.
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> Cell {
        self.cells.get(i).copied().unwrap_or(Cell::Wall)
    }

    /// Writes a slot; walls are never overwritten.
    #[inline]
    pub(crate) fn set_cell(&mut self, i: usize, new: Cell) {
        let Some(slot) = self.cells.get_mut(i) else { return };
        if *slot == Cell::Wall || new == Cell::Wall {
            return;
        }
        match (*slot == Cell::Empty, new == Cell::Empty) {
            (true, false) => self.stones += 1,
            (false, true) => self.stones -= 1,
            _ => {}
        }
        *slot = new;
    }

    /// The line through `i` in direction `step`: slot `CENTER` is `i` itself and slots
    /// beyond the first wall on each side read as wall.
    #[inline]
    pub(crate) fn window(&self, i: usize, step: usize) -> [Cell; WINDOW] {
        let mut w = [Cell::Wall; WINDOW];
        w[CENTER] = self.cell(i);
        let mut at = i;
        for k in 1..=CENTER {
            at = at.wrapping_add(step);
            let c = self.cell(at);
            if c == Cell::Wall {
                break;
            }
            w[CENTER + k] = c;
        }
        let mut at = i;
        for k in 1..=CENTER {
            at = at.wrapping_sub(step);
            let c = self.cell(at);
            if c == Cell::Wall {
                break;
            }
            w[CENTER - k] = c;
        }
        w
    }
}

/// Width of a line window: the point and five points on each side, which is all a
/// five, an overline test or a straight four through the point can touch.
pub(crate) const WINDOW: usize = 11;
/// The window slot of the point itself.
pub(crate) const CENTER: usize = 5;

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}

/// The board as a diagram with coordinates, top rank first: `X` black, `O` white.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.lines();
        for rank in (0..n).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..n {
                let c = match self.get(Point::new(file, rank)) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                };
                write!(f, "{c}")?;
                if file + 1 < n {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for file in 0..n {
            write!(f, "{}", (b'a' + file) as char)?;
            if file + 1 < n {
                write!(f, " ")?;
            }
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_stop_at_the_wall() {
        let mut b = Board::new(BoardSize::Fifteen);
        b.set(Point::new(0, 0), Some(Stone::Black));
        b.set(Point::new(1, 0), Some(Stone::White));
        let i = b.index(Point::new(0, 0)).unwrap_or_default();
        let w = b.window(i, DIRECTIONS[0]);
        assert_eq!(w[CENTER], Cell::Black);
        assert_eq!(w[CENTER + 1], Cell::White);
        assert_eq!(w[CENTER - 1], Cell::Wall);
        assert_eq!(b.stone_count(), 2);
    }

    #[test]
    fn diagrams_round_trip_through_display() {
        let b =
            Board::from_diagram(BoardSize::Fifteen, "X.O\n.X.").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.get(Point::new(0, 14)), Some(Stone::Black));
        assert_eq!(b.get(Point::new(2, 14)), Some(Stone::White));
        assert_eq!(b.get(Point::new(1, 13)), Some(Stone::Black));
        assert!(b.to_string().contains("15 X . O"));
    }

    #[test]
    fn star_points() {
        assert_eq!(BoardSize::Fifteen.star_points().len(), 5);
        assert_eq!(BoardSize::Nineteen.star_points().len(), 9);
        assert!(BoardSize::Fifteen.star_points().contains(&Point::new(7, 7)));
    }
}
