//! The teacher's side for classes of each game: every page that lists lessons lists
//! the class's games' lessons and no others.

mod common;

use std::sync::Arc;

use bevy::prelude::*;
use common::{headless, press, state};
use qike_app::AppState;
use qike_app::data::{Store, course_of, courses};
use qike_app::i18n::{Lang, Msg};
use qike_app::screens::teacher::demo_board::DemoAction;
use qike_app::screens::teacher::{Teacher, TeacherAction, TeacherPage};
use qike_app::ui::{ButtonAction, Nav};
use qike_core::GameKind;
use qike_core::progress::{
    CLASS_GAMES, ClassId, LessonAttempt, NewProfile, ProfileId, ProgressStore, Role, Timestamp,
};

fn teacher_actions(app: &mut App) -> Vec<TeacherAction> {
    let mut q = app.world_mut().query::<&ButtonAction<TeacherAction>>();
    q.iter(app.world()).map(|b| b.0.clone()).collect()
}

fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world()).map(|t| t.0.clone()).collect()
}

fn page(app: &App) -> TeacherPage {
    *app.world().resource::<State<TeacherPage>>().get()
}

/// Checks that the lesson titles on screen (each a text of its own) are of `kind`'s
/// course only: at least one of its own, none of another course's.
fn only_titles_of(app: &mut App, kind: GameKind, what: &str) {
    let lang = *app.world().resource::<Lang>();
    let shown = texts(app);
    let own: Vec<String> =
        course_of(kind).unwrap().lessons().map(|l| lang.text(&l.title)).collect();
    assert!(
        own.iter().any(|t| shown.contains(t)),
        "{what} of {kind:?}: no lesson of its own in {shown:?}"
    );
    for other in courses()
        .iter()
        .filter(|c| std::mem::discriminant(&c.game) != std::mem::discriminant(&kind))
    {
        for l in other.lessons() {
            let title = lang.text(&l.title);
            if !own.contains(&title) {
                assert!(
                    !shown.contains(&title),
                    "{what} of {kind:?} shows {:?}'s lesson {title}",
                    other.game
                );
            }
        }
    }
}

/// Checks that the lesson ids the buttons carry are all of `kind`'s course.
fn only_ids_of(ids: &[String], kind: GameKind, what: &str) {
    let course = course_of(kind).unwrap();
    assert!(!ids.is_empty(), "{what} of {kind:?}: no lesson buttons");
    for id in ids {
        assert!(course.lesson(id).is_some(), "{what} of {kind:?} offers {id}");
    }
}

/// Teacher mode with a new class open and a pupil of that class, 小明, in the
/// teacher's own store (the tests import the pupil's reports from it).
fn class_with_a_pupil(dir: &std::path::Path) -> (App, ClassId, Arc<ProgressStore>, ProfileId) {
    let mut app = headless(&dir.join("progress"), 540, 1170);
    common::enter_teacher_mode(&mut app);
    assert_eq!(state(&app), AppState::Teacher);
    press(&mut app, TeacherAction::NewClass);
    let class = app.world().resource::<Teacher>().class.unwrap();
    let store = app.world().resource::<Store>().0.clone();
    let new = NewProfile {
        display_name: "小明".into(),
        avatar: "panda".into(),
        language: "zh-CN".into(),
        role: Role::Student,
    };
    let kid = store.create_profile(new, Timestamp::now()).unwrap().id;
    let code = store.class(class).unwrap().join_code().to_text();
    store.join_class(kid, &code, "", Timestamp::now()).unwrap();
    (app, class, store, kid)
}

#[test]
fn every_page_that_lists_lessons_lists_only_the_class_games() {
    for &(key, kind) in &CLASS_GAMES {
        let dir = tempfile::tempdir().unwrap();
        let (mut app, class, store, kid) = class_with_a_pupil(dir.path());
        store.set_class_games(class, &[kind]).unwrap();
        // A pupil who did the first lesson of every course, so a page that ignored the
        // class's game would show the others.
        for c in courses() {
            let first = c.lessons().next().unwrap();
            let attempt = LessonAttempt {
                lesson_id: first.id.clone(),
                content_version: 1,
                completed: true,
                stars: 3,
                mistakes: 0,
                hints: 0,
                time_ms: 1000,
                at: Timestamp::now(),
            };
            store.record_lesson(kid, &attempt).unwrap();
        }
        let report = store.export_report(kid, class, Timestamp::now()).unwrap();
        store.import_report(class, &report, Timestamp::now()).unwrap();
        let n = course_of(kind).unwrap().lessons().count();

        // The dashboard: one cell per lesson of the class's course.
        press(&mut app, TeacherAction::Page(TeacherPage::Dashboard));
        let cells: Vec<String> = teacher_actions(&mut app)
            .into_iter()
            .filter_map(|a| match a {
                TeacherAction::Cell(_, id) => Some(id),
                _ => None,
            })
            .collect();
        assert_eq!(cells.len(), n, "{key}: one cell per lesson of the course");
        only_ids_of(&cells, kind, "the dashboard");
        // A cell opens the pupil's record of that lesson; the page lists the course.
        press(&mut app, TeacherAction::Cell(kid, cells[0].clone()));
        assert_eq!(page(&app), TeacherPage::Pupil);
        assert_eq!(app.world().resource::<Teacher>().record.as_deref(), Some(cells[0].as_str()));
        only_titles_of(&mut app, kind, "the pupil page");

        // Homework: the picker offers the course's lessons, page by page.
        press(&mut app, Nav::Back);
        press(&mut app, Nav::Back);
        press(&mut app, TeacherAction::Page(TeacherPage::Homework));
        let mut picks = Vec::new();
        for _ in 0..n {
            let on_page: Vec<String> = teacher_actions(&mut app)
                .into_iter()
                .filter_map(|a| match a {
                    TeacherAction::Pick(id) => Some(id),
                    _ => None,
                })
                .collect();
            if on_page.iter().all(|id| picks.contains(id)) {
                break;
            }
            picks.extend(on_page);
            press(&mut app, TeacherAction::PickerPage(1));
        }
        only_ids_of(&picks, kind, "the homework picker");
        assert_eq!(picks.len(), n, "{key}: the picker reaches every lesson");

        // The lesson plans go round the course's lessons.
        press(&mut app, Nav::Back);
        press(&mut app, Nav::Back);
        assert_eq!(page(&app), TeacherPage::Classes);
        press(&mut app, TeacherAction::Page(TeacherPage::Plans));
        for _ in 0..n.min(6) {
            only_titles_of(&mut app, kind, "the lesson plans");
            press(&mut app, TeacherAction::Plan(1));
        }
        assert!(
            texts(&mut app).iter().any(|t| t.ends_with(&format!("/{n}"))),
            "{key}: plans count the course"
        );

        // "Show on the demonstration board" opens the board at the plan's lesson.
        press(&mut app, TeacherAction::PlanToDemo);
        assert_eq!(page(&app), TeacherPage::Demo);
        let demo = app.world().resource::<qike_app::screens::teacher::demo_board::Demo>();
        assert_eq!(std::mem::discriminant(&demo.board.kind()), std::mem::discriminant(&kind));
        let shown = app.world().resource::<Teacher>().lesson;
        assert_eq!(demo.lesson, shown, "{key}: the board shows the plan's lesson");
        // The demonstration board offers the class's game and its lessons.
        press(&mut app, Nav::Back);
        press(&mut app, TeacherAction::Page(TeacherPage::Demo));
        let games: Vec<GameKind> = teacher_actions(&mut app)
            .into_iter()
            .filter_map(|a| match a {
                TeacherAction::Demo(DemoAction::Game(k)) => Some(k),
                _ => None,
            })
            .collect();
        assert_eq!(games.len(), 1, "{key}: {games:?}");
        assert_eq!(std::mem::discriminant(&games[0]), std::mem::discriminant(&kind));
        only_titles_of(&mut app, kind, "the demonstration board");
    }
}

fn type_pin(app: &mut App, pin: &str) {
    use qike_app::screens::teacher::lock::LockAction;
    for d in pin.bytes() {
        press(app, TeacherAction::Lock(LockAction::Digit(d - b'0')));
    }
    press(app, TeacherAction::Lock(LockAction::Enter));
}

fn in_area(app: &mut App) -> bool {
    state(app) == AppState::Teacher
        && page(app) != TeacherPage::Lock
        && common::has_button(app, &TeacherAction::NewClass)
}

#[test]
fn teacher_mode_opens_only_with_the_pin_and_the_recovery_code_resets_it() {
    use qike_app::screens::profiles::ProfilesAction;
    use qike_app::screens::teacher::lock::LockAction;
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(&dir.path().join("progress"), 540, 1170);
    // First entry: the lock asks for a new PIN, twice; a second PIN that differs is refused.
    press(&mut app, ProfilesAction::TeacherMode);
    assert_eq!(page(&app), TeacherPage::Lock);
    assert!(!in_area(&mut app));
    type_pin(&mut app, "2580");
    type_pin(&mut app, "2581");
    assert!(app.world().resource::<Teacher>().problem.is_some());
    assert!(!in_area(&mut app));
    type_pin(&mut app, "2580");
    type_pin(&mut app, "2580");
    let code =
        app.world().resource::<Teacher>().lock.code.clone().expect("a recovery code shown once");
    assert!(texts(&mut app).contains(&code));
    press(&mut app, TeacherAction::Lock(LockAction::Noted));
    assert!(in_area(&mut app));
    // Leaving locks the area; a wrong PIN keeps it shut, the right one opens it.
    press(&mut app, Nav::Back);
    assert_eq!(state(&app), AppState::Profiles);
    press(&mut app, ProfilesAction::TeacherMode);
    assert_eq!(page(&app), TeacherPage::Lock);
    assert!(!texts(&mut app).contains(&code), "the code is shown only once");
    type_pin(&mut app, "1234");
    assert!(!in_area(&mut app));
    // Pages cannot be reached past the lock.
    assert!(!common::has_button(&mut app, &TeacherAction::Page(TeacherPage::Plans)));
    type_pin(&mut app, "2580");
    assert!(in_area(&mut app));
    // Forgotten: the recovery code and a new PIN; the old PIN no longer opens it.
    press(&mut app, Nav::Back);
    press(&mut app, ProfilesAction::TeacherMode);
    press(&mut app, TeacherAction::Lock(LockAction::Forgot));
    app.world_mut().resource_mut::<Teacher>().field = code.clone();
    type_pin(&mut app, "7777");
    assert!(app.world().resource::<Teacher>().lock.code.is_some(), "a fresh code after a reset");
    press(&mut app, TeacherAction::Lock(LockAction::Noted));
    assert!(in_area(&mut app));
    press(&mut app, Nav::Back);
    press(&mut app, ProfilesAction::TeacherMode);
    type_pin(&mut app, "2580");
    assert!(!in_area(&mut app));
    type_pin(&mut app, "7777");
    assert!(in_area(&mut app));
    // Wrong PIN after wrong PIN: the lock counts down the tries, then makes the next
    // try wait, even with the right PIN.
    press(&mut app, Nav::Back);
    press(&mut app, ProfilesAction::TeacherMode);
    for _ in 0..qike_core::progress::FREE_PIN_TRIES {
        type_pin(&mut app, "0000");
    }
    let problem = app.world().resource::<Teacher>().problem.clone().unwrap();
    assert!(problem.contains("秒"), "{problem}");
    type_pin(&mut app, "7777");
    assert!(!in_area(&mut app), "the right PIN waits after too many wrong ones");
}

/// The mouse wheel scrolls the dashboard's rows, three a notch, and stops at the ends.
#[test]
fn the_wheel_scrolls_the_dashboard() {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use bevy::input::touch::TouchPhase;
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(&dir.path().join("progress"), 540, 1170);
    common::enter_teacher_mode(&mut app);
    press(&mut app, TeacherAction::NewClass);
    let class = app.world().resource::<Teacher>().class.unwrap();
    let store = app.world().resource::<Store>().0.clone();
    let code = store.class(class).unwrap().join_code().to_text();
    let kids = ProgressStore::open(dir.path().join("kids")).unwrap();
    for i in 0..8 {
        let new = NewProfile {
            display_name: format!("学生{i}"),
            avatar: "panda".into(),
            language: "zh-CN".into(),
            role: Role::Student,
        };
        let kid = kids.create_profile(new, Timestamp::now()).unwrap().id;
        kids.join_class(kid, &code, "", Timestamp::now()).unwrap();
        let report = kids.export_report(kid, class, Timestamp::now()).unwrap();
        store.import_report(class, &report, Timestamp::now()).unwrap();
    }
    press(&mut app, TeacherAction::Page(TeacherPage::Dashboard));
    let scroll = |app: &mut App, y: f32| {
        let window = Entity::PLACEHOLDER;
        let phase = TouchPhase::Moved;
        app.world_mut().write_message(MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y,
            window,
            phase,
        });
        common::settle(app);
        app.world().resource::<Teacher>().first_row
    };
    assert_eq!(scroll(&mut app, -1.0), 3, "wheel down shows later rows");
    assert_eq!(scroll(&mut app, -5.0), 7, "not past the last pupil");
    assert_eq!(scroll(&mut app, 1.0), 4);
    assert_eq!(scroll(&mut app, 9.0), 0, "not above the first");
}

#[test]
fn a_chess_puzzle_set_as_homework_is_due_for_the_pupil() {
    use qike_app::screens::my_class::{MyClass, PupilAction};
    use qike_app::screens::profiles::ProfilesAction;
    use qike_core::progress::{AssignmentItem, AssignmentState};
    let (tdir, pdir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut teacher = headless(&tdir.path().join("progress"), 540, 1170);
    common::enter_teacher_mode(&mut teacher);
    press(&mut teacher, TeacherAction::NewClass);
    let class = teacher.world().resource::<Teacher>().class.unwrap();
    // A new class studies xiangqi; the game button moves it on to chess.
    press(&mut teacher, TeacherAction::Game);
    let store = teacher.world().resource::<Store>().0.clone();
    assert_eq!(store.class(class).unwrap().games(), vec![GameKind::Chess]);
    press(&mut teacher, TeacherAction::Page(TeacherPage::Homework));
    press(&mut teacher, TeacherAction::PickPuzzles(true));
    let puzzle = teacher_actions(&mut teacher)
        .into_iter()
        .find_map(|a| match a {
            TeacherAction::PickPuzzle(id) => Some(id),
            _ => None,
        })
        .expect("the chess course's puzzles are offered");
    let lesson = puzzle.split('/').next().unwrap();
    assert!(course_of(GameKind::Chess).unwrap().lesson(lesson).is_some(), "{puzzle} is not chess");
    press(&mut teacher, TeacherAction::PickPuzzle(puzzle.clone()));
    for _ in 0..3 {
        press(&mut teacher, TeacherAction::DueDays(1));
    }
    press(&mut teacher, TeacherAction::SaveHomework);
    let set = store.assignments(class).unwrap();
    assert_eq!(set.len(), 1);
    assert_eq!(set[0].items, vec![AssignmentItem::Puzzle(puzzle.clone())]);
    let days = (set[0].due.0 - Timestamp::now().0) as f64 / 86_400_000.0;
    assert!((2.9..=3.0).contains(&days), "due in {days} days");
    press(&mut teacher, TeacherAction::ShareClassFile);
    let file = teacher.world().resource::<Teacher>().class_file.clone().unwrap();
    let class_text = std::fs::read_to_string(file).unwrap();

    // The pupil joins with the code and takes the class file: the puzzle is due.
    let mut pupil = headless(&pdir.path().join("progress"), 540, 1170);
    assert!(pupil.world().resource::<qike_app::screens::profiles::ProfileForm>().open);
    press(&mut pupil, ProfilesAction::Avatar(1));
    press(&mut pupil, ProfilesAction::CreateProfile);
    press(&mut pupil, Nav::Go(AppState::MyClass));
    let code = store.class(class).unwrap().join_code().to_text();
    pupil.world_mut().resource_mut::<MyClass>().code = code;
    press(&mut pupil, PupilAction::Join);
    pupil.world_mut().resource_mut::<MyClass>().code = class_text;
    press(&mut pupil, PupilAction::Join);
    assert!(pupil.world().resource::<MyClass>().class_file_taken);
    let pstore = pupil.world().resource::<Store>().0.clone();
    let kid = pstore.profiles().unwrap()[0].id;
    let mine = pstore.pupil_assignments(kid, Timestamp::now()).unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0].state, AssignmentState::Open);
    assert_eq!(mine[0].assignment.items, vec![AssignmentItem::Puzzle(puzzle)]);
    // And the pupil's screen shows it with its due day.
    let shown = texts(&mut pupil).join("\n");
    assert!(shown.contains(&mine[0].assignment.title), "{shown}");
}

#[test]
fn the_pupil_page_counts_junqi_games_by_level_with_the_other_games() {
    use qike_core::junqi::{OutReason, Outcome, Seat, Team, Visibility};
    use qike_core::progress::{JunqiGameRecord, PlayerResult};
    let dir = tempfile::tempdir().unwrap();
    let (mut app, class, store, kid) = class_with_a_pupil(dir.path());
    // Two wins against level 2 computers, one against people only (not counted).
    for (id, seats) in [(1, Some(2)), (2, Some(2)), (3, None)] {
        let g = JunqiGameRecord {
            id,
            seats: [None, seats, None, seats],
            child_seat: Seat::South,
            visibility: Visibility::Hidden,
            outcome: Some(Outcome::TeamWins { team: Team::A, last: OutReason::FlagCaptured }),
            result: PlayerResult::Won,
            moves: 120,
            started: Timestamp(1_000 * id as i64),
            ended: Timestamp(1_000 * id as i64 + 600),
        };
        store.record_junqi_game(kid, &g).unwrap();
    }
    let report = store.export_report(kid, class, Timestamp::now()).unwrap();
    store.import_report(class, &report, Timestamp::now()).unwrap();
    press(&mut app, TeacherAction::Page(TeacherPage::Dashboard));
    press(&mut app, TeacherAction::Pupil(kid));
    assert_eq!(page(&app), TeacherPage::Pupil);
    let shown = texts(&mut app);
    let lang = *app.world().resource::<Lang>();
    let line = |game: Msg| {
        let fields = [("game", lang.get(game)), ("level", "2"), ("won", "2")];
        lang.fill(Msg::LevelLine, &[fields[0], fields[1], fields[2], ("drawn", "0"), ("lost", "0")])
    };
    assert!(shown.contains(&line(Msg::Junqi)), "{} in {shown:?}", line(Msg::Junqi));
    assert!(!shown.contains(&line(Msg::Xiangqi)), "{shown:?}");
}
