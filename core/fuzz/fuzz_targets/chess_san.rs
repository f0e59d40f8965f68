//! SAN, Chinese and UCI move text against positions reached by fuzz-chosen moves:
//! never panics, and anything accepted is legal and writes back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::chess::{Position, parse_chinese, parse_san, to_chinese, to_san};

fuzz_target!(|data: &[u8]| {
    // The first bytes pick moves from the start; the rest is the move text.
    let split = data.iter().position(|&b| b == 0xff).unwrap_or(0).min(40);
    let (path, text) = data.split_at(split);
    let mut pos = Position::startpos();
    for &b in path {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    let Ok(text) = std::str::from_utf8(text) else { return };
    if let Ok(mv) = parse_san(&pos, text) {
        assert!(pos.is_legal(mv));
        let san = to_san(&pos, mv).expect("legal move has SAN");
        assert_eq!(parse_san(&pos, &san), Ok(mv));
    }
    if let Ok(mv) = parse_chinese(&pos, text) {
        assert!(pos.is_legal(mv));
        let zh = to_chinese(&pos, mv).expect("legal move has Chinese notation");
        assert_eq!(parse_chinese(&pos, &zh), Ok(mv));
    }
    if let Ok(mv) = pos.parse_uci(text) {
        assert!(pos.is_legal(mv));
    }
});
