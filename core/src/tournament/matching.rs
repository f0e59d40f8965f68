//! Maximum cardinality matching in a general graph (Edmonds' blossoms), for the
//! questions a Swiss pairing asks again and again: can these players all be paired,
//! and how many games can a group make at most.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// A maximum matching of the graph on `0..n` whose edges are `adjacent[a][b]`:
/// `mate[v]` is `v`'s partner or `None`.
pub(crate) fn maximum_matching(adjacent: &[Vec<bool>]) -> Vec<Option<usize>> {
    let n = adjacent.len();
    let mut finder = Finder {
        adjacent,
        mate: vec![NONE; n],
        parent: vec![NONE; n],
        base: (0..n).collect(),
        used: vec![false; n],
        blossom: vec![false; n],
        queue: VecDeque::new(),
    };
    // A quick greedy start leaves fewer augmenting paths to find.
    for (a, row) in adjacent.iter().enumerate() {
        if finder.mate[a] == NONE
            && let Some(b) = (a + 1..n).find(|&b| finder.mate[b] == NONE && row[b])
        {
            finder.mate[a] = b;
            finder.mate[b] = a;
        }
    }
    for root in 0..n {
        if finder.mate[root] == NONE {
            let end = finder.augmenting_path(root);
            finder.augment(end);
        }
    }
    finder.mate.iter().map(|&m| (m != NONE).then_some(m)).collect()
}

/// The size of a maximum matching.
pub(crate) fn matching_size(adjacent: &[Vec<bool>]) -> usize {
    maximum_matching(adjacent).iter().filter(|m| m.is_some()).count() / 2
}

struct Finder<'a> {
    adjacent: &'a [Vec<bool>],
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Finder<'_> {
    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.base[v] != base {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// The free vertex at the end of an augmenting path from `root`, or `NONE`.
    fn augmenting_path(&mut self, root: usize) -> usize {
        let n = self.mate.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for to in 0..n {
                if !self.adjacent[v][to] || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let base = self.common_base(v, to);
                    self.blossom.fill(false);
                    self.mark_path(v, base, to);
                    self.mark_path(to, base, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = base;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return to;
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        NONE
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut g = vec![vec![false; n]; n];
        for &(a, b) in edges {
            g[a][b] = true;
            g[b][a] = true;
        }
        g
    }

    #[test]
    fn odd_cycle_with_a_tail_is_matched_through_the_blossom() {
        // A triangle 0-1-2 with tails 2-3 and 0-4: a perfect matching minus one.
        let g = graph(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4)]);
        assert_eq!(matching_size(&g), 2);
        // Two triangles joined by one edge: all six matched.
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (2, 3)]);
        let mate = maximum_matching(&g);
        assert!(mate.iter().all(Option::is_some));
        for (v, m) in mate.iter().enumerate() {
            let m = m.unwrap();
            assert!(g[v][m] && mate[m] == Some(v));
        }
    }

    #[test]
    fn matching_size_equals_brute_force_on_small_random_graphs() {
        fn brute(g: &[Vec<bool>], free: &mut Vec<bool>) -> usize {
            let Some(a) = free.iter().position(|&f| f) else { return 0 };
            free[a] = false;
            let mut best = brute(g, free);
            for b in 0..g.len() {
                if free[b] && g[a][b] {
                    free[b] = false;
                    best = best.max(1 + brute(g, free));
                    free[b] = true;
                }
            }
            free[a] = true;
            best
        }
        let mut rng = crate::Rng::new(5);
        for _ in 0..300 {
            let n = 1 + rng.below(10) as usize;
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|_| rng.below(3) == 0)
                .collect();
            let g = graph(n, &edges);
            assert_eq!(matching_size(&g), brute(&g, &mut vec![true; n]));
        }
    }
}
