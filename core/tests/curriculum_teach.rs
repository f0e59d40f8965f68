//! Feedback that teaches: wrong answers get the author's explanation, wrong moves get
//! the opponent's answer to show and take back, the first hint is free, and quiz
//! choices come in a per-pupil order.

use qike_core::curriculum::{Feedback, Input, LessonRun, load};
use qike_core::{MoveInput, Point};

fn p(s: &str) -> Point {
    qike_core::xiangqi::notation::parse_point(s).unwrap()
}

const HEAD: &str = r#"id = "teach"
title = { zh = "题", en = "Test" }
[plan]
content = { zh = "题", en = "Test" }
objectives = [{ zh = "题", en = "Test" }]
key_points = [{ zh = "题", en = "Test" }]
materials = [{ zh = "题", en = "Test" }]
process = [{ zh = "题", en = "Test" }]
summary = { zh = "题", en = "Test" }
periods = 1
minutes = 5
"#;

const STEPS: &str = r#"
[[steps]]
kind = "quiz"
id = "lines"
text = { zh = "几条竖线？", en = "How many files?" }
choices = [{ zh = "8", en = "8" }, { zh = "9", en = "9" }, { zh = "10", en = "10" }, { zh = "7", en = "7" }]
answer = 1
explain = { zh = "对！竖线有 9 条。", en = "Right! There are 9 files." }
hint = { zh = "数", en = "Count" }

[[steps]]
kind = "tap_point"
id = "river"
text = { zh = "点红方河岸", en = "Tap red's river bank" }
fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
points = ["e4"]
explain = { zh = "对！河岸在第五条横线上。", en = "Right! The bank is on the fifth line." }
hint = { zh = "中间", en = "Middle" }

[[steps]]
kind = "make_move"
id = "grab"
fen = "3k5/9/9/6r2/2n6/9/2R6/9/9/4K4 w - - 0 1"
accept = ["c3c5"]
praise = { zh = "好", en = "Good" }
wrong = [{ move = "c3g3", says = { zh = "黑车会吃掉你的车。", en = "The black chariot takes yours." } }]
text = { zh = "吃马", en = "Take the horse" }
hint = { zh = "往上", en = "Up" }

[[steps]]
kind = "puzzle"
id = "mate"
fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"
goal = "mate"
mate_in = 1
lines = [["a1d1"]]
praise = { zh = "杀", en = "Mate" }
text = { zh = "一步杀", en = "Mate in one" }
hint = { zh = "竖线", en = "The file" }
"#;

fn lesson() -> qike_core::curriculum::Lesson {
    load::parse_lesson("teach.toml", &format!("{HEAD}{STEPS}")).unwrap()
}

#[test]
fn a_wrong_quiz_answer_and_a_wrong_tap_explain_why() {
    let l = lesson();
    let mut run = LessonRun::new(&l);
    match run.submit(Input::Choice(0)) {
        Feedback::Wrong { reason } => {
            assert_eq!(reason.zh, "不对。竖线有 9 条。");
            assert_eq!(reason.en, "Not quite. There are 9 files.");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(run.submit(Input::Choice(1)), Feedback::StepDone { .. }));
    match run.submit(Input::Tap(p("e6"))) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("fifth line"), "{reason:?}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_move_comes_with_its_refutation_and_the_board_stays() {
    let l = lesson();
    let mut run = LessonRun::new(&l);
    run.submit(Input::Choice(1));
    run.submit(Input::Tap(p("e4")));
    let before = run.view().unwrap().board;
    match run.submit(Input::Move { from: p("c3"), to: p("g3") }) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("takes yours")),
        other => panic!("{other:?}"),
    }
    let r = run.refutation().expect("a refutation to show");
    assert_eq!(r.mv, MoveInput::step(p("c3"), p("g3")));
    assert_eq!(r.reply, Some(MoveInput::step(p("g6"), p("g3"))));
    assert_eq!(run.view().unwrap().board, before, "both moves are taken back");
    // An illegal move has nothing to refute; the next input clears the last one.
    run.submit(Input::Move { from: p("c3"), to: p("d4") });
    assert!(run.refutation().is_none());
    assert!(matches!(
        run.submit(Input::Move { from: p("c3"), to: p("c5") }),
        Feedback::StepDone { .. }
    ));
    // A non-mating move in the mate puzzle: the black general steps out.
    match run.submit(Input::Move { from: p("a1"), to: p("a9") }) {
        Feedback::Wrong { .. } => {}
        other => panic!("{other:?}"),
    }
    let r = run.refutation().expect("a refutation to show");
    assert!(matches!(r.reply, Some(MoveInput::Step { from, .. }) if from == p("d9")), "{r:?}");
}

#[test]
fn the_first_hint_of_each_step_is_free() {
    let l = lesson();
    let mut run = LessonRun::new(&l);
    assert!(matches!(run.hint(), Feedback::Hint { .. }));
    assert_eq!(run.result().hints, 0);
    run.submit(Input::Choice(1));
    assert!(matches!(run.hint(), Feedback::Hint { .. }));
    assert!(matches!(run.hint(), Feedback::Hint { .. }));
    assert_eq!(run.result().hints, 1);
    // A saved run remembers that the free hint was used.
    let resumed = LessonRun::resume(&l, run.save()).unwrap();
    let mut resumed = resumed;
    resumed.hint();
    assert_eq!(resumed.result().hints, 2);
}

#[test]
fn quiz_choices_are_shuffled_per_pupil_and_answers_follow_the_order() {
    let l = lesson();
    let written: Vec<String> = (0..4).map(|i| ["8", "9", "10", "7"][i].to_owned()).collect();
    let mut orders = std::collections::BTreeSet::new();
    for seed in 1..20 {
        let mut run = LessonRun::with_seed(&l, seed);
        let shown: Vec<String> = run.view().unwrap().choices.iter().map(|c| c.en.clone()).collect();
        let mut sorted = shown.clone();
        sorted.sort();
        let mut all = written.clone();
        all.sort();
        assert_eq!(sorted, all);
        // The same pupil sees the same order again.
        assert_eq!(
            LessonRun::with_seed(&l, seed).view().unwrap().choices,
            run.view().unwrap().choices
        );
        let right = run.shown_choice(1).unwrap();
        assert_eq!(shown[right], "9");
        let wrong = (right + 1) % 4;
        assert!(matches!(run.submit(Input::Choice(wrong)), Feedback::Wrong { .. }));
        assert!(matches!(run.submit(Input::Choice(right)), Feedback::StepDone { .. }));
        orders.insert(shown);
    }
    assert!(orders.len() > 3, "seeds give different orders");
    // Seed 0 keeps the written order.
    let run = LessonRun::new(&l);
    let shown: Vec<String> = run.view().unwrap().choices.iter().map(|c| c.en.clone()).collect();
    assert_eq!(shown, written);
}
