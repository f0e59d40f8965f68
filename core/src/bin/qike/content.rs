//! `qike content check`: loads every shipped course, validates it, walks every lesson
//! through `LessonRun` with its right answers (play-outs with the engine's "show me"
//! moves against the step's engine), and prints per-course counts; with `--report`, what
//! the validators proved per step kind and how.

use std::collections::BTreeMap;

use qike_core::ai::xiangqi::tactic;
use qike_core::curriculum::schema::{Proof, PuzzleGoal, ShapeQuery};
use qike_core::curriculum::{self, Feedback, LessonRun, Step, load};

pub fn check(report: bool) -> Result<(), String> {
    let mut failed = false;
    let mut proofs = Vec::new();
    for (name, files) in load::SHIPPED {
        let course = load::load_course(files).map_err(|e| format!("{name}: {e}"))?;
        let (mut problems, proven) = curriculum::validate_with_report(&course);
        proofs.push((name, proven));
        if problems.is_empty() {
            problems = curriculum::check_quality(&course);
        }
        for p in &problems {
            eprintln!("{name}: {p}");
        }
        failed |= !problems.is_empty();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        // Puzzles by kind: what the solver in core proves about each.
        let mut proven: BTreeMap<String, usize> = BTreeMap::new();
        let (mut lessons, mut puzzles) = (0, 0);
        let mut fewest: Option<(usize, &str)> = None;
        for lesson in course.lessons() {
            lessons += 1;
            for step in &lesson.steps {
                *kinds.entry(step.kind_name()).or_default() += 1;
                if let Some(kind) = puzzle_kind(step) {
                    puzzles += 1;
                    *proven.entry(kind).or_default() += 1;
                }
            }
            let interactive = lesson.steps.iter().filter(|s| s.is_interactive()).count();
            if fewest.is_none_or(|(n, _)| interactive < n) {
                fewest = Some((interactive, lesson.id.as_str()));
            }
            if problems.is_empty()
                && let Err(e) = walk(lesson)
            {
                eprintln!("{name}: lesson '{}': {e}", lesson.id);
                failed = true;
            }
        }
        let steps: usize = kinds.values().sum();
        println!(
            "{name}: {} units, {lessons} lessons, {steps} steps, {puzzles} puzzles",
            course.units.len()
        );
        for unit in &course.units {
            let n: usize = unit.lessons.iter().map(|l| l.steps.len()).sum();
            println!("  unit {}: {} lessons, {n} steps", unit.id, unit.lessons.len());
        }
        println!("  steps by kind:");
        for (kind, n) in kinds {
            println!("    {kind}: {n}");
        }
        let by: Vec<String> = proven.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        println!("  puzzles: {} (each proven by the rules and solvers in core)", by.join(", "));
        if let Some((n, id)) = fewest {
            println!("  fewest interactive steps in a lesson: {n} ({id})");
        }
    }
    // 四国军棋 stands beside the two-sided courses: its own loader, check and run.
    if let Err(e) = crate::content_junqi::check() {
        eprintln!("{e}");
        failed = true;
    }
    if report {
        print_report(&proofs);
    }
    if failed { Err("content check failed".into()) } else { Ok(()) }
}

/// One line per course and step kind: how many steps, how they were proven (the solver
/// and its settings, with how many steps each) and the claims checked, by kind.
fn print_report(proofs: &[(&&str, curriculum::ProofReport)]) {
    println!("proof report (course, step kind, steps, how proven: claims checked)");
    for (game, report) in proofs {
        for (kind, k) in &report.kinds {
            if kind == "course" {
                continue;
            }
            let how = if k.methods.is_empty() {
                "rules and texts only".to_owned()
            } else {
                let m: Vec<String> = k.methods.iter().map(|(m, n)| format!("{m} ({n})")).collect();
                m.join("; ")
            };
            let total: usize = k.claims.values().sum();
            let claims = if total == 0 {
                String::new()
            } else {
                let c: Vec<String> = k.claims.iter().map(|(c, n)| format!("{c} {n}")).collect();
                format!(": {total} claims ({})", c.join(", "))
            };
            println!("{game}  {kind}  {} steps  {how}{claims}", k.steps);
        }
    }
}

/// What kind of proven puzzle a step is, if it is one: a mate or a win by fours with
/// its length, a line to follow, a make-move step with its proof, or a shape question.
fn puzzle_kind(step: &Step) -> Option<String> {
    match step {
        Step::Puzzle(p) => Some(match (p.goal, p.mate_in) {
            (PuzzleGoal::Mate, Some(n)) => format!("mate in {n}"),
            (PuzzleGoal::Five, Some(n)) => format!("five in {n}"),
            _ => "line".to_owned(),
        }),
        // A xiangqi tactic is named by its pattern (double attack, pin, …).
        Step::MakeMove(m)
            if m.proof == Some(Proof::WinsMaterial)
                && let Ok(pos) = qike_core::xiangqi::Position::from_fen(&m.fen)
                && let Some(first) = m.accept.first()
                && let Some((from, to)) = qike_core::xiangqi::notation::parse_move(first) =>
        {
            let motif = qike_core::xiangqi::Move::new(from, to)
                .filter(|&mv| pos.is_legal(mv))
                .map_or("win material", |mv| tactic::motif(&pos, mv).name());
            Some(format!("tactic: {motif}"))
        }
        Step::MakeMove(m) => m.proof.map(|p| {
            match p {
                Proof::Five => "make five",
                Proof::StartsVcf => "start a win by fours (VCF)",
                Proof::StartsVct => "start a win by threats (VCT)",
                Proof::Defends => "the only defences",
                Proof::Mate => "mate in one",
                Proof::WinsMaterial => "win material",
                Proof::KpkWin => "king and pawn: win",
                Proof::KpkDraw => "king and pawn: hold the draw",
            }
            .to_owned()
        }),
        Step::TapShape(t) => Some(
            match t.shape {
                ShapeQuery::Five => "tap every five",
                ShapeQuery::OpenFour => "tap every open four",
                ShapeQuery::Four => "tap every four",
                ShapeQuery::OpenThree => "tap every open three",
                ShapeQuery::FourThree => "tap every four-three",
                ShapeQuery::Forbidden => "tap every forbidden point",
            }
            .to_owned(),
        ),
        _ => curriculum::go_steps::proven_by(step).map(str::to_owned),
    }
}

/// Plays a lesson with its demo answers and insists on three stars.
fn walk(lesson: &curriculum::Lesson) -> Result<(), String> {
    let run = play_through(lesson)?;
    match run.result().stars {
        3 => Ok(()),
        s => Err(format!("finished with {s} stars, not 3")),
    }
}

/// Plays a lesson to its end with its demo answers (the right answers of each step,
/// the engine's "show me" moves in play-outs) through the real lesson runner.
pub fn play_through(lesson: &curriculum::Lesson) -> Result<LessonRun, String> {
    let mut run = LessonRun::new(lesson);
    while let Some(view) = run.view() {
        let step = &lesson.steps[view.index];
        if matches!(step, Step::PlayOut(_)) {
            play_out(&mut run, view.index, &view.step_id)?;
            continue;
        }
        let inputs = curriculum::answer_inputs(lesson.game, step);
        if inputs.is_empty() {
            return Err(format!("step '{}' has no demo answer", view.step_id));
        }
        for input in inputs {
            if let Feedback::Wrong { reason } = run.submit(input) {
                return Err(format!(
                    "step '{}': demo answer {input:?} was wrong: {}",
                    view.step_id, reason.en
                ));
            }
        }
        if run.view().is_some_and(|v| v.index == view.index) {
            return Err(format!("step '{}' did not finish with its demo answers", view.step_id));
        }
    }
    Ok(run)
}

/// Plays a play-out step with the "show me" moves against the step's engine.
fn play_out(run: &mut LessonRun, index: usize, id: &str) -> Result<(), String> {
    for _ in 0..200 {
        if run.view().is_none_or(|v| v.index != index) {
            return Ok(());
        }
        let input = run.play_out_answer().ok_or(format!("step '{id}' has no demo move"))?;
        if let Feedback::Wrong { reason } = run.submit(input) {
            return Err(format!("step '{id}': the demo player failed: {}", reason.en));
        }
    }
    Err(format!("step '{id}' did not finish in 200 demo moves"))
}
