//! VCT (连续活三/冲四胜): a win by threats, where a threat is a four (one forced reply)
//! or any move after which the attacker would win by fours if the defender passed (an
//! open three, a 四三 in the making). Against a four the defender blocks; against a
//! slower threat the defender may play any point that could matter: every point near
//! the attacker's winning line (the stones it would place, the blocks it would force,
//! out to the reach of a five) and every four of the defender's own. A defence outside
//! that set leaves the line working, so the search stays sound while the tree stays
//! narrow. Under renju a black attacker never plays a forbidden point and a black
//! defender never blocks on one.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::pos::{BLACK, DIRS, Pos, code, other};
use super::vcf::VcfSolver;

/// Table entries kept at most (the table is emptied when it fills).
const TABLE_CAP: usize = 200_000;
/// How far along a line from the winning line's points a defence can matter.
const REACH: usize = 5;
/// Slow threats tried per attacking node, best first.
const THREE_WIDTH: usize = 12;

#[derive(Clone, Copy)]
enum Known {
    /// No win within this many attacker moves.
    Refuted(u32),
    /// A win within this many attacker moves, starting with the move.
    Won(u32, usize),
}

/// The VCT search state: its own table, a VCF solver for the threats, and a budget.
pub(crate) struct VctSolver {
    table: HashMap<u64, Known>,
    vcf: VcfSolver,
    pub(crate) nodes: u64,
    budget: u64,
}

impl VctSolver {
    pub(crate) fn new(budget: u64) -> VctSolver {
        VctSolver { table: HashMap::new(), vcf: VcfSolver::new(budget), nodes: 0, budget }
    }

    /// Also stops when `stop` is set or at `deadline`.
    pub(crate) fn with_stop(mut self, stop: Arc<AtomicBool>, deadline: Option<Instant>) -> Self {
        self.vcf = self.vcf.with_stop(stop, deadline);
        self
    }

    fn spent(&self) -> bool {
        self.nodes + self.vcf.nodes >= self.budget || self.vcf.stopped()
    }

    /// Whether the stop flag or the deadline ended the search.
    pub(crate) fn stopped(&self) -> bool {
        self.vcf.stopped()
    }

    /// Nodes of both searches together.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.nodes + self.vcf.nodes
    }

    /// The shortest VCT for the side to move within `max_moves` of its own moves (the
    /// five included): the attacker's moves along the line where the defence lasts
    /// longest. `None` when there is none in reach or the budget ran out.
    pub(crate) fn solve(&mut self, pos: &mut Pos, max_moves: u32) -> Option<Vec<usize>> {
        for depth in 1..=max_moves {
            if self.attack(pos, depth) {
                return Some(self.principal_line(pos, depth));
            }
            if self.spent() {
                return None;
            }
        }
        None
    }

    /// Whether the side to move wins by a VCT within `depth` of its own moves.
    fn attack(&mut self, pos: &mut Pos, depth: u32) -> bool {
        self.nodes += 1;
        let att = pos.to_move();
        if pos.five_points(att).iter().any(|&p| !pos.forbidden(att, p)) {
            return true;
        }
        if depth <= 1 || self.spent() {
            return false;
        }
        let key = pos.hash();
        match self.table.get(&key) {
            Some(Known::Refuted(d)) if *d >= depth => return false,
            Some(Known::Won(d, _)) if *d <= depth => return true,
            _ => {}
        }
        let def = other(att);
        let def_fives = pos.five_points(def);
        let moves: Vec<usize> = match def_fives.as_slice() {
            [] => threat_moves(pos, att, depth),
            // The defender's four must be blocked first; the block need not threaten,
            // the threat already on the board may still stand.
            [b] if !pos.forbidden(att, *b) => vec![*b],
            _ => Vec::new(),
        };
        for m in moves {
            pos.play(m);
            let won = self.defend(pos, att, depth);
            pos.undo();
            if won {
                self.remember(key, Known::Won(depth, m));
                return true;
            }
            if self.spent() {
                return false;
            }
        }
        if !self.spent() {
            self.remember(key, Known::Refuted(depth));
        }
        false
    }

    fn remember(&mut self, key: u64, k: Known) {
        if self.table.len() >= TABLE_CAP {
            self.table.clear();
        }
        self.table.insert(key, k);
    }

    /// The defender to move after the attacker's move: true when every defence loses.
    fn defend(&mut self, pos: &mut Pos, att: u8, depth: u32) -> bool {
        let def = other(att);
        if pos.has_five(def) {
            return false;
        }
        let replies = match self.defences(pos, att, depth) {
            Some(r) => r,
            None => return false,
        };
        if replies.is_empty() {
            return true;
        }
        for r in replies {
            pos.play(r);
            let won = self.attack(pos, depth - 1);
            pos.undo();
            if !won {
                return false;
            }
        }
        true
    }

    /// The defender's replies worth trying (empty: the defender has none and loses),
    /// or `None` when the attacker's last move threatens nothing within reach.
    fn defences(&mut self, pos: &mut Pos, att: u8, depth: u32) -> Option<Vec<usize>> {
        let def = other(att);
        let fives = pos.five_points(att);
        let blocks_forbidden = |pos: &Pos, b: usize| def == BLACK && pos.forbidden(def, b);
        match fives.as_slice() {
            [b] => return Some(if blocks_forbidden(pos, *b) { Vec::new() } else { vec![*b] }),
            [_, _, ..] => return Some(Vec::new()),
            [] => {}
        }
        if depth < 3 {
            return None;
        }
        // What the attacker would win with if the defender passed.
        pos.pass();
        self.vcf.set_budget(self.budget.saturating_sub(self.nodes));
        let line = self.vcf.solve(pos, depth - 1);
        pos.pass();
        let line = line?;
        let cells = line_cells(pos, att, &line);
        let size = pos.slots().iter().max().map_or(0, |&m| m + 1);
        let mut seen = vec![false; size];
        let mut out = Vec::new();
        let mut add = |pos: &Pos, i: usize, out: &mut Vec<usize>| {
            if pos.is_empty(i) && !seen[i] && !pos.forbidden(def, i) {
                seen[i] = true;
                out.push(i);
            }
        };
        // The line's own points first: they are the likeliest refutations.
        for &c in &cells {
            add(pos, c, &mut out);
        }
        for &i in pos.slots() {
            if pos.is_empty(i) && pos.makes_four(def, i) {
                add(pos, i, &mut out);
            }
        }
        for &c in &cells {
            for &step in &DIRS {
                for k in 1..=REACH {
                    for j in [c.wrapping_sub(k * step), c + k * step] {
                        if j < size {
                            add(pos, j, &mut out);
                        }
                    }
                }
            }
        }
        Some(out)
    }

    /// The attacker's moves of a proven win of `depth`, following the defence that
    /// lasts longest.
    fn principal_line(&mut self, pos: &mut Pos, depth: u32) -> Vec<usize> {
        let att = pos.to_move();
        if let Some(&p) = pos.five_points(att).iter().find(|&&p| !pos.forbidden(att, p)) {
            return vec![p];
        }
        let Some(Known::Won(_, m)) = self.table.get(&pos.hash()).copied() else {
            return Vec::new();
        };
        pos.play(m);
        let mut longest: Vec<usize> = Vec::new();
        if let Some(replies) = self.defences(pos, att, depth) {
            for r in replies {
                pos.play(r);
                // Re-prove at the smallest depth that still wins, for the shortest tail.
                let mut tail = Vec::new();
                for d in 1..depth {
                    if self.attack(pos, d) {
                        tail = self.principal_line(pos, d);
                        break;
                    }
                }
                pos.undo();
                if tail.len() > longest.len() {
                    longest = tail;
                }
            }
        }
        if longest.is_empty() {
            // No defence at all: the five follows.
            longest.extend(pos.five_points(att).first().copied());
        }
        pos.undo();
        longest.insert(0, m);
        longest
    }
}

/// The attacker's threats: fours first, then moves that make an open three (or
/// better), best first; only fours when one more slow threat cannot finish in time.
fn threat_moves(pos: &Pos, att: u8, depth: u32) -> Vec<usize> {
    let mut fours = Vec::new();
    let mut threes = Vec::new();
    for &i in pos.slots() {
        if !pos.is_empty(i) || !pos.is_near(i) || pos.forbidden(att, i) {
            continue;
        }
        if pos.makes_four(att, i) {
            fours.push(i);
        } else if depth >= 3 && pos.codes(att, i).contains(&code::OPEN_THREE) {
            threes.push(i);
        }
    }
    let by_value = |v: &mut Vec<usize>| v.sort_by_key(|&i| (-pos.value(att, i), i));
    by_value(&mut fours);
    by_value(&mut threes);
    threes.truncate(THREE_WIDTH);
    fours.extend(threes);
    fours
}

/// The points of a VCF line: the attacker's stones and the blocks they force.
fn line_cells(pos: &mut Pos, att: u8, line: &[usize]) -> Vec<usize> {
    let mut cells = Vec::new();
    let mut played = 0;
    // The defender passed: the attacker is to move in `pos` only after one more pass.
    pos.pass();
    for &a in line {
        cells.push(a);
        if !pos.is_empty(a) {
            break;
        }
        pos.play(a);
        played += 1;
        let fives = pos.five_points(att);
        cells.extend(fives.iter().copied());
        match fives.as_slice() {
            [b] if pos.is_empty(*b) => {
                pos.play(*b);
                played += 1;
            }
            _ => break,
        }
    }
    for _ in 0..played {
        pos.undo();
    }
    pos.pass();
    cells
}
