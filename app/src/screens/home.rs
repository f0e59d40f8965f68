//! Home: hello to the child, the four games (xiangqi now, the others as their courses
//! arrive), and the way to progress, settings and the profile picker.

use bevy::prelude::*;

use crate::AppState;
use crate::data::Current;
use crate::i18n::Msg;
use crate::screens::profiles::avatar;
use crate::ui::Canvas;
use crate::ui::{Action, CARD, INK, Look, MUTED, Pressed};

#[derive(Debug)]
pub struct HomePlugin;

impl Plugin for HomePlugin {
    fn build(&self, app: &mut App) {
        crate::ui::add_screen(app, AppState::Home, react, draw);
    }
}

fn react(mut pressed: MessageReader<Pressed>, mut next: ResMut<NextState<AppState>>) {
    for Pressed(action) in pressed.read() {
        if let Action::Go(state) = action {
            next.set(*state);
        }
    }
}

fn draw(mut canvas: Canvas, current: Res<Current>) {
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
    // The xiangqi card: lessons and play.
    let card = col.next(9.0 * u);
    p.panel(card, CARD, 1.0);
    let title =
        Rect::new(card.min.x + u, card.min.y + 0.8 * u, card.max.x - u, card.min.y + 3.2 * u);
    p.text(title, lang.get(Msg::Xiangqi), 1.6, INK);
    let buttons = Rect::new(card.min.x + u, card.min.y + 4.2 * u, card.max.x - u, card.max.y - u);
    let halves = crate::ui::split(buttons, 2, 0.8 * u);
    p.button(halves[0], lang.get(Msg::Lessons), Action::Go(AppState::Course), Look::Primary);
    p.button(halves[1], lang.get(Msg::PlayAi), Action::Go(AppState::PlaySetup), Look::Primary);

    // The other games, not yet open.
    for game in [Msg::Go, Msg::Chess, Msg::Gomoku] {
        let row = col.next(3.2 * u);
        p.panel(row, CARD, 1.0);
        let left = Rect::new(row.min.x + u, row.min.y + 0.8 * u, row.center().x, row.max.y);
        p.text(left, lang.get(game), 1.2, INK);
        let right = Rect::new(row.center().x, row.min.y + 0.9 * u, row.max.x - u, row.max.y);
        p.text_aligned(right, lang.get(Msg::ComingSoon), 1.0, MUTED, Justify::Right);
    }
    col.next(0.5 * u);
    let row = col.row(3, 3.0 * u);
    p.button(row[0], lang.get(Msg::Progress), Action::Go(AppState::Progress), Look::Secondary);
    p.button(row[1], lang.get(Msg::Settings), Action::Go(AppState::Settings), Look::Secondary);
    p.button(row[2], lang.get(Msg::SwitchPlayer), Action::Go(AppState::Profiles), Look::Secondary);
}
