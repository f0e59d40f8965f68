//! The headless app harness shared by the flow tests: the app's logic on a real store
//! in a folder, a window of a phone's size, and presses where a finger would land.
#![allow(dead_code)]

use std::path::Path;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{PrimaryWindow, WindowResolution};
use qike_app::actions::PointerPressed;
use qike_app::data::DataDir;
use qike_app::fonts::UiFonts;
use qike_app::ui::{ButtonAction, Hit, ScreenAction};
use qike_app::{AppState, QikeLogicPlugin};

/// The app without a GPU or a real window, keeping its data in `dir`.
pub fn headless(dir: &Path, width: u32, height: u32) -> App {
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

pub fn state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

/// A few frames, enough for a press to reach the screen that follows it.
pub fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

/// The buttons drawn now.
pub fn hits(app: &mut App) -> Vec<Hit> {
    let mut hits = app.world_mut().query::<&Hit>();
    hits.iter(app.world()).cloned().collect()
}

/// Whether a button that does `action` is drawn now.
pub fn has_button<A: ScreenAction>(app: &mut App, action: &A) -> bool {
    let mut hits = app.world_mut().query::<&ButtonAction<A>>();
    hits.iter(app.world()).any(|b| &b.0 == action)
}

/// Presses the button that does `action`, where it is drawn (the topmost if several).
pub fn press<A: ScreenAction>(app: &mut App, action: A) {
    let mut buttons = app.world_mut().query::<(&Hit, &ButtonAction<A>)>();
    let hit = buttons
        .iter(app.world())
        .filter(|(_, b)| b.0 == action)
        .max_by_key(|(h, _)| h.z)
        .map(|(h, _)| h.clone());
    let hit = hit.unwrap_or_else(|| {
        let there: Vec<_> = hits(app).iter().map(|h| h.action.clone()).collect();
        panic!("no button for {action:?} on {:?}; there are {there:?}", state(app))
    });
    app.world_mut().write_message(PointerPressed { position: hit.rect.center() });
    settle(app);
}

/// Opens teacher mode from the profile picker: sets the PIN 1234 on first entry (and
/// notes the recovery code), or types it. Returns the recovery code when one was shown.
pub fn enter_teacher_mode(app: &mut App) -> Option<String> {
    use qike_app::screens::profiles::ProfilesAction;
    use qike_app::screens::teacher::lock::LockAction;
    use qike_app::screens::teacher::{Teacher, TeacherAction};
    press(app, ProfilesAction::TeacherMode);
    let store = app.world().resource::<qike_app::data::Store>().0.clone();
    let first = !store.has_teacher_pin().unwrap();
    for _ in 0..if first { 2 } else { 1 } {
        for d in [1, 2, 3, 4] {
            press(app, TeacherAction::Lock(LockAction::Digit(d)));
        }
        press(app, TeacherAction::Lock(LockAction::Enter));
    }
    let code = app.world().resource::<Teacher>().lock.code.clone();
    if first {
        press(app, TeacherAction::Lock(LockAction::Noted));
    }
    code
}

/// Makes the first profile on the form the app opens with when no one is here.
pub fn create_profile(app: &mut App) {
    assert_eq!(state(app), AppState::Profiles);
    assert!(
        app.world().resource::<qike_app::screens::profiles::ProfileForm>().open,
        "the form opens when no one is here"
    );
    press(app, qike_app::screens::profiles::ProfilesAction::Avatar(2));
    press(app, qike_app::screens::profiles::ProfilesAction::CreateProfile);
    assert_eq!(state(app), AppState::Home);
}
