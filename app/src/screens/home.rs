//! Home: hello to the child with their daily streak, the four games as equal cards
//! (each with "play", and for every game with a course how far the child is and
//! "继续：第 N 课", which opens that lesson), 四国军棋 as a card across, and the way to
//! progress, settings and the profile picker.

use bevy::prelude::*;

use qike_core::GameKind;

use crate::AppState;
use crate::data::{ChosenCourse, Current, Notice, Store, course_index, courses};
use crate::flow::{GAMES, OpenLesson, PlayChoice, start_practice};
use crate::i18n::Msg;
use crate::ui::{AddActions, CARD, Canvas, GOOD, INK, Look, MUTED, Nav, Pressed, STAR};
use crate::widgets::{avatar, game_name, pupil_list};

/// The home screen's buttons (the rest go straight to another screen: [`Nav::Go`]).
#[derive(Debug, Clone, PartialEq)]
pub enum HomeAction {
    /// Opens the course map of a course: an index into `data::courses()`.
    Course(usize),
    PlayGame(GameKind),
    /// Builds today's set for the child and opens the practice screen.
    StartPractice,
    /// Opens a lesson of a course straight away: the course's index and the lesson's id.
    Continue(usize, String),
}

#[derive(Debug)]
pub struct HomePlugin;

impl Plugin for HomePlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<HomeAction>();
        crate::ui::add_screen(app, AppState::Home, react, draw);
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<HomeAction>>,
    mut choice: ResMut<PlayChoice>,
    mut chosen: ResMut<ChosenCourse>,
    mut next: ResMut<NextState<AppState>>,
    mut commands: Commands,
    store: Option<Res<Store>>,
    current: Res<Current>,
    mut notice: ResMut<Notice>,
) {
    for Pressed(action) in nav.read() {
        if let Nav::Go(state) = action {
            next.set(*state);
        }
    }
    for Pressed(action) in pressed.read() {
        match action {
            HomeAction::StartPractice => {
                if let Some(store) = &store {
                    start_practice(&mut commands, store, &current, &mut notice);
                }
                next.set(AppState::Practice);
            }
            HomeAction::Course(i) => {
                chosen.0 = *i;
                next.set(AppState::Course);
            }
            HomeAction::Continue(course, id) => {
                chosen.0 = *course;
                commands.insert_resource(OpenLesson(id.clone()));
                next.set(AppState::Lesson);
            }
            HomeAction::PlayGame(kind) => {
                choice.choose_game(*kind);
                next.set(AppState::PlaySetup);
            }
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
    p.round(area.min + Vec2::splat(2.0 * u), 4.0 * u, glyph, fill, INK, None, None::<HomeAction>);
    let hello = Rect::new(
        area.min.x + 5.0 * u,
        area.min.y + 0.8 * u,
        area.max.x - 7.6 * u,
        area.min.y + 3.6 * u,
    );
    p.text(hello, format!("{}{}", lang.get(Msg::Hello), name), 1.6, INK);
    // The daily streak, as a chip at the right of the greeting.
    let profile = current.profile.as_ref();
    let streak = match (&store, profile) {
        (Some(store), Some(profile)) => {
            let now = qike_core::progress::Timestamp::now();
            store.0.streak(profile.id, now, crate::data::utc_offset_minutes()).unwrap_or_default()
        }
        _ => Default::default(),
    };
    if streak.days > 0 {
        let chip =
            Rect::new(area.max.x - 7.2 * u, area.min.y + 0.9 * u, area.max.x, area.min.y + 3.3 * u);
        p.panel(chip, if streak.active_today { STAR } else { CARD }, 1.4);
        let text = lang.fill(Msg::StreakDays, &[("n", &streak.days.to_string())]);
        p.text_aligned(
            Rect::new(chip.min.x, chip.min.y + 0.5 * u, chip.max.x, chip.max.y),
            text,
            0.9,
            INK,
            Justify::Center,
        );
    }

    let mut col = crate::ui::Column::new(
        Rect::new(area.min.x, area.min.y + 4.6 * u, area.max.x, area.max.y),
        0.8 * u,
    );
    // The four games in two rows of two equal cards: a badge, the name, and "play"
    // (with "lessons" above it for every game that has a course).
    let card_h = 12.0 * u;
    for pair in GAMES.chunks(2) {
        let cards = col.row(2, card_h);
        for (card, &kind) in cards.iter().zip(pair) {
            p.panel(*card, CARD, 1.0);
            let (glyph, fill, ink) = badge(kind);
            let c = Vec2::new(card.min.x + 2.2 * u, card.min.y + 2.2 * u);
            if let GameKind::Go { .. } = kind {
                // A black and a white stone side by side: it reads as Go at a glance.
                let white = c + Vec2::new(0.55 * u, 0.45 * u);
                let black = c - Vec2::new(0.45 * u, 0.35 * u);
                p.round(white, 2.0 * u, "", Color::WHITE, ink, Some(INK), None::<HomeAction>);
                p.round(black, 2.0 * u, "", fill, ink, Some(INK), None::<HomeAction>);
            } else {
                p.round(c, 2.8 * u, glyph, fill, ink, Some(INK), None::<HomeAction>);
            }
            let title = Rect::new(
                card.min.x + 4.0 * u,
                card.min.y + 1.4 * u,
                card.max.x - 0.5 * u,
                card.min.y + 3.4 * u,
            );
            p.text(title, lang.get(game_name(kind)), 1.3, INK);
            // The card's head (picture and name) opens the course map.
            if let Some(i) = course_index(kind) {
                let head = Rect::new(card.min.x, card.min.y, card.max.x, card.min.y + 3.5 * u);
                let e = p.panel(head, Color::NONE, 1.0);
                p.hit(e, head, HomeAction::Course(i));
            }
            let play = Rect::new(
                card.min.x + 0.8 * u,
                card.max.y - 3.2 * u,
                card.max.x - 0.8 * u,
                card.max.y - 0.6 * u,
            );
            p.button(play, lang.get(Msg::Play), HomeAction::PlayGame(kind), Look::Primary);
            if let Some(i) = course_index(kind) {
                let lessons =
                    Rect::new(play.min.x, play.min.y - 3.0 * u, play.max.x, play.min.y - 0.4 * u);
                let card_progress = match (&store, profile) {
                    (Some(store), Some(profile)) => {
                        store.0.game_card(profile.id, &courses()[i]).ok()
                    }
                    _ => None,
                };
                progress_line(&mut p, *card, card_progress.as_ref(), lang);
                match card_progress.and_then(|c| c.next_lesson.filter(|_| c.lessons_done > 0)) {
                    Some(next) => {
                        let label =
                            lang.fill(Msg::ContinueLesson, &[("n", &next.number.to_string())]);
                        p.button(lessons, label, HomeAction::Continue(i, next.id), Look::Secondary);
                    }
                    None => {
                        let action = HomeAction::Course(i);
                        p.button(lessons, lang.get(Msg::Lessons), action, Look::Secondary);
                    }
                }
            }
        }
    }
    let junqi = match (&store, profile) {
        (Some(store), Some(profile)) => store.0.junqi_card(profile.id).ok(),
        _ => None,
    };
    // 四国军棋's card under the four; on a phone too short for it, 四国军棋 is a button
    // beside practice and progress, so every button stays on the screen.
    let below = 2.0 * (3.0 * u + col.gap) + col.gap;
    let roomy = area.max.y - col.y - below >= 7.2 * u;
    if roomy {
        junqi_card(&mut p, col.next(6.4 * u), lang, junqi.as_ref());
    }
    // Daily practice from the lessons the child finished, in every game.
    let row = col.row(if roomy { 2 } else { 3 }, 3.0 * u);
    p.button(row[0], lang.get(Msg::Practice), HomeAction::StartPractice, Look::Primary);
    p.button(row[1], lang.get(Msg::Progress), Nav::Go(AppState::Progress), Look::Secondary);
    if !roomy {
        p.button(row[2], lang.get(Msg::Junqi), Nav::Go(AppState::Junqi), Look::Secondary);
    }
    let row = col.row(3, 3.0 * u);
    p.button(row[0], lang.get(Msg::MyClasses), Nav::Go(AppState::MyClass), Look::Secondary);
    p.button(row[1], lang.get(Msg::Settings), Nav::Go(AppState::Settings), Look::Secondary);
    p.button(row[2], lang.get(Msg::SwitchPlayer), Nav::Go(AppState::Profiles), Look::Secondary);
    // Homework from the classes the child joined, once a class file came.
    if let (Some(store), Some(profile)) = (store, current.profile.as_ref()) {
        let now = qike_core::progress::Timestamp::now();
        let list = store.0.pupil_assignments(profile.id, now).unwrap_or_default();
        pupil_list(&mut p, &mut col, u, lang, &list);
    }
}

/// How far the child is in a course, under the card's title: "已学 5 / 24 课" and a bar.
fn progress_line(
    p: &mut crate::ui::Painter,
    card: Rect,
    progress: Option<&qike_core::progress::GameCardProgress>,
    lang: crate::i18n::Lang,
) {
    let u = p.unit;
    let Some(c) = progress else { return };
    let (left, right) = (card.min.x + 0.8 * u, card.max.x - 0.8 * u);
    let text = Rect::new(left, card.min.y + 3.6 * u, right, card.min.y + 4.9 * u);
    let done = c.lessons_done.to_string();
    let all = c.lessons_total.to_string();
    let line = lang.fill(Msg::CourseLessonsDone, &[("done", &done), ("all", &all)]);
    p.text(text, line, 0.75, MUTED);
    let bar = Rect::new(left, card.min.y + 5.1 * u, right, card.min.y + 5.45 * u);
    p.panel(bar, Color::srgb(0.90, 0.86, 0.80), 0.2);
    let share = c.lessons_done as f32 / c.lessons_total.max(1) as f32;
    if share > 0.0 {
        let filled = Rect::new(bar.min.x, bar.min.y, bar.min.x + bar.width() * share, bar.max.y);
        p.panel(filled, GOOD, 0.2);
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

/// 四国军棋's card, one row across: a 司令 tile, the name, the child's record (or what
/// the game is, before the first game), and "play".
fn junqi_card(
    p: &mut crate::ui::Painter,
    card: Rect,
    lang: crate::i18n::Lang,
    record: Option<&qike_core::progress::JunqiCard>,
) {
    let u = p.unit;
    p.panel(card, CARD, 1.0);
    let tile = Rect::from_center_size(
        Vec2::new(card.min.x + 2.2 * u, card.center().y),
        Vec2::new(3.0 * u, 2.2 * u),
    );
    p.panel(tile, crate::junqi_board::seat_colour(qike_core::junqi::Seat::South), 0.4);
    let label = Rect::new(tile.min.x, tile.min.y + 0.45 * u, tile.max.x, tile.max.y);
    p.text_aligned(label, "司令", 1.0, Color::WHITE, Justify::Center);
    let title =
        Rect::new(card.min.x + 4.4 * u, card.min.y + 1.0 * u, card.max.x, card.min.y + 3.0 * u);
    p.text(title, lang.get(Msg::Junqi), 1.3, INK);
    let play = Rect::new(
        card.max.x - 9.0 * u,
        card.max.y - 3.4 * u,
        card.max.x - 0.8 * u,
        card.max.y - 0.8 * u,
    );
    p.button(play, lang.get(Msg::Play), Nav::Go(AppState::Junqi), Look::Primary);
    let about =
        Rect::new(card.min.x + 4.4 * u, card.min.y + 3.3 * u, card.max.x - 10.0 * u, card.max.y);
    match record.filter(|r| r.played > 0) {
        Some(r) => {
            p.text(about, crate::widgets::junqi_record(lang, r), 0.8, MUTED);
        }
        None => {
            p.text(about, lang.get(Msg::JunqiCard), 0.8, MUTED);
        }
    }
}
