//! Property tests run by the normal suite (the cargo-fuzz targets go further): nothing
//! panics on garbage FEN or move text, and along random games the generated moves are
//! exactly the legal ones.

use proptest::prelude::*;
use qike_core::Point;
use qike_core::xiangqi::notation::{parse_chinese, parse_iccs, parse_wxf};
use qike_core::xiangqi::{Move, Position};

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn garbage_fen_never_panics(text in "\\PC{0,80}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[rnbakcpRNBAKCP1-9/]{0,90}( [wbr])?( - - [0-9]{1,3} [0-9]{1,3})?") {
        if let Ok(pos) = Position::from_fen(&text) {
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos.clone());
            let _ = pos.legal_moves();
        }
    }

    #[test]
    fn move_text_never_panics(text in "[a-iA-I0-9+\\-.=KAEHRCP车马炮兵卒将帅仕士相象进退平前中后一二三四五六七八九]{0,6}") {
        let pos = Position::startpos();
        let parsed = [parse_iccs(&pos, &text), parse_wxf(&pos, &text), parse_chinese(&pos, &text)];
        for m in parsed.into_iter().flatten() {
            prop_assert!(pos.is_legal(m));
        }
    }
}

fn all_pairs() -> impl Iterator<Item = Move> {
    (0..90u8).flat_map(|a| {
        (0..90u8).filter_map(move |b| Move::new(Point::new(a % 9, a / 9), Point::new(b % 9, b / 9)))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_exactly_the_legal_ones(choices in prop::collection::vec(any::<u8>(), 1..60)) {
        let mut pos = Position::startpos();
        for byte in choices {
            let legal = pos.legal_moves();
            let brute: Vec<Move> = all_pairs().filter(|&m| pos.is_legal(m)).collect();
            prop_assert_eq!(brute.len(), legal.len());
            for m in &brute {
                prop_assert!(legal.contains(*m));
            }
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[byte as usize % legal.len()];
            let fen = pos.to_fen();
            let undo = pos.make(m);
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).unwrap().key(), pos.key());
            pos.unmake(m, undo);
            prop_assert_eq!(pos.to_fen(), fen);
            pos.make(m);
        }
    }
}
