//! Classes on the progress store: the teacher creates a class and shows its join code
//! (text and QR payload); a student joins with it and exports signed reports; the
//! teacher imports them and reads the dashboard. Class ids cross the FFI as numbers.

use qike_core::progress::{
    self, ClassId, ImportOutcome, LessonStatus, MatrixCell, NewClass, Timestamp,
};

use crate::error::StoreError;
use crate::progress::{ProgressStore, profile_id};

uniffi::custom_type!(ClassId, u32, {
    remote,
    lower: |id| id.0,
    try_lift: |n| Ok(ClassId(n)),
});

#[uniffi::remote(Record)]
pub struct NewClass {
    pub name: String,
    pub teacher: String,
    pub description: String,
}

#[uniffi::remote(Record)]
pub struct MatrixCell {
    pub status: LessonStatus,
    pub stars: u8,
    pub time_ms: u64,
}

#[uniffi::remote(Enum)]
pub enum ImportOutcome {
    NewStudent,
    Updated,
    AlreadyImported,
}

/// A class this device teaches, with the code students join it by.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClassInfo {
    pub id: ClassId,
    pub name: String,
    pub teacher: String,
    pub description: String,
    pub created: Timestamp,
    pub archived: Option<Timestamp>,
    /// The school grade, as the teacher writes it.
    pub grade: String,
    /// The game the class studies, as a game key (`xiangqi`); empty if not said.
    pub game: String,
    /// The join code to type, in groups of symbols.
    pub join_code: String,
    /// The same code as a QR code's text (with the teacher's whole public key).
    pub qr_payload: String,
    /// The fingerprint of the teacher's key that signs the class files, in three
    /// groups of four symbols; empty if this device has made no key yet.
    pub teacher_key_fingerprint: String,
}

impl From<progress::Class> for ClassInfo {
    fn from(c: progress::Class) -> Self {
        let code = c.join_code();
        ClassInfo {
            id: c.id,
            name: c.name,
            teacher: c.teacher,
            description: c.description,
            created: c.created,
            archived: c.archived,
            grade: c.grade,
            game: c.game,
            join_code: code.to_text(),
            qr_payload: code.qr_payload(),
            teacher_key_fingerprint: c
                .teacher_key
                .map(|k| k.fingerprint().to_string())
                .unwrap_or_default(),
        }
    }
}

/// A class a profile has joined.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Membership {
    pub profile: String,
    pub class_id: ClassId,
    pub class_name: String,
    pub joined: Timestamp,
    /// The fingerprint of the teacher's key pinned when joining (three groups of four
    /// symbols); empty when the class was joined with an older code.
    pub teacher_key_fingerprint: String,
}

impl From<progress::Membership> for Membership {
    fn from(m: progress::Membership) -> Self {
        Membership {
            profile: m.profile.to_string(),
            class_id: m.class,
            class_name: m.class_name,
            joined: m.joined,
            teacher_key_fingerprint: m
                .teacher
                .map(|t| t.fingerprint().to_string())
                .unwrap_or_default(),
        }
    }
}

/// A student on a class's roster.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RosterEntry {
    pub student: String,
    pub display_name: String,
    pub real_name: String,
    pub notes: String,
    pub added: Timestamp,
}

impl From<progress::RosterEntry> for RosterEntry {
    fn from(r: progress::RosterEntry) -> Self {
        RosterEntry {
            student: r.student.to_string(),
            display_name: r.display_name,
            real_name: r.real_name,
            notes: r.notes,
            added: r.added,
        }
    }
}

/// What importing a report did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ImportSummary {
    pub class_id: ClassId,
    pub student: String,
    pub seq: u64,
    pub outcome: ImportOutcome,
    pub lessons_changed: u32,
    pub puzzles_changed: u32,
    pub games_added: u32,
}

pub(crate) fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<progress::ImportSummary> for ImportSummary {
    fn from(s: progress::ImportSummary) -> Self {
        ImportSummary {
            class_id: s.class,
            student: s.student.to_string(),
            seq: s.seq,
            outcome: s.outcome,
            lessons_changed: count(s.lessons_changed),
            puzzles_changed: count(s.puzzles_changed),
            games_added: count(s.games_added),
        }
    }
}

/// The teacher's dashboard: students (rows, in roster order) × lessons (columns).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClassMatrix {
    pub students: Vec<RosterEntry>,
    pub lessons: Vec<String>,
    /// `cells[row][column]`; `None` where the student has not opened the lesson.
    pub cells: Vec<Vec<Option<MatrixCell>>>,
    /// Per row: whether the pupil's reports are signed by the key pinned for them.
    pub verified: Vec<bool>,
}

impl From<progress::ClassMatrix> for ClassMatrix {
    fn from(m: progress::ClassMatrix) -> Self {
        ClassMatrix {
            students: m.students.into_iter().map(RosterEntry::from).collect(),
            lessons: m.lessons,
            cells: m.cells,
            verified: m.verified,
        }
    }
}

/// A report's bytes as text to send in a message (and back).
#[uniffi::export]
pub fn report_to_text(report: Vec<u8>) -> String {
    progress::report_to_text(&report)
}

#[uniffi::export]
pub fn report_from_text(text: String) -> Result<Vec<u8>, StoreError> {
    Ok(progress::report_from_text(&text)?)
}

#[uniffi::export]
impl ProgressStore {
    /// Creates a class with a fresh id and join code.
    pub fn create_class(&self, new_class: NewClass) -> Result<ClassInfo, StoreError> {
        Ok(self.inner().create_class(new_class, Timestamp::now())?.into())
    }

    pub fn classes(&self, include_archived: bool) -> Result<Vec<ClassInfo>, StoreError> {
        Ok(self.inner().classes(include_archived)?.into_iter().map(ClassInfo::from).collect())
    }

    pub fn archive_class(&self, class_id: ClassId) -> Result<(), StoreError> {
        Ok(self.inner().archive_class(class_id, Timestamp::now())?)
    }

    pub fn roster(&self, class_id: ClassId) -> Result<Vec<RosterEntry>, StoreError> {
        Ok(self.inner().roster(class_id)?.into_iter().map(RosterEntry::from).collect())
    }

    /// A student joins with a typed code or a scanned QR payload.
    pub fn join_class(
        &self,
        profile: String,
        code: String,
        class_name: String,
    ) -> Result<Membership, StoreError> {
        let profile = profile_id(&profile)?;
        Ok(self.inner().join_class(profile, &code, &class_name, Timestamp::now())?.into())
    }

    pub fn memberships(&self, profile: String) -> Result<Vec<Membership>, StoreError> {
        let profile = profile_id(&profile)?;
        Ok(self.inner().memberships(profile)?.into_iter().map(Membership::from).collect())
    }

    /// A signed report of the student's progress for a class they joined.
    pub fn export_report(&self, profile: String, class_id: ClassId) -> Result<Vec<u8>, StoreError> {
        let profile = profile_id(&profile)?;
        Ok(self.inner().export_report(profile, class_id, Timestamp::now())?)
    }

    /// A shorter report that fits one QR code, as its text.
    pub fn export_report_qr(
        &self,
        profile: String,
        class_id: ClassId,
    ) -> Result<String, StoreError> {
        let profile = profile_id(&profile)?;
        Ok(self.inner().export_report_qr(profile, class_id, Timestamp::now())?)
    }

    /// Imports a report into the class it names, if this device teaches it.
    pub fn import_report(&self, report: Vec<u8>) -> Result<ImportSummary, StoreError> {
        Ok(self.inner().import_report_any(&report, Timestamp::now())?.into())
    }

    /// The dashboard's rows and columns.
    pub fn class_matrix(&self, class_id: ClassId) -> Result<ClassMatrix, StoreError> {
        Ok(self.inner().class_matrix(class_id)?.into())
    }

    /// The dashboard as CSV text.
    pub fn class_csv(&self, class_id: ClassId) -> Result<String, StoreError> {
        Ok(self.inner().class_csv(class_id)?)
    }
}
