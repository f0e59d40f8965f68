//! 点杀 by sacrifice (nakade): stones played into a group's eye space so that, once the
//! group takes them, the space they leave is one eye. Three points in any shape, the
//! square and pyramid fours, and the bulky and cross fives are such shapes: the side
//! that gave the stones plays their vital point after the capture (the square four has
//! none to play). Straight, bent and zigzag fours and other fives make two eyes.
//!
//! Playouts refuse self-atari of more than a stone or two so that seki survives; a
//! sacrifice that kills is the exception, or a group that only looks like seki (its
//! two shared liberties filled at the cost of stones that leave a dead shape) would be
//! counted alive.

use super::board::{Board, Cell};
use crate::game::Side;

/// Whether a stone of `side` on `at` is a sacrifice that kills: it joins a string of
/// three to five stones with one liberty left, captures nothing, puts a string of the
/// opponent next to it in atari too (so the opponent must take at once), and the
/// stones the opponent takes form a dead eye shape.
pub(crate) fn sacrifice_kills(board: &Board, at: usize, side: Side) -> bool {
    if board.cell(at) != Cell::Empty {
        return false;
    }
    let own = Cell::of(side);
    let theirs = Cell::of(side.opponent());
    let mut cells = [at; 5];
    let mut count = 1;
    let mut liberty = None;
    let mut presses = false;
    for n in board.neighbours(at) {
        match board.cell(n) {
            Cell::Empty => {
                if liberty.is_some_and(|l| l != n) {
                    return false;
                }
                liberty = Some(n);
            }
            c if c == theirs => {
                let libs = board.liberties_up_to(board.head_of(n), 3);
                if libs == 1 {
                    return false; // it captures
                }
                presses |= libs == 2;
            }
            c if c == own => {
                let h = board.head_of(n);
                if cells[..count].contains(&h) || cells[..count].contains(&n) {
                    continue;
                }
                let mut s = h;
                loop {
                    if count == cells.len() {
                        return false;
                    }
                    cells[count] = s;
                    count += 1;
                    for l in board.neighbours(s) {
                        if l != at && board.cell(l) == Cell::Empty {
                            if liberty.is_some_and(|x| x != l) {
                                return false;
                            }
                            liberty = Some(l);
                        }
                    }
                    s = board.next_stone(s);
                    if s == h {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    liberty.is_some() && presses && dead_shape(board, &cells[..count])
}

/// Whether the connected `cells` (three to five) make an eye space the other side
/// kills by playing first: any three, the square or pyramid four, the bulky or cross
/// five.
fn dead_shape(board: &Board, cells: &[usize]) -> bool {
    let degree = |c: usize| board.neighbours(c).iter().filter(|n| cells.contains(n)).count();
    let square = || {
        cells.iter().any(|&c| {
            let p = board.point(c);
            let at = |df: u8, dr: u8| {
                cells.iter().any(|&o| {
                    let q = board.point(o);
                    q.file == p.file + df && q.rank == p.rank + dr
                })
            };
            at(1, 0) && at(0, 1) && at(1, 1)
        })
    };
    match cells.len() {
        3 => true,
        4 => cells.iter().any(|&c| degree(c) == 3) || square(),
        5 => cells.iter().any(|&c| degree(c) == 4) || square(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::{pt, read};

    fn kills(position: &str, at: &str, side: Side) -> bool {
        let g = read(9, position).unwrap();
        let b = g.board();
        sacrifice_kills(b, b.index(pt(at)), side)
    }

    #[test]
    fn a_sacrifice_kills_when_the_taken_stones_leave_a_dead_shape() {
        use Side::{First as B, Second as W};
        // White's A2–E2, E1 and black's B1–C1 share A1 and D1. Black on D1 (or A1)
        // gives three stones in a row that white must take, and black's stone on the
        // middle point then leaves white one eye.
        let three = "black: A3 B3 C3 D3 E3 F3 F2 F1 B1 C1; white: A2 B2 C2 D2 E2 E1";
        assert!(kills(three, "D1", B));
        assert!(kills(three, "A1", B));
        assert!(!kills(three, "A1", W), "seven white stones are no nakade");
        // Three black stones inside white's straight five: filling either end makes a
        // straight four, and white lives after taking it (a true seki).
        let seki = "black: A1 A2 A3 B3 C3 D3 E3 F3 G3 H3 J3 J2 J1 D1 E1 F1; \
                    white: B1 B2 C2 D2 E2 F2 G2 H2 H1";
        assert!(!kills(seki, "C1", B));
        assert!(!kills(seki, "G1", B));
        // Black's corner group and white's three stones inside share A1 and C1.
        // White on C1 makes a square four to be taken, a dead shape; on A1 a zigzag
        // four, from which black makes two eyes.
        let square = "black: A2 A3 B3 B4 C3 D3 D2 D1 E2 E1; \
                      white: B1 B2 C2 A4 A5 B5 C4 D4 E3 E4 F2 F1";
        assert!(kills(square, "C1", W));
        assert!(!kills(square, "A1", W));
        // Nothing is sacrificed where a stone keeps two liberties or captures.
        assert!(!kills(square, "F3", W));
        assert!(!kills(three, "G1", B));
    }

    #[test]
    fn the_dead_shapes_are_the_threes_the_square_the_pyramid_the_bulky_and_the_cross() {
        let b = Board::new(9).unwrap();
        let shape = |names: &[&str]| {
            let cells: Vec<usize> = names.iter().map(|n| b.index(pt(n))).collect();
            dead_shape(&b, &cells)
        };
        assert!(shape(&["C3", "D3", "E3"]), "straight three");
        assert!(shape(&["C3", "D3", "D4"]), "bent three");
        assert!(shape(&["C3", "D3", "C4", "D4"]), "square four");
        assert!(shape(&["C3", "D3", "E3", "D4"]), "pyramid four");
        assert!(!shape(&["C3", "D3", "E3", "F3"]), "straight four");
        assert!(!shape(&["C3", "D3", "E3", "E4"]), "bent four");
        assert!(!shape(&["C3", "D3", "D4", "E4"]), "zigzag four");
        assert!(shape(&["C3", "D3", "C4", "D4", "E3"]), "bulky five");
        assert!(shape(&["D3", "C4", "D4", "E4", "D5"]), "cross five");
        assert!(!shape(&["C3", "D3", "E3", "F3", "G3"]), "straight five");
        assert!(!shape(&["C3", "D3", "E3", "E4", "E5"]), "bent five");
    }
}
