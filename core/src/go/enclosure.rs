//! How much one string encloses on its own: the empty areas whose every bordering
//! stone belongs to it (the board edge helps). A lesson compares strings of the same
//! number of stones to show why corners come first in the opening: the edges do
//! part of the enclosing. An area of more than half the board is the open board
//! around the string, not something it encloses.

use super::board::{Board, Cell};
use crate::game::Point;

/// The empty points enclosed by the string on `at` alone, by board order; empty when
/// `at` holds no stone.
pub fn enclosed_by(board: &Board, at: Point) -> Vec<Point> {
    if board.get(at).is_none() {
        return Vec::new();
    }
    let string: Vec<usize> = board.string(at).into_iter().map(|p| board.index(p)).collect();
    let mut seen = vec![false; super::board::MAX_CELLS];
    let mut out = Vec::new();
    for &s in &string {
        for start in board.neighbours(s) {
            if board.cell(start) != Cell::Empty || seen[start] {
                continue;
            }
            // Flood the empty area through `start`, noting whether any other stone
            // borders it.
            let mut area = vec![start];
            let mut stack = vec![start];
            seen[start] = true;
            let mut alone = true;
            while let Some(i) = stack.pop() {
                for n in board.neighbours(i) {
                    match board.cell(n) {
                        Cell::Empty if !seen[n] => {
                            seen[n] = true;
                            area.push(n);
                            stack.push(n);
                        }
                        Cell::Black | Cell::White if !string.contains(&n) => alone = false,
                        _ => {}
                    }
                }
            }
            let half = usize::from(board.size()) * usize::from(board.size()) / 2;
            if alone && area.len() <= half {
                out.extend(area.into_iter().map(|i| board.point(i)));
            }
        }
    }
    out.sort_by_key(|p| (p.rank, p.file));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::{pt, read};

    #[test]
    fn seven_stones_enclose_most_in_the_corner_and_nothing_in_the_centre() {
        let g = read(
            19,
            "size: 19; black: A4 B4 C4 D4 D3 D2 D1 J1 J2 J3 K3 L3 L2 L1 \
             K9 K10 K11 L11 M11 M10 M9",
        )
        .unwrap();
        let b = g.board();
        assert_eq!(enclosed_by(b, pt("D4")).len(), 9);
        assert_eq!(enclosed_by(b, pt("K3")), [pt("K1"), pt("K2")]);
        assert!(enclosed_by(b, pt("L11")).is_empty());
        // A stone of the other colour inside spoils the enclosure.
        let g = read(19, "size: 19; black: A4 B4 C4 D4 D3 D2 D1; white: B2").unwrap();
        assert!(enclosed_by(g.board(), pt("D4")).is_empty());
        // Alone on the board, a string does not enclose the open board around it.
        let g = read(19, "size: 19; black: K10").unwrap();
        assert!(enclosed_by(g.board(), pt("K10")).is_empty());
        assert!(enclosed_by(g.board(), pt("E5")).is_empty());
    }
}
