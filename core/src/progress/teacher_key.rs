//! The teacher's own signing key, so a pupil who holds the class key cannot write the
//! class's homework.
//!
//! The class key travels in the join code, so every pupil holds it: a file checked
//! only with it proves it was made in the class, not by whom. So the teacher's store
//! also holds an Ed25519 key pair, made on first use and kept in the store. It signs
//! every class file (format 2). Its public half travels with the class: the typed join
//! code (36 symbols) carries a 60-bit fingerprint of it, the QR code the whole key. A
//! pupil who joins with such a code pins it ([`TeacherKeyPin`]) and from then on takes
//! only class files that key signed; a pin made from a typed fingerprint becomes the
//! whole key with the first class file that matches it.

use std::fmt;

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::codec::{decode, encode};
use super::error::StoreError;
use super::ids::{ClassId, JoinCode, base32_encode, fill_random};
use super::pupil_key::{PUBLIC_KEY_LEN, SIGNATURE_LEN};
use super::store::ProgressStore;

/// Key of the teacher's key in the meta tree.
const TEACHER_KEY: &[u8] = b"teacher-key";
/// Bits of a teacher key's fingerprint in a typed join code.
pub const FINGERPRINT_BITS: u32 = 60;

/// The public half of a teacher's key: what class files carry and pupils pin.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeacherPublicKey(pub [u8; PUBLIC_KEY_LEN]);

impl TeacherPublicKey {
    /// The 60-bit fingerprint a typed join code carries.
    pub fn fingerprint(&self) -> TeacherFingerprint {
        let mut h = Sha256::new();
        h.update(b"qike teacher key");
        h.update(self.0);
        let d = h.finalize();
        let mut top = [0u8; 8];
        top.copy_from_slice(&d[..8]);
        TeacherFingerprint(u64::from_be_bytes(top) >> (64 - FINGERPRINT_BITS))
    }

    /// Whether the bytes are a usable Ed25519 public key.
    pub fn is_valid(&self) -> bool {
        VerifyingKey::from_bytes(&self.0).is_ok_and(|k| !k.is_weak())
    }

    /// Checks `signature` over `message`; weak or malformed keys and signatures fail.
    pub(crate) fn verifies(&self, message: &[u8], signature: &[u8; SIGNATURE_LEN]) -> bool {
        let Ok(key) = VerifyingKey::from_bytes(&self.0) else { return false };
        key.verify_strict(message, &Signature::from_bytes(signature)).is_ok()
    }

    /// The key as join-code symbols (52 of them), as the QR code carries it.
    pub fn to_symbols(&self) -> String {
        base32_encode(&self.0)
    }
}

impl fmt::Debug for TeacherPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TeacherPublicKey({})", self.fingerprint())
    }
}

impl fmt::Display for TeacherPublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.fingerprint(), f)
    }
}

/// The first 60 bits of SHA-256 over `"qike teacher key" | public key`: what a typed
/// join code carries of the teacher's key. Shown as three groups of four symbols, for
/// a teacher and a pupil to compare by eye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TeacherFingerprint(pub u64);

impl fmt::Display for TeacherFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = base32_encode(&(self.0 << 4).to_be_bytes()[..8]);
        let text = text.get(..12).unwrap_or(&text);
        let groups: Vec<&str> = [0, 4, 8].iter().filter_map(|&i| text.get(i..i + 4)).collect();
        f.write_str(&groups.join("-"))
    }
}

/// What a pupil's device knows of their teacher's key, from the join code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeacherKeyPin {
    /// The whole key (from the QR code, or from a class file that matched the
    /// fingerprint).
    Key(TeacherPublicKey),
    /// Only the fingerprint (from a typed code): the first class file signed by a key
    /// with this fingerprint brings the whole key.
    Fingerprint(TeacherFingerprint),
}

impl TeacherKeyPin {
    pub fn fingerprint(&self) -> TeacherFingerprint {
        match self {
            TeacherKeyPin::Key(k) => k.fingerprint(),
            TeacherKeyPin::Fingerprint(f) => *f,
        }
    }

    /// Whether a class file signed by `key` may be taken under this pin.
    pub fn admits(&self, key: &TeacherPublicKey) -> bool {
        match self {
            TeacherKeyPin::Key(k) => k == key,
            TeacherKeyPin::Fingerprint(f) => key.fingerprint() == *f,
        }
    }
}

/// A teacher's secret signing key. Its `Debug` never shows the secret.
#[derive(Clone)]
pub struct TeacherKey(SigningKey);

impl TeacherKey {
    /// A fresh key from the operating system's random source.
    pub fn random() -> Result<TeacherKey, std::io::Error> {
        let mut seed = [0u8; 32];
        fill_random(&mut seed)?;
        Ok(TeacherKey::from_seed(seed))
    }

    /// The key made from a 32-byte secret seed (for stores and tests).
    pub fn from_seed(seed: [u8; 32]) -> TeacherKey {
        TeacherKey(SigningKey::from_bytes(&seed))
    }

    pub fn public(&self) -> TeacherPublicKey {
        TeacherPublicKey(self.0.verifying_key().to_bytes())
    }

    pub(crate) fn sign(&self, message: &[u8]) -> [u8; SIGNATURE_LEN] {
        self.0.sign(message).to_bytes()
    }
}

impl fmt::Debug for TeacherKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TeacherKey(public {})", self.public().fingerprint())
    }
}

/// How the teacher's secret is kept in their store.
#[derive(Serialize, Deserialize)]
struct StoredKey {
    seed: [u8; 32],
}

impl ProgressStore {
    /// The teacher's key on this device, if one was made.
    pub(crate) fn stored_teacher_key(&self) -> Result<Option<TeacherKey>, StoreError> {
        self.with(|i, d| {
            let v = i.t.meta.get(TEACHER_KEY).map_err(|e| StoreError::from_sled(d, e))?;
            let stored: Option<StoredKey> = v.map(|v| decode("teacher key", &v)).transpose()?;
            Ok(stored.map(|s| TeacherKey::from_seed(s.seed)))
        })
    }

    /// The teacher's signing key on this device, made and saved on first use. Every
    /// class this device teaches signs its class files with it.
    pub fn teacher_key(&self) -> Result<TeacherKey, StoreError> {
        if let Some(k) = self.stored_teacher_key()? {
            return Ok(k);
        }
        let fresh = TeacherKey::random().map_err(StoreError::from_io)?;
        let value = encode(&StoredKey { seed: fresh.0.to_bytes() })?;
        self.with(|i, d| {
            // Two first uses at once keep the one saved first.
            let _ =
                i.t.meta
                    .compare_and_swap(TEACHER_KEY, None as Option<&[u8]>, Some(value))
                    .map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })?;
        self.stored_teacher_key()?.ok_or_else(|| StoreError::BadRecord {
            what: "teacher key",
            detail: "it was saved but cannot be read back".into(),
        })
    }

    /// The join code of a class this device teaches, carrying the teacher's key (made
    /// on first use): what the class page shows as text and as a QR code.
    pub fn class_join_code(&self, class: ClassId) -> Result<JoinCode, StoreError> {
        let c = self.class(class)?;
        let key = self.teacher_key()?.public();
        Ok(JoinCode { class: c.id, key: c.key, teacher: Some(TeacherKeyPin::Key(key)) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_admits_its_key_only_and_reads_in_three_groups() {
        let a = TeacherKey::from_seed([1; 32]).public();
        let b = TeacherKey::from_seed([2; 32]).public();
        assert!(a.fingerprint().0 < 1 << FINGERPRINT_BITS);
        assert!(TeacherKeyPin::Fingerprint(a.fingerprint()).admits(&a));
        assert!(!TeacherKeyPin::Fingerprint(a.fingerprint()).admits(&b));
        assert!(TeacherKeyPin::Key(a).admits(&a) && !TeacherKeyPin::Key(a).admits(&b));
        let shown = a.fingerprint().to_string();
        assert_eq!(shown.len(), 14, "{shown}");
        assert_eq!(shown.matches('-').count(), 2);
        assert!(a.is_valid());
    }

    #[test]
    fn the_store_keeps_one_teacher_key() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        assert!(s.stored_teacher_key().unwrap().is_none());
        let first = s.teacher_key().unwrap().public();
        assert_eq!(s.teacher_key().unwrap().public(), first);
        drop(s);
        let s = ProgressStore::open(dir.path()).unwrap();
        assert_eq!(s.teacher_key().unwrap().public(), first);
    }
}
