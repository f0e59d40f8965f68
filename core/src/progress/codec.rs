//! How values and keys are laid out in the store.
//!
//! Values are JSON (serde_json): objects keyed by field name, so added fields are
//! skipped by older readers and filled by `#[serde(default)]` in newer ones
//! (postcard or bincode would be smaller but break on any added field). Schema v1
//! stored CBOR (ciborium); measured here, ciborium decoded our lesson records about
//! 7× slower than serde_json (≈2.5 µs against ≈0.4 µs each) for 25% fewer bytes, and
//! the class matrix decodes thousands of them, so v2 stores JSON. Class reports stay
//! CBOR, where size matters and speed does not. Keys are big-endian bytes so prefix
//! scans group a profile's or a class's records together.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::StoreError;
use super::ids::{ClassId, ProfileId};

pub(crate) fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Invalid {
        field: "value",
        reason: format!("cannot be encoded: {e}"),
    })
}

pub(crate) fn decode<T: DeserializeOwned>(
    what: &'static str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::BadRecord { what, detail: e.to_string() })
}

/// Reads a value in schema v1's encoding (CBOR), for migrations only.
pub(crate) fn decode_v1<T: DeserializeOwned>(
    what: &'static str,
    bytes: &[u8],
) -> Result<T, StoreError> {
    ciborium::from_reader(bytes).map_err(|e| StoreError::BadRecord { what, detail: e.to_string() })
}

/// `profile ‖ text`: a profile's record named by a lesson or puzzle id.
pub(crate) fn profile_key(p: ProfileId, rest: &[u8]) -> Vec<u8> {
    let mut k = Vec::with_capacity(16 + rest.len());
    k.extend_from_slice(&p.to_bytes());
    k.extend_from_slice(rest);
    k
}

/// `class ‖ rest`.
pub(crate) fn class_key(c: ClassId, rest: &[u8]) -> Vec<u8> {
    let mut k = Vec::with_capacity(4 + rest.len());
    k.extend_from_slice(&c.0.to_be_bytes());
    k.extend_from_slice(rest);
    k
}
