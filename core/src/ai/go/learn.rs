//! Learning the move strengths of [`super::gammas`] from games by minorization–
//! maximization (Hunter's MM for the generalised Bradley–Terry model, as Coulom used
//! it for Go patterns): in every position of the games, the move played is a team of
//! features that won against the teams of all the other legal moves. Each round
//! updates one group of features at a time in closed form; a virtual win and a
//! virtual loss against a strength of 1 keep rare features near 1.
//!
//! Every tenth game is held out: the learner reports how well the strengths predict
//! its moves (mean log-likelihood of the move played, and how often it is the
//! strongest candidate), against the same for even strengths.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::game::Side;
use crate::go::board::{Board, Cell};
use crate::go::playout::is_eye;
use crate::go::{Move, parse_gtp};

use super::gammas::{Features, GROUPS, LineError, levels, offset};
use super::patterns;
use super::policy::PASS;

/// Moves at the start of each game that are not learned from (the games open with a
/// few random stones).
pub const SKIPPED_OPENING_MOVES: usize = 4;
/// Candidate appearances a shape needs to get its own strength; rarer shapes share one.
const SHAPE_MIN: u32 = 20;
/// Every this many games one is held out for testing.
const HOLD_OUT_EVERY: usize = 10;

/// How well a set of strengths predicts the moves of some positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    pub positions: usize,
    /// Mean natural log of the probability given to the move played.
    pub log_likelihood: f64,
    /// Share of positions whose move played is the strongest candidate.
    pub top_one: f64,
}

/// What the learner found.
#[derive(Debug, Clone)]
pub struct Learned {
    /// The strengths in the text form of `gammas.txt`.
    pub text: String,
    pub games: usize,
    /// The training games with even strengths, then with the learned ones.
    pub train_even: Fit,
    pub train: Fit,
    /// The held-out games with even strengths, then with the learned ones.
    pub test_even: Fit,
    pub test: Fit,
}

/// The positions of some games: for each, its candidates' features (the move played
/// first), in one flat list.
#[derive(Default)]
struct Positions {
    features: Vec<Features>,
    /// Start and length of each position's candidates.
    spans: Vec<(u32, u32)>,
}

/// Reads games (one a line: the board size, then the moves in GTP notation, black
/// first) and adds their positions to `train` or `test`.
fn read_games(text: &str) -> Result<(Positions, Positions, usize), LineError> {
    let (mut train, mut test) = (Positions::default(), Positions::default());
    let mut games = 0;
    for (i, raw) in text.lines().enumerate() {
        let err = |message: String| LineError { line: i + 1, message };
        let mut words = raw.split_whitespace();
        let Some(size) = words.next() else { continue };
        let size: u8 = size.parse().map_err(|_| err(format!("'{size}' is not a board size")))?;
        let mut board = Board::new(size).ok_or_else(|| err(format!("no {size}×{size} board")))?;
        let out = if games % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 { &mut test } else { &mut train };
        games += 1;
        let mut side = Side::First;
        let (mut last, mut before) = (PASS, PASS);
        for (n, word) in words.enumerate() {
            let at = match parse_gtp(word, size).map_err(|e| err(format!("move {}: {e}", n + 1)))? {
                Move::Pass => PASS,
                Move::Play(p) => board.index(p),
            };
            if at != PASS {
                board.check(at, side).map_err(|e| err(format!("move {} {word}: {e:?}", n + 1)))?;
                if n >= SKIPPED_OPENING_MOVES && !is_eye(&board, at, side) {
                    add_position(out, &board, at, side, last, before);
                }
                board.play_unchecked(at, side);
            } else {
                board.clear_ko();
            }
            before = last;
            last = at;
            side = side.opponent();
        }
    }
    Ok((train, test, games))
}

/// Adds the position where `side` played `played`: its candidates are every legal
/// point that is not the mover's own eye.
fn add_position(
    out: &mut Positions,
    board: &Board,
    played: usize,
    side: Side,
    last: usize,
    before: usize,
) {
    let start = out.features.len();
    out.features.push(super::gammas::features(board, played, side, last, before));
    for at in board.cell_indices() {
        if at != played
            && board.cell(at) == Cell::Empty
            && board.check(at, side).is_ok()
            && !is_eye(board, at, side)
        {
            out.features.push(super::gammas::features(board, at, side, last, before));
        }
    }
    out.spans.push((start as u32, (out.features.len() - start) as u32));
}

/// The learning problem in compact indices: the levels first, then one index per
/// shape seen often enough, then one for all other shapes.
struct Problem {
    shape_ids: HashMap<usize, u32>,
    other: u32,
    size: usize,
}

impl Problem {
    fn new(train: &Positions) -> Problem {
        let mut seen: HashMap<usize, u32> = HashMap::new();
        for f in &train.features {
            *seen.entry(patterns::canonical(f[0] as usize)).or_default() += 1;
        }
        let mut keys: Vec<usize> =
            seen.into_iter().filter(|&(_, n)| n >= SHAPE_MIN).map(|(k, _)| k).collect();
        keys.sort_unstable();
        let base = levels() as u32;
        let shape_ids: HashMap<usize, u32> =
            keys.iter().enumerate().map(|(i, &k)| (k, base + i as u32)).collect();
        let other = base + keys.len() as u32;
        Problem { shape_ids, other, size: other as usize + 1 }
    }

    /// The features of a candidate in compact indices.
    fn compact(&self, f: &Features) -> Features {
        let mut c = *f;
        c[0] =
            self.shape_ids.get(&patterns::canonical(f[0] as usize)).copied().unwrap_or(self.other);
        c
    }

    /// The group of a compact index: 0 for shapes, 1 + g for group g.
    fn group_of(&self, index: usize) -> usize {
        if index >= levels() {
            return 0;
        }
        1 + (0..GROUPS.len()).rev().find(|&g| offset(g) <= index).unwrap_or(0)
    }
}

fn strength(gamma: &[f64], f: &Features) -> f64 {
    f.iter().map(|&i| gamma[i as usize]).product()
}

/// How well `gamma` predicts the positions (in compact indices).
fn fit(gamma: &[f64], features: &[Features], spans: &[(u32, u32)]) -> Fit {
    let (mut ll, mut top) = (0.0, 0usize);
    for &(start, len) in spans {
        let cands = &features[start as usize..(start + len) as usize];
        let strengths: Vec<f64> = cands.iter().map(|f| strength(gamma, f)).collect();
        let total: f64 = strengths.iter().sum();
        ll += (strengths[0] / total).ln();
        if strengths[1..].iter().all(|&s| s < strengths[0]) {
            top += 1;
        }
    }
    let n = spans.len().max(1) as f64;
    Fit { positions: spans.len(), log_likelihood: ll / n, top_one: top as f64 / n }
}

/// Learns the strengths from `games` (see [`read_games`]) in `rounds` rounds over all
/// groups.
pub fn learn_gammas(games: &str, rounds: usize) -> Result<Learned, LineError> {
    let (train, test, count) = read_games(games)?;
    if train.spans.is_empty() {
        return Err(LineError { line: 0, message: "no positions to learn from".into() });
    }
    let problem = Problem::new(&train);
    let compact: Vec<Features> = train.features.iter().map(|f| problem.compact(f)).collect();
    let test_compact: Vec<Features> = test.features.iter().map(|f| problem.compact(f)).collect();
    let mut gamma = vec![1.0f64; problem.size];
    let train_even = fit(&gamma, &compact, &train.spans);
    let test_even = fit(&gamma, &test_compact, &test.spans);
    // Wins of each feature: how often it is in the move played.
    let mut wins = vec![0.0f64; problem.size];
    for &(start, _) in &train.spans {
        for &i in &compact[start as usize] {
            wins[i as usize] += 1.0;
        }
    }
    let groups = 1 + GROUPS.len();
    let mut denominator = vec![0.0f64; problem.size];
    let mut strengths: Vec<f64> = Vec::new();
    for _ in 0..rounds {
        for g in 0..groups {
            denominator.iter_mut().for_each(|d| *d = 0.0);
            for &(start, len) in &train.spans {
                let cands = &compact[start as usize..(start + len) as usize];
                strengths.clear();
                strengths.extend(cands.iter().map(|f| strength(&gamma, f)));
                let total: f64 = strengths.iter().sum();
                for (f, s) in cands.iter().zip(&strengths) {
                    let i = f[g] as usize;
                    denominator[i] += s / gamma[i] / total;
                }
            }
            for i in 0..problem.size {
                if problem.group_of(i) == g {
                    // One virtual win and one virtual loss against a strength of 1.
                    gamma[i] = (wins[i] + 1.0) / (denominator[i] + 2.0 / (gamma[i] + 1.0));
                }
            }
        }
    }
    let train_fit = fit(&gamma, &compact, &train.spans);
    let test_fit = fit(&gamma, &test_compact, &test.spans);
    let mut text = String::new();
    let _ = writeln!(text, "# Move strengths for the Go engine's priors, written by");
    let _ = writeln!(text, "# `qike go-learn-patterns`: {count} games, {rounds} rounds.");
    for (g, (name, n)) in GROUPS.iter().enumerate() {
        for level in 0..*n {
            let _ = writeln!(text, "{name} {level} {:.5}", gamma[offset(g) + level]);
        }
    }
    let _ = writeln!(text, "shape other {:.5}", gamma[problem.other as usize]);
    let mut shapes: Vec<(usize, u32)> = problem.shape_ids.iter().map(|(&k, &i)| (k, i)).collect();
    shapes.sort_unstable();
    for (key, i) in shapes {
        let _ = writeln!(text, "shape {key} {:.5}", gamma[i as usize]);
    }
    Ok(Learned { text, games: count, train_even, train: train_fit, test_even, test: test_fit })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::go::gammas::Gammas;

    /// Games where black always answers white's stone by taking it or hanes: short
    /// games on 9×9 that a capture feature should explain.
    const GAMES: &str = "9 E5 E4 D4 E3 F3 D3 C3 F4 G4 F2 E2 G3 H3 G2 H2 F5 E6 F6 F7 G6 G7\n\
        9 D5 D4 C4 D3 E3 C3 B3 E4 F4 E2 D2 F3 G3 F2 G2 E5 D6 E6 E7 F5 F6 G5\n\
        9 E5 E6 D6 F5 F4 F6 D7 E7 G5 G6 H6 E4 D4 E3 H5 D3\n";

    #[test]
    fn learning_improves_the_fit_and_writes_strengths_that_read_back() {
        let l = learn_gammas(GAMES, 5).unwrap();
        assert_eq!(l.games, 3);
        // Three games hold none out; the learned strengths fit the games better.
        assert_eq!(l.test.positions, 0);
        assert_eq!(l.train.positions, 17 + 18 + 12);
        assert!(
            l.train.log_likelihood > l.train_even.log_likelihood + 0.5,
            "{:?} against {:?}",
            l.train,
            l.train_even
        );
        assert!(l.train.top_one > l.train_even.top_one);
        let g = Gammas::parse(&l.text).expect("the learner's output reads");
        // Every move of these games is next to the last one: a neighbour of the last
        // move is stronger than a far point.
        let last = |level: usize| g.levels[offset(4) + level];
        assert!(last(0) > 4.0 * last(10), "{} against {}", last(0), last(10));
    }

    #[test]
    fn a_bad_games_file_names_its_line() {
        let e = learn_gammas("9 E5 E4\n7x D4\n", 1).unwrap_err();
        assert_eq!(e.line, 2);
        let e = learn_gammas("9 E5 E5\n", 1).unwrap_err();
        assert!(e.message.contains("move 2"), "{}", e.message);
        let e = learn_gammas("9 E5 Z9\n", 1).unwrap_err();
        assert!(e.message.contains("move 2"), "{}", e.message);
        assert!(learn_gammas("", 1).is_err(), "no positions");
    }
}
