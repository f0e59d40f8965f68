//! A child's playing strength per game, as a Glicko-2 rating (Glickman, "Example of
//! the Glicko-2 system", 2012) measured against the AI levels, and the level to
//! suggest next.
//!
//! Each AI level is treated as an opponent with a fixed rating from [`level_rating`].
//! Those anchors are a first guess (level 1 for a child who just learned the moves,
//! 150 points a level) until the AI's level ladder measures them; they are data here,
//! so changing them changes no stored record. One game is one rating period.

use serde::{Deserialize, Serialize};

/// The highest AI level.
pub const MAX_LEVEL: u8 = 10;
/// Glicko-2's system constant: how fast volatility may change.
const TAU: f64 = 0.5;
/// Glicko-2's scale between rating points and its internal units.
const SCALE: f64 = 173.7178;
/// The rating deviation of an AI level (it is a known, fixed opponent).
const LEVEL_RD: f64 = 50.0;

/// The rating an AI level plays at.
pub fn level_rating(level: u8) -> f64 {
    let l = level.clamp(1, MAX_LEVEL);
    700.0 + 150.0 * f64::from(l - 1)
}

/// A Glicko-2 rating: estimate, deviation (uncertainty) and volatility.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SkillRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games so far.
    pub games: u32,
}

impl Default for SkillRating {
    /// A newcomer: at level 1's strength, and very uncertain.
    fn default() -> Self {
        SkillRating { rating: level_rating(1), deviation: 350.0, volatility: 0.06, games: 0 }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl SkillRating {
    /// The rating after one game against `opponent_rating` (± `opponent_rd`) with
    /// `score` 1, ½ or 0 for the child.
    pub fn update(&self, opponent_rating: f64, opponent_rd: f64, score: f64) -> SkillRating {
        let score = score.clamp(0.0, 1.0);
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let mu_j = (opponent_rating - 1500.0) / SCALE;
        let phi_j = opponent_rd / SCALE;
        let gj = g(phi_j);
        let e = expected(mu, mu_j, phi_j);
        let v = 1.0 / (gj * gj * e * (1.0 - e)).max(1e-12);
        let delta = v * gj * (score - e);
        let sigma = new_volatility(self.volatility, phi, v, delta);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * gj * (score - e);
        let next = SkillRating {
            rating: 1500.0 + SCALE * mu_new,
            // Never more certain than 30 points, never less than a newcomer.
            deviation: (SCALE * phi_new).clamp(30.0, 350.0),
            volatility: sigma,
            games: self.games.saturating_add(1),
        };
        if next.rating.is_finite() && next.deviation.is_finite() && next.volatility.is_finite() {
            next
        } else {
            *self
        }
    }

    /// The rating after a finished game against an AI level.
    pub fn after_game_against_level(&self, level: u8, score: f64) -> SkillRating {
        self.update(level_rating(level), LEVEL_RD, score)
    }

    /// The expected score against an AI level.
    pub fn expected_against(&self, level: u8) -> f64 {
        let mu = (self.rating - 1500.0) / SCALE;
        expected(mu, (level_rating(level) - 1500.0) / SCALE, LEVEL_RD / SCALE)
    }

    /// Keeps an imported rating within the values Glicko-2 can reach from the start.
    pub fn bound(&mut self) {
        self.rating = self.rating.clamp(0.0, 4_000.0);
        self.deviation = self.deviation.clamp(1.0, 350.0);
        self.volatility = self.volatility.clamp(0.000_1, 1.0);
    }

    /// The level to offer next: the hardest one the child is expected to score at
    /// least 55% against, so games are winnable but not dull. Level 1 at worst.
    pub fn suggested_level(&self) -> u8 {
        (1..=MAX_LEVEL).rev().find(|&l| self.expected_against(l) >= 0.55).unwrap_or(1)
    }
}

/// Step 5 of Glicko-2: the new volatility by the Illinois algorithm.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 100.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut fa = f(big_a);
    let mut fb = f(big_b);
    let mut iterations = 0;
    while (big_b - big_a).abs() > 1e-6 && iterations < 100 {
        iterations += 1;
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let s = (big_a / 2.0).exp();
    if s.is_finite() && s > 0.0 { s } else { sigma }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Glickman's paper: 1500/200 against three opponents.
    #[test]
    fn matches_glickmans_example_for_one_period() {
        // The paper rates one period of three games; do the same calculation here.
        let (mu, phi, sigma) = (0.0, 200.0 / SCALE, 0.06);
        let opp = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)];
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for (r, rd, s) in opp {
            let (mj, pj) = ((r - 1500.0) / SCALE, rd / SCALE);
            let e = expected(mu, mj, pj);
            inv_v += g(pj) * g(pj) * e * (1.0 - e);
            sum += g(pj) * (s - e);
        }
        let v = 1.0 / inv_v;
        let sigma2 = new_volatility(sigma, phi, v, v * sum);
        assert!((sigma2 - 0.05999).abs() < 1e-4, "{sigma2}");
        let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
        let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu2 = mu + phi2 * phi2 * sum;
        assert!((1500.0 + SCALE * mu2 - 1464.06).abs() < 0.1);
        assert!((SCALE * phi2 - 151.52).abs() < 0.1);
    }

    #[test]
    fn winning_raises_the_suggested_level() {
        let mut r = SkillRating::default();
        assert_eq!(r.suggested_level(), 1);
        let mut level = 1;
        for _ in 0..30 {
            r = r.after_game_against_level(level, 1.0);
            level = r.suggested_level();
        }
        assert!(level >= 5, "after 30 straight wins the child is offered level {level}");
        let peak = level;
        for _ in 0..30 {
            r = r.after_game_against_level(level, 0.0);
            level = r.suggested_level();
        }
        assert!(level + 3 <= peak, "after 30 losses the level drops from {peak} to {level}");
        assert_eq!(r.games, 60);
    }
}
