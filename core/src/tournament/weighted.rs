//! Maximum weight matching in a general graph, for the Swiss pairing's questions that
//! rank whole pairings rather than count games: of all the ways to pair the players
//! below a bracket, which gives the next bracket the most games and the highest scores.
//!
//! This is Edmonds' primal-dual method with blossoms in its O(n³) form (as Galil's
//! survey of matching algorithms sets it out): every vertex and every outermost odd set
//! (blossom) carries a dual value, edges whose slack is zero are "tight", and each stage
//! grows alternating trees over tight edges from the unmatched vertices until it finds
//! an augmenting path, or moves the duals by the largest step that keeps them feasible.
//! A stage ends when a path augments or when a vertex dual reaches zero (no augmenting
//! path of positive gain is left). Weights are integers and stay integers throughout.

const NONE: usize = usize::MAX;

/// Which tree a vertex or a blossom is in during a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Not reached yet.
    Free,
    /// At an even distance from a root (may take a new edge).
    Outer,
    /// At an odd distance from a root (entered through a non-matching edge).
    Inner,
    /// An outer blossom visited while looking for a common base.
    Visited,
}

/// A maximum weight matching of the graph on `0..n` with the given weighted edges
/// (each pair at most once; edges of weight zero or less are never worth taking):
/// `mate[v]` is `v`'s partner or `None`.
pub(crate) fn max_weight_matching(n: usize, edges: &[(usize, usize, i128)]) -> Vec<Option<usize>> {
    if n == 0 || edges.is_empty() {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges);
    m.run();
    (0..n).map(|v| (m.mate[v] != NONE).then(|| m.tip(m.mate[v]))).collect()
}

/// The state of the method. An edge `k` has two ends, `2k` (its first vertex) and
/// `2k + 1` (its second); `mate[v]` and the labels store the end at the far side.
struct Matcher {
    n: usize,
    edges: Vec<(usize, usize, i128)>,
    /// For each vertex, the far ends of its edges.
    ends_at: Vec<Vec<usize>>,
    mate: Vec<usize>,
    /// Indexed by vertex or blossom (`n..2n` are blossoms).
    mark: Vec<Mark>,
    /// The far end of the edge through which a vertex or blossom got its mark.
    marked_by: Vec<usize>,
    /// The outermost blossom (or the vertex itself) each vertex is in.
    outer: Vec<usize>,
    parent: Vec<usize>,
    /// A blossom's sub-blossoms around its cycle, the base one first.
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The ends linking each child to the next around the cycle.
    links: Vec<Vec<usize>>,
    /// The least-slack edge to an outer blossom (from a free vertex or an outer blossom).
    least: Vec<usize>,
    /// For an outer blossom, its least-slack edges to each other outer blossom.
    least_list: Vec<Option<Vec<usize>>>,
    spare: Vec<usize>,
    dual: Vec<i128>,
    tight: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    fn new(n: usize, edges: &[(usize, usize, i128)]) -> Matcher {
        // Doubled weights keep every dual step an integer.
        let edges: Vec<(usize, usize, i128)> =
            edges.iter().map(|&(a, b, w)| (a, b, 2 * w)).collect();
        let mut ends_at = vec![Vec::new(); n];
        for (k, &(a, b, _)) in edges.iter().enumerate() {
            ends_at[a].push(2 * k + 1);
            ends_at[b].push(2 * k);
        }
        let top = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut dual = vec![top; n];
        dual.extend(std::iter::repeat_n(0, n));
        let mut base: Vec<usize> = (0..n).collect();
        base.extend(std::iter::repeat_n(NONE, n));
        Matcher {
            n,
            tight: vec![false; edges.len()],
            edges,
            ends_at,
            mate: vec![NONE; n],
            mark: vec![Mark::Free; 2 * n],
            marked_by: vec![NONE; 2 * n],
            outer: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base,
            links: vec![Vec::new(); 2 * n],
            least: vec![NONE; 2 * n],
            least_list: vec![None; 2 * n],
            spare: (n..2 * n).rev().collect(),
            dual,
            queue: Vec::new(),
        }
    }

    /// The vertex at end `p`.
    fn tip(&self, p: usize) -> usize {
        let (a, b, _) = self.edges[p / 2];
        if p.is_multiple_of(2) { a } else { b }
    }

    fn slack(&self, k: usize) -> i128 {
        let (a, b, w) = self.edges[k];
        self.dual[a] + self.dual[b] - 2 * w
    }

    /// The vertices inside `b` (or `b` itself when it is a vertex).
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x].iter().rev());
            }
        }
        out
    }

    /// Child `j` of blossom `b`, counting around the cycle in either direction.
    fn child(&self, b: usize, j: isize) -> usize {
        let len = self.children[b].len() as isize;
        self.children[b][j.rem_euclid(len) as usize]
    }

    fn link(&self, b: usize, j: isize) -> usize {
        let len = self.links[b].len() as isize;
        self.links[b][j.rem_euclid(len) as usize]
    }

    /// Marks `w` (and its outermost blossom) through end `p`; an inner blossom's mate
    /// becomes outer in turn.
    fn assign(&mut self, w: usize, mark: Mark, p: usize) {
        let b = self.outer[w];
        self.mark[w] = mark;
        self.mark[b] = mark;
        self.marked_by[w] = p;
        self.marked_by[b] = p;
        self.least[w] = NONE;
        self.least[b] = NONE;
        match mark {
            Mark::Outer => {
                let leaves = self.leaves(b);
                self.queue.extend(leaves);
            }
            Mark::Inner => {
                let mate_end = self.mate[self.base[b]];
                let next = self.tip(mate_end);
                self.assign(next, Mark::Outer, mate_end ^ 1);
            }
            Mark::Free | Mark::Visited => {}
        }
    }

    /// Follows the trees of `v` and `w` back towards their roots: the base of the new
    /// blossom where the paths meet, or `NONE` when they reach two roots (augment).
    fn meeting_base(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut found = NONE;
        while v != NONE || w != NONE {
            let mut b = self.outer[v];
            if self.mark[b] == Mark::Visited {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.mark[b] = Mark::Visited;
            if self.marked_by[b] == NONE {
                v = NONE;
            } else {
                v = self.tip(self.marked_by[b]);
                b = self.outer[v];
                v = self.tip(self.marked_by[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.mark[b] = Mark::Outer;
        }
        found
    }

    /// Makes a blossom of the cycle closed by edge `k` through `base`.
    fn shrink(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.outer[base];
        let mut bv = self.outer[v];
        let mut bw = self.outer[w];
        let b = self.spare.pop().expect("at most n blossoms exist at once");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut links = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            links.push(self.marked_by[bv]);
            v = self.tip(self.marked_by[bv]);
            bv = self.outer[v];
        }
        path.push(bb);
        path.reverse();
        links.reverse();
        links.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            links.push(self.marked_by[bw] ^ 1);
            w = self.tip(self.marked_by[bw]);
            bw = self.outer[w];
        }
        self.children[b] = path.clone();
        self.links[b] = links;
        self.mark[b] = Mark::Outer;
        self.marked_by[b] = self.marked_by[bb];
        self.dual[b] = 0;
        for x in self.leaves(b) {
            if self.mark[self.outer[x]] == Mark::Inner {
                self.queue.push(x);
            }
            self.outer[x] = b;
        }
        // The least-slack edges from the new blossom to each other outer blossom.
        let mut best_to = vec![NONE; 2 * self.n];
        for &sub in &path {
            let lists: Vec<Vec<usize>> = match self.least_list[sub].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(sub)
                    .iter()
                    .map(|&x| self.ends_at[x].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.outer[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.outer[j];
                    if bj != b
                        && self.mark[bj] == Mark::Outer
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.least[sub] = NONE;
        }
        let list: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.least[b] = NONE;
        for &k in &list {
            if self.least[b] == NONE || self.slack(k) < self.slack(self.least[b]) {
                self.least[b] = k;
            }
        }
        self.least_list[b] = Some(list);
    }

    /// Dissolves blossom `b` into its children; mid-stage, an inner blossom's children
    /// on the path from its entry to its base keep the tree's alternation.
    fn expand(&mut self, b: usize, end_of_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = NONE;
            if s < self.n {
                self.outer[s] = s;
            } else if end_of_stage && self.dual[s] == 0 {
                self.expand(s, end_of_stage);
            } else {
                for x in self.leaves(s) {
                    self.outer[x] = s;
                }
            }
        }
        if !end_of_stage && self.mark[b] == Mark::Inner {
            let entry = self.outer[self.tip(self.marked_by[b] ^ 1)];
            let len = self.children[b].len() as isize;
            let mut j = self.children[b].iter().position(|&c| c == entry).unwrap_or(0) as isize;
            let (step, trick): (isize, usize) = if j % 2 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.marked_by[b];
            while j != 0 {
                let a = self.tip(p ^ 1);
                self.mark[a] = Mark::Free;
                let q = self.link(b, j - trick as isize);
                let c = self.tip(q ^ trick ^ 1);
                self.mark[c] = Mark::Free;
                self.assign(a, Mark::Inner, p);
                self.tight[q / 2] = true;
                j += step;
                p = self.link(b, j - trick as isize) ^ trick;
                self.tight[p / 2] = true;
                j += step;
            }
            let bv = self.child(b, j);
            let a = self.tip(p ^ 1);
            self.mark[a] = Mark::Inner;
            self.mark[bv] = Mark::Inner;
            self.marked_by[a] = p;
            self.marked_by[bv] = p;
            self.least[bv] = NONE;
            j += step;
            while self.child(b, j) != entry {
                let bv = self.child(b, j);
                if self.mark[bv] == Mark::Outer {
                    j += step;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&x| self.mark[x] != Mark::Free) {
                    self.mark[v] = Mark::Free;
                    let m = self.tip(self.mate[self.base[bv]]);
                    self.mark[m] = Mark::Free;
                    let by = self.marked_by[v];
                    self.assign(v, Mark::Inner, by);
                }
                j += step;
            }
        }
        self.mark[b] = Mark::Free;
        self.marked_by[b] = NONE;
        self.children[b].clear();
        self.links[b].clear();
        self.base[b] = NONE;
        self.least_list[b] = None;
        self.least[b] = NONE;
        self.spare.push(b);
    }

    /// Swaps the matched and unmatched edges inside blossom `b` so that vertex `v`
    /// becomes its base.
    fn rebase(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.rebase(t, v);
        }
        let i = self.children[b].iter().position(|&c| c == t).unwrap_or(0);
        let len = self.children[b].len() as isize;
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if i % 2 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = self.child(b, j);
            let p = self.link(b, j - trick as isize) ^ trick;
            if t >= self.n {
                let x = self.tip(p);
                self.rebase(t, x);
            }
            j += step;
            let t = self.child(b, j);
            if t >= self.n {
                let x = self.tip(p ^ 1);
                self.rebase(t, x);
            }
            let (x, y) = (self.tip(p), self.tip(p ^ 1));
            self.mate[x] = p ^ 1;
            self.mate[y] = p;
        }
        self.children[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
    }

    /// Augments along the path through edge `k` between two outer vertices.
    fn augment(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.outer[s];
                if bs >= self.n {
                    self.rebase(bs, s);
                }
                self.mate[s] = p;
                if self.marked_by[bs] == NONE {
                    break;
                }
                let t = self.tip(self.marked_by[bs]);
                let bt = self.outer[t];
                s = self.tip(self.marked_by[bt]);
                let j = self.tip(self.marked_by[bt] ^ 1);
                if bt >= self.n {
                    self.rebase(bt, j);
                }
                self.mate[j] = self.marked_by[bt];
                p = self.marked_by[bt] ^ 1;
            }
        }
    }

    /// Scans the edges of outer vertex `v`: grows the trees, makes blossoms, or
    /// augments (returns true).
    fn scan(&mut self, v: usize) -> bool {
        for idx in 0..self.ends_at[v].len() {
            let p = self.ends_at[v][idx];
            let k = p / 2;
            let w = self.tip(p);
            if self.outer[v] == self.outer[w] {
                continue;
            }
            let mut slack = 0;
            if !self.tight[k] {
                slack = self.slack(k);
                if slack <= 0 {
                    self.tight[k] = true;
                }
            }
            let bw = self.outer[w];
            if self.tight[k] {
                match self.mark[bw] {
                    Mark::Free => self.assign(w, Mark::Inner, p ^ 1),
                    Mark::Outer => {
                        let base = self.meeting_base(v, w);
                        if base != NONE {
                            self.shrink(base, k);
                        } else {
                            self.augment(k);
                            return true;
                        }
                    }
                    _ => {
                        if self.mark[w] == Mark::Free {
                            self.mark[w] = Mark::Inner;
                            self.marked_by[w] = p ^ 1;
                        }
                    }
                }
            } else if self.mark[bw] == Mark::Outer {
                let b = self.outer[v];
                if self.least[b] == NONE || slack < self.slack(self.least[b]) {
                    self.least[b] = k;
                }
            } else if self.mark[w] == Mark::Free
                && (self.least[w] == NONE || slack < self.slack(self.least[w]))
            {
                self.least[w] = k;
            }
        }
        false
    }

    /// One stage: true if it augmented the matching.
    fn stage(&mut self) -> bool {
        let n = self.n;
        self.mark.iter_mut().for_each(|m| *m = Mark::Free);
        self.least.iter_mut().for_each(|l| *l = NONE);
        for b in n..2 * n {
            self.least_list[b] = None;
        }
        self.tight.iter_mut().for_each(|t| *t = false);
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && self.mark[self.outer[v]] == Mark::Free {
                self.assign(v, Mark::Outer, NONE);
            }
        }
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan(v) {
                    return true;
                }
            }
            // The largest dual step that keeps every edge's slack non-negative.
            let mut delta = self.dual[..n].iter().copied().min().unwrap_or(0);
            let mut kind = 1;
            let mut edge = NONE;
            let mut blossom = NONE;
            for v in 0..n {
                if self.mark[self.outer[v]] == Mark::Free && self.least[v] != NONE {
                    let d = self.slack(self.least[v]);
                    if d < delta {
                        (delta, kind, edge) = (d, 2, self.least[v]);
                    }
                }
            }
            for b in 0..2 * n {
                if self.parent[b] == NONE
                    && (b < n || self.base[b] != NONE)
                    && self.mark[b] == Mark::Outer
                    && self.least[b] != NONE
                {
                    let d = self.slack(self.least[b]) / 2;
                    if d < delta {
                        (delta, kind, edge) = (d, 3, self.least[b]);
                    }
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE
                    && self.parent[b] == NONE
                    && self.mark[b] == Mark::Inner
                    && self.dual[b] < delta
                {
                    (delta, kind, blossom) = (self.dual[b], 4, b);
                }
            }
            for v in 0..n {
                match self.mark[self.outer[v]] {
                    Mark::Outer => self.dual[v] -= delta,
                    Mark::Inner => self.dual[v] += delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE && self.parent[b] == NONE {
                    match self.mark[b] {
                        Mark::Outer => self.dual[b] += delta,
                        Mark::Inner => self.dual[b] -= delta,
                        _ => {}
                    }
                }
            }
            match kind {
                1 => return false,
                2 => {
                    self.tight[edge] = true;
                    let (mut i, j, _) = self.edges[edge];
                    if self.mark[self.outer[i]] == Mark::Free {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.tight[edge] = true;
                    let (i, _, _) = self.edges[edge];
                    self.queue.push(i);
                }
                _ => self.expand(blossom, false),
            }
        }
    }

    fn run(&mut self) {
        for _ in 0..self.n {
            if !self.stage() {
                break;
            }
            for b in self.n..2 * self.n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.mark[b] == Mark::Outer
                    && self.dual[b] == 0
                {
                    self.expand(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    /// The best total weight by trying every matching.
    fn brute(n: usize, w: &[Vec<Option<i128>>], free: &mut Vec<bool>) -> i128 {
        let Some(a) = (0..n).find(|&v| free[v]) else { return 0 };
        free[a] = false;
        let mut best = brute(n, w, free);
        for b in a + 1..n {
            if let (true, Some(x)) = (free[b], w[a][b]) {
                free[b] = false;
                best = best.max(x + brute(n, w, free));
                free[b] = true;
            }
        }
        free[a] = true;
        best
    }

    #[test]
    fn matches_brute_force_on_small_random_graphs() {
        let mut rng = Rng::new(7);
        for case in 0..3000 {
            let n = 1 + rng.below(10) as usize;
            let mut w = vec![vec![None; n]; n];
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(100) < 55 {
                        let x = i128::from(rng.below(if case % 3 == 0 { 4 } else { 30 })) + 1;
                        edges.push((a, b, x));
                    }
                }
            }
            for &(a, b, x) in &edges {
                w[a][b] = Some(x);
                w[b][a] = Some(x);
            }
            let mate = max_weight_matching(n, &edges);
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = *m {
                    assert_eq!(mate[u], Some(v), "case {case}: mates disagree");
                    if u > v {
                        total += w[v][u].expect("a matched pair is an edge");
                    }
                }
            }
            assert_eq!(total, brute(n, &w, &mut vec![true; n]), "case {case}: {edges:?}");
        }
    }
}
