//! The coach: a hint for the player to move, and a review that grades each move of a
//! game by how much evaluation it gave away.

use crate::ai::engine::{Hint, MoveReview, Verdict};
use crate::ai::limits::Limits;
use crate::game::{MoveInput, Side};
use crate::xiangqi::notation::format_chinese;
use crate::xiangqi::{Move, Position};

use super::search::{MATE_IN_MAX, Searcher};

/// A xiangqi move as the engine interface writes it.
pub(crate) fn input(m: Move) -> MoveInput {
    MoveInput::step(m.from(), m.to())
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
    let threat = threat(searcher, pos, nodes / 4);
    Some(Hint {
        mv: input(mv),
        score: r.score,
        threat: threat.as_ref().map(|&(_, t)| input(t)),
        threat_name: threat.map(|(passed, t)| format_chinese(&passed, t)),
    })
}

/// The opponent's move if the side to move passed, when it would gain over 150 cp, with
/// the position it is played in.
fn threat(searcher: &mut Searcher, pos: &Position, nodes: u64) -> Option<(Position, Move)> {
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
    let best = r.best.filter(|_| clamp(r.score) - before > 150)?;
    Some((passed, best))
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
            out.push(MoveReview {
                ply,
                played: input(played),
                best: input(best),
                loss,
                verdict: Verdict::of_loss(loss),
            });
        }
        pos.make(played);
    }
    out
}
