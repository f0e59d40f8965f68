//! The mating-patterns unit (杀法): its shape, and puzzles that are exact, end in a
//! real checkmate, and refuse a legal move that lets the general escape.

use qike_core::Point;
use qike_core::curriculum::schema::{Puzzle, PuzzleGoal};
use qike_core::curriculum::{self, Course, Feedback, Input, LessonRun, Step, answer_inputs};
use qike_core::xiangqi::{Move, Position, mate_search, notation};

fn course() -> Course {
    curriculum::xiangqi_course().expect("the shipped course loads")
}

fn mate_puzzles(step: &Step) -> Option<&Puzzle> {
    match step {
        Step::Puzzle(p) if p.goal == PuzzleGoal::Mate => Some(p),
        _ => None,
    }
}

fn play_line(fen: &str, line: &[String]) -> Position {
    let mut pos = Position::from_fen(fen).expect("puzzle FEN parses");
    for m in line {
        let (from, to) = notation::parse_move(m).expect("line move parses");
        pos.play_points(from, to).expect("line move is legal");
    }
    pos
}

/// One lesson per pattern, each with a full set of puzzles, chained by prerequisites
/// from the checkmate lesson.
#[test]
fn the_unit_has_a_lesson_per_pattern() {
    let course = course();
    let unit = course.units.iter().find(|u| u.id == "u-mates").expect("unit u-mates");
    assert!(unit.lessons.len() >= 8, "{} pattern lessons", unit.lessons.len());
    let mut previous = "xq-mate".to_owned();
    let mut total = 0;
    for lesson in &unit.lessons {
        assert_eq!(lesson.prerequisites, vec![previous.clone()], "{}", lesson.id);
        let puzzles = lesson.steps.iter().filter_map(mate_puzzles).count();
        assert!(puzzles >= 8, "{} has {puzzles} mate puzzles", lesson.id);
        let interactive = lesson.steps.iter().filter(|s| s.is_interactive()).count();
        assert!(interactive >= 6, "{} has {interactive} interactive steps", lesson.id);
        let explains = lesson.steps.iter().filter(|s| !s.is_interactive()).count();
        assert!(explains >= 1, "{} shows the pattern before the puzzles", lesson.id);
        total += puzzles;
        previous = lesson.id.clone();
    }
    assert!(total >= 80, "the unit has {total} puzzles");
}

/// A puzzle marked mate in n has no shorter mate, so the count the child is told is true.
#[test]
fn every_mate_puzzle_is_exactly_mate_in_n() {
    let course = course();
    for lesson in course.lessons() {
        for p in lesson.steps.iter().filter_map(mate_puzzles) {
            let pos = Position::from_fen(&p.fen).expect("puzzle FEN parses");
            let n = p.mate_in.expect("mate puzzles say how many moves");
            assert_eq!(mate_search::mate_distance(&pos, n), Some(n), "{}/{}", lesson.id, p.id);
        }
    }
}

/// In the pattern lessons every scripted line ends with the general in check and no
/// move left: a checkmate, not a stalemate (困毙) reached by accident.
#[test]
fn pattern_lines_end_in_checkmate() {
    let course = course();
    let unit = course.units.iter().find(|u| u.id == "u-mates").expect("unit u-mates");
    for lesson in &unit.lessons {
        for p in lesson.steps.iter().filter_map(mate_puzzles) {
            for line in &p.lines {
                let end = play_line(&p.fen, line);
                assert!(
                    end.is_check() && mate_search::is_mated(&end),
                    "{}/{} {line:?}",
                    lesson.id,
                    p.id
                );
            }
        }
    }
}

/// A legal move that does not keep the mate forced is refused with a reason, the step
/// stays where it was, and the right answer still finishes it.
#[test]
fn a_legal_move_that_lets_the_general_escape_is_wrong() {
    let course = course();
    let unit = course.units.iter().find(|u| u.id == "u-mates").expect("unit u-mates");
    for lesson in &unit.lessons {
        let mut run = LessonRun::new(lesson);
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            if let Some(p) = mate_puzzles(step) {
                let pos = Position::from_fen(&p.fen).expect("puzzle FEN parses");
                let n = p.mate_in.expect("mate puzzles say how many moves");
                let bad: Option<Move> = pos
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|&m| !mate_search::move_keeps_mate(&pos, m, n));
                let bad = bad.expect("some legal move spoils the mate");
                let (from, to): (Point, Point) = (bad.from(), bad.to());
                match run.submit(Input::Move { from, to }) {
                    Feedback::Wrong { reason } => assert!(reason.is_complete()),
                    other => panic!("{}/{}: {bad:?} gave {other:?}", lesson.id, p.id),
                }
                assert_eq!(run.view().map(|v| v.index), Some(view.index));
                run.retry();
            }
            for input in answer_inputs(qike_core::GameKind::Xiangqi, step) {
                let f = run.submit(input);
                assert!(!matches!(f, Feedback::Wrong { .. }), "{}/{}", lesson.id, view.step_id);
            }
            assert!(run.view().is_none_or(|v| v.index > view.index), "{}", view.step_id);
        }
    }
}
