//! What one screen hands to the next: the game picked on home, the set-up's choices,
//! the session to start and the finished game, the lesson to open and the child's
//! standing in the course, today's practice set, and the tournament the teacher asked
//! for. Screens read and write these; none reaches into another screen.

use std::collections::HashMap;

use bevy::prelude::*;
use qike_core::curriculum::{Course, Lesson, Step};
use qike_core::progress::{
    ClassId, DailyPuzzle, LessonRecord, LessonStatus, ProfileId, ProgressStore, StoreError,
    Timestamp,
};
use qike_core::session::GameSession;
use qike_core::{GameKind, GameSetup, GomokuRule, Side};

use crate::data::{Current, Notice, Store, courses, find_lesson};
use crate::widgets::same_game;

/// The four games, in the order of the cards, each with the board it starts on.
pub const GAMES: [GameKind; 4] = [
    GameKind::Xiangqi,
    GameKind::Chess,
    GameKind::Go { size: 9 },
    GameKind::Gomoku { rule: GomokuRule::Freestyle },
];

/// Which lesson the lesson screen opens.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct OpenLesson(pub String);

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

/// The choices on the set-up screen.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct PlayChoice {
    /// The game and its options.
    pub setup: GameSetup,
    /// The computer's level; `None` for two players on one device.
    pub level: Option<u8>,
    /// The child's side against the computer.
    pub side: Side,
    /// The level the child's rating suggests, for games with levels.
    pub suggested: Option<u8>,
    /// Two players on time: the time control (`None`: no clock).
    pub clock: Option<qike_core::session::TimeControl>,
}

impl Default for PlayChoice {
    fn default() -> Self {
        PlayChoice {
            setup: GameSetup::standard(GameKind::Xiangqi),
            level: Some(1),
            side: Side::First,
            suggested: Some(1),
            clock: None,
        }
    }
}

impl PlayChoice {
    pub fn kind(&self) -> GameKind {
        self.setup.kind()
    }

    /// Switches to `kind`'s game; the options stay when it is the same game.
    pub fn choose_game(&mut self, kind: GameKind) {
        if !same_game(self.kind(), kind) {
            self.setup = GameSetup::standard(kind);
        }
    }
}

/// The draft slot of a lesson in progress, of any course.
pub fn lesson_draft_slot(lesson_id: &str) -> String {
    format!("lesson:{lesson_id}")
}

/// The draft slot of a game in progress: one per game, so a Go game and a xiangqi
/// game can both wait. (`game:xiangqi` is also where the first app kept its games.)
pub fn draft_slot(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Xiangqi => "game:xiangqi",
        GameKind::Chess => "game:chess",
        GameKind::Go { .. } => "game:go",
        GameKind::Gomoku { .. } => "game:gomoku",
    }
}

/// The session the Play screen starts with: a new one, or the saved game.
#[derive(Resource, Clone, Debug)]
pub struct StartSession(pub GameSession);

/// A finished game, for the result screen.
#[derive(Resource, Clone, Debug)]
pub struct FinishedGame(pub GameSession);

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

/// Builds a fresh set for the current child (the home screen's button).
pub fn start_practice(
    commands: &mut Commands,
    store: &Store,
    current: &Current,
    notice: &mut Notice,
) {
    let Some(profile) = &current.profile else { return };
    match PracticeSet::build(&store.0, profile.id, Timestamp::now()) {
        Ok(set) => commands.insert_resource(set),
        Err(e) => notice.0 = Some(e.to_string()),
    }
}

/// The teacher asked for the tournaments: of a class (its pupils as the players, or its
/// saved event), or `None` for the event under way.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenTournament(pub Option<ClassId>);
