//! Moves as bytes for any game: the first byte picks the game, the rest is move text
//! (decoded and played) followed by raw taps. Never panics; a refused input leaves the
//! game as it was, and decoded text encodes back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::session::GameSession;
use qike_core::{GameKind, GameSetup, GoStart, GomokuRule, MoveInput, PieceKind, Point, Side};
use qike_core::progress::Timestamp;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let setup = match pick % 6 {
        0 => GameSetup::standard(GameKind::Xiangqi),
        1 => GameSetup::standard(GameKind::Chess),
        2 => GameSetup::Go { size: 9, start: GoStart::Even },
        3 => GameSetup::Go { size: 19, start: GoStart::Handicap(4) },
        4 => GameSetup::Gomoku { rule: GomokuRule::Renju, opening: None },
        _ => GameSetup::Gomoku { rule: GomokuRule::Freestyle, opening: None },
    };
    let kind = setup.kind();
    let Ok(mut s) = GameSession::new(setup, Side::First, None, 1, Timestamp(0)) else { return };
    let (text, taps) = rest.split_at(rest.len().min(12));
    if let Ok(text) = std::str::from_utf8(text)
        && let Some(mv) = MoveInput::decode(kind, text)
    {
        assert_eq!(MoveInput::decode(kind, &mv.encode(kind)), Some(mv));
    }
    for pair in taps.chunks(2) {
        let [a, b] = pair else { break };
        let before = s.game().clone();
        match a % 8 {
            0 => {
                let _ = s.undo();
            }
            1 => {
                let _ = s.pass();
            }
            2 => {
                let _ = s.promote([PieceKind::Queen, PieceKind::Knight, PieceKind::Pawn][*b as usize % 3]);
            }
            _ => {
                let r = s.tap(Point::new(b % 20, (a / 8) % 20));
                if let qike_core::session::TapResult::Refused { .. } = r {
                    use qike_core::BoardGame;
                    assert_eq!(s.game().history(), before.history());
                }
            }
        }
    }
});
