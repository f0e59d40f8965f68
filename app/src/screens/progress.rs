//! My progress: how much of the course is done, the stars, the games against each
//! level, and the level the rating suggests next.

use bevy::prelude::*;
use qike_core::GameKind;
use qike_core::progress::PlayerResult;

use crate::AppState;
use crate::data::{Current, Store, course};
use crate::i18n::{Lang, Msg};
use crate::screens::course::CourseProgress;
use crate::screens::header;
use crate::ui::Canvas;
use crate::ui::{Action, CARD, INK, MUTED, Pressed, STAR};

/// Wins, draws and losses against one level.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LevelScore {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

/// The child's xiangqi games grouped by level (index 0 = level 1).
pub fn games_by_level(store: &Store, current: &Current) -> [LevelScore; 10] {
    let mut out = [LevelScore::default(); 10];
    let Some(profile) = &current.profile else { return out };
    for g in store.0.games(profile.id).unwrap_or_default() {
        let Some(level) = g.ai_level.filter(|l| (1..=10).contains(l)) else { continue };
        if g.kind != GameKind::Xiangqi {
            continue;
        }
        let s = &mut out[usize::from(level - 1)];
        match g.result() {
            PlayerResult::Won => s.won += 1,
            PlayerResult::Drew => s.drawn += 1,
            PlayerResult::Lost => s.lost += 1,
            PlayerResult::Unfinished => {}
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

fn back(mut pressed: MessageReader<Pressed>, mut next: ResMut<NextState<AppState>>) {
    for Pressed(action) in pressed.read() {
        if *action == Action::Back {
            next.set(AppState::Home);
        }
    }
}

fn draw(mut canvas: Canvas, store: Option<Res<Store>>, current: Res<Current>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Progress), Some(Action::Back));
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
    p.text(r, lang.get(Msg::GamesByLevel), 1.2, INK);
    let scores = games_by_level(&store, &current);
    let played: Vec<_> =
        scores.iter().enumerate().filter(|(_, s)| s.won + s.drawn + s.lost > 0).collect();
    if played.is_empty() {
        let r = col.next(1.6 * u);
        p.text(r, lang.get(Msg::NoGames), 1.0, MUTED);
    }
    for (i, s) in played {
        let r = col.next(1.6 * u);
        let name = qike_core::ai::Level::get(i as u32 + 1)
            .map(|l| if lang == Lang::Zh { l.name_zh } else { l.name_en })
            .unwrap_or("");
        p.text(
            r,
            format!(
                "{} {} · {name}:  {} / {} / {}",
                lang.get(Msg::Level),
                i + 1,
                s.won,
                s.drawn,
                s.lost
            ),
            1.0,
            INK,
        );
    }
    if let Some(profile) = &current.profile
        && let Ok(level) = store.0.suggested_level(profile.id, GameKind::Xiangqi)
    {
        col.next(0.4 * u);
        let r = col.next(1.8 * u);
        p.text(r, format!("{}: {level}", lang.get(Msg::SuggestedLevel)), 1.1, INK);
    }
}
