//! Who owns each point, estimated from the playouts: +1 surely black, −1 surely white.
//! The counting screen can shade the board with it, and the coach reads the score
//! from it.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::game::{Point, Side};
use crate::go::Game;
use crate::go::board::Board;

use super::mcts::{Budget, Mcts, Outcome, Root};

/// The ownership of every point of a board, from black's side: +1 black, −1 white.
#[derive(Debug, Clone, PartialEq)]
pub struct Ownership {
    size: u8,
    /// Rank by rank from the bottom left.
    values: Vec<f32>,
    komi_half: i32,
}

impl Ownership {
    pub(crate) fn from_outcome(board: &Board, outcome: &Outcome, komi_half: i32) -> Ownership {
        let n = outcome.playouts.max(1) as f32;
        let values = board.points().map(|p| outcome.ownership[board.index(p)] as f32 / n).collect();
        Ownership { size: board.size(), values, komi_half }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The ownership of `p`, from −1 (white's) to +1 (black's); 0 off the board.
    pub fn at(&self, p: Point) -> f32 {
        if p.file >= self.size || p.rank >= self.size {
            return 0.0;
        }
        self.values[p.rank as usize * self.size as usize + p.file as usize]
    }

    /// The side that owns `p` by more than `threshold` (e.g. 0.5), if any.
    pub fn owner(&self, p: Point, threshold: f32) -> Option<Side> {
        let v = self.at(p);
        if v > threshold {
            Some(Side::First)
        } else if v < -threshold {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Black's expected lead in points at the count, komi and handicap included
    /// (negative: white ahead).
    pub fn black_lead(&self) -> f32 {
        self.values.iter().sum::<f32>() - self.komi_half as f32 / 2.0
    }

    /// The stones on `game`'s board that the estimate gives to the other side.
    pub fn dead_stones(&self, game: &Game) -> Vec<Point> {
        game.board()
            .stones()
            .filter(|&(p, side)| {
                let v = self.at(p);
                match side {
                    Side::First => v < -0.5,
                    Side::Second => v > 0.5,
                }
            })
            .map(|(p, _)| p)
            .collect()
    }
}

/// What black gives at the count in half points: the komi plus one point (two half
/// points) per handicap stone from two up.
pub(crate) fn komi_half(game: &Game) -> i32 {
    let back = if game.handicap() >= 2 { i32::from(game.handicap()) } else { 0 };
    game.rules().komi.half_points() + 2 * back
}

/// The ownership of `game`'s points from `playouts` searched playouts with `seed`.
pub fn estimate_ownership(game: &Game, playouts: u32, seed: u64) -> Ownership {
    let root = Root {
        board: game.board().clone(),
        to_move: game.side_to_move(),
        last: super::policy::PASS,
        before: super::policy::PASS,
        passes: 0,
        moves: Vec::new(),
        komi_half: komi_half(game),
        dynamic_half: 0,
    };
    let mut mcts = Mcts::new(1, seed, Arc::new(AtomicBool::new(false)));
    let outcome = mcts.search(&root, Budget::fixed(u64::from(playouts.max(1))), false);
    Ownership::from_outcome(game.board(), &outcome, root.komi_half)
}
