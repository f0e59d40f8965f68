//! When the progress store cannot be opened: say so plainly, offer to try again or to
//! start fresh — the old folder is moved aside (never deleted) so it can be recovered.

use bevy::prelude::*;
use qike_core::progress::ProgressStore;

use crate::AppState;
use crate::data::{DataDir, StoreProblem};
use crate::i18n::Msg;
use crate::ui::{AddActions, BAD, Canvas, INK, Look, MUTED, Pressed};
use crate::widgets::header;

/// The store-error screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum StoreErrorAction {
    StartFresh,
    TryAgain,
}

#[derive(Debug)]
pub struct StoreErrorPlugin;

impl Plugin for StoreErrorPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<StoreErrorAction>();
        crate::ui::add_screen(app, AppState::StoreError, react, draw);
    }
}

fn react(
    mut commands: Commands,
    mut pressed: MessageReader<Pressed<StoreErrorAction>>,
    dir: Res<DataDir>,
    mut next: ResMut<NextState<AppState>>,
) {
    for Pressed(action) in pressed.read() {
        match action {
            StoreErrorAction::TryAgain => next.set(AppState::Loading),
            StoreErrorAction::StartFresh => match ProgressStore::move_aside(&dir.0) {
                Ok(moved) => {
                    info!("moved the damaged store to {}", moved.display());
                    next.set(AppState::Loading);
                }
                Err(e) => commands.insert_resource(StoreProblem(e.to_string())),
            },
        }
    }
}

fn draw(mut canvas: Canvas, problem: Option<Res<StoreProblem>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::AppTitle), None);
    let r = col.next(3.0 * u);
    p.text(r, lang.get(Msg::StoreBroken), 1.5, BAD);
    let r = col.next(4.0 * u);
    p.text(r, lang.get(Msg::StoreBrokenDetail), 1.1, INK);
    if let Some(problem) = problem {
        let r = col.next(5.0 * u);
        p.text(r, problem.0.clone(), 0.85, MUTED);
    }
    let r = col.next(3.0 * u);
    p.button(r, lang.get(Msg::StartFresh), StoreErrorAction::StartFresh, Look::Primary);
    let r = col.next(3.0 * u);
    p.button(r, lang.get(Msg::TryAgain), StoreErrorAction::TryAgain, Look::Secondary);
}
