//! Benson's unconditional life: strings that cannot be captured even if their owner
//! always passes. Used so the dead-stone estimate never takes such strings off.
//!
//! For one colour: split the points not holding that colour into regions; a region is
//! vital to a bordering string when every empty point of it is a liberty of the string.
//! Repeatedly drop strings with fewer than two vital regions and regions bordered by a
//! dropped string; what remains is alive whatever the opponent does.

use super::board::{Board, Cell, MAX_CELLS};
use crate::game::Side;

/// Marks (by cell index) the stones of `side` that are unconditionally alive.
pub(crate) fn unconditionally_alive(board: &Board, side: Side) -> [bool; MAX_CELLS] {
    let own = Cell::of(side);
    let cells: Vec<usize> = board.cell_indices().collect();

    // Strings of `side`, by head.
    let heads: Vec<usize> = {
        let mut h: Vec<usize> =
            cells.iter().filter(|&&i| board.cell(i) == own).map(|&i| board.head_of(i)).collect();
        h.sort_unstable();
        h.dedup();
        h
    };
    let string_id = |i: usize| heads.binary_search(&board.head_of(i)).ok();

    // Regions: connected points that do not hold `side`.
    let mut region_of = [usize::MAX; MAX_CELLS];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for &start in &cells {
        if board.cell(start) == own || region_of[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut members = vec![start];
        region_of[start] = id;
        let mut k = 0;
        while k < members.len() {
            let i = members[k];
            k += 1;
            for n in board.neighbours(i) {
                let c = board.cell(n);
                if c != own && c != Cell::Edge && region_of[n] == usize::MAX {
                    region_of[n] = id;
                    members.push(n);
                }
            }
        }
        regions.push(members);
    }

    // For each region: bordering strings, and those to which it is vital.
    let mut borders: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    let mut vital_to: Vec<Vec<usize>> = Vec::with_capacity(regions.len());
    for members in &regions {
        let mut b = Vec::new();
        for &i in members {
            for n in board.neighbours(i) {
                if let Some(s) = string_id(n).filter(|s| board.cell(n) == own && !b.contains(s)) {
                    b.push(s);
                }
            }
        }
        let empties: Vec<usize> =
            members.iter().copied().filter(|&i| board.cell(i) == Cell::Empty).collect();
        let v = b
            .iter()
            .copied()
            .filter(|&s| {
                empties.iter().all(|&e| {
                    board
                        .neighbours(e)
                        .iter()
                        .any(|&n| board.cell(n) == own && string_id(n) == Some(s))
                })
            })
            .collect();
        borders.push(b);
        vital_to.push(v);
    }

    let mut string_alive = vec![true; heads.len()];
    let mut region_alive = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (s, alive) in string_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let vital =
                (0..regions.len()).filter(|&r| region_alive[r] && vital_to[r].contains(&s)).count();
            if vital < 2 {
                *alive = false;
                changed = true;
            }
        }
        for r in 0..regions.len() {
            if region_alive[r] && borders[r].iter().any(|&s| !string_alive[s]) {
                region_alive[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    let mut out = [false; MAX_CELLS];
    for &i in &cells {
        if board.cell(i) == own && string_id(i).is_some_and(|s| string_alive[s]) {
            out[i] = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Point;

    fn board(rows: &[&str]) -> Board {
        let size = rows.len() as u8;
        let mut stones = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (f, ch) in row.chars().enumerate() {
                let p = Point::new(f as u8, size - 1 - r as u8);
                match ch {
                    'X' => stones.push((p, Side::First)),
                    'O' => stones.push((p, Side::Second)),
                    _ => {}
                }
            }
        }
        let mut b = Board::new(size).unwrap();
        assert!(b.set_stones(&stones));
        b
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        let b = board(&[
            ".X.X.", //
            "XXXXX", //
            ".....", //
            "OOOOO", //
            "O.OO.", //
        ]);
        let black = unconditionally_alive(&b, Side::First);
        let white = unconditionally_alive(&b, Side::Second);
        assert!(black[b.index(Point::new(1, 4))]);
        // White has two one-point eyes along the bottom edge.
        assert!(white[b.index(Point::new(0, 1))]);
        let one_eye = board(&[
            ".....", //
            "XXXXX", //
            ".....", //
            ".....", //
            ".....", //
        ]);
        assert!(!unconditionally_alive(&one_eye, Side::First)[one_eye.index(Point::new(0, 3))]);
    }
}
