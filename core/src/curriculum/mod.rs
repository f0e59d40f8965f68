//! Interactive lessons: the course files, the checks that keep them true to the rules,
//! and the state machine a UI drives through a lesson.
//!
//! - [`schema`]: Course → Unit → Lesson (with its 教案) → Step, all texts in zh and en.
//! - [`load`]: TOML in, typed errors out; the shipped courses are embedded.
//! - [`validate()`]: positions, moves, targets, stars, forced mates, ids, prerequisites.
//! - [`LessonRun`]: current step view, `submit` → [`Feedback`], hints, retry, resume,
//!   and a [`LessonResult`] for the progress store.
//! - [`junqi`]: the 四国军棋 course with its own steps and runner ([`junqi::JunqiRun`]).
//! - play-out steps: the child plays on against the engine (`crate::ai`); each reply is
//!   searched inside `submit` with a small fixed node budget and a seed from the step,
//!   so it is quick and the same moves always get the same replies.
//!
//! ```
//! use qike_core::curriculum::{self, Input, LessonRun};
//!
//! let course = curriculum::xiangqi_course().unwrap();
//! assert!(curriculum::validate(&course).is_empty());
//! let lesson = course.lessons().next().unwrap();
//! let run = LessonRun::new(lesson);
//! assert_eq!(run.view().unwrap().index, 0);
//! ```

mod answers;
mod demo_board;
pub mod go_steps;
pub mod junqi;
pub mod load;
mod playout;
pub mod position;
pub mod practice;
pub mod quality;
mod runner;
pub mod schema;
mod stars;
pub mod stones;
pub mod teach;
mod validate;

/// The version of the shipped lesson content, kept with each lesson attempt so a later
/// version can tell records of older lessons apart.
pub const CONTENT_VERSION: u32 = 1;

pub use answers::answer_inputs;
pub use demo_board::{
    DemoBoard, DemoError, LessonPosition, lesson_position, lesson_positions, palette,
};
pub use junqi::junqi_course;
pub use load::{
    LoadError, course_for, courses, load_course, parse_lesson, parse_lesson_of, xiangqi_course,
};
pub use playout::{PLAYOUT_DEFAULT_NODES, PLAYOUT_MAX_NODES};
pub use quality::check_quality;
pub use runner::chess::collect_path as chess_collect_path;
pub use runner::{
    Feedback, Input, LessonResult, LessonRun, ResumeError, RunState, StepOutcome, StepView,
    kind_name, stars,
};
pub use schema::{Course, GameKind, Lesson, Step, StepKind, Text};
pub use teach::Refutation;
pub use validate::{
    KindProof, Problem, ProofReport, ValidationError, collect_path, validate, validate_lesson,
    validate_with_report,
};
