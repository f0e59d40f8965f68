//! Gomoku games under the three rule sets: who wins, when, and what the UI sees.

use qike_core::gomoku::{BoardSize, Forbidden, ForbiddenPolicy, Game, PlayError, notation};
use qike_core::{
    BoardMark, Colour, DrawReason, GameKind, GomokuRule, Outcome, PieceKind, Placement, Point,
    Side, WinReason,
};

fn p(name: &str) -> Point {
    notation::parse_point(name, BoardSize::Fifteen).unwrap_or_else(|e| panic!("{e}"))
}

fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(p(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

const BLACK_FIVE: Option<Outcome> =
    Some(Outcome::Win { winner: Side::First, reason: WinReason::FiveInARow });
const WHITE_FIVE: Option<Outcome> =
    Some(Outcome::Win { winner: Side::Second, reason: WinReason::FiveInARow });

/// Black builds d8 e8 f8 . h8 i8 while white plays far away; the last move, g8, joins
/// them into six.
const BLACK_SIX: &str = "d8 a1 e8 a3 f8 a5 h8 a7 i8 a9 g8";

#[test]
fn five_wins_under_every_rule() {
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard, GomokuRule::Renju] {
        let mut g = Game::new(rule);
        play_all(&mut g, "h8 a1 i9 a3 j10 a5 k11 a7");
        assert_eq!(g.outcome(), None);
        let played = g.play(p("l12")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(played.outcome, BLACK_FIVE, "{rule:?}");
        assert_eq!(g.winning_line().len(), 5);
        assert_eq!(g.play(p("o15")), Err(PlayError::GameOver));
    }
}

#[test]
fn overline_wins_in_freestyle_only() {
    let mut free = Game::new(GomokuRule::Freestyle);
    play_all(&mut free, BLACK_SIX);
    assert_eq!(free.outcome(), BLACK_FIVE);
    assert_eq!(free.winning_line().len(), 6);

    // Standard: six is not a win, the game goes on.
    let mut standard = Game::new(GomokuRule::Standard);
    play_all(&mut standard, BLACK_SIX);
    assert_eq!(standard.outcome(), None);
    assert!(standard.winning_line().is_empty());

    // Renju: six is a forbidden move for black, refused by default...
    let mut renju = Game::new(GomokuRule::Renju);
    let (before_six, six) = BLACK_SIX.rsplit_once(' ').unwrap_or_default();
    play_all(&mut renju, before_six);
    let before = renju.clone();
    assert_eq!(
        renju.play(p(six)),
        Err(PlayError::Forbidden { at: p("g8"), kind: Forbidden::Overline })
    );
    assert_eq!(renju, before, "a refused move changes nothing");
    assert_eq!(renju.forbidden_points(), vec![(p("g8"), Forbidden::Overline)]);
    // ...and loses when the policy says so.
    renju.set_forbidden_policy(ForbiddenPolicy::Lose);
    let played = renju.play(p(six)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        played.outcome,
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::ForbiddenMove })
    );
}

#[test]
fn white_overline_wins_in_renju_but_not_in_standard() {
    let white_six = "a1 d8 a3 e8 a5 f8 a7 h8 a9 i8 a11 g8";
    let mut renju = Game::new(GomokuRule::Renju);
    play_all(&mut renju, white_six);
    assert_eq!(renju.outcome(), WHITE_FIVE);
    let mut standard = Game::new(GomokuRule::Standard);
    play_all(&mut standard, white_six);
    assert_eq!(standard.outcome(), None);
}

#[test]
fn renju_five_beats_a_forbidden_shape() {
    // g8 makes exactly five across and a six down the g-file at once: five wins.
    let mut g = Game::new(GomokuRule::Renju);
    play_all(&mut g, "c8 a1 d8 a3 e8 a5 f8 a7 g5 a9 g6 a11 g7 a13 g9 o1 g10 o3");
    assert_eq!(g.play(p("g8")).map(|m| m.outcome), Ok(BLACK_FIVE));
}

#[test]
fn double_three_refused_or_lost() {
    let moves = "h8 a1 i8 a3 h9 a5 i10 a7";
    let mut g = Game::new(GomokuRule::Renju);
    play_all(&mut g, moves);
    // g8 makes g8-h8-i8 across and g8-h9-i10 on the diagonal: two open threes.
    assert_eq!(
        g.check(p("g8")),
        Err(PlayError::Forbidden { at: p("g8"), kind: Forbidden::DoubleThree })
    );
    let msg = g.check(p("g8")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("g8") && msg.contains("三三"), "{msg}");
    // White may play there freely.
    let mut w = Game::new(GomokuRule::Renju);
    play_all(&mut w, "a1 h8 a3 i8 a5 h9 a7 i10 a9");
    assert!(w.check(p("g8")).is_ok());
    // Freestyle and standard have no forbidden moves.
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard] {
        let mut g = Game::new(rule);
        play_all(&mut g, moves);
        assert!(g.check(p("g8")).is_ok());
        assert!(g.forbidden_points().is_empty());
    }
}

#[test]
fn errors_for_bad_points() {
    let mut g = Game::new(GomokuRule::Renju);
    play_all(&mut g, "h8");
    assert_eq!(g.play(p("h8")), Err(PlayError::Occupied { at: p("h8") }));
    let off = Point::new(15, 3);
    assert_eq!(g.play(off), Err(PlayError::OffBoard { at: off, lines: 15 }));
    assert_eq!(PlayError::Occupied { at: p("h8") }.to_string(), "h8 is already occupied");
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn resignation_and_undo() {
    let mut g = Game::new(GomokuRule::Standard);
    play_all(&mut g, "h8 h9");
    assert_eq!(
        g.resign(Side::First),
        Ok(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert_eq!(g.resign(Side::Second), Err(PlayError::GameOver));
    assert_eq!(g.play(p("a1")), Err(PlayError::GameOver));
    assert_eq!(g.undo(), Some(p("h9")));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.side_to_move(), Side::Second);
    assert!(g.board().is_empty_at(p("h9")));
}

#[test]
fn full_board_is_a_draw() {
    // Rows of BBWW shifted by two each rank: no line ever holds more than two of a
    // colour, and black has 113 points, white 112.
    let black = |f: u8, r: u8| (u32::from(f) + 2 * u32::from(r)) % 4 < 2;
    let pts = |b: bool| -> Vec<Point> {
        (0..15u8)
            .flat_map(|r| (0..15u8).map(move |f| Point::new(f, r)))
            .filter(|q| black(q.file, q.rank) == b)
            .collect()
    };
    let (bs, ws) = (pts(true), pts(false));
    assert_eq!((bs.len(), ws.len()), (113, 112));
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard] {
        let mut g = Game::new(rule);
        for (k, &b) in bs.iter().enumerate() {
            g.play(b).unwrap_or_else(|e| panic!("{e}"));
            if let Some(&w) = ws.get(k) {
                g.play(w).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::BoardFull }));
    }
}

#[test]
fn board_view_for_the_ui() {
    let mut g = Game::new(GomokuRule::Renju);
    play_all(&mut g, "h8 i9");
    let v = g.board_view();
    assert_eq!(v.kind, GameKind::Gomoku { rule: GomokuRule::Renju });
    assert_eq!((v.files, v.ranks, v.placement), (15, 15, Placement::Intersections));
    assert_eq!(v.side_to_move, Side::First);
    assert_eq!(v.pieces.len(), 2);
    let h8 = v.piece_at(p("h8")).cloned().unwrap_or_else(|| panic!("no stone on h8"));
    assert_eq!(
        (h8.kind, h8.colour, h8.side, h8.glyph.as_str()),
        (PieceKind::Stone, Colour::Black, Side::First, "")
    );
    assert_eq!(v.piece_at(p("i9")).map(|s| s.colour), Some(Colour::White));
    let last = v.last_move.unwrap_or_else(|| panic!("no last move"));
    assert_eq!((last.from, last.to), (None, p("i9")));
    let stars: Vec<Point> = v
        .marks
        .iter()
        .filter_map(|m| if let BoardMark::StarPoint { at } = m { Some(*at) } else { None })
        .collect();
    assert_eq!(stars.len(), 5);
    assert!(stars.contains(&p("h8")) && stars.contains(&p("d4")) && stars.contains(&p("l12")));

    let big = Game::with_size(GomokuRule::Freestyle, BoardSize::Nineteen).board_view();
    assert_eq!((big.files, big.ranks, big.marks.len()), (19, 19, 9));
    assert!(big.contains(Point::new(18, 18)));
}

#[test]
fn nineteen_by_nineteen_plays_to_the_edge() {
    let mut g = Game::with_size(GomokuRule::Freestyle, BoardSize::Nineteen);
    let line = "s19 a1 s18 a2 s17 a3 s16 a4 s15";
    for m in line.split_whitespace() {
        let at = notation::parse_point(m, BoardSize::Nineteen).unwrap_or_else(|e| panic!("{e}"));
        g.play(at).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(g.outcome(), BLACK_FIVE);
    assert_eq!(g.play(Point::new(19, 0)).err(), Some(PlayError::GameOver));
}

/// Renju (RIF) opens with black's stone on the centre point: a game played through the
/// game face refuses another first point and says why; freestyle and standard gomoku
/// open anywhere; a record or a set-up position may list its stones in any order.
#[test]
fn renju_opens_on_the_centre_point() {
    use qike_core::gomoku::IllegalReason;
    use qike_core::{BoardGame, MoveInput, Refusal};
    let place = |name: &str| MoveInput::Place { at: p(name) };
    let mut g = Game::new(GomokuRule::Renju);
    let refused = BoardGame::play(&mut g, place("f8"));
    assert_eq!(refused, Err(Refusal::Gomoku(IllegalReason::FirstStoneOffCentre)));
    assert!(g.moves().is_empty());
    assert!(IllegalReason::FirstStoneOffCentre.text().zh.contains("天元"));
    BoardGame::play(&mut g, place("h8")).unwrap();
    BoardGame::play(&mut g, place("a1")).unwrap();
    assert_eq!(g.moves(), [p("h8"), p("a1")]);
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard] {
        let mut g = Game::new(rule);
        BoardGame::play(&mut g, place("f8")).unwrap_or_else(|e| panic!("{rule:?}: {e:?}"));
    }
    assert!(notation::parse_game("f8 a1", GomokuRule::Renju, BoardSize::Fifteen).is_ok());
}
