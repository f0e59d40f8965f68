//! Collect-the-stars steps, shared by the games whose lessons have them: the shortest
//! tour of one piece over all the stars.

use std::collections::{BTreeSet, VecDeque};

use crate::Point;

/// The shortest way (at most `max` moves) for the piece on `from` to land on every
/// star, by breadth-first search over (square, stars taken). `moves` gives, for a
/// position and the piece's square, each allowed landing square with the position
/// after it (the other side never moves, so the game decides what "allowed" means).
pub(super) fn shortest_tour<S>(
    start: S,
    from: Point,
    stars: &[Point],
    max: u8,
    mut moves: impl FnMut(&S, Point) -> Vec<(Point, S)>,
) -> Option<Vec<(Point, Point)>> {
    if stars.is_empty() || stars.len() > 16 {
        return None;
    }
    let full: u32 = (1u32 << stars.len()) - 1;
    let mut seen = BTreeSet::from([(from, 0u32)]);
    let mut queue = VecDeque::from([(start, from, 0u32, Vec::new())]);
    while let Some((state, at, got, path)) = queue.pop_front() {
        if got == full {
            return Some(path);
        }
        if path.len() >= usize::from(max) {
            continue;
        }
        for (to, next) in moves(&state, at) {
            let mut g = got;
            if let Some(i) = stars.iter().position(|&s| s == to) {
                g |= 1 << i;
            }
            if seen.insert((to, g)) {
                let mut path = path.clone();
                path.push((at, to));
                queue.push_back((next, to, g, path));
            }
        }
    }
    None
}
