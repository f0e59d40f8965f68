//! The class file: how a class's homework (作业) reaches the pupils with no server.
//!
//! The teacher's app writes the class's name and current assignments into a small
//! signed file, shared like a report (a file, or text starting `QIKE:CLASS:` pasted
//! into a chat, or sent back over class sync). The pupil pastes or opens it on the "my
//! classes" screen; their app checks it and keeps the newest one per class.
//!
//! Format 2, signed by the teacher's own key (see `teacher_key.rs`):
//!
//! ```text
//! "QIKECLS" | 2 | class id u32 BE | body length u32 BE | CBOR body
//!   | teacher public key (32) | Ed25519 signature (64) | HMAC-SHA-256 (32)
//! ```
//!
//! The signature covers every byte before it (header, body, key); the HMAC, keyed with
//! the class key, covers every byte before it. A pupil who joined with a code carrying
//! the teacher's key takes a file only if the key in it is the pinned one (or has the
//! pinned fingerprint) and the signature holds: a classmate who holds the class key
//! cannot make one. The teacher's key signs nothing but class files, whose bytes start
//! with the magic and the version.
//!
//! Format 1, written by older apps, has no key and no signature:
//!
//! ```text
//! "QIKECLS" | 1 | class id u32 BE | body length u32 BE | CBOR body | HMAC-SHA-256
//! ```
//!
//! It proves only that the file was made in the class, not that the teacher made it.
//! A pupil who joined with an older code (no teacher key) still takes both formats,
//! marked [`ClassFileTrust::ClassKeyOnly`]; a pupil who pinned the teacher's key
//! refuses format 1.

use hmac::Mac;
use serde::{Deserialize, Serialize};

use super::classes::{Assignment, MAX_ASSIGNMENT_ITEMS};
use super::codec::{decode, encode, profile_key};
use super::dashboard::{AssignmentState, items_progress};
use super::error::{ClassFileError, StoreError};
use super::ids::{ClassId, ClassKey, ProfileId, base32_decode, base32_encode};
use super::pupil_key::{PUBLIC_KEY_LEN, SIGNATURE_LEN};
use super::records::check_text;
use super::report::new_mac;
use super::store::ProgressStore;
use super::teacher_key::{TeacherKey, TeacherKeyPin, TeacherPublicKey};
use crate::time::Timestamp;

const MAGIC: &[u8; 7] = b"QIKECLS";
/// The class file format this app writes and the newest it reads.
pub const CLASS_FILE_VERSION: u8 = 2;
/// The older format: the class key's MAC only.
pub const CLASS_KEY_ONLY_VERSION: u8 = 1;
/// What a class file's text form starts with.
pub const CLASS_FILE_PREFIX: &str = "QIKE:CLASS:";
/// The file ending of class files.
pub const CLASS_FILE_EXTENSION: &str = "qikeclass";
/// Most assignments one class file carries (the latest due).
pub const MAX_CLASS_FILE_ASSIGNMENTS: usize = 50;
const MAX_CLASS_FILE_BYTES: usize = 256 * 1024;
const HEADER_LEN: usize = 7 + 1 + 4 + 4;
const TAG_LEN: usize = 32;
const SIGNED_TAIL: usize = PUBLIC_KEY_LEN + SIGNATURE_LEN;

/// What a class file says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassFile {
    pub class: ClassId,
    pub name: String,
    /// When the teacher made it: a pupil keeps the newest file of each class.
    pub issued: Timestamp,
    pub assignments: Vec<Assignment>,
}

/// How far a pupil's device can trust a class file it took in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ClassFileTrust {
    /// Signed by the teacher key the pupil pinned when joining: only the teacher's
    /// device could have made it.
    TeacherSigned,
    /// Checked with the class key only (an older join code, or an older file): any
    /// member of the class could have made it.
    #[default]
    ClassKeyOnly,
}

/// A class file that passed its checks, and how far it can be trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedClassFile {
    pub file: ClassFile,
    pub trust: ClassFileTrust,
    /// The key that signed it (format 2), whether pinned or not; `None` for a
    /// format-1 file, or when an import hands back the newer file it kept instead.
    pub signer: Option<TeacherPublicKey>,
}

/// A class file as a pupil's store keeps it: the file and how it was trusted.
#[derive(Serialize, Deserialize)]
struct KeptClassFile {
    #[serde(flatten)]
    file: ClassFile,
    /// Files kept by older apps were all checked with the class key only.
    #[serde(default)]
    trust: ClassFileTrust,
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
    /// Whether the class file it came in was the teacher's own.
    pub trust: ClassFileTrust,
}

fn invalid(reason: &str) -> StoreError {
    StoreError::Invalid { field: "class file", reason: reason.to_owned() }
}

/// The signed text form of a class file: format 2 signed by `teacher`, or, with no
/// teacher key, format 1 as older apps wrote it (kept for tests and tools).
pub fn seal_class_file(
    file: &ClassFile,
    key: &ClassKey,
    teacher: Option<&TeacherKey>,
) -> Result<String, StoreError> {
    let mut body = Vec::new();
    ciborium::into_writer(file, &mut body)
        .map_err(|e| invalid(&format!("cannot be encoded: {e}")))?;
    let len = u32::try_from(body.len()).map_err(|_| invalid("it is too large"))?;
    let tail = if teacher.is_some() { SIGNED_TAIL } else { 0 };
    if HEADER_LEN + body.len() + tail + TAG_LEN > MAX_CLASS_FILE_BYTES {
        return Err(invalid("it is too large"));
    }
    let mut out = Vec::with_capacity(HEADER_LEN + body.len() + tail + TAG_LEN);
    out.extend_from_slice(MAGIC);
    out.push(if teacher.is_some() { CLASS_FILE_VERSION } else { CLASS_KEY_ONLY_VERSION });
    out.extend_from_slice(&file.class.0.to_be_bytes());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&body);
    if let Some(t) = teacher {
        out.extend_from_slice(&t.public().0);
        let signature = t.sign(&out);
        out.extend_from_slice(&signature);
    }
    let mut mac = new_mac(key);
    mac.update(&out);
    out.extend_from_slice(&mac.finalize().into_bytes());
    Ok(format!("{CLASS_FILE_PREFIX}{}", base32_encode(&out)))
}

/// The class a class file's text is for, reading only its header.
pub fn class_file_class(text: &str) -> Result<ClassId, StoreError> {
    let bytes = class_file_bytes(text)?;
    Ok(header(&bytes)?.0)
}

fn class_file_bytes(text: &str) -> Result<Vec<u8>, ClassFileError> {
    let t = text.trim();
    let rest = match t.get(..CLASS_FILE_PREFIX.len()) {
        Some(p) if p.eq_ignore_ascii_case(CLASS_FILE_PREFIX) => {
            t.get(CLASS_FILE_PREFIX.len()..).unwrap_or("")
        }
        _ => return Err(ClassFileError::NotAClassFile),
    };
    if rest.len() > MAX_CLASS_FILE_BYTES * 8 / 5 + 8 {
        return Err(ClassFileError::TooLarge);
    }
    let cleaned: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    base32_decode(&cleaned).ok_or(ClassFileError::ForeignCharacters)
}

/// The class and the format version of a class file's bytes.
fn header(bytes: &[u8]) -> Result<(ClassId, u8), ClassFileError> {
    let header = bytes.get(..HEADER_LEN).ok_or(ClassFileError::CutShort)?;
    if &header[..7] != MAGIC {
        return Err(ClassFileError::NotAClassFile);
    }
    let version = header[7];
    if version == 0 || version > CLASS_FILE_VERSION {
        return Err(ClassFileError::FutureVersion {
            found: version,
            supported: CLASS_FILE_VERSION,
        });
    }
    Ok((ClassId(u32::from_be_bytes([header[8], header[9], header[10], header[11]])), version))
}

/// Checks a class file's text with the class key and, when the class was joined with
/// the teacher's key, against that pin; then decodes it. Never panics.
///
/// With a pin, only a format-2 file signed by the pinned key is taken
/// ([`ClassFileTrust::TeacherSigned`]); without one, either format is taken once the
/// class key's check holds ([`ClassFileTrust::ClassKeyOnly`]).
pub fn open_class_file(
    text: &str,
    key: &ClassKey,
    pin: Option<&TeacherKeyPin>,
) -> Result<OpenedClassFile, ClassFileError> {
    let bytes = class_file_bytes(text)?;
    let (class, version) = header(&bytes)?;
    if version == CLASS_KEY_ONLY_VERSION && pin.is_some() {
        return Err(ClassFileError::UnsignedForPinnedClass { class });
    }
    let len = u32::from_be_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
    let tail = if version == CLASS_KEY_ONLY_VERSION { 0 } else { SIGNED_TAIL };
    let needed = HEADER_LEN.saturating_add(len).saturating_add(tail).saturating_add(TAG_LEN);
    if bytes.len() != needed {
        return Err(ClassFileError::CutShort);
    }
    let (maced, tag) = bytes.split_at(bytes.len() - TAG_LEN);
    let mut mac = new_mac(key);
    mac.update(maced);
    mac.verify_slice(tag).map_err(|_| ClassFileError::Tampered)?;
    let body = &maced[HEADER_LEN..HEADER_LEN + len];
    let mut signer = None;
    if version == CLASS_FILE_VERSION {
        let key_at = HEADER_LEN + len;
        let mut public = [0u8; PUBLIC_KEY_LEN];
        public.copy_from_slice(&maced[key_at..key_at + PUBLIC_KEY_LEN]);
        let public = TeacherPublicKey(public);
        if pin.is_some_and(|p| !p.admits(&public)) {
            return Err(ClassFileError::ForeignTeacherKey { class });
        }
        let mut signature = [0u8; SIGNATURE_LEN];
        signature.copy_from_slice(&maced[key_at + PUBLIC_KEY_LEN..]);
        if !public.verifies(&maced[..key_at + PUBLIC_KEY_LEN], &signature) {
            return Err(ClassFileError::Tampered);
        }
        signer = Some(public);
    }
    let file: ClassFile = ciborium::from_reader(body)
        .map_err(|e| ClassFileError::Malformed(format!("cannot be read: {e}")))?;
    if file.class != class {
        return Err(ClassFileError::Malformed("its contents name another class".into()));
    }
    check_text("class name", &file.name, true)
        .map_err(|e| ClassFileError::Malformed(e.to_string()))?;
    if file.assignments.len() > MAX_CLASS_FILE_ASSIGNMENTS {
        return Err(ClassFileError::Malformed(
            "more assignments than a class file may hold".into(),
        ));
    }
    for a in &file.assignments {
        check_text("assignment title", &a.title, false)
            .map_err(|e| ClassFileError::Malformed(e.to_string()))?;
        if a.class != class || a.items.is_empty() || a.items.len() > MAX_ASSIGNMENT_ITEMS {
            return Err(ClassFileError::Malformed("an assignment in it is not valid".into()));
        }
    }
    let trust =
        if pin.is_some() { ClassFileTrust::TeacherSigned } else { ClassFileTrust::ClassKeyOnly };
    Ok(OpenedClassFile { file, trust, signer })
}

fn sled_err(d: &std::path::Path) -> impl Fn(sled::Error) -> StoreError + '_ {
    move |e| StoreError::from_sled(d, e)
}

impl ProgressStore {
    /// The teacher's class file for a class: its name and the assignments due last
    /// (at most [`MAX_CLASS_FILE_ASSIGNMENTS`]), signed with the teacher's key (made on
    /// first use) as text to share.
    pub fn export_class_file(&self, class: ClassId, now: Timestamp) -> Result<String, StoreError> {
        let c = self.class(class)?;
        let mut assignments = self.assignments(class)?;
        let skip = assignments.len().saturating_sub(MAX_CLASS_FILE_ASSIGNMENTS);
        assignments.drain(..skip);
        let file = ClassFile { class, name: c.name, issued: now, assignments };
        seal_class_file(&file, &c.key, Some(&self.teacher_key()?))
    }

    /// A pupil takes in a class file for a class they joined, checked with the class
    /// key and, if they joined with the teacher's key, against that pin (a pin from a
    /// typed fingerprint becomes the whole key here). A file older than the one they
    /// have changes nothing, unless the kept one was checked with the class key only
    /// and this one is the teacher's; the one kept is returned.
    pub fn import_class_file(
        &self,
        profile: ProfileId,
        text: &str,
    ) -> Result<OpenedClassFile, StoreError> {
        let class = class_file_class(text)?;
        let membership = self
            .memberships(profile)?
            .into_iter()
            .find(|m| m.class == class)
            .ok_or(StoreError::NotAMember { profile, class })?;
        let opened = open_class_file(text, &membership.key, membership.teacher.as_ref())?;
        if let (Some(TeacherKeyPin::Fingerprint(_)), Some(signer)) =
            (membership.teacher, opened.signer)
        {
            self.pin_teacher_key(profile, class, signer)?;
        }
        let key = profile_key(profile, &class.0.to_be_bytes());
        self.with(|i, d| {
            if let Some(v) = i.t.class_files.get(&key).map_err(sled_err(d))? {
                let kept: KeptClassFile = decode("class file", &v)?;
                let upgrade = kept.trust == ClassFileTrust::ClassKeyOnly
                    && opened.trust == ClassFileTrust::TeacherSigned;
                if kept.file.issued > opened.file.issued && !upgrade {
                    return Ok(OpenedClassFile {
                        file: kept.file,
                        trust: kept.trust,
                        signer: None,
                    });
                }
            }
            let kept = KeptClassFile { file: opened.file.clone(), trust: opened.trust };
            i.t.class_files.insert(key, encode(&kept)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(opened)
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
        let files: Vec<KeptClassFile> = self.with(|i, d| {
            super::store::scan(&i.t.class_files, &profile.to_bytes(), d, "class file")
        })?;
        let lessons = self.lesson_records(profile)?;
        let puzzles = self.puzzle_records(profile)?;
        let mut out = Vec::new();
        // A class joined with the teacher's key shows only the teacher's own files.
        let shown = |k: &KeptClassFile| {
            joined.iter().any(|m| {
                m.class == k.file.class
                    && (m.teacher.is_none() || k.trust == ClassFileTrust::TeacherSigned)
            })
        };
        for KeptClassFile { file: f, trust } in files.into_iter().filter(shown) {
            for a in f.assignments {
                let (done, _, finished) = items_progress(&a.items, &lessons, &puzzles);
                out.push(PupilAssignment {
                    class: f.class,
                    class_name: f.name.clone(),
                    state: AssignmentState::of(finished, a.due, now),
                    done,
                    assignment: a,
                    trust,
                });
            }
        }
        out.sort_by_key(|p| (p.assignment.due, p.assignment.id));
        Ok(out)
    }
}
