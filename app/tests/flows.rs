//! The app's flows run headless (no window, no GPU) with simulated presses at the
//! coordinates a child would touch, on a real store in a temporary folder:
//! create a profile → lesson 1 with the right answers (and one wrong) → stars saved →
//! reopen the app → the lesson shows completed; a lesson left half-way resumes; a game
//! at level 1 → moves → 悔棋 → resign → the game is recorded; a damaged store offers to
//! start fresh without deleting anything.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{PrimaryWindow, WindowResolution};
use qike_app::actions::PointerPressed;
use qike_app::board::{ActiveBoard, PieceNode};
use qike_app::data::{DataDir, Store, course};
use qike_app::fonts::UiFonts;
use qike_app::layout::BoardLayout;
use qike_app::screens::course::CourseProgress;
use qike_app::screens::lesson::LessonScreen;
use qike_app::screens::play::PlayScreen;
use qike_app::screens::profiles::ProfileForm;
use qike_app::ui::{Action, Hit};
use qike_app::{AppState, QikeLogicPlugin};
use qike_core::curriculum::{Input, demo_inputs};
use qike_core::progress::{LessonStatus, PlayerResult, ProgressStore};
use qike_core::{BoardGame, GameKind, Outcome, Point, Side, WinReason};

fn headless(dir: &Path, width: u32, height: u32) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(DataDir(dir.to_path_buf()))
        .init_resource::<UiFonts>()
        .add_plugins(QikeLogicPlugin);
    app.world_mut().spawn((
        Window { resolution: WindowResolution::new(width, height), ..default() },
        PrimaryWindow,
    ));
    for _ in 0..4 {
        app.update();
    }
    app
}

fn state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

/// Presses the button that does `action`, where it is drawn.
fn press(app: &mut App, action: Action) {
    let mut hits = app.world_mut().query::<&Hit>();
    let hit = hits
        .iter(app.world())
        .filter(|h| h.action == action)
        .max_by_key(|h| h.z)
        .cloned()
        .unwrap_or_else(|| {
            let mut all = app.world_mut().query::<&Hit>();
            let all: Vec<_> = all.iter(app.world()).map(|h| h.action.clone()).collect();
            panic!("no button for {action:?} on {:?}; there are {all:?}", state(app))
        });
    app.world_mut().write_message(PointerPressed { position: hit.rect.center() });
    settle(app);
}

fn has_button(app: &mut App, action: &Action) -> bool {
    let mut hits = app.world_mut().query::<&Hit>();
    hits.iter(app.world()).any(|h| &h.action == action)
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
fn create_profile(app: &mut App) {
    assert_eq!(state(app), AppState::Profiles);
    assert!(app.world().resource::<ProfileForm>().open, "the form opens when no one is here");
    press(app, Action::Avatar(2));
    press(app, Action::CreateProfile);
    assert_eq!(state(app), AppState::Home);
}

/// Gives the inputs of a lesson step as presses and taps.
fn give(app: &mut App, input: Input) {
    match input {
        Input::Continue => press(app, Action::Continue),
        Input::Choice(i) => press(app, Action::Choice(i)),
        Input::Tap(p) => tap(app, p),
        Input::Move { from, to } => {
            tap(app, from);
            tap(app, to);
        }
        Input::Place { kind, at } => {
            let tray = app.world().resource::<LessonScreen>().run.view().unwrap().tray;
            let i = tray.iter().position(|p| p.kind == kind).expect("piece in the tray");
            press(app, Action::Tray(i));
            tap(app, at);
        }
    }
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

        press(&mut app, Action::Go(AppState::Course));
        assert_eq!(state(&app), AppState::Course);
        assert!(
            !has_button(&mut app, &Action::OpenLesson(second_id.clone())),
            "lesson 2 is locked"
        );
        press(&mut app, Action::OpenLesson(first.id.clone()));
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
                wrong_tried = true;
            }
            for input in demo_inputs(step) {
                give(&mut app, input);
            }
        }
        let screen = app.world().resource::<LessonScreen>();
        assert_eq!(screen.finished, Some(3), "feedback: {:?}", screen.feedback);
        let profile = store(&app).profiles().unwrap()[0].id;
        let rec = store(&app).lesson_record(profile, &first.id).unwrap().unwrap();
        assert_eq!((rec.status, rec.best_stars), (LessonStatus::Completed, 3));
        assert!(store(&app).draft(profile, &format!("lesson:{}", first.id)).unwrap().is_none());

        // Start the second lesson, do one step, and leave the app.
        press(&mut app, Action::NextLesson);
        assert_eq!(state(&app), AppState::Lesson);
        let second = course().lesson(&second_id).unwrap();
        for input in demo_inputs(&second.steps[0]) {
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
    press(&mut app, Action::PickProfile(profile));
    press(&mut app, Action::Go(AppState::Course));
    let progress = CourseProgress::load(
        app.world().resource::<Store>(),
        app.world().resource::<qike_app::data::Current>(),
    );
    assert!(progress.completed(&first.id));
    assert_eq!(progress.stars(&first.id), 3);
    assert_eq!(progress.next(course()).map(|l| l.id.clone()), Some(second_id.clone()));
    press(&mut app, Action::OpenLesson(second_id));
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
    press(&mut app, Action::PlayGame(GameKind::Xiangqi));
    press(&mut app, Action::Level(1));
    press(&mut app, Action::PlaySide(Side::First));
    press(&mut app, Action::StartGame);
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
    press(&mut app, Action::Undo);

    // 悔棋 takes back both moves.
    press(&mut app, Action::Undo);
    assert!(app.world().resource::<PlayScreen>().session.game().history().is_empty());
    tap(&mut app, Point::new(1, 2));
    tap(&mut app, Point::new(4, 2));
    wait_for_engine(&mut app);
    assert_eq!(app.world().resource::<ActiveBoard>().view.pieces.len(), 32);

    press(&mut app, Action::Resign);
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
    press(&mut app, Action::Replay(-1));
    press(&mut app, Action::Go(AppState::Home));
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
    press(&mut app, Action::StartFresh);
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
        press(&mut app, Action::Go(AppState::Settings));
        press(&mut app, Action::Language(Some(qike_app::i18n::Lang::En)));
        assert_eq!(*app.world().resource::<qike_app::i18n::Lang>(), qike_app::i18n::Lang::En);
        press(&mut app, Action::PieceStyle(qike_core::progress::PieceStyle::Letters));
        press(&mut app, Action::Back);
        assert_eq!(state(&app), AppState::Home);
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }
    let app = headless(dir.path(), 540, 1170);
    assert_eq!(*app.world().resource::<qike_app::i18n::Lang>(), qike_app::i18n::Lang::En);
    let settings = &app.world().resource::<qike_app::data::Current>().settings;
    assert_eq!(settings.piece_style, qike_core::progress::PieceStyle::Letters);
}

#[test]
fn every_screen_fits_a_phone_and_keeps_buttons_large() {
    // 375×667 logical points (a small phone): every button at least 44 points high and
    // inside the window, on each screen the demo can open.
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 375, 667);
    create_profile(&mut app);
    for target in [
        AppState::Home,
        AppState::Course,
        AppState::PlaySetup,
        AppState::Progress,
        AppState::Settings,
    ] {
        app.world_mut().resource_mut::<NextState<AppState>>().set(target);
        settle(&mut app);
        let mut hits = app.world_mut().query::<&Hit>();
        let hits: Vec<Hit> = hits.iter(app.world()).cloned().collect();
        assert!(!hits.is_empty(), "{target:?} has buttons");
        for h in hits {
            assert!(
                h.rect.height() >= 44.0,
                "{target:?}: {:?} is {} high",
                h.action,
                h.rect.height()
            );
            assert!(
                h.rect.max.x <= 375.5 && h.rect.max.y <= 667.5,
                "{target:?}: {:?} off screen",
                h.action
            );
        }
    }
}

#[test]
fn a_game_in_progress_survives_closing_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let before = {
        let mut app = headless(dir.path(), 540, 1170);
        create_profile(&mut app);
        press(&mut app, Action::PlayGame(GameKind::Xiangqi));
        assert!(!has_button(&mut app, &Action::ResumeGame), "nothing to resume yet");
        press(&mut app, Action::Level(2));
        press(&mut app, Action::StartGame);
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
    press(&mut app, Action::PickProfile(profile));
    press(&mut app, Action::PlayGame(GameKind::Xiangqi));
    press(&mut app, Action::ResumeGame);
    assert_eq!(state(&app), AppState::Play);
    let screen = app.world().resource::<PlayScreen>();
    assert_eq!(screen.session.game().history(), before);
    assert_eq!(screen.session.level().map(|l| l.number), Some(2));
    assert!(screen.session.is_player_turn());
}

#[test]
fn every_lesson_of_the_course_can_be_done_on_the_screen_with_three_stars() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 540, 1170);
    create_profile(&mut app);
    let profile = store(&app).profiles().unwrap()[0].id;
    for lesson in course().lessons() {
        app.world_mut().insert_resource(qike_app::screens::course::OpenLesson(lesson.id.clone()));
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Lesson);
        settle(&mut app);
        for (i, step) in lesson.steps.iter().enumerate() {
            assert_eq!(current_step(&app), Some(i), "{} step {}", lesson.id, step.id());
            let inputs = demo_inputs(step);
            if inputs.is_empty() {
                // A play-out: the runner's own demo picks the child's moves.
                let mut guard = 0;
                while current_step(&app) == Some(i) {
                    let input = app.world().resource::<LessonScreen>().run.play_out_demo();
                    give(&mut app, input.unwrap_or_else(|| panic!("{}: no demo move", step.id())));
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
    }
}
