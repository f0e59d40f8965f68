//! Each pupil's own signing key, so one child cannot write a classmate's report.
//!
//! The class key (from the join code) is shared by the whole class: it proves a
//! report was made by an app in the class, not by whom. So every pupil profile also
//! holds an Ed25519 key pair, made on first use and kept in the pupil's store. The
//! public half travels with every report; the teacher's store pins it the first time
//! it hears from that pupil (trust on first use) and from then on refuses reports for
//! the pupil that another key signed, or that no key signed.

use std::fmt;

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

use super::codec::{decode, encode};
use super::error::{ReportError, StoreError};
use super::ids::{ProfileId, fill_random};
use super::store::ProgressStore;

/// Bytes of a public key and of a signature in a report.
pub const PUBLIC_KEY_LEN: usize = 32;
pub const SIGNATURE_LEN: usize = 64;

/// The public half of a pupil's key: what reports carry and the teacher pins.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PupilPublicKey(pub [u8; PUBLIC_KEY_LEN]);

impl PupilPublicKey {
    /// A short fingerprint a teacher can compare by eye: the first 8 bytes in hex.
    pub fn fingerprint(&self) -> String {
        self.0.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }

    /// Checks `signature` over `message`. Weak or malformed keys and signatures fail.
    pub(crate) fn verify(
        &self,
        message: &[u8],
        signature: &[u8; SIGNATURE_LEN],
    ) -> Result<(), ReportError> {
        let key = VerifyingKey::from_bytes(&self.0).map_err(|_| {
            ReportError::Malformed("the pupil's public key is not a valid key".into())
        })?;
        let sig = Signature::from_bytes(signature);
        key.verify_strict(message, &sig).map_err(|_| ReportError::Tampered)
    }
}

impl fmt::Debug for PupilPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PupilPublicKey({})", self.fingerprint())
    }
}

impl fmt::Display for PupilPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fingerprint())
    }
}

/// A pupil's secret signing key. Its `Debug` never shows the secret.
#[derive(Clone)]
pub struct PupilKey(SigningKey);

impl PupilKey {
    /// A fresh key from the operating system's random source.
    pub fn random() -> Result<PupilKey, std::io::Error> {
        let mut seed = [0u8; 32];
        fill_random(&mut seed)?;
        Ok(PupilKey::from_seed(seed))
    }

    /// The key made from a 32-byte secret seed (for stores and tests).
    pub fn from_seed(seed: [u8; 32]) -> PupilKey {
        PupilKey(SigningKey::from_bytes(&seed))
    }

    pub fn public(&self) -> PupilPublicKey {
        PupilPublicKey(self.0.verifying_key().to_bytes())
    }

    pub(crate) fn sign(&self, message: &[u8]) -> [u8; SIGNATURE_LEN] {
        self.0.sign(message).to_bytes()
    }
}

impl fmt::Debug for PupilKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PupilKey(public {})", self.public().fingerprint())
    }
}

/// How a pupil's secret is kept in their store.
#[derive(Serialize, Deserialize)]
struct StoredKey {
    seed: [u8; 32],
}

impl ProgressStore {
    /// The signing key of a pupil profile on this device, made and saved on first use.
    pub fn pupil_key(&self, profile: ProfileId) -> Result<PupilKey, StoreError> {
        self.profile(profile)?;
        self.with(|i, d| {
            let key = profile.to_bytes();
            if let Some(v) = i.t.pupil_keys.get(key).map_err(|e| StoreError::from_sled(d, e))? {
                let stored: StoredKey = decode("pupil key", &v)?;
                return Ok(PupilKey::from_seed(stored.seed));
            }
            let fresh = PupilKey::random().map_err(StoreError::from_io)?;
            let stored = StoredKey { seed: fresh.0.to_bytes() };
            i.t.pupil_keys
                .insert(key, encode(&stored)?)
                .map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)?;
            Ok(fresh)
        })
    }
}
