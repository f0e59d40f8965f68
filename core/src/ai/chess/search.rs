//! The search: iterative deepening over principal-variation alpha-beta with aspiration
//! windows, the transposition table, check extension, null-move pruning, reverse
//! futility and late-move pruning near the leaves, late-move reductions from a log
//! table (not for captures, killers, checks or evasions), moves from the staged
//! [`Picker`], and a quiescence search over the captures that do not lose material by
//! exchange (all moves when in check).
//!
//! A position that repeats one on the path or in the game since the last capture or
//! pawn move scores as a draw, and so does one where the fifty-move rule could be
//! claimed. Time: with a fixed move time the search uses all of it; on a clock it
//! starts no new iteration after 60% of the move's budget. The first iteration always
//! finishes (unless stopped from outside), so there is always a move.
//!
//! With a node limit and no time limit the search is deterministic: the same position,
//! history and limits give the same move and node count from a fresh table.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cozy_chess::{Board, Color, Move};

use crate::ai::limits::Limits;
use crate::chess::{Move as ChessMove, Position};

use super::engine::move_of;

use super::eval::{evaluate_with, has_pieces};
use super::picker::{Picker, Stage, is_tactical, legal_moves};
use super::see::captured;
use super::tt::{Bound, Tt};
use super::weights::Weights;

/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores above this (or below its negation) are mates.
pub const MATE_IN_MAX: i32 = MATE - 256;
const INF: i32 = 32_000;
/// The deepest the search path may go.
pub const MAX_PLY: usize = 120;

/// A root move with the score of its last complete search. `exact` is false when the
/// move only failed low (the score is then an upper bound) or was not searched fully.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    pub mv: ChessMove,
    pub score: i32,
    pub exact: bool,
}

/// A root move in the generator's terms, during the search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootLine {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    pub(crate) exact: bool,
}

/// The generator's moves of a line from `b`, in our terms.
fn line_of(b: &Board, moves: &[Move]) -> Vec<ChessMove> {
    let mut b = b.clone();
    moves
        .iter()
        .map(|&m| {
            let out = move_of(&b, m);
            b.play_unchecked(m);
            out
        })
        .collect()
}

/// What one iteration found; sent to the info callback as each depth completes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<ChessMove>,
}

/// The result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, `None` only when the side to move has no legal move.
    pub best: Option<ChessMove>,
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<ChessMove>,
    /// Every root move, best first, as scored by the last complete iteration.
    pub root: Vec<RootMove>,
}

/// Callback for each completed iteration.
pub type InfoFn = Box<dyn FnMut(&Info) + Send>;

/// A search engine: its table and ordering heuristics persist between searches.
pub struct Searcher {
    tt: Tt,
    history: Box<[[[i32; 64]; 64]; 2]>,
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 2]>,
    /// Position keys of the game before the root, then of the search path.
    keys: Vec<u64>,
    reductions: Box<[[u8; 64]; 64]>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    stopped: bool,
    /// While the first iteration runs only the stop flag ends the search.
    first_iteration: bool,
    root_margin: i32,
    on_info: Option<InfoFn>,
    weights: Arc<Weights>,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher").field("hash_bytes", &self.tt.bytes()).finish_non_exhaustive()
    }
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(super::tt::DEFAULT_MB)
    }
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        let mut reductions = Box::new([[0u8; 64]; 64]);
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.7 + (d as f64).ln() * (i as f64).ln() / 2.3) as u8;
            }
        }
        Searcher {
            tt: Tt::new(hash_mb),
            history: Box::new([[[0; 64]; 64]; 2]),
            killers: Box::new([[None; 2]; MAX_PLY + 2]),
            keys: Vec::new(),
            reductions,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            stopped: false,
            first_iteration: false,
            root_margin: 0,
            on_info: None,
            weights: Arc::new(Weights::builtin().clone()),
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        *self.history = [[[0; 64]; 64]; 2];
        *self.killers = [[None; 2]; MAX_PLY + 2];
    }

    /// A new table of `mb` MiB.
    pub fn resize(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Score exactly every root move within `margin` of the best (0: the best only).
    pub fn set_root_margin(&mut self, margin: i32) {
        self.root_margin = margin.max(0);
    }

    /// Evaluates with `weights` from now on (the built-in set until then).
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.weights = weights;
    }

    /// Whether the side to move is not in check and no capture sequence changes the
    /// static evaluation: a quiet position, whose evaluation can be compared with how
    /// the game ended.
    pub fn is_quiet(&mut self, pos: &Position) -> bool {
        let b = pos.cozy();
        if !b.checkers().is_empty() {
            return false;
        }
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = u64::MAX;
        self.deadline = None;
        self.first_iteration = false;
        self.quiesce(b, -INF, INF, 0) == evaluate_with(b, &self.weights)
    }

    pub fn set_info(&mut self, f: Option<InfoFn>) {
        self.on_info = f;
    }

    /// The nodes the last search visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `pos`, reached through the positions whose keys are `history` (oldest
    /// first, the root's own key not included; see [`super::replay`]), within `limits`.
    pub fn search(&mut self, pos: &Position, history: &[u64], limits: &Limits) -> SearchResult {
        let board = pos.cozy();
        let (best, score, depth, root) = self.run(board, history, limits);
        let pv = if best.is_some() { self.pv(board, depth.max(1) as usize) } else { Vec::new() };
        let pv = if pv.first().copied() == best { pv } else { best.into_iter().collect() };
        SearchResult {
            best: best.map(|m| move_of(board, m)),
            score,
            depth,
            nodes: self.nodes,
            pv: line_of(board, &pv),
            root: root
                .iter()
                .map(|r| RootMove { mv: move_of(board, r.mv), score: r.score, exact: r.exact })
                .collect(),
        }
    }

    /// The search in the generator's terms: best move, score, depth, root moves.
    pub(crate) fn run(
        &mut self,
        board: &Board,
        history: &[u64],
        limits: &Limits,
    ) -> (Option<Move>, i32, u32, Vec<RootLine>) {
        let start = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let budget = limits.budget();
        self.deadline = budget.map(|b| start + b);
        let soft = match (limits.clock, budget) {
            (Some(_), Some(b)) => Some(start + b * 3 / 5),
            _ => None,
        };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 8).clamp(1, MAX_PLY as u32 - 8);
        self.tt.new_search();
        for side in self.history.iter_mut() {
            for row in side.iter_mut() {
                row.iter_mut().for_each(|h| *h /= 4);
            }
        }
        *self.killers = [[None; 2]; MAX_PLY + 2];
        self.keys.clear();
        self.keys.extend_from_slice(history);
        self.keys.push(board.hash());

        let tt_move = self.tt.probe(board.hash()).and_then(|h| h.mv);
        let mut root: Vec<RootLine> = Picker::new(board, tt_move, [None; 2], &|_| 0)
            .map(|(mv, _)| RootLine { mv, score: -INF, exact: false })
            .collect();
        if root.is_empty() {
            let score = if board.checkers().is_empty() { 0 } else { -MATE };
            return (None, score, 0, root);
        }
        let mut best = Some(root[0].mv);
        let mut best_score = 0;
        let mut done = 0;
        let mut prev: i32 = 0;
        for depth in 1..=max_depth as i32 {
            self.first_iteration = depth == 1;
            let wide = self.root_margin > 0 || depth < 4 || prev.abs() > MATE_IN_MAX;
            let mut delta = 30;
            let (mut alpha, mut beta) =
                if wide { (-INF, INF) } else { (prev - delta, prev + delta) };
            let mut iteration;
            let score = loop {
                iteration = root.clone();
                let s = self.root_search(board, alpha, beta, depth, &mut iteration);
                if self.stopped {
                    break s;
                }
                if s <= alpha && alpha > -INF {
                    alpha = (s - delta).max(-INF);
                } else if s >= beta && beta < INF {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 2;
                if delta > 800 {
                    (alpha, beta) = (-INF, INF);
                }
            };
            if self.stopped && depth > 1 {
                // A move that beat the last iteration's best in a full-window search is
                // better than the old choice.
                if let Some(first) = iteration.first()
                    && first.exact
                    && first.mv != root[0].mv
                    && first.score > prev
                {
                    best = Some(first.mv);
                    best_score = first.score;
                }
                break;
            }
            iteration.sort_by_key(|r| std::cmp::Reverse(r.score));
            root = iteration;
            prev = score;
            best = Some(root[0].mv);
            best_score = root[0].score;
            done = depth as u32;
            if self.on_info.is_some() {
                let pv = line_of(board, &self.pv(board, depth as usize));
                let info = Info {
                    depth: done,
                    score: best_score,
                    nodes: self.nodes,
                    time: start.elapsed(),
                    pv,
                };
                if let Some(f) = self.on_info.as_mut() {
                    f(&info);
                }
            }
            if self.stopped {
                break;
            }
            if soft.is_some_and(|s| Instant::now() >= s) {
                break;
            }
            // A forced mate found within the depth searched will not change.
            if score.abs() > MATE_IN_MAX && (MATE - score.abs()) < depth {
                break;
            }
        }
        self.first_iteration = false;
        (best, best_score, done, root)
    }

    fn pv(&self, board: &Board, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut b = board.clone();
        while pv.len() < max {
            let Some(m) = self.tt.probe(b.hash()).and_then(|h| h.mv) else { break };
            if !b.is_legal(m) {
                break;
            }
            b.play_unchecked(m);
            pv.push(m);
        }
        pv
    }

    fn root_search(
        &mut self,
        b: &Board,
        alpha: i32,
        beta: i32,
        depth: i32,
        moves: &mut [RootLine],
    ) -> i32 {
        let mut best = -INF;
        let mut best_move = None;
        for rm in moves.iter_mut() {
            rm.exact = false;
        }
        for (i, rm) in moves.iter_mut().enumerate() {
            let m = rm.mv;
            let floor = if i == 0 {
                alpha
            } else if self.root_margin > 0 {
                (best - self.root_margin).max(alpha)
            } else {
                best.max(alpha)
            };
            let mut nb = b.clone();
            nb.play_unchecked(m);
            self.keys.push(nb.hash());
            let mut score;
            if i == 0 {
                score = -self.negamax(&nb, -beta, -floor, depth - 1, 1, true);
            } else {
                score = -self.negamax(&nb, -floor - 1, -floor, depth - 1, 1, true);
                if score > floor && score < beta && !self.stopped {
                    score = -self.negamax(&nb, -beta, -floor, depth - 1, 1, true);
                }
            }
            self.keys.pop();
            if self.stopped {
                break;
            }
            rm.score = score;
            rm.exact = score > floor && score < beta;
            if score > best {
                best = score;
                best_move = Some(m);
                if score >= beta {
                    break;
                }
            }
        }
        // The best move leads the list (the next iteration searches it first).
        if let Some(bm) = best_move
            && let Some(i) = moves.iter().position(|r| r.mv == bm)
        {
            moves[..=i].rotate_right(1);
        }
        if let Some(bm) = best_move {
            let bound = if best >= beta { Bound::Lower } else { Bound::Exact };
            if !self.stopped {
                self.tt.store(b.hash(), Some(bm), best, depth, bound, 0);
            }
        }
        best
    }

    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let limit_reached = !self.first_iteration
            && (self.nodes >= self.node_limit
                || (self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d)));
        if limit_reached || self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the node (the last key) repeats an earlier position or the fifty-move
    /// rule could be claimed.
    fn is_draw(&self, b: &Board) -> bool {
        let clock = b.halfmove_clock() as usize;
        if clock >= 100 {
            return true;
        }
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let back = clock.min(n - 1);
        (4..=back).step_by(2).any(|d| self.keys[n - 1 - d] == key)
    }

    fn history_of(&self, side: Color, m: Move) -> i32 {
        self.history[side as usize][m.from as usize][m.to as usize]
    }

    fn reward(&mut self, side: Color, m: Move, bonus: i32) {
        let h = &mut self.history[side as usize][m.from as usize][m.to as usize];
        *h += bonus - *h * bonus.abs() / 16_384;
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        b: &Board,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let in_check = !b.checkers().is_empty();
        if self.is_draw(b) {
            if b.halfmove_clock() >= 100 && in_check && legal_moves(b).is_empty() {
                return -MATE + ply as i32;
            }
            return 0;
        }
        // Mate distance: nothing here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if in_check && ply < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(b, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        let key = b.hash();
        let hit = self.tt.probe(key);
        if let Some(h) = hit
            && !pv_node
            && i32::from(h.depth) >= depth
            && let Some(s) = h.cutoff(ply, alpha, beta)
        {
            return s;
        }
        let side = b.side_to_move();
        let eval = if in_check { -INF } else { evaluate_with(b, &self.weights) };
        if !pv_node && !in_check && beta.abs() < MATE_IN_MAX {
            // Reverse futility: far above beta near the leaves.
            if depth <= 6 && eval - 90 * depth >= beta {
                return eval;
            }
            // Null move: give the move away; still above beta means a cut-off.
            if null_ok
                && depth >= 3
                && eval >= beta
                && has_pieces(b, side)
                && let Some(nb) = b.null_move()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                self.keys.push(nb.hash());
                let s = -self.negamax(&nb, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s > MATE_IN_MAX { beta } else { s };
                }
            }
        }

        let killers = self.killers[ply];
        let hist = &self.history[side as usize];
        let picker = Picker::new(b, hit.and_then(|h| h.mv), killers, &|m: Move| {
            hist[m.from as usize][m.to as usize]
        });
        if picker.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        for (searched, (m, stage)) in picker.enumerate() {
            let quiet = stage == Stage::Quiet;
            let mut nb = b.clone();
            nb.play_unchecked(m);
            let gives_check = !nb.checkers().is_empty();
            // Late-move pruning: quiet moves late in the list near the leaves.
            if !pv_node
                && !in_check
                && !gives_check
                && quiet
                && depth <= 3
                && best > -MATE_IN_MAX
                && searched >= 3 + 3 * (depth * depth) as usize
            {
                continue;
            }
            self.keys.push(nb.hash());
            let score = if searched == 0 {
                -self.negamax(&nb, -beta, -alpha, depth - 1, ply + 1, true)
            } else {
                let r = if depth >= 3 && quiet && !in_check && !gives_check && searched >= 2 {
                    let base = self.reductions[depth.min(63) as usize][searched.min(63)] as i32;
                    let good = self.history_of(side, m) > 4000;
                    (base - i32::from(pv_node) - i32::from(good)).clamp(0, depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(&nb, -alpha - 1, -alpha, depth - 1 - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(&nb, -alpha - 1, -alpha, depth - 1, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&nb, -beta, -alpha, depth - 1, ply + 1, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !is_tactical(b, m) {
                            let bonus = (depth * depth).min(400);
                            self.reward(side, m, bonus);
                            for q in &quiets_tried {
                                self.reward(side, *q, -bonus);
                            }
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }

    fn quiesce(&mut self, b: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        let in_check = !b.checkers().is_empty();
        if ply >= MAX_PLY {
            return if in_check { 0 } else { evaluate_with(b, &self.weights) };
        }
        let key = b.hash();
        let hit = self.tt.probe(key);
        if let Some(s) = hit.and_then(|h| h.cutoff(ply, alpha, beta))
            && beta - alpha == 1
        {
            return s;
        }
        let mut best = if in_check { -MATE + ply as i32 } else { evaluate_with(b, &self.weights) };
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        let picker = if in_check {
            Picker::new(b, hit.and_then(|h| h.mv), [None; 2], &|_| 0)
        } else {
            Picker::tactical(b)
        };
        let stand = best;
        for (m, _) in picker {
            if !in_check {
                // Delta pruning: even winning the piece cannot reach alpha.
                let gain = captured(b, m).map_or(0, |p| super::eval::VALUE[p as usize])
                    + m.promotion.map_or(0, |p| super::eval::VALUE[p as usize]);
                if stand + gain + 200 < alpha {
                    continue;
                }
            }
            let mut nb = b.clone();
            nb.play_unchecked(m);
            let score = -self.quiesce(&nb, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
