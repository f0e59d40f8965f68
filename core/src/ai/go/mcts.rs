//! Monte Carlo tree search with RAVE: each playout walks down the tree choosing the
//! child with the best mix of its own win rate and its all-moves-as-first (AMAF) rate,
//! adds a level of children where it leaves the tree (each child with a prior from Go
//! knowledge), plays on with knowledge to the end and counts the area. On the big boards
//! the playouts also replay the replies that won earlier playouts of the same search
//! ([`super::replies`]). Every point's owner at the end of every playout adds up to the
//! ownership estimate.
//!
//! The tree lives in one vector with a node cap, so memory stays bounded on a phone.
//! As the tree fills, a leaf needs more visits before it grows, so the nodes left go
//! to the lines the search keeps visiting; only at the cap itself does the search go
//! on with playouts from the leaves.
//!
//! When a timed search stops is in [`stopping`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::Rng;
use crate::game::Side;
use crate::go::board::{Board, MAX_CELLS};
use crate::go::playout::is_eye;
use crate::go::score::count_area;

use super::policy::{BIG_BOARD, PASS, Played, line, owners, playout, stones_near};
use super::prior::priors;
use super::replies::{FROM_SIZE as REPLIES_FROM, Replies};

mod stopping;

/// Nodes the tree may hold (about 40 bytes each: some 16 MB).
pub const DEFAULT_MAX_NODES: usize = 400_000;

/// Board points per visit a leaf needs before it is expanded in an empty tree: a leaf
/// on 9×9 grows its 82 children on its second visit, one on 19×19 its 362 children on
/// its ninth, so the tree grows by about the same number of nodes per playout on every
/// board (see [`Mcts::as_it_fills`] for a fuller tree).
const POINTS_PER_EXPANSION_VISIT: usize = 40;
/// RAVE equivalence: the AMAF rate's weight halves at about this many real visits.
const RAVE_EQUIV: f32 = 1500.0;
/// Exploration constant of the UCT term.
const EXPLORE: f32 = 0.05;
/// Playouts between checks of whether a timed search's move is already decided.
const EARLY_STOP_EVERY: u64 = 256;

#[derive(Debug, Clone, Copy)]
struct Node {
    /// The cell moved to, or [`PASS`].
    mv: u16,
    child_count: u16,
    first_child: u32,
    expanded: bool,
    visits: u32,
    /// Wins for the player who made `mv` (draws count half).
    wins: f32,
    prior_n: f32,
    prior_w: f32,
    rave_n: f32,
    rave_w: f32,
}

impl Node {
    fn new(mv: usize, prior: (f32, f32)) -> Node {
        Node {
            mv: mv as u16,
            child_count: 0,
            first_child: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
            prior_n: prior.0,
            prior_w: prior.1,
            // The prior stands for the AMAF rate too until the playouts outweigh it.
            rave_n: prior.0,
            rave_w: prior.1,
        }
    }

    fn value(&self, log_parent: f32) -> f32 {
        let n = self.prior_n + self.visits as f32;
        let w = self.prior_w + self.wins;
        let q = if n > 0.0 { w / n } else { 0.5 };
        let mixed = if self.rave_n > 0.0 {
            let beta = self.rave_n / (self.rave_n + n + self.rave_n * n / RAVE_EQUIV);
            (1.0 - beta) * q + beta * self.rave_w / self.rave_n
        } else {
            q
        };
        mixed + EXPLORE * (log_parent / (n + 1.0)).sqrt()
    }
}

/// The position a search starts from.
#[derive(Debug, Clone)]
pub(crate) struct Root {
    pub board: Board,
    pub to_move: Side,
    /// The cell of the last move, or [`PASS`] (also at the start).
    pub last: usize,
    /// The cell of the move before it, or [`PASS`].
    pub before: usize,
    /// Passes in a row just before this position (0 or 1).
    pub passes: u32,
    /// The moves allowed at the root (legal under superko, not filling own eyes); pass
    /// is always allowed besides.
    pub moves: Vec<usize>,
    /// What black gives at the count, in half points: komi plus the handicap given back.
    pub komi_half: i32,
    /// What black gives besides in the search's playouts only, in half points: the
    /// handicap's dynamic komi (see [`super::engine`]).
    pub dynamic_half: i32,
}

/// How the search went for one root move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChildStat {
    /// The cell, or [`PASS`].
    pub(crate) cell: usize,
    pub visits: u32,
    /// Win rate for the side to move at the root.
    pub win_rate: f32,
}

/// What a search found.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// Root moves, most visited first.
    pub children: Vec<ChildStat>,
    pub playouts: u64,
    /// Sum over playouts of each cell's owner (+1 black, -1 white).
    pub ownership: Box<[i32; MAX_CELLS]>,
}

impl Outcome {
    /// Adds what another search of the same root found (root parallelism): each root
    /// move's visits add up, its win rate is the visit-weighted mean, and the playouts
    /// and ownership sums add up.
    pub fn merge(&mut self, other: &Outcome) {
        for theirs in &other.children {
            match self.children.iter_mut().find(|c| c.cell == theirs.cell) {
                Some(mine) => {
                    let visits = mine.visits + theirs.visits;
                    mine.win_rate = if visits > 0 {
                        (mine.win_rate * mine.visits as f32
                            + theirs.win_rate * theirs.visits as f32)
                            / visits as f32
                    } else {
                        (mine.win_rate + theirs.win_rate) / 2.0
                    };
                    mine.visits = visits;
                }
                None => self.children.push(*theirs),
            }
        }
        self.children
            .sort_by(|a, b| b.visits.cmp(&a.visits).then(b.win_rate.total_cmp(&a.win_rate)));
        self.playouts += other.playouts;
        for (mine, theirs) in self.ownership.iter_mut().zip(other.ownership.iter()) {
            *mine += theirs;
        }
    }
}

/// The searcher: the tree, the generator, the stop flag.
#[derive(Debug)]
pub(crate) struct Mcts {
    nodes: Vec<Node>,
    max_nodes: usize,
    rng: Rng,
    stop: Arc<AtomicBool>,
    /// The last good replies the playouts learn, on the big boards.
    replies: Replies,
}

/// When a search stops.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    pub playouts: u64,
    pub time: Option<Duration>,
    /// Time past `time` the search may go on for while its choice is unsettled.
    pub extra: Duration,
}

impl Budget {
    /// `playouts` with no time limit.
    pub(crate) fn fixed(playouts: u64) -> Budget {
        Budget { playouts, time: None, extra: Duration::ZERO }
    }
}

impl Mcts {
    pub fn new(max_nodes: usize, seed: u64, stop: Arc<AtomicBool>) -> Mcts {
        Mcts {
            nodes: Vec::new(),
            max_nodes: max_nodes.max(16),
            rng: Rng::for_playouts(seed),
            stop,
            replies: Replies::new(),
        }
    }

    /// Restarts the generator: a search then depends only on its root and budget.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::for_playouts(seed);
    }

    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = stop;
    }

    /// A searcher like this one (the same node cap and stop flag) with its own tree and
    /// generator: a helper for a search on several threads.
    pub fn helper(&self) -> Mcts {
        Mcts::new(self.max_nodes, 1, Arc::clone(&self.stop))
    }

    /// The visits a leaf needs before it is expanded, `base` on an empty tree and more
    /// as the tree fills: over the square of the share of the cap still free, so with
    /// half the cap used four times the base and with nine tenths a hundred times. The
    /// tree never stops growing where the search keeps going: a leaf left unexpanded
    /// would go on gathering the visits of plain playouts, and a move whose refutation
    /// the playouts miss would look good to the end of the search.
    fn as_it_fills(&self, base: u32) -> u32 {
        let free = 1.0 - self.nodes.len() as f32 / self.max_nodes as f32;
        (base as f32 / (free * free).max(1e-6)).min(u32::MAX as f32 / 2.0) as u32
    }

    /// Keeps the part of the last tree below the moves `cells` (from the last root) as
    /// the new tree, so that its playouts count again. False when that node was never
    /// expanded: the next search starts afresh.
    pub fn reroot(&mut self, cells: &[usize]) -> bool {
        if self.nodes.is_empty() {
            return false;
        }
        let mut at = 0;
        for &cell in cells {
            if !self.nodes[at].expanded {
                return false;
            }
            match self.children(at).find(|&c| usize::from(self.nodes[c].mv) == cell) {
                Some(c) => at = c,
                None => return false,
            }
        }
        if !self.nodes[at].expanded {
            return false;
        }
        // Copy the subtree breadth first: each node's children stay one block. The copy
        // has room for a full tree, so the search never regrows it: a growing vector
        // briefly holds its old and new blocks at once, nearly doubling peak memory.
        let mut kept = Vec::with_capacity(self.max_nodes);
        kept.push(self.nodes[at]);
        let mut next = 0;
        while next < kept.len() {
            let node = kept[next];
            if node.expanded {
                let old = node.first_child as usize;
                kept[next].first_child = kept.len() as u32;
                kept.extend_from_slice(&self.nodes[old..old + usize::from(node.child_count)]);
            }
            next += 1;
        }
        self.nodes = kept;
        true
    }

    /// Searches from `root` until the budget is spent or the stop flag is set (at
    /// least one playout). With `reuse`, the tree kept by [`Mcts::reroot`] is the
    /// start: its root's children become exactly the root's moves (those worth a
    /// node), each keeping what was learnt under it.
    pub fn search(&mut self, root: &Root, budget: Budget, reuse: bool) -> Outcome {
        let start = Instant::now();
        if root.board.size() >= REPLIES_FROM {
            self.replies.clear();
        }
        if reuse && !self.nodes.is_empty() {
            let old: Vec<Node> = self.children(0).map(|c| self.nodes[c]).collect();
            let first = self.nodes.len();
            let moves = child_moves(&root.board, root.to_move, Some(&root.moves));
            for (m, prior) in priors(&root.board, root.to_move, root.last, root.before, moves) {
                let node = match old.iter().find(|n| usize::from(n.mv) == m) {
                    Some(n) => *n,
                    None => Node::new(m, prior),
                };
                self.nodes.push(node);
            }
            self.link_children(0, first);
        } else {
            self.nodes.clear();
            self.nodes.reserve_exact(self.max_nodes);
            self.nodes.push(Node::new(PASS, (0.0, 0.0)));
            self.expand(0, &root.board, root.to_move, (root.last, root.before), Some(&root.moves));
        }
        let mut ownership = Box::new([0i32; MAX_CELLS]);
        let mut owner = [0i8; MAX_CELLS];
        let mut seq: Vec<Played> = Vec::with_capacity(1024);
        let mut path: Vec<usize> = Vec::with_capacity(64);
        let mut first = [0u32; MAX_CELLS];
        let mut playouts = 0u64;
        let cap = budget.playouts.max(1);
        while playouts < cap {
            if playouts > 0 {
                if self.stop.load(Ordering::Relaxed) {
                    break;
                }
                if let Some(t) = budget.time
                    && playouts.is_multiple_of(16)
                {
                    let elapsed = start.elapsed();
                    let stop = if elapsed >= t {
                        self.stops_at(elapsed, t, budget.extra)
                    } else {
                        playouts.is_multiple_of(EARLY_STOP_EVERY)
                            && self.decided(playouts, cap - playouts, elapsed, t)
                    };
                    if stop {
                        break;
                    }
                }
            }
            self.one(root, &mut seq, &mut path, &mut first, &mut owner, &mut ownership);
            playouts += 1;
        }
        let mut children: Vec<ChildStat> = self
            .children(0)
            .map(|c| {
                let node = &self.nodes[c];
                let win_rate = if node.visits > 0 {
                    node.wins / node.visits as f32
                } else if node.prior_n > 0.0 {
                    node.prior_w / node.prior_n
                } else {
                    0.5
                };
                ChildStat { cell: node.mv as usize, visits: node.visits, win_rate }
            })
            .collect();
        children.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.win_rate.total_cmp(&a.win_rate)));
        Outcome { children, playouts, ownership }
    }

    fn children(&self, node: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[node];
        let start = n.first_child as usize;
        start..start + n.child_count as usize
    }

    /// One descent, playout and update.
    fn one(
        &mut self,
        root: &Root,
        seq: &mut Vec<Played>,
        path: &mut Vec<usize>,
        first: &mut [u32; MAX_CELLS],
        owner: &mut [i8; MAX_CELLS],
        ownership: &mut [i32; MAX_CELLS],
    ) {
        let mut board = root.board.clone();
        let mut side = root.to_move;
        let mut last = root.last;
        let mut before = root.before;
        let mut passes = root.passes;
        seq.clear();
        path.clear();
        path.push(0);
        let mut node = 0;
        let mut ended = false;
        let expand_visits = self.as_it_fills(expand_at(&board));
        loop {
            if !self.nodes[node].expanded {
                if self.nodes[node].visits + 1 >= expand_visits
                    && self.nodes.len() + board_points(&board) < self.max_nodes
                {
                    self.expand(node, &board, side, (last, before), None);
                } else {
                    break;
                }
            }
            if self.nodes[node].child_count == 0 {
                break;
            }
            let child = self.select(node);
            let mv = self.nodes[child].mv as usize;
            if mv == PASS {
                board.clear_ko();
                passes += 1;
            } else {
                board.play_unchecked(mv, side);
                passes = 0;
            }
            seq.push((mv, side));
            path.push(child);
            before = last;
            last = mv;
            side = side.opponent();
            node = child;
            if passes >= 2 {
                ended = true;
                break;
            }
        }
        let tree_moves = seq.len();
        let diff = if ended {
            // Both passed in the tree: the count as the board stands, nothing removed.
            let count = count_area(&board, &[false; MAX_CELLS]);
            owners(&board, owner);
            count.black_area() as i32 - count.white_area() as i32
        } else {
            let replies = (root.board.size() >= REPLIES_FROM).then_some(&self.replies);
            playout(&mut board, side, last, before, passes, &mut self.rng, replies, seq);
            owners(&board, owner)
        };
        for i in board.cell_indices() {
            ownership[i] += i32::from(owner[i]);
        }
        let margin = 2 * diff - root.komi_half - root.dynamic_half;
        let black = match margin {
            m if m > 0 => 1.0,
            0 => 0.5,
            _ => 0.0,
        };
        if root.board.size() >= REPLIES_FROM {
            self.replies.learn(seq, root.last, root.before, black);
        }
        // Real statistics along the path.
        self.nodes[0].visits += 1;
        for (d, &n) in path.iter().enumerate().skip(1) {
            let mover = seq[d - 1].1;
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.wins += if mover == Side::First { black } else { 1.0 - black };
        }
        // AMAF: for each tree node, the moves played first at each cell from there on,
        // each weighed down the later it came. A point filled near the end of a playout
        // is filled by the side that already owns the area around it, so counting late
        // moves as fully as early ones makes the edges of a big board look good.
        first.fill(0);
        let len = seq.len();
        for i in (0..len).rev() {
            let (cell, s) = seq[i];
            if cell != PASS {
                first[cell] = (i as u32) << 2 | (s.index() as u32 + 1);
            }
            if i < tree_moves {
                let at = path[i];
                let mark = s.index() as u32 + 1;
                let result = if s == Side::First { black } else { 1.0 - black };
                let span = (len - i) as f32;
                for c in self.children(at) {
                    let node = &mut self.nodes[c];
                    let mv = node.mv as usize;
                    if mv != PASS && first[mv] & 3 == mark {
                        let weight = 1.0 - ((first[mv] >> 2) as usize - i) as f32 / span;
                        node.rave_n += weight;
                        node.rave_w += weight * result;
                    }
                }
            }
        }
    }

    fn select(&self, node: usize) -> usize {
        let log_parent = ((self.nodes[node].visits + 1) as f32).ln();
        let mut best = usize::MAX;
        let mut best_value = f32::NEG_INFINITY;
        for c in self.children(node) {
            let v = self.nodes[c].value(log_parent);
            if v > best_value {
                best_value = v;
                best = c;
            }
        }
        best
    }

    /// Adds a child to `node` for each of its [`child_moves`], with its prior.
    fn expand(
        &mut self,
        node: usize,
        board: &Board,
        side: Side,
        (last, before): (usize, usize),
        moves: Option<&[usize]>,
    ) {
        let start = self.nodes.len();
        for (at, prior) in priors(board, side, last, before, child_moves(board, side, moves)) {
            self.nodes.push(Node::new(at, prior));
        }
        self.link_children(node, start);
    }

    /// Makes the nodes from `first` to the end the children of `node`.
    fn link_children(&mut self, node: usize, first: usize) {
        let count = self.nodes.len() - first;
        let n = &mut self.nodes[node];
        n.first_child = first as u32;
        n.child_count = count as u16;
        n.expanded = true;
    }
}

/// The moves a node's children stand for: `moves` at the root, else every legal point
/// that is not the mover's own eye; of those only the ones worth a node, then a pass.
fn child_moves<'a>(
    board: &'a Board,
    side: Side,
    moves: Option<&'a [usize]>,
) -> impl Iterator<Item = usize> + 'a {
    let listed = moves.map(|list| list.iter().copied());
    let legal = moves.is_none().then(|| {
        board
            .cell_indices()
            .filter(move |&at| board.check(at, side).is_ok() && !is_eye(board, at, side))
    });
    listed
        .into_iter()
        .flatten()
        .chain(legal.into_iter().flatten())
        .filter(move |&at| worth_a_node(board, at))
        .chain(std::iter::once(PASS))
}

fn board_points(board: &Board) -> usize {
    let s = usize::from(board.size());
    s * s + 1
}

/// Whether the tree searches a move at `at`: on a big board not a first- or second-line
/// point with no stone near it. Light playouts overrate such points (a stone there is
/// hard to kill at random), and no good move is ever one of them.
fn worth_a_node(board: &Board, at: usize) -> bool {
    board.size() < BIG_BOARD || line(board, at) >= 2 || stones_near(board, at)
}

/// The visits a leaf needs before it is expanded on this board (at least two).
fn expand_at(board: &Board) -> u32 {
    (board_points(board) / POINTS_PER_EXPANSION_VISIT).max(2) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::go::prior::{opening_left, prior};

    pub(super) fn root(board: &Board, to_move: Side, last: usize) -> Root {
        let moves = board
            .cell_indices()
            .filter(|&c| board.check(c, to_move).is_ok() && !is_eye(board, c, to_move))
            .collect();
        Root {
            board: board.clone(),
            to_move,
            last,
            before: PASS,
            passes: 0,
            moves,
            komi_half: 15,
            dynamic_half: 0,
        }
    }

    #[test]
    fn the_tree_below_the_moves_played_is_kept() {
        let board = Board::new(9).unwrap();
        let mut m = Mcts::new(DEFAULT_MAX_NODES, 7, Arc::new(AtomicBool::new(false)));
        let budget = Budget::fixed;
        let first = m.search(&root(&board, Side::First, PASS), budget(3000), false);
        let a = first.children[0].cell;
        let a_node = m.children(0).find(|&c| usize::from(m.nodes[c].mv) == a).unwrap();
        let b_node = m
            .children(a_node)
            .filter(|&c| m.nodes[c].mv as usize != PASS)
            .max_by_key(|&c| m.nodes[c].visits)
            .unwrap();
        let b = usize::from(m.nodes[b_node].mv);
        let kept = m.nodes[b_node].visits;
        assert!(kept > 20, "{kept}");
        assert!(m.nodes[b_node].expanded);
        let mut next = board.clone();
        next.play_unchecked(a, Side::First);
        next.play_unchecked(b, Side::Second);
        assert!(m.reroot(&[a, b]));
        assert_eq!(m.nodes[0].visits, kept);
        let r = root(&next, Side::First, b);
        let out = m.search(&r, budget(100), true);
        assert_eq!(out.playouts, 100);
        assert_eq!(m.nodes[0].visits, kept + 100, "the kept visits count on");
        // The root's children are exactly its moves and a pass.
        let mut cells: Vec<usize> = out.children.iter().map(|c| c.cell).collect();
        cells.sort_unstable();
        let mut want = r.moves.clone();
        want.push(PASS);
        want.sort_unstable();
        assert_eq!(cells, want);
        // A move that is not in the tree keeps nothing.
        assert!(!m.reroot(&[a]), "a is taken: no child of the root plays there");
    }

    fn stone(b: &mut Board, name: &str, side: Side) {
        b.play(crate::go::lesson::pt(name), side).unwrap();
    }

    /// The prior win rate of `name` for `side`, in the board's own opening and past it.
    fn rates(b: &Board, name: &str, side: Side) -> (f32, f32) {
        let at = b.index(crate::go::lesson::pt(name));
        let rate = |(n, w): (f32, f32)| w / n;
        (rate(prior(b, at, side, PASS, opening_left(b))), rate(prior(b, at, side, PASS, 0.0)))
    }

    #[test]
    fn low_moves_next_to_stones_are_slow_in_a_big_opening_unless_they_fight() {
        use Side::{First as B, Second as W};
        assert_eq!(opening_left(&Board::new(9).unwrap()), 0.0, "a small board has none");
        assert_eq!(opening_left(&Board::new(19).unwrap()), 0.0, "nor does 19×19");
        assert_eq!(opening_left(&Board::new(13).unwrap()), 1.0);
        // The 2–2 point beside the opponent's 3–3 stone, and the first line under it.
        let mut b = Board::new(13).unwrap();
        stone(&mut b, "c3", W);
        for name in ["b2", "c2", "c1"] {
            let (opening, later) = rates(&b, name, B);
            assert!(opening + 0.1 < later, "{name}: {opening} against {later}");
            assert!(opening < 0.4, "{name}: {opening}");
        }
        // Crawling along the second line under the opponent's third-line wall.
        let mut b = Board::new(13).unwrap();
        for (name, side) in [("d2", B), ("d3", W), ("e2", B), ("e3", W), ("k10", B)] {
            stone(&mut b, name, side);
        }
        let (opening, later) = rates(&b, "f2", B);
        assert!(opening + 0.1 < later, "crawl: {opening} against {later}");
        // The same lines when they fight: blocking a stone on the second line, helping
        // an own string short of liberties, an atari.
        let mut b = Board::new(13).unwrap();
        stone(&mut b, "d4", B);
        stone(&mut b, "b4", W);
        assert_eq!(rates(&b, "b5", B).0, rates(&b, "b5", B).1, "a block");
        let mut b = Board::new(13).unwrap();
        for (name, side) in [("b3", B), ("c3", W), ("b4", W), ("k10", B)] {
            stone(&mut b, name, side);
        }
        assert_eq!(rates(&b, "b2", B).0, rates(&b, "b2", B).1, "two liberties");
        let mut b = Board::new(13).unwrap();
        for (name, side) in [("c3", W), ("d3", B), ("c4", B)] {
            stone(&mut b, name, side);
        }
        assert_eq!(rates(&b, "c2", B).0, rates(&b, "c2", B).1, "an atari");
    }

    #[test]
    fn a_big_board_tree_grows_within_the_node_cap() {
        assert_eq!(expand_at(&Board::new(9).unwrap()), 2);
        assert_eq!(expand_at(&Board::new(13).unwrap()), 4);
        assert_eq!(expand_at(&Board::new(19).unwrap()), 9);
        // Expanding 362 children on every second visit filled the cap within about
        // a thousand playouts on 19×19, after which the tree stopped growing.
        let board = Board::new(19).unwrap();
        let mut m = Mcts::new(DEFAULT_MAX_NODES, 3, Arc::new(AtomicBool::new(false)));
        let out = m.search(&root(&board, Side::First, PASS), Budget::fixed(4000), false);
        assert_eq!(out.playouts, 4000);
        let expanded = m.nodes.iter().filter(|n| n.expanded).count();
        assert!(expanded > 100, "{expanded} nodes expanded");
        assert!(m.nodes.len() + 362 < DEFAULT_MAX_NODES, "{} nodes", m.nodes.len());
        // No empty first- or second-line point is searched on a big board; on 9×9 the
        // corners are still root moves.
        let low = |b: &Board, c: usize| c != PASS && line(b, c) < 2;
        assert!(!out.children.iter().any(|c| low(&board, c.cell)));
        assert_eq!(out.children.len(), 15 * 15 + 1);
        let small = Board::new(9).unwrap();
        let out = m.search(&root(&small, Side::First, PASS), Budget::fixed(50), false);
        assert_eq!(out.children.iter().filter(|c| low(&small, c.cell)).count(), 81 - 25);
    }

    #[test]
    fn the_big_boards_playouts_learn_replies_and_each_search_starts_afresh() {
        let mut m = Mcts::new(DEFAULT_MAX_NODES, 3, Arc::new(AtomicBool::new(false)));
        let budget = Budget::fixed(300);
        let small = Board::new(9).unwrap();
        m.search(&root(&small, Side::First, PASS), budget, false);
        assert_eq!(m.replies.stored(), 0, "9×9 playouts keep none");
        let big = Board::new(19).unwrap();
        m.reseed(5);
        m.search(&root(&big, Side::First, PASS), budget, false);
        let learnt = m.replies.stored();
        assert!(learnt > 1000, "{learnt} replies");
        // The same search again learns the same: nothing is carried over.
        m.reseed(5);
        m.search(&root(&big, Side::First, PASS), budget, false);
        assert_eq!(m.replies.stored(), learnt);
    }

    #[test]
    fn two_searches_of_one_root_merge_by_visits() {
        let board = Board::new(9).unwrap();
        let r = root(&board, Side::First, PASS);
        let budget = Budget::fixed(400);
        let stop = Arc::new(AtomicBool::new(false));
        let mut a = Mcts::new(DEFAULT_MAX_NODES, 1, Arc::clone(&stop)).search(&r, budget, false);
        let b = Mcts::new(DEFAULT_MAX_NODES, 2, stop).search(&r, budget, false);
        let before = a.clone();
        a.merge(&b);
        assert_eq!(a.playouts, 800);
        assert_eq!(a.children.len(), before.children.len(), "the same root moves");
        for c in &a.children {
            let x = before.children.iter().find(|m| m.cell == c.cell).unwrap();
            let y = b.children.iter().find(|m| m.cell == c.cell).unwrap();
            assert_eq!(c.visits, x.visits + y.visits);
            if c.visits > 0 {
                let mean =
                    (x.win_rate * x.visits as f32 + y.win_rate * y.visits as f32) / c.visits as f32;
                assert!((c.win_rate - mean).abs() < 1e-5, "{} against {mean}", c.win_rate);
            }
        }
        assert!(a.children.windows(2).all(|w| w[0].visits >= w[1].visits), "most visited first");
        let centre = board.index(crate::game::Point::new(4, 4));
        assert_eq!(a.ownership[centre], before.ownership[centre] + b.ownership[centre]);
    }
}
