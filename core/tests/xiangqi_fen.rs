//! FEN reading and writing: round trips, and a typed error for every kind of bad input.

use qike_core::Point;
use qike_core::Side;
use qike_core::xiangqi::{FenError, Kind, Position, START_FEN};

fn err(fen: &str) -> FenError {
    Position::from_fen(fen).expect_err("FEN should be rejected")
}

#[test]
fn fens_round_trip() {
    let data = include_str!("data/xiangqi.perft");
    let mut n = 0;
    for fen in data.lines().filter_map(|l| l.strip_prefix("epd ")) {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
        n += 1;
    }
    assert!(n >= 10);
    assert_eq!(Position::startpos().to_fen(), START_FEN);
}

#[test]
fn short_fens_and_variants_are_accepted() {
    let short = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
        .unwrap();
    assert_eq!(short, Position::startpos());
    // `r` for red, `e`/`h` piece letters of some tools.
    let alt = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
        .unwrap();
    assert_eq!(alt, Position::startpos());
    let black =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1")
            .unwrap();
    assert_eq!(black.side_to_move(), Side::Second);
    assert_ne!(black.key(), Position::startpos().key());
}

#[test]
fn every_error_names_its_problem() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("   "), FenError::Empty);
    assert_eq!(err("9/9/9 w"), FenError::RankCount(3));
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
        FenError::FileCount { rank: 10, files: 8 }
    );
    assert_eq!(
        err("rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::FileCount { rank: 2, files: 10 }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w"),
        FenError::UnknownPiece('Q')
    );
    assert_eq!(err(&format!("{start} x")), FenError::SideToMove("x".into()));
    assert_eq!(
        err(&format!("{start} w k - 0 1")),
        FenError::UnusedField { field: 3, found: "k".into() }
    );
    assert_eq!(err(&format!("{start} w - - x 1")), FenError::HalfmoveClock("x".into()));
    assert_eq!(err(&format!("{start} w - - 0 0")), FenError::FullmoveNumber("0".into()));
    assert_eq!(err(&format!("{start} w - - 0 1 7")), FenError::TooManyFields(7));
    assert_eq!(
        err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::MissingGeneral(Side::Second)
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w"),
        FenError::TooMany { side: Side::First, kind: Kind::General, count: 2, max: 1 }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR w"),
        FenError::TooMany { side: Side::First, kind: Kind::Chariot, count: 3, max: 2 }
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/K8 w"),
        FenError::Misplaced { side: Side::First, kind: Kind::General, at: Point::new(0, 0) }
    );
    assert_eq!(
        err("3k5/9/9/9/9/4B4/9/9/9/4K4 w"),
        FenError::Misplaced { side: Side::First, kind: Kind::Elephant, at: Point::new(4, 4) }
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/4A4/3AK1A2 w"),
        FenError::TooMany { side: Side::First, kind: Kind::Advisor, count: 3, max: 2 }
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/P8/9/4K4 w"),
        FenError::SoldierBehindStart { side: Side::First, at: Point::new(0, 2) }
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/1P7/9/9/4K4 w"),
        FenError::SoldierBehindStart { side: Side::First, at: Point::new(1, 3) }
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::GeneralsFacing);
    assert_eq!(err("3k5/9/9/9/9/9/9/9/9/3RK4 w"), FenError::OpponentInCheck(Side::Second));
    // The messages say what is wrong in words.
    assert_eq!(
        err("3k5/9/9/9/9/9/9/P8/9/4K4 w").to_string(),
        "red soldier on a2 stands behind its starting line or off its files"
    );
}
