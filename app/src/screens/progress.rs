//! My progress: a card for each of the four games with its lessons, stars, puzzles and
//! ratings, a small chart of the stars per unit and one of the rating game by game, and
//! the games against each level. The numbers come from core's `game_progress`.

use bevy::prelude::*;
use qike_core::curriculum::Course;
use qike_core::progress::{GameProgress, GameRecord, JunqiCard, PlayerResult};
use qike_core::{GameKind, ai};

use crate::AppState;
use crate::data::{Current, Store, course_of};
use crate::flow::GAMES;
use crate::i18n::{Lang, Msg};
use crate::ui::{CARD, Canvas, Column, INK, MUTED, Nav, PRIMARY, Painter, Pressed, STAR};
use crate::widgets::{bar_chart, game_name, header, line_chart, same_game};

/// Wins, draws and losses against the computer, and games between two players.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub two_player: u32,
}

impl Score {
    fn add(&mut self, g: &GameRecord) {
        if g.ai_level.is_none() {
            if g.outcome.is_some() {
                self.two_player += 1;
            }
            return;
        }
        match g.result() {
            PlayerResult::Won => self.won += 1,
            PlayerResult::Drew => self.drawn += 1,
            PlayerResult::Lost => self.lost += 1,
            PlayerResult::Unfinished => {}
        }
    }

    pub fn total(&self) -> u32 {
        self.won + self.drawn + self.lost + self.two_player
    }
}

fn games(store: &Store, current: &Current) -> Vec<GameRecord> {
    let Some(profile) = &current.profile else { return Vec::new() };
    store.0.games(profile.id).unwrap_or_default()
}

/// The child's games of each of the four games (any board size or rule), in the order
/// of the home screen's cards.
pub fn games_by_kind(store: &Store, current: &Current) -> [Score; 4] {
    let mut out = [Score::default(); 4];
    for g in games(store, current) {
        if let Some(i) = GAMES.iter().position(|&k| same_game(k, g.kind)) {
            out[i].add(&g);
        }
    }
    out
}

/// The child's games of `kind`'s game against each level (index 0 = level 1).
pub fn games_by_level(store: &Store, current: &Current, kind: GameKind) -> Vec<Score> {
    let mut out = vec![Score::default(); ai::levels(kind).len()];
    for g in games(store, current) {
        let Some(level) = g.ai_level else { continue };
        if !same_game(kind, g.kind) {
            continue;
        }
        if let Some(s) = usize::from(level).checked_sub(1).and_then(|i| out.get_mut(i)) {
            s.add(&g);
        }
    }
    out
}

#[derive(Debug)]
pub struct ProgressPlugin;

impl Plugin for ProgressPlugin {
    fn build(&self, app: &mut App) {
        crate::ui::add_screen(app, AppState::Progress, back, draw);
    }
}

fn back(mut pressed: MessageReader<Pressed<Nav>>, mut next: ResMut<NextState<AppState>>) {
    for Pressed(action) in pressed.read() {
        if *action == Nav::Back {
            next.set(AppState::Home);
        }
    }
}

fn draw(mut canvas: Canvas, store: Option<Res<Store>>, current: Res<Current>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Progress), Some(Nav::Back));
    let Some(store) = store else { return };
    let Some(profile) = &current.profile else { return };
    // One card per game, in the order of the home screen's cards; each as tall as the
    // screen allows, so all five are seen at once (四国军棋's is its lessons and games).
    // A card too short for its charts keeps its lines (a short phone).
    let junqi_h = 4.6 * u;
    let left = frame.area.max.y - col.y - u - junqi_h - col.gap;
    let card_h = (left / GAMES.len() as f32 - col.gap).min(14.0 * u).max(COMPACT_CARD * u);
    for kind in GAMES {
        let Some(course) = course_of(kind) else { continue };
        let Ok(g) = store.0.game_progress(profile.id, course) else { continue };
        let card = col.next(card_h);
        game_card(&mut p, card, u, lang, kind, course, &g, &games_by_level(&store, &current, kind));
    }
    if let Ok(junqi) = store.0.junqi_card(profile.id) {
        // The course's lessons done and their stars.
        let lessons: Vec<(bool, u8)> = qike_core::curriculum::junqi::junqi_course()
            .map(|course| {
                course
                    .lessons()
                    .map(|l| {
                        let record = store.0.lesson_record(profile.id, &l.id).ok().flatten();
                        record.map_or((false, 0), |r| {
                            (r.status == qike_core::progress::LessonStatus::Completed, r.best_stars)
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        junqi_card(&mut p, col.next(junqi_h), lang, &junqi, &lessons);
    }
}

/// 四国军棋's card: the course's lessons and stars, the games played, won, drawn and
/// lost, and the best level beaten.
fn junqi_card(p: &mut Painter, card: Rect, lang: Lang, record: &JunqiCard, lessons: &[(bool, u8)]) {
    let u = p.unit;
    p.panel(card, CARD, 1.0);
    let inner = Rect::new(
        card.min.x + 0.8 * u,
        card.min.y + 0.5 * u,
        card.max.x - 0.8 * u,
        card.max.y - 0.5 * u,
    );
    let mut c = Column::new(inner, 0.25 * u);
    let done = lessons.iter().filter(|(done, _)| *done).count();
    let stars: u32 = lessons.iter().map(|&(_, s)| u32::from(s)).sum();
    let line = lang.fill(
        Msg::JunqiLessonsLine,
        &[
            ("done", &done.to_string()),
            ("total", &lessons.len().to_string()),
            ("stars", &stars.to_string()),
            ("max", &(3 * lessons.len()).to_string()),
        ],
    );
    p.text(c.next(1.6 * u), format!("{} · {line}", lang.get(Msg::Junqi)), 1.15, INK);
    if record.played == 0 {
        p.text(c.next(1.3 * u), lang.get(Msg::JunqiNoGames), 0.8, MUTED);
        return;
    }
    p.text(c.next(1.3 * u), crate::widgets::junqi_record(lang, record), 0.8, INK);
}

/// One game's card: the numbers, stars per unit, the rating line, games by level.
#[allow(clippy::too_many_arguments)]
fn game_card(
    p: &mut Painter,
    card: Rect,
    u: f32,
    lang: Lang,
    kind: GameKind,
    course: &Course,
    g: &GameProgress,
    levels: &[Score],
) {
    p.panel(card, CARD, 1.0);
    let inner = Rect::new(
        card.min.x + 0.8 * u,
        card.min.y + 0.5 * u,
        card.max.x - 0.8 * u,
        card.max.y - 0.5 * u,
    );
    let mut c = Column::new(inner, 0.25 * u);
    let title = format!("{} · {}", lang.get(game_name(kind)), lang.text(&course.title));
    p.text(c.next(1.6 * u), title, 1.15, INK);
    let charts = card.height() >= CHARTS_CARD * u;
    if !g.started() {
        p.text(c.next(1.4 * u), lang.get(Msg::NotStarted), 0.9, MUTED);
        if !charts {
            return;
        }
    }
    let line = lang.fill(
        Msg::ProgressLine,
        &[
            ("done", &g.lessons_done.to_string()),
            ("total", &g.lessons.to_string()),
            ("stars", &g.stars.to_string()),
            ("max", &g.max_stars.to_string()),
            ("puzzles", &g.puzzles_solved.to_string()),
            ("rating", &format!("{:.0}", g.puzzle_rating)),
        ],
    );
    p.text(c.next(1.3 * u), line, 0.8, INK);
    // The highest levels played, as many as the card's width holds on one line.
    let levels_line = levels_played(lang, levels, if inner.width() < 20.0 * u { 2 } else { 3 });
    if !charts {
        if let Some(text) = levels_line
            && c.y + 1.2 * u <= inner.max.y
        {
            p.text(c.next(1.2 * u), text, 0.72, INK);
        }
        return;
    }
    // The two charts side by side, each under its caption.
    let rest = c.next(inner.max.y - c.y - 1.5 * u);
    let halves = crate::ui::split(rest, 2, u);
    let caption = |r: Rect| Rect::new(r.min.x, r.min.y, r.max.x, r.min.y + 1.2 * u);
    let body = |r: Rect| Rect::new(r.min.x, r.min.y + 1.3 * u, r.max.x, r.max.y);
    p.text(caption(halves[0]), lang.get(Msg::StarsPerUnit), 0.7, MUTED);
    let bars: Vec<(f32, f32)> = g.units.iter().map(|s| (s.stars as f32, s.max as f32)).collect();
    bar_chart(p, body(halves[0]), &bars, STAR);
    let rating = format!("{:.0}", g.rating.rating);
    p.text(caption(halves[1]), lang.fill(Msg::RatingOverTime, &[("rating", &rating)]), 0.7, MUTED);
    let points: Vec<f32> = g.rating_history.iter().map(|&(_, r)| r as f32).collect();
    if points.is_empty() {
        p.text(body(halves[1]), lang.get(Msg::NoRatedGames), 0.7, MUTED);
    } else {
        line_chart(p, body(halves[1]), &points, PRIMARY);
    }
    if let Some(text) = levels_line {
        p.text(c.next(1.2 * u), text, 0.72, INK);
    }
}

/// Below this many units a game's card is its title and lines; from it, the charts too.
const CHARTS_CARD: f32 = 9.0;
/// The least a game's card takes: its title and two lines.
const COMPACT_CARD: f32 = 5.4;

/// "Levels played" with the `most` highest levels a child has played, if any.
fn levels_played(lang: Lang, levels: &[Score], most: usize) -> Option<String> {
    let played: Vec<String> = levels
        .iter()
        .enumerate()
        .filter(|(_, s)| s.won + s.drawn + s.lost > 0)
        .map(|(i, s)| {
            lang.fill(
                Msg::LevelScore,
                &[
                    ("level", &(i + 1).to_string()),
                    ("won", &s.won.to_string()),
                    ("drawn", &s.drawn.to_string()),
                    ("lost", &s.lost.to_string()),
                ],
            )
        })
        .collect();
    let played = &played[played.len().saturating_sub(most)..];
    (!played.is_empty()).then(|| lang.fill(Msg::LevelsPlayed, &[("levels", &played.join(" · "))]))
}
