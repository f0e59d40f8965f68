//! The match machinery: Elo arithmetic, the resign rule, game adjudication, openings.

use qike_core::ai::xiangqi::{
    Adjudication, EloEstimate, Ending, GreedyPlayer, OPENINGS, Player, RandomPlayer, Reply,
    ResignWatch, elo_of, parse_openings, play_game,
};
use qike_core::xiangqi::{Move, Position, notation::parse_iccs};
use qike_core::{Outcome, Side, WinReason};

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
    let adj = Adjudication { max_plies: 300, resign_cp: 1000, resign_moves: 5 };
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

    fn think(&mut self, _start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let mv = *self.moves.get(moves.len() / 2).ok_or("script ran out")?;
        Ok(Reply { mv, score: self.score })
    }
}

#[test]
fn mate_ends_the_game_by_the_rules() {
    // The chariot on a8 holds rank 8; the other to the back rank mates.
    let start = Position::from_fen("4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1").unwrap();
    let m = parse_iccs(&start, "b1b9").unwrap();
    let mut red = Script { moves: vec![m], score: None };
    let mut black = RandomPlayer::new(1);
    let rec = play_game(&mut red, &mut black, &start, &[], &Adjudication::default()).unwrap();
    assert_eq!(rec.moves, vec![m]);
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
    let rec = play_game(&mut a, &mut b, &start, &[], &adj).unwrap();
    assert_eq!(rec.moves.len(), 12);
    assert_eq!(rec.ending, Ending::PlyCap);
    assert_eq!(rec.ending.winner(), None);
    // A black move offered as red's is refused with the player's name.
    let bad =
        parse_iccs(&Position::from_fen(&start.to_fen().replace(" w ", " b ")).unwrap(), "h9g7")
            .unwrap();
    let mut cheat = Script { moves: vec![bad], score: None };
    let err = play_game(&mut cheat, &mut b, &start, &[], &adj).unwrap_err();
    assert!(err.contains("script played h9g7"), "{err}");
}

#[test]
fn resign_rule_ends_a_game() {
    let start = Position::startpos();
    let adj = Adjudication { max_plies: 200, resign_cp: 1000, resign_moves: 2 };
    // Both report red winning: red's +1500, black's −1500.
    struct Sure(RandomPlayer, i32);
    impl Player for Sure {
        fn name(&self) -> String {
            "sure".into()
        }
        fn think(&mut self, s: &Position, m: &[Move]) -> Result<Reply, String> {
            Ok(Reply { score: Some(self.1), ..self.0.think(s, m)? })
        }
    }
    let (mut r, mut b) = (Sure(RandomPlayer::new(5), 1500), Sure(RandomPlayer::new(6), -1500));
    let rec = play_game(&mut r, &mut b, &start, &[], &adj).unwrap();
    assert_eq!(rec.ending, Ending::Resigned { loser: Side::Second });
    assert_eq!(rec.moves.len(), 4);
}

#[test]
fn greedy_takes_the_most_valuable_piece() {
    // The red chariot can take a horse or a chariot; greedy takes the chariot.
    let start = Position::from_fen("r3k4/9/9/9/9/9/9/9/R3n4/3K5 w - - 0 1").unwrap();
    let mut g = GreedyPlayer::new(1);
    let reply = g.think(&start, &[]).unwrap();
    assert_eq!(reply.mv.to_string(), "a1a9");
}

#[test]
fn opening_suite_is_legal_and_garbage_is_refused() {
    let openings = parse_openings(OPENINGS).unwrap();
    assert!(openings.len() >= 50, "{} openings", openings.len());
    assert!(openings.iter().all(|o| !o.is_empty()));
    let err = parse_openings("h2e2 h9g7\nh2e2 zz99\n").unwrap_err();
    assert!(err.contains("line 2"), "{err}");
}
