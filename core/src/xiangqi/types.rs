//! Small value types of xiangqi: squares, piece kinds, piece ids and moves.
//!
//! Squares are `u8` indices `rank * 9 + file` (0..90), the ICCS layout with red's back
//! rank at 0. Every piece on the board carries a stable id (1..=32) so that rules which
//! follow one piece over several moves (长捉) can name it; the id fixes the kind.

use std::fmt;

use crate::game::{PieceKind, Point, Side};

/// Number of points on the board.
pub const SQUARES: usize = 90;
/// "No square": a captured piece's location, or the end of a table row.
pub const NONE: u8 = 0xFF;

/// The seven kinds of xiangqi pieces, in the order the id ranges use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    General = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Chariot = 4,
    Cannon = 5,
    Soldier = 6,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// How many of this kind one side owns at most.
    pub const fn max_count(self) -> usize {
        match self {
            Kind::General => 1,
            Kind::Soldier => 5,
            _ => 2,
        }
    }

    /// The first id slot (0..16 within a side) used by this kind.
    pub const fn first_slot(self) -> usize {
        match self {
            Kind::General => 0,
            Kind::Advisor => 1,
            Kind::Elephant => 3,
            Kind::Horse => 5,
            Kind::Chariot => 7,
            Kind::Cannon => 9,
            Kind::Soldier => 11,
        }
    }

    /// The generic kind a UI draws.
    pub fn piece_kind(self) -> PieceKind {
        match self {
            Kind::General => PieceKind::General,
            Kind::Advisor => PieceKind::Advisor,
            Kind::Elephant => PieceKind::Elephant,
            Kind::Horse => PieceKind::Horse,
            Kind::Chariot => PieceKind::Chariot,
            Kind::Cannon => PieceKind::Cannon,
            Kind::Soldier => PieceKind::Soldier,
        }
    }

    /// The kind behind a generic piece kind, if it is a xiangqi one.
    pub fn from_piece_kind(kind: PieceKind) -> Option<Kind> {
        Some(match kind {
            PieceKind::General => Kind::General,
            PieceKind::Advisor => Kind::Advisor,
            PieceKind::Elephant => Kind::Elephant,
            PieceKind::Horse => Kind::Horse,
            PieceKind::Chariot => Kind::Chariot,
            PieceKind::Cannon => Kind::Cannon,
            PieceKind::Soldier => Kind::Soldier,
            _ => return None,
        })
    }

    /// FEN letter (upper case = red).
    pub fn fen_char(self, side: Side) -> char {
        let c = match self {
            Kind::General => 'k',
            Kind::Advisor => 'a',
            Kind::Elephant => 'b',
            Kind::Horse => 'n',
            Kind::Chariot => 'r',
            Kind::Cannon => 'c',
            Kind::Soldier => 'p',
        };
        if side == Side::First { c.to_ascii_uppercase() } else { c }
    }
}

/// Piece code: `kind + 1`, plus 8 for black. 0 is an empty point.
pub const fn code(side: usize, kind: Kind) -> u8 {
    (side as u8) * 8 + kind as u8 + 1
}

/// The code (side and kind) of each piece id; id 0 is "empty".
pub const ID_CODE: [u8; 33] = {
    let mut t = [0u8; 33];
    let mut side = 0;
    while side < 2 {
        let mut k = 0;
        while k < 7 {
            let kind = Kind::ALL[k];
            let mut n = 0;
            while n < kind.max_count() {
                t[1 + side * 16 + kind.first_slot() + n] = code(side, kind);
                n += 1;
            }
            k += 1;
        }
        side += 1;
    }
    t
};

/// Side index (0 red, 1 black) of a non-empty code.
pub const fn code_side(code: u8) -> usize {
    (code >> 3) as usize
}

/// Kind of a non-empty code.
pub const fn code_kind(code: u8) -> Kind {
    Kind::ALL[((code & 7) as usize + 6) % 7]
}

pub const fn file_of(sq: usize) -> usize {
    sq % 9
}

pub const fn rank_of(sq: usize) -> usize {
    sq / 9
}

/// The square of a point, if the point lies on the board.
pub fn square(p: Point) -> Option<u8> {
    (p.file < 9 && p.rank < 10).then(|| p.rank * 9 + p.file)
}

/// The point of a square.
pub fn point(sq: u8) -> Point {
    Point::new(sq % 9, sq / 9)
}

/// A move from one point to another. It says nothing about legality by itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    /// A move between two points, if both lie on the board.
    pub fn new(from: Point, to: Point) -> Option<Move> {
        Some(Move { from: square(from)?, to: square(to)? })
    }

    pub(crate) const fn from_squares(from: u8, to: u8) -> Move {
        Move { from, to }
    }

    pub fn from(self) -> Point {
        point(self.from)
    }

    pub fn to(self) -> Point {
        point(self.to)
    }

    pub(crate) const fn origin_sq(self) -> usize {
        self.from as usize
    }

    pub(crate) const fn to_sq(self) -> usize {
        self.to as usize
    }
}

/// ICCS text, e.g. `h2e2`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = |sq: u8| ((b'a' + sq % 9) as char, sq / 9);
        let (ff, fr) = p(self.from);
        let (tf, tr) = p(self.to);
        write!(f, "{ff}{fr}{tf}{tr}")
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// At most 114 pseudo-legal moves exist in any valid position (two chariots and two
/// cannons with 17 each, horses 16, soldiers 15, advisors 5, elephants 6, general 4).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves on the stack.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub fn new() -> Self {
        MoveList { moves: [Move::default(); MAX_MOVES], len: 0 }
    }

    /// Adds a move. A full list drops it; valid positions never fill one.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len.min(MAX_MOVES)]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    #[inline(always)]
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len.min(MAX_MOVES) {
            let m = self.moves[i];
            if keep(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for side in 0..2 {
            for kind in Kind::ALL {
                let c = code(side, kind);
                assert_eq!(code_side(c), side);
                assert_eq!(code_kind(c), kind);
            }
        }
        assert_eq!(ID_CODE[1], code(0, Kind::General));
        assert_eq!(ID_CODE[17], code(1, Kind::General));
        assert_eq!(ID_CODE[32], code(1, Kind::Soldier));
    }
}
