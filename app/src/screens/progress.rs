//! My progress: how much of the course is done, the stars, the games of each of the
//! four games (won, drawn, lost against the computer, and games between two players),
//! the games against each level, and the level the rating suggests next.

use bevy::prelude::*;
use qike_core::progress::{GameRecord, PlayerResult};
use qike_core::{GameKind, ai};

use crate::AppState;
use crate::data::{Current, Store, course};
use crate::flow::{CourseProgress, GAMES};
use crate::i18n::{Lang, Msg};
use crate::ui::{CARD, Canvas, INK, MUTED, Nav, Pressed, STAR};
use crate::widgets::{game_name, header, same_game};

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
    let course = course();
    let progress = CourseProgress::load(&store, &current);
    let total = course.lessons().count();
    let done = course.lessons().filter(|l| progress.completed(&l.id)).count();
    let stars: u32 = course.lessons().map(|l| u32::from(progress.stars(&l.id))).sum();

    let card = col.next(7.0 * u);
    p.panel(card, CARD, 1.0);
    let mut inner = crate::ui::Column::new(
        Rect::new(card.min.x + u, card.min.y + 0.8 * u, card.max.x - u, card.max.y),
        0.4 * u,
    );
    let r = inner.next(1.6 * u);
    p.text(r, lang.text(&course.title), 1.2, INK);
    let r = inner.next(1.6 * u);
    p.text(r, format!("{}: {done} / {total}", lang.get(Msg::LessonsDone)), 1.05, INK);
    let r = inner.next(1.6 * u);
    p.text(r, format!("{}: {stars} / {}", lang.get(Msg::StarsEarned), total * 3), 1.05, STAR);
    // A bar of the course done.
    let bar = col.next(1.0 * u);
    p.panel(bar, CARD, 0.5);
    if total > 0 {
        let w = bar.width() * done as f32 / total as f32;
        p.panel(Rect::new(bar.min.x, bar.min.y, bar.min.x + w, bar.max.y), STAR, 0.5);
    }

    col.next(0.6 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::GamesByKind), 1.2, INK);
    let by_kind = games_by_kind(&store, &current);
    if by_kind.iter().all(|s| s.total() == 0) {
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::NoGames), 1.0, MUTED);
    }
    for (&kind, s) in GAMES.iter().zip(by_kind) {
        if s.total() == 0 {
            continue;
        }
        let r = col.next(1.6 * u);
        let mut parts = Vec::new();
        if s.won + s.drawn + s.lost > 0 {
            parts.push(format!("{} / {} / {}", s.won, s.drawn, s.lost));
        }
        if s.two_player > 0 {
            let n = s.two_player.to_string();
            parts.push(lang.fill(Msg::TwoPlayerGames, &[("n", &n)]));
        }
        let line = format!("{}:  {}", lang.get(game_name(kind)), parts.join(" · "));
        p.text(r, line, 1.0, INK);
    }
    // The levels of the games that have a computer opponent.
    for &kind in &GAMES {
        let levels = ai::levels(kind);
        let scores = games_by_level(&store, &current, kind);
        let played: Vec<_> =
            levels.iter().zip(&scores).filter(|(_, s)| s.won + s.drawn + s.lost > 0).collect();
        if played.is_empty() {
            continue;
        }
        col.next(0.4 * u);
        let r = col.next(1.8 * u);
        p.text(
            r,
            format!("{} · {}", lang.get(game_name(kind)), lang.get(Msg::GamesByLevel)),
            1.1,
            INK,
        );
        for (level, s) in played {
            let r = col.next(1.5 * u);
            let name = if lang == Lang::Zh { level.name_zh } else { level.name_en };
            p.text(
                r,
                format!(
                    "{} {} · {name}:  {} / {} / {}",
                    lang.get(Msg::Level),
                    level.number,
                    s.won,
                    s.drawn,
                    s.lost
                ),
                0.95,
                INK,
            );
        }
        if let Some(profile) = &current.profile
            && let Ok(level) = store.0.suggested_level(profile.id, kind)
        {
            let r = col.next(1.6 * u);
            p.text(r, format!("{}: {level}", lang.get(Msg::SuggestedLevel)), 1.0, INK);
        }
    }
}
