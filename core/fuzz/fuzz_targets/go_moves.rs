//! Random move sequences: the first byte picks the board size, then each pair of bytes
//! is a point (sometimes off the board; 255 passes). Legal moves must keep every string
//! with a liberty and the stone counts must add up; the final game must export, read
//! back identically and score.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::go::{Game, Move, read_sgf};
use qike_core::{Point, Side};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let size = 5 + first % 15;
    let Ok(mut game) = Game::even(size) else { return };
    let mut placed = [0usize; 2];
    for pair in rest.chunks_exact(2) {
        if game.is_over() {
            game.resume();
        }
        let mv = if pair[0] == 255 {
            Move::Pass
        } else {
            Move::Play(Point::new(pair[0] % 21, pair[1] % 21))
        };
        let side = game.side_to_move();
        let legal = game.is_legal(mv);
        let ok = game.play(mv).is_ok();
        assert_eq!(legal, ok);
        if ok && matches!(mv, Move::Play(_)) {
            placed[side.index()] += 1;
        }
        let board = game.board();
        for s in [Side::First, Side::Second] {
            assert_eq!(
                board.stone_count(s) + board.captures(s.opponent()) as usize,
                placed[s.index()]
            );
        }
        for (p, _) in board.stones() {
            assert!(board.liberties(p) > 0);
        }
    }
    let back = read_sgf(&game.to_sgf()).expect("our own export reads back");
    assert_eq!(back.game.board(), game.board());
    game.estimate_dead_stones(1, 3);
    let _ = game.score();
});
