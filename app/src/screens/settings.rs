//! Settings: language (the system's by default), sound, how pieces are labelled, and
//! whether the boards show their coordinates.
//! Saved in the store at once.

use bevy::prelude::*;
use qike_core::progress::PieceStyle;

use crate::AppState;
use crate::data::{Current, Notice, Store};
use crate::i18n::{Lang, Msg};
use crate::screens::header;
use crate::ui::Canvas;
use crate::ui::{Action, BAD, INK, Look, Pressed, Redraw};

#[derive(Debug)]
pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        crate::ui::add_screen(app, AppState::Settings, react, draw);
    }
}

fn react(
    mut pressed: MessageReader<Pressed>,
    mut current: ResMut<Current>,
    store: Option<Res<Store>>,
    mut notice: ResMut<Notice>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    for Pressed(action) in pressed.read() {
        let mut settings = current.settings.clone();
        match action {
            Action::Back => {
                next.set(AppState::Home);
                continue;
            }
            Action::Language(lang) => settings.language = lang.map(|l| l.tag().to_owned()),
            Action::Sound(on) => settings.sound = *on,
            Action::PieceStyle(style) => settings.piece_style = *style,
            Action::ShowCoordinates(on) => settings.show_coordinates = *on,
            _ => continue,
        }
        if let Some(store) = &store
            && let Err(e) = store.0.save_settings(&settings)
        {
            notice.0 = Some(e.to_string());
        }
        current.settings = settings;
        redraw.0 = true;
    }
}

fn draw(mut canvas: Canvas, current: Res<Current>, notice: Res<Notice>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let s = &current.settings;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Settings), Some(Action::Back));
    let pick = |on: bool| if on { Look::Selected } else { Look::Secondary };

    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Language), 1.2, INK);
    let row = col.row(3, 3.0 * u);
    let chosen = s.language.as_deref().map(Lang::from_tag);
    p.button(row[0], lang.get(Msg::FollowSystem), Action::Language(None), pick(chosen.is_none()));
    p.button(row[1], "中文", Action::Language(Some(Lang::Zh)), pick(chosen == Some(Lang::Zh)));
    p.button(row[2], "English", Action::Language(Some(Lang::En)), pick(chosen == Some(Lang::En)));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Sound), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::On), Action::Sound(true), pick(s.sound));
    p.button(row[1], lang.get(Msg::Off), Action::Sound(false), pick(!s.sound));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::PieceStyle), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    let chars = s.piece_style == PieceStyle::Characters;
    let chars_label = format!("{} 车马炮", lang.get(Msg::StyleCharacters));
    let letters_label = format!("{} R H C", lang.get(Msg::StyleLetters));
    p.button(row[0], chars_label, Action::PieceStyle(PieceStyle::Characters), pick(chars));
    p.button(row[1], letters_label, Action::PieceStyle(PieceStyle::Letters), pick(!chars));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Coordinates), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    let on = s.show_coordinates;
    p.button(row[0], lang.get(Msg::On), Action::ShowCoordinates(true), pick(on));
    p.button(row[1], lang.get(Msg::Off), Action::ShowCoordinates(false), pick(!on));
    if let Some(n) = &notice.0 {
        let r = col.next(2.0 * u);
        p.text(r, n.clone(), 0.9, BAD);
    }
}
