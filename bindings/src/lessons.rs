//! The shipped courses and a lesson run: the step to draw, the child's input, the
//! answer. The run keeps the core's resumable state and steps the core's [`LessonRun`]
//! from it for each call.

use std::sync::{Mutex, MutexGuard};

use qike_core::curriculum::StepKind;
use qike_core::curriculum::schema::Plan;
use qike_core::curriculum::{self, Course, Feedback, Lesson, LessonResult, RunState, StepOutcome};
use qike_core::{BoardView, GameKind, MoveInput, PieceKind, PieceView, Point, Text};

use crate::error::{LessonError, Points, on_board};

#[uniffi::remote(Record)]
pub struct StepOutcome {
    pub step_id: String,
    pub mistakes: u32,
    pub hints: u32,
    pub skipped: bool,
}

#[uniffi::remote(Record)]
pub struct LessonResult {
    pub lesson_id: String,
    pub stars: u8,
    pub mistakes: u32,
    pub hints: u32,
    pub elapsed_ms: u64,
    pub steps: Vec<StepOutcome>,
}

#[uniffi::remote(Record)]
pub struct Plan {
    pub content: Text,
    pub objectives: Vec<Text>,
    pub key_points: Vec<Text>,
    pub materials: Vec<Text>,
    pub process: Vec<Text>,
    pub summary: Text,
    pub periods: u8,
    pub minutes: u16,
}

/// A course: units of lessons.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CourseInfo {
    pub id: String,
    /// The game the course teaches; its lessons' boards are of this game.
    pub game: GameKind,
    pub title: Text,
    pub description: Text,
    pub units: Vec<UnitInfo>,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct UnitInfo {
    pub id: String,
    pub title: Text,
    pub lessons: Vec<LessonInfo>,
}

#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct LessonInfo {
    pub id: String,
    pub title: Text,
    /// Lessons to finish first.
    pub prerequisites: Vec<String>,
    /// How many steps the lesson has.
    pub step_count: u32,
    /// The 教案: content, objectives, key and hard points, materials, the class hour's
    /// outline, the summary, periods and minutes.
    pub plan: Plan,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<&Course> for CourseInfo {
    fn from(c: &Course) -> Self {
        CourseInfo {
            id: c.id.clone(),
            game: c.game,
            title: c.title.clone(),
            description: c.description.clone(),
            units: c
                .units
                .iter()
                .map(|u| UnitInfo {
                    id: u.id.clone(),
                    title: u.title.clone(),
                    lessons: u
                        .lessons
                        .iter()
                        .map(|l| LessonInfo {
                            id: l.id.clone(),
                            title: l.title.clone(),
                            prerequisites: l.prerequisites.clone(),
                            step_count: count(l.steps.len()),
                            plan: l.plan.clone(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// A step of a piece in a lesson (an arrow, the opponent's reply).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct StepMove {
    pub from: Point,
    pub to: Point,
}

fn step_move((from, to): (Point, Point)) -> StepMove {
    StepMove { from, to }
}

/// What the child did in a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum LessonInput {
    /// Go on after reading an explanation.
    Continue,
    /// Tap a point.
    Tap { at: Point },
    /// Move a piece.
    Move { from: Point, to: Point },
    /// Pick a choice of a quiz, from 0.
    Choice { index: u32 },
    /// Put a piece from the tray on a point.
    Place { kind: PieceKind, at: Point },
    /// Enter a number (count steps).
    Number { value: i64 },
}

impl Points for LessonInput {
    fn points(self) -> Vec<Point> {
        match self {
            LessonInput::Tap { at } | LessonInput::Place { at, .. } => vec![at],
            LessonInput::Move { from, to } => vec![from, to],
            LessonInput::Continue | LessonInput::Choice { .. } | LessonInput::Number { .. } => {
                Vec::new()
            }
        }
    }
}

impl From<LessonInput> for curriculum::Input {
    fn from(i: LessonInput) -> Self {
        match i {
            LessonInput::Continue => curriculum::Input::Continue,
            LessonInput::Tap { at } => curriculum::Input::Tap(at),
            LessonInput::Move { from, to } => curriculum::Input::Move { from, to },
            LessonInput::Choice { index } => {
                curriculum::Input::Choice(usize::try_from(index).unwrap_or(usize::MAX))
            }
            LessonInput::Place { kind, at } => curriculum::Input::Place { kind, at },
            LessonInput::Number { value } => curriculum::Input::Number(value),
        }
    }
}

impl From<curriculum::Input> for LessonInput {
    fn from(i: curriculum::Input) -> Self {
        match i {
            curriculum::Input::Continue => LessonInput::Continue,
            curriculum::Input::Tap(at) => LessonInput::Tap { at },
            curriculum::Input::Move { from, to } => LessonInput::Move { from, to },
            curriculum::Input::Choice(index) => {
                LessonInput::Choice { index: u32::try_from(index).unwrap_or(u32::MAX) }
            }
            curriculum::Input::Place { kind, at } => LessonInput::Place { kind, at },
            curriculum::Input::Number(value) => LessonInput::Number { value },
        }
    }
}

/// The answer to an input, as the core gives it.
#[uniffi::remote(Enum)]
pub enum Feedback {
    Correct { text: Option<Text>, reply: Option<MoveInput> },
    Wrong { reason: Text },
    Hint { text: Text, points: Vec<Point> },
    StepDone { text: Option<Text> },
    LessonDone { text: Option<Text>, result: LessonResult },
    Unavailable { reason: Text },
    NotExpected,
}

/// What a step asks of the child.
#[uniffi::remote(Enum)]
pub enum StepKind {
    Explain,
    TapTargets,
    MakeMove,
    Collect,
    Puzzle,
    Quiz,
    TapPoint,
    Setup,
    PlayOut,
    TapShape,
    TapGo,
    Count,
    Fight,
}

/// What to show for the current step.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct StepView {
    /// From 0, of `count` steps.
    pub index: u32,
    pub count: u32,
    pub step_id: String,
    /// What the step asks: an explanation to read, a move to make, a quiz …
    pub kind: StepKind,
    pub text: Text,
    pub board: Option<BoardView>,
    pub arrows: Vec<StepMove>,
    pub choices: Vec<Text>,
    /// Stars still to take (collect).
    pub stars: Vec<Point>,
    pub moves_left: Option<u8>,
    /// Pieces still to place (setup).
    pub tray: Vec<PieceView>,
    /// False when the step cannot be done yet.
    pub available: bool,
}

impl From<curriculum::StepView> for StepView {
    fn from(v: curriculum::StepView) -> Self {
        StepView {
            index: count(v.index),
            count: count(v.count),
            step_id: v.step_id,
            kind: v.kind,
            text: v.text,
            board: v.board,
            arrows: v.arrows.into_iter().map(step_move).collect(),
            choices: v.choices,
            stars: v.stars,
            moves_left: v.moves_left,
            tray: v.tray,
            available: v.available,
        }
    }
}

fn shipped_courses() -> Result<Vec<Course>, LessonError> {
    Ok(curriculum::courses()?)
}

/// The shipped lesson `id`.
fn find_lesson(id: &str) -> Result<Lesson, LessonError> {
    shipped_courses()?
        .iter()
        .find_map(|c| c.lesson(id).cloned())
        .ok_or_else(|| LessonError::NoSuchLesson(format!("there is no lesson '{id}'")))
}

/// The courses shipped with the app.
#[uniffi::export]
pub fn courses() -> Result<Vec<CourseInfo>, LessonError> {
    Ok(shipped_courses()?.iter().map(CourseInfo::from).collect())
}

/// A child's way through one lesson.
#[derive(Debug, uniffi::Object)]
pub struct LessonRun {
    lesson: Lesson,
    state: Mutex<RunState>,
}

impl LessonRun {
    fn state(&self) -> MutexGuard<'_, RunState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Steps the core's run from the kept state through `act`, and keeps its new state.
    fn with<T>(&self, act: impl FnOnce(&mut curriculum::LessonRun) -> T) -> T {
        let mut state = self.state();
        let mut run = match curriculum::LessonRun::resume(&self.lesson, state.clone()) {
            Ok(run) => run,
            // The state only ever comes from this lesson's own run: start it over rather
            // than fail if it ever does not fit.
            Err(_) => curriculum::LessonRun::new(&self.lesson),
        };
        let out = act(&mut run);
        *state = run.save();
        out
    }

    /// `value` when its points are on the current step's board (any point passes a
    /// step without a board).
    fn on_board<T: Points>(&self, value: T) -> Result<T, LessonError> {
        match self.with(|run| run.view().and_then(|v| v.board)) {
            Some(board) => Ok(on_board(&board, value)?),
            None => Ok(value),
        }
    }
}

#[uniffi::export]
impl LessonRun {
    /// Starts the lesson `lesson_id` of a shipped course at its first step.
    #[uniffi::constructor]
    pub fn new(lesson_id: String) -> Result<Self, LessonError> {
        let lesson = find_lesson(&lesson_id)?;
        let state = curriculum::LessonRun::new(&lesson).save();
        Ok(LessonRun { lesson, state: Mutex::new(state) })
    }

    /// A run saved by [`LessonRun::save_bytes`], at the step and with the moves it had.
    #[uniffi::constructor]
    pub fn resume_bytes(bytes: Vec<u8>) -> Result<Self, LessonError> {
        let state: RunState = serde_json::from_slice(&bytes).map_err(|e| {
            LessonError::NotASavedRun(format!("the bytes are not a saved lesson run: {e}"))
        })?;
        let lesson = find_lesson(&state.lesson_id)?;
        let state = curriculum::LessonRun::resume(&lesson, state)?.save();
        Ok(LessonRun { lesson, state: Mutex::new(state) })
    }

    /// The run's saved form (the app's draft format): keep it with
    /// `ProgressStore::save_draft` and continue later with [`LessonRun::resume_bytes`].
    pub fn save_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(&*self.state()).unwrap_or_default()
    }

    pub fn lesson_id(&self) -> String {
        self.lesson.id.clone()
    }

    /// The current step; `None` when the lesson is done.
    pub fn view(&self) -> Option<StepView> {
        self.with(|run| run.view().map(StepView::from))
    }

    /// What the child did, and the answer.
    pub fn submit(&self, input: LessonInput) -> Result<Feedback, LessonError> {
        let input = self.on_board(input)?;
        Ok(self.with(|run| run.submit(input.into())))
    }

    /// A hint for the current step (it costs a star).
    pub fn hint(&self) -> Feedback {
        self.with(|run| run.hint())
    }

    /// The right answer of the current step as inputs, for a "show me" button: submitted
    /// in order they finish the step without a mistake. In a play-out step, the next
    /// good move only (the rest depends on the replies); empty when the lesson is done.
    pub fn show_me(&self) -> Vec<LessonInput> {
        let index = self.state().step;
        let Some(step) = self.lesson.steps.get(index) else { return Vec::new() };
        let mut inputs = curriculum::answer_inputs(self.lesson.game, step);
        if inputs.is_empty() {
            inputs.extend(self.with(|run| run.play_out_answer()));
        }
        inputs.into_iter().map(LessonInput::from).collect()
    }

    /// Where the piece on `from` may go in the current step's position.
    pub fn targets(&self, from: Point) -> Result<Vec<Point>, LessonError> {
        let from = self.on_board(from)?;
        Ok(self.with(|run| run.targets(from)))
    }

    /// Starts the current step again.
    pub fn retry(&self) {
        self.with(|run| run.retry());
    }

    /// Adds time the child spent, as the caller measures it.
    pub fn add_time(&self, ms: u64) {
        self.with(|run| run.add_time(ms));
    }

    pub fn is_done(&self) -> bool {
        self.with(|run| run.is_done())
    }

    /// What the progress store records of this run now (`ProgressStore::record_lesson`
    /// takes it as it is): the result so far, whether the lesson was finished, the
    /// content's version and the time.
    pub fn attempt(&self) -> qike_core::progress::LessonAttempt {
        self.with(|run| {
            qike_core::progress::LessonAttempt::from_result(
                &run.result(),
                run.is_done(),
                qike_core::progress::Timestamp::now(),
            )
        })
    }

    /// The result so far, for the progress store.
    pub fn result(&self) -> LessonResult {
        self.with(|run| run.result())
    }
}
