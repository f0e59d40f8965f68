//! 四国军棋's course: the list of lessons by unit with the child's stars, and a lesson
//! page that draws the step's board (every rank open), takes taps on stations, and
//! says what the run answers. The run is core's `JunqiRun`; the page only draws it.

use std::time::Instant;

use bevy::prelude::*;
use qike_core::HighlightKind;
use qike_core::curriculum::Text;
use qike_core::curriculum::junqi::{
    JunqiCourse, JunqiFeedback, JunqiInput, JunqiRun, JunqiRunState, JunqiStepKind, junqi_course,
};
use qike_core::junqi::{PieceId, STATIONS, Station, ViewPiece};
use qike_core::progress::{LessonAttempt, Timestamp};

use super::JunqiPage;
use crate::data::{Current, Notice, Store};
use crate::flow::lesson_draft_slot;
use crate::i18n::{Lang, Msg};
use crate::junqi_board::{Geometry, Marks, draw as draw_board};
use crate::ui::{BAD, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Pressed, Redraw, split};
use crate::widgets::{header, stars_text};

/// The course, loaded once (a corrupt course file leaves the list empty, with the
/// reason on the page).
pub fn course() -> Result<&'static JunqiCourse, String> {
    static COURSE: std::sync::OnceLock<Result<JunqiCourse, String>> = std::sync::OnceLock::new();
    COURSE.get_or_init(|| junqi_course().map_err(|e| e.to_string())).as_ref().map_err(Clone::clone)
}

/// The course page's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum CourseAction {
    Open(String),
}

/// The lesson page's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonPress {
    Station(Station),
    Continue,
    Hint,
    Retry,
    Next,
    /// The game that ends a unit: the child and three computers at a low level.
    UnitGame,
}

/// The game after a unit's last lesson: 明棋 at level 1 after the first unit, so every
/// rank just learnt is in sight; 暗棋 at level 2 after the second.
pub fn unit_game(lesson_id: &str) -> Option<super::JunqiChoice> {
    let course = course().ok()?;
    let (index, _) = course
        .units
        .iter()
        .enumerate()
        .find(|(_, unit)| unit.lessons.last().is_some_and(|l| l.id == lesson_id))?;
    let (level, visibility) = match index {
        0 => (1, qike_core::junqi::Visibility::Open),
        _ => (2, qike_core::junqi::Visibility::Hidden),
    };
    Some(super::JunqiChoice {
        players: super::Players::Computers,
        level,
        visibility,
        setup: None,
        setup_name: None,
    })
}

/// The lesson being taken.
#[derive(Resource, Debug)]
pub struct JunqiLesson {
    pub run: JunqiRun,
    /// The last answer: good or not, and what to say.
    pub feedback: Option<(bool, String)>,
    /// The stars once the lesson is done.
    pub finished: Option<u8>,
    since: Instant,
}

impl JunqiLesson {
    /// Opens a lesson at its start, or where the child left it when `saved` holds a
    /// readable run of it (a draft that does not fit starts the lesson afresh).
    pub fn open(id: &str, saved: Option<&[u8]>) -> Option<JunqiLesson> {
        let lesson = course().ok()?.lesson(id)?;
        let resumed = saved
            .and_then(|bytes| serde_json::from_slice::<JunqiRunState>(bytes).ok())
            .and_then(|state| JunqiRun::resume(lesson, state).ok());
        Some(JunqiLesson {
            run: resumed.unwrap_or_else(|| JunqiRun::new(lesson)),
            feedback: None,
            finished: None,
            since: Instant::now(),
        })
    }

    /// Opens a lesson from the child's saved run of it, if there is one.
    fn open_saved(id: &str, store: &Store, current: &Current) -> Option<JunqiLesson> {
        let saved = current
            .profile
            .as_ref()
            .and_then(|p| store.0.draft(p.id, &lesson_draft_slot(id)).ok().flatten());
        JunqiLesson::open(id, saved.as_deref())
    }

    /// Keeps the run: the finished lesson is recorded and its draft cleared; a run
    /// under way is saved as a draft, so closing the app loses nothing.
    fn persist(
        &self,
        attempt: Option<LessonAttempt>,
        store: &Store,
        current: &Current,
    ) -> Result<(), String> {
        let Some(profile) = &current.profile else { return Ok(()) };
        let slot = lesson_draft_slot(&self.run.lesson().id);
        let result = match attempt {
            Some(attempt) => store
                .0
                .record_lesson(profile.id, &attempt)
                .and_then(|_| store.0.clear_draft(profile.id, &slot)),
            None if self.run.is_done() => Ok(()),
            None => {
                let bytes = serde_json::to_vec(&self.run.save()).unwrap_or_default();
                store.0.save_draft(profile.id, &slot, &bytes)
            }
        };
        result.map_err(|e| e.to_string())
    }

    /// Hands an input to the run and turns its answer into what the page says; the
    /// sound of a right or wrong answer goes to `cues`.
    pub fn submit(
        &mut self,
        input: JunqiInput,
        lang: Lang,
        cues: &mut crate::sound::Cues,
    ) -> Option<LessonAttempt> {
        let now = Instant::now();
        self.run.add_time(now.duration_since(self.since).as_millis() as u64);
        self.since = now;
        let feedback = self.run.submit(input);
        // Reading on is not an answer: nothing to praise.
        if input == JunqiInput::Continue && feedback == (JunqiFeedback::StepDone { text: None }) {
            self.feedback = None;
            return None;
        }
        self.apply(feedback, lang, cues)
    }

    /// Returns the attempt to record when the lesson ends.
    fn apply(
        &mut self,
        feedback: JunqiFeedback,
        lang: Lang,
        cues: &mut crate::sound::Cues,
    ) -> Option<LessonAttempt> {
        let say = |t: Option<Text>, fallback: Msg| {
            t.map(|t| lang.text(&t)).unwrap_or_else(|| lang.get(fallback).to_owned())
        };
        match feedback {
            JunqiFeedback::Correct { text, .. } => {
                cues.push(qike_core::Cue::Right);
                self.feedback = Some((true, say(text, Msg::Correct)));
            }
            JunqiFeedback::Selected { .. } | JunqiFeedback::NotExpected => {}
            JunqiFeedback::Wrong { reason } => {
                cues.push(qike_core::Cue::Wrong);
                self.feedback =
                    Some((false, format!("{}{}", lang.get(Msg::NotThis), lang.text(&reason))));
            }
            JunqiFeedback::Hint { text, .. } => {
                self.feedback =
                    Some((true, format!("{}{}", lang.get(Msg::HintSays), lang.text(&text))));
            }
            JunqiFeedback::StepDone { text } => {
                cues.push(qike_core::Cue::Right);
                self.feedback = Some((true, say(text, Msg::Correct)));
            }
            JunqiFeedback::LessonDone { text, result } => {
                cues.push(qike_core::Cue::Right);
                self.feedback = Some((true, say(text, Msg::LessonComplete)));
                self.finished = Some(result.stars);
                return Some(LessonAttempt::from_result(&result, true, Timestamp::now()));
            }
        }
        None
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn react_course(
    mut commands: Commands,
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<CourseAction>>,
    mut page: ResMut<NextState<JunqiPage>>,
    mut notice: ResMut<Notice>,
    store: Res<Store>,
    current: Res<Current>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        page.set(JunqiPage::Lobby);
    }
    for Pressed(CourseAction::Open(id)) in pressed.read() {
        match JunqiLesson::open_saved(id, &store, &current) {
            Some(lesson) => {
                commands.insert_resource(lesson);
                page.set(JunqiPage::Lesson);
            }
            None => notice.0 = Some(id.clone()),
        }
    }
}

pub(super) fn draw_course(mut canvas: Canvas, store: Res<Store>, current: Res<Current>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let course = match course() {
        Ok(c) => c,
        Err(e) => {
            let mut col = header(&mut p, &frame, lang, lang.get(Msg::Lessons), Some(Nav::Back));
            p.text(col.next(3.0 * u), e, 0.9, BAD);
            return;
        }
    };
    let mut col = header(&mut p, &frame, lang, &lang.text(&course.title), Some(Nav::Back));
    p.text(col.next(3.6 * u), lang.text(&course.description), 0.85, MUTED);
    let mut number = 0;
    for unit in &course.units {
        p.text(col.next(1.6 * u), lang.text(&unit.title), 1.1, INK);
        for lesson in &unit.lessons {
            number += 1;
            let stars = current
                .profile
                .as_ref()
                .and_then(|profile| store.0.lesson_record(profile.id, &lesson.id).ok().flatten())
                .map(|r| r.best_stars);
            let r = col.next(3.0 * u);
            let label = format!("{number}. {}", lang.text(&lesson.title));
            let look = if stars.is_some() { Look::Secondary } else { Look::Primary };
            p.button(
                Rect::new(r.min.x, r.min.y, r.max.x - 5.2 * u, r.max.y),
                label,
                CourseAction::Open(lesson.id.clone()),
                look,
            );
            let star_box = Rect::new(r.max.x - 4.8 * u, r.min.y + 0.7 * u, r.max.x, r.max.y);
            p.text(star_box, stars_text(stars.unwrap_or(0)), 1.0, crate::ui::STAR);
        }
    }
}

/// Where the lesson's board goes: under the prompt, as large as leaves room for the
/// feedback and the buttons.
pub fn lesson_geometry(frame: &Frame, bottom: qike_core::junqi::Seat) -> Geometry {
    let u = frame.unit;
    let area = frame.inner(0.4);
    let top = area.min.y + 8.6 * u;
    let side = area.width().min(area.max.y - top - 7.6 * u);
    Geometry::fit(Rect::new(area.min.x, top, area.max.x, top + side), bottom)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn react_lesson(
    mut commands: Commands,
    mut choice: ResMut<super::JunqiChoice>,
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<LessonPress>>,
    lesson: Option<ResMut<JunqiLesson>>,
    store: Res<Store>,
    current: Res<Current>,
    lang: Res<Lang>,
    mut cues: ResMut<crate::sound::Cues>,
    mut notice: ResMut<Notice>,
    mut redraw: ResMut<Redraw>,
    mut page: ResMut<NextState<JunqiPage>>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        page.set(JunqiPage::Course);
    }
    let Some(mut lesson) = lesson else { return };
    for Pressed(press) in pressed.read() {
        // Only an answer, a hint or a retry changes the run that is kept.
        let answered = !matches!(press, LessonPress::Next | LessonPress::UnitGame);
        let attempt = match press {
            LessonPress::Station(s) => lesson.submit(JunqiInput::Tap(*s), *lang, &mut cues),
            LessonPress::Continue => lesson.submit(JunqiInput::Continue, *lang, &mut cues),
            LessonPress::Hint => {
                let feedback = lesson.run.hint();
                lesson.apply(feedback, *lang, &mut cues)
            }
            LessonPress::Retry => {
                lesson.run.retry();
                lesson.feedback = None;
                None
            }
            LessonPress::Next => {
                let next = course().ok().and_then(|c| {
                    let mut ids = c.lessons().map(|l| l.id.as_str());
                    ids.find(|&id| id == lesson.run.lesson().id)?;
                    ids.next()
                });
                match next.and_then(|id| JunqiLesson::open_saved(id, &store, &current)) {
                    Some(next) => *lesson = next,
                    None => page.set(JunqiPage::Course),
                }
                None
            }
            LessonPress::UnitGame => {
                if let Some(mut game) = unit_game(&lesson.run.lesson().id) {
                    // The child's own 布阵 comes along.
                    game.setup = choice.setup.clone();
                    game.setup_name = choice.setup_name.clone();
                    let seed = qike_core::progress::ProgressStore::new_game_id().unwrap_or(1);
                    match super::lobby::new_game(&game, seed, *lang) {
                        Ok(table) => {
                            commands.insert_resource(super::Table(table));
                            *choice = game;
                            page.set(JunqiPage::Table);
                        }
                        Err(e) => notice.0 = Some(e),
                    }
                }
                None
            }
        };
        if answered && let Err(e) = lesson.persist(attempt, &store, &current) {
            notice.0 = Some(format!("{}{e}", lang.get(Msg::SaveFailed)));
        }
        redraw.0 = true;
    }
}

pub(super) fn draw_lesson(
    mut canvas: Canvas,
    lesson: Option<Res<JunqiLesson>>,
    notice: Res<Notice>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let Some(lesson) = lesson else { return };
    let title = lang.text(&lesson.run.lesson().title);
    let mut col = header(&mut p, &frame, lang, &title, Some(Nav::Back));
    let area = frame.inner(0.8);
    if let Some(stars) = lesson.finished {
        let card = col.next(12.0 * u);
        p.panel(card, CARD, 1.0);
        let r = Rect::new(card.min.x, card.min.y + 2.0 * u, card.max.x, card.min.y + 5.0 * u);
        p.text_aligned(r, lang.get(Msg::LessonComplete), 1.5, INK, Justify::Center);
        let r = Rect::new(card.min.x, card.min.y + 5.5 * u, card.max.x, card.min.y + 9.0 * u);
        p.text_aligned(r, stars_text(stars), 2.4, crate::ui::STAR, Justify::Center);
        if let Some(game) = unit_game(&lesson.run.lesson().id) {
            let label = lang.fill(Msg::JunqiUnitGame, &[("n", &game.level.to_string())]);
            p.button(col.next(3.0 * u), label, LessonPress::UnitGame, Look::Primary);
        }
        let row = col.row(2, 3.0 * u);
        p.button(row[0], lang.get(Msg::BackToCourse), Nav::Back, Look::Secondary);
        p.button(row[1], lang.get(Msg::NextLesson), LessonPress::Next, Look::Secondary);
        return;
    }
    let Some(view) = lesson.run.view() else { return };
    let step = format!(
        "{}{}/{}{}",
        lang.get(Msg::Step),
        view.index + 1,
        view.count,
        lang.get(Msg::StepOf)
    );
    p.text(col.next(1.2 * u), step, 0.8, MUTED);
    p.text(col.next(3.4 * u), lang.text(&view.text), 0.95, INK);
    let geo = lesson_geometry(&frame, view.seat);
    if let Some(board) = &view.board {
        let mut pieces: [Option<ViewPiece>; STATIONS] = [None; STATIONS];
        for piece in &board.pieces {
            let id = PieceId(piece.seat.index() as u8 * 25);
            pieces[piece.station.index()] =
                Some(ViewPiece { id, seat: piece.seat, rank: Some(piece.rank) });
        }
        let targets = board.highlights.iter().filter(|h| h.kind == HighlightKind::Target);
        let marks = Marks {
            selected: board.selected,
            targets: targets.map(|h| h.station).collect(),
            last: board.last_move.map(|m| (m.from, m.to)),
            hints: board
                .highlights
                .iter()
                .filter(|h| h.kind != HighlightKind::Target)
                .map(|h| h.station)
                .collect(),
        };
        let press = |s: Station| LessonPress::Station(s);
        draw_board(&mut p, &geo, &pieces, &marks, Some(&press));
    }
    let mut col = crate::ui::Column::new(
        Rect::new(area.min.x, geo.rect().max.y + 0.6 * u, area.max.x, area.max.y),
        0.5 * u,
    );
    let said = notice.0.clone().map(|n| (false, n)).or_else(|| lesson.feedback.clone());
    if let Some((good, text)) = said {
        p.text(col.next(2.4 * u), text, 0.9, if good { GOOD } else { BAD });
    }
    let r = Rect::new(area.min.x, area.max.y - 3.0 * u, area.max.x, area.max.y);
    if view.kind == JunqiStepKind::Explain {
        p.button(r, lang.get(Msg::Continue), LessonPress::Continue, Look::Primary);
    } else {
        let row = split(r, 2, 0.6 * u);
        p.button(row[0], lang.get(Msg::Hint), LessonPress::Hint, Look::Secondary);
        p.button(row[1], lang.get(Msg::Retry), LessonPress::Retry, Look::Secondary);
    }
}
