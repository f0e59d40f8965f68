//! Checks a loaded course against the rules of its game: every position parses, every
//! accepted or scripted move is legal, listed targets are the real targets, stars can
//! be reached, mates are forced, ids are unique, prerequisites exist without cycles,
//! and every text is written in both languages.

mod chess;
mod chess_depth;
mod context;
mod go;
mod gomoku;
mod xiangqi;
mod xiangqi_depth;

use std::collections::{BTreeMap, BTreeSet};

use super::schema::{Course, Lesson};
use crate::GameKind;
use context::Ctx;

pub use context::{KindProof, Problem, ProofReport, ValidationError};
pub use xiangqi::collect_path;

/// Checks a whole course; returns every problem found (empty when all is well).
pub fn validate(course: &Course) -> Vec<ValidationError> {
    validate_with_report(course).0
}

/// Checks a whole course; returns every problem found and what was proven, per step
/// kind, with the solvers' settings and the claims checked.
pub fn validate_with_report(course: &Course) -> (Vec<ValidationError>, ProofReport) {
    let mut report = ProofReport::default();
    let mut out = Vec::new();
    let mut ids = BTreeSet::new();
    let mut units = BTreeSet::new();
    let all: BTreeSet<&str> = course.lessons().map(|l| l.id.as_str()).collect();
    {
        let mut c = ctx(&course.id, &mut out, &mut report);
        c.text("course title", &course.title);
        c.text("course description", &course.description);
        for u in &course.units {
            if !units.insert(u.id.clone()) {
                c.err(Problem::DuplicateId { what: "unit", id: u.id.clone() });
            }
            c.text(&format!("unit '{}' title", u.id), &u.title);
        }
    }
    for lesson in course.lessons() {
        let mut c = ctx(&lesson.id, &mut out, &mut report);
        if !ids.insert(lesson.id.clone()) {
            c.err(Problem::DuplicateId { what: "lesson", id: lesson.id.clone() });
        }
        for p in &lesson.prerequisites {
            if !all.contains(p.as_str()) {
                c.err(Problem::UnknownPrerequisite(p.clone()));
            }
        }
        lesson_into(lesson, &mut out, &mut report);
    }
    if let Some(id) = prerequisite_cycle(course) {
        out.push(ValidationError {
            lesson: id.clone(),
            step: None,
            problem: Problem::CyclicPrerequisite(id),
        });
    }
    (out, report)
}

fn ctx<'a>(
    lesson: &'a str,
    out: &'a mut Vec<ValidationError>,
    report: &'a mut ProofReport,
) -> Ctx<'a> {
    Ctx { lesson, step: None, out, kind: "course", report }
}

fn prerequisite_cycle(course: &Course) -> Option<String> {
    let graph: BTreeMap<&str, Vec<&str>> = course
        .lessons()
        .map(|l| (l.id.as_str(), l.prerequisites.iter().map(String::as_str).collect()))
        .collect();
    // 0 = unseen, 1 = on the stack, 2 = done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    fn visit<'a>(
        n: &'a str,
        g: &BTreeMap<&'a str, Vec<&'a str>>,
        st: &mut BTreeMap<&'a str, u8>,
    ) -> Option<String> {
        match st.get(n) {
            Some(1) => return Some(n.to_owned()),
            Some(2) => return None,
            _ => {}
        }
        st.insert(n, 1);
        for &m in g.get(n).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(c) = visit(m, g, st) {
                return Some(c);
            }
        }
        st.insert(n, 2);
        None
    }
    graph.keys().find_map(|&n| visit(n, &graph, &mut state))
}

/// Checks one lesson against the rules of its game.
pub fn validate_lesson(lesson: &Lesson, out: &mut Vec<ValidationError>) {
    lesson_into(lesson, out, &mut ProofReport::default());
}

fn lesson_into(lesson: &Lesson, out: &mut Vec<ValidationError>, report: &mut ProofReport) {
    let mut c = ctx(&lesson.id, out, report);
    c.text("title", &lesson.title);
    let p = &lesson.plan;
    c.text("plan.content", &p.content);
    c.text("plan.summary", &p.summary);
    for (name, list) in [
        ("plan.objectives", &p.objectives),
        ("plan.key_points", &p.key_points),
        ("plan.materials", &p.materials),
        ("plan.process", &p.process),
    ] {
        if list.is_empty() {
            c.err(Problem::Empty(name));
        }
        for (i, t) in list.iter().enumerate() {
            c.text(&format!("{name}[{i}]"), t);
        }
    }
    let mut steps = BTreeSet::new();
    for step in &lesson.steps {
        let kind = step.kind_name();
        c.report.kinds.entry(kind.to_owned()).or_default().steps += 1;
        let mut c =
            Ctx { lesson: &lesson.id, step: Some(step.id()), out: c.out, kind, report: c.report };
        if !steps.insert(step.id()) {
            c.err(Problem::DuplicateId { what: "step", id: step.id().to_owned() });
        }
        c.text("text", step.text());
        if let Some(h) = step.hint() {
            c.text("hint", h);
        }
        if !matches!(lesson.game, GameKind::Go { .. })
            && step
                .wrong_moves()
                .iter()
                .any(|w| w.claim.is_some() || w.reply.is_some() || w.liberties.is_some())
        {
            c.err(Problem::NotForThisGame("claim, reply or liberties on a wrong move"));
        }
        if !matches!(lesson.game, GameKind::Chess | GameKind::Xiangqi)
            && step.wrong_moves().iter().any(|w| !w.facts.is_empty())
        {
            c.err(Problem::NotForThisGame("facts on a wrong move"));
        }
        match lesson.game {
            GameKind::Xiangqi => xiangqi::validate_step(step, &mut c),
            GameKind::Go { .. } => go::validate_step(lesson.game, step, &mut c),
            GameKind::Chess => chess::validate_step(step, &mut c),
            kind => gomoku::validate_step(kind, step, &mut c),
        }
    }
}

/// Why a wrong move's material fact is false, if it is: `gain` is what the move wins
/// (negative: loses) by a `depth`-ply search, `margin` what counts as a piece.
fn material_fact_false(
    fact: crate::curriculum::schema::PieceFact,
    gain: i32,
    depth: u32,
    margin: i32,
) -> Option<String> {
    if fact == crate::curriculum::schema::PieceFact::WinsNothing {
        (gain >= margin)
            .then(|| format!("it gains {gain} by a {depth}-ply search (a win is {margin})"))
    } else {
        (gain > -margin)
            .then(|| format!("it loses {} by a {depth}-ply search, less than {margin}", -gain))
    }
}
