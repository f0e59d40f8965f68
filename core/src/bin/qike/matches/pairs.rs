//! The bookkeeping every `qike match` shares, whatever the game: games come in pairs
//! (game `2k` and `2k + 1` play the same opening with the colours swapped), each result
//! goes into the win/draw/loss count and, once its partner is in, into the pentanomial
//! count; with `--sprt` the sequential test is consulted after every pair and says when
//! to stop. Results may arrive out of order (matches played by several workers).

use std::collections::BTreeMap;
use std::time::Duration;

use qike_core::GameKind;
use qike_core::ai::arena::EloEstimate;
use qike_core::ai::sprt::{Decision, Pentanomial, Sprt};
use qike_core::ai::{Level, Limits};

/// The parts after `search:` of a `search:nodes=N[:weights=FILE]` or
/// `search:ms=N[:weights=FILE]` player: its fixed limits and the weights `read` made
/// of the file, if one is named.
pub fn search_spec<W>(
    spec: &str,
    rest: &str,
    read: impl Fn(&str) -> Result<W, String>,
) -> Result<(Limits, Option<W>), String> {
    let mut limits = None;
    let mut weights = None;
    for part in rest.split(':') {
        let (k, v) =
            part.split_once('=').ok_or(format!("'{part}' in '{spec}' wants NAME=VALUE"))?;
        let n = || v.parse::<u64>().map_err(|_| format!("{k} wants a number, not '{v}'"));
        match k {
            "nodes" => limits = Some(Limits::nodes(n()?)),
            "ms" => limits = Some(Limits::movetime(Duration::from_millis(n()?))),
            "weights" => weights = Some(read(v)?),
            _ => return Err(format!("'{k}' in '{spec}' is not nodes, ms or weights")),
        }
    }
    let limits = limits.ok_or(format!("'{spec}' wants nodes=N or ms=N"))?;
    Ok((limits, weights))
}

/// `level:N[:fixed]`'s level of `kind`, and whether `:fixed` drops its time cap.
pub fn level_spec(kind: GameKind, rest: &str) -> Result<(Level, bool), String> {
    let (n, fixed) = rest.split_once(':').map_or((rest, false), |(n, f)| (n, f == "fixed"));
    let n: u32 = n.parse().map_err(|_| format!("level:N wants a number, not '{n}'"))?;
    let level = Level::get(kind, n).map_err(|e| e.to_string())?;
    Ok((level, fixed))
}

/// `custom:D,N,T,M,NOISE,BLUNDER[:fixed]`'s row (depth, nodes, time_ms, margin, noise,
/// blunder percent): a level row to try before it goes into a game's table. `:fixed`
/// drops the time cap, as for `level:N:fixed`.
pub fn custom_level(rest: &str) -> Result<(Level, bool), String> {
    let (rest, fixed) = match rest.split_once(':') {
        None => (rest, false),
        Some((r, "fixed")) => (r, true),
        Some((_, other)) => return Err(format!("custom:…:{other}: the only suffix is ':fixed'")),
    };
    let v: Vec<u64> = rest.split(',').filter_map(|x| x.parse().ok()).collect();
    let [depth, nodes, time_ms, margin, noise, blunder] = v[..] else {
        return Err(format!("custom:D,N,T,M,NOISE,BLUNDER wants six numbers, not '{rest}'"));
    };
    let level = Level {
        number: 0,
        name_zh: "自定",
        name_en: "custom",
        about_zh: "",
        about_en: "",
        depth: depth as u32,
        nodes,
        time_ms,
        margin: margin as i32,
        noise: noise as i32,
        blunder_percent: blunder as u32,
        threads: 1,
    };
    Ok((level, fixed))
}

/// Reads `--sprt elo0=A elo1=B alpha=X beta=Y`, if given.
pub fn sprt_option(words: Option<Vec<String>>) -> Result<Option<Sprt>, String> {
    match words {
        Some(words) => {
            Sprt::parse(words.iter().map(String::as_str)).map(Some).map_err(|e| e.to_string())
        }
        None => Ok(None),
    }
}

/// `--option1 NAME=VALUE`… (or `--option2`) as pairs.
pub fn engine_options(words: &[String], side: usize) -> Result<Vec<(String, String)>, String> {
    words
        .iter()
        .map(|o| {
            let (a, b) = o.split_once('=').ok_or(format!("--option{side} wants NAME=VALUE"))?;
            Ok((a.to_owned(), b.to_owned()))
        })
        .collect()
}

/// Player 1's results so far.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    sprt: Option<Sprt>,
    wins: u32,
    draws: u32,
    losses: u32,
    pairs: Pentanomial,
    /// Results of games whose partner has not finished, by pair number.
    waiting: BTreeMap<usize, f64>,
    decision: Option<Decision>,
}

impl Tally {
    pub fn new(sprt: Option<Sprt>) -> Tally {
        Tally { sprt, ..Tally::default() }
    }

    /// Records player 1's points (1, ½ or 0) in game `game` (counted from 0). When this
    /// completes a pair while a test runs, returns the test's line to print after the
    /// game's; [`Tally::decided`] then says whether to stop. Once it has, further
    /// results are left out.
    pub fn record(&mut self, game: usize, points: f64) -> Option<String> {
        if self.decided() {
            // Games that finish after the test decided are not counted.
            return None;
        }
        match points {
            p if p > 0.75 => self.wins += 1,
            p if p < 0.25 => self.losses += 1,
            _ => self.draws += 1,
        }
        let Some(partner) = self.waiting.remove(&(game / 2)) else {
            self.waiting.insert(game / 2, points);
            return None;
        };
        self.pairs.add_pair(partner, points);
        let test = self.sprt.as_ref()?;
        let d = test.decide(&self.pairs);
        if d != Decision::Continue {
            self.decision = Some(d);
        }
        Some(sprt_line(test, &self.pairs))
    }

    /// The pair counts so far.
    pub fn pairs(&self) -> &Pentanomial {
        &self.pairs
    }

    /// Whether the sequential test has stopped the match.
    pub fn decided(&self) -> bool {
        self.decision.is_some()
    }

    /// The score so far, as the per-game lines show it.
    pub fn estimate(&self) -> EloEstimate {
        EloEstimate::new(self.wins, self.draws, self.losses)
    }

    /// The closing lines: the score with its Elo estimate and, with a test, its verdict.
    pub fn summary(&self) -> String {
        let mut out = self.estimate().summary();
        if let Some(test) = &self.sprt {
            let verdict = match test.decide(&self.pairs) {
                Decision::AcceptH0 => "H0 accepted",
                Decision::AcceptH1 => "H1 accepted",
                Decision::Continue => "no decision",
            };
            out += &format!(
                "\nSPRT elo0={} elo1={} alpha={} beta={}: {verdict} after {} pairs; {}",
                test.elo0,
                test.elo1,
                test.alpha,
                test.beta,
                self.pairs.pairs(),
                sprt_line(test, &self.pairs)
            );
        }
        out
    }
}

/// LLR, bounds, pentanomial counts and Elo with its 95% interval.
fn sprt_line(test: &Sprt, pairs: &Pentanomial) -> String {
    let (lower, upper) = test.bounds();
    let c = pairs.counts;
    let elo = pairs
        .elo()
        .map_or(String::new(), |(e, lo, hi)| format!(" elo {e:+.1} [{lo:+.1}, {hi:+.1}]"));
    format!(
        "sprt llr {:.3} ({lower:.3}, {upper:.3}) pairs {} ptnml [{} {} {} {} {}]{elo}",
        test.llr(pairs),
        pairs.pairs(),
        c[0],
        c[1],
        c[2],
        c[3],
        c[4]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_form_from_partners_in_any_order() {
        let mut t = Tally::new(None);
        assert_eq!(t.record(1, 1.0), None);
        t.record(2, 0.5);
        t.record(0, 0.0);
        assert!(!t.decided());
        assert_eq!(t.pairs.counts, [0, 0, 1, 0, 0]);
        t.record(3, 1.0);
        assert_eq!(t.pairs.counts, [0, 0, 1, 1, 0]);
        let e = t.estimate();
        assert_eq!((e.wins, e.draws, e.losses), (2, 1, 1));
    }

    #[test]
    fn a_test_stops_a_one_sided_match() {
        let mut t = Tally::new(Some(Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 }));
        let mut g = 0;
        loop {
            let line = t.record(g, 1.0);
            assert_eq!(line.is_some(), g % 2 == 1, "a test speaks only on whole pairs");
            if t.decided() {
                break;
            }
            g += 1;
            assert!(g < 200);
        }
        let games = t.estimate().games;
        t.record(g + 1, 0.0);
        assert!(t.record(g + 2, 0.0).is_none(), "a decided test says no more");
        assert_eq!(t.estimate().games, games);
        assert!(t.summary().contains("H1 accepted"), "{}", t.summary());
    }
}
