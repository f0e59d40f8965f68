//! Proofs of xiangqi make-move steps: `proof = "wins_material"` is checked by the
//! material search of [`crate::ai::xiangqi::tactic`]. Every accepted move must win at
//! least [`TACTIC_GAIN`] (or mate) against every defence, and no named wrong move may.
//! Other proofs belong to other games and are refused here.

use super::schema::{MakeMove, Proof};
use super::validate::{Ctx, Problem};
use crate::ai::xiangqi::tactic::{self, TACTIC_DEPTH, TACTIC_GAIN};
use crate::xiangqi::{Move, Position, notation};

fn legal(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = notation::parse_move(text)?;
    Move::new(from, to).filter(|&m| pos.is_legal(m))
}

/// Checks the proof a xiangqi make-move step claims, if any.
pub(super) fn check(pos: &Position, s: &MakeMove, c: &mut Ctx<'_>) {
    match s.proof {
        None => {}
        Some(Proof::WinsMaterial) => {
            for a in &s.accept {
                let Some(m) = legal(pos, a) else { continue };
                match tactic::gain(pos, m) {
                    Some(g) if g >= TACTIC_GAIN => {}
                    Some(g) => c.err(Problem::Unproven(format!(
                        "{a} gains {g} against the best defence ({TACTIC_DEPTH} plies and \
                         captures), less than {TACTIC_GAIN}"
                    ))),
                    None => c.err(Problem::Unproven(format!(
                        "the search for {a} ran out of nodes; pick a position with fewer pieces"
                    ))),
                }
            }
            for w in &s.wrong {
                if let Some(m) = legal(pos, &w.mv)
                    && tactic::wins_material(pos, m)
                {
                    c.err(Problem::Unproven(format!("the wrong move {} wins material too", w.mv)));
                }
            }
        }
        Some(_) => c.err(Problem::NotForThisGame("proof other than wins_material")),
    }
}
