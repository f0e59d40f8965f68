//! The 四国军棋 player: picks a move from its seat's view and the public log only,
//! scoring each legal move by what it expects from the battle (over its belief about the
//! defender), the danger the piece walks into, the march towards the opponents'
//! headquarters (and, at the top level, towards a revealed 军旗) and, at the higher
//! levels, its own and its partner's flag area.

use std::collections::HashMap;

use crate::Rng;
use crate::ai::junqi::{Belief, JunqiLevel};
use crate::junqi::{
    Announcement, Battle, Move, Mover, PieceId, QUIET_MOVES_FOR_DRAW, Rank, STATIONS, Seat,
    Station, View, battle, targets,
};

/// What a piece is worth to its team.
fn value(rank: Rank) -> f64 {
    match rank {
        Rank::Marshal => 10.0,
        Rank::General => 8.5,
        Rank::Division => 6.5,
        Rank::Brigade => 5.0,
        Rank::Regiment => 4.0,
        Rank::Battalion => 3.0,
        Rank::Company => 2.0,
        Rank::Platoon => 1.5,
        Rank::Engineer => 3.0,
        Rank::Bomb => 6.0,
        Rank::Mine => 3.0,
        Rank::Flag => 100.0,
    }
}

/// A player for one seat.
#[derive(Debug, Clone)]
pub struct JunqiAi {
    seat: Seat,
    level: JunqiLevel,
    rng: Rng,
    belief: Option<Belief>,
    own: HashMap<PieceId, Rank>,
}

impl JunqiAi {
    pub fn new(seat: Seat, level: JunqiLevel, seed: u64) -> JunqiAi {
        JunqiAi { seat, level, rng: Rng::new(seed), belief: None, own: HashMap::new() }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The move for the seat's view; `log` is the referee's public log. `None` if the
    /// seat has no legal move.
    pub fn choose(&mut self, view: &View, log: &[Announcement]) -> Option<Move> {
        for p in view.stations.iter().flatten() {
            if p.seat == self.seat
                && let Some(r) = p.rank
            {
                self.own.insert(p.id, r);
            }
        }
        let belief =
            self.belief.get_or_insert_with(|| Belief::new(view, self.seat, self.level.belief));
        belief.update(view, log, &self.own);
        let moves = view.legal_moves(self.seat);
        if moves.is_empty() {
            return None;
        }
        if self.rng.below(1_000_000) < (self.level.noise * 1_000_000.0) as u64 {
            return Some(moves[self.rng.index(moves.len())]);
        }
        let belief = self.belief.as_ref().expect("made above");
        let context = Context::new(view, self.seat, belief, &self.level);
        let scored: Vec<(Move, f64)> =
            moves.iter().map(|&m| (m, context.score(m, &self.level))).collect();
        let best = scored.iter().map(|s| s.1).fold(f64::MIN, f64::max);
        let near: Vec<Move> =
            scored.iter().filter(|s| s.1 >= best - self.level.spread).map(|s| s.0).collect();
        Some(near[self.rng.index(near.len())])
    }
}

/// What one move's scoring needs, worked out once per turn.
struct Context<'a> {
    view: &'a View,
    seat: Seat,
    belief: &'a Belief,
    /// Steps from each station to the nearest opponents' headquarters.
    to_enemy_hq: [u32; STATIONS],
    /// Steps from each station to the nearest of our team's headquarters.
    to_home_hq: [u32; STATIONS],
    /// Steps from each station to the nearest opponent's piece.
    to_enemy: [u32; STATIONS],
    /// Steps from each station to the nearest 军旗 of an opponent that is revealed or
    /// worked out, if any is.
    to_flag: Option<[u32; STATIONS]>,
    /// How much more a lost piece costs because the seat has few that can still move
    /// (a seat with none is out).
    scarcity: f64,
}

fn distances(sources: impl Iterator<Item = Station>) -> [u32; STATIONS] {
    let mut dist = [u32::MAX; STATIONS];
    let mut queue = std::collections::VecDeque::new();
    for s in sources {
        dist[s.index()] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for &n in s.neighbours() {
            if dist[n.index()] == u32::MAX {
                dist[n.index()] = dist[s.index()] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

impl<'a> Context<'a> {
    fn new(view: &'a View, seat: Seat, belief: &'a Belief, level: &JunqiLevel) -> Context<'a> {
        let hq_of = |team_is_ours: bool| {
            Station::all().filter(move |s| {
                s.is_headquarters()
                    && s.seat().is_some_and(|o| {
                        o.is_partner_or_self(seat) == team_is_ours && !view.out[o.index()]
                    })
            })
        };
        Context {
            view,
            seat,
            belief,
            to_enemy_hq: distances(hq_of(false)),
            to_home_hq: distances(hq_of(true)),
            scarcity: {
                let movers = Station::all()
                    .filter(|s| {
                        !s.is_headquarters()
                            && view
                                .piece(*s)
                                .is_some_and(|p| p.seat == seat && p.rank.is_some_and(Rank::moves))
                    })
                    .count();
                // As the quiet-move draw comes closer, holding on to the last movers
                // matters less than a fight.
                let half = QUIET_MOVES_FOR_DRAW as f64 / 2.0;
                let late = ((view.quiet_moves as f64 - half) / half).clamp(0.0, 1.0);
                1.0 + level.mobility / movers.max(1) as f64
                    * (1.0 - (level.pressure * late).min(1.0))
            },
            to_flag: {
                let flags: Vec<Station> = Station::all()
                    .filter(|s| {
                        view.piece(*s).is_some_and(|p| {
                            !p.seat.is_partner_or_self(seat)
                                && (p.rank == Some(Rank::Flag)
                                    || belief.set(p.id).single() == Some(Rank::Flag))
                        })
                    })
                    .collect();
                (!flags.is_empty()).then(|| distances(flags.into_iter()))
            },
            to_enemy: distances(
                Station::all()
                    .filter(|s| view.piece(*s).is_some_and(|p| !p.seat.is_partner_or_self(seat))),
            ),
        }
    }

    fn own_rank(&self, at: Station) -> Rank {
        self.view.piece(at).and_then(|p| p.rank).expect("own piece with rank")
    }

    /// The chance of each rank of the enemy piece on `at`.
    fn distribution(&self, at: Station) -> [f64; 12] {
        let p = self.view.piece(at).expect("a piece");
        match p.rank {
            Some(r) => {
                let mut d = [0.0; 12];
                d[r.index()] = 1.0;
                d
            }
            None => self.belief.distribution(p.id),
        }
    }

    /// The expected gain of `attacker` attacking the piece on `at`.
    fn attack_value(&self, attacker: Rank, at: Station) -> f64 {
        let dist = self.distribution(at);
        let mut ev = 0.0;
        for rank in Rank::ALL {
            let p = dist[rank.index()];
            if p == 0.0 {
                continue;
            }
            let lost = value(attacker) * self.scarcity;
            let v = match battle(attacker, rank) {
                Some(Battle::AttackerWins) => value(rank),
                Some(Battle::DefenderWins) => -lost,
                Some(Battle::BothRemoved) => value(rank) - lost,
                Some(Battle::FlagCaptured) => value(Rank::Flag),
                None => 0.0,
            };
            ev += p * v;
        }
        ev
    }

    /// How much a piece of `rank` on `at` stands to lose to the enemies that can reach it
    /// next (with our move from `vacated` made).
    fn danger(&self, rank: Rank, at: Station, vacated: Station) -> f64 {
        if at.is_camp() {
            return 0.0;
        }
        let mut occupancy = self.view.occupancy();
        occupancy[vacated.index()] = None;
        occupancy[at.index()] = Some(self.seat);
        let mut worst: f64 = 0.0;
        for from in Station::all() {
            let Some(p) = self.view.piece(from) else { continue };
            if from == at || p.seat.is_partner_or_self(self.seat) || from.is_headquarters() {
                continue;
            }
            // Cheap filter: only pieces within a railway line or one step.
            let near =
                from.neighbours().contains(&at) || (from.is_on_railway() && at.is_on_railway());
            if !near {
                continue;
            }
            let dist = self.distribution(from);
            if dist[Rank::Mine.index()] + dist[Rank::Flag.index()] > 0.99 {
                continue;
            }
            let mover =
                if dist[Rank::Engineer.index()] > 0.5 { Mover::Engineer } else { Mover::Straight };
            if !targets(&occupancy, p.seat, from, mover).contains(&at) {
                continue;
            }
            let mut loss = 0.0;
            for enemy in Rank::ALL {
                let q = dist[enemy.index()];
                if q == 0.0 {
                    continue;
                }
                let lost = value(rank) * self.scarcity;
                loss += q * match battle(enemy, rank) {
                    Some(Battle::AttackerWins | Battle::FlagCaptured) => lost,
                    Some(Battle::BothRemoved) => lost - value(enemy),
                    _ => 0.0,
                };
            }
            worst = worst.max(loss);
        }
        worst
    }

    fn score(&self, m: Move, level: &JunqiLevel) -> f64 {
        let rank = self.own_rank(m.from);
        let mut score = 0.0;
        let target = self.view.piece(m.to);
        if target.is_some() {
            score += self.attack_value(rank, m.to);
            // The quiet-move draw comes closer: fights are worth more.
            let half = QUIET_MOVES_FOR_DRAW as f64 / 2.0;
            let pressure = ((self.view.quiet_moves as f64 - half) / half).max(0.0);
            score += level.pressure * pressure * (6.0 + level.press_rank * value(rank).min(6.0));
        }
        if level.caution > 0.0 {
            let before = self.danger(rank, m.from, m.from);
            let survives_attack = match target {
                None => true,
                Some(_) => self.attack_value(rank, m.to) > 0.0,
            };
            let after = if survives_attack { self.danger(rank, m.to, m.from) } else { 0.0 };
            score += level.caution * (before - after);
        }
        // March: towards the opponents' headquarters; the strong pieces a bit less.
        let d_from = self.to_enemy_hq[m.from.index()].min(40) as f64;
        let d_to = self.to_enemy_hq[m.to.index()].min(40) as f64;
        let eager = match rank {
            Rank::Marshal | Rank::General => 0.5,
            Rank::Engineer => 0.6,
            Rank::Bomb => 0.7,
            _ => 1.0,
        };
        // Late in a quiet spell the march presses harder.
        let urge =
            1.0 + 2.0 * level.pressure * self.view.quiet_moves as f64 / QUIET_MOVES_FOR_DRAW as f64;
        score += urge * level.march * eager * (d_from - d_to) * 0.4;
        let e_from = self.to_enemy[m.from.index()].min(40) as f64;
        let e_to = self.to_enemy[m.to.index()].min(40) as f64;
        score += level.march * eager * (e_from - e_to) * 0.2;
        if level.hunt > 0.0
            && let Some(to_flag) = &self.to_flag
        {
            let f_from = to_flag[m.from.index()].min(40) as f64;
            let f_to = to_flag[m.to.index()].min(40) as f64;
            score += level.hunt * (f_from - f_to);
        }
        if m.to.is_headquarters() && target.is_none() {
            // A piece that enters a headquarters is stuck there.
            score -= 8.0;
        }
        if level.teamwork {
            score += self.teamwork(m, rank);
        }
        if level.guard > 0.0 {
            score -= level.guard * self.flag_threat(m);
        }
        score
    }

    /// How open the team's flags are after the move: 1 for each opponent's piece that
    /// could then reach the headquarters holding our flag, ½ for either of the
    /// partner's headquarters (we do not know which holds its flag).
    fn flag_threat(&self, m: Move) -> f64 {
        let mut occupancy = self.view.occupancy();
        occupancy[m.from.index()] = None;
        occupancy[m.to.index()] = Some(self.seat);
        let mut homes: Vec<(Station, f64)> = Vec::new();
        for s in Station::all().filter(|s| s.is_headquarters()) {
            match self.view.piece(s) {
                Some(p) if p.seat == self.seat && p.rank == Some(Rank::Flag) => {
                    homes.push((s, 1.0))
                }
                Some(p) if p.seat == self.seat.partner() => homes.push((s, 0.5)),
                _ => {}
            }
        }
        if homes.is_empty() {
            return 0.0;
        }
        let mut threat = 0.0;
        for from in Station::all() {
            let Some(p) = self.view.piece(from) else { continue };
            if from == m.to || p.seat.is_partner_or_self(self.seat) || from.is_headquarters() {
                continue;
            }
            let dist = self.distribution(from);
            let moves = 1.0 - dist[Rank::Mine.index()] - dist[Rank::Flag.index()];
            if moves < 0.01 {
                continue;
            }
            let mover =
                if dist[Rank::Engineer.index()] > 0.5 { Mover::Engineer } else { Mover::Straight };
            let reach = targets(&occupancy, p.seat, from, mover);
            for &(h, w) in &homes {
                if reach.contains(&h) {
                    threat += w * moves;
                }
            }
        }
        threat
    }

    /// Guarding the team's flag areas and keeping off the partner's railways.
    fn teamwork(&self, m: Move, rank: Rank) -> f64 {
        let mut score = 0.0;
        if let Some(p) = self.view.piece(m.to) {
            // An attacker near one of our headquarters is worth more to remove.
            if self.to_home_hq[m.to.index()] <= 3 && !p.seat.is_partner_or_self(self.seat) {
                score += 2.0;
            }
        }
        let partner = self.seat.partner();
        if m.to.seat() == Some(partner) && m.to.is_on_railway() && self.view.piece(m.to).is_none() {
            score -= 0.5;
        }
        // Keep a guard near home: leaving the last two lines costs a little.
        if m.from.seat() == Some(self.seat)
            && m.from.line().is_some_and(|l| l >= 5)
            && m.to.line().is_none_or(|l| l < 5)
            && rank != Rank::Engineer
        {
            score -= 0.5;
        }
        score
    }
}
