//! uniffi bindings of `qike-core` for Kotlin, Swift and Python.
//!
//! Thin by design: core types are exported as they are (uniffi "remote" types), objects
//! hold an `inner` core value, every method is a one-line call into the core, and core
//! errors are mapped in one place ([`error`]) to a small public error enum.

mod classes;
mod error;
mod game;
mod homework;
mod junqi;
mod junqi_setup;
mod lessons;
mod progress;
mod records;
mod result;
mod session;
mod teacher;
mod tournament;
mod types;

pub use classes::{
    ClassInfo, ClassMatrix, ImportSummary, Membership, RosterEntry, report_from_text,
    report_to_text,
};
pub use error::{
    GoSgfError, GomokuSgfError, JunqiError, LessonError, MoveError, PgnError, SessionError,
    SetupError, StoreError, StoreErrorKind, TournamentError, XiangqiFenError,
};
pub use game::{Game, PgnTag, standard_setup};
pub use homework::{AssignmentStatus, ImportedClassFile, PupilAssignment, class_file_class};
pub use junqi::{
    JunqiGame, JunqiStationInfo, JunqiStationView, JunqiTableConfig, JunqiView, junqi_board,
    junqi_railway_lines,
};
pub use junqi_setup::{
    JunqiCard, JunqiEditTap, JunqiGameRecord, JunqiSetupCell, JunqiSetupEditor, JunqiSetupSpot,
    JunqiTrayCount, SavedJunqiSetup,
};
pub use lessons::{
    CourseInfo, LessonInfo, LessonInput, LessonRun, StepMove, StepView, UnitInfo, courses,
};
pub use progress::{DeviceSettings, Profile, ProgressStore};
pub use records::{GameRating, move_store_aside, rating_key};
pub use result::{
    ClockView, EvalPoint, GameCardProgress, GameReview, GoCaptures, MarkedMove, Material,
    NextLesson, clock_text, go_balance_text, time_control_choices, time_control_label,
};
pub use session::{Session, levels};
pub use teacher::{
    BehindReason, BehindStudent, ClassSummary, HelpNeed, HelpReason, ImportTally, ImportedReport,
    SavedReport,
};
pub use tournament::{Entrant, ScoringRule, Standing, Tournament, TournamentSystem};
pub use types::{CountSummary, EngineReply, LevelInfo, MoveReview, PendingPromotion, TapResult};

uniffi::setup_scaffolding!("qike");

/// Whether class sync is announcing or looking on the local network now: the Android
/// shell holds a Wi-Fi multicast lock while it is.
#[uniffi::export]
pub fn multicast_in_use() -> bool {
    qike_core::sync::multicast_in_use()
}

/// The version of the core library, e.g. to show in an about screen.
#[uniffi::export]
pub fn core_version() -> String {
    qike_core::version().to_owned()
}
