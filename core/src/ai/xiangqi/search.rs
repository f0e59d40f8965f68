//! The search: iterative deepening over principal-variation alpha-beta with a
//! transposition table, aspiration windows, check extension, adaptive null-move pruning
//! with verification, late-move reductions from a log table (less for killers and good
//! history), late-move and futility pruning, razoring, reverse futility, internal
//! iterative reduction, moves from the staged [`Picker`] (table move, winning captures,
//! killers, the counter-move of the previous move, quiets by history plus continuation
//! history, losing captures), and a quiescence search over the captures that do not
//! lose material by SEE, which probes and fills the table too.
//!
//! When time runs out mid-iteration, a root move that already beat the previous
//! iteration's best is played rather than thrown away. On a clock the search stops
//! starting iterations at 60% of the move's budget; with a fixed move time it uses all
//! of it (nothing is saved by stopping early).
//!
//! Repetition inside the search follows the spirit of the 棋例 (see `repetition.rs`):
//! a perpetual checker loses ([`RULE_WIN`] for the other side), any other repetition is
//! a draw.
//!
//! With a node limit and no time limit the search is deterministic: the same position,
//! history and limits give the same move and node count.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::xiangqi::{Kind, Move, MoveList, Position};

use crate::ai::limits::Limits;

use super::eval::{VALUE, evaluate_with, has_big_pieces};
use super::history::{History, cont_index};
use super::picker::{Picker, Stage};
use super::repetition::{PathEntry, ruling};
use super::time::TimeKeeper;
use super::tt::{Bound, Tt};
use super::weights::Weights;

/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores above this (or below its negation) are mates.
pub const MATE_IN_MAX: i32 = MATE - 512;
/// The score of a repetition won by rule (the other side checked perpetually).
pub const RULE_WIN: i32 = 20_000;
const INF: i32 = 32_000;
/// The deepest the search path may go.
pub const MAX_PLY: usize = 96;
/// Plies without a capture after which the game is drawn (60 moves each, 自然限着).
const MOVE_LIMIT_PLIES: u32 = 120;

/// A root move with the score of its last complete search. `exact` is false when the
/// move only failed low: the score is then an upper bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
    pub exact: bool,
}

/// What one iteration found; sent to the info callback as each depth completes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move, `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// Every root move, best first, as scored by the last complete iteration.
    pub root: Vec<RootMove>,
}

/// Callback for each completed iteration.
pub type InfoFn = Box<dyn FnMut(&Info) + Send>;

/// A search engine: its table and ordering heuristics persist between searches.
pub struct Searcher {
    tt: Tt,
    history: History,
    path: Vec<PathEntry>,
    nodes: u64,
    time: TimeKeeper,
    stopped: bool,
    side_key: u64,
    root_margin: i32,
    /// The move that led to each ply of the current path (for counter-moves).
    played: [Option<Move>; MAX_PLY + 2],
    /// The depth of the current iteration (bounds check extensions).
    root_depth: i32,
    /// The best move of the current iteration so far, if one beat the window.
    iter_best: Option<(Move, i32)>,
    banned: Vec<Move>,
    on_info: Option<InfoFn>,
    /// The evaluation's weights.
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

/// The Zobrist term for the side to move, recovered from two positions that differ only
/// in it (the rules module keeps its tables private).
fn side_key() -> u64 {
    let red = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let black = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1");
    match (red, black) {
        (Ok(r), Ok(b)) => r.key() ^ b.key(),
        _ => 0x9E37_79B9_7F4A_7C15,
    }
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: Tt::new(hash_mb),
            history: History::new(),
            path: Vec::with_capacity(256),
            nodes: 0,
            time: TimeKeeper::new(),
            stopped: false,
            side_key: side_key(),
            root_margin: 0,
            played: [None; MAX_PLY + 2],
            root_depth: 1,
            iter_best: None,
            banned: Vec::new(),
            on_info: None,
            weights: Arc::new(Weights::builtin().clone()),
        }
    }

    /// Resizes the transposition table (clears it).
    pub fn resize(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Bytes held by the transposition table.
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets the table and the ordering heuristics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// The flag that stops the search when set; share it with whoever may cancel.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.time.stop_flag()
    }

    /// Uses `flag` as the stop flag.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.time.set_stop_flag(flag);
    }

    /// Root moves scoring within `margin` centipawns of the best get exact scores (for
    /// the difficulty levels, which choose among them); 0 searches for the best only.
    pub fn set_root_margin(&mut self, margin: i32) {
        self.root_margin = margin.clamp(0, 2000);
    }

    /// Root moves the next searches must not play (UCCI `banmoves`), unless every legal
    /// move is banned.
    pub fn set_banned(&mut self, moves: Vec<Move>) {
        self.banned = moves;
    }

    /// Evaluates with `weights` from now on (the built-in set until then).
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.weights = weights;
    }

    /// Whether the side to move is not in check and no capture sequence changes the
    /// static evaluation: a quiet position, whose evaluation can be compared with how
    /// the game ended.
    pub fn is_quiet(&mut self, pos: &Position) -> bool {
        if pos.is_check() {
            return false;
        }
        self.nodes = 0;
        self.stopped = false;
        self.time.unlimited();
        let mut p = pos.clone();
        self.quiesce(&mut p, -INF, INF, 0) == evaluate_with(pos, &self.weights)
    }

    /// Calls `f` after each completed iteration.
    pub fn set_info(&mut self, f: Option<InfoFn>) {
        self.on_info = f;
    }

    /// Searches `pos` within `limits`. `history` holds the keys of the game's earlier
    /// positions (oldest first, not including `pos`) with whether the move into each
    /// gave check; [`history_of`] builds it from a start position and moves.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[(u64, bool)],
        limits: &Limits,
    ) -> SearchResult {
        self.time.start(limits);
        self.nodes = 0;
        self.stopped = false;
        self.history.new_search();
        self.tt.new_search();
        self.path.clear();
        // Only positions since the last capture can repeat.
        let keep = (pos.halfmove_clock() as usize).min(history.len());
        for (i, &(key, check)) in history[history.len() - keep..].iter().enumerate() {
            self.path.push(PathEntry { key, check, barrier: i == 0 });
        }
        let last_check = pos.is_check();
        self.path.push(PathEntry { key: pos.key(), check: last_check, barrier: keep == 0 });

        let mut pos = pos.clone();
        let mut root: Vec<RootMove> = {
            let mut list = MoveList::new();
            pos.legal_moves_mut(&mut list);
            let mut moves: Vec<Move> = list.iter().copied().collect();
            if moves.iter().any(|m| !self.banned.contains(m)) {
                moves.retain(|m| !self.banned.contains(m));
            }
            moves.sort_by_key(|&m| -capture_score(&pos, m));
            moves.into_iter().map(|mv| RootMove { mv, score: -INF, exact: false }).collect()
        };
        let mut result = SearchResult {
            best: root.first().map(|r| r.mv),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root: root.clone(),
        };
        if root.is_empty() {
            result.score = -MATE;
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 4).clamp(1, MAX_PLY as u32 - 4);
        let mut prev: i32 = 0;
        for depth in 1..=max_depth as i32 {
            self.root_depth = depth;
            self.iter_best = None;
            let (mut alpha, mut beta) = (-INF, INF);
            let mut delta = 40;
            if depth >= 4 && self.root_margin == 0 && prev.abs() < MATE_IN_MAX {
                alpha = prev - delta;
                beta = prev + delta;
            }
            let score = loop {
                let s = self.root_search(&mut pos, &mut root, depth, alpha, beta);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                    delta *= 2;
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                    delta *= 2;
                } else {
                    break s;
                }
                if delta > 1000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if self.stopped {
                // A partial iteration is dropped, except a move that already proved
                // better than the last iteration's best within this one.
                if let Some((m, s)) = self.iter_best
                    && self.root_margin == 0
                    && result.best != Some(m)
                    && s > prev
                {
                    result.best = Some(m);
                    result.score = s;
                    result.pv = vec![m];
                    if let Some(i) = result.root.iter().position(|r| r.mv == m) {
                        result.root[..=i].rotate_right(1);
                    }
                }
                break;
            }
            prev = score;
            root.sort_by_key(|r| (!r.exact, -r.score));
            result.best = root.first().map(|r| r.mv);
            result.score = score;
            result.depth = depth as u32;
            result.root = root.clone();
            result.pv = self.pv_from_tt(&pos, depth as usize);
            let info = Info {
                depth: depth as u32,
                score,
                nodes: self.nodes,
                time: self.time.elapsed(),
                pv: result.pv.clone(),
            };
            if let Some(f) = self.on_info.as_mut() {
                f(&info);
            }
            if score.abs() > MATE_IN_MAX && depth > 2 * (MATE - score.abs()) + 2 {
                break;
            }
            if self.time.soft_time_up() {
                break;
            }
            for r in root.iter_mut() {
                r.exact = false;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The principal variation by following table moves.
    fn pv_from_tt(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut pos = pos.clone();
        let mut pv = Vec::new();
        let mut seen = Vec::new();
        while pv.len() < max {
            let Some(m) = self.tt.probe(pos.key()).and_then(|e| e.mv) else { break };
            if !pos.is_legal(m) || seen.contains(&pos.key()) {
                break;
            }
            seen.push(pos.key());
            pos.make(m);
            pv.push(m);
        }
        pv
    }

    fn root_search(
        &mut self,
        pos: &mut Position,
        root: &mut [RootMove],
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = -INF;
        let mut best_move = None;
        let mut a = alpha;
        for (i, rm) in root.iter_mut().enumerate() {
            let m = rm.mv;
            let captured = pos.board[m.to_sq()] != 0;
            let undo = pos.make(m);
            let check = pos.is_check();
            self.path.push(PathEntry { key: pos.key(), check, barrier: captured });
            self.played[1] = Some(m);
            let new_depth = depth - 1 + check as i32;
            let floor = alpha.max(best.saturating_sub(self.root_margin));
            let score = if i == 0 {
                -self.negamax(pos, new_depth, -beta, -a, 1, true)
            } else {
                let mut s = -self.negamax(pos, new_depth, -floor - 1, -floor, 1, true);
                if s > floor && s < beta && !self.stopped {
                    s = -self.negamax(pos, new_depth, -beta, -floor, 1, true);
                }
                s
            };
            self.path.pop();
            pos.unmake(m, undo);
            if self.stopped {
                break;
            }
            let lower = if i == 0 { a } else { floor };
            rm.score = score;
            rm.exact = score > lower || i == 0;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > a {
                    a = score;
                    if i > 0 || depth > 1 {
                        self.iter_best = Some((m, score));
                    }
                }
                if score >= beta {
                    break;
                }
            }
        }
        if !self.stopped
            && let Some(m) = best_move
        {
            // Keep the best move first for the next pass.
            if let Some(i) = root.iter().position(|r| r.mv == m) {
                root[..=i].rotate_right(1);
            }
            let bound = Bound::of(best, alpha, beta);
            self.tt.store(pos.key(), Some(m), best, depth, bound, 0);
        }
        best
    }

    /// Counts a node and stops the search when its limits are reached.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.time.exhausted(self.nodes) {
            self.stopped = true;
        }
    }

    fn null_make(&mut self, pos: &mut Position) {
        pos.turn = pos.turn.opponent();
        pos.key ^= self.side_key;
        self.path.push(PathEntry { key: pos.key, check: false, barrier: true });
    }

    fn null_unmake(&mut self, pos: &mut Position) {
        self.path.pop();
        pos.turn = pos.turn.opponent();
        pos.key ^= self.side_key;
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        if let Some(s) = ruling(&self.path) {
            return s;
        }
        if pos.halfmove_clock() >= MOVE_LIMIT_PLIES {
            return 0;
        }
        // Mate-distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.path.last().is_some_and(|e| e.check);
        if depth <= 0 && !in_check {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let mut depth = depth.max(1);
        self.count_node();
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY {
            return evaluate_with(pos, &self.weights);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && e.depth as i32 >= depth
            && let Some(s) = e.cutoff(ply, alpha, beta)
        {
            return s;
        }
        let static_eval = if in_check { -INF } else { evaluate_with(pos, &self.weights) };
        let quiet_node = !pv_node && !in_check && beta.abs() < MATE_IN_MAX;
        // Reverse futility: far above beta near the leaves.
        if quiet_node && depth <= TUNE.rfp_depth {
            let margin = TUNE.rfp_margin * depth;
            if static_eval - margin >= beta {
                return static_eval - margin;
            }
        }
        // Razoring: far below alpha, only captures can help.
        if quiet_node && depth <= 2 && static_eval + TUNE.razor_margin * depth <= alpha {
            let q = self.quiesce(pos, alpha, alpha + 1, ply);
            if q <= alpha {
                return q;
            }
        }
        // Null move, verified by a reduced normal search when deep (zugzwang care).
        if quiet_node
            && allow_null
            && depth >= 2
            && static_eval >= beta
            && has_big_pieces(pos, pos.side_to_move())
        {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(2);
            self.null_make(pos);
            self.played[ply + 1] = None;
            let s = -self.negamax(pos, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
            self.null_unmake(pos);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                let s = if s >= MATE_IN_MAX { beta } else { s };
                if depth < 8 {
                    return s;
                }
                let v = self.negamax(pos, depth - r, beta - 1, beta, ply, false);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return s;
                }
            }
        }
        // Internal iterative reduction: without a table move this node is likely new.
        if tt_move.is_none() && depth >= 5 {
            depth -= 1;
        }

        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let killers = self.history.killers(ply);
        let counter = self.history.counter(self.played[ply]);
        let mut picker = Picker::new(pos, tt_move, killers, in_check).with_counter(counter);
        let mut legal = 0usize;
        let mut quiets_tried: [Move; 64] = [Move::default(); 64];
        let mut n_quiets = 0usize;
        // The previous move's continuation row (none after a null move or at the root).
        let prev = self.played[ply].map(|p| cont_index(pos, p.to_sq(), p.to_sq()));
        while let Some(m) =
            picker.next_with(pos, &self.history.butterfly, self.history.cont_row(prev))
        {
            legal += 1;
            let stage = picker.last_stage();
            let cur = cont_index(pos, m.origin_sq(), m.to_sq());
            let captured = pos.board[m.to_sq()] != 0;
            let quiet = !captured;
            let undo = pos.make(m);
            let gives_check = pos.is_check();
            // Shallow pruning of moves unlikely to matter (never the first, nor checks).
            if !pv_node && !in_check && !gives_check && legal > 1 && best > -MATE_IN_MAX {
                let lmp = quiet && depth <= 4 && n_quiets >= (3 + depth * depth * 2) as usize;
                // Not when alpha is a mate score: no static margin reaches it, and the
                // quiet move pruned may be the one that mates.
                let futile = quiet
                    && depth <= 4
                    && alpha < MATE_IN_MAX
                    && static_eval + TUNE.futility_base + TUNE.futility_margin * depth <= alpha;
                let bad = stage == Stage::BadCaptures && depth <= 3;
                if lmp || futile || bad {
                    pos.unmake(m, undo);
                    if quiet && n_quiets < quiets_tried.len() {
                        quiets_tried[n_quiets] = m;
                        n_quiets += 1;
                    }
                    continue;
                }
            }
            // Checks are extended (within twice the iteration's depth), those that lose
            // material by SEE too.
            let extend = gives_check && ply < 2 * self.root_depth as usize;
            self.path.push(PathEntry { key: pos.key(), check: gives_check, barrier: captured });
            self.played[ply + 1] = Some(m);
            let new_depth = depth - 1 + extend as i32;
            let score = if legal == 1 {
                -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut reduce = 0;
                if depth >= 3 && quiet && !in_check && !gives_check {
                    reduce = lmr(depth, legal);
                    if pv_node {
                        reduce -= 1;
                    }
                    if Some(m) == killers[0] || Some(m) == killers[1] || Some(m) == counter {
                        reduce -= 1;
                    }
                    let h = self.history.quiet_score(m, cur, prev);
                    reduce -= (h / 8000).clamp(-2, 2);
                    reduce = reduce.clamp(0, new_depth - 1);
                }
                let mut s =
                    -self.negamax(pos, new_depth - reduce, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && reduce > 0 && !self.stopped {
                    s = -self.negamax(pos, new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(pos, new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.path.pop();
            pos.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            let tried = &quiets_tried[..n_quiets];
                            self.history.reward(pos, m, depth, ply, self.played[ply], tried);
                        }
                        break;
                    }
                }
            }
            if quiet && n_quiets < quiets_tried.len() {
                quiets_tried[n_quiets] = m;
                n_quiets += 1;
            }
        }
        if legal == 0 {
            // 将死 or 困毙: either way the side to move loses.
            return -MATE + ply as i32;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }

    fn quiesce(&mut self, pos: &mut Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.count_node();
        if self.stopped {
            return 0;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY {
            return if in_check { 0 } else { evaluate_with(pos, &self.weights) };
        }
        // The table: a stored bound may settle this node, and its move comes first.
        let key = pos.key();
        let entry = self.tt.probe(key);
        if let Some(s) = entry.and_then(|e| e.cutoff(ply, alpha, beta)) {
            return s;
        }
        let tt_move = entry.and_then(|e| e.mv);
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut picker = if in_check {
            Picker::new(pos, tt_move, [None; 2], true)
        } else {
            let stand = evaluate_with(pos, &self.weights);
            if stand >= beta {
                self.tt.store(key, None, stand, 0, Bound::Lower, ply);
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            Picker::captures(pos, tt_move)
        };
        let mut legal = 0;
        while let Some(m) = picker.next(pos, &self.history.butterfly) {
            legal += 1;
            if !in_check {
                // Delta pruning: even winning the victim outright cannot reach alpha.
                let victim = pos.piece_on(m.to_sq()).map_or(0, |(_, k)| VALUE[k as usize]);
                if best + victim + TUNE.delta_margin <= alpha {
                    continue;
                }
            }
            let undo = pos.make(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1);
            pos.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return -MATE + ply as i32;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.tt.store(key, best_move, best, 0, bound, ply);
        best
    }
}

/// Search margins in one place, so tuning runs change data, not code.
pub(crate) struct Tune {
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    pub razor_margin: i32,
    pub futility_base: i32,
    pub futility_margin: i32,
    pub delta_margin: i32,
}

pub(crate) const TUNE: Tune = Tune {
    rfp_depth: 6,
    rfp_margin: 100,
    razor_margin: 350,
    futility_base: 100,
    futility_margin: 120,
    delta_margin: 200,
};

/// Late-move reduction in plies for a quiet move number `n` (1-based) at `depth`:
/// roughly ln(depth)·ln(n)/1.7, precomputed (a divisor below the usual 2.1, so late
/// moves are reduced more).
fn lmr(depth: i32, n: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 1.7) as u8;
            }
        }
        t
    });
    t[(depth as usize).min(63)][n.min(63)] as i32
}

/// MVV-LVA: the most valuable victim first, then the least valuable attacker; 0 for a
/// quiet move.
pub(crate) fn capture_score(pos: &Position, m: Move) -> i32 {
    let Some((_, victim)) = pos.piece_on(m.to_sq()) else { return 0 };
    let attacker = pos.piece_on(m.origin_sq()).map_or(Kind::General, |(_, k)| k);
    let v = if victim == Kind::General { 2000 } else { VALUE[victim as usize] };
    let a = if attacker == Kind::General { 50 } else { VALUE[attacker as usize] };
    v * 16 - a / 10 + 1
}

/// The keys of the positions of a game (oldest first, excluding the final one) with
/// whether the move into each gave check, for [`Searcher::search`]. Illegal moves end
/// the list early; the position reached is returned too.
pub fn history_of(start: &Position, moves: &[Move]) -> (Vec<(u64, bool)>, Position) {
    let mut pos = start.clone();
    let mut hist = Vec::with_capacity(moves.len());
    let mut check = pos.is_check();
    for &m in moves {
        let key = pos.key();
        if pos.play(m).is_err() {
            break;
        }
        hist.push((key, check));
        check = pos.is_check();
    }
    (hist, pos)
}
