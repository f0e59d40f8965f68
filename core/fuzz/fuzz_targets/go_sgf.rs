//! Any bytes as SGF: import must return a game or a typed error, and whatever it
//! returns must export, score and estimate dead stones without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::go::read_sgf;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(sgf) = read_sgf(text) {
        let mut game = sgf.game;
        let exported = game.to_sgf();
        let again = read_sgf(&exported).expect("our own export reads back");
        assert_eq!(again.game.board(), game.board());
        game.estimate_dead_stones(2, 0);
        let _ = game.score().result.chinese();
        let _ = game.board_view();
    }
});
