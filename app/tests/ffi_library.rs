//! The app's native library is the one library of the phone builds, so the generated
//! bindings load it there: it must serve the whole exported API. Kept with the app's
//! tests so that the FFI tests in `qike-tests` build without Bevy.

use qike_tests::{app_cdylib, python_checks};

#[test]
fn the_app_library_serves_the_same_api() {
    let out = python_checks("python-app-lib", &app_cdylib());
    assert!(out.contains("python ffi ok"), "{out}");
}
