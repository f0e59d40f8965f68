//! Home: hello to the child, the four games as equal cards (each with "play", and
//! "lessons" for every game that has a course), and the way to progress, settings and
//! the profile picker.

use bevy::prelude::*;

use qike_core::{GameKind, GomokuRule};

use crate::AppState;
use crate::data::{ChosenCourse, Current, Notice, Store, course_index};
use crate::i18n::Msg;
use crate::screens::game_name;
use crate::screens::play_setup::PlayChoice;
use crate::screens::profiles::avatar;
use crate::ui::Canvas;
use crate::ui::{Action, CARD, INK, Look, Pressed};

/// The four games, in the order of the cards, each with the board it starts on.
pub const GAMES: [GameKind; 4] = [
    GameKind::Xiangqi,
    GameKind::Chess,
    GameKind::Go { size: 9 },
    GameKind::Gomoku { rule: GomokuRule::Freestyle },
];

#[derive(Debug)]
pub struct HomePlugin;

impl Plugin for HomePlugin {
    fn build(&self, app: &mut App) {
        crate::ui::add_screen(app, AppState::Home, react, draw);
    }
}

fn react(
    mut pressed: MessageReader<Pressed>,
    mut choice: ResMut<PlayChoice>,
    mut chosen: ResMut<ChosenCourse>,
    mut next: ResMut<NextState<AppState>>,
    mut commands: Commands,
    store: Option<Res<Store>>,
    current: Res<Current>,
    mut notice: ResMut<Notice>,
) {
    for Pressed(action) in pressed.read() {
        match action {
            Action::StartPractice => {
                if let Some(store) = &store {
                    crate::screens::practice::start(&mut commands, store, &current, &mut notice);
                }
                next.set(AppState::Practice);
            }
            Action::Go(state) => next.set(*state),
            Action::Course(i) => {
                chosen.0 = *i;
                next.set(AppState::Course);
            }
            Action::PlayGame(kind) => {
                choice.choose_game(*kind);
                next.set(AppState::PlaySetup);
            }
            _ => {}
        }
    }
}

fn draw(mut canvas: Canvas, current: Res<Current>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let u = frame.unit;
    let area = frame.inner(1.0);
    let name = current.profile.as_ref().map(|p| p.display_name.clone()).unwrap_or_default();
    let (glyph, fill) = avatar(current.profile.as_ref().map(|p| p.avatar.as_str()).unwrap_or(""));
    p.round(area.min + Vec2::splat(2.0 * u), 4.0 * u, glyph, fill, INK, None, None);
    let hello =
        Rect::new(area.min.x + 5.0 * u, area.min.y + 0.8 * u, area.max.x, area.min.y + 3.6 * u);
    p.text(hello, format!("{}{}", lang.get(Msg::Hello), name), 1.6, INK);

    let mut col = crate::ui::Column::new(
        Rect::new(area.min.x, area.min.y + 5.5 * u, area.max.x, area.max.y),
        0.8 * u,
    );
    // The four games in two rows of two equal cards: a badge, the name, and "play"
    // (with "lessons" above it for every game that has a course).
    let card_h = 10.6 * u;
    for pair in GAMES.chunks(2) {
        let cards = col.row(2, card_h);
        for (card, &kind) in cards.iter().zip(pair) {
            p.panel(*card, CARD, 1.0);
            let (glyph, fill, ink) = badge(kind);
            let c = Vec2::new(card.min.x + 2.2 * u, card.min.y + 2.2 * u);
            p.round(c, 2.8 * u, glyph, fill, ink, Some(INK), None);
            let title = Rect::new(
                card.min.x + 4.0 * u,
                card.min.y + 1.4 * u,
                card.max.x - 0.5 * u,
                card.min.y + 3.4 * u,
            );
            p.text(title, lang.get(game_name(kind)), 1.3, INK);
            let play = Rect::new(
                card.min.x + 0.8 * u,
                card.max.y - 3.5 * u,
                card.max.x - 0.8 * u,
                card.max.y - 0.8 * u,
            );
            p.button(play, lang.get(Msg::Play), Action::PlayGame(kind), Look::Primary);
            if let Some(i) = course_index(kind) {
                let lessons =
                    Rect::new(play.min.x, play.min.y - 3.2 * u, play.max.x, play.min.y - 0.5 * u);
                p.button(lessons, lang.get(Msg::Lessons), Action::Course(i), Look::Secondary);
            }
        }
    }
    col.next(0.5 * u);
    // Daily practice from the lessons the child finished, in every game.
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::Practice), Action::StartPractice, Look::Primary);
    p.button(row[1], lang.get(Msg::Progress), Action::Go(AppState::Progress), Look::Secondary);
    let row = col.row(3, 3.0 * u);
    p.button(row[0], lang.get(Msg::MyClasses), Action::Go(AppState::MyClass), Look::Secondary);
    p.button(row[1], lang.get(Msg::Settings), Action::Go(AppState::Settings), Look::Secondary);
    p.button(row[2], lang.get(Msg::SwitchPlayer), Action::Go(AppState::Profiles), Look::Secondary);
    // Homework from the classes the child joined, once a class file came.
    if let (Some(store), Some(profile)) = (store, current.profile.as_ref()) {
        let now = qike_core::progress::Timestamp::now();
        let list = store.0.pupil_assignments(profile.id, now).unwrap_or_default();
        crate::screens::homework::pupil_list(&mut p, &mut col, u, lang, &list);
    }
}

/// The small picture on a game's card: a piece or a stone.
fn badge(kind: GameKind) -> (&'static str, Color, Color) {
    match kind {
        GameKind::Xiangqi => ("帅", Color::srgb(0.99, 0.95, 0.84), Color::srgb(0.78, 0.08, 0.06)),
        GameKind::Chess => ("王", Color::srgb(0.99, 0.98, 0.94), INK),
        GameKind::Go { .. } => ("", Color::srgb(0.08, 0.08, 0.08), INK),
        GameKind::Gomoku { .. } => ("五", Color::srgb(0.97, 0.97, 0.95), INK),
    }
}
