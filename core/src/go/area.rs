//! Whose area each point is at the count: the one flood that both the numbers of the
//! count ([`AreaCount`]) and its picture ([`CountPicture`]) come from, so what the board
//! shades always adds up to the score.

use super::board::{Board, Cell, MAX_CELLS};
use super::game::Game;
use super::score::AreaCount;
use crate::game::{Point, Side};

/// What a point counts for, with the dead stones taken off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Owner {
    /// Off the board.
    Edge,
    /// A live stone or an empty point (or a dead stone's point) only that side reaches.
    Area(Side),
    /// An empty point both sides reach, or neither: shared (单官, seki).
    Shared,
}

/// Each cell's owner, with the stones marked in `dead` (by cell index) removed.
fn owners(board: &Board, dead: &[bool; MAX_CELLS]) -> [Owner; MAX_CELLS] {
    let mut owner = [Owner::Edge; MAX_CELLS];
    // After removing dead stones: 0 empty, 1 black, 2 white, 3 edge.
    let mut cells = [3u8; MAX_CELLS];
    for i in board.cell_indices() {
        cells[i] = match (board.cell(i), dead[i]) {
            (Cell::Black, false) => 1,
            (Cell::White, false) => 2,
            _ => 0,
        };
        owner[i] = match cells[i] {
            1 => Owner::Area(Side::First),
            2 => Owner::Area(Side::Second),
            _ => Owner::Shared,
        };
    }
    let mut seen = [false; MAX_CELLS];
    let (mut stack, mut region) = (Vec::new(), Vec::new());
    for start in board.cell_indices() {
        if cells[start] != 0 || seen[start] {
            continue;
        }
        let (mut touches_black, mut touches_white) = (false, false);
        seen[start] = true;
        stack.push(start);
        region.clear();
        while let Some(i) = stack.pop() {
            region.push(i);
            for n in board.neighbours(i) {
                match cells[n] {
                    0 if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    1 => touches_black = true,
                    2 => touches_white = true,
                    _ => {}
                }
            }
        }
        let o = match (touches_black, touches_white) {
            (true, false) => Owner::Area(Side::First),
            (false, true) => Owner::Area(Side::Second),
            _ => Owner::Shared,
        };
        for &i in &region {
            owner[i] = o;
        }
    }
    owner
}

/// Counts the area of `board` with the stones marked in `dead` (by cell index) removed.
pub(crate) fn count_area(board: &Board, dead: &[bool; MAX_CELLS]) -> AreaCount {
    let owner = owners(board, dead);
    let mut count = AreaCount::default();
    for i in board.cell_indices() {
        let stone = board.cell(i).side();
        match (stone, dead[i], owner[i]) {
            (Some(Side::First), true, _) => count.dead_black += 1,
            (Some(Side::Second), true, _) => count.dead_white += 1,
            (Some(Side::First), false, _) => count.black_stones += 1,
            (Some(Side::Second), false, _) => count.white_stones += 1,
            _ => {}
        }
        let live_stone = stone.is_some() && !dead[i];
        match owner[i] {
            Owner::Area(Side::First) if !live_stone => count.black_territory += 1,
            Owner::Area(Side::Second) if !live_stone => count.white_territory += 1,
            Owner::Shared => count.neutral += 1,
            _ => {}
        }
    }
    count
}

/// One point of the board as the count sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CountPoint {
    pub at: Point,
    /// Whose area the point is (a live stone, a point only that side surrounds, or the
    /// point of a dead stone inside it); `None` for a shared point, split at the count.
    pub area: Option<Side>,
    /// The stone standing there, dead or alive.
    pub stone: Option<Side>,
    /// The stone is marked dead and comes off at the count.
    pub dead: bool,
}

/// The count as a picture: every point of the board, row by row from the bottom left,
/// with whose area it is. Shading black's and white's areas and leaving the shared
/// points plain draws exactly the numbers of [`Game::score`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountPicture {
    pub size: u8,
    pub points: Vec<CountPoint>,
}

impl CountPicture {
    /// Points of `side`'s area: what the count gives it before the shared points.
    pub fn area(&self, side: Side) -> u32 {
        self.points.iter().filter(|p| p.area == Some(side)).count() as u32
    }

    /// Shared points, half to each side.
    pub fn shared(&self) -> u32 {
        self.points.iter().filter(|p| p.area.is_none()).count() as u32
    }

    /// `side`'s stones marked dead.
    pub fn dead(&self, side: Side) -> u32 {
        self.points.iter().filter(|p| p.dead && p.stone == Some(side)).count() as u32
    }
}

impl Game {
    /// Whose area each point is, with the stones marked dead now; for drawing the count
    /// (at the end of a game, or as an estimate during one).
    pub fn count_picture(&self) -> CountPicture {
        let board = self.board();
        let dead = self.dead_marks();
        let owner = owners(board, dead);
        let points = board
            .points()
            .map(|at| {
                let i = board.index(at);
                let area = match owner[i] {
                    Owner::Area(side) => Some(side),
                    _ => None,
                };
                CountPoint { at, area, stone: board.get(at), dead: dead[i] }
            })
            .collect();
        CountPicture { size: board.size(), points }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::parse_gtp;

    fn play(g: &mut Game, moves: &[&str]) {
        for m in moves {
            g.play(parse_gtp(m, g.size()).unwrap()).unwrap();
        }
    }

    #[test]
    fn the_picture_adds_up_to_the_score() {
        let mut g = Game::even(9).unwrap();
        // Black walls off the left, white the right, with a shared point between, and a
        // white stone dead in black's area.
        play(
            &mut g,
            &[
                "D1", "F1", "D2", "F2", "D3", "F3", "D4", "F4", "D5", "F5", "D6", "F6", "D7", "F7",
                "D8", "F8", "D9", "F9", "pass", "B5",
            ],
        );
        g.pass().unwrap();
        g.pass().unwrap();
        g.set_dead_stones(&[Point::new(1, 4)]);
        let picture = g.count_picture();
        let score = g.score();
        let c = score.count;
        assert_eq!(picture.area(Side::First), c.black_area());
        assert_eq!(picture.area(Side::Second), c.white_area());
        assert_eq!(picture.shared(), c.neutral);
        assert_eq!((picture.dead(Side::First), picture.dead(Side::Second)), (0, 1));
        assert_eq!(c.dead_white, 1);
        assert_eq!(picture.points.len(), 81);
        // The E column touches both walls: shared; the dead stone's point is black's.
        assert_eq!((c.black_area(), c.white_area(), c.neutral), (36, 36, 9));
        let b5 = picture.points.iter().find(|p| p.at == Point::new(1, 4)).unwrap();
        assert_eq!((b5.area, b5.stone, b5.dead), (Some(Side::First), Some(Side::Second), true));
        let summary = score.summary();
        let shaded = 2 * picture.area(Side::First) + picture.shared();
        assert_eq!(summary.black, crate::go::Stones::from_halves(shaded as i32));
    }
}
