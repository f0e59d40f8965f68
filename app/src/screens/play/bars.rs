//! The player bars above and below the board: who plays (the child's picture and
//! name, the computer's level, or the side's colour for two players), whose turn it is,
//! what each side has taken with the material difference (xiangqi, chess) or its
//! captures and komi (Go), and each side's clock on a game on time.

use bevy::prelude::*;
use qike_core::go::{Komi, Stones};
use qike_core::session::{ClockView, GameSession, clock_text};
use qike_core::{BoardGame, Colour, GameKind, GameSetup, GoStart, PieceKind, Side};

use crate::i18n::{Lang, Msg};
use crate::ui::{CARD, GOOD, INK, MUTED, PRIMARY, PRIMARY_INK, Painter};
use crate::widgets::avatar;

/// Marks a clock's text, so it counts down without redrawing the screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct ClockText(pub Side);

/// Who sits at one bar.
pub struct Seat<'a> {
    pub side: Side,
    /// The child's name and picture key; `None` for the computer or a second player.
    pub child: Option<(&'a str, &'a str)>,
    pub thinking: bool,
}

/// The name shown for a side: the child, the computer's level, or the side's colour.
fn seat_name(s: &GameSession, seat: &Seat, lang: Lang) -> String {
    if let Some((name, _)) = seat.child {
        return name.to_owned();
    }
    match s.level() {
        Some(level) if seat.side != s.player() => {
            let name = if lang == Lang::Zh { level.name_zh } else { level.name_en };
            format!("{} {} · {name}", lang.get(Msg::Level), level.number)
        }
        _ => lang.get(colour_name(s.kind(), seat.side)).to_owned(),
    }
}

fn colour_name(kind: GameKind, side: Side) -> Msg {
    match side.colour(kind) {
        Colour::Red => Msg::RedSide,
        Colour::Black => Msg::BlackSide,
        Colour::White => Msg::WhiteSide,
    }
}

/// The disc at the start of a bar: the child's picture, the level's number, or the
/// side's colour with its name.
fn disc(p: &mut Painter, center: Vec2, d: f32, s: &GameSession, seat: &Seat) {
    let (glyph, fill, ink) = if let Some((_, key)) = seat.child {
        let (g, c) = avatar(key);
        (g.to_owned(), c, INK)
    } else if let (Some(level), true) = (s.level(), seat.side != s.player()) {
        (level.number.to_string(), Color::srgb(0.85, 0.88, 0.95), INK)
    } else {
        match seat.side.colour(s.kind()) {
            Colour::Red => ("红".to_owned(), Color::srgb(0.80, 0.20, 0.15), Color::WHITE),
            Colour::Black => ("黑".to_owned(), Color::srgb(0.15, 0.15, 0.15), Color::WHITE),
            Colour::White => ("白".to_owned(), Color::srgb(0.97, 0.97, 0.95), INK),
        }
    };
    let r = Rect::from_center_size(center, Vec2::splat(d));
    p.panel(r, fill, d / 2.0 / p.unit);
    let t = Rect::new(r.min.x, r.min.y + d * 0.17, r.max.x, r.max.y);
    let e = p.text_aligned(t, glyph, d * 0.5 / p.unit, ink, Justify::Center);
    p.commands.entity(e).insert(TextFont {
        font: p.fonts.bold.clone().into(),
        font_size: FontSize::Px(d * 0.5),
        ..default()
    });
}

/// Draws one bar in `r`.
pub fn bar(
    p: &mut Painter,
    r: Rect,
    s: &GameSession,
    seat: &Seat,
    clock: Option<&ClockView>,
    lang: Lang,
) {
    let u = p.unit;
    let to_move = s.outcome().is_none() && s.game().side_to_move() == seat.side;
    let fill = if to_move { Color::srgb(0.99, 0.93, 0.85) } else { CARD };
    p.panel(r, fill, 0.6);
    if to_move {
        // A strip on the left edge: whose turn it is, in every game.
        p.panel(Rect::new(r.min.x, r.min.y, r.min.x + 0.35 * u, r.max.y), PRIMARY, 0.2);
    }
    let d = r.height() * 0.78;
    disc(p, Vec2::new(r.min.x + 0.6 * u + d / 2.0, r.center().y), d, s, seat);
    let x0 = r.min.x + 1.2 * u + d;
    let clock_w = if clock.is_some() { 6.4 * u } else { 0.0 };
    let name =
        Rect::new(x0, r.min.y + 0.25 * u, r.max.x - clock_w - 0.4 * u, r.center().y + 0.2 * u);
    p.text(name, seat_name(s, seat, lang), 0.95, INK);
    // Under the name: what this side took, or its captures and komi, or the thinking sign.
    let line = Rect::new(x0, r.center().y + 0.1 * u, r.max.x - clock_w - 0.4 * u, r.max.y);
    if seat.thinking {
        let e = p.text(line, lang.get(Msg::Thinking), 0.8, MUTED);
        p.commands.entity(e).insert(super::ThinkingText);
    } else {
        taken(p, line, s, seat.side, lang);
    }
    if let Some(view) = clock {
        let c =
            Rect::new(r.max.x - clock_w, r.min.y + 0.3 * u, r.max.x - 0.3 * u, r.max.y - 0.3 * u);
        let running = view.running == Some(seat.side);
        let flagged = view.flagged == Some(seat.side);
        let (bg, ink) = match (running, flagged) {
            (_, true) => (crate::ui::BAD, PRIMARY_INK),
            (true, _) => (INK, PRIMARY_INK),
            _ => (Color::srgb(0.93, 0.90, 0.85), INK),
        };
        p.panel(c, bg, 0.4);
        let left = *view.remaining_ms.get(seat.side);
        let e = p.text_aligned(c, clock_text(left), 1.3, ink, Justify::Center);
        p.commands.entity(e).insert(ClockText(seat.side));
    }
}

/// What `side` took and its lead, or Go's captures and komi.
fn taken(p: &mut Painter, r: Rect, s: &GameSession, side: Side, lang: Lang) {
    let kind = s.kind();
    if let GameKind::Go { .. } = kind {
        let caps = s.go_captures().map(|c| *c.get(side)).unwrap_or(0);
        let mut text = lang.fill(Msg::GoCaptured, &[("n", &caps.to_string())]);
        let even = matches!(s.setup(), GameSetup::Go { start: GoStart::Even, .. });
        if side == Side::Second && even {
            let komi = Stones::from_quarters(Komi::CHINESE.half_points()).english_number();
            text.push_str(" · ");
            text.push_str(&lang.fill(Msg::GoKomiShort, &[("n", &komi)]));
        }
        p.text(r, text, 0.75, MUTED);
        return;
    }
    let Some(material) = s.material() else { return };
    let pieces = material.captured.get(side);
    let lead = match material.ahead() {
        Some((ahead, by)) if ahead == side => format!(" +{by}"),
        _ => String::new(),
    };
    match kind {
        GameKind::Chess => {
            // The other side's figures as they stood on the board.
            figures(p, r, pieces, side == Side::Second, r.height() * 0.8, Justify::Left);
            if !lead.is_empty() {
                let w = pieces.len() as f32 * r.height() * 0.75 + 0.3 * p.unit;
                let x = (r.min.x + w).min(r.max.x - 3.0 * p.unit);
                p.text(Rect::new(x, r.min.y, r.max.x, r.max.y), lead, 0.8, GOOD);
            }
        }
        _ => {
            let other = side.opponent();
            let colour = match other.colour(kind) {
                Colour::Red => crate::ui::BAD,
                _ => INK,
            };
            let glyphs: String = pieces
                .iter()
                .map(|&k: &PieceKind| qike_core::xiangqi::glyph(other, k))
                .collect::<Vec<_>>()
                .join("");
            p.text(r, format!("{glyphs}{lead}"), 0.85, colour);
        }
    }
}

/// Chess figures of `pieces` in `r` as they stand on the board: white ones a white
/// fill under the outline figure, black ones the filled figure alone.
pub(super) fn figures(
    p: &mut Painter,
    r: Rect,
    pieces: &[PieceKind],
    white: bool,
    px: f32,
    justify: Justify,
) {
    let glyphs = |pick: fn((char, char)) -> char| -> String {
        pieces.iter().map(|&k| pick(crate::board::figure(k))).collect()
    };
    let layers = if white {
        vec![(glyphs(|f| f.0), Color::WHITE), (glyphs(|f| f.1), INK)]
    } else {
        vec![(glyphs(|f| f.0), INK)]
    };
    for (text, colour) in layers {
        let e = p.text_aligned(r, text, 1.0, colour, justify);
        let font = TextFont {
            font: p.fonts.chess.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        };
        p.commands.entity(e).insert(font);
    }
}
