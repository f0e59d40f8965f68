//! The evaluation's weights as data: a middlegame and an endgame value for each
//! parameter, named so a weights file reads as a table (`material.knight 320 300`).
//! The built-in set is `weights.txt`, in the format the tuner writes; it holds the
//! hand-set values of [`Weights::hand`] until a fitted set wins an SPRT against them.

use std::sync::OnceLock;

pub use crate::ai::tune::WeightsError;
use crate::ai::tune::{pairs_text, parse_pairs};

/// Piece values of pawn, knight, bishop, rook and queen.
pub(crate) const MATERIAL: usize = 0;
/// Piece-square corrections by file (a and h, b and g, c and f, d and e), four per piece.
pub(crate) const PST_FILE: usize = MATERIAL + 5;
/// Piece-square corrections by rank from the owner's side, eight per piece.
pub(crate) const PST_RANK: usize = PST_FILE + 24;
/// Per square of reach beyond the typical for knight, bishop, rook and queen.
pub(crate) const MOBILITY: usize = PST_RANK + 48;
/// Sixteenths of the attack-on-the-king units (two or more attackers).
pub(crate) const KING_ATTACK: usize = MOBILITY + 4;
pub(crate) const ROOK_OPEN: usize = KING_ATTACK + 1;
pub(crate) const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
pub(crate) const BISHOP_PAIR: usize = ROOK_SEMI_OPEN + 1;
pub(crate) const DOUBLED: usize = BISHOP_PAIR + 1;
pub(crate) const ISOLATED: usize = DOUBLED + 1;
/// A passed pawn on its owner's ranks 2 to 7.
pub(crate) const PASSED: usize = ISOLATED + 1;
/// A passer's rank times how much nearer its path the own king is than the enemy's.
pub(crate) const PASSED_KING: usize = PASSED + 6;
/// Each of the three shield squares in front of a castled king without a pawn.
pub(crate) const SHIELD_MISSING: usize = PASSED_KING + 1;
/// Having the move.
pub(crate) const TEMPO: usize = SHIELD_MISSING + 1;
/// The number of parameters; each has two weights.
pub const PARAMS: usize = TEMPO + 1;

const PIECES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The name of parameter `p`, as a weights file spells it.
pub fn param_name(p: usize) -> String {
    match p {
        _ if p < PST_FILE => format!("material.{}", PIECES[p - MATERIAL]),
        _ if p < PST_RANK => {
            let i = p - PST_FILE;
            format!("pst.{}.file_{}", PIECES[i / 4], ["ah", "bg", "cf", "de"][i % 4])
        }
        _ if p < MOBILITY => {
            let i = p - PST_RANK;
            format!("pst.{}.rank_{}", PIECES[i / 8], i % 8 + 1)
        }
        _ if p < KING_ATTACK => format!("mobility.{}", PIECES[p - MOBILITY + 1]),
        KING_ATTACK => "king_attack".into(),
        ROOK_OPEN => "rook.open_file".into(),
        ROOK_SEMI_OPEN => "rook.half_open_file".into(),
        BISHOP_PAIR => "bishop_pair".into(),
        DOUBLED => "pawn.doubled".into(),
        ISOLATED => "pawn.isolated".into(),
        _ if p < PASSED_KING => format!("passed.rank_{}", p - PASSED + 2),
        PASSED_KING => "passed.king_distance".into(),
        SHIELD_MISSING => "king.shield_missing".into(),
        _ => "tempo".into(),
    }
}

/// Every weight of the evaluation: `[mg, eg]` for each parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    w: [[i32; 2]; PARAMS],
}

impl Weights {
    /// The weights in use: `weights.txt`, built in.
    pub fn builtin() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| {
            Weights::parse(include_str!("weights.txt")).unwrap_or_else(|_| Weights::hand())
        })
    }

    /// The weights set by hand from general chess knowledge, before any tuning.
    pub fn hand() -> Weights {
        let mut w = [[0; 2]; PARAMS];
        let mg = [85, 320, 335, 470, 940];
        let eg = [110, 300, 320, 530, 990];
        for i in 0..5 {
            w[MATERIAL + i] = [mg[i], eg[i]];
        }
        for (i, v) in [[4, 4], [5, 5], [2, 4], [1, 2]].into_iter().enumerate() {
            w[MOBILITY + i] = v;
        }
        w[KING_ATTACK] = [16, 0];
        w[ROOK_OPEN] = [22, 10];
        w[ROOK_SEMI_OPEN] = [10, 4];
        w[BISHOP_PAIR] = [28, 48];
        w[DOUBLED] = [-6, -12];
        w[ISOLATED] = [-10, -14];
        let passed = [[4, 10], [8, 18], [16, 32], [30, 55], [55, 95], [85, 145]];
        for (i, v) in passed.into_iter().enumerate() {
            w[PASSED + i] = v;
        }
        w[PASSED_KING] = [0, 2];
        w[SHIELD_MISSING] = [-12, 0];
        w[TEMPO] = [10, 10];
        Weights { w }
    }

    /// Weights from a flat list: `[mg0, eg0, mg1, eg1, …]`, rounded.
    pub fn from_flat(values: &[f64]) -> Option<Weights> {
        if values.len() != 2 * PARAMS {
            return None;
        }
        let mut w = [[0; 2]; PARAMS];
        for (p, pair) in w.iter_mut().enumerate() {
            *pair = [values[2 * p].round() as i32, values[2 * p + 1].round() as i32];
        }
        Some(Weights { w })
    }

    /// The flat list `[mg0, eg0, mg1, eg1, …]`.
    pub fn flat(&self) -> Vec<f64> {
        self.w.iter().flat_map(|p| p.iter().map(|&v| v as f64)).collect()
    }

    /// The two weights of parameter `p`.
    #[inline]
    pub(crate) fn pair(&self, p: usize) -> (i32, i32) {
        let [mg, eg] = self.w[p];
        (mg, eg)
    }

    /// Reads `name middlegame endgame` lines; `#` starts a comment.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let names: Vec<String> = (0..PARAMS).map(param_name).collect();
        let pairs = parse_pairs(text, &names)?;
        let mut w = [[0; 2]; PARAMS];
        w.copy_from_slice(&pairs);
        Ok(Weights { w })
    }

    /// The weights as a file [`Weights::parse`] reads back.
    pub fn to_text(&self) -> String {
        let names: Vec<String> = (0..PARAMS).map(param_name).collect();
        pairs_text(&names, &self.w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_format_round_trips_and_names_are_distinct() {
        let hand = Weights::hand();
        assert_eq!(Weights::parse(&hand.to_text()), Ok(hand.clone()));
        assert_eq!(Weights::from_flat(&hand.flat()), Some(hand));
        let names: std::collections::HashSet<String> = (0..PARAMS).map(param_name).collect();
        assert_eq!(names.len(), PARAMS);
    }

    #[test]
    fn the_builtin_file_parses() {
        assert!(Weights::parse(include_str!("weights.txt")).is_ok());
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        let text = Weights::hand().to_text();
        let missing: String =
            text.lines().filter(|l| !l.starts_with("tempo")).map(|l| l.to_owned() + "\n").collect();
        assert_eq!(Weights::parse(&missing), Err(WeightsError::Missing { name: "tempo".into() }));
        let extra = format!("{text}bishop_pair 1 2\n");
        assert_eq!(
            Weights::parse(&extra),
            Err(WeightsError::Repeated { name: "bishop_pair".into() })
        );
        assert!(matches!(Weights::parse("castle 1 2"), Err(WeightsError::Unknown { line: 1, .. })));
        assert_eq!(Weights::parse("tempo ten 10"), Err(WeightsError::Malformed { line: 1 }));
        assert_eq!(Weights::parse("tempo 10"), Err(WeightsError::Malformed { line: 1 }));
    }
}
