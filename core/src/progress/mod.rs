//! Progress that is never lost: the sled store, student records, classes, signed class
//! reports, the teacher's dashboard and its CSV export.
//!
//! ```
//! use qike_core::progress::{NewProfile, ProgressStore, Role, Timestamp};
//!
//! let dir = std::env::temp_dir().join(format!("qike-doc-{}", std::process::id()));
//! let store = ProgressStore::open(&dir)?;
//! let kid = store.create_profile(
//!     NewProfile { display_name: "小明".into(), avatar: "panda".into(),
//!                  language: "zh-CN".into(), role: Role::Student },
//!     Timestamp(0),
//! )?;
//! assert_eq!(store.profiles()?, vec![kid]);
//! store.close()?;
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), qike_core::progress::StoreError>(())
//! ```

mod class_file;
mod class_rows;
mod classes;
mod codec;
mod csv;
mod dashboard;
mod drafts;
mod error;
mod events;
mod game_progress;
mod home;
mod ids;
mod import;
mod junqi;
mod needs_help;
mod practice;
mod pupil_key;
mod records;
mod report;
mod report_store;
mod schema;
mod store;
mod teacher_key;
mod teacher_pin;

pub use crate::csv::csv_cell;
pub use crate::rating::{MAX_LEVEL, SkillRating, level_rating};
pub use crate::time::Timestamp;
pub use class_file::{
    CLASS_FILE_EXTENSION, CLASS_FILE_PREFIX, CLASS_FILE_VERSION, CLASS_KEY_ONLY_VERSION, ClassFile,
    ClassFileTrust, MAX_CLASS_FILE_ASSIGNMENTS, OpenedClassFile, PupilAssignment, class_file_class,
    open_class_file, seal_class_file,
};
pub use class_rows::{DashboardRow, RowOrder};
pub use classes::{
    Assignment, AssignmentItem, CLASS_GAMES, Class, Membership, NewClass, RosterEntry,
    class_game_key, class_games,
};
pub use csv::{assignment_csv, matrix_csv};
pub use dashboard::{
    Activity, ActivityKind, AssignmentState, AssignmentStatus, BehindReason, BehindStudent,
    ClassMatrix, ClassSummary, LevelStats, MatrixCell,
};
pub use drafts::{DeviceSettings, MAX_DRAFT_BYTES, PieceStyle};
pub use error::{ClassFileError, JoinCodeError, ReportError, StoreError, Trouble};
pub use events::MAX_EVENT_BYTES;
pub use game_progress::{GameProgress, PuzzleScore, UnitStars, puzzle_score, rating_history};
pub use home::{GameCardProgress, NextLesson, Streak, streak};
pub use ids::{
    ClassId, ClassKey, DeviceId, JOIN_CODE_SYMBOLS, JoinCode, OLD_JOIN_CODE_SYMBOLS, ProfileId,
    base32_decode, base32_encode,
};
pub use import::{
    ImportItem, ImportTally, MAX_FOLDER_FILES, REPORT_EXTENSION, SavedReport, read_report_file,
    report_bytes, report_files,
};
pub use junqi::{JunqiCard, JunqiGameRecord, MAX_JUNQI_SETUPS};
pub use needs_help::{HelpNeed, HelpReason, INACTIVE_DAYS, STUCK_ATTEMPTS};
pub use practice::{DailyPractice, DailyPuzzle};
pub use pupil_key::{PUBLIC_KEY_LEN, PupilKey, PupilPublicKey, SIGNATURE_LEN};
pub use records::{
    GameRecord, LessonAttempt, LessonRecord, LessonStatus, NewProfile, PlayerResult, Profile,
    PuzzleAttempt, PuzzleRecord, Role,
};
pub use report::{
    MAX_REPORT_BYTES, OpenedReport, QR_REPORT_BYTES, REPORT_VERSION, ReportBody,
    UNSIGNED_REPORT_VERSION, open_report, open_signed_report, peek_class, report_from_text,
    report_to_text, seal_payload, seal_report, seal_signed_report,
};
pub use report_store::{ImportOutcome, ImportSummary};
pub use schema::CURRENT_VERSION as SCHEMA_VERSION;
pub use store::{CACHE_BYTES, ProgressStore, rating_key};
pub use teacher_key::{
    FINGERPRINT_BITS, TeacherFingerprint, TeacherKey, TeacherKeyPin, TeacherPublicKey,
};
pub use teacher_pin::{FREE_PIN_TRIES, PIN_DIGITS, PinCheck};
