//! Fuzzed report bodies, correctly signed, so the CBOR decoder and the body checks
//! behind the MAC get exercised; anything accepted must seal and open again the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::progress::{ClassId, ClassKey, open_report, seal_payload, seal_report};

fuzz_target!(|data: &[u8]| {
    let key = ClassKey(*b"fuzzkey123");
    let Ok(signed) = seal_payload(ClassId(7), data, &key) else { return };
    if let Ok(body) = open_report(&signed, ClassId(7), &key) {
        let again = seal_report(&body, &key).expect("an accepted body seals again");
        assert_eq!(open_report(&again, ClassId(7), &key).expect("and opens again"), body);
    }
});
