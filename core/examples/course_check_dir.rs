//! Validates a course folder from disk (no rebuild after each edit of a lesson) and
//! walks every lesson with its demo answers, as `qike content check` does for the
//! embedded courses.
//!
//! `cargo run --release -p qike-core --example course_check_dir -- core/content/chess`

use qike_core::curriculum::{self, Feedback, LessonRun, Step};

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "core/content/chess".into());
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("a course folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap_or_default())
        })
        .collect();
    files.sort();
    let pairs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let course = match curriculum::load_course(&pairs) {
        Ok(c) => c,
        Err(e) => {
            println!("LOAD {e}");
            return;
        }
    };
    let problems = curriculum::validate(&course);
    for p in &problems {
        println!("{p}");
    }
    for lesson in course.lessons() {
        if let Err(e) = walk(lesson) {
            println!("WALK {}: {e}", lesson.id);
        }
    }
    println!("{} problems", problems.len());
}

fn walk(lesson: &curriculum::Lesson) -> Result<(), String> {
    let mut run = LessonRun::new(lesson);
    let mut guard = 0;
    while let Some(view) = run.view() {
        guard += 1;
        if guard > 2_000 {
            return Err("too many inputs".into());
        }
        let step = &lesson.steps[view.index];
        let inputs = if matches!(step, Step::PlayOut(_)) {
            run.play_out_answer().into_iter().collect()
        } else {
            curriculum::answer_inputs(lesson.game, step)
        };
        if inputs.is_empty() {
            return Err(format!("step '{}' has no demo answer", view.step_id));
        }
        for input in inputs {
            match run.submit(input) {
                Feedback::Wrong { reason } => {
                    return Err(format!("step '{}': {input:?}: {}", view.step_id, reason.en));
                }
                Feedback::NotExpected => {
                    return Err(format!("step '{}': {input:?} not expected", view.step_id));
                }
                _ => {}
            }
        }
        if !matches!(step, Step::PlayOut(_)) && run.view().is_some_and(|v| v.index == view.index) {
            return Err(format!("step '{}' did not finish", view.step_id));
        }
    }
    match run.result().stars {
        3 => Ok(()),
        s => Err(format!("{s} stars")),
    }
}
