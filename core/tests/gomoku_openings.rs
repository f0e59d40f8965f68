//! The 26 openings: data, names, and recognition under the eight symmetries.

use std::collections::HashSet;

use qike_core::Point;
use qike_core::gomoku::openings::symmetry;
use qike_core::gomoku::{BoardSize, OPENINGS, Opening, OpeningKind, notation};

fn pts(names: &str) -> Vec<Point> {
    notation::parse_points(names, BoardSize::Fifteen).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn twenty_six_distinct_openings() {
    assert_eq!(OPENINGS.len(), 26);
    let direct = OPENINGS.iter().filter(|o| o.kind == OpeningKind::Direct).count();
    assert_eq!(direct, 13);
    let names: HashSet<_> = OPENINGS.iter().map(|o| o.name).collect();
    assert_eq!(names.len(), 26);
    // 游星 (直指) and 彗星 (斜指) are the two openings black is known to lose.
    let lost: Vec<_> = OPENINGS.iter().filter(|o| o.black_loses).map(|o| o.name).collect();
    assert_eq!(lost, ["游星", "彗星"]);
    // Every third stone lies in the central 5×5 square, off the first two stones.
    for o in &OPENINGS {
        let (x, y) = o.third;
        assert!(x.abs() <= 2 && y.abs() <= 2, "{}", o.name);
        assert!(o.third != (0, 0) && o.third != o.kind.white_offset(), "{}", o.name);
    }
}

#[test]
fn well_known_openings_sit_where_the_books_put_them() {
    let name = |moves: &str| Opening::identify(&pts(moves), BoardSize::Fifteen).map(|o| o.name);
    // Black h8, white h9 (直指).
    assert_eq!(name("h8 h9 h10"), Some("寒星"));
    assert_eq!(name("h8 h9 i9"), Some("花月"));
    assert_eq!(name("h8 h9 j6"), Some("游星"));
    // Black h8, white i9 (斜指).
    assert_eq!(name("h8 i9 j10"), Some("长星"));
    assert_eq!(name("h8 i9 i7"), Some("浦月"));
    assert_eq!(name("h8 i9 j8"), Some("恒星"));
    assert_eq!(name("h8 i9 f6"), Some("彗星"));
    // Mirror images name the same opening.
    assert_eq!(name("h8 h9 g9"), Some("花月"));
    assert_eq!(name("h8 h7 g7"), Some("花月"));
    // Not an opening: first stone off centre, or third stone outside the 5×5 square.
    assert_eq!(name("a1 a2 a3"), None);
    assert_eq!(name("h8 h9 h12"), None);
    assert_eq!(name("h8 j10 i9"), None);
    assert_eq!(name("h8 h9"), None);
}

#[test]
fn every_opening_is_recognised_under_all_eight_symmetries() {
    for size in [BoardSize::Fifteen, BoardSize::Nineteen] {
        let c = size.center();
        let at = |(dx, dy): (i8, i8)| {
            Point::new(c.file.wrapping_add_signed(dx), c.rank.wrapping_add_signed(dy))
        };
        for o in &OPENINGS {
            assert_eq!(Opening::identify(&o.stones(size), size), Some(o));
            let mut images = HashSet::new();
            for k in 0..8 {
                let moves = [c, at(symmetry(k, o.kind.white_offset())), at(symmetry(k, o.third))];
                images.insert(moves);
                let found = Opening::identify(&moves, size);
                assert_eq!(found.map(|f| f.name), Some(o.name), "symmetry {k} of {}", o.name);
            }
            // The images are 8 different games unless the opening is symmetric itself
            // (its third stone on the mirror line), then 4.
            assert!(images.len() == 8 || images.len() == 4, "{}: {}", o.name, images.len());
        }
    }
}

#[test]
fn all_third_stones_are_covered_exactly_once() {
    // Every point of the 5×5 square other than the first two stones names exactly one
    // opening, for both kinds: 23 points fall into 13 classes each.
    for kind in [OpeningKind::Direct, OpeningKind::Indirect] {
        let w = kind.white_offset();
        let mut names = HashSet::new();
        for x in -2i8..=2 {
            for y in -2i8..=2 {
                if (x, y) == (0, 0) || (x, y) == w {
                    continue;
                }
                let c = BoardSize::Fifteen.center();
                let at = |(dx, dy): (i8, i8)| {
                    Point::new(c.file.wrapping_add_signed(dx), c.rank.wrapping_add_signed(dy))
                };
                let o = Opening::identify(&[c, at(w), at((x, y))], BoardSize::Fifteen);
                let o = o.unwrap_or_else(|| panic!("({x}, {y}) of {kind:?} has no name"));
                assert_eq!(o.kind, kind);
                names.insert(o.name);
            }
        }
        assert_eq!(names.len(), 13, "{kind:?}");
    }
}

#[test]
fn lookup_by_name() {
    assert_eq!(Opening::by_name("花月").map(|o| o.romaji), Some("Kagetsu"));
    assert_eq!(Opening::by_name("hogetsu").map(|o| o.name), Some("浦月"));
    // The seed text writes 彗星 as 慧星.
    assert_eq!(Opening::by_name("慧星").map(|o| o.name), Some("彗星"));
    assert_eq!(Opening::by_name("无名"), None);
}

mod competition {
    use super::pts;
    use qike_core::gomoku::competition::{CompetitionGame, OpeningError, Player, Stage};

    fn one(name: &str) -> qike_core::Point {
        pts(name)[0]
    }

    #[test]
    fn swap_after_three_and_two_offers_for_the_fifth() {
        let mut g = CompetitionGame::new();
        assert_eq!(g.place(one("a1")), Err(OpeningError::NotCentre));
        g.place(one("h8")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.place(one("h10")), Err(OpeningError::NotAnOpening));
        g.place(one("h9")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.place(one("h12")), Err(OpeningError::NotAnOpening));
        g.place(one("i9")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.opening().map(|o| o.name), Some("花月"));
        assert_eq!((g.stage(), g.to_act()), (&Stage::SwapDecision, Player::Other));
        assert_eq!(g.place(one("a1")), Err(OpeningError::WrongStage));
        // The other player takes black; the tentative player now plays white.
        g.decide_swap(true).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.black_player(), Player::Other);
        assert_eq!(g.to_act(), Player::Tentative);
        g.place(one("g9")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.stage(), g.to_act()), (&Stage::OfferFifth, Player::Other));
        assert_eq!(g.offer_fifth([one("j9"), one("j9")]), Err(OpeningError::BadOffer));
        assert!(matches!(g.offer_fifth([one("h8"), one("j9")]), Err(OpeningError::Play(_))));
        g.offer_fifth([one("j9"), one("i7")]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.choose_fifth(one("a1")), Err(OpeningError::NotOffered));
        g.choose_fifth(one("i7")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((g.stage(), g.to_act()), (&Stage::Play, Player::Tentative));
        g.place(one("j10")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.game().moves().len(), 6);
    }

    #[test]
    fn mirror_image_offers_are_refused() {
        // 寒星 (h8 h9 h10) with white's fourth on h7 is symmetric about the h-file, so
        // g8 and i8 are the same fifth move.
        let mut g = CompetitionGame::new();
        for m in ["h8", "h9", "h10"] {
            g.place(one(m)).unwrap_or_else(|e| panic!("{e}"));
        }
        g.decide_swap(false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.black_player(), Player::Tentative);
        g.place(one("h7")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.offer_fifth([one("g8"), one("i8")]), Err(OpeningError::SymmetricOffer));
        assert_eq!(g.offer_fifth([one("g8"), one("i9")]), Ok(()));
    }
}
