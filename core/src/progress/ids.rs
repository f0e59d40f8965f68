//! Identifiers, random bytes and the text a child types to join a class.
//!
//! Join codes and report text use one 32-symbol alphabet: A–Z without I and O (they
//! look like 1 and 0) and the digits 2–9. Every symbol is in the QR alphanumeric
//! set, so a QR code of that text stays small.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::error::JoinCodeError;

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

/// What a child types (or scans) to join a class: the class id and its key, with a
/// check so a typing mistake is caught instead of producing a wrong class.
///
/// Text form: 24 symbols in six groups of four, e.g. `KBXM-RT2A-…`: 30 bits of class
/// id, 80 bits of key, 10 check bits from SHA-256 of the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinCode {
    pub class: ClassId,
    pub key: ClassKey,
}

/// Symbols in a join code, without the dashes.
pub const JOIN_CODE_SYMBOLS: usize = 24;
/// What a QR code of a join code says before the code.
pub const JOIN_QR_PREFIX: &str = "QIKE:JOIN:";

impl JoinCode {
    fn check_bits(class: ClassId, key: &ClassKey) -> u128 {
        let mut h = Sha256::new();
        h.update(b"qike join code");
        h.update(class.0.to_be_bytes());
        h.update(key.0);
        let d = h.finalize();
        let hi = d.first().copied().unwrap_or(0);
        let lo = d.get(1).copied().unwrap_or(0);
        (u128::from(hi) << 2) | (u128::from(lo) >> 6)
    }

    fn as_number(&self) -> u128 {
        let mut key = 0u128;
        for b in self.key.0 {
            key = (key << 8) | u128::from(b);
        }
        (u128::from(self.class.0 & ClassId::MAX) << 90)
            | (key << 10)
            | JoinCode::check_bits(self.class, &self.key)
    }

    /// The code as a child types it: six dash-separated groups of four symbols.
    pub fn to_text(&self) -> String {
        let mut plain = String::new();
        encode_bits(self.as_number(), 120, &mut plain);
        let mut out = String::with_capacity(29);
        for (i, c) in plain.chars().enumerate() {
            if i > 0 && i % 4 == 0 {
                out.push('-');
            }
            out.push(c);
        }
        out
    }

    /// The text of a QR code for this class (QR alphanumeric mode).
    pub fn qr_payload(&self) -> String {
        format!("{JOIN_QR_PREFIX}{}", self.to_text())
    }

    /// Reads a typed code: case, spaces and dashes do not matter.
    pub fn parse(text: &str) -> Result<JoinCode, JoinCodeError> {
        let mut n: u128 = 0;
        let mut count = 0usize;
        for c in text.chars() {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            let v = symbol_value(c).ok_or(JoinCodeError::BadCharacter(c))?;
            count += 1;
            if count <= JOIN_CODE_SYMBOLS {
                n = (n << 5) | u128::from(v);
            }
        }
        if count != JOIN_CODE_SYMBOLS {
            return Err(JoinCodeError::WrongLength { expected: JOIN_CODE_SYMBOLS, found: count });
        }
        let class = ClassId(((n >> 90) & u128::from(ClassId::MAX)) as u32);
        let key_n = (n >> 10) & ((1u128 << 80) - 1);
        let mut key = [0u8; CLASS_KEY_LEN];
        for (i, b) in key.iter_mut().enumerate() {
            *b = ((key_n >> (8 * (CLASS_KEY_LEN - 1 - i))) & 0xff) as u8;
        }
        let key = ClassKey(key);
        if n & 0x3ff != JoinCode::check_bits(class, &key) {
            return Err(JoinCodeError::Checksum);
        }
        Ok(JoinCode { class, key })
    }

    /// Reads either a typed code or a scanned QR payload.
    pub fn parse_any(text: &str) -> Result<JoinCode, JoinCodeError> {
        let t = text.trim();
        match t.get(..JOIN_QR_PREFIX.len()) {
            Some(p) if p.eq_ignore_ascii_case(JOIN_QR_PREFIX) => {
                JoinCode::parse(t.get(JOIN_QR_PREFIX.len()..).unwrap_or(""))
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
    fn join_code_round_trips_and_catches_typos() {
        let code = JoinCode { class: ClassId(123_456_789), key: ClassKey(*b"0123456789") };
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
            Err(JoinCodeError::WrongLength { expected: 24, found: 4 })
        );
        assert_eq!(JoinCode::parse("ABCO"), Err(JoinCodeError::BadCharacter('O')));
        assert_eq!(JoinCode::parse_any("http://x"), Err(JoinCodeError::NotAJoinPayload));
    }
}
