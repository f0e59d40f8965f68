//! The gomoku (五子棋) engine for freestyle, standard and renju.
//!
//! - line codes per empty point, colour and direction, kept up to date on play and
//!   undo around the move, and point values that combine them (四三, 三三, 四四) for
//!   attack and defence; black's renju forbidden points are known to both sides;
//! - alpha-beta with iterative deepening, a bounded table, and candidate moves limited
//!   to points near stones and, against a 活三, to the points that answer it;
//! - a VCF solver ([`vcf`]), called at the root, that finds the shortest win by fours;
//! - a VCT solver ([`vct`]) with its own table, a win by threes and fours, called at the
//!   root for the side to move and to find the defences against the opponent's;
//! - [`GomokuEngine`] behind [`crate::ai::Engine`], and ten levels ([`LEVELS`], [`RENJU_LEVELS`]).
//!
//! ```
//! use qike_core::ai::gomoku::vcf;
//! use qike_core::gomoku::notation::{parse_game, point_name};
//! use qike_core::GomokuRule;
//!
//! // Black h8 i8 j8 k8 is a straight four after white's a1 a2 a3: black wins at once.
//! let game = parse_game("h8 a1 i8 a2 j8 a3 k8 a4", GomokuRule::Renju, Default::default())
//!     .unwrap();
//! let line = vcf(&game, 4).unwrap();
//! assert_eq!(line.len(), 1);
//! assert!(["g8", "l8"].contains(&point_name(line[0]).as_str()));
//! ```

mod engine;
mod levels;
mod pos;
mod search;
mod vcf;
mod vct;

use crate::game::{GomokuRule, Point};
use crate::gomoku::{Board, Game, Stone};

pub use engine::GomokuEngine;
pub use levels::{LEVELS, RENJU_LEVELS};
pub use search::{WIN, WIN_IN_MAX};

/// The shortest win by continuous fours (VCF) for the side to move in `game`, within
/// `max_moves` of its own moves (the final five included): the attacker's moves in
/// order (each defender reply is forced). `None` when there is none in reach, or the
/// game is over.
pub fn vcf(game: &Game, max_moves: u32) -> Option<Vec<Point>> {
    if game.outcome().is_some() {
        return None;
    }
    vcf_on_board(game.board(), game.rule(), game.stone_to_move(), max_moves)
}

/// [`vcf`] on a board with `attacker` to move.
pub fn vcf_on_board(
    board: &Board,
    rule: GomokuRule,
    attacker: Stone,
    max_moves: u32,
) -> Option<Vec<Point>> {
    let mut pos = pos::Pos::from_board(board, rule, attacker);
    let line = vcf::VcfSolver::new(5_000_000).solve(&mut pos, max_moves)?;
    Some(line.into_iter().map(|i| pos.point(i)).collect())
}

/// The shortest win by threats (VCT: fours and open threes, each answered by every
/// defence that could matter) for the side to move in `game`, within `max_moves` of its
/// own moves (the final five included): the attacker's moves along the line where the
/// defence lasts longest. `None` when there is none in reach (within `budget` nodes),
/// or the game is over. A VCF is a VCT too.
pub fn vct(game: &Game, max_moves: u32, budget: u64) -> Option<Vec<Point>> {
    if game.outcome().is_some() {
        return None;
    }
    vct_on_board(game.board(), game.rule(), game.stone_to_move(), max_moves, budget)
}

/// [`vct`] on a board with `attacker` to move.
pub fn vct_on_board(
    board: &Board,
    rule: GomokuRule,
    attacker: Stone,
    max_moves: u32,
    budget: u64,
) -> Option<Vec<Point>> {
    let mut pos = pos::Pos::from_board(board, rule, attacker);
    let line = vct::VctSolver::new(budget).solve(&mut pos, max_moves)?;
    Some(line.into_iter().map(|i| pos.point(i)).collect())
}

/// Times the engine's parts on a fixed middle-game position: a play and undo with the
/// local update, a full recomputation of every point, and a search of `nodes` nodes.
/// For `qike gomoku-bench`; the numbers depend on the machine.
pub fn speed_report(nodes: u64) -> String {
    use std::time::Instant;
    let names = "h8 i9 h10 g9 j8 i8 i10 k8";
    let Ok(game) =
        crate::gomoku::notation::parse_game(names, GomokuRule::Renju, Default::default())
    else {
        return "the bench position does not parse".to_owned();
    };
    let mut pos = pos::Pos::from_board(game.board(), game.rule(), game.stone_to_move());
    let empty: Vec<usize> = pos.slots().iter().copied().filter(|&i| pos.is_empty(i)).collect();
    let rounds = 20_000;
    let t = Instant::now();
    for k in 0..rounds {
        let i = empty[k % empty.len()];
        pos.play(i);
        pos.undo();
    }
    let local = t.elapsed().as_secs_f64() / rounds as f64 / 2.0;
    let t = Instant::now();
    for _ in 0..rounds / 20 {
        pos.refresh_all();
    }
    let full = t.elapsed().as_secs_f64() / (rounds / 20) as f64;
    let mut searcher = search::Searcher::new(16);
    let t = Instant::now();
    let out = searcher.search(&mut pos, &crate::ai::Limits::nodes(nodes), 0);
    let secs = t.elapsed().as_secs_f64();
    format!(
        "update around a move: {:.2} µs; recomputing every point: {:.2} µs ({:.0}×)\n\
         search: {} nodes, depth {}, {:.2} s, {:.0} nodes/s",
        local * 1e6,
        full * 1e6,
        full / local.max(1e-12),
        out.nodes,
        out.depth,
        secs,
        out.nodes as f64 / secs.max(1e-9)
    )
}
