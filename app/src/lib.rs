//! Qike's Bevy app: one plugin per screen over `qike-core`.
//!
//! This crate is also the one native library of the phone builds: it re-exports the
//! uniffi bindings (`qike`), so one `.so`/`.a` holds both the Bevy entry point and the
//! API that Kotlin and Swift call.

// Bevy systems take each resource they use as a parameter; eight is normal for a screen.
#![allow(clippy::too_many_arguments)]

pub mod actions;
pub mod board;
pub mod capture;
pub mod clipboard;
pub mod data;
pub mod fixtures;
pub mod flow;
pub mod fonts;
pub mod i18n;
pub mod junqi_board;
pub mod layout;
pub mod measure;
#[cfg(any(target_os = "android", target_os = "ios"))]
mod mobile;
pub mod screens;
pub mod sound;
pub mod ui;
pub mod widgets;
pub mod worker;

use bevy::prelude::*;

/// Linking the bindings here puts their exported symbols into this crate's cdylib and
/// staticlib.
pub use qike;

/// The screens of the app.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppState {
    /// Opening the progress store.
    #[default]
    Loading,
    /// The store could not be opened.
    StoreError,
    Profiles,
    Home,
    Course,
    Lesson,
    PlaySetup,
    Play,
    Result,
    Progress,
    Settings,
    /// The teacher area: classes, dashboard, imports, lesson plans.
    Teacher,
    /// The pupil's classes: join with a code, send progress.
    MyClass,
    /// The teacher's tournaments: set-up, pairings, results, standings, exports.
    Tournament,
    /// Daily practice: today's puzzles, then how it went.
    Practice,
    /// 四国军棋: the choices, 布阵 and the table.
    Junqi,
}

/// Everything but the window and renderer: screens, board, input. Tests add this to a
/// headless app; the desktop and mobile entries add it to `DefaultPlugins`.
#[derive(Debug)]
pub struct QikeLogicPlugin;

impl Plugin for QikeLogicPlugin {
    fn build(&self, app: &mut App) {
        use screens::*;
        worker::install();
        app.init_state::<AppState>().insert_resource(ClearColor(ui::BACKGROUND)).add_plugins((
            actions::ActionsPlugin,
            ui::UiPlugin,
            data::DataPlugin,
            board::BoardPlugin,
            sound::SoundPlugin,
            profiles::ProfilesPlugin,
            home::HomePlugin,
            course::CoursePlugin,
            lesson::LessonPlugin,
            play::PlayPlugin,
            play_setup::PlaySetupPlugin,
            result::ResultPlugin,
            progress::ProgressPlugin,
            settings::SettingsPlugin,
            store_error::StoreErrorPlugin,
        ));
        app.add_plugins((teacher::TeacherPlugin, my_class::MyClassPlugin));
        app.add_plugins(tournament::TournamentPlugin);
        app.add_plugins((practice::PracticePlugin, junqi::JunqiPlugin));
    }
}

/// The whole app on top of `DefaultPlugins`: fonts, a camera, and the logic.
#[derive(Debug)]
pub struct QikePlugin;

impl Plugin for QikePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((fonts::FontsPlugin, QikeLogicPlugin)).add_systems(
            Startup,
            |mut commands: Commands| {
                // Flat shapes and text need no multisampling; without it a software
                // renderer (and a phone's GPU) fills a frame several times faster.
                commands.spawn((Camera2d, Msaa::Off));
            },
        );
    }
}

/// The default window: portrait-phone shaped on the desktop; full screen on phones.
pub fn window(width: u32, height: u32) -> Window {
    Window {
        title: "棋课 Qike".to_owned(),
        resolution: bevy::window::WindowResolution::new(width, height),
        ..default()
    }
}
