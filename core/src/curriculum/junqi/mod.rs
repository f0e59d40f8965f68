//! The 四国军棋 course: its lesson files ([`schema`]), loading with the same
//! [`LoadError`](crate::curriculum::LoadError) as the other games, the check that
//! proves every step on the referee, and [`JunqiRun`], the lesson runner. 四国军棋
//! stands beside the two-sided game face, so its lessons have their own step types
//! and board view; the 教案, the texts and the [`LessonResult`](crate::curriculum::LessonResult)
//! the progress store records are the same as every course's.
//!
//! ```
//! use qike_core::curriculum::junqi::{self, JunqiRun};
//!
//! let course = junqi::junqi_course().unwrap();
//! assert!(junqi::validate_junqi(&course).is_empty());
//! let mut run = JunqiRun::new(course.lessons().next().unwrap());
//! while !run.is_done() {
//!     for input in run.answer() {
//!         run.submit(input);
//!     }
//! }
//! assert_eq!(run.result().stars, 3);
//! ```

mod goal;
mod load;
mod run;
pub mod schema;
mod setup;
mod validate;
mod view;

pub use goal::{goal_text, move_of, station};
pub use load::{JUNQI_FILES, junqi_course, load_junqi_course, parse_junqi_lesson};
pub use run::{JunqiRun, JunqiRunState};
pub use schema::{
    BattleClaim, JunqiCourse, JunqiGoal, JunqiLesson, JunqiStep, JunqiStepKind, JunqiUnit,
    StationClaim,
};
pub use validate::{validate_junqi, validate_junqi_lesson};
pub use view::{
    JunqiBoard, JunqiFeedback, JunqiHighlight, JunqiInput, JunqiPieceView, JunqiStepView,
};
