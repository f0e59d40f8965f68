//! The search for a bracket's best pairing: the candidates in the Dutch order
//! (moved-down players first, then the remainder by exchanges and transpositions),
//! each judged by the criteria, with branches cut that cannot beat the best found.

use crate::Side;

use super::criteria::{Float, Seat};
use super::{AIM_BUDGET, BRACKET_BUDGET, Bracket, EXCHANGE_LIMIT, Judged, Round};

impl Round<'_> {
    /// Takes a judged candidate if it is the best so far.
    fn offer(&mut self, b: &Bracket, games: &[(usize, usize)], floaters: &mut [usize]) {
        floaters.sort_unstable();
        let value = self.judge(b, games, floaters);
        let Some(value) = value else { return };
        if self.aim && value > self.bound {
            return;
        }
        if self.best.as_ref().is_none_or(|best| value < best.value) {
            if value <= self.bound {
                self.done = true;
            }
            self.best = Some(Judged { value, games: games.to_vec(), floaters: floaters.to_vec() });
        }
    }

    fn spend(&mut self) -> bool {
        if self.done || self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }

    /// The best pairing of a bracket and its floaters.
    pub(super) fn solve(&mut self, b: &Bracket) -> Judged {
        self.next_games.clear();
        self.block_bounds.clear();
        self.bound = self.bound(b, None);
        // First look only for a candidate that reaches the bound (what usually exists):
        // everything that cannot is cut at once. Failing that, the best of all.
        for aim in [true, false] {
            self.aim = aim;
            self.budget = if aim { AIM_BUDGET } else { BRACKET_BUDGET };
            self.best = None;
            self.done = false;
            self.candidates(b);
            if self.done {
                break;
            }
        }
        self.best.take().unwrap_or_else(|| {
            // Out of budget before any candidate: everyone floats (the round stays
            // completable, as the brackets above made sure).
            let mut floaters = b.moved_down.clone();
            floaters.extend(&b.residents);
            Judged { value: Vec::new(), games: Vec::new(), floaters }
        })
    }

    /// Every candidate of the bracket in the Dutch order (as long as it may help).
    fn candidates(&mut self, b: &Bracket) {
        let m = b.moved_down.len().min(16);
        for mask in (0..1u32 << m).rev() {
            let chosen: Vec<usize> = (0..m)
                .filter(|&i| mask & (1 << (m - 1 - i)) != 0)
                .map(|i| b.moved_down[i])
                .collect();
            if chosen.len() > b.residents.len() {
                continue;
            }
            let mut games = Vec::new();
            let mut used = vec![false; b.residents.len()];
            self.moved_down_games(b, &chosen, &mut used, &mut games);
            if self.done || self.budget == 0 {
                break;
            }
        }
    }

    /// Opponents for the chosen moved-down players, the higher residents first.
    fn moved_down_games(
        &mut self,
        b: &Bracket,
        chosen: &[usize],
        used: &mut Vec<bool>,
        games: &mut Vec<(usize, usize)>,
    ) {
        if !self.spend() {
            return;
        }
        let Some(&mover) = chosen.get(games.len()) else {
            let remainder: Vec<usize> = b
                .residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&r, _)| r)
                .collect();
            let left: Vec<usize> =
                b.moved_down.iter().copied().filter(|m| !chosen.contains(m)).collect();
            let home = b.residents.first().map_or(0, |&r| self.level(self.seats[r].score));
            for pairs in (0..=remainder.len() / 2).rev() {
                let mut block = vec![0i64; 1 + self.levels.len()];
                block[0] = -((games.len() + pairs) as i64);
                for &(m, _) in games.iter() {
                    block[1 + self.level(self.seats[m].score)] -= 1;
                }
                block[1 + home] -= pairs as i64;
                self.block = block;
                let total = games.len() + pairs;
                let key = (total, chosen.to_vec());
                self.block_bound = match self.block_bounds.get(&key) {
                    Some(known) => known.clone(),
                    None => {
                        let fresh = self.bound(b, Some((total, chosen)));
                        self.block_bounds.insert(key, fresh.clone());
                        fresh
                    }
                };
                if self.block_hopeless(games, &remainder, pairs) {
                    continue;
                }
                self.remainder(b, &remainder, pairs, games, &left);
                if self.done || self.budget == 0 {
                    return;
                }
            }
            return;
        };
        for (j, &r) in b.residents.iter().enumerate() {
            if used[j] || !self.compatible[mover][r] {
                continue;
            }
            used[j] = true;
            games.push((mover, r));
            self.moved_down_games(b, chosen, used, games);
            games.pop();
            used[j] = false;
            if self.done || self.budget == 0 {
                return;
            }
        }
    }

    /// The remainder paired as a homogeneous group with `pairs` games: exchanges in
    /// the Dutch order, each with the transpositions of its S2.
    fn remainder(
        &mut self,
        b: &Bracket,
        remainder: &[usize],
        pairs: usize,
        games: &mut Vec<(usize, usize)>,
        left: &[usize],
    ) {
        let (s1, s2) = (pairs, remainder.len() - pairs);
        for swaps in 0..=s1.min(s2) {
            let mut choices: Vec<(i64, Vec<usize>, Vec<usize>)> = Vec::new();
            let mut overflow = false;
            for out in subsets(s1, swaps) {
                for into in subsets(s2, swaps) {
                    let into: Vec<usize> = into.iter().map(|&q| q + s1).collect();
                    let diff = into.iter().sum::<usize>() as i64 - out.iter().sum::<usize>() as i64;
                    choices.push((diff, out.clone(), into));
                    if choices.len() >= EXCHANGE_LIMIT {
                        overflow = true;
                        break;
                    }
                }
                if overflow {
                    break;
                }
            }
            // Smallest difference; then the lowest of S1 moved; then the highest of S2.
            choices.sort_by(|a, b| {
                a.0.cmp(&b.0)
                    .then_with(|| b.1.iter().rev().cmp(a.1.iter().rev()))
                    .then_with(|| a.2.cmp(&b.2))
            });
            for (_, out, into) in choices {
                let mut top: Vec<usize> = (0..s1).filter(|i| !out.contains(i)).collect();
                top.extend(&into);
                top.sort_unstable();
                let bottom: Vec<usize> =
                    (0..remainder.len()).filter(|i| !top.contains(i)).collect();
                let top: Vec<usize> = top.iter().map(|&i| remainder[i]).collect();
                let bottom: Vec<usize> = bottom.iter().map(|&i| remainder[i]).collect();
                let mut used = vec![false; bottom.len()];
                let mark = games.len();
                self.transpose(b, &top, &bottom, &mut used, games, mark, left);
                if self.done || self.budget == 0 {
                    return;
                }
            }
            if overflow {
                return;
            }
        }
    }

    /// S1 against the transpositions of S2 in order; whoever of S2 is left floats.
    #[allow(clippy::too_many_arguments)]
    fn transpose(
        &mut self,
        b: &Bracket,
        top: &[usize],
        bottom: &[usize],
        used: &mut Vec<bool>,
        games: &mut Vec<(usize, usize)>,
        mark: usize,
        left: &[usize],
    ) {
        if !self.spend() {
            return;
        }
        let i = games.len() - mark;
        if self.hopeless(games, top.get(i..).unwrap_or(&[]), bottom, used) {
            return;
        }
        let Some(&t) = top.get(i) else {
            let mut floaters: Vec<usize> = left.to_vec();
            floaters.extend(bottom.iter().zip(used.iter()).filter(|(_, u)| !**u).map(|(&x, _)| x));
            let games = games.clone();
            self.offer(b, &games, &mut floaters);
            return;
        };
        for (j, &c) in bottom.iter().enumerate() {
            if used[j] || c < t || !self.compatible[t][c] {
                continue;
            }
            used[j] = true;
            games.push((t, c));
            self.transpose(b, top, bottom, used, games, mark, left);
            games.pop();
            used[j] = false;
            if self.done || self.budget == 0 {
                return;
            }
        }
    }
}

impl Round<'_> {
    /// Whether no completion of the games so far can beat the best candidate. The
    /// candidates come in the Dutch order, so a later one must be strictly better; what
    /// it can reach at best is the bracket's bound, with this block's games and scores
    /// paired, and the colour criteria the games so far already miss plus those the rest
    /// of S1 must miss (those not matched by a game that denies nobody).
    fn hopeless(
        &self,
        games: &[(usize, usize)],
        top: &[usize],
        bottom: &[usize],
        used: &[bool],
    ) -> bool {
        let mut partial = self.colour(games);
        let free: Vec<usize> =
            bottom.iter().zip(used).filter(|(_, u)| !**u).map(|(&x, _)| x).collect();
        for (k, keen_only) in [(2, false), (3, true)] {
            let good = |t: usize, c: usize| {
                let (a, b) = (&self.seats[t], &self.seats[c]);
                let keen = |s: &Seat| s.strong || s.absolute();
                let clash = a.preference.is_some()
                    && a.preference == b.preference
                    && (!keen_only || (keen(a) && keen(b) && !(a.absolute() && b.absolute())));
                c > t && self.compatible[t][c] && !clash
            };
            let mut owner: Vec<Option<usize>> = vec![None; free.len()];
            let mut matched = 0;
            for (x, &t) in top.iter().enumerate() {
                let mut seen = vec![false; free.len()];
                if augment(x, t, top, &free, &good, &mut owner, &mut seen) {
                    matched += 1;
                }
            }
            partial[k] += (top.len() - matched) as i64;
        }
        let mut reach = self.block.clone();
        let at = reach.len() + 2 + self.levels.len();
        reach.extend_from_slice(&self.block_bound[reach.len()..]);
        for (k, c) in partial.iter().enumerate() {
            reach[at + k] = reach[at + k].max(*c);
        }
        self.beaten(&reach)
    }

    /// Whether a branch that can reach at best `reach` is of no use: in the first pass
    /// when it cannot reach the bound; else when it cannot beat the best found so far
    /// (a later candidate must be strictly better).
    fn beaten(&self, reach: &[i64]) -> bool {
        if self.aim {
            return reach > self.bound.as_slice();
        }
        self.best.as_ref().is_some_and(|best| reach >= best.value.as_slice())
    }

    /// Whether a block (its moved-down games and its number of games known) cannot beat
    /// the best: its scores paired, the colours its moved-down games already miss, and
    /// those the remainder must miss by counting (more who want one side than there
    /// are games and floaters to take them).
    fn block_hopeless(&self, games: &[(usize, usize)], remainder: &[usize], pairs: usize) -> bool {
        let mut reach = self.block.clone();
        let at = reach.len() + 2 + self.levels.len();
        reach.extend_from_slice(&self.block_bound[reach.len()..]);
        let mut partial = self.colour(games);
        let floaters = remainder.len() - 2 * pairs;
        for (k, keen_only) in [(2, false), (3, true)] {
            for side in [Side::First, Side::Second] {
                let want = remainder
                    .iter()
                    .filter(|&&i| {
                        let s = &self.seats[i];
                        s.preference == Some(side)
                            && (!keen_only || ((s.strong || s.absolute()) && !s.top))
                    })
                    .count();
                partial[k] += want.saturating_sub(floaters + pairs) as i64;
            }
        }
        for (k, c) in partial.iter().enumerate() {
            reach[at + k] = reach[at + k].max(*c);
        }
        // A moved-down player's opponent who floated up in a round looked back on
        // repeats it; the other games may all avoid that.
        let total = -self.block[0];
        let mut slot = at + partial.len();
        for back in 1..=2usize {
            if self.played < back as u32 {
                continue;
            }
            let repeated = games
                .iter()
                .filter(|&&(h, l)| {
                    let (hi, lo) = (&self.seats[h], &self.seats[l]);
                    hi.score > lo.score && lo.floated(back, Float::Up)
                })
                .count() as i64;
            reach[slot + 1] = reach[slot + 1].max(-(total - repeated));
            slot += 2;
        }
        self.beaten(&reach)
    }
}

/// Kuhn's augmenting step for S1 member `x` (seat `t`) over the free members of S2.
fn augment(
    x: usize,
    t: usize,
    top: &[usize],
    free: &[usize],
    good: &dyn Fn(usize, usize) -> bool,
    owner: &mut Vec<Option<usize>>,
    seen: &mut Vec<bool>,
) -> bool {
    for (y, &c) in free.iter().enumerate() {
        if seen[y] || !good(t, c) {
            continue;
        }
        seen[y] = true;
        let free_now = match owner[y] {
            None => true,
            Some(other) => augment(other, top[other], top, free, good, owner, seen),
        };
        if free_now {
            owner[y] = Some(x);
            return true;
        }
    }
    false
}

/// The `k`-element subsets of `0..n` in increasing lexicographic order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn walk(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            if n - i < k - current.len() || out.len() >= EXCHANGE_LIMIT {
                break;
            }
            current.push(i);
            walk(i + 1, n, k, current, out);
            current.pop();
        }
    }
    walk(0, n, k, &mut current, &mut out);
    out
}
