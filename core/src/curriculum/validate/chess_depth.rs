//! Chess steps held to a deeper search than the tactic proof's: a praised move must be
//! close to the best move, a material-winning tactic must keep its gain against the best
//! defence and leave the mover clearly ahead, the accepted move of any other step must
//! not leave the mover lost, and a named wrong move must really be worse.
//! The search and its depth are [`DEEP_DEPTH`] plies of the engine's own search (with
//! quiescence), deep enough to see the refutations a stronger engine finds in the
//! courses' positions: a bishop that takes the forking pawn, a rook that takes the piece
//! that blocked its check.

use crate::ai::Limits;
use crate::ai::chess::tactic::{TACTIC_MARGIN, material_balance, piece_value};
use crate::ai::chess::{MATE_IN_MAX, Searcher};
use crate::chess::{Move, Position, Role, mate_search};
use crate::curriculum::schema::PieceFact;

use super::context::{Ctx, Problem};

/// Plies the deeper search looks ahead from the position after a move.
pub const DEEP_DEPTH: u32 = 9;
/// How far below the best move's score a praised move may be, in centipawns.
pub const PRAISE_MARGIN: i32 = 120;
/// A score at or beyond this decides the game: a praised move that keeps such a win is
/// right even when another wins faster.
pub const DECIDED: i32 = 500;
/// How much worse than the best a named wrong move must be.
pub const WRONG_MARGIN: i32 = 80;
/// How far ahead the mover must stand after a tactic's key move against the best
/// defence, in centipawns: two pawns. A tactic that only wins back the piece the mover
/// was down, or leaves a lone minor piece against a pawn, ends below it.
pub const AHEAD_MARGIN: i32 = 2 * piece_value(Role::Pawn);
/// How far behind the mover of a step without a proof (a rule, a notation, an opening
/// move) may stand after its accepted move, in centipawns: most of a minor piece. A step
/// whose position is lost whatever is played teaches the move in a game already gone; a
/// forced mate within the deeper search's horizon scores far below it.
pub const LOST_MARGIN: i32 = 250;
/// Moves of the other side within which a wrong move's `mated` fact must be a forced
/// mate, by the exhaustive mate search.
pub const MATED_WITHIN: u8 = mate_search::MAX_MATE_IN;

/// Scores of a position's moves for the side to move, by the deeper search.
pub struct Deep {
    searcher: Searcher,
}

impl Default for Deep {
    fn default() -> Self {
        Deep { searcher: Searcher::new(8) }
    }
}

fn clamp_mate(score: i32) -> i32 {
    if score.abs() >= MATE_IN_MAX { score.signum() * 30_000 } else { score }
}

impl Deep {
    /// The mover's score after `mv`.
    pub fn after(&mut self, pos: &Position, mv: Move) -> i32 {
        let Some(next) = pos.after(mv) else { return -30_000 };
        if next.is_checkmate() {
            return 30_000;
        }
        if next.outcome().is_some() {
            return 0;
        }
        self.searcher.clear();
        let r = self.searcher.search(&next, &[], &Limits::depth(DEEP_DEPTH));
        -clamp_mate(r.score)
    }

    /// The best score the side to move has (over every legal move).
    pub fn best(&mut self, pos: &Position) -> i32 {
        self.searcher.clear();
        let r = self.searcher.search(pos, &[], &Limits::depth(DEEP_DEPTH + 1));
        clamp_mate(r.score)
    }
}

/// The checks of one make-move step, each move searched once: every praised move is
/// close to the best (or keeps a decided win); when the step claims a tactic (`tactic`),
/// its gain survives the deeper search and the mover is at least [`AHEAD_MARGIN`] ahead
/// after it, otherwise the mover is not [`LOST_MARGIN`] or more behind after it; every
/// named wrong move is worse than the best by a clear margin.
pub(super) fn check(
    pos: &Position,
    accept: &[Move],
    wrong: &[(Move, &[PieceFact])],
    tactic: bool,
    c: &mut Ctx<'_>,
) {
    if accept.is_empty() && wrong.is_empty() {
        return;
    }
    c.proved(format!(
        "deep search {DEEP_DEPTH} plies: praised ≤{PRAISE_MARGIN} below best, wrong ≥{WRONG_MARGIN} \
         worse, {}",
        if tactic {
            format!("tactic gain ≥{TACTIC_MARGIN} and mover ≥{AHEAD_MARGIN} after it")
        } else {
            format!("mover > −{LOST_MARGIN} after the praised move")
        }
    ));
    for _ in accept {
        c.claim(if tactic { "tactic gain" } else { "praised move" });
        c.claim(if tactic { "mover ahead after the tactic" } else { "mover not lost" });
    }
    for _ in wrong {
        c.claim("wrong move worse");
    }
    let mut deep = Deep::default();
    let best = deep.best(pos);
    let before = material_balance(pos, pos.side_to_move());
    for &m in accept {
        let score = deep.after(pos, m);
        if score < best - PRAISE_MARGIN && !(score >= DECIDED && best >= DECIDED) {
            c.err(Problem::Unproven(format!(
                "the accepted {} scores {score} by a {DEEP_DEPTH}-ply search, the best move {best}",
                m.uci()
            )));
        }
        if !tactic {
            if score <= -LOST_MARGIN {
                c.err(Problem::Lost { mv: m.uci(), score, depth: DEEP_DEPTH, margin: LOST_MARGIN });
            }
            continue;
        }
        let gain = if score.abs() >= 30_000 { score } else { score - before };
        if gain < TACTIC_MARGIN {
            c.err(Problem::Unproven(format!(
                "{} gains {gain} by a {DEEP_DEPTH}-ply search, less than {TACTIC_MARGIN}",
                m.uci()
            )));
        } else if score < AHEAD_MARGIN {
            c.err(Problem::NotAhead {
                mv: m.uci(),
                score,
                before,
                depth: DEEP_DEPTH,
                margin: AHEAD_MARGIN,
            });
        }
    }
    for &(m, facts) in wrong {
        let score = deep.after(pos, m);
        if score > best - WRONG_MARGIN && !(best >= DECIDED && score < DECIDED) {
            c.err(Problem::Unproven(format!(
                "the wrong move {} scores {score} by a {DEEP_DEPTH}-ply search, as good as the best ({best})",
                m.uci()
            )));
        }
        prove_facts(pos, m, facts, Some(score), c);
    }
}

/// How the facts of wrong moves are proven, for the report.
pub(super) fn facts_method() -> String {
    format!(
        "wrong-move facts: rules; mate search exhaustive to {MATED_WITHIN} moves; deep search \
         {DEEP_DEPTH} plies, material won or lost ≥{TACTIC_MARGIN}"
    )
}

/// Proves each fact the feedback on wrong move `m` states (see [`PieceFact`]): check
/// and stalemate by the rules, `mated` by the exhaustive mate search within
/// [`MATED_WITHIN`] moves of the other side, and what it wins or loses by the deeper
/// search against the material before it (`score`, the mover's score after `m`, when
/// it is already known).
pub(super) fn prove_facts(
    pos: &Position,
    m: Move,
    facts: &[PieceFact],
    score: Option<i32>,
    c: &mut Ctx<'_>,
) {
    let Some(next) = pos.after(m) else { return };
    let mut score = score;
    let before = material_balance(pos, pos.side_to_move());
    for &fact in facts {
        c.claim(&format!("fact {}", fact.name()));
        let why = match fact {
            PieceFact::Check => (!next.is_check()).then(|| "it gives no check".to_owned()),
            PieceFact::Stalemate => {
                (!next.is_stalemate()).then(|| "the other side is not stalemated".to_owned())
            }
            PieceFact::Mated => mate_search::shortest_mate(&next, MATED_WITHIN)
                .is_none()
                .then(|| format!("the other side has no forced mate within {MATED_WITHIN} moves")),
            PieceFact::WinsNothing | PieceFact::LosesMaterial => {
                let s = *score.get_or_insert_with(|| Deep::default().after(pos, m));
                let gain = if s.abs() >= 30_000 { s } else { s - before };
                super::material_fact_false(fact, gain, DEEP_DEPTH, TACTIC_MARGIN)
            }
        };
        if let Some(why) = why {
            c.err(Problem::ClaimFalse { mv: m.uci(), why: format!("{}: {why}", fact.name()) });
        }
    }
}
