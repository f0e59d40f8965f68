//! Xiangqi steps held to a deeper search than the tactic proof's: a praised move must be
//! close to the best move, a material-winning tactic must keep its gain against the best
//! defence and leave the mover clearly ahead, the accepted move of any other step must
//! not leave the mover lost, and a named wrong move must really be worse
//! (unless the step marks its wrong moves as misreadings of the written notation). The
//! search is [`DEEP_DEPTH`] plies of the engine's own search (with quiescence) from a
//! fresh table, capped at [`DEEP_NODES`] nodes, so the verdict is the same everywhere:
//! deep enough to see what the material proof's four plies miss — a forked piece that
//! comes back by a skewer, a mate that follows the key move, a block that walks into
//! mate.

use crate::ai::Limits;
use crate::ai::xiangqi::tactic::{TACTIC_GAIN, material_balance};
use crate::ai::xiangqi::{MATE, MATE_IN_MAX, Searcher, VALUE};
use crate::curriculum::schema::PieceFact;
use crate::xiangqi::{Kind, Move, Position, mate_search, notation};

use super::context::{Ctx, Problem};

/// Plies the deeper search looks ahead from the position after a move.
pub const DEEP_DEPTH: u32 = 8;
/// The most nodes one deeper search may visit; a full-board position stops at the last
/// complete iteration within it.
pub const DEEP_NODES: u64 = 1_500_000;
/// How far below the best move's score a praised move may be, in centipawns: less than
/// a horse less a soldier, so a praised move never throws a piece away.
pub const PRAISE_MARGIN: i32 = 150;
/// A score at or beyond this decides the game: a praised move that keeps such a win is
/// right even when another wins faster.
pub const DECIDED: i32 = 500;
/// How much worse than the best a named wrong move must be.
pub const WRONG_MARGIN: i32 = 80;
/// How far ahead the mover must stand after a tactic's key move against the best
/// defence: two soldiers. A tactic that only wins back the piece the mover was down
/// ends below it.
pub const AHEAD_MARGIN: i32 = 2 * VALUE[Kind::Soldier as usize];
/// How far behind the mover of a step without a proof (a rule, a notation, an opening
/// move) may stand after its accepted move: a horse less a soldier. A step whose
/// position is lost whatever is played teaches the move in a game already gone; a
/// forced mate within the deeper search's horizon scores far below it.
pub const LOST_MARGIN: i32 = TACTIC_GAIN;
/// The table each search uses.
const HASH_MB: usize = 8;
/// Moves of the other side within which a wrong move's `mated` fact must be a forced
/// mate (or 困毙), by the exhaustive mate search.
pub const MATED_WITHIN: u8 = 3;

/// Scores of a position's moves for the side to move, by the deeper search.
pub struct Deep {
    searcher: Searcher,
}

impl Default for Deep {
    fn default() -> Self {
        Deep { searcher: Searcher::new(HASH_MB) }
    }
}

fn clamp_mate(score: i32) -> i32 {
    if score.abs() >= MATE_IN_MAX { score.signum() * MATE } else { score }
}

fn limits(depth: u32) -> Limits {
    Limits { depth: Some(depth), nodes: Some(DEEP_NODES), ..Limits::default() }
}

fn name(m: Move) -> String {
    format!("{}{}", notation::point_name(m.from()), notation::point_name(m.to()))
}

impl Deep {
    /// The mover's score after `mv` (which must be legal in `pos`).
    pub fn after(&mut self, pos: &Position, mv: Move) -> i32 {
        let mut next = pos.clone();
        next.make(mv);
        if !next.has_legal_move() {
            // Mate or 困毙: the side left without a move has lost.
            return MATE;
        }
        self.searcher.clear();
        let r = self.searcher.search(&next, &[], &limits(DEEP_DEPTH));
        -clamp_mate(r.score)
    }

    /// The best score the side to move has (over every legal move).
    pub fn best(&mut self, pos: &Position) -> i32 {
        self.searcher.clear();
        let r = self.searcher.search(pos, &[], &limits(DEEP_DEPTH + 1));
        clamp_mate(r.score)
    }
}

/// The checks of one make-move step, each move searched once: every praised move is
/// close to the best (or keeps a decided win); when the step claims a tactic (`tactic`),
/// its gain of at least [`TACTIC_GAIN`] survives the deeper search and the mover is at
/// least [`AHEAD_MARGIN`] ahead after it, otherwise the mover is not [`LOST_MARGIN`] or
/// more behind after it; every named wrong move in `wrong` is worse than the best by a
/// clear margin (the caller leaves out wrong moves that are misreadings of notation).
pub(super) fn check(
    pos: &Position,
    accept: &[Move],
    wrong: &[(Move, &[PieceFact])],
    tactic: bool,
    c: &mut Ctx<'_>,
) {
    if (accept.is_empty() && wrong.is_empty()) || !pos.has_legal_move() {
        return;
    }
    c.proved(format!(
        "deep search {DEEP_DEPTH} plies ≤{DEEP_NODES} nodes: praised ≤{PRAISE_MARGIN} below best, \
         wrong ≥{WRONG_MARGIN} worse, {}",
        if tactic {
            format!("tactic gain ≥{TACTIC_GAIN} and mover ≥{AHEAD_MARGIN} after it")
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
                name(m)
            )));
        }
        if !tactic {
            if score <= -LOST_MARGIN {
                c.err(Problem::Lost { mv: name(m), score, depth: DEEP_DEPTH, margin: LOST_MARGIN });
            }
            continue;
        }
        let gain = if score.abs() >= MATE { score } else { score - before };
        if gain < TACTIC_GAIN {
            c.err(Problem::Unproven(format!(
                "{} gains {gain} by a {DEEP_DEPTH}-ply search, less than {TACTIC_GAIN}",
                name(m)
            )));
        } else if score < AHEAD_MARGIN {
            c.err(Problem::NotAhead {
                mv: name(m),
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
                name(m)
            )));
        }
        prove_facts(pos, m, facts, Some(score), c);
    }
}

/// How the facts of wrong moves are proven, for the report.
pub(super) fn facts_method() -> String {
    format!(
        "wrong-move facts: rules; mate search exhaustive to {MATED_WITHIN} moves; deep search \
         {DEEP_DEPTH} plies ≤{DEEP_NODES} nodes, material won or lost ≥{TACTIC_GAIN}"
    )
}

/// Proves each fact the feedback on wrong move `m` (legal in `pos`) states (see
/// [`PieceFact`]): check by the rules, `mated` by the exhaustive mate search within
/// [`MATED_WITHIN`] moves of the other side, and what it wins or loses by the deeper
/// search against the material before it (`score`, the mover's score after `m`, when
/// it is already known). A stalemate is no fact of xiangqi: the side without a move
/// has lost.
pub(super) fn prove_facts(
    pos: &Position,
    m: Move,
    facts: &[PieceFact],
    score: Option<i32>,
    c: &mut Ctx<'_>,
) {
    let mut next = pos.clone();
    next.make(m);
    let mut score = score;
    let before = material_balance(pos, pos.side_to_move());
    for &fact in facts {
        c.claim(&format!("fact {}", fact.name()));
        let why = match fact {
            PieceFact::Check => (!next.is_check()).then(|| "it gives no check".to_owned()),
            PieceFact::Stalemate => {
                Some("in xiangqi the side left without a move has lost, it is no draw".to_owned())
            }
            PieceFact::Mated => mate_search::mate_distance(&next, MATED_WITHIN)
                .is_none()
                .then(|| format!("the other side has no forced mate within {MATED_WITHIN} moves")),
            PieceFact::WinsNothing | PieceFact::LosesMaterial => {
                let s = *score.get_or_insert_with(|| Deep::default().after(pos, m));
                let gain = if s.abs() >= MATE { s } else { s - before };
                super::material_fact_false(fact, gain, DEEP_DEPTH, TACTIC_GAIN)
            }
        };
        if let Some(why) = why {
            c.err(Problem::ClaimFalse { mv: name(m), why: format!("{}: {why}", fact.name()) });
        }
    }
}
