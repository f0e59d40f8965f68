//! The desktop entry: `qike-app [--size WxH] [--data DIR] [--screen NAME] [--screenshot PATH] [--measure]`.
//!
//! `--measure` prints start-up time, frame times while the engine thinks and memory.
//! `--data` puts the progress store in DIR instead of the platform's app-data folder;
//! `--screen` opens one screen with example data (see `qike_app::fixtures::SCREENS`).

use bevy::prelude::*;
use qike_app::QikePlugin;
use qike_app::capture::CapturePlugin;
use qike_app::data::DataDir;
use qike_app::fixtures::FixturePlugin;

fn main() -> AppExit {
    let started = std::time::Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option =
        |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let (width, height) = match option("--size").as_deref().map(parse_size) {
        Some(Ok(size)) => size,
        Some(Err(message)) => {
            eprintln!("qike-app: {message}");
            return AppExit::error();
        }
        None => (540, 960),
    };
    let mut window = qike_app::window(width, height);
    let screenshot = option("--screenshot");
    if screenshot.is_some() {
        // Pixel-exact output for the render test, whatever the desktop's scaling.
        window.resolution = window.resolution.with_scale_factor_override(1.0);
        window.resizable = false;
    }
    let mut app = App::new();
    if let Some(dir) = option("--data") {
        app.insert_resource(DataDir(dir.into()));
    }
    app.add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }))
        .add_plugins(QikePlugin);
    if screenshot.is_none() {
        app.add_plugins(qike_app::sound::SpeakerPlugin);
    }
    if let Some(screen) = option("--screen") {
        if !qike_app::fixtures::SCREENS.contains(&screen.as_str()) && screen != "play-think" {
            eprintln!(
                "qike-app: unknown --screen '{screen}'; one of {:?}",
                qike_app::fixtures::SCREENS
            );
            return AppExit::error();
        }
        app.add_plugins(FixturePlugin(screen));
    }
    if args.iter().any(|a| a == "--measure") {
        app.add_plugins(qike_app::measure::MeasurePlugin { started });
    }
    if let Some(path) = screenshot {
        app.add_plugins(CapturePlugin { path: path.into(), after_frames: 30 });
    }
    app.run()
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size must look like 540x960, got '{text}'");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    if w < 100 || h < 100 {
        return Err(bad());
    }
    Ok((w, h))
}
