//! FEN text: never panics; whatever parses writes back the same and plays on.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::chess::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::from_fen(text) else { return };
    let again = Position::from_fen(&pos.fen()).expect("written FEN must parse");
    assert_eq!(again.fen(), pos.fen());
    for mv in pos.legal_moves() {
        let next = pos.after(mv).expect("generated moves are legal");
        let _ = next.outcome();
    }
    let _ = pos.board_view();
    let _ = qike_core::chess::perft(&pos, 2);
});
