//! Daily practice: a short set of puzzles from the lessons the child finished, in every
//! game, missed puzzles first when they are due again, then new ones near a seven-in-ten
//! chance. The puzzles are played one by one in the lesson player; each result moves
//! the child's puzzle rating and review schedule in the store. The screen opens with
//! what today's set holds and ends with a summary.

use bevy::prelude::*;
use qike_core::GameKind;
use qike_core::curriculum::practice::PickReason;
use qike_core::curriculum::{Lesson, Step};
use qike_core::progress::{DailyPuzzle, ProfileId, ProgressStore, StoreError, Timestamp};

use crate::AppState;
use crate::data::{Current, Notice, Store, courses, find_lesson};
use crate::i18n::{Lang, Msg};
use crate::screens::{game_name, header};
use crate::ui::Canvas;
use crate::ui::{Action, BAD, CARD, GOOD, INK, Look, MUTED, Pressed};

/// How many puzzles a day's set holds at most.
pub const SET_SIZE: usize = 8;

/// One puzzle of the set: its game, where it comes from and why it was picked.
pub type PracticePuzzle = DailyPuzzle;

/// Today's set for the current child and how it is going.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct PracticeSet {
    pub puzzles: Vec<PracticePuzzle>,
    /// Solved at the first try (no mistake, no hint), one per puzzle done, in order.
    pub results: Vec<bool>,
    /// The puzzle rating in each game the set draws on: before the set, and now.
    pub ratings: Vec<(GameKind, f64, f64)>,
    /// The lesson player is showing the set's current puzzle.
    pub active: bool,
}

impl PracticeSet {
    /// Builds today's set for `profile` from the lessons it completed in every course.
    pub fn build(
        store: &ProgressStore,
        profile: ProfileId,
        now: Timestamp,
    ) -> Result<PracticeSet, StoreError> {
        let daily = store.daily_practice(profile, courses(), now, SET_SIZE)?;
        let ratings = daily.ratings.into_iter().map(|(kind, r)| (kind, r, r)).collect();
        let puzzles = daily.puzzles;
        Ok(PracticeSet { puzzles, results: Vec::new(), ratings, active: false })
    }

    /// The puzzle being played or next to play; `None` when the set is done.
    pub fn current(&self) -> Option<&PracticePuzzle> {
        self.puzzles.get(self.results.len())
    }

    pub fn is_done(&self) -> bool {
        !self.puzzles.is_empty() && self.results.len() >= self.puzzles.len()
    }

    /// The current puzzle as a one-step lesson for the lesson player.
    pub fn current_lesson(&self) -> Option<Lesson> {
        let puzzle = self.current()?;
        let (_, lesson) = find_lesson(&puzzle.item.lesson_id)?;
        let step: Step = lesson.steps.iter().find(|s| s.id() == puzzle.item.step_id)?.clone();
        let mut one = lesson.clone();
        one.steps = vec![step];
        Some(one)
    }

    /// Records the current puzzle's result in the store and moves on.
    pub fn record(
        &mut self,
        store: &ProgressStore,
        profile: ProfileId,
        solved: bool,
        at: Timestamp,
    ) -> Result<(), StoreError> {
        let Some(puzzle) = self.current().cloned() else { return Ok(()) };
        self.results.push(solved);
        let log = store.record_practice(
            profile,
            puzzle.kind,
            &puzzle.item.id,
            puzzle.item.difficulty,
            solved,
            at,
        )?;
        if let Some(r) = self.ratings.iter_mut().find(|r| r.0 == puzzle.kind) {
            r.2 = log.rating.rating;
        }
        Ok(())
    }
}

#[derive(Debug)]
pub struct PracticePlugin;

impl Plugin for PracticePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(AppState::Practice), enter);
        crate::ui::add_screen(app, AppState::Practice, react, draw);
    }
}

/// Back from the lesson player (or opened from home): no puzzle is being played.
fn enter(set: Option<ResMut<PracticeSet>>) {
    if let Some(mut set) = set {
        set.active = false;
    }
}

/// Builds a fresh set for the current child (the home screen's button).
pub fn start(commands: &mut Commands, store: &Store, current: &Current, notice: &mut Notice) {
    let Some(profile) = &current.profile else { return };
    match PracticeSet::build(&store.0, profile.id, Timestamp::now()) {
        Ok(set) => commands.insert_resource(set),
        Err(e) => notice.0 = Some(e.to_string()),
    }
}

fn react(
    mut pressed: MessageReader<Pressed>,
    set: Option<ResMut<PracticeSet>>,
    mut next: ResMut<NextState<AppState>>,
) {
    let mut set = set;
    for Pressed(action) in pressed.read() {
        match action {
            Action::Back => next.set(AppState::Home),
            Action::PracticeGo => {
                if let Some(set) = set.as_mut().filter(|s| s.current().is_some()) {
                    set.active = true;
                    next.set(AppState::Lesson);
                }
            }
            _ => {}
        }
    }
}

fn draw(mut canvas: Canvas, set: Option<Res<PracticeSet>>, notice: Res<Notice>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Practice), Some(Action::Back));
    let empty = PracticeSet::default();
    let set = set.as_deref().unwrap_or(&empty);
    if let Some(n) = &notice.0 {
        p.text(col.next(2.4 * u), n.clone(), 0.9, BAD);
    }
    if set.puzzles.is_empty() {
        p.text(col.next(5.0 * u), lang.get(Msg::PracticeNone), 1.1, INK);
        return;
    }
    let count = |reason| set.puzzles.iter().filter(|p| p.pick.reason == reason).count();
    let (n, due, new) = (set.puzzles.len(), count(PickReason::Review), count(PickReason::New));
    let fill = |msg, values: &[(&str, String)]| {
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fill(msg, &values)
    };
    let solved = set.results.iter().filter(|&&s| s).count();
    let line = if set.is_done() {
        fill(Msg::PracticeSummary, &[("solved", solved.to_string()), ("n", n.to_string())])
    } else {
        fill(
            Msg::PracticeToday,
            &[("n", n.to_string()), ("due", due.to_string()), ("new", new.to_string())],
        )
    };
    p.text(col.next(3.0 * u), line, 1.2, INK);
    // One row per puzzle: where it comes from, why it is here, how it went.
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        let row = col.next(2.2 * u);
        p.panel(row, CARD, 0.4);
        let title = find_lesson(&puzzle.item.lesson_id)
            .map(|(_, l)| lang.text(&l.title))
            .unwrap_or_default();
        let why = match puzzle.pick.reason {
            PickReason::Review => Msg::PracticeReview,
            PickReason::New => Msg::PracticeNew,
        };
        let text =
            Rect::new(row.min.x + 0.6 * u, row.min.y + 0.35 * u, row.max.x - 3.0 * u, row.max.y);
        p.text(text, format!("{}. {title} · {}", i + 1, lang.get(why)), 0.9, INK);
        let (mark, color) = match set.results.get(i) {
            Some(true) => ("✓", GOOD),
            Some(false) => ("×", BAD),
            None => ("", MUTED),
        };
        let mark_at = Rect::new(row.max.x - 2.4 * u, row.min.y + 0.3 * u, row.max.x, row.max.y);
        p.text(mark_at, mark, 1.2, color);
    }
    col.next(0.5 * u);
    // The puzzle rating of each game, on one line.
    let ratings: Vec<String> = set
        .ratings
        .iter()
        .map(|&(kind, before, now)| {
            let rating = format!("{now:.0}");
            let change = format!("{:+.0}", now - before);
            let msg = fill(Msg::PracticeRating, &[("rating", rating), ("change", change)]);
            format!("{} {msg}", lang.get(game_name(kind)))
        })
        .collect();
    p.text(col.next(2.0 * u), ratings.join(" · "), 0.9, MUTED);
    if !set.is_done() {
        let label = if set.results.is_empty() { Msg::PracticeStart } else { Msg::PracticeContinue };
        let r = col.next(3.0 * u);
        p.button(r, lang.get(label), Action::PracticeGo, Look::Primary);
    }
}

/// What a finished practice puzzle says on the lesson player's last panel.
pub fn verdict(lang: Lang, solved: bool) -> &'static str {
    lang.get(if solved { Msg::PracticeSolved } else { Msg::PracticeMissed })
}
