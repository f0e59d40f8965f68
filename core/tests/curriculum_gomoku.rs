//! The gomoku course: its promised size, every lesson walked to three stars, every wrong
//! answer explained, and the content check failing when a wrong answer is planted.

mod common;

use qike_core::curriculum::{
    self, Feedback, Input, LessonRun, Problem, Step, answer_inputs, load, validate,
};
use qike_core::{GameKind, Point};

fn course() -> curriculum::Course {
    load::load_course(load::GOMOKU_FILES).expect("the gomoku course loads")
}

/// Steps a solver or the rules prove: shape questions, proven make-move steps and
/// five puzzles.
fn is_proven_puzzle(step: &Step) -> bool {
    match step {
        Step::TapShape(_) | Step::Puzzle(_) => true,
        Step::MakeMove(m) => m.proof.is_some(),
        _ => false,
    }
}

#[test]
fn the_course_has_its_promised_size_plans_and_reviews() {
    let course = course();
    assert!(matches!(course.game, GameKind::Gomoku { .. }));
    assert!(validate(&course).is_empty(), "{:?}", validate(&course));
    assert!(course.units.len() >= 3, "{} units", course.units.len());
    assert!(course.lessons().count() >= 10, "{} lessons", course.lessons().count());
    let proven = course.lessons().flat_map(|l| &l.steps).filter(|s| is_proven_puzzle(s)).count();
    assert!(proven >= 60, "{proven} proven puzzles");
    for unit in &course.units {
        let last = unit.lessons.last().expect("a unit has lessons");
        assert!(last.id.contains("review"), "unit {} ends with {}", unit.id, last.id);
    }
    for lesson in course.lessons() {
        let n = lesson.steps.iter().filter(|s| s.is_interactive()).count();
        assert!(n >= 6, "{} has {n} interactive steps", lesson.id);
        let plan = &lesson.plan;
        assert!(plan.content.is_complete() && plan.summary.is_complete(), "{}", lesson.id);
        for list in [&plan.objectives, &plan.key_points, &plan.materials, &plan.process] {
            assert!(!list.is_empty() && list.iter().all(|t| t.is_complete()), "{}", lesson.id);
        }
        assert!(plan.periods >= 1 && plan.minutes > 0, "{}", lesson.id);
    }
}

#[test]
fn lesson_ids_are_unique_across_every_course() {
    let mut seen = std::collections::BTreeMap::new();
    for course in curriculum::courses().unwrap() {
        for lesson in course.lessons() {
            if let Some(other) = seen.insert(lesson.id.clone(), course.id.clone()) {
                panic!("lesson id {} is used by {other} and {}", lesson.id, course.id);
            }
        }
    }
    assert!(seen.len() >= 10);
}

/// Plays a play-out step with the "show me" moves until the step is over.
fn play_out(run: &mut LessonRun, id: &str) -> Feedback {
    let index = run.view().map(|v| v.index);
    for _ in 0..60 {
        let input = run.play_out_answer().unwrap_or_else(|| panic!("{id}: no demo move"));
        let f = run.submit(input);
        assert!(!matches!(f, Feedback::Wrong { .. } | Feedback::NotExpected), "{id}: {f:?}");
        if run.view().map(|v| v.index) != index {
            return f;
        }
    }
    panic!("{id}: the demo player did not win in 60 moves");
}

#[test]
fn every_lesson_walks_to_three_stars() {
    let course = course();
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        let mut last = None;
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            if matches!(step, Step::PlayOut(_)) {
                last = Some(play_out(&mut run, &view.step_id));
                continue;
            }
            let inputs = answer_inputs(lesson.game, step);
            assert!(!inputs.is_empty(), "{}/{} has no demo answer", lesson.id, view.step_id);
            for input in inputs {
                let f = run.submit(input);
                assert!(
                    !matches!(f, Feedback::Wrong { .. } | Feedback::NotExpected),
                    "{}/{}: {input:?} → {f:?}",
                    lesson.id,
                    view.step_id
                );
                last = Some(f);
            }
            assert!(run.view().is_none_or(|v| v.index > view.index), "{}", view.step_id);
        }
        match last {
            Some(Feedback::LessonDone { result, .. }) => {
                assert_eq!(result.stars, 3, "{}", lesson.id)
            }
            other => panic!("{}: ended with {other:?}", lesson.id),
        }
    }
}

/// A tap or a stone on the first empty point that is not an answer is wrong, says why
/// in both languages, and leaves the step where it was.
#[test]
fn a_wrong_answer_in_every_step_is_explained() {
    let course = course();
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            let right = answer_inputs(lesson.game, step);
            let board = view.board.clone();
            let empty_not_right = || {
                let board = board.as_ref()?;
                (0..15u8)
                    .flat_map(|f| (0..15u8).map(move |r| Point::new(f, r)))
                    .filter(|p| board.piece_at(*p).is_none())
                    .find(|p| !right.contains(&Input::Tap(*p)))
                    .map(Input::Tap)
            };
            let wrong = match step {
                Step::Explain(_) | Step::PlayOut(_) => None,
                Step::Quiz(s) => Some(Input::Choice((s.answer + 1) % s.choices.len())),
                _ => empty_not_right(),
            };
            if let Some(w) = wrong {
                match run.submit(w) {
                    Feedback::Wrong { reason } => assert!(reason.is_complete()),
                    other => panic!("{}/{}: {w:?} gave {other:?}", lesson.id, view.step_id),
                }
                assert_eq!(run.view().map(|v| v.index), Some(view.index));
                run.retry();
            }
            if matches!(step, Step::PlayOut(_)) {
                play_out(&mut run, &view.step_id);
                continue;
            }
            for input in right {
                run.submit(input);
            }
        }
        assert!(run.is_done(), "{}", lesson.id);
    }
}

/// The course files with one text replaced in one lesson file.
fn planted(file: &str, from: &str, to: &str) -> Vec<ValidationProblem> {
    let course = common::planted_course(load::GOMOKU_FILES, file, &[(from, to)]);
    validate(&course).into_iter().map(|e| (e.step.unwrap_or_default(), e.problem)).collect()
}

type ValidationProblem = (String, Problem);

#[test]
fn the_check_fails_on_a_planted_wrong_answer() {
    // A four-three step that accepts a mere four: it starts no win by fours.
    let found = planted("05_four_three.toml", "accept = [\"j7\"]", "accept = [\"k7\"]");
    assert!(
        found.iter().any(|(s, p)| s == "second" && matches!(p, Problem::Unproven(_))),
        "{found:?}"
    );
    // The only defence replaced by the end that loses to a four-three.
    let found = planted("06_defend.toml", "accept = [\"k8\"]", "accept = [\"g8\"]");
    assert!(found.iter().any(|(s, _)| s == "right-end"), "{found:?}");
    // A defence that stops every win by fours but loses to a win by threats, accepted
    // beside the one that holds, as it once was.
    let found = planted("06_defend.toml", "accept = [\"k7\"]", "accept = [\"k7\", \"k11\"]");
    assert!(
        found.iter().any(|(s, p)| s == "then-three"
            && matches!(p, Problem::Unproven(why) if why.contains("k11") && why.contains("wins by threats"))),
        "{found:?}"
    );
    // The two defences swapped: the losing one accepted, the holding one named wrong.
    let found = planted(
        "06_defend.toml",
        "accept = [\"k7\"]\nproof = \"defends\"\nwrong = [{ move = \"k11\"",
        "accept = [\"k11\"]\nproof = \"defends\"\nwrong = [{ move = \"k7\"",
    );
    assert!(
        found.iter().any(|(s, p)| s == "then-three"
            && matches!(p, Problem::Unproven(why) if why.contains("wrong move k7 holds"))),
        "{found:?}"
    );
    assert!(
        found.iter().any(|(s, p)| s == "then-three"
            && matches!(p, Problem::Unproven(why) if why.contains("accepted k11"))),
        "{found:?}"
    );
    // A forbidden-point question answered with an ordinary point.
    let found = planted("10_renju.toml", "points = [\"i8\"]", "points = [\"m8\"]");
    assert!(
        found.iter().any(|(s, p)| s == "overline" && matches!(p, Problem::PointsDiffer { .. })),
        "{found:?}"
    );
    // A five puzzle whose line lets white answer somewhere harmless.
    let found = planted("05_four_three.toml", "[\"k8\", \"l8\",", "[\"k8\", \"a1\",");
    assert!(
        found.iter().any(|(s, p)| s == "win" && matches!(p, Problem::BadLine { .. })),
        "{found:?}"
    );
    // A first win by threats that names the winning three as a wrong move.
    let found = planted("08_vct.toml", "{ move = \"f8\"", "{ move = \"j8\"");
    assert!(found.iter().any(|(s, _)| s == "three-first"), "{found:?}");
    // The shipped course itself is clean.
    assert!(validate(&course()).is_empty());
}
