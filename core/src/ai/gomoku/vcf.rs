//! VCF (连续冲四胜): a win by fours only. Every attacking move makes a four, so the
//! defender's reply is forced (block the five point), unless the defender can make five
//! first. Under renju a black defender cannot block on a forbidden point, and a black
//! attacker never plays one.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::pos::{BLACK, Pos, code, other};

/// The VCF search state: a table of positions already refuted at a given depth, and a
/// node budget.
pub(crate) struct VcfSolver {
    refuted: HashMap<u64, u32>,
    pub(crate) nodes: u64,
    budget: u64,
    stop: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    halted: bool,
}

impl VcfSolver {
    pub(crate) fn new(budget: u64) -> VcfSolver {
        VcfSolver {
            refuted: HashMap::new(),
            nodes: 0,
            budget,
            stop: None,
            deadline: None,
            halted: false,
        }
    }

    /// Also stops when `stop` is set or at `deadline`.
    pub(crate) fn with_stop(mut self, stop: Arc<AtomicBool>, deadline: Option<Instant>) -> Self {
        self.stop = Some(stop);
        self.deadline = deadline;
        self
    }

    /// Whether the stop flag or the deadline ended the search.
    pub(crate) fn stopped(&self) -> bool {
        self.halted
    }

    /// Allows `budget` nodes in all (counting those already searched); no effect after
    /// a stop.
    pub(crate) fn set_budget(&mut self, budget: u64) {
        if !self.halted {
            self.budget = budget;
        }
    }

    /// Counts a node; false when the budget is spent or the search was stopped.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) {
            let stopped = self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if stopped || late {
                self.budget = self.nodes;
                self.halted = true;
            }
        }
        self.nodes < self.budget
    }

    /// The shortest VCF for the side to move within `max_moves` of its own moves (the
    /// five included), as the attacker's moves in order; `None` when there is none in
    /// reach (or the budget ran out).
    pub(crate) fn solve(&mut self, pos: &mut Pos, max_moves: u32) -> Option<Vec<usize>> {
        let attacker = pos.to_move();
        for depth in 1..=max_moves {
            if let Some(line) = self.attack(pos, attacker, depth) {
                return Some(line);
            }
            if self.nodes >= self.budget {
                return None;
            }
        }
        None
    }

    fn attack(&mut self, pos: &mut Pos, att: u8, depth: u32) -> Option<Vec<usize>> {
        let going = self.tick();
        if let Some(&p) = pos.five_points(att).first() {
            return Some(vec![p]);
        }
        if depth <= 1 || !going {
            return None;
        }
        let def = other(att);
        let def_fives = pos.five_points(def);
        let key = pos.hash();
        if self.refuted.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut moves: Vec<usize> = match def_fives.as_slice() {
            [] => pos
                .slots()
                .iter()
                .copied()
                .filter(|&i| pos.is_empty(i) && pos.makes_four(att, i))
                .collect(),
            // The defender's four must be blocked, and the block must be a four too.
            [b] if pos.makes_four(att, *b) => vec![*b],
            _ => Vec::new(),
        };
        moves.retain(|&i| !pos.forbidden(att, i));
        // Straight fours and double fours first: they win at once.
        moves.sort_by_key(|&i| {
            let strong =
                pos.codes(att, i).iter().any(|&c| c == code::OPEN_FOUR || c == code::DOUBLE_FOUR);
            (!strong, -pos.value(att, i), i)
        });
        for m in moves {
            pos.play(m);
            let line = self.defend(pos, att, depth);
            pos.undo();
            if let Some(mut line) = line {
                line.insert(0, m);
                return Some(line);
            }
        }
        if self.nodes < self.budget {
            self.refuted.insert(key, depth);
        }
        None
    }

    /// The defender to move after the attacker's four.
    fn defend(&mut self, pos: &mut Pos, att: u8, depth: u32) -> Option<Vec<usize>> {
        let def = other(att);
        if pos.has_five(def) {
            return None;
        }
        let fives = pos.five_points(att);
        match fives.as_slice() {
            [] => None,
            [b] if !(def == BLACK && pos.forbidden(def, *b)) => {
                let b = *b;
                pos.play(b);
                let line = self.attack(pos, att, depth - 1);
                pos.undo();
                line
            }
            // Two five points, or the only block is forbidden for black.
            [b, ..] => Some(vec![fives.get(1).copied().unwrap_or(*b)]),
        }
    }
}
