//! Setups: many random ones are legal and survive the text form; each kind of broken
//! rule and each kind of unreadable text is refused with its own error.

use qike_core::Rng;
use qike_core::junqi::{ArmySetup, ParseSetupError, Rank, Seat, SetupError, Station, TableSetup};

#[test]
fn random_setups_are_legal_and_print_and_parse_back() {
    for seed in 0..3000 {
        let setup = ArmySetup::random(&mut Rng::new(seed));
        let seat = Seat::from_index(seed as usize);
        assert_eq!(setup.validate(seat), Ok(()), "seed {seed}: {setup}");
        let text = setup.to_string();
        assert_eq!(ArmySetup::parse(&text), Ok(setup), "seed {seed}");
        // Hand-checked rules, independent of the validator.
        for (line, column, rank) in ArmySetup::parse(&text).unwrap().pieces() {
            assert!(!matches!((line, column), (2 | 4, 2 | 4) | (3, 3)), "camp at {line}.{column}");
            match rank {
                Rank::Flag => assert!(line == 6 && (column == 2 || column == 4)),
                Rank::Mine => assert!(line >= 5),
                Rank::Bomb => assert!(line >= 2),
                _ => {}
            }
        }
    }
    assert_eq!(TableSetup::random(9).validate(), Ok(()));
}

fn legal() -> ArmySetup {
    ArmySetup::random(&mut Rng::new(5))
}

fn find(setup: &ArmySetup, rank: Rank) -> (u8, u8) {
    setup.pieces().find(|p| p.2 == rank).map(|p| (p.0, p.1)).unwrap()
}

#[test]
fn each_broken_rule_has_its_error() {
    let south = |l, c| Station::army(Seat::South, l, c).unwrap();

    let mut s = legal();
    let (l, c) = find(&s, Rank::Platoon);
    s.set(l, c, None);
    s.set(3, 3, Some(Rank::Platoon));
    assert_eq!(
        s.validate(Seat::South),
        Err(SetupError::PieceInCamp { station: south(3, 3), rank: Rank::Platoon })
    );

    let mut s = legal();
    let (fl, fc) = find(&s, Rank::Flag);
    let other = s.get(1, 1);
    s.set(1, 1, Some(Rank::Flag));
    s.set(fl, fc, other);
    assert_eq!(
        s.validate(Seat::South),
        Err(SetupError::FlagOutsideHeadquarters { station: south(1, 1) })
    );

    let mut s = legal();
    let (ml, mc) = find(&s, Rank::Mine);
    let other = s.get(1, 3);
    s.set(1, 3, Some(Rank::Mine));
    s.set(ml, mc, other);
    assert_eq!(
        s.validate(Seat::South),
        Err(SetupError::MineTooFarForward { station: south(1, 3) })
    );

    // A mine on line 4 (a post, not a camp) from a setup whose line 4 column 1 holds an
    // officer.
    let mut s = legal();
    let (ml, mc) = find(&s, Rank::Mine);
    let other = s.get(4, 1);
    s.set(4, 1, Some(Rank::Mine));
    s.set(ml, mc, other);
    assert_eq!(
        s.validate(Seat::South),
        Err(SetupError::MineTooFarForward { station: south(4, 1) })
    );

    let mut s = legal();
    let (bl, bc) = find(&s, Rank::Bomb);
    let other = s.get(1, 5);
    s.set(1, 5, Some(Rank::Bomb));
    s.set(bl, bc, other);
    assert_eq!(s.validate(Seat::South), Err(SetupError::BombOnFrontLine { station: south(1, 5) }));

    let mut s = legal();
    let (l, c) = find(&s, Rank::Engineer);
    s.set(l, c, Some(Rank::Marshal));
    assert_eq!(
        s.validate(Seat::East),
        Err(SetupError::WrongCount {
            seat: Seat::East,
            rank: Rank::Marshal,
            found: 2,
            expected: 1
        })
    );

    let mut s = legal();
    let (l, c) = find(&s, Rank::Company);
    s.set(l, c, None);
    assert_eq!(
        s.validate(Seat::North),
        Err(SetupError::WrongCount {
            seat: Seat::North,
            rank: Rank::Company,
            found: 2,
            expected: 3
        })
    );
    for e in [
        SetupError::BombOnFrontLine { station: south(1, 1) },
        SetupError::PieceInCamp { station: south(2, 2), rank: Rank::Bomb },
    ] {
        assert!(e.text().is_complete());
    }
}

#[test]
fn a_bomb_on_the_front_line_is_refused_by_name() {
    // Swap a front-line officer with a bomb that stands behind.
    for seed in 0..200 {
        let mut s = ArmySetup::random(&mut Rng::new(seed));
        let (bl, bc) = find(&s, Rank::Bomb);
        let Some(front) = (1..=5).find(|&c| s.get(1, c).is_some_and(Rank::is_officer)) else {
            continue;
        };
        let officer = s.get(1, front);
        if bl >= 5 && officer.is_some() {
            // An officer may stand anywhere, so the only broken rule is the bomb.
            s.set(1, front, Some(Rank::Bomb));
            s.set(bl, bc, officer);
            assert_eq!(
                s.validate(Seat::West),
                Err(SetupError::BombOnFrontLine {
                    station: Station::army(Seat::West, 1, front).unwrap()
                })
            );
            return;
        }
    }
    panic!("no seed put a bomb behind");
}

#[test]
fn unreadable_texts_have_their_errors() {
    assert_eq!(ArmySetup::parse("司军师旅团"), Err(ParseSetupError::WrongLineCount(1)));
    assert_eq!(
        ArmySetup::parse("司军师旅/...../...../...../...../....."),
        Err(ParseSetupError::WrongLineLength { line: 1, length: 4 })
    );
    assert_eq!(
        ArmySetup::parse("司军师旅团/..x../...../...../...../....."),
        Err(ParseSetupError::UnknownGlyph { line: 2, column: 3, glyph: 'x' })
    );
}
