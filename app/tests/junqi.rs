//! 四国军棋 through the screens: a game with three computer seats played to its end by
//! taps on the board, the hand-over between two people on one device that hides every
//! piece, and a 布阵 arranged on its page (a refused placement says why) that the next
//! game starts from; a lesson left half-way resumes after a restart.

mod common;

use bevy::prelude::*;
use common::{has_button, headless, press, settle, state};
use qike_app::AppState;
use qike_app::data::{Current, Store};
use qike_app::screens::junqi::{
    ArrangeAction, Arranging, CourseAction, JunqiChoice, JunqiLesson, LessonPress, LobbyAction,
    Pace, Players, Table, TablePress, unit_game,
};
use qike_app::screens::profiles::ProfilesAction;
use qike_app::screens::settings::SettingsAction;
use qike_app::sound::{Heard, result_cue};
use qike_app::ui::Nav;
use qike_core::Cue;
use qike_core::curriculum::junqi::{JunqiInput, JunqiStepKind};
use qike_core::junqi::{Announcement, Rank, Seat, Station, Visibility};
use qike_core::progress::PlayerResult;
use qike_core::session::junqi::SeatPlayer;

fn child_at_the_lobby(dir: &std::path::Path) -> App {
    let mut app = headless(dir, 540, 1170);
    press(&mut app, ProfilesAction::Avatar(1));
    press(&mut app, ProfilesAction::CreateProfile);
    assert_eq!(state(&app), AppState::Home);
    // The fifth card on home opens 四国军棋.
    press(&mut app, Nav::Go(AppState::Junqi));
    assert_eq!(state(&app), AppState::Junqi);
    app.insert_resource(Pace(0));
    app
}

/// The child's move: the first legal move of the south, preferring a battle.
fn child_move(app: &App) -> Option<(Station, Station)> {
    let game = &app.world().resource::<Table>().0;
    let view = game.view();
    let moves = view.legal_moves(Seat::South);
    let battle = moves.iter().find(|m| view.piece(m.to).is_some());
    battle.or(moves.first()).map(|m| (m.from, m.to))
}

#[test]
fn a_game_with_three_computer_seats_is_played_to_its_end_through_the_screens() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = child_at_the_lobby(dir.path());
    press(&mut app, LobbyAction::Players(Players::Computers));
    press(&mut app, LobbyAction::Level(1));
    press(&mut app, LobbyAction::Start);
    let mut child_moves = 0;
    for _ in 0..20_000 {
        let game = &app.world().resource::<Table>().0;
        if game.outcome().is_some() {
            break;
        }
        assert_eq!(game.needs_handover(), None, "one person: no hand-over");
        if game.turn() == Seat::South && !game.is_thinking() {
            let (from, to) = child_move(&app).expect("the south can move while it is in");
            // Tap the piece, then where it goes, as a finger would.
            press(&mut app, TablePress::Station(from));
            press(&mut app, TablePress::Station(to));
            child_moves += 1;
        } else {
            app.update();
        }
    }
    let game = &app.world().resource::<Table>().0;
    let outcome = game.outcome().expect("the game ended");
    let result = game.result_for_child().expect("a finished game has a result");
    assert!(child_moves > 5, "the child played {child_moves} moves");
    // The end is on the screen, with another game offered, and it is in the store.
    settle(&mut app);
    assert!(has_button(&mut app, &TablePress::Again));
    let store = app.world().resource::<Store>().0.clone();
    let profile = app.world().resource::<Current>().profile.clone().unwrap();
    let games = store.junqi_games(profile.id).unwrap();
    assert_eq!(games.len(), 1, "{outcome:?} recorded once");
    assert_eq!(games[0].result, result);
    assert!(matches!(result, PlayerResult::Won | PlayerResult::Lost | PlayerResult::Drew));
    // Moves and battles were heard, and the game's end last.
    let heard = &app.world().resource::<Heard>().0;
    assert!(heard.contains(&Cue::Move) && heard.contains(&Cue::Capture), "{heard:?}");
    assert_eq!(heard.last().copied(), result_cue(result), "{heard:?}");
}

#[test]
fn two_people_on_one_device_hand_over_with_every_piece_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = child_at_the_lobby(dir.path());
    // With sound off on the settings page, nothing is heard.
    press(&mut app, Nav::Back);
    press(&mut app, Nav::Go(AppState::Settings));
    press(&mut app, SettingsAction::Sound(false));
    press(&mut app, Nav::Back);
    press(&mut app, Nav::Go(AppState::Junqi));
    assert_eq!(state(&app), AppState::Junqi);
    press(&mut app, LobbyAction::Players(Players::People(2)));
    press(&mut app, LobbyAction::Visibility(Visibility::Hidden));
    press(&mut app, LobbyAction::Start);
    // The south moves first: the board stays hidden until they say they hold the device.
    assert_eq!(app.world().resource::<Table>().0.needs_handover(), Some(Seat::South));
    assert!(child_move(&app).is_none(), "nothing can be moved before the hand-over");
    press(&mut app, TablePress::Ready);
    let (from, to) = child_move(&app).unwrap();
    press(&mut app, TablePress::Station(from));
    press(&mut app, TablePress::Station(to));
    // East (a classmate) moves next: the screen hides the board until they are ready.
    let game = &app.world().resource::<Table>().0;
    assert_eq!(game.needs_handover(), Some(Seat::East));
    assert!(has_button(&mut app, &TablePress::Ready));
    let any_station = Station::all().any(|s| has_button(&mut app, &TablePress::Station(s)));
    assert!(!any_station, "no station is drawn during the hand-over");
    let view = app.world().resource::<Table>().0.view();
    assert!(
        view.stations.iter().flatten().all(|p| p.rank.is_none()),
        "the hand-over shows no rank of any seat"
    );
    press(&mut app, TablePress::Ready);
    let game = &app.world().resource::<Table>().0;
    assert_eq!(game.shown_seat(), Some(Seat::East));
    let view = game.view();
    for p in view.stations.iter().flatten() {
        assert_eq!(p.rank.is_some(), p.seat == Seat::East, "east sees its own ranks only");
    }
    // The east's piece can be picked up and moved from the turned board.
    let moves = view.legal_moves(Seat::East);
    let m = moves.first().expect("east can move");
    press(&mut app, TablePress::Station(m.from));
    press(&mut app, TablePress::Station(m.to));
    let game = &app.world().resource::<Table>().0;
    assert!(game.moves_played() >= 2);
    let east_moved = game.announcements().iter().any(|a| {
        matches!(a, Announcement::Moved { seat: Seat::East, from, to, .. }
            | Announcement::Battle { seat: Seat::East, from, to, .. }
            if (*from, *to) == (m.from, m.to))
    });
    assert!(east_moved, "east's move was played");
    assert_eq!(app.world().resource::<Heard>().0, vec![], "sound is off");
}

#[test]
fn a_setup_arranged_on_its_page_starts_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = child_at_the_lobby(dir.path());
    press(&mut app, LobbyAction::Arrange);
    press(&mut app, ArrangeAction::Clear);
    // The flag on the front line is refused, with the reason on the page.
    press(&mut app, ArrangeAction::Tray(Rank::Flag));
    press(&mut app, ArrangeAction::Station(1, 1));
    let arranging = app.world().resource::<Arranging>();
    let (message, good) = arranging.message.clone().expect("a refusal is shown");
    assert!(!good && message.contains("大本营"), "{message}");
    assert!(arranging.editor.setup().get(1, 1).is_none());
    // In a headquarters it stands.
    press(&mut app, ArrangeAction::Station(6, 2));
    assert_eq!(app.world().resource::<Arranging>().editor.setup().get(6, 2), Some(Rank::Flag));
    // Incomplete: "use" is drawn disabled, so it cannot be pressed.
    assert!(!has_button(&mut app, &ArrangeAction::Use));
    press(&mut app, ArrangeAction::Random);
    press(&mut app, ArrangeAction::Save);
    let arranged = app.world().resource::<Arranging>().editor.setup();
    press(&mut app, ArrangeAction::Use);
    assert_eq!(app.world().resource::<JunqiChoice>().setup.as_ref(), Some(&arranged));
    press(&mut app, LobbyAction::Visibility(Visibility::Open));
    press(&mut app, LobbyAction::Start);
    let view = app.world().resource::<Table>().0.view();
    for (line, column, rank) in arranged.pieces() {
        let at = Station::army(Seat::South, line, column).unwrap();
        assert_eq!(view.piece(at).and_then(|p| p.rank), Some(rank), "line {line} col {column}");
    }
    // The saved 布阵 is the profile's.
    let store = app.world().resource::<Store>().0.clone();
    let profile = app.world().resource::<Current>().profile.clone().unwrap();
    let saved = store.junqi_setups(profile.id).unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].1, arranged);
}

#[test]
fn every_junqi_lesson_can_be_done_on_the_screen_with_three_stars() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = child_at_the_lobby(dir.path());
    press(&mut app, LobbyAction::Lessons);
    let course = qike_app::screens::junqi::lessons_course().expect("the course loads");
    let mut wrongs_said = 0;
    let mut units_played = 0;
    for lesson in course.lessons() {
        press(&mut app, CourseAction::Open(lesson.id.clone()));
        let mut wrong_tried = false;
        for _ in 0..500 {
            let screen = app.world().resource::<JunqiLesson>();
            if screen.finished.is_some() {
                break;
            }
            let inputs = screen.run.answer();
            assert!(!inputs.is_empty(), "{}: the run offers an answer", lesson.id);
            // One wrong tap on the first step that wants a station: it is refused, said
            // and heard, and one mistake costs no star.
            let view = screen.run.view().unwrap();
            let wrong = Station::all().find(|s| {
                view.board.as_ref().is_some_and(|b| b.pieces.iter().all(|p| p.station != *s))
                    && !inputs.contains(&JunqiInput::Tap(*s))
            });
            if !wrong_tried
                && view.kind != JunqiStepKind::Explain
                && let Some(wrong) = wrong
            {
                press(&mut app, LessonPress::Station(wrong));
                let screen = app.world().resource::<JunqiLesson>();
                if let Some((false, said)) = &screen.feedback {
                    assert!(!said.is_empty());
                    let heard = &app.world().resource::<Heard>().0;
                    assert_eq!(heard.last(), Some(&Cue::Wrong), "{heard:?}");
                    wrongs_said += 1;
                }
                wrong_tried = true;
                press(&mut app, LessonPress::Retry);
                continue;
            }
            for input in inputs {
                match input {
                    JunqiInput::Continue => press(&mut app, LessonPress::Continue),
                    JunqiInput::Tap(s) => press(&mut app, LessonPress::Station(s)),
                    JunqiInput::Move { from, to } => {
                        press(&mut app, LessonPress::Station(from));
                        press(&mut app, LessonPress::Station(to));
                    }
                }
            }
        }
        let screen = app.world().resource::<JunqiLesson>();
        assert_eq!(screen.finished, Some(3), "{}: {:?}", lesson.id, screen.feedback);
        // A unit's last lesson ends with a game against the computers at a low level.
        if let Some(game) = unit_game(&lesson.id) {
            press(&mut app, LessonPress::UnitGame);
            let table = &app.world().resource::<Table>().0;
            assert_eq!(table.seat_player(Seat::East), SeatPlayer::Computer { level: game.level });
            assert_eq!(table.visibility(), game.visibility);
            assert!(game.level <= 2, "a low level");
            units_played += 1;
            press(&mut app, Nav::Back);
            press(&mut app, LobbyAction::Lessons);
            continue;
        }
        press(&mut app, Nav::Back);
    }
    assert!(app.world().resource::<Heard>().0.contains(&Cue::Right));
    assert_eq!(units_played, course.units.len(), "every unit ends with a game");
    assert!(wrongs_said >= 3, "wrong taps said why in {wrongs_said} lessons");
    // Every lesson is in the store with its stars.
    let store = app.world().resource::<Store>().0.clone();
    let profile = app.world().resource::<Current>().profile.clone().unwrap();
    for lesson in course.lessons() {
        let record = store.lesson_record(profile.id, &lesson.id).unwrap().expect("recorded");
        assert_eq!(record.best_stars, 3, "{}", lesson.id);
    }
}

/// Gives the run's answer for the current step through the lesson page's buttons, up to
/// `most` inputs.
fn answer_on_screen(app: &mut App, most: usize) {
    let inputs = app.world().resource::<JunqiLesson>().run.answer();
    for input in inputs.into_iter().take(most) {
        match input {
            JunqiInput::Continue => press(app, LessonPress::Continue),
            JunqiInput::Tap(s) => press(app, LessonPress::Station(s)),
            JunqiInput::Move { from, to } => {
                press(app, LessonPress::Station(from));
                press(app, LessonPress::Station(to));
            }
        }
    }
}

#[test]
fn a_junqi_lesson_left_half_way_resumes_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let kept = {
        let mut app = child_at_the_lobby(dir.path());
        press(&mut app, LobbyAction::Lessons);
        press(&mut app, CourseAction::Open("jq-board".to_owned()));
        // On to the first step that asks for several stations, and one of them found.
        for _ in 0..50 {
            let run = &app.world().resource::<JunqiLesson>().run;
            if run.answer().len() > 1 && matches!(run.answer()[0], JunqiInput::Tap(_)) {
                break;
            }
            answer_on_screen(&mut app, usize::MAX);
        }
        answer_on_screen(&mut app, 1);
        let run = &app.world().resource::<JunqiLesson>().run;
        let (step, found) = (run.save().step, run.save().found);
        assert!(step > 0 && found.len() == 1, "step {step}, found {found:?}");
        // Back to the course and in again: the same place.
        let kept = run.save();
        press(&mut app, Nav::Back);
        press(&mut app, CourseAction::Open("jq-board".to_owned()));
        assert_eq!(app.world().resource::<JunqiLesson>().run.save(), kept);
        app.world_mut().write_message(AppExit::Success);
        app.update();
        kept
    };
    let mut app = common::headless(dir.path(), 540, 1170);
    let store = app.world().resource::<Store>().0.clone();
    let profile = store.profiles().unwrap()[0].id;
    press(&mut app, ProfilesAction::PickProfile(profile));
    press(&mut app, Nav::Go(AppState::Junqi));
    press(&mut app, LobbyAction::Lessons);
    press(&mut app, CourseAction::Open("jq-board".to_owned()));
    assert_eq!(app.world().resource::<JunqiLesson>().run.save(), kept, "it resumes");
    // Finished, the lesson is recorded and its draft is gone.
    for _ in 0..50 {
        if app.world().resource::<JunqiLesson>().finished.is_some() {
            break;
        }
        answer_on_screen(&mut app, usize::MAX);
    }
    assert_eq!(app.world().resource::<JunqiLesson>().finished, Some(3));
    assert!(store.lesson_record(profile, "jq-board").unwrap().is_some());
    assert!(store.draft(profile, "lesson:jq-board").unwrap().is_none());
}
