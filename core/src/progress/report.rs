//! Class reports: how a student's progress reaches the teacher with no server.
//!
//! A report is a file (or text, or a QR code of that text). Version 2, which this
//! app writes, is laid out as
//!
//! ```text
//! "QIKERPT" | 2 | class id u32 BE | body length u32 BE | body
//!           | pupil public key (32) | Ed25519 signature (64) | HMAC-SHA-256 (32)
//! ```
//!
//! and version 1, which older apps wrote and this one still reads, as
//!
//! ```text
//! "QIKERPT" | 1 | class id u32 BE | body length u32 BE | body | HMAC-SHA-256 (32)
//! ```
//!
//! The body is CBOR (field-tolerant, like the store). The HMAC covers every byte
//! before it and is keyed with the class key from the join code, so a report from
//! another class, or one edited after export, is refused. The class key is known to
//! every member of the class, so the MAC proves only "made by an app in this class,
//! unchanged". The Ed25519 signature (version 2) covers the header, the body and the
//! public key, made with the pupil's own key (see `pupil_key.rs`): the teacher's store
//! pins that key on the pupil's first signed report and refuses any later report for
//! the pupil that another key signed, or that no key signed. A version-1 report for a
//! pupil with no pinned key still imports; the pupil then shows as unverified.
//!
//! A full report is a snapshot of everything; the QR form
//! ([`ProgressStore::export_report_qr`](super::ProgressStore::export_report_qr)) is a
//! partial report of the latest records that fits one QR code.
//!
//! What the store does with a report (export, import, merge) is in `report_store.rs`.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::error::ReportError;
use super::ids::{ClassId, ClassKey, DeviceId, ProfileId, base32_decode, base32_encode};
use super::junqi::{JunqiGameRecord, check_junqi_game};
use super::pupil_key::{PUBLIC_KEY_LEN, PupilKey, PupilPublicKey, SIGNATURE_LEN};
use super::records::{GameRecord, LessonRecord, MAX_TEXT, PuzzleRecord, check_game};
use crate::rating::SkillRating;
use crate::time::Timestamp;

type HmacSha256 = Hmac<Sha256>;

pub const MAGIC: &[u8; 7] = b"QIKERPT";
/// The report format this app writes and the newest it reads.
pub const REPORT_VERSION: u8 = 2;
/// The older format, signed with the class key only; still read.
pub const UNSIGNED_REPORT_VERSION: u8 = 1;
pub(super) const HEADER_LEN: usize = 7 + 1 + 4 + 4;
pub(super) const TAG_LEN: usize = 32;
/// What version 2 adds after the body: the pupil's public key and signature.
pub(super) const PUPIL_PART_LEN: usize = PUBLIC_KEY_LEN + SIGNATURE_LEN;
/// Reports larger than this are refused before anything else is looked at.
pub const MAX_REPORT_BYTES: usize = 1024 * 1024;
/// Most records of each kind a report may carry.
pub const MAX_REPORT_LESSONS: usize = 5_000;
pub const MAX_REPORT_PUZZLES: usize = 5_000;
pub const MAX_REPORT_GAMES: usize = 200;
/// What a report's text form starts with.
pub const TEXT_PREFIX: &str = "QIKE:REPORT:";

/// What a report says about one student.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportBody {
    pub class: ClassId,
    pub student: ProfileId,
    pub device: DeviceId,
    /// Counts up per device and class with every export.
    pub seq: u64,
    pub created: Timestamp,
    pub display_name: String,
    #[serde(default)]
    pub avatar: String,
    #[serde(default)]
    pub lessons: Vec<LessonRecord>,
    #[serde(default)]
    pub puzzles: Vec<PuzzleRecord>,
    /// The most recent games (at most [`MAX_REPORT_GAMES`]).
    #[serde(default)]
    pub games: Vec<GameRecord>,
    /// The most recent 四国军棋 games (at most [`MAX_REPORT_GAMES`]).
    #[serde(default)]
    pub junqi_games: Vec<JunqiGameRecord>,
    /// Ratings by game (see [`super::rating_key`]).
    #[serde(default)]
    pub ratings: Vec<(String, SkillRating)>,
    /// A partial report (the QR form) carries only the most recent records. It merges
    /// like any other, but does not mark earlier full reports as already seen.
    #[serde(default)]
    pub partial: bool,
}

/// The largest QR-form report, in bytes: its text (1.6 symbols a byte) then fits a
/// QR code in alphanumeric mode with room to spare (version 40-L holds 4,296).
pub const QR_REPORT_BYTES: usize = 1_600;

/// Seals a body in the older format (version 1): signed with the class key only,
/// so the teacher sees the pupil as unverified. Apps write [`seal_signed_report`].
pub fn seal_report(body: &ReportBody, key: &ClassKey) -> Result<Vec<u8>, ReportError> {
    seal_payload(body.class, &cbor_body(body)?, key)
}

/// Seals a body as this app does (version 2): signed by the pupil's own key, then
/// with the class key.
pub fn seal_signed_report(
    body: &ReportBody,
    key: &ClassKey,
    pupil: &PupilKey,
) -> Result<Vec<u8>, ReportError> {
    let payload = cbor_body(body)?;
    let mut out = envelope(REPORT_VERSION, body.class, &payload, PUPIL_PART_LEN)?;
    out.extend_from_slice(&pupil.public().0);
    let signature = pupil.sign(&out);
    out.extend_from_slice(&signature);
    finish_mac(out, key)
}

fn cbor_body(body: &ReportBody) -> Result<Vec<u8>, ReportError> {
    let mut payload = Vec::new();
    ciborium::into_writer(body, &mut payload)
        .map_err(|e| ReportError::Malformed(format!("cannot encode: {e}")))?;
    Ok(payload)
}

/// Wraps any payload in a version-1 envelope with a valid class MAC. Public for
/// fuzzing what lies behind the MAC; the app uses [`seal_signed_report`].
#[doc(hidden)]
pub fn seal_payload(
    class: ClassId,
    payload: &[u8],
    key: &ClassKey,
) -> Result<Vec<u8>, ReportError> {
    finish_mac(envelope(UNSIGNED_REPORT_VERSION, class, payload, 0)?, key)
}

/// The header and body, with room for `extra` bytes and the MAC after them.
fn envelope(
    version: u8,
    class: ClassId,
    payload: &[u8],
    extra: usize,
) -> Result<Vec<u8>, ReportError> {
    let total = HEADER_LEN + payload.len() + extra + TAG_LEN;
    if total > MAX_REPORT_BYTES {
        return Err(ReportError::Oversize { len: total, max: MAX_REPORT_BYTES });
    }
    let len = u32::try_from(payload.len())
        .map_err(|_| ReportError::Oversize { len: total, max: MAX_REPORT_BYTES })?;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(MAGIC);
    out.push(version);
    out.extend_from_slice(&class.0.to_be_bytes());
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(payload);
    Ok(out)
}

fn finish_mac(mut out: Vec<u8>, key: &ClassKey) -> Result<Vec<u8>, ReportError> {
    let mut mac = new_mac(key);
    mac.update(&out);
    out.extend_from_slice(&mac.finalize().into_bytes());
    Ok(out)
}

pub(crate) fn new_mac(key: &ClassKey) -> HmacSha256 {
    // HMAC takes keys of any length; this cannot fail.
    <HmacSha256 as Mac>::new_from_slice(&key.0).unwrap_or_else(|_| unreachable!())
}

/// Reads the class a report claims to be for, checking only the header.
pub fn peek_class(bytes: &[u8]) -> Result<ClassId, ReportError> {
    if bytes.len() > MAX_REPORT_BYTES {
        return Err(ReportError::Oversize { len: bytes.len(), max: MAX_REPORT_BYTES });
    }
    let magic = bytes.get(..MAGIC.len());
    match magic {
        Some(m) if m == MAGIC => {}
        // A prefix of the magic is a report cut short; anything else is not a report.
        _ if !bytes.is_empty() && MAGIC.starts_with(bytes) => {
            return Err(ReportError::Truncated { len: bytes.len(), needed: HEADER_LEN + TAG_LEN });
        }
        _ => return Err(ReportError::NotAReport),
    }
    let header = bytes
        .get(..HEADER_LEN)
        .ok_or(ReportError::Truncated { len: bytes.len(), needed: HEADER_LEN + TAG_LEN })?;
    let version = header[7];
    if version > REPORT_VERSION {
        return Err(ReportError::FutureVersion { found: version, supported: REPORT_VERSION });
    }
    if version == 0 {
        return Err(ReportError::Malformed("format version 0 does not exist".into()));
    }
    Ok(ClassId(u32::from_be_bytes([header[8], header[9], header[10], header[11]])))
}

/// A report that passed every check, with the pupil key that signed it.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedReport {
    pub body: ReportBody,
    /// The pupil's public key (version 2); `None` for an older, class-signed report.
    pub signer: Option<PupilPublicKey>,
}

/// Checks a report completely against the class it must belong to and its key, and
/// decodes it. Never panics, whatever the bytes.
pub fn open_report(
    bytes: &[u8],
    class: ClassId,
    key: &ClassKey,
) -> Result<ReportBody, ReportError> {
    open_signed_report(bytes, class, key).map(|o| o.body)
}

/// Like [`open_report`], and also says which pupil key signed the report. The
/// signature is checked here; whether the key is the pupil's pinned one is the
/// teacher's store's business
/// ([`ProgressStore::import_report`](super::ProgressStore::import_report)).
pub fn open_signed_report(
    bytes: &[u8],
    class: ClassId,
    key: &ClassKey,
) -> Result<OpenedReport, ReportError> {
    let found = peek_class(bytes)?;
    if found != class {
        return Err(ReportError::WrongClass { expected: class, found });
    }
    let signed_by_pupil = bytes.get(7).is_some_and(|&v| v >= REPORT_VERSION);
    let extra = if signed_by_pupil { PUPIL_PART_LEN } else { 0 };
    let min = HEADER_LEN + extra + TAG_LEN;
    let len_bytes: [u8; 4] = bytes
        .get(12..16)
        .and_then(|s| s.try_into().ok())
        .ok_or(ReportError::Truncated { len: bytes.len(), needed: min })?;
    let body_len = u32::from_be_bytes(len_bytes) as usize;
    let needed = min.saturating_add(body_len);
    if needed > MAX_REPORT_BYTES {
        return Err(ReportError::Malformed(format!("it declares a {body_len}-byte body")));
    }
    if bytes.len() < needed {
        return Err(ReportError::Truncated { len: bytes.len(), needed });
    }
    if bytes.len() > needed {
        return Err(ReportError::Malformed(format!(
            "{} bytes follow the signature",
            bytes.len() - needed
        )));
    }
    let (maced, tag) = bytes.split_at(needed - TAG_LEN);
    let mut mac = new_mac(key);
    mac.update(maced);
    mac.verify_slice(tag).map_err(|_| ReportError::Tampered)?;
    let body_end = HEADER_LEN + body_len;
    let signer = if signed_by_pupil {
        let (signed, sig) = maced.split_at(body_end + PUBLIC_KEY_LEN);
        let public: [u8; PUBLIC_KEY_LEN] =
            signed
                .get(body_end..)
                .and_then(|k| k.try_into().ok())
                .ok_or(ReportError::Truncated { len: bytes.len(), needed })?;
        let sig: [u8; SIGNATURE_LEN] =
            sig.try_into().map_err(|_| ReportError::Truncated { len: bytes.len(), needed })?;
        let public = PupilPublicKey(public);
        public.verify(signed, &sig)?;
        Some(public)
    } else {
        None
    };
    let payload = maced.get(HEADER_LEN..body_end).unwrap_or_default();
    let mut body: ReportBody = ciborium::from_reader(payload)
        .map_err(|e| ReportError::Malformed(format!("the body cannot be read: {e}")))?;
    check_body(&body, class)?;
    bound_body(&mut body);
    Ok(OpenedReport { body, signer })
}

/// Bytes a value takes in a report body (CBOR); `usize::MAX` if it cannot be encoded.
pub(super) fn cbor_len<T: Serialize>(value: &T) -> usize {
    let mut out = Vec::new();
    match ciborium::into_writer(value, &mut out) {
        Ok(()) => out.len(),
        Err(_) => usize::MAX / 4,
    }
}

/// Checks what a signed body says before anything of it is stored.
fn check_body(b: &ReportBody, class: ClassId) -> Result<(), ReportError> {
    let bad = |m: String| Err(ReportError::Malformed(m));
    if b.class != class {
        return bad(format!("the body names class {} inside a report for {class}", b.class));
    }
    if b.seq == 0 {
        return bad("sequence number 0".into());
    }
    if b.display_name.trim().is_empty()
        || b.display_name.len() > MAX_TEXT
        || b.avatar.len() > MAX_TEXT
    {
        return bad("the student's name is empty or too long".into());
    }
    if b.lessons.len() > MAX_REPORT_LESSONS
        || b.puzzles.len() > MAX_REPORT_PUZZLES
        || b.games.len() > MAX_REPORT_GAMES
        || b.junqi_games.len() > MAX_REPORT_GAMES
        || b.ratings.len() > 64
    {
        return bad("it holds more records than a report may".into());
    }
    for l in &b.lessons {
        if l.lesson_id.is_empty() || l.lesson_id.len() > MAX_TEXT || l.best_stars > 3 {
            return bad(format!("lesson record '{}' is not valid", l.lesson_id));
        }
    }
    for p in &b.puzzles {
        if p.puzzle_id.is_empty() || p.puzzle_id.len() > MAX_TEXT {
            return bad("a puzzle record has no valid id".into());
        }
    }
    for g in &b.games {
        if let Err(e) = check_game(g) {
            return bad(format!("game {}: {e}", g.id));
        }
    }
    for g in &b.junqi_games {
        if let Err(e) = check_junqi_game(g) {
            return bad(format!("junqi game {}: {e}", g.id));
        }
    }
    for (k, r) in &b.ratings {
        if k.is_empty()
            || k.len() > 32
            || !(r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite())
        {
            return bad(format!("rating '{k}' is not valid"));
        }
    }
    Ok(())
}

/// Cuts every counter of a checked body to the bounds a real record stays within, so
/// no sum over imported records can overflow (see [`LessonRecord::bound`]).
fn bound_body(b: &mut ReportBody) {
    b.lessons.iter_mut().for_each(LessonRecord::bound);
    b.puzzles.iter_mut().for_each(PuzzleRecord::bound);
    for (_, r) in &mut b.ratings {
        r.bound();
    }
}

/// A report as text, for sharing through chat apps or a QR code.
pub fn report_to_text(bytes: &[u8]) -> String {
    format!("{TEXT_PREFIX}{}", base32_encode(bytes))
}

/// The bytes of a report's text form.
pub fn report_from_text(text: &str) -> Result<Vec<u8>, ReportError> {
    let t = text.trim();
    let rest = match t.get(..TEXT_PREFIX.len()) {
        Some(p) if p.eq_ignore_ascii_case(TEXT_PREFIX) => t.get(TEXT_PREFIX.len()..).unwrap_or(""),
        _ => return Err(ReportError::NotAReport),
    };
    if rest.len() > MAX_REPORT_BYTES * 8 / 5 + 8 {
        return Err(ReportError::Oversize { len: rest.len() * 5 / 8, max: MAX_REPORT_BYTES });
    }
    let cleaned: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    base32_decode(&cleaned).ok_or(ReportError::Malformed("the text has foreign characters".into()))
}
