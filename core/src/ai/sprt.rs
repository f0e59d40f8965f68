//! The sequential probability ratio test for engine matches, on pentanomial statistics.
//!
//! Games come in pairs: the same opening with each side once. A pair scores 0, ½, 1,
//! 1½ or 2 points for the first player, and the five counts are the pentanomial. Pairs,
//! not games, are the independent trials, so an opening that favours one colour does
//! not inflate the variance.
//!
//! H0 says the first player is `elo0` stronger, H1 that it is `elo1` stronger (logistic
//! Elo). The log-likelihood ratio is the generalised SPRT's normal approximation: with
//! `N` pairs, mean score per game `x̄`, variance `σ²` of a pair's mean score, and
//! `sᵢ = 1 / (1 + 10^(−eloᵢ/400))`,
//!
//! `LLR = N · (s₁ − s₀) · (2x̄ − s₀ − s₁) / (2σ²)`.
//!
//! The test stops when the LLR leaves `(ln(β/(1−α)), ln((1−β)/α))`: below accepts H0,
//! above accepts H1.

use std::fmt;

/// The test's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What is wrong with an SPRT setting.
#[derive(Debug, Clone, PartialEq)]
pub enum SprtError {
    /// A word is not `name=number`.
    Malformed(String),
    /// A name other than elo0, elo1, alpha, beta.
    Unknown(String),
    /// `elo1` must be above `elo0`, and `alpha` and `beta` strictly between 0 and ½.
    OutOfRange,
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::Malformed(w) => write!(f, "'{w}' should read name=number"),
            SprtError::Unknown(n) => {
                write!(f, "'{n}' is not an SPRT setting (elo0, elo1, alpha, beta)")
            }
            SprtError::OutOfRange => {
                write!(f, "the SPRT wants elo0 < elo1 and alpha, beta between 0 and 0.5")
            }
        }
    }
}

impl std::error::Error for SprtError {}

impl Default for Sprt {
    fn default() -> Self {
        Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 }
    }
}

/// Where the test stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The LLR fell below the lower bound: no gain of `elo1`.
    AcceptH0,
    /// The LLR rose above the upper bound: a gain of at least `elo0`.
    AcceptH1,
    Continue,
}

impl Sprt {
    /// Reads words such as `elo0=0 elo1=5 alpha=0.05 beta=0.05`; unnamed settings keep
    /// the default (0, 5, 0.05, 0.05).
    pub fn parse<'a>(words: impl IntoIterator<Item = &'a str>) -> Result<Sprt, SprtError> {
        let mut s = Sprt::default();
        for w in words {
            let (name, value) = w.split_once('=').ok_or_else(|| SprtError::Malformed(w.into()))?;
            let v: f64 = value.parse().map_err(|_| SprtError::Malformed(w.into()))?;
            if !v.is_finite() {
                return Err(SprtError::Malformed(w.into()));
            }
            match name {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => return Err(SprtError::Unknown(name.into())),
            }
        }
        let rate = |x: f64| x > 0.0 && x < 0.5;
        if s.elo1 <= s.elo0 || !rate(s.alpha) || !rate(s.beta) {
            return Err(SprtError::OutOfRange);
        }
        Ok(s)
    }

    /// The lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 for `counts`.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        let Some((n, mean, var)) = counts.moments() else { return 0.0 };
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    pub fn decide(&self, counts: &Pentanomial) -> Decision {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Decision::AcceptH0
        } else if llr >= upper {
            Decision::AcceptH1
        } else {
            Decision::Continue
        }
    }
}

/// The expected score of a side `elo` stronger (logistic).
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that an expected score `s` in (0, 1) means.
pub fn elo_of(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// How many game pairs scored 0, ½, 1, 1½ and 2 points for the first player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Adds a pair from the first player's two game scores (each 0, ½ or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[halves] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Pairs, mean score per game and variance of a pair's mean score. Each of the five
    /// counts starts at a quarter of a pair, a prior that keeps a short run of one kind
    /// of pair (one win pair is not proof of anything) from having no variance; over
    /// hundreds of pairs it changes nothing that matters.
    fn moments(&self) -> Option<(f64, f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let c: Vec<f64> = self.counts.iter().map(|&k| k as f64 + 0.25).collect();
        let total: f64 = c.iter().sum();
        let score = |i: usize| i as f64 / 4.0;
        let mean = c.iter().enumerate().map(|(i, k)| k * score(i)).sum::<f64>() / total;
        let var =
            c.iter().enumerate().map(|(i, k)| k * (score(i) - mean).powi(2)).sum::<f64>() / total;
        Some((n as f64, mean, var))
    }

    /// The Elo difference with its 95% interval, from the pairs' mean and variance.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let (n, mean, var) = self.moments()?;
        let half = 1.96 * (var / n).sqrt();
        Some((elo_of(mean), elo_of(mean - half), elo_of(mean + half)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn bounds_and_llr_match_hand_computed_values() {
        let s = Sprt::default();
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_438_979) && close(hi, 2.944_438_979));
        // Symmetric pairs, each count plus the quarter-pair prior: mean ½,
        // σ² = (10.25·¼ + 20.25·¹⁄₁₆ + 20.25·¹⁄₁₆ + 10.25·¼) / 101.25 = 0.075617284,
        // s₁ = 0.507195082, LLR = 100 · 0.007195 · (−0.007195) / (2σ²).
        let even = Pentanomial { counts: [10, 20, 40, 20, 10] };
        assert!(close(s.llr(&even), -0.034_231_063_4), "{}", s.llr(&even));
        let (elo, lo, hi) = even.elo().unwrap();
        assert!(elo.abs() < 1e-9 && (hi - 37.598).abs() < 1e-3 && (lo + 37.598).abs() < 1e-3);
        // Mean 0.549689441, σ² = 0.047996798 over 200 pairs.
        let ahead = Pentanomial { counts: [5, 30, 100, 50, 15] };
        assert!(close(s.llr(&ahead), 1.381_904_634_1), "{}", s.llr(&ahead));
        let (elo, lo, hi) = ahead.elo().unwrap();
        assert!((elo - 34.642).abs() < 1e-3 && (lo - 13.436).abs() < 1e-3);
        assert!((hi - 56.109).abs() < 1e-3);
        // One won pair is far from proof.
        let one = Pentanomial { counts: [0, 0, 0, 0, 1] };
        assert_eq!(s.decide(&one), Decision::Continue);
    }

    /// Pairs where the first player wins a game with `win` and draws with `draw`.
    fn run(win: f64, draw: f64, seed: u64, max_pairs: usize) -> (Decision, u64) {
        let s = Sprt::parse("elo0=0 elo1=10 alpha=0.05 beta=0.05".split(' ')).unwrap();
        let mut rng = Rng::new(seed);
        let mut game = || {
            let u = rng.below(1_000_000) as f64 / 1e6;
            if u < win {
                1.0
            } else if u < win + draw {
                0.5
            } else {
                0.0
            }
        };
        let mut p = Pentanomial::default();
        for _ in 0..max_pairs {
            let (a, b) = (game(), game());
            p.add_pair(a, b);
            match s.decide(&p) {
                Decision::Continue => {}
                d => return (d, p.pairs()),
            }
        }
        (Decision::Continue, p.pairs())
    }

    #[test]
    fn a_clearly_stronger_side_is_accepted_and_equal_sides_are_not() {
        // 40% wins, 40% draws, 20% losses: a 60% score, about +70 Elo.
        for seed in 1..=20 {
            assert_eq!(run(0.4, 0.4, seed, 20_000).0, Decision::AcceptH1);
        }
        // Equal sides: H1 is accepted at most about alpha (5%) of the time, and every
        // run ends on a decision.
        let runs: Vec<(Decision, u64)> =
            (1..=100).map(|seed| run(0.3, 0.4, seed, 50_000)).collect();
        let false_h1 = runs.iter().filter(|r| r.0 == Decision::AcceptH1).count();
        assert!(false_h1 <= 8, "{false_h1} of 100 equal matches accepted H1");
        assert!(runs.iter().all(|r| r.0 != Decision::Continue));
        // A side exactly elo1 stronger is accepted at least about 1 - beta of the time.
        let s = expected(10.0);
        let true_h1 = (1..=100)
            .filter(|&seed| run(0.3 + (s - 0.5), 0.4, seed, 50_000).0 == Decision::AcceptH1)
            .count();
        assert!(true_h1 >= 92, "{true_h1} of 100 matches with a 10 Elo edge accepted H1");
    }

    #[test]
    fn settings_are_checked() {
        assert_eq!(Sprt::parse(["elo1=3"]).unwrap().elo1, 3.0);
        assert_eq!(Sprt::parse(["elo0=5", "elo1=0"]), Err(SprtError::OutOfRange));
        assert_eq!(Sprt::parse(["alpha=0.7"]), Err(SprtError::OutOfRange));
        assert!(matches!(Sprt::parse(["gamma=1"]), Err(SprtError::Unknown(_))));
        assert!(matches!(Sprt::parse(["elo0"]), Err(SprtError::Malformed(_))));
        assert!(matches!(Sprt::parse(["elo0=x"]), Err(SprtError::Malformed(_))));
    }
}
