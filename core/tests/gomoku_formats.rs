//! Move lists, Gomocup coordinates and SGF records: round trips, typed errors, and no
//! panic on any input.

use proptest::prelude::*;
use qike_core::gomoku::sgf::{SgfError, read_sgf, write_sgf};
use qike_core::gomoku::{Board, BoardSize, Game, PlayError, notation};
use qike_core::{GomokuRule, Outcome, Point, Side, WinReason};

use notation::NotationError;

const S: BoardSize = BoardSize::Fifteen;

#[test]
fn move_lists() {
    let g = notation::parse_game("h8 i9 h9, i10;h10i11", GomokuRule::Renju, S)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(notation::format_points(g.moves()), "h8 i9 h9 i10 h10 i11");
    assert_eq!(
        notation::parse_game("h8 h8", GomokuRule::Renju, S).err(),
        Some(NotationError::Illegal {
            number: 2,
            text: "h8".into(),
            error: PlayError::Occupied { at: Point::new(7, 7) }
        })
    );
    let e = notation::parse_game("h8 z9", GomokuRule::Renju, S).err();
    assert!(matches!(e, Some(NotationError::OffBoard { .. })), "{e:?}");
    let e = notation::parse_game("h8 9", GomokuRule::Renju, S).err();
    assert!(e.map(|e| e.to_string()).unwrap_or_default().contains("'9'"));
    // A record may end with black's forbidden move: white wins.
    let g = notation::parse_game("h8 a1 i8 a3 h9 a5 i10 a7 g8", GomokuRule::Renju, S)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::ForbiddenMove })
    );
    // Nothing may follow the end of the game.
    let e = notation::parse_game("h8 a1 i8 a3 h9 a5 i10 a7 g8 o15", GomokuRule::Renju, S).err();
    assert!(matches!(
        e,
        Some(NotationError::Illegal { number: 10, error: PlayError::GameOver, .. })
    ));
}

#[test]
fn gomocup_coordinates_round_trip() {
    for size in [BoardSize::Fifteen, BoardSize::Nineteen] {
        for q in Board::new(size).points() {
            let text = notation::format_gomocup(q, size);
            assert_eq!(notation::parse_gomocup(&text, size), Ok(q));
            assert_eq!(notation::parse_point(&notation::point_name(q), size), Ok(q));
        }
    }
    // Gomocup counts y from the top: 0,0 is a15.
    assert_eq!(notation::parse_gomocup("0,0", S).map(notation::point_name), Ok("a15".into()));
    assert!(matches!(notation::parse_gomocup("7;7", S), Err(NotationError::MalformedGomocup(_))));
}

#[test]
fn sgf_round_trip_and_reading() {
    let g = notation::parse_game("h8 i9 h9 h10 h7 h6 g8 i8 f9", GomokuRule::Renju, S)
        .unwrap_or_else(|e| panic!("{e}"));
    let text = write_sgf(&g);
    assert!(text.starts_with("(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[Renju]"), "{text}");
    assert!(text.contains(";B[hh];W[ig]"), "{text}");
    let back = read_sgf(&text, GomokuRule::Freestyle).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.rule(), GomokuRule::Renju);

    // A record as another program writes it: game info, comments, a resignation.
    let other =
        "(;FF[4]GM[4]SZ[15]PB[Black]PW[White]RE[W+Resign]C[a comment]\n;B[hh]C[centre];W[ig])";
    let g = read_sgf(other, GomokuRule::Standard).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.rule(), GomokuRule::Standard);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert!(write_sgf(&g).contains("RE[W+R]"));

    let nineteen = "(;GM[4]SZ[19]RU[freestyle];B[jj];W[ss])";
    let g = read_sgf(nineteen, GomokuRule::Renju).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.size(), BoardSize::Nineteen);
    assert_eq!(g.moves(), [Point::new(9, 9), Point::new(18, 0)]);
}

#[test]
fn sgf_errors() {
    let r = |t: &str| read_sgf(t, GomokuRule::Renju).err();
    assert_eq!(r("(;GM[1]SZ[19];B[aa])"), Some(SgfError::WrongGame(1)));
    assert_eq!(r("(;GM[4]SZ[13])"), Some(SgfError::Size(13, 13)));
    assert_eq!(r("(;GM[4]RU[Japanese])"), Some(SgfError::Rule("Japanese".into())));
    assert_eq!(r("(;GM[4]AB[hh])"), Some(SgfError::Setup("AB".into())));
    assert!(matches!(r("(;GM[4];B[zz])"), Some(SgfError::BadPoint { number: 1, .. })));
    assert!(matches!(r("(;GM[4];B[])"), Some(SgfError::BadPoint { number: 1, .. })));
    assert!(matches!(r("(;GM[4];W[hh])"), Some(SgfError::WrongColour { number: 1, .. })));
    assert!(matches!(r("(;GM[4];B[hh];W[hh])"), Some(SgfError::Illegal { number: 2, .. })));
    assert!(matches!(r("(;GM[4];B[hh]"), Some(SgfError::Syntax(_))));
    assert!(matches!(r(""), Some(SgfError::Syntax(_) | SgfError::NoGame)));
    let deep = format!("(;GM[4]{})", ";C[x]".repeat(5000));
    assert_eq!(r(&deep), Some(SgfError::TooManyNodes));
}

#[test]
fn board_diagrams_report_bad_input() {
    assert!(Board::from_diagram(S, "X.O\n.Q.").is_err());
    assert!(Board::from_diagram(S, &".".repeat(16)).is_err());
    assert!(Board::from_diagram(S, &".\n".repeat(16)).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn text_parsers_never_panic(text in "\\PC{0,80}") {
        let _ = notation::parse_points(&text, S);
        let _ = notation::parse_game(&text, GomokuRule::Renju, S);
        let _ = notation::parse_gomocup(&text, S);
        let _ = read_sgf(&text, GomokuRule::Renju);
        let _ = Board::from_diagram(S, &text);
    }

    #[test]
    fn sgf_like_text_never_panics(body in "[;()\\[\\]A-Z a-s0-9\\\\]{0,120}") {
        let _ = read_sgf(&format!("(;GM[4]{body})"), GomokuRule::Renju);
    }

    #[test]
    fn random_games_keep_their_invariants(moves in proptest::collection::vec((0u8..16, 0u8..16), 0..120),
                                          rule in 0u8..3) {
        let rule = [GomokuRule::Freestyle, GomokuRule::Standard, GomokuRule::Renju][rule as usize];
        let mut g = Game::new(rule);
        for (f, r) in moves {
            let before = g.clone();
            match g.play(Point::new(f, r)) {
                Ok(m) => prop_assert_eq!(g.outcome(), m.outcome),
                Err(_) => prop_assert_eq!(&g, &before),
            }
        }
        // Every record written reads back to the same game.
        let back = read_sgf(&write_sgf(&g), GomokuRule::Freestyle);
        prop_assert_eq!(back.as_ref().map(|b| b.moves()), Ok(g.moves()));
        prop_assert_eq!(back.map(|b| b.outcome()), Ok(g.outcome()));
    }
}
