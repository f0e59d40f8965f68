//! Local reading of a capturing race around one string: can the attacker take it
//! within a number of its own moves, whatever the defender does?
//!
//! The search is a plain AND/OR tree with a table of positions already read. The
//! attacker tries every liberty of the target, every point next to a liberty (the
//! loose moves of a net, 枷) and every liberty of its own strings beside the target
//! that are in atari. The defender tries every liberty of the target, every liberty
//! of the attacker's strings beside it that are short of liberties (capturing or
//! threatening them), and playing elsewhere (a pass). Two cut-offs keep it small and
//! lose nothing: a string with more liberties than the attacker has moves left cannot
//! be taken (each stone takes away at most one liberty), and a target off the board
//! has been taken. A node budget bounds the work; past it the answer is "not known",
//! never a guess.

use std::collections::HashMap;

use super::board::{Board, Cell};
use crate::game::{Point, Side};

/// Positions the reader may visit for one question.
pub const READING_NODES: u64 = 400_000;

/// The reader gave up: the question needs more than the node budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the reading needs more than {0} positions")]
pub struct TooDeep(pub u64);

/// A capture question on one board: who attacks and which string.
#[derive(Debug)]
pub struct Reader {
    attacker: Side,
    target: usize,
    nodes: u64,
    limit: u64,
    table: HashMap<(u64, Option<Point>, bool, u32), bool>,
    ataris_only: bool,
}

impl Reader {
    /// Reads the string on `target` of `board`, attacked by the other colour.
    /// `None` when `target` holds no stone.
    pub fn new(board: &Board, target: Point) -> Option<Reader> {
        let defender = board.get(target)?;
        Some(Reader {
            attacker: defender.opponent(),
            target: board.index(target),
            nodes: 0,
            limit: READING_NODES,
            table: HashMap::new(),
            ataris_only: false,
        })
    }

    /// Reads the string on `target` as a ladder (征子): the attacker may only give
    /// atari (or capture), move after move. `None` when `target` holds no stone.
    pub fn ladder(board: &Board, target: Point) -> Option<Reader> {
        Reader::new(board, target).map(|r| Reader { ataris_only: true, ..r })
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn defender(&self) -> Side {
        self.attacker.opponent()
    }

    fn taken(&self, b: &Board) -> bool {
        b.cell(self.target) != Cell::of(self.defender())
    }

    fn visit(&mut self) -> Result<(), TooDeep> {
        self.nodes += 1;
        if self.nodes > self.limit { Err(TooDeep(self.limit)) } else { Ok(()) }
    }

    /// Whether the attacker, to move, takes the target within `moves` of its moves.
    pub fn attack(&mut self, b: &Board, moves: u32) -> Result<bool, TooDeep> {
        if self.taken(b) {
            return Ok(true);
        }
        if moves == 0 || b.liberties(b.point(self.target)) > moves as usize {
            return Ok(false);
        }
        let key = (b.hash(), b.ko_point(), true, moves);
        if let Some(&known) = self.table.get(&key) {
            return Ok(known);
        }
        self.visit()?;
        let mut result = false;
        for m in self.attacks(b) {
            let mut next = b.clone();
            if next.play(m, self.attacker).is_err() {
                continue;
            }
            if self.taken(&next) || !self.defend(&next, moves - 1)? {
                result = true;
                break;
            }
        }
        self.table.insert(key, result);
        Ok(result)
    }

    /// Whether the defender, to move, keeps the target against `moves` attacker moves.
    pub fn defend(&mut self, b: &Board, moves: u32) -> Result<bool, TooDeep> {
        if self.taken(b) {
            return Ok(false);
        }
        if b.liberties(b.point(self.target)) > moves as usize {
            return Ok(true);
        }
        let key = (b.hash(), b.ko_point(), false, moves);
        if let Some(&known) = self.table.get(&key) {
            return Ok(known);
        }
        self.visit()?;
        let mut result = false;
        for m in self.defences(b).into_iter().map(Some).chain([None]) {
            let mut next = b.clone();
            match m {
                Some(p) => {
                    if next.play(p, self.defender()).is_err() {
                        continue;
                    }
                }
                None => next.clear_ko(),
            }
            if !self.attack(&next, moves)? {
                result = true;
                break;
            }
        }
        self.table.insert(key, result);
        Ok(result)
    }

    /// The attacker's tries, liberties first (those leaving the fewest liberties).
    pub fn attacks(&self, b: &Board) -> Vec<Point> {
        let target = b.point(self.target);
        let libs = liberty_points(b, target);
        let mut out = libs.clone();
        for &l in &libs {
            for n in b.neighbours(b.index(l)) {
                if b.cell(n) == Cell::Empty {
                    out.push(b.point(n));
                }
            }
        }
        for s in beside(b, target) {
            if b.liberties(s) == 1 {
                out.extend(liberty_points(b, s));
            }
        }
        dedup(&mut out);
        let after = |p: Point| {
            let mut next = b.clone();
            match next.play(p, self.attacker) {
                Ok(_) if next.get(target).is_some() => next.liberties(target),
                Ok(_) => 0,
                Err(_) => usize::MAX,
            }
        };
        if self.ataris_only {
            out.retain(|&p| after(p) <= 1);
        }
        out.sort_by_key(|&p| after(p));
        out
    }

    /// The defender's tries other than playing elsewhere, those giving the target the
    /// most liberties first.
    pub fn defences(&self, b: &Board) -> Vec<Point> {
        let target = b.point(self.target);
        let mut out = liberty_points(b, target);
        for s in beside(b, target) {
            if b.liberties(s) <= 2 {
                out.extend(liberty_points(b, s));
            }
        }
        dedup(&mut out);
        let after = |p: Point| {
            let mut next = b.clone();
            match next.play(p, self.defender()) {
                Ok(_) => usize::MAX - next.liberties(target),
                Err(_) => usize::MAX,
            }
        };
        out.sort_by_key(|&p| after(p));
        out
    }
}

fn dedup(points: &mut Vec<Point>) {
    let mut seen = Vec::with_capacity(points.len());
    points.retain(|p| {
        let new = !seen.contains(p);
        seen.push(*p);
        new
    });
}

/// The empty points next to the string through `p`, in board order.
pub fn liberty_points(b: &Board, p: Point) -> Vec<Point> {
    let mut out = Vec::new();
    for s in b.string(p) {
        for n in b.neighbours(b.index(s)) {
            if b.cell(n) == Cell::Empty {
                out.push(b.point(n));
            }
        }
    }
    dedup(&mut out);
    out.sort_by_key(|p| (p.rank, p.file));
    out
}

/// One stone of each string of the other colour touching the string through `p`.
fn beside(b: &Board, p: Point) -> Vec<Point> {
    let Some(side) = b.get(p) else { return Vec::new() };
    let other = Cell::of(side.opponent());
    let mut heads = Vec::new();
    let mut out = Vec::new();
    for s in b.string(p) {
        for n in b.neighbours(b.index(s)) {
            if b.cell(n) == other && !heads.contains(&b.head_of(n)) {
                heads.push(b.head_of(n));
                out.push(b.point(n));
            }
        }
    }
    out
}

/// Whether the side to move (`attacker`) takes the string on `target` by playing
/// `first`, within `moves` of its moves in all, whatever the defender does.
pub fn capture_works(
    board: &Board,
    attacker: Side,
    target: Point,
    first: Point,
    moves: u32,
) -> Result<bool, TooDeep> {
    let Some(mut reader) = Reader::new(board, target) else { return Ok(false) };
    if reader.attacker != attacker || moves == 0 {
        return Ok(false);
    }
    let mut next = board.clone();
    if next.play(first, attacker).is_err() {
        return Ok(false);
    }
    Ok(reader.taken(&next) || !reader.defend(&next, moves - 1)?)
}

/// Whether the owner of the string on `target`, to move, saves it by playing `first`
/// (or passing, `None`): the other side then cannot take it within `moves` moves.
pub fn escape_works(
    board: &Board,
    target: Point,
    first: Option<Point>,
    moves: u32,
) -> Result<bool, TooDeep> {
    let Some(mut reader) = Reader::new(board, target) else { return Ok(false) };
    let mut next = board.clone();
    match first {
        Some(p) => {
            if next.play(p, reader.defender()).is_err() {
                return Ok(false);
            }
        }
        None => next.clear_ko(),
    }
    if reader.taken(&next) {
        return Ok(false);
    }
    Ok(!reader.attack(&next, moves)?)
}

/// The defender's answer a lesson plays after a good attacking move: the try that
/// keeps the target's liberties highest (the most stubborn), or `None` when the
/// target is gone or no try is legal.
pub fn stubborn_defence(board: &Board, target: Point) -> Option<Point> {
    let reader = Reader::new(board, target)?;
    reader.defences(board).into_iter().find(|&p| board.is_legal(p, reader.defender()))
}

/// The attacker's answer a lesson plays after a good escaping move: the legal try
/// that leaves the target the fewest liberties.
pub fn stubborn_attack(board: &Board, target: Point) -> Option<Point> {
    let reader = Reader::new(board, target)?;
    reader.attacks(board).into_iter().find(|&p| board.is_legal(p, reader.attacker))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::{pt, read};

    #[test]
    fn a_ladder_works_and_a_ladder_breaker_stops_it() {
        // White E5 between black D5, E4 and F6 has two liberties, E6 and F5. Black E6
        // chases it down to the right, F5 up to the left; both reach the edge.
        let text = "black: D5 E4 F6; white: E5";
        let g = read(9, text).unwrap();
        let b = g.board();
        assert!(capture_works(b, Side::First, pt("E5"), pt("E6"), 9).unwrap());
        assert!(capture_works(b, Side::First, pt("E5"), pt("F5"), 9).unwrap());
        assert!(!capture_works(b, Side::First, pt("E5"), pt("D6"), 9).unwrap());
        // A white stone on the path down to the right breaks that ladder only.
        let broken = read(9, "black: D5 E4 F6; white: E5 G3").unwrap();
        assert!(!capture_works(broken.board(), Side::First, pt("E5"), pt("E6"), 9).unwrap());
        assert!(capture_works(broken.board(), Side::First, pt("E5"), pt("F5"), 9).unwrap());
    }

    #[test]
    fn a_ladder_reader_gives_only_ataris() {
        // Past the breaker on G3 the ladder down to the right fails, though a longer
        // chase that is not a ladder still takes the stones on this small board.
        let mut broken = read(9, "black: D5 E4 F6; white: E5 G3").unwrap();
        broken.play_at(pt("E6")).unwrap();
        broken.play_at(pt("F5")).unwrap();
        let b = broken.board();
        assert!(!Reader::ladder(b, pt("E5")).unwrap().attack(b, 10).unwrap());
        assert!(Reader::new(b, pt("E5")).unwrap().attack(b, 10).unwrap());
        let ladder = Reader::ladder(b, pt("E5")).unwrap();
        let ataris = ladder.attacks(b);
        assert_eq!(ataris.len(), 2, "{ataris:?}");
        assert!(ataris.contains(&pt("F4")) && ataris.contains(&pt("G5")));
        // Without the breaker the ladder works.
        let mut open = read(9, "black: D5 E4 F6; white: E5").unwrap();
        open.play_at(pt("E6")).unwrap();
        open.play_at(pt("F5")).unwrap();
        let b = open.board();
        assert!(Reader::ladder(b, pt("E5")).unwrap().attack(b, 10).unwrap());
    }

    #[test]
    fn a_net_catches_a_stone_that_a_direct_atari_lets_run() {
        let g = read(9, "black: D5 E4 D6 F4; white: E5").unwrap();
        let b = g.board();
        let works: Vec<Point> = b
            .points()
            .filter(|&p| b.get(p).is_none())
            .filter(|&p| capture_works(b, Side::First, pt("E5"), p, 3).unwrap())
            .collect();
        assert_eq!(works, vec![pt("F6")]);
        // The refuted claim: the direct atari on E6 does not take it.
        assert!(!capture_works(b, Side::First, pt("E5"), pt("E6"), 3).unwrap());
        assert!(!capture_works(b, Side::First, pt("E5"), pt("F5"), 3).unwrap());
    }

    #[test]
    fn escape_is_the_other_side_of_capture() {
        // A white stone in atari on the side: extending saves it only where it gains
        // liberties.
        let g = read(9, "black: A5 B4 C5; white: B5; turn: white").unwrap();
        let b = g.board();
        assert!(escape_works(b, pt("B5"), Some(pt("B6")), 6).unwrap());
        assert!(!escape_works(b, pt("B5"), None, 6).unwrap());
    }
}
