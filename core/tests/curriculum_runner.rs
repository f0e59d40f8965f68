//! Drives a small lesson holding every step kind through `LessonRun`, right and wrong.

use qike_core::curriculum::{
    Feedback, Input, LessonRun, ResumeError, StepKind, Text, answer_inputs, parse_lesson, stars,
    validate_lesson,
};
use qike_core::xiangqi::notation::parse_point;
use qike_core::{HighlightKind, PieceKind, Point};

mod common;

fn lesson_text() -> String {
    format!("{}{STEPS}", common::LESSON_HEAD)
}

/// Every step kind, after the shared lesson head.
const STEPS: &str = r#"
[[steps]]
kind = "explain"
id = "intro"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
highlights = ["e0"]
arrows = ["h2e2"]
text = { zh = "看", en = "look" }

[[steps]]
kind = "tap_targets"
id = "horse-targets"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
piece = "b0"
targets = ["a2", "c2"]
text = { zh = "点", en = "tap" }
hint = { zh = "提示", en = "hint" }

[[steps]]
kind = "make_move"
id = "centre-cannon"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
accept = ["h2e2", "b2e2"]
praise = { zh = "好", en = "good" }
wrong = [{ move = "h2h9", says = { zh = "车会吃回炮", en = "the chariot takes back" } }]
text = { zh = "走", en = "move" }
hint = { zh = "中间", en = "middle" }

[[steps]]
kind = "collect"
id = "chariot-stars"
fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
piece = "a0"
stars = ["a7", "g7", "g2"]
max_moves = 3
text = { zh = "吃星星", en = "stars" }
hint = { zh = "先向上", en = "go up first" }

[[steps]]
kind = "puzzle"
id = "two-chariots"
fen = "3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1"
goal = "mate"
mate_in = 2
lines = [["a1a8", "d9e9", "b0b9"]]
praise = { zh = "杀", en = "mate" }
text = { zh = "两步杀", en = "mate in two" }
hint = { zh = "一车控制一行", en = "one chariot holds a row" }

[[steps]]
kind = "quiz"
id = "q"
choices = [{ zh = "甲", en = "a" }, { zh = "乙", en = "b" }]
answer = 1
explain = { zh = "乙", en = "b" }
text = { zh = "选", en = "choose" }
hint = { zh = "后一个", en = "the second" }

[[steps]]
kind = "tap_point"
id = "tp"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
points = ["e0"]
explain = { zh = "帅", en = "general" }
text = { zh = "点帅", en = "tap the general" }
hint = { zh = "中间", en = "middle" }

[[steps]]
kind = "setup"
id = "cannons"
fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
place = ["b2", "h2"]
text = { zh = "摆炮", en = "place the cannons" }
hint = { zh = "第三线", en = "third line" }

[[steps]]
kind = "play_out"
id = "play"
fen = "9/4k4/9/9/9/9/9/9/9/3K4R w - - 0 1"
goal = { type = "checkmate" }
max_moves = 10
text = { zh = "下完", en = "play it out" }
hint = { zh = "加油", en = "go on" }
"#;

fn p(s: &str) -> Point {
    parse_point(s).unwrap()
}

fn mv(a: &str, b: &str) -> Input {
    Input::Move { from: p(a), to: p(b) }
}

fn wrong_en(f: Feedback) -> String {
    match f {
        Feedback::Wrong { reason } => reason.en,
        other => panic!("expected Wrong, got {other:?}"),
    }
}

#[test]
fn the_test_lesson_is_valid() {
    let lesson = parse_lesson("test.toml", &lesson_text()).unwrap();
    let mut errors = Vec::new();
    validate_lesson(&lesson, &mut errors);
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn every_kind_right_and_wrong() {
    let lesson = parse_lesson("test.toml", &lesson_text()).unwrap();
    let mut run = LessonRun::new(&lesson);

    // explain: only Continue moves on.
    let view = run.view().unwrap();
    assert_eq!((view.kind, view.arrows.len()), (StepKind::Explain, 1));
    assert!(view.board.unwrap().highlights.iter().any(|h| h.kind == HighlightKind::Hint));
    assert_eq!(run.submit(Input::Tap(p("e0"))), Feedback::NotExpected);
    assert_eq!(run.submit(Input::Continue), Feedback::StepDone { text: None });

    // tap-targets: 蹩马腿 is named when the blocked point is tapped.
    assert!(wrong_en(run.submit(Input::Tap(p("d1")))).contains("leg is blocked"));
    assert!(matches!(run.submit(Input::Tap(p("a2"))), Feedback::Correct { .. }));
    let view = run.view().unwrap();
    let board = view.board.unwrap();
    assert!(board.highlights.iter().any(|h| h.kind == HighlightKind::Target && h.at == p("a2")));
    assert!(board.highlights.iter().any(|h| h.kind == HighlightKind::Selected && h.at == p("b0")));
    assert!(matches!(run.submit(Input::Tap(p("c2"))), Feedback::StepDone { .. }));

    // make-move: named wrong move, illegal move with its rule, legal-but-not-it.
    assert_eq!(wrong_en(run.submit(mv("h2", "h9"))), "the chariot takes back");
    assert!(wrong_en(run.submit(mv("h2", "h7"))).contains("screen"));
    assert!(wrong_en(run.submit(mv("a3", "a4"))).contains("not the one"));
    assert!(wrong_en(run.submit(mv("a3", "b3"))).contains("sideways only after crossing"));
    assert_eq!(
        run.submit(mv("b2", "e2")),
        Feedback::StepDone { text: Some(Text::new("好", "good")) }
    );

    // collect: wrong piece, running out of moves resets, then the real path.
    let view = run.view().unwrap();
    assert_eq!((view.stars.len(), view.moves_left), (3, Some(3)));
    assert!(wrong_en(run.submit(mv("e0", "e1"))).contains("star-hunting"));
    assert!(matches!(run.submit(mv("a0", "a1")), Feedback::Correct { .. }));
    assert!(matches!(run.submit(mv("a1", "a2")), Feedback::Correct { .. }));
    assert!(wrong_en(run.submit(mv("a2", "a3"))).contains("Out of moves"));
    assert_eq!(run.view().unwrap().moves_left, Some(3));
    assert!(matches!(run.submit(mv("a0", "a7")), Feedback::Correct { .. }));
    assert_eq!(run.view().unwrap().stars.len(), 2);
    assert!(matches!(run.submit(mv("a7", "g7")), Feedback::Correct { .. }));
    assert!(matches!(run.submit(mv("g7", "g2")), Feedback::StepDone { .. }));

    // puzzle: a non-forcing move is wrong; the line gets its reply; mate ends it.
    assert!(wrong_en(run.submit(mv("a1", "a2"))).contains("escape"));
    match run.submit(mv("a1", "a8")) {
        Feedback::Correct { reply, .. } => {
            assert_eq!(reply, Some(qike_core::MoveInput::step(p("d9"), p("e9"))))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(run.submit(mv("b0", "b9")), Feedback::StepDone { .. }));

    // quiz
    assert!(matches!(run.submit(Input::Choice(0)), Feedback::Wrong { .. }));
    assert!(matches!(run.submit(Input::Choice(1)), Feedback::StepDone { .. }));

    // tap-point
    assert!(matches!(run.submit(Input::Tap(p("e1"))), Feedback::Wrong { .. }));
    assert!(matches!(run.submit(Input::Tap(p("e0"))), Feedback::StepDone { .. }));

    // setup: the tray holds the two cannons; a wrong kind or point is explained.
    let view = run.view().unwrap();
    assert_eq!(view.tray.len(), 2);
    assert!(view.board.unwrap().pieces.iter().all(|pc| pc.at != p("b2")));
    let f = run.submit(Input::Place { kind: PieceKind::Horse, at: p("b2") });
    assert!(wrong_en(f).contains("horse"));
    let f = run.submit(Input::Place { kind: PieceKind::Cannon, at: p("b3") });
    assert!(matches!(f, Feedback::Wrong { .. }));
    assert!(matches!(
        run.submit(Input::Place { kind: PieceKind::Cannon, at: p("b2") }),
        Feedback::Correct { .. }
    ));
    assert!(matches!(
        run.submit(Input::Place { kind: PieceKind::Cannon, at: p("h2") }),
        Feedback::StepDone { .. }
    ));

    // play-out: an illegal move is refused with its rule, then the "show me" moves
    // against the engine reach the goal.
    let view = run.view().unwrap();
    assert!(view.available);
    assert_eq!(view.moves_left, Some(10));
    assert!(wrong_en(run.submit(mv("i0", "h1"))).contains("straight lines"));
    let mut last = None;
    for _ in 0..30 {
        let Some(input) = run.play_out_answer() else { break };
        last = Some(run.submit(input));
    }
    match last {
        Some(Feedback::LessonDone { result, .. }) => {
            assert_eq!(result.mistakes, 13);
            assert_eq!(result.hints, 0);
            assert_eq!(result.stars, 0);
            assert_eq!(result.steps.len(), 9);
            assert!(!result.steps[8].skipped);
            assert_eq!(result.steps[8].mistakes, 1);
            assert_eq!(result.steps[2].mistakes, 4);
        }
        other => panic!("{other:?}"),
    }
    assert!(run.is_done());
    assert!(run.view().is_none());
    assert_eq!(run.submit(Input::Continue), Feedback::NotExpected);
}

#[test]
fn demo_answers_earn_three_stars_and_hints_after_the_first_cost_stars() {
    let lesson = parse_lesson("test.toml", &lesson_text()).unwrap();
    let mut run = LessonRun::new(&lesson);
    run.add_time(1500);
    let mut hinted = false;
    while let Some(view) = run.view() {
        let step = &lesson.steps[view.index];
        if view.kind == StepKind::MakeMove && !hinted {
            // The first hint of a step is free, the second costs a star.
            for _ in 0..2 {
                match run.hint() {
                    Feedback::Hint { points, .. } => assert_eq!(points, vec![p("h2")]),
                    other => panic!("{other:?}"),
                }
            }
            hinted = true;
        }
        if view.kind == StepKind::PlayOut {
            let input = run.play_out_answer().unwrap();
            assert!(!matches!(run.submit(input), Feedback::Wrong { .. }), "{}", view.step_id);
            continue;
        }
        for input in answer_inputs(qike_core::GameKind::Xiangqi, step) {
            assert!(!matches!(run.submit(input), Feedback::Wrong { .. }), "{}", view.step_id);
        }
    }
    let result = run.result();
    assert_eq!((result.stars, result.hints, result.mistakes, result.elapsed_ms), (2, 1, 0, 1500));
}

#[test]
fn stars_follow_mistakes_and_hints() {
    assert_eq!(stars(0, 0), 3);
    assert_eq!(stars(1, 0), 3);
    assert_eq!(stars(2, 0), 2);
    assert_eq!(stars(5, 0), 1);
    assert_eq!(stars(7, 0), 0);
    assert_eq!(stars(0, 2), 1);
    assert_eq!(stars(3, 5), 0);
}

#[test]
fn a_saved_run_resumes_mid_puzzle() {
    let lesson = parse_lesson("test.toml", &lesson_text()).unwrap();
    let mut run = LessonRun::new(&lesson);
    while run.view().unwrap().kind != StepKind::Puzzle {
        let step = &lesson.steps[run.view().unwrap().index];
        for input in answer_inputs(qike_core::GameKind::Xiangqi, step) {
            run.submit(input);
        }
    }
    assert!(matches!(run.submit(mv("a1", "a8")), Feedback::Correct { .. }));
    let saved = run.save();
    // Through serde, as the app would store it.
    let text = toml::to_string(&saved).unwrap();
    let back = toml::from_str(&text).unwrap();
    let mut resumed = LessonRun::resume(&lesson, back).unwrap();
    assert_eq!(resumed.view(), run.view());
    assert!(matches!(resumed.submit(mv("b0", "b9")), Feedback::StepDone { .. }));

    let mut wrong = saved.clone();
    wrong.lesson_id = "other".into();
    assert!(matches!(LessonRun::resume(&lesson, wrong), Err(ResumeError::OtherLesson { .. })));
    let mut far = saved.clone();
    far.step = 99;
    assert!(matches!(LessonRun::resume(&lesson, far), Err(ResumeError::NoSuchStep { .. })));
    let mut bad = saved;
    bad.played.push(qike_core::MoveInput::step(p("a0"), p("a1")));
    assert!(matches!(LessonRun::resume(&lesson, bad), Err(ResumeError::BadMoves(_))));
}

#[test]
fn retry_restarts_the_step() {
    let lesson = parse_lesson("test.toml", &lesson_text()).unwrap();
    let mut run = LessonRun::new(&lesson);
    run.submit(Input::Continue);
    run.submit(Input::Tap(p("a2")));
    run.retry();
    let board = run.view().unwrap().board.unwrap();
    assert!(!board.highlights.iter().any(|h| h.kind == HighlightKind::Target));
}
