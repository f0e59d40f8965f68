//! 双活 (seki): two groups without two eyes that share liberties, so that whichever
//! side fills a shared liberty first loses its own group. Proven with the
//! life-and-death search: both groups live whoever moves, and a stone of either
//! colour on any shared liberty gets its own group taken.

use super::board::Board;
use super::life_death::{LifeError, lives, lives_after};
use super::reading::liberty_points;
use crate::game::{Point, Side};

/// The shared liberties of the seki between the group on `at` and the other
/// colour's group next to it, by board order; `None` when the two are not in seki
/// (one side can fill a shared liberty safely, or a group dies with the other side
/// to move, or no group of the other colour shares a liberty).
pub fn shared_liberties(board: &Board, at: Point) -> Result<Option<Vec<Point>>, LifeError> {
    let side = board.get(at).ok_or(LifeError::NoStone)?;
    let own = liberty_points(board, at);
    // The other colour's string sharing the most liberties with the group.
    let mut partner: Option<(Point, usize)> = None;
    for (p, s) in board.stones() {
        if s == side {
            continue;
        }
        let shared = liberty_points(board, p).iter().filter(|l| own.contains(l)).count();
        if shared > 0 && partner.is_none_or(|(_, n)| shared > n) {
            partner = Some((p, shared));
        }
    }
    let Some((other, _)) = partner else { return Ok(None) };
    let mut shared: Vec<Point> =
        liberty_points(board, other).into_iter().filter(|l| own.contains(l)).collect();
    shared.sort_by_key(|p| (p.rank, p.file));
    for (group, colour) in [(at, side), (other, side.opponent())] {
        for to_move in [Side::First, Side::Second] {
            if !lives(board, group, to_move)? {
                return Ok(None);
            }
        }
        for &p in &shared {
            if lives_after(board, group, colour, Some(p))? {
                return Ok(None);
            }
        }
    }
    Ok(Some(shared))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::{pt, read};

    // White's eye space is C1 to G1; three black stones sit in its middle, and the
    // two ends are the only liberties of both.
    const SEKI: &str = "black: A1 A2 A3 B3 C3 D3 E3 F3 G3 H3 J3 J2 J1 D1 E1 F1; \
                        white: B1 B2 C2 D2 E2 F2 G2 H2 H1";

    #[test]
    fn the_ends_of_a_straight_five_with_three_stones_inside_are_shared() {
        let g = read(9, SEKI).unwrap();
        let b = g.board();
        assert_eq!(shared_liberties(b, pt("B2")).unwrap(), Some(vec![pt("C1"), pt("G1")]));
        assert_eq!(shared_liberties(b, pt("E1")).unwrap(), Some(vec![pt("C1"), pt("G1")]));
    }

    #[test]
    fn two_stones_in_a_straight_four_are_no_seki() {
        // Two black stones inside a straight four: black fills an end, white takes
        // three stones and is left with a straight three that black kills.
        let g = read(
            9,
            "black: A1 A2 A3 B3 C3 D3 E3 F3 G3 H3 H2 H1 D1 E1; white: B1 B2 C2 D2 E2 F2 G2 G1",
        )
        .unwrap();
        assert_eq!(shared_liberties(g.board(), pt("B2")).unwrap(), None);
        assert!(!lives(g.board(), pt("B2"), Side::First).unwrap());
    }
}
