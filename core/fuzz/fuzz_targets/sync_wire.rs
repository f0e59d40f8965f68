//! Class sync's parsers: a message inside the channel and a typed short code never
//! panic; whatever parses comes back the same through its writer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::sync::{Message, encode_short_code, parse_short_code};

fuzz_target!(|data: &[u8]| {
    if let Ok(m) = Message::decode(data) {
        assert_eq!(Message::decode(&m.encode()).expect("an encoded message decodes"), m);
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(addr) = parse_short_code(text) {
        assert_eq!(parse_short_code(&encode_short_code(addr)), Ok(addr));
    }
});
