//! The Dutch criteria (FIDE C.04.3) by which a bracket's candidate pairings are
//! judged: each player's colour preference and floats as the pairing sees them, the
//! absolute rules, whether the rest of the round can still be paired, and the value
//! of a candidate (smaller is better) with the bound no candidate can beat.

use std::collections::HashSet;

use crate::Side;

use super::{Bracket, Round};
use crate::tournament::matching::matching_size;
use crate::tournament::roster::{Event, Mark, Player};
use crate::tournament::weighted::max_weight_matching;

/// How a player floated in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Float {
    Down,
    Up,
    Level,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone)]
pub(super) struct Seat {
    pub(super) id: u32,
    pub(super) number: usize,
    pub(super) score: u32,
    pub(super) sides: Vec<Side>,
    pub(super) met: HashSet<u32>,
    pub(super) bye_ok: bool,
    /// The float of the last round and of the round before.
    pub(super) floats: [Float; 2],
    /// Games with one side minus games with the other, as a size.
    pub(super) imbalance: u32,
    pub(super) preference: Option<Side>,
    /// The side of the last two games when they were the same.
    pub(super) repeated: Option<Side>,
    /// A preference from an imbalance of one (not absolute).
    pub(super) strong: bool,
    /// Over half the possible score, pairing the last round.
    pub(super) top: bool,
    /// Rounds so far without a game played.
    pub(super) unplayed: i64,
}

impl Seat {
    pub(super) fn new(
        event: &Event,
        p: &Player,
        number: usize,
        played: u32,
        last_round: bool,
    ) -> Seat {
        let sides: Vec<Side> = p.sides().collect();
        let firsts = sides.iter().filter(|&&s| s == Side::First).count() as i64;
        let seconds = sides.len() as i64 - firsts;
        let imbalance = (firsts - seconds).unsigned_abs() as u32;
        let fewer = if firsts > seconds { Side::Second } else { Side::First };
        let last = sides.last().copied();
        let run = last.map_or(0, |l| sides.iter().rev().take_while(|&&s| s == l).count());
        let repeated = if run >= 2 { last } else { None };
        let preference = if imbalance > 1 {
            Some(fewer)
        } else if run > 1 {
            last.map(Side::opponent)
        } else if imbalance > 0 {
            Some(fewer)
        } else {
            last.map(Side::opponent)
        };
        let absolute = imbalance > 1 || repeated.is_some();
        let score = event.score(p.id).halves();
        let best = event.scoring.win.halves().max(event.scoring.draw.halves());
        let floats = [1, 2].map(|back| float_of(event, p, played, back));
        Seat {
            id: p.id,
            number,
            score,
            sides,
            // A forfeited game was not played: the two may be paired again.
            met: p.entries.iter().filter(|e| e.played()).filter_map(|e| e.opponent).collect(),
            bye_ok: !p.had_scoring_bye(),
            floats,
            imbalance,
            preference,
            repeated,
            strong: !absolute && imbalance > 0,
            top: last_round && score > played * best / 2,
            unplayed: i64::from(played) - p.entries.iter().filter(|e| e.played()).count() as i64,
        }
    }

    pub(super) fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    pub(super) fn floated(&self, back: usize, way: Float) -> bool {
        self.floats[back - 1] == way
    }
}

/// How `p` floated `back` rounds before the one being paired.
fn float_of(event: &Event, p: &Player, played: u32, back: u32) -> Float {
    let Some(round) = played.checked_sub(back) else { return Float::Level };
    let Some(entry) = p.entries.get(round as usize) else { return Float::Level };
    if !entry.played() {
        let loss = event.scoring.points(Mark::Loss);
        return if event.scoring.points(entry.mark) > loss { Float::Down } else { Float::Level };
    }
    let Some(opponent) = entry.opponent else { return Float::Level };
    let (mine, theirs) = (event.score_after(p.id, round), event.score_after(opponent, round));
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::Level,
    }
}

/// The side `p` gets against `o` by the preferences alone, or `None` if they do not
/// decide it (the colour allocation rules before the tie on ranking).
fn side_by_preference(p: &Seat, o: &Seat) -> Option<Side> {
    match (p.preference, o.preference) {
        (Some(a), Some(b)) if a == b => {}
        (Some(a), _) => return Some(a),
        (None, Some(b)) => return Some(b.opponent()),
        (None, None) => return None,
    }
    let want = p.preference?;
    if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
        return Some(want);
    }
    if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
        return Some(want.opponent());
    }
    if p.strong && !o.strong {
        return Some(want);
    }
    if o.strong && !p.strong {
        return Some(want.opponent());
    }
    // Alternate from the latest game in which their sides differed.
    p.sides.iter().rev().zip(o.sides.iter().rev()).find(|(a, b)| a != b).map(|(_, &b)| b)
}

/// The side of `high` (the better ranked) against `low`.
pub(super) fn side_of_higher(high: &Seat, low: &Seat, initial: Side) -> Side {
    if let Some(side) = side_by_preference(high, low) {
        return side;
    }
    match high.preference {
        Some(want) => want,
        None if high.number % 2 == 1 => initial,
        None => initial.opponent(),
    }
}

/// The absolute rules: no rematch, and not two players who must both have the same
/// side (a top scorer of the last round excepted).
pub(super) fn may_meet(a: &Seat, b: &Seat) -> bool {
    if a.met.contains(&b.id) {
        return false;
    }
    !(a.absolute() && b.absolute() && a.preference == b.preference && !(a.top || b.top))
}

impl Round<'_> {
    /// Whether a lone floater of this bracket is the player who gets the bye: the
    /// bracket is at or below the bye's score (then the fewest unplayed rounds for them).
    pub(super) fn bye_in(&self, b: &Bracket) -> bool {
        let score = b.residents.first().map(|&r| self.seats[r].score);
        self.bye_score.is_some_and(|bye| score.is_some_and(|s| s <= bye))
    }

    pub(super) fn bye_candidate(&self, i: usize) -> bool {
        self.bye_score.is_some_and(|s| self.seats[i].bye_ok && self.seats[i].score <= s)
    }

    /// Whether `players` can all be paired (one of them, a bye candidate, left out when
    /// their number is odd).
    pub(super) fn perfect(&mut self, players: &[usize]) -> bool {
        if let Some(&known) = self.completable.get(players) {
            return known;
        }
        let ok = self.perfect_held(players, &[], &[]);
        self.completable.insert(players.to_vec(), ok);
        ok
    }

    /// Whether `players` can all be paired (as [`Round::perfect`]) with each of `held`
    /// paired to one of `partners`.
    pub(super) fn perfect_held(
        &self,
        players: &[usize],
        held: &[usize],
        partners: &[usize],
    ) -> bool {
        let odd = players.len() % 2 == 1;
        let size = players.len() + usize::from(odd);
        let mut graph = vec![vec![false; size]; size];
        let allowed = |a: usize, b: usize| {
            let to = |x: usize, y: usize| !held.contains(&x) || partners.contains(&y);
            self.compatible[a][b] && to(a, b) && to(b, a)
        };
        for (x, &a) in players.iter().enumerate() {
            for (y, &b) in players.iter().enumerate() {
                graph[x][y] = allowed(a, b);
            }
            if odd && self.bye_candidate(a) && !held.contains(&a) {
                graph[x][size - 1] = true;
                graph[size - 1][x] = true;
            }
        }
        matching_size(&graph) * 2 == size
    }

    pub(super) fn level(&self, score: u32) -> usize {
        self.levels.iter().position(|&l| l == score).unwrap_or(0)
    }

    pub(super) fn games_among(&self, players: &[usize]) -> usize {
        self.games_apart(players, &[])
    }

    /// The most games among `players` in which no two of `apart` meet.
    pub(super) fn games_apart(&self, players: &[usize], apart: &[usize]) -> usize {
        let graph: Vec<Vec<bool>> = players
            .iter()
            .map(|&a| players.iter().map(|&b| self.may_pair(a, b, apart)).collect())
            .collect();
        matching_size(&graph)
    }

    pub(super) fn may_pair(&self, a: usize, b: usize, apart: &[usize]) -> bool {
        self.compatible[a][b] && !(apart.contains(&a) && apart.contains(&b))
    }

    /// Whether some pairing among `pool` gives a game to each of `need`.
    pub(super) fn covers(
        &self,
        need: &[usize],
        pool: &[usize],
        apart: &[usize],
        used: &mut Vec<usize>,
    ) -> bool {
        let Some(&p) = need.iter().find(|p| !used.contains(p)) else { return true };
        used.push(p);
        for &q in pool {
            if !used.contains(&q) && self.may_pair(p, q, apart) {
                used.push(q);
                if self.covers(need, pool, apart, used) {
                    return true;
                }
                used.pop();
            }
        }
        used.pop();
        false
    }

    /// The games of the next bracket if `floaters` join it: how many, and how many of
    /// them by the score of their higher player, at best over every way of pairing the
    /// rest of the round. A game of the next bracket has one of its residents as the
    /// lower player (two floaters paired together do not count), and it counts only in
    /// a pairing of everyone below that completes the round: this is a maximum weight
    /// matching in which completing the round outweighs every next-bracket game, a game
    /// outweighs any choice of scores, and a higher score outweighs all the lower ones.
    pub(super) fn next_bracket(
        &mut self,
        floaters: &[usize],
        next: &[usize],
        lower: &[usize],
    ) -> (i64, Vec<i64>) {
        if let Some(known) = self.next_games.get(floaters) {
            return known.clone();
        }
        let mut levels = vec![0i64; self.levels.len()];
        let mut games = 0i64;
        if !next.is_empty() {
            let mut rest: Vec<usize> = floaters.to_vec();
            rest.extend(lower);
            let mate = self.best_completion(&rest, floaters, next);
            for (x, &a) in rest.iter().enumerate() {
                let Some(y) = mate[x].filter(|&y| y > x && y < rest.len()) else { continue };
                let b = rest[y];
                if self.next_game(a, b, floaters, next) {
                    games += 1;
                    let higher = self.seats[a].score.max(self.seats[b].score);
                    levels[self.level(higher)] += 1;
                }
            }
        }
        let out = (games, levels);
        self.next_games.insert(floaters.to_vec(), out.clone());
        out
    }

    /// Whether a game between `a` and `b` below the bracket is a game of the next
    /// bracket: a resident of it against a floater or another resident.
    pub(super) fn next_game(&self, a: usize, b: usize, floaters: &[usize], next: &[usize]) -> bool {
        let (na, nb) = (next.contains(&a), next.contains(&b));
        (na && (nb || floaters.contains(&b))) || (nb && floaters.contains(&a))
    }

    /// A pairing of `rest` (plus the bye when their number is odd: a last vertex that
    /// only bye candidates may take) that completes the round and gives the next bracket
    /// the most games, then the highest scores paired there: `mate` by index in `rest`.
    pub(super) fn best_completion(
        &self,
        rest: &[usize],
        floaters: &[usize],
        next: &[usize],
    ) -> Vec<Option<usize>> {
        // The scores that can be the higher player's in a next-bracket game, lowest
        // first; each gets a digit worth more than all the lower ones together.
        let mut scores: Vec<u32> = floaters.iter().map(|&f| self.seats[f].score).collect();
        scores.extend(next.first().map(|&r| self.seats[r].score));
        scores.sort_unstable();
        scores.dedup();
        let digit = rest.len() as i128 + 2;
        // Keep the weights within range: the lowest scores share a digit if need be.
        let room = (1..=scores.len()).rev().find(|&k| digit.checked_pow(k as u32 + 2).is_some());
        let keep = room.unwrap_or(1);
        let skip = scores.len() - keep;
        let unit = |score: u32| {
            let rank = scores.iter().position(|&s| s == score).unwrap_or(0).saturating_sub(skip);
            digit.pow(rank as u32)
        };
        let game = digit.pow(keep as u32);
        let complete = game * digit;
        let odd = rest.len() % 2 == 1;
        let mut edges = Vec::new();
        for (x, &a) in rest.iter().enumerate() {
            for (y, &b) in rest.iter().enumerate().skip(x + 1) {
                if !self.compatible[a][b] {
                    continue;
                }
                let mut weight = complete;
                if self.next_game(a, b, floaters, next) {
                    weight += game + unit(self.seats[a].score.max(self.seats[b].score));
                }
                edges.push((x, y, weight));
            }
            if odd && self.bye_candidate(a) {
                edges.push((x, rest.len(), complete));
            }
        }
        max_weight_matching(rest.len() + usize::from(odd), &edges)
    }

    /// The criteria of a bracket pairing, smaller better; `None` if the round could
    /// not then be completed.
    pub(super) fn judge(
        &mut self,
        b: &Bracket,
        games: &[(usize, usize)],
        floaters: &[usize],
    ) -> Option<Vec<i64>> {
        if b.lower.is_empty() && floaters.len() > 1 {
            return None;
        }
        let mut rest: Vec<usize> = floaters.to_vec();
        rest.extend(&b.lower);
        if !self.perfect(&rest) {
            return None;
        }
        let seats = self.seats;
        let levels = self.levels.len();
        let mut value = Vec::with_capacity(8 + 6 * levels);
        value.push(-(games.len() as i64));
        let mut paired = vec![0i64; levels];
        for &(h, _) in games {
            paired[self.level(seats[h].score)] -= 1;
        }
        value.extend(&paired);
        let (next_games, next_levels) = self.next_bracket(floaters, &b.next, &b.lower);
        value.push(-next_games);
        value.extend(next_levels.iter().map(|c| -c));
        let bye = match floaters {
            [one] if self.bye_in(b) && Some(self.seats[*one].score) == self.bye_score => {
                self.seats[*one].unplayed
            }
            _ => 0,
        };
        value.push(bye);
        let colour = self.colour(games);
        value.extend(colour);
        for back in 1..=2usize {
            if self.played < back as u32 {
                continue;
            }
            let (mut down, mut up) = (0i64, 0i64);
            for &(h, l) in games {
                let (hi, lo) = (&seats[h], &seats[l]);
                down += i64::from(lo.floated(back, Float::Down));
                down += i64::from(hi.score <= lo.score && hi.floated(back, Float::Down));
                up += i64::from(!(hi.score > lo.score && lo.floated(back, Float::Up)));
            }
            value.push(-down);
            value.push(-up);
        }
        for back in 1..=2usize {
            if self.played < back as u32 {
                continue;
            }
            let mut down = vec![0i64; levels];
            let mut up = vec![0i64; levels];
            for &(h, l) in games {
                let (hi, lo) = (&seats[h], &seats[l]);
                if lo.floated(back, Float::Down) {
                    down[self.level(lo.score)] -= 1;
                }
                if hi.floated(back, Float::Down) {
                    down[self.level(hi.score)] -= 1;
                }
                if !(lo.floated(back, Float::Up) && hi.score > lo.score) {
                    up[self.level(hi.score)] -= 1;
                }
            }
            value.extend(down);
            value.extend(up);
        }
        Some(value)
    }

    /// What no candidate of the bracket with `games` games (by default the most it can
    /// make) can beat; most often the first good candidate reaches it and ends the search.
    /// With `block` (a number of games and the moved-down players paired), the bound of
    /// the candidates of that block: the moved-down players left out float.
    pub(super) fn bound(&mut self, b: &Bracket, block: Option<(usize, &[usize])>) -> Vec<i64> {
        let games = block.map(|(g, _)| g);
        let seats = self.seats;
        let levels = self.levels.len();
        let mut members = b.moved_down.clone();
        members.extend(&b.residents);
        let most = games.unwrap_or_else(|| self.games_among(&members));
        let mut covered: Vec<usize> = block.map(|(_, chosen)| chosen.to_vec()).unwrap_or_default();
        if block.is_none() && b.moved_down.len() <= 8 {
            for &m in &b.moved_down {
                covered.push(m);
                if covered.len() > most || !self.covers(&covered, &members, &[], &mut Vec::new()) {
                    covered.pop();
                }
            }
        }
        let floaters = members.len() - 2 * most;
        let home = b.residents.first().map_or(0, |&r| self.level(seats[r].score));
        let mut value = vec![-(most as i64)];
        let mut paired = vec![0i64; levels];
        for &m in &covered {
            paired[self.level(seats[m].score)] -= 1;
        }
        paired[home] -= (most - covered.len()) as i64;
        value.extend(&paired);
        let next_games = if b.next.is_empty() {
            0
        } else {
            let own = self.games_among(&b.next);
            (own + floaters).min((b.next.len() + floaters) / 2)
        };
        value.push(-(next_games as i64));
        let mut next_levels = vec![0i64; levels];
        if next_games > 0 {
            let moved_floaters: Vec<usize> =
                b.moved_down.iter().copied().filter(|m| !covered.contains(m)).collect();
            for &m in &moved_floaters {
                next_levels[self.level(seats[m].score)] -= 1;
            }
            next_levels[home] -= floaters.saturating_sub(moved_floaters.len()) as i64;
            let next_home = self.level(seats[b.next[0]].score);
            next_levels[next_home] -= next_games.saturating_sub(floaters) as i64;
        }
        value.extend(next_levels);
        let fewest_unplayed = members
            .iter()
            .filter(|&&i| self.bye_candidate(i) && Some(seats[i].score) == self.bye_score)
            .map(|&i| seats[i].unplayed)
            .min();
        value.push(if self.bye_in(b) { fewest_unplayed.unwrap_or(0) } else { 0 });
        let count = |side: Side, strong_only: bool| {
            members
                .iter()
                .filter(|&&i| {
                    let s = &seats[i];
                    s.preference == Some(side) && (!strong_only || s.strong || s.absolute())
                })
                .count()
        };
        let excess = |n: usize| n.saturating_sub(floaters + most) as i64;
        let any_top = members.iter().any(|&i| seats[i].top);
        value.extend([0, 0]);
        value.push(excess(count(Side::First, false)) + excess(count(Side::Second, false)));
        value.push(if any_top {
            0
        } else {
            excess(count(Side::First, true)) + excess(count(Side::Second, true))
        });
        let resident_floaters =
            floaters.saturating_sub(b.moved_down.len().saturating_sub(covered.len()));
        let stay = b.residents.len().saturating_sub(resident_floaters);
        for back in 1..=2usize {
            if self.played < back as u32 {
                continue;
            }
            let down = b.residents.iter().filter(|&&r| seats[r].floated(back, Float::Down)).count();
            let level = b.residents.iter().filter(|&&r| !seats[r].floated(back, Float::Up)).count();
            value.push(-(down.min(stay) as i64));
            value.push(-((most - covered.len().saturating_sub(level)) as i64));
        }
        for back in 1..=2usize {
            if self.played < back as u32 {
                continue;
            }
            let mut down = vec![0i64; levels];
            let down_residents =
                b.residents.iter().filter(|&&r| seats[r].floated(back, Float::Down)).count();
            down[home] -= down_residents.min(stay) as i64;
            // Of the moved-down players of each score, as many may be paired as the
            // covered ones of that score, and those who floated down before first.
            for (level, slot) in down.iter_mut().enumerate() {
                let of_level = |m: &&usize| self.level(seats[**m].score) == level;
                let room = covered.iter().filter(of_level).count();
                let repeated = b
                    .moved_down
                    .iter()
                    .filter(of_level)
                    .filter(|&&m| seats[m].floated(back, Float::Down))
                    .count();
                *slot -= room.min(repeated) as i64;
            }
            value.extend(down);
            value.extend(&paired);
        }
        value
    }

    /// The colour criteria of some games: top scorers' imbalance over two, top scorers'
    /// same side three times, preferences denied, strong preferences denied.
    pub(super) fn colour(&self, games: &[(usize, usize)]) -> [i64; 4] {
        let mut colour = [0i64; 4];
        for &(h, l) in games {
            let (hi, lo) = (&self.seats[h], &self.seats[l]);
            let same = hi.preference.is_some() && hi.preference == lo.preference;
            colour[0] += i64::from(same && hi.imbalance > 1 && lo.imbalance > 1);
            let three = same && hi.absolute() && lo.absolute() && {
                if lo.imbalance == hi.imbalance {
                    lo.repeated.is_some() && lo.repeated == hi.repeated
                } else {
                    let smaller = if lo.imbalance > hi.imbalance { hi } else { lo };
                    smaller.repeated == lo.preference.map(Side::opponent)
                }
            };
            colour[1] += i64::from(three);
            colour[2] += i64::from(same);
            let keen = |s: &Seat| s.strong || s.absolute();
            colour[3] +=
                i64::from(same && keen(hi) && keen(lo) && !(hi.absolute() && lo.absolute()));
        }
        colour
    }
}
