//! Setting up a game: the game's own options (Go's board, 分先/让先/让子 and the
//! handicap; gomoku's rule and opening), the opponent — a level of the computer where
//! the game has an engine, else two players on one device — and the child's side. A
//! saved game of the same game can be continued instead.

use bevy::prelude::*;
use qike_core::gomoku::OPENINGS;
use qike_core::progress::{ProgressStore, Timestamp};
use qike_core::session::{GameSession, TimeControl};
use qike_core::{GameKind, GameSetup, GoStart, GomokuRule, Side, ai, go};

use crate::AppState;
use crate::data::{Current, Notice, Store};
use crate::flow::{PlayChoice, StartSession, draft_slot};
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, CARD, Canvas, Column, INK, Look, MUTED, Nav, Painter, Pressed, Redraw, UiSet,
    redrawing, split,
};
use crate::widgets::{game_title, header, komi_text, stepper_row};

/// The unfinished saved game of `kind`'s game, if there is a readable one.
pub fn saved_game(store: &ProgressStore, current: &Current, kind: GameKind) -> Option<GameSession> {
    let profile = current.profile.as_ref()?;
    let bytes = store.draft(profile.id, draft_slot(kind)).ok().flatten()?;
    GameSession::resume_bytes(&bytes).ok().filter(|s| s.outcome().is_none())
}

/// The Go start kept valid for `size`: a handicap the board cannot take becomes the
/// largest it can (or an even game).
fn fit_start(size: u8, start: GoStart) -> GoStart {
    match start {
        GoStart::Handicap(n) => {
            let ok = go::handicap_choices(size);
            if ok.contains(&n) {
                start
            } else {
                ok.into_iter().rfind(|&h| h < n).map_or(GoStart::Even, GoStart::Handicap)
            }
        }
        _ => start,
    }
}

/// The named openings in order, with "none" first.
fn opening_index(opening: &Option<String>) -> usize {
    opening
        .as_deref()
        .and_then(|name| OPENINGS.iter().position(|o| o.name == name))
        .map_or(0, |i| i + 1)
}

/// The set-up screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupAction {
    Level(u8),
    TwoPlayers,
    PlaySide(Side),
    GoSize(u8),
    GoStart(GoStart),
    GomokuRule(GomokuRule),
    /// Steps through the named gomoku openings (-1 back, +1 on; "none" between the ends).
    Opening(i32),
    /// Steps through the time controls for two players (-1 back, +1 on; no clock first).
    Clock(i32),
    StartGame,
    ResumeGame,
}

#[derive(Debug)]
pub struct PlaySetupPlugin;

impl Plugin for PlaySetupPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<SetupAction>();
        app.init_resource::<PlayChoice>()
            .add_systems(OnEnter(AppState::PlaySetup), enter_setup)
            .add_systems(
                Update,
                (
                    react_setup.in_set(UiSet::Logic).run_if(in_state(AppState::PlaySetup)),
                    draw_setup
                        .in_set(UiSet::Draw)
                        .run_if(in_state(AppState::PlaySetup).and_then(redrawing)),
                ),
            );
    }
}

fn enter_setup(store: Option<Res<Store>>, current: Res<Current>, mut choice: ResMut<PlayChoice>) {
    let kind = choice.kind();
    let levels = ai::levels(kind);
    if levels.is_empty() {
        choice.level = None;
        choice.suggested = None;
        return;
    }
    let top = u8::try_from(levels.len()).unwrap_or(u8::MAX);
    let suggested = store
        .zip(current.profile.as_ref())
        .and_then(|(s, p)| s.0.suggested_level(p.id, kind).ok())
        .unwrap_or(1)
        .clamp(1, top);
    choice.suggested = Some(suggested);
    choice.level = Some(suggested);
}

fn react_setup(
    mut commands: Commands,
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<SetupAction>>,
    mut choice: ResMut<PlayChoice>,
    store: Res<Store>,
    current: Res<Current>,
    mut notice: ResMut<Notice>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
        redraw.0 = true;
    }
    for Pressed(action) in pressed.read() {
        let kind = choice.kind();
        match (action, &mut choice.setup) {
            (SetupAction::Level(n), _) => {
                if ai::Level::get(kind, u32::from(*n)).is_ok() {
                    choice.level = Some(*n);
                }
            }
            (SetupAction::TwoPlayers, _) => choice.level = None,
            (SetupAction::PlaySide(side), _) => {
                choice.side = *side;
                if choice.level.is_none() {
                    choice.level = choice.suggested;
                }
            }
            (SetupAction::GoSize(n), GameSetup::Go { size, start }) => {
                *size = *n;
                *start = fit_start(*n, *start);
            }
            (SetupAction::GoStart(s), GameSetup::Go { size, start }) => {
                *start = fit_start(*size, *s)
            }
            (SetupAction::GomokuRule(r), GameSetup::Gomoku { rule, .. }) => *rule = *r,
            (SetupAction::Opening(d), GameSetup::Gomoku { opening, .. }) => {
                let count = OPENINGS.len() as i32 + 1;
                let i = (opening_index(opening) as i32 + d).rem_euclid(count) as usize;
                *opening = i.checked_sub(1).map(|i| OPENINGS[i].name.to_owned());
            }
            (SetupAction::Clock(d), _) => {
                let choices = TimeControl::CHOICES;
                let count = choices.len() as i32 + 1;
                let now = choice.clock.and_then(|c| choices.iter().position(|x| *x == c));
                let i = (now.map_or(0, |i| i as i32 + 1) + d).rem_euclid(count) as usize;
                choice.clock = i.checked_sub(1).map(|i| choices[i]);
            }
            (SetupAction::StartGame, _) => {
                let seed = ProgressStore::new_game_id().unwrap_or(1);
                let side = if choice.level.is_some() { choice.side } else { Side::First };
                match GameSession::new(
                    choice.setup.clone(),
                    side,
                    choice.level,
                    seed,
                    Timestamp::now(),
                ) {
                    Ok(s) => {
                        // Class games are played on time: two players may pick a clock.
                        let s = match choice.clock.filter(|_| choice.level.is_none()) {
                            Some(control) => s.with_clock(control),
                            None => s,
                        };
                        commands.insert_resource(StartSession(s));
                        next.set(AppState::Play);
                    }
                    Err(e) => notice.0 = Some(e.to_string()),
                }
            }
            (SetupAction::ResumeGame, _) => {
                if let Some(s) = saved_game(&store.0, &current, kind) {
                    commands.insert_resource(StartSession(s));
                    next.set(AppState::Play);
                }
            }
            _ => continue,
        }
        redraw.0 = true;
    }
}

fn draw_setup(
    mut canvas: Canvas,
    choice: Res<PlayChoice>,
    store: Res<Store>,
    current: Res<Current>,
    notice: Res<Notice>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let kind = choice.kind();
    let mut p = canvas.painter();
    let title = game_title(kind, lang);
    let mut col = header(&mut p, &frame, lang, &title, Some(Nav::Back));
    if saved_game(&store.0, &current, kind).is_some() {
        let r = col.next(3.0 * u);
        p.button(r, lang.get(Msg::ResumeGame), SetupAction::ResumeGame, Look::Primary);
    }
    match &choice.setup {
        GameSetup::Go { size, start } => go_options(&mut p, &mut col, lang, *size, *start),
        GameSetup::Gomoku { rule, opening } => {
            gomoku_options(&mut p, &mut col, lang, *rule, opening)
        }
        GameSetup::Xiangqi { .. } | GameSetup::Chess { .. } => {}
    }
    opponent(&mut p, &mut col, lang, &choice);
    col.next(0.2 * u);
    let r = col.next(3.2 * u);
    p.button(r, lang.get(Msg::StartGame), SetupAction::StartGame, Look::Primary);
    if let Some(n) = &notice.0 {
        let r = col.next(2.0 * u);
        p.text(r, n.clone(), 0.9, BAD);
    }
}

fn pick(on: bool) -> Look {
    if on { Look::Selected } else { Look::Secondary }
}

fn go_options(p: &mut Painter, col: &mut Column, lang: Lang, size: u8, start: GoStart) {
    let u = p.unit;
    let r = col.next(1.5 * u);
    p.text(r, lang.get(Msg::BoardSize), 1.1, INK);
    let row = col.row(3, 2.8 * u);
    for (cell, n) in row.iter().zip([9u8, 13, 19]) {
        p.button(*cell, format!("{n}×{n}"), SetupAction::GoSize(n), pick(size == n));
    }
    let row = col.row(3, 2.8 * u);
    let stones = match start {
        GoStart::Handicap(n) => n,
        _ => 2,
    };
    let modes = [
        (Msg::GoEven, GoStart::Even),
        (Msg::GoNoKomi, GoStart::NoKomi),
        (Msg::GoHandicap, GoStart::Handicap(stones)),
    ];
    for (cell, (msg, mode)) in row.iter().zip(modes) {
        let on = std::mem::discriminant(&start) == std::mem::discriminant(&mode);
        p.button(*cell, lang.get(msg), SetupAction::GoStart(mode), pick(on));
    }
    if let GoStart::Handicap(n) = start {
        let ok = go::handicap_choices(size);
        for chunk in ok.chunks(6) {
            let cells = split(col.next(2.6 * u), 6, col.gap);
            for (cell, &h) in cells.iter().zip(chunk) {
                p.button(
                    *cell,
                    h.to_string(),
                    SetupAction::GoStart(GoStart::Handicap(h)),
                    pick(n == h),
                );
            }
        }
    }
    let r = col.next(2.2 * u);
    p.text(r, komi_text(start, lang), 0.95, MUTED);
}

fn gomoku_options(
    p: &mut Painter,
    col: &mut Column,
    lang: Lang,
    rule: GomokuRule,
    opening: &Option<String>,
) {
    let u = p.unit;
    let row = col.row(3, 2.8 * u);
    let rules = [
        (Msg::Freestyle, GomokuRule::Freestyle),
        (Msg::Standard, GomokuRule::Standard),
        (Msg::Renju, GomokuRule::Renju),
    ];
    for (cell, (msg, r)) in row.iter().zip(rules) {
        p.button(*cell, lang.get(msg), SetupAction::GomokuRule(r), pick(rule == r));
    }
    let about = match rule {
        GomokuRule::Freestyle => Msg::FreestyleAbout,
        GomokuRule::Standard => Msg::StandardAbout,
        GomokuRule::Renju => Msg::RenjuAbout,
    };
    let r = col.next(2.2 * u);
    p.text(r, lang.get(about), 0.95, MUTED);
    // ◀ 开局：花月 ▶, stepping through the 26 named openings and the free opening.
    let (back, middle, on) = stepper_row(col, u);
    p.button(back, lang.get(Msg::ReplayBack), SetupAction::Opening(-1), Look::Secondary);
    p.button(on, lang.get(Msg::ReplayForward), SetupAction::Opening(1), Look::Secondary);
    p.panel(middle, CARD, 0.6);
    let name = match OPENINGS.get(opening_index(opening).wrapping_sub(1)) {
        None => lang.get(Msg::FreeOpening).to_owned(),
        Some(o) => {
            let mut name = if lang == Lang::Zh {
                o.name.to_owned()
            } else {
                format!("{} {}", o.name, o.romaji)
            };
            if o.black_loses {
                name.push_str(&format!(" ({})", lang.get(Msg::BlackLoses)));
            }
            name
        }
    };
    let label = Rect::new(middle.min.x, middle.min.y + 0.7 * u, middle.max.x, middle.max.y);
    p.text_aligned(label, format!("{}：{name}", lang.get(Msg::Opening)), 1.0, INK, Justify::Center);
}

/// The opponent: the computer's levels and "two players" where the game has an engine,
/// else a note that two players share the device; the side against the computer.
fn opponent(p: &mut Painter, col: &mut Column, lang: Lang, choice: &PlayChoice) {
    let u = p.unit;
    let kind = choice.kind();
    let levels = ai::levels(kind);
    if levels.is_empty() {
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::TwoPlayersNote), 1.0, MUTED);
        return;
    }
    // ◀ Level n · name ▶: one row, so Go's and gomoku's options above it still leave
    // the start button on a small phone's screen.
    let shown = choice.level.or(choice.suggested).unwrap_or(1);
    let (back, middle, on) = stepper_row(col, u);
    if shown > 1 {
        p.button(back, lang.get(Msg::ReplayBack), SetupAction::Level(shown - 1), Look::Secondary);
    }
    if usize::from(shown) < levels.len() {
        p.button(on, lang.get(Msg::ReplayForward), SetupAction::Level(shown + 1), Look::Secondary);
    }
    let name = ai::Level::get(kind, u32::from(shown))
        .map(|l| if lang == Lang::Zh { l.name_zh } else { l.name_en })
        .unwrap_or_default();
    let mut label = format!("{} {shown} · {name}", lang.get(Msg::Level));
    if Some(shown) == choice.suggested {
        label.push('★');
    }
    p.button(middle, label, SetupAction::Level(shown), pick(choice.level == Some(shown)));
    let r = col.next(2.4 * u);
    let about = match choice.level.and_then(|n| ai::Level::get(kind, u32::from(n)).ok()) {
        Some(level) => {
            let about = if lang == Lang::Zh { level.about_zh } else { level.about_en };
            about.to_owned()
        }
        None => lang.get(Msg::TwoPlayersNote).to_owned(),
    };
    p.text(r, about, 0.9, MUTED);
    let (first, second) = match kind {
        GameKind::Xiangqi => (Msg::PlayRed, Msg::PlayBlack),
        GameKind::Chess => (Msg::PlayWhite, Msg::PlayBlack),
        GameKind::Go { .. } | GameKind::Gomoku { .. } => {
            (Msg::PlayBlackFirst, Msg::PlayWhiteSecond)
        }
    };
    let row = col.row(3, 3.0 * u);
    let vs_computer = choice.level.is_some();
    for (cell, (side, msg)) in row.iter().zip([(Side::First, first), (Side::Second, second)]) {
        let on = vs_computer && choice.side == side;
        p.button(*cell, lang.get(msg), SetupAction::PlaySide(side), pick(on));
    }
    p.button(row[2], lang.get(Msg::TwoPlayers), SetupAction::TwoPlayers, pick(!vs_computer));
    if !vs_computer {
        clock_choice(p, col, lang, choice);
    }
}

/// ◀ the time control ▶, for two players.
fn clock_choice(p: &mut Painter, col: &mut Column, lang: Lang, choice: &PlayChoice) {
    let u = p.unit;
    let (back, middle, on) = stepper_row(col, u);
    p.button(back, lang.get(Msg::ReplayBack), SetupAction::Clock(-1), Look::Secondary);
    p.button(on, lang.get(Msg::ReplayForward), SetupAction::Clock(1), Look::Secondary);
    let label = match choice.clock {
        Some(c) => lang.fill(Msg::ClockLabel, &[("t", &lang.text(&c.label()))]),
        None => lang.get(Msg::NoClock).to_owned(),
    };
    p.button(middle, label, SetupAction::Clock(1), pick(choice.clock.is_some()));
}
