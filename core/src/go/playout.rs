//! Random playouts: both sides play random legal moves that do not fill their own eyes
//! until neither has one left, then every point is owned by whoever holds or surrounds
//! it. Averaged over many playouts this estimates who owns each point (Monte Carlo).
//!
//! Playouts follow only the simple ko rule; superko is too rare to matter here.

use super::board::{Board, Cell, MAX_CELLS};
use super::nakade::sacrifice_kills;
use crate::Rng;
use crate::game::Side;

/// Which moves a playout refuses besides illegal ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    /// Only filling one's own eye: the plain uniform random playout.
    Uniform,
    /// Also self-atari of two or more stones (a throw-in aside), so seki survives and
    /// the estimate of dead stones is steadier.
    Careful,
}

/// Whether `at` is an eye of `side`: all neighbours its stones (or the edge) and the
/// diagonals not held by the opponent (at most one in the middle of the board).
pub(crate) fn is_eye(board: &Board, at: usize, side: Side) -> bool {
    let own = Cell::of(side);
    if board.neighbours(at).iter().any(|&n| board.cell(n) != own && board.cell(n) != Cell::Edge) {
        return false;
    }
    let (mut enemy, mut edge) = (0, 0);
    for d in board.diagonals(at) {
        match board.cell(d) {
            Cell::Edge => edge += 1,
            Cell::Empty => {}
            c if c == own => {}
            _ => enemy += 1,
        }
    }
    if edge > 0 { enemy == 0 } else { enemy <= 1 }
}

/// Whether a stone of `side` on `at` would leave a string of two or more stones in
/// atari without capturing anything, other than a throw-in or a sacrifice that kills
/// (see [`super::nakade`]).
fn is_self_atari(board: &Board, at: usize, side: Side) -> bool {
    let own = Cell::of(side);
    let mut libs: [usize; 2] = [0; 2];
    let mut nlibs = 0;
    let add = |lib: usize, libs: &mut [usize; 2], nlibs: &mut usize| {
        if *nlibs < 2 && !libs[..*nlibs].contains(&lib) {
            libs[*nlibs] = lib;
            *nlibs += 1;
        }
    };
    let mut joins = false;
    for n in board.neighbours(at) {
        match board.cell(n) {
            Cell::Empty => add(n, &mut libs, &mut nlibs),
            Cell::Edge => {}
            c if c == own => joins = true,
            _ => {
                if board.in_atari(board.head_of(n)) {
                    return false;
                }
            }
        }
    }
    if nlibs >= 2 || !joins {
        return false;
    }
    let mut heads = [0usize; 4];
    let mut size = 1;
    for (k, n) in board.neighbours(at).into_iter().enumerate() {
        if board.cell(n) != own || heads[..k].contains(&board.head_of(n)) {
            continue;
        }
        heads[k] = board.head_of(n);
        size += board.string_size(heads[k]);
        for s in board.string_cells(heads[k]) {
            for l in board.neighbours(s) {
                if l != at && board.cell(l) == Cell::Empty {
                    add(l, &mut libs, &mut nlibs);
                    if nlibs >= 2 {
                        return false;
                    }
                }
            }
        }
    }
    // A throw-in is no self-atari to refuse: two stones at most go into atari, but a
    // string of the opponent does too and must take them, which leaves it an eye
    // space of one or two points (one eye at most).
    let throw_in = board.neighbours(at).iter().any(|&n| {
        board.cell(n).side() == Some(side.opponent()) && board.liberties(board.point(n)) == 2
    });
    let gives_to_kill = (size <= 2 && throw_in) || sacrifice_kills(board, at, side);
    !gives_to_kill
}

/// Plays random moves on `board` from `to_move` until two passes in a row or
/// `max_moves`; returns the number of stones played.
pub(crate) fn playout(
    board: &mut Board,
    mut to_move: Side,
    rng: &mut Rng,
    policy: Policy,
    max_moves: usize,
) -> usize {
    let mut empties: Vec<usize> =
        board.cell_indices().filter(|&i| board.cell(i) == Cell::Empty).collect();
    let mut passes = 0;
    let mut played = 0;
    while passes < 2 && played < max_moves {
        let mut remaining = empties.len();
        let mut chosen = None;
        while remaining > 0 {
            let k = rng.index(remaining);
            let at = empties[k];
            let ok = board.check(at, to_move).is_ok()
                && !is_eye(board, at, to_move)
                && (policy == Policy::Uniform || !is_self_atari(board, at, to_move));
            if ok {
                chosen = Some(k);
                break;
            }
            remaining -= 1;
            empties.swap(k, remaining);
        }
        match chosen {
            Some(k) => {
                let at = empties.swap_remove(k);
                if board.play_unchecked(at, to_move) > 0 {
                    // Rebuilt in board order, as the count has always drawn them: a
                    // different order is a different random stream, and on a close
                    // big board a different stream can count a group otherwise.
                    empties.clear();
                    empties.extend(board.cell_indices().filter(|&i| board.cell(i) == Cell::Empty));
                }
                passes = 0;
                played += 1;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        to_move = to_move.opponent();
    }
    played
}

/// Who owns cell `i` at the end of a playout: +1 black, -1 white, 0 for an empty point
/// bordered by both colours or neither.
pub(crate) fn owner_of(board: &Board, i: usize) -> i8 {
    match board.cell(i) {
        Cell::Black => 1,
        Cell::White => -1,
        _ => {
            let (mut b, mut w) = (false, false);
            for n in board.neighbours(i) {
                match board.cell(n) {
                    Cell::Black => b = true,
                    Cell::White => w = true,
                    _ => {}
                }
            }
            match (b, w) {
                (true, false) => 1,
                (false, true) => -1,
                _ => 0,
            }
        }
    }
}

/// Adds the ownership of each point at the end of a playout to `own` ([`owner_of`]).
pub(crate) fn add_ownership(board: &Board, own: &mut [i32; MAX_CELLS]) {
    for i in board.cell_indices() {
        own[i] += i32::from(owner_of(board, i));
    }
}

/// Runs `count` uniform random playouts on an empty `size`×`size` board and returns
/// the total number of stones played (for benchmarks). `None` for a bad size.
pub fn benchmark_playouts(size: u8, count: u32, seed: u64) -> Option<u64> {
    let empty = Board::new(size)?;
    let mut rng = Rng::for_playouts(seed);
    let limit = 3 * size as usize * size as usize;
    let mut total = 0;
    for _ in 0..count {
        let mut b = empty.clone();
        total += playout(&mut b, Side::First, &mut rng, Policy::Uniform, limit) as u64;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playouts_fill_the_board_and_repeat_with_the_seed() {
        let a = benchmark_playouts(9, 20, 7).unwrap();
        let b = benchmark_playouts(9, 20, 7).unwrap();
        assert_eq!(a, b);
        assert!(a > 20 * 50, "{a}");
        assert_eq!(benchmark_playouts(4, 1, 0), None);
    }
}
