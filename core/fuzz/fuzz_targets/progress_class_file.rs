//! Raw text into the class-file reader (both formats, with and without a teacher-key
//! pin) and the join-code reader (typed codes and QR payloads with a teacher key).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::progress::{
    ClassKey, JoinCode, TeacherKey, TeacherKeyPin, base32_encode, class_file_class,
    open_class_file,
};

fuzz_target!(|data: &[u8]| {
    let key = ClassKey(*b"fuzzkey123");
    let pin = TeacherKeyPin::Key(TeacherKey::from_seed([5; 32]).public());
    let as_text = format!("QIKE:CLASS:{}", base32_encode(data));
    for text in [std::str::from_utf8(data).unwrap_or(""), as_text.as_str()] {
        let _ = class_file_class(text);
        let _ = open_class_file(text, &key, None);
        let _ = open_class_file(text, &key, Some(&pin));
        if let Ok(code) = JoinCode::parse_any(text) {
            assert_eq!(JoinCode::parse_any(&code.qr_payload()), Ok(code.clone()));
        }
    }
});
