//! The position: a 90-point board of piece ids with bit-ranks and bit-files for the
//! sliders, incremental Zobrist key, and make/unmake.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::game::{Point, Side};

use super::tables::{FILE_LINE, HORSE_FROM, PIECE_KEYS, RANK_LINE, SIDE_KEY};
use super::types::{
    ID_CODE, Kind, Move, NONE, SQUARES, code, code_kind, code_side, file_of, rank_of, square,
};

/// What [`Position::make`] needs to take a move back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    pub(crate) captured: u8,
    halfmoves: u32,
    key: u64,
}

impl Undo {
    /// The piece id the move captured, 0 for none.
    pub fn captured_id(&self) -> u8 {
        self.captured
    }
}

/// A valid xiangqi position: exactly one general each, every piece on a point its kind
/// may stand on, and the side that just moved not in check. Build one from a FEN with
/// [`Position::from_fen`] or start with [`Position::startpos`].
#[derive(Clone)]
pub struct Position {
    /// Piece id on each point, 0 when empty.
    pub(crate) board: [u8; SQUARES],
    /// Square of each piece id, `NONE` once captured.
    pub(crate) squares: [u8; 33],
    /// Occupancy of each rank, bit = file.
    pub(crate) rank_bits: [u16; 10],
    /// Occupancy of each file, bit = rank.
    pub(crate) file_bits: [u16; 9],
    pub(crate) turn: Side,
    pub(crate) key: u64,
    /// Plies since the last capture (the FEN half-move clock).
    pub(crate) halfmoves: u32,
    /// Full-move number, starting at 1 and growing after black's move.
    pub(crate) fullmoves: u32,
}

/// Index 0 for red, 1 for black.
#[inline(always)]
pub(crate) fn si(side: Side) -> usize {
    side.index()
}

/// The side of a side index.
pub(crate) fn side_of(s: usize) -> Side {
    if s == 0 { Side::First } else { Side::Second }
}

impl Position {
    /// An empty board (no generals: not a valid position until filled by the FEN reader).
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; SQUARES],
            squares: [NONE; 33],
            rank_bits: [0; 10],
            file_bits: [0; 9],
            turn: Side::First,
            key: 0,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Puts piece `id` on an empty square `sq` (set-up only).
    pub(crate) fn put(&mut self, id: u8, sq: usize) {
        self.board[sq] = id;
        self.squares[id as usize] = sq as u8;
        self.rank_bits[rank_of(sq)] |= 1 << file_of(sq);
        self.file_bits[file_of(sq)] |= 1 << rank_of(sq);
        self.key ^= PIECE_KEYS[ID_CODE[id as usize] as usize][sq];
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist key of placement and side to move.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The piece on a point: its side and kind.
    pub fn piece_at(&self, p: Point) -> Option<(Side, Kind)> {
        let sq = square(p)?;
        self.piece_on(sq as usize)
    }

    pub(crate) fn piece_on(&self, sq: usize) -> Option<(Side, Kind)> {
        let c = self.code_on(sq);
        (c != 0).then(|| (side_of(code_side(c)), code_kind(c)))
    }

    /// The piece id on a point (stable while the piece lives), if any.
    pub fn piece_id_at(&self, p: Point) -> Option<u8> {
        let sq = square(p)?;
        let id = self.board[sq as usize];
        (id != 0).then_some(id)
    }

    #[inline(always)]
    pub(crate) fn code_on(&self, sq: usize) -> u8 {
        ID_CODE[self.board[sq] as usize]
    }

    /// Square of the general of side index `s` (always present in a valid position).
    #[inline(always)]
    pub(crate) fn general_sq(&self, s: usize) -> usize {
        self.squares[1 + 16 * s] as usize
    }

    /// All pieces with their squares, ids and kinds.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = (usize, u8, Side, Kind)> + '_ {
        (1..33u8).filter_map(move |id| {
            let sq = self.squares[id as usize];
            (sq != NONE).then(|| {
                let c = ID_CODE[id as usize];
                (sq as usize, id, side_of(code_side(c)), code_kind(c))
            })
        })
    }

    /// How many pieces of a kind a side has.
    pub fn count(&self, side: Side, kind: Kind) -> usize {
        let base = 1 + 16 * si(side) + kind.first_slot();
        (base..base + kind.max_count()).filter(|&id| self.squares[id] != NONE).count()
    }

    #[inline(always)]
    fn move_bits(&mut self, from: usize, to: usize) {
        self.rank_bits[rank_of(from)] &= !(1 << file_of(from));
        self.file_bits[file_of(from)] &= !(1 << rank_of(from));
        self.rank_bits[rank_of(to)] |= 1 << file_of(to);
        self.file_bits[file_of(to)] |= 1 << rank_of(to);
    }

    #[inline(always)]
    fn unmove_bits(&mut self, from: usize, to: usize, captured: bool) {
        self.rank_bits[rank_of(from)] |= 1 << file_of(from);
        self.file_bits[file_of(from)] |= 1 << rank_of(from);
        if !captured {
            self.rank_bits[rank_of(to)] &= !(1 << file_of(to));
            self.file_bits[file_of(to)] &= !(1 << rank_of(to));
        }
    }

    /// Plays a move without checking it: for search and perft, whose moves come from
    /// [`Position::legal_moves`]. The move must be legal; anything else breaks the
    /// position's invariants. Moves from outside go through [`Position::play`].
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        let (from, to) = (m.origin_sq(), m.to_sq());
        let id = self.board[from];
        let cap = self.board[to];
        let undo = Undo { captured: cap, halfmoves: self.halfmoves, key: self.key };
        let c = ID_CODE[id as usize] as usize;
        self.key ^= PIECE_KEYS[c][from] ^ PIECE_KEYS[c][to] ^ SIDE_KEY;
        if cap != 0 {
            self.key ^= PIECE_KEYS[ID_CODE[cap as usize] as usize][to];
            self.squares[cap as usize] = NONE;
            self.halfmoves = 0;
        } else {
            self.halfmoves += 1;
        }
        self.board[to] = id;
        self.board[from] = 0;
        self.squares[id as usize] = to as u8;
        self.move_bits(from, to);
        if self.turn == Side::Second {
            self.fullmoves += 1;
        }
        self.turn = self.turn.opponent();
        undo
    }

    /// Takes back a move made with [`Position::make`].
    #[inline]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let (from, to) = (m.origin_sq(), m.to_sq());
        let id = self.board[to];
        self.board[from] = id;
        self.board[to] = undo.captured;
        self.squares[id as usize] = from as u8;
        if undo.captured != 0 {
            self.squares[undo.captured as usize] = to as u8;
        }
        self.unmove_bits(from, to, undo.captured != 0);
        self.turn = self.turn.opponent();
        if self.turn == Side::Second {
            self.fullmoves -= 1;
        }
        self.halfmoves = undo.halfmoves;
        self.key = undo.key;
    }

    /// Moves only the pieces (no key, clocks or turn): for legality tests.
    #[inline(always)]
    pub(crate) fn make_light(&mut self, from: usize, to: usize) -> u8 {
        let id = self.board[from];
        let cap = self.board[to];
        if cap != 0 {
            self.squares[cap as usize] = NONE;
        }
        self.board[to] = id;
        self.board[from] = 0;
        self.squares[id as usize] = to as u8;
        self.move_bits(from, to);
        cap
    }

    #[inline(always)]
    pub(crate) fn unmake_light(&mut self, from: usize, to: usize, cap: u8) {
        let id = self.board[to];
        self.board[from] = id;
        self.board[to] = cap;
        self.squares[id as usize] = from as u8;
        if cap != 0 {
            self.squares[cap as usize] = to as u8;
        }
        self.unmove_bits(from, to, cap != 0);
    }

    /// Whether the general of side index `s` is attacked (including by the facing
    /// general along an open file).
    #[inline]
    pub(crate) fn general_attacked(&self, s: usize) -> bool {
        let k = self.general_sq(s);
        self.attacked_by(k, 1 - s, true)
    }

    /// Whether side index `by` attacks square `k` with a chariot, cannon, horse or
    /// soldier, or (when `general_flies`) with its general along an open file.
    #[inline]
    pub(crate) fn attacked_by(&self, k: usize, by: usize, general_flies: bool) -> bool {
        let (f, r) = (file_of(k), rank_of(k));
        let chariot = code(by, Kind::Chariot);
        let cannon = code(by, Kind::Cannon);
        let general = if general_flies { code(by, Kind::General) } else { chariot };
        let e = RANK_LINE[f][self.rank_bits[r] as usize];
        let base = r * 9;
        if (e[0] != NONE && self.code_on(base + e[0] as usize) == chariot)
            || (e[1] != NONE && self.code_on(base + e[1] as usize) == chariot)
            || (e[2] != NONE && self.code_on(base + e[2] as usize) == cannon)
            || (e[3] != NONE && self.code_on(base + e[3] as usize) == cannon)
        {
            return true;
        }
        let e = FILE_LINE[r][self.file_bits[f] as usize];
        for (i, want) in [(0, chariot), (1, chariot), (2, cannon), (3, cannon)] {
            if e[i] != NONE {
                let c = self.code_on(e[i] as usize * 9 + f);
                if c == want || (i < 2 && c == general) {
                    return true;
                }
            }
        }
        let horse = code(by, Kind::Horse);
        for &(h, leg) in HORSE_FROM[k].iter() {
            if h == NONE {
                break;
            }
            if self.board[leg as usize] == 0 && self.code_on(h as usize) == horse {
                return true;
            }
        }
        let soldier = code(by, Kind::Soldier);
        // A soldier attacks forward, and sideways once across the river.
        if by == 0 {
            if r > 0 && self.code_on(k - 9) == soldier {
                return true;
            }
            if r >= 5 {
                if f > 0 && self.code_on(k - 1) == soldier {
                    return true;
                }
                if f < 8 && self.code_on(k + 1) == soldier {
                    return true;
                }
            }
        } else {
            if r < 9 && self.code_on(k + 9) == soldier {
                return true;
            }
            if r <= 4 {
                if f > 0 && self.code_on(k - 1) == soldier {
                    return true;
                }
                if f < 8 && self.code_on(k + 1) == soldier {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.general_attacked(si(self.turn))
    }

    /// Whether the given side's general is attacked.
    pub fn is_general_attacked(&self, side: Side) -> bool {
        self.general_attacked(si(side))
    }

    /// Whether the two generals face each other on an open file (对面笑).
    pub fn generals_facing(&self) -> bool {
        let (r, b) = (self.general_sq(0), self.general_sq(1));
        if file_of(r) != file_of(b) {
            return false;
        }
        let e = FILE_LINE[rank_of(r)][self.file_bits[file_of(r)] as usize];
        e[1] as usize == rank_of(b)
    }

    /// Placement, side and clocks equal; piece ids are ignored.
    fn same_as(&self, other: &Position) -> bool {
        self.turn == other.turn
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && (0..SQUARES).all(|sq| self.code_on(sq) == other.code_on(sq))
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.same_as(other)
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Position").field(&self.to_fen()).finish()
    }
}

impl fmt::Display for Position {
    /// The FEN of the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}
