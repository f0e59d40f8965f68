//! The match machinery: Elo arithmetic, the resign rule, game adjudication, openings.

use qike_core::ai::arena::{
    Adjudication, EloEstimate, Ending, GreedyPlayer, LevelPlayer, Player, RandomPlayer, Reply,
    ResignRule, ResignWatch, elo_of, extend_randomly, legal_inputs, play_game,
};
use qike_core::ai::levels;
use qike_core::ai::xiangqi::{OPENINGS, game_after, parse_openings};
use qike_core::xiangqi::{Move, Position, notation::parse_iccs};
use qike_core::{AnyGame, BoardGame, GameKind, MoveInput, Outcome, Rng, Side, WinReason};

fn step(m: Move) -> MoveInput {
    MoveInput::step(m.from(), m.to())
}

#[test]
fn elo_of_known_scores() {
    assert!(elo_of(0.5).abs() < 1e-9);
    assert!((elo_of(0.75) - 190.85).abs() < 0.1);
    assert!((elo_of(0.25) + 190.85).abs() < 0.1);
    // Clamped, so a clean sweep is still a finite number.
    assert!(elo_of(1.0).is_finite() && elo_of(0.0).is_finite());
}

#[test]
fn interval_of_a_match() {
    let e = EloEstimate::new(75, 0, 25);
    assert!((e.score - 0.75).abs() < 1e-12);
    // se = sqrt(0.1875 / 100) = 0.0433; 0.75 ± 0.0849 → [0.665, 0.835].
    assert!((e.low - elo_of(0.75 - 1.96 * 0.0433013)).abs() < 0.5, "{e:?}");
    assert!((e.high - elo_of(0.75 + 1.96 * 0.0433013)).abs() < 0.5, "{e:?}");
    assert!(e.low < e.elo && e.elo < e.high);
    // Draws carry less variance than wins and losses at the same score.
    let even = EloEstimate::new(50, 0, 50);
    let drawn = EloEstimate::new(25, 50, 25);
    assert!(even.elo.abs() < 1e-9 && drawn.elo.abs() < 1e-9);
    assert!(drawn.high - drawn.low < even.high - even.low);
    assert!((even.high + even.low).abs() < 1e-6, "symmetric around 0");
    let s = EloEstimate::new(10, 5, 5).summary();
    assert!(s.starts_with("score 12.5/20 (62.5%) +10 =5 -5, draws 25.0%, elo +89"), "{s}");
}

#[test]
fn resign_rule_needs_both_players_for_five_moves_each() {
    let adj = ResignRule { cp: 1000, moves: 5 };
    let mut w = ResignWatch::default();
    // Red says it is winning, black agrees (its own score very negative).
    for ply in 0..9 {
        let (mover, score) = if ply % 2 == 0 { (Side::First, 1200) } else { (Side::Second, -1500) };
        assert_eq!(w.record(&adj, mover, Some(score)), None, "ply {ply}");
    }
    assert_eq!(w.record(&adj, Side::Second, Some(-1100)), Some(Side::Second));
    // One disagreeing or silent report starts the count again.
    let mut w = ResignWatch::default();
    for _ in 0..4 {
        w.record(&adj, Side::First, Some(1200));
        w.record(&adj, Side::Second, Some(-1200));
    }
    assert_eq!(w.record(&adj, Side::First, Some(300)), None);
    assert_eq!(w.record(&adj, Side::Second, None), None);
    for _ in 0..4 {
        assert_eq!(w.record(&adj, Side::First, Some(-2000)), None);
        assert_eq!(w.record(&adj, Side::Second, Some(2000)), None);
    }
    assert_eq!(w.record(&adj, Side::First, Some(-2000)), None);
    assert_eq!(w.record(&adj, Side::Second, Some(2000)), Some(Side::First));
}

/// Plays a fixed list of moves and reports a fixed score.
struct Script {
    moves: Vec<Move>,
    score: Option<i32>,
}

impl Player for Script {
    fn name(&self) -> String {
        "script".into()
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let mv = *self.moves.get(game.history().len() / 2).ok_or("script ran out")?;
        Ok(Reply { input: step(mv), score: self.score })
    }
}

#[test]
fn mate_ends_the_game_by_the_rules() {
    // The chariot on a8 holds rank 8; the other to the back rank mates.
    let start = Position::from_fen("4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1").unwrap();
    let m = parse_iccs(&start, "b1b9").unwrap();
    let mut red = Script { moves: vec![m], score: None };
    let mut black = RandomPlayer::new(1);
    let game = game_after(&start, &[]).unwrap();
    let rec = play_game(&mut red, &mut black, game, &Adjudication::default()).unwrap();
    assert_eq!(rec.game.history(), vec![step(m)]);
    assert!(matches!(
        rec.ending,
        Ending::Rules(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate })
    ));
    assert_eq!(rec.ending.winner(), Some(Side::First));
}

#[test]
fn ply_cap_is_a_draw_and_illegal_replies_fail() {
    let start = Position::startpos();
    let adj = Adjudication { max_plies: 12, ..Adjudication::default() };
    let (mut a, mut b) = (RandomPlayer::new(3), RandomPlayer::new(4));
    let rec = play_game(&mut a, &mut b, game_after(&start, &[]).unwrap(), &adj).unwrap();
    assert_eq!(rec.plies(), 12);
    assert_eq!(rec.ending, Ending::PlyCap);
    assert_eq!(rec.ending.winner(), None);
    // A black move offered as red's is refused with the player's name.
    let bad =
        parse_iccs(&Position::from_fen(&start.to_fen().replace(" w ", " b ")).unwrap(), "h9g7")
            .unwrap();
    let mut cheat = Script { moves: vec![bad], score: None };
    let err = play_game(&mut cheat, &mut b, game_after(&start, &[]).unwrap(), &adj).unwrap_err();
    assert!(err.contains("script played h9g7"), "{err}");
}

#[test]
fn resign_rule_ends_a_game() {
    let start = Position::startpos();
    let adj = Adjudication {
        max_plies: 200,
        claim_draws: true,
        resign: Some(ResignRule { cp: 1000, moves: 2 }),
    };
    // Both report red winning: red's +1500, black's −1500.
    struct Sure(RandomPlayer, i32);
    impl Player for Sure {
        fn name(&self) -> String {
            "sure".into()
        }
        fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
            Ok(Reply { score: Some(self.1), ..self.0.think(game)? })
        }
    }
    let (mut r, mut b) = (Sure(RandomPlayer::new(5), 1500), Sure(RandomPlayer::new(6), -1500));
    let rec = play_game(&mut r, &mut b, game_after(&start, &[]).unwrap(), &adj).unwrap();
    assert_eq!(rec.ending, Ending::Resigned { loser: Side::Second });
    assert_eq!(rec.plies(), 4);
}

#[test]
fn greedy_takes_the_most_valuable_piece() {
    // The red chariot can take a horse or a chariot; greedy takes the chariot.
    let start = Position::from_fen("r3k4/9/9/9/9/9/9/9/R3n4/3K5 w - - 0 1").unwrap();
    let mut g = GreedyPlayer::new(1);
    let reply = g.think(&game_after(&start, &[]).unwrap()).unwrap();
    assert_eq!(reply.input.encode(GameKind::Xiangqi), "a1a9");
}

#[test]
fn opening_suite_is_legal_and_garbage_is_refused() {
    let openings = parse_openings(OPENINGS).unwrap();
    assert!(openings.len() >= 50, "{} openings", openings.len());
    assert!(openings.iter().all(|o| !o.is_empty()));
    let err = parse_openings("h2e2 h9g7\nh2e2 zz99\n").unwrap_err();
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn one_game_loop_plays_every_board() {
    // Levels and bots through the same loop on all four boards: each game ends by its
    // rules or the cap, every move the game's own, and the same seeds replay it exactly.
    let kinds = [
        GameKind::Xiangqi,
        GameKind::Chess,
        GameKind::Go { size: 9 },
        GameKind::Gomoku { rule: qike_core::GomokuRule::Freestyle },
    ];
    for kind in kinds {
        let play = || {
            let level = levels(kind)[0];
            let mut a = LevelPlayer::new(kind, level, 7, true).unwrap();
            let mut b = RandomPlayer::new(8);
            let mut game = AnyGame::new(kind).unwrap();
            extend_randomly(&mut game, 2, &mut Rng::new(9));
            assert_eq!(game.history().len(), 2, "{kind:?}");
            let adj = Adjudication { max_plies: 60, claim_draws: true, resign: None };
            play_game(&mut a, &mut b, game, &adj).unwrap()
        };
        let rec = play();
        assert!(rec.plies() > 2, "{kind:?}");
        match &rec.ending {
            Ending::Rules(_) => assert!(rec.game.outcome().is_some(), "{kind:?}"),
            Ending::PlyCap => assert_eq!(rec.plies(), 60, "{kind:?}"),
            Ending::Resigned { .. } => panic!("{kind:?}: no resign rule was set"),
        }
        assert_eq!(rec.game.history(), play().game.history(), "{kind:?}");
    }
}

#[test]
fn chess_draws_are_claimed_when_the_adjudication_says_so() {
    // Knights shuffling out and back: the start position a third time on ply 8.
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"];
    struct Shuffle(Vec<&'static str>);
    impl Player for Shuffle {
        fn name(&self) -> String {
            "shuffle".into()
        }
        fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
            let text = self.0.get(game.history().len()).ok_or("ran out")?;
            Ok(Reply::of(MoveInput::decode(GameKind::Chess, text).unwrap()))
        }
    }
    let claim = |claim_draws| {
        let (mut w, mut b) = (Shuffle(shuffle.to_vec()), Shuffle(shuffle.to_vec()));
        let adj = Adjudication { max_plies: 9, claim_draws, resign: None };
        play_game(&mut w, &mut b, AnyGame::new(GameKind::Chess).unwrap(), &adj)
    };
    let rec = claim(true).unwrap();
    assert_eq!(rec.plies(), 8);
    assert!(matches!(rec.ending, Ending::Rules(Outcome::Draw { .. })), "{:?}", rec.ending);
    // Not claimed, the game goes on, and the shuffle runs out of moves.
    assert!(claim(false).unwrap_err().contains("ran out"));
}

#[test]
fn legal_inputs_are_the_games_own_moves() {
    for kind in [GameKind::Xiangqi, GameKind::Chess, GameKind::Go { size: 9 }] {
        let game = AnyGame::new(kind).unwrap();
        let legal = legal_inputs(&game);
        assert!(!legal.is_empty());
        for m in legal {
            assert!(game.clone().play(m).is_ok(), "{kind:?} {m:?}");
        }
    }
    assert_eq!(legal_inputs(&AnyGame::new(GameKind::Chess).unwrap()).len(), 20);
    assert_eq!(legal_inputs(&AnyGame::new(GameKind::Xiangqi).unwrap()).len(), 44);
}
