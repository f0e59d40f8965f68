//! The shape vocabulary: each Chinese term on a line where it clearly applies.
//!
//! Lines are written across rank 8 starting at file a; `*` is the point asked about,
//! and the shape is that of a black stone there (or white, where the case says so).

use qike_core::GomokuRule;
use qike_core::gomoku::patterns::{self, Combination, Shape};
use qike_core::gomoku::{Board, BoardSize, Direction, Stone, notation};

fn horizontal(line: &str, stone: Stone, rule: GomokuRule) -> Shape {
    let mut board = Board::new(BoardSize::Fifteen);
    let mut star = None;
    for (f, c) in line.chars().enumerate() {
        let at = qike_core::Point::new(f as u8 + 1, 7);
        match c {
            'X' => {
                board.set(at, Some(Stone::Black));
            }
            'O' => {
                board.set(at, Some(Stone::White));
            }
            '*' => star = Some(at),
            _ => {}
        }
    }
    let star = star.unwrap_or_else(|| panic!("no * in {line}"));
    let shapes = patterns::analyze(&board, star, stone, rule).unwrap_or_else(|| panic!("{line}"));
    shapes.line(Direction::Horizontal)
}

fn black(line: &str) -> Shape {
    horizontal(line, Stone::Black, GomokuRule::Renju)
}

#[test]
fn fives_and_fours() {
    assert_eq!(black("..XX*XX.."), Shape::Five);
    assert_eq!(black("..XX*XX.."), Shape::Five);
    assert_eq!(black(".XXX*XX.."), Shape::Overline);
    assert_eq!(black("...XX*X..."), Shape::OpenFour);
    assert_eq!(black("..OXX*X...."), Shape::Four);
    assert_eq!(black("...X.X*X..."), Shape::Four);
    assert_eq!(black("..X.X*X.X.."), Shape::DoubleFour);
    // For black an X.XXXX shape is only a 冲四 (the other end makes six); for white
    // under renju, where six wins, the same shape is a 活四.
    assert_eq!(black("...XX*X.X.."), Shape::Four);
    assert_eq!(horizontal("...OO*O.O..", Stone::White, GomokuRule::Renju), Shape::OpenFour);
    assert_eq!(horizontal(".X.XX*X....", Stone::Black, GomokuRule::Renju), Shape::Four);
    assert_eq!(horizontal(".X.XX*X....", Stone::Black, GomokuRule::Freestyle), Shape::OpenFour);
}

#[test]
fn threes() {
    assert_eq!(black("....X*X...."), Shape::OpenThree { split: false });
    assert_eq!(black("...X.*X...."), Shape::OpenThree { split: true });
    assert_eq!(black("...OX*X...."), Shape::ClosedThree);
    assert_eq!(black("...X*..X..."), Shape::ClosedThree);
    assert_eq!(black("..OX*X..O.."), Shape::ClosedThree);
    // Dead three: hemmed in by white on both sides with no room for five.
    assert_eq!(black("...OX*XO..."), Shape::Dead { stones: 3 });
    assert_eq!(black("...OX*XXO.."), Shape::Dead { stones: 4 });
}

#[test]
fn twos_and_ones() {
    assert_eq!(black("....X*....."), Shape::OpenTwo { gap: 0 });
    assert_eq!(black("...X.*....."), Shape::OpenTwo { gap: 1 });
    assert_eq!(black("..X..*....."), Shape::OpenTwo { gap: 2 });
    assert_eq!(black("...OX*....."), Shape::ClosedTwo);
    assert_eq!(black(".....*....."), Shape::One);
    assert_eq!(black("....O*O...."), Shape::Dead { stones: 1 });
}

#[test]
fn chinese_names() {
    let names: Vec<&str> = [
        Shape::Five,
        Shape::Overline,
        Shape::OpenFour,
        Shape::Four,
        Shape::OpenThree { split: false },
        Shape::OpenThree { split: true },
        Shape::ClosedThree,
        Shape::OpenTwo { gap: 0 },
        Shape::OpenTwo { gap: 1 },
        Shape::OpenTwo { gap: 2 },
        Shape::ClosedTwo,
        Shape::Dead { stones: 4 },
    ]
    .iter()
    .map(|s| s.chinese())
    .collect();
    assert_eq!(
        names,
        [
            "五连",
            "长连",
            "活四",
            "冲四",
            "连活三",
            "跳活三",
            "眠三",
            "连活二",
            "跳活二",
            "大跳活二",
            "眠二",
            "死四"
        ]
    );
}

#[test]
fn combinations() {
    let board = |rows: &str| {
        Board::from_diagram(BoardSize::Fifteen, rows).unwrap_or_else(|e| panic!("{e}"))
    };
    let at =
        |n: &str| notation::parse_point(n, BoardSize::Fifteen).unwrap_or_else(|e| panic!("{e}"));
    // Black on d12 with X X across (b12 c12) and down (d13 d14): 三三.
    let b = board("...\n...X\n...X\n.XX.");
    let s = patterns::analyze(&b, at("d12"), Stone::Black, GomokuRule::Freestyle);
    assert_eq!(s.and_then(|s| s.combination()), Some(Combination::ThreeThree));
    // Under renju the same move reports the forbidden move and its real threes.
    let s = patterns::analyze(&b, at("d12"), Stone::Black, GomokuRule::Renju);
    assert_eq!(s.map(|s| (s.real_open_threes, s.forbidden.is_some())), Some((Some(2), true)));
    // A four and a three: 四三.
    let b = board("...\n...X\n...X\nXXX.");
    let s = patterns::analyze(&b, at("d12"), Stone::Black, GomokuRule::Renju);
    assert_eq!(s.and_then(|s| s.combination()), Some(Combination::FourThree));
    // Occupied by the other colour: no answer.
    assert!(patterns::analyze(&b, at("a12"), Stone::White, GomokuRule::Renju).is_none());
}
