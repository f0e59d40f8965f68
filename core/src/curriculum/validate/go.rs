//! Checks of Go lesson steps: positions read, points lie on the step's board, stones
//! are legal, and every answer is the one the rules or a solver in core gives —
//! tap-go points, counts against the area count, fights proven by capture reading
//! or exhaustive life and death.

mod numbers;

use super::context::{Ctx, Problem, play_out_fields, quiz_fields};
use crate::curriculum::go_steps::{self, CountQuestion, Fight, FightGoal};
use crate::curriculum::position;
use crate::curriculum::schema::{Step, Text, WrongMove};
use crate::go::{self, Move, reading};
use crate::{AnyGame, GameKind, Point};
use numbers::Unit;

fn names(mut points: Vec<Point>) -> Vec<String> {
    points.sort_by_key(|p| (p.rank, p.file));
    points.into_iter().map(go::gtp_name).collect()
}

/// The points of `list` on the step's board, reporting those that are not.
fn points_on(game: &go::Game, c: &mut Ctx<'_>, list: &[String]) -> Vec<Point> {
    list.iter()
        .filter_map(|p| match go_steps::point_on(game, p) {
            Ok(at) => Some(at),
            Err(_) => {
                c.err(Problem::BadPoint(p.clone()));
                None
            }
        })
        .collect()
}

/// A stone the side to move may play on `text`.
fn legal(game: &go::Game, text: &str, c: &mut Ctx<'_>) -> Option<Point> {
    let at = points_on(game, c, std::slice::from_ref(&text.to_owned())).pop()?;
    let mut g = game.clone();
    if let Err(e) = g.play(Move::Play(at)) {
        c.err(Problem::IllegalMove { mv: text.to_owned(), reason: e.to_string() });
        return None;
    }
    Some(at)
}

pub(super) fn validate_step(kind: GameKind, step: &Step, c: &mut Ctx<'_>) {
    let game = match step.fen().map(|f| (f, position::start(kind, f))) {
        Some((_, Ok(AnyGame::Go(g)))) => Some(*g),
        Some((f, Err(e))) => {
            c.err(Problem::BadPosition { text: f.to_owned(), error: e.to_string() });
            return;
        }
        Some(_) => return,
        None => None,
    };
    let board_of = |c: &mut Ctx<'_>| match &game {
        Some(g) => Some(g.clone()),
        None => {
            c.err(Problem::Empty("position"));
            None
        }
    };
    if let Some(how) = go_steps::proven_by(step).filter(|_| !matches!(step, Step::Fight(_))) {
        c.proved(how);
    }
    match step {
        Step::Explain(s) => {
            if let Some(g) = &game {
                points_on(g, c, &s.highlights);
            }
            if !s.arrows.is_empty() {
                c.err(Problem::NotForThisGame("arrow"));
            }
        }
        Step::Quiz(s) => {
            quiz_fields(s, c);
            if let Some(g) = &game {
                points_on(g, c, &s.highlights);
            }
        }
        Step::TapPoint(s) => {
            c.text("explain", &s.explain);
            let Some(g) = board_of(c) else { return };
            if points_on(&g, c, &s.points).is_empty() {
                c.err(Problem::Empty("answer point"));
            }
        }
        Step::MakeMove(s) => {
            let Some(g) = board_of(c) else { return };
            c.text("praise", &s.praise);
            if s.accept.is_empty() {
                c.err(Problem::Empty("accepted move"));
            }
            for a in &s.accept {
                legal(&g, a, c);
            }
            for w in &s.wrong {
                c.text(&format!("wrong move {}", w.mv), &w.says);
                if s.accept.contains(&w.mv) {
                    c.err(Problem::WrongIsAccepted(w.mv.clone()));
                }
                legal(&g, &w.mv, c);
                if w.claim.is_some() || w.reply.is_some() || w.liberties.is_some() {
                    c.err(Problem::NotForThisGame("claim on a make-move step (use a fight)"));
                }
            }
            points_on(&g, c, &s.highlights);
            if s.proof.is_some() || s.notation.is_some() {
                c.err(Problem::NotForThisGame("proof or notation on a Go move"));
            }
        }
        Step::PlayOut(s) => {
            if game.as_ref().is_some_and(go::Game::is_over) {
                c.err(Problem::GameOver);
            }
            play_out_fields(s, c);
        }
        Step::TapGo(s) => {
            c.text("explain", &s.explain);
            let Some(g) = board_of(c) else { return };
            let listed = points_on(&g, c, &s.points);
            match go_steps::answer_points(&g, &s.question) {
                Ok(actual) => {
                    if actual.is_empty() {
                        c.err(Problem::Empty("answer point"));
                    }
                    let (listed, actual) = (names(listed), names(actual));
                    if listed != actual {
                        c.err(Problem::PointsDiffer { listed, actual });
                    }
                }
                Err(e) => c.err(Problem::Unproven(e)),
            }
            stated_stones(&s.text, s.stones, go_steps::tap_group(&g, &s.question), c);
        }
        Step::Count(s) => {
            c.text("explain", &s.explain);
            let Some(g) = board_of(c) else { return };
            match go_steps::count_answer(&g, s) {
                Ok(n) if n == s.answer => {}
                Ok(n) => c.err(Problem::Unproven(format!(
                    "the count gives {n}, the step's answer is {}",
                    s.answer
                ))),
                Err(e) => c.err(Problem::Unproven(e)),
            }
            count_fits(&g, s, c);
            stated_stones(&s.text, s.stones, go_steps::count_group(&g, &s.question), c);
        }
        Step::Fight(s) => {
            c.text("praise", &s.praise);
            let Some(g) = board_of(c) else { return };
            validate_fight(&g, s, c);
            c.proved(fight_method(s));
        }
        Step::Puzzle(_) => c.err(Problem::NotForThisGame("puzzle")),
        Step::TapShape(_) => c.err(Problem::NotForThisGame("tap_shape")),
        Step::TapTargets(_) => c.err(Problem::NotForThisGame("tap_targets")),
        Step::Collect(_) => c.err(Problem::NotForThisGame("collect")),
        Step::Setup(_) => c.err(Problem::NotForThisGame("setup")),
    }
}

fn validate_fight(g: &go::Game, s: &Fight, c: &mut Ctx<'_>) {
    if let Err(e) = go_steps::point_on(g, &s.at).and_then(|p| {
        g.board().get(p).map(|_| ()).ok_or_else(|| format!("there is no stone on {}", s.at))
    }) {
        c.err(Problem::Unproven(e));
        return;
    }
    if !(1..=go_steps::MAX_DEPTH).contains(&s.depth) || s.moves == 0 {
        c.err(Problem::Unproven(format!(
            "depth must be 1 to {} and moves at least 1",
            go_steps::MAX_DEPTH
        )));
        return;
    }
    if s.accept.is_empty() {
        c.err(Problem::Empty("accepted move"));
    }
    for a in &s.accept {
        let Some(p) = legal(g, a, c) else { continue };
        match go_steps::fight_move_works(g, s, p, 0) {
            Ok(true) => {}
            Ok(false) => c.err(Problem::Unproven(format!("{a} does not reach the goal"))),
            Err(e) => c.err(Problem::Unproven(format!("{a}: {e}"))),
        }
    }
    stated_liberties_after(g, s, c);
    for w in &s.wrong {
        c.text(&format!("wrong move {}", w.mv), &w.says);
        if s.accept.contains(&w.mv) {
            c.err(Problem::WrongIsAccepted(w.mv.clone()));
        }
        for n in numbers::stated(&w.says, Unit::Liberties) {
            c.claim("stated number");
            if w.liberties.map(u32::from) != Some(n) {
                c.err(Problem::TextNumber {
                    what: "liberties",
                    stated: n,
                    why: match w.liberties {
                        Some(d) => format!("wrong move {} declares liberties = {d}", w.mv),
                        None => format!(
                            "wrong move {} does not declare it (write liberties = {n}, with \
                             the reply it follows)",
                            w.mv
                        ),
                    },
                });
            }
        }
        if let Some(word) = numbers::outcome_word(&w.says).filter(|_| w.claim.is_none()) {
            c.err(Problem::ClaimUndeclared { mv: w.mv.clone(), word: word.to_owned() });
        }
        let Some(p) = legal(g, &w.mv, c) else { continue };
        match go_steps::fight_move_works(g, s, p, 0) {
            Ok(false) => {}
            Ok(true) => c.err(Problem::Unproven(format!("the wrong move {} works too", w.mv))),
            Err(e) => c.err(Problem::Unproven(format!("{}: {e}", w.mv))),
        }
        check_claim(g, s, w, c);
    }
    if go_steps::fight_answer(g, s).is_none() {
        c.err(Problem::Unproven("the fight cannot be played to its end with proven moves".into()));
    }
}

/// How a fight step is proven, for the content report.
fn fight_method(s: &Fight) -> String {
    match s.goal {
        FightGoal::Capture | FightGoal::Escape => format!(
            "capture reading ≤{} moves, ≤{} positions (claims read {} moves past the move)",
            go_steps::MAX_DEPTH,
            reading::READING_NODES,
            go_steps::CLAIM_HORIZON
        ),
        FightGoal::Kill | FightGoal::Live => "life and death, read to the end".to_owned(),
    }
}

/// Proves what a wrong move's feedback states (its claim, reply and liberties).
fn check_claim(g: &go::Game, s: &Fight, w: &WrongMove, c: &mut Ctx<'_>) {
    if w.claim.is_none() && w.liberties.is_none() {
        if w.reply.is_some() {
            c.err(Problem::Unproven(format!(
                "wrong move {}: a reply needs a claim or liberties to check",
                w.mv
            )));
        }
        return;
    }
    if let Some(claim) = w.claim {
        c.claim(claim.name());
    }
    if w.liberties.is_some() {
        c.claim("liberties");
    }
    if let Err(e) = go_steps::prove_claim(g, s, w) {
        c.err(Problem::ClaimFalse { mv: w.mv.clone(), why: e });
    }
}

/// The number of stones the text states must be the step's `stones`, and `stones` must
/// be the size of the group the question is about (`group`: one size per group).
fn stated_stones(
    text: &Text,
    declared: Option<u32>,
    group: Result<Vec<usize>, String>,
    c: &mut Ctx<'_>,
) {
    for n in numbers::stated(text, Unit::Stones) {
        c.claim("stated number");
        if declared != Some(n) {
            c.err(Problem::TextNumber {
                what: Unit::Stones.name(),
                stated: n,
                why: match declared {
                    Some(d) => format!("the step declares stones = {d}"),
                    None => format!(
                        "the step does not declare it (write stones = {n} so the check \
                         can compare it with the board)"
                    ),
                },
            });
        }
    }
    let Some(d) = declared else { return };
    match group {
        Ok(sizes) => {
            if let Some(&n) = sizes.iter().find(|&&n| n != d as usize) {
                c.err(Problem::TextNumber {
                    what: Unit::Stones.name(),
                    stated: d,
                    why: format!("the stones the question is about are {n} on the board"),
                });
            }
        }
        Err(e) => c.err(Problem::TextNumber { what: Unit::Stones.name(), stated: d, why: e }),
    }
}

/// A count asks what its answer counts: an area that is the whole board (one colour
/// alone on it) says nothing about what the stones enclose.
fn count_fits(g: &go::Game, s: &go_steps::Count, c: &mut Ctx<'_>) {
    if !matches!(s.question, CountQuestion::Area { .. } | CountQuestion::Margin) {
        return;
    }
    c.claim("no dead stones counted alive");
    match go_steps::dead_counted_alive(g, &s.dead) {
        Ok(dead) if !dead.is_empty() => c.err(Problem::AnswerMisfits(format!(
            "the stones on {} are dead (taken even with their owner to move), but the count \
             takes them as alive (list them in dead, or give them two eyes)",
            names(dead).join(" ")
        ))),
        Ok(_) => {}
        Err(e) => c.err(Problem::Unproven(e)),
    }
    let whole = i64::from(g.size()) * i64::from(g.size());
    c.claim("area is enclosed");
    if s.answer.abs() == whole {
        c.err(Problem::AnswerMisfits(format!(
            "the answer {} is the whole board's area: with one colour alone on the board \
             every empty point counts for it, whatever its stones enclose (ask for the \
             enclosed points, or put the other colour's stones around)",
            s.answer
        )));
    }
}

/// The liberties a fight's praise states are those of the fight's stones after each
/// accepted move.
fn stated_liberties_after(g: &go::Game, s: &Fight, c: &mut Ctx<'_>) {
    let said = numbers::stated(&s.praise, Unit::Liberties);
    let Ok(at) = go_steps::point_on(g, &s.at) else { return };
    for n in said {
        c.claim("stated number");
        for a in &s.accept {
            let mut after = g.clone();
            let Ok(p) = go_steps::point_on(g, a) else { continue };
            if after.play_at(p).is_err() {
                continue;
            }
            let libs = after.board().get(at).map_or(0, |_| after.board().liberties(at));
            if libs != n as usize {
                c.err(Problem::TextNumber {
                    what: Unit::Liberties.name(),
                    stated: n,
                    why: format!("after the accepted {a} the stones on {} have {libs}", s.at),
                });
            }
        }
    }
}
