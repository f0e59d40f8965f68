//! Casual games through `GameSession`: taps, engine replies on this thread and on a
//! worker, 悔棋, resignation, draw offers, notation, records, the saved form that brings
//! a game back after the app was closed (a version-1 xiangqi draft included), and two
//! players on one device in every game.

use qike_core::progress::{PlayerResult, Timestamp};
use qike_core::session::{DrawAnswer, GameSession, SavedGame, SessionError, TapResult};
use qike_core::xiangqi::{self, Move};
use qike_core::{
    AnyGame, BoardGame, GameKind, GameSetup, GoStart, GomokuRule, MoveInput, Outcome, PieceKind,
    Point, Refusal, Side, WinReason,
};

fn p(file: u8, rank: u8) -> Point {
    Point::new(file, rank)
}

/// The engine's table for these games: 1 MiB is plenty for their searches.
const HASH_MB: usize = 1;

fn red_at_level(level: u8) -> GameSession {
    GameSession::xiangqi(Side::First, level, 7, Timestamp(1_000)).unwrap().with_hash_mb(HASH_MB)
}

fn xq(s: &GameSession) -> &xiangqi::Game {
    s.game().as_xiangqi().unwrap()
}

fn from_fen(fen: &str, player: Side, level: u8) -> GameSession {
    let setup = GameSetup::Xiangqi { fen: fen.to_owned() };
    GameSession::new(setup, player, Some(level), 1, Timestamp(0)).unwrap().with_hash_mb(HASH_MB)
}

/// Plays 炮二平五 by two taps.
fn central_cannon(s: &mut GameSession) {
    assert_eq!(s.tap(p(7, 2)), TapResult::Selection);
    assert_eq!(s.tap(p(4, 2)), TapResult::Moved { outcome: None });
}

fn step(m: Move) -> MoveInput {
    MoveInput::step(m.from(), m.to())
}

#[test]
fn taps_move_and_the_engine_replies() {
    let mut s = red_at_level(1);
    assert!(s.is_player_turn());
    central_cannon(&mut s);
    assert!(s.is_engine_turn());
    assert_eq!(s.tap(p(0, 0)), TapResult::Ignored, "taps wait while the engine is to move");
    let reply = s.engine_move_now().unwrap();
    assert!(s.is_player_turn());
    assert_eq!(xq(&s).moves().len(), 2);
    assert_eq!(step(xq(&s).moves()[1]), reply);
    let list = s.move_list();
    assert_eq!(list[0], "炮二平五");
    assert_eq!(list.len(), 2);
    // The last move is marked for the board.
    assert_eq!(s.view().last_move, reply.last_move());
}

#[test]
fn refused_taps_say_why_in_both_languages() {
    let mut s = red_at_level(1);
    // The red horse on b0 jumping straight up the file is not a horse move.
    assert_eq!(s.tap(p(1, 0)), TapResult::Selection);
    let TapResult::Refused { reason } = s.tap(p(1, 3)) else { panic!("expected a refusal") };
    assert_eq!(reason, Refusal::Xiangqi(xiangqi::IllegalReason::HorseShape));
    let text = reason.text();
    assert!(!text.zh.is_empty() && !text.en.is_empty());
    assert_ne!(text.zh, text.en);
    assert!(xq(&s).moves().is_empty());
}

#[test]
fn undo_takes_back_the_reply_and_the_move_together() {
    let mut s = red_at_level(1);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    central_cannon(&mut s);
    s.engine_move_now().unwrap();
    assert_eq!(s.undo(), Ok(2));
    assert!(xq(&s).moves().is_empty());
    assert!(s.is_player_turn());
    // While the engine is to move (it was stopped), only the child's move goes back.
    central_cannon(&mut s);
    assert_eq!(s.undo(), Ok(1));
    assert!(s.is_player_turn());

    // Playing black: the engine's opening move stays.
    let mut b =
        GameSession::xiangqi(Side::Second, 1, 3, Timestamp(0)).unwrap().with_hash_mb(HASH_MB);
    b.engine_move_now().unwrap();
    assert_eq!(b.undo(), Err(SessionError::NothingToUndo));
    let m = xq(&b).position().legal_moves().as_slice()[0];
    assert_eq!(b.tap(m.from()), TapResult::Selection);
    assert!(matches!(b.tap(m.to()), TapResult::Moved { .. }));
    b.engine_move_now().unwrap();
    assert_eq!(b.undo(), Ok(2));
    assert_eq!(xq(&b).moves().len(), 1);
    assert!(b.is_player_turn());
}

#[test]
fn undo_after_being_mated_and_not_after_resigning() {
    // Black (the child) has one move, e9-d9, and then red wins at once (车b0-b9 mates).
    let mut s = from_fen("4k4/R8/9/9/9/9/9/9/9/1R3K3 b - - 0 1", Side::Second, 10);
    assert_eq!(s.tap(p(4, 9)), TapResult::Selection);
    assert_eq!(s.tap(p(3, 9)), TapResult::Moved { outcome: None });
    s.engine_move_now().unwrap();
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
    central_cannon(&mut s);
    s.engine_move_now().unwrap();
    assert_eq!(s.offer_draw(), Ok(DrawAnswer::Declined));
    assert_eq!(s.outcome(), None);
}

#[test]
fn the_engine_takes_a_draw_only_when_it_is_not_better() {
    // The child (red) is a chariot up: the engine is glad to draw.
    let mut s = from_fen("3ak4/4a4/9/9/9/9/9/9/4A4/3AKR3 w - - 0 1", Side::First, 6);
    assert_eq!(s.offer_draw(), Ok(DrawAnswer::Accepted));
    assert!(matches!(s.outcome(), Some(Outcome::Draw { .. })));
    assert_eq!(s.record(1, Timestamp(9)).result(), PlayerResult::Drew);
    assert!(s.undo().is_err(), "an agreed draw is final");

    // The engine (black) is a chariot up: declined, and the game goes on.
    let mut s = from_fen("3akr3/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", Side::First, 6);
    assert_eq!(s.offer_draw(), Ok(DrawAnswer::Declined));
    assert_eq!(s.outcome(), None);
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let play = |seed: u64| {
        let mut s =
            GameSession::xiangqi(Side::First, 3, seed, Timestamp(0)).unwrap().with_hash_mb(HASH_MB);
        for _ in 0..6 {
            let m = xq(&s).position().legal_moves().as_slice()[0];
            s.tap(m.from());
            assert!(matches!(s.tap(m.to()), TapResult::Moved { .. }));
            if s.outcome().is_some() {
                break;
            }
            s.engine_move_now().unwrap();
        }
        xq(&s).moves()
    };
    assert_eq!(play(11), play(11));
}

#[test]
fn thinking_on_a_worker_thread() {
    let mut s = red_at_level(2);
    central_cannon(&mut s);
    s.start_engine_move().unwrap();
    assert!(s.is_thinking());
    s.wait_engine_move().unwrap();
    assert!(s.is_player_turn());
    assert!(matches!(s.start_engine_move(), Err(SessionError::NotEngineTurn)));
}

/// Polls until the engine's answer is there, as the app does every frame.
fn answer<T>(mut poll: impl FnMut() -> Option<T>) -> T {
    let start = std::time::Instant::now();
    loop {
        if let Some(a) = poll() {
            return a;
        }
        assert!(start.elapsed().as_secs() < 120, "the engine never answered");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

#[test]
fn the_engine_works_on_its_thread_and_the_session_answers_busy_meanwhile() {
    let mut s = red_at_level(2);
    central_cannon(&mut s);
    let mut same = s.clone();
    s.start_engine_move().unwrap();
    assert!(s.is_thinking());
    assert!(matches!(s.start_engine_move(), Err(SessionError::Busy)));
    assert!(matches!(s.engine_move_now(), Err(SessionError::Busy)));
    assert!(matches!(s.hint_now(), Err(SessionError::Busy)));
    assert!(matches!(s.undo(), Err(SessionError::Busy)));
    assert!(s.poll_hint().is_none() && s.poll_review().is_none(), "only the move is under way");
    let played = answer(|| s.poll_engine_move()).unwrap();
    assert!(!s.is_thinking());
    assert_eq!(s.game().history().last(), Some(&played));
    assert!(s.poll_engine_move().is_none(), "each move is played once");
    // The copy has an engine of its own.
    assert!(!same.is_thinking());
    same.engine_move_now().unwrap();

    // A hint and the review, without blocking, as on this thread.
    s.start_hint().unwrap();
    let hint = answer(|| s.poll_hint()).unwrap().expect("a hint");
    assert!(s.game().clone().play(hint.mv).is_ok(), "{hint:?}");
    assert!(s.hint_now().unwrap().is_some());
    s.start_review().unwrap();
    let review = answer(|| s.poll_review()).unwrap();
    assert_eq!(review.iter().map(|r| r.ply).collect::<Vec<_>>(), [0], "the child's one move");
    assert_eq!(s.review_now().unwrap().len(), 1);

    // Stopped and forgotten: the engine comes back and the child's turn is untouched.
    let mut t = red_at_level(10);
    central_cannon(&mut t);
    t.start_engine_move().unwrap();
    assert!(t.stop_thinking());
    t.cancel_thinking();
    assert!(!t.is_thinking() && !t.stop_thinking());
    assert!(t.is_engine_turn());
    assert_eq!(t.undo(), Ok(1));
}

/// A hint asked for one position is not given for another.
#[test]
fn a_hint_for_a_position_left_behind_is_dropped() {
    let setup = GameSetup::standard(GameKind::Xiangqi);
    let mut s =
        GameSession::new(setup, Side::First, None, 1, Timestamp(0)).unwrap().with_hash_mb(HASH_MB);
    s.start_hint().unwrap();
    // Two players: the game goes on while the coach looks.
    central_cannon(&mut s);
    assert_eq!(answer(|| s.poll_hint()), Ok(None));
    s.start_hint().unwrap();
    assert!(answer(|| s.poll_hint()).unwrap().is_some(), "a hint for black");
}

#[test]
fn saved_games_come_back_and_damaged_ones_are_refused() {
    let mut s = red_at_level(4);
    central_cannon(&mut s);
    s.engine_move_now().unwrap();
    let bytes = s.save_bytes();
    let back = GameSession::resume_bytes(&bytes).unwrap();
    assert_eq!(xq(&back).moves(), xq(&s).moves());
    assert_eq!(back.view(), s.view());
    assert_eq!(back.level().map(|l| l.number), Some(4));
    assert_eq!(back.player(), Side::First);

    let record = s.record(42, Timestamp(2_000));
    let iccs: Vec<_> = xq(&s).moves().into_iter().map(xiangqi::notation::format_iccs).collect();
    assert_eq!(record.moves, iccs);
    assert_eq!(record.ai_level, Some(4));
    assert_eq!(record.result(), PlayerResult::Unfinished);

    let mut bad: SavedGame = serde_json::from_slice(&bytes).unwrap();
    bad.moves[1] = "a0a9".into();
    assert!(matches!(GameSession::resume(&bad), Err(SessionError::BadMove { index: 1, .. })));
    let mut future: SavedGame = serde_json::from_slice(&bytes).unwrap();
    future.version = 99;
    assert_eq!(GameSession::resume(&future).err(), Some(SessionError::FutureVersion(99)));
    let mut level: SavedGame = serde_json::from_slice(&bytes).unwrap();
    level.level = Some(11);
    assert!(matches!(GameSession::resume(&level), Err(SessionError::Level(_))));
    assert!(matches!(
        GameSession::resume_bytes(&bytes[..bytes.len() / 2]),
        Err(SessionError::Malformed(_))
    ));
    // A resigned game stays resigned.
    s.resign().unwrap();
    let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
    assert_eq!(back.outcome(), s.outcome());
}

/// A draft exactly as the first app saved it (version 1, xiangqi only) still resumes.
#[test]
fn a_version_one_xiangqi_draft_resumes() {
    let v1 = r#"{"version":1,"start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2","h9g7","h0g2"],"player":"Second","level":3,"seed":99,"started":1234,"ended_by_agreement":null,"draw_declined_at":4}"#;
    let s = GameSession::resume_bytes(v1.as_bytes()).unwrap();
    assert_eq!(s.kind(), GameKind::Xiangqi);
    assert_eq!(s.move_list(), vec!["炮二平五", "马8进7", "马二进三"]);
    assert_eq!(s.player(), Side::Second);
    assert_eq!(s.level().map(|l| l.number), Some(3));
    assert_eq!(s.seed(), 99);
    assert!(s.is_player_turn(), "black (the child) is to move");
    // Saved again, it is a version-2 save that resumes to the same game.
    let again = GameSession::resume_bytes(&s.save_bytes()).unwrap();
    assert_eq!(again.save(), s.save());
    assert_eq!(s.save().version, 2);
    // A version-1 draft with a bad move is refused with the move's index.
    let bad = v1.replace("h0g2", "h0h5");
    assert!(matches!(
        GameSession::resume_bytes(bad.as_bytes()),
        Err(SessionError::BadMove { index: 2, .. })
    ));
}

/// Two players on one phone: each taps their own moves; undo takes back one move.
#[test]
fn two_players_share_a_device_in_every_game() {
    let setups = [
        GameSetup::standard(GameKind::Xiangqi),
        GameSetup::standard(GameKind::Chess),
        GameSetup::Go { size: 9, start: GoStart::Even },
        GameSetup::Gomoku { rule: GomokuRule::Renju, opening: None },
    ];
    for setup in setups {
        let kind = setup.kind();
        let mut s = GameSession::new(setup, Side::First, None, 1, Timestamp(0)).unwrap();
        assert!(s.is_two_player() && s.is_player_turn() && !s.is_engine_turn());
        for _ in 0..2 {
            let mv = legal_inputs(s.game())[0];
            play_by_taps(&mut s, mv);
            assert!(s.is_player_turn(), "{kind:?}: both sides tap on one device");
        }
        assert_eq!(s.game().history().len(), 2);
        assert_eq!(s.undo(), Ok(1), "{kind:?}");
        let record = s.record(1, Timestamp(1));
        assert_eq!((record.kind, record.ai_level, record.moves.len()), (kind, None, 1));
        // Resigning ends it for the player to move.
        let out = s.resign().unwrap();
        assert_eq!(out, Outcome::Win { winner: Side::First, reason: WinReason::Resignation });
    }
}

#[test]
fn levels_outside_a_games_table_are_refused() {
    for kind in [
        GameKind::Xiangqi,
        GameKind::Chess,
        GameKind::Go { size: 9 },
        GameKind::Gomoku { rule: GomokuRule::Renju },
    ] {
        for level in [0, 11, 255] {
            let setup = GameSetup::standard(kind);
            assert!(matches!(
                GameSession::new(setup, Side::First, Some(level), 1, Timestamp(0)),
                Err(SessionError::Level(_))
            ));
        }
        let session =
            GameSession::new(GameSetup::standard(kind), Side::First, Some(1), 1, Timestamp(0));
        assert!(session.is_ok(), "{kind:?} has an engine at level 1");
    }
}

/// Points far off every board (taps from a confused UI or a foreign caller) are refused
/// or ignored, never a panic, in every game.
#[test]
fn points_far_off_the_board_are_refused() {
    for kind in [
        GameKind::Xiangqi,
        GameKind::Chess,
        GameKind::Go { size: 9 },
        GameKind::Gomoku { rule: GomokuRule::Renju },
    ] {
        let mut game = AnyGame::new(kind).unwrap();
        for far in [p(200, 200), p(255, 0), p(0, 255), p(9, 30), p(30, 9)] {
            assert!(game.targets(far).is_empty(), "{kind:?} {far}");
            assert!(!game.is_own_piece(far), "{kind:?} {far}");
            assert!(!game.needs_promotion(far, p(0, 0)), "{kind:?} {far}");
            assert!(game.play(MoveInput::Place { at: far }).is_err(), "{kind:?} {far}");
            assert!(game.play(MoveInput::step(far, p(0, 0))).is_err(), "{kind:?} {far}");
            assert!(game.play(MoveInput::step(p(0, 0), far)).is_err(), "{kind:?} {far}");
        }
        assert!(game.history().is_empty(), "{kind:?}");
        let mut s = GameSession::new(GameSetup::standard(kind), Side::First, None, 1, Timestamp(0))
            .unwrap();
        assert!(matches!(s.tap(p(250, 250)), TapResult::Ignored | TapResult::Refused { .. }));
    }
}

/// Every legal input of the side to move (moves of pieces, stones, pass).
fn legal_inputs(game: &AnyGame) -> Vec<MoveInput> {
    let view = game.view();
    let mut out = Vec::new();
    for file in 0..view.files {
        for rank in 0..view.ranks {
            let at = p(file, rank);
            if game.places_stones() {
                let mut g = game.clone();
                if g.play(MoveInput::Place { at }).is_ok() {
                    out.push(MoveInput::Place { at });
                }
            } else if game.is_own_piece(at) {
                for to in game.targets(at) {
                    let promotion = game.needs_promotion(at, to).then_some(PieceKind::Queen);
                    out.push(MoveInput::Step { from: at, to, promotion });
                }
            }
        }
    }
    out
}

fn play_by_taps(s: &mut GameSession, mv: MoveInput) {
    s.deselect();
    match mv {
        MoveInput::Place { at } => {
            assert!(matches!(s.tap(at), TapResult::Moved { .. }), "{mv:?}");
        }
        MoveInput::Step { from, to, promotion } => {
            assert_eq!(s.tap(from), TapResult::Selection);
            match s.tap(to) {
                TapResult::Moved { .. } => assert!(promotion.is_none()),
                TapResult::ChoosePromotion { .. } => {
                    let piece = promotion.unwrap_or(PieceKind::Queen);
                    assert!(matches!(s.promote(piece), TapResult::Moved { .. }));
                }
                other => panic!("{mv:?} by taps gave {other:?}"),
            }
        }
        MoveInput::Pass => {
            s.pass().unwrap();
        }
    }
}

/// A seeded stream of numbers for the random walks below.
fn numbers(seed: u64) -> impl FnMut() -> u64 {
    let mut rng = qike_core::Rng::new(seed);
    move || rng.next_u64()
}

/// The history read back from each game's own standard notation.
fn replay_notation(s: &GameSession) -> Vec<MoveInput> {
    let setup = s.setup().clone();
    let mut game = setup.start().unwrap();
    let skip = setup.fixed_plies();
    let names = s.move_names();
    for name in names.iter().skip(skip) {
        let mv = match &game {
            AnyGame::Xiangqi(g) => {
                step(xiangqi::notation::parse_iccs(g.position(), &name.standard).unwrap())
            }
            AnyGame::Chess(g) => {
                let m = qike_core::chess::parse_san(g.position(), &name.standard).unwrap();
                MoveInput::Step {
                    from: m.from,
                    to: m.to,
                    promotion: m.promotion.map(|p| p.role().kind()),
                }
            }
            AnyGame::Go(g) => match qike_core::go::parse_gtp(&name.standard, g.size()).unwrap() {
                qike_core::go::Move::Play(at) => MoveInput::Place { at },
                qike_core::go::Move::Pass => MoveInput::Pass,
            },
            AnyGame::Gomoku(g) => MoveInput::Place {
                at: qike_core::gomoku::notation::parse_point(&name.standard, g.size()).unwrap(),
            },
        };
        game.play(mv).unwrap();
    }
    game.history()
}

/// Children tapping anywhere in every game: random taps (most refused, some moves),
/// promotions, passes, undo now and then, saving and resuming after every step. Nothing
/// panics, the game never changes on a refused input, every refusal has words in both
/// languages, and the history always equals a replay of the game's own notation.
#[test]
fn random_taps_undos_and_resumes_keep_every_game_consistent() {
    let mut next = numbers(0x2545_F491_4F6C_DD1D);
    let setups = [
        GameSetup::standard(GameKind::Xiangqi),
        GameSetup::standard(GameKind::Chess),
        // Pawns one step from promotion on both sides, kings far away.
        GameSetup::Chess { fen: "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1".to_owned() },
        GameSetup::Go { size: 9, start: GoStart::Even },
        GameSetup::Go { size: 13, start: GoStart::Handicap(4) },
        GameSetup::Gomoku { rule: GomokuRule::Renju, opening: None },
        GameSetup::Gomoku { rule: GomokuRule::Freestyle, opening: Some("花月".to_owned()) },
        GameSetup::Gomoku { rule: GomokuRule::Standard, opening: None },
    ];
    for setup in setups {
        let kind = setup.kind();
        let mut s = GameSession::new(setup.clone(), Side::First, None, 5, Timestamp(0)).unwrap();
        let (mut refusals, mut promotions, mut counts, mut most_plies) = (0, 0, 0, 0);
        for round in 0..300 {
            let r = next();
            let before = s.game().history();
            let view = s.view();
            let (files, ranks) = (view.files as u64, view.ranks as u64);
            let at = Point::new(((r >> 8) % files) as u8, ((r >> 20) % ranks) as u8);
            let result = match r % 23 {
                0 | 1 => {
                    let _ = s.undo();
                    None
                }
                2 => {
                    // Sometimes both players pass at once, to reach the count.
                    if (r >> 50).is_multiple_of(2) {
                        let _ = s.pass();
                    }
                    Some(s.pass().map_or(TapResult::Ignored, |t| t))
                }
                3 if s.is_counting() => {
                    let _ = s.resume_play();
                    None
                }
                4..=11 => {
                    // A legal move by taps, when there is one.
                    let legal = legal_inputs(s.game());
                    if s.is_player_turn() && !legal.is_empty() {
                        let mv = legal[(r as usize >> 4) % legal.len()];
                        play_by_taps(&mut s, mv);
                    }
                    None
                }
                n => {
                    // Often pick up one of the mover's own pieces first, so the random
                    // point is a move attempt rather than a tap on nothing.
                    let mover = s.game().side_to_move();
                    let own: Vec<Point> =
                        view.pieces.iter().filter(|p| p.side == mover).map(|p| p.at).collect();
                    if n % 2 == 0 && !own.is_empty() && !s.game().places_stones() {
                        s.deselect();
                        s.tap(own[(r >> 32) as usize % own.len()]);
                    }
                    Some(s.tap(at))
                }
            };
            match result {
                Some(TapResult::Refused { reason }) => {
                    refusals += 1;
                    let t = reason.text();
                    assert!(t.is_complete(), "{kind:?}: {reason:?} has no words");
                    assert_eq!(s.game().history(), before, "{kind:?}: a refusal changed the game");
                }
                Some(TapResult::ChoosePromotion { .. }) => {
                    let piece =
                        [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]
                            [(r >> 40) as usize % 4];
                    if let TapResult::Moved { .. } = s.promote(piece) {
                        promotions += 1;
                    }
                }
                _ => {}
            }
            counts += usize::from(s.is_counting());
            most_plies = most_plies.max(s.game().history().len());
            if let Some(&MoveInput::Step { promotion: Some(_), .. }) = s.game().history().last() {
                promotions += 1;
            }
            assert_eq!(replay_notation(&s), s.game().history(), "{kind:?} round {round}");
            let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
            assert_eq!(back.game().history(), s.game().history(), "{kind:?} round {round}");
            assert_eq!(back.outcome(), s.outcome(), "{kind:?} round {round}");
            assert_eq!(back.game().view().pieces, s.game().view().pieces, "{kind:?}");
            if s.outcome().is_some() {
                // Finished games start again from the setup.
                s = GameSession::new(setup.clone(), Side::First, None, r, Timestamp(0)).unwrap();
            }
        }
        // The walk went somewhere: refusals seen, games of some length, promotions on
        // the promotion board, a count in Go.
        assert!(
            refusals > 2 && most_plies > 10,
            "{kind:?}: {refusals} refusals, {most_plies} plies"
        );
        if setup == (GameSetup::Chess { fen: "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1".to_owned() }) {
            assert!(promotions > 0, "no promotion was played");
        }
        if matches!(kind, GameKind::Go { .. }) {
            assert!(counts > 0, "{kind:?}: no count was reached");
        }
    }
}

/// Against the engine at every level with random taps: the engine always answers
/// through the level's pick, and every saved form resumes to the same game.
#[test]
fn random_children_against_every_level_never_break_a_game() {
    // The engine for the strong levels' cheap replies; the session has its own.
    let mut e = qike_core::ai::AnyEngine::for_game(GameKind::Xiangqi, HASH_MB).unwrap();
    let mut next = numbers(0x9E37_79B9_7F4A_7C15);
    for level in 1..=10u8 {
        let mut s = GameSession::xiangqi(Side::First, level, level.into(), Timestamp(0))
            .unwrap()
            .with_hash_mb(HASH_MB);
        let mut plies = 0;
        while s.outcome().is_none() && plies < 24 {
            if s.is_engine_turn() {
                // The strong levels' node caps are what the app uses; keep this cheap by
                // taking the reply from level 1's budget for levels above 6.
                let mv = if level > 6 {
                    let cheap = qike_core::ai::Level::get(GameKind::Xiangqi, u32::from(level))
                        .unwrap()
                        .with_nodes(3_000);
                    qike_core::ai::play_level(
                        &mut e,
                        s.game(),
                        &cheap,
                        &mut qike_core::Rng::new(next()),
                        true,
                    )
                    .unwrap()
                } else {
                    s.engine_move_now().unwrap();
                    plies += 1;
                    continue;
                };
                s.play_engine(mv).unwrap();
                plies += 1;
                continue;
            }
            let r = next();
            if r.is_multiple_of(17) {
                if s.undo().is_ok() {
                    assert!(s.is_player_turn(), "level {level}: undo leaves the child to move");
                }
                continue;
            }
            let legal = legal_inputs(s.game());
            if r.is_multiple_of(2) && !legal.is_empty() {
                play_by_taps(&mut s, legal[(r as usize / 2) % legal.len()]);
                plies += 1;
            } else {
                let q = |v: u64| Point::new((v % 9) as u8, ((v / 9) % 10) as u8);
                s.tap(q(r >> 8));
                if let TapResult::Moved { .. } = s.tap(q(r >> 24)) {
                    plies += 1;
                }
            }
            let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
            assert_eq!(back.game().history(), s.game().history(), "level {level}");
        }
    }
}

#[test]
fn a_move_chosen_off_the_board_is_played_with_the_same_checks() {
    let mut s = red_at_level(1);
    // A horse cannot go straight up the file.
    let bad = s.play(MoveInput::step(p(1, 0), p(1, 3)));
    assert!(matches!(bad, Err(SessionError::Refused(Refusal::Xiangqi(_)))), "{bad:?}");
    assert_eq!(s.play(MoveInput::step(p(7, 2), p(4, 2))).unwrap(), None);
    assert_eq!(s.move_list(), ["炮二平五"]);
    // Now the engine is to move: the child's move is not taken.
    let early = s.play(MoveInput::step(p(1, 0), p(2, 2)));
    assert_eq!(early, Err(SessionError::Refused(Refusal::NotYourTurn)));
    s.engine_move_now().unwrap();
    s.resign().unwrap();
    let over = s.play(MoveInput::step(p(1, 0), p(2, 2)));
    assert_eq!(over, Err(SessionError::Refused(Refusal::GameOver)));
}
