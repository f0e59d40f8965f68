//! Mouse clicks and touches turned into one kind of message the screens read, so no
//! screen cares which device the press came from (and tests can send presses).

use bevy::input::InputSystems;
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// A press on the screen at a position in logical pixels (y down).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PointerPressed {
    pub position: Vec2,
}

/// The press ended at a position (mouse button up, finger lifted). A press on one board
/// point and a release on another is a drag: the board treats it as two taps.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PointerReleased {
    pub position: Vec2,
}

/// Reads mouse and touch input into [`PointerPressed`] and [`PointerReleased`] messages.
#[derive(Debug)]
pub struct ActionsPlugin;

impl Plugin for ActionsPlugin {
    fn build(&self, app: &mut App) {
        // Bevy's input plugin registers touches; headless tests may run without it.
        app.add_message::<PointerPressed>()
            .add_message::<PointerReleased>()
            .add_message::<bevy::input::touch::TouchInput>()
            .add_systems(PreUpdate, (mouse_presses, touch_presses).after(InputSystems));
    }
}

fn mouse_presses(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut presses: MessageWriter<PointerPressed>,
    mut releases: MessageWriter<PointerReleased>,
) {
    let Some(buttons) = buttons else { return };
    let Some(position) = windows.single().ok().and_then(Window::cursor_position) else { return };
    if buttons.just_pressed(MouseButton::Left) {
        presses.write(PointerPressed { position });
    }
    if buttons.just_released(MouseButton::Left) {
        releases.write(PointerReleased { position });
    }
}

fn touch_presses(
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut presses: MessageWriter<PointerPressed>,
    mut releases: MessageWriter<PointerReleased>,
) {
    for touch in touches.read() {
        match touch.phase {
            TouchPhase::Started => {
                presses.write(PointerPressed { position: touch.position });
            }
            TouchPhase::Ended => {
                releases.write(PointerReleased { position: touch.position });
            }
            _ => {}
        }
    }
}
