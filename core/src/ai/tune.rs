//! Texel tuning, shared by the engines: fit an evaluation's weights to how games ended.
//!
//! An engine plugs in through [`Tunable`]: its weights as one flat vector, and the
//! evaluation of a quiet position as a linear function of them (a fixed part plus a
//! coefficient per weight, from the first player's side). The tuner then
//!
//! 1. fits the scale `K` of the logistic `σ(e) = 1 / (1 + 10^(−K·e/400))` that turns an
//!    evaluation in centipawns into an expected score, with the starting weights;
//! 2. minimises the mean squared error between `σ(eval)` and the game result (1, ½, 0)
//!    over the training positions by full-batch gradient descent (Adam), with `K` fixed;
//! 3. reports the error before and after on the training positions and on a held-out
//!    tenth of them, so that overfitting shows.
//!
//! ```
//! use qike_core::ai::tune::{Dataset, FitConfig, Linear, Tunable, fit};
//!
//! // A toy game whose only term is a material count, worth 100 per unit to start.
//! struct Toy;
//! impl Tunable for Toy {
//!     type Position = i32;
//!     fn weights(&self) -> Vec<f64> { vec![100.0] }
//!     fn name(&self, _: usize) -> String { "unit".into() }
//!     fn linear(&self, p: &i32) -> Option<Linear> {
//!         Some(Linear { fixed: 0.0, terms: vec![(0, *p as f32)] })
//!     }
//! }
//! let games = (0..400).map(|i| (i % 5 - 2, if i % 5 > 2 { 1.0 } else if i % 5 < 2 { 0.0 } else { 0.5 }));
//! let data = Dataset::build(&Toy, games);
//! let result = fit(&data, &Toy.weights(), &FitConfig::default());
//! assert!(result.train_after <= result.train_before);
//! ```

/// An evaluation the tuner can fit.
pub trait Tunable {
    /// A position of the game.
    type Position;
    /// The starting weights.
    fn weights(&self) -> Vec<f64>;
    /// The name of weight `i`, for the report.
    fn name(&self, i: usize) -> String;
    /// The evaluation of `pos` from the first player's side as a linear function of the
    /// weights, or `None` where the evaluation does not follow them (known endings).
    fn linear(&self, pos: &Self::Position) -> Option<Linear>;
}

/// `fixed + Σ coef · weight[index]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Linear {
    pub fixed: f32,
    pub terms: Vec<(u32, f32)>,
}

impl Linear {
    /// The value under `w`.
    pub fn value(&self, w: &[f64]) -> f64 {
        self.fixed as f64 + self.terms.iter().map(|&(i, c)| c as f64 * w[i as usize]).sum::<f64>()
    }
}

/// Positions with their results (1 a first-player win, ½ a draw, 0 a loss), split into
/// training positions and a held-out tenth. Positions that follow each other usually
/// come from the same game, so the held-out tenth is taken in runs of 256 (every tenth
/// run), which keeps most games wholly on one side of the split.
#[derive(Debug, Clone, Default)]
pub struct Dataset {
    pub train: Vec<(Linear, f64)>,
    pub held_out: Vec<(Linear, f64)>,
    /// Positions the evaluation does not express by its weights, left out.
    pub skipped: usize,
}

impl Dataset {
    pub fn build<T: Tunable>(
        t: &T,
        positions: impl IntoIterator<Item = (T::Position, f64)>,
    ) -> Dataset {
        let mut d = Dataset::default();
        let mut n = 0usize;
        for (pos, result) in positions {
            let Some(lin) = t.linear(&pos) else {
                d.skipped += 1;
                continue;
            };
            n += 1;
            if (n / 256) % 10 == 9 {
                d.held_out.push((lin, result));
            } else {
                d.train.push((lin, result));
            }
        }
        d
    }
}

/// The expected score of an evaluation `e` at scale `k`.
pub fn sigmoid(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The mean squared error of `w` at scale `k` over `set`.
pub fn error(set: &[(Linear, f64)], w: &[f64], k: f64) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let sum: f64 = set
        .iter()
        .map(|(lin, r)| {
            let d = r - sigmoid(lin.value(w), k);
            d * d
        })
        .sum();
    sum / set.len() as f64
}

/// The scale `k` in `[0.05, 5]` that minimises the error of `w` over `set` (golden
/// section search; the error is unimodal in `k` for a fixed evaluation).
pub fn fit_k(set: &[(Linear, f64)], w: &[f64]) -> f64 {
    let values: Vec<(f64, f64)> = set.iter().map(|(lin, r)| (lin.value(w), *r)).collect();
    let err = |k: f64| values.iter().map(|(e, r)| (r - sigmoid(*e, k)).powi(2)).sum::<f64>();
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05, 5.0);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    for _ in 0..60 {
        if err(c) < err(d) {
            b = d;
        } else {
            a = c;
        }
        c = b - g * (b - a);
        d = a + g * (b - a);
    }
    (a + b) / 2.0
}

/// How the weights are fitted.
#[derive(Debug, Clone)]
pub struct FitConfig {
    /// Full passes over the training positions.
    pub epochs: usize,
    /// Adam's step size, in the weights' units (centipawns).
    pub rate: f64,
    /// Weights that keep their starting value.
    pub frozen: Vec<usize>,
    /// A penalty `l2 · Σ (w − start)²` added to the error, so that a weight only moves
    /// as far as the positions justify (a rare term would otherwise wander).
    pub l2: f64,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig { epochs: 300, rate: 1.0, frozen: Vec::new(), l2: 0.0 }
    }
}

/// What a fit found.
#[derive(Debug, Clone)]
pub struct FitResult {
    pub k: f64,
    pub weights: Vec<f64>,
    pub train_before: f64,
    pub train_after: f64,
    pub held_out_before: f64,
    pub held_out_after: f64,
}

/// Fits `K` with `start`, then the weights with `K` fixed.
pub fn fit(data: &Dataset, start: &[f64], config: &FitConfig) -> FitResult {
    let k = fit_k(&data.train, start);
    let mut w = start.to_vec();
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let count = data.train.len().max(1) as f64;
    let mut grad = vec![0.0; n];
    for epoch in 1..=config.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        for (lin, r) in &data.train {
            let s = sigmoid(lin.value(&w), k);
            // d/dw (r − σ)² = −2 (r − σ) σ (1 − σ) · scale · coef
            let common = -2.0 * (r - s) * s * (1.0 - s) * scale / count;
            for &(i, c) in &lin.terms {
                grad[i as usize] += common * c as f64;
            }
        }
        for i in 0..n {
            grad[i] += 2.0 * config.l2 * (w[i] - start[i]);
        }
        for &i in &config.frozen {
            if i < n {
                grad[i] = 0.0;
            }
        }
        let t = epoch as i32;
        for i in 0..n {
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(t));
            let vh = v[i] / (1.0 - b2.powi(t));
            w[i] -= config.rate * mh / (vh.sqrt() + eps);
        }
    }
    let rounded: Vec<f64> = w.iter().map(|x| x.round()).collect();
    FitResult {
        k,
        train_before: error(&data.train, start, k),
        train_after: error(&data.train, &rounded, k),
        held_out_before: error(&data.held_out, start, k),
        held_out_after: error(&data.held_out, &rounded, k),
        weights: rounded,
    }
}

/// What is wrong with a weights file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightsError {
    /// A line does not read `name middlegame endgame`.
    Malformed { line: usize },
    /// A line names no parameter of the evaluation.
    Unknown { line: usize, name: String },
    /// A parameter is given twice.
    Repeated { name: String },
    /// A parameter is not given at all.
    Missing { name: String },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::Malformed { line } => write!(
                f,
                "line {line} of the weights should read `name middlegame endgame` with whole numbers"
            ),
            WeightsError::Unknown { line, name } => {
                write!(f, "line {line} names '{name}', which the evaluation does not have")
            }
            WeightsError::Repeated { name } => write!(f, "'{name}' is given twice"),
            WeightsError::Missing { name } => write!(f, "the weights do not give '{name}'"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// Reads a weights file of `name middlegame endgame` lines (`#` starts a comment) that
/// gives each of `names` exactly once; returns the pairs in the order of `names`.
pub fn parse_pairs(text: &str, names: &[String]) -> Result<Vec<[i32; 2]>, WeightsError> {
    let index: std::collections::HashMap<&str, usize> =
        names.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    let mut seen = vec![false; names.len()];
    let mut w = vec![[0; 2]; names.len()];
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, mg, eg] = words[..] else {
            return Err(WeightsError::Malformed { line: i + 1 });
        };
        let (Ok(mg), Ok(eg)) = (mg.parse::<i32>(), eg.parse::<i32>()) else {
            return Err(WeightsError::Malformed { line: i + 1 });
        };
        if mg.abs() > 100_000 || eg.abs() > 100_000 {
            return Err(WeightsError::Malformed { line: i + 1 });
        }
        let p = *index
            .get(name)
            .ok_or_else(|| WeightsError::Unknown { line: i + 1, name: name.to_owned() })?;
        if seen[p] {
            return Err(WeightsError::Repeated { name: name.to_owned() });
        }
        seen[p] = true;
        w[p] = [mg, eg];
    }
    if let Some(p) = seen.iter().position(|s| !s) {
        return Err(WeightsError::Missing { name: names[p].clone() });
    }
    Ok(w)
}

/// A weights file [`parse_pairs`] reads back.
pub fn pairs_text(names: &[String], pairs: &[[i32; 2]]) -> String {
    let mut out = String::from("# parameter middlegame endgame\n");
    for (name, [mg, eg]) in names.iter().zip(pairs) {
        out += &format!("{name} {mg} {eg}\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions described by two counts; the "true" evaluation weighs them 150 and -40.
    struct Two {
        start: Vec<f64>,
    }

    impl Tunable for Two {
        type Position = (i32, i32);
        fn weights(&self) -> Vec<f64> {
            self.start.clone()
        }
        fn name(&self, i: usize) -> String {
            format!("w{i}")
        }
        fn linear(&self, p: &(i32, i32)) -> Option<Linear> {
            if p.0 == 99 {
                return None;
            }
            Some(Linear { fixed: 5.0, terms: vec![(0, p.0 as f32), (1, p.1 as f32)] })
        }
    }

    /// Results drawn with the expected score of the true weights at K = 1, by a fixed
    /// sequence of pseudo-random numbers.
    fn games() -> Vec<((i32, i32), f64)> {
        let mut rng = crate::Rng::new(7);
        let mut out = Vec::new();
        for _ in 0..20_000 {
            let a = rng.below(7) as i32 - 3;
            let b = rng.below(9) as i32 - 4;
            let p = sigmoid(5.0 + 150.0 * a as f64 - 40.0 * b as f64, 1.0);
            let u = rng.below(1_000_000) as f64 / 1e6;
            out.push(((a, b), if u < p { 1.0 } else { 0.0 }));
        }
        out.push(((99, 0), 1.0));
        out
    }

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let toy = Two { start: vec![60.0, 0.0] };
        let data = Dataset::build(&toy, games());
        assert_eq!(data.skipped, 1);
        assert_eq!(data.train.len() + data.held_out.len(), 20_000);
        let config = FitConfig { epochs: 600, rate: 2.0, ..FitConfig::default() };
        let r = fit(&data, &toy.weights(), &config);
        // K and the weights trade off against each other; their product is what the
        // results determine.
        let a = r.weights[0] * r.k;
        let b = r.weights[1] * r.k;
        assert!((a - 150.0).abs() < 15.0, "{a}");
        assert!((b + 40.0).abs() < 8.0, "{b}");
        assert!(r.train_after < r.train_before);
        assert!(r.held_out_after < r.held_out_before);
        // A strong penalty keeps the weights near the start.
        let tight = FitConfig { l2: 1.0, ..config };
        let r = fit(&data, &toy.weights(), &tight);
        assert!((r.weights[0] - 60.0).abs() < 3.0 && r.weights[1].abs() < 3.0, "{:?}", r.weights);
    }

    #[test]
    fn k_fits_the_scale_of_a_known_evaluation() {
        let toy = Two { start: vec![150.0, -40.0] };
        let data = Dataset::build(&toy, games());
        let k = fit_k(&data.train, &toy.weights());
        assert!((k - 1.0).abs() < 0.1, "{k}");
    }

    #[test]
    fn frozen_weights_stay() {
        let toy = Two { start: vec![60.0, 0.0] };
        let data = Dataset::build(&toy, games());
        let config = FitConfig { epochs: 50, rate: 2.0, frozen: vec![0], l2: 0.0 };
        let r = fit(&data, &toy.weights(), &config);
        assert_eq!(r.weights[0], 60.0);
        assert!(r.weights[1] < 0.0);
    }
}
