//! What the store does with class reports: a pupil's device exports its records as a
//! report (in full, or the latest records for one QR code); the teacher's device
//! imports one, checks who signed it, and merges it into the class's records. The
//! report's format is in `report.rs`.
//!
//! Merging is a join on every field (see [`LessonRecord::merge`]), so importing the
//! same report twice, an older one after a newer one, or reports in any order ends in
//! the same state, and nothing a newer report holds is lost.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sled::Transactional;

use super::classes::Membership;
use super::codec::{class_key, decode, encode, profile_key};
use super::error::{ReportError, StoreError};
use super::ids::{ClassId, DeviceId, ProfileId};
use super::junqi::{JunqiGameRecord, junqi_game_key};
use super::pupil_key::PupilPublicKey;
use super::records::{GameRecord, LessonRecord, PuzzleRecord};
use super::report::{
    HEADER_LEN, MAX_REPORT_GAMES, PUPIL_PART_LEN, QR_REPORT_BYTES, ReportBody, TAG_LEN, cbor_len,
    open_signed_report, peek_class, report_to_text, seal_signed_report,
};
use super::store::{ProgressStore, scan};
use crate::rating::SkillRating;
use crate::time::Timestamp;

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
    /// Games of every kind, 四国军棋 included.
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
        let mut junqi_games = self.junqi_games(profile)?;
        let skip = junqi_games.len().saturating_sub(MAX_REPORT_GAMES);
        junqi_games.drain(..skip);
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
            junqi_games,
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
        let mut junqi_games = self.junqi_games(profile)?;
        junqi_games.reverse();
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
            junqi_games: Vec::new(),
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
        let (mut li, mut pi, mut gi, mut ji) = (0, 0, 0, 0);
        loop {
            let next_l = lessons.get(li).map(|l| l.last_activity);
            let next_p = puzzles.get(pi).map(|x| x.last_activity);
            let next_g = games.get(gi).map(|g| g.ended);
            let next_j = junqi_games.get(ji).map(|g| g.ended);
            let newest = next_l.max(next_p).max(next_g).max(next_j);
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
            } else if next_j == Some(newest) && next_g != Some(newest) {
                let Some(g) = junqi_games.get(ji).cloned() else { break };
                ji += 1;
                if body.junqi_games.len() < MAX_REPORT_GAMES && add(cbor_len(&g)) {
                    body.junqi_games.push(g);
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

    /// The 四国军棋 games the class has of a student, as merged from their reports,
    /// oldest first.
    pub fn student_junqi_games(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<JunqiGameRecord>, StoreError> {
        let prefix = class_key(class, &student.to_bytes());
        self.with(|i, d| scan(&i.t.class_junqi_games, &prefix, d, "class junqi game record"))
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

    /// Forgets the key pinned for a pupil (a reinstalled phone makes a new one), so
    /// their next signed report pins its key again. Says whether a key was pinned.
    pub fn forget_pupil_key(&self, class: ClassId, student: ProfileId) -> Result<bool, StoreError> {
        let key = class_key(class, &student.to_bytes());
        self.with(|i, d| {
            let Some(v) = i.t.class_students.get(&key).map_err(sled_err(d))? else {
                return Ok(false);
            };
            let mut state: StudentState = decode("student state", &v)?;
            if state.pupil_key.take().is_none() {
                return Ok(false);
            }
            i.t.class_students.insert(&key, encode(&state)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(true)
        })
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
    for g in &body.junqi_games {
        let key = class_key(body.class, &junqi_game_key(body.student, g));
        if !t.class_junqi_games.contains_key(&key).map_err(sled_err(d))? {
            summary.games_added += 1;
            writes.push((3, key, encode(g)?));
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
    let trees = (
        &t.class_students,
        &t.roster,
        &t.class_lessons,
        &t.class_puzzles,
        &t.class_games,
        &t.class_junqi_games,
    );
    trees
        .transaction(|(students, roster, lessons, puzzles, games, junqi_games)| {
            for (tree, k, v) in &writes {
                let target = match tree {
                    0 => lessons,
                    1 => puzzles,
                    2 => games,
                    _ => junqi_games,
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
