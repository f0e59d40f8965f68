//! The coach: a hint for the player to move, and a review that grades each move of a
//! game by how much evaluation it gave away.

use crate::ai::engine::Verdict;
use crate::game::Side;
use crate::xiangqi::{Move, Position};

use crate::ai::limits::Limits;

use super::search::{MATE_IN_MAX, Searcher};

/// A suggested move and, when the opponent threatens something, the threat it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub mv: Move,
    pub score: i32,
    /// What the opponent would play if it were their turn, when that wins material
    /// (or mates): the reason to care about the hint.
    pub threat: Option<Move>,
}

/// The review of one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReview {
    /// Index of the move in the game (0 = first move).
    pub ply: usize,
    pub played: Move,
    pub best: Move,
    /// Centipawns the played move gave away against the best (0 when it was the best).
    pub loss: i32,
    pub verdict: Verdict,
}

/// Mates count as a large but finite advantage when measuring losses.
fn clamp(score: i32) -> i32 {
    if score > MATE_IN_MAX {
        3000
    } else if score < -MATE_IN_MAX {
        -3000
    } else {
        score.clamp(-3000, 3000)
    }
}

/// A hint for the side to move, searched with `nodes` nodes (deterministic).
pub fn hint(searcher: &mut Searcher, pos: &Position, nodes: u64) -> Option<Hint> {
    let r = searcher.search(pos, &[], &Limits::nodes(nodes));
    let mv = r.best?;
    Some(Hint { mv, score: r.score, threat: threat(searcher, pos, nodes / 4) })
}

/// The opponent's move if the side to move passed, when it would gain over 150 cp.
fn threat(searcher: &mut Searcher, pos: &Position, nodes: u64) -> Option<Move> {
    if pos.is_check() {
        return None;
    }
    let fen = pos.to_fen();
    let mut parts: Vec<&str> = fen.split(' ').collect();
    let flipped = if pos.side_to_move() == Side::First { "b" } else { "w" };
    *parts.get_mut(1)? = flipped;
    let passed = Position::from_fen(&parts.join(" ")).ok()?;
    let before = -super::eval::evaluate(&passed);
    let r = searcher.search(&passed, &[], &Limits::nodes(nodes.max(500)));
    (clamp(r.score) - before > 150).then_some(r.best).flatten()
}

/// Grades every move of `side` in the game from `start`, each searched with `nodes`
/// nodes. Stops at the first illegal move.
pub fn review(
    searcher: &mut Searcher,
    start: &Position,
    moves: &[Move],
    side: Side,
    nodes: u64,
) -> Vec<MoveReview> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (ply, &played) in moves.iter().enumerate() {
        if !pos.is_legal(played) {
            break;
        }
        if pos.side_to_move() == side {
            let r = searcher.search(&pos, &[], &Limits::nodes(nodes));
            let best = r.best.unwrap_or(played);
            let loss = if best == played {
                0
            } else {
                let mut after = pos.clone();
                after.make(played);
                let reply = searcher.search(&after, &[], &Limits::nodes(nodes));
                (clamp(r.score) - clamp(-reply.score)).max(0)
            };
            out.push(MoveReview { ply, played, best, loss, verdict: Verdict::of_loss(loss) });
        }
        pos.make(played);
    }
    out
}
