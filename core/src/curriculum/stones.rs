//! The stone-game side of lessons: a thin bridge from the runner's moves to the
//! gomoku proofs in [`crate::gomoku::puzzles`].

use crate::gomoku::puzzles;
use crate::{AnyGame, MoveInput};

/// The most moves of a win by fours a lesson may ask the solver to prove.
pub const MAX_VCF: u32 = 8;

/// Whether `m` (a stone of the side to move) starts a win by continuous fours.
pub fn starts_vcf(game: &AnyGame, m: MoveInput) -> bool {
    keeps_vcf(game, m, MAX_VCF)
}

/// Whether `m` wins by continuous fours within `moves` of the child's moves.
pub fn keeps_vcf(game: &AnyGame, m: MoveInput, moves: u32) -> bool {
    match (game, m) {
        (AnyGame::Gomoku(g), MoveInput::Place { at }) => puzzles::starts_vcf(g, at, moves),
        _ => false,
    }
}
