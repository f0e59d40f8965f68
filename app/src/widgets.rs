//! What several screens draw or read alike: the header band, text entry, the export
//! folder, the QR code, the pupil's homework list, avatars, and the names of games,
//! moves and counts.

use std::path::{Path, PathBuf};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{AssignmentState, JoinCodeError, PupilAssignment, StoreError, Timestamp};
use qike_core::{AnyGame, BoardGame, GoStart, MoveInput, Side, go};

use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, CARD, Column, Frame, GOOD, INK, Look, MUTED, Nav, Painter, STAR};

const DAY_MS: i64 = 86_400_000;

/// The band at the top of a screen: a back button (when `back` is given) and a title.
/// Returns a column for the rest of the screen.
pub fn header(
    p: &mut Painter,
    frame: &Frame,
    lang: Lang,
    title: &str,
    back: Option<Nav>,
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

/// The height of every tap target on the teacher's screens, in units: at least
/// 48 logical pixels at the smallest unit (17 px).
pub const TAP: f32 = 3.0;

/// Why a typed join code was refused.
pub fn join_code_msg(e: &StoreError) -> Msg {
    match e {
        StoreError::JoinCode(JoinCodeError::WrongLength { .. }) => Msg::CodeWrongLength,
        StoreError::JoinCode(JoinCodeError::BadCharacter(_)) => Msg::CodeBadCharacter,
        StoreError::JoinCode(JoinCodeError::Checksum) => Msg::CodeTypo,
        StoreError::JoinCode(JoinCodeError::NotAJoinPayload) => Msg::CodeNotQike,
        StoreError::JoinCode(JoinCodeError::BadTeacherKey) => Msg::CodeBadTeacherKey,
        _ => Msg::SaveFailed,
    }
}

/// The folder CSV exports go to: beside the store.
pub fn export_dir(data: &Path) -> PathBuf {
    data.with_file_name("exports")
}

/// Keyboard letters and committed IME text go into `field`; backspace takes one off.
pub fn type_into(
    field: &mut String,
    max: usize,
    keys: &mut MessageReader<KeyboardInput>,
    ime: &mut MessageReader<Ime>,
) -> bool {
    let mut changed = false;
    let add = |field: &mut String, text: &str| {
        for c in text.chars().filter(|c| !c.is_control()) {
            if field.chars().count() < max {
                field.push(c);
            }
        }
    };
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        match &k.logical_key {
            Key::Backspace => {
                field.pop();
            }
            _ => {
                if let Some(text) = &k.text {
                    add(field, text);
                }
            }
        }
        changed = true;
    }
    for e in ime.read() {
        if let Ime::Commit { value, .. } = e {
            add(field, value);
            changed = true;
        }
    }
    changed
}

/// Draws a QR code of `text` filling `square`, with its quiet zone, dark modules as
/// runs of one row.
pub fn qr(p: &mut Painter, square: Rect, text: &str) {
    let Ok(code) = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M) else {
        return;
    };
    let n = code.width();
    let colors = code.to_colors();
    p.panel(square, Color::WHITE, 0.0);
    let module = square.width() / (n + 8) as f32;
    let origin = square.min + Vec2::splat(4.0 * module);
    for y in 0..n {
        let mut x = 0;
        while x < n {
            if colors[y * n + x] != qrcode::Color::Dark {
                x += 1;
                continue;
            }
            let start = x;
            while x < n && colors[y * n + x] == qrcode::Color::Dark {
                x += 1;
            }
            let r = Rect::new(
                origin.x + start as f32 * module,
                origin.y + y as f32 * module,
                origin.x + x as f32 * module,
                origin.y + (y + 1) as f32 * module,
            );
            p.panel(r, Color::BLACK, 0.0);
        }
    }
}

/// The pictures a child can choose: key stored in the profile, glyph, colour, names.
pub const AVATARS: [(&str, &str, Color, &str, &str); 6] = [
    ("bear", "熊", Color::srgb(0.85, 0.70, 0.50), "小熊", "Bear"),
    ("rabbit", "兔", Color::srgb(0.95, 0.80, 0.85), "小兔", "Bunny"),
    ("tiger", "虎", Color::srgb(0.98, 0.75, 0.40), "小虎", "Tiger"),
    ("cat", "猫", Color::srgb(0.80, 0.85, 0.95), "小猫", "Kitty"),
    ("dragon", "龙", Color::srgb(0.70, 0.90, 0.75), "小龙", "Dragon"),
    ("deer", "鹿", Color::srgb(0.90, 0.85, 0.65), "小鹿", "Deer"),
];

/// The glyph and colour of an avatar key (a plain circle for an unknown one).
pub fn avatar(key: &str) -> (&'static str, Color) {
    AVATARS
        .iter()
        .find(|a| a.0 == key)
        .map(|a| (a.1, a.2))
        .unwrap_or(("棋", Color::srgb(0.9, 0.85, 0.75)))
}

/// The words and colour for a state.
pub fn state_look(state: AssignmentState) -> (Msg, Color) {
    match state {
        AssignmentState::Done => (Msg::HomeworkDone, GOOD),
        AssignmentState::Late => (Msg::HomeworkLate, STAR),
        AssignmentState::Missing => (Msg::HomeworkMissing, BAD),
        AssignmentState::Open => (Msg::HomeworkOpen, MUTED),
    }
}

/// "due in 3 days", "due today", "due 2 days ago".
pub fn due_text(due: Timestamp, now: Timestamp, lang: Lang) -> String {
    let ahead = due.0.saturating_sub(now.0) / DAY_MS;
    if ahead > 0 {
        lang.fill(Msg::DueIn, &[("n", &ahead.to_string())])
    } else if now.days_until(due) == 0 && due.days_until(now) == 0 {
        lang.get(Msg::DueToday).to_owned()
    } else {
        lang.fill(Msg::DueAgo, &[("n", &due.days_until(now).to_string())])
    }
}

/// The pupil's own homework list, from the class files they took in.
pub fn pupil_list(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, list: &[PupilAssignment]) {
    if list.is_empty() {
        return;
    }
    let now = Timestamp::now();
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::MyHomework), 1.0, INK);
    for a in list.iter().filter(|a| a.state != AssignmentState::Done).take(3) {
        let r = col.next(2.4 * u);
        p.panel(r, CARD, 0.5);
        let (msg, color) = state_look(a.state);
        let inner = Rect::new(r.min.x + 0.5 * u, r.min.y + 0.5 * u, r.max.x - 0.5 * u, r.max.y);
        let line = format!(
            "{} · {}/{} · {} · {}",
            a.assignment.title,
            a.done,
            a.assignment.items.len(),
            due_text(a.assignment.due, now, lang),
            lang.get(msg)
        );
        p.text(inner, line, 0.8, color);
    }
}

/// The name of `mv` in Chinese notation, played in `game` (which it does not change).
pub fn move_name(game: &AnyGame, mv: MoveInput) -> String {
    let mut after = game.clone();
    if after.play(mv).is_err() {
        return mv.encode(game.kind());
    }
    after.move_names().pop().map(|n| n.chinese).unwrap_or_default()
}

/// What the start gives each side at the count, in words a child reads: for the set-up.
pub fn komi_text(start: GoStart, lang: Lang) -> String {
    lang.text(&start.balance_text())
}

/// The count of a Go game as the core explains it: each side's 子, what black gives
/// back, what black needs and the result (in 子, and in points in English).
pub fn count_text(score: &go::Score, lang: Lang) -> String {
    lang.text(&score.summary().text())
}

/// What a finished practice puzzle says on the lesson player's last panel.
pub fn verdict(lang: Lang, solved: bool) -> &'static str {
    lang.get(if solved { Msg::PracticeSolved } else { Msg::PracticeMissed })
}

/// A small bar chart in `r`: one bar per `(value, max)`, filled to `value / max` over a
/// pale bar of the whole height.
pub fn bar_chart(p: &mut Painter, r: Rect, bars: &[(f32, f32)], color: Color) {
    if bars.is_empty() {
        return;
    }
    let gap = (r.width() / bars.len() as f32 * 0.25).min(p.unit * 0.4);
    for (slot, &(value, max)) in crate::ui::split(r, bars.len(), gap).into_iter().zip(bars) {
        p.panel(slot, Color::srgb(0.92, 0.90, 0.86), 0.15);
        let share = if max > 0.0 { (value / max).clamp(0.0, 1.0) } else { 0.0 };
        if share > 0.0 {
            let top = slot.max.y - slot.height() * share;
            p.panel(Rect::new(slot.min.x, top, slot.max.x, slot.max.y), color, 0.15);
        }
    }
}

/// A small line chart in `r` of `points` from left to right, scaled to their range,
/// drawn as a row of close dots with a bigger dot at each point.
pub fn line_chart(p: &mut Painter, r: Rect, points: &[f32], color: Color) {
    p.panel(Rect::new(r.min.x, r.max.y - 2.0, r.max.x, r.max.y), MUTED, 0.0);
    let lo = points.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = points.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let span = (hi - lo).max(1.0);
    let dot = (p.unit * 0.18).max(3.0);
    let inner = Rect::new(r.min.x + dot, r.min.y + dot, r.max.x - dot, r.max.y - 2.0 * dot);
    let at = |i: usize, v: f32| {
        let x = if points.len() < 2 {
            inner.center().x
        } else {
            inner.min.x + inner.width() * i as f32 / (points.len() - 1) as f32
        };
        Vec2::new(x, inner.max.y - inner.height() * (v - lo) / span)
    };
    for (i, pair) in points.windows(2).enumerate() {
        let (a, b) = (at(i, pair[0]), at(i + 1, pair[1]));
        let steps = (a.distance(b) / (dot * 0.6)).ceil().max(1.0) as usize;
        for k in 0..steps {
            let c = a.lerp(b, k as f32 / steps as f32);
            p.panel(Rect::from_center_size(c, Vec2::splat(dot)), color, 0.2);
        }
    }
    for (i, &v) in points.iter().enumerate() {
        p.panel(Rect::from_center_size(at(i, v), Vec2::splat(dot * 2.2)), color, 1.0);
    }
}

/// The count drawn over a Go board laid out by `layout`: each side's area shaded with a
/// small square of its colour on every empty point it surrounds. Its live stones and
/// the dead stones inside it (drawn faint with a cross by the board) count to it too.
pub fn count_overlay(
    p: &mut Painter,
    layout: &crate::layout::BoardLayout,
    picture: &qike_core::go::CountPicture,
) {
    let cell = layout.cell;
    for point in picture.points.iter().filter(|p| p.stone.is_none()) {
        let Some(side) = point.area else { continue };
        let c = layout.center(point.at);
        let (fill, edge) = match side {
            Side::First => (Color::srgb(0.12, 0.12, 0.12), Color::srgb(0.12, 0.12, 0.12)),
            Side::Second => (Color::WHITE, Color::srgb(0.35, 0.35, 0.35)),
        };
        let outer = Rect::from_center_size(c, Vec2::splat(cell * 0.36));
        p.panel(outer, edge, 0.0);
        p.panel(Rect::from_center_size(c, Vec2::splat(cell * 0.36 - 4.0)), fill, 0.0);
    }
}

/// A ◀ choice ▶ row: the back button, the middle and the forward button.
pub fn stepper_row(col: &mut crate::ui::Column, u: f32) -> (Rect, Rect, Rect) {
    let r = col.next(2.8 * u);
    let side = 3.4 * u;
    let back = Rect::new(r.min.x, r.min.y, r.min.x + side, r.max.y);
    let on = Rect::new(r.max.x - side, r.min.y, r.max.x, r.max.y);
    let middle = Rect::new(back.max.x + col.gap, r.min.y, on.min.x - col.gap, r.max.y);
    (back, middle, on)
}

/// A child's 四国军棋 games in one line: played, won, drawn, lost and the best level
/// beaten (the home card and the progress screen).
pub fn junqi_record(lang: Lang, r: &qike_core::progress::JunqiCard) -> String {
    let mut line = lang.fill(
        Msg::JunqiRecord,
        &[
            ("played", &r.played.to_string()),
            ("won", &r.won.to_string()),
            ("drawn", &r.drawn.to_string()),
            ("lost", &r.lost.to_string()),
        ],
    );
    if let Some(level) = r.best_level_beaten {
        line.push_str(" · ");
        line.push_str(&lang.fill(Msg::JunqiBestLevel, &[("n", &level.to_string())]));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_reads_in_words_a_child_knows() {
        assert_eq!(komi_text(GoStart::Even, Lang::Zh), "黑棋先下。数子时，白棋先得 3¾ 子。");
        for start in [GoStart::Even, GoStart::NoKomi, GoStart::Handicap(3)] {
            let zh = komi_text(start, Lang::Zh);
            assert!(!zh.contains('又') && !zh.contains('目'), "{zh}");
        }
        assert!(komi_text(GoStart::Handicap(3), Lang::Zh).contains("黑棋先摆 3 子"));
    }
}
