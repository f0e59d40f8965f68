//! The profile picker: the children who use this device, and a form to add one (a
//! picture and a name; the name defaults to the picture's, so no typing is needed).

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{NewProfile, Role, Timestamp};

use crate::AppState;
use crate::data::{Current, Notice, Store};
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, CARD, Canvas, INK, Look, MUTED, Pressed, Redraw, SELECTED, UiSet, redrawing,
};
use crate::widgets::{AVATARS, avatar, header};

/// Longest name the form takes, in characters.
const MAX_NAME: usize = 12;

/// The new-profile form.
#[derive(Resource, Debug, Clone, Default)]
pub struct ProfileForm {
    pub open: bool,
    pub avatar: usize,
    pub name: String,
}

/// The profile picker's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum ProfilesAction {
    NewProfile,
    Avatar(usize),
    CreateProfile,
    CancelProfile,
    PickProfile(qike_core::progress::ProfileId),
    /// The teacher area: from the profile picker, no password.
    TeacherMode,
}

#[derive(Debug)]
pub struct ProfilesPlugin;

impl Plugin for ProfilesPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<ProfilesAction>();
        // Registered by Bevy's input and window plugins; headless tests run without them.
        app.add_message::<KeyboardInput>()
            .add_message::<Ime>()
            .init_resource::<ProfileForm>()
            .add_systems(OnEnter(AppState::Profiles), enter)
            .add_systems(OnExit(AppState::Profiles), exit)
            .add_systems(
                Update,
                (
                    (typing, react)
                        .chain()
                        .in_set(UiSet::Logic)
                        .run_if(in_state(AppState::Profiles)),
                    draw.in_set(UiSet::Draw)
                        .run_if(in_state(AppState::Profiles).and_then(redrawing)),
                ),
            );
    }
}

fn enter(
    store: Option<Res<Store>>,
    mut form: ResMut<ProfileForm>,
    mut windows: Query<&mut Window>,
) {
    let none = store.and_then(|s| s.0.profiles().ok()).is_none_or(|p| p.is_empty());
    *form = ProfileForm { open: none, ..default() };
    for mut w in &mut windows {
        w.ime_enabled = true;
    }
}

fn exit(mut windows: Query<&mut Window>) {
    for mut w in &mut windows {
        w.ime_enabled = false;
    }
}

/// Letters from the keyboard and committed IME text (Chinese input) go into the name.
fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut form: ResMut<ProfileForm>,
    mut redraw: ResMut<Redraw>,
) {
    let add = |form: &mut ProfileForm, text: &str| {
        for c in text.chars().filter(|c| !c.is_control()) {
            if form.name.chars().count() < MAX_NAME {
                form.name.push(c);
            }
        }
    };
    for k in keys.read() {
        if !form.open || k.state != ButtonState::Pressed {
            continue;
        }
        match &k.logical_key {
            Key::Backspace => {
                form.name.pop();
            }
            _ => {
                if let Some(text) = &k.text {
                    add(&mut form, text);
                }
            }
        }
        redraw.0 = true;
    }
    for e in ime.read() {
        if let Ime::Commit { value, .. } = e
            && form.open
        {
            add(&mut form, value);
            redraw.0 = true;
        }
    }
}

fn react(
    mut pressed: MessageReader<Pressed<ProfilesAction>>,
    mut form: ResMut<ProfileForm>,
    mut redraw: ResMut<Redraw>,
    mut current: ResMut<Current>,
    mut notice: ResMut<Notice>,
    store: Option<Res<Store>>,
    lang: Res<Lang>,
    mut next: ResMut<NextState<AppState>>,
) {
    let lang = *lang;
    let Some(store) = store else { return };
    for Pressed(action) in pressed.read() {
        match action {
            ProfilesAction::NewProfile => form.open = true,
            ProfilesAction::CancelProfile => form.open = false,
            ProfilesAction::Avatar(i) => form.avatar = (*i).min(AVATARS.len() - 1),
            ProfilesAction::CreateProfile => {
                let (key, _, _, zh, en) = AVATARS[form.avatar.min(AVATARS.len() - 1)];
                let name = form.name.trim().to_owned();
                let name = if name.is_empty() {
                    if lang == Lang::Zh { zh.to_owned() } else { en.to_owned() }
                } else {
                    name
                };
                let new = NewProfile {
                    display_name: name,
                    avatar: key.to_owned(),
                    language: lang.tag().to_owned(),
                    role: Role::Student,
                };
                match store.0.create_profile(new, Timestamp::now()) {
                    Ok(profile) => {
                        choose(&store, &mut current, profile);
                        next.set(AppState::Home);
                    }
                    Err(e) => notice.0 = Some(format!("{}{e}", lang.get(Msg::SaveFailed))),
                }
            }
            ProfilesAction::PickProfile(id) => match store.0.profile(*id) {
                Ok(profile) => {
                    choose(&store, &mut current, profile);
                    next.set(AppState::Home);
                }
                Err(e) => notice.0 = Some(e.to_string()),
            },
            ProfilesAction::TeacherMode => next.set(AppState::Teacher),
        }
        redraw.0 = true;
    }
}

/// Makes `profile` the current one and remembers it for the next start.
fn choose(store: &Store, current: &mut Current, profile: qike_core::progress::Profile) {
    current.settings.last_profile = Some(profile.id);
    // Only a convenience for the next start; the profile itself is already stored.
    if let Err(e) = store.0.save_settings(&current.settings) {
        warn!("could not remember the last profile: {e}");
    }
    current.profile = Some(profile);
}

fn draw(
    mut canvas: Canvas,
    form: Res<ProfileForm>,
    store: Option<Res<Store>>,
    notice: Res<Notice>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::WhoIsPlaying), None);
    let mut profiles = store.and_then(|s| s.0.profiles().ok()).unwrap_or_default();
    profiles.retain(|p| p.role == Role::Student);

    if form.open {
        let label = col.next(1.6 * u);
        p.text(label, lang.get(Msg::ChooseAvatar), 1.1, INK);
        let row = col.next(4.0 * u);
        let cells = crate::ui::split(row, AVATARS.len(), 0.4 * u);
        for (i, (cell, a)) in cells.iter().zip(AVATARS.iter()).enumerate() {
            let ring = (i == form.avatar).then_some(SELECTED);
            let d = cell.width().min(cell.height());
            p.round(cell.center(), d, a.1, a.2, INK, ring, Some(ProfilesAction::Avatar(i)));
        }
        let label = col.next(1.6 * u);
        p.text(label, lang.get(Msg::YourName), 1.0, MUTED);
        let field = col.next(3.0 * u);
        p.panel(field, CARD, 0.6);
        let (_, _, _, zh, en) = AVATARS[form.avatar.min(AVATARS.len() - 1)];
        let shown = if form.name.is_empty() {
            (if lang == Lang::Zh { zh } else { en }).to_owned()
        } else {
            format!("{}|", form.name)
        };
        let ink = if form.name.is_empty() { MUTED } else { INK };
        let inner = Rect::new(field.min.x + u, field.min.y + 0.7 * u, field.max.x - u, field.max.y);
        p.text(inner, shown, 1.2, ink);
        let row = col.row(2, 3.0 * u);
        p.button(row[0], lang.get(Msg::Create), ProfilesAction::CreateProfile, Look::Primary);
        if !profiles.is_empty() {
            p.button(row[1], lang.get(Msg::Cancel), ProfilesAction::CancelProfile, Look::Secondary);
        }
    } else {
        for profile in &profiles {
            let row = col.next(3.6 * u);
            let e = p.panel(row, CARD, 1.0);
            p.hit(e, row, ProfilesAction::PickProfile(profile.id));
            let (glyph, fill) = avatar(&profile.avatar);
            let c = Vec2::new(row.min.x + 2.0 * u, row.center().y);
            p.round(c, 2.8 * u, glyph, fill, INK, None, None::<ProfilesAction>);
            let t = Rect::new(row.min.x + 4.2 * u, row.min.y + 0.9 * u, row.max.x - u, row.max.y);
            p.text(t, profile.display_name.clone(), 1.3, INK);
        }
        let b = col.next(3.0 * u);
        p.button(b, lang.get(Msg::NewProfile), ProfilesAction::NewProfile, Look::Primary);
    }
    // Teachers need no profile: the switch is always there.
    let b = col.next(3.0 * u);
    p.button(b, lang.get(Msg::TeacherMode), ProfilesAction::TeacherMode, Look::Secondary);
    if let Some(text) = &notice.0 {
        let r = col.next(2.0 * u);
        p.text(r, text.clone(), 0.9, BAD);
    }
}
