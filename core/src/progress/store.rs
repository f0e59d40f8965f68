//! The progress store: one sled database per device, opened the same way every time.
//!
//! Why sled 0.34.7: it is the frozen stable line, used widely for years; the 1.0
//! alphas have had no release for a year and list open durability blockers. 0.34 has
//! known weak spots, and the store covers each one:
//! - `flush` uses `sync_file_range` on Linux, which is not a full fsync
//!   (sled#1452, sled#1351): after every flush we also `fdatasync` the data file.
//! - Values above ~128 KiB go to blob files that sled does not fsync: every record
//!   kept here is small (moves and texts are capped), and teacher-side data is split
//!   into one key per lesson and game.
//! - Abruptly stopped processes have left databases that fail to open with
//!   `Corruption` (sled#1533, sled#1509), and some damage panics inside sled: open
//!   turns both into [`StoreError::Corrupt`], and [`ProgressStore::move_aside`] lets
//!   the app start fresh without deleting anything.
//!
//! Every method that writes returns only after the write is on disk.

use std::fs::File;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use sled::Transactional;

use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::{DeviceId, ProfileId};
use super::records::{
    GameRecord, LessonAttempt, LessonRecord, NewProfile, Profile, PuzzleAttempt, PuzzleRecord,
    check_game, check_lesson_attempt, check_text,
};
use super::schema;
use crate::GameKind;
use crate::rating::SkillRating;
use crate::time::Timestamp;

/// sled's page cache. Phones have little memory; our working set is small.
pub const CACHE_BYTES: u64 = 8 * 1024 * 1024;

/// The one sled configuration, used for every open (sled keeps some of it on disk and
/// refuses a database opened with different settings).
fn sled_config(dir: &Path) -> sled::Config {
    sled::Config::new()
        .path(dir)
        .cache_capacity(CACHE_BYTES)
        .mode(sled::Mode::LowSpace)
        // No background flusher thread: every write flushes before it returns.
        .flush_every_ms(None)
}

/// The trees of the current schema.
#[derive(Debug)]
pub(crate) struct Trees {
    pub meta: sled::Tree,
    pub profiles: sled::Tree,
    pub lessons: sled::Tree,
    pub puzzles: sled::Tree,
    pub games: sled::Tree,
    pub ratings: sled::Tree,
    pub memberships: sled::Tree,
    pub classes: sled::Tree,
    pub roster: sled::Tree,
    pub assignments: sled::Tree,
    pub class_students: sled::Tree,
    pub class_lessons: sled::Tree,
    pub class_puzzles: sled::Tree,
    pub class_games: sled::Tree,
    /// 四国军棋 games per class and student, as merged from reports.
    pub class_junqi_games: sled::Tree,
    /// Work in progress per profile (a lesson or game to resume), see `drafts.rs`.
    pub drafts: sled::Tree,
    /// Each pupil profile's signing key, see `pupil_key.rs`.
    pub pupil_keys: sled::Tree,
    /// Each profile's practice log per game, see `practice.rs`.
    pub practice: sled::Tree,
    /// The newest class file (homework list) per pupil and class, see `class_file.rs`.
    pub class_files: sled::Tree,
    /// 四国军棋 games per profile, see `junqi.rs`.
    pub junqi_games: sled::Tree,
    /// Saved 四国军棋 setups per profile and name, see `junqi.rs`.
    pub junqi_setups: sled::Tree,
}

#[derive(Debug)]
pub(crate) struct Inner {
    pub db: sled::Db,
    pub t: Trees,
    /// A second handle on sled's data file, for the fdatasync sled does not do.
    data_file: File,
    pub device: DeviceId,
}

/// A child's and a teacher's progress on this device. All methods take `&self`;
/// writes are serialised by an internal lock.
#[derive(Debug)]
pub struct ProgressStore {
    dir: PathBuf,
    /// The folder as this process's list of open stores knows it.
    key: PathBuf,
    inner: Mutex<Option<Inner>>,
}

impl Drop for ProgressStore {
    fn drop(&mut self) {
        open_here::release(&self.key);
    }
}

/// The stores open in this process, so that a second open of one folder is refused at
/// once (another process's is found by sled's lock).
mod open_here {
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    static OPEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    /// Marks `dir` open; `None` when it already is.
    pub fn claim(dir: &Path) -> Option<PathBuf> {
        let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        if open.contains(&key) {
            return None;
        }
        open.push(key.clone());
        Some(key)
    }

    /// Marks `key` closed (again is harmless).
    pub fn release(key: &Path) {
        let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|k| k != key);
    }
}

impl Inner {
    /// Makes everything written so far durable.
    pub fn sync(&self, dir: &Path) -> Result<(), StoreError> {
        self.db.flush().map_err(|e| StoreError::from_sled(dir, e))?;
        self.data_file.sync_data().map_err(StoreError::from_io)
    }
}

impl ProgressStore {
    /// Opens (or creates) the store in `dir`, migrating an older schema.
    ///
    /// A damaged database gives [`StoreError::Corrupt`]; a database from a newer app
    /// gives [`StoreError::FutureSchema`]. Neither is changed.
    pub fn open(dir: impl AsRef<Path>) -> Result<ProgressStore, StoreError> {
        let dir = dir.as_ref().to_path_buf();
        std::fs::create_dir_all(&dir).map_err(StoreError::from_io)?;
        // Open in this process already: say so at once rather than wait for sled's lock.
        let key = open_here::claim(&dir).ok_or_else(|| StoreError::InUse { path: dir.clone() })?;
        let opened = catch_unwind(AssertUnwindSafe(|| open_inner(&dir)));
        let opened = match opened {
            Ok(Err(e)) => {
                open_here::release(&key);
                Ok(Err(e))
            }
            Err(panic) => {
                open_here::release(&key);
                Err(panic)
            }
            ok => ok,
        };
        let inner = match opened {
            Ok(r) => r?,
            Err(panic) => {
                let detail = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "sled failed while reading it".to_owned());
                return Err(StoreError::Corrupt { path: dir, detail });
            }
        };
        Ok(ProgressStore { dir, key, inner: Mutex::new(Some(inner)) })
    }

    /// Flushes and closes the database. Later calls return [`StoreError::Closed`].
    /// It closes even when the final flush fails (and then returns that error).
    ///
    /// After an I/O failure such as [`StoreError::DiskFull`], sled refuses every later
    /// call on the same handle; close and open the store again once there is room.
    ///
    /// sled's I/O threads can hold the database a moment after it is dropped; `close`
    /// waits (up to a few seconds) until they let go, so the folder can be reopened,
    /// copied or moved aside straight away.
    pub fn close(&self) -> Result<(), StoreError> {
        let mut guard = self.lock();
        let Some(inner) = guard.take() else { return Ok(()) };
        let synced = inner.sync(&self.dir);
        drop(inner);
        wait_for_release(&self.dir);
        open_here::release(&self.key);
        synced
    }

    /// Renames a damaged store's folder to `<dir>.damaged-<time>` so a fresh one can
    /// be opened in `dir`. Returns where the old files now are. Deletes nothing.
    pub fn move_aside(dir: impl AsRef<Path>) -> Result<PathBuf, StoreError> {
        let dir = dir.as_ref();
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut stamp = Timestamp::now().0;
        loop {
            let target = dir.with_file_name(format!("{name}.damaged-{stamp}"));
            if !target.exists() {
                std::fs::rename(dir, &target).map_err(StoreError::from_io)?;
                return Ok(target);
            }
            stamp += 1;
        }
    }

    /// The folder of this store.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn lock(&self) -> MutexGuard<'_, Option<Inner>> {
        // A panic while holding the lock cannot leave sled half-written (each write
        // is one batch or transaction), so a poisoned lock is safe to reuse.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs `f` on the open database.
    pub(crate) fn with<R>(
        &self,
        f: impl FnOnce(&Inner, &Path) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        let guard = self.lock();
        let inner = guard.as_ref().ok_or(StoreError::Closed)?;
        f(inner, &self.dir)
    }

    /// This device's id, which class reports carry.
    pub fn device_id(&self) -> Result<DeviceId, StoreError> {
        self.with(|i, _| Ok(i.device))
    }

    /// The schema version of the open database (always the current one).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        self.with(|i, d| schema::read_version(&i.t.meta, d).map(|v| v.unwrap_or(0)))
    }

    // ---- profiles ----

    /// Creates a profile with a fresh id.
    pub fn create_profile(&self, p: NewProfile, now: Timestamp) -> Result<Profile, StoreError> {
        check_text("display name", &p.display_name, false)?;
        check_text("avatar", &p.avatar, true)?;
        check_text("language", &p.language, true)?;
        let profile = Profile {
            id: ProfileId::random().map_err(StoreError::from_io)?,
            display_name: p.display_name,
            avatar: p.avatar,
            language: if p.language.is_empty() {
                super::records::default_language()
            } else {
                p.language
            },
            role: p.role,
            created: now,
        };
        self.put_profile(&profile)?;
        Ok(profile)
    }

    /// Replaces a profile's name, avatar, language or role.
    pub fn update_profile(&self, profile: &Profile) -> Result<(), StoreError> {
        check_text("display name", &profile.display_name, false)?;
        check_text("avatar", &profile.avatar, true)?;
        check_text("language", &profile.language, true)?;
        self.profile(profile.id)?;
        self.put_profile(profile)
    }

    fn put_profile(&self, profile: &Profile) -> Result<(), StoreError> {
        let value = encode(profile)?;
        self.with(|i, d| {
            i.t.profiles
                .insert(profile.id.to_bytes(), value)
                .map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    pub fn profile(&self, id: ProfileId) -> Result<Profile, StoreError> {
        self.with(|i, d| {
            let v = i.t.profiles.get(id.to_bytes()).map_err(|e| StoreError::from_sled(d, e))?;
            let v = v.ok_or(StoreError::NoSuchProfile(id))?;
            decode("profile", &v)
        })
    }

    /// All profiles on the device, oldest first.
    pub fn profiles(&self) -> Result<Vec<Profile>, StoreError> {
        let mut all: Vec<Profile> = self.with(|i, d| scan(&i.t.profiles, &[], d, "profile"))?;
        all.sort_by_key(|p| (p.created, p.id));
        Ok(all)
    }

    /// Deletes a profile and every record of it, in one step.
    pub fn delete_profile(&self, id: ProfileId) -> Result<(), StoreError> {
        self.profile(id)?;
        self.with(|i, d| {
            let t = &i.t;
            let prefix = id.to_bytes();
            let trees = [
                &t.lessons,
                &t.puzzles,
                &t.games,
                &t.ratings,
                &t.memberships,
                &t.drafts,
                &t.pupil_keys,
                &t.class_files,
                &t.practice,
                &t.junqi_games,
                &t.junqi_setups,
                &t.profiles,
            ];
            remove_prefix_atomically(&trees, &prefix, d)?;
            i.sync(d)
        })
    }

    // ---- lessons and puzzles ----

    /// Adds one lesson attempt to the profile's record and returns the new record.
    pub fn record_lesson(
        &self,
        profile: ProfileId,
        attempt: &LessonAttempt,
    ) -> Result<LessonRecord, StoreError> {
        check_lesson_attempt(attempt)?;
        self.profile(profile)?;
        let key = profile_key(profile, attempt.lesson_id.as_bytes());
        self.with(|i, d| {
            let old = i.t.lessons.get(&key).map_err(|e| StoreError::from_sled(d, e))?;
            let mut rec = match old {
                Some(v) => decode::<LessonRecord>("lesson record", &v)?,
                None => LessonRecord::new(&attempt.lesson_id),
            };
            rec.apply(attempt);
            i.t.lessons.insert(key, encode(&rec)?).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)?;
            Ok(rec)
        })
    }

    pub fn lesson_record(
        &self,
        profile: ProfileId,
        lesson_id: &str,
    ) -> Result<Option<LessonRecord>, StoreError> {
        let key = profile_key(profile, lesson_id.as_bytes());
        self.with(|i, d| {
            let v = i.t.lessons.get(key).map_err(|e| StoreError::from_sled(d, e))?;
            v.map(|v| decode("lesson record", &v)).transpose()
        })
    }

    /// Every lesson record of a profile, by lesson id.
    pub fn lesson_records(&self, profile: ProfileId) -> Result<Vec<LessonRecord>, StoreError> {
        self.with(|i, d| scan(&i.t.lessons, &profile.to_bytes(), d, "lesson record"))
    }

    pub fn record_puzzle(
        &self,
        profile: ProfileId,
        attempt: &PuzzleAttempt,
    ) -> Result<PuzzleRecord, StoreError> {
        check_text("puzzle id", &attempt.puzzle_id, false)?;
        self.profile(profile)?;
        let key = profile_key(profile, attempt.puzzle_id.as_bytes());
        self.with(|i, d| {
            let old = i.t.puzzles.get(&key).map_err(|e| StoreError::from_sled(d, e))?;
            let mut rec = match old {
                Some(v) => decode::<PuzzleRecord>("puzzle record", &v)?,
                None => PuzzleRecord::new(&attempt.puzzle_id),
            };
            rec.apply(attempt);
            i.t.puzzles.insert(key, encode(&rec)?).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)?;
            Ok(rec)
        })
    }

    pub fn puzzle_records(&self, profile: ProfileId) -> Result<Vec<PuzzleRecord>, StoreError> {
        self.with(|i, d| scan(&i.t.puzzles, &profile.to_bytes(), d, "puzzle record"))
    }

    // ---- games and ratings ----

    /// A fresh random game id for [`GameRecord::id`].
    pub fn new_game_id() -> Result<u64, StoreError> {
        let mut b = [0u8; 8];
        super::ids::fill_random(&mut b).map_err(StoreError::from_io)?;
        Ok(u64::from_be_bytes(b))
    }

    /// Saves a game. A finished game against the AI also updates the child's rating
    /// for that game, in the same atomic write; the new rating is returned.
    pub fn record_game(
        &self,
        profile: ProfileId,
        game: &GameRecord,
    ) -> Result<Option<SkillRating>, StoreError> {
        check_game(game)?;
        self.profile(profile)?;
        let gkey = game_key(profile, game);
        let rkey = profile_key(profile, rating_key(game.kind).as_bytes());
        let value = encode(game)?;
        self.with(|i, d| {
            if i.t.games.contains_key(&gkey).map_err(|e| StoreError::from_sled(d, e))? {
                return Err(StoreError::Invalid {
                    field: "game id",
                    reason: format!("game {} is already recorded", game.id),
                });
            }
            let old = i.t.ratings.get(&rkey).map_err(|e| StoreError::from_sled(d, e))?;
            let old: SkillRating = match old {
                Some(v) => decode("rating", &v)?,
                None => SkillRating::default(),
            };
            let new = match (game.ai_level, game.score()) {
                (Some(level), Some(score)) => Some(old.after_game_against_level(level, score)),
                _ => None,
            };
            let rvalue = new.as_ref().map(encode).transpose()?;
            (&i.t.games, &i.t.ratings)
                .transaction(|(games, ratings)| {
                    games.insert(gkey.as_slice(), value.as_slice())?;
                    if let Some(r) = &rvalue {
                        ratings.insert(rkey.as_slice(), r.as_slice())?;
                    }
                    Ok(())
                })
                .map_err(|e: sled::transaction::TransactionError<()>| match e {
                    sled::transaction::TransactionError::Storage(e) => StoreError::from_sled(d, e),
                    sled::transaction::TransactionError::Abort(()) => StoreError::Corrupt {
                        path: d.to_path_buf(),
                        detail: "transaction aborted".into(),
                    },
                })?;
            i.sync(d)?;
            Ok(new)
        })
    }

    /// A profile's games, oldest first.
    pub fn games(&self, profile: ProfileId) -> Result<Vec<GameRecord>, StoreError> {
        self.with(|i, d| scan(&i.t.games, &profile.to_bytes(), d, "game record"))
    }

    /// The child's rating in a game (a newcomer's rating if they have not played it).
    pub fn rating(&self, profile: ProfileId, kind: GameKind) -> Result<SkillRating, StoreError> {
        let key = profile_key(profile, rating_key(kind).as_bytes());
        self.with(|i, d| {
            let v = i.t.ratings.get(key).map_err(|e| StoreError::from_sled(d, e))?;
            Ok(v.map(|v| decode("rating", &v)).transpose()?.unwrap_or_default())
        })
    }

    /// Every rating of a profile, with the game it is for.
    pub fn ratings(&self, profile: ProfileId) -> Result<Vec<(String, SkillRating)>, StoreError> {
        self.with(|i, d| {
            let mut out = Vec::new();
            for kv in i.t.ratings.scan_prefix(profile.to_bytes()) {
                let (k, v) = kv.map_err(|e| StoreError::from_sled(d, e))?;
                let name = String::from_utf8_lossy(k.get(16..).unwrap_or_default()).into_owned();
                out.push((name, decode("rating", &v)?));
            }
            Ok(out)
        })
    }

    /// The AI level to offer this child next in this game.
    pub fn suggested_level(&self, profile: ProfileId, kind: GameKind) -> Result<u8, StoreError> {
        Ok(self.rating(profile, kind)?.suggested_level())
    }
}

/// The name a rating is kept under: one per game, per Go board size and per gomoku rule.
pub fn rating_key(kind: GameKind) -> String {
    match kind {
        GameKind::Xiangqi => "xiangqi".into(),
        GameKind::Chess => "chess".into(),
        GameKind::Go { size } => format!("go{size}"),
        GameKind::Gomoku { rule } => format!("gomoku-{rule:?}").to_lowercase(),
    }
}

/// `profile ‖ start time ‖ id`, so a profile's games scan in time order.
pub(crate) fn game_key(profile: ProfileId, g: &GameRecord) -> Vec<u8> {
    let mut rest = Vec::with_capacity(16);
    // Flip the sign bit so negative times sort before positive ones.
    rest.extend_from_slice(&((g.started.0 as u64) ^ (1 << 63)).to_be_bytes());
    rest.extend_from_slice(&g.id.to_be_bytes());
    profile_key(profile, &rest)
}

/// Removes every key under `prefix` from all `trees` in one transaction, so a crash
/// leaves all of them or none.
pub(crate) fn remove_prefix_atomically(
    trees: &[&sled::Tree],
    prefix: &[u8],
    dir: &Path,
) -> Result<(), StoreError> {
    let mut keys: Vec<Vec<sled::IVec>> = Vec::with_capacity(trees.len());
    for tree in trees {
        let mut these = Vec::new();
        for kv in tree.scan_prefix(prefix) {
            these.push(kv.map_err(|e| StoreError::from_sled(dir, e))?.0);
        }
        keys.push(these);
    }
    trees
        .transaction(|views| {
            for (view, these) in views.iter().zip(&keys) {
                for k in these {
                    view.remove(k.clone())?;
                }
            }
            Ok(())
        })
        .map_err(|e: sled::transaction::TransactionError<()>| match e {
            sled::transaction::TransactionError::Storage(e) => StoreError::from_sled(dir, e),
            sled::transaction::TransactionError::Abort(()) => {
                StoreError::Corrupt { path: dir.to_path_buf(), detail: "removal aborted".into() }
            }
        })
}

/// Decodes every value under `prefix`.
pub(crate) fn scan<T: serde::de::DeserializeOwned>(
    tree: &sled::Tree,
    prefix: &[u8],
    dir: &Path,
    what: &'static str,
) -> Result<Vec<T>, StoreError> {
    let mut out = Vec::new();
    for kv in tree.scan_prefix(prefix) {
        let (_, v) = kv.map_err(|e| StoreError::from_sled(dir, e))?;
        out.push(decode(what, &v)?);
    }
    Ok(out)
}

/// How long open and close wait for another handle on the database to go away.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(3);
const LOCK_POLL: std::time::Duration = std::time::Duration::from_millis(10);

/// Waits until nothing holds sled's lock on the data file (bounded by [`LOCK_WAIT`]).
fn wait_for_release(dir: &Path) {
    let Ok(file) = File::open(dir.join("db")) else { return };
    let start = std::time::Instant::now();
    while start.elapsed() < LOCK_WAIT {
        if file.try_lock().is_ok() {
            let _ = file.unlock();
            return;
        }
        std::thread::sleep(LOCK_POLL);
    }
}

/// sled reports a held lock as an `Other` I/O error with this text.
fn is_lock_error(e: &sled::Error) -> bool {
    matches!(e, sled::Error::Io(io) if io.to_string().contains("could not acquire lock"))
}

/// Opens sled, checks or migrates the schema, and opens the current trees.
fn open_inner(dir: &Path) -> Result<Inner, StoreError> {
    let start = std::time::Instant::now();
    let db = loop {
        match sled_config(dir).open() {
            Ok(db) => break db,
            // Another handle (often this process's previous one, still winding down)
            // holds the lock: wait a little, then say the store is in use.
            Err(e) if is_lock_error(&e) => {
                if start.elapsed() >= LOCK_WAIT {
                    return Err(StoreError::InUse { path: dir.to_path_buf() });
                }
                std::thread::sleep(LOCK_POLL);
            }
            Err(e) => return Err(StoreError::from_sled(dir, e)),
        }
    };
    let meta = db.open_tree("meta").map_err(|e| StoreError::from_sled(dir, e))?;
    schema::check_and_migrate(&db, &meta, dir)?;
    let open = |name: &str| db.open_tree(name).map_err(|e| StoreError::from_sled(dir, e));
    let t = Trees {
        meta,
        profiles: open(schema::PROFILES)?,
        lessons: open(schema::LESSONS)?,
        puzzles: open("puzzles")?,
        games: open("games")?,
        ratings: open("ratings")?,
        memberships: open("memberships")?,
        classes: open("classes")?,
        roster: open("roster")?,
        assignments: open("assignments")?,
        class_students: open("class_students")?,
        class_lessons: open("class_lessons")?,
        class_puzzles: open("class_puzzles")?,
        class_games: open("class_games")?,
        class_junqi_games: open("class_junqi_games")?,
        drafts: open("drafts")?,
        pupil_keys: open("pupil_keys")?,
        practice: open("practice")?,
        class_files: open("class_files")?,
        junqi_games: open("junqi_games")?,
        junqi_setups: open("junqi_setups")?,
    };
    let device = schema::device_id(&t.meta, dir)?;
    let data_file = File::options().read(true).write(true).open(dir.join("db"))?;
    let inner = Inner { db, t, data_file, device };
    inner.sync(dir)?;
    Ok(inner)
}
