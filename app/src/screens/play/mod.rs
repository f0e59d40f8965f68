//! A game on the board, of any of the four games: the child against the computer (it
//! thinks on a worker thread while the screen stays live) or two players on one
//! device. 悔棋, hint, draw offer and resignation; chess's promotion choice; Go's pass
//! and, after two passes, the count (tap a group to mark it dead or alive, then play on
//! or agree). The move list in Chinese notation. The game is saved after every move in
//! its game's draft slot, and recorded in the store when it ends. Player bars above
//! and below the board; on a game on time, each side's clock, and a flag that falls
//! ends the game.

mod bars;

pub use bars::ClockText;

use std::time::Instant;

use bevy::prelude::*;
use qike_core::progress::{ProgressStore, Timestamp};
use qike_core::session::{DrawAnswer, GameSession, SessionError, TapResult};
use qike_core::{BoardGame, GameSetup, MoveInput, PieceKind, Point, Side};

use crate::AppState;
use crate::board::ActiveBoard;
use crate::data::{Current, Notice, Store};
use crate::flow::{FinishedGame, PlayChoice, StartSession, draft_slot};
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, BoardTapped, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Pressed,
    Redraw, UiSet, redrawing,
};
use crate::widgets::{game_title, header, move_name};

/// The play screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayAction {
    Undo,
    Resign,
    OfferDraw,
    AcceptDraw,
    Hint,
    Pass,
    ResumePlay,
    AgreeCount,
    Promote(PieceKind),
}

/// The game on screen.
#[derive(Resource)]
pub struct PlayScreen {
    pub session: GameSession,
    pub message: Option<(bool, String)>,
    pub hint_points: Vec<Point>,
    pub thinking_since: Option<Instant>,
    /// Two players: one offered a draw; the other may agree.
    pub draw_offered: bool,
    /// The engine gave no move: do not ask it again and again.
    engine_failed: bool,
}

impl std::fmt::Debug for PlayScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayScreen").field("session", &self.session).finish_non_exhaustive()
    }
}

impl PlayScreen {
    pub fn new(session: GameSession) -> Self {
        PlayScreen {
            session,
            message: None,
            hint_points: Vec::new(),
            thinking_since: None,
            draw_offered: false,
            engine_failed: false,
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.session.is_thinking()
    }

    /// Whether this game has an engine to give hints (also in a two-player game).
    pub fn has_coach(&self) -> bool {
        self.session.has_coach()
    }

    /// Stops the engine (leaving the screen, undo, resign) and takes it back.
    pub fn cancel_thinking(&mut self) {
        self.session.cancel_thinking();
        self.thinking_since = None;
    }
}

/// The play screen's time in milliseconds: the app's running time, plus `skew_ms` that
/// tests add to let a clock run out without waiting.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct PlayTime {
    pub skew_ms: u64,
}

impl PlayTime {
    fn now(self, time: &Time<Real>) -> u64 {
        time.elapsed().as_millis() as u64 + self.skew_ms
    }
}

/// Marks the "thinking…" text so it can animate without redrawing the screen.
#[derive(Component, Debug)]
pub struct ThinkingText;

#[derive(Debug)]
pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<PlayAction>()
            .init_resource::<PlayTime>()
            .add_systems(OnEnter(AppState::Play), enter_play)
            .add_systems(OnExit(AppState::Play), exit_play)
            .add_systems(
                Update,
                (
                    (tick_clock, react_play, tap_board, engine, show_board)
                        .chain()
                        .in_set(UiSet::Logic)
                        .run_if(in_state(AppState::Play).and_then(resource_exists::<PlayScreen>)),
                    draw_play.in_set(UiSet::Draw).run_if(
                        in_state(AppState::Play)
                            .and_then(redrawing)
                            .and_then(resource_exists::<PlayScreen>),
                    ),
                    animate_thinking.run_if(in_state(AppState::Play)),
                ),
            );
    }
}

fn enter_play(
    mut commands: Commands,
    start: Option<Res<StartSession>>,
    mut choice: ResMut<PlayChoice>,
    mut next: ResMut<NextState<AppState>>,
) {
    let Some(start) = start else {
        next.set(AppState::PlaySetup);
        return;
    };
    let session = start.0.clone();
    // "Back" and "play again" lead to this game's set-up.
    choice.setup = match session.setup() {
        s @ (GameSetup::Go { .. } | GameSetup::Gomoku { .. }) => s.clone(),
        s => GameSetup::standard(s.kind()),
    };
    commands.insert_resource(PlayScreen::new(session));
    commands.remove_resource::<StartSession>();
}

fn exit_play(mut commands: Commands, screen: Option<ResMut<PlayScreen>>) {
    if let Some(mut screen) = screen {
        screen.cancel_thinking();
        // Time away from the game costs nothing: the clock stands until the next tick.
        screen.session.pause_clock();
    }
    commands.remove_resource::<PlayScreen>();
    commands.remove_resource::<ActiveBoard>();
}

/// What the game's systems need to save the game and move on from it.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Keeper<'w, 's> {
    commands: Commands<'w, 's>,
    store: Res<'w, Store>,
    current: Res<'w, Current>,
    notice: ResMut<'w, Notice>,
    lang: Res<'w, Lang>,
    redraw: ResMut<'w, Redraw>,
    next: ResMut<'w, NextState<AppState>>,
}

impl std::fmt::Debug for Keeper<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keeper").finish_non_exhaustive()
    }
}

impl Keeper<'_, '_> {
    /// Saves the game as a draft; a finished game is recorded and goes to the result
    /// screen.
    fn persist(&mut self, screen: &PlayScreen) {
        let Some(profile) = &self.current.profile else { return };
        let s = &screen.session;
        let slot = draft_slot(s.kind());
        let result = if s.outcome().is_some() {
            let id = ProgressStore::new_game_id().unwrap_or(0);
            let r = self
                .store
                .0
                .record_game(profile.id, &s.record(id, Timestamp::now()))
                .map(|_| ())
                .and_then(|_| self.store.0.clear_draft(profile.id, slot));
            self.commands.insert_resource(FinishedGame(s.clone()));
            self.next.set(AppState::Result);
            r
        } else {
            self.store.0.save_draft(profile.id, slot, &s.save_bytes())
        };
        if let Err(e) = result {
            self.notice.0 = Some(format!("{}{e}", self.lang.get(Msg::SaveFailed)));
        }
    }
}

/// Runs the clock of a game on time: a fallen flag ends the game; the clocks' texts
/// count down without redrawing the screen.
fn tick_clock(
    mut screen: ResMut<PlayScreen>,
    time: Res<Time<Real>>,
    play_time: Res<PlayTime>,
    mut keep: Keeper,
    mut texts: Query<(&mut Text, &bars::ClockText)>,
) {
    if screen.session.time_control().is_none() {
        return;
    }
    let now = play_time.now(&time);
    // Ticking changes nothing on the board: no rebuild of its view for it.
    let ended = {
        let s = &mut screen.bypass_change_detection().session;
        let before = s.outcome();
        before.is_none() && s.tick(now).is_some()
    };
    if ended {
        screen.cancel_thinking();
        keep.persist(&screen);
        keep.redraw.0 = true;
        return;
    }
    if let Some(view) = screen.session.clock_view(now) {
        for (mut text, clock) in &mut texts {
            let want = qike_core::session::clock_text(*view.remaining_ms.get(clock.0));
            if text.0 != want {
                text.0 = want;
            }
        }
    }
}

/// What went wrong, in the child's language where the core says why.
fn error_text(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Refused(r) => lang.text(&r.text()),
        e => e.to_string(),
    }
}

/// The points a move touches, for marking a hint.
fn move_points(mv: MoveInput) -> Vec<Point> {
    match mv {
        MoveInput::Step { from, to, .. } => vec![from, to],
        MoveInput::Place { at } => vec![at],
        MoveInput::Pass => Vec::new(),
    }
}

fn react_play(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<PlayAction>>,
    mut screen: ResMut<PlayScreen>,
    mut keep: Keeper,
) {
    let lang = *keep.lang;
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        screen.hint_points.clear();
        screen.draw_offered = false;
        keep.next.set(AppState::PlaySetup);
    }
    for Pressed(action) in pressed.read() {
        screen.hint_points.clear();
        let offered = std::mem::take(&mut screen.draw_offered);
        match action {
            PlayAction::Undo => {
                screen.cancel_thinking();
                screen.message = None;
                screen.engine_failed = false;
                if screen.session.undo().is_err() {
                    continue;
                }
            }
            PlayAction::Resign => {
                screen.cancel_thinking();
                if screen.session.resign().is_err() {
                    continue;
                }
            }
            PlayAction::OfferDraw => {
                if !screen.session.is_player_turn() {
                    continue;
                }
                if screen.session.is_two_player() {
                    screen.draw_offered = true;
                    screen.message = Some((true, lang.get(Msg::DrawAsk).to_owned()));
                } else {
                    match screen.session.offer_draw() {
                        Ok(DrawAnswer::Declined) => {
                            screen.message = Some((false, lang.get(Msg::DrawDeclined).to_owned()))
                        }
                        Ok(DrawAnswer::Accepted) => {}
                        Err(e) => screen.message = Some((false, error_text(&e, lang))),
                    }
                }
            }
            PlayAction::AcceptDraw => {
                if !offered {
                    continue;
                }
                if let Err(e) = screen.session.offer_draw() {
                    screen.message = Some((false, error_text(&e, lang)));
                }
            }
            PlayAction::Hint => {
                // A short look, answered on this frame.
                if let Ok(Some(h)) = screen.session.hint_now() {
                    let name = move_name(screen.session.game(), h.mv);
                    let mut text = format!("{}{name}", lang.get(Msg::HintSays));
                    if let Some(threat) = h.threat_name {
                        text.push_str(&format!("  {}{threat}", lang.get(Msg::Threat)));
                    }
                    screen.hint_points = move_points(h.mv);
                    screen.message = Some((true, text));
                }
            }
            PlayAction::Pass => match screen.session.pass() {
                Ok(_) => {
                    let counting = screen.session.is_counting();
                    screen.message = counting.then(|| (true, lang.get(Msg::BothPassed).to_owned()));
                }
                Err(e) => screen.message = Some((false, error_text(&e, lang))),
            },
            PlayAction::ResumePlay => {
                screen.message = None;
                if screen.session.resume_play().is_err() {
                    continue;
                }
            }
            PlayAction::AgreeCount => {
                if let Err(e) = screen.session.agree_count() {
                    screen.message = Some((false, error_text(&e, lang)));
                }
            }
            PlayAction::Promote(kind) => match screen.session.promote(*kind) {
                TapResult::Refused { reason } => {
                    screen.message = Some((false, lang.text(&reason.text())))
                }
                _ => screen.message = None,
            },
        }
        keep.persist(&screen);
        keep.redraw.0 = true;
    }
}

fn tap_board(
    mut taps: MessageReader<BoardTapped>,
    mut screen: ResMut<PlayScreen>,
    mut keep: Keeper,
) {
    let lang = *keep.lang;
    for tapped in taps.read() {
        screen.draw_offered = false;
        // On a board of stones every press is one stone (or one group at the count): the
        // end of a drag is not a second one.
        let stones = screen.session.game().places_stones() || screen.session.is_counting();
        if stones && tapped.1.is_some() {
            continue;
        }
        if !stones && let Some(from) = tapped.drag_from(screen.session.selected()) {
            screen.session.tap(from);
        }
        match screen.session.tap(tapped.0) {
            TapResult::Moved { .. } => {
                screen.message = None;
                screen.hint_points.clear();
                keep.persist(&screen);
            }
            TapResult::Marked { .. } => keep.persist(&screen),
            TapResult::Refused { reason } => {
                screen.message = Some((false, lang.text(&reason.text())))
            }
            TapResult::ChoosePromotion { .. } => screen.message = None,
            TapResult::Selection | TapResult::Ignored => {}
        }
        keep.redraw.0 = true;
    }
}

/// Starts the engine when it is its turn and plays its move when it has one: the one
/// pick path, `start_engine_move` → `poll_engine_move`.
fn engine(mut screen: ResMut<PlayScreen>, mut keep: Keeper) {
    let lang = *keep.lang;
    if !screen.session.is_thinking() && screen.session.is_engine_turn() && !screen.engine_failed {
        match screen.session.start_engine_move() {
            Ok(_) => screen.thinking_since = Some(Instant::now()),
            Err(e) => {
                screen.engine_failed = true;
                screen.message = Some((false, error_text(&e, lang)));
            }
        }
        keep.redraw.0 = true;
        return;
    }
    if !screen.session.answer_ready() {
        return;
    }
    let Some(played) = screen.session.poll_engine_move() else { return };
    screen.thinking_since = None;
    match played {
        Ok(_) => keep.persist(&screen),
        Err(SessionError::NoEngineMove) => {
            screen.engine_failed = true;
            screen.message = Some((false, lang.get(Msg::NoEngineMove).to_owned()));
        }
        Err(e) => {
            screen.engine_failed = true;
            screen.message = Some((false, error_text(&e, lang)));
        }
    }
    keep.redraw.0 = true;
}

/// Where the game's board goes (the render test checks pixels against it): between
/// the two player bars.
pub fn board_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let a = frame.inner(0.8);
    Rect::new(
        a.min.x,
        a.min.y + 4.6 * u + BAR_UNITS * u,
        a.max.x,
        a.max.y - 12.2 * u - BAR_UNITS * u,
    )
}

/// A player bar's height, in units.
const BAR_UNITS: f32 = 3.4;

/// The board as drawn in `area`: its frame, with the margin round the lines.
fn drawn_board(
    s: &GameSession,
    area: Rect,
    coordinates: bool,
) -> (crate::layout::BoardLayout, Rect) {
    let view = s.view();
    let mut layout = crate::layout::BoardLayout::fit_board(
        area,
        view.files,
        view.ranks,
        view.placement,
        coordinates,
    );
    layout.flipped = s.player() == Side::Second;
    let margin = layout.margin * layout.cell;
    let size = layout.lines_size();
    let rect = Rect::new(
        layout.origin.x - margin,
        layout.origin.y - margin,
        layout.origin.x + size.x + margin,
        layout.origin.y + size.y + margin,
    );
    (layout, rect)
}

/// The promotion choice over the board: its panel and the four buttons (queen, rook,
/// bishop, knight).
pub fn promotion_rects(frame: &Frame) -> (Rect, Vec<Rect>) {
    let u = frame.unit;
    let board = board_area(frame);
    let w = board.width().min(24.0 * u);
    let panel = Rect::from_center_size(board.center(), Vec2::new(w, 9.6 * u));
    let row = Rect::new(panel.min.x + u, panel.max.y - 6.2 * u, panel.max.x - u, panel.max.y - u);
    (panel, crate::ui::split(row, 4, 0.6 * u))
}

fn show_board(
    mut commands: Commands,
    screen: Res<PlayScreen>,
    frame: Res<Frame>,
    current: Res<Current>,
    board: Option<Res<ActiveBoard>>,
) {
    // Rebuilding the view every frame is work for nothing: only when something changed.
    if !(screen.is_changed() || frame.is_changed() || current.is_changed()) {
        return;
    }
    let mut want = ActiveBoard::new(screen.session.view(), board_area(&frame));
    want.flipped = screen.session.player() == Side::Second;
    want.letters = current.piece_style() == qike_core::progress::PieceStyle::Letters;
    want.chess_figures = current.settings.chess_figures;
    want.coordinates = current.settings.show_coordinates;
    want.hints = screen.hint_points.clone();
    if board.as_deref() != Some(&want) {
        commands.insert_resource(want);
    }
}

fn draw_play(
    mut canvas: Canvas,
    screen: Res<PlayScreen>,
    notice: Res<Notice>,
    current: Res<Current>,
    time: Res<Time<Real>>,
    play_time: Res<PlayTime>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let s = &screen.session;
    let kind = s.kind();
    let mut p = canvas.painter();
    let col = header(&mut p, &frame, lang, &game_title(kind, lang), Some(Nav::Back));
    // The player bars: the opponent above the board, the child (or the first player)
    // below it.
    let _ = col;
    let (layout, drawn) = drawn_board(s, board_area(&frame), current.settings.show_coordinates);
    let clock = s.clock_view(play_time.now(&time));
    let me = s.player();
    let child = current.profile.as_ref().map(|p| (p.display_name.as_str(), p.avatar.as_str()));
    let seats =
        [(me.opponent(), drawn.min.y - BAR_UNITS * u - 0.2 * u), (me, drawn.max.y + 0.2 * u)];
    for (side, top) in seats {
        let seat = bars::Seat {
            side,
            child: if s.is_two_player() || side != me { None } else { child },
            thinking: screen.is_thinking() && side != me,
        };
        let r = Rect::new(drawn.min.x, top, drawn.max.x, top + BAR_UNITS * u);
        bars::bar(&mut p, r, s, &seat, clock.as_ref(), lang);
    }
    if s.is_counting()
        && let Some(picture) = s.go_count_picture()
    {
        crate::widgets::count_overlay(&mut p, &layout, &picture);
    }

    // Under the board: the message, the last moves (or the count), the buttons.
    let a = frame.inner(0.8);
    let mut low =
        crate::ui::Column::new(Rect::new(a.min.x, a.max.y - 11.5 * u, a.max.x, a.max.y), 0.5 * u);
    let msg = low.next(2.2 * u);
    if let Some((good, text)) = &screen.message {
        p.text(msg, text.clone(), 0.95, if *good { GOOD } else { BAD });
    } else if s.is_counting() {
        p.text(msg, lang.get(Msg::Counting), 0.95, INK);
    } else if let Some(n) = &notice.0 {
        p.text(msg, n.clone(), 0.9, BAD);
    }
    let moves = low.next(4.6 * u);
    p.panel(moves, CARD, 0.6);
    let inner =
        Rect::new(moves.min.x + 0.6 * u, moves.min.y + 0.4 * u, moves.max.x - 0.6 * u, moves.max.y);
    match s.go_score().filter(|_| s.is_counting()) {
        Some(score) => {
            // The result in one short line, the sum behind it small underneath.
            let summary = score.summary();
            let head = Rect::new(inner.min.x, inner.min.y, inner.max.x, inner.min.y + 2.2 * u);
            p.text(head, lang.text(&summary.headline()), 1.4, INK);
            let sum = Rect::new(inner.min.x, inner.min.y + 2.4 * u, inner.max.x, inner.max.y);
            p.text(sum, lang.text(&summary.arithmetic()), 0.75, MUTED);
        }
        None => {
            let list = s.move_list();
            let mut lines = Vec::new();
            for (i, pair) in list.chunks(2).enumerate() {
                lines.push(format!("{}. {}", i + 1, pair.join("  ")));
            }
            let shown: Vec<_> = lines.iter().rev().take(3).rev().cloned().collect();
            let text =
                if shown.is_empty() { lang.get(Msg::Moves).to_owned() } else { shown.join("\n") };
            p.text(inner, text, 0.95, INK);
        }
    }
    let player_turn = s.is_player_turn();
    let enabled = |ok: bool| if ok { Look::Secondary } else { Look::Disabled };
    let can_undo = s.game().history().len() > s.setup().fixed_plies();
    let mut buttons = vec![(Msg::Undo, PlayAction::Undo, enabled(can_undo))];
    if s.is_counting() {
        buttons.push((Msg::ResumePlay, PlayAction::ResumePlay, Look::Secondary));
        buttons.push((Msg::AgreeCount, PlayAction::AgreeCount, Look::Primary));
    } else {
        if screen.has_coach() {
            buttons.push((Msg::Hint, PlayAction::Hint, enabled(player_turn)));
        }
        if s.game().can_pass() {
            buttons.push((Msg::Pass, PlayAction::Pass, enabled(player_turn)));
        } else if screen.draw_offered {
            buttons.push((Msg::AcceptDraw, PlayAction::AcceptDraw, Look::Primary));
        } else {
            buttons.push((Msg::OfferDraw, PlayAction::OfferDraw, enabled(player_turn)));
        }
        buttons.push((Msg::Resign, PlayAction::Resign, Look::Secondary));
    }
    let row = low.row(buttons.len(), 3.0 * u);
    for (r, (msg, action, look)) in row.iter().zip(buttons) {
        p.button(*r, lang.get(msg), action, look);
    }

    if s.pending_promotion().is_some() {
        let (panel, cells) = promotion_rects(&frame);
        let e = p.panel(panel, CARD, 1.0);
        p.commands.entity(e).insert(Outline::new(px(3.0), px(0.0), crate::ui::PRIMARY));
        let title = Rect::new(
            panel.min.x + u,
            panel.min.y + 0.8 * u,
            panel.max.x - u,
            panel.min.y + 2.6 * u,
        );
        p.text_aligned(title, lang.get(Msg::PromoteTo), 1.2, INK, Justify::Center);
        let pieces = [
            (Msg::Queen, PieceKind::Queen),
            (Msg::Rook, PieceKind::Rook),
            (Msg::Bishop, PieceKind::Bishop),
            (Msg::Knight, PieceKind::Knight),
        ];
        // The figures, in the promoting side's colour, with the piece's name under each.
        let white = s.game().side_to_move() == qike_core::Side::First;
        for (r, (msg, kind)) in cells.iter().zip(pieces) {
            let e = p.panel(*r, crate::ui::SECONDARY, 0.6);
            p.hit(e, *r, PlayAction::Promote(kind));
            // The figure in the promoting side's colour, as on the board.
            let glyph = Rect::new(r.min.x, r.min.y, r.max.x, r.max.y - 0.9 * u);
            bars::figures(&mut p, glyph, &[kind], white, glyph.height() * 0.8, Justify::Center);
            let name = Rect::new(r.min.x, r.max.y - 1.2 * u, r.max.x, r.max.y);
            p.text_aligned(name, lang.get(msg), 0.7, INK, Justify::Center);
        }
    }
}

/// Dots after "thinking" so the child sees the computer is at work.
fn animate_thinking(
    screen: Option<Res<PlayScreen>>,
    lang: Res<Lang>,
    mut texts: Query<&mut Text, With<ThinkingText>>,
) {
    let lang = *lang;
    let Some(since) = screen.and_then(|s| s.thinking_since) else { return };
    let dots = 1 + (since.elapsed().as_millis() / 300 % 3) as usize;
    for mut t in &mut texts {
        let want = format!("{}{}", lang.get(Msg::Thinking), "·".repeat(dots));
        if t.0 != want {
            t.0 = want;
        }
    }
}
