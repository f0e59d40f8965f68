//! The 四国军棋 course: it loads and every claim holds on the referee; each lesson runs
//! to three stars with its answers; named wrong moves and illegal moves are refused
//! with their reasons; picking up and moving by taps works; a puzzle's answers come
//! back already played; the finished lesson goes into the progress store like any
//! other; a run saved after any input resumes where it stood, and a saved run that does
//! not fit is refused; a corrupt lesson file is a typed error; the 布阵 steps are proven against
//! the setup rules and a wrong tap there is told the rule the piece keeps or breaks.

use qike_core::HighlightKind;
use qike_core::curriculum::junqi::schema::StationClaim;
use qike_core::curriculum::junqi::{
    self, JunqiFeedback, JunqiInput, JunqiRun, JunqiRunState, JunqiStep, JunqiStepKind,
};
use qike_core::curriculum::{LoadError, ResumeError, junqi_course};
use qike_core::junqi::{Move, Rank, Seat, Station};
use qike_core::progress::{
    LessonAttempt, LessonStatus, NewProfile, ProgressStore, Role, Timestamp,
};

fn at(code: &str) -> Station {
    Station::parse_code(code).unwrap()
}

fn mv(text: &str) -> JunqiInput {
    let m = junqi::move_of(text).unwrap();
    JunqiInput::Move { from: m.from, to: m.to }
}

/// Runs `lesson` with its answers up to the step `id` (not played).
fn run_to(lesson_id: &str, id: &str) -> JunqiRun {
    let course = junqi_course().unwrap();
    let mut run = JunqiRun::new(course.lesson(lesson_id).unwrap());
    while run.view().unwrap().step_id != id {
        for input in run.answer() {
            run.submit(input);
        }
    }
    run
}

#[test]
fn the_course_loads_and_every_claim_holds() {
    let course = junqi_course().unwrap();
    assert_eq!(course.units.len(), 2);
    assert_eq!(course.lessons().count(), 7);
    let ids: Vec<&str> = course.units[0].lessons.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["jq-board", "jq-battles", "jq-roads", "jq-setup"]);
    let problems = junqi::validate_junqi(&course);
    assert!(problems.is_empty(), "{problems:#?}");
    let puzzles = course.lessons().flat_map(|l| &l.steps).filter(|s| s.is_puzzle()).count();
    assert!(puzzles >= 20, "{puzzles} puzzles");
    for lesson in course.lessons() {
        assert!(lesson.steps.iter().any(JunqiStep::is_interactive), "{}", lesson.id);
        assert!(lesson.plan.summary.is_complete() && !lesson.plan.objectives.is_empty());
    }
}

#[test]
fn every_lesson_runs_to_three_stars_with_its_answers() {
    let course = junqi_course().unwrap();
    for lesson in course.lessons() {
        let mut run = JunqiRun::new(lesson);
        let mut last = None;
        while let Some(view) = run.view() {
            let inputs = run.answer();
            assert!(!inputs.is_empty(), "{} {}", lesson.id, view.step_id);
            for input in inputs {
                let feedback = run.submit(input);
                assert!(
                    !matches!(feedback, JunqiFeedback::Wrong { .. }),
                    "{} {}: {feedback:?}",
                    lesson.id,
                    view.step_id
                );
                last = Some(feedback);
            }
            assert_ne!(run.view().map(|v| v.index), Some(view.index), "{}", view.step_id);
        }
        let Some(JunqiFeedback::LessonDone { result, .. }) = last else { panic!("{last:?}") };
        assert_eq!((result.stars, result.mistakes, result.hints), (3, 0, 0));
        assert_eq!(result.steps.len(), lesson.steps.len());
        assert_eq!(result.lesson_id, lesson.id);
    }
}

#[test]
fn named_wrong_moves_are_refused_with_their_words() {
    let course = junqi_course().unwrap();
    let mut named = 0;
    for lesson in course.lessons() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let wrong = match step {
                JunqiStep::MakeMove(s) => &s.wrong,
                JunqiStep::Puzzle(s) => &s.wrong,
                _ => continue,
            };
            for w in wrong {
                let mut run = run_to(&lesson.id, step.id());
                assert_eq!(run.view().unwrap().index, i);
                match run.submit(mv(&w.mv)) {
                    JunqiFeedback::Wrong { reason } => assert_eq!(reason, w.says),
                    other => panic!("{} {}: {other:?}", lesson.id, w.mv),
                }
                // The step stays, with the board as it was.
                assert_eq!(run.view().unwrap().index, i);
                assert_eq!(run.view().unwrap().board.unwrap().last_move, None);
                named += 1;
            }
        }
    }
    assert!(named >= 15, "{named}");
}

#[test]
fn a_move_the_rules_refuse_gets_the_rules_reason() {
    let mut run = run_to("jq-roads", "engineer-turns");
    // The battalion commander cannot turn into 中宫.
    let JunqiFeedback::Wrong { reason } = run.submit(mv("S5.5-C1.1")) else { panic!() };
    assert!(reason.zh.contains("工兵可以拐弯"), "{}", reason.zh);
    assert_eq!(run.result().mistakes, 1);
    // A move that is legal but misses the goal is told what it did.
    let mut run = run_to("jq-battles", "pick-winner");
    run.submit(mv("C0.1-C1.1"));
    let mut run2 = run_to("jq-partners", "help-partner");
    let JunqiFeedback::Wrong { reason } = run2.submit(mv("N5.4-N5.3")) else { panic!() };
    assert!(reason.en.contains("does not win a battle"), "{}", reason.en);
    assert_eq!(run.result().mistakes, 1);
}

#[test]
fn taps_pick_a_piece_up_and_move_it() {
    let mut run = run_to("jq-battles", "pick-winner");
    let view = run.view().unwrap();
    assert_eq!(view.kind, JunqiStepKind::MakeMove);
    assert_eq!(view.seat, Seat::South);
    let board = view.board.unwrap();
    assert_eq!(board.turn, Seat::South);
    assert_eq!(board.out, [false, false, true, true]);
    assert!(
        board
            .pieces
            .iter()
            .any(|p| p.station == at("C1.1") && p.seat == Seat::East && p.rank == Rank::Brigade)
    );
    // An enemy piece cannot be picked up.
    assert_eq!(run.submit(JunqiInput::Tap(at("C1.1"))), JunqiFeedback::NotExpected);
    let JunqiFeedback::Selected { at: s, targets } = run.submit(JunqiInput::Tap(at("C2.1"))) else {
        panic!()
    };
    assert_eq!(s, at("C2.1"));
    assert!(targets.contains(&at("C1.1")));
    let board = run.view().unwrap().board.unwrap();
    assert_eq!(board.selected, Some(at("C2.1")));
    assert!(
        board.highlights.iter().any(|h| h.station == at("C1.1") && h.kind == HighlightKind::Target)
    );
    let JunqiFeedback::StepDone { text } = run.submit(JunqiInput::Tap(at("C1.1"))) else {
        panic!()
    };
    assert!(text.unwrap().zh.contains("师长"));
}

#[test]
fn a_puzzle_plays_the_other_seats_answers() {
    let mut run = run_to("jq-partners", "partner-clears");
    let JunqiFeedback::Correct { replies, .. } = run.submit(mv("S5.1-S1.1")) else { panic!() };
    let want: Vec<Move> = ["E1.5-E1.4", "C1.0-C1.1", "W1.3-W1.2"]
        .iter()
        .map(|m| junqi::move_of(m).unwrap())
        .collect();
    assert_eq!(replies, want);
    let board = run.view().unwrap().board.unwrap();
    assert_eq!(board.turn, Seat::South);
    assert_eq!(board.last_move, want.last().copied());
    // Off the line the first move is wrong; retry starts the step again.
    run.retry();
    assert!(matches!(run.submit(mv("S5.1-S2.1")), JunqiFeedback::Wrong { .. }));
    assert!(matches!(run.submit(mv("S5.1-S1.1")), JunqiFeedback::Correct { .. }));
    assert!(matches!(run.submit(mv("S1.1-C0.0")), JunqiFeedback::LessonDone { .. }));
}

#[test]
fn hints_point_at_the_piece_and_cost_from_the_second() {
    let mut run = run_to("jq-flag", "take-flag");
    let JunqiFeedback::Hint { stations, .. } = run.hint() else { panic!() };
    assert_eq!(stations, vec![at("E5.2")]);
    run.hint();
    run.submit(mv("E5.2-E6.2"));
    assert_eq!(run.result().hints, 1);
}

#[test]
fn tap_steps_take_every_station_and_refuse_others() {
    let mut run = run_to("jq-board", "find-camps");
    let JunqiFeedback::Wrong { reason } = run.submit(JunqiInput::Tap(at("S2.3"))) else { panic!() };
    assert!(!reason.zh.starts_with("对"));
    for code in ["S2.2", "S2.4", "S3.3", "S4.2"] {
        assert!(matches!(run.submit(JunqiInput::Tap(at(code))), JunqiFeedback::Correct { .. }));
    }
    assert!(matches!(run.submit(JunqiInput::Tap(at("S4.4"))), JunqiFeedback::StepDone { .. }));
}

#[test]
fn a_finished_lesson_is_recorded_like_any_lesson() {
    let course = junqi_course().unwrap();
    let lesson = course.lesson("jq-board").unwrap();
    let mut run = JunqiRun::new(lesson);
    run.add_time(60_000);
    while !run.is_done() {
        for input in run.answer() {
            run.submit(input);
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(tmp.path()).unwrap();
    let new = NewProfile {
        display_name: "小明".into(),
        avatar: "panda".into(),
        language: "zh-CN".into(),
        role: Role::Student,
    };
    let kid = store.create_profile(new, Timestamp(1_000)).unwrap().id;
    let attempt = LessonAttempt::from_result(&run.result(), run.is_done(), Timestamp(2_000));
    let record = store.record_lesson(kid, &attempt).unwrap();
    assert_eq!(record.status, LessonStatus::Completed);
    assert_eq!(record.best_stars, 3);
    assert_eq!(record.time_ms, 60_000);
    assert_eq!(store.lesson_record(kid, "jq-board").unwrap().unwrap().lesson_id, "jq-board");
}

#[test]
fn a_corrupt_lesson_file_is_a_typed_error() {
    let mut files: Vec<(&str, &str)> = junqi::JUNQI_FILES.to_vec();
    let good = files[1].1;
    files[1].1 = "id = \"jq-board\"\nsteps = 3";
    assert!(matches!(junqi::load_junqi_course(&files), Err(LoadError::Toml { .. })));
    // A flag outside a headquarters is a position no game reaches.
    let bad = good.replacen("旗S6.2 司S1.3;", "旗S5.2 司S1.3;", 1);
    files[1].1 = &bad;
    let Err(LoadError::BadStep { step, problem, .. }) = junqi::load_junqi_course(&files) else {
        panic!()
    };
    assert_eq!(step, "four");
    assert!(problem.contains("headquarters"), "{problem}");
    // A move that is not written from-to.
    let bad = good.replacen("S2.3-S2.2", "S2.3S2.2", 1);
    files[1].1 = &bad;
    assert!(matches!(junqi::load_junqi_course(&files), Err(LoadError::BadStep { .. })));
    // A lesson no unit lists.
    files[1].1 = good;
    let stray = good.replacen("id = \"jq-board\"", "id = \"jq-stray\"", 1);
    files.push(("99_stray.toml", &stray));
    assert!(matches!(junqi::load_junqi_course(&files), Err(LoadError::UnlistedLesson { .. })));
}

#[test]
fn the_check_refuses_false_claims() {
    let course = junqi_course().unwrap();
    let mut lesson = course.lesson("jq-battles").unwrap().clone();
    // Claim the brigade commander's attack is the only winner: it is not.
    if let JunqiStep::MakeMove(s) = &mut lesson.steps[1] {
        s.accept = vec!["C0.1-C1.1".into()];
    }
    assert!(!junqi::validate_junqi_lesson(&lesson).is_empty());
    let mut lesson = course.lesson("jq-battles").unwrap().clone();
    // A named wrong move that in truth wins.
    if let JunqiStep::MakeMove(s) = &mut lesson.steps[1] {
        s.wrong[0].mv = "C2.1-C1.1".into();
    }
    assert!(!junqi::validate_junqi_lesson(&lesson).is_empty());
    let mut lesson = course.lesson("jq-flag").unwrap().clone();
    // East could stop the engineer if its platoon commander stood in the camp next to E5.2.
    if let JunqiStep::Puzzle(s) = &mut lesson.steps[3] {
        s.position = s.position.replace("排C0.0", "排E4.2");
        s.line[1] = "E4.2-E4.1".into();
    }
    let problems = junqi::validate_junqi_lesson(&lesson);
    assert!(problems.iter().any(|p| p.step.as_deref() == Some("two-moves")), "{problems:?}");
    // A praise with no English.
    let mut lesson = course.lesson("jq-flag").unwrap().clone();
    if let JunqiStep::MakeMove(s) = &mut lesson.steps[1] {
        s.praise.en.clear();
    }
    let problems = junqi::validate_junqi_lesson(&lesson);
    assert!(problems.iter().any(|p| p.to_string().contains("praise")), "{problems:?}");
}

fn step_mut<'a>(lesson: &'a mut junqi::JunqiLesson, id: &str) -> &'a mut JunqiStep {
    lesson.steps.iter_mut().find(|s| s.id() == id).unwrap()
}

fn wrong(run: &mut JunqiRun, code: &str) -> String {
    match run.submit(JunqiInput::Tap(at(code))) {
        JunqiFeedback::Wrong { reason } => reason.zh,
        other => panic!("{code}: {other:?}"),
    }
}

#[test]
fn setup_steps_tell_a_wrong_tap_the_rule() {
    let mut run = run_to("jq-setup", "flag-stations");
    let view = run.view().unwrap();
    let board = view.board.unwrap();
    assert!(board.pieces.is_empty());
    assert_eq!((view.seat, board.turn), (Seat::South, Seat::South));
    assert_eq!(wrong(&mut run, "S5.2"), "军旗必须放在大本营里，不能放在南五线左台。");
    let mut run = run_to("jq-setup", "mine-stations");
    assert!(wrong(&mut run, "S4.1").contains("最后两行"));
    assert!(wrong(&mut run, "E5.1").contains("不是南家的阵地"));
    let mut run = run_to("jq-setup", "bomb-stations");
    assert!(wrong(&mut run, "S2.1").contains("不在一线，可以"));
    // A camp is a station a bomb may not take, like every piece.
    assert!(matches!(run.submit(JunqiInput::Tap(at("S3.3"))), JunqiFeedback::Correct { .. }));

    // Spot the illegal piece: the board is the setup as given (a mine on the front
    // line, which no game position holds).
    let mut run = run_to("jq-setup", "spot-mine");
    let board = run.view().unwrap().board.unwrap();
    assert_eq!(board.pieces.len(), 8);
    assert!(board.pieces.iter().any(|p| p.station == at("S1.3") && p.rank == Rank::Mine));
    assert_eq!(wrong(&mut run, "S5.2"), "这个地雷在南五线左台，是最后两行，可以。");
    assert!(wrong(&mut run, "S6.2").contains("大本营"));
    assert!(wrong(&mut run, "S2.3").contains("没有棋子"));
    let JunqiFeedback::StepDone { text } = run.submit(JunqiInput::Tap(at("S1.3"))) else {
        panic!()
    };
    assert!(text.unwrap().zh.contains("一线"));
    let board = run.view().unwrap().board.unwrap();
    assert!(board.pieces.iter().any(|p| p.station == at("S5.3") && p.rank == Rank::Flag));
    assert!(wrong(&mut run, "S6.4").contains("这个地雷"));
    assert_eq!(run.result().mistakes, 4);
    // The three stations next to the headquarters the mines guard.
    let mut next: Vec<Station> = at("S6.2").neighbours().to_vec();
    next.sort();
    assert_eq!(next, [at("S5.2"), at("S6.1"), at("S6.3")]);
}

#[test]
fn the_check_proves_setup_claims() {
    let course = junqi_course().unwrap();
    let original = course.lesson("jq-setup").unwrap();
    let unproven = |lesson: &junqi::JunqiLesson, id: &str| {
        junqi::validate_junqi_lesson(lesson).iter().any(|p| p.step.as_deref() == Some(id))
    };
    assert!(!unproven(original, "spot-mine"));
    // A piece that keeps the rules named as the one that breaks them.
    let mut lesson = original.clone();
    if let JunqiStep::TapStation(s) = step_mut(&mut lesson, "spot-mine") {
        s.stations = vec!["S5.2".into()];
    }
    assert!(unproven(&lesson, "spot-mine"));
    // A second piece breaking a rule: the tapped one is no longer the only one.
    let mut lesson = original.clone();
    if let JunqiStep::TapStation(s) = step_mut(&mut lesson, "spot-flag") {
        s.position = s.position.replace("炸S3.1", "炸S1.2");
    }
    assert!(unproven(&lesson, "spot-flag"));
    // A headquarters left out of the stations a mine may take.
    let mut lesson = original.clone();
    if let JunqiStep::TapStation(s) = step_mut(&mut lesson, "mine-stations") {
        s.stations.retain(|c| c != "S6.4");
    }
    assert!(unproven(&lesson, "mine-stations"));
    // The claim swapped: where a bomb may not stand is not where the flag may.
    let mut lesson = original.clone();
    if let JunqiStep::TapStation(s) = step_mut(&mut lesson, "flag-stations") {
        s.claim = Some(StationClaim::BombMayNotStand);
    }
    assert!(unproven(&lesson, "flag-stations"));
    // A setup board holds only the child's own army.
    let mut lesson = original.clone();
    if let JunqiStep::TapStation(s) = step_mut(&mut lesson, "spot-camp") {
        s.position.push_str("; E: 旗E6.2");
    }
    assert!(unproven(&lesson, "spot-camp"));
    // A setup claim on a game position is refused too.
    let mut lesson = course.lesson("jq-board").unwrap().clone();
    let Some(JunqiStep::TapStation(s)) =
        lesson.steps.iter_mut().find(|s| matches!(s, JunqiStep::TapStation(_)))
    else {
        panic!()
    };
    s.claim = Some(StationClaim::BreaksSetupRule);
    assert!(!junqi::validate_junqi_lesson(&lesson).is_empty());
}

/// A run saved and resumed through its JSON form, as the app keeps it in a draft.
fn reloaded(run: &JunqiRun) -> JunqiRun {
    let bytes = serde_json::to_vec(&run.save()).unwrap();
    let state: JunqiRunState = serde_json::from_slice(&bytes).unwrap();
    JunqiRun::resume(run.lesson(), state).unwrap()
}

#[test]
fn a_run_saved_after_any_input_resumes_where_it_stood() {
    let course = junqi_course().unwrap();
    for lesson in course.lessons() {
        let mut straight = JunqiRun::new(lesson);
        let mut saved = JunqiRun::new(lesson);
        // Two hints in the first step (where it has hints) carry over the resumes.
        saved.hint();
        saved.hint();
        straight.hint();
        straight.hint();
        while !straight.is_done() {
            for input in straight.answer() {
                straight.submit(input);
                saved = reloaded(&saved);
                assert_eq!(saved.answer().first(), Some(&input), "{}", lesson.id);
                saved.submit(input);
                assert_eq!(saved.view(), straight.view(), "{}", lesson.id);
                assert_eq!(saved.save(), straight.save(), "{}", lesson.id);
            }
        }
        assert!(saved.is_done());
        assert_eq!(saved.result(), straight.result());
    }
}

#[test]
fn a_puzzle_resumes_after_its_replies_and_a_tap_step_with_its_finds() {
    let mut run = run_to("jq-partners", "partner-clears");
    run.submit(mv("S5.1-S1.1"));
    let back = reloaded(&run);
    assert_eq!(back.view(), run.view());
    assert_eq!(back.save().played.len(), 4);
    let mut run = run_to("jq-board", "find-camps");
    run.hint();
    run.hint();
    run.submit(JunqiInput::Tap(at("S2.3")));
    run.submit(JunqiInput::Tap(at("S2.2")));
    let mut back = reloaded(&run);
    let state = back.save();
    assert_eq!(state.found, ["S2.2"]);
    assert_eq!((state.step_mistakes, state.step_hints, state.free_hint_given), (1, 1, true));
    assert_eq!(back.result(), run.result());
    for code in ["S2.4", "S3.3", "S4.2"] {
        assert!(matches!(back.submit(JunqiInput::Tap(at(code))), JunqiFeedback::Correct { .. }));
    }
    assert!(matches!(back.submit(JunqiInput::Tap(at("S4.4"))), JunqiFeedback::StepDone { .. }));
}

#[test]
fn a_saved_run_that_does_not_fit_is_refused_with_the_reason() {
    let course = junqi_course().unwrap();
    let mut run = run_to("jq-partners", "partner-clears");
    run.submit(mv("S5.1-S1.1"));
    let good = run.save();
    let lesson = run.lesson();
    let refused = |state: JunqiRunState| JunqiRun::resume(lesson, state).unwrap_err();
    let other = course.lesson("jq-board").unwrap();
    assert!(matches!(
        JunqiRun::resume(other, good.clone()).unwrap_err(),
        ResumeError::OtherLesson { .. }
    ));
    let past = JunqiRunState { step: lesson.steps.len() + 1, ..good.clone() };
    assert!(matches!(refused(past), ResumeError::NoSuchStep { .. }));
    let short = JunqiRunState { outcomes: Vec::new(), ..good.clone() };
    assert!(matches!(refused(short), ResumeError::NoSuchStep { .. }));
    // A move off the puzzle's line, a move that is not a move, a found station in a
    // step that asks for none.
    let mut off = good.clone();
    off.played[1] = "W1.3-W1.2".to_owned();
    let e = refused(off);
    assert_eq!(e.to_string(), "the saved moves of step 'partner-clears' cannot be replayed");
    let mut garbage = good.clone();
    garbage.played[0] = "S5.1-".to_owned();
    assert!(matches!(refused(garbage), ResumeError::BadMoves(_)));
    let found = JunqiRunState { found: vec!["S2.2".to_owned()], ..good.clone() };
    assert!(matches!(refused(found), ResumeError::BadMoves(_)));
    // Outcomes of other steps than the lesson's.
    let mut renamed = good;
    if let Some(o) = renamed.outcomes.first_mut() {
        o.step_id = "elsewhere".to_owned();
    }
    assert!(matches!(refused(renamed), ResumeError::BadMoves(_)));
}
