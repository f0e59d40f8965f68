//! Settings: language (the system's by default), sound, how pieces are labelled, and
//! whether the boards show their coordinates.
//! Saved in the store at once.

use bevy::prelude::*;
use qike_core::progress::PieceStyle;

use crate::AppState;
use crate::data::{Current, Notice, Store};
use crate::i18n::{Lang, Msg};
use crate::ui::{AddActions, BAD, Canvas, INK, Look, Nav, Pressed, Redraw};
use crate::widgets::header;

/// The settings screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum SettingsAction {
    Language(Option<Lang>),
    Sound(bool),
    PieceStyle(PieceStyle),
    ShowCoordinates(bool),
    /// Chess in figures (`true`) or character discs.
    ChessFigures(bool),
}

#[derive(Debug)]
pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<SettingsAction>();
        crate::ui::add_screen(app, AppState::Settings, react, draw);
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<SettingsAction>>,
    mut current: ResMut<Current>,
    store: Option<Res<Store>>,
    mut notice: ResMut<Notice>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
    }
    for Pressed(action) in pressed.read() {
        let mut settings = current.settings.clone();
        match action {
            SettingsAction::Language(lang) => settings.language = lang.map(|l| l.tag().to_owned()),
            SettingsAction::Sound(on) => settings.sound = *on,
            SettingsAction::PieceStyle(style) => settings.piece_style = *style,
            SettingsAction::ShowCoordinates(on) => settings.show_coordinates = *on,
            SettingsAction::ChessFigures(on) => settings.chess_figures = *on,
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
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Settings), Some(Nav::Back));
    let pick = |on: bool| if on { Look::Selected } else { Look::Secondary };

    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Language), 1.2, INK);
    let row = col.row(3, 3.0 * u);
    let chosen = s.language.as_deref().map(Lang::from_tag);
    p.button(
        row[0],
        lang.get(Msg::FollowSystem),
        SettingsAction::Language(None),
        pick(chosen.is_none()),
    );
    p.button(
        row[1],
        "中文",
        SettingsAction::Language(Some(Lang::Zh)),
        pick(chosen == Some(Lang::Zh)),
    );
    p.button(
        row[2],
        "English",
        SettingsAction::Language(Some(Lang::En)),
        pick(chosen == Some(Lang::En)),
    );

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Sound), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::On), SettingsAction::Sound(true), pick(s.sound));
    p.button(row[1], lang.get(Msg::Off), SettingsAction::Sound(false), pick(!s.sound));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::PieceStyle), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    let chars = s.piece_style == PieceStyle::Characters;
    let chars_label = format!("{} 车马炮", lang.get(Msg::StyleCharacters));
    let letters_label = format!("{} R H C", lang.get(Msg::StyleLetters));
    p.button(row[0], chars_label, SettingsAction::PieceStyle(PieceStyle::Characters), pick(chars));
    p.button(row[1], letters_label, SettingsAction::PieceStyle(PieceStyle::Letters), pick(!chars));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::ChessPieces), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    let figures = s.chess_figures;
    let figures_label = lang.get(Msg::ChessFigures);
    let discs_label = format!("{} 王后马", lang.get(Msg::ChessDiscs));
    p.button(row[0], figures_label, SettingsAction::ChessFigures(true), pick(figures));
    p.button(row[1], discs_label, SettingsAction::ChessFigures(false), pick(!figures));

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::Coordinates), 1.2, INK);
    let row = col.row(2, 3.0 * u);
    let on = s.show_coordinates;
    p.button(row[0], lang.get(Msg::On), SettingsAction::ShowCoordinates(true), pick(on));
    p.button(row[1], lang.get(Msg::Off), SettingsAction::ShowCoordinates(false), pick(!on));
    if let Some(n) = &notice.0 {
        let r = col.next(2.0 * u);
        p.text(r, n.clone(), 0.9, BAD);
    }
}
