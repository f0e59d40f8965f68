//! Raw bytes into the report importer: header, length, MAC checks and text form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::progress::{ClassId, ClassKey, open_report, peek_class, report_from_text};

fuzz_target!(|data: &[u8]| {
    let key = ClassKey(*b"fuzzkey123");
    let _ = peek_class(data);
    let _ = open_report(data, ClassId(7), &key);
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(bytes) = report_from_text(text)
    {
        let _ = open_report(&bytes, ClassId(7), &key);
    }
});
