//! The short code: what a child types to reach the teacher's device, 10 symbols in two
//! groups of five (`K3M9Q-7TX2B`). It carries the teacher's IPv4 address and port (48
//! bits) and 2 check bits, in Crockford's base-32 alphabet: digits and letters without
//! I, L, O and U. Reading is tolerant: any case, `I` and `L` read as `1`, `O` as `0`,
//! dashes and spaces are skipped.
//!
//! The code holds no secret. It only says where to connect; the class key from the
//! join code is what lets a pupil's device in (see the module's wire protocol).

use std::net::{Ipv4Addr, SocketAddrV4};

use sha2::{Digest, Sha256};
use thiserror::Error;

/// Crockford's base-32 symbols in value order.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Symbols in a short code, without the dash.
pub const SHORT_CODE_SYMBOLS: usize = 10;

/// Why a typed short code was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShortCodeError {
    #[error("a short code has {expected} letters and digits; this one has {found}")]
    WrongLength { expected: usize, found: usize },
    #[error("'{0}' is not used in short codes (digits and A–Z without U)")]
    BadCharacter(char),
    #[error("the short code has a typing mistake (its check does not match)")]
    Checksum,
    #[error("the short code names port 0, which no device listens on")]
    NoPort,
}

fn value(c: char) -> Option<u8> {
    let c = match c.to_ascii_uppercase() {
        'I' | 'L' => '1',
        'O' => '0',
        other => other,
    };
    ALPHABET.iter().position(|&a| char::from(a) == c).and_then(|p| u8::try_from(p).ok())
}

fn check_bits(data: u64) -> u64 {
    let mut h = Sha256::new();
    h.update(b"qike short code");
    h.update(&data.to_be_bytes()[2..]);
    u64::from(h.finalize().first().copied().unwrap_or(0) >> 6)
}

/// The short code of a teacher's address: `XXXXX-XXXXX`.
pub fn encode_short_code(addr: SocketAddrV4) -> String {
    let data = (u64::from(u32::from(*addr.ip())) << 16) | u64::from(addr.port());
    let n = (data << 2) | check_bits(data);
    let mut out = String::with_capacity(SHORT_CODE_SYMBOLS + 1);
    for i in (0..SHORT_CODE_SYMBOLS).rev() {
        out.push(char::from(ALPHABET[((n >> (5 * i)) & 31) as usize]));
        if i == 5 {
            out.push('-');
        }
    }
    out
}

/// Reads a short code back into the teacher's address.
pub fn parse_short_code(text: &str) -> Result<SocketAddrV4, ShortCodeError> {
    let mut n: u64 = 0;
    let mut count = 0usize;
    for c in text.trim().chars().filter(|c| *c != '-' && !c.is_whitespace()) {
        let v = value(c).ok_or(ShortCodeError::BadCharacter(c))?;
        count += 1;
        n = (n << 5) | u64::from(v);
    }
    if count != SHORT_CODE_SYMBOLS {
        return Err(ShortCodeError::WrongLength { expected: SHORT_CODE_SYMBOLS, found: count });
    }
    let data = n >> 2;
    if n & 3 != check_bits(data) {
        return Err(ShortCodeError::Checksum);
    }
    let port = (data & 0xffff) as u16;
    if port == 0 {
        return Err(ShortCodeError::NoPort);
    }
    let ip = Ipv4Addr::from(((data >> 16) & 0xffff_ffff) as u32);
    Ok(SocketAddrV4::new(ip, port))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_round_trip_through_the_short_code() {
        for (ip, port) in [
            ([192, 168, 1, 23], 7373),
            ([10, 0, 0, 1], 1),
            ([255, 255, 255, 255], 65535),
            ([127, 0, 0, 1], 40_001),
            ([0, 0, 0, 0], 2),
        ] {
            let addr = SocketAddrV4::new(Ipv4Addr::from(ip), port);
            let code = encode_short_code(addr);
            assert_eq!(code.len(), SHORT_CODE_SYMBOLS + 1, "{code}");
            assert_eq!(parse_short_code(&code), Ok(addr), "{code}");
            // Lower case, no dash, spaces around.
            let sloppy = format!("  {} ", code.replace('-', "").to_lowercase());
            assert_eq!(parse_short_code(&sloppy), Ok(addr), "{sloppy}");
        }
    }

    #[test]
    fn look_alike_letters_read_as_the_digits() {
        let addr = SocketAddrV4::new(Ipv4Addr::new(192, 168, 0, 10), 1010);
        let code = encode_short_code(addr);
        let confused: String = code
            .chars()
            .map(|c| match c {
                '1' => 'l',
                '0' => 'O',
                c => c,
            })
            .collect();
        assert_eq!(parse_short_code(&confused), Ok(addr));
        let confused_i: String = code.chars().map(|c| if c == '1' { 'I' } else { c }).collect();
        assert_eq!(parse_short_code(&confused_i), Ok(addr));
    }

    #[test]
    fn bad_short_codes_are_refused_with_the_reason() {
        assert_eq!(
            parse_short_code("ABCD"),
            Err(ShortCodeError::WrongLength { expected: 10, found: 4 })
        );
        assert_eq!(
            parse_short_code("ABCDE-FGHJKM"),
            Err(ShortCodeError::WrongLength { expected: 10, found: 11 })
        );
        assert_eq!(parse_short_code("ABCDE-FGHJU"), Err(ShortCodeError::BadCharacter('U')));
        assert_eq!(parse_short_code("ABCDE-FGH*K"), Err(ShortCodeError::BadCharacter('*')));
        assert_eq!(parse_short_code("192.168.1.2"), Err(ShortCodeError::BadCharacter('.')));
        // One symbol changed: the check catches most such typos; count how many of the
        // single-symbol changes of one code get through (2 check bits: about a quarter).
        let code = encode_short_code(SocketAddrV4::new(Ipv4Addr::new(192, 168, 1, 50), 7373));
        let mut caught = 0;
        let mut total = 0;
        for pos in [0usize, 3, 6, 9] {
            for &sym in ALPHABET.iter() {
                let mut chars: Vec<char> = code.chars().collect();
                if chars[pos] == char::from(sym) {
                    continue;
                }
                chars[pos] = char::from(sym);
                total += 1;
                let typo: String = chars.into_iter().collect();
                if parse_short_code(&typo).is_err() {
                    caught += 1;
                }
            }
        }
        assert!(caught * 2 > total, "{caught} of {total} typos caught");
        // Port 0 is never a teacher's.
        let zero = encode_short_code(SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 1), 0));
        assert_eq!(parse_short_code(&zero), Err(ShortCodeError::NoPort));
    }
}
