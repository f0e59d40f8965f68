//! Move lists, point names, Gomocup coordinates and board diagrams: any text gives a
//! value or a typed error, and what parses round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::GomokuRule;
use qike_core::gomoku::{Board, BoardSize, notation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for size in [BoardSize::Fifteen, BoardSize::Nineteen] {
        if let Ok(points) = notation::parse_points(text, size) {
            let again = notation::parse_points(&notation::format_points(&points), size);
            assert_eq!(again.as_ref(), Ok(&points));
        }
        for rule in [GomokuRule::Freestyle, GomokuRule::Standard, GomokuRule::Renju] {
            if let Ok(game) = notation::parse_game(text, rule, size) {
                let _ = game.board_view();
            }
        }
        if let Ok(p) = notation::parse_gomocup(text, size) {
            assert_eq!(notation::parse_gomocup(&notation::format_gomocup(p, size), size), Ok(p));
        }
        let _ = Board::from_diagram(size, text);
    }
});
