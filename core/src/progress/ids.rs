//! Identifiers, random bytes and the text a child types to join a class.
//!
//! Join codes and report text use one 32-symbol alphabet: A–Z without I and O (they
//! look like 1 and 0) and the digits 2–9. Every symbol is in the QR alphanumeric
//! set, so a QR code of that text stays small.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::error::JoinCodeError;
use super::pupil_key::PUBLIC_KEY_LEN;
use super::teacher_key::{FINGERPRINT_BITS, TeacherFingerprint, TeacherKeyPin, TeacherPublicKey};

macro_rules! hex_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u128);

        impl $name {
            /// A fresh random id.
            pub fn random() -> Result<Self, std::io::Error> {
                let mut b = [0u8; 16];
                fill_random(&mut b)?;
                Ok($name(u128::from_be_bytes(b)))
            }

            pub fn to_bytes(self) -> [u8; 16] {
                self.0.to_be_bytes()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:032x}", self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                u128::from_str_radix(s, 16).map($name)
            }
        }
    };
}

hex_id!(
    /// One child's (or teacher's) profile; unique across devices.
    ProfileId
);
hex_id!(
    /// One installation of the app; report sequence numbers count per device.
    DeviceId
);

/// A class, as the join code carries it: 30 random bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ClassId(pub u32);

impl ClassId {
    /// The largest class id a join code can carry.
    pub const MAX: u32 = (1 << 30) - 1;

    pub fn random() -> Result<ClassId, std::io::Error> {
        let mut b = [0u8; 4];
        fill_random(&mut b)?;
        Ok(ClassId(u32::from_be_bytes(b) & ClassId::MAX))
    }
}

impl fmt::Display for ClassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        encode_bits(u128::from(self.0), 30, &mut s);
        f.write_str(&s)
    }
}

/// Fills `buf` from the operating system's random source.
pub(crate) fn fill_random(buf: &mut [u8]) -> Result<(), std::io::Error> {
    getrandom::fill(buf).map_err(|e| std::io::Error::other(format!("no random source: {e}")))
}

/// The 32 symbols, in value order.
pub const ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// The value of one symbol, case-insensitive.
fn symbol_value(c: char) -> Option<u8> {
    let up = c.to_ascii_uppercase();
    ALPHABET.iter().position(|&a| char::from(a) == up).and_then(|p| u8::try_from(p).ok())
}

/// Appends the low `bits` bits of `value` (a multiple of 5) as symbols, high first.
fn encode_bits(value: u128, bits: u32, out: &mut String) {
    let mut shift = bits;
    while shift >= 5 {
        shift -= 5;
        let v = ((value >> shift) & 31) as usize;
        out.push(char::from(ALPHABET[v]));
    }
}

/// Encodes bytes as symbols, 5 bits each, the last symbol padded with zero bits.
pub fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let mut acc: u32 = 0;
    let mut n = 0u32;
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        n += 8;
        while n >= 5 {
            n -= 5;
            out.push(char::from(ALPHABET[((acc >> n) & 31) as usize]));
        }
        acc &= (1 << n) - 1;
    }
    if n > 0 {
        out.push(char::from(ALPHABET[((acc << (5 - n)) & 31) as usize]));
    }
    out
}

/// Decodes [`base32_encode`] text; `None` on a foreign symbol or non-zero padding.
pub fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let mut acc: u32 = 0;
    let mut n = 0u32;
    for c in text.chars() {
        acc = (acc << 5) | u32::from(symbol_value(c)?);
        n += 5;
        if n >= 8 {
            n -= 8;
            out.push(((acc >> n) & 0xff) as u8);
        }
        acc &= (1 << n) - 1;
    }
    // Leftover bits are padding: fewer than 5 of them, all zero.
    if n >= 5 || acc != 0 {
        return None;
    }
    Some(out)
}

/// Bytes of a class key: 80 bits, enough that guessing one is hopeless.
pub const CLASS_KEY_LEN: usize = 10;

/// A class's secret key; the MAC key of its reports.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassKey(pub [u8; CLASS_KEY_LEN]);

impl ClassKey {
    pub fn random() -> Result<ClassKey, std::io::Error> {
        let mut k = [0u8; CLASS_KEY_LEN];
        fill_random(&mut k)?;
        Ok(ClassKey(k))
    }
}

impl fmt::Debug for ClassKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClassKey(..)")
    }
}

/// What a child types (or scans) to join a class: the class id, its key and what the
/// pupil's device is to know of the teacher's key, with a check so a typing mistake
/// is caught instead of producing a wrong class.
///
/// Text form, version 3: 36 symbols in nine groups of four (44 characters with the
/// dashes), e.g. `KBXM-RT2A-…`: 30 bits of class id, 80 bits of class key, the 60-bit
/// fingerprint of the teacher's public key and 10 check bits from SHA-256 of the rest.
/// The QR code's text adds the whole public key: `QIKE:JOIN:<code>:<52 symbols>`.
///
/// Older codes have 24 symbols (six groups): class id, class key and 10 check bits,
/// nothing of the teacher's key. They still join; class files then prove only that
/// they were made in the class ([`super::ClassFileTrust::ClassKeyOnly`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCode {
    pub class: ClassId,
    pub key: ClassKey,
    /// The teacher's key (QR code) or its fingerprint (typed code); `None` for an older
    /// code.
    pub teacher: Option<TeacherKeyPin>,
}

/// Symbols in a join code, without the dashes.
pub const JOIN_CODE_SYMBOLS: usize = 36;
/// Symbols in an older join code, which carries nothing of the teacher's key.
pub const OLD_JOIN_CODE_SYMBOLS: usize = 24;
/// What a QR code of a join code says before the code.
pub const JOIN_QR_PREFIX: &str = "QIKE:JOIN:";

/// Writes fields of up to 80 bits as symbols, high bits first.
struct SymbolWriter {
    acc: u128,
    bits: u32,
    out: String,
}

impl SymbolWriter {
    fn push(&mut self, value: u128, bits: u32) {
        self.acc = (self.acc << bits) | (value & ((1u128 << bits) - 1));
        self.bits += bits;
        while self.bits >= 5 {
            self.bits -= 5;
            self.out.push(char::from(ALPHABET[((self.acc >> self.bits) & 31) as usize]));
        }
        self.acc &= (1u128 << self.bits) - 1;
    }
}

/// Reads fields of up to 80 bits from symbol values, high bits first.
struct SymbolReader<'a> {
    values: &'a [u8],
    acc: u128,
    bits: u32,
}

impl SymbolReader<'_> {
    fn take(&mut self, bits: u32) -> u128 {
        while self.bits < bits {
            let (first, rest) = self.values.split_first().unwrap_or((&0, &[]));
            self.values = rest;
            self.acc = (self.acc << 5) | u128::from(*first);
            self.bits += 5;
        }
        self.bits -= bits;
        let v = self.acc >> self.bits;
        self.acc &= (1u128 << self.bits) - 1;
        v
    }
}

fn key_number(key: &ClassKey) -> u128 {
    key.0.iter().fold(0u128, |n, &b| (n << 8) | u128::from(b))
}

fn key_from_number(n: u128) -> ClassKey {
    let mut key = [0u8; CLASS_KEY_LEN];
    for (i, b) in key.iter_mut().enumerate() {
        *b = ((n >> (8 * (CLASS_KEY_LEN - 1 - i))) & 0xff) as u8;
    }
    ClassKey(key)
}

impl JoinCode {
    fn check_bits(class: ClassId, key: &ClassKey, teacher: Option<TeacherFingerprint>) -> u128 {
        let mut h = Sha256::new();
        h.update(b"qike join code");
        h.update(class.0.to_be_bytes());
        h.update(key.0);
        if let Some(f) = teacher {
            h.update(b"v3");
            h.update(f.0.to_be_bytes());
        }
        let d = h.finalize();
        let hi = d.first().copied().unwrap_or(0);
        let lo = d.get(1).copied().unwrap_or(0);
        (u128::from(hi) << 2) | (u128::from(lo) >> 6)
    }

    /// The code's symbols without dashes.
    fn symbols(&self) -> String {
        let fingerprint = self.teacher.map(|t| t.fingerprint());
        let mut w = SymbolWriter { acc: 0, bits: 0, out: String::new() };
        w.push(u128::from(self.class.0 & ClassId::MAX), 30);
        w.push(key_number(&self.key), 80);
        if let Some(f) = fingerprint {
            w.push(u128::from(f.0), FINGERPRINT_BITS);
        }
        w.push(JoinCode::check_bits(self.class, &self.key, fingerprint), 10);
        w.out
    }

    /// The code as a child types it: dash-separated groups of four symbols (nine
    /// groups, or six for an older code without the teacher's key).
    pub fn to_text(&self) -> String {
        let plain = self.symbols();
        let mut out = String::with_capacity(plain.len() * 5 / 4);
        for (i, c) in plain.chars().enumerate() {
            if i > 0 && i % 4 == 0 {
                out.push('-');
            }
            out.push(c);
        }
        out
    }

    /// The text of a QR code for this class (QR alphanumeric mode): the code, and the
    /// teacher's whole public key when the code knows it.
    pub fn qr_payload(&self) -> String {
        match self.teacher {
            Some(TeacherKeyPin::Key(k)) => {
                format!("{JOIN_QR_PREFIX}{}:{}", self.to_text(), k.to_symbols())
            }
            _ => format!("{JOIN_QR_PREFIX}{}", self.to_text()),
        }
    }

    /// Reads a typed code: case, spaces and dashes do not matter. A 36-symbol code
    /// pins the teacher's key by its fingerprint; a 24-symbol one is an older code.
    pub fn parse(text: &str) -> Result<JoinCode, JoinCodeError> {
        let mut values = Vec::with_capacity(JOIN_CODE_SYMBOLS);
        for c in text.chars() {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            values.push(symbol_value(c).ok_or(JoinCodeError::BadCharacter(c))?);
        }
        if values.len() != JOIN_CODE_SYMBOLS && values.len() != OLD_JOIN_CODE_SYMBOLS {
            return Err(JoinCodeError::WrongLength {
                expected: JOIN_CODE_SYMBOLS,
                found: values.len(),
            });
        }
        let mut r = SymbolReader { values: &values, acc: 0, bits: 0 };
        let class = ClassId(r.take(30) as u32);
        let key = key_from_number(r.take(80));
        let fingerprint = (values.len() == JOIN_CODE_SYMBOLS)
            .then(|| TeacherFingerprint(r.take(FINGERPRINT_BITS) as u64));
        if r.take(10) != JoinCode::check_bits(class, &key, fingerprint) {
            return Err(JoinCodeError::Checksum);
        }
        Ok(JoinCode { class, key, teacher: fingerprint.map(TeacherKeyPin::Fingerprint) })
    }

    /// Reads either a typed code or a scanned QR payload. A QR payload's teacher key
    /// must have the fingerprint its code carries.
    pub fn parse_any(text: &str) -> Result<JoinCode, JoinCodeError> {
        let t = text.trim();
        match t.get(..JOIN_QR_PREFIX.len()) {
            Some(p) if p.eq_ignore_ascii_case(JOIN_QR_PREFIX) => {
                let rest = t.get(JOIN_QR_PREFIX.len()..).unwrap_or("");
                let Some((code, key)) = rest.split_once(':') else {
                    return JoinCode::parse(rest);
                };
                let mut code = JoinCode::parse(code)?;
                let key: String = key.chars().filter(|c| !c.is_whitespace()).collect();
                let key = base32_decode(&key)
                    .and_then(|b| <[u8; PUBLIC_KEY_LEN]>::try_from(b).ok())
                    .map(TeacherPublicKey)
                    .filter(TeacherPublicKey::is_valid)
                    .ok_or(JoinCodeError::BadTeacherKey)?;
                match code.teacher {
                    Some(pin) if pin.admits(&key) => code.teacher = Some(TeacherKeyPin::Key(key)),
                    _ => return Err(JoinCodeError::BadTeacherKey),
                }
                Ok(code)
            }
            _ if t.contains(':') => Err(JoinCodeError::NotAJoinPayload),
            _ => JoinCode::parse(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base32_round_trips() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base32_encode(&bytes);
            assert_eq!(base32_decode(&text).as_deref(), Some(&bytes[..]), "len {len}");
        }
        assert_eq!(base32_decode("I"), None);
    }

    #[test]
    fn an_older_join_code_round_trips_and_catches_typos() {
        let code =
            JoinCode { class: ClassId(123_456_789), key: ClassKey(*b"0123456789"), teacher: None };
        let text = code.to_text();
        assert_eq!(text.len(), 29);
        assert_eq!(JoinCode::parse(&text.to_lowercase()), Ok(code.clone()));
        assert_eq!(JoinCode::parse_any(&code.qr_payload()), Ok(code.clone()));
        // Change one symbol: the check letters notice.
        let mut chars: Vec<char> = text.chars().collect();
        chars[6] = if chars[6] == 'A' { 'B' } else { 'A' };
        let typo: String = chars.into_iter().collect();
        assert_eq!(JoinCode::parse(&typo), Err(JoinCodeError::Checksum));
        assert_eq!(
            JoinCode::parse("ABCD"),
            Err(JoinCodeError::WrongLength { expected: 36, found: 4 })
        );
        assert_eq!(JoinCode::parse("ABCO"), Err(JoinCodeError::BadCharacter('O')));
        assert_eq!(JoinCode::parse_any("http://x"), Err(JoinCodeError::NotAJoinPayload));
    }

    #[test]
    fn a_join_code_with_the_teacher_key_pins_its_fingerprint_or_the_whole_key() {
        let teacher = crate::progress::TeacherKey::from_seed([9; 32]).public();
        let code = JoinCode {
            class: ClassId(ClassId::MAX),
            key: ClassKey([0xff; CLASS_KEY_LEN]),
            teacher: Some(TeacherKeyPin::Key(teacher)),
        };
        let text = code.to_text();
        assert_eq!(text.len(), 44, "{text}");
        assert_eq!(text.matches('-').count(), 8);
        // Typed: the fingerprint only.
        let typed = JoinCode::parse(&text.to_lowercase()).unwrap();
        assert_eq!(typed.teacher, Some(TeacherKeyPin::Fingerprint(teacher.fingerprint())));
        assert_eq!((typed.class, &typed.key), (code.class, &code.key));
        assert_eq!(typed.to_text(), text);
        // Scanned: the whole key, checked against the fingerprint.
        assert_eq!(JoinCode::parse_any(&code.qr_payload()), Ok(code.clone()));
        let other = crate::progress::TeacherKey::from_seed([8; 32]).public();
        let swapped = format!("{JOIN_QR_PREFIX}{text}:{}", other.to_symbols());
        assert_eq!(JoinCode::parse_any(&swapped), Err(JoinCodeError::BadTeacherKey));
        let cut = format!("{JOIN_QR_PREFIX}{text}:ABCD");
        assert_eq!(JoinCode::parse_any(&cut), Err(JoinCodeError::BadTeacherKey));
        // Every symbol changed is caught (ten check bits: a few typos in a thousand
        // would pass, never a one-symbol change here).
        let chars: Vec<char> = text.chars().collect();
        for i in (0..chars.len()).filter(|&i| chars[i] != '-') {
            let mut typo = chars.clone();
            typo[i] = if typo[i] == 'A' { 'B' } else { 'A' };
            let typo: String = typo.into_iter().collect();
            assert!(JoinCode::parse(&typo).is_err(), "{typo}");
        }
    }
}
