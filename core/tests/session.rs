//! A casual game against the AI through `XiangqiSession`: taps, engine replies on this
//! thread and on a worker, 悔棋, resignation, draw offers, notation, records and the
//! saved form that brings a game back after the app was closed.

use qike_core::ai::Searcher;
use qike_core::progress::{PlayerResult, Timestamp};
use qike_core::session::{DrawAnswer, SavedSession, SessionError, TapResult, XiangqiSession};
use qike_core::xiangqi::notation::format_iccs;
use qike_core::{Outcome, Point, Side, WinReason};

fn p(file: u8, rank: u8) -> Point {
    Point::new(file, rank)
}

fn red_at_level(level: u8) -> XiangqiSession {
    XiangqiSession::new(Side::First, level, 7, Timestamp(1_000)).unwrap()
}

/// Plays 炮二平五 by two taps.
fn central_cannon(s: &mut XiangqiSession) {
    assert_eq!(s.tap(p(7, 2)), TapResult::Selection);
    assert_eq!(s.tap(p(4, 2)), TapResult::Moved { outcome: None });
}

#[test]
fn taps_move_and_the_engine_replies() {
    let mut s = red_at_level(1);
    let mut searcher = Searcher::new(1);
    assert!(s.is_player_turn());
    central_cannon(&mut s);
    assert!(s.is_engine_turn());
    assert_eq!(s.tap(p(0, 0)), TapResult::Ignored, "taps wait while the engine is to move");
    let reply = s.engine_move_now(&mut searcher).unwrap();
    assert!(s.is_player_turn());
    assert_eq!(s.game().moves().len(), 2);
    assert_eq!(s.game().moves()[1], reply);
    let list = s.move_list();
    assert_eq!(list[0], "炮二平五");
    assert_eq!(list.len(), 2);
    // The last move is marked for the board.
    let last = s.view().last_move.unwrap();
    assert_eq!((last.from, last.to), (Some(reply.from()), reply.to()));
}

#[test]
fn refused_taps_say_why_in_both_languages() {
    let mut s = red_at_level(1);
    // The red horse on b0 jumping straight up the file is not a horse move.
    assert_eq!(s.tap(p(1, 0)), TapResult::Selection);
    let TapResult::Refused { reason } = s.tap(p(1, 3)) else { panic!("expected a refusal") };
    assert!(!reason.zh.is_empty() && !reason.en.is_empty());
    assert_ne!(reason.zh, reason.en);
    assert!(s.game().moves().is_empty());
}

#[test]
fn undo_takes_back_the_reply_and_the_move_together() {
    let mut s = red_at_level(1);
    let mut searcher = Searcher::new(1);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    central_cannon(&mut s);
    s.engine_move_now(&mut searcher).unwrap();
    assert_eq!(s.undo(), Ok(2));
    assert!(s.game().moves().is_empty());
    assert!(s.is_player_turn());
    // While the engine is to move (it was stopped), only the child's move goes back.
    central_cannon(&mut s);
    assert_eq!(s.undo(), Ok(1));
    assert!(s.is_player_turn());

    // Playing black: the engine's opening move stays.
    let mut b = XiangqiSession::new(Side::Second, 1, 3, Timestamp(0)).unwrap();
    b.engine_move_now(&mut searcher).unwrap();
    assert_eq!(b.undo(), Err(SessionError::NothingToUndo));
    let m = b.game().position().legal_moves().as_slice()[0];
    assert_eq!(b.tap(m.from()), TapResult::Selection);
    assert!(matches!(b.tap(m.to()), TapResult::Moved { .. }));
    b.engine_move_now(&mut searcher).unwrap();
    assert_eq!(b.undo(), Ok(2));
    assert_eq!(b.game().moves().len(), 1);
    assert!(b.is_player_turn());
}

#[test]
fn undo_after_being_mated_and_not_after_resigning() {
    // Black (the child) has one move, e9-d9, and then red wins at once (车b0-b9 mates).
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1";
    let start = qike_core::xiangqi::Position::from_fen(fen).unwrap();
    let mut s = XiangqiSession::from_position(start, Side::Second, 10, 1, Timestamp(0)).unwrap();
    let mut searcher = Searcher::new(1);
    assert_eq!(s.tap(p(4, 9)), TapResult::Selection);
    assert_eq!(s.tap(p(3, 9)), TapResult::Moved { outcome: None });
    s.engine_move_now(&mut searcher).unwrap();
    // Mated or 困毙 (no legal move): either way red wins by the rules.
    assert!(matches!(s.outcome(), Some(Outcome::Win { winner: Side::First, .. })));
    assert_eq!(s.tap(p(3, 9)), TapResult::Ignored, "no moves after the end");
    assert_eq!(s.undo(), Ok(2));
    assert_eq!(s.outcome(), None);
    assert!(s.is_player_turn());
    let outcome = s.resign().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Side::First, reason: WinReason::Resignation });
    assert!(s.undo().is_err());
    assert_eq!(s.record(9, Timestamp(5)).result(), PlayerResult::Lost);
}

#[test]
fn early_draw_offers_are_declined() {
    let mut s = red_at_level(5);
    let mut searcher = Searcher::new(1);
    central_cannon(&mut s);
    s.engine_move_now(&mut searcher).unwrap();
    assert_eq!(s.offer_draw(&mut searcher), Ok(DrawAnswer::Declined));
    assert_eq!(s.outcome(), None);
}

#[test]
fn the_engine_takes_a_draw_only_when_it_is_not_better() {
    let mut searcher = Searcher::new(1);
    // The child (red) is a chariot up: the engine is glad to draw.
    let fen = "3ak4/4a4/9/9/9/9/9/9/4A4/3AKR3 w - - 0 1";
    let start = qike_core::xiangqi::Position::from_fen(fen).unwrap();
    let mut s = XiangqiSession::from_position(start, Side::First, 6, 1, Timestamp(0)).unwrap();
    assert_eq!(s.offer_draw(&mut searcher), Ok(DrawAnswer::Accepted));
    assert!(matches!(s.outcome(), Some(Outcome::Draw { .. })));
    assert_eq!(s.record(1, Timestamp(9)).result(), PlayerResult::Drew);
    assert!(s.undo().is_err(), "an agreed draw is final");

    // The engine (black) is a chariot up: declined, and the game goes on.
    let fen = "3akr3/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1";
    let start = qike_core::xiangqi::Position::from_fen(fen).unwrap();
    let mut s = XiangqiSession::from_position(start, Side::First, 6, 1, Timestamp(0)).unwrap();
    assert_eq!(s.offer_draw(&mut searcher), Ok(DrawAnswer::Declined));
    assert_eq!(s.outcome(), None);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let play = |seed: u64| {
        let mut s = XiangqiSession::new(Side::First, 3, seed, Timestamp(0)).unwrap();
        let mut searcher = Searcher::new(1);
        for _ in 0..6 {
            let m = s.game().position().legal_moves().as_slice()[0];
            s.tap(m.from());
            assert!(matches!(s.tap(m.to()), TapResult::Moved { .. }));
            if s.outcome().is_some() {
                break;
            }
            s.engine_move_now(&mut searcher).unwrap();
        }
        s.game().moves()
    };
    assert_eq!(play(11), play(11));
}

#[test]
fn thinking_on_a_worker_thread() {
    let mut s = red_at_level(2);
    central_cannon(&mut s);
    let thinker = s.think(Searcher::new(1)).unwrap();
    let (_searcher, result) = thinker.wait().unwrap();
    let m = s.choose(&result).unwrap();
    assert!(s.game().position().is_legal(m));
    s.play_engine(m).unwrap();
    assert!(s.is_player_turn());
    assert!(matches!(s.think(Searcher::new(1)), Err(SessionError::NotEngineTurn)));
}

#[test]
fn saved_games_come_back_and_damaged_ones_are_refused() {
    let mut s = red_at_level(4);
    let mut searcher = Searcher::new(1);
    central_cannon(&mut s);
    s.engine_move_now(&mut searcher).unwrap();
    let bytes = s.save_bytes();
    let back = XiangqiSession::resume_bytes(&bytes).unwrap();
    assert_eq!(back.game().moves(), s.game().moves());
    assert_eq!(back.view(), s.view());
    assert_eq!(back.level().number, 4);
    assert_eq!(back.player(), Side::First);

    let record = s.record(42, Timestamp(2_000));
    assert_eq!(record.moves, s.game().moves().into_iter().map(format_iccs).collect::<Vec<_>>());
    assert_eq!(record.ai_level, Some(4));
    assert_eq!(record.result(), PlayerResult::Unfinished);

    let mut bad: SavedSession = serde_json::from_slice(&bytes).unwrap();
    bad.moves[1] = "a0a9".into();
    assert!(matches!(XiangqiSession::resume(&bad), Err(SessionError::BadMove { index: 1, .. })));
    let mut future: SavedSession = serde_json::from_slice(&bytes).unwrap();
    future.version = 99;
    assert_eq!(XiangqiSession::resume(&future).err(), Some(SessionError::FutureVersion(99)));
    let mut level: SavedSession = serde_json::from_slice(&bytes).unwrap();
    level.level = 11;
    assert!(matches!(XiangqiSession::resume(&level), Err(SessionError::Level(_))));
    assert!(matches!(
        XiangqiSession::resume_bytes(&bytes[..bytes.len() / 2]),
        Err(SessionError::Malformed(_))
    ));
    // A resigned game stays resigned.
    s.resign().unwrap();
    let back = XiangqiSession::resume_bytes(&s.save_bytes()).unwrap();
    assert_eq!(back.outcome(), s.outcome());
}

/// A child who taps anywhere against every level: random taps (most refused, some moves),
/// undo now and then, the engine answering with its fixed budget. Nothing panics, the
/// board always matches the game, and every saved form resumes to the same game.
#[test]
fn random_children_against_every_level_never_break_a_game() {
    let mut searcher = Searcher::new(1);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for level in 1..=10u8 {
        // Keep the strong levels cheap: the node budget is what the test is about.
        let mut s = XiangqiSession::new(Side::First, level, level.into(), Timestamp(0)).unwrap();
        let mut plies = 0;
        while s.outcome().is_none() && plies < 40 {
            if s.is_engine_turn() {
                let (history, pos) = qike_core::ai::history_of(s.game().start(), &s.game().moves());
                let r = searcher.search(&pos, &history, &qike_core::ai::Limits::nodes(2_000));
                let m = s.choose(&r).expect("a move");
                s.play_engine(m).unwrap();
                plies += 1;
                continue;
            }
            let r = next();
            if r % 17 == 0 {
                if s.undo().is_ok() {
                    assert!(s.is_player_turn(), "level {level}: undo leaves the child to move");
                }
                continue;
            }
            // Half the time a legal move by taps, otherwise two random taps.
            let legal = s.game().position().legal_moves();
            let (from, to) = if r % 2 == 0 && !legal.is_empty() {
                let m = legal.as_slice()[(r as usize / 2) % legal.len()];
                (m.from(), m.to())
            } else {
                let p = |v: u64| Point::new((v % 9) as u8, ((v / 9) % 10) as u8);
                (p(r >> 8), p(r >> 24))
            };
            s.tap(from);
            if let TapResult::Moved { .. } = s.tap(to) {
                plies += 1;
            }
            assert_eq!(s.view().pieces.len(), s.game().position().board_view().pieces.len());
            let back = XiangqiSession::resume_bytes(&s.save_bytes()).unwrap();
            assert_eq!(back.game().moves(), s.game().moves(), "level {level}");
        }
    }
}
