//! Playing the computer: choose a level and a side, then the game — the engine thinks
//! on a worker thread while the screen stays live; 悔棋, hint, draw offer and resignation;
//! the move list in Chinese notation. The game is saved after every move.

use std::sync::Mutex;
use std::time::Instant;

use bevy::prelude::*;
use qike_core::ai::{Level, Searcher, Thinker};
use qike_core::progress::{ProgressStore, Timestamp};
use qike_core::session::{DrawAnswer, TapResult, XiangqiSession};
use qike_core::xiangqi::notation::format_chinese;
use qike_core::{GameKind, Side};

use crate::AppState;
use crate::board::ActiveBoard;
use crate::data::{Current, Notice, Store};
use crate::i18n::{Lang, Msg};
use crate::screens::header;
use crate::ui::Canvas;
use crate::ui::{
    Action, BAD, BoardTapped, CARD, Frame, GOOD, INK, Look, MUTED, Pressed, Redraw, UiSet,
    redrawing,
};

/// The draft slot of the game in progress.
pub const GAME_SLOT: &str = "game:xiangqi";
/// Hash table for the app's engine: small, a phone has other things to do.
const HASH_MB: usize = 16;

/// The choices on the set-up screen.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayChoice {
    pub level: u8,
    pub side: Side,
    pub suggested: u8,
}

impl Default for PlayChoice {
    fn default() -> Self {
        PlayChoice { level: 1, side: Side::First, suggested: 1 }
    }
}

/// The game on screen.
#[derive(Resource)]
pub struct PlayScreen {
    pub session: XiangqiSession,
    /// The engine's table, here between moves and on the worker while it thinks. (In a
    /// mutex only because a searcher is `Send` but not `Sync`, as resources must be.)
    searcher: Mutex<Option<Searcher>>,
    thinker: Option<Thinker>,
    pub message: Option<(bool, String)>,
    pub hint_points: Vec<qike_core::Point>,
    pub thinking_since: Option<Instant>,
}

impl std::fmt::Debug for PlayScreen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayScreen").field("session", &self.session).finish_non_exhaustive()
    }
}

impl PlayScreen {
    fn new(session: XiangqiSession) -> Self {
        PlayScreen {
            session,
            searcher: Mutex::new(Some(Searcher::new(HASH_MB))),
            thinker: None,
            message: None,
            hint_points: Vec::new(),
            thinking_since: None,
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.thinker.is_some()
    }

    /// Stops the engine (leaving the screen, undo, resign) and takes its table back.
    pub fn cancel_thinking(&mut self) {
        if let Some(t) = self.thinker.take() {
            t.stop();
            if let Ok((searcher, _)) = t.wait() {
                self.put_searcher(searcher);
            }
        }
        self.thinking_since = None;
    }

    /// Takes the searcher out (a new one if the engine still has it or it was lost).
    fn take_searcher(&mut self) -> Searcher {
        let slot = self.searcher.get_mut().unwrap_or_else(|p| p.into_inner());
        slot.take().unwrap_or_else(|| Searcher::new(HASH_MB))
    }

    fn put_searcher(&mut self, searcher: Searcher) {
        *self.searcher.get_mut().unwrap_or_else(|p| p.into_inner()) = Some(searcher);
    }
}

/// A finished game, for the result screen.
#[derive(Resource, Clone, Debug)]
pub struct FinishedGame(pub XiangqiSession);

/// Marks the "thinking…" text so it can animate without redrawing the screen.
#[derive(Component, Debug)]
pub struct ThinkingText;

#[derive(Debug)]
pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PlayChoice>()
            .add_systems(OnEnter(AppState::PlaySetup), enter_setup)
            .add_systems(OnEnter(AppState::Play), enter_play)
            .add_systems(OnExit(AppState::Play), exit_play)
            .add_systems(
                Update,
                (
                    react_setup.in_set(UiSet::Logic).run_if(in_state(AppState::PlaySetup)),
                    draw_setup
                        .in_set(UiSet::Draw)
                        .run_if(in_state(AppState::PlaySetup).and_then(redrawing)),
                    (react_play, tap_board, engine, show_board)
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

fn saved_game(store: &ProgressStore, current: &Current) -> Option<XiangqiSession> {
    let profile = current.profile.as_ref()?;
    let bytes = store.draft(profile.id, GAME_SLOT).ok().flatten()?;
    XiangqiSession::resume_bytes(&bytes).ok().filter(|s| s.outcome().is_none())
}

fn enter_setup(store: Option<Res<Store>>, current: Res<Current>, mut choice: ResMut<PlayChoice>) {
    let suggested = store
        .zip(current.profile.as_ref())
        .and_then(|(s, p)| s.0.suggested_level(p.id, GameKind::Xiangqi).ok())
        .unwrap_or(1)
        .clamp(1, 10);
    *choice = PlayChoice { level: suggested, side: choice.side, suggested };
}

/// The session the Play screen starts with: a new one, or the saved game.
#[derive(Resource, Clone, Debug)]
pub struct StartSession(pub XiangqiSession);

fn react_setup(
    mut commands: Commands,
    mut pressed: MessageReader<Pressed>,
    mut choice: ResMut<PlayChoice>,
    store: Res<Store>,
    current: Res<Current>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    for Pressed(action) in pressed.read() {
        match action {
            Action::Back => next.set(AppState::Home),
            Action::Level(n) => choice.level = (*n).clamp(1, 10),
            Action::PlaySide(side) => choice.side = *side,
            Action::StartGame => {
                let seed = ProgressStore::new_game_id().unwrap_or(1);
                if let Ok(s) =
                    XiangqiSession::new(choice.side, choice.level, seed, Timestamp::now())
                {
                    commands.insert_resource(StartSession(s));
                    next.set(AppState::Play);
                }
            }
            Action::ResumeGame => {
                if let Some(s) = saved_game(&store.0, &current) {
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
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::PlayAi), Some(Action::Back));
    if saved_game(&store.0, &current).is_some() {
        let r = col.next(3.0 * u);
        p.button(r, lang.get(Msg::ResumeGame), Action::ResumeGame, Look::Primary);
    }
    let r = col.next(1.6 * u);
    p.text(r, lang.get(Msg::Level), 1.2, INK);
    for row in 0..5u8 {
        let cells = col.row(2, 2.8 * u);
        for (j, cell) in cells.iter().enumerate() {
            let n = row * 2 + j as u8 + 1;
            let Ok(level) = Level::get(u32::from(n)) else { continue };
            let name = if lang == Lang::Zh { level.name_zh } else { level.name_en };
            let mut label = format!("{n} · {name}");
            if n == choice.suggested {
                label.push_str(&format!(" ({})", lang.get(Msg::Suggested)));
            }
            let look = if n == choice.level { Look::Selected } else { Look::Secondary };
            p.button(*cell, label, Action::Level(n), look);
        }
    }
    col.next(0.4 * u);
    let cells = col.row(2, 3.0 * u);
    for (cell, (side, msg)) in
        cells.iter().zip([(Side::First, Msg::PlayRed), (Side::Second, Msg::PlayBlack)])
    {
        let look = if choice.side == side { Look::Selected } else { Look::Secondary };
        p.button(*cell, lang.get(msg), Action::PlaySide(side), look);
    }
    col.next(0.4 * u);
    let r = col.next(3.2 * u);
    p.button(r, lang.get(Msg::StartGame), Action::StartGame, Look::Primary);
}

fn enter_play(
    mut commands: Commands,
    start: Option<Res<StartSession>>,
    mut next: ResMut<NextState<AppState>>,
) {
    match start {
        Some(s) => {
            commands.insert_resource(PlayScreen::new(s.0.clone()));
            commands.remove_resource::<StartSession>();
        }
        None => next.set(AppState::PlaySetup),
    }
}

fn exit_play(mut commands: Commands, screen: Option<ResMut<PlayScreen>>) {
    if let Some(mut screen) = screen {
        screen.cancel_thinking();
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
        let result = if s.outcome().is_some() {
            let id = ProgressStore::new_game_id().unwrap_or(0);
            let r = self
                .store
                .0
                .record_game(profile.id, &s.record(id, Timestamp::now()))
                .map(|_| ())
                .and_then(|_| self.store.0.clear_draft(profile.id, GAME_SLOT));
            self.commands.insert_resource(FinishedGame(s.clone()));
            self.next.set(AppState::Result);
            r
        } else {
            self.store.0.save_draft(profile.id, GAME_SLOT, &s.save_bytes())
        };
        if let Err(e) = result {
            self.notice.0 = Some(format!("{}{e}", self.lang.get(Msg::SaveFailed)));
        }
    }
}

fn react_play(
    mut pressed: MessageReader<Pressed>,
    mut screen: ResMut<PlayScreen>,
    mut keep: Keeper,
) {
    let lang = *keep.lang;
    for Pressed(action) in pressed.read() {
        screen.hint_points.clear();
        match action {
            Action::Back => {
                keep.next.set(AppState::PlaySetup);
                continue;
            }
            Action::Undo => {
                screen.cancel_thinking();
                screen.message = None;
                if screen.session.undo().is_err() {
                    continue;
                }
            }
            Action::Resign => {
                screen.cancel_thinking();
                if screen.session.resign().is_err() {
                    continue;
                }
            }
            Action::OfferDraw => {
                if !screen.session.is_player_turn() {
                    continue;
                }
                let mut searcher = screen.take_searcher();
                let answer = screen.session.offer_draw(&mut searcher);
                screen.put_searcher(searcher);
                if answer == Ok(DrawAnswer::Declined) {
                    screen.message = Some((false, lang.get(Msg::DrawDeclined).to_owned()));
                }
            }
            Action::Hint => {
                let mut searcher = screen.take_searcher();
                let hint = screen.session.hint(&mut searcher);
                screen.put_searcher(searcher);
                if let Some(h) = hint {
                    let pos = screen.session.game().position().clone();
                    let mut text =
                        format!("{}{}", lang.get(Msg::HintSays), format_chinese(&pos, h.mv));
                    // The threat is the opponent's move if the child passed.
                    let passed = qike_core::curriculum::xq::with_side_to_move(
                        &pos,
                        pos.side_to_move().opponent(),
                    );
                    if let (Some(t), Some(passed)) = (h.threat, passed) {
                        let threat = format_chinese(&passed, t);
                        text.push_str(&format!("  {}{threat}", lang.get(Msg::Threat)));
                    }
                    screen.hint_points = vec![h.mv.from(), h.mv.to()];
                    screen.message = Some((true, text));
                }
            }
            _ => continue,
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
        if let Some(from) = tapped.drag_from(screen.session.selected()) {
            screen.session.tap(from);
        }
        match screen.session.tap(tapped.0) {
            TapResult::Moved { .. } => {
                screen.message = None;
                screen.hint_points.clear();
                keep.persist(&screen);
            }
            TapResult::Refused { reason } => screen.message = Some((false, lang.text(&reason))),
            TapResult::Selection | TapResult::Ignored => {}
        }
        keep.redraw.0 = true;
    }
}

/// Starts the engine when it is its turn and plays its move when it has one.
fn engine(mut screen: ResMut<PlayScreen>, mut keep: Keeper) {
    if screen.thinker.is_none() && screen.session.is_engine_turn() {
        let searcher = screen.take_searcher();
        match screen.session.think(searcher) {
            Ok(t) => {
                screen.thinker = Some(t);
                screen.thinking_since = Some(Instant::now());
                keep.redraw.0 = true;
            }
            Err(e) => screen.message = Some((false, e.to_string())),
        }
        return;
    }
    if !screen.thinker.as_ref().is_some_and(Thinker::is_finished) {
        return;
    }
    let Some(thinker) = screen.thinker.take() else { return };
    screen.thinking_since = None;
    match thinker.wait() {
        Ok((searcher, result)) => {
            screen.put_searcher(searcher);
            if let Some(m) = screen.session.choose(&result)
                && screen.session.play_engine(m).is_ok()
            {
                keep.persist(&screen);
            }
        }
        Err(e) => screen.message = Some((false, e.to_string())),
    }
    keep.redraw.0 = true;
}

/// Where the game's board goes (the render test checks pixels against it).
pub fn board_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let a = frame.inner(0.8);
    Rect::new(a.min.x, a.min.y + 6.0 * u, a.max.x, a.max.y - 12.0 * u)
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
    want.hints = screen.hint_points.clone();
    if board.as_deref() != Some(&want) {
        commands.insert_resource(want);
    }
}

fn draw_play(mut canvas: Canvas, screen: Res<PlayScreen>, notice: Res<Notice>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let level = screen.session.level();
    let name = if lang == Lang::Zh { level.name_zh } else { level.name_en };
    let title = format!("{} {} · {name}", lang.get(Msg::Level), level.number);
    let mut col = header(&mut p, &frame, lang, &title, Some(Action::Back));
    let status = col.next(1.8 * u);
    if screen.is_thinking() {
        let e = p.text(status, lang.get(Msg::Thinking), 1.1, MUTED);
        p.commands.entity(e).insert(ThinkingText);
    } else if screen.session.is_player_turn() {
        p.text(status, lang.get(Msg::YourTurn), 1.1, GOOD);
    }

    // Under the board: the message, the last moves, the buttons.
    let a = frame.inner(0.8);
    let mut low =
        crate::ui::Column::new(Rect::new(a.min.x, a.max.y - 11.5 * u, a.max.x, a.max.y), 0.5 * u);
    let msg = low.next(2.2 * u);
    if let Some((good, text)) = &screen.message {
        p.text(msg, text.clone(), 0.95, if *good { GOOD } else { BAD });
    } else if let Some(n) = &notice.0 {
        p.text(msg, n.clone(), 0.9, BAD);
    }
    let moves = low.next(4.6 * u);
    p.panel(moves, CARD, 0.6);
    let list = screen.session.move_list();
    let mut lines = Vec::new();
    for (i, pair) in list.chunks(2).enumerate() {
        lines.push(format!("{}. {}", i + 1, pair.join("  ")));
    }
    let shown: Vec<_> = lines.iter().rev().take(3).rev().cloned().collect();
    let inner =
        Rect::new(moves.min.x + 0.6 * u, moves.min.y + 0.4 * u, moves.max.x - 0.6 * u, moves.max.y);
    let text = if shown.is_empty() { lang.get(Msg::Moves).to_owned() } else { shown.join("\n") };
    p.text(inner, text, 0.95, INK);
    let row = low.row(4, 3.0 * u);
    let player_turn = screen.session.is_player_turn();
    let enabled = |ok: bool| if ok { Look::Secondary } else { Look::Disabled };
    let can_undo = !screen.session.game().moves().is_empty();
    p.button(row[0], lang.get(Msg::Undo), Action::Undo, enabled(can_undo));
    p.button(row[1], lang.get(Msg::Hint), Action::Hint, enabled(player_turn));
    p.button(row[2], lang.get(Msg::OfferDraw), Action::OfferDraw, enabled(player_turn));
    p.button(row[3], lang.get(Msg::Resign), Action::Resign, Look::Secondary);
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
