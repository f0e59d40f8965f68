//! The legal-move property along fuzzer-chosen games: every generated move is legal, and
//! every legal move (tested over all from/to pairs) is generated; make/unmake restores
//! the position and the incremental key matches a fresh one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::Point;
use qike_core::xiangqi::{Move, Position};

fn all_pairs() -> impl Iterator<Item = Move> {
    (0..90u8).flat_map(|a| {
        (0..90u8).filter_map(move |b| Move::new(Point::new(a % 9, a / 9), Point::new(b % 9, b / 9)))
    })
}

fuzz_target!(|data: &[u8]| {
    let mut pos = Position::startpos();
    for &byte in data.iter().take(120) {
        let legal = pos.legal_moves();
        let brute: Vec<Move> = all_pairs().filter(|&m| pos.is_legal(m)).collect();
        assert_eq!(brute.len(), legal.len(), "{pos}");
        for m in &brute {
            assert!(legal.contains(*m), "{m} legal but not generated in {pos}");
        }
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[byte as usize % legal.len()];
        let before = pos.to_fen();
        let undo = pos.make(m);
        assert!(!pos.is_general_attacked(pos.side_to_move().opponent()));
        let fresh = Position::from_fen(&pos.to_fen()).expect("reachable positions are valid");
        assert_eq!(fresh.key(), pos.key());
        pos.unmake(m, undo);
        assert_eq!(pos.to_fen(), before);
        pos.make(m);
    }
});
