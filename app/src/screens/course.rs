//! The course map: one unit at a time, its lessons with the stars earned, locked ones
//! greyed until their prerequisites are done, and the next lesson marked.

use std::collections::HashMap;

use bevy::prelude::*;
use qike_core::curriculum::{Course, Lesson};
use qike_core::progress::{LessonRecord, LessonStatus};

use crate::AppState;
use crate::data::{ChosenCourse, Current, Store, chosen_course};
use crate::i18n::Msg;
use crate::screens::{header, stars_text};
use crate::ui::Canvas;
use crate::ui::{
    Action, CARD, GOOD, INK, Look, MUTED, PRIMARY, Pressed, Redraw, STAR, UiSet, redrawing, split,
};

/// Which lesson the lesson screen opens.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct OpenLesson(pub String);

/// The unit shown.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct ShownUnit(pub usize);

/// Where a child stands in the course.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CourseProgress {
    pub records: HashMap<String, LessonRecord>,
}

impl CourseProgress {
    pub fn load(store: &Store, current: &Current) -> CourseProgress {
        let records = current
            .profile
            .as_ref()
            .and_then(|p| store.0.lesson_records(p.id).ok())
            .unwrap_or_default();
        CourseProgress { records: records.into_iter().map(|r| (r.lesson_id.clone(), r)).collect() }
    }

    pub fn completed(&self, id: &str) -> bool {
        self.records.get(id).is_some_and(|r| r.status == LessonStatus::Completed)
    }

    pub fn stars(&self, id: &str) -> u8 {
        self.records.get(id).map(|r| r.best_stars).unwrap_or(0)
    }

    /// Open when every prerequisite is completed.
    pub fn unlocked(&self, lesson: &Lesson) -> bool {
        lesson.prerequisites.iter().all(|p| self.completed(p))
    }

    /// The first open lesson not yet completed, in course order.
    pub fn next<'c>(&self, course: &'c Course) -> Option<&'c Lesson> {
        course.lessons().find(|l| self.unlocked(l) && !self.completed(&l.id))
    }
}

#[derive(Debug)]
pub struct CoursePlugin;

impl Plugin for CoursePlugin {
    fn build(&self, app: &mut App) {
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
    mut pressed: MessageReader<Pressed>,
    mut unit: ResMut<ShownUnit>,
    chosen: Res<ChosenCourse>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    for Pressed(action) in pressed.read() {
        match action {
            Action::Back => next.set(AppState::Home),
            Action::Unit(i) => {
                unit.0 = (*i).min(chosen_course(&chosen).units.len().saturating_sub(1));
                redraw.0 = true;
            }
            Action::OpenLesson(id) => {
                commands.insert_resource(OpenLesson(id.clone()));
                next.set(AppState::Lesson);
            }
            _ => {}
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
    let mut col = header(&mut p, &frame, lang, &lang.text(&course.title), Some(Action::Back));
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
            p.hit(e, row, Action::OpenLesson(lesson.id.clone()));
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
    p.button(halves[0], lang.get(Msg::PrevUnit), Action::Unit(unit.0.saturating_sub(1)), prev_look);
    p.button(halves[1], lang.get(Msg::NextUnit), Action::Unit(unit.0 + 1), next_look);
}
