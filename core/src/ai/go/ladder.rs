//! Ladders (征子): whether a string in atari that runs away is caught anyway, chased
//! atari after atari to the edge. Light playouts run out of atari whenever the string
//! gets a second liberty, so they save strings a child knows are dead and miss the
//! stones a ladder takes; the search and the playouts ask here first.
//!
//! The reading is the classic one: the defender extends at its last liberty (or
//! escapes outright by taking an attacking string in atari), the attacker answers a
//! string with two liberties by an atari on either of them that does not put its own
//! stone in atari. A string that reaches three liberties is out. The reading has a
//! budget of positions; a ladder too long to read counts as escaped. It reads ladders
//! only (no nets, no table), far narrower than the capture reading of
//! [`crate::go::reading`] and cheap enough for a playout.

use crate::game::Side;
use crate::go::board::{Board, Cell};

/// Positions a single ladder reading may visit.
const BUDGET: u32 = 120;

/// The liberties of the string with head `h`, at most `N` of them; returns how many
/// were found (`N` means `N` or more).
pub(crate) fn liberties<const N: usize>(board: &Board, h: usize, out: &mut [usize; N]) -> usize {
    let mut count = 0;
    let mut s = h;
    loop {
        for l in board.neighbours(s) {
            if board.cell(l) == Cell::Empty && !out[..count].contains(&l) {
                out[count] = l;
                count += 1;
                if count == N {
                    return count;
                }
            }
        }
        s = board.next_stone(s);
        if s == h {
            return count;
        }
    }
}

/// Whether some string of the other colour next to the string of `h` is in atari (the
/// string could escape by taking it).
fn attacker_in_atari(board: &Board, h: usize) -> bool {
    let Some(defender) = board.cell(h).side() else { return false };
    let mut s = h;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n).side() == Some(defender.opponent()) && board.in_atari(board.head_of(n))
            {
                return true;
            }
        }
        s = board.next_stone(s);
        if s == h {
            return false;
        }
    }
}

/// Whether the string of `h` (in atari, its side to move) escapes the ladder.
fn escapes(board: &Board, h: usize, budget: &mut u32) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let Some(defender) = board.cell(h).side() else { return true };
    if attacker_in_atari(board, h) {
        return true;
    }
    let Some(lib) = board.atari_liberty(h) else { return true };
    if board.check(lib, defender).is_err() {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(lib, defender);
    let head = b.head_of(lib);
    let mut libs = [0usize; 3];
    match liberties(&b, head, &mut libs) {
        0 | 1 => return false,
        3 => return true,
        _ => {}
    }
    !chased(&b, head, [libs[0], libs[1]], budget)
}

/// Whether the attacker, to move, catches the string of `h` with its two liberties
/// `libs` by an atari on one of them.
fn chased(board: &Board, h: usize, libs: [usize; 2], budget: &mut u32) -> bool {
    let Some(defender) = board.cell(h).side() else { return false };
    let attacker = defender.opponent();
    for at in libs {
        if board.check(at, attacker).is_err() {
            continue;
        }
        let mut b = board.clone();
        b.play_unchecked(at, attacker);
        if b.in_atari(b.head_of(at)) {
            // The chasing stone could be taken at once.
            continue;
        }
        let head = b.head_of(h);
        if !escapes(&b, head, budget) {
            return true;
        }
        if *budget == 0 {
            return false;
        }
    }
    false
}

/// Whether a stone of `side` on `at` puts a string of the opponent with two liberties
/// next to it in atari that then cannot escape: returns the largest such string's size,
/// or 0.
pub(crate) fn ladder_capture(board: &Board, at: usize, side: Side) -> usize {
    let mut best = 0;
    let mut seen = [0usize; 4];
    for (k, n) in board.neighbours(at).into_iter().enumerate() {
        if board.cell(n).side() != Some(side.opponent()) {
            continue;
        }
        let h = board.head_of(n);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        let mut libs = [0usize; 3];
        if liberties(board, h, &mut libs) != 2 || board.string_size(h) <= best {
            continue;
        }
        let other = if libs[0] == at { libs[1] } else { libs[0] };
        let mut budget = BUDGET;
        if chased_at(board, h, at, other, &mut budget) {
            best = board.string_size(h);
        }
    }
    best
}

/// Whether the attacker's atari on `at` (the string of `h` keeps `other`) catches it.
fn chased_at(board: &Board, h: usize, at: usize, other: usize, budget: &mut u32) -> bool {
    let Some(defender) = board.cell(h).side() else { return false };
    let attacker = defender.opponent();
    if board.check(at, attacker).is_err() {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(at, attacker);
    if b.in_atari(b.head_of(at)) || b.cell(other) != Cell::Empty {
        return false;
    }
    let head = b.head_of(h);
    !escapes(&b, head, budget)
}

/// Whether a stone of `side` on `at`, extending a string of its own in atari next to
/// `at`, only runs into a ladder: the string then has exactly two liberties and the
/// opponent catches it.
pub(crate) fn runs_into_ladder(board: &Board, at: usize, side: Side) -> bool {
    if board.check(at, side).is_err() {
        return false;
    }
    let mut b = board.clone();
    b.play_unchecked(at, side);
    let h = b.head_of(at);
    let mut libs = [0usize; 3];
    if liberties(&b, h, &mut libs) != 2 || attacker_in_atari(&b, h) {
        return false;
    }
    let mut budget = BUDGET;
    chased(&b, h, [libs[0], libs[1]], &mut budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;
    use crate::go::lesson::pt;

    fn board(size: u8, black: &[&str], white: &[&str]) -> Board {
        let mut b = Board::new(size).unwrap();
        for name in black {
            b.play(pt(name), Side::First).unwrap();
        }
        for name in white {
            b.play(pt(name), Side::Second).unwrap();
        }
        b
    }

    fn at(b: &Board, name: &str) -> usize {
        b.index(pt(name))
    }

    #[test]
    fn a_stone_in_a_ladder_is_caught_and_a_ladder_breaker_saves_it() {
        // White d4 in atari (liberty e4), black around it: running at e4 leaves two
        // liberties (e5, f4) and black chases towards the upper right, where nothing
        // stands.
        let b = board(13, &["c4", "d3", "d5", "e3"], &["d4"]);
        assert!(b.in_atari(b.head_of(at(&b, "d4"))));
        assert!(runs_into_ladder(&b, at(&b, "e4"), Side::Second), "an open ladder");
        // A white stone on the ladder's path breaks it.
        let b = board(13, &["c4", "d3", "d5", "e3"], &["d4", "j10"]);
        assert!(!runs_into_ladder(&b, at(&b, "e4"), Side::Second), "a breaker on the path");
        // Running out to three liberties is no ladder.
        let b = board(13, &["c4", "d3", "d5"], &["d4"]);
        assert!(!runs_into_ladder(&b, at(&b, "e4"), Side::Second));
    }

    #[test]
    fn the_atari_that_starts_a_ladder_is_found() {
        // White d4 with liberties d5 and e4: black's atari at d5 chases it to the edge
        // (an open board); the atari at e4 lets it out at d5 with three liberties.
        let b = board(13, &["c4", "d3", "e3"], &["d4"]);
        assert_eq!(ladder_capture(&b, at(&b, "d5"), Side::First), 1);
        assert_eq!(ladder_capture(&b, at(&b, "e4"), Side::First), 0);
        // The same with a white breaker on the path: no ladder.
        let b = board(13, &["c4", "d3", "e3"], &["d4", "j10"]);
        assert_eq!(ladder_capture(&b, at(&b, "d5"), Side::First), 0);
        // A string with three liberties is no ladder.
        let b = board(13, &["c4"], &["d4"]);
        assert_eq!(ladder_capture(&b, at(&b, "d5"), Side::First), 0);
    }
}
