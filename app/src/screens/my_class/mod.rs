//! The pupil's classes: join one by typing, pasting or scanning the teacher's code — a
//! mistyped code is refused with the reason — and send my progress: straight to the
//! teacher's open collection on the classroom's network (found by itself, or by the
//! short code typed into the same field), with "已送达" once the teacher's device saved
//! it and the homework back on the same connection; with no collection in reach, a
//! signed report saved as a file and shown as text to copy.

mod send;

use std::net::{SocketAddr, SocketAddrV4};
use std::path::{Path, PathBuf};

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{ClassId, ImportOutcome, ProgressStore, SavedReport, Timestamp};
use qike_core::sync::{PupilText, PupilTextError, read_pupil_text};

use crate::AppState;
use crate::data::{Current, DataDir, Store};
use crate::i18n::Msg;
use crate::ui::{
    AddActions, BAD, CARD, Canvas, GOOD, INK, Look, MUTED, Nav, Pressed, Redraw, UiSet, redrawing,
};
use crate::widgets::{header, join_code_msg, pupil_list, type_into};

pub use send::{Outbox, SendState};

/// What the pupil's buttons do.
#[derive(Debug, Clone, PartialEq)]
pub enum PupilAction {
    /// Takes what is in the field: a join code, a short code or a class file.
    Join,
    Send(ClassId),
    /// Pastes the system clipboard into the field.
    Paste,
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
    /// The short code typed for the teacher's collection.
    pub target: Option<SocketAddrV4>,
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
            .init_resource::<Outbox>()
            .add_systems(
                OnEnter(AppState::MyClass),
                |mut m: ResMut<MyClass>, mut outbox: ResMut<Outbox>| {
                    *m = MyClass::default();
                    outbox.look();
                },
            )
            .add_systems(OnExit(AppState::MyClass), |mut outbox: ResMut<Outbox>| outbox.close())
            .add_systems(
                Update,
                (
                    (typing, react, network)
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
    mut outbox: ResMut<Outbox>,
    lang: Res<crate::i18n::Lang>,
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
            PupilAction::Join => take_field(&store.0, profile.id, &mut m, *lang),
            PupilAction::Paste => match crate::clipboard::text() {
                Some(text) => {
                    m.code = text.chars().take(8192).collect();
                    m.refused = None;
                }
                None => m.problem = Some(lang.get(Msg::ClipboardEmpty).to_owned()),
            },
            PupilAction::Send(class) => {
                let to = outbox
                    .collection_of(*class)
                    .and_then(|f| f.addrs.first().copied())
                    .or(m.target.map(SocketAddr::V4));
                let membership = store
                    .0
                    .memberships(profile.id)
                    .unwrap_or_default()
                    .into_iter()
                    .find(|x| x.class == *class);
                match (to, membership) {
                    (Some(to), Some(mem)) => {
                        match store.0.export_report(profile.id, *class, Timestamp::now()) {
                            Ok(report) => {
                                let join = mem.join_code();
                                outbox.send(*class, join, report, to);
                            }
                            Err(e) => m.problem = Some(e.to_string()),
                        }
                    }
                    _ => {
                        // No collection in reach: the report as a file and as text.
                        let dir = outbox_dir(&data.0);
                        match store.0.save_report(profile.id, *class, &dir, Timestamp::now()) {
                            Ok(saved) => m.sent = Some(saved),
                            Err(e) => m.problem = Some(e.to_string()),
                        }
                    }
                }
            }
        }
        redraw.0 = true;
    }
}

/// Does what the field's text asks: join a class, note the teacher's short code, or
/// take in a class file.
fn take_field(
    s: &ProgressStore,
    profile: qike_core::progress::ProfileId,
    m: &mut MyClass,
    lang: crate::i18n::Lang,
) {
    match read_pupil_text(&m.code) {
        Ok(PupilText::Empty) => {}
        Ok(PupilText::ClassFile(text)) => match s.import_class_file(profile, &text) {
            Ok(_) => {
                m.code.clear();
                m.class_file_taken = true;
            }
            Err(e) => m.problem = Some(store_problem(&e, lang)),
        },
        Ok(PupilText::Collection(addr)) => {
            m.code.clear();
            m.target = Some(addr);
        }
        Ok(PupilText::Join(_)) => match s.join_class(profile, &m.code, "", Timestamp::now()) {
            Ok(_) => {
                m.code.clear();
                m.refused = None;
                m.joined = true;
            }
            Err(e) => m.refused = Some(join_code_msg(&e)),
        },
        Err(PupilTextError::ShortCode(_)) => m.refused = Some(Msg::ShortCodeTypo),
        Err(PupilTextError::JoinCode(e)) => {
            m.refused = Some(join_code_msg(&qike_core::progress::StoreError::JoinCode(e)));
        }
    }
}

/// A store error in words for the pupil: a refused class file says why in their
/// language, anything else keeps the error's own text.
fn store_problem(e: &qike_core::progress::StoreError, lang: crate::i18n::Lang) -> String {
    match e {
        qike_core::progress::StoreError::ClassFile(refused) => lang.text(&refused.text()),
        other => other.to_string(),
    }
}

/// Hears the network: collections coming and going, and how a send is going; a class
/// file that came back is taken in at once.
fn network(
    mut outbox: ResMut<Outbox>,
    store: Option<Res<Store>>,
    current: Res<Current>,
    mut m: ResMut<MyClass>,
    lang: Res<crate::i18n::Lang>,
    mut redraw: ResMut<Redraw>,
) {
    let lang = *lang;
    let (class_file, changed) = outbox.poll();
    match (class_file, store, current.profile.as_ref()) {
        (Some(Ok(text)), Some(store), Some(profile)) => {
            if let Err(e) = store.0.import_class_file(profile.id, &text) {
                m.problem = Some(store_problem(&e, lang));
            }
        }
        (Some(Err(refused)), _, _) => m.problem = Some(lang.text(&refused.text())),
        _ => {}
    }
    if changed {
        redraw.0 = true;
    }
}

fn draw(
    mut canvas: Canvas,
    m: Res<MyClass>,
    outbox: Res<Outbox>,
    store: Option<Res<Store>>,
    current: Res<Current>,
) {
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
    // The button says what the field's text will do.
    let take = match read_pupil_text(&m.code) {
        Ok(PupilText::Collection(_)) => Msg::UseShortCode,
        Ok(PupilText::ClassFile(_)) => Msg::TakeClassFile,
        _ => Msg::JoinClass,
    };
    let row = if crate::clipboard::HAS_CLIPBOARD {
        let b = col.next(3.0 * u);
        let wide = Rect::new(b.min.x, b.min.y, b.max.x - 8.0 * u, b.max.y);
        let paste = Rect::new(b.max.x - 7.4 * u, b.min.y, b.max.x, b.max.y);
        p.button(paste, lang.get(Msg::Paste), PupilAction::Paste, Look::Secondary);
        wide
    } else {
        col.next(3.0 * u)
    };
    p.button(row, lang.get(take), PupilAction::Join, Look::Primary);
    if let Some(why) = m.refused {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(why), 0.9, BAD);
    } else if m.joined {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(Msg::Joined), 0.9, GOOD);
    } else if m.class_file_taken {
        let r = col.next(2.0 * u);
        p.text(r, lang.get(Msg::ClassFileTaken), 0.9, GOOD);
    } else if let Some(addr) = m.target {
        let r = col.next(2.0 * u);
        let code = qike_core::sync::encode_short_code(addr);
        p.text(r, lang.fill(Msg::ShortCodeNoted, &[("code", &code)]), 0.85, GOOD);
    }
    if let Some(problem) = &m.problem {
        let r = col.next(2.0 * u);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    let (Some(store), Some(profile)) = (store, current.profile.as_ref()) else { return };
    col.next(0.5 * u);
    for membership in store.0.memberships(profile.id).unwrap_or_default().iter().take(6) {
        class_card(&mut p, &mut col, u, lang, membership, &outbox, &m);
    }
    if let Some(why) = &outbox.no_discovery {
        let r = col.next(1.6 * u);
        p.text(r, lang.fill(Msg::NoDiscovery, &[("why", why)]), 0.65, MUTED);
    }
    let homework = store.0.pupil_assignments(profile.id, Timestamp::now()).unwrap_or_default();
    pupil_list(&mut p, &mut col, u, lang, &homework);
    if let Some(sent) = &m.sent {
        col.next(0.5 * u);
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::NoCollectionInReach), 0.8, MUTED);
        let r = col.next(2.2 * u);
        p.text(r, format!("{}{}", lang.get(Msg::SavedTo), sent.path.display()), 0.75, GOOD);
        let r = col.next(1.4 * u);
        p.text(r, lang.get(Msg::OrCopyText), 0.8, MUTED);
        let shown: String = sent.text.chars().take(600).collect();
        let r = col.next(10.0 * u);
        p.panel(r, CARD, 0.4);
        let inner =
            Rect::new(r.min.x + 0.4 * u, r.min.y + 0.4 * u, r.max.x - 0.4 * u, r.max.y - 0.4 * u);
        p.text(inner, shown, 0.6, INK);
    }
}

/// One class: its name, the teacher's collection if one is open, the send button and
/// how the last send went.
fn class_card(
    p: &mut crate::ui::Painter,
    col: &mut crate::ui::Column,
    u: f32,
    lang: crate::i18n::Lang,
    membership: &qike_core::progress::Membership,
    outbox: &Outbox,
    m: &MyClass,
) {
    let r = col.next(5.2 * u);
    p.panel(r, CARD, 0.6);
    let name =
        Rect::new(r.min.x + 0.6 * u, r.min.y + 0.7 * u, r.max.x - 11.2 * u, r.min.y + 2.6 * u);
    let shown = if membership.class_name.is_empty() {
        lang.fill(Msg::ClassNumber, &[("id", &membership.class.to_string())])
    } else {
        membership.class_name.clone()
    };
    p.text(name, shown, 1.0, INK);
    let line = Rect::new(r.min.x + 0.6 * u, r.min.y + 2.9 * u, r.max.x - 11.2 * u, r.max.y);
    let state = outbox.state.as_ref().filter(|(c, _)| *c == membership.class).map(|(_, s)| s);
    let (text, color) = match (state, outbox.collection_of(membership.class)) {
        (Some(SendState::Sending), _) => (lang.get(Msg::Sending).to_owned(), MUTED),
        (Some(SendState::WaitingForTeacher), _) => {
            (lang.get(Msg::WaitingForTeacher).to_owned(), MUTED)
        }
        (Some(SendState::Delivered { outcome, homework }), _) => {
            let msg = match (outcome, homework) {
                (ImportOutcome::AlreadyImported, _) => Msg::DeliveredAlready,
                (_, true) => Msg::DeliveredWithHomework,
                (_, false) => Msg::Delivered,
            };
            (lang.get(msg).to_owned(), GOOD)
        }
        (Some(SendState::Failed(why)), _) => (lang.fill(Msg::NotSent, &[("why", why)]), BAD),
        (None, Some(found)) => {
            let values =
                [("teacher", found.teacher.as_str()), ("class", found.class_name.as_str())];
            (lang.fill(Msg::TeacherCollecting, &values), GOOD)
        }
        (None, None) if m.target.is_some() => (lang.get(Msg::SendByShortCode).to_owned(), MUTED),
        (None, None) => (lang.get(Msg::NoCollectionYet).to_owned(), MUTED),
    };
    p.text(line, text, 0.75, color);
    let send =
        Rect::new(r.max.x - 10.6 * u, r.min.y + 1.0 * u, r.max.x - 0.5 * u, r.max.y - 1.0 * u);
    let busy = matches!(state, Some(SendState::Sending | SendState::WaitingForTeacher));
    let look = if busy { Look::Disabled } else { Look::Primary };
    p.button(send, lang.get(Msg::SendProgress), PupilAction::Send(membership.class), look);
}
