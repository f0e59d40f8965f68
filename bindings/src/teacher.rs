//! The rest of the class API: a class's details and roster by hand, imports of pasted
//! text, a file or a folder with a tally that keeps every refusal's reason, report files
//! for pupils, and the dashboard's rows, summary, timeline and games by level.

use std::path::Path;

use qike_core::GameKind;
use qike_core::progress::{self, Activity, ActivityKind, ClassId, LevelStats, PlayerResult};
use qike_core::progress::{GameRecord, LessonRecord, PuzzleRecord};
use qike_core::progress::{ImportTally as CoreTally, MatrixCell, RowOrder, Timestamp};

use crate::classes::{ClassInfo, ImportSummary, RosterEntry, count};
use crate::error::{StoreError, StoreErrorKind};
use crate::progress::{ProgressStore, profile_id};
use crate::records::GameRating;

#[uniffi::remote(Enum)]
pub enum ActivityKind {
    LessonCompleted { lesson_id: String, stars: u8 },
    LessonWorkedOn { lesson_id: String },
    PuzzleSolved { puzzle_id: String },
    Game { kind: GameKind, ai_level: Option<u8>, result: PlayerResult },
}

#[uniffi::remote(Record)]
pub struct Activity {
    pub at: Timestamp,
    pub kind: ActivityKind,
}

#[uniffi::remote(Record)]
pub struct LevelStats {
    pub game: String,
    pub level: u8,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub unfinished: u32,
}

/// One report of an import: where it came from and either what it did or why it was
/// refused (a sentence to show the teacher).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ImportedReport {
    /// The file name, or "pasted text".
    pub source: String,
    pub summary: Option<ImportSummary>,
    pub rejection: Option<String>,
    /// The refusal's variant of [`StoreError`] (e.g. `Tampered`, `ForeignPupilKey`).
    pub rejection_kind: Option<StoreErrorKind>,
}

/// What one import of one or many reports did, report by report, with the counts.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ImportTally {
    pub new_students: u32,
    pub updated: u32,
    pub already_had: u32,
    pub rejected: u32,
    pub reports: Vec<ImportedReport>,
}

impl From<CoreTally> for ImportTally {
    fn from(t: CoreTally) -> Self {
        let (new_students, updated, already_had) = (t.new_students(), t.updated(), t.already_had());
        let rejected = t.rejected().count();
        let reports = t
            .items
            .into_iter()
            .map(|item| match item.result {
                Ok(s) => ImportedReport {
                    source: item.source,
                    summary: Some(s.into()),
                    rejection: None,
                    rejection_kind: None,
                },
                Err(e) => {
                    let e = StoreError::from(e);
                    ImportedReport {
                        source: item.source,
                        summary: None,
                        rejection: Some(e.to_string()),
                        rejection_kind: Some(e.kind()),
                    }
                }
            })
            .collect();
        ImportTally {
            new_students: count(new_students),
            updated: count(updated),
            already_had: count(already_had),
            rejected: count(rejected),
            reports,
        }
    }
}

/// A report a pupil saved as a file, and the same report as text to copy.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SavedReport {
    pub path: String,
    pub text: String,
}

/// Why a pupil needs the teacher's attention.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum BehindReason {
    /// Nothing done for `days` days (`last` is `None` if never).
    Inactive { days: i64, last: Option<Timestamp> },
    /// An assignment past its due date and not finished.
    Overdue { assignment: u64, title: String, done: u32, total: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BehindStudent {
    pub student: RosterEntry,
    pub reasons: Vec<BehindReason>,
}

/// Class averages and who needs help.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct ClassSummary {
    pub students: u32,
    pub avg_lessons_completed: f64,
    pub avg_stars: f64,
    pub avg_time_ms: f64,
    pub behind: Vec<BehindStudent>,
}

impl From<progress::BehindReason> for BehindReason {
    fn from(r: progress::BehindReason) -> Self {
        match r {
            progress::BehindReason::Inactive { days, last } => {
                BehindReason::Inactive { days, last }
            }
            progress::BehindReason::Overdue { assignment, title, done, total } => {
                BehindReason::Overdue { assignment, title, done: count(done), total: count(total) }
            }
        }
    }
}

/// Why a pupil needs help, by the dashboard's own rule.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum HelpReason {
    /// Inactive, or past due on an assignment.
    Behind { reason: BehindReason },
    /// Tried a lesson several times without finishing it.
    Stuck { lesson_id: String, attempts: u32 },
}

/// How the dashboard's rows are sorted.
#[uniffi::remote(Enum)]
pub enum RowOrder {
    Name,
    Progress,
    LastActive,
}

/// One pupil's row of the dashboard, as the app shows it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DashboardRow {
    pub student: RosterEntry,
    /// Whether the pupil's reports are signed by their pinned key.
    pub verified: bool,
    /// One cell per lesson asked for, in that order; `None` where not opened.
    pub cells: Vec<Option<MatrixCell>>,
    /// Lessons of those completed.
    pub done: u32,
    /// The last lesson, puzzle or game the class heard of.
    pub last_active: Option<Timestamp>,
    /// Assignments finished (on time or late) of all the class's assignments.
    pub homework_done: u32,
    pub homework_total: u32,
}

impl From<progress::DashboardRow> for DashboardRow {
    fn from(r: progress::DashboardRow) -> Self {
        DashboardRow {
            student: r.student.into(),
            verified: r.verified,
            cells: r.cells,
            done: count(r.done),
            last_active: r.last_active,
            homework_done: count(r.homework_done),
            homework_total: count(r.homework_total),
        }
    }
}

/// One pupil and one reason to help them; a pupil with several reasons comes once each.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HelpNeed {
    pub student: RosterEntry,
    pub reason: HelpReason,
}

impl From<progress::HelpNeed> for HelpNeed {
    fn from(h: progress::HelpNeed) -> Self {
        let reason = match h.reason {
            progress::HelpReason::Behind(r) => HelpReason::Behind { reason: r.into() },
            progress::HelpReason::Stuck { lesson_id, attempts } => {
                HelpReason::Stuck { lesson_id, attempts }
            }
        };
        HelpNeed { student: h.student.into(), reason }
    }
}

impl From<progress::ClassSummary> for ClassSummary {
    fn from(s: progress::ClassSummary) -> Self {
        let behind = s
            .behind
            .into_iter()
            .map(|b| BehindStudent {
                student: b.student.into(),
                reasons: b.reasons.into_iter().map(BehindReason::from).collect(),
            })
            .collect();
        ClassSummary {
            students: count(s.students),
            avg_lessons_completed: s.avg_lessons_completed,
            avg_stars: s.avg_stars,
            avg_time_ms: s.avg_time_ms,
            behind,
        }
    }
}

#[uniffi::export]
impl ProgressStore {
    /// One class this device teaches.
    pub fn class_info(&self, class_id: ClassId) -> Result<ClassInfo, StoreError> {
        Ok(self.inner().class(class_id)?.into())
    }

    /// Renames a class and sets its grade and game (a game key such as `xiangqi`).
    pub fn update_class(
        &self,
        class_id: ClassId,
        name: String,
        grade: String,
        game: String,
    ) -> Result<ClassInfo, StoreError> {
        Ok(self.inner().update_class(class_id, &name, &grade, &game)?.into())
    }

    /// Puts a pupil on the roster by hand, before any report of theirs.
    pub fn add_student(
        &self,
        class_id: ClassId,
        student: String,
        display_name: String,
    ) -> Result<RosterEntry, StoreError> {
        let student = profile_id(&student)?;
        let entry = self.inner().add_student(class_id, student, &display_name, Timestamp::now())?;
        Ok(entry.into())
    }

    /// Takes a pupil off the roster with everything their reports brought.
    pub fn remove_student(&self, class_id: ClassId, student: String) -> Result<(), StoreError> {
        Ok(self.inner().remove_student(class_id, profile_id(&student)?)?)
    }

    /// The teacher's own real name and notes for a pupil.
    pub fn set_student_details(
        &self,
        class_id: ClassId,
        student: String,
        real_name: String,
        notes: String,
    ) -> Result<(), StoreError> {
        let student = profile_id(&student)?;
        Ok(self.inner().set_student_details(class_id, student, &real_name, &notes)?)
    }

    /// A pupil leaves a class they joined.
    pub fn leave_class(&self, profile: String, class_id: ClassId) -> Result<(), StoreError> {
        Ok(self.inner().leave_class(profile_id(&profile)?, class_id)?)
    }

    /// Imports a pasted report (its text form): into `class_id` if given (a report of
    /// another class is refused), else into the class it names.
    pub fn import_text(&self, class_id: Option<ClassId>, text: String) -> ImportTally {
        self.inner().import_pasted(class_id, &text, Timestamp::now()).into()
    }

    /// Imports a report file, or every report file in a folder.
    pub fn import_path(
        &self,
        class_id: Option<ClassId>,
        path: String,
    ) -> Result<ImportTally, StoreError> {
        Ok(self.inner().import_path(class_id, Path::new(&path), Timestamp::now())?.into())
    }

    /// Writes a pupil's report for a class into the folder `dir` (made if missing).
    pub fn save_report(
        &self,
        profile: String,
        class_id: ClassId,
        dir: String,
    ) -> Result<SavedReport, StoreError> {
        let profile = profile_id(&profile)?;
        let saved =
            self.inner().save_report(profile, class_id, Path::new(&dir), Timestamp::now())?;
        Ok(SavedReport { path: saved.path.display().to_string(), text: saved.text })
    }

    /// Class averages and who needs help: no activity for `inactive_days` days, or an
    /// assignment past due.
    pub fn class_summary(
        &self,
        class_id: ClassId,
        inactive_days: i64,
    ) -> Result<ClassSummary, StoreError> {
        Ok(self.inner().class_summary(class_id, Timestamp::now(), inactive_days)?.into())
    }

    /// The pupils who need help now, by the same rule as the app's dashboard: no activity
    /// for a week, homework past due, or a lesson tried again and again without
    /// finishing; in roster order.
    pub fn needs_help(&self, class_id: ClassId) -> Result<Vec<HelpNeed>, StoreError> {
        let needs = self.inner().needs_help(class_id, Timestamp::now())?;
        Ok(needs.into_iter().map(HelpNeed::from).collect())
    }

    /// The dashboard's rows for `lessons` (the columns), sorted by `order` with ties in
    /// the roster's order: what the app's dashboard shows.
    pub fn dashboard_rows(
        &self,
        class_id: ClassId,
        lessons: Vec<String>,
        order: RowOrder,
    ) -> Result<Vec<DashboardRow>, StoreError> {
        let rows = self.inner().dashboard_rows(class_id, &lessons, order, Timestamp::now())?;
        Ok(rows.into_iter().map(DashboardRow::from).collect())
    }

    /// What a pupil did that the class knows of, newest first.
    pub fn student_timeline(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<Activity>, StoreError> {
        Ok(self.inner().student_timeline(class_id, profile_id(&student)?)?)
    }

    /// A pupil's games against the computer, counted by game and level.
    pub fn games_by_level(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<LevelStats>, StoreError> {
        Ok(self.inner().games_by_level(class_id, profile_id(&student)?)?)
    }

    /// One pupil on a class's roster.
    pub fn roster_entry(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<RosterEntry, StoreError> {
        Ok(self.inner().roster_entry(class_id, profile_id(&student)?)?.into())
    }

    /// A pupil's lesson records as their reports brought them to this class.
    pub fn student_lessons(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<LessonRecord>, StoreError> {
        Ok(self.inner().student_lessons(class_id, profile_id(&student)?)?)
    }

    /// A pupil's puzzle records as their reports brought them to this class.
    pub fn student_puzzles(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<PuzzleRecord>, StoreError> {
        Ok(self.inner().student_puzzles(class_id, profile_id(&student)?)?)
    }

    /// A pupil's games as their reports brought them to this class.
    pub fn student_games(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<GameRecord>, StoreError> {
        Ok(self.inner().student_games(class_id, profile_id(&student)?)?)
    }

    /// The ratings a pupil's latest report carried, by game.
    pub fn student_ratings(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Vec<GameRating>, StoreError> {
        let all = self.inner().student_ratings(class_id, profile_id(&student)?)?;
        Ok(all.into_iter().map(|(game, rating)| GameRating { game, rating }).collect())
    }
}
