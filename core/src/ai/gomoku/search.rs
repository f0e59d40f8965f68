//! Alpha-beta (principal variation search) with iterative deepening, a bounded
//! transposition table, threat-restricted candidate moves, and the VCF solver at the
//! root.

use std::num::NonZeroU16;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::ai::limits::Limits;
use crate::ai::tt::{Bound, Entry, Scheme, Table};

use super::pos::{Pos, code, other};
use super::vcf::VcfSolver;
use super::vct::VctSolver;

/// A win on the board; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are forced wins (or losses).
pub const WIN_IN_MAX: i32 = WIN - 1_000;
const INF: i32 = WIN + 1;
const MAX_PLY: usize = 64;
/// Candidate moves searched at an inner node (the best by attack and defence value).
const WIDTH: usize = 14;
/// Candidate moves searched at the root.
const ROOT_WIDTH: usize = 28;

/// The gomoku engine's use of the shared table: one entry a bucket, chosen by the
/// key's low bits among a power of two; a new result replaces another position's entry,
/// or the same position's when it is at least as deep. The table is cleared before each
/// search, so ages play no part.
#[derive(Debug)]
struct Gomoku;

impl Scheme for Gomoku {
    /// A board slot (never 0: the board has a border).
    type Move = NonZeroU16;
    const MATE_IN_MAX: i32 = WIN_IN_MAX;

    fn buckets(bytes: usize, bucket_bytes: usize) -> usize {
        ((bytes / bucket_bytes).next_power_of_two() / 2).max(1024)
    }

    fn index(key: u64, buckets: usize) -> usize {
        (key as usize) & (buckets - 1)
    }

    fn replaces(old: &Entry<Gomoku>, key: u64, depth: i8, _: Bound, _: u8) -> bool {
        old.key() != key || depth >= old.depth
    }
}

/// A root move with its score (exact, or an upper bound when it failed low).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RootMove {
    pub slot: usize,
    pub score: i32,
    pub exact: bool,
}

/// What a search found.
#[derive(Debug, Clone, Default)]
pub(crate) struct Outcome {
    pub root: Vec<RootMove>,
    pub depth: u32,
    pub nodes: u64,
    /// The VCF the side to move has, as its own moves, when one was found.
    pub vcf: Option<Vec<usize>>,
    /// The VCT the side to move has (when it has no VCF in reach), as its own moves.
    pub vct: Option<Vec<usize>>,
}

impl Outcome {
    /// The root answer for a forced win a solver found (by fours alone, or by threes and
    /// fours): the line's first move, scored as a win in the line's plies.
    fn forced_win(line: Vec<usize>, by_fours: bool, nodes: u64) -> Option<Outcome> {
        let &first = line.first()?;
        let depth = line.len() as u32;
        let plies = 2 * depth as i32 - 1;
        let (vcf, vct) = if by_fours { (Some(line), None) } else { (None, Some(line)) };
        Some(Outcome {
            root: vec![RootMove { slot: first, score: WIN - plies, exact: true }],
            depth,
            nodes,
            vcf,
            vct,
        })
    }
}

/// The searcher and its table.
pub(crate) struct Searcher {
    table: Table<Gomoku>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    aborted: bool,
    /// Nodes of the VCF/VCT solvers in this search (outside the main search's cap).
    solver_nodes: u64,
    /// When the root VCT and the defences against the opponent's must stop.
    vct_deadline: Option<Instant>,
    defence_deadline: Option<Instant>,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Searcher({:?})", self.table)
    }
}

impl Searcher {
    /// A searcher with a table of about `hash_mb` MiB (at least 1, at most 1024).
    pub(crate) fn new(hash_mb: usize) -> Searcher {
        Searcher {
            table: Table::new(hash_mb),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            aborted: false,
            solver_nodes: 0,
            vct_deadline: None,
            defence_deadline: None,
        }
    }

    pub(crate) fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    pub(crate) fn clear(&mut self) {
        self.table.clear();
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit || self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(512)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Searches `pos` for the side to move. `margin`: root moves within this much of the
    /// best get exact scores. The table is cleared first, so the result depends only on
    /// the position and the limits (without a time limit).
    pub(crate) fn search(&mut self, pos: &mut Pos, limits: &Limits, margin: i32) -> Outcome {
        self.clear();
        self.nodes = 0;
        self.solver_nodes = 0;
        self.aborted = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        let start = Instant::now();
        self.deadline = limits.budget().map(|b| start + b);
        // The threat solvers get a quarter of the time each (root VCT, then the
        // defences against the opponent's), so the main search keeps half.
        let solver_deadline = |share: u32| limits.budget().map(|b| start + b * share / 4);
        self.vct_deadline = solver_deadline(1);
        self.defence_deadline = solver_deadline(2);
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 / 2).clamp(1, MAX_PLY as u32 / 2);
        let me = pos.to_move();

        let mut moves: Vec<usize> = pos.slots().iter().copied().filter(|&i| pos.legal(i)).collect();
        if moves.is_empty() {
            return Outcome::default();
        }
        if pos.stones() == 0 {
            let c = pos.centre();
            return Outcome {
                root: vec![RootMove { slot: c, score: 0, exact: true }],
                depth: 1,
                nodes: 1,
                ..Outcome::default()
            };
        }
        // A five on the board now.
        if let Some(&p) = pos.five_points(me).iter().find(|&&p| pos.legal(p)) {
            return Outcome {
                root: vec![RootMove { slot: p, score: WIN - 1, exact: true }],
                depth: 1,
                nodes: 1,
                vcf: Some(vec![p]),
                vct: None,
            };
        }
        // A forced win by fours, shortest first; deeper for deeper searches.
        let vcf_moves = (max_depth * 2).saturating_sub(1).min(12);
        if vcf_moves >= 2 && !pos.has_five(other(me)) {
            let budget = (self.node_limit / 4).clamp(200, 200_000);
            let mut solver = VcfSolver::new(budget).with_stop(self.stop.clone(), self.deadline);
            let found = solver.solve(pos, vcf_moves);
            self.nodes += solver.nodes;
            if let Some(win) = found.and_then(|line| Outcome::forced_win(line, true, self.nodes)) {
                return win;
            }
        }
        // A forced win by threes and fours, for the searches deep enough to want one.
        let vct_moves = match max_depth {
            0..=2 => 0,
            3..=4 => 4,
            _ => 5,
        };
        let opp_four = pos.has_five(other(me));
        if vct_moves > 0 && !opp_four {
            let budget = (self.node_limit / 4).clamp(500, 300_000);
            let mut solver = VctSolver::new(budget).with_stop(self.stop.clone(), self.vct_deadline);
            let found = solver.solve(pos, vct_moves);
            self.solver_nodes += solver.total_nodes();
            if let Some(win) = found
                .and_then(|line| Outcome::forced_win(line, false, self.nodes + self.solver_nodes))
            {
                return win;
            }
        }

        // The root candidates: all near points when nothing is forced, best first.
        let near: Vec<usize> = moves.iter().copied().filter(|&i| pos.is_near(i)).collect();
        if !near.is_empty() {
            moves = near;
        }
        let opp_fives = pos.five_points(other(me));
        if let Some(&b) = opp_fives.first() {
            // Only blocking makes sense; if the block is not playable every move loses.
            if moves.contains(&b) {
                moves = vec![b];
            }
        }
        order(pos, &mut moves, None);
        if max_depth == 1 {
            return self.one_ply(pos, &moves);
        }
        moves.truncate(ROOT_WIDTH);
        if vct_moves > 0 && !opp_four && moves.len() > 1 {
            moves = self.defences_to_vct(pos, moves, vct_moves);
        }

        let mut root: Vec<RootMove> =
            moves.iter().map(|&slot| RootMove { slot, score: -INF, exact: false }).collect();
        let mut done_depth = 0;
        for depth in 1..=max_depth {
            let mut scored = Vec::with_capacity(root.len());
            let mut best = -INF;
            for (k, rm) in root.iter().enumerate() {
                let floor = if best == -INF { -INF } else { best - margin.max(0) - 1 };
                pos.play(rm.slot);
                let score = if k == 0 || floor == -INF {
                    -self.node(pos, depth - 1, -INF, -floor.max(-INF), 1)
                } else {
                    let s = -self.node(pos, depth - 1, -floor - 1, -floor, 1);
                    if s > floor && !self.aborted {
                        -self.node(pos, depth - 1, -INF, -floor, 1)
                    } else {
                        s
                    }
                };
                pos.undo();
                if self.aborted {
                    break;
                }
                best = best.max(score);
                scored.push(RootMove { slot: rm.slot, score, exact: score > floor });
            }
            if self.aborted && scored.len() < root.len() {
                // A partial iteration only counts when it changed the best move.
                if let (Some(new), Some(old)) =
                    (scored.iter().max_by_key(|r| r.score), root.first())
                    && new.slot != old.slot
                    && new.score > old.score
                {
                    let n = *new;
                    root.retain(|r| r.slot != n.slot);
                    root.insert(0, n);
                }
                break;
            }
            // Stable sort: equal scores keep the earlier order.
            scored.sort_by_key(|r| std::cmp::Reverse(r.score));
            root = scored;
            done_depth = depth;
            if root.first().is_some_and(|r| r.score.abs() > WIN_IN_MAX) || self.aborted {
                break;
            }
        }
        let nodes = self.nodes + self.solver_nodes;
        Outcome { root, depth: done_depth, nodes, ..Outcome::default() }
    }

    /// When the opponent would win by a VCT if it were their move, the root moves after
    /// which it no longer does (all of them when none is found, or none stops it).
    fn defences_to_vct(&mut self, pos: &mut Pos, moves: Vec<usize>, max_moves: u32) -> Vec<usize> {
        let each = (self.node_limit / 50).clamp(200, 20_000);
        pos.pass();
        let mut probe = VctSolver::new(each).with_stop(self.stop.clone(), self.defence_deadline);
        let threat = probe.solve(pos, max_moves);
        self.solver_nodes += probe.total_nodes();
        pos.pass();
        if threat.is_none() {
            return moves;
        }
        let mut kept = Vec::new();
        for &m in &moves {
            pos.play(m);
            let mut probe =
                VctSolver::new(each).with_stop(self.stop.clone(), self.defence_deadline);
            let still = probe.solve(pos, max_moves).is_some();
            self.solver_nodes += probe.total_nodes();
            pos.undo();
            if !still {
                kept.push(m);
            }
            if probe.stopped() {
                return moves;
            }
        }
        if kept.is_empty() { moves } else { kept }
    }

    /// The one-ply look of the weakest levels: every near point scored by the static
    /// value after it, a five (made or left to the opponent) the only thing it reads.
    /// It sees neither threes nor the open four a three can become.
    fn one_ply(&mut self, pos: &mut Pos, moves: &[usize]) -> Outcome {
        let mut root: Vec<RootMove> = moves
            .iter()
            .map(|&slot| {
                pos.play(slot);
                let score = if pos.has_five(pos.to_move()) { -(WIN - 2) } else { -pos.evaluate() };
                pos.undo();
                RootMove { slot, score, exact: true }
            })
            .collect();
        self.nodes += root.len() as u64;
        root.sort_by_key(|r| std::cmp::Reverse(r.score));
        Outcome { root, depth: 1, nodes: self.nodes, ..Outcome::default() }
    }

    fn node(&mut self, pos: &mut Pos, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let me = pos.to_move();
        let opp = other(me);
        if pos.has_five(me) {
            return WIN - ply as i32 - 1;
        }
        let opp_fives = pos.five_points(opp);
        if opp_fives.len() >= 2 {
            return -(WIN - ply as i32 - 2);
        }
        if ply >= MAX_PLY {
            return pos.evaluate();
        }
        let forced = opp_fives.first().copied();
        if let Some(b) = forced
            && !pos.legal(b)
        {
            return -(WIN - ply as i32 - 2);
        }
        if forced.is_none() && depth == 0 {
            return pos.evaluate();
        }
        let key = pos.hash();
        let mut tt_move = None;
        if let Some(e) = self.table.probe(key) {
            tt_move = e.mv.map(|m| usize::from(m.get()));
            if e.depth as u32 >= depth
                && let Some(s) = e.cutoff(ply, alpha, beta)
            {
                return s;
            }
        }
        let (moves, child_depth) = match forced {
            Some(b) => (vec![b], depth),
            None => (candidates(pos, tt_move), depth - 1),
        };
        if moves.is_empty() {
            return 0;
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        for (k, &m) in moves.iter().enumerate() {
            pos.play(m);
            let score = if k == 0 {
                -self.node(pos, child_depth, -beta, -alpha, ply + 1)
            } else {
                let s = -self.node(pos, child_depth, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.aborted {
                    -self.node(pos, child_depth, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            pos.undo();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        let mv = NonZeroU16::new(best_move as u16);
        self.table.store(key, mv, best, depth as i32, Bound::of(best, alpha0, beta), ply);
        best
    }
}

/// Sorts moves by their value to both sides (attack a little ahead of defence), the
/// table's move first, then by slot.
fn order(pos: &Pos, moves: &mut [usize], first: Option<usize>) {
    let me = pos.to_move();
    let opp = other(me);
    moves.sort_by_key(|&i| {
        let v = pos.value(me, i) * 11 / 10 + pos.value(opp, i);
        (Some(i) != first, -v, i)
    });
}

/// The moves worth searching at an inner node. Against a 活三 (or a 四三/四四 point) of
/// the opponent only the points that stop it, and the mover's own fours, are searched.
fn candidates(pos: &Pos, tt_move: Option<usize>) -> Vec<usize> {
    let me = pos.to_move();
    let opp = other(me);
    let threat = pos.slots().iter().any(|&i| {
        pos.is_empty(i)
            && pos.codes(opp, i).iter().any(|&c| c == code::OPEN_FOUR || c == code::DOUBLE_FOUR)
    });
    let mut moves: Vec<usize> = pos
        .slots()
        .iter()
        .copied()
        .filter(|&i| {
            pos.is_empty(i)
                && pos.is_near(i)
                && (!threat || pos.makes_four(opp, i) || pos.makes_four(me, i))
        })
        .filter(|&i| !pos.forbidden(me, i))
        .collect();
    order(pos, &mut moves, tt_move);
    moves.truncate(WIDTH);
    moves
}
