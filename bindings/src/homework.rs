//! Homework (作业) and the pupils' keys: the teacher's assignments and who has done
//! them, the signed class file (`QIKE:CLASS:` text) that carries them to the pupils,
//! the pupils' own list, and the fingerprints of the keys that sign reports.

use qike_core::progress::{
    self, Assignment, AssignmentItem, AssignmentState, ClassFile, ClassFileTrust, ClassId,
    Timestamp,
};

use crate::classes::{RosterEntry, count};
use crate::error::StoreError;
use crate::progress::{ProgressStore, profile_id};

#[uniffi::remote(Enum)]
pub enum AssignmentItem {
    Lesson(String),
    Puzzle(String),
}

#[uniffi::remote(Record)]
pub struct Assignment {
    pub id: u64,
    pub class: ClassId,
    pub title: String,
    pub items: Vec<AssignmentItem>,
    pub due: Timestamp,
    pub created: Timestamp,
}

#[uniffi::remote(Enum)]
pub enum AssignmentState {
    Done,
    Late,
    Missing,
    Open,
}

#[uniffi::remote(Record)]
pub struct ClassFile {
    pub class: ClassId,
    pub name: String,
    pub issued: Timestamp,
    pub assignments: Vec<Assignment>,
}

/// How far a pupil's device trusts a class file: signed by the teacher key pinned when
/// joining, or checked with the class key only (an older join code).
#[uniffi::remote(Enum)]
pub enum ClassFileTrust {
    TeacherSigned,
    ClassKeyOnly,
}

/// A class file a pupil's device took in (or the newer one it kept), and how far it
/// is trusted.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ImportedClassFile {
    pub file: ClassFile,
    pub trust: ClassFileTrust,
}

/// One pupil's standing on one assignment, as the teacher sees it now.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct AssignmentStatus {
    pub student: RosterEntry,
    /// Items completed (lessons) or solved (puzzles), of `total`.
    pub done: u32,
    pub total: u32,
    /// Stars over the assignment's lessons.
    pub stars: u32,
    /// When the last item was done, if all are.
    pub finished: Option<Timestamp>,
    pub state: AssignmentState,
}

/// One assignment as a pupil sees it on their own device.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PupilAssignment {
    pub class_id: ClassId,
    pub class_name: String,
    pub assignment: Assignment,
    /// Items the pupil has finished.
    pub done: u32,
    pub state: AssignmentState,
    /// Whether the class file it came in was the teacher's own.
    pub trust: ClassFileTrust,
}

/// The class a class file's text is for, read from its header only (before the pupil
/// knows which membership's key checks it).
#[uniffi::export]
pub fn class_file_class(text: String) -> Result<ClassId, StoreError> {
    Ok(progress::class_file_class(&text)?)
}

#[uniffi::export]
impl ProgressStore {
    /// Adds homework to a class: lessons and puzzles due by `due`.
    pub fn add_assignment(
        &self,
        class_id: ClassId,
        title: String,
        items: Vec<AssignmentItem>,
        due: Timestamp,
    ) -> Result<Assignment, StoreError> {
        Ok(self.inner().add_assignment(class_id, &title, items, due, Timestamp::now())?)
    }

    /// A class's assignments, earliest due first.
    pub fn assignments(&self, class_id: ClassId) -> Result<Vec<Assignment>, StoreError> {
        Ok(self.inner().assignments(class_id)?)
    }

    pub fn assignment(&self, class_id: ClassId, id: u64) -> Result<Assignment, StoreError> {
        Ok(self.inner().assignment(class_id, id)?)
    }

    pub fn remove_assignment(&self, class_id: ClassId, id: u64) -> Result<(), StoreError> {
        Ok(self.inner().remove_assignment(class_id, id)?)
    }

    /// Who on the roster has done an assignment, and whether it is done, late, missing
    /// or still open now.
    pub fn assignment_status(
        &self,
        class_id: ClassId,
        id: u64,
    ) -> Result<Vec<AssignmentStatus>, StoreError> {
        let due = self.inner().assignment(class_id, id)?.due;
        let now = Timestamp::now();
        let rows = self.inner().assignment_status(class_id, id)?;
        Ok(rows
            .into_iter()
            .map(|s| AssignmentStatus {
                state: s.state(due, now),
                done: count(s.done),
                total: count(s.total),
                stars: s.stars,
                finished: s.finished,
                student: s.student.into(),
            })
            .collect())
    }

    /// One assignment's rows as CSV text.
    pub fn assignment_csv(&self, class_id: ClassId, id: u64) -> Result<String, StoreError> {
        Ok(self.inner().assignment_csv(class_id, id)?)
    }

    /// The teacher's signed class file: the class's name and latest assignments, as
    /// `QIKE:CLASS:` text to send to the pupils.
    pub fn export_class_file(&self, class_id: ClassId) -> Result<String, StoreError> {
        Ok(self.inner().export_class_file(class_id, Timestamp::now())?)
    }

    /// A pupil takes in a class file of a class they joined; the newest file kept for
    /// that class is returned (an older one changes nothing). A class joined with the
    /// teacher's key takes only files that key signed (`ForeignTeacherKey`,
    /// `UnsignedClassFile` otherwise).
    pub fn import_class_file(
        &self,
        profile: String,
        text: String,
    ) -> Result<ImportedClassFile, StoreError> {
        let got = self.inner().import_class_file(profile_id(&profile)?, &text)?;
        Ok(ImportedClassFile { file: got.file, trust: got.trust })
    }

    /// Every assignment of every class the pupil joined, from the class files they took
    /// in, with how far they are; earliest due first.
    pub fn pupil_assignments(&self, profile: String) -> Result<Vec<PupilAssignment>, StoreError> {
        let rows = self.inner().pupil_assignments(profile_id(&profile)?, Timestamp::now())?;
        Ok(rows
            .into_iter()
            .map(|p| PupilAssignment {
                class_id: p.class,
                class_name: p.class_name,
                assignment: p.assignment,
                done: count(p.done),
                state: p.state,
                trust: p.trust,
            })
            .collect())
    }

    /// The fingerprint of the key this pupil's reports are signed with (made on first
    /// use), for the teacher to compare by eye.
    pub fn pupil_key_fingerprint(&self, profile: String) -> Result<String, StoreError> {
        Ok(self.inner().pupil_key(profile_id(&profile)?)?.public().fingerprint())
    }

    /// The fingerprint of the key the teacher's store pinned for a pupil at their first
    /// signed report; `None` for a pupil not verified yet.
    pub fn pinned_pupil_key(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Option<String>, StoreError> {
        let key = self.inner().pinned_pupil_key(class_id, profile_id(&student)?)?;
        Ok(key.map(|k| k.fingerprint()))
    }

    /// When the latest report of a pupil that reached this class was made.
    pub fn student_last_report(
        &self,
        class_id: ClassId,
        student: String,
    ) -> Result<Option<Timestamp>, StoreError> {
        Ok(self.inner().student_last_report(class_id, profile_id(&student)?)?)
    }
}
