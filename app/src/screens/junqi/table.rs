//! The 四国军棋 table: the four seats and whose turn it is, the board turned so the
//! person playing sits at the bottom, the referee's newest announcement and the log,
//! the hand-over screen that hides every piece until the next person is ready, and
//! the end of the game (kept in the progress store).

use bevy::prelude::*;
use qike_core::Cue;
use qike_core::junqi::{Announcement, Outcome, Seat, Station, Visibility};
use qike_core::progress::{PlayerResult, Timestamp};

use super::{DRAFT_SLOT, JunqiPage, Table, player_label, seat_name};
use crate::AppState;
use crate::data::{Current, Store};
use crate::i18n::{Lang, Msg};
use crate::junqi_board::{Geometry, Marks, draw as draw_board, seat_colour};
use crate::ui::{
    BAD, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Painter, Pressed, Redraw, split,
};

/// The table's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum TablePress {
    Station(Station),
    /// The next person took the device.
    Ready,
    Resign,
    /// Another game with the same choices.
    Again,
    Home,
}

/// What the table shows besides the game: the piece picked up, the last refusal, how
/// much of the log was seen, and whether the finished game was recorded.
#[derive(Resource, Debug, Default)]
pub struct TableState {
    pub selected: Option<Station>,
    pub message: Option<String>,
    seen: usize,
    recorded: bool,
}

/// The pause between two computer moves, so a child can follow them (tests set 0).
#[derive(Resource, Debug, Clone, Copy)]
pub struct Pace(pub u64);

impl Default for Pace {
    fn default() -> Self {
        Pace(600)
    }
}

/// Where the board goes in a frame: under the seats' row, as wide as the screen where
/// the announcement, a log line or two and the buttons still fit below it.
pub fn board_geometry(frame: &Frame, bottom: Seat) -> Geometry {
    let u = frame.unit;
    let area = frame.inner(0.4);
    let top = area.min.y + 7.4 * u;
    let side = area.width().min(area.max.y - top - FOOTER_UNITS * u);
    Geometry::fit(Rect::new(area.min.x, top, area.max.x, top + side), bottom)
}

/// The height kept under the board: the announcement, two log lines and the buttons.
const FOOTER_UNITS: f32 = 9.5;

pub(super) fn enter(mut commands: Commands) {
    commands.insert_resource(TableState::default());
    commands.init_resource::<Pace>();
}

pub(super) fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<TablePress>>,
    table: Option<ResMut<Table>>,
    state: Option<ResMut<TableState>>,
    choice: Res<super::JunqiChoice>,
    store: Res<Store>,
    current: Res<Current>,
    lang: Res<Lang>,
    time: Res<Time>,
    pace: Option<Res<Pace>>,
    mut redraw: ResMut<Redraw>,
    mut cues: ResMut<crate::sound::Cues>,
    mut page: ResMut<NextState<JunqiPage>>,
    mut next: ResMut<NextState<AppState>>,
) {
    let (Some(mut table), Some(mut state)) = (table, state) else { return };
    let game = &mut table.0;
    let profile = current.profile.as_ref().map(|p| p.id);
    let mut moved = false;
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        // Leaving keeps an unfinished game to continue from the lobby.
        if let (Some(profile), None) = (profile, game.outcome()) {
            let _ = store.0.save_draft(profile, DRAFT_SLOT, &game.save_bytes());
        }
        page.set(JunqiPage::Lobby);
        return;
    }
    for Pressed(action) in pressed.read() {
        state.message = None;
        match action {
            TablePress::Station(s) => {
                moved |= tap(game, &mut state, *s, *lang);
            }
            TablePress::Ready => {
                game.confirm_handover();
                state.selected = None;
            }
            TablePress::Resign => {
                if let Some(seat) = game.shown_seat() {
                    moved |= game.resign(seat).is_ok();
                }
            }
            TablePress::Again => {
                let seed = qike_core::progress::ProgressStore::new_game_id().unwrap_or(1);
                if let Ok(new) = super::lobby::new_game(&choice, seed, *lang) {
                    *game = new;
                    *state = TableState::default();
                }
            }
            TablePress::Home => next.set(AppState::Home),
        }
        redraw.0 = true;
    }
    game.set_pause_ms(pace.map_or(Pace::default().0, |p| p.0));
    let now = time.elapsed().as_millis() as u64;
    if !game.poll(now).is_empty() {
        redraw.0 = true;
    }
    let log = game.announcements().len();
    if log != state.seen {
        let new = &game.announcements()[state.seen.min(log)..];
        if let Some(cue) = new.iter().filter_map(|a| a.cue()).max_by_key(|&c| c == Cue::Capture) {
            cues.push(cue);
        }
        state.seen = log;
        redraw.0 = true;
    }
    if moved && let (Some(profile), None) = (profile, game.outcome()) {
        let _ = store.0.save_draft(profile, DRAFT_SLOT, &game.save_bytes());
    }
    if game.outcome().is_some() && !state.recorded {
        state.recorded = true;
        if let Some(cue) = game.result_for_child().and_then(crate::sound::result_cue) {
            cues.push(cue);
        }
        if let Some(profile) = profile {
            let id = qike_core::progress::ProgressStore::new_game_id().unwrap_or(1);
            let record = game.record(id, Timestamp::now());
            if let Err(e) = store.0.record_junqi_game(profile, &record) {
                state.message = Some(e.to_string());
            }
            let _ = store.0.clear_draft(profile, DRAFT_SLOT);
        }
        redraw.0 = true;
    }
}

/// A tap on a station: picks up one of the mover's pieces, or moves the picked one
/// there. Returns whether a move was played.
fn tap(
    game: &mut qike_core::session::junqi::JunqiGame,
    state: &mut TableState,
    s: Station,
    lang: Lang,
) -> bool {
    if game.outcome().is_some() || game.needs_handover().is_some() || game.is_thinking() {
        return false;
    }
    let Some(me) = game.shown_seat().filter(|&seat| seat == game.turn()) else { return false };
    if let Some(from) = state.selected {
        if from == s {
            state.selected = None;
            return false;
        }
        if game.targets(from).contains(&s) {
            state.selected = None;
            return match game.play(from, s) {
                Ok(_) => true,
                Err(e) => {
                    state.message = Some(lang.text(&e.text()));
                    false
                }
            };
        }
    }
    let view = game.view();
    let own = view.piece(s).is_some_and(|p| p.seat == me && p.rank.is_some());
    state.selected = own.then_some(s);
    if own && game.targets(s).is_empty() {
        state.message = Some(lang.get(Msg::JunqiCannotMove).to_owned());
    }
    false
}

pub(super) fn draw(mut canvas: Canvas, table: Option<Res<Table>>, state: Option<Res<TableState>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let (Some(table), Some(state)) = (table, state) else { return };
    let game = &table.0;
    let mode = match game.visibility() {
        Visibility::Hidden => Msg::JunqiHidden,
        Visibility::Open => Msg::JunqiOpen,
    };
    let title = format!("{} · {}", lang.get(Msg::Junqi), lang.get(mode));
    let mut col = crate::widgets::header(&mut p, &frame, lang, &title, Some(Nav::Back));
    seats_row(&mut p, col.next(3.4 * u), lang, game);
    if let Some(next) = game.needs_handover() {
        handover(&mut p, &frame, lang, next);
        return;
    }
    let bottom = game.shown_seat().unwrap_or(Seat::South);
    let geo = board_geometry(&frame, bottom);
    let view = game.view();
    let targets = state.selected.map(|s| game.targets(s)).unwrap_or_default();
    let last = last_move(game.announcements());
    let marks = Marks { selected: state.selected, targets, last, hints: vec![] };
    let press = |s: Station| TablePress::Station(s);
    draw_board(&mut p, &geo, &view.stations, &marks, Some(&press));
    let area = frame.inner(0.8);
    let mut col = crate::ui::Column::new(
        Rect::new(area.min.x, geo.rect().max.y + 0.6 * u, area.max.x, area.max.y),
        0.4 * u,
    );
    if let Some(outcome) = game.outcome() {
        finished(&mut p, &mut col, lang, game, outcome);
        return;
    }
    let line = match (&state.message, game.is_thinking()) {
        (Some(m), _) => (m.clone(), BAD),
        (None, true) => {
            let who = lang.fill(Msg::JunqiThinking, &[("seat", seat_name(game.turn(), lang))]);
            (who, MUTED)
        }
        (None, false) => (game.announcement_line(), INK),
    };
    let r = col.next(1.6 * u);
    p.text(r, line.0, 1.0, line.1);
    // The log, newest first, as many lines as fit above the buttons.
    let r = Rect::new(area.min.x, area.max.y - 2.8 * u, area.max.x, area.max.y);
    let fit = ((r.min.y - col.y) / (1.1 * u + col.gap)).floor().max(0.0) as usize;
    for text in game.log_lines().iter().rev().skip(1).take(fit) {
        let line = col.next(1.1 * u);
        p.text(line, text.clone(), 0.8, MUTED);
    }
    let row = split(r, 2, 0.6 * u);
    p.button(row[0], lang.get(Msg::Resign), TablePress::Resign, Look::Secondary);
    p.button(row[1], lang.get(Msg::Back), Nav::Back, Look::Secondary);
}

/// The last move on the board, from and to, as the log tells it.
fn last_move(log: &[Announcement]) -> Option<(Station, Station)> {
    log.iter().rev().find_map(|a| match *a {
        Announcement::Moved { from, to, .. } | Announcement::Battle { from, to, .. } => {
            Some((from, to))
        }
        _ => None,
    })
}

/// The four seats in the order of play: colour, who plays it, whose turn, who is out.
fn seats_row(p: &mut Painter, r: Rect, lang: Lang, game: &qike_core::session::junqi::JunqiGame) {
    let u = p.unit;
    let cells = split(r, 4, 0.4 * u);
    let child = game.child_seat();
    for (cell, seat) in cells.iter().zip(Seat::ALL) {
        let turn = game.outcome().is_none() && game.turn() == seat;
        p.panel(*cell, if turn { seat_colour(seat).mix(&Color::WHITE, 0.7) } else { CARD }, 0.5);
        if turn {
            p.outline(*cell, 0.15 * u, seat_colour(seat), 0.5 * u);
        }
        let dot = Vec2::new(cell.min.x + 1.0 * u, cell.min.y + 1.1 * u);
        p.round(dot, 1.2 * u, "", seat_colour(seat), INK, None, None::<TablePress>);
        let name =
            Rect::new(cell.min.x + 1.9 * u, cell.min.y + 0.4 * u, cell.max.x, cell.min.y + 1.9 * u);
        p.text(name, seat_name(seat, lang), 0.9, INK);
        let who = player_label(game.seat_player(seat), seat == child, lang);
        let status = if game.is_out(seat) { lang.get(Msg::JunqiOut).to_owned() } else { who };
        let line = Rect::new(cell.min.x + 0.4 * u, cell.min.y + 2.0 * u, cell.max.x, cell.max.y);
        let ink = if game.is_out(seat) { BAD } else { MUTED };
        p.text(line, status, 0.75, ink);
    }
}

/// Between two people on one device: nothing of the board until the next one is ready.
fn handover(p: &mut Painter, frame: &Frame, lang: Lang, next: Seat) {
    let u = p.unit;
    let area = frame.inner(0.8);
    let card = Rect::new(area.min.x, area.min.y + 9.0 * u, area.max.x, area.min.y + 30.0 * u);
    p.panel(card, CARD, 1.0);
    p.round(
        Vec2::new(card.center().x, card.min.y + 4.5 * u),
        5.0 * u,
        seat_name(next, lang),
        seat_colour(next),
        Color::WHITE,
        None,
        None::<TablePress>,
    );
    let text =
        Rect::new(card.min.x + u, card.min.y + 8.0 * u, card.max.x - u, card.min.y + 13.0 * u);
    let seat = seat_name(next, lang);
    let colour = next.colour_name();
    let line = lang.fill(Msg::JunqiHandOver, &[("seat", seat), ("colour", colour)]);
    p.text_aligned(text, line, 1.3, INK, Justify::Center);
    let b = Rect::new(
        card.min.x + 2.0 * u,
        card.max.y - 5.0 * u,
        card.max.x - 2.0 * u,
        card.max.y - 1.8 * u,
    );
    let ready = lang.fill(Msg::JunqiReady, &[("seat", seat)]);
    p.button(b, ready, TablePress::Ready, Look::Primary);
}

/// The end: who won, from the child's side, and what next.
fn finished(
    p: &mut Painter,
    col: &mut crate::ui::Column,
    lang: Lang,
    game: &qike_core::session::junqi::JunqiGame,
    outcome: Outcome,
) {
    let u = p.unit;
    let (msg, colour) = match game.result_for_child() {
        Some(PlayerResult::Won) => (Msg::JunqiWon, GOOD),
        Some(PlayerResult::Lost) => (Msg::JunqiLost, BAD),
        _ => (Msg::JunqiDrawn, INK),
    };
    let r = col.next(2.2 * u);
    p.text_aligned(r, lang.get(msg), 1.6, colour, Justify::Center);
    let how = match outcome {
        Outcome::Draw => lang.get(Msg::JunqiDrawRule).to_owned(),
        Outcome::TeamWins { .. } => game.announcement_line(),
    };
    let r = col.next(1.6 * u);
    p.text_aligned(r, how, 0.95, MUTED, Justify::Center);
    let row = col.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::PlayAgain), TablePress::Again, Look::Primary);
    p.button(row[1], lang.get(Msg::Home), TablePress::Home, Look::Secondary);
}
