//! `qike content check`: loads every shipped course, validates it, walks every lesson
//! through `LessonRun` with its right answers (play-outs with the engine's "show me"
//! moves against the step's engine), and prints per-course counts.

use std::collections::BTreeMap;

use qike_core::curriculum::{self, Feedback, LessonRun, Step, load};

pub fn check() -> Result<(), String> {
    let mut failed = false;
    for (name, files) in load::SHIPPED {
        let course = load::load_course(files).map_err(|e| format!("{name}: {e}"))?;
        let mut problems = curriculum::validate(&course);
        if problems.is_empty() {
            problems = curriculum::check_quality(&course);
        }
        for p in &problems {
            eprintln!("{name}: {p}");
        }
        failed |= !problems.is_empty();
        let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
        // Puzzles by how many moves the mate takes (0 = a line to follow, not a mate).
        let mut mates: BTreeMap<u8, usize> = BTreeMap::new();
        // Make-move steps whose claim a solver proves, by the kind of claim.
        let mut proofs: BTreeMap<String, usize> = BTreeMap::new();
        let (mut lessons, mut puzzles) = (0, 0);
        let mut fewest: Option<(usize, &str)> = None;
        // Go: steps a solver in core proves, by solver.
        let mut proven: BTreeMap<&str, usize> = BTreeMap::new();
        for lesson in course.lessons() {
            lessons += 1;
            for step in &lesson.steps {
                *kinds.entry(step.kind_name()).or_default() += 1;
                if let Some(solver) = curriculum::go_steps::proven_by(step) {
                    puzzles += 1;
                    *proven.entry(solver).or_default() += 1;
                }
                if let Step::Puzzle(p) = step {
                    puzzles += 1;
                    *mates.entry(p.mate_in.unwrap_or(0)).or_default() += 1;
                }
                if let Step::MakeMove(m) = step
                    && let Some(proof) = m.proof
                {
                    puzzles += 1;
                    *proofs.entry(format!("{proof:?}")).or_default() += 1;
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
        let by: Vec<String> = mates
            .iter()
            .map(|(k, n)| if *k == 0 { format!("line {n}") } else { format!("mate in {k}: {n}") })
            .collect();
        if !by.is_empty() {
            println!("  puzzles: {} (verified by the mate solver)", by.join(", "));
        }
        if !proven.is_empty() {
            let by: Vec<String> = proven.iter().map(|(k, n)| format!("{k}: {n}")).collect();
            println!("  puzzles proven by solvers: {}", by.join(", "));
        }
        if !proofs.is_empty() {
            let by: Vec<String> = proofs.iter().map(|(k, n)| format!("{k} {n}")).collect();
            println!(
                "  proven moves: {} (mate and king-and-pawn solvers, tactics by search)",
                by.join(", ")
            );
        }
        if let Some((n, id)) = fewest {
            println!("  fewest interactive steps in a lesson: {n} ({id})");
        }
    }
    if failed { Err("content check failed".into()) } else { Ok(()) }
}

/// Plays a lesson with its demo answers and insists on three stars.
fn walk(lesson: &curriculum::Lesson) -> Result<(), String> {
    let mut run = LessonRun::new(lesson);
    while let Some(view) = run.view() {
        let step = &lesson.steps[view.index];
        if matches!(step, Step::PlayOut(_)) {
            play_out(&mut run, view.index, &view.step_id)?;
            continue;
        }
        let inputs = curriculum::demo_inputs(lesson.game, step);
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
    match run.result().stars {
        3 => Ok(()),
        s => Err(format!("finished with {s} stars, not 3")),
    }
}

/// Plays a play-out step with the "show me" moves against the step's engine.
fn play_out(run: &mut LessonRun, index: usize, id: &str) -> Result<(), String> {
    for _ in 0..200 {
        if run.view().is_none_or(|v| v.index != index) {
            return Ok(());
        }
        let input = run.play_out_demo().ok_or(format!("step '{id}' has no demo move"))?;
        if let Feedback::Wrong { reason } = run.submit(input) {
            return Err(format!("step '{id}': the demo player failed: {}", reason.en));
        }
    }
    Err(format!("step '{id}' did not finish in 200 demo moves"))
}
