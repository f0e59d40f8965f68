//! `--screenshot PATH`: render a few frames, save the window to a PNG and quit. Used by
//! the render test and for store screenshots.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

/// Saves one screenshot after `after_frames` frames, then exits.
#[derive(Debug, Clone)]
pub struct CapturePlugin {
    pub path: PathBuf,
    pub after_frames: u32,
}

#[derive(Resource, Debug, Clone)]
struct CaptureRequest {
    path: PathBuf,
    after_frames: u32,
    frames: u32,
    taken: bool,
}

impl Plugin for CapturePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(CaptureRequest {
            path: self.path.clone(),
            after_frames: self.after_frames,
            frames: 0,
            taken: false,
        })
        .add_systems(Last, capture);
    }
}

/// While this resource exists the screenshot waits (a screen still filling in, such as
/// a review being searched), at most [`HOLD_FRAMES`] frames.
#[derive(Resource, Debug, Clone, Copy)]
pub struct HoldCapture;

/// The longest a [`HoldCapture`] delays the screenshot, in frames.
pub const HOLD_FRAMES: u32 = 3_000;

fn capture(
    mut commands: Commands,
    mut request: ResMut<CaptureRequest>,
    hold: Option<Res<HoldCapture>>,
) {
    request.frames += 1;
    let held = hold.is_some() && request.frames < HOLD_FRAMES;
    if request.taken || request.frames < request.after_frames || held {
        return;
    }
    request.taken = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(request.path.clone()))
        .observe(|_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        });
}
