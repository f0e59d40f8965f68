//! The lock on teacher mode: a PIN the teacher sets on first entry, kept only as a
//! salted PBKDF2-HMAC-SHA256 hash, and a recovery code shown once when the PIN is set
//! (kept hashed the same way). A teacher who forgets the PIN types the recovery code
//! and sets a new PIN; a child who never saw the code has no way in. After
//! [`FREE_PIN_TRIES`] wrong PINs in a row each further try waits, longer every time, so
//! a child cannot try PINs one after another until one opens.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::codec::{decode, encode};
use super::error::StoreError;
use super::ids::{base32_encode, fill_random};
use super::store::ProgressStore;
use crate::time::Timestamp;

/// Key of the lock's record in the meta tree.
const LOCK_KEY: &[u8] = b"teacher-lock";
/// PBKDF2 rounds: slow enough that trying every 6-digit PIN from a copied store takes
/// hours on a phone, quick enough for one check.
const ROUNDS: u32 = 20_000;
/// Shortest and longest PIN, in digits.
pub const PIN_DIGITS: (usize, usize) = (4, 8);
/// Key of the count of wrong PINs since the last right one.
const TRIES_KEY: &[u8] = b"teacher-lock-tries";
/// Wrong PINs in a row allowed before each further try has to wait.
pub const FREE_PIN_TRIES: u32 = 5;
/// The wait after the first wrong PIN past the free ones, in milliseconds; it doubles
/// with each further wrong PIN, up to [`LONGEST_PIN_WAIT_MS`].
const FIRST_PIN_WAIT_MS: i64 = 30_000;
/// The longest wait between two tries: an hour.
const LONGEST_PIN_WAIT_MS: i64 = 3_600_000;

/// Wrong PINs in a row and until when the next try must wait.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Tries {
    wrong: u32,
    wait_until: Timestamp,
}

/// What a typed PIN did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinCheck {
    /// The PIN is right: teacher mode opens (and the count of wrong tries is cleared).
    Open,
    /// The PIN is wrong (or none is set yet). `free_tries_left` more wrong PINs may be
    /// typed without waiting; when it is 0, `wait_until` says when the next try is
    /// taken.
    Wrong { free_tries_left: u32, wait_until: Option<Timestamp> },
    /// Too many wrong PINs: nothing is checked before `until`. The caller shows the
    /// wait and offers the recovery code.
    Wait { until: Timestamp },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Hashed {
    salt: [u8; 16],
    hash: [u8; 32],
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct TeacherLock {
    pin: Hashed,
    recovery: Hashed,
}

/// PBKDF2-HMAC-SHA256 (RFC 8018) for one 32-byte block.
fn pbkdf2(secret: &[u8], salt: &[u8], rounds: u32) -> [u8; 32] {
    let mac = || Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    let mut m = mac();
    m.update(salt);
    m.update(&1u32.to_be_bytes());
    let mut u: [u8; 32] = m.finalize().into_bytes().into();
    let mut out = u;
    for _ in 1..rounds {
        let mut m = mac();
        m.update(&u);
        u = m.finalize().into_bytes().into();
        for (o, x) in out.iter_mut().zip(u) {
            *o ^= x;
        }
    }
    out
}

fn hashed(secret: &str) -> Result<Hashed, StoreError> {
    let mut salt = [0u8; 16];
    fill_random(&mut salt).map_err(StoreError::from_io)?;
    Ok(Hashed { salt, hash: pbkdf2(secret.as_bytes(), &salt, ROUNDS) })
}

fn matches(h: &Hashed, secret: &str) -> bool {
    let got = pbkdf2(secret.as_bytes(), &h.salt, ROUNDS);
    // Compared in full whatever differs first.
    got.iter().zip(h.hash).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

fn check_pin(pin: &str) -> Result<(), StoreError> {
    let n = pin.chars().count();
    if !pin.chars().all(|c| c.is_ascii_digit()) || n < PIN_DIGITS.0 || n > PIN_DIGITS.1 {
        return Err(StoreError::Invalid {
            field: "teacher PIN",
            reason: format!("{n} characters; {} to {} digits needed", PIN_DIGITS.0, PIN_DIGITS.1),
        });
    }
    Ok(())
}

/// A recovery code as people read it: groups of four letters and digits.
fn new_recovery_code() -> Result<String, StoreError> {
    let mut b = [0u8; 10];
    fill_random(&mut b).map_err(StoreError::from_io)?;
    let text = base32_encode(&b);
    let groups: Vec<String> =
        text.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect();
    Ok(groups.join("-"))
}

/// A typed recovery code without its dashes and spaces, in capitals.
fn normal_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

impl ProgressStore {
    fn teacher_lock(&self) -> Result<Option<TeacherLock>, StoreError> {
        self.with(|i, d| {
            let v = i.t.meta.get(LOCK_KEY).map_err(|e| StoreError::from_sled(d, e))?;
            v.map(|v| decode("teacher lock", &v)).transpose()
        })
    }

    fn save_lock(&self, lock: &TeacherLock) -> Result<(), StoreError> {
        let value = encode(lock)?;
        self.with(|i, d| {
            i.t.meta.insert(LOCK_KEY, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    /// Whether teacher mode has a PIN yet.
    pub fn has_teacher_pin(&self) -> Result<bool, StoreError> {
        Ok(self.teacher_lock()?.is_some())
    }

    /// Sets the first PIN and returns the recovery code to show the teacher once.
    /// Refused once a PIN is set: a new one needs the recovery code.
    pub fn set_teacher_pin(&self, pin: &str) -> Result<String, StoreError> {
        check_pin(pin)?;
        if self.has_teacher_pin()? {
            return Err(StoreError::Invalid {
                field: "teacher PIN",
                reason: "already set; the recovery code sets a new one".into(),
            });
        }
        let code = new_recovery_code()?;
        self.save_lock(&TeacherLock { pin: hashed(pin)?, recovery: hashed(&normal_code(&code))? })?;
        Ok(code)
    }

    fn tries(&self) -> Result<Tries, StoreError> {
        self.with(|i, d| {
            let v = i.t.meta.get(TRIES_KEY).map_err(|e| StoreError::from_sled(d, e))?;
            Ok(v.map(|v| decode("teacher PIN tries", &v)).transpose()?.unwrap_or_default())
        })
    }

    fn save_tries(&self, tries: Tries) -> Result<(), StoreError> {
        let value = encode(&tries)?;
        self.with(|i, d| {
            i.t.meta.insert(TRIES_KEY, value).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    /// Whether `pin`, typed at `now`, opens teacher mode. Wrong PINs are counted (and
    /// the count kept in the store, so closing the app does not reset it); past
    /// [`FREE_PIN_TRIES`] a try is refused unchecked until the wait is over.
    pub fn check_teacher_pin(&self, pin: &str, now: Timestamp) -> Result<PinCheck, StoreError> {
        let Some(lock) = self.teacher_lock()? else {
            return Ok(PinCheck::Wrong { free_tries_left: FREE_PIN_TRIES, wait_until: None });
        };
        let mut tries = self.tries()?;
        if tries.wait_until > now {
            return Ok(PinCheck::Wait { until: tries.wait_until });
        }
        if matches(&lock.pin, pin) {
            if tries != Tries::default() {
                self.save_tries(Tries::default())?;
            }
            return Ok(PinCheck::Open);
        }
        tries.wrong = tries.wrong.saturating_add(1);
        let free_tries_left = FREE_PIN_TRIES.saturating_sub(tries.wrong);
        let wait_until = (free_tries_left == 0).then(|| {
            let doublings = (tries.wrong - FREE_PIN_TRIES).min(20);
            let wait = (FIRST_PIN_WAIT_MS << doublings).min(LONGEST_PIN_WAIT_MS);
            Timestamp(now.0.saturating_add(wait))
        });
        tries.wait_until = wait_until.unwrap_or_default();
        self.save_tries(tries)?;
        Ok(PinCheck::Wrong { free_tries_left, wait_until })
    }

    /// A forgotten PIN: with the recovery code, sets `new_pin` and returns a fresh
    /// recovery code (the old one is used up). `Ok(None)` when the code is wrong.
    pub fn reset_teacher_pin(
        &self,
        recovery: &str,
        new_pin: &str,
    ) -> Result<Option<String>, StoreError> {
        check_pin(new_pin)?;
        let Some(lock) = self.teacher_lock()? else { return Ok(None) };
        if !matches(&lock.recovery, &normal_code(recovery)) {
            return Ok(None);
        }
        let code = new_recovery_code()?;
        self.save_lock(&TeacherLock {
            pin: hashed(new_pin)?,
            recovery: hashed(&normal_code(&code))?,
        })?;
        self.save_tries(Tries::default())?;
        Ok(Some(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pbkdf2_matches_the_rfc_7914_vector() {
        let want = "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc";
        let got: String =
            pbkdf2(b"passwd", b"salt", 1).iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(got, want);
    }

    fn opens(s: &ProgressStore, pin: &str) -> bool {
        s.check_teacher_pin(pin, Timestamp(0)).unwrap() == PinCheck::Open
    }

    #[test]
    fn the_pin_opens_only_itself_and_the_recovery_code_resets_it() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        assert!(!s.has_teacher_pin().unwrap());
        assert!(!opens(&s, "1234"));
        assert!(matches!(s.set_teacher_pin("12a4"), Err(StoreError::Invalid { .. })));
        assert!(matches!(s.set_teacher_pin("123"), Err(StoreError::Invalid { .. })));
        let code = s.set_teacher_pin("2580").unwrap();
        assert!(s.has_teacher_pin().unwrap());
        assert!(opens(&s, "2580"));
        assert!(!opens(&s, "2581"));
        // A second "first" PIN is refused: that would be a way round the lock.
        assert!(s.set_teacher_pin("0000").is_err());
        assert!(opens(&s, "2580"));
        // A wrong code changes nothing; the right one, typed loosely, sets a new PIN.
        assert_eq!(s.reset_teacher_pin("AAAA-BBBB-CCCC-DDDD", "1111").unwrap(), None);
        assert!(opens(&s, "2580"));
        let loose = code.to_lowercase().replace('-', " ");
        let fresh = s.reset_teacher_pin(&loose, "1111").unwrap().expect("the code works");
        assert_ne!(fresh, code);
        assert!(opens(&s, "1111") && !opens(&s, "2580"));
        // The code is used up.
        assert_eq!(s.reset_teacher_pin(&code, "2222").unwrap(), None);
        // Nothing of the PIN is stored as typed.
        let raw = s.with(|i, _| Ok(i.t.meta.get(LOCK_KEY).unwrap().unwrap().to_vec())).unwrap();
        assert!(!String::from_utf8_lossy(&raw).contains("1111"));
    }

    #[test]
    fn wrong_pins_past_the_free_tries_wait_longer_each_time_even_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let code = s.set_teacher_pin("2580").unwrap();
        let at = |ms: i64| Timestamp(1_000_000 + ms);
        for left in (1..FREE_PIN_TRIES).rev() {
            let got = s.check_teacher_pin("0000", at(0)).unwrap();
            assert_eq!(got, PinCheck::Wrong { free_tries_left: left, wait_until: None });
        }
        let got = s.check_teacher_pin("0000", at(0)).unwrap();
        let first = at(FIRST_PIN_WAIT_MS);
        assert_eq!(got, PinCheck::Wrong { free_tries_left: 0, wait_until: Some(first) });
        // While waiting even the right PIN is not checked.
        assert_eq!(s.check_teacher_pin("2580", at(1)).unwrap(), PinCheck::Wait { until: first });
        // The count survives closing and opening the store.
        drop(s);
        let s = ProgressStore::open(dir.path()).unwrap();
        assert_eq!(s.check_teacher_pin("2580", at(2)).unwrap(), PinCheck::Wait { until: first });
        // The next wrong PIN after the wait waits twice as long.
        let got = s.check_teacher_pin("0000", first).unwrap();
        let second = Timestamp(first.0 + 2 * FIRST_PIN_WAIT_MS);
        assert_eq!(got, PinCheck::Wrong { free_tries_left: 0, wait_until: Some(second) });
        // Many more never wait over an hour.
        let mut now = second;
        for _ in 0..30 {
            if let PinCheck::Wrong { wait_until: Some(until), .. } =
                s.check_teacher_pin("0000", now).unwrap()
            {
                assert!(until.0 - now.0 <= LONGEST_PIN_WAIT_MS);
                now = until;
            }
        }
        // The right PIN after the wait opens and clears the count.
        assert_eq!(s.check_teacher_pin("2580", now).unwrap(), PinCheck::Open);
        let got = s.check_teacher_pin("0000", now).unwrap();
        assert_eq!(got, PinCheck::Wrong { free_tries_left: FREE_PIN_TRIES - 1, wait_until: None });
        // The recovery code needs no waiting and clears the count too.
        for _ in 0..FREE_PIN_TRIES {
            s.check_teacher_pin("0000", now).unwrap();
        }
        assert!(matches!(s.check_teacher_pin("2580", now).unwrap(), PinCheck::Wait { .. }));
        s.reset_teacher_pin(&code, "1357").unwrap().expect("the code works");
        assert_eq!(s.check_teacher_pin("1357", now).unwrap(), PinCheck::Open);
    }
}
