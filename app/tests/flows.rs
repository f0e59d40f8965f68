//! The app's flows run headless (no window, no GPU) with simulated presses at the
//! coordinates a child would touch, on a real store in a temporary folder:
//! create a profile → lesson 1 with the right answers (and one wrong) → stars saved →
//! reopen the app → the lesson shows completed; a lesson left half-way resumes; a game
//! at level 1 → moves → 悔棋 → resign → the game is recorded; a damaged store offers to
//! start fresh without deleting anything. And every game between two players: chess to
//! mate through a promotion, 9×9 Go through two passes and the count, renju with a
//! refused forbidden point and a five, xiangqi to an agreed draw; each recorded, each
//! saved game resumed after a restart (also a xiangqi game saved by the first app).

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::{create_profile, has_button, headless, press, settle, state};
use qike_app::AppState;
use qike_app::actions::PointerPressed;
use qike_app::board::{ActiveBoard, HighlightRing, PieceNode};
use qike_app::data::{Store, course_of, courses};
use qike_app::fixtures::{GO_COUNT_MOVES, GOMOKU_MOVES};
use qike_app::flow::{CourseProgress, PlayChoice};
use qike_app::i18n::{Lang, Msg};
use qike_app::layout::BoardLayout;
use qike_app::screens::course::CourseAction;
use qike_app::screens::home::HomeAction;
use qike_app::screens::lesson::LessonAction;
use qike_app::screens::lesson::LessonScreen;
use qike_app::screens::play::{PlayAction, PlayScreen};
use qike_app::screens::play_setup::SetupAction;
use qike_app::screens::practice::PracticeAction;
use qike_app::screens::profiles::{ProfileForm, ProfilesAction};
use qike_app::screens::result::{ResultAction, ResultScreen};
use qike_app::screens::settings::SettingsAction;
use qike_app::screens::store_error::StoreErrorAction;
use qike_app::ui::Nav;
use qike_core::curriculum::{Input, answer_inputs};
use qike_core::progress::{GameRecord, LessonStatus, PlayerResult, ProgressStore};
use qike_core::session::{GameSession, SavedXiangqiV1};
use qike_core::{
    BoardGame, BoardMark, Cue, DrawReason, GameKind, GameSetup, GoStart, GomokuRule, HighlightKind,
    MoveInput, Outcome, PieceKind, Point, Refusal, Side, WinReason, gomoku,
};

/// The xiangqi course, which most flows here walk through.
fn course() -> &'static qike_core::curriculum::Course {
    course_of(qike_core::GameKind::Xiangqi).expect("the xiangqi course ships")
}

/// Taps a board point where the board is drawn.
fn tap(app: &mut App, at: Point) {
    let layout = *app.world().resource::<BoardLayout>();
    app.world_mut().write_message(PointerPressed { position: layout.center(at) });
    settle(app);
}

fn store(app: &App) -> std::sync::Arc<ProgressStore> {
    std::sync::Arc::clone(&app.world().resource::<Store>().0)
}

/// Creates a profile through the form (the tiger picture, the default name).
/// The home screen's button that opens the xiangqi course.
fn xiangqi_lessons() -> HomeAction {
    let index = qike_app::data::course_index(qike_core::GameKind::Xiangqi);
    HomeAction::Course(index.expect("the xiangqi course is shipped"))
}

/// Gives the inputs of a lesson step as presses and taps.
fn give(app: &mut App, input: Input) {
    match input {
        Input::Continue => press(app, LessonAction::Continue),
        Input::Choice(i) => press(app, LessonAction::Choice(i)),
        Input::Tap(p) => tap(app, p),
        Input::Move { from, to } => {
            tap(app, from);
            tap(app, to);
        }
        Input::Place { kind, at } => {
            let tray = app.world().resource::<LessonScreen>().run.view().unwrap().tray;
            let i = tray.iter().position(|p| p.kind == kind).expect("piece in the tray");
            press(app, LessonAction::Tray(i));
            tap(app, at);
        }
        Input::Number(n) => {
            // Tens, then ones, from the number on the screen, then OK.
            let d = n - app.world().resource::<LessonScreen>().number;
            for _ in 0..d.abs() / 10 {
                press(app, LessonAction::NumberStep(10 * d.signum()));
            }
            for _ in 0..d.abs() % 10 {
                press(app, LessonAction::NumberStep(d.signum()));
            }
            press(app, LessonAction::SubmitNumber);
        }
    }
}

/// The sounds played so far.
fn heard(app: &App) -> Vec<Cue> {
    app.world().resource::<qike_app::sound::Heard>().0.clone()
}

fn current_step(app: &App) -> Option<usize> {
    app.world().resource::<LessonScreen>().run.view().map(|v| v.index)
}

#[test]
fn profile_lesson_stars_and_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let first = course().lessons().next().unwrap().clone();
    let second_id = course().lessons().nth(1).unwrap().id.clone();
    {
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        let profiles = store(&app).profiles().unwrap();
        assert_eq!(profiles.len(), 1);
        assert_eq!(profiles[0].avatar, "tiger");
        assert!(!profiles[0].display_name.is_empty());

        press(&mut app, xiangqi_lessons());
        assert_eq!(state(&app), AppState::Course);
        assert!(
            !has_button(&mut app, &CourseAction::OpenLesson(second_id.clone())),
            "lesson 2 is locked"
        );
        press(&mut app, CourseAction::OpenLesson(first.id.clone()));
        assert_eq!(state(&app), AppState::Lesson);

        let mut wrong_tried = false;
        for (i, step) in first.steps.iter().enumerate() {
            assert_eq!(current_step(&app), Some(i), "at step {}", step.id());
            // One wrong answer on the first step that has a board to tap: the screen
            // says why, and one mistake costs no star.
            if !wrong_tried && step.kind_name() == "tap_targets" {
                tap(&mut app, Point::new(0, 9));
                let screen = app.world().resource::<LessonScreen>();
                let (good, said) = screen.feedback.clone().expect("feedback for a wrong tap");
                assert!(!good && !said.is_empty(), "wrong tap said: {said}");
                assert_eq!(heard(&app).last(), Some(&Cue::Wrong), "a wrong tap sounds wrong");
                wrong_tried = true;
            }
            for input in answer_inputs(qike_core::GameKind::Xiangqi, step) {
                give(&mut app, input);
            }
        }
        let screen = app.world().resource::<LessonScreen>();
        assert_eq!(screen.finished, Some(3), "feedback: {:?}", screen.feedback);
        assert!(heard(&app).contains(&Cue::Right), "{:?}", heard(&app));
        let profile = store(&app).profiles().unwrap()[0].id;
        let rec = store(&app).lesson_record(profile, &first.id).unwrap().unwrap();
        assert_eq!((rec.status, rec.best_stars), (LessonStatus::Completed, 3));
        assert!(store(&app).draft(profile, &format!("lesson:{}", first.id)).unwrap().is_none());

        // Start the second lesson, do one step, and leave the app.
        press(&mut app, LessonAction::NextLesson);
        assert_eq!(state(&app), AppState::Lesson);
        let second = course().lesson(&second_id).unwrap();
        for input in answer_inputs(qike_core::GameKind::Xiangqi, &second.steps[0]) {
            give(&mut app, input);
        }
        assert_eq!(current_step(&app), Some(1));
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    // Reopen: pick the profile; lesson 1 shows completed, lesson 2 resumes at step 2.
    let mut app = headless(dir.path(), 540, 1170);
    assert_eq!(state(&app), AppState::Profiles);
    let profile = store(&app).profiles().unwrap()[0].id;
    assert!(!app.world().resource::<ProfileForm>().open);
    press(&mut app, ProfilesAction::PickProfile(profile));
    press(&mut app, xiangqi_lessons());
    let progress = CourseProgress::load(
        app.world().resource::<Store>(),
        app.world().resource::<qike_app::data::Current>(),
    );
    assert!(progress.completed(&first.id));
    assert_eq!(progress.stars(&first.id), 3);
    assert_eq!(progress.next(course()).map(|l| l.id.clone()), Some(second_id.clone()));
    press(&mut app, CourseAction::OpenLesson(second_id));
    assert_eq!(current_step(&app), Some(1), "the half-done lesson resumes");
}

/// Updates until the engine has answered (it thinks on its own thread).
fn wait_for_engine(app: &mut App) {
    let start = Instant::now();
    loop {
        app.update();
        let screen = app.world().resource::<PlayScreen>();
        if !screen.is_thinking() && screen.session.is_player_turn() {
            return;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the engine never answered");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_game_at_level_one_with_undo_and_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    press(&mut app, HomeAction::PlayGame(GameKind::Xiangqi));
    press(&mut app, SetupAction::Level(1));
    press(&mut app, SetupAction::PlaySide(Side::First));
    press(&mut app, SetupAction::StartGame);
    assert_eq!(state(&app), AppState::Play);
    // 32 pieces on the board.
    let mut pieces = app.world_mut().query::<&PieceNode>();
    assert_eq!(pieces.iter(app.world()).count(), 32);

    // 炮二平五 by two taps; the engine answers on its worker.
    tap(&mut app, Point::new(7, 2));
    tap(&mut app, Point::new(4, 2));
    wait_for_engine(&mut app);
    let moves = app.world().resource::<PlayScreen>().session.move_list();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0], "炮二平五");
    // The game is saved after every move.
    let profile = store(&app).profiles().unwrap()[0].id;
    assert!(store(&app).draft(profile, "game:xiangqi").unwrap().is_some());

    // A refused move is explained, not ignored.
    tap(&mut app, Point::new(1, 0));
    tap(&mut app, Point::new(1, 4));
    let message = app.world().resource::<PlayScreen>().message.clone();
    assert!(matches!(message, Some((false, ref m)) if !m.is_empty()), "{message:?}");

    // Dragging a piece works like tap-tap: press on the horse, release on its target.
    let layout = *app.world().resource::<BoardLayout>();
    app.world_mut().write_message(PointerPressed { position: layout.center(Point::new(1, 0)) });
    app.world_mut().write_message(qike_app::actions::PointerReleased {
        position: layout.center(Point::new(2, 2)),
    });
    settle(&mut app);
    wait_for_engine(&mut app);
    let moves = app.world().resource::<PlayScreen>().session.move_list();
    assert_eq!(moves.len(), 4, "{moves:?}");
    assert_eq!(moves[2], "马八进七");
    press(&mut app, PlayAction::Undo);

    // 悔棋 takes back both moves.
    press(&mut app, PlayAction::Undo);
    assert!(app.world().resource::<PlayScreen>().session.game().history().is_empty());
    tap(&mut app, Point::new(1, 2));
    tap(&mut app, Point::new(4, 2));
    wait_for_engine(&mut app);
    assert_eq!(app.world().resource::<ActiveBoard>().view.pieces.len(), 32);

    press(&mut app, PlayAction::Resign);
    assert_eq!(state(&app), AppState::Result);
    let games = store(&app).games(profile).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.ai_level, Some(1));
    assert_eq!(g.result(), PlayerResult::Lost);
    assert_eq!(
        g.outcome,
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert_eq!(g.moves.len(), 2);
    assert!(store(&app).draft(profile, "game:xiangqi").unwrap().is_none());
    press(&mut app, ResultAction::Replay(-1));
    press(&mut app, Nav::Go(AppState::Home));
    assert_eq!(state(&app), AppState::Home);
}

#[test]
fn a_store_that_cannot_open_offers_a_fresh_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("progress");
    // Not a database: sled cannot open a folder whose `db` is a directory.
    std::fs::create_dir_all(data.join("db")).unwrap();
    std::fs::write(data.join("conf"), b"garbage that is not sled's config").unwrap();
    let mut app = headless(&data, 540, 1170);
    assert_eq!(state(&app), AppState::StoreError);
    press(&mut app, StoreErrorAction::StartFresh);
    settle(&mut app);
    assert_eq!(state(&app), AppState::Profiles);
    // The old folder was moved aside, not deleted.
    let aside: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("damaged"))
        .collect();
    assert_eq!(aside.len(), 1, "moved-aside folder");
    assert!(aside[0].path().join("conf").exists());
}

#[test]
fn settings_change_the_language_and_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        press(&mut app, Nav::Go(AppState::Settings));
        press(&mut app, SettingsAction::Language(Some(qike_app::i18n::Lang::En)));
        assert_eq!(*app.world().resource::<qike_app::i18n::Lang>(), qike_app::i18n::Lang::En);
        press(&mut app, SettingsAction::PieceStyle(qike_core::progress::PieceStyle::Letters));
        press(&mut app, SettingsAction::ShowCoordinates(false));
        press(&mut app, Nav::Back);
        assert_eq!(state(&app), AppState::Home);
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    let app = headless(dir.path(), 540, 1170);
    assert_eq!(*app.world().resource::<qike_app::i18n::Lang>(), qike_app::i18n::Lang::En);
    let settings = &app.world().resource::<qike_app::data::Current>().settings;
    assert_eq!(settings.piece_style, qike_core::progress::PieceStyle::Letters);
    assert!(!settings.show_coordinates);
    // A board without coordinates: no labels, so the board takes the room they had.
    let mut app = app;
    let profile = store(&app).profiles().unwrap()[0].id;
    press(&mut app, ProfilesAction::PickProfile(profile));
    start_game(&mut app, GameKind::Go { size: 9 }, &[]);
    assert!(!app.world().resource::<ActiveBoard>().coordinates);
    let layout = *app.world().resource::<BoardLayout>();
    let area = qike_app::screens::play::board_area(app.world().resource::<qike_app::ui::Frame>());
    let with = BoardLayout::fit_board(area, 9, 9, qike_core::Placement::Intersections, true);
    assert!(layout.cell > with.cell, "{} vs {}", layout.cell, with.cell);
}

#[test]
fn a_game_in_progress_survives_closing_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let before = {
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        press(&mut app, HomeAction::PlayGame(GameKind::Xiangqi));
        assert!(!has_button(&mut app, &SetupAction::ResumeGame), "nothing to resume yet");
        press(&mut app, SetupAction::Level(2));
        press(&mut app, SetupAction::StartGame);
        tap(&mut app, Point::new(7, 2));
        tap(&mut app, Point::new(4, 2));
        wait_for_engine(&mut app);
        let moves = app.world().resource::<PlayScreen>().session.game().history();
        app.world_mut().write_message(AppExit::Success);
        app.update();
        moves
    };
    let mut app = headless(dir.path(), 540, 1170);
    let profile = store(&app).profiles().unwrap()[0].id;
    press(&mut app, ProfilesAction::PickProfile(profile));
    press(&mut app, HomeAction::PlayGame(GameKind::Xiangqi));
    press(&mut app, SetupAction::ResumeGame);
    assert_eq!(state(&app), AppState::Play);
    let screen = app.world().resource::<PlayScreen>();
    assert_eq!(screen.session.game().history(), before);
    assert_eq!(screen.session.level().map(|l| l.number), Some(2));
    assert!(screen.session.is_player_turn());
}

#[test]
fn every_lesson_of_every_course_can_be_done_on_the_screen_with_three_stars() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let profile = store(&app).profiles().unwrap()[0].id;
    assert!(!courses().is_empty());
    for (index, course) in courses().iter().enumerate() {
        // From home, through the game card's lessons button, to the course map.
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Home);
        settle(&mut app);
        assert!(
            has_button(&mut app, &HomeAction::Course(index)),
            "no lessons button for {}",
            course.id
        );
        press(&mut app, HomeAction::Course(index));
        assert_eq!(state(&app), AppState::Course);
        let shown = texts(&mut app);
        let title = [&course.title.zh, &course.title.en];
        assert!(shown.iter().any(|t| title.contains(&t)), "{}: title not shown", course.id);
        for lesson in course.lessons() {
            press(&mut app, CourseAction::OpenLesson(lesson.id.clone()));
            assert_eq!(state(&app), AppState::Lesson, "{}", lesson.id);
            for (i, step) in lesson.steps.iter().enumerate() {
                assert_eq!(current_step(&app), Some(i), "{} step {}", lesson.id, step.id());
                if let Some(text) = step.fen() {
                    // The step's own board: a Go lesson may show a 13×13 or 19×19 one.
                    let own = qike_core::curriculum::position::start(course.game, text)
                        .map(|g| g.kind())
                        .ok();
                    let board = app.world().get_resource::<ActiveBoard>();
                    let kind = board.map(|b| b.view.kind);
                    assert!(own.is_some(), "{} step {}: position", lesson.id, step.id());
                    assert_eq!(kind, own, "{} step {}: board", lesson.id, step.id());
                }
                let inputs = answer_inputs(lesson.game, step);
                if inputs.is_empty() {
                    // A play-out: the runner's own demo picks the child's moves.
                    let mut guard = 0;
                    while current_step(&app) == Some(i) {
                        let input = app.world().resource::<LessonScreen>().run.play_out_answer();
                        let input = input.unwrap_or_else(|| panic!("{}: no demo move", step.id()));
                        give(&mut app, input);
                        guard += 1;
                        assert!(guard < 200, "{}: play-out never ends", step.id());
                    }
                }
                for input in inputs {
                    give(&mut app, input);
                }
            }
            let screen = app.world().resource::<LessonScreen>();
            assert_eq!(screen.finished, Some(3), "{}: {:?}", lesson.id, screen.feedback);
            let rec = store(&app).lesson_record(profile, &lesson.id).unwrap().unwrap();
            assert_eq!(rec.status, LessonStatus::Completed, "{}", lesson.id);
            // Back to this course's map, not another game's.
            press(&mut app, Nav::Back);
            assert_eq!(state(&app), AppState::Course);
        }
        let progress = CourseProgress::load(
            app.world().resource::<Store>(),
            app.world().resource::<qike_app::data::Current>(),
        );
        assert_eq!(progress.next(course).map(|l| l.id.clone()), None, "{}", course.id);
    }
}

/// Goes from home to `kind`'s set-up, presses `options`, and starts the game.
fn start_game(app: &mut App, kind: GameKind, options: &[SetupAction]) {
    if state(app) != AppState::Home {
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Home);
        settle(app);
    }
    press(app, HomeAction::PlayGame(kind));
    assert_eq!(state(app), AppState::PlaySetup);
    for option in options {
        press(app, option.clone());
    }
    press(app, SetupAction::StartGame);
    assert_eq!(state(app), AppState::Play);
}

fn session(app: &App) -> &GameSession {
    &app.world().resource::<PlayScreen>().session
}

/// Plays one move written in the game's coordinates (`e2e4`, `b7a8q`, `D4`, `pass`,
/// `h8`) by taps and presses, as a child would.
fn play(app: &mut App, text: &str) {
    let kind = session(app).kind();
    let before = session(app).game().history().len();
    match MoveInput::decode(kind, text).unwrap_or_else(|| panic!("not a move: {text}")) {
        MoveInput::Step { from, to, promotion } => {
            tap(app, from);
            tap(app, to);
            if let Some(piece) = promotion {
                assert!(
                    has_button(app, &PlayAction::Promote(piece)),
                    "no promotion choice for {text}"
                );
                press(app, PlayAction::Promote(piece));
            }
        }
        MoveInput::Place { at } => tap(app, at),
        MoveInput::Pass => press(app, PlayAction::Pass),
    }
    if state(app) == AppState::Play {
        let screen = app.world().resource::<PlayScreen>();
        assert_eq!(
            screen.session.game().history().len(),
            before + 1,
            "{text} was not played: {:?}",
            screen.message
        );
    }
}

/// The texts drawn on the screen now.
fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

fn only_game(app: &App) -> GameRecord {
    let profile = store(app).profiles().unwrap()[0].id;
    let games = store(app).games(profile).unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    games[0].clone()
}

/// Scholar's mate after white's a-pawn has eaten its way to a8 and become a queen.
const CHESS_MATE: &[&str] = &[
    "a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6", "b7a8q", "e7e5", "e2e4",
    "g8e7", "f1c4", "h7h6", "d1f3", "h6h5", "f3f7",
];

#[test]
fn a_chess_game_between_two_players_to_mate_with_a_promotion() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    press(&mut app, HomeAction::PlayGame(GameKind::Chess));
    // Chess has a computer opponent with levels; this game is for two players.
    assert!(has_button(&mut app, &SetupAction::Level(1)));
    press(&mut app, SetupAction::TwoPlayers);
    press(&mut app, SetupAction::StartGame);
    assert!(session(&app).is_two_player());
    let mut pieces = app.world_mut().query::<&PieceNode>();
    assert_eq!(pieces.iter(app.world()).count(), 32);
    for &mv in &CHESS_MATE[..8] {
        play(&mut app, mv);
    }
    // b7 to a8: the choice of piece opens; a tap on the board would close it.
    tap(&mut app, Point::new(1, 6));
    tap(&mut app, Point::new(0, 7));
    assert!(session(&app).pending_promotion().is_some());
    for piece in [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight] {
        assert!(has_button(&mut app, &PlayAction::Promote(piece)), "{piece:?}");
    }
    press(&mut app, PlayAction::Promote(PieceKind::Queen));
    let view = &app.world().resource::<ActiveBoard>().view;
    let queen = view.piece_at(Point::new(0, 7)).expect("a piece on a8");
    assert_eq!((queen.kind, queen.side), (PieceKind::Queen, Side::First));
    assert!(!has_button(&mut app, &PlayAction::Promote(PieceKind::Queen)));
    for &mv in &CHESS_MATE[9..] {
        play(&mut app, mv);
    }
    assert_eq!(state(&app), AppState::Result);
    settle(&mut app);
    // Moves, captures and checks were heard, and the end of the game last.
    let cues = heard(&app);
    for cue in [Cue::Move, Cue::Capture, Cue::Check] {
        assert!(cues.contains(&cue), "{cue:?} in {cues:?}");
    }
    assert_eq!(cues.last(), Some(&Cue::Win), "{cues:?}");
    let g = only_game(&app);
    assert_eq!(g.kind, GameKind::Chess);
    assert_eq!(g.ai_level, None);
    assert_eq!(g.outcome, Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate }));
    assert_eq!(g.moves.len(), CHESS_MATE.len());
    assert_eq!(g.moves[8], "b7a8q");
    let by_kind = qike_app::screens::progress::games_by_kind(
        app.world().resource::<Store>(),
        app.world().resource::<qike_app::data::Current>(),
    );
    assert_eq!(by_kind[1].two_player, 1, "the progress screen counts it under chess");
    // The result says who won and how; the board shows the mated king in check.
    let lang = *app.world().resource::<Lang>();
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(lang.get(Msg::WhiteWins))), "{said:?}");
    assert!(said.iter().any(|t| t.contains(lang.get(Msg::ByCheckmate))), "{said:?}");
    let view = &app.world().resource::<ActiveBoard>().view;
    assert!(
        view.highlights.iter().any(|h| h.kind == HighlightKind::Check && h.at == Point::new(4, 7))
    );
}

#[test]
fn a_go_game_through_two_passes_a_dead_group_and_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    start_game(
        &mut app,
        GameKind::Go { size: 9 },
        &[SetupAction::GoSize(9), SetupAction::GoStart(GoStart::Even), SetupAction::TwoPlayers],
    );
    assert_eq!(session(&app).kind(), GameKind::Go { size: 9 });
    let (moves, passes) = GO_COUNT_MOVES.split_at(GO_COUNT_MOVES.len() - 2);
    for &mv in moves {
        play(&mut app, mv);
    }
    // Dragging across the board places no second stone.
    let layout = *app.world().resource::<BoardLayout>();
    let n = session(&app).game().history().len();
    app.world_mut().write_message(PointerPressed { position: layout.center(Point::new(0, 8)) });
    app.world_mut().write_message(qike_app::actions::PointerReleased {
        position: layout.center(Point::new(1, 8)),
    });
    settle(&mut app);
    assert_eq!(session(&app).game().history().len(), n + 1);
    press(&mut app, PlayAction::Undo);
    assert_eq!(session(&app).game().history().len(), n);
    for &mv in passes {
        play(&mut app, mv);
    }
    assert!(session(&app).is_counting());
    assert!(
        has_button(&mut app, &PlayAction::AgreeCount)
            && has_button(&mut app, &PlayAction::ResumePlay)
    );
    assert!(!has_button(&mut app, &PlayAction::Pass));
    // Tapping the white stone on H5 marks it dead or alive; the board shows the marks.
    let h5 = Point::new(7, 4);
    let dead = |app: &App| session(app).game().as_go().unwrap().is_dead(h5);
    let margin = |app: &App| session(app).go_score().unwrap().result.margin_half_points;
    let (was_dead, was) = (dead(&app), margin(&app));
    tap(&mut app, h5);
    assert_ne!(dead(&app), was_dead);
    assert_ne!(margin(&app), was);
    if !dead(&app) {
        tap(&mut app, h5);
    }
    let view = &app.world().resource::<ActiveBoard>().view;
    assert!(view.highlights.iter().any(|h| h.kind == HighlightKind::Dead && h.at == h5));
    // Black: the E file and everything right of it, 45 points; white 36; komi 7.5.
    assert_eq!(margin(&app), 3, "black wins by 1.5 points");
    let lang = *app.world().resource::<Lang>();
    // The result in one short line, and the sum behind it apart, both on the screen.
    let summary = session(&app).go_score().unwrap().summary();
    let (headline, sum) = (lang.text(&summary.headline()), lang.text(&summary.arithmetic()));
    let shown = texts(&mut app);
    assert!(shown.contains(&headline) && shown.contains(&sum), "the count is on the screen");
    press(&mut app, PlayAction::AgreeCount);
    assert_eq!(state(&app), AppState::Result);
    let g = only_game(&app);
    assert_eq!(g.kind, GameKind::Go { size: 9 });
    assert_eq!(g.outcome, Some(Outcome::Win { winner: Side::First, reason: WinReason::Score }));
    assert_eq!(g.moves.len(), GO_COUNT_MOVES.len());
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(lang.get(Msg::ByCount))), "{said:?}");
    assert!(said.contains(&headline) && said.contains(&sum), "the count is shown: {said:?}");
}

#[test]
fn a_renju_game_refuses_a_forbidden_point_and_ends_with_five() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let renju = GameKind::Gomoku { rule: GomokuRule::Renju };
    start_game(
        &mut app,
        GameKind::Gomoku { rule: GomokuRule::Freestyle },
        &[SetupAction::GomokuRule(GomokuRule::Renju), SetupAction::TwoPlayers],
    );
    assert_eq!(session(&app).kind(), renju);
    // Black's first stone goes on the centre point: f8 is refused and the rule said.
    tap(&mut app, Point::new(5, 7));
    assert!(session(&app).game().history().is_empty());
    let lang = *app.world().resource::<Lang>();
    let rule = lang.text(&Refusal::Gomoku(gomoku::IllegalReason::FirstStoneOffCentre).text());
    assert_eq!(app.world().resource::<PlayScreen>().message, Some((false, rule)));
    for &mv in GOMOKU_MOVES {
        play(&mut app, mv);
    }
    // j8 would make two open threes for black: marked, refused, and the reason said.
    let j8 = Point::new(9, 7);
    let view = &app.world().resource::<ActiveBoard>().view;
    assert!(view.marks.contains(&BoardMark::Forbidden { at: j8 }), "{:?}", view.marks);
    tap(&mut app, j8);
    assert_eq!(session(&app).game().history().len(), GOMOKU_MOVES.len());
    let reason = lang.text(&Refusal::Gomoku(gomoku::IllegalReason::DoubleThree).text());
    let message = app.world().resource::<PlayScreen>().message.clone();
    assert_eq!(message, Some((false, reason.clone())));
    assert!(texts(&mut app).contains(&reason), "the reason is on the screen");
    // Black makes five on the second line; white plays far away.
    for mv in ["b2", "o3", "c2", "o13", "d2", "c15", "e2", "m15", "f2"] {
        play(&mut app, mv);
    }
    assert_eq!(state(&app), AppState::Result);
    let g = only_game(&app);
    assert_eq!(g.kind, renju);
    assert_eq!(
        g.outcome,
        Some(Outcome::Win { winner: Side::First, reason: WinReason::FiveInARow })
    );
    let view = &app.world().resource::<ActiveBoard>().view;
    let five: Vec<Point> =
        view.highlights.iter().filter(|h| h.kind == HighlightKind::Winning).map(|h| h.at).collect();
    assert_eq!(five.len(), 5, "{five:?}");
    assert!((1..=5).all(|f| five.contains(&Point::new(f, 1))));
    let mut rings = app.world_mut().query::<&HighlightRing>();
    assert_eq!(rings.iter(app.world()).filter(|r| r.kind == HighlightKind::Winning).count(), 5);
}

#[test]
fn a_two_player_xiangqi_game_ends_in_an_agreed_draw() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    start_game(&mut app, GameKind::Xiangqi, &[SetupAction::TwoPlayers]);
    assert!(session(&app).is_two_player());
    assert!(!app.world().resource::<ActiveBoard>().flipped);
    for mv in ["h2e2", "h9g7", "h0g2"] {
        play(&mut app, mv);
    }
    // 悔棋 between two players takes back one move; the computer never moves.
    press(&mut app, PlayAction::Undo);
    assert_eq!(session(&app).game().history().len(), 2);
    for _ in 0..5 {
        app.update();
    }
    assert!(!app.world().resource::<PlayScreen>().is_thinking());
    play(&mut app, "b0c2");
    // A draw offer asks the other player, who agrees.
    press(&mut app, PlayAction::OfferDraw);
    assert!(has_button(&mut app, &PlayAction::AcceptDraw));
    press(&mut app, PlayAction::AcceptDraw);
    assert_eq!(state(&app), AppState::Result);
    let g = only_game(&app);
    assert_eq!((g.kind, g.ai_level), (GameKind::Xiangqi, None));
    assert_eq!(g.outcome, Some(Outcome::Draw { reason: DrawReason::Agreement }));
    assert_eq!(g.moves, ["h2e2", "h9g7", "b0c2"]);
    let lang = *app.world().resource::<Lang>();
    let said = texts(&mut app);
    assert!(said.iter().any(|t| t.contains(lang.get(Msg::ByAgreement))), "{said:?}");
    // Back to the set-up of the same game, then home.
    press(&mut app, ResultAction::PlayAgain);
    assert_eq!(state(&app), AppState::PlaySetup);
    assert_eq!(app.world().resource::<PlayChoice>().kind(), GameKind::Xiangqi);
}

#[test]
fn a_saved_game_of_each_kind_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let go9 = GameKind::Go { size: 9 };
    // The cards on the home screen; the rule is chosen on the set-up.
    let gomoku = GameKind::Gomoku { rule: GomokuRule::Freestyle };
    let games: [(GameKind, Vec<SetupAction>, &[&str]); 4] = [
        (GameKind::Xiangqi, vec![SetupAction::TwoPlayers], &["h2e2", "h9g7"]),
        (GameKind::Chess, vec![SetupAction::TwoPlayers], &["e2e4", "c7c5", "g1f3"]),
        (
            go9,
            vec![SetupAction::GoStart(GoStart::Handicap(2)), SetupAction::TwoPlayers],
            &["E5", "D5", "pass", "pass"],
        ),
        (
            gomoku,
            vec![SetupAction::GomokuRule(GomokuRule::Renju), SetupAction::TwoPlayers],
            &["h8", "h9", "j10"],
        ),
    ];
    let mut before = Vec::new();
    {
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        for (kind, options, moves) in &games {
            start_game(&mut app, *kind, options);
            for &mv in *moves {
                play(&mut app, mv);
            }
            if kind == &go9 {
                // Mid-count: one group marked dead is part of the saved game.
                assert!(session(&app).is_counting());
                let e5 = Point::new(4, 4);
                if !session(&app).game().as_go().unwrap().is_dead(e5) {
                    tap(&mut app, e5);
                }
            }
            let s = session(&app);
            before.push((s.kind(), s.save()));
            press(&mut app, Nav::Back);
            press(&mut app, Nav::Back);
            assert_eq!(state(&app), AppState::Home);
        }
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    let mut app = headless(dir.path(), 540, 1170);
    let profile = store(&app).profiles().unwrap()[0].id;
    press(&mut app, ProfilesAction::PickProfile(profile));
    for ((kind, _, _), (saved_kind, saved)) in games.iter().zip(&before) {
        press(&mut app, HomeAction::PlayGame(*kind));
        press(&mut app, SetupAction::ResumeGame);
        assert_eq!(state(&app), AppState::Play, "{kind:?}");
        let s = session(&app);
        assert_eq!(s.kind(), *saved_kind);
        assert_eq!(&s.save(), saved, "{kind:?}");
        press(&mut app, Nav::Back);
        press(&mut app, Nav::Back);
    }
    // The Go game comes back at its count, with its dead stones and its handicap.
    press(&mut app, HomeAction::PlayGame(go9));
    press(&mut app, SetupAction::ResumeGame);
    assert!(session(&app).is_counting());
    assert!(session(&app).game().as_go().unwrap().is_dead(Point::new(4, 4)));
    assert_eq!(session(&app).setup(), &GameSetup::Go { size: 9, start: GoStart::Handicap(2) });
}

#[test]
fn a_xiangqi_game_saved_by_the_first_app_still_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let profile = store(&app).profiles().unwrap()[0].id;
    let v1 = SavedXiangqiV1 {
        version: 1,
        start_fen: qike_core::xiangqi::START_FEN.to_owned(),
        moves: vec!["h2e2".into(), "h9g7".into()],
        player: Side::First,
        level: 2,
        seed: 7,
        started: qike_core::progress::Timestamp(1_700_000_000_000),
        ended_by_agreement: None,
        draw_declined_at: None,
    };
    store(&app).save_draft(profile, "game:xiangqi", &serde_json::to_vec(&v1).unwrap()).unwrap();
    press(&mut app, HomeAction::PlayGame(GameKind::Xiangqi));
    press(&mut app, SetupAction::ResumeGame);
    assert_eq!(state(&app), AppState::Play);
    let s = session(&app);
    assert_eq!(s.move_list(), ["炮二平五", "马8进7"]);
    assert_eq!(s.level().map(|l| l.number), Some(2));
    assert!(s.is_player_turn());
}

#[test]
fn back_goes_back_one_screen() {
    // The press that leaves a screen is not seen again by the next one.
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    press(&mut app, xiangqi_lessons());
    press(&mut app, CourseAction::OpenLesson(course().lessons().next().unwrap().id.clone()));
    assert_eq!(state(&app), AppState::Lesson);
    press(&mut app, Nav::Back);
    assert_eq!(state(&app), AppState::Course);
    start_game(&mut app, GameKind::Chess, &[]);
    press(&mut app, Nav::Back);
    assert_eq!(state(&app), AppState::PlaySetup);
    press(&mut app, Nav::Back);
    assert_eq!(state(&app), AppState::Home);
}

/// The child's moves in the games against each computer below: the `n`-th legal input;
/// in Go, passes after a dozen stones (so the computer must decide when the game is over).
fn childs_move(game: &qike_core::AnyGame, n: usize) -> MoveInput {
    if game.can_pass() && n >= 12 {
        return MoveInput::Pass;
    }
    let view = game.view();
    let mut legal = Vec::new();
    for file in 0..view.files {
        for rank in 0..view.ranks {
            let at = Point::new(file, rank);
            if game.places_stones() {
                if game.clone().play(MoveInput::Place { at }).is_ok() {
                    legal.push(MoveInput::Place { at });
                }
            } else if game.is_own_piece(at) {
                for to in game.targets(at) {
                    let promotion = game.needs_promotion(at, to).then_some(PieceKind::Queen);
                    legal.push(MoveInput::Step { from: at, to, promotion });
                }
            }
        }
    }
    legal[(n * 7 + 3) % legal.len()]
}

/// Against level 1 of each game's computer, through the screens: the coach's hint marks
/// a move, the computer thinks on its worker while the screen runs, the game ends (a Go
/// game through the count, the renju game with a five: the app refuses black's
/// forbidden points, so the child's taps never lose on one), the result is in the store
/// with the level, and the coach's review names better moves.
#[test]
fn each_games_computer_plays_level_one_to_the_end() {
    let games = [
        (GameKind::Chess, vec![SetupAction::Level(1), SetupAction::PlaySide(Side::First)]),
        (
            GameKind::Go { size: 9 },
            vec![
                SetupAction::GoSize(9),
                SetupAction::GoStart(GoStart::Even),
                SetupAction::Level(1),
                SetupAction::PlaySide(Side::First),
            ],
        ),
        (
            GameKind::Gomoku { rule: GomokuRule::Freestyle },
            vec![
                SetupAction::GomokuRule(GomokuRule::Renju),
                SetupAction::Level(1),
                SetupAction::PlaySide(Side::First),
            ],
        ),
    ];
    for (kind, options) in games {
        let dir = tempfile::tempdir().unwrap();
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        start_game(&mut app, kind, &options);
        assert!(!session(&app).is_two_player(), "{kind:?}");
        let (mut last_played, mut last_change) = (0, Instant::now());
        let mut moves = 0;
        let mut hinted = false;
        while state(&app) == AppState::Play {
            let screen = app.world().resource::<PlayScreen>();
            if screen.is_thinking() || screen.session.is_engine_turn() {
                app.update();
                std::thread::sleep(Duration::from_millis(5));
            } else if screen.session.is_counting() {
                press(&mut app, PlayAction::AgreeCount);
            } else if screen.session.is_player_turn() && moves == 0 && !hinted {
                // The coach's hint, asked for once: a move is named and marked.
                press(&mut app, PlayAction::Hint);
                let says = app.world().resource::<Lang>().get(Msg::HintSays);
                let screen = app.world().resource::<PlayScreen>();
                let text = screen.message.as_ref().map(|(_, t)| t.clone()).unwrap_or_default();
                assert!(text.starts_with(says), "{kind:?}: hint said {text:?}");
                assert!(!screen.hint_points.is_empty(), "{kind:?}: the hint marks no point");
                hinted = true;
            } else if screen.session.is_player_turn() {
                let mv = childs_move(screen.session.game(), moves);
                let before = screen.session.game().history().len();
                match mv {
                    MoveInput::Step { from, to, promotion } => {
                        tap(&mut app, from);
                        tap(&mut app, to);
                        if let Some(piece) = promotion {
                            press(&mut app, PlayAction::Promote(piece));
                        }
                    }
                    MoveInput::Place { at } => tap(&mut app, at),
                    MoveInput::Pass => press(&mut app, PlayAction::Pass),
                }
                // The computer may already have answered: at least the child's move.
                let after = app.world().get_resource::<PlayScreen>();
                if let Some(after) = after.filter(|_| state(&app) == AppState::Play) {
                    let played = after.session.game().history().len();
                    assert!(played > before, "{kind:?}: {mv:?} was not played");
                }
                moves += 1;
            } else {
                app.update();
            }
            assert!(moves < 400, "{kind:?}: no end after {moves} moves");
            // A hang guard, not a speed bound: level 1 answers in milliseconds, so two
            // minutes without a new move means the engine's thread is gone.
            let screen = app.world().get_resource::<PlayScreen>();
            let played = screen.map_or(last_played, |s| s.session.game().history().len());
            if played != last_played {
                (last_played, last_change) = (played, Instant::now());
            }
            assert!(last_change.elapsed() < Duration::from_secs(120), "{kind:?}: no answer");
        }
        assert_eq!(state(&app), AppState::Result, "{kind:?}");
        let game = only_game(&app);
        assert_eq!((game.ai_level, game.side), (Some(1), Side::First), "{kind:?}");
        assert!(game.outcome.is_some(), "{kind:?}");
        if matches!(kind, GameKind::Gomoku { .. }) {
            let five =
                matches!(game.outcome, Some(Outcome::Win { reason: WinReason::FiveInARow, .. }));
            assert!(five, "{kind:?}: {:?}", game.outcome);
        }
        // The coach reviews the game on the result screen: the child's random moves
        // include mistakes, and each names a better move.
        while app.world().resource::<ResultScreen>().review.is_none() {
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        }
        let result = app.world().resource::<ResultScreen>();
        let review = result.review.clone().unwrap();
        let marked = &review.marked;
        assert!(marked.iter().any(|m| m.loss > 0 && m.better != m.played), "{kind:?}: {marked:?}");
        // The graph has a point for every position of the game.
        let plies = result.game.0.game().history().len();
        assert_eq!(review.series.len(), plies + 1, "{kind:?}");
        assert_eq!(game.kind.placement(), kind.placement());
    }
}

/// Teacher mode with two devices (two stores in temporary folders): the teacher makes
/// a class; the pupil joins with its code (a mistyped code refused with the reason),
/// finishes lesson 1 on the screen and sends a report file; the teacher imports the
/// inbox (a tampered copy refused, a second import changing nothing, a classmate's
/// report in this pupil's name refused); the dashboard has the pupil's stars, the CSV
/// export matches it, and homework set by the teacher shows as done on both sides.
#[test]
fn a_class_from_join_code_to_dashboard_and_csv() {
    use qike_app::screens::my_class::{MyClass, PupilAction, outbox_dir};
    use qike_app::screens::teacher::{Refused, Teacher, TeacherAction, TeacherPage, inbox_dir};
    use qike_core::progress::{AssignmentItem, AssignmentState};
    let teacher_dir = tempfile::tempdir().unwrap();
    let pupil_dir = tempfile::tempdir().unwrap();
    let teacher_data = teacher_dir.path().join("progress");
    let pupil_data = pupil_dir.path().join("progress");

    let mut teacher = headless(&teacher_data, 540, 1170);
    common::enter_teacher_mode(&mut teacher);
    assert_eq!(state(&teacher), AppState::Teacher);
    press(&mut teacher, TeacherAction::NewClass);
    let class_id = teacher.world().resource::<Teacher>().class.expect("the new class is open");
    assert_eq!(*teacher.world().resource::<State<TeacherPage>>().get(), TeacherPage::Class);
    press(&mut teacher, TeacherAction::Grade);
    let class = store(&teacher).class(class_id).unwrap();
    assert_eq!(class.grade, "四年级", "the grade moves on from 三年级");
    let code = class.join_code().to_text();

    let mut pupil = headless(&pupil_data, 540, 1170);
    create_profile(&mut pupil);
    press(&mut pupil, Nav::Go(AppState::MyClass));
    assert_eq!(state(&pupil), AppState::MyClass);
    // A slip on one symbol that the check letters catch.
    let typo = (0..32u8)
        .map(|k| {
            let mut c: Vec<char> = code.chars().collect();
            c[6] = char::from(b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[usize::from(k)]);
            c.into_iter().collect::<String>()
        })
        .find(|t| *t != code && qike_core::progress::JoinCode::parse(t).is_err())
        .unwrap();
    pupil.world_mut().resource_mut::<MyClass>().code = typo;
    press(&mut pupil, PupilAction::Join);
    assert_eq!(pupil.world().resource::<MyClass>().refused, Some(Msg::CodeTypo));
    let kid = store(&pupil).profiles().unwrap()[0].id;
    assert!(store(&pupil).memberships(kid).unwrap().is_empty());
    pupil.world_mut().resource_mut::<MyClass>().code = code.clone();
    press(&mut pupil, PupilAction::Join);
    assert!(pupil.world().resource::<MyClass>().joined);

    // Lesson 1 on the screen with its right answers.
    let first = course().lessons().next().unwrap().clone();
    press(&mut pupil, Nav::Back);
    press(&mut pupil, xiangqi_lessons());
    press(&mut pupil, CourseAction::OpenLesson(first.id.clone()));
    for step in &first.steps {
        for input in answer_inputs(qike_core::GameKind::Xiangqi, step) {
            give(&mut pupil, input);
        }
    }
    assert_eq!(pupil.world().resource::<LessonScreen>().finished, Some(3));
    pupil.world_mut().resource_mut::<NextState<AppState>>().set(AppState::MyClass);
    settle(&mut pupil);
    press(&mut pupil, PupilAction::Send(class_id));
    let sent = pupil.world().resource::<MyClass>().sent.clone().expect("a report was saved");
    assert!(sent.path.starts_with(outbox_dir(&pupil_data)));
    assert!(sent.text.starts_with("QIKE:REPORT:"));

    // The report file and a tampered copy arrive in the teacher's inbox.
    let inbox = inbox_dir(&teacher_data);
    std::fs::create_dir_all(&inbox).unwrap();
    std::fs::copy(&sent.path, inbox.join("a.qikereport")).unwrap();
    let mut bad: Vec<char> = sent.text.chars().collect();
    let mid = bad.len() / 2;
    bad[mid] = if bad[mid] == 'A' { 'B' } else { 'A' };
    std::fs::write(inbox.join("b.qikereport"), bad.into_iter().collect::<String>()).unwrap();
    press(&mut teacher, TeacherAction::Page(TeacherPage::Import));
    press(&mut teacher, TeacherAction::Import);
    let report = teacher.world().resource::<Teacher>().import.clone().unwrap();
    assert_eq!((report.new, report.updated, report.already), (1, 0, 0));
    assert_eq!(report.rejected, vec![("b.qikereport".to_owned(), Refused::Tampered)]);
    let csv_before = store(&teacher).class_csv(class_id).unwrap();
    press(&mut teacher, TeacherAction::Import);
    let again = teacher.world().resource::<Teacher>().import.clone().unwrap();
    assert_eq!((again.new, again.updated, again.already, again.rejected.len()), (0, 0, 1, 1));
    assert_eq!(store(&teacher).class_csv(class_id).unwrap(), csv_before);
    // A classmate's app writes a report that says it is this pupil's, with its own key.
    let bytes = qike_core::progress::report_bytes(sent.text.as_bytes()).unwrap();
    let mut forged = qike_core::progress::open_report(&bytes, class_id, &class.key).unwrap();
    forged.seq += 10;
    let other_key = qike_core::progress::PupilKey::from_seed([9; 32]);
    let forged = qike_core::progress::seal_signed_report(&forged, &class.key, &other_key).unwrap();
    let text = qike_core::progress::report_to_text(&forged);
    teacher.world_mut().resource_mut::<Teacher>().field = text;
    press(&mut teacher, TeacherAction::Import);
    let refused = teacher.world().resource::<Teacher>().import.clone().unwrap();
    assert_eq!(refused.rejected, vec![("pasted text".to_owned(), Refused::ForeignKey)]);
    assert_eq!(store(&teacher).class_csv(class_id).unwrap(), csv_before);

    press(&mut teacher, Nav::Back);
    press(&mut teacher, TeacherAction::Page(TeacherPage::Dashboard));
    let m = store(&teacher).class_matrix(class_id).unwrap();
    assert_eq!(m.students.len(), 1);
    let col = m.lessons.iter().position(|l| *l == first.id).unwrap();
    let cell = m.cells[0][col].unwrap();
    assert_eq!((cell.status, cell.stars), (LessonStatus::Completed, 3));
    assert!(has_button(&mut teacher, &TeacherAction::Pupil(kid)));
    press(&mut teacher, TeacherAction::ExportCsv);
    let path = teacher.world().resource::<Teacher>().exported.clone().unwrap();
    assert_eq!(std::fs::read_to_string(path).unwrap(), csv_before);
    press(&mut teacher, TeacherAction::Pupil(kid));
    assert_eq!(*teacher.world().resource::<State<TeacherPage>>().get(), TeacherPage::Pupil);

    // The CSV says what the dashboard shows: the pupil's row, lesson 1's stars.
    let rows: Vec<Vec<String>> = csv_before
        .trim_start_matches('\u{feff}')
        .lines()
        .map(|l| l.split(',').map(str::to_owned).collect())
        .collect();
    assert_eq!(rows.len(), 1 + m.students.len());
    assert_eq!(rows[0][2..2 + m.lessons.len()], m.lessons[..]);
    assert_eq!(rows[1][1], m.students[0].display_name);
    assert_eq!(rows[1][2 + col], cell.stars.to_string());
    let done = m.cells[0].iter().flatten().filter(|c| c.status == LessonStatus::Completed).count();
    assert_eq!(rows[1][2 + m.lessons.len()], done.to_string());

    // Homework: the teacher sets lesson 1, due in two days, and shares the class file.
    press(&mut teacher, Nav::Back);
    press(&mut teacher, Nav::Back);
    press(&mut teacher, TeacherAction::Page(TeacherPage::Homework));
    assert!(has_button(&mut teacher, &TeacherAction::Pick(first.id.clone())));
    press(&mut teacher, TeacherAction::Pick(first.id.clone()));
    press(&mut teacher, TeacherAction::DueDays(1));
    press(&mut teacher, TeacherAction::DueDays(1));
    press(&mut teacher, TeacherAction::SaveHomework);
    let homework = store(&teacher).assignments(class_id).unwrap();
    assert_eq!(homework.len(), 1);
    assert_eq!(homework[0].items, vec![AssignmentItem::Lesson(first.id.clone())]);
    press(&mut teacher, TeacherAction::ShareClassFile);
    let class_file = teacher.world().resource::<Teacher>().class_file.clone().unwrap();
    let class_text = std::fs::read_to_string(class_file).unwrap();
    // It shows as done on the teacher's side (the pupil finished lesson 1 before).
    let now = qike_core::progress::Timestamp::now();
    let status = store(&teacher).assignment_status(class_id, homework[0].id).unwrap();
    assert_eq!(status[0].state(homework[0].due, now), AssignmentState::Done);
    // And on the pupil's, once they paste the class file.
    pupil.world_mut().resource_mut::<MyClass>().code = class_text;
    press(&mut pupil, PupilAction::Join);
    assert!(pupil.world().resource::<MyClass>().class_file_taken);
    let mine = store(&pupil).pupil_assignments(kid, now).unwrap();
    assert_eq!((mine.len(), mine[0].state), (1, AssignmentState::Done));
}

// ---- Feedback that teaches: refutations on the board, reasons, the pupil's quiz order.

/// Opens a lesson of the xiangqi course directly and walks it through the screen up to
/// the step `upto` (its earlier steps answered right).
fn open_lesson_at(app: &mut App, lesson: &qike_core::curriculum::Lesson, upto: usize) {
    app.world_mut().insert_resource(qike_app::flow::OpenLesson(lesson.id.clone()));
    app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Lesson);
    settle(app);
    assert_eq!(state(app), AppState::Lesson);
    for step in &lesson.steps[..upto] {
        for input in answer_inputs(lesson.game, step) {
            give(app, input);
        }
    }
    assert_eq!(current_step(app), Some(upto), "{}", lesson.id);
}

fn shown_board(app: &App) -> qike_core::BoardView {
    app.world().resource::<ActiveBoard>().view.clone()
}

#[test]
fn a_wrong_puzzle_move_is_refuted_on_the_board_then_taken_back() {
    use bevy::time::TimeUpdateStrategy;
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    // Time stands still while the child taps, then moves in tenths of a second.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::ZERO));
    let (lesson, at) =
        qike_app::fixtures::refutation_lesson().expect("a xiangqi lesson with a puzzle");
    open_lesson_at(&mut app, lesson, at);
    let start = shown_board(&app);
    let run = &app.world().resource::<LessonScreen>().run;
    let (from, to) = qike_app::fixtures::refuted_move(run).expect("a refuted move");
    let mover = start.piece_at(from).cloned().unwrap();
    tap(&mut app, from);
    tap(&mut app, to);

    // The wrong move is on the board, marked as the last move, and the screen says why
    // and what the opponent does about it.
    let screen = app.world().resource::<LessonScreen>();
    let refutation = screen.run.refutation().cloned().expect("a refutation");
    let reply = refutation.reply.expect("a reply");
    let (good, said) = screen.feedback.clone().expect("feedback");
    assert!(!good);
    let lang = *app.world().resource::<Lang>();
    let says = lang.text(refutation.says.as_ref().expect("the reply in words"));
    assert!(said.ends_with(&says), "said: {said}");
    assert!(texts(&mut app).contains(&said), "the reason is drawn");
    assert_eq!(current_step(&app), Some(at), "a wrong move does not end the step");
    let board = shown_board(&app);
    assert_eq!(board.piece_at(to).map(|p| (p.side, p.kind)), Some((mover.side, mover.kind)));
    assert!(board.piece_at(from).is_none());
    assert_eq!(board.last_move, MoveInput::step(from, to).last_move());

    // Then the reply.
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(100)));
    let mut frames = 0;
    while app.world().resource::<LessonScreen>().showing.as_ref().is_some_and(|s| s.stage == 0) {
        app.update();
        frames += 1;
        assert!(frames < 100, "the reply never came");
    }
    let board = shown_board(&app);
    assert_eq!(board.last_move, reply.last_move(), "the reply is on the board");
    let MoveInput::Step { to: reply_to, .. } = reply else { panic!("{reply:?}") };
    assert_eq!(board.piece_at(reply_to).map(|p| p.side), Some(mover.side.opponent()));

    // Then both are taken back: the step's own board again.
    while app.world().resource::<LessonScreen>().showing.is_some() {
        app.update();
        frames += 1;
        assert!(frames < 200, "the refutation never ended");
    }
    assert_eq!(shown_board(&app).pieces, start.pieces);

    // The first hint of the step is free, and the button says so until it is used.
    let free = lang.get(Msg::HintFree).to_owned();
    assert!(texts(&mut app).contains(&free));
    press(&mut app, LessonAction::Hint);
    assert_eq!(app.world().resource::<LessonScreen>().run.result().hints, 0);
    assert!(!texts(&mut app).contains(&free));
    press(&mut app, LessonAction::Hint);
    assert_eq!(app.world().resource::<LessonScreen>().run.result().hints, 1);

    // And the step is solved as usual.
    for input in answer_inputs(lesson.game, &lesson.steps[at]) {
        give(&mut app, input);
    }
    assert_eq!(current_step(&app), Some(at + 1));
}

#[test]
fn a_right_move_off_the_script_gets_the_engines_best_defence() {
    use qike_core::curriculum::{Feedback, LessonRun, Step, teach};
    // A mate puzzle with a right first move the author did not write down: the run
    // accepts it (the mate is still forced) and answers with its own search.
    let off_script = course().lessons().find_map(|l| {
        l.steps.iter().enumerate().find_map(|(at, step)| {
            let Step::Puzzle(p) = step else { return None };
            p.mate_in.filter(|&n| n >= 2)?;
            let run = {
                let mut run = LessonRun::new(l);
                for s in &l.steps[..at] {
                    for input in answer_inputs(l.game, s) {
                        run.submit(input);
                    }
                }
                run
            };
            let board = run.view()?.board?;
            let scripted: Vec<&str> =
                p.lines.iter().filter_map(|l| l.first()).map(|m| m.as_str()).collect();
            board.pieces.iter().filter(|pc| pc.side == board.side_to_move).find_map(|pc| {
                run.targets(pc.at).into_iter().find_map(|to| {
                    let m = MoveInput::step(pc.at, to);
                    if scripted.contains(&m.encode(GameKind::Xiangqi).as_str()) {
                        return None;
                    }
                    let mut trial = run.clone();
                    match trial.submit(Input::Move { from: pc.at, to }) {
                        Feedback::Correct { reply: Some(r), .. } => Some((l, at, m, r)),
                        _ => None,
                    }
                })
            })
        })
    });
    let (lesson, at, m, reply) = off_script.expect("a mate puzzle with an unscripted right move");
    // The engine's best defence in the position after the child's move.
    let Step::Puzzle(p) = &lesson.steps[at] else { unreachable!() };
    let mut pos = qike_core::xiangqi::Position::from_fen(&p.fen).unwrap();
    let MoveInput::Step { from, to, .. } = m else { unreachable!() };
    pos.play_points(from, to).unwrap();
    let best = teach::best_move(&pos).map(|b| MoveInput::step(b.from(), b.to()));
    assert_eq!(Some(reply), best, "{}: the reply is the engine's best defence", lesson.id);

    // The same through the screen: the child's move, then that reply on the board.
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    open_lesson_at(&mut app, lesson, at);
    tap(&mut app, from);
    tap(&mut app, to);
    let screen = app.world().resource::<LessonScreen>();
    assert!(screen.feedback.as_ref().is_some_and(|f| f.0), "{:?}", screen.feedback);
    assert_eq!(current_step(&app), Some(at));
    assert_eq!(shown_board(&app).last_move, reply.last_move());
}

#[test]
fn a_wrong_quiz_answer_says_why_in_the_pupils_order() {
    use qike_app::screens::lesson::pupil_seed;
    use qike_core::curriculum::teach::reason_from;
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let profile = store(&app).profiles().unwrap()[0].clone();
    let (lesson, at) = course()
        .lessons()
        .find_map(|l| {
            let at = l.steps.iter().position(|s| s.kind_name() == "quiz")?;
            let before = &l.steps[..at];
            before.iter().all(|s| !answer_inputs(l.game, s).is_empty()).then_some((l, at))
        })
        .expect("a xiangqi lesson with a quiz");
    open_lesson_at(&mut app, lesson, at);
    let run = &app.world().resource::<LessonScreen>().run;
    assert_eq!(run.save().seed, pupil_seed(&profile), "the choices come in the pupil's order");
    let qike_core::curriculum::Step::Quiz(quiz) = &lesson.steps[at] else { unreachable!() };
    // The buttons are laid out in the pupil's order.
    let view = run.view().unwrap();
    for (w, choice) in quiz.choices.iter().enumerate() {
        let shown = run.shown_choice(w).unwrap();
        assert_eq!(&view.choices[shown], choice);
    }
    let wrong = (quiz.answer + 1) % quiz.choices.len();
    press(&mut app, LessonAction::Choice(wrong));
    let lang = *app.world().resource::<Lang>();
    let (good, said) = app.world().resource::<LessonScreen>().feedback.clone().unwrap();
    assert!(!good);
    assert_eq!(said, lang.text(&reason_from(&quiz.explain)));
    assert!(texts(&mut app).contains(&said));
    press(&mut app, LessonAction::Choice(quiz.answer));
    assert_eq!(current_step(&app), Some(at + 1));
}

// ---- Daily practice: due reviews first, new puzzles by rating, results in the store.

#[test]
fn daily_practice_brings_due_puzzles_first_and_moves_the_rating() {
    use qike_app::flow::PracticeSet;
    use qike_core::curriculum::practice::{PickReason, TARGET_SUCCESS, practice_items};
    use qike_core::progress::{LessonAttempt, Timestamp};
    const DAY: i64 = 86_400_000;
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let s = store(&app);
    let kid = s.profiles().unwrap()[0].id;
    let kind = course().game;
    let now = Timestamp::now();
    // A known history: the first twelve xiangqi lessons done; one puzzle missed two
    // days ago (due again), one missed this morning (not due yet), one solved.
    let done: Vec<String> = course().lessons().take(12).map(|l| l.id.clone()).collect();
    for id in &done {
        let attempt = LessonAttempt {
            lesson_id: id.clone(),
            content_version: 1,
            completed: true,
            stars: 3,
            mistakes: 0,
            hints: 0,
            time_ms: 60_000,
            at: now,
        };
        s.record_lesson(kid, &attempt).unwrap();
    }
    let items = practice_items(course(), &done);
    assert!(items.len() > 12, "only {} puzzles to practise", items.len());
    let (due, waiting, solved) = (&items[3], &items[0], &items[1]);
    let at = |days_ago: f64| Timestamp(now.0 - (days_ago * DAY as f64) as i64);
    s.record_practice(kid, kind, &due.id, due.difficulty, false, at(2.0)).unwrap();
    s.record_practice(kid, kind, &waiting.id, waiting.difficulty, false, at(0.3)).unwrap();
    s.record_practice(kid, kind, &solved.id, solved.difficulty, true, at(0.2)).unwrap();
    let before = s.practice_log(kid, kind).unwrap();

    press(&mut app, HomeAction::StartPractice);
    assert_eq!(state(&app), AppState::Practice);
    let set = app.world().resource::<PracticeSet>().clone();
    assert_eq!(set.puzzles.len(), qike_app::flow::SET_SIZE);
    assert_eq!(set.puzzles[0].item.id, due.id, "the due review comes first");
    assert_eq!(set.puzzles[0].pick.reason, PickReason::Review);
    let ids: Vec<&str> = set.puzzles.iter().map(|p| p.item.id.as_str()).collect();
    assert!(!ids.contains(&waiting.id.as_str()), "a review waits until it is due");
    assert!(!ids.contains(&solved.id.as_str()), "a solved puzzle does not come back as new");
    // The new ones: nearest a seven-in-ten chance first, by the child's rating.
    let off: Vec<f64> = set.puzzles[1..]
        .iter()
        .inspect(|p| assert_eq!(p.pick.reason, PickReason::New))
        .map(|p| (p.pick.chance - TARGET_SUCCESS).abs())
        .collect();
    assert!(off.windows(2).all(|w| w[0] <= w[1]), "{off:?}");
    let shown = texts(&mut app);
    let lang = *app.world().resource::<Lang>();
    let today = lang.fill(
        Msg::PracticeToday,
        &[("n", &set.puzzles.len().to_string()), ("due", "1"), ("new", &off.len().to_string())],
    );
    assert!(shown.contains(&today), "{shown:?}");

    // Each puzzle in the lesson player: the second one with a wrong move first.
    press(&mut app, PracticeAction::Go);
    let mut missed = None;
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        assert_eq!(state(&app), AppState::Lesson);
        let run = &app.world().resource::<LessonScreen>().run;
        assert_eq!(run.lesson().steps.len(), 1);
        assert_eq!(run.lesson().steps[0].id(), puzzle.item.step_id);
        if i == 1 {
            let (from, to) = qike_app::fixtures::refuted_move(run).expect("a wrong move");
            tap(&mut app, from);
            tap(&mut app, to);
            missed = Some(puzzle.item.id.clone());
            // The refutation plays out, then the step's board is back.
            let step = Duration::from_millis(100);
            app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
            for _ in 0..100 {
                if app.world().resource::<LessonScreen>().showing.is_none() {
                    break;
                }
                app.update();
            }
        }
        let step = app.world().resource::<LessonScreen>().run.lesson().steps[0].clone();
        for input in answer_inputs(kind, &step) {
            give(&mut app, input);
        }
        let label = if i + 1 < set.puzzles.len() { Msg::NextPuzzle } else { Msg::PracticeResults };
        let shown = texts(&mut app);
        let screen = app.world().resource::<LessonScreen>();
        assert!(
            shown.contains(&lang.get(label).to_owned()),
            "{i} {}: {:?} {:?} {shown:?}",
            puzzle.item.id,
            screen.practice,
            screen.feedback
        );
        press(&mut app, LessonAction::NextLesson);
    }

    // The summary, and the store: one more rated try per puzzle, the review moved on.
    assert_eq!(state(&app), AppState::Practice);
    let set = app.world().resource::<PracticeSet>().clone();
    let firsts: Vec<bool> = (0..set.puzzles.len()).map(|i| i != 1).collect();
    assert_eq!(set.results, firsts);
    let summary = lang.fill(
        Msg::PracticeSummary,
        &[("solved", &(firsts.len() - 1).to_string()), ("n", &firsts.len().to_string())],
    );
    assert!(texts(&mut app).contains(&summary));
    let after = s.practice_log(kid, kind).unwrap();
    assert_eq!(after.rating.games, before.rating.games + set.puzzles.len() as u32);
    assert_ne!(after.rating.rating, before.rating.rating);
    assert_eq!(set.ratings, vec![(kind, before.rating.rating, after.rating.rating)]);
    let review = after.reviews[&due.id];
    assert_eq!((review.stage, review.attempts), (1, 2));
    let days = |t: Option<Timestamp>| t.map(|t| (t.0 - now.0) as f64 / DAY as f64);
    assert!(days(review.due).is_some_and(|d| (2.9..3.1).contains(&d)), "{review:?}");
    let missed = after.reviews[&missed.unwrap()];
    assert!(days(missed.due).is_some_and(|d| (0.9..1.1).contains(&d)), "{missed:?}");
}
