//! Life and death of a group shut in a small region, by exhaustive search.
//!
//! The region is everything the group can reach without crossing the other colour's
//! stones (its eye space and its stones), plus the other colour's strings lying
//! wholly inside it. Both sides play only inside the region, or pass; the wall around
//! it is taken as safe. The group dies once the stone asked about is taken (what is
//! played in the emptied space afterwards is a new fight); it lives when it is
//! unconditionally alive (Benson), or when both sides pass with it still on the
//! board (双活 counts as living). Every move of both sides is tried, so a "dies"
//! answer is proven against every defence and a "lives" answer against every
//! attack. A position repeated on the current line is refused, as positional superko
//! refuses it. Positions already read are kept in a table keyed by the stones, the
//! ko point, the side to move and a pending pass; a result that leaned on such a
//! refusal depends on the line and is not kept. A region too big, or a line too
//! long, gives "not known".

use std::collections::HashMap;

use super::benson::unconditionally_alive;
use super::board::{Board, Cell};
use crate::game::{Point, Side};

/// The largest region (points) the search takes on.
pub const MAX_REGION: usize = 22;
/// Positions the search may visit for one question.
pub const LIFE_NODES: u64 = 3_000_000;
/// The longest line the search follows.
const MAX_PLIES: usize = 60;

/// Why life and death could not be settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LifeError {
    #[error("there is no stone on the point asked about")]
    NoStone,
    #[error("the group is not shut in: its region has more than {MAX_REGION} points")]
    TooBig,
    #[error("the search needs more than {LIFE_NODES} positions or a line too long")]
    TooDeep,
}

/// The region of the group on `at`: its points, by board order.
pub fn region(board: &Board, at: Point) -> Result<Vec<Point>, LifeError> {
    let defender = board.get(at).ok_or(LifeError::NoStone)?;
    let wall = Cell::of(defender.opponent());
    let start = board.index(at);
    let mut inside = vec![start];
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for n in board.neighbours(i) {
            let c = board.cell(n);
            if c != wall && c != Cell::Edge && !inside.contains(&n) {
                inside.push(n);
                stack.push(n);
                if inside.len() > MAX_REGION {
                    return Err(LifeError::TooBig);
                }
            }
        }
    }
    // The other colour's strings wholly inside (stones played into the eye space).
    let mut extra = Vec::new();
    for &i in &inside {
        for n in board.neighbours(i) {
            if board.cell(n) != wall || extra.contains(&n) {
                continue;
            }
            let string = board.string_cells(board.head_of(n));
            let enclosed = string.iter().all(|&s| {
                board.neighbours(s).iter().all(|&m| {
                    matches!(board.cell(m), Cell::Edge)
                        || board.cell(m) == wall
                        || inside.contains(&m)
                })
            });
            let touches_outside = string.iter().any(|&s| {
                board
                    .neighbours(s)
                    .iter()
                    .any(|&m| board.cell(m) == Cell::Empty && !inside.contains(&m))
            });
            if enclosed && !touches_outside && string.len() <= 3 {
                extra.extend(string);
            }
        }
    }
    extra.sort_unstable();
    extra.dedup();
    inside.extend(extra);
    if inside.len() > MAX_REGION {
        return Err(LifeError::TooBig);
    }
    let mut points: Vec<Point> = inside.into_iter().map(|i| board.point(i)).collect();
    points.sort_by_key(|p| (p.rank, p.file));
    Ok(points)
}

/// What the search learned about one position: the result, and whether it leaned on
/// the line that led there (a move refused because it would repeat a position of
/// the line). Only results that did not lean on the line go into the table, so a
/// ko fight read along one line never decides a transposed position reached along
/// another.
#[derive(Debug, Clone, Copy)]
struct Found {
    lives: bool,
    history: bool,
}

/// The table key: the stones, the ko point, who is to move and whether the last
/// move was a pass.
type Key = (u64, Option<Point>, bool, bool);

/// A life-and-death question: the group on one point and its region.
#[derive(Debug)]
pub struct LifeSearch {
    defender: Side,
    /// The cell of the stone asked about.
    at: usize,
    region: Vec<usize>,
    nodes: u64,
    table: HashMap<Key, bool>,
    path: Vec<u64>,
}

impl LifeSearch {
    pub fn new(board: &Board, at: Point) -> Result<LifeSearch, LifeError> {
        let defender = board.get(at).ok_or(LifeError::NoStone)?;
        let region = region(board, at)?.into_iter().map(|p| board.index(p)).collect();
        Ok(LifeSearch {
            defender,
            at: board.index(at),
            region,
            nodes: 0,
            table: HashMap::new(),
            path: Vec::new(),
        })
    }

    /// The colour of the group.
    pub fn defender(&self) -> Side {
        self.defender
    }

    /// The region's points.
    pub fn points(&self, board: &Board) -> Vec<Point> {
        self.region.iter().map(|&i| board.point(i)).collect()
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn taken(&self, b: &Board) -> bool {
        b.cell(self.at) != Cell::of(self.defender)
    }

    /// Whether the group is alive whatever the other side does (Benson).
    pub fn alive_now(&self, b: &Board) -> bool {
        self.benson_alive(b)
    }

    fn benson_alive(&self, b: &Board) -> bool {
        let alive = unconditionally_alive(b, self.defender);
        self.region.iter().any(|&i| b.cell(i) == Cell::of(self.defender) && alive[i])
    }

    /// The legal moves of `side` inside the region, the likeliest first: points with
    /// more empty neighbours (the vital point of an eye shape is the one touching
    /// most of the others), then moves that take stones.
    pub fn moves(&self, b: &Board, side: Side) -> Vec<Point> {
        let mut scored: Vec<(usize, usize)> = self
            .region
            .iter()
            .filter(|&&i| b.is_legal(b.point(i), side))
            .map(|&i| {
                let empty = b.neighbours(i).iter().filter(|&&n| b.cell(n) == Cell::Empty).count();
                let takes = b.neighbours(i).iter().any(|&n| {
                    b.cell(n) == Cell::of(side.opponent()) && b.liberties(b.point(n)) == 1
                });
                (i, empty * 2 + usize::from(takes) * 3)
            })
            .collect();
        // Stable sort: equal scores keep board order, so the search is reproducible.
        scored.sort_by_key(|s| std::cmp::Reverse(s.1));
        scored.into_iter().map(|(i, _)| b.point(i)).collect()
    }

    /// Whether the group lives with `to_move` to play; `passed` when the last move
    /// was a pass (a second pass ends the fight).
    pub fn lives(&mut self, b: &Board, to_move: Side, passed: bool) -> Result<bool, LifeError> {
        self.search(b, to_move, passed).map(|f| f.lives)
    }

    fn search(&mut self, b: &Board, to_move: Side, passed: bool) -> Result<Found, LifeError> {
        if self.taken(b) {
            return Ok(Found { lives: false, history: false });
        }
        if self.benson_alive(b) {
            return Ok(Found { lives: true, history: false });
        }
        let defending = to_move == self.defender;
        // The defender passing after a pass ends the fight with the group standing.
        if passed && defending {
            return Ok(Found { lives: true, history: false });
        }
        let key = (b.hash(), b.ko_point(), defending, passed);
        if let Some(&lives) = self.table.get(&key) {
            return Ok(Found { lives, history: false });
        }
        self.nodes += 1;
        if self.nodes > LIFE_NODES || self.path.len() > MAX_PLIES {
            return Err(LifeError::TooDeep);
        }
        let mut history = false;
        let mut result = None;
        self.path.push(b.hash());
        for p in self.moves(b, to_move) {
            let mut next = b.clone();
            if next.play(p, to_move).is_err() {
                continue;
            }
            if self.path.contains(&next.hash()) {
                // Superko: the move is refused on this line only.
                history = true;
                continue;
            }
            let r = self.search(&next, to_move.opponent(), false);
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    self.path.pop();
                    return Err(e);
                }
            };
            history |= r.history;
            if r.lives == defending {
                // A winning move is a proof whatever else the line refused.
                history = r.history;
                result = Some(defending);
                break;
            }
        }
        // Last, a pass: the fight ends if the other side passed just before.
        let lives = match result {
            Some(l) => l,
            None if passed => true,
            None => {
                let mut next = b.clone();
                next.clear_ko();
                let r = self.search(&next, to_move.opponent(), true);
                match r {
                    Ok(r) => {
                        if r.lives == defending {
                            history = r.history;
                        } else {
                            history |= r.history;
                        }
                        r.lives
                    }
                    Err(e) => {
                        self.path.pop();
                        return Err(e);
                    }
                }
            }
        };
        self.path.pop();
        if !history {
            self.table.insert(key, lives);
        }
        Ok(Found { lives, history })
    }
}

/// Whether the group on `at` lives after `side` plays `first` (or passes, `None`),
/// the other side moving next.
pub fn lives_after(
    board: &Board,
    at: Point,
    side: Side,
    first: Option<Point>,
) -> Result<bool, LifeError> {
    let mut search = LifeSearch::new(board, at)?;
    let mut next = board.clone();
    match first {
        Some(p) => {
            if next.play(p, side).is_err() {
                // An illegal move is no answer: the side asking gets the worse result.
                return Ok(side != search.defender);
            }
        }
        None => next.clear_ko(),
    }
    search.path.push(board.hash());
    search.lives(&next, side.opponent(), first.is_none())
}

/// Whether the group on `at` lives with `to_move` to play.
pub fn lives(board: &Board, at: Point, to_move: Side) -> Result<bool, LifeError> {
    LifeSearch::new(board, at)?.lives(board, to_move, false)
}

/// The answer a lesson plays for `side` in the fight over the group on `at`: a move
/// that keeps `side`'s best result (it lives for the defender, it dies for the
/// attacker), else the first legal move; `None` when no move is legal.
pub fn answer(board: &Board, at: Point, side: Side) -> Result<Option<Point>, LifeError> {
    let search = LifeSearch::new(board, at)?;
    let want = side == search.defender;
    let moves = search.moves(board, side);
    for &p in &moves {
        if lives_after(board, at, side, Some(p))? == want {
            return Ok(Some(p));
        }
    }
    Ok(moves.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::{pt, read};

    // A white group in the corner with a straight three of eye space (A1 B1 C1),
    // sealed by a black wall.
    const STRAIGHT_THREE: &str = "black: A3 B3 C3 D3 E3 E2 E1; white: A2 B2 C2 D2 D1";

    #[test]
    fn straight_three_lives_or_dies_by_the_middle_point() {
        let g = read(9, STRAIGHT_THREE).unwrap();
        let b = g.board();
        // Black to move kills by the middle point; white to move lives there.
        assert!(!lives_after(b, pt("B2"), Side::First, Some(pt("B1"))).unwrap());
        assert!(lives_after(b, pt("B2"), Side::Second, Some(pt("B1"))).unwrap());
        // Black on the side point does not kill.
        assert!(lives_after(b, pt("B2"), Side::First, Some(pt("A1"))).unwrap());
        assert!(!lives(b, pt("B2"), Side::First).unwrap());
        assert!(lives(b, pt("B2"), Side::Second).unwrap());
    }

    #[test]
    fn a_group_with_two_eyes_lives_whoever_moves() {
        let g = read(9, "black: A3 B3 C3 D3 E3 E2 E1; white: A2 B2 C2 D2 B1 D1").unwrap();
        let b = g.board();
        assert!(lives(b, pt("B2"), Side::First).unwrap());
        assert_eq!(region(b, pt("B2")).unwrap().len(), 8);
        assert_eq!(
            region(&read(9, "white: E5").unwrap().board().clone(), pt("E5")),
            Err(LifeError::TooBig)
        );
    }
}
