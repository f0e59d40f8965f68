//! Schema versions and the migrations between them.
//!
//! - v1 (first release): values were CBOR; `profiles` held `{id, name, avatar, created}`; lesson
//!   records lived in the tree `lessons` under text keys `"<profile hex>/<lesson id>"`
//!   as `{lesson, stars, attempts, completed_at, time_ms}`.
//! - v2 (current): values are JSON (see `codec.rs` for why); profiles gained
//!   language and role (`name` became
//!   `display_name`); lesson records moved to `lesson_records` under binary
//!   `profile ‖ lesson id` keys with the full [`LessonRecord`].
//!
//! A migration writes the new data and the new version number in one transaction,
//! so a crash leaves either the old schema or the new one, never a mix.

use std::path::Path;

use serde::{Deserialize, Serialize};
use sled::Transactional;

use super::codec::{decode_v1, encode, profile_key};
use super::error::StoreError;
use super::ids::{DeviceId, ProfileId};
use super::records::{LessonRecord, LessonStatus, Profile, Role, default_language};
use crate::time::Timestamp;

pub const CURRENT_VERSION: u32 = 2;
const VERSION_KEY: &[u8] = b"schema_version";
const DEVICE_KEY: &[u8] = b"device_id";
pub(crate) const PROFILES: &str = "profiles";
pub(crate) const LESSONS: &str = "lesson_records";
const V1_LESSONS: &str = "lessons";

/// A v1 profile, kept only to migrate it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct ProfileV1 {
    pub id: ProfileId,
    pub name: String,
    pub avatar: String,
    pub created: i64,
}

/// A v1 lesson record, kept only to migrate it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct LessonV1 {
    pub lesson: String,
    pub stars: u8,
    pub attempts: u32,
    pub completed_at: Option<i64>,
    pub time_ms: u64,
}

pub(crate) fn read_version(meta: &sled::Tree, dir: &Path) -> Result<Option<u32>, StoreError> {
    let v = meta.get(VERSION_KEY).map_err(|e| StoreError::from_sled(dir, e))?;
    match v {
        None => Ok(None),
        Some(v) => {
            let bytes: [u8; 4] = v.as_ref().try_into().map_err(|_| StoreError::Corrupt {
                path: dir.to_path_buf(),
                detail: format!("the schema version is {} bytes, not 4", v.len()),
            })?;
            Ok(Some(u32::from_be_bytes(bytes)))
        }
    }
}

/// Brings the database to [`CURRENT_VERSION`], or says why it cannot.
pub(crate) fn check_and_migrate(
    db: &sled::Db,
    meta: &sled::Tree,
    dir: &Path,
) -> Result<(), StoreError> {
    let sled_err = |e| StoreError::from_sled(dir, e);
    match read_version(meta, dir)? {
        None => {
            // A new database has only sled's default tree and our empty meta tree.
            let has_data = db
                .tree_names()
                .iter()
                .any(|n| n.as_ref() != b"__sled__default" && n.as_ref() != b"meta")
                || !meta.is_empty();
            if has_data {
                return Err(StoreError::Corrupt {
                    path: dir.to_path_buf(),
                    detail: "it holds data but no schema version".into(),
                });
            }
            meta.insert(VERSION_KEY, &CURRENT_VERSION.to_be_bytes()).map_err(sled_err)?;
        }
        Some(v) if v > CURRENT_VERSION => {
            return Err(StoreError::FutureSchema { found: v, supported: CURRENT_VERSION });
        }
        Some(0) => {
            return Err(StoreError::Corrupt {
                path: dir.to_path_buf(),
                detail: "schema version 0 does not exist".into(),
            });
        }
        Some(1) => migrate_v1_to_v2(db, meta, dir)?,
        Some(_) => {}
    }
    // A crash after the v1→v2 transaction but before the old tree was dropped
    // leaves it behind; it is no longer read, so drop it now.
    if db.tree_names().iter().any(|n| n.as_ref() == V1_LESSONS.as_bytes()) {
        db.drop_tree(V1_LESSONS).map_err(sled_err)?;
    }
    Ok(())
}

fn migrate_v1_to_v2(db: &sled::Db, meta: &sled::Tree, dir: &Path) -> Result<(), StoreError> {
    let sled_err = |e| StoreError::from_sled(dir, e);
    let profiles = db.open_tree(PROFILES).map_err(sled_err)?;
    let old_lessons = db.open_tree(V1_LESSONS).map_err(sled_err)?;
    let lessons = db.open_tree(LESSONS).map_err(sled_err)?;

    let mut new_profiles = Vec::new();
    for kv in profiles.iter() {
        let (k, v) = kv.map_err(sled_err)?;
        let old: ProfileV1 = decode_v1("v1 profile", &v)?;
        let p = Profile {
            id: old.id,
            display_name: old.name,
            avatar: old.avatar,
            language: default_language(),
            role: Role::Student,
            created: Timestamp(old.created),
        };
        new_profiles.push((k.to_vec(), encode(&p)?));
    }
    let mut new_lessons = Vec::new();
    for kv in old_lessons.iter() {
        let (k, v) = kv.map_err(sled_err)?;
        let old: LessonV1 = decode_v1("v1 lesson record", &v)?;
        let key = String::from_utf8_lossy(&k).into_owned();
        let (hex, _) = key.split_once('/').ok_or_else(|| StoreError::BadRecord {
            what: "v1 lesson key",
            detail: format!("'{key}' has no '/'"),
        })?;
        let profile: ProfileId = hex.parse().map_err(|_| StoreError::BadRecord {
            what: "v1 lesson key",
            detail: format!("'{hex}' is not a profile id"),
        })?;
        let completed = old.completed_at.map(Timestamp);
        let rec = LessonRecord {
            lesson_id: old.lesson.clone(),
            status: if completed.is_some() {
                LessonStatus::Completed
            } else if old.attempts > 0 {
                LessonStatus::InProgress
            } else {
                LessonStatus::NotStarted
            },
            best_stars: old.stars.min(3),
            attempts: old.attempts,
            mistakes: 0,
            hints: 0,
            time_ms: old.time_ms,
            first_completed: completed,
            last_completed: completed,
            last_activity: completed.unwrap_or(Timestamp(i64::MIN)),
            content_version: 1,
        };
        new_lessons.push((profile_key(profile, old.lesson.as_bytes()), encode(&rec)?));
    }
    (&profiles, &lessons, meta)
        .transaction(|(p, l, m)| {
            for (k, v) in &new_profiles {
                p.insert(k.as_slice(), v.as_slice())?;
            }
            for (k, v) in &new_lessons {
                l.insert(k.as_slice(), v.as_slice())?;
            }
            m.insert(VERSION_KEY, &2u32.to_be_bytes())?;
            Ok(())
        })
        .map_err(|e: sled::transaction::TransactionError<()>| match e {
            sled::transaction::TransactionError::Storage(e) => StoreError::from_sled(dir, e),
            sled::transaction::TransactionError::Abort(()) => {
                StoreError::Corrupt { path: dir.to_path_buf(), detail: "migration aborted".into() }
            }
        })?;
    db.flush().map_err(sled_err)?;
    Ok(())
}

/// This device's id, made on first open.
pub(crate) fn device_id(meta: &sled::Tree, dir: &Path) -> Result<DeviceId, StoreError> {
    if let Some(v) = meta.get(DEVICE_KEY).map_err(|e| StoreError::from_sled(dir, e))? {
        let bytes: [u8; 16] = v.as_ref().try_into().map_err(|_| StoreError::Corrupt {
            path: dir.to_path_buf(),
            detail: "the device id is damaged".into(),
        })?;
        return Ok(DeviceId(u128::from_be_bytes(bytes)));
    }
    let id = DeviceId::random().map_err(StoreError::from_io)?;
    meta.insert(DEVICE_KEY, &id.to_bytes()).map_err(|e| StoreError::from_sled(dir, e))?;
    Ok(id)
}
