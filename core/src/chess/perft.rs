//! Perft: counting the leaf nodes of the legal move tree, the standard check that a
//! move generator is right. The last ply is counted in bulk, without playing moves.

use super::moves::Move;
use super::position::Position;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(pos.cozy(), depth)
}

/// The perft count below each legal move, in the order the moves are generated.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let n = pos.after(mv).map_or(0, |next| perft(&next, depth - 1));
            (mv, n)
        })
        .collect()
}

fn count(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0u64;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += count(&child, depth - 1);
            }
            false
        });
    }
    nodes
}
