//! Xiangqi FEN text: never panics; whatever parses writes back the same FEN, and every
//! generated move is legal and can be played and taken back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::xiangqi::Position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = Position::from_fen(text) else { return };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).expect("written FEN must parse");
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again.key(), pos.key());
    let mut p = pos.clone();
    for &m in pos.legal_moves().iter() {
        assert!(pos.is_legal(m));
        let undo = p.play(m).expect("generated moves are legal");
        assert!(!p.is_general_attacked(pos.side_to_move()));
        p.unmake(m, undo);
        assert_eq!(p.to_fen(), fen);
    }
    let _ = pos.board_view();
    let _ = pos.perft(2);
});
