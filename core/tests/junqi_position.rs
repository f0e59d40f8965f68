//! 四国军棋 positions: the text form reads and writes back, parse errors say what is
//! wrong, and the referee refuses a position no game can reach with a typed error.

use qike_core::junqi::{
    ParsePositionError, Position, PositionError, Rank, Referee, Seat, Station, Team, Visibility,
};

fn at(code: &str) -> Station {
    Station::parse_code(code).unwrap()
}

fn referee(text: &str) -> Result<Referee, PositionError> {
    Referee::from_position(&Position::parse(text).unwrap(), Visibility::Open)
}

#[test]
fn a_position_reads_plays_and_writes_back() {
    let text = "S: 旗S6.2 工S1.3; E: 旗E6.4 师E2.3; N: 旗N6.2 排N1.1; turn: E; out: W";
    let position = Position::parse(text).unwrap();
    assert_eq!(position.turn, Seat::East);
    assert_eq!(position.out, [false, false, false, true]);
    assert_eq!(position.piece(at("E2.3")).unwrap().rank, Rank::Division);
    let mut r = Referee::from_position(&position, Visibility::Open).unwrap();
    assert_eq!(r.turn(), Seat::East);
    assert_eq!(Position::parse(&r.position().to_string()).unwrap(), r.position());
    r.play(Seat::East, qike_core::junqi::Move::new(at("E2.3"), at("E1.3"))).unwrap();
    // West is out: north moves after east.
    assert_eq!(r.turn(), Seat::North);
    assert_eq!(r.view(Seat::South).piece(at("E1.3")).unwrap().rank, Some(Rank::Division));
}

#[test]
fn a_seat_to_move_without_a_move_goes_out() {
    let r =
        referee("S: 旗S6.2 雷S5.2; E: 旗E6.2 排E1.1; N: 旗N6.2 排N1.1; W: 旗W6.2 排W1.1").unwrap();
    assert!(r.is_out(Seat::South));
    assert_eq!(r.turn(), Seat::East);
}

#[test]
fn parse_errors_say_what_is_wrong() {
    let err = |t: &str| Position::parse(t).unwrap_err();
    assert_eq!(err("S 旗S6.2"), ParsePositionError::NoColon("S 旗S6.2".into()));
    assert_eq!(err("X: 旗S6.2"), ParsePositionError::UnknownSection("X".into()));
    assert_eq!(err("S: 旗S6.2; S: 工S1.1"), ParsePositionError::DuplicateSection("S".into()));
    assert_eq!(
        err("S: 兵S1.1"),
        ParsePositionError::UnknownGlyph { item: "兵S1.1".into(), glyph: '兵' }
    );
    assert_eq!(
        err("S: 工S7.1"),
        ParsePositionError::BadStation { item: "工S7.1".into(), station: "S7.1".into() }
    );
    assert_eq!(err("S: 工"), ParsePositionError::BadPiece("工".into()));
    assert_eq!(err("turn: S E"), ParsePositionError::BadTurn("S E".into()));
    assert_eq!(err("out: Q"), ParsePositionError::BadSeat("Q".into()));
    assert!(err("S: 工S7.1").to_string().contains("S7.1"));
}

#[test]
fn the_referee_refuses_what_no_game_reaches() {
    let flags = "E: 旗E6.2; N: 旗N6.2; W: 旗W6.2";
    let cases = [
        (
            format!("S: 旗S6.2 工S1.1 排S1.1; {flags}"),
            PositionError::TwoPieces { station: at("S1.1") },
        ),
        (
            format!("S: 旗S6.2 司S1.1 司S1.2; {flags}"),
            PositionError::TooMany { seat: Seat::South, rank: Rank::Marshal, found: 2, allowed: 1 },
        ),
        (
            format!("S: 旗S5.2; {flags}"),
            PositionError::FlagOutsideHeadquarters { seat: Seat::South, station: at("S5.2") },
        ),
        (
            format!("S: 旗N6.4; {flags}"),
            PositionError::FlagOutsideHeadquarters { seat: Seat::South, station: at("N6.4") },
        ),
        (
            format!("S: 旗S6.2 雷S4.1; {flags}"),
            PositionError::MineOffItsLines { seat: Seat::South, station: at("S4.1") },
        ),
        (
            format!("S: 旗S6.2 雷E5.1; {flags}"),
            PositionError::MineOffItsLines { seat: Seat::South, station: at("E5.1") },
        ),
        (format!("S: 工S1.1; {flags}"), PositionError::NoFlag { seat: Seat::South }),
        (
            format!("S: 旗S6.2; {flags}; out: W"),
            PositionError::PieceOfSeatOut { seat: Seat::West, station: at("W6.2") },
        ),
        ("S: 旗S6.2; N: 旗N6.2; out: E W".to_owned(), PositionError::TeamOut { team: Team::B }),
        (
            "S: 旗S6.2; E: 旗E6.2; N: 旗N6.2; turn: W; out: W".to_owned(),
            PositionError::TurnOfSeatOut { seat: Seat::West },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(referee(&text).unwrap_err(), want, "{text}");
    }
    // Mid-game things a setup forbids are fine: a piece in a camp, a bomb on the front
    // line, a piece in another army's headquarters.
    assert!(referee(&format!("S: 旗S6.2 师S2.2 炸S1.1 排E6.4; {flags}")).is_ok());
}
