//! How the Dutch system (FIDE C.04.3) chooses one round, bracket by bracket.
//!
//! Players are in order of score, then pairing number. The brackets are paired from the
//! top score down; a bracket is the players who floated down from above (moved-down
//! players) and the residents of its score group. For each bracket every candidate
//! pairing is judged by the criteria in their order of priority, and of the best ones
//! the first in the Dutch order of candidates is taken. Who is left unpaired floats down
//! into the next bracket.
//!
//! The criteria, in order (each one only between candidates equal on all before it):
//! - absolute: no rematch; two players who must both have the same side do not meet
//!   (except a top scorer in the last round); the bye only to a player who has not had
//!   one nor a win without playing, and of the lowest score that allows a whole round;
//! - completion: the players left after the bracket can still all be paired;
//! - the most games in the bracket, then the highest scores paired (the score
//!   differences of the floaters);
//! - the most games, and the highest scores paired, in the next bracket (whom to send
//!   down); the fewest unplayed rounds for the player who gets the bye;
//! - top scorers (last round) with a side difference over two, or the same side three
//!   times; players denied their side preference; strong preferences denied;
//! - players who float down, or up, again as in the last round, then as two rounds
//!   back; then the scores of those repeated floaters.
//!
//! The Dutch order of candidates: which moved-down players are paired (the higher ones
//! first), their opponents (the higher residents first); then the rest of the residents
//! as a homogeneous group: the top half S1 against the transpositions of S2, after the
//! fewest exchanges between the halves, the smallest difference of their numbers, the
//! lowest of S1 and the highest of S2 moved first.

use std::collections::{HashMap, HashSet};

use crate::Side;

use super::matching::matching_size;
use super::roster::{Event, Mark, Pairing, Player, TournamentError};
use super::weighted::max_weight_matching;

/// How a player floated in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    Level,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone)]
struct Seat {
    id: u32,
    number: usize,
    score: u32,
    sides: Vec<Side>,
    met: HashSet<u32>,
    bye_ok: bool,
    /// The float of the last round and of the round before.
    floats: [Float; 2],
    /// Games with one side minus games with the other, as a size.
    imbalance: u32,
    preference: Option<Side>,
    /// The side of the last two games when they were the same.
    repeated: Option<Side>,
    /// A preference from an imbalance of one (not absolute).
    strong: bool,
    /// Over half the possible score, pairing the last round.
    top: bool,
    /// Rounds so far without a game played.
    unplayed: i64,
}

impl Seat {
    fn new(event: &Event, p: &Player, number: usize, played: u32, last_round: bool) -> Seat {
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

    fn absolute(&self) -> bool {
        self.imbalance > 1 || self.repeated.is_some()
    }

    fn floated(&self, back: usize, way: Float) -> bool {
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
fn side_of_higher(high: &Seat, low: &Seat, initial: Side) -> Side {
    if let Some(side) = side_by_preference(high, low) {
        return side;
    }
    match high.preference {
        Some(want) => want,
        None if high.number % 2 == 1 => initial,
        None => initial.opponent(),
    }
}

/// The most nodes one bracket's search may visit before it takes the best found.
const BRACKET_BUDGET: u64 = 400_000;
/// The most nodes spent looking for a candidate that reaches the bound.
const AIM_BUDGET: u64 = 200_000;
/// The most exchange choices listed for one number of exchanged players.
const EXCHANGE_LIMIT: usize = 100_000;

/// One bracket: indices into the seats (in order).
struct Bracket {
    moved_down: Vec<usize>,
    residents: Vec<usize>,
    /// Everyone below the bracket.
    lower: Vec<usize>,
    /// The next score group.
    next: Vec<usize>,
}

/// A candidate judged: its criteria (smaller is better), games and floaters.
struct Judged {
    value: Vec<i64>,
    games: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

struct Round<'a> {
    seats: &'a [Seat],
    compatible: Vec<Vec<bool>>,
    /// The score of the player who gets the bye (an odd field only).
    bye_score: Option<u32>,
    /// The scores present, highest first.
    levels: Vec<u32>,
    played: u32,
    completable: HashMap<Vec<usize>, bool>,
    next_games: HashMap<Vec<usize>, (i64, Vec<i64>)>,
    budget: u64,
    best: Option<Judged>,
    bound: Vec<i64>,
    /// Whether only a candidate that reaches the bound is looked for.
    aim: bool,
    /// The games and scores paired of the block being searched (the start of its value).
    block: Vec<i64>,
    /// The bound of a bracket pairing with that many games, and of the block searched.
    block_bounds: HashMap<(usize, Vec<usize>), Vec<i64>>,
    block_bound: Vec<i64>,
    done: bool,
}

/// The games (the better-ranked player first, with the side they get) and the bye of
/// the next round by the Dutch rules.
pub(super) fn pair(
    event: &Event,
    numbers: &[usize],
    initial: Side,
) -> Result<Vec<Pairing>, TournamentError> {
    let round = event.rounds_paired() + 1;
    let played = round - 1;
    let last_round = event.planned_rounds > 0 && round >= event.planned_rounds;
    let mut seats: Vec<Seat> = event
        .available()
        .into_iter()
        .filter_map(|id| event.player(id).ok())
        .map(|p| Seat::new(event, p, numbers[p.id as usize - 1], played, last_round))
        .collect();
    seats.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    if seats.len() < 2 {
        return Err(TournamentError::TooFewPlayers(seats.len(), 2));
    }
    let n = seats.len();
    let compatible: Vec<Vec<bool>> = (0..n)
        .map(|a| (0..n).map(|b| a != b && may_meet(&seats[a], &seats[b])).collect())
        .collect();
    let mut levels: Vec<u32> = seats.iter().map(|s| s.score).collect();
    levels.dedup();
    let mut r = Round {
        seats: &seats,
        compatible,
        bye_score: None,
        levels,
        played,
        completable: HashMap::new(),
        next_games: HashMap::new(),
        budget: 0,
        best: None,
        bound: Vec::new(),
        aim: false,
        block: Vec::new(),
        block_bounds: HashMap::new(),
        block_bound: Vec::new(),
        done: false,
    };
    if n % 2 == 1 {
        // The bye goes to the lowest score from which someone may take it and leave the
        // rest pairable.
        let everyone: Vec<usize> = (0..n).collect();
        let assignee = (0..n).rev().filter(|&i| seats[i].bye_ok).find(|&i| {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&j| j != i).collect();
            r.perfect(&rest)
        });
        let Some(assignee) = assignee else { return Err(TournamentError::NoPairing { round }) };
        r.bye_score = Some(seats[assignee].score);
    } else if !r.perfect(&(0..n).collect::<Vec<_>>()) {
        return Err(TournamentError::NoPairing { round });
    }

    let mut games = Vec::new();
    let mut moved_down: Vec<usize> = Vec::new();
    let mut start = 0;
    loop {
        let end = group_end(&seats, start);
        let (moved, residents) = if start == end {
            // Only floaters are left: they pair among themselves.
            if moved_down.len() <= 1 {
                break;
            }
            (Vec::new(), std::mem::take(&mut moved_down))
        } else {
            (std::mem::take(&mut moved_down), (start..end).collect())
        };
        let lower: Vec<usize> = (end..n).collect();
        let next: Vec<usize> = (end..group_end(&seats, end)).collect();
        let bracket = Bracket { moved_down: moved, residents, lower, next };
        let judged = r.solve(&bracket);
        if start == end && judged.games.is_empty() {
            moved_down = judged.floaters;
            break;
        }
        games.extend(judged.games);
        moved_down = judged.floaters;
        start = end;
    }
    let bye = match moved_down.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ => return Err(TournamentError::NoPairing { round }),
    };
    let mut boards: Vec<(u32, usize, Pairing)> = games
        .iter()
        .map(|&(a, b)| {
            let (high, low) = (&seats[a], &seats[b]);
            let pairing = if side_of_higher(high, low, initial) == Side::First {
                Pairing::game(high.id, low.id)
            } else {
                Pairing::game(low.id, high.id)
            };
            (high.score, high.number, pairing)
        })
        .collect();
    boards.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<Pairing> = boards.into_iter().map(|(_, _, p)| p).collect();
    out.extend(bye.map(|b| Pairing::bye(seats[b].id)));
    Ok(out)
}

fn group_end(seats: &[Seat], start: usize) -> usize {
    let Some(first) = seats.get(start) else { return start };
    start + seats[start..].iter().take_while(|s| s.score == first.score).count()
}

/// The absolute rules: no rematch, and not two players who must both have the same
/// side (a top scorer of the last round excepted).
fn may_meet(a: &Seat, b: &Seat) -> bool {
    if a.met.contains(&b.id) {
        return false;
    }
    !(a.absolute() && b.absolute() && a.preference == b.preference && !(a.top || b.top))
}

impl Round<'_> {
    /// Whether a lone floater of this bracket is the player who gets the bye: the
    /// bracket is at or below the bye's score (then the fewest unplayed rounds for them).
    fn bye_in(&self, b: &Bracket) -> bool {
        let score = b.residents.first().map(|&r| self.seats[r].score);
        self.bye_score.is_some_and(|bye| score.is_some_and(|s| s <= bye))
    }

    fn bye_candidate(&self, i: usize) -> bool {
        self.bye_score.is_some_and(|s| self.seats[i].bye_ok && self.seats[i].score <= s)
    }

    /// Whether `players` can all be paired (one of them, a bye candidate, left out when
    /// their number is odd).
    fn perfect(&mut self, players: &[usize]) -> bool {
        if let Some(&known) = self.completable.get(players) {
            return known;
        }
        let ok = self.perfect_held(players, &[], &[]);
        self.completable.insert(players.to_vec(), ok);
        ok
    }

    /// Whether `players` can all be paired (as [`Round::perfect`]) with each of `held`
    /// paired to one of `partners`.
    fn perfect_held(&self, players: &[usize], held: &[usize], partners: &[usize]) -> bool {
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

    fn level(&self, score: u32) -> usize {
        self.levels.iter().position(|&l| l == score).unwrap_or(0)
    }

    fn games_among(&self, players: &[usize]) -> usize {
        self.games_apart(players, &[])
    }

    /// The most games among `players` in which no two of `apart` meet.
    fn games_apart(&self, players: &[usize], apart: &[usize]) -> usize {
        let graph: Vec<Vec<bool>> = players
            .iter()
            .map(|&a| players.iter().map(|&b| self.may_pair(a, b, apart)).collect())
            .collect();
        matching_size(&graph)
    }

    fn may_pair(&self, a: usize, b: usize, apart: &[usize]) -> bool {
        self.compatible[a][b] && !(apart.contains(&a) && apart.contains(&b))
    }

    /// Whether some pairing among `pool` gives a game to each of `need`.
    fn covers(
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
    fn next_bracket(
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
    fn next_game(&self, a: usize, b: usize, floaters: &[usize], next: &[usize]) -> bool {
        let (na, nb) = (next.contains(&a), next.contains(&b));
        (na && (nb || floaters.contains(&b))) || (nb && floaters.contains(&a))
    }

    /// A pairing of `rest` (plus the bye when their number is odd: a last vertex that
    /// only bye candidates may take) that completes the round and gives the next bracket
    /// the most games, then the highest scores paired there: `mate` by index in `rest`.
    fn best_completion(
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
    fn judge(
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
    fn bound(&mut self, b: &Bracket, block: Option<(usize, &[usize])>) -> Vec<i64> {
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
    fn solve(&mut self, b: &Bracket) -> Judged {
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
    /// The colour criteria of some games: top scorers' imbalance over two, top scorers'
    /// same side three times, preferences denied, strong preferences denied.
    fn colour(&self, games: &[(usize, usize)]) -> [i64; 4] {
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
