//! Play-out steps against the engine: reaching the goal with the "show me" player,
//! failing it, and getting the same replies to the same moves.

use qike_core::Point;
use qike_core::curriculum::{Feedback, Input, LessonRun, parse_lesson, validate_lesson};
use qike_core::xiangqi::notation::parse_point;

mod common;

fn lesson(steps: &str) -> qike_core::curriculum::Lesson {
    let l = parse_lesson("t.toml", &format!("{}{steps}", common::LESSON_HEAD)).unwrap();
    let mut errors = Vec::new();
    validate_lesson(&l, &mut errors);
    assert!(errors.is_empty(), "{errors:#?}");
    l
}

fn p(s: &str) -> Point {
    parse_point(s).unwrap()
}

fn mv(a: &str, b: &str) -> Input {
    Input::Move { from: p(a), to: p(b) }
}

/// Plays the step with the "show me" moves; returns the feedbacks.
fn demo_play(run: &mut LessonRun, limit: usize) -> Vec<Feedback> {
    let index = run.view().unwrap().index;
    let mut out = Vec::new();
    while run.view().is_some_and(|v| v.index == index) && out.len() < limit {
        let input = run.play_out_answer().expect("a demo move");
        out.push(run.submit(input));
    }
    out
}

const CHARIOT_MATE: &str = r#"
[[steps]]
kind = "play_out"
id = "chariot-mate"
fen = "9/4k4/9/9/9/9/9/9/9/3K4R w - - 0 1"
goal = { type = "checkmate" }
max_moves = 20
seed = 7
text = { zh = "用车将死黑将", en = "mate with the chariot" }
hint = { zh = "帅控制中路", en = "the general holds the centre file" }
"#;

#[test]
fn chariot_mates_a_lone_general() {
    let l = lesson(CHARIOT_MATE);
    let mut run = LessonRun::new(&l);
    let fb = demo_play(&mut run, 40);
    assert!(matches!(fb.last(), Some(Feedback::LessonDone { .. })), "{fb:?}");
    assert_eq!(run.result().stars, 3);
}

/// The same moves get the same replies, and a saved run resumes mid-game.
#[test]
fn replies_are_reproducible_and_resumable() {
    let opening = HOLD
        .replace(
            "4k4/9/r6c1/9/2R6/9/9/9/4A4/4KA3",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        )
        .replace("moves = 4", "moves = 6");
    let l = lesson(&opening);
    let mut a = LessonRun::new(&l);
    let mut moves = Vec::new();
    let mut replies = Vec::new();
    for _ in 0..3 {
        let input = a.play_out_answer().unwrap();
        moves.push(input);
        match a.submit(input) {
            Feedback::Correct { reply, .. } => replies.push(reply.unwrap()),
            other => panic!("{other:?}"),
        }
    }
    let mut b = LessonRun::new(&l);
    for (i, &input) in moves.iter().enumerate() {
        match b.submit(input) {
            Feedback::Correct { reply, .. } => assert_eq!(reply, Some(replies[i])),
            other => panic!("{other:?}"),
        }
    }
    let saved = b.save();
    assert_eq!(saved.played.len(), 6);
    let resumed = LessonRun::resume(&l, saved).unwrap();
    assert_eq!(resumed.view(), b.view());
    assert_eq!(resumed.view().unwrap().moves_left, Some(3));
    assert_eq!(resumed.play_out_answer(), b.play_out_answer());
}

#[test]
fn illegal_moves_and_running_out_of_moves_are_wrong() {
    let l = lesson(&CHARIOT_MATE.replace("max_moves = 20", "max_moves = 1"));
    let mut run = LessonRun::new(&l);
    assert!(run.view().unwrap().available);
    assert_eq!(run.skip_unavailable(), Feedback::NotExpected);
    let start = run.view().unwrap().board;
    // The chariot cannot move diagonally; the rule says why.
    match run.submit(mv("i0", "h1")) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("straight lines"), "{reason:?}"),
        other => panic!("{other:?}"),
    }
    // A legal move that does not mate uses up the one move allowed: wrong, and the step
    // starts again from its position.
    match run.submit(mv("i0", "i1")) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("out of moves"), "{reason:?}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(run.view().unwrap().board, start);
    assert_eq!(run.result().mistakes, 2);
    // A hint points at the piece the "show me" player would move.
    match run.hint() {
        Feedback::Hint { points, .. } => assert_eq!(points.len(), 1),
        other => panic!("{other:?}"),
    }
}

const HOLD: &str = r#"
[[steps]]
kind = "play_out"
id = "hold"
fen = "4k4/9/r6c1/9/2R6/9/9/9/4A4/4KA3 w - - 0 1"
goal = { type = "hold_draw", moves = 4 }
level = 3
nodes = 5000
seed = 1
praise = { zh = "守住了", en = "held" }
text = { zh = "守和", en = "hold" }
hint = { zh = "防杀", en = "stop the mate" }
"#;

#[test]
fn walking_into_mate_fails_a_hold() {
    let l = lesson(HOLD);
    let mut run = LessonRun::new(&l);
    assert_eq!(run.view().unwrap().moves_left, Some(4));
    // Dropping the chariot to the back row lets the cannon mate over the advisor.
    match run.submit(mv("c5", "c0")) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("checkmated"), "{reason:?}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(run.save().played, Vec::new());
}

#[test]
fn the_demo_player_holds_the_draw() {
    // The position of the 单车守和车炮 lesson: chariot and two advisors at home.
    let quiet = HOLD.replace("4k4/9/r6c1/9/2R6/9/9/9/4A4/4KA3", "3k5/9/9/9/1c7/7r1/9/2R6/4A4/3AK4");
    let l = lesson(&quiet);
    let mut run = LessonRun::new(&l);
    let fb = demo_play(&mut run, 10);
    match fb.last() {
        Some(Feedback::LessonDone { text, result }) => {
            assert_eq!(text.as_ref().map(|t| t.en.as_str()), Some("held"));
            assert_eq!(result.stars, 3);
        }
        other => panic!("{other:?}"),
    }
    assert!(fb.len() <= 4);
}

#[test]
fn play_out_settings_are_validated() {
    let bad = CHARIOT_MATE.replace("seed = 7", "seed = 7\nlevel = 0\nnodes = 999999");
    let l = parse_lesson("t.toml", &format!("{}{bad}", common::LESSON_HEAD)).unwrap();
    let mut errors = Vec::new();
    validate_lesson(&l, &mut errors);
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(text[0].contains("level 0"));
    assert!(text[1].contains("at most 20000 nodes"));
    let zero = HOLD.replace("moves = 4", "moves = 0");
    let l = parse_lesson("t.toml", &format!("{}{zero}", common::LESSON_HEAD)).unwrap();
    let mut errors = Vec::new();
    validate_lesson(&l, &mut errors);
    assert_eq!(errors.len(), 1, "{errors:?}");
}
