//! Quality checks of xiangqi lessons by the engine: what a lesson calls right must be
//! good play, what it calls wrong must be worse, and what it claims about a position
//! (a draw to hold, a win to take) must stand up to a search.
//!
//! Legality is checked by [`super::validate()`]; these checks search, so they are run
//! on their own ([`check_quality`], called by `qike content check` and the course
//! tests). Each search is limited by depth and nodes (never by time) from a fresh
//! table, so the verdict is the same on every machine.
//!
//! - make-move: every accepted move scores within [`MARGIN`] of the engine's best move
//!   (a mate found by the best move must be kept by every accepted move), and every
//!   named wrong move scores at least [`WRONG_GAP`] below every accepted move (any two
//!   forced mates count as equal). A step that teaches notation asks for a named move,
//!   not the best one: its accepted move may be up to [`NOTATION_MARGIN`] behind, and
//!   when it marks its wrong moves `wrong_is = "notation"` they are wrong by name, so
//!   they are not searched.
//! - line puzzles: every move of the child in every line passes the same test.
//! - play-outs: a draw to hold must not be lost by force nor more than [`WIN`] behind;
//!   a mate or a win must be a forced mate or at least [`WIN`] ahead; material to win
//!   must be ahead.

use super::schema::{
    Course, Lesson, MakeMove, PlayGoal, PlayOut, Puzzle, PuzzleGoal, Step, WrongIs,
};
use super::validate::{Problem, ValidationError};
use crate::GameKind;
use crate::ai::Limits;
use crate::ai::xiangqi::{MATE_IN_MAX, Searcher, VALUE};
use crate::xiangqi::{Kind, Move, Position, notation};

/// How far every move of a lesson is searched, in plies; endgames and mates get there.
pub const DEPTH: u32 = 8;
/// The most nodes one search may use: full-board opening positions stop at a
/// shallower depth (the last complete iteration counts), so the checks stay quick.
pub const NODES: u64 = 250_000;
/// How much worse than the engine's best (in centipawns) an accepted move may score:
/// less than a soldier, so an accepted move never gives material away.
pub const MARGIN: i32 = 90;
const _: () = assert!(MARGIN < VALUE[Kind::Soldier as usize]);
/// How much worse than every accepted move a named wrong move must score: more than the
/// search's noise between two equally good moves.
pub const WRONG_GAP: i32 = 50;
/// The margin of a step that asks for a named move: less than two soldiers, far less
/// than any other piece.
pub const NOTATION_MARGIN: i32 = 150;
/// A lead that counts as a won ending (a horse's worth).
pub const WIN: i32 = VALUE[Kind::Horse as usize];
/// The table each search uses; small, so a check allocates little.
const HASH_MB: usize = 8;

/// Checks the quality of every xiangqi lesson of a course (other games have their own
/// solvers in [`super::validate()`]); returns every problem found.
pub fn check_quality(course: &Course) -> Vec<ValidationError> {
    let mut out = Vec::new();
    if course.game == GameKind::Xiangqi {
        for lesson in course.lessons() {
            check_lesson_quality(lesson, &mut out);
        }
    }
    out
}

/// Checks the quality of one xiangqi lesson.
pub fn check_lesson_quality(lesson: &Lesson, out: &mut Vec<ValidationError>) {
    if lesson.game != GameKind::Xiangqi {
        return;
    }
    let mut searcher = Searcher::new(HASH_MB);
    for step in &lesson.steps {
        let mut report = |problem| {
            out.push(ValidationError {
                lesson: lesson.id.clone(),
                step: Some(step.id().to_owned()),
                problem,
            })
        };
        let Some(pos) = step.fen().and_then(|f| Position::from_fen(f).ok()) else { continue };
        match step {
            Step::MakeMove(s) => make_move(&mut searcher, &pos, s, &mut report),
            Step::Puzzle(s) if s.goal == PuzzleGoal::Line => {
                line_puzzle(&mut searcher, &pos, s, &mut report)
            }
            Step::PlayOut(s) => play_out(&mut searcher, &pos, s, &mut report),
            _ => {}
        }
    }
}

fn limits() -> Limits {
    Limits { depth: Some(DEPTH), nodes: Some(NODES), ..Limits::default() }
}

/// The score of every root move of `pos` within `margin` of the best, from the side to
/// move's view, best first. Moves further behind are left out.
fn scores(searcher: &mut Searcher, pos: &Position, margin: i32) -> Vec<(Move, i32)> {
    searcher.clear();
    searcher.set_root_margin(margin);
    let r = searcher.search(pos, &[], &limits());
    searcher.set_root_margin(0);
    r.root.iter().filter(|m| m.exact).map(|m| (m.mv, m.score)).collect()
}

/// The score of `pos` for the side to move.
fn score_of(searcher: &mut Searcher, pos: &Position) -> i32 {
    searcher.clear();
    searcher.search(pos, &[], &limits()).score
}

fn parse(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = notation::parse_move(text)?;
    Move::new(from, to).filter(|&m| pos.is_legal(m))
}

fn name(m: Move) -> String {
    format!("{}{}", notation::point_name(m.from()), notation::point_name(m.to()))
}

/// A score as a reader wants it: centipawns, or who mates.
fn shown(score: i32) -> String {
    if score > MATE_IN_MAX {
        "a forced mate".to_owned()
    } else if score < -MATE_IN_MAX {
        "being mated".to_owned()
    } else {
        format!("{score}")
    }
}

/// Checks that each of `moves` is good play in `pos`; returns the lowest score among
/// them (from the mover's view), or `None` when one failed.
fn accepted_moves(
    searcher: &mut Searcher,
    pos: &Position,
    moves: &[Move],
    margin: i32,
    report: &mut impl FnMut(Problem),
) -> Option<i32> {
    let root = scores(searcher, pos, margin);
    let &(best, best_score) = root.first()?;
    let mut lowest = i32::MAX;
    let mut ok = true;
    for &m in moves {
        match root.iter().find(|(r, _)| *r == m) {
            Some(&(_, s)) if best_score <= MATE_IN_MAX || s > MATE_IN_MAX => lowest = lowest.min(s),
            found => {
                ok = false;
                report(Problem::WorseThanBest {
                    mv: name(m),
                    score: found.map_or_else(
                        || format!("below {}", shown(best_score.saturating_sub(margin))),
                        |&(_, s)| shown(s),
                    ),
                    best: name(best),
                    best_score: shown(best_score),
                    margin,
                    depth: DEPTH,
                });
            }
        }
    }
    ok.then_some(lowest)
}

fn make_move(
    searcher: &mut Searcher,
    pos: &Position,
    s: &MakeMove,
    report: &mut impl FnMut(Problem),
) {
    let accepted: Vec<Move> = s.accept.iter().filter_map(|a| parse(pos, a)).collect();
    if accepted.is_empty() {
        return;
    }
    let margin = if s.notation.is_some() { NOTATION_MARGIN } else { MARGIN };
    let Some(lowest) = accepted_moves(searcher, pos, &accepted, margin, report) else { return };
    if s.wrong_is == WrongIs::Notation {
        return;
    }
    for w in &s.wrong {
        let Some(m) = parse(pos, &w.mv) else { continue };
        let mut after = pos.clone();
        after.make(m);
        let score = if after.has_legal_move() {
            -score_of(searcher, &after)
        } else {
            // The wrong move ends the game at once: a mate is never wrong.
            crate::ai::xiangqi::MATE
        };
        if decisive(score) > decisive(lowest).saturating_sub(WRONG_GAP) {
            report(Problem::WrongNotWorse {
                mv: w.mv.clone(),
                score: shown(score),
                accepted: shown(lowest),
                depth: DEPTH,
            });
        }
    }
}

fn line_puzzle(
    searcher: &mut Searcher,
    pos: &Position,
    s: &Puzzle,
    report: &mut impl FnMut(Problem),
) {
    let mut seen = Vec::new();
    for line in &s.lines {
        let mut p = pos.clone();
        for (k, text) in line.iter().enumerate() {
            let Some(m) = parse(&p, text) else { break };
            if k % 2 == 0 && p.has_legal_move() && !seen.contains(&(p.key(), m)) {
                seen.push((p.key(), m));
                if accepted_moves(searcher, &p, &[m], MARGIN, report).is_none() {
                    break;
                }
            }
            p.make(m);
        }
    }
}

/// A score with every forced mate counted alike (a slower mate is still a mate).
fn decisive(score: i32) -> i32 {
    if score > MATE_IN_MAX {
        MATE_IN_MAX + 1
    } else if score < -MATE_IN_MAX {
        -MATE_IN_MAX - 1
    } else {
        score
    }
}

fn play_out(
    searcher: &mut Searcher,
    pos: &Position,
    s: &PlayOut,
    report: &mut impl FnMut(Problem),
) {
    if !pos.has_legal_move() {
        return;
    }
    let score = score_of(searcher, pos);
    let (claim, holds) = match s.goal {
        PlayGoal::HoldDraw { .. } => ("a draw the child can hold", score > -WIN),
        PlayGoal::Checkmate | PlayGoal::Win => ("a win", score >= WIN),
        PlayGoal::WinMaterial => ("material to win", score > 0),
    };
    if !holds {
        report(Problem::ClaimNotBorneOut { claim, score: shown(score), depth: DEPTH });
    }
}
