//! `--screen NAME`: opens the app on one screen with example data, for screenshots of
//! every screen (the render test) and for trying a screen quickly. Uses the store like
//! the real flows do; point `--data` at a scratch folder.

use bevy::prelude::*;
use qike_core::progress::{LessonAttempt, NewProfile, Role, Timestamp};
use qike_core::session::XiangqiSession;
use qike_core::{Point, Side};

use crate::AppState;
use crate::data::{Current, Store, course};
use crate::screens::course::OpenLesson;
use crate::screens::play::{FinishedGame, StartSession};

/// Every screen `--screen` knows, in the order the screenshots are taken.
pub const SCREENS: &[&str] = &[
    "profiles",
    "new-profile",
    "home",
    "course",
    "lesson",
    "play-setup",
    "play",
    "result",
    "progress",
    "settings",
    "store-error",
];

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
            .add_systems(Update, arrange.run_if(in_state(AppState::Profiles)));
    }
}

fn arrange(
    mut commands: Commands,
    mut demo: ResMut<Demo>,
    store: Option<Res<Store>>,
    mut current: ResMut<Current>,
    mut form: ResMut<crate::screens::profiles::ProfileForm>,
    mut redraw: ResMut<crate::ui::Redraw>,
    mut next: ResMut<NextState<AppState>>,
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
        "play-setup" => next.set(AppState::PlaySetup),
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
            if let Some(mut saved) = opening(Side::First, &moves).map(|s| s.save()) {
                saved.level = 10;
                if let Ok(session) = XiangqiSession::resume(&saved) {
                    commands.insert_resource(StartSession(session));
                    next.set(AppState::Play);
                }
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
            for (i, level) in [1u8, 1, 2, 2, 3].into_iter().enumerate() {
                let Some(g) = opening(Side::First, &["h2e2", "h9g7"]) else { continue };
                let mut saved = g.save();
                saved.level = level;
                if let Ok(mut g) = XiangqiSession::resume(&saved) {
                    if i % 2 == 0 {
                        let _ = g.resign();
                    }
                    let _ = s.record_game(kid.id, &g.record(100 + i as u64, Timestamp::now()));
                }
            }
            next.set(AppState::Progress);
        }
        "settings" => next.set(AppState::Settings),
        _ => {}
    }
}

/// A game at level 3 after `moves` (ICCS), checked move by move.
fn opening(player: Side, moves: &[&str]) -> Option<XiangqiSession> {
    let mut saved = XiangqiSession::new(player, 3, 1, Timestamp::now()).ok()?.save();
    saved.moves = moves.iter().map(|m| (*m).to_owned()).collect();
    XiangqiSession::resume(&saved).ok()
}
