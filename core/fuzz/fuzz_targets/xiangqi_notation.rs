//! Move text in ICCS, WXF and Chinese notation: never panics; a text that parses names a
//! legal move, and that move's own notations parse back to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::xiangqi::Position;
use qike_core::xiangqi::notation::{
    format_chinese, format_iccs, format_wxf, parse_chinese, parse_iccs, parse_wxf,
};

const FENS: [&str; 4] = [
    qike_core::xiangqi::START_FEN,
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
    "1nba1ab2/r3k1n2/4c4/p7p/c3p4/2C1P1PC1/P1P5P/8B/1R1rA4/1NB1KA1NR w - - 19 18",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let Ok(pos) = Position::from_fen(FENS[first as usize % FENS.len()]) else { return };
    for parsed in [parse_iccs(&pos, text), parse_wxf(&pos, text), parse_chinese(&pos, text)] {
        let Ok(m) = parsed else { continue };
        assert!(pos.is_legal(m));
        assert_eq!(parse_iccs(&pos, &format_iccs(m)), Ok(m));
        assert_eq!(parse_wxf(&pos, &format_wxf(&pos, m)), Ok(m));
        assert_eq!(parse_chinese(&pos, &format_chinese(&pos, m)), Ok(m));
    }
});
