//! `qike content check` for the 四国军棋 course: load, validate on the referee, walk
//! every lesson through `JunqiRun` with its answers, and print the counts.

use std::collections::BTreeMap;

use qike_core::curriculum::junqi::{self, JunqiFeedback, JunqiLesson, JunqiRun};

/// Checks the shipped 四国军棋 course; `Err` when it fails.
pub fn check() -> Result<(), String> {
    let course = junqi::junqi_course().map_err(|e| format!("junqi: {e}"))?;
    let problems = junqi::validate_junqi(&course);
    for p in &problems {
        eprintln!("junqi: {p}");
    }
    let mut failed = !problems.is_empty();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut puzzles: BTreeMap<&str, usize> = BTreeMap::new();
    for lesson in course.lessons() {
        for step in &lesson.steps {
            *kinds.entry(step.kind().name()).or_default() += 1;
            if step.is_puzzle() {
                *puzzles.entry(step.kind().name()).or_default() += 1;
            }
        }
        if problems.is_empty()
            && let Err(e) = walk(lesson)
        {
            eprintln!("junqi: lesson '{}': {e}", lesson.id);
            failed = true;
        }
    }
    let steps: usize = kinds.values().sum();
    let total: usize = puzzles.values().sum();
    println!(
        "junqi: {} units, {} lessons, {steps} steps, {total} puzzles",
        course.units.len(),
        course.lessons().count()
    );
    for unit in &course.units {
        let n: usize = unit.lessons.iter().map(|l| l.steps.len()).sum();
        println!("  unit {}: {} lessons, {n} steps", unit.id, unit.lessons.len());
    }
    println!("  steps by kind:");
    for (kind, n) in kinds {
        println!("    {kind}: {n}");
    }
    let by: Vec<String> = puzzles.iter().map(|(k, n)| format!("{k}: {n}")).collect();
    println!("  puzzles: {} (each proven on the referee)", by.join(", "));
    let setups = course.lessons().flat_map(|l| &l.steps).filter(|s| s.shows_setup()).count();
    println!("  setup steps: {setups} (each proven against the setup rules)");
    if failed { Err("content check failed".into()) } else { Ok(()) }
}

/// Plays a lesson to its end with the run's own answers; three stars or an error.
pub fn walk(lesson: &JunqiLesson) -> Result<(), String> {
    let mut run = JunqiRun::new(lesson);
    while let Some(view) = run.view() {
        let inputs = run.answer();
        if inputs.is_empty() {
            return Err(format!("step '{}' has no answer", view.step_id));
        }
        for input in inputs {
            if let JunqiFeedback::Wrong { reason } = run.submit(input) {
                return Err(format!("step '{}': {input:?} was wrong: {}", view.step_id, reason.en));
            }
        }
        if run.view().is_some_and(|v| v.index == view.index) {
            return Err(format!("step '{}' did not finish with its answers", view.step_id));
        }
    }
    match run.result().stars {
        3 => Ok(()),
        s => Err(format!("finished with {s} stars, not 3")),
    }
}
