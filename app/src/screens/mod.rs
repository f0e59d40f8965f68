//! One plugin per screen. Each reacts to [`crate::ui::Pressed`] (and board taps) in
//! `UiSet::Logic` and draws itself in `UiSet::Draw` when [`crate::ui::Redraw`] is set.

pub mod course;
pub mod demo_board;
pub mod home;
pub mod homework;
pub mod lesson;
pub mod my_class;
pub mod play;
pub mod play_setup;
pub mod practice;
pub mod profiles;
pub mod progress;
pub mod result;
pub mod settings;
pub mod store_error;
pub mod teacher;
pub mod tournament;

use bevy::prelude::*;

use crate::i18n::{Lang, Msg};
use crate::ui::{Action, Column, Frame, INK, Look, Painter};

/// The band at the top of a screen: a back button (when `back` is given) and a title.
/// Returns a column for the rest of the screen.
pub fn header(
    p: &mut Painter,
    frame: &Frame,
    lang: Lang,
    title: &str,
    back: Option<Action>,
) -> Column {
    let u = frame.unit;
    let area = frame.inner(0.8);
    let bar = Rect::new(area.min.x, area.min.y, area.max.x, area.min.y + 2.6 * u);
    let mut title_left = bar.min.x;
    if let Some(action) = back {
        let b = Rect::new(bar.min.x, bar.min.y, bar.min.x + 5.0 * u, bar.max.y);
        p.button(b, format!("← {}", lang.get(Msg::Back)), action, Look::Secondary);
        title_left = b.max.x + 0.6 * u;
    }
    let t = Rect::new(title_left, bar.min.y + 0.35 * u, bar.max.x, bar.max.y);
    p.text(t, title, 1.5, INK);
    let rest = Rect::new(area.min.x, bar.max.y + 0.8 * u, area.max.x, area.max.y);
    Column::new(rest, 0.6 * u)
}

/// Stars as text: ★★☆.
pub fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

/// The name of a game.
pub fn game_name(kind: qike_core::GameKind) -> Msg {
    use qike_core::GameKind;
    match kind {
        GameKind::Xiangqi => Msg::Xiangqi,
        GameKind::Chess => Msg::Chess,
        GameKind::Go { .. } => Msg::Go,
        GameKind::Gomoku { .. } => Msg::Gomoku,
    }
}

/// The name of a game with its board size or rule: 围棋 9×9, 五子棋 · 连珠规则.
pub fn game_title(kind: qike_core::GameKind, lang: Lang) -> String {
    use qike_core::{GameKind, GomokuRule};
    let name = lang.get(game_name(kind));
    match kind {
        GameKind::Go { size } => format!("{name} {size}×{size}"),
        GameKind::Gomoku { rule } => {
            let rule = match rule {
                GomokuRule::Freestyle => Msg::Freestyle,
                GomokuRule::Standard => Msg::Standard,
                GomokuRule::Renju => Msg::Renju,
            };
            format!("{name} · {}", lang.get(rule))
        }
        _ => name.to_owned(),
    }
}

/// Whether two kinds are the same game (whatever the board size or rule).
pub fn same_game(a: qike_core::GameKind, b: qike_core::GameKind) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}
