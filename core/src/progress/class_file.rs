//! The class file: how a class's homework (作业) reaches the pupils with no server.
//!
//! The teacher's app writes the class's name and current assignments into a small
//! signed file, shared like a report (a file, or text starting `QIKE:CLASS:` pasted
//! into a chat). The pupil pastes or opens it on the "my classes" screen; their app
//! checks it with the class key it got from the join code and keeps the newest one per
//! class. The layout mirrors a report's:
//!
//! ```text
//! "QIKECLS" | version u8 | class id u32 BE | body length u32 BE | CBOR body | HMAC-SHA-256
//! ```
//!
//! The MAC is keyed with the class key, which every member holds: it proves the file
//! was made for this class and not changed on the way, not that the teacher made it.
//! A pupil could hand classmates a homework list of their own; the teacher's dashboard
//! only ever counts the teacher's own assignments, so nothing the teacher sees changes.

use hmac::Mac;
use serde::{Deserialize, Serialize};

use super::classes::{Assignment, MAX_ASSIGNMENT_ITEMS};
use super::codec::{decode, encode, profile_key};
use super::dashboard::{AssignmentState, items_progress};
use super::error::StoreError;
use super::ids::{ClassId, ClassKey, ProfileId, base32_decode, base32_encode};
use super::records::check_text;
use super::report::new_mac;
use super::store::ProgressStore;
use crate::time::Timestamp;

const MAGIC: &[u8; 7] = b"QIKECLS";
/// The class file format this app writes and the newest it reads.
pub const CLASS_FILE_VERSION: u8 = 1;
/// What a class file's text form starts with.
pub const CLASS_FILE_PREFIX: &str = "QIKE:CLASS:";
/// The file ending of class files.
pub const CLASS_FILE_EXTENSION: &str = "qikeclass";
/// Most assignments one class file carries (the latest due).
pub const MAX_CLASS_FILE_ASSIGNMENTS: usize = 50;
const MAX_CLASS_FILE_BYTES: usize = 256 * 1024;
const HEADER_LEN: usize = 7 + 1 + 4 + 4;
const TAG_LEN: usize = 32;

/// What a class file says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassFile {
    pub class: ClassId,
    pub name: String,
    /// When the teacher made it: a pupil keeps the newest file of each class.
    pub issued: Timestamp,
    pub assignments: Vec<Assignment>,
}

/// One assignment as a pupil sees it on their own device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PupilAssignment {
    pub class: ClassId,
    pub class_name: String,
    pub assignment: Assignment,
    /// Items the pupil has finished.
    pub done: usize,
    pub state: AssignmentState,
}

fn invalid(reason: &str) -> StoreError {
    StoreError::Invalid { field: "class file", reason: reason.to_owned() }
}

/// The signed text form of a class file.
pub fn seal_class_file(file: &ClassFile, key: &ClassKey) -> Result<String, StoreError> {
    let mut body = Vec::new();
    ciborium::into_writer(file, &mut body)
        .map_err(|e| invalid(&format!("cannot be encoded: {e}")))?;
    let len = u32::try_from(body.len()).map_err(|_| invalid("it is too large"))?;
    if HEADER_LEN + body.len() + TAG_LEN > MAX_CLASS_FILE_BYTES {
        return Err(invalid("it is too large"));
    }
    let mut out = Vec::with_capacity(HEADER_LEN + body.len() + TAG_LEN);
    out.extend_from_slice(MAGIC);
    out.push(CLASS_FILE_VERSION);
    out.extend_from_slice(&file.class.0.to_be_bytes());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&body);
    let mut mac = new_mac(key);
    mac.update(&out);
    out.extend_from_slice(&mac.finalize().into_bytes());
    Ok(format!("{CLASS_FILE_PREFIX}{}", base32_encode(&out)))
}

/// The class a class file's text is for, reading only its header.
pub fn class_file_class(text: &str) -> Result<ClassId, StoreError> {
    let bytes = class_file_bytes(text)?;
    header_class(&bytes)
}

fn class_file_bytes(text: &str) -> Result<Vec<u8>, StoreError> {
    let t = text.trim();
    let rest = match t.get(..CLASS_FILE_PREFIX.len()) {
        Some(p) if p.eq_ignore_ascii_case(CLASS_FILE_PREFIX) => {
            t.get(CLASS_FILE_PREFIX.len()..).unwrap_or("")
        }
        _ => return Err(invalid("this is not a Qike class file")),
    };
    if rest.len() > MAX_CLASS_FILE_BYTES * 8 / 5 + 8 {
        return Err(invalid("it is too large"));
    }
    let cleaned: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    base32_decode(&cleaned).ok_or_else(|| invalid("the text has foreign characters"))
}

fn header_class(bytes: &[u8]) -> Result<ClassId, StoreError> {
    let header = bytes.get(..HEADER_LEN).ok_or_else(|| invalid("it is cut short"))?;
    if &header[..7] != MAGIC {
        return Err(invalid("this is not a Qike class file"));
    }
    if header[7] == 0 || header[7] > CLASS_FILE_VERSION {
        return Err(invalid("it comes from a newer Qike: update the app"));
    }
    Ok(ClassId(u32::from_be_bytes([header[8], header[9], header[10], header[11]])))
}

/// Checks a class file's text against the class key and decodes it. Never panics.
pub fn open_class_file(text: &str, key: &ClassKey) -> Result<ClassFile, StoreError> {
    let bytes = class_file_bytes(text)?;
    let class = header_class(&bytes)?;
    let len = u32::from_be_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
    let needed = HEADER_LEN.saturating_add(len).saturating_add(TAG_LEN);
    if bytes.len() != needed {
        return Err(invalid("it is cut short or has bytes after its signature"));
    }
    let (signed, tag) = bytes.split_at(HEADER_LEN + len);
    let mut mac = new_mac(key);
    mac.update(signed);
    mac.verify_slice(tag).map_err(|_| {
        invalid("it was changed after the teacher made it, or it is for another class")
    })?;
    let file: ClassFile = ciborium::from_reader(signed.get(HEADER_LEN..).unwrap_or_default())
        .map_err(|e| invalid(&format!("its contents cannot be read: {e}")))?;
    if file.class != class {
        return Err(invalid("its contents name another class"));
    }
    check_text("class name", &file.name, true)?;
    if file.assignments.len() > MAX_CLASS_FILE_ASSIGNMENTS {
        return Err(invalid("it holds more assignments than a class file may"));
    }
    for a in &file.assignments {
        check_text("assignment title", &a.title, false)?;
        if a.class != class || a.items.is_empty() || a.items.len() > MAX_ASSIGNMENT_ITEMS {
            return Err(invalid("an assignment in it is not valid"));
        }
    }
    Ok(file)
}

fn sled_err(d: &std::path::Path) -> impl Fn(sled::Error) -> StoreError + '_ {
    move |e| StoreError::from_sled(d, e)
}

impl ProgressStore {
    /// The teacher's class file for a class: its name and the assignments due last
    /// (at most [`MAX_CLASS_FILE_ASSIGNMENTS`]), as signed text to share.
    pub fn export_class_file(&self, class: ClassId, now: Timestamp) -> Result<String, StoreError> {
        let c = self.class(class)?;
        let mut assignments = self.assignments(class)?;
        let skip = assignments.len().saturating_sub(MAX_CLASS_FILE_ASSIGNMENTS);
        assignments.drain(..skip);
        let file = ClassFile { class, name: c.name, issued: now, assignments };
        seal_class_file(&file, &c.key)
    }

    /// A pupil takes in a class file for a class they joined. A file older than the
    /// one they have changes nothing; the one kept is returned.
    pub fn import_class_file(
        &self,
        profile: ProfileId,
        text: &str,
    ) -> Result<ClassFile, StoreError> {
        let class = class_file_class(text)?;
        let membership = self
            .memberships(profile)?
            .into_iter()
            .find(|m| m.class == class)
            .ok_or(StoreError::NotAMember { profile, class })?;
        let file = open_class_file(text, &membership.key)?;
        let key = profile_key(profile, &class.0.to_be_bytes());
        self.with(|i, d| {
            if let Some(v) = i.t.class_files.get(&key).map_err(sled_err(d))? {
                let kept: ClassFile = decode("class file", &v)?;
                if kept.issued > file.issued {
                    return Ok(kept);
                }
            }
            i.t.class_files.insert(key, encode(&file)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(file)
        })
    }

    /// Every assignment of every class the pupil joined (from the class files they
    /// took in), with how far they are, earliest due first.
    pub fn pupil_assignments(
        &self,
        profile: ProfileId,
        now: Timestamp,
    ) -> Result<Vec<PupilAssignment>, StoreError> {
        let joined = self.memberships(profile)?;
        let files: Vec<ClassFile> = self.with(|i, d| {
            super::store::scan(&i.t.class_files, &profile.to_bytes(), d, "class file")
        })?;
        let lessons = self.lesson_records(profile)?;
        let puzzles = self.puzzle_records(profile)?;
        let mut out = Vec::new();
        for f in files.into_iter().filter(|f| joined.iter().any(|m| m.class == f.class)) {
            for a in f.assignments {
                let (done, _, finished) = items_progress(&a.items, &lessons, &puzzles);
                out.push(PupilAssignment {
                    class: f.class,
                    class_name: f.name.clone(),
                    state: AssignmentState::of(finished, a.due, now),
                    done,
                    assignment: a,
                });
            }
        }
        out.sort_by_key(|p| (p.assignment.due, p.assignment.id));
        Ok(out)
    }
}
