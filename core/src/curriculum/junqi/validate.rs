//! The 四国军棋 content check: every step is proven on the referee. Tap answers equal
//! the rules' answers, accepted moves are legal and reach the goal, named wrong moves
//! are legal, miss it and end their battle as they say, "only" moves are the only
//! ones, and a puzzle's line is legal in turn order and ends on the goal (a puzzle of
//! several of the child's moves has no shorter way at the start). A 布阵 step's board
//! is a setup of the child's army, and its stations are exactly those the setup rules'
//! own checks name.

use std::collections::BTreeSet;

use crate::curriculum::junqi::goal::{self, Played};
use crate::curriculum::junqi::schema::{
    JunqiCourse, JunqiGoal, JunqiLesson, JunqiStep, JunqiTapStation, JunqiWrongMove, StationClaim,
};
use crate::curriculum::junqi::setup;
use crate::curriculum::schema::Text;
use crate::curriculum::validate::{Problem, ValidationError};
use crate::junqi::{Referee, Station, StationKind};

/// Every problem of the course; empty when it is sound.
pub fn validate_junqi(course: &JunqiCourse) -> Vec<ValidationError> {
    let mut problems = Vec::new();
    let mut ids = BTreeSet::new();
    for lesson in course.lessons() {
        for p in &lesson.prerequisites {
            if !ids.contains(p.as_str()) {
                problems.push(ValidationError {
                    lesson: lesson.id.clone(),
                    step: None,
                    problem: Problem::UnknownPrerequisite(p.clone()),
                });
            }
        }
        ids.insert(lesson.id.as_str());
        problems.extend(validate_junqi_lesson(lesson));
    }
    problems
}

/// Every problem of one lesson.
pub fn validate_junqi_lesson(lesson: &JunqiLesson) -> Vec<ValidationError> {
    let mut problems = Vec::new();
    let mut step_ids = BTreeSet::new();
    let plan = &lesson.plan;
    let plan_texts = [("title", &lesson.title), ("plan.content", &plan.content)]
        .into_iter()
        .chain([("plan.summary", &plan.summary)])
        .chain(plan.objectives.iter().map(|t| ("plan.objectives", t)))
        .chain(plan.key_points.iter().map(|t| ("plan.key_points", t)))
        .chain(plan.process.iter().map(|t| ("plan.process", t)));
    for (name, t) in plan_texts {
        if !t.is_complete() {
            let missing = if t.zh.trim().is_empty() { "zh" } else { "en" };
            problems.push(ValidationError {
                lesson: lesson.id.clone(),
                step: None,
                problem: Problem::MissingTranslation { field: name.to_owned(), missing },
            });
        }
    }
    if lesson.steps.iter().all(|s| !s.is_interactive()) {
        problems.push(error(lesson, "", "the lesson has nothing to do on the board".into()));
    }
    for step in &lesson.steps {
        if !step_ids.insert(step.id()) {
            problems.push(ValidationError {
                lesson: lesson.id.clone(),
                step: Some(step.id().to_owned()),
                problem: Problem::DuplicateId { what: "step", id: step.id().to_owned() },
            });
        }
        for (name, t) in step_texts(step) {
            if !t.is_complete() {
                let missing = if t.zh.trim().is_empty() { "zh" } else { "en" };
                problems.push(ValidationError {
                    lesson: lesson.id.clone(),
                    step: Some(step.id().to_owned()),
                    problem: Problem::MissingTranslation { field: name.to_owned(), missing },
                });
            }
        }
        if let Err(message) = check(step) {
            problems.push(error(lesson, step.id(), message));
        }
    }
    problems
}

/// Every text of a step a child may read, with its field's name.
fn step_texts(step: &JunqiStep) -> Vec<(&'static str, &Text)> {
    let mut out = vec![("text", step.text())];
    out.extend(step.hint().map(|h| ("hint", h)));
    let wrong = match step {
        JunqiStep::Explain(_) => &[][..],
        JunqiStep::TapTargets(s) => {
            out.push(("explain", &s.explain));
            &[][..]
        }
        JunqiStep::TapStation(s) => {
            out.push(("explain", &s.explain));
            &[][..]
        }
        JunqiStep::MakeMove(s) => {
            out.push(("praise", &s.praise));
            &s.wrong[..]
        }
        JunqiStep::Puzzle(s) => {
            out.push(("praise", &s.praise));
            &s.wrong[..]
        }
    };
    out.extend(wrong.iter().map(|w| ("wrong.says", &w.says)));
    out
}

fn error(lesson: &JunqiLesson, step: &str, message: String) -> ValidationError {
    ValidationError {
        lesson: lesson.id.clone(),
        step: (!step.is_empty()).then(|| step.to_owned()),
        problem: Problem::Unproven(message),
    }
}

fn at(s: &str) -> Result<Station, String> {
    goal::station(s).ok_or_else(|| format!("'{s}' is not a station"))
}

fn mv(s: &str) -> Result<crate::junqi::Move, String> {
    goal::move_of(s).ok_or_else(|| format!("'{s}' is not a move"))
}

fn play(referee: &Referee, text: &str) -> Result<Played, String> {
    goal::play(referee, mv(text)?).map_err(|e| format!("{text}: {e}"))
}

fn check(step: &JunqiStep) -> Result<(), String> {
    let Some(text) = step.position() else { return Ok(()) };
    if let JunqiStep::TapStation(s) = step
        && let Some(claim) = s.claim.filter(|c| c.is_about_setup())
    {
        return check_setup(s, claim, text);
    }
    let referee = goal::start(text)?;
    if referee.outcome().is_some() {
        return Err("the game is already over in this position".into());
    }
    let seat = referee.turn();
    match step {
        JunqiStep::Explain(s) => {
            s.highlights.iter().try_for_each(|h| at(h).map(drop))?;
            s.arrows.iter().try_for_each(|a| mv(a).map(drop))
        }
        JunqiStep::TapTargets(s) => {
            let from = at(&s.piece)?;
            let rules: BTreeSet<Station> = referee.targets(seat, from).into_iter().collect();
            let listed = s.targets.iter().map(|t| at(t)).collect::<Result<BTreeSet<_>, _>>()?;
            if rules.is_empty() {
                return Err(format!("the piece on {from} has no move"));
            }
            if rules != listed {
                let codes: Vec<String> = rules.iter().map(|s| s.code()).collect();
                return Err(format!("the rules' targets are {}", codes.join(" ")));
            }
            Ok(())
        }
        JunqiStep::TapStation(s) => {
            let listed = s.stations.iter().map(|t| at(t)).collect::<Result<BTreeSet<_>, _>>()?;
            if listed.is_empty() {
                return Err("no station to tap".into());
            }
            let Some(claim) = s.claim else { return Ok(()) };
            let army = Station::all().filter(|st| st.seat() == Some(seat));
            let truth: BTreeSet<Station> = match claim {
                StationClaim::Camps => army.filter(|st| st.kind() == StationKind::Camp).collect(),
                StationClaim::Headquarters => {
                    army.filter(|st| st.kind() == StationKind::Headquarters).collect()
                }
                StationClaim::Railway => army.filter(|st| st.is_on_railway()).collect(),
                StationClaim::FlagMayStand
                | StationClaim::MineMayStand
                | StationClaim::BombMayNotStand
                | StationClaim::BreaksSetupRule => {
                    return Err("a setup claim needs a setup board".into());
                }
            };
            if truth != listed {
                let codes: Vec<String> = truth.iter().map(|s| s.code()).collect();
                return Err(format!("the stations that are so are {}", codes.join(" ")));
            }
            Ok(())
        }
        JunqiStep::MakeMove(s) => {
            let reach = reach_of(s.goal, s.reach.as_deref())?;
            if s.accept.is_empty() {
                return Err("no accepted move".into());
            }
            for a in &s.accept {
                if !play(&referee, a)?.reaches(s.goal, reach) {
                    return Err(format!("{a} does not reach the goal"));
                }
            }
            check_wrong(&referee, &s.wrong, s.goal, reach)?;
            if s.only {
                let all: BTreeSet<String> = winning(&referee, s.goal, reach)
                    .into_iter()
                    .map(|m| format!("{}-{}", m.from.code(), m.to.code()))
                    .collect();
                let accept: BTreeSet<String> = s
                    .accept
                    .iter()
                    .map(|a| mv(a).map(|m| format!("{}-{}", m.from.code(), m.to.code())))
                    .collect::<Result<_, _>>()?;
                if all != accept {
                    let list: Vec<String> = all.into_iter().collect();
                    return Err(format!("the moves that reach the goal are {}", list.join(" ")));
                }
            }
            Ok(())
        }
        JunqiStep::Puzzle(s) => {
            let reach = reach_of(s.goal, s.reach.as_deref())?;
            check_wrong(&referee, &s.wrong, s.goal, reach)?;
            let mut now = referee.clone();
            let mut child_moves = 0;
            let mut last = None;
            for m in &s.line {
                if now.turn() == seat {
                    child_moves += 1;
                }
                let played = play(&now, m)?;
                now = played.after.clone();
                last = Some(played);
            }
            let last = last.ok_or("the line is empty")?;
            if last.seat != seat || !last.reaches(s.goal, reach) {
                return Err("the line does not end with the child's move reaching the goal".into());
            }
            if child_moves > 1 && !winning(&referee, s.goal, reach).is_empty() {
                return Err("the goal can be reached in one move".into());
            }
            if s.forced {
                if child_moves != 2 {
                    return Err("a forced puzzle has two of the child's moves".into());
                }
                let first = play(&referee, &s.line[0])?;
                every_answer_leaves_a_win(&first.after, seat, s.goal, reach)?;
            }
            Ok(())
        }
    }
}

/// A 布阵 step: its board is a setup of the child's army, and the listed stations are
/// exactly those the setup rules' own checks name.
fn check_setup(s: &JunqiTapStation, claim: StationClaim, text: &str) -> Result<(), String> {
    let board = setup::setup_board(text)?;
    let listed = s.stations.iter().map(|t| at(t)).collect::<Result<BTreeSet<_>, _>>()?;
    if listed.is_empty() {
        return Err("no station to tap".into());
    }
    let truth = setup::claimed(claim, &board);
    if truth != listed {
        let codes: Vec<String> = truth.iter().map(|s| s.code()).collect();
        return Err(format!("the stations that are so are {}", codes.join(" ")));
    }
    Ok(())
}

fn reach_of(goal: JunqiGoal, reach: Option<&str>) -> Result<Option<Station>, String> {
    match (goal, reach) {
        (JunqiGoal::Reach, Some(r)) => Ok(Some(at(r)?)),
        (JunqiGoal::Reach, None) => Err("the goal 'reach' needs a reach station".into()),
        (_, Some(_)) => Err("only the goal 'reach' has a reach station".into()),
        (_, None) => Ok(None),
    }
}

fn check_wrong(
    referee: &Referee,
    wrong: &[JunqiWrongMove],
    goal: JunqiGoal,
    reach: Option<Station>,
) -> Result<(), String> {
    for w in wrong {
        let played = play(referee, &w.mv)?;
        if played.reaches(goal, reach) {
            return Err(format!("the wrong move {} reaches the goal", w.mv));
        }
        if let Some(claim) = w.battle
            && claim != played.claim()
        {
            return Err(format!("the wrong move {} ends as {:?}", w.mv, played.claim()));
        }
    }
    Ok(())
}

/// Whatever the other seats play until `seat` is to move again, `seat` then has a
/// move that reaches the goal.
fn every_answer_leaves_a_win(
    now: &Referee,
    seat: crate::junqi::Seat,
    goal: JunqiGoal,
    reach: Option<Station>,
) -> Result<(), String> {
    if now.outcome().is_some() {
        return Err("the game ends before the child's last move".into());
    }
    if now.turn() == seat {
        return match winning(now, goal, reach).is_empty() {
            true => Err(format!("an answer stops it: {}", now.position())),
            false => Ok(()),
        };
    }
    for m in now.legal_moves(now.turn()) {
        let mut next = now.clone();
        next.play(next.turn(), m).map_err(|e| e.to_string())?;
        every_answer_leaves_a_win(&next, seat, goal, reach)?;
    }
    Ok(())
}

/// Every legal move of the seat to move that reaches the goal.
pub(crate) fn winning(
    referee: &Referee,
    goal: JunqiGoal,
    reach: Option<Station>,
) -> Vec<crate::junqi::Move> {
    referee
        .legal_moves(referee.turn())
        .into_iter()
        .filter(|&m| goal::play(referee, m).is_ok_and(|p| p.reaches(goal, reach)))
        .collect()
}
