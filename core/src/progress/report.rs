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
//! ([`ProgressStore::export_report_qr`]) is a partial report of the latest records
//! that fits one QR code.
//!
//! Merging is a join on every field (see [`LessonRecord::merge`]), so importing the
//! same report twice, an older one after a newer one, or reports in any order ends in
//! the same state, and nothing a newer report holds is lost.

use std::collections::BTreeMap;

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use sled::Transactional;

use super::classes::Membership;
use super::codec::{class_key, decode, encode, profile_key};
use super::error::{ReportError, StoreError};
use super::ids::{ClassId, ClassKey, DeviceId, ProfileId, base32_decode, base32_encode};
use super::pupil_key::{PUBLIC_KEY_LEN, PupilKey, PupilPublicKey, SIGNATURE_LEN};
use super::records::{GameRecord, LessonRecord, MAX_TEXT, PuzzleRecord, check_game};
use super::store::{ProgressStore, scan};
use crate::rating::SkillRating;
use crate::time::Timestamp;

type HmacSha256 = Hmac<Sha256>;

pub const MAGIC: &[u8; 7] = b"QIKERPT";
/// The report format this app writes and the newest it reads.
pub const REPORT_VERSION: u8 = 2;
/// The older format, signed with the class key only; still read.
pub const UNSIGNED_REPORT_VERSION: u8 = 1;
const HEADER_LEN: usize = 7 + 1 + 4 + 4;
const TAG_LEN: usize = 32;
/// What version 2 adds after the body: the pupil's public key and signature.
const PUPIL_PART_LEN: usize = PUBLIC_KEY_LEN + SIGNATURE_LEN;
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
/// teacher's store's business ([`ProgressStore::import_report`]).
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
fn cbor_len<T: Serialize>(value: &T) -> usize {
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

/// What the teacher's store keeps about a student besides their records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct StudentState {
    pub student: ProfileId,
    /// The highest sequence number imported from each device.
    pub seqs: BTreeMap<DeviceId, u64>,
    /// Which report the name, avatar and ratings come from: the latest wins.
    pub stamp: (Timestamp, u64, DeviceId),
    pub display_name: String,
    #[serde(default)]
    pub avatar: String,
    #[serde(default)]
    pub ratings: Vec<(String, SkillRating)>,
    pub last_report: Timestamp,
    /// The pupil's key, pinned from their first signed report; `None` while only
    /// older, class-signed reports came (an unverified pupil).
    #[serde(default)]
    pub pupil_key: Option<PupilPublicKey>,
}

/// What an import did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportOutcome {
    /// A student the class had not heard from before.
    NewStudent,
    /// New data merged in.
    Updated,
    /// The same or an older report was imported before: nothing changed.
    AlreadyImported,
}

/// The result of [`ProgressStore::import_report`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportSummary {
    pub class: ClassId,
    pub student: ProfileId,
    pub seq: u64,
    pub outcome: ImportOutcome,
    pub lessons_changed: usize,
    pub puzzles_changed: usize,
    pub games_added: usize,
    /// Whether the report was signed by the pupil's pinned key (pinned now, if this
    /// was their first signed report). `false` for an older, class-signed report.
    pub verified: bool,
    /// This report's key was pinned for the pupil by this import.
    pub key_pinned: bool,
}

fn sled_err(d: &std::path::Path) -> impl Fn(sled::Error) -> StoreError + '_ {
    move |e| StoreError::from_sled(d, e)
}

impl ProgressStore {
    /// Takes the next sequence number for a report, durably.
    fn next_report(
        &self,
        profile: ProfileId,
        class: ClassId,
    ) -> Result<(Membership, DeviceId), StoreError> {
        let key = profile_key(profile, &class.0.to_be_bytes());
        self.with(|i, d| {
            let v = i.t.memberships.get(&key).map_err(sled_err(d))?;
            let mut m: Membership =
                decode("membership", &v.ok_or(StoreError::NotAMember { profile, class })?)?;
            m.last_seq = m.last_seq.saturating_add(1);
            i.t.memberships.insert(&key, encode(&m)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok((m, i.device))
        })
    }

    /// Exports a signed report of a student's progress for a class they joined. The
    /// sequence number is saved before the report is returned, so two exports never
    /// share one.
    pub fn export_report(
        &self,
        profile: ProfileId,
        class: ClassId,
        now: Timestamp,
    ) -> Result<Vec<u8>, StoreError> {
        let p = self.profile(profile)?;
        let lessons = self.lesson_records(profile)?;
        let puzzles = self.puzzle_records(profile)?;
        let mut games = self.games(profile)?;
        let skip = games.len().saturating_sub(MAX_REPORT_GAMES);
        games.drain(..skip);
        let ratings = self.ratings(profile)?;
        let pupil = self.pupil_key(profile)?;
        let (membership, device) = self.next_report(profile, class)?;
        let mut body = ReportBody {
            class,
            student: profile,
            device,
            seq: membership.last_seq,
            created: now,
            display_name: p.display_name,
            avatar: p.avatar,
            lessons,
            puzzles,
            games,
            ratings,
            partial: false,
        };
        match seal_signed_report(&body, &membership.key, &pupil) {
            Err(ReportError::Oversize { .. }) => {
                // Too many long games: send them without their moves.
                for g in &mut body.games {
                    g.moves.clear();
                }
                Ok(seal_signed_report(&body, &membership.key, &pupil)?)
            }
            other => Ok(other?),
        }
    }

    /// Exports a partial report small enough for one QR code, as its text form: the
    /// ratings and the most recently active lessons, puzzles and games (without
    /// moves) that fit in [`QR_REPORT_BYTES`]. For the whole history use
    /// [`ProgressStore::export_report`].
    pub fn export_report_qr(
        &self,
        profile: ProfileId,
        class: ClassId,
        now: Timestamp,
    ) -> Result<String, StoreError> {
        let p = self.profile(profile)?;
        let mut lessons = self.lesson_records(profile)?;
        lessons.sort_by_key(|l| std::cmp::Reverse(l.last_activity));
        let mut puzzles = self.puzzle_records(profile)?;
        puzzles.sort_by_key(|x| std::cmp::Reverse(x.last_activity));
        let mut games = self.games(profile)?;
        games.reverse();
        let ratings = self.ratings(profile)?;
        let pupil = self.pupil_key(profile)?;
        let (membership, device) = self.next_report(profile, class)?;
        let mut body = ReportBody {
            class,
            student: profile,
            device,
            seq: membership.last_seq,
            created: now,
            display_name: p.display_name,
            avatar: p.avatar,
            lessons: Vec::new(),
            puzzles: Vec::new(),
            games: Vec::new(),
            ratings,
            partial: true,
        };
        // Envelope, pupil key and signature, CBOR array headers (at most 3 bytes more
        // each) and slack.
        let overhead = HEADER_LEN + PUPIL_PART_LEN + TAG_LEN + 16;
        let mut size = cbor_len(&body) + overhead;
        let budget = QR_REPORT_BYTES;
        let mut add = |len: usize| {
            if size + len <= budget {
                size += len;
                true
            } else {
                false
            }
        };
        // Newest first across kinds, so the report is about what happened lately.
        let (mut li, mut pi, mut gi) = (0, 0, 0);
        loop {
            let next_l = lessons.get(li).map(|l| l.last_activity);
            let next_p = puzzles.get(pi).map(|x| x.last_activity);
            let next_g = games.get(gi).map(|g| g.ended);
            let newest = next_l.max(next_p).max(next_g);
            let Some(newest) = newest else { break };
            if next_l == Some(newest) {
                let l = lessons.get(li).cloned().unwrap_or_else(|| LessonRecord::new("?"));
                li += 1;
                if add(cbor_len(&l)) {
                    body.lessons.push(l);
                } else {
                    break;
                }
            } else if next_p == Some(newest) {
                let x = puzzles.get(pi).cloned().unwrap_or_else(|| PuzzleRecord::new("?"));
                pi += 1;
                if add(cbor_len(&x)) {
                    body.puzzles.push(x);
                } else {
                    break;
                }
            } else {
                let Some(mut g) = games.get(gi).cloned() else { break };
                gi += 1;
                g.moves.clear();
                if body.games.len() < MAX_REPORT_GAMES && add(cbor_len(&g)) {
                    body.games.push(g);
                } else {
                    break;
                }
            }
        }
        Ok(report_to_text(&seal_signed_report(&body, &membership.key, &pupil)?))
    }

    /// Imports a report into the class it names, if this device teaches it.
    pub fn import_report_any(
        &self,
        bytes: &[u8],
        now: Timestamp,
    ) -> Result<ImportSummary, StoreError> {
        let class = peek_class(bytes)?;
        let known =
            self.with(|i, d| i.t.classes.contains_key(class.0.to_be_bytes()).map_err(sled_err(d)))?;
        if !known {
            return Err(ReportError::UnknownClass(class).into());
        }
        self.import_report(class, bytes, now)
    }

    /// Verifies a report for `class` and merges it. Importing the same or an older
    /// report again changes nothing; reports may come in any order.
    pub fn import_report(
        &self,
        class: ClassId,
        bytes: &[u8],
        now: Timestamp,
    ) -> Result<ImportSummary, StoreError> {
        let c = match self.class(class) {
            Err(StoreError::NoSuchClass(id)) => return Err(ReportError::UnknownClass(id).into()),
            other => other?,
        };
        let opened = open_signed_report(bytes, class, &c.key)?;
        if c.archived.is_some() {
            return Err(ReportError::ArchivedClass(class).into());
        }
        self.with(|i, d| merge_body(i, d, &opened.body, opened.signer, now))
    }

    /// The records the class has of a student, as merged from their reports.
    pub fn student_lessons(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<LessonRecord>, StoreError> {
        let prefix = class_key(class, &student.to_bytes());
        self.with(|i, d| scan(&i.t.class_lessons, &prefix, d, "class lesson record"))
    }

    pub fn student_puzzles(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<PuzzleRecord>, StoreError> {
        let prefix = class_key(class, &student.to_bytes());
        self.with(|i, d| scan(&i.t.class_puzzles, &prefix, d, "class puzzle record"))
    }

    pub fn student_games(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let prefix = class_key(class, &student.to_bytes());
        self.with(|i, d| scan(&i.t.class_games, &prefix, d, "class game record"))
    }

    /// The latest ratings a student reported, by game.
    pub fn student_ratings(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<(String, SkillRating)>, StoreError> {
        Ok(self.student_state(class, student)?.map(|s| s.ratings).unwrap_or_default())
    }

    /// When the latest report of a student was made.
    pub fn student_last_report(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Option<Timestamp>, StoreError> {
        Ok(self.student_state(class, student)?.map(|s| s.last_report))
    }

    /// The key pinned for a pupil from their first signed report; `None` for an
    /// unverified pupil (only older, class-signed reports so far, or none).
    pub fn pinned_pupil_key(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Option<PupilPublicKey>, StoreError> {
        Ok(self.student_state(class, student)?.and_then(|s| s.pupil_key))
    }

    pub(crate) fn student_state(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Option<StudentState>, StoreError> {
        let key = class_key(class, &student.to_bytes());
        self.with(|i, d| {
            let v = i.t.class_students.get(key).map_err(sled_err(d))?;
            v.map(|v| decode("student state", &v)).transpose()
        })
    }
}

/// Merges a verified body into the class's records in one transaction.
fn merge_body(
    i: &super::store::Inner,
    d: &std::path::Path,
    body: &ReportBody,
    signer: Option<PupilPublicKey>,
    now: Timestamp,
) -> Result<ImportSummary, StoreError> {
    let t = &i.t;
    let skey = class_key(body.class, &body.student.to_bytes());
    let old: Option<StudentState> = t
        .class_students
        .get(&skey)
        .map_err(sled_err(d))?
        .map(|v| decode("student state", &v))
        .transpose()?;
    // Who signed it comes before anything else: a report the pupil's key did not
    // sign is refused even if it would change nothing.
    let pinned = old.as_ref().and_then(|s| s.pupil_key);
    match (pinned, signer) {
        (Some(k), Some(s)) if k != s => {
            return Err(ReportError::ForeignPupilKey { student: body.student }.into());
        }
        (Some(_), None) => {
            return Err(ReportError::UnsignedForPinnedPupil { student: body.student }.into());
        }
        _ => {}
    }
    let key_pinned = pinned.is_none() && signer.is_some();
    let mut summary = ImportSummary {
        class: body.class,
        student: body.student,
        seq: body.seq,
        outcome: if old.is_none() { ImportOutcome::NewStudent } else { ImportOutcome::Updated },
        lessons_changed: 0,
        puzzles_changed: 0,
        games_added: 0,
        verified: signer.is_some(),
        key_pinned,
    };
    // A full report is a snapshot: one no newer than a full one already merged
    // cannot add anything.
    if !body.partial
        && !key_pinned
        && let Some(s) = &old
        && s.seqs.get(&body.device).is_some_and(|&seen| seen >= body.seq)
    {
        summary.outcome = ImportOutcome::AlreadyImported;
        return Ok(summary);
    }
    let stamp = (body.created, body.seq, body.device);
    let known = old.is_some();
    let mut state = old.unwrap_or_else(|| StudentState {
        student: body.student,
        seqs: BTreeMap::new(),
        stamp,
        display_name: body.display_name.clone(),
        avatar: body.avatar.clone(),
        ratings: body.ratings.clone(),
        last_report: body.created,
        pupil_key: None,
    });
    let state_before = state.clone();
    if key_pinned {
        state.pupil_key = signer;
    }
    if !body.partial {
        let seen = state.seqs.entry(body.device).or_insert(0);
        *seen = (*seen).max(body.seq);
    }
    if stamp >= state.stamp {
        state.stamp = stamp;
        state.display_name = body.display_name.clone();
        state.avatar = body.avatar.clone();
        state.ratings = body.ratings.clone();
    }
    state.last_report = state.last_report.max(body.created);

    let mut writes: Vec<(u8, Vec<u8>, Vec<u8>)> = Vec::new();
    for l in &body.lessons {
        let key =
            class_key(body.class, &[&body.student.to_bytes()[..], l.lesson_id.as_bytes()].concat());
        let merged = match t.class_lessons.get(&key).map_err(sled_err(d))? {
            Some(v) => {
                let mut cur: LessonRecord = decode("class lesson record", &v)?;
                let before = cur.clone();
                cur.merge(l);
                (cur != before).then_some(cur)
            }
            None => Some(l.clone()),
        };
        if let Some(m) = merged {
            summary.lessons_changed += 1;
            writes.push((0, key, encode(&m)?));
        }
    }
    for p in &body.puzzles {
        let key =
            class_key(body.class, &[&body.student.to_bytes()[..], p.puzzle_id.as_bytes()].concat());
        let merged = match t.class_puzzles.get(&key).map_err(sled_err(d))? {
            Some(v) => {
                let mut cur: PuzzleRecord = decode("class puzzle record", &v)?;
                let before = cur.clone();
                cur.merge(p);
                (cur != before).then_some(cur)
            }
            None => Some(p.clone()),
        };
        if let Some(m) = merged {
            summary.puzzles_changed += 1;
            writes.push((1, key, encode(&m)?));
        }
    }
    for g in &body.games {
        let gk = super::store::game_key(body.student, g);
        let key = class_key(body.class, &gk);
        if !t.class_games.contains_key(&key).map_err(sled_err(d))? {
            summary.games_added += 1;
            writes.push((2, key, encode(g)?));
        }
    }
    if body.partial && known && writes.is_empty() && state == state_before {
        summary.outcome = ImportOutcome::AlreadyImported;
        return Ok(summary);
    }
    let state_value = encode(&state)?;
    let roster_value = match t.roster.get(&skey).map_err(sled_err(d))? {
        Some(v) => {
            let mut e: super::classes::RosterEntry = decode("roster entry", &v)?;
            if e.display_name != state.display_name {
                e.display_name = state.display_name.clone();
                Some(encode(&e)?)
            } else {
                None
            }
        }
        None => Some(encode(&super::classes::RosterEntry {
            student: body.student,
            display_name: state.display_name.clone(),
            real_name: String::new(),
            notes: String::new(),
            added: now,
        })?),
    };
    (&t.class_students, &t.roster, &t.class_lessons, &t.class_puzzles, &t.class_games)
        .transaction(|(students, roster, lessons, puzzles, games)| {
            for (tree, k, v) in &writes {
                let target = match tree {
                    0 => lessons,
                    1 => puzzles,
                    _ => games,
                };
                target.insert(k.as_slice(), v.as_slice())?;
            }
            students.insert(skey.as_slice(), state_value.as_slice())?;
            if let Some(r) = &roster_value {
                roster.insert(skey.as_slice(), r.as_slice())?;
            }
            Ok(())
        })
        .map_err(|e: sled::transaction::TransactionError<()>| match e {
            sled::transaction::TransactionError::Storage(e) => StoreError::from_sled(d, e),
            sled::transaction::TransactionError::Abort(()) => {
                StoreError::Corrupt { path: d.to_path_buf(), detail: "import aborted".into() }
            }
        })?;
    i.sync(d)?;
    Ok(summary)
}
