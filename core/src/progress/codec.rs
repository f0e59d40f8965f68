//! How values and keys are laid out in the store.
//!
//! Values are CBOR (RFC 8949, via ciborium): compact binary, but self-describing
//! maps keyed by field name, so added fields are skipped by older readers and filled
//! by `#[serde(default)]` in newer ones. (postcard or bincode would be smaller but
//! break on any added field.) Keys are big-endian bytes so prefix scans group a
//! profile's or a class's records together.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::StoreError;
use super::ids::{ClassId, ProfileId};

pub(crate) fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    let mut out = Vec::with_capacity(128);
    ciborium::into_writer(value, &mut out).map_err(|e| StoreError::Invalid {
        field: "value",
        reason: format!("cannot be encoded: {e}"),
    })?;
    Ok(out)
}

pub(crate) fn decode<T: DeserializeOwned>(
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
