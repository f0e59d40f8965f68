//! What the app needs to pick up where it left off: per-profile drafts (a lesson or a
//! game in progress, saved after every move so closing the app loses nothing) and the
//! device's settings.
//!
//! Drafts are opaque bytes to the store: the lesson runner and the game session own
//! their formats (both serde JSON) and check them when they resume.

use serde::{Deserialize, Serialize};

use super::codec::{decode, encode, profile_key};
use super::error::StoreError;
use super::ids::ProfileId;
use super::records::check_text;
use super::store::ProgressStore;

/// Largest draft the store accepts. A lesson run or a 1,000-move game is far smaller.
pub const MAX_DRAFT_BYTES: usize = 64 * 1024;

/// Key of the settings record in the meta tree.
const SETTINGS_KEY: &[u8] = b"device-settings";

/// How pieces are labelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PieceStyle {
    /// The traditional characters: 帥 仕 相 俥 傌 炮 兵.
    #[default]
    Characters,
    /// Latin letters (K A E R H C P), for players who do not read Chinese yet.
    Letters,
}

/// Settings that belong to the device rather than to one child.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceSettings {
    /// `None` follows the system's language; otherwise a BCP 47 tag such as `zh-CN`.
    #[serde(default)]
    pub language: Option<String>,
    #[serde(default = "yes")]
    pub sound: bool,
    #[serde(default)]
    pub piece_style: PieceStyle,
    /// The profile that used the app last, to offer it first.
    #[serde(default)]
    pub last_profile: Option<ProfileId>,
    /// Files and ranks written around the board (九…一, a–h, 1–19). Settings saved
    /// before this field existed read as `true`.
    #[serde(default = "yes")]
    pub show_coordinates: bool,
    /// Chess drawn with the standard figures (♔ ♕ ♖); `false` draws character discs
    /// (王 后 车) for children who know xiangqi. Settings saved before this field
    /// existed read as `true`.
    #[serde(default = "yes")]
    pub chess_figures: bool,
}

fn yes() -> bool {
    true
}

impl Default for DeviceSettings {
    fn default() -> Self {
        DeviceSettings {
            language: None,
            sound: true,
            piece_style: PieceStyle::Characters,
            last_profile: None,
            show_coordinates: true,
            chess_figures: true,
        }
    }
}

impl ProgressStore {
    /// Stores `value` as the profile's draft in `slot` (e.g. `lesson` or `game:xiangqi`),
    /// replacing what was there; durable when this returns.
    pub fn save_draft(
        &self,
        profile: ProfileId,
        slot: &str,
        value: &[u8],
    ) -> Result<(), StoreError> {
        check_text("draft slot", slot, false)?;
        if value.len() > MAX_DRAFT_BYTES {
            return Err(StoreError::Invalid {
                field: "draft",
                reason: format!("is {} bytes, at most {MAX_DRAFT_BYTES} allowed", value.len()),
            });
        }
        self.profile(profile)?;
        let key = profile_key(profile, slot.as_bytes());
        self.with(|i, d| {
            i.t.drafts.insert(key, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    /// The profile's draft in `slot`, if there is one.
    pub fn draft(&self, profile: ProfileId, slot: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let key = profile_key(profile, slot.as_bytes());
        self.with(|i, d| {
            let v = i.t.drafts.get(key).map_err(|e| StoreError::from_sled(d, e))?;
            Ok(v.map(|v| v.to_vec()))
        })
    }

    /// Forgets the draft in `slot` (the lesson or game was finished or abandoned).
    pub fn clear_draft(&self, profile: ProfileId, slot: &str) -> Result<(), StoreError> {
        let key = profile_key(profile, slot.as_bytes());
        self.with(|i, d| {
            i.t.drafts.remove(key).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    /// The device settings; the defaults until some were saved.
    pub fn settings(&self) -> Result<DeviceSettings, StoreError> {
        self.with(|i, d| {
            let v = i.t.meta.get(SETTINGS_KEY).map_err(|e| StoreError::from_sled(d, e))?;
            v.map(|v| decode("device settings", &v)).transpose().map(Option::unwrap_or_default)
        })
    }

    /// Saves the device settings; durable when this returns.
    pub fn save_settings(&self, settings: &DeviceSettings) -> Result<(), StoreError> {
        if let Some(lang) = &settings.language {
            check_text("language", lang, false)?;
        }
        let value = encode(settings)?;
        self.with(|i, d| {
            i.t.meta.insert(SETTINGS_KEY, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_stored_before_coordinates_existed_show_them() {
        let old = br#"{"language":"en","sound":false,"piece_style":"Letters","last_profile":null}"#;
        let s: DeviceSettings = decode("settings", old).unwrap();
        assert!(s.show_coordinates);
        assert!(s.chess_figures, "chess keeps its figures unless the child asks for discs");
        assert_eq!(s.piece_style, PieceStyle::Letters);
        assert!(!s.sound);
        let off = DeviceSettings { show_coordinates: false, ..DeviceSettings::default() };
        let back: DeviceSettings = decode("settings", &encode(&off).unwrap()).unwrap();
        assert_eq!(back, off);
    }
}
