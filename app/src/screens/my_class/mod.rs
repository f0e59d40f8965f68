//! The pupil's classes: join one by typing (or pasting) the teacher's code — a
//! mistyped code is refused with the reason — and send my progress: a signed report
//! saved as a file in a folder the pupil can find, and shown as text to copy.

use std::path::{Path, PathBuf};

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{CLASS_FILE_PREFIX, ClassId, SavedReport, Timestamp};

use crate::AppState;
use crate::data::{Current, DataDir, Store};
use crate::i18n::Msg;
use crate::ui::{
    AddActions, BAD, CARD, Canvas, GOOD, INK, Look, MUTED, Nav, Pressed, Redraw, UiSet, redrawing,
};
use crate::widgets::{header, join_code_msg, pupil_list, type_into};

/// What the pupil's buttons do.
#[derive(Debug, Clone, PartialEq)]
pub enum PupilAction {
    Join,
    Send(ClassId),
}

/// The pupil's class screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct MyClass {
    /// The typed or pasted join code.
    pub code: String,
    /// Why the last code was refused.
    pub refused: Option<Msg>,
    pub joined: bool,
    /// The last report sent.
    pub sent: Option<SavedReport>,
    pub problem: Option<String>,
    /// A class file (homework) was taken in.
    pub class_file_taken: bool,
}

/// Where a pupil's report files go: beside the store, in a folder named for them.
pub fn outbox_dir(data: &Path) -> PathBuf {
    data.with_file_name("reports")
}

#[derive(Debug)]
pub struct MyClassPlugin;

impl Plugin for MyClassPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<PupilAction>()
            .add_message::<KeyboardInput>()
            .add_message::<Ime>()
            .init_resource::<MyClass>()
            .add_systems(OnEnter(AppState::MyClass), |mut m: ResMut<MyClass>| {
                *m = MyClass::default();
            })
            .add_systems(
                Update,
                (
                    (typing, react)
                        .chain()
                        .in_set(UiSet::Logic)
                        .run_if(in_state(AppState::MyClass)),
                    draw.in_set(UiSet::Draw)
                        .run_if(in_state(AppState::MyClass).and_then(redrawing)),
                ),
            );
    }
}

fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut m: ResMut<MyClass>,
    mut redraw: ResMut<Redraw>,
) {
    // Long enough for a pasted class file as well as a join code.
    if type_into(&mut m.code, 8192, &mut keys, &mut ime) {
        m.refused = None;
        redraw.0 = true;
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<PupilAction>>,
    mut m: ResMut<MyClass>,
    store: Option<Res<Store>>,
    current: Res<Current>,
    data: Res<DataDir>,
    mut next: ResMut<NextState<AppState>>,
    mut redraw: ResMut<Redraw>,
) {
    let (Some(store), Some(profile)) = (store, current.profile.as_ref()) else { return };
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
        redraw.0 = true;
    }
    for Pressed(action) in pressed.read() {
        match action {
            PupilAction::Join
                if m.code.trim().to_ascii_uppercase().starts_with(CLASS_FILE_PREFIX) =>
            {
                match store.0.import_class_file(profile.id, &m.code) {
                    Ok(_) => {
                        m.code.clear();
                        m.class_file_taken = true;
                    }
                    Err(e) => m.problem = Some(e.to_string()),
                }
            }
            PupilAction::Join => {
                match store.0.join_class(profile.id, &m.code, "", Timestamp::now()) {
                    Ok(_) => {
                        m.code.clear();
                        m.refused = None;
                        m.joined = true;
                    }
                    Err(e) => m.refused = Some(join_code_msg(&e)),
                }
            }
            PupilAction::Send(class) => {
                let dir = outbox_dir(&data.0);
                match store.0.save_report(profile.id, *class, &dir, Timestamp::now()) {
                    Ok(saved) => m.sent = Some(saved),
                    Err(e) => m.problem = Some(e.to_string()),
                }
            }
        }
        redraw.0 = true;
    }
}

fn draw(mut canvas: Canvas, m: Res<MyClass>, store: Option<Res<Store>>, current: Res<Current>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let u = frame.unit;
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::MyClasses), Some(Nav::Back));
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::TypeJoinCode), 0.9, MUTED);
    let field = col.next(3.0 * u);
    p.panel(field, CARD, 0.5);
    let inner =
        Rect::new(field.min.x + 0.5 * u, field.min.y + 0.6 * u, field.max.x - 0.5 * u, field.max.y);
    let shown: String = m.code.chars().take(48).collect();
    p.text(inner, format!("{shown}|"), 1.1, INK);
    let b = col.next(3.0 * u);
    p.button(b, lang.get(Msg::JoinClass), PupilAction::Join, Look::Primary);
    if let Some(why) = m.refused {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(why), 0.9, BAD);
    } else if m.joined {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(Msg::Joined), 0.9, GOOD);
    } else if m.class_file_taken {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(Msg::ClassFileTaken), 0.9, GOOD);
    }
    if let Some(problem) = &m.problem {
        let r = col.next(2.0 * u);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    let (Some(store), Some(profile)) = (store, current.profile.as_ref()) else { return };
    col.next(0.5 * u);
    for membership in store.0.memberships(profile.id).unwrap_or_default().iter().take(6) {
        let r = col.next(3.4 * u);
        p.panel(r, CARD, 0.6);
        let name = Rect::new(r.min.x + 0.6 * u, r.min.y + 0.9 * u, r.max.x - 8.0 * u, r.max.y);
        let shown = if membership.class_name.is_empty() {
            lang.fill(Msg::ClassNumber, &[("id", &membership.class.to_string())])
        } else {
            membership.class_name.clone()
        };
        p.text(name, shown, 1.0, INK);
        let send =
            Rect::new(r.max.x - 7.6 * u, r.min.y + 0.5 * u, r.max.x - 0.5 * u, r.max.y - 0.5 * u);
        p.button(
            send,
            lang.get(Msg::SendProgress),
            PupilAction::Send(membership.class),
            Look::Primary,
        );
    }
    let homework = store.0.pupil_assignments(profile.id, Timestamp::now()).unwrap_or_default();
    pupil_list(&mut p, &mut col, u, lang, &homework);
    if let Some(sent) = &m.sent {
        col.next(0.5 * u);
        let r = col.next(2.2 * u);
        p.text(r, format!("{}{}", lang.get(Msg::SavedTo), sent.path.display()), 0.75, GOOD);
        let r = col.next(1.4 * u);
        p.text(r, lang.get(Msg::OrCopyText), 0.8, MUTED);
        let shown: String = sent.text.chars().take(600).collect();
        let r = col.next(12.0 * u);
        p.panel(r, CARD, 0.4);
        let inner =
            Rect::new(r.min.x + 0.4 * u, r.min.y + 0.4 * u, r.max.x - 0.4 * u, r.max.y - 0.4 * u);
        p.text(inner, shown, 0.6, INK);
    }
}
