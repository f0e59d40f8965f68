//! Go knowledge for the search: what a move captures or saves, self-atari, and the
//! playouts that use it. A playout answers the last move first (take a string it left
//! in atari, save one's own string it put in atari unless it only runs into a ladder),
//! then a 3×3 shape next to it (hane, cut, edge block), else plays a random point that
//! is neither one's own eye nor a self-atari (a throw-in aside), and never fills its own
//! eyes.

use crate::Rng;
use crate::game::Side;
use crate::go::board::{Board, Cell, MAX_CELLS};
use crate::go::nakade::sacrifice_kills;
use crate::go::playout::{is_eye, owner_of};

use super::replies::Replies;
use super::{ladder, patterns};

/// The cell index that stands for a pass (cell 0 is an edge cell, never a point).
pub(crate) const PASS: usize = 0;
/// Boards from this size on are big: their trees skip empty low points, and their
/// priors favour the third and fourth lines.
pub(crate) const BIG_BOARD: u8 = 13;
/// The share of a big board's points covered by stones at which its opening ends.
pub(crate) const OPENING_SHARE: f32 = 0.35;

/// The strings of `side` next to `at`, each once: their heads, and how many there are.
pub(crate) fn strings_next_to(board: &Board, at: usize, side: Side) -> ([usize; 4], usize) {
    let mut heads = [0usize; 4];
    let mut count = 0;
    for n in board.neighbours(at) {
        if board.cell(n).side() == Some(side) {
            let h = board.head_of(n);
            if !heads[..count].contains(&h) {
                heads[count] = h;
                count += 1;
            }
        }
    }
    (heads, count)
}

/// Stones in the strings of `side` next to `at` that are in atari.
fn stones_in_atari_next_to(board: &Board, at: usize, side: Side) -> usize {
    let (heads, count) = strings_next_to(board, at, side);
    heads[..count].iter().filter(|&&h| board.in_atari(h)).map(|&h| board.string_size(h)).sum()
}

/// Stones a stone of `side` on `at` would capture (each adjacent string in atari once).
pub(crate) fn captures(board: &Board, at: usize, side: Side) -> usize {
    stones_in_atari_next_to(board, at, side.opponent())
}

/// Liberties (up to `cap`) the string of a stone of `side` on `at` would have, not
/// counting captures.
pub(crate) fn liberties_after(board: &Board, at: usize, side: Side, cap: usize) -> usize {
    let own = Cell::of(side);
    let mut libs = [0usize; 8];
    let mut count = 0;
    let add = |l: usize, libs: &mut [usize; 8], count: &mut usize| {
        if l != at && *count < cap && !libs[..*count].contains(&l) {
            libs[*count] = l;
            *count += 1;
        }
    };
    let mut heads = [0usize; 4];
    for (k, n) in board.neighbours(at).into_iter().enumerate() {
        match board.cell(n) {
            Cell::Empty => add(n, &mut libs, &mut count),
            c if c == own => {
                let h = board.head_of(n);
                if heads[..k].contains(&h) {
                    continue;
                }
                heads[k] = h;
                let mut s = h;
                loop {
                    for l in board.neighbours(s) {
                        if board.cell(l) == Cell::Empty {
                            add(l, &mut libs, &mut count);
                        }
                    }
                    if count >= cap {
                        return count;
                    }
                    s = board.next_stone(s);
                    if s == h {
                        break;
                    }
                }
            }
            _ => {}
        }
        if count >= cap {
            return count;
        }
    }
    count
}

/// Size of the string a stone of `side` on `at` would make.
fn joined_size(board: &Board, at: usize, side: Side) -> usize {
    let (heads, count) = strings_next_to(board, at, side);
    1 + heads[..count].iter().map(|&h| board.string_size(h)).sum::<usize>()
}

/// Whether a stone of `side` on `at` would be left in atari without capturing anything:
/// returns the size of the string that would be in atari, or 0.
pub(crate) fn self_atari(board: &Board, at: usize, side: Side) -> usize {
    let empty = board.neighbours(at).iter().filter(|&&n| board.cell(n) == Cell::Empty).count();
    if empty >= 2 || captures(board, at, side) > 0 {
        return 0;
    }
    if liberties_after(board, at, side, 2) >= 2 { 0 } else { joined_size(board, at, side) }
}

/// Whether a stone of `side` on `at` is a throw-in: it leaves at most two stones of its
/// own in atari, but puts a string of the opponent in atari too, which must then take
/// them. Taking them leaves an eye space of one or two points, one eye at most, so a
/// group whose last two liberties are shared with a lone stone inside it dies to it. A
/// sacrifice of three to five stones counts too when the stones taken leave a dead
/// eye shape ([`sacrifice_kills`]); a true seki is left alone.
pub(crate) fn throw_in(board: &Board, at: usize, side: Side) -> bool {
    throw_in_of(board, at, side, self_atari(board, at, side))
}

/// [`throw_in`] for a move whose [`self_atari`] size is already known.
pub(crate) fn throw_in_of(board: &Board, at: usize, side: Side, self_atari: usize) -> bool {
    match self_atari {
        0 => return false,
        1 | 2 => {}
        _ => return sacrifice_kills(board, at, side),
    }
    let (heads, count) = strings_next_to(board, at, side.opponent());
    heads[..count].iter().any(|&h| board.liberties_up_to(h, 3) == 2)
}

/// Stones of `side` in atari next to `at` that a stone on `at` saves (the string then
/// has two liberties or more, or the stone captures an attacker).
pub(crate) fn saves(board: &Board, at: usize, side: Side) -> usize {
    let in_atari = stones_in_atari_next_to(board, at, side);
    if in_atari == 0 {
        return 0;
    }
    if captures(board, at, side) > 0 || liberties_after(board, at, side, 2) >= 2 {
        in_atari
    } else {
        0
    }
}

/// Distance from `at` to the nearest edge line (0 on the first line).
pub(crate) fn line(board: &Board, at: usize) -> u8 {
    let p = board.point(at);
    let last = board.size() - 1;
    p.file.min(p.rank).min(last - p.file).min(last - p.rank)
}

/// Whether some stone stands within distance 2 (a 5×5 window) of `at`.
pub(crate) fn stones_near(board: &Board, at: usize) -> bool {
    let p = board.point(at);
    let size = i32::from(board.size());
    for df in -2i32..=2 {
        for dr in -2i32..=2 {
            if df.abs() + dr.abs() > 3 {
                continue;
            }
            let (f, r) = (i32::from(p.file) + df, i32::from(p.rank) + dr);
            if f < 0 || r < 0 || f >= size || r >= size {
                continue;
            }
            let q = crate::game::Point::new(f as u8, r as u8);
            if board.get(q).is_some() {
                return true;
            }
        }
    }
    false
}

/// The empty points of a playout's board, in an order the playout shuffles as it
/// draws from them, each point knowing its place so that it leaves in constant time.
pub(crate) struct Empties {
    cells: Vec<usize>,
    slot: [u16; MAX_CELLS],
}

impl Empties {
    pub(crate) fn of(board: &Board) -> Empties {
        let size = usize::from(board.size());
        let mut cells = Vec::with_capacity(size * size);
        let mut slot = [u16::MAX; MAX_CELLS];
        for at in board.cell_indices() {
            if board.cell(at) == Cell::Empty {
                slot[at] = cells.len() as u16;
                cells.push(at);
            }
        }
        Empties { cells, slot }
    }

    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    pub(crate) fn get(&self, k: usize) -> usize {
        self.cells[k]
    }

    /// Swaps the points at places `a` and `b`.
    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        self.cells.swap(a, b);
        self.slot[self.cells[a]] = a as u16;
        self.slot[self.cells[b]] = b as u16;
    }

    /// Takes `cell` out (nothing when it is not in).
    pub(crate) fn remove(&mut self, cell: usize) {
        let k = self.slot[cell];
        if k == u16::MAX {
            return;
        }
        let last = self.cells.len() - 1;
        self.swap(usize::from(k), last);
        self.cells.pop();
        self.slot[cell] = u16::MAX;
    }

    /// Plays `at` for `side` (checked legal) and keeps the set in step: `at` leaves it,
    /// the stones it captures join it. Returns the stones captured.
    pub(crate) fn play(&mut self, board: &mut Board, at: usize, side: Side) -> u32 {
        self.remove(at);
        board.for_each_captured(at, side, |c| {
            self.slot[c] = self.cells.len() as u16;
            self.cells.push(c);
        });
        board.play_unchecked(at, side)
    }
}

/// Whether `at` is a sensible random move for `side`: legal, not its own eye, and not a
/// self-atari (of two stones or more always, of one stone most of the time) unless it
/// is a [`throw_in`].
fn acceptable(board: &Board, at: usize, side: Side, rng: &mut Rng) -> bool {
    if board.check(at, side).is_err() || is_eye(board, at, side) {
        return false;
    }
    match self_atari(board, at, side) {
        0 => true,
        n if throw_in_of(board, at, side, n) => true,
        1 => rng.index(4) == 0,
        _ => false,
    }
}

/// The answers to the last move: capture a string of the opponent it left in atari,
/// save one's own strings it put in atari (by capturing an attacker or extending).
fn answers(board: &Board, last: usize, side: Side, out: &mut Vec<usize>) {
    out.clear();
    if last == PASS || board.cell(last).side().is_none() {
        return;
    }
    let own = Cell::of(side);
    let mut around = [last; 5];
    around[1..].copy_from_slice(&board.neighbours(last));
    for n in around {
        let c = board.cell(n);
        if c.side().is_none() {
            continue;
        }
        let h = board.head_of(n);
        let Some(lib) = board.atari_liberty(h) else { continue };
        if c != own {
            if board.check(lib, side).is_ok() {
                out.push(lib);
            }
            continue;
        }
        // Our string in atari: take an attacker in atari, or run out.
        let mut s = h;
        loop {
            for m in board.neighbours(s) {
                if board.cell(m).side() == Some(side.opponent())
                    && let Some(l) = board.atari_liberty(board.head_of(m))
                    && board.check(l, side).is_ok()
                {
                    out.push(l);
                }
            }
            s = board.next_stone(s);
            if s == h {
                break;
            }
        }
        if board.check(lib, side).is_ok() {
            match liberties_after(board, lib, side, 3) {
                0 | 1 => {}
                2 if ladder::runs_into_ladder(board, lib, side) => {}
                _ => out.push(lib),
            }
        }
    }
}

/// A move played in a playout or the tree: cell (or [`PASS`]) and who played it.
pub(crate) type Played = (usize, Side);

/// Plays a playout with knowledge from `board`, `to_move` first, `last` the cell of the
/// move just played (or [`PASS`]) and `before` the one before it, `passes` passes in a
/// row so far. With `replies`, a stored good reply to the last move comes right after
/// the answers to it. Appends the stones played to `moves`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn playout(
    board: &mut Board,
    mut to_move: Side,
    mut last: usize,
    mut before: usize,
    mut passes: u32,
    rng: &mut Rng,
    replies: Option<&Replies>,
    moves: &mut Vec<Played>,
) {
    let area = usize::from(board.size()) * usize::from(board.size());
    let limit = 3 * area;
    let mut empties = Empties::of(board);
    let mut local = Vec::with_capacity(8);
    let mut played = 0;
    while passes < 2 && played < limit {
        answers(board, last, to_move, &mut local);
        let mut chosen = None;
        while !local.is_empty() {
            let k = rng.index(local.len());
            let at = local.swap_remove(k);
            let given = self_atari(board, at, to_move);
            if (given < 2 || throw_in_of(board, at, to_move, given)) && !is_eye(board, at, to_move)
            {
                chosen = Some(at);
                break;
            }
        }
        if chosen.is_none()
            && let Some(replies) = replies
        {
            for at in replies.lookup(to_move, before, last) {
                if at != PASS
                    && board.cell(at) == Cell::Empty
                    && acceptable(board, at, to_move, rng)
                {
                    chosen = Some(at);
                    break;
                }
            }
        }
        if chosen.is_none() && last != PASS {
            // A shape move next to the last one: hane, cut, edge block.
            for n in board.neighbours(last).into_iter().chain(board.diagonals(last)) {
                if board.cell(n) == Cell::Empty && patterns::matches(board, n) {
                    local.push(n);
                }
            }
            while !local.is_empty() {
                let k = rng.index(local.len());
                let at = local.swap_remove(k);
                if acceptable(board, at, to_move, rng) {
                    chosen = Some(at);
                    break;
                }
            }
        }
        if chosen.is_none() {
            let mut remaining = empties.len();
            while remaining > 0 {
                let k = rng.index(remaining);
                let at = empties.get(k);
                if acceptable(board, at, to_move, rng) {
                    chosen = Some(at);
                    break;
                }
                remaining -= 1;
                empties.swap(k, remaining);
            }
        }
        match chosen {
            Some(at) => {
                empties.play(board, at, to_move);
                moves.push((at, to_move));
                passes = 0;
                played += 1;
                before = last;
                last = at;
            }
            None => {
                board.clear_ko();
                passes += 1;
                before = last;
                last = PASS;
            }
        }
        to_move = to_move.opponent();
    }
}

/// Who owns each cell of a board at the end of a playout: +1 black, -1 white, 0 for an
/// empty point bordered by both colours or neither. Returns black's area less white's.
pub(crate) fn owners(board: &Board, out: &mut [i8; MAX_CELLS]) -> i32 {
    let mut diff = 0;
    for i in board.cell_indices() {
        let v = owner_of(board, i);
        out[i] = v;
        diff += i32::from(v);
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::pt;

    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(9).unwrap();
        for name in black {
            b.play(pt(name), Side::First).unwrap();
        }
        for name in white {
            b.play(pt(name), Side::Second).unwrap();
        }
        b
    }

    #[test]
    fn the_empty_points_stay_the_boards_through_captures() {
        let mut board = Board::new(9).unwrap();
        let mut empties = Empties::of(&board);
        let mut rng = Rng::for_playouts(3);
        let mut side = Side::First;
        let mut captured = 0;
        for _ in 0..400 {
            let k = rng.index(empties.len());
            let at = empties.get(k);
            if board.check(at, side).is_ok() {
                captured += empties.play(&mut board, at, side);
            }
            side = side.opponent();
            let mut listed: Vec<usize> = (0..empties.len()).map(|k| empties.get(k)).collect();
            listed.sort_unstable();
            let real: Vec<usize> =
                board.cell_indices().filter(|&i| board.cell(i) == Cell::Empty).collect();
            assert_eq!(listed, real);
            if empties.len() < 2 {
                break;
            }
        }
        assert!(captured > 0, "the game had captures");
    }

    #[test]
    fn a_throw_in_is_told_from_a_self_atari() {
        // Black's corner group has only G9 and H8, shared with the white stone H9.
        let b = board(
            &["E9", "F9", "F8", "G8", "G7", "H7", "J7", "J8", "J9"],
            &["D9", "E8", "F7", "G6", "H6", "J6", "H9"],
        );
        let cell = |name| b.index(pt(name));
        for name in ["G9", "H8"] {
            assert_eq!(self_atari(&b, cell(name), Side::Second), 2, "{name}");
            assert!(throw_in(&b, cell(name), Side::Second), "{name} kills");
            // For black the same points fill its own last liberties.
            assert!(!throw_in(&b, cell(name), Side::First), "{name} is no throw-in for black");
        }
        // A stone that puts nothing in atari is no throw-in, nor is a safe one.
        assert!(!throw_in(&b, cell("A1"), Side::Second));
        assert!(!throw_in(&b, cell("C9"), Side::Second));
    }
}
