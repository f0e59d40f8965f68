//! Forbidden points checked against an independent referee.
//!
//! `data/gomoku_renju_reference.txt` holds 400 random positions and
//! `data/gomoku_renju_reference_games.txt` 500 positions grown like games (the ones
//! `benches/gomoku.rs` times), each with every empty point
//! that the Piskvork judge's renju checker (as packaged in the MIT-licensed `renju`
//! 0.1.0 on PyPI) reports forbidden for black: 1 double three, 2 double four,
//! 3 overline. The positions were made by a seeded script and labelled by that program
//! alone. Our checker under [`Judge::Piskvork`] must agree on every point; under the
//! default [`Judge::Rif`] it may differ only in double threes (the one reading on
//! which the two referees part, a straight-four point that also makes a five: see
//! `renju`'s docs).
//! Set `QIKE_GOMOKU_REFERENCE=<file>` to check another file of the same format.

use std::collections::BTreeMap;

use qike_core::GomokuRule;
use qike_core::gomoku::renju::{self, Judge};
use qike_core::gomoku::{Board, BoardSize, Forbidden, Stone, notation, patterns};

fn kind(code: &str) -> Option<Forbidden> {
    match code {
        "1" => Some(Forbidden::DoubleThree),
        "2" => Some(Forbidden::DoubleFour),
        "3" => Some(Forbidden::Overline),
        _ => None,
    }
}

#[test]
fn forbidden_points_match_the_reference_referee() {
    match std::env::var("QIKE_GOMOKU_REFERENCE") {
        Ok(path) => check_file(&path),
        Err(_) => {
            for name in ["gomoku_renju_reference.txt", "gomoku_renju_reference_games.txt"] {
                check_file(&format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")));
            }
        }
    }
}

fn check_file(path: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut positions = 0;
    let mut labelled = 0;
    let mut mismatches = Vec::new();
    let mut known_differences = 0;
    let mut five_in_sight = 0;
    for (n, line) in text.lines().enumerate() {
        let Some((rows, labels)) = line.split_once('|') else { continue };
        let board = Board::from_diagram(BoardSize::Fifteen, &rows.trim().replace('/', "\n"))
            .unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let mut expected = BTreeMap::new();
        for label in labels.split_whitespace() {
            let (point, code) = label.split_once(':').expect("point:kind");
            let p = notation::parse_point(point, BoardSize::Fifteen).expect("point");
            expected.insert(p, kind(code).expect("kind 1-3"));
        }
        let ours: BTreeMap<_, _> =
            renju::forbidden_points_under(&board, Judge::Piskvork).into_iter().collect();
        let rif: BTreeMap<_, _> = renju::forbidden_points(&board).into_iter().collect();
        positions += 1;
        labelled += expected.len();
        for p in board.points() {
            if rif.get(&p) != ours.get(&p) {
                known_differences += 1;
                let pair = (rif.get(&p).copied(), ours.get(&p).copied());
                assert!(
                    matches!(
                        pair,
                        (Some(Forbidden::DoubleThree), None) | (None, Some(Forbidden::DoubleThree))
                    ),
                    "line {}: the readings differ at {} in more than a double three: {pair:?}",
                    n + 1,
                    notation::point_name(p)
                );
                five_in_sight += usize::from(five_ready_after(&board, p));
            }
        }
        if ours != expected {
            mismatches.push(format!(
                "line {}: reference {:?}\nours {:?}\n{board}",
                n + 1,
                expected.iter().map(|(p, k)| (notation::point_name(*p), *k)).collect::<Vec<_>>(),
                ours.iter().map(|(p, k)| (notation::point_name(*p), *k)).collect::<Vec<_>>(),
            ));
        }
    }
    println!(
        "{positions} positions, {labelled} forbidden points; the RIF reading differs on \
         {known_differences} points, {five_in_sight} of them with a five ready after the move"
    );
    assert!(positions >= 100, "only {positions} positions in {path}");
    assert!(labelled >= 100, "only {labelled} forbidden points in {path}");
    assert!(
        mismatches.is_empty(),
        "{} of {positions} positions differ:\n{}",
        mismatches.len(),
        mismatches.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Whether, with a black stone on `p`, black could complete a five somewhere.
fn five_ready_after(board: &Board, p: qike_core::Point) -> bool {
    let mut b = board.clone();
    b.set(p, Some(Stone::Black));
    b.points().any(|q| {
        b.is_empty_at(q)
            && patterns::analyze(&b, q, Stone::Black, GomokuRule::Standard).is_some_and(|s| s.wins)
    })
}
