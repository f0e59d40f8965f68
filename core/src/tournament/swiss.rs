//! The Swiss system, Dutch flavour: players meet others on the same score, the top half
//! of a score group against the bottom half in ranking order, never twice.
//!
//! What is kept always (the absolute rules): no rematch; a pairing-allocated bye at
//! most once per player (never to one who already scored a forfeit win or a full bye),
//! to the lowest-ranked player of the lowest score that leaves the rest pairable; no
//! player gets the same side three games running; a player's first-side and second-side
//! games never differ by more than two.
//!
//! How a round is chosen: players in order of score, then ranking. A score group is
//! paired as a whole when it can be: as many games inside it as it can make; then the
//! fewest players denied their side, the fewest strong or absolute preferences denied,
//! the fewest floaters who also floated down last round; and among pairings equal on
//! those, the Dutch order — S1 (the top half) against the transpositions of S2, then
//! after exchanging one player of each half (smallest difference of pairing numbers
//! first). Who is left over floats down. A floater takes a partner from the next group
//! (denied sides, then someone who did not float up last round, before the order); the
//! rest of that group is paired as a whole again. When the lower groups cannot be
//! completed the search backs up to the next candidate; if that takes too long, it
//! pairs player by player instead (the highest unpaired takes the first partner that
//! keeps the most games in their group, the fewest denied sides, in S1/S2 order).
//!
//! Sides follow the Dutch rules: both preferences if they differ; else the stronger
//! preference (absolute, strong, mild); else alternate from the last round in which the
//! two had different sides; else the higher-ranked player's preference; a player with no
//! games yet gets the initial side when their pairing number is odd.
//!
//! Not implemented, so bbpPairings (a FIDE-endorsed Dutch program) agrees on 233 of
//! 606 later rounds of 100 random events (round 1 always): the score differences of
//! floaters (C.6), heterogeneous brackets paired as a whole with their remainder,
//! exchanges of more than one player, the float criteria of two rounds back and the
//! score differences of repeated floats (C.16–C.21), and the top-scorer exceptions of
//! the last round.

use std::collections::HashSet;

use crate::Side;
use crate::ai::Rng;

use super::roster::{Event, Pairing, Player, PlayerId, TournamentError};

/// How the pairing numbers are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// Pairing number = start number (a TRF file lists players in ranking order).
    StartNumber,
    /// Higher rating first, then start number.
    Rating,
    /// By lot: a shuffle from the caller's seed.
    Lot(u64),
}

/// The choices of a Swiss event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissOptions {
    pub ranking: Ranking,
    /// The side of pairing number 1 in round 1 (drawn by lot before the event).
    pub initial: Side,
}

impl Default for SwissOptions {
    fn default() -> SwissOptions {
        SwissOptions { ranking: Ranking::StartNumber, initial: Side::First }
    }
}

/// How much a player wants a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone)]
struct Seat {
    id: PlayerId,
    number: usize,
    score: u32,
    sides: Vec<Side>,
    balance: i32,
    met: HashSet<PlayerId>,
    may_get_bye: bool,
    /// Floated down (or had a bye) in the last round.
    floated: bool,
    /// Floated up (met someone on a higher score) in the last round.
    upfloated: bool,
}

impl Seat {
    fn new(p: &Player, number: usize, score: u32) -> Seat {
        let sides: Vec<Side> = p.sides().collect();
        Seat {
            id: p.id,
            number,
            score,
            balance: p.side_balance(),
            sides,
            met: p.opponents().collect(),
            may_get_bye: !p.had_scoring_bye(),
            floated: false,
            upfloated: false,
        }
    }

    /// Whether playing `side` next keeps the absolute rules.
    fn allows(&self, side: Side) -> bool {
        let delta = if side == Side::First { 1 } else { -1 };
        let three =
            self.sides.len() >= 2 && self.sides[self.sides.len() - 2..].iter().all(|&s| s == side);
        (self.balance + delta).abs() <= 2 && !three
    }

    fn preference(&self) -> Option<(Side, Strength)> {
        let towards = |b: i32| if b > 0 { Side::Second } else { Side::First };
        let last = *self.sides.last()?;
        if !self.allows(last) {
            return Some((last.opponent(), Strength::Absolute));
        }
        if self.balance.abs() >= 2 {
            return Some((towards(self.balance), Strength::Absolute));
        }
        if self.balance != 0 {
            return Some((towards(self.balance), Strength::Strong));
        }
        Some((last.opponent(), Strength::Mild))
    }
}

/// The side for `high` (the better-ranked) against `low`, or `None` if no side keeps
/// both within the absolute rules.
fn sides_for(high: &Seat, low: &Seat, initial: Side) -> Option<Side> {
    let ok: Vec<Side> = [Side::First, Side::Second]
        .into_iter()
        .filter(|&s| high.allows(s) && low.allows(s.opponent()))
        .collect();
    match ok.as_slice() {
        [] => return None,
        [only] => return Some(*only),
        _ => {}
    }
    Some(match (high.preference(), low.preference()) {
        (None, None) => {
            if high.number % 2 == 1 {
                initial
            } else {
                initial.opponent()
            }
        }
        (Some((h, _)), None) => h,
        (None, Some((l, _))) => l.opponent(),
        (Some((h, _)), Some((l, _))) if h != l => h,
        (Some((h, hs)), Some((_, ls))) if hs != ls => {
            if hs > ls {
                h
            } else {
                h.opponent()
            }
        }
        (Some((h, _)), Some(_)) => {
            // Alternate from the latest round in which their sides differed.
            let differed =
                high.sides.iter().rev().zip(low.sides.iter().rev()).find(|(a, b)| a != b);
            match differed {
                Some((&had, _)) => had.opponent(),
                None => h,
            }
        }
    })
}

/// Whether `p` floated down in round `last`: met someone on a lower score, or had a
/// bye that scored.
fn floated_down_last(event: &Event, p: &Player, last: u32) -> bool {
    let Some(entry) = last.checked_sub(1).and_then(|i| p.entries.get(i as usize)) else {
        return false;
    };
    match entry.opponent {
        Some(o) => event.score_after(o, last - 1) < event.score_after(p.id, last - 1),
        None => matches!(entry.mark, super::Mark::PairingBye | super::Mark::FullBye),
    }
}

/// Whether `p` met someone on a higher score in round `last`.
fn floated_up_last(event: &Event, p: &Player, last: u32) -> bool {
    let entry = last.checked_sub(1).and_then(|i| p.entries.get(i as usize));
    entry
        .and_then(|e| e.opponent)
        .is_some_and(|o| event.score_after(o, last - 1) > event.score_after(p.id, last - 1))
}

/// The pairing numbers: `numbers[id - 1]`, from 1.
pub fn pairing_numbers(event: &Event, ranking: Ranking) -> Vec<usize> {
    let mut order: Vec<&Player> = event.players.iter().collect();
    match ranking {
        Ranking::StartNumber => {}
        Ranking::Rating => order.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.id.cmp(&b.id))),
        Ranking::Lot(seed) => {
            let mut rng = Rng::new(seed);
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
    }
    let mut numbers = vec![0; event.players.len()];
    for (i, p) in order.iter().enumerate() {
        numbers[p.id as usize - 1] = i + 1;
    }
    numbers
}

/// The search gives up after this many tries (a field that cannot be paired at all
/// could otherwise take very long to prove so).
const SEARCH_BUDGET: u64 = 2_000_000;

/// The pairings of the next round: games (first side first) from the top board down,
/// then the bye if any. The event is not changed; pass the result to
/// [`Event::pair_round`].
pub fn pair_next(event: &Event, options: SwissOptions) -> Result<Vec<Pairing>, TournamentError> {
    let round = event.rounds_paired() + 1;
    if event.planned_rounds > 0 && round > event.planned_rounds {
        return Err(TournamentError::EventOver(event.planned_rounds));
    }
    let numbers = pairing_numbers(event, options.ranking);
    let mut seats: Vec<Seat> = event
        .available()
        .into_iter()
        .filter_map(|id| event.player(id).ok())
        .map(|p| {
            let mut seat = Seat::new(p, numbers[p.id as usize - 1], event.score(p.id).halves());
            seat.floated = floated_down_last(event, p, round - 1);
            seat.upfloated = floated_up_last(event, p, round - 1);
            seat
        })
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    if seats.is_empty() {
        return Err(TournamentError::TooFewPlayers(0, 2));
    }
    // First by whole score groups in the Dutch order of candidates; should that not
    // finish within its budget, player by player.
    let mut games = Vec::new();
    let mut bye = None;
    let mut found = false;
    for (brackets, budget) in [(true, BRACKET_BUDGET), (false, SEARCH_BUDGET)] {
        let mut search =
            Search { seats: &seats, initial: options.initial, budget, brackets, games: Vec::new() };
        games.clear();
        (found, bye) = search.complete(&seats);
        if found {
            games = search.games;
            break;
        }
    }
    if !found {
        return Err(TournamentError::NoPairing { round });
    }
    let mut boards: Vec<(u32, usize, Pairing)> = games
        .iter()
        .map(|&(a, b, first_is_a)| {
            let (x, y) = (&seats[a], &seats[b]);
            let pairing =
                if first_is_a { Pairing::game(x.id, y.id) } else { Pairing::game(y.id, x.id) };
            (x.score.max(y.score), x.number.min(y.number), pairing)
        })
        .collect();
    boards.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<Pairing> = boards.into_iter().map(|(_, _, p)| p).collect();
    out.extend(bye.map(|b| Pairing::bye(seats[b].id)));
    Ok(out)
}

/// The budget of the search by whole score groups.
const BRACKET_BUDGET: u64 = 200_000;
/// The most candidate pairings of one score group that are listed.
const BRACKET_CANDIDATES: usize = 60;
/// The most steps spent listing them.
const BRACKET_NODES: usize = 200_000;

/// One walk through the transpositions of S2 against S1.
struct Walk<'a> {
    s1: &'a [usize],
    s2: &'a [usize],
    used: Vec<bool>,
    prefix: Vec<(usize, usize)>,
    /// Denied preferences, of those strong or absolute ones, and players left to
    /// float down who floated down last round too: to use up exactly.
    allowance: (usize, usize, usize),
}

struct Search<'a> {
    seats: &'a [Seat],
    initial: Side,
    budget: u64,
    /// Whether a score group is paired as a whole (else player by player).
    brackets: bool,
    games: Vec<(usize, usize, bool)>,
}

impl Search<'_> {
    /// Pairs everyone, with a bye for an odd field (the lowest who may have one and
    /// leaves the rest pairable); returns whether it worked and who has the bye.
    fn complete(&mut self, seats: &[Seat]) -> (bool, Option<usize>) {
        let everyone: Vec<usize> = (0..seats.len()).collect();
        let mut games = Vec::new();
        if seats.len().is_multiple_of(2) {
            let ok = self.pair(&everyone, &mut games);
            self.games = games;
            return (ok, None);
        }
        for b in (0..seats.len()).rev().filter(|&i| seats[i].may_get_bye) {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&i| i != b).collect();
            games.clear();
            if self.pair(&rest, &mut games) {
                self.games = games;
                return (true, Some(b));
            }
            if self.budget == 0 {
                break;
            }
        }
        (false, None)
    }

    /// The pairings of a whole score group (in seat order, so by pairing number) in
    /// the Dutch order: S1 (the top half) against the transpositions of S2 in order,
    /// then the same after exchanging one player of each half (the smallest difference
    /// of their numbers first, then the lower of S1's from its bottom); each as many
    /// games as the group can make. The quality criteria come before that order: the
    /// fewest players denied their side, then the fewest strong or absolute
    /// preferences denied. So the search raises an allowance of denials step by step
    /// and lists, in Dutch order, the pairings that use exactly that allowance.
    fn bracket_candidates(&self, group: &[usize]) -> Vec<Vec<(usize, usize)>> {
        let most = self.most_pairs(group);
        let half = group.len() / 2;
        if most < half || half == 0 {
            return Vec::new();
        }
        let mut singles: Vec<(usize, usize)> =
            (0..half).flat_map(|i| (half..group.len()).map(move |j| (i, j))).collect();
        singles.sort_by_key(|&(i, j)| (j - i, std::cmp::Reverse(i), j));
        let halves: Vec<(Vec<usize>, Vec<usize>)> = std::iter::once(None)
            .chain(singles.into_iter().map(Some))
            .map(|swap| {
                let mut order = group.to_vec();
                if let Some((i, j)) = swap {
                    order.swap(i, j);
                }
                let (s1, s2) = order.split_at(half);
                let (mut s1, mut s2) = (s1.to_vec(), s2.to_vec());
                s1.sort_unstable();
                s2.sort_unstable();
                (s1, s2)
            })
            .collect();
        let mut out = Vec::new();
        let mut nodes = 0usize;
        let floaters = group.len() - half;
        let allowances = (0..=2 * half)
            .flat_map(|d| (0..=d).flat_map(move |s| (0..=floaters - half).map(move |f| (d, s, f))));
        for (denied, strong, floats) in allowances {
            {
                for (s1, s2) in &halves {
                    let mut walk = Walk {
                        s1,
                        s2,
                        used: vec![false; s2.len()],
                        prefix: Vec::new(),
                        allowance: (denied, strong, floats),
                    };
                    self.transpositions(&mut walk, (0, 0), &mut out, &mut nodes);
                    if out.len() >= BRACKET_CANDIDATES || nodes >= BRACKET_NODES {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Lists the pairings of `walk` that deny exactly its allowance, in order.
    fn transpositions(
        &self,
        walk: &mut Walk,
        spent: (usize, usize),
        out: &mut Vec<Vec<(usize, usize)>>,
        nodes: &mut usize,
    ) {
        if out.len() >= BRACKET_CANDIDATES || *nodes >= BRACKET_NODES {
            return;
        }
        *nodes += 1;
        let i = walk.prefix.len();
        if i == walk.s1.len() {
            let floats = (0..walk.s2.len())
                .filter(|&j| !walk.used[j] && self.seats[walk.s2[j]].floated)
                .count();
            if (spent.0, spent.1, floats) == walk.allowance {
                out.push(walk.prefix.clone());
            }
            return;
        }
        for j in 0..walk.s2.len() {
            if walk.used[j] || !self.compatible(walk.s1[i], walk.s2[j]) {
                continue;
            }
            let (a, b) = (walk.s1[i].min(walk.s2[j]), walk.s1[i].max(walk.s2[j]));
            let (x, y) = (&self.seats[a], &self.seats[b]);
            let Some(side) = sides_for(x, y, self.initial) else { continue };
            let mut now = spent;
            for (seat, got) in [(x, side), (y, side.opponent())] {
                if let Some((want, strength)) = seat.preference()
                    && want != got
                {
                    now.0 += 1;
                    now.1 += usize::from(strength != Strength::Mild);
                }
            }
            if now.0 > walk.allowance.0 || now.1 > walk.allowance.1 {
                continue;
            }
            walk.used[j] = true;
            walk.prefix.push((a, b));
            self.transpositions(walk, now, out, nodes);
            walk.prefix.pop();
            walk.used[j] = false;
        }
    }

    /// Pairs all of `left` (indices into the seats, in order); on success the games
    /// are appended to `games` as (higher, lower, higher has the first side).
    fn pair(&mut self, left: &[usize], games: &mut Vec<(usize, usize, bool)>) -> bool {
        let Some((&p, rest)) = left.split_first() else { return true };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let group: Vec<usize> =
            left.iter().copied().filter(|&i| self.seats[i].score == self.seats[p].score).collect();
        if self.brackets && group.len() >= 2 {
            for candidate in self.bracket_candidates(&group) {
                let mark = games.len();
                for &(a, b) in &candidate {
                    let side = sides_for(&self.seats[a], &self.seats[b], self.initial);
                    games.push((a, b, side == Some(Side::First)));
                }
                let remaining: Vec<usize> = left
                    .iter()
                    .copied()
                    .filter(|i| !candidate.iter().any(|&(a, b)| a == *i || b == *i))
                    .collect();
                if self.pair(&remaining, games) {
                    return true;
                }
                games.truncate(mark);
                if self.budget == 0 {
                    return false;
                }
                self.budget = self.budget.saturating_sub(1);
            }
        }
        for q in self.by_most_pairs(p, rest) {
            let Some(side) = sides_for(&self.seats[p], &self.seats[q], self.initial) else {
                continue;
            };
            games.push((p, q, side == Side::First));
            let remaining: Vec<usize> = rest.iter().copied().filter(|&i| i != q).collect();
            if self.pair(&remaining, games) {
                return true;
            }
            games.pop();
            if self.budget == 0 {
                return false;
            }
        }
        false
    }

    /// [`Search::candidates`] with those that keep the most pairs inside `p`'s score
    /// group first (the Dutch rules pair as many as possible within a bracket before
    /// any other quality criterion): a partner from the group must leave the rest of
    /// it as many pairs as can be made; floating down is first only for a player whom
    /// some largest pairing of the group leaves out.
    fn by_most_pairs(&mut self, p: usize, rest: &[usize]) -> Vec<usize> {
        let all = self.candidates(p, rest);
        let score = self.seats[p].score;
        let group: Vec<usize> =
            rest.iter().copied().filter(|&i| self.seats[i].score == score).collect();
        if group.is_empty() {
            return all;
        }
        let mut with_p = vec![p];
        with_p.extend(&group);
        let most = self.most_pairs(&with_p);
        let (mut first, mut later) = (Vec::new(), Vec::new());
        let float_ok = self.most_pairs(&group) == most;
        for q in all {
            let keeps = if group.contains(&q) {
                let others: Vec<usize> = group.iter().copied().filter(|&i| i != q).collect();
                self.most_pairs(&others) + 1 == most
            } else {
                float_ok
            };
            if keeps { first.push(q) } else { later.push(q) }
        }
        first.extend(later);
        first
    }

    /// Whether `a` and `b` may meet now.
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.seats[a], &self.seats[b]);
        !x.met.contains(&y.id) && sides_for(x, y, self.initial).is_some()
    }

    /// The most games that can be made among `members` alone.
    fn most_pairs(&self, members: &[usize]) -> usize {
        let mut budget = 20_000u32;
        (0..=members.len() / 2)
            .rev()
            .find(|&target| self.has_pairs(members, target, &mut budget))
            .unwrap_or(0)
    }

    /// Whether `target` games can be made among `members` (true when the search runs
    /// out of budget: then nothing is reordered).
    fn has_pairs(&self, members: &[usize], target: usize, budget: &mut u32) -> bool {
        if target == 0 || *budget == 0 {
            return true;
        }
        if members.len() < 2 * target {
            return false;
        }
        *budget -= 1;
        let (&first, rest) = members.split_first().unwrap_or((&0, &[]));
        for (i, &q) in rest.iter().enumerate() {
            if self.compatible(first, q) {
                let others: Vec<usize> =
                    rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
                if self.has_pairs(&others, target - 1, budget) {
                    return true;
                }
            }
        }
        self.has_pairs(rest, target, budget)
    }

    /// The partners for `p` in the order they are tried.
    fn candidates(&self, p: usize, rest: &[usize]) -> Vec<usize> {
        let seat = &self.seats[p];
        let mut group: Vec<usize> = std::iter::once(p)
            .chain(rest.iter().copied().filter(|&i| self.seats[i].score == seat.score))
            .collect();
        // A player left alone on their score floats down: their bracket is they and the
        // next score group, all of which is S2 for them.
        let floating = group.len() == 1;
        if let (true, Some(&next)) = (floating, rest.first()) {
            let score = self.seats[next].score;
            group.extend(rest.iter().copied().filter(|&i| self.seats[i].score == score));
        }
        let half = group.len() / 2;
        // The pairs of a group that must deny someone their side: as many as more than
        // half of it want the same side. A partner that makes the group deny more than
        // that (this pair's denials plus those the rest must then make) is demoted: the
        // Dutch rules put the number of denied preferences before the order of
        // transpositions.
        let unavoidable = |without: usize| {
            let members = group.iter().filter(|&&g| g != p && g != without);
            let (mut first, mut second, mut count) = (0usize, 0usize, 0usize);
            for &g in members {
                count += 1;
                match self.seats[g].preference() {
                    Some((Side::First, _)) => first += 1,
                    Some((Side::Second, _)) => second += 1,
                    None => {}
                }
            }
            first.max(second).saturating_sub(count / 2)
        };
        let budget = {
            let (first, second) =
                group.iter().fold((0, 0), |(f, s), &g| match self.seats[g].preference() {
                    Some((Side::First, _)) => (f + 1, s),
                    Some((Side::Second, _)) => (f, s + 1),
                    None => (f, s),
                });
            usize::max(first, second).saturating_sub(half)
        };
        let mut scored: Vec<(u32, bool, bool, bool, usize, usize)> = Vec::new();
        for (position, &q) in rest.iter().enumerate() {
            let other = &self.seats[q];
            if seat.met.contains(&other.id) {
                continue;
            }
            let Some(side) = sides_for(seat, other, self.initial) else { continue };
            let (tier, exchange) = match group.iter().position(|&g| g == q) {
                Some(i) => (0, !floating && (half == 0 || i < half)),
                None => (1 + seat.score.saturating_sub(other.score), false),
            };
            let unhappy = |s: &Seat, got: Side| s.preference().is_some_and(|(want, _)| want != got);
            let denied = usize::from(unhappy(seat, side) || unhappy(other, side.opponent()));
            let violated = if tier == 0 { denied + unavoidable(q) > budget } else { denied > 0 };
            // Exchanges from the top half are tried from its bottom up.
            let order = if exchange { usize::MAX - position } else { position };
            // A partner from a lower score floats up: better one who did not last round.
            let floats_up_again = other.score < seat.score && other.upfloated;
            scored.push((tier, violated, floats_up_again, exchange, order, q));
        }
        scored.sort();
        scored.into_iter().map(|(_, _, _, _, _, q)| q).collect()
    }
}
