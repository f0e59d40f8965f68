//! SGF records: any text gives a game or a typed error; a game read back from what we
//! write is the same game.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::GomokuRule;
use qike_core::gomoku::sgf::{read_sgf, write_sgf};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(game) = read_sgf(text, GomokuRule::Renju) {
        let back = read_sgf(&write_sgf(&game), GomokuRule::Freestyle);
        assert_eq!(back.as_ref().map(|g| g.moves()), Ok(game.moves()));
        assert_eq!(back.map(|g| g.outcome()), Ok(game.outcome()));
    }
});
