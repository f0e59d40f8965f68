//! The phone entry point: full screen, and the app keeps running on a timer while the
//! OS has it in the background only as long as the OS allows.

use bevy::prelude::*;
use bevy::window::WindowMode;
use bevy::winit::WinitSettings;

use crate::QikePlugin;

#[bevy_main]
fn main() {
    let mut window = crate::window(1080, 2340);
    window.mode = WindowMode::BorderlessFullscreen(MonitorSelection::Primary);
    window.recognize_rotation_gesture = false;
    // A board game wants the whole screen: no status bar, and the home indicator fades
    // until the child swipes (iOS; Android hides its bars in MainActivity).
    window.prefers_status_bar_hidden = true;
    window.prefers_home_indicator_hidden = true;
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .insert_resource(WinitSettings::mobile())
        .add_plugins((QikePlugin, crate::sound::SpeakerPlugin))
        .run();
}

/// The iOS entry, called from `ios/Qike/main.m` (iOS has no `android_main` equivalent).
#[cfg(target_os = "ios")]
#[unsafe(no_mangle)]
pub extern "C" fn main_rs() {
    main();
}
