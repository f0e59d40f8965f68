//! The life-and-death solver on the eye shapes every Go course teaches: for each
//! shape the vital point kills when the attacker takes it, and the group lives when
//! the defender takes it first; straight and bent four live whoever moves.

use qike_core::go::lesson::read;
use qike_core::go::life_death::{lives, lives_after};
use qike_core::go::{Board, Move, parse_gtp};
use qike_core::{Point, Side};

const FILES: &str = "ABCDEFGHJ";

fn pt(name: &str) -> Point {
    match parse_gtp(name, 9) {
        Ok(Move::Play(p)) => p,
        _ => panic!("not a point: {name}"),
    }
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", &FILES[file as usize..file as usize + 1], rank + 1)
}

fn coords(name: &str) -> (i32, i32) {
    let p = pt(name);
    (i32::from(p.file), i32::from(p.rank))
}

/// A white group whose eye space is `eyes` (on the lower edge of a 9×9 board), its
/// stones filling every point next to the eye space (diagonals too), sealed by a
/// black wall around them. Returns the position text and one white stone.
fn shape(eyes: &[&str]) -> (String, String) {
    let eyes: Vec<(i32, i32)> = eyes.iter().map(|e| coords(e)).collect();
    let ring = |inner: &[(i32, i32)], skip: &[(i32, i32)]| {
        let mut out = Vec::new();
        for &(f, r) in inner {
            for df in -1..=1 {
                for dr in -1..=1 {
                    let q = (f + df, r + dr);
                    if (0..9).contains(&q.0)
                        && (0..9).contains(&q.1)
                        && !inner.contains(&q)
                        && !skip.contains(&q)
                        && !out.contains(&q)
                    {
                        out.push(q);
                    }
                }
            }
        }
        out
    };
    let white = ring(&eyes, &[]);
    let mut inner = eyes.clone();
    inner.extend(&white);
    let black = ring(&inner, &[]);
    let list = |v: &[(i32, i32)]| v.iter().map(|&(f, r)| name(f, r)).collect::<Vec<_>>().join(" ");
    let at = name(white[0].0, white[0].1);
    (format!("black: {}; white: {}", list(&black), list(&white)), at)
}

fn board(text: &str) -> Board {
    read(9, text).expect("a valid diagram").board().clone()
}

/// The eye-space points where the attacker (black) moving first kills.
fn killing_points(eyes: &[&str]) -> Vec<String> {
    let (text, at) = shape(eyes);
    let b = board(&text);
    eyes.iter()
        .filter(|e| !lives_after(&b, pt(&at), Side::First, Some(pt(e))).expect("settled"))
        .map(|e| e.to_string())
        .collect()
}

fn check_vital(eyes: &[&str], vital: &str) {
    let (text, at) = shape(eyes);
    let b = board(&text);
    let at = pt(&at);
    // The attacker to move kills by the vital point; the defender to move lives there.
    assert!(!lives(&b, at, Side::First).unwrap(), "{eyes:?} dies with black to move");
    assert!(lives(&b, at, Side::Second).unwrap(), "{eyes:?} lives with white to move");
    assert!(!lives_after(&b, at, Side::First, Some(pt(vital))).unwrap(), "{vital} kills");
    assert!(lives_after(&b, at, Side::Second, Some(pt(vital))).unwrap(), "{vital} lives");
    // The vital point is the only first move of the attacker that kills.
    assert_eq!(killing_points(eyes), [vital], "{eyes:?}");
}

#[test]
fn straight_three_vital_point_is_the_middle() {
    check_vital(&["C1", "D1", "E1"], "D1");
}

#[test]
fn bent_three_vital_point_is_the_bend() {
    check_vital(&["C1", "D1", "D2"], "D1");
}

#[test]
fn pyramid_four_vital_point_is_the_centre() {
    check_vital(&["C1", "D1", "E1", "D2"], "D1");
}

#[test]
fn bulky_five_vital_point() {
    check_vital(&["C1", "D1", "E1", "C2", "D2"], "D1");
}

#[test]
fn crossed_five_vital_point_is_the_centre() {
    check_vital(&["D1", "C2", "D2", "E2", "D3"], "D2");
}

#[test]
fn flower_six_vital_point_is_the_centre() {
    check_vital(&["C1", "D1", "C2", "D2", "E2", "D3"], "D2");
}

#[test]
fn straight_and_bent_four_live_whoever_moves() {
    for eyes in [&["C1", "D1", "E1", "F1"][..], &["C1", "D1", "E1", "E2"][..]] {
        let (text, at) = shape(eyes);
        let b = board(&text);
        assert!(lives(&b, pt(&at), Side::First).unwrap(), "{eyes:?} lives with black to move");
        assert!(killing_points(eyes).is_empty(), "{eyes:?}: no black move kills");
    }
}

#[test]
fn the_diagram_builder_seals_the_group() {
    let (text, at) = shape(&["C1", "D1", "E1"]);
    assert_eq!(text, "black: A1 A2 A3 B3 C3 D3 E3 F3 G1 G2 G3; white: B1 B2 C2 D2 E2 F1 F2");
    // One white string holding every white stone, and no black move inside is legal
    // but the eye space.
    let b = board(&text);
    assert_eq!(b.string(pt(&at)).len(), 7);
    assert_eq!(b.liberties(pt(&at)), 3);
}
