//! Outcomes of xiangqi games: 将死, 困毙, repetition rulings under both rulesets, the
//! natural move limit, dead positions, resignation and agreed draws.

use qike_core::xiangqi::{Game, GameError, Move, Position, Rules, Ruleset, notation};
use qike_core::{DrawReason, Outcome, Side, WinReason};

fn game(fen: &str, rules: Rules) -> Game {
    Game::new(Position::from_fen(fen).expect("valid FEN"), rules)
}

/// Plays ICCS moves; returns the outcome after the last one.
fn play(game: &mut Game, moves: &str) -> Option<Outcome> {
    let mut outcome = None;
    let list: Vec<&str> = moves.split_whitespace().collect();
    for (i, text) in list.iter().enumerate() {
        assert!(outcome.is_none(), "game ended before {text}: {outcome:?}");
        let m: Move = notation::parse_iccs(game.position(), text)
            .unwrap_or_else(|e| panic!("move {i} {text}: {e}"));
        outcome = game.play(m).expect("legal move");
    }
    outcome
}

fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn checkmate_wins() {
    // Chariot a8 holds rank 8, the red general holds the e-file, i0-i9 mates.
    let mut g = game("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", Rules::default());
    assert_eq!(play(&mut g, "i0i9"), win(Side::First, WinReason::Checkmate));
    assert_eq!(g.outcome(), win(Side::First, WinReason::Checkmate));
    let m = Move::new(qike_core::Point::new(3, 9), qike_core::Point::new(3, 8)).unwrap();
    assert_eq!(g.play(m), Err(GameError::Over));
}

#[test]
fn no_legal_move_loses_without_check() {
    // 困毙: after a7-a8 the black general is not in check but cannot move.
    let mut g = game("3k5/9/R8/9/9/9/9/9/9/4K4 w - - 0 1", Rules::default());
    assert_eq!(play(&mut g, "a7a8"), win(Side::First, WinReason::NoLegalMove));
    assert!(!g.position().is_check());
}

#[test]
fn perpetual_check_loses_under_chinese_rules() {
    // 长将: red checks on every move, black only steps its general.
    let moves = "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9";
    let fen = "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1";
    let mut g = game(fen, Rules::default());
    assert_eq!(play(&mut g, moves), win(Side::Second, WinReason::ForbiddenRepetition));
    // The same moves are just a draw for casual play.
    let casual = Rules { ruleset: Ruleset::ThreefoldDraw, ..Rules::default() };
    let mut g = game(fen, casual);
    assert_eq!(play(&mut g, moves), draw(DrawReason::Repetition));
}

#[test]
fn idle_repetition_is_drawn() {
    // 不变作和: neither side checks or chases.
    let mut g = game("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", Rules::default());
    let outcome = play(&mut g, "i0i1 d9d8 i1i0 d8d9 i0i1 d9d8 i1i0 d8d9");
    assert_eq!(outcome, draw(DrawReason::Repetition));
}

#[test]
fn perpetual_chase_loses() {
    // 长捉: the red chariot chases the unprotected black horse between a7 and b5.
    let mut g = game("3k5/9/n8/9/9/9/9/9/1R7/4K4 w - - 0 1", Rules::default());
    let outcome = play(&mut g, "b1a1 a7b5 a1b1 b5a7 b1a1 a7b5 a1b1 b5a7");
    assert_eq!(outcome, win(Side::Second, WinReason::ForbiddenRepetition));
}

#[test]
fn one_check_one_chase_loses() {
    // 一将一捉: the chariot checks from i9, then attacks the horse from i7, and again.
    let mut g = game("3k5/9/n7R/9/9/9/9/9/9/4K4 w - - 0 1", Rules::default());
    let outcome = play(&mut g, "i7i9 d9d8 i9i7 d8d9 i7i9 d9d8 i9i7 d8d9");
    assert_eq!(outcome, win(Side::Second, WinReason::ForbiddenRepetition));
}

#[test]
fn chasing_a_protected_piece_is_allowed() {
    // The black chariot on a9 protects the horse on a7, the one on i5 protects b5:
    // red's attacks are not chases, so the repetition is a draw.
    let mut g = game("r2k5/9/n8/9/8r/9/9/9/1R7/4K4 w - - 0 1", Rules::default());
    let outcome = play(&mut g, "b1a1 a7b5 a1b1 b5a7 b1a1 a7b5 a1b1 b5a7");
    assert_eq!(outcome, draw(DrawReason::Repetition));
}

#[test]
fn repetition_count_is_configurable() {
    let rules = Rules { repetitions: 2, ..Rules::default() };
    let mut g = game("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", rules);
    assert_eq!(play(&mut g, "i0i1 d9d8 i1i0 d8d9"), draw(DrawReason::Repetition));
}

#[test]
fn natural_move_limit_draws() {
    let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", Rules::default());
    assert_eq!(play(&mut g, "a0a1"), draw(DrawReason::MoveLimit));
    // A shorter limit can be set, and 0 turns it off.
    let rules = Rules { move_limit: 1, ..Rules::default() };
    let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", rules);
    assert_eq!(play(&mut g, "a0a1 d9d8"), draw(DrawReason::MoveLimit));
    let rules = Rules { move_limit: 0, ..Rules::default() };
    let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 500 80", rules);
    assert_eq!(play(&mut g, "a0a1"), None);
}

#[test]
fn dead_position_draws() {
    // The red advisor takes black's last soldier: no side can ever attack.
    let mut g = game("3k5/9/9/9/9/9/9/3p5/4A4/4K4 w - - 0 1", Rules::default());
    assert_eq!(play(&mut g, "e1d2"), draw(DrawReason::InsufficientMaterial));
}

#[test]
fn resignation_and_agreed_draw() {
    let mut g = Game::default();
    assert_eq!(
        g.resign(Side::First),
        Ok(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert_eq!(g.agree_draw(), Err(GameError::Over));
    let mut g = Game::default();
    play(&mut g, "h2e2 h9g7");
    assert_eq!(g.agree_draw(), Ok(Outcome::Draw { reason: DrawReason::Agreement }));
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn illegal_moves_are_refused_and_leave_the_game_unchanged() {
    let mut g = Game::default();
    let bad = Move::new(qike_core::Point::new(0, 0), qike_core::Point::new(1, 1)).unwrap();
    assert!(matches!(g.play(bad), Err(GameError::Illegal(_))));
    assert_eq!(g.position(), &Position::startpos());
    let (from, to) = (qike_core::Point::new(7, 2), qike_core::Point::new(4, 2));
    assert_eq!(g.play_points(from, to), Ok(None));
    assert!(matches!(g.play_points(from, qike_core::Point::new(9, 2)), Err(GameError::Illegal(_))));
}
