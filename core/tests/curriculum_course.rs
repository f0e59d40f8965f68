//! The shipped courses: they load, validate, and every lesson can be walked to three
//! stars with its right answers.

use qike_core::curriculum::{self, Feedback, LessonRun, Step, answer_inputs, load};

#[test]
fn shipped_courses_validate() {
    for (name, files) in load::SHIPPED {
        let course = load::load_course(files).unwrap_or_else(|e| panic!("{name}: {e}"));
        let problems = curriculum::validate(&course);
        assert!(
            problems.is_empty(),
            "{name}:\n{}",
            problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")
        );
    }
}

#[test]
fn every_lesson_walks_to_three_stars() {
    let course = curriculum::xiangqi_course().unwrap();
    let mut walked = 0;
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        let mut last = None;
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            if matches!(step, Step::PlayOut(_)) {
                last = Some(play_out(&mut run, &lesson.id, &view.step_id));
                continue;
            }
            let inputs = answer_inputs(qike_core::GameKind::Xiangqi, step);
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
            assert!(
                run.view().is_none_or(|v| v.index > view.index),
                "{}/{} did not finish",
                lesson.id,
                view.step_id
            );
        }
        match last {
            Some(Feedback::LessonDone { result, .. }) => {
                assert_eq!(result.stars, 3, "{}", lesson.id);
                assert_eq!(result.steps.len(), lesson.steps.len());
            }
            other => panic!("{}: ended with {other:?}", lesson.id),
        }
        walked += 1;
    }
    assert!(walked >= 2);
}

/// Plays a play-out step to its goal with the "show me" moves; returns the last feedback.
fn play_out(run: &mut LessonRun, lesson: &str, step: &str) -> Feedback {
    let index = run.view().map(|v| v.index);
    for _ in 0..100 {
        let input =
            run.play_out_answer().unwrap_or_else(|| panic!("{lesson}/{step}: no demo move"));
        let f = run.submit(input);
        assert!(
            !matches!(f, Feedback::Wrong { .. } | Feedback::NotExpected),
            "{lesson}/{step}: {input:?} → {f:?}"
        );
        if run.view().map(|v| v.index) != index {
            return f;
        }
    }
    panic!("{lesson}/{step}: the demo player did not reach the goal in 100 moves");
}

/// One wrong answer in every interactive step of the course gets a Wrong with a reason
/// in both languages, and the step stays current.
#[test]
fn a_wrong_answer_in_every_step_is_explained() {
    use curriculum::Input;
    use qike_core::Point;
    let course = curriculum::xiangqi_course().unwrap();
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            let right = answer_inputs(qike_core::GameKind::Xiangqi, step);
            let wrong = match step {
                Step::Explain(_) | Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => None,
                Step::Quiz(s) => Some(Input::Choice((s.answer + 1) % s.choices.len())),
                Step::TapTargets(_) | Step::TapPoint(_) | Step::TapShape(_) => {
                    // The first point of the board that is not an answer.
                    (0..9u8)
                        .flat_map(|f| (0..10u8).map(move |r| Point::new(f, r)))
                        .find(|p| !right.contains(&Input::Tap(*p)))
                        .map(Input::Tap)
                }
                Step::Setup(_) => right.first().map(|i| match i {
                    Input::Place { kind, at } => {
                        Input::Place { kind: *kind, at: Point::new(at.file, (at.rank + 5) % 10) }
                    }
                    other => *other,
                }),
                Step::MakeMove(_) | Step::Collect(_) | Step::Puzzle(_) | Step::PlayOut(_) => {
                    // A move from an empty point is never right.
                    let board = view.board.clone().unwrap();
                    (0..9u8)
                        .flat_map(|f| (0..10u8).map(move |r| Point::new(f, r)))
                        .find(|p| board.piece_at(*p).is_none())
                        .map(|from| Input::Move {
                            from,
                            to: Point::new(from.file, (from.rank + 1) % 10),
                        })
                }
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
                play_out(&mut run, &lesson.id, &view.step_id);
                continue;
            }
            for input in right {
                run.submit(input);
            }
        }
    }
}

/// The course promise: every lesson has at least six things to do, and a full 教案.
#[test]
fn every_lesson_has_six_interactive_steps_and_a_plan() {
    let course = curriculum::xiangqi_course().unwrap();
    for lesson in course.lessons() {
        let n = lesson.steps.iter().filter(|s| s.is_interactive()).count();
        assert!(n >= 6, "{} has {n} interactive steps", lesson.id);
        assert!(lesson.plan.periods >= 1 && lesson.plan.minutes > 0, "{}", lesson.id);
    }
}

/// Random taps, moves, choices, placements, hints, retries and save/resume on every
/// shipped lesson never panic, and a saved run always resumes to the same view.
#[test]
fn random_inputs_never_panic() {
    use curriculum::Input;
    use qike_core::{PieceKind, Point};
    let course = curriculum::xiangqi_course().unwrap();
    let mut seed: u64 = 0x5EED;
    let mut next = move |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let kinds = [PieceKind::Chariot, PieceKind::Horse, PieceKind::Soldier, PieceKind::General];
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        for _ in 0..40 {
            let p = |i: u64| Point::new((i % 9) as u8, (i / 9 % 10) as u8);
            match next(8) {
                0 => drop(run.submit(Input::Continue)),
                1 => drop(run.submit(Input::Tap(p(next(90))))),
                2 | 3 => drop(run.submit(Input::Move { from: p(next(90)), to: p(next(90)) })),
                4 => drop(run.submit(Input::Choice(next(5) as usize))),
                5 => {
                    let kind = kinds[next(4) as usize];
                    drop(run.submit(Input::Place { kind, at: p(next(90)) }))
                }
                6 => drop(run.hint()),
                _ => {
                    let again = LessonRun::resume(lesson, run.save()).unwrap();
                    assert_eq!(again.view(), run.view(), "{}", lesson.id);
                    run = again;
                }
            }
        }
        assert!(run.result().stars <= 3);
    }
}

/// The course's size promise: at least 9 units and 28 lessons, at least 120 puzzles
/// that are forced mates in 1–3, and a review lesson or a whole game closing each unit.
#[test]
fn the_course_has_its_promised_size_and_reviews() {
    let course = curriculum::xiangqi_course().unwrap();
    assert!(course.units.len() >= 9, "{} units", course.units.len());
    assert!(course.lessons().count() >= 28);
    let mates = course
        .lessons()
        .flat_map(|l| &l.steps)
        .filter(|s| matches!(s, Step::Puzzle(p) if matches!(p.mate_in, Some(1..=3))))
        .count();
    assert!(mates >= 120, "{mates} mate puzzles");
    // A unit ends with a review lesson, or with a lesson whose last step is a game
    // against the engine played to a win.
    for unit in &course.units {
        let last = unit.lessons.last();
        let id = last.map(|l| l.id.as_str()).unwrap_or("");
        let ends_in_game = last.and_then(|l| l.steps.last()).is_some_and(|s| {
            matches!(s, Step::PlayOut(p) if p.goal == qike_core::curriculum::schema::PlayGoal::Win)
        });
        assert!(id.starts_with("xq-review-") || ends_in_game, "unit {} ends with {id}", unit.id);
    }
    let play_outs =
        course.lessons().flat_map(|l| &l.steps).filter(|s| matches!(s, Step::PlayOut(_)));
    assert!(play_outs.count() >= 4);
}
