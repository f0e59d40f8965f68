//! The gomoku side of lesson steps while a child plays them: stones proven right by
//! the VCF solver even when the author did not list them, and the block that answers
//! the child's four.

use crate::curriculum::stones::{self, MAX_VCF};
use crate::{AnyGame, MoveInput};

/// Whether `m` (a stone of the side to move) starts a win by continuous fours.
pub(super) fn starts_vcf(game: &AnyGame, m: MoveInput) -> bool {
    keeps_vcf(game, m, MAX_VCF)
}

/// Whether `m` wins by continuous fours within `moves` of the child's moves.
pub(super) fn keeps_vcf(game: &AnyGame, m: MoveInput, moves: u32) -> bool {
    match (game, m) {
        (AnyGame::Gomoku(g), MoveInput::Place { at }) => stones::starts_vcf(g, at, moves),
        _ => false,
    }
}

/// The stone that blocks the child's four, when there is exactly one.
pub(super) fn block(game: &crate::gomoku::Game) -> Option<MoveInput> {
    stones::forced_block(game).map(|at| MoveInput::Place { at })
}
