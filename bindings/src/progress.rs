//! The progress store on the device: profiles, settings, drafts, lesson results, game
//! records and the suggested level. Ids cross the FFI as text (a profile id is 32 hex
//! digits), and a text that is not an id is a `BadProfileId` error.

use qike_core::progress::{
    self, GameRecord, LessonAttempt, LessonRecord, LessonStatus, NewProfile, PieceStyle,
    PlayerResult, ProfileId, Role, SkillRating, Timestamp,
};
use qike_core::{GameKind, Outcome, Side};

use crate::error::StoreError;

uniffi::custom_type!(Timestamp, i64, {
    remote,
    lower: |t| t.0,
    try_lift: |ms| Ok(Timestamp(ms)),
});

#[uniffi::remote(Enum)]
pub enum Role {
    Student,
    Teacher,
}

#[uniffi::remote(Enum)]
pub enum PieceStyle {
    Characters,
    Letters,
}

#[uniffi::remote(Enum)]
pub enum LessonStatus {
    NotStarted,
    InProgress,
    Completed,
}

#[uniffi::remote(Enum)]
pub enum PlayerResult {
    Won,
    Drew,
    Lost,
    Unfinished,
}

#[uniffi::remote(Record)]
pub struct NewProfile {
    pub display_name: String,
    pub avatar: String,
    pub language: String,
    pub role: Role,
}

#[uniffi::remote(Record)]
pub struct LessonAttempt {
    pub lesson_id: String,
    pub content_version: u32,
    pub completed: bool,
    pub stars: u8,
    pub mistakes: u32,
    pub hints: u32,
    pub time_ms: u64,
    pub at: Timestamp,
}

#[uniffi::remote(Record)]
pub struct LessonRecord {
    pub lesson_id: String,
    pub status: LessonStatus,
    pub best_stars: u8,
    pub attempts: u32,
    pub mistakes: u32,
    pub hints: u32,
    pub time_ms: u64,
    pub first_completed: Option<Timestamp>,
    pub last_completed: Option<Timestamp>,
    pub last_activity: Timestamp,
    pub content_version: u32,
}

#[uniffi::remote(Record)]
pub struct GameRecord {
    pub id: u64,
    pub kind: GameKind,
    pub ai_level: Option<u8>,
    pub side: Side,
    pub outcome: Option<Outcome>,
    pub moves: Vec<String>,
    pub started: Timestamp,
    pub ended: Timestamp,
}

#[uniffi::remote(Record)]
pub struct SkillRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

/// One person on this device; `id` is 32 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Profile {
    pub id: String,
    pub display_name: String,
    pub avatar: String,
    pub language: String,
    pub role: Role,
    pub created: Timestamp,
}

impl From<progress::Profile> for Profile {
    fn from(p: progress::Profile) -> Self {
        Profile {
            id: p.id.to_string(),
            display_name: p.display_name,
            avatar: p.avatar,
            language: p.language,
            role: p.role,
            created: p.created,
        }
    }
}

/// Settings that belong to the device rather than to one child.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct DeviceSettings {
    /// `None` follows the system's language; otherwise a tag such as `zh-CN`.
    pub language: Option<String>,
    pub sound: bool,
    pub piece_style: PieceStyle,
    /// The profile that used the app last (its id), to offer it first.
    pub last_profile: Option<String>,
    pub show_coordinates: bool,
    /// Chess in the standard figures; `false` for character discs.
    #[uniffi(default = true)]
    pub chess_figures: bool,
}

/// A profile id from its text form: exactly 32 hex digits, as ids are handed out.
pub(crate) fn profile_id(text: &str) -> Result<ProfileId, StoreError> {
    let digits = text.trim();
    let bad = || StoreError::BadProfileId(format!("'{text}' is not a profile id (32 hex digits)"));
    if digits.len() != 32 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    digits.parse().map_err(|_| bad())
}

/// The progress store: one folder on the device, durable after every call.
#[derive(Debug, uniffi::Object)]
pub struct ProgressStore {
    inner: progress::ProgressStore,
}

impl ProgressStore {
    pub(crate) fn inner(&self) -> &progress::ProgressStore {
        &self.inner
    }
}

#[uniffi::export]
impl ProgressStore {
    /// Opens (or creates) the store in the folder `path`.
    #[uniffi::constructor]
    pub fn open(path: String) -> Result<Self, StoreError> {
        if std::path::Path::new(&path).is_file() {
            return Err(StoreError::NotAFolder(format!(
                "'{path}' is a file; a store is kept in a folder: give a folder's path (it is made when missing)"
            )));
        }
        Ok(ProgressStore { inner: progress::ProgressStore::open(path)? })
    }

    /// Flushes and closes the store; later calls answer a `Store` error. (Not `close`:
    /// Kotlin objects already have one, which frees the object.)
    pub fn close_store(&self) -> Result<(), StoreError> {
        Ok(self.inner.close()?)
    }

    pub fn create_profile(&self, profile: NewProfile) -> Result<Profile, StoreError> {
        Ok(self.inner.create_profile(profile, Timestamp::now())?.into())
    }

    pub fn profile(&self, id: String) -> Result<Profile, StoreError> {
        Ok(self.inner.profile(profile_id(&id)?)?.into())
    }

    pub fn profiles(&self) -> Result<Vec<Profile>, StoreError> {
        Ok(self.inner.profiles()?.into_iter().map(Profile::from).collect())
    }

    /// Changes a profile's name, avatar, language or role.
    pub fn update_profile(&self, profile: Profile) -> Result<(), StoreError> {
        let p = progress::Profile {
            id: profile_id(&profile.id)?,
            display_name: profile.display_name,
            avatar: profile.avatar,
            language: profile.language,
            role: profile.role,
            created: profile.created,
        };
        Ok(self.inner.update_profile(&p)?)
    }

    /// Deletes a profile and everything recorded for it.
    pub fn delete_profile(&self, id: String) -> Result<(), StoreError> {
        Ok(self.inner.delete_profile(profile_id(&id)?)?)
    }

    pub fn settings(&self) -> Result<DeviceSettings, StoreError> {
        let s = self.inner.settings()?;
        Ok(DeviceSettings {
            language: s.language,
            sound: s.sound,
            piece_style: s.piece_style,
            last_profile: s.last_profile.map(|p| p.to_string()),
            show_coordinates: s.show_coordinates,
            chess_figures: s.chess_figures,
        })
    }

    pub fn save_settings(&self, settings: DeviceSettings) -> Result<(), StoreError> {
        let s = progress::DeviceSettings {
            language: settings.language,
            sound: settings.sound,
            piece_style: settings.piece_style,
            last_profile: settings.last_profile.as_deref().map(profile_id).transpose()?,
            show_coordinates: settings.show_coordinates,
            chess_figures: settings.chess_figures,
        };
        Ok(self.inner.save_settings(&s)?)
    }

    /// Keeps `value` (e.g. a session's `save_bytes`) as the profile's draft in `slot`.
    pub fn save_draft(
        &self,
        profile: String,
        slot: String,
        value: Vec<u8>,
    ) -> Result<(), StoreError> {
        Ok(self.inner.save_draft(profile_id(&profile)?, &slot, &value)?)
    }

    pub fn draft(&self, profile: String, slot: String) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.inner.draft(profile_id(&profile)?, &slot)?)
    }

    pub fn clear_draft(&self, profile: String, slot: String) -> Result<(), StoreError> {
        Ok(self.inner.clear_draft(profile_id(&profile)?, &slot)?)
    }

    /// Adds one go at a lesson; the lesson's record after it.
    pub fn record_lesson(
        &self,
        profile: String,
        attempt: LessonAttempt,
    ) -> Result<LessonRecord, StoreError> {
        Ok(self.inner.record_lesson(profile_id(&profile)?, &attempt)?)
    }

    pub fn lesson_records(&self, profile: String) -> Result<Vec<LessonRecord>, StoreError> {
        Ok(self.inner.lesson_records(profile_id(&profile)?)?)
    }

    /// Saves a game (from `Session::record`); a finished game against a level updates
    /// the child's rating for that game, which is returned.
    pub fn record_game(
        &self,
        profile: String,
        game: GameRecord,
    ) -> Result<Option<SkillRating>, StoreError> {
        Ok(self.inner.record_game(profile_id(&profile)?, &game)?)
    }

    pub fn games(&self, profile: String) -> Result<Vec<GameRecord>, StoreError> {
        Ok(self.inner.games(profile_id(&profile)?)?)
    }

    /// The level to offer this child next in this game.
    pub fn suggested_level(&self, profile: String, kind: GameKind) -> Result<u8, StoreError> {
        Ok(self.inner.suggested_level(profile_id(&profile)?, kind)?)
    }
}
