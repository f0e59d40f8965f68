//! Points a lesson asks the child to find, as the rules define them: liberties,
//! stones in atari, capturing points, real and false eyes, and territory.

use super::board::{Board, Cell};
use super::playout::is_eye;
use crate::game::{Point, Side};

fn sorted(mut points: Vec<Point>) -> Vec<Point> {
    points.sort_by_key(|p| (p.rank, p.file));
    points.dedup();
    points
}

/// Every stone of `side` whose string has exactly one liberty.
pub fn in_atari(board: &Board, side: Side) -> Vec<Point> {
    sorted(
        board
            .stones()
            .filter(|&(p, s)| s == side && board.liberties(p) == 1)
            .map(|(p, _)| p)
            .collect(),
    )
}

/// Every empty point where a stone of `side` takes at least one stone.
pub fn capturing_points(board: &Board, side: Side) -> Vec<Point> {
    let before = board.stone_count(side.opponent());
    sorted(
        board
            .points()
            .filter(|&p| {
                let mut next = board.clone();
                next.play(p, side).is_ok() && next.stone_count(side.opponent()) < before
            })
            .collect(),
    )
}

/// Empty points whose four neighbours are all `side`'s stones or the edge.
fn eye_shapes(board: &Board, side: Side) -> impl Iterator<Item = Point> + '_ {
    board.points().filter(move |&p| {
        let i = board.index(p);
        board.cell(i) == Cell::Empty
            && board
                .neighbours(i)
                .iter()
                .all(|&n| matches!(board.cell(n), Cell::Edge) || board.cell(n) == Cell::of(side))
    })
}

/// 真眼: one-point eyes of `side` the opponent cannot spoil from a diagonal (in the
/// middle at most one diagonal held by the opponent, on the edge or in the corner
/// none).
pub fn real_eyes(board: &Board, side: Side) -> Vec<Point> {
    sorted(eye_shapes(board, side).filter(|&p| is_eye(board, board.index(p), side)).collect())
}

/// 假眼: points shaped like an eye of `side` that the opponent's diagonals spoil.
pub fn false_eyes(board: &Board, side: Side) -> Vec<Point> {
    sorted(eye_shapes(board, side).filter(|&p| !is_eye(board, board.index(p), side)).collect())
}

/// The empty points that count for `side` at the end: the empty areas that touch only
/// `side`'s stones once the stones on `dead` are taken off. The same rule as the
/// area count in [`super::Score`].
pub fn territory(board: &Board, side: Side, dead: &[Point]) -> Vec<Point> {
    let holds = |p: Point| board.get(p).filter(|_| !dead.contains(&p));
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for start in board.points() {
        if holds(start).is_some() || seen.contains(&start) {
            continue;
        }
        let mut area = vec![start];
        seen.push(start);
        let (mut mine, mut theirs) = (false, false);
        let mut k = 0;
        while k < area.len() {
            let i = board.index(area[k]);
            k += 1;
            for n in board.neighbours(i) {
                if board.cell(n) == Cell::Edge {
                    continue;
                }
                let q = board.point(n);
                match holds(q) {
                    Some(s) if s == side => mine = true,
                    Some(_) => theirs = true,
                    None if !seen.contains(&q) => {
                        seen.push(q);
                        area.push(q);
                    }
                    None => {}
                }
            }
        }
        if mine && !theirs {
            out.extend(area);
        }
    }
    sorted(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::read;

    #[test]
    fn territory_agrees_with_the_area_count() {
        let text = "black: C1 C2 C3 C4 C5 C6 C7 C8 C9 F5; \
                    white: D1 D2 D3 D4 D5 D6 D7 D8 D9 G5 G6";
        let mut g = read(9, text).unwrap();
        let dead = vec![Point::new(5, 4)];
        g.pass().unwrap();
        g.pass().unwrap();
        g.set_dead_stones(&dead);
        let count = g.score().count;
        let b = g.board();
        assert_eq!(territory(b, Side::First, &dead).len() as u32, count.black_territory);
        assert_eq!(territory(b, Side::Second, &dead).len() as u32, count.white_territory);
        assert_eq!(territory(b, Side::First, &dead).len(), 18);
    }

    #[test]
    fn eyes_real_and_false() {
        // White's corner eye on A1 is real while white holds the diagonal B2, false
        // once black holds it.
        let g = read(9, "white: A2 B2 B1 C1 A3").unwrap();
        assert_eq!(real_eyes(g.board(), Side::Second), vec![Point::new(0, 0)]);
        assert!(false_eyes(g.board(), Side::Second).is_empty());
        let g = read(9, "white: A2 B1 A3 C1; black: B2").unwrap();
        assert!(real_eyes(g.board(), Side::Second).is_empty());
        assert_eq!(false_eyes(g.board(), Side::Second), vec![Point::new(0, 0)]);
        assert_eq!(in_atari(g.board(), Side::Second), Vec::<Point>::new());
        let g = read(9, "white: A2; black: A3 B2").unwrap();
        assert_eq!(in_atari(g.board(), Side::Second), vec![Point::new(0, 1)]);
        assert_eq!(capturing_points(g.board(), Side::First), vec![Point::new(0, 0)]);
    }
}
