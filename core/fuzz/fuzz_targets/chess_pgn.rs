//! PGN text: never panics; games read back after writing give the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::chess::{read_pgn, write_pgn};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(games) = read_pgn(text) else { return };
    for game in &games {
        let written = write_pgn(game);
        let again = read_pgn(&written).expect("written PGN must read");
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].moves, game.moves);
        assert_eq!(again[0].start, game.start);
    }
});
