//! Move generation: pseudo-legal moves per piece, the legality filter (a move may not
//! leave its own general attacked), and perft.

use crate::game::{Point, Side};

use super::position::{Position, si};
use super::tables::{
    ADVISOR_TO, ELEPHANT_TO, FILE_LINE, GENERAL_TO, HORSE_TO, Leaps, RANK_LINE, SOLDIER_TO,
};
use super::types::{ID_CODE, Kind, Move, MoveList, NONE, code_kind, code_side, file_of, rank_of};

/// Whether square `a` and `b` share a rank or a file.
#[inline(always)]
fn aligned(a: usize, b: usize) -> bool {
    file_of(a) == file_of(b) || rank_of(a) == rank_of(b)
}

/// Whether `a` is diagonally next to `b` (a horse leg of an attack on `b`).
#[inline(always)]
fn diagonal_neighbour(a: usize, b: usize) -> bool {
    file_of(a).abs_diff(file_of(b)) == 1 && rank_of(a).abs_diff(rank_of(b)) == 1
}

impl Position {
    #[inline(always)]
    fn own(&self, sq: usize, s: usize) -> bool {
        let c = ID_CODE[self.board[sq] as usize];
        c != 0 && code_side(c) == s
    }

    #[inline(always)]
    fn leaps<const N: usize>(&self, table: &Leaps<N>, from: usize, s: usize, list: &mut MoveList) {
        for &(to, block) in table[from].iter() {
            if to == NONE {
                break;
            }
            if (block == NONE || self.board[block as usize] == 0) && !self.own(to as usize, s) {
                list.push(Move::from_squares(from as u8, to));
            }
        }
    }

    /// Chariot (`cannon == false`) or cannon moves along both lines.
    #[inline(always)]
    fn slides(&self, from: usize, s: usize, cannon: bool, list: &mut MoveList) {
        let (f, r) = (file_of(from), rank_of(from));
        let fr = from as u8;
        let e = RANK_LINE[f][self.rank_bits[r] as usize];
        let base = r * 9;
        let lo = if e[0] == NONE { 0 } else { e[0] as usize + 1 };
        let hi = if e[1] == NONE { 9 } else { e[1] as usize };
        for x in lo..hi {
            if x != f {
                list.push(Move::from_squares(fr, (base + x) as u8));
            }
        }
        let (a, b) = if cannon { (e[2], e[3]) } else { (e[0], e[1]) };
        for t in [a, b] {
            if t != NONE {
                let to = base + t as usize;
                if self.board[to] != 0 && !self.own(to, s) {
                    list.push(Move::from_squares(fr, to as u8));
                }
            }
        }
        let e = FILE_LINE[r][self.file_bits[f] as usize];
        let lo = if e[0] == NONE { 0 } else { e[0] as usize + 1 };
        let hi = if e[1] == NONE { 10 } else { e[1] as usize };
        for y in lo..hi {
            if y != r {
                list.push(Move::from_squares(fr, (y * 9 + f) as u8));
            }
        }
        let (a, b) = if cannon { (e[2], e[3]) } else { (e[0], e[1]) };
        for t in [a, b] {
            if t != NONE {
                let to = t as usize * 9 + f;
                if self.board[to] != 0 && !self.own(to, s) {
                    list.push(Move::from_squares(fr, to as u8));
                }
            }
        }
    }

    /// Pseudo-legal moves of the piece on `from` (which belongs to side index `s`).
    #[inline(always)]
    pub(crate) fn piece_moves(&self, from: usize, s: usize, list: &mut MoveList) {
        let c = ID_CODE[self.board[from] as usize];
        if c == 0 {
            return;
        }
        match code_kind(c) {
            Kind::General => self.leaps(&GENERAL_TO, from, s, list),
            Kind::Advisor => self.leaps(&ADVISOR_TO, from, s, list),
            Kind::Elephant => self.leaps(&ELEPHANT_TO, from, s, list),
            Kind::Horse => self.leaps(&HORSE_TO, from, s, list),
            Kind::Chariot => self.slides(from, s, false, list),
            Kind::Cannon => self.slides(from, s, true, list),
            Kind::Soldier => self.leaps(&SOLDIER_TO[s], from, s, list),
        }
    }

    /// All pseudo-legal moves of side index `s`, ignoring whose turn it is.
    pub(crate) fn pseudo_moves(&self, s: usize, list: &mut MoveList) {
        let base = 1 + 16 * s;
        for id in base..base + 16 {
            let sq = self.squares[id];
            if sq != NONE {
                self.piece_moves(sq as usize, s, list);
            }
        }
    }

    /// Whether the pseudo-legal move `from → to` of side index `s` keeps its general safe.
    #[inline(always)]
    pub(crate) fn keeps_general_safe(&mut self, from: usize, to: usize, s: usize) -> bool {
        let cap = self.make_light(from, to);
        let safe = !self.general_attacked(s);
        self.unmake_light(from, to, cap);
        safe
    }

    /// Removes moves of side index `s` that would leave its general attacked. Only moves
    /// that touch the general's lines or horse legs, or the general itself, can do that
    /// when not already in check.
    #[inline]
    fn filter_legal(&mut self, s: usize, list: &mut MoveList) {
        let k = self.general_sq(s);
        let in_check = self.general_attacked(s);
        list.retain(|m| {
            let (from, to) = (m.origin_sq(), m.to_sq());
            if in_check
                || from == k
                || aligned(from, k)
                || aligned(to, k)
                || diagonal_neighbour(from, k)
            {
                self.keeps_general_safe(from, to, s)
            } else {
                true
            }
        });
    }

    /// Legal moves of the side to move, computed in place (no copy).
    #[inline]
    pub(crate) fn legal_moves_mut(&mut self, list: &mut MoveList) {
        let s = si(self.turn);
        self.pseudo_moves(s, list);
        self.filter_legal(s, list);
    }

    /// All legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().legal_moves_mut(&mut list);
        list
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Whether a move is legal here: the side to move's piece can go there by its rules
    /// and its general is not left attacked. Cheap: only that piece's moves are made.
    pub fn is_legal(&self, m: Move) -> bool {
        let (from, to) = (m.origin_sq(), m.to_sq());
        let s = si(self.turn);
        if !self.own(from, s) {
            return false;
        }
        let mut list = MoveList::new();
        self.piece_moves(from, s, &mut list);
        list.contains(m) && self.clone().keeps_general_safe(from, to, s)
    }

    /// Legal moves of the piece on `from`, if it belongs to the side to move.
    pub fn legal_moves_from(&self, from: Point) -> MoveList {
        let mut list = MoveList::new();
        let Some(sq) = super::types::square(from) else { return list };
        let s = si(self.turn);
        if self.own(sq as usize, s) {
            let mut pos = self.clone();
            pos.piece_moves(sq as usize, s, &mut list);
            pos.filter_legal(s, &mut list);
        }
        list
    }

    /// Where the piece on `from` may legally go ("tap a piece, see its targets").
    /// Empty when the point is empty, off the board, or holds the opponent's piece.
    pub fn legal_targets(&self, from: Point) -> Vec<Point> {
        self.legal_moves_from(from).iter().map(|m| m.to()).collect()
    }

    /// The pieces of `by` that attack `at` by their movement rules (a chariot or cannon
    /// along its line, a horse whose leg is free, …), whether `at` is empty or holds a
    /// piece of either side. Legality (pins) is not considered; the general counts along
    /// an open file as well as one step inside its palace.
    pub fn attackers(&self, at: Point, by: Side) -> Vec<Point> {
        let Some(target) = super::types::square(at) else { return Vec::new() };
        let t = target as usize;
        let (tf, tr) = (file_of(t), rank_of(t));
        let s = si(by);
        let mut out = Vec::new();
        for (from, _, side, kind) in self.pieces() {
            if side != by || from == t {
                continue;
            }
            let (ff, fr) = (file_of(from), rank_of(from));
            // Blockers seen from `from` along the shared line, with `at` counted as occupied.
            let line = if fr == tr {
                Some((RANK_LINE[ff][(self.rank_bits[fr] | 1 << tf) as usize], tf as u8))
            } else if ff == tf {
                Some((FILE_LINE[fr][(self.file_bits[ff] | 1 << tr) as usize], tr as u8))
            } else {
                None
            };
            let leaps = |table: &[(u8, u8)]| {
                table.iter().take_while(|p| p.0 != NONE).any(|&(to, block)| {
                    to as usize == t && (block == NONE || self.board[block as usize] == 0)
                })
            };
            let hit = match kind {
                Kind::Chariot => line.is_some_and(|(e, x)| e[0] == x || e[1] == x),
                Kind::Cannon => line.is_some_and(|(e, x)| e[2] == x || e[3] == x),
                Kind::General => {
                    leaps(&GENERAL_TO[from])
                        || (ff == tf
                            && line.is_some_and(|(e, x)| e[0] == x || e[1] == x)
                            && self.piece_on(t).is_some_and(|(_, k)| k == Kind::General))
                }
                Kind::Advisor => leaps(&ADVISOR_TO[from]),
                Kind::Elephant => leaps(&ELEPHANT_TO[from]),
                Kind::Horse => leaps(&HORSE_TO[from]),
                Kind::Soldier => leaps(&SOLDIER_TO[s][from]),
            };
            if hit {
                out.push(super::types::point(from as u8));
            }
        }
        out
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.clone().perft_in_place(depth)
    }

    fn perft_in_place(&mut self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves_mut(&mut list);
        if depth <= 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &m in list.iter() {
            let undo = self.make(m);
            nodes += self.perft_in_place(depth - 1);
            self.unmake(m, undo);
        }
        nodes
    }

    /// Perft split by the first move, in generation order.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut pos = self.clone();
        let mut list = MoveList::new();
        pos.legal_moves_mut(&mut list);
        list.iter()
            .map(|&m| {
                let undo = pos.make(m);
                let n = if depth <= 1 { 1 } else { pos.perft_in_place(depth - 1) };
                pos.unmake(m, undo);
                (m, n)
            })
            .collect()
    }
}
