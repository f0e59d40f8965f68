//! When the progress store cannot be opened: say so plainly, offer to try again or to
//! start fresh — the old folder is moved aside (never deleted) so it can be recovered.

use bevy::prelude::*;
use qike_core::progress::{ProgressStore, Trouble};

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
    /// Shows or hides the line for the teacher (the technical cause).
    Details,
}

/// Whether the teacher's line is shown.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShowDetails(pub bool);

/// What a child is told about each kind of trouble.
pub fn trouble_msg(t: Trouble) -> Msg {
    match t {
        Trouble::Damaged => Msg::TroubleDamaged,
        Trouble::Full => Msg::TroubleFull,
        Trouble::InUse => Msg::TroubleInUse,
        Trouble::NewerApp => Msg::TroubleNewerApp,
        Trouble::Files | Trouble::Other => Msg::StoreBroken,
    }
}

#[derive(Debug)]
pub struct StoreErrorPlugin;

impl Plugin for StoreErrorPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<StoreErrorAction>().init_resource::<ShowDetails>();
        crate::ui::add_screen(app, AppState::StoreError, react, draw);
    }
}

fn react(
    mut commands: Commands,
    mut pressed: MessageReader<Pressed<StoreErrorAction>>,
    dir: Res<DataDir>,
    mut next: ResMut<NextState<AppState>>,
    mut details: ResMut<ShowDetails>,
    mut redraw: ResMut<crate::ui::Redraw>,
) {
    for Pressed(action) in pressed.read() {
        match action {
            StoreErrorAction::Details => {
                details.0 = !details.0;
                redraw.0 = true;
            }
            StoreErrorAction::TryAgain => next.set(AppState::Loading),
            StoreErrorAction::StartFresh => match ProgressStore::move_aside(&dir.0) {
                Ok(moved) => {
                    info!("moved the damaged store to {}", moved.display());
                    next.set(AppState::Loading);
                }
                Err(e) => commands.insert_resource(StoreProblem::of(&e)),
            },
        }
    }
}

/// What the child sees: what happened in plain words, "ask your teacher", and a retry;
/// the technical cause only behind the teacher's button.
fn draw(mut canvas: Canvas, problem: Option<Res<StoreProblem>>, details: Res<ShowDetails>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::AppTitle), None);
    let what = problem.as_ref().map_or(Msg::StoreBroken, |pr| trouble_msg(pr.trouble));
    p.text(col.next(3.0 * u), lang.get(what), 1.5, BAD);
    p.text(col.next(2.6 * u), lang.get(Msg::AskTeacher), 1.2, INK);
    let r = col.next(3.0 * u);
    p.button(r, lang.get(Msg::TryAgain), StoreErrorAction::TryAgain, Look::Primary);
    col.next(2.0 * u);
    // The teacher's part.
    p.text(col.next(3.6 * u), lang.get(Msg::StoreBrokenDetail), 0.9, MUTED);
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::StartFresh), StoreErrorAction::StartFresh, Look::Secondary);
    p.button(row[1], lang.get(Msg::TeacherDetails), StoreErrorAction::Details, Look::Secondary);
    if details.0
        && let Some(problem) = problem
    {
        p.text(col.next(5.0 * u), problem.detail.clone(), 0.75, MUTED);
    }
}
