//! The Go course: it loads and validates, every lesson can be done with three stars
//! by its demo answers, its puzzles are proven by the solvers, and a wrong claim in a
//! lesson file is refused.

mod common;

use qike_core::curriculum::{
    self, Course, Feedback, GameKind, Input, LessonRun, Step, StepKind, answer_inputs, go_steps,
    load,
};

fn go_course() -> Course {
    curriculum::course_for(GameKind::Go { size: 9 }).unwrap().expect("a Go course is shipped")
}

/// The shipped Go files with one text replaced in the file `name`.
fn planted(name: &str, from: &str, to: &str) -> Course {
    common::planted_course(load::GO_FILES, name, &[(from, to)])
}

#[test]
fn the_go_course_is_valid_and_big_enough() {
    let course = go_course();
    let problems = curriculum::validate(&course);
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(course.units.len() >= 5);
    assert!(course.lessons().count() >= 16);
    for unit in &course.units {
        let last = unit.lessons.last().unwrap();
        assert!(last.id.contains("review"), "unit {} ends with {}", unit.id, last.id);
    }
    for lesson in course.lessons() {
        let interactive = lesson.steps.iter().filter(|s| s.is_interactive()).count();
        assert!(interactive >= 6, "{} has {interactive} interactive steps", lesson.id);
    }
    let proven = course.lessons().flat_map(|l| &l.steps).filter_map(go_steps::proven_by).count();
    assert!(proven >= 80, "{proven} proven puzzles");
}

#[test]
fn every_go_lesson_is_done_with_three_stars_by_its_demo_answers() {
    let course = go_course();
    for lesson in course.lessons() {
        let mut run = LessonRun::new(lesson);
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            if matches!(step, Step::PlayOut(_)) {
                let input = run.play_out_answer().expect("a demo move");
                assert!(!matches!(run.submit(input), Feedback::Wrong { .. }));
                continue;
            }
            let inputs = answer_inputs(lesson.game, step);
            assert!(!inputs.is_empty(), "{}/{}: no demo answer", lesson.id, view.step_id);
            for input in inputs {
                let f = run.submit(input);
                assert!(
                    !matches!(f, Feedback::Wrong { .. } | Feedback::NotExpected),
                    "{}/{}: {input:?} gave {f:?}",
                    lesson.id,
                    view.step_id
                );
            }
            assert!(
                run.view().is_none_or(|v| v.index != view.index),
                "{}/{} did not finish",
                lesson.id,
                view.step_id
            );
        }
        assert_eq!(run.result().stars, 3, "{}", lesson.id);
    }
}

#[test]
fn a_refuted_answer_fails_the_check() {
    // The net lesson's answer replaced by the direct atari, which white escapes.
    let course = planted("09_net.toml", "accept = [\"F6\"]", "accept = [\"E6\"]");
    let problems = curriculum::validate(&course);
    assert!(
        problems.iter().any(|p| p.lesson == "go_net" && p.to_string().contains("E6 does not")),
        "{problems:#?}"
    );
    // A wrong count.
    let course = planted("15_counting.toml", "answer = 36", "answer = 35");
    assert!(curriculum::validate(&course).iter().any(|p| p.lesson == "go_counting"));
    // A point too many among the liberties.
    let course = planted("02_liberties.toml", "points = [\"E4\", ", "points = [\"E3\", \"E4\", ");
    assert!(curriculum::validate(&course).iter().any(|p| p.lesson == "go_liberties"));
    // A killing move listed as a wrong move in a life-and-death step.
    let course = planted(
        "13_life_death.toml",
        "[[steps.wrong]]\nmove = \"A1\"",
        "[[steps.wrong]]\nmove = \"B1\"",
    );
    assert!(curriculum::validate(&course).iter().any(|p| p.lesson == "go_life_death"));
    // The corner's count answered with the whole board's area, as it once was.
    let course = planted("16_opening_endgame.toml", "answer = 12\n", "answer = 81\n");
    let problems = curriculum::validate(&course);
    assert!(problems.iter().any(|p| p.step.as_deref() == Some("corner_terr")), "{problems:#?}");
}

#[test]
fn fights_refuse_a_failing_stone_and_answer_a_good_one() {
    let course = go_course();
    let lesson = course.lesson("go_net").unwrap();
    let mut run = LessonRun::new(lesson);
    while run.view().is_some_and(|v| v.step_id != "net") {
        let step = &lesson.steps[run.view().unwrap().index];
        for input in answer_inputs(lesson.game, step) {
            run.submit(input);
        }
    }
    let pt = |name: &str| curriculum::position::point(lesson.game, name).unwrap();
    // The direct atari: the author's note on it.
    match run.submit(Input::Tap(pt("E6"))) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("F5"), "{}", reason.en),
        other => panic!("{other:?}"),
    }
    // The net: white answers with its most stubborn try.
    match run.submit(Input::Tap(pt("F6"))) {
        Feedback::Correct { reply: Some(_), .. } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(run.result().mistakes, 1);
}

#[test]
fn a_count_takes_a_number_and_says_more_or_fewer() {
    let course = go_course();
    let lesson = course.lesson("go_counting").unwrap();
    let mut run = LessonRun::new(lesson);
    while run.view().is_some_and(|v| v.kind != StepKind::Count) {
        let step = &lesson.steps[run.view().unwrap().index];
        for input in answer_inputs(lesson.game, step) {
            run.submit(input);
        }
    }
    assert_eq!(run.submit(Input::Tap(qike_core::Point::new(0, 0))), Feedback::NotExpected);
    match run.submit(Input::Number(30)) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("few")),
        other => panic!("{other:?}"),
    }
    match run.submit(Input::Number(36)) {
        Feedback::StepDone { .. } => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn wrong_answers_on_the_big_eye_shapes_and_seki_fail_the_check() {
    let fails = |course: &Course, needle: &str| {
        let problems = curriculum::validate(course);
        assert!(
            problems.iter().any(|p| p.lesson == "go_life_death" && p.to_string().contains(needle)),
            "expected '{needle}' in {problems:#?}"
        );
    };
    // Pyramid four: a side point does not kill.
    let course = planted(
        "13_life_death.toml",
        "goal = \"kill\"\nat = \"C2\"\naccept = [\"D1\"]",
        "goal = \"kill\"\nat = \"C2\"\naccept = [\"C1\"]",
    );
    fails(&course, "C1 does not");
    // Bulky five: the handle leaves a square four, which is dead.
    let course = planted(
        "13_life_death.toml",
        "goal = \"live\"\nat = \"B2\"\naccept = [\"D1\"]",
        "goal = \"live\"\nat = \"B2\"\naccept = [\"E1\"]",
    );
    fails(&course, "E1 does not");
    // Seki: one shared liberty left out.
    let course = planted("13_life_death.toml", "points = [\"C1\", \"G1\"]", "points = [\"C1\"]");
    fails(&course, "G1");
    // Not a seki: with two black stones inside, white has room to take them.
    let course = planted(
        "13_life_death.toml",
        "J1 D1 E1 F1; white: B1 B2 C2 D2 E2 F2 G2 H2 H1\"\nquestion",
        "J1 D1 E1; white: B1 B2 C2 D2 E2 F2 G2 H2 H1\"\nquestion",
    );
    fails(&course, "not in seki");
}

#[test]
fn a_wrong_best_shape_or_an_uneven_comparison_fails_the_check() {
    let fails = |course: &Course, needle: &str| {
        let problems = curriculum::validate(course);
        assert!(
            problems
                .iter()
                .any(|p| p.lesson == "go_opening_endgame" && p.to_string().contains(needle)),
            "expected '{needle}' in {problems:#?}"
        );
    };
    // The side shape named as the best.
    let course = planted(
        "16_opening_endgame.toml",
        "points = [\"A4\", \"B4\", \"C4\", \"D4\", \"D3\", \"D2\", \"D1\"]",
        "points = [\"J1\", \"J2\", \"J3\", \"K3\", \"L3\", \"L2\", \"L1\"]",
    );
    fails(&course, "A4");
    // One more stone in the middle shape makes the comparison unfair.
    let course = planted("16_opening_endgame.toml", "M10 M9\"", "M10 M9 L9\"");
    fails(&course, "as many stones");
}

#[test]
fn a_count_with_living_stones_called_dead_fails_the_check() {
    // Without the walls around its pocket the white stone sits in 26 empty points:
    // too much room to read to the end, so it is not proven dead.
    let open = "black: D1 D2 D3 D4 D5 D6 D7 D8 D9 C5; white";
    let course = planted(
        "15_counting.toml",
        "black: D1 D2 D3 D4 D5 D6 D7 D8 D9 A4 B4 C4 A6 B6 C6; white",
        open,
    );
    let problems = curriculum::validate(&course);
    assert!(
        problems.iter().any(|p| p.lesson == "go_counting" && p.to_string().contains("B5")),
        "{problems:#?}"
    );
    // A living black wall named dead.
    let course = planted(
        "17_review_5.toml",
        "dead = [\"B5\"]\nanswer = 36",
        "dead = [\"B5\", \"D1\"]\nanswer = 36",
    );
    let problems = curriculum::validate(&course);
    assert!(
        problems.iter().any(|p| p.lesson == "go_review_5" && p.to_string().contains("D1")),
        "{problems:#?}"
    );
}
