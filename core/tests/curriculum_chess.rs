//! The chess course: it validates with every puzzle proven, keeps its size promise,
//! every lesson can be walked to three stars with its right answers, a planted wrong
//! answer is caught by validation, and the chess steps (promotion, star hunt, mate
//! puzzles) behave as a child meets them.

mod common;

use qike_core::curriculum::schema::{Proof, PuzzleGoal};
use qike_core::curriculum::{self, Feedback, Input, LessonRun, Step, answer_inputs, load};
use qike_core::{GameKind, PieceKind, Point};

fn course() -> curriculum::Course {
    curriculum::course_for(GameKind::Chess).unwrap().expect("a chess course is shipped")
}

/// Puzzles a solver proves: mate puzzles and make-move steps with a proof.
fn proven(step: &Step) -> bool {
    match step {
        Step::Puzzle(p) => p.goal == PuzzleGoal::Mate,
        Step::MakeMove(m) => m.proof.is_some(),
        _ => false,
    }
}

#[test]
fn the_course_validates_and_keeps_its_promise() {
    let course = course();
    let problems = curriculum::validate(&course);
    assert!(
        problems.is_empty(),
        "{}",
        problems.iter().map(|p| p.to_string() + "\n").collect::<String>()
    );
    assert!(course.units.len() >= 6, "{} units", course.units.len());
    assert!(course.lessons().count() >= 18);
    for unit in &course.units {
        let last = unit.lessons.last().map(|l| l.id.as_str()).unwrap_or("");
        assert!(last.starts_with("ch-review-"), "unit {} ends with {last}", unit.id);
    }
    for lesson in course.lessons() {
        let n = lesson.steps.iter().filter(|s| s.is_interactive()).count();
        assert!(n >= 6, "{} has {n} interactive steps", lesson.id);
    }
    let steps: Vec<&Step> = course.lessons().flat_map(|l| &l.steps).collect();
    let puzzles = steps.iter().filter(|s| proven(s)).count();
    assert!(puzzles >= 120, "{puzzles} proven puzzles");
    let kinds = |want: Proof| {
        steps.iter().filter(|s| matches!(s, Step::MakeMove(m) if m.proof == Some(want))).count()
    };
    assert!(kinds(Proof::Mate) >= 30);
    assert!(kinds(Proof::WinsMaterial) >= 20);
    assert!(kinds(Proof::KpkWin) + kinds(Proof::KpkDraw) >= 15);
    assert!(steps.iter().filter(|s| matches!(s, Step::Puzzle(_))).count() >= 20);
    assert!(steps.iter().filter(|s| matches!(s, Step::PlayOut(_))).count() >= 3);
    for kind in ["collect", "tap_targets", "setup", "quiz", "explain", "tap_point"] {
        assert!(steps.iter().any(|s| s.kind_name() == kind), "no {kind} step");
    }
}

/// Plays a lesson with its demo answers (play-outs with the "show me" moves against
/// the step's engine) and returns the result.
fn walk(lesson: &curriculum::Lesson) -> curriculum::LessonResult {
    let mut run = LessonRun::new(lesson);
    let mut last = None;
    let mut budget = 3_000;
    while let Some(view) = run.view() {
        let step = &lesson.steps[view.index];
        let inputs = match step {
            Step::PlayOut(_) => run.play_out_answer().into_iter().collect(),
            _ => answer_inputs(GameKind::Chess, step),
        };
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
            budget -= 1;
            assert!(budget > 0, "{} does not end", lesson.id);
        }
    }
    match last {
        Some(Feedback::LessonDone { result, .. }) => result,
        other => panic!("{}: ended with {other:?}", lesson.id),
    }
}

#[test]
fn every_lesson_walks_to_three_stars() {
    for lesson in course().lessons() {
        let result = walk(lesson);
        assert_eq!(result.stars, 3, "{}", lesson.id);
        assert_eq!(result.steps.len(), lesson.steps.len(), "{}", lesson.id);
    }
}

/// The problems validation finds in `lesson` with one text of its file replaced.
fn planted(file: &str, lesson: &str, from: &str, to: &str) -> Vec<String> {
    planted_lesson(file, &[(from, to)], lesson)
}

/// The problems validation finds in one lesson of the planted course.
fn planted_lesson(file: &str, swaps: &[(&str, &str)], lesson: &str) -> Vec<String> {
    common::lesson_problems(&common::planted_course(load::CHESS_FILES, file, swaps), lesson)
}

#[test]
fn planted_wrong_answers_are_caught() {
    // A mate in one answered by a rook move that does not mate.
    let found = planted(
        "05_en_passant_promotion.toml",
        "ch-ep-promo",
        "[\"a7a8q\", \"a7a8r\"]",
        "[\"a7a8q\"]",
    );
    assert!(found.iter().any(|p| p.contains("mate at once")), "{found:?}");
    // A fork answered by a quiet move.
    let found = planted("11_values.toml", "ch-values", "[\"d1d5\"]", "[\"d1d4\"]");
    assert!(found.iter().any(|p| p.contains("gains")), "{found:?}");
    // A king-and-pawn win claimed for a position the table calls a draw.
    let found = planted(
        "19_king_pawn.toml",
        "ch-kpk",
        "8/8/8/2k5/8/8/2PK4/8 w - - 0 1",
        "8/8/8/8/2k5/8/2PK4/8 b - - 0 1",
    );
    assert!(!found.is_empty(), "a drawn play-out passed as a win");
}

fn lesson(id: &str) -> curriculum::Lesson {
    course().lesson(id).unwrap().clone()
}

fn go_to(run: &mut LessonRun, step: &str) {
    let lesson = run.lesson().clone();
    while run.view().is_some_and(|v| v.step_id != step) {
        let view = run.view().unwrap();
        for input in answer_inputs(GameKind::Chess, &lesson.steps[view.index]) {
            run.submit(input);
        }
    }
}

fn sq(name: &str) -> Point {
    qike_core::chess::parse_square(name).unwrap()
}

#[test]
fn a_promotion_waits_for_the_choice_and_a_wrong_piece_is_refused() {
    let lesson = lesson("ch-ep-promo");
    let mut run = LessonRun::new(&lesson);
    go_to(&mut run, "promo-mate");
    let f = run.submit(Input::Move { from: sq("a7"), to: sq("a8") });
    assert!(matches!(f, Feedback::Correct { text: Some(_), reply: None }), "{f:?}");
    assert_eq!(run.view().unwrap().choices.len(), 4);
    // A saved run resumes with the choice still open.
    let mut run = LessonRun::resume(&lesson, run.save()).unwrap();
    assert_eq!(run.view().unwrap().choices.len(), 4);
    // A bishop does not mate.
    assert!(matches!(run.submit(Input::Choice(2)), Feedback::Wrong { .. }));
    assert!(run.view().unwrap().choices.is_empty());
    run.submit(Input::Move { from: sq("a7"), to: sq("a8") });
    // The rook mates too: the solver accepts every mating promotion.
    assert!(matches!(run.submit(Input::Choice(1)), Feedback::StepDone { .. }));
}

#[test]
fn the_star_hunt_refuses_guarded_squares_and_checks() {
    let lesson = lesson("ch-board");
    let mut run = LessonRun::new(&lesson);
    go_to(&mut run, "queen-stars");
    // e4 is guarded by the pawn on d5.
    match run.submit(Input::Move { from: sq("b1"), to: sq("e4") }) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("guarded"), "{}", reason.en),
        other => panic!("{other:?}"),
    }
    // b8 would check the king on h8 along the last rank.
    match run.submit(Input::Move { from: sq("b1"), to: sq("b8") }) {
        Feedback::Wrong { reason } => assert!(reason.en.contains("check"), "{}", reason.en),
        other => panic!("{other:?}"),
    }
    // A good move keeps White to move, so the queen moves again.
    assert!(matches!(
        run.submit(Input::Move { from: sq("b1"), to: sq("b5") }),
        Feedback::Correct { .. }
    ));
    assert!(run.targets(sq("b5")).contains(&sq("e2")));
}

#[test]
fn a_mate_puzzle_accepts_any_move_that_keeps_the_mate_and_answers_it() {
    let lesson = lesson("ch-ladder-backrank");
    let step = lesson.steps.iter().find_map(|s| match s {
        Step::Puzzle(p) => Some(p.clone()),
        _ => None,
    });
    let step = step.unwrap();
    let mut run = LessonRun::new(&lesson);
    go_to(&mut run, &step.id);
    let pos = qike_core::chess::Position::from_fen(&step.fen).unwrap();
    // Every first move that forces mate in two is right, scripted or not.
    let firsts = qike_core::chess::mate_search::mating_moves(&pos, 2);
    assert!(!firsts.is_empty());
    let last = *firsts.last().unwrap();
    match run.submit(Input::Move { from: last.from, to: last.to }) {
        Feedback::Correct { reply: Some(_), .. } => {}
        other => panic!("{other:?}"),
    }
    // A move that does not mate in two is wrong.
    let mut run = LessonRun::new(&lesson);
    go_to(&mut run, &step.id);
    let bad = pos
        .legal_moves()
        .into_iter()
        .find(|m| !qike_core::chess::mate_search::move_mates_within(&pos, *m, 2))
        .unwrap();
    assert!(matches!(
        run.submit(Input::Move { from: bad.from, to: bad.to }),
        Feedback::Wrong { .. }
    ));
}

/// One wrong answer in every interactive step gets a reason in both languages.
#[test]
fn a_wrong_answer_in_every_step_is_explained() {
    for lesson in course().lessons() {
        let mut run = LessonRun::new(lesson);
        while let Some(view) = run.view() {
            let step = &lesson.steps[view.index];
            let right = answer_inputs(GameKind::Chess, step);
            let squares = (0..8u8).flat_map(|f| (0..8u8).map(move |r| Point::new(f, r)));
            let wrong = match step {
                Step::Explain(_) => None,
                Step::Quiz(s) => Some(Input::Choice((s.answer + 1) % s.choices.len())),
                Step::TapTargets(_) | Step::TapPoint(_) => {
                    squares.clone().find(|p| !right.contains(&Input::Tap(*p))).map(Input::Tap)
                }
                Step::Setup(_) => right.first().map(|i| match i {
                    Input::Place { at, .. } => Input::Place { kind: PieceKind::Stone, at: *at },
                    other => *other,
                }),
                _ => {
                    let board = view.board.clone().unwrap();
                    squares.clone().find(|p| board.piece_at(*p).is_none()).map(|from| Input::Move {
                        from,
                        to: Point::new(from.file, (from.rank + 1) % 8),
                    })
                }
            };
            if let Some(w) = wrong {
                match run.submit(w) {
                    Feedback::Wrong { reason } => assert!(reason.is_complete(), "{}", lesson.id),
                    other => panic!("{}/{}: {w:?} gave {other:?}", lesson.id, view.step_id),
                }
                run.retry();
            }
            if matches!(step, Step::PlayOut(_)) {
                while run.view().is_some_and(|v| v.index == view.index) {
                    let input = run.play_out_answer().unwrap();
                    run.submit(input);
                }
                continue;
            }
            for input in right {
                run.submit(input);
            }
        }
    }
}

/// Each flaw a stronger engine found in the course, put back: the shallow tactic search
/// alone let it pass, the deeper checks name its step and the reason.
#[test]
fn flaws_a_stronger_engine_found_are_caught_when_put_back() {
    use qike_core::ai::chess::tactic::{TACTIC_DEPTH, TACTIC_MARGIN, wins_material};
    use qike_core::chess::Position;
    // (file, step, replacements (a position's pieces first), the reason's words), and the
    // tactic's move when the shallow proof passed it.
    type Flaw = (&'static str, &'static str, Vec<(&'static str, &'static str)>, &'static str);
    let fen = |new: &'static str, old: &'static str| (new, old);
    let flaws: Vec<(Flaw, Option<&str>)> = vec![
        // The block hangs the bishop to the rook: the accepted move is far below the best.
        (
            ("04_check_castle.toml", "block", vec![fen("3B1P2/3QK3", "3B4/3QK3")], "the best move"),
            None,
        ),
        // Castling into a pinned, attacked position while another move wins material.
        (
            (
                "04_check_castle.toml",
                "castle-short",
                vec![fen(
                    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
                    "r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
                )],
                "the best move",
            ),
            None,
        ),
        // Knight forks where the king traps or takes back: a knight for a rook, behind after.
        (
            (
                "16_fork_pin_skewer.toml",
                "fork-2",
                vec![fen("3r4/8/8/4N1k1/8/8/P7/5K2", "7r/6p1/8/4N1k1/8/8/8/5K2")],
                "ends only",
            ),
            Some("e5f7"),
        ),
        (
            (
                "16_fork_pin_skewer.toml",
                "fork-4",
                vec![fen("2r5/8/2N2p2/5k2/8/8/PK6/8", "8/8/2N2pr1/5k2/8/2K5/8/8")],
                "ends only",
            ),
            Some("c6e7"),
        ),
        // Pawn forks where a forked bishop simply takes the pawn.
        (
            (
                "16_fork_pin_skewer.toml",
                "pfork-1",
                vec![fen("6k1/5ppp/8/n1n5/8/1P6/5PPP/1R4K1", "8/2k5/8/b1n5/8/1P6/5K2/4N3")],
                "ends only",
            ),
            Some("b3b4"),
        ),
        (
            (
                "16_fork_pin_skewer.toml",
                "pfork-2",
                vec![fen("1k6/ppp5/8/5n1n/R7/6P1/PPP5/1K6", "8/6k1/8/5n1b/8/N5P1/6K1/8")],
                "ends only",
            ),
            Some("g3g4"),
        ),
        // A discovered check the defender answers by taking the bishop.
        (
            (
                "17_discovered_double.toml",
                "disc-2",
                vec![fen("8/RN5k/3q2p1/7p/8/8/5PPP/6K1", "8/RN5k/3r3B/8/3q4/8/8/5K2")],
                "ends only",
            ),
            Some("b7d6"),
        ),
        // A discovered check the queen blocks, saving everything.
        (
            (
                "17_discovered_double.toml",
                "disc-5",
                vec![
                    fen("8/k1q5/8/B7/8/8/8/R6K", "8/k7/3r4/B7/8/1q6/2N5/R6K"),
                    ("accept = [\"a5c7\"]", "accept = [\"a5b4\"]"),
                    ("move = \"a5b4\"", "move = \"a5c7\""),
                ],
                "gains",
            ),
            None,
        ),
        (
            (
                "17_discovered_double.toml",
                "double-2",
                vec![fen("2k5/q7/2N5/8/8/8/2R5/7K", "2k5/r4B2/2Nq4/8/8/8/2R5/6K1")],
                "ends only",
            ),
            Some("c6a7"),
        ),
        (
            (
                "18_review_tactics.toml",
                "fork-3",
                vec![fen("8/8/3pr3/1k6/8/1N6/K6P/8", "8/8/2rp4/1k6/8/1N6/K7/8")],
                "ends only",
            ),
            Some("b3d4"),
        ),
        (
            (
                "18_review_tactics.toml",
                "pfork-1",
                vec![
                    fen("1k6/ppp5/8/2n1n3/8/3P4/PPP5/1K1R4", "8/2k5/8/1b1n4/8/2P5/K7/6N1"),
                    ("accept = [\"d3d4\"]", "accept = [\"c3c4\"]"),
                ],
                "ends only",
            ),
            Some("c3c4"),
        ),
        (
            (
                "18_review_tactics.toml",
                "pfork-2",
                vec![fen("1k6/ppp5/8/3n1n2/8/R3P3/PPP5/1K6", "1k6/8/8/3b1n2/8/4P3/3K4/2N5")],
                "ends only",
            ),
            Some("e3e4"),
        ),
        // Tactics from a position a piece down that end level after the best defence:
        // a lone minor piece against a pawn, or the piece won straight back.
        (
            (
                "16_fork_pin_skewer.toml",
                "fork-1",
                vec![fen("8/k7/1N1r4/3p4/8/8/6PP/4K3", "8/k7/1N1r4/3p4/8/8/8/4K3")],
                "ends only",
            ),
            Some("b6c8"),
        ),
        (
            (
                "16_fork_pin_skewer.toml",
                "pin-3",
                vec![fen("5q1k/5p2/8/8/8/6PP/R6K/7B", "5q1k/5p2/8/8/8/8/R6K/7B")],
                "ends only",
            ),
            Some("a2a8"),
        ),
        (
            (
                "17_discovered_double.toml",
                "disc-1",
                vec![fen("2r5/8/5k2/4N3/7q/8/5PK1/B5R1", "8/r7/5k2/4N3/7q/8/6K1/B5R1")],
                "ends only",
            ),
            Some("e5f3"),
        ),
        (
            (
                "17_discovered_double.toml",
                "double-1",
                vec![fen("5B2/2R2N1k/4q3/8/8/8/r7/2K5", "1q3B2/2R2N1k/4r3/8/8/8/8/2K5")],
                "ends only",
            ),
            Some("f7g5"),
        ),
        // The explanation before the step shows the same position: both go back.
        (
            (
                "17_discovered_double.toml",
                "remove",
                vec![
                    fen("4k3/p7/5n2/3r2B1/8/8/6PP/3RK3", "4k3/p7/5n2/3r2B1/8/8/8/3RK3"),
                    fen("4k3/p7/5n2/3r2B1/8/8/6PP/3RK3", "4k3/p7/5n2/3r2B1/8/8/8/3RK3"),
                ],
                "ends only",
            ),
            Some("g5f6"),
        ),
        (
            (
                "18_review_tactics.toml",
                "fork-4",
                vec![fen("1k6/8/5r2/2N2p2/8/5K2/6PP/8", "1k6/8/5r2/2N2p2/8/5K2/8/8")],
                "ends only",
            ),
            Some("c5d7"),
        ),
        (
            (
                "11_values.toml",
                "free-knight",
                vec![fen("4k3/p7/1p6/8/4n3/6P1/5PBP/4K3", "4k3/p7/1p6/8/4n3/8/6B1/4K3")],
                "ends only",
            ),
            Some("g2e4"),
        ),
        // Rules steps in positions lost whatever is played: a bare king against a rook,
        // castling a bishop down.
        (
            (
                "04_check_castle.toml",
                "move-away",
                vec![fen("4k3/7R/8/8/8/4r3/8/4K3", "4k3/8/8/8/8/4r3/8/4K3")],
                "the mover stands lost",
            ),
            None,
        ),
        (
            (
                "04_check_castle.toml",
                "castle-only-long",
                vec![fen(
                    "r3k2r/ppp2ppp/8/8/2b5/4B3/PPP2PPP/R3K2R",
                    "r3k2r/ppp2ppp/8/8/2b5/8/PPP2PPP/R3K2R",
                )],
                "the mover stands lost",
            ),
            None,
        ),
        // A named wrong move the engine finds as good as the praised ones.
        (
            (
                "20_opening.toml",
                "develop",
                vec![("move = \"e1e2\"", "move = \"d1h5\"")],
                "as good as the best",
            ),
            None,
        ),
    ];
    let lesson_of = |file: &str| match &file[..2] {
        "04" => "ch-check-castle",
        "11" => "ch-values",
        "16" => "ch-tactics-1",
        "17" => "ch-tactics-2",
        "18" => "ch-review-6",
        _ => "ch-opening",
    };
    for ((file, step, swaps, words), shallow) in flaws {
        let found = planted_lesson(file, &swaps, lesson_of(file));
        let named = format!("step '{step}'");
        assert!(
            found.iter().any(|p| p.contains(&named) && p.contains(words)),
            "{file} {step}: {found:?}"
        );
        // The old, shallow tactic proof alone called the planted tactic a win.
        if let Some(mv) = shallow {
            let old_fen = format!("{} w - - 0 1", swaps[0].1);
            let pos = Position::from_fen(&old_fen).unwrap();
            let m = pos.parse_uci(mv).unwrap();
            assert!(wins_material(&pos, m, TACTIC_DEPTH, TACTIC_MARGIN), "{file} {step}");
        }
    }
}
