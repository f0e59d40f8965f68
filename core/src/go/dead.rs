//! The automatic dead-stone estimate the players start from when they mark dead
//! stones at the end: strings that are unconditionally alive (Benson) stay; every
//! other string is dead when random playouts give most of its points to the opponent.

use super::benson::unconditionally_alive;
use super::board::{Board, Cell, MAX_CELLS};
use super::playout::{Policy, add_ownership, playout};
use crate::Rng;
use crate::game::Side;

/// Playouts used when the caller does not say.
pub const DEFAULT_PLAYOUTS: u32 = 400;

/// Marks (by cell index) the stones the estimate considers dead. `to_move` starts the
/// playouts; `seed` makes the estimate reproducible.
pub(crate) fn estimate_dead(
    board: &Board,
    to_move: Side,
    playouts: u32,
    seed: u64,
) -> [bool; MAX_CELLS] {
    let alive_black = unconditionally_alive(board, Side::First);
    let alive_white = unconditionally_alive(board, Side::Second);
    let mut own = [0i32; MAX_CELLS];
    let mut rng = Rng::for_playouts(seed);
    let area = board.size() as usize * board.size() as usize;
    let playouts = playouts.max(1);
    for k in 0..playouts {
        let mut b = board.clone();
        // Alternate who starts so neither side gets a systematic extra move.
        let first = if k % 2 == 0 { to_move } else { to_move.opponent() };
        playout(&mut b, first, &mut rng, Policy::Careful, 3 * area);
        add_ownership(&b, &mut own);
    }

    let mut dead = [false; MAX_CELLS];
    let mut done = [false; MAX_CELLS];
    for i in board.cell_indices() {
        let cell = board.cell(i);
        let Some(side) = cell.side() else { continue };
        if done[i] {
            continue;
        }
        let members = board.string_cells(board.head_of(i));
        for &s in &members {
            done[s] = true;
        }
        let safe = match side {
            Side::First => alive_black[i],
            Side::Second => alive_white[i],
        };
        if safe {
            continue;
        }
        // Mean ownership of the string's points from its own side's view, in playouts.
        let sum: i64 = members.iter().map(|&s| i64::from(own[s])).sum();
        let mine = if cell == Cell::Black { sum } else { -sum };
        if mine < 0 {
            for &s in &members {
                dead[s] = true;
            }
        }
    }
    dead
}
