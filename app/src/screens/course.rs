//! The course map: one unit at a time, its lessons with the stars earned, locked ones
//! greyed until their prerequisites are done, and the next lesson marked.

use bevy::prelude::*;

use crate::AppState;
use crate::data::{ChosenCourse, Current, Store, chosen_course};
use crate::flow::{CourseProgress, OpenLesson};
use crate::i18n::Msg;
use crate::ui::{
    AddActions, CARD, Canvas, GOOD, INK, Look, MUTED, Nav, PRIMARY, Pressed, Redraw, STAR, UiSet,
    redrawing, split,
};
use crate::widgets::{header, stars_text};

/// The unit shown.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct ShownUnit(pub usize);

/// The course map's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum CourseAction {
    Unit(usize),
    OpenLesson(String),
}

#[derive(Debug)]
pub struct CoursePlugin;

impl Plugin for CoursePlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<CourseAction>();
        app.init_resource::<ShownUnit>().add_systems(OnEnter(AppState::Course), enter).add_systems(
            Update,
            (
                react.in_set(UiSet::Logic).run_if(in_state(AppState::Course)),
                draw.in_set(UiSet::Draw).run_if(in_state(AppState::Course).and_then(redrawing)),
            ),
        );
    }
}

/// Opens on the unit of the next lesson.
fn enter(
    store: Option<Res<Store>>,
    current: Res<Current>,
    chosen: Res<ChosenCourse>,
    mut unit: ResMut<ShownUnit>,
) {
    let Some(store) = store else { return };
    let progress = CourseProgress::load(&store, &current);
    let course = chosen_course(&chosen);
    unit.0 = unit.0.min(course.units.len().saturating_sub(1));
    if let Some(next) = progress.next(course) {
        unit.0 = course
            .units
            .iter()
            .position(|u| u.lessons.iter().any(|l| l.id == next.id))
            .unwrap_or(0);
    }
}

fn react(
    mut commands: Commands,
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<CourseAction>>,
    mut unit: ResMut<ShownUnit>,
    chosen: Res<ChosenCourse>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
    }
    for Pressed(action) in pressed.read() {
        match action {
            CourseAction::Unit(i) => {
                unit.0 = (*i).min(chosen_course(&chosen).units.len().saturating_sub(1));
                redraw.0 = true;
            }
            CourseAction::OpenLesson(id) => {
                commands.insert_resource(OpenLesson(id.clone()));
                next.set(AppState::Lesson);
            }
        }
    }
}

fn draw(
    mut canvas: Canvas,
    unit: Res<ShownUnit>,
    chosen: Res<ChosenCourse>,
    store: Option<Res<Store>>,
    current: Res<Current>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let course = chosen_course(&chosen);
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, &lang.text(&course.title), Some(Nav::Back));
    let Some(store) = store else { return };
    let progress = CourseProgress::load(&store, &current);
    let next_id = progress.next(course).map(|l| l.id.clone());
    let Some(shown) = course.units.get(unit.0) else { return };

    let done = course.lessons().filter(|l| progress.completed(&l.id)).count();
    let total = course.lessons().count();
    let line = col.next(1.4 * u);
    p.text(line, format!("{} {done}/{total}", lang.get(Msg::Done)), 1.0, MUTED);
    let title = col.next(2.2 * u);
    p.text(title, lang.text(&shown.title), 1.3, INK);

    // Rows shrink so a long unit still fits above the unit buttons.
    let room = frame.area.max.y - col.y - 5.0 * u;
    let n = shown.lessons.len().max(1) as f32;
    let row_h = (room / n - col.gap).clamp(2.2 * u, 3.4 * u);
    for lesson in &shown.lessons {
        let row = col.next(row_h);
        let open = progress.unlocked(lesson);
        let is_next = next_id.as_deref() == Some(lesson.id.as_str());
        let fill = if is_next { Color::srgb(1.0, 0.93, 0.85) } else { CARD };
        let e = p.panel(row, fill, 0.8);
        if is_next {
            p.commands.entity(e).insert(Outline::new(px(3.0), px(0.0), PRIMARY));
        }
        if open {
            p.hit(e, row, CourseAction::OpenLesson(lesson.id.clone()));
        }
        let ink = if open { INK } else { MUTED };
        let name = Rect::new(
            row.min.x + u,
            row.min.y + (row_h - 1.6 * u) / 2.0,
            row.max.x - 6.5 * u,
            row.max.y,
        );
        p.text(name, lang.text(&lesson.title), 1.15, ink);
        let right = Rect::new(
            row.max.x - 6.5 * u,
            row.min.y + (row_h - 1.6 * u) / 2.0,
            row.max.x - u,
            row.max.y,
        );
        if !open {
            p.text_aligned(right, lang.get(Msg::Locked), 0.9, MUTED, Justify::Right);
        } else if is_next {
            p.text_aligned(right, lang.get(Msg::Next), 1.0, PRIMARY, Justify::Right);
        } else {
            let stars = progress.stars(&lesson.id);
            let color = if progress.completed(&lesson.id) { STAR } else { MUTED };
            p.text_aligned(right, stars_text(stars), 1.2, color, Justify::Right);
        }
        if progress.completed(&lesson.id) && !is_next {
            let tick = Rect::new(
                row.max.x - 8.0 * u,
                row.min.y + (row_h - 1.6 * u) / 2.0,
                row.max.x - 6.6 * u,
                row.max.y,
            );
            p.text(tick, "✓", 1.2, GOOD);
        }
    }
    let nav = col.next(3.0 * u);
    let halves = split(nav, 2, 0.8 * u);
    let last = course.units.len().saturating_sub(1);
    let (prev_look, next_look) = (
        if unit.0 > 0 { Look::Secondary } else { Look::Disabled },
        if unit.0 < last { Look::Secondary } else { Look::Disabled },
    );
    p.button(
        halves[0],
        lang.get(Msg::PrevUnit),
        CourseAction::Unit(unit.0.saturating_sub(1)),
        prev_look,
    );
    p.button(halves[1], lang.get(Msg::NextUnit), CourseAction::Unit(unit.0 + 1), next_look);
}
