//! The values a lesson run holds and hands out: what the child did ([`Input`]), the
//! answer ([`Feedback`]), what to draw ([`StepView`]), the state to save ([`RunState`])
//! and the result for the progress store ([`LessonResult`]).

use serde::{Deserialize, Serialize};

use crate::curriculum::schema::{Lesson, StepKind, Text};
use crate::curriculum::teach::Refutation;
use crate::{AnyGame, BoardView, MoveInput, PieceKind, PieceView, Point};

/// What the child did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// Go on after reading an explanation.
    Continue,
    /// Tap a point (tap-targets, tap-point, tap-shape; in a stone game also a stone
    /// placed in make-move, puzzle and play-out steps).
    Tap(Point),
    /// Move a piece (make-move, collect, puzzle, play-out).
    Move { from: Point, to: Point },
    /// Pick a choice of a quiz, from 0.
    Choice(usize),
    /// Put a piece of this kind from the tray on a point (setup).
    Place { kind: PieceKind, at: Point },
    /// Enter a number (count).
    Number(i64),
}

/// The answer to an input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Feedback {
    /// Right, and the step goes on; `reply` is the opponent's answer already played.
    Correct { text: Option<Text>, reply: Option<MoveInput> },
    /// Not right; the reason says why (a rule, or the author's note on this move).
    Wrong { reason: Text },
    /// A hint (the first of a step is free, each further one costs a star); `points`
    /// are worth looking at.
    Hint { text: Text, points: Vec<Point> },
    /// The step is finished; the next one is current now.
    StepDone { text: Option<Text> },
    /// The last step is finished.
    LessonDone { text: Option<Text>, result: LessonResult },
    /// The step needs something that does not exist yet (an engine for a game that
    /// has none; every xiangqi step is available).
    Unavailable { reason: Text },
    /// This kind of input does nothing in this step (e.g. a move in a quiz).
    NotExpected,
}

/// How one step went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepOutcome {
    pub step_id: String,
    pub mistakes: u32,
    pub hints: u32,
    /// Skipped because it was unavailable.
    pub skipped: bool,
}

/// What the progress store records for a finished lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonResult {
    pub lesson_id: String,
    /// 0–3: three, minus one per hint, minus more for many mistakes.
    pub stars: u8,
    pub mistakes: u32,
    pub hints: u32,
    pub elapsed_ms: u64,
    pub steps: Vec<StepOutcome>,
}

/// Stars for a lesson: each hint costs one; one mistake is free, then every two or
/// three more cost another.
pub fn stars(mistakes: u32, hints: u32) -> u8 {
    let penalty = match mistakes {
        0..=1 => 0,
        2..=3 => 1,
        4..=6 => 2,
        _ => 3,
    };
    3u32.saturating_sub(hints.saturating_add(penalty)) as u8
}

/// Everything needed to resume a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunState {
    pub lesson_id: String,
    pub step: usize,
    /// Moves made in the current step (the child's and the replies).
    pub played: Vec<MoveInput>,
    /// Points found or filled in the current step.
    pub found: Vec<Point>,
    pub step_mistakes: u32,
    pub step_hints: u32,
    pub outcomes: Vec<StepOutcome>,
    pub elapsed_ms: u64,
    /// The pupil's seed for the order of quiz choices (0: the order written).
    #[serde(default)]
    pub seed: u64,
    /// Whether the current step's free first hint has been given.
    #[serde(default)]
    pub free_hint_given: bool,
}

/// Why a saved state does not fit the lesson.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("the saved run is of lesson '{saved}', not '{lesson}'")]
    OtherLesson { saved: String, lesson: String },
    #[error("the saved run is at step {step}, but the lesson has {count} steps")]
    NoSuchStep { step: usize, count: usize },
    #[error("the saved moves of step '{0}' cannot be replayed")]
    BadMoves(String),
}

/// What a UI shows for the current step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepView {
    pub index: usize,
    pub count: usize,
    pub step_id: String,
    pub kind: StepKind,
    pub text: Text,
    pub board: Option<BoardView>,
    pub arrows: Vec<(Point, Point)>,
    pub choices: Vec<Text>,
    /// Stars still to take (collect).
    pub stars: Vec<Point>,
    /// Moves left: collect, play-out with a move limit, or moves still to survive in a
    /// hold-draw play-out.
    pub moves_left: Option<u8>,
    /// Pieces still to place (setup).
    pub tray: Vec<PieceView>,
    /// False when the step cannot be done yet (a play-out in a game without an engine).
    pub available: bool,
}

/// A child's way through one lesson. It owns its lesson, so a UI or the bindings can
/// keep it as long as they like.
#[derive(Debug, Clone)]
pub struct LessonRun {
    pub(super) lesson: Lesson,
    pub(super) state: RunState,
    /// The game of the current step, after `state.played`.
    pub(super) game: Option<AnyGame>,
    /// The last wrong move's refutation, until the next input.
    pub(super) refutation: Option<Refutation>,
}

pub(super) fn t(zh: &str, en: &str) -> Text {
    Text::new(zh, en)
}

/// The input a UI sends for a move.
pub(crate) fn input_of(m: MoveInput) -> Input {
    match m {
        MoveInput::Step { from, to, .. } => Input::Move { from, to },
        MoveInput::Place { at } => Input::Tap(at),
        MoveInput::Pass => Input::Continue,
    }
}
