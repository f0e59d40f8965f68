//! No input panics: random and mutated text through every chess parser (the fuzz
//! targets in core/fuzz run the same checks for longer).

use proptest::prelude::*;
use qike_core::chess::{Position, parse_chinese, parse_san, read_pgn};

const FENS: [&str; 3] = [
    qike_core::chess::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
];

/// Text built from the characters the parsers care about, so it gets past the
/// first checks more often than uniform noise.
fn chessy() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "[KQRBNPkqrbnp1-9a-hxX=+#!?()/ \\-0Oo.{};\\[\\]\"$%*wb马象车后王兵×≠变\n]{0,40}",
    )
    .unwrap()
}

/// A valid FEN with a few characters replaced.
fn mutated_fen() -> impl Strategy<Value = String> {
    (0..FENS.len(), proptest::collection::vec((0usize..80, any::<char>()), 1..4)).prop_map(
        |(i, edits)| {
            let mut chars: Vec<char> = FENS[i].chars().collect();
            for (at, c) in edits {
                let at = at % chars.len();
                chars[at] = c;
            }
            chars.into_iter().collect()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn fen_never_panics(text in prop_oneof![any::<String>(), chessy(), mutated_fen()]) {
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever parses must write back out and play on.
            let again = Position::from_fen(&pos.fen()).unwrap();
            prop_assert_eq!(again.fen(), pos.fen());
            for mv in pos.legal_moves() {
                prop_assert!(pos.after(mv).is_some());
            }
            let _ = pos.board_view();
            let _ = pos.outcome();
        }
    }

    #[test]
    fn san_and_chinese_never_panic(text in prop_oneof![any::<String>(), chessy()], i in 0..FENS.len()) {
        let pos = Position::from_fen(FENS[i]).unwrap();
        if let Ok(mv) = parse_san(&pos, &text) {
            prop_assert!(pos.is_legal(mv));
        }
        if let Ok(mv) = parse_chinese(&pos, &text) {
            prop_assert!(pos.is_legal(mv));
        }
        let _ = pos.parse_uci(&text);
    }

    #[test]
    fn pgn_never_panics(text in prop_oneof![any::<String>(), chessy()]) {
        let _ = read_pgn(&text);
    }
}
