//! Saved games (any version, any game): never panic; whatever resumes saves again to a
//! form that resumes to the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::BoardGame;
use qike_core::session::GameSession;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = GameSession::resume_bytes(data) else { return };
    let again = GameSession::resume_bytes(&s.save_bytes()).expect("a saved game resumes");
    assert_eq!(again.game().history(), s.game().history());
    assert_eq!(again.outcome(), s.outcome());
    let _ = s.view();
    let _ = s.move_list();
});
