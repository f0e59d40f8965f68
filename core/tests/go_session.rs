//! Go through the generic session: two children on one device tap stones, pass, mark
//! the dead stones at the count, agree, save and resume; refused stones say why; every
//! handicap a board takes starts with white to move.

use qike_core::go::{
    self, HandicapError, IllegalReason, Move, handicap_choices, handicap_points, parse_gtp,
};
use qike_core::progress::Timestamp;
use qike_core::session::{GameSession, SessionError, TapResult};
use qike_core::{
    GameSetup, GoStart, HighlightKind, Outcome, PieceKind, Point, Refusal, SetupError, Side,
    WinReason,
};

/// The point a GTP name (`E5`) stands for on a board of `size` lines.
fn pt(name: &str, size: u8) -> Point {
    match parse_gtp(name, size) {
        Ok(Move::Play(p)) => p,
        other => panic!("{name} is not a point: {other:?}"),
    }
}

/// Two players on one device, `start` on a board of `size` lines.
fn two_players(size: u8, start: GoStart) -> GameSession {
    GameSession::new(GameSetup::Go { size, start }, Side::First, None, 11, Timestamp(0)).unwrap()
}

/// Taps each point in turn; every tap must play a stone.
fn tap_all(s: &mut GameSession, names: &[&str]) {
    for name in names {
        let r = s.tap(pt(name, 9));
        assert_eq!(r, TapResult::Moved { outcome: None }, "tap on {name}");
    }
}

fn dead(s: &GameSession) -> Vec<Point> {
    let mut d = s.game().as_go().unwrap().dead_stones();
    d.sort();
    d
}

fn points(names: &[&str]) -> Vec<Point> {
    let mut v: Vec<Point> = names.iter().map(|n| pt(n, 9)).collect();
    v.sort();
    v
}

const WALL_E: [&str; 9] = ["E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9"];

/// A 9×9 even game: black walls off the E line, white the F line; then white drops a
/// stone into black's side (B5) and black one into white's (H5); both pass.
fn walls_to_the_count() -> GameSession {
    let mut s = two_players(9, GoStart::Even);
    for rank in 1..=9 {
        tap_all(&mut s, &[&format!("E{rank}"), &format!("F{rank}")]);
    }
    tap_all(&mut s, &["H5", "B5"]);
    assert!(!s.is_counting());
    assert_eq!(s.pass().unwrap(), TapResult::Moved { outcome: None });
    assert!(!s.is_counting(), "one pass does not end the game");
    assert_eq!(s.pass().unwrap(), TapResult::Moved { outcome: None });
    s
}

#[test]
fn two_passes_start_the_count_with_the_dead_stones_proposed() {
    let s = walls_to_the_count();
    assert!(s.is_counting());
    assert_eq!(s.outcome(), None, "no result until the count is agreed");
    assert!(!s.is_player_turn());
    // The lone stones inside the other side's area are proposed dead; the walls live.
    assert_eq!(dead(&s), points(&["B5", "H5"]));
    let highlighted: Vec<Point> = {
        let mut v: Vec<Point> = s
            .view()
            .highlights
            .iter()
            .filter(|h| h.kind == HighlightKind::Dead)
            .map(|h| h.at)
            .collect();
        v.sort();
        v
    };
    assert_eq!(highlighted, dead(&s));
    // With both taken off: black 45 子 against 44¼ needed, 黑胜 3/4 子.
    let score = s.go_score().unwrap();
    assert_eq!((score.count.black_area(), score.count.white_area()), (45, 36));
    assert_eq!((score.count.dead_black, score.count.dead_white), (1, 1));
    assert_eq!(score.result.sgf(), "B+1.5");
    let summary = score.summary();
    assert_eq!(summary.black_needs.chinese(), "44又1/4 子");
    assert_eq!(summary.result.chinese(), "黑胜 3/4 子");
    assert_eq!(summary.result.english(), "Black wins by 1.5 points");
    // Nothing can be played or passed at the count.
    assert!(s.clone().pass().is_err());
}

#[test]
fn tapping_a_group_at_the_count_toggles_it() {
    let mut s = walls_to_the_count();
    // The white stone on B5 is alive after all: black's side becomes shared.
    assert_eq!(s.tap(pt("B5", 9)), TapResult::Marked { dead: false });
    assert_eq!(dead(&s), points(&["H5"]));
    let score = s.go_score().unwrap();
    assert_eq!(score.count.black_area(), 9);
    assert_eq!(score.count.white_area(), 37);
    assert_eq!(score.result.winner(), Some(Side::Second));
    assert_eq!(s.tap(pt("B5", 9)), TapResult::Marked { dead: true });
    assert_eq!(dead(&s), points(&["B5", "H5"]));
    // A tap on one stone of the wall marks all nine, and a second tap takes them back.
    assert_eq!(s.tap(pt("E5", 9)), TapResult::Marked { dead: true });
    let mut expected = WALL_E.to_vec();
    expected.extend(["B5", "H5"]);
    assert_eq!(dead(&s), points(&expected));
    assert_eq!(s.tap(pt("E9", 9)), TapResult::Marked { dead: false });
    assert_eq!(dead(&s), points(&["B5", "H5"]));
    // An empty point is not a group.
    assert_eq!(s.tap(pt("A1", 9)), TapResult::Ignored);
    assert_eq!(s.go_score().unwrap().result.sgf(), "B+1.5");
}

#[test]
fn agreeing_the_count_ends_the_game() {
    let mut s = walls_to_the_count();
    let outcome = s.agree_count().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Side::First, reason: WinReason::Score });
    assert_eq!(s.outcome(), Some(outcome));
    assert!(!s.is_counting());
    assert_eq!(s.go_score().unwrap().result.chinese(), "黑胜 3/4 子");
    // After the agreement the marks stay as they are and nothing is taken back.
    assert_eq!(s.tap(pt("B5", 9)), TapResult::Ignored);
    assert_eq!(dead(&s), points(&["B5", "H5"]));
    assert!(matches!(s.undo(), Err(SessionError::Refused(Refusal::GameOver))));
    assert!(matches!(s.agree_count(), Err(SessionError::NotCounting)));
}

#[test]
fn a_count_that_makes_white_the_winner() {
    let mut s = walls_to_the_count();
    // The players decide black's wall is dead (for the sake of the test).
    assert_eq!(s.tap(pt("E1", 9)), TapResult::Marked { dead: true });
    let outcome = s.agree_count().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Side::Second, reason: WinReason::Score });
    assert_eq!(s.go_score().unwrap().result.winner(), Some(Side::Second));
}

#[test]
fn saving_mid_count_and_after_keeps_the_marks_and_the_result() {
    let mut s = walls_to_the_count();
    // Change the proposal first, so the saved marks are the players' own.
    s.tap(pt("E5", 9));
    let marked = dead(&s);
    assert_eq!(marked.len(), 11);
    let mid = GameSession::resume_bytes(&s.save_bytes()).unwrap();
    assert!(mid.is_counting());
    assert_eq!(dead(&mid), marked);
    assert_eq!(mid.go_score(), s.go_score());
    assert_eq!(mid.move_list(), s.move_list());

    // Back to the proposal, agree, save, resume.
    s.tap(pt("E5", 9));
    let outcome = s.agree_count().unwrap();
    let after = GameSession::resume_bytes(&s.save_bytes()).unwrap();
    assert!(!after.is_counting());
    assert_eq!(after.outcome(), Some(outcome));
    assert_eq!(dead(&after), points(&["B5", "H5"]));
    assert_eq!(after.go_score().unwrap().result.sgf(), "B+1.5");
    assert_eq!(after.save(), s.save());
}

#[test]
fn resumed_mid_count_the_players_can_still_correct_and_agree() {
    let s = walls_to_the_count();
    let mut resumed = GameSession::resume_bytes(&s.save_bytes()).unwrap();
    assert_eq!(dead(&resumed), dead(&s));
    assert_eq!(resumed.tap(pt("H5", 9)), TapResult::Marked { dead: false });
    assert_eq!(resumed.tap(pt("H5", 9)), TapResult::Marked { dead: true });
    assert_eq!(
        resumed.agree_count().unwrap(),
        Outcome::Win { winner: Side::First, reason: WinReason::Score }
    );
}

#[test]
fn undo_at_the_count_takes_back_the_last_pass() {
    let mut s = walls_to_the_count();
    let plies = s.move_list().len();
    assert_eq!(s.undo().unwrap(), 1);
    assert!(!s.is_counting());
    assert_eq!(s.move_list().len(), plies - 1);
    assert_eq!(s.move_list().last().unwrap(), "黑 停一手");
    assert_eq!(s.view().side_to_move, Side::Second, "white passed last, white is to move");
    assert!(dead(&s).is_empty(), "the marks go with the count");
    assert!(s.is_player_turn());
    // White plays on instead; the game goes on.
    assert_eq!(s.tap(pt("J1", 9)), TapResult::Moved { outcome: None });
    assert_eq!(s.view().side_to_move, Side::First);
    // Or passes again, and the count comes back.
    s.undo().unwrap();
    s.pass().unwrap();
    assert!(s.is_counting());
    assert_eq!(dead(&s), points(&["B5", "H5"]));
}

#[test]
fn a_suicide_is_refused_with_the_reason() {
    let mut s = two_players(9, GoStart::Even);
    tap_all(&mut s, &["B1", "J9", "A2"]);
    let r = s.tap(pt("A1", 9));
    let TapResult::Refused { reason } = r else { panic!("A1 should be refused: {r:?}") };
    assert_eq!(reason, Refusal::Go(IllegalReason::Suicide));
    let text = reason.text();
    assert!(!text.zh.is_empty() && !text.en.is_empty());
    assert!(text.zh.contains("禁着点"));
    // Nothing changed: still white to move, and white may play elsewhere.
    assert_eq!(s.view().side_to_move, Side::Second);
    assert_eq!(s.move_list().len(), 3);
    assert_eq!(s.tap(pt("J8", 9)), TapResult::Moved { outcome: None });
}

#[test]
fn an_occupied_point_is_refused() {
    let mut s = two_players(9, GoStart::Even);
    tap_all(&mut s, &["E5"]);
    let r = s.tap(pt("E5", 9));
    assert_eq!(r, TapResult::Refused { reason: Refusal::Go(IllegalReason::Occupied) });
    assert!(Refusal::Go(IllegalReason::Occupied).text().is_complete());
}

#[test]
fn retaking_a_ko_at_once_is_refused_and_allowed_after_a_threat() {
    let mut s = two_players(9, GoStart::Even);
    // Black D6, C5, D4 around white D5; white E6, E4, F5 around E5.
    tap_all(&mut s, &["D6", "E6", "C5", "D5", "D4", "E4", "J9", "F5"]);
    // Black takes the ko: D5 comes off the board.
    tap_all(&mut s, &["E5"]);
    assert!(s.view().piece_at(pt("D5", 9)).is_none());
    let r = s.tap(pt("D5", 9));
    let TapResult::Refused { reason } = r else { panic!("D5 retakes at once: {r:?}") };
    assert_eq!(reason, Refusal::Go(IllegalReason::Ko));
    let text = reason.text();
    assert!(text.is_complete());
    assert!(text.zh.contains("打劫"));
    assert!(text.en.contains("Ko"));
    // A threat elsewhere and an answer: now white may take back.
    tap_all(&mut s, &["A9", "B9", "D5"]);
    assert!(s.view().piece_at(pt("E5", 9)).is_none(), "E5 was taken back");
    let stone = s.view().piece_at(pt("D5", 9)).cloned().unwrap();
    assert_eq!((stone.side, stone.kind), (Side::Second, PieceKind::Stone));
}

#[test]
fn a_pass_ends_nothing_on_its_own_and_is_only_for_the_player_to_move() {
    let mut s = two_players(9, GoStart::NoKomi);
    s.pass().unwrap();
    assert_eq!(s.view().side_to_move, Side::Second);
    assert_eq!(s.tap(pt("E5", 9)), TapResult::Moved { outcome: None });
    s.pass().unwrap();
    assert!(!s.is_counting(), "the passes were not in a row");
    s.pass().unwrap();
    assert!(s.is_counting());
    // 让先 on an empty-but-one board: white's lone stone owns everything.
    assert_eq!(s.go_score().unwrap().komi, go::Komi::NONE);
}

#[test]
fn every_handicap_starts_with_white_to_move_and_the_stones_in_place() {
    for size in [9, 13, 19] {
        for stones in handicap_choices(size) {
            let s = two_players(size, GoStart::Handicap(stones));
            let view = s.view();
            assert_eq!(view.side_to_move, Side::Second, "{size}×{size}, {stones}");
            assert!(view.pieces.iter().all(|p| p.side == Side::First));
            let mut on_board: Vec<Point> = view.pieces.iter().map(|p| p.at).collect();
            let mut expected = handicap_points(size, stones).unwrap();
            on_board.sort();
            expected.sort();
            assert_eq!(on_board, expected, "{size}×{size}, {stones}");
            let g = s.game().as_go().unwrap();
            assert_eq!(g.handicap(), stones);
            assert_eq!(g.rules().komi, go::Komi::NONE);
            assert!(s.move_list().is_empty());
            assert!(s.is_player_turn());
        }
    }
}

#[test]
fn beginner_handicaps_play_save_and_count() {
    for stones in [13, 16, 25] {
        let mut s = two_players(19, GoStart::Handicap(stones));
        assert_eq!(s.view().pieces.len(), usize::from(stones));
        // White's first stone, then black's; the setup stones stay put through a save.
        assert_eq!(s.tap(pt("C3", 19)), TapResult::Moved { outcome: None });
        assert_eq!(s.tap(pt("R17", 19)), TapResult::Moved { outcome: None });
        let resumed = GameSession::resume_bytes(&s.save_bytes()).unwrap();
        assert_eq!(resumed.view().pieces.len(), usize::from(stones) + 2);
        assert_eq!(resumed.view().side_to_move, Side::Second);
        // Taking back both moves stops at the handicap stones.
        assert_eq!(s.undo().unwrap(), 1);
        assert_eq!(s.undo().unwrap(), 1);
        assert!(matches!(s.undo(), Err(SessionError::NothingToUndo)));
        assert_eq!(s.view().pieces.len(), usize::from(stones));
        // At the count black gives back half a 子 per stone.
        s.pass().unwrap();
        s.pass().unwrap();
        assert!(s.is_counting());
        let summary = s.go_score().unwrap().summary();
        assert_eq!(summary.handicap, stones);
        assert_eq!(summary.handicap_back.quarters(), 2 * i32::from(stones));
        assert_eq!(summary.black_needs, summary.half_board + summary.handicap_back);
    }
}

#[test]
fn handicaps_a_board_does_not_take_are_refused_at_the_start() {
    for (size, stones) in [(13, 13), (9, 16), (19, 26), (19, 10), (9, 1), (19, 0)] {
        let setup = GameSetup::Go { size, start: GoStart::Handicap(stones) };
        let err = GameSession::new(setup, Side::First, None, 0, Timestamp(0)).unwrap_err();
        assert_eq!(
            err,
            SessionError::BadStart(SetupError::Go(go::SetupError::Handicap(
                HandicapError::Count { size, stones }
            ))),
            "{size}×{size}, {stones}"
        );
        assert!(err.to_string().contains("handicap stones"));
    }
    let setup = GameSetup::Go { size: 6, start: GoStart::Handicap(2) };
    let err = GameSession::new(setup, Side::First, None, 0, Timestamp(0)).unwrap_err();
    assert_eq!(
        err,
        SessionError::BadStart(SetupError::Go(go::SetupError::Handicap(
            HandicapError::NoHandicap { size: 6 }
        )))
    );
}
