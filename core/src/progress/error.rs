//! Typed errors of the progress store, the join codes and the class reports. Each
//! message says what is wrong in words a developer (and, mapped by the app, a teacher)
//! can act on.

use std::path::PathBuf;

use thiserror::Error;

use super::ids::{ClassId, ProfileId};

/// Anything that can go wrong opening, reading or writing the progress store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database files exist but cannot be read as a Qike store. The app should
    /// offer [`super::ProgressStore::move_aside`] and start fresh; nothing is deleted.
    #[error("the progress database at {path} is damaged: {detail}")]
    Corrupt { path: PathBuf, detail: String },
    /// The device has no space left for the write; nothing was acknowledged.
    #[error("the device is full: the progress store could not save ({detail})")]
    DiskFull { detail: String },
    /// Any other file-system error (permissions, a missing folder, a locked file).
    #[error("the progress store could not use its files: {0}")]
    Io(#[from] std::io::Error),
    /// The database was written by a newer Qike than this one.
    #[error(
        "the progress database has schema version {found}, newer than the {supported} this app understands"
    )]
    FutureSchema { found: u32, supported: u32 },
    /// Another open store (another copy of the app, or an unclosed handle) holds it.
    #[error("the progress database at {path} is in use by another open store")]
    InUse { path: PathBuf },
    /// `close()` was called; the store must be opened again.
    #[error("the progress store is closed")]
    Closed,
    /// A stored value could not be decoded: one record is damaged.
    #[error("a stored {what} could not be read: {detail}")]
    BadRecord { what: &'static str, detail: String },
    /// The caller passed a value the store will not keep.
    #[error("invalid {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    #[error("no profile with id {0}")]
    NoSuchProfile(ProfileId),
    #[error("no class with id {0}")]
    NoSuchClass(ClassId),
    #[error("profile {profile} has not joined class {class}")]
    NotAMember { profile: ProfileId, class: ClassId },
    #[error("class {class} has no student {student}")]
    NoSuchStudent { class: ClassId, student: ProfileId },
    #[error("class {class} has no assignment {assignment}")]
    NoSuchAssignment { class: ClassId, assignment: u64 },
    #[error("class {0} is archived and takes no more changes")]
    Archived(ClassId),
    /// A 四国军棋 setup to be saved breaks a rule; [`crate::junqi::SetupError::text`]
    /// says which, for the child to fix on the 布阵 screen.
    #[error("the setup breaks a rule: {0}")]
    JunqiSetup(crate::junqi::SetupError),
    #[error(transparent)]
    JoinCode(#[from] JoinCodeError),
    #[error(transparent)]
    Report(#[from] ReportError),
    /// A class file the pupil's device will not take; [`ClassFileError::text`] says
    /// why in words for the pupil (ask the teacher for the file again, or for the
    /// class's code).
    #[error(transparent)]
    ClassFile(#[from] ClassFileError),
}

/// What a person can be told about a store error: the kind of trouble, with no path,
/// no system error text and no code. The app turns it into words for a child ("ask your
/// teacher") and keeps the error's own text for a teacher's details line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trouble {
    /// The records cannot be read (damaged files, a damaged record).
    Damaged,
    /// The device is full.
    Full,
    /// Another copy of the app has the records open.
    InUse,
    /// The records were written by a newer Qike.
    NewerApp,
    /// Something else went wrong with the device's files.
    Files,
    /// A wrong value or a missing class, pupil or assignment: the app's own mistake or
    /// old data; trying again or asking the teacher is all a child can do.
    Other,
}

impl StoreError {
    /// The kind of trouble, for words a child can act on.
    pub fn trouble(&self) -> Trouble {
        match self {
            StoreError::Corrupt { .. } | StoreError::BadRecord { .. } => Trouble::Damaged,
            StoreError::DiskFull { .. } => Trouble::Full,
            StoreError::InUse { .. } => Trouble::InUse,
            StoreError::FutureSchema { .. } => Trouble::NewerApp,
            StoreError::Io(e) if e.kind() == std::io::ErrorKind::StorageFull => Trouble::Full,
            StoreError::Io(_) | StoreError::Closed => Trouble::Files,
            _ => Trouble::Other,
        }
    }

    /// Sorts a sled error into the store's own kinds (disk full, damage, I/O).
    pub(crate) fn from_sled(path: &std::path::Path, e: sled::Error) -> StoreError {
        match e {
            sled::Error::Io(io) => StoreError::from_io(io),
            sled::Error::Corruption { at, .. } => StoreError::Corrupt {
                path: path.to_path_buf(),
                detail: match at {
                    Some(at) => format!("its files hold damaged data (at {at})"),
                    None => "its files hold damaged data".to_owned(),
                },
            },
            sled::Error::Unsupported(m) | sled::Error::ReportableBug(m) => {
                StoreError::Corrupt { path: path.to_path_buf(), detail: m }
            }
            sled::Error::CollectionNotFound(name) => StoreError::Corrupt {
                path: path.to_path_buf(),
                detail: format!("missing tree {:?}", String::from_utf8_lossy(&name)),
            },
        }
    }

    /// Disk-full errors get their own kind so the app can say so.
    pub(crate) fn from_io(io: std::io::Error) -> StoreError {
        // ENOSPC (28) and EDQUOT (122 on Linux) are "no room", whatever the kind says.
        if io.kind() == std::io::ErrorKind::StorageFull
            || io.kind() == std::io::ErrorKind::QuotaExceeded
            || matches!(io.raw_os_error(), Some(28))
        {
            StoreError::DiskFull { detail: io.to_string() }
        } else {
            StoreError::Io(io)
        }
    }
}

/// Why a typed join code or a scanned QR payload was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum JoinCodeError {
    #[error("a join code has {expected} letters and digits (older codes 24); this one has {found}")]
    WrongLength { expected: usize, found: usize },
    #[error("'{0}' is not used in join codes (they use A–Z without I and O, and digits 2–9)")]
    BadCharacter(char),
    #[error("the join code has a typing mistake (its check letters do not match)")]
    Checksum,
    #[error("this QR code is not a Qike class code")]
    NotAJoinPayload,
    /// The QR code's teacher key is not a key, or not the one its code's fingerprint
    /// names: the code was changed, or put together from two classes' codes.
    #[error("the QR code's teacher key does not match its join code")]
    BadTeacherKey,
}

/// Why a pupil's device refused a class file (homework) from a file, pasted text or
/// class sync.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ClassFileError {
    #[error("this is not a Qike class file")]
    NotAClassFile,
    #[error("the class file is too large")]
    TooLarge,
    #[error("the class file's text has characters a class file never has")]
    ForeignCharacters,
    #[error("the class file is cut short or has bytes after its signature")]
    CutShort,
    #[error(
        "the class file has format version {found}; this app reads up to version {supported}: update the app"
    )]
    FutureVersion { found: u8, supported: u8 },
    /// The class key's check or the teacher's signature fails.
    #[error("the class file was changed after the teacher made it, or it is for another class")]
    Tampered,
    /// Signed, but not by the teacher key the pupil joined the class with.
    #[error(
        "the class file for class {class} is signed by another key than the teacher's key this class was joined with: it did not come from the teacher"
    )]
    ForeignTeacherKey { class: ClassId },
    /// An older-format file (class key only) for a class joined with the teacher's key.
    #[error(
        "the class file for class {class} is not signed by the teacher (an older format that any classmate could make), but this class was joined with the teacher's key"
    )]
    UnsignedForPinnedClass { class: ClassId },
    #[error("the class file's contents are not valid: {0}")]
    Malformed(String),
}

impl ClassFileError {
    /// The refusal in words for the pupil, in 中文 and English.
    pub fn text(&self) -> crate::game::Text {
        let (zh, en): (&str, &str) = match self {
            ClassFileError::NotAClassFile => {
                ("这不是棋课的班级文件。", "This is not a Qike class file.")
            }
            ClassFileError::TooLarge => {
                ("班级文件太大，不能导入。", "The class file is too large to take in.")
            }
            ClassFileError::ForeignCharacters | ClassFileError::CutShort => (
                "班级文件不完整或有多余的字，请老师再发一次。",
                "The class file is incomplete or has extra characters: ask your teacher to send it again.",
            ),
            ClassFileError::FutureVersion { .. } => (
                "这个班级文件来自更新的棋课，请先更新应用。",
                "This class file comes from a newer Qike: update the app first.",
            ),
            ClassFileError::Tampered => (
                "班级文件在老师做好之后被改动过，或者是别的班的，没有导入。",
                "The class file was changed after the teacher made it, or it is for another class; it was not taken in.",
            ),
            ClassFileError::ForeignTeacherKey { .. } => (
                "这个班级文件不是你的老师签名的，没有导入。请向老师要班级文件。",
                "This class file was not signed by your teacher, so it was not taken in. Ask your teacher for the class file.",
            ),
            ClassFileError::UnsignedForPinnedClass { .. } => (
                "这个班级文件没有老师的签名（旧格式，同学也能做出来），没有导入。请向老师要新的班级文件。",
                "This class file has no teacher's signature (an older format a classmate could make), so it was not taken in. Ask your teacher for a new one.",
            ),
            ClassFileError::Malformed(_) => (
                "班级文件的内容有错，没有导入。",
                "The class file's contents are not valid; it was not taken in.",
            ),
        };
        crate::game::Text::new(zh, en)
    }
}

/// Why a class report was refused by [`super::ProgressStore::import_report`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReportError {
    #[error("the report is {len} bytes, more than the {max} a report may have")]
    Oversize { len: usize, max: usize },
    #[error("the report is cut short: {len} bytes where at least {needed} were expected")]
    Truncated { len: usize, needed: usize },
    #[error("this file is not a Qike class report")]
    NotAReport,
    #[error("the report has format version {found}; this app reads up to version {supported}")]
    FutureVersion { found: u8, supported: u8 },
    #[error("the report is for class {found}, not class {expected}")]
    WrongClass { expected: ClassId, found: ClassId },
    #[error("the report is for class {0}, which this device does not teach")]
    UnknownClass(ClassId),
    #[error("class {0} is archived and takes no more reports")]
    ArchivedClass(ClassId),
    #[error("the report was changed after it was signed, or signed with another class's key")]
    Tampered,
    #[error("the report is signed but its contents are not valid: {0}")]
    Malformed(String),
    /// The pupil's earlier reports were signed with another key: this one was made
    /// on another device or by another pupil. The teacher may ask the pupil.
    #[error(
        "the report names pupil {student} but was signed with another key than their earlier reports: it did not come from that pupil's app"
    )]
    ForeignPupilKey { student: ProfileId },
    /// An older-format report (no pupil signature) for a pupil whose reports are signed.
    #[error(
        "the report for pupil {student} has no pupil signature, but their earlier reports had one"
    )]
    UnsignedForPinnedPupil { student: ProfileId },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_that_cannot_open_is_told_as_trouble_without_its_path() {
        // A file where the store's folder should be.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, b"x").unwrap();
        let e = crate::progress::ProgressStore::open(&file).unwrap_err();
        assert!(matches!(e.trouble(), Trouble::Files | Trouble::Damaged), "{e:?}");
        let full = StoreError::Io(std::io::Error::from(std::io::ErrorKind::StorageFull));
        assert_eq!(full.trouble(), Trouble::Full);
        let damaged = StoreError::Corrupt { path: file.clone(), detail: "bad page".into() };
        assert_eq!(damaged.trouble(), Trouble::Damaged);
        // The teacher's text keeps the cause.
        assert!(damaged.to_string().contains("bad page"));
        assert_eq!(StoreError::NoSuchClass(ClassId(1)).trouble(), Trouble::Other);
    }
}
