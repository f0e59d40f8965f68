//! `--screen NAME`: opens the app on one screen with example data, for screenshots of
//! every screen (the render test) and for trying a screen quickly. Uses the store like
//! the real flows do; point `--data` at a scratch folder.

use bevy::prelude::*;
use qike_core::progress::{LessonAttempt, NewProfile, Role, Timestamp};
use qike_core::session::GameSession;
use qike_core::{GameKind, GameSetup, GoStart, GomokuRule, Point, Side};

use crate::AppState;
use crate::data::{Current, Store, course};
use crate::screens::course::OpenLesson;
use crate::screens::lesson::{self as lesson_screen, LessonScreen};
use crate::screens::play::{FinishedGame, StartSession};
use crate::screens::practice::PracticeSet;
use qike_core::curriculum::{Feedback, Input, Lesson, LessonRun, answer_inputs};

/// Every screen `--screen` knows, in the order the screenshots are taken.
pub const SCREENS: &[&str] = &[
    "profiles",
    "new-profile",
    "home",
    "course",
    "lesson",
    "lesson-go",
    "lesson-gomoku",
    "lesson-chess",
    "lesson-refutation",
    "practice",
    "play-setup",
    "setup-go",
    "setup-gomoku",
    "play",
    "play-xiangqi",
    "play-chess",
    "chess-promotion",
    "play-go",
    "go-count",
    "play-gomoku",
    "result",
    "progress",
    "settings",
    "store-error",
    "teacher-classes",
    "teacher-join-code",
    "teacher-dashboard",
    "teacher-pupil",
    "teacher-lesson-plan",
    "teacher-import",
    "my-class",
    "demo-board",
    "tournament-pairings",
    "tournament-standings",
    "tournament-players",
];

/// The moves of the `go-count` demo on 9×9 (GTP): black walls off the right side,
/// white the left; white's stone on H5 is left dead inside black's area; both pass.
pub const GO_COUNT_MOVES: &[&str] = &[
    "E1", "D1", "E2", "D2", "E3", "D3", "E4", "D4", "E5", "D5", "E6", "D6", "E7", "D7", "E8", "D8",
    "E9", "H5", "G5", "D9", "pass", "pass",
];

/// The moves of the `play-gomoku` demo (renju, two players): black to move, and h8
/// would be a double three for black, so it is marked forbidden.
pub const GOMOKU_MOVES: &[&str] = &["f8", "a1", "g8", "a15", "h6", "o1", "h7", "o15"];

/// The position of the `chess-promotion` demo: white's pawn on b7 goes to b8.
pub const PROMOTION_FEN: &str = "r3k3/1P3ppp/8/8/8/8/5PPP/6K1 w - - 0 1";

/// Sets up example data and goes to the named screen once the store is open.
#[derive(Debug, Clone)]
pub struct DemoPlugin(pub String);

#[derive(Resource, Debug, Clone)]
struct Demo {
    screen: String,
    done: bool,
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Demo { screen: self.0.clone(), done: false })
            .add_systems(Update, arrange.run_if(in_state(AppState::Profiles)))
            .add_systems(Update, refutation_demo.run_if(in_state(AppState::Lesson)));
    }
}

/// The `lesson-refutation` demo waits for the lesson screen to open.
#[derive(Resource, Debug)]
struct WrongMoveDemo;

/// The first xiangqi lesson with a puzzle whose earlier steps all have demo answers,
/// and the index of that puzzle.
pub fn refutation_lesson() -> Option<(&'static Lesson, usize)> {
    course().lessons().find_map(|l| {
        let at = l.steps.iter().position(|s| s.kind_name() == "puzzle")?;
        let before = &l.steps[..at];
        before.iter().all(|s| !answer_inputs(l.game, s).is_empty()).then_some((l, at))
    })
}

/// A legal move of the child's that the current step refuses and the opponent can
/// answer, found by trying each move on a copy of the run: a check if one is refuted
/// (the likeliest wrong try in a mate puzzle), else the first found.
pub fn refuted_move(run: &LessonRun) -> Option<(Point, Point)> {
    let board = run.view()?.board?;
    let mut found = Vec::new();
    for piece in board.pieces.iter().filter(|p| p.side == board.side_to_move) {
        for to in run.targets(piece.at) {
            let mut trial = run.clone();
            let wrong =
                matches!(trial.submit(Input::Move { from: piece.at, to }), Feedback::Wrong { .. });
            let Some(r) = trial.refutation().filter(|r| wrong && r.reply.is_some()) else {
                continue;
            };
            let checks = r.boards.first().is_some_and(|b| {
                b.highlights.iter().any(|h| h.kind == qike_core::HighlightKind::Check)
            });
            found.push((!checks, piece.at, to));
        }
    }
    found.into_iter().min_by_key(|&(not_check, ..)| not_check).map(|(_, from, to)| (from, to))
}

/// Walks the opened lesson to its puzzle, plays a refuted move and holds the board on
/// the opponent's reply.
fn refutation_demo(
    mut commands: Commands,
    marker: Option<Res<WrongMoveDemo>>,
    screen: Option<ResMut<LessonScreen>>,
    lang: Res<crate::i18n::Lang>,
    mut redraw: ResMut<crate::ui::Redraw>,
) {
    let (Some(_), Some(mut screen)) = (marker, screen) else { return };
    commands.remove_resource::<WrongMoveDemo>();
    let Some((lesson, at)) = refutation_lesson() else { return };
    for step in &lesson.steps[..at] {
        for input in answer_inputs(lesson.game, step) {
            // Quiz answers are written in the lesson's order; the pupil's may differ.
            let input = match input {
                Input::Choice(w) => Input::Choice(screen.run.shown_choice(w).unwrap_or(w)),
                other => other,
            };
            lesson_screen::submit(&mut screen, input, *lang);
        }
    }
    let Some((from, to)) = refuted_move(&screen.run) else { return };
    lesson_screen::submit(&mut screen, Input::Move { from, to }, *lang);
    if let Some(show) = &mut screen.showing {
        show.stage = show.boards.len() - 1;
        show.hold = true;
    }
    redraw.0 = true;
}

fn arrange(
    mut commands: Commands,
    mut demo: ResMut<Demo>,
    store: Option<Res<Store>>,
    mut current: ResMut<Current>,
    mut form: ResMut<crate::screens::profiles::ProfileForm>,
    mut choice: ResMut<crate::screens::play_setup::PlayChoice>,
    mut redraw: ResMut<crate::ui::Redraw>,
    mut next: ResMut<NextState<AppState>>,
    mut teacher: ResMut<crate::screens::teacher::Teacher>,
    data: Res<crate::data::DataDir>,
    mut demo_board: ResMut<crate::screens::demo_board::Demo>,
    mut tour: ResMut<crate::screens::tournament::TourScreen>,
) {
    if demo.done {
        return;
    }
    demo.done = true;
    let Some(store) = store else { return };
    let s = &store.0;
    if demo.screen == "new-profile" {
        return;
    }
    if crate::screens::tournament::demo(&demo.screen, &mut tour) {
        form.open = false;
        redraw.0 = true;
        next.set(AppState::Tournament);
        return;
    }
    if crate::screens::teacher::demo(&demo.screen, s, &mut teacher, &data.0) {
        if demo.screen == "demo-board" {
            demo_board_example(&mut demo_board);
        }
        form.open = false;
        redraw.0 = true;
        next.set(AppState::Teacher);
        return;
    }
    let mut profiles = s.profiles().unwrap_or_default();
    if profiles.is_empty() {
        for (name, avatar) in [("小明", "tiger"), ("Lily", "rabbit")] {
            let new = NewProfile {
                display_name: name.into(),
                avatar: avatar.into(),
                language: "zh-CN".into(),
                role: Role::Student,
            };
            if let Ok(p) = s.create_profile(new, Timestamp::now()) {
                profiles.push(p);
            }
        }
    }
    form.open = false;
    redraw.0 = true;
    let Some(kid) = profiles.first().cloned() else { return };
    current.profile = Some(kid.clone());
    // Three lessons done, for the course map and progress.
    for (lesson, stars) in course().lessons().take(3).zip([3u8, 2, 3]) {
        let attempt = LessonAttempt {
            lesson_id: lesson.id.clone(),
            content_version: 1,
            completed: true,
            stars,
            mistakes: u32::from(3 - stars),
            hints: 0,
            time_ms: 300_000,
            at: Timestamp::now(),
        };
        let _ = s.record_lesson(kid.id, &attempt);
    }
    match demo.screen.as_str() {
        "profiles" => {}
        "home" => next.set(AppState::Home),
        "course" => next.set(AppState::Course),
        "lesson" => {
            // The first lesson with a board to move on.
            let id = course()
                .lessons()
                .find(|l| l.steps.iter().any(|s| s.kind_name() == "make_move"))
                .map(|l| l.id.clone())
                .unwrap_or_default();
            commands.insert_resource(OpenLesson(id));
            next.set(AppState::Lesson);
        }
        "lesson-go" => {
            // The first Go lesson with a fight on its board.
            let id = qike_core::curriculum::course_for(qike_core::GameKind::Go { size: 9 })
                .ok()
                .flatten()
                .and_then(|c| {
                    c.lessons()
                        .find(|l| l.steps.iter().any(|s| s.kind_name() == "fight"))
                        .map(|l| l.id.clone())
                })
                .unwrap_or_default();
            commands.insert_resource(OpenLesson(id));
            next.set(AppState::Lesson);
        }
        "lesson-gomoku" => {
            // The first gomoku lesson that opens on a move to make.
            let gomoku = crate::data::course_index(GameKind::Gomoku { rule: GomokuRule::Renju });
            let id = gomoku
                .and_then(|i| crate::data::courses().get(i))
                .and_then(|c| {
                    c.lessons()
                        .find(|l| l.steps.first().is_some_and(|s| s.kind_name() == "make_move"))
                })
                .map(|l| l.id.clone())
                .unwrap_or_default();
            commands.insert_resource(OpenLesson(id));
            next.set(AppState::Lesson);
        }
        "practice" => {
            // Today's set after ten lessons: one puzzle missed two days ago comes back
            // first; the first two are done, one at the first try.
            let now = Timestamp::now();
            let done: Vec<&str> = course().lessons().take(10).map(|l| l.id.as_str()).collect();
            for id in &done[3..] {
                let attempt = LessonAttempt {
                    lesson_id: (*id).to_owned(),
                    content_version: 1,
                    completed: true,
                    stars: 3,
                    mistakes: 0,
                    hints: 0,
                    time_ms: 300_000,
                    at: now,
                };
                let _ = s.record_lesson(kid.id, &attempt);
            }
            let items = qike_core::curriculum::practice::practice_items(course(), &done);
            if let Some(it) = items.get(2) {
                let two_days_ago = Timestamp(now.0 - 2 * 86_400_000);
                let _ = s.record_practice(
                    kid.id,
                    course().game,
                    &it.id,
                    it.difficulty,
                    false,
                    two_days_ago,
                );
            }
            if let Ok(mut set) = PracticeSet::build(s, kid.id, now) {
                for solved in [true, false] {
                    let _ = set.record(s, kid.id, solved, now);
                }
                commands.insert_resource(set);
            }
            next.set(AppState::Practice);
        }
        "lesson-refutation" => {
            // A puzzle where the child's move is wrong: the opponent's reply is shown.
            let id = refutation_lesson().map(|(l, _)| l.id.clone()).unwrap_or_default();
            commands.insert_resource(OpenLesson(id));
            commands.insert_resource(WrongMoveDemo);
            next.set(AppState::Lesson);
        }
        "lesson-chess" => {
            // The tactics lesson: it opens on a knight's fork of king and rook.
            commands.insert_resource(OpenLesson("ch-tactics-1".into()));
            next.set(AppState::Lesson);
        }
        "play-setup" => next.set(AppState::PlaySetup),
        "setup-go" => {
            // 19×19 with a beginner's handicap: every option on the screen.
            choice.setup = GameSetup::Go { size: 19, start: GoStart::Handicap(13) };
            next.set(AppState::PlaySetup);
        }
        "setup-gomoku" => {
            let opening = qike_core::gomoku::OPENINGS.iter().find(|o| o.black_loses);
            let opening = opening.map(|o| o.name.to_owned());
            choice.setup = GameSetup::Gomoku { rule: GomokuRule::Renju, opening };
            next.set(AppState::PlaySetup);
        }
        "play" => {
            if let Some(session) = opening(Side::First, &["h2e2", "h9g7", "h0g2", "i9h9"]) {
                let mut session = session;
                session.tap(Point::new(1, 2));
                commands.insert_resource(StartSession(session));
                next.set(AppState::Play);
            }
        }
        "play-think" => {
            // The child plays red against level 10, red to move after 炮二平五 马8进7 马二进三 车9平8.
            let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
            let xiangqi = GameSetup::standard(GameKind::Xiangqi);
            if let Some(session) = game(xiangqi, Some(10), &moves) {
                commands.insert_resource(StartSession(session));
                next.set(AppState::Play);
            }
        }
        name @ ("play-xiangqi" | "play-chess" | "chess-promotion" | "play-go" | "go-count"
        | "play-gomoku") => {
            if let Some(session) = two_player_demo(name) {
                commands.insert_resource(StartSession(session));
                next.set(AppState::Play);
            }
        }
        "result" => {
            let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h6", "c6c5"];
            if let Some(mut session) = opening(Side::First, &moves) {
                let _ = session.resign();
                let _ = s.record_game(kid.id, &session.record(1, Timestamp::now()));
                commands.insert_resource(FinishedGame(session));
                next.set(AppState::Result);
            }
        }
        "progress" => {
            let xiangqi = GameSetup::standard(GameKind::Xiangqi);
            for (i, level) in [1u8, 1, 2, 2, 3].into_iter().enumerate() {
                let Some(mut g) = game(xiangqi.clone(), Some(level), &["h2e2", "h9g7"]) else {
                    continue;
                };
                if i % 2 == 0 {
                    let _ = g.resign();
                }
                let _ = s.record_game(kid.id, &g.record(100 + i as u64, Timestamp::now()));
            }
            // Two games between two players: chess and 9×9 Go.
            let others = [
                GameSetup::standard(GameKind::Chess),
                GameSetup::Go { size: 9, start: GoStart::Even },
            ];
            for (i, setup) in others.into_iter().enumerate() {
                if let Some(mut g) = game(setup, None, &[]) {
                    let _ = g.resign();
                    let _ = s.record_game(kid.id, &g.record(200 + i as u64, Timestamp::now()));
                }
            }
            next.set(AppState::Progress);
        }
        "settings" => next.set(AppState::Settings),
        "my-class" => {
            // A pupil who joined one class, with the button to send progress.
            if let Ok(c) = s.create_class(
                qike_core::progress::NewClass {
                    name: "三年级二班".into(),
                    teacher: String::new(),
                    description: String::new(),
                },
                Timestamp::now(),
            ) {
                let _ = s.join_class(
                    kid.id,
                    &c.join_code().to_text(),
                    "三年级二班 象棋",
                    Timestamp::now(),
                );
            }
            next.set(AppState::MyClass);
        }
        _ => {}
    }
}

/// A game from `setup` against `level` (or two players) after `moves` (each game's
/// coordinates), checked move by move.
pub fn game(setup: GameSetup, level: Option<u8>, moves: &[&str]) -> Option<GameSession> {
    let mut saved = GameSession::new(setup, Side::First, level, 1, Timestamp::now()).ok()?.save();
    saved.moves = moves.iter().map(|m| (*m).to_owned()).collect();
    GameSession::resume(&saved).ok()
}

/// A xiangqi game at level 3 after `moves` (ICCS).
fn opening(player: Side, moves: &[&str]) -> Option<GameSession> {
    let mut saved = game(GameSetup::standard(GameKind::Xiangqi), Some(3), moves)?.save();
    saved.player = player;
    GameSession::resume(&saved).ok()
}

/// The two-player demo games, one per game, mid-way, with something to look at.
pub fn two_player_demo(name: &str) -> Option<GameSession> {
    let mut s = match name {
        "play-xiangqi" => {
            let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
            game(GameSetup::standard(GameKind::Xiangqi), None, &moves)?
        }
        "play-chess" => {
            let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
            game(GameSetup::standard(GameKind::Chess), None, &moves)?
        }
        "chess-promotion" => game(GameSetup::Chess { fen: PROMOTION_FEN.to_owned() }, None, &[])?,
        "play-go" => {
            let moves = ["E5", "C5", "E3", "C3", "G5", "G3", "F7", "C7", "E7", "D6", "G4", "F3"];
            game(GameSetup::Go { size: 9, start: GoStart::Even }, None, &moves)?
        }
        "go-count" => {
            let setup = GameSetup::Go { size: 9, start: GoStart::Even };
            let mut s = game(setup, None, &GO_COUNT_MOVES[..GO_COUNT_MOVES.len() - 2])?;
            // The count starts by playing the passes, as the players would; the white
            // stone on H5 is shown dead whatever the estimate said.
            s.pass().ok()?;
            s.pass().ok()?;
            let h5 = Point::new(7, 4);
            if !s.game().as_go().is_some_and(|g| g.is_dead(h5)) {
                s.tap(h5);
            }
            s
        }
        "play-gomoku" => {
            let setup = GameSetup::Gomoku { rule: GomokuRule::Renju, opening: None };
            game(setup, None, GOMOKU_MOVES)?
        }
        _ => return None,
    };
    match name {
        // The red chariot picked up; the white knight picked up.
        "play-xiangqi" => {
            s.tap(Point::new(7, 0));
        }
        "play-chess" => {
            s.tap(Point::new(5, 2));
        }
        // b7 to b8: the choice of piece opens.
        "chess-promotion" => {
            s.tap(Point::new(1, 6));
            s.tap(Point::new(1, 7));
        }
        _ => {}
    }
    Some(s)
}

/// The demonstration board as a teacher would leave it mid-explanation: the start
/// position with two arrows (炮二平五 and 马二进三) and two marked points.
fn demo_board_example(d: &mut crate::screens::demo_board::Demo) {
    let _ = d.board.toggle_arrow(Point::new(7, 2), Point::new(4, 2));
    let _ = d.board.toggle_arrow(Point::new(1, 0), Point::new(2, 2));
    let _ = d.board.toggle_mark(Point::new(4, 6));
    let _ = d.board.toggle_mark(Point::new(4, 9));
}
