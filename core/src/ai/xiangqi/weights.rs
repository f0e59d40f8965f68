//! The xiangqi evaluation's weights as data: a middlegame and an endgame value for each
//! parameter, named so that a weights file reads as a table (`material.chariot 900 900`).
//! The built-in set is `weights.txt`, in the format the tuner writes. [`Weights::hand`]
//! holds the values set by hand before any tuning; every hand value is the same in both
//! phases, so with them the evaluation is exactly the hand-made one it replaced.
//!
//! The phase runs from 32 (every chariot, horse and cannon on the board: 4, 2 and 2
//! each) down to 0; a parameter's value is its two weights blended by the phase.

use std::sync::OnceLock;

pub use crate::ai::tune::WeightsError;
use crate::ai::tune::{pairs_text, parse_pairs};
use crate::xiangqi::Kind;

/// Piece values of advisor, elephant, horse, chariot, cannon and soldier.
pub(crate) const MATERIAL: usize = 0;
/// Piece-square values: five tables (advisor, elephant and general share the first;
/// then horse, chariot, cannon, soldier) of ten ranks from the owner's back rank, by
/// file pair (the board is mirror-symmetric), five per rank.
pub(crate) const PST: usize = MATERIAL + 6;
/// Per point a horse, chariot or cannon can move to.
pub(crate) const MOBILITY: usize = PST + 5 * 10 * 5;
/// Palace safety: per missing advisor, missing elephant, and rank the general has left
/// its back rank, times the other side's attack units (chariot 2, horse and cannon 1;
/// at most 6).
pub(crate) const PALACE_ADVISOR: usize = MOBILITY + 3;
pub(crate) const PALACE_ELEPHANT: usize = PALACE_ADVISOR + 1;
pub(crate) const PALACE_RAISED: usize = PALACE_ELEPHANT + 1;
/// Attack on the enemy palace by the units of pieces near it (chariot 3, horse and
/// cannon 2, soldier 1; 0 to 12 and more): one value per count, so it may grow faster
/// than the units.
pub(crate) const ATTACK: usize = PALACE_RAISED + 1;
pub(crate) const ATTACK_STEPS: usize = 13;
/// A cannon facing the enemy general along an open file (空头炮), or with one screen.
pub(crate) const HOLLOW_CANNON: usize = ATTACK + ATTACK_STEPS;
pub(crate) const SCREENED_CANNON: usize = HOLLOW_CANNON + 1;
/// Soldiers across the river side by side on one rank, per pair.
pub(crate) const LINKED_SOLDIERS: usize = SCREENED_CANNON + 1;
/// Having the move.
pub(crate) const TEMPO: usize = LINKED_SOLDIERS + 1;
/// The number of parameters; each has two weights.
pub const PARAMS: usize = TEMPO + 1;

/// The phase with every chariot, horse and cannon on the board.
pub(crate) const FULL_PHASE: i32 = 32;

const TABLE_NAMES: [&str; 5] = ["defender", "horse", "chariot", "cannon", "soldier"];
const KIND_NAMES: [&str; 7] =
    ["general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"];
const FILE_PAIRS: [&str; 5] = ["ai", "bh", "cg", "df", "e"];

/// The piece-square table of `kind`: 0 for the defenders, 1–4 for the others.
#[inline(always)]
pub(crate) fn table_of(kind: Kind) -> usize {
    (kind as usize).saturating_sub(2)
}

/// The parameter of the piece-square value of `kind` of side index `s` (0 red) on
/// square `sq` (rank × 9 + file, rank 0 red's back rank).
#[inline(always)]
pub(crate) fn pst_param(kind: Kind, s: usize, sq: usize) -> usize {
    let (file, rank) = (sq % 9, (sq / 9).min(9));
    let own_rank = if s == 0 { rank } else { 9 - rank };
    PST + table_of(kind) * 50 + own_rank * 5 + file.min(8 - file)
}

/// The name of parameter `p`, as a weights file spells it.
pub fn param_name(p: usize) -> String {
    match p {
        _ if p < PST => format!("material.{}", KIND_NAMES[p - MATERIAL + 1]),
        _ if p < MOBILITY => {
            let i = p - PST;
            let (t, rank, pair) = (i / 50, i % 50 / 5, i % 5);
            format!("pst.{}.rank{rank}.{}", TABLE_NAMES[t], FILE_PAIRS[pair])
        }
        _ if p < PALACE_ADVISOR => format!("mobility.{}", KIND_NAMES[p - MOBILITY + 3]),
        PALACE_ADVISOR => "palace.missing_advisor".into(),
        PALACE_ELEPHANT => "palace.missing_elephant".into(),
        PALACE_RAISED => "palace.general_raised".into(),
        _ if p < HOLLOW_CANNON => format!("attack.units{}", p - ATTACK),
        HOLLOW_CANNON => "cannon.hollow".into(),
        SCREENED_CANNON => "cannon.screened".into(),
        LINKED_SOLDIERS => "soldier.linked".into(),
        _ => "tempo".into(),
    }
}

/// Every weight of the evaluation, `[mg, eg]` for each parameter, and the material
/// plus piece-square value of each piece on each square derived from them (what the
/// evaluation reads in its loop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    w: Box<[[i32; 2]; PARAMS]>,
    /// By side index, kind and square.
    psq: Box<[[[[i32; 2]; 90]; 7]; 2]>,
}

/// The hand-set piece-square tables from red's view: row 0 is black's back rank, row 9
/// red's; files left to right. Each is symmetric about the centre file.
type Table = [[i16; 9]; 10];

const HAND_TABLES: [Table; 5] = [
    // Advisors, elephants and the general: small nudges towards their home points.
    [
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, -5, 0, 0, 0, -5, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [-5, 0, 0, -10, 5, -10, 0, 0, -5],
        [0, 0, 0, -5, 5, -5, 0, 0, 0],
        [0, 0, 0, 0, 5, 0, 0, 0, 0],
    ],
    // Horse: towards the palace corners.
    [
        [20, 30, 40, 40, 30, 40, 40, 30, 20],
        [30, 50, 60, 70, 40, 70, 60, 50, 30],
        [30, 45, 55, 60, 60, 60, 55, 45, 30],
        [25, 40, 50, 55, 55, 55, 50, 40, 25],
        [15, 30, 40, 45, 45, 45, 40, 30, 15],
        [10, 25, 30, 35, 35, 35, 30, 25, 10],
        [5, 15, 25, 20, 25, 20, 25, 15, 5],
        [0, 10, 20, 15, 20, 15, 20, 10, 0],
        [-10, 0, 5, 10, -15, 10, 5, 0, -10],
        [-15, -10, 0, -5, -20, -5, 0, -10, -15],
    ],
    // Chariot: developed, on open central files.
    [
        [20, 25, 25, 35, 30, 35, 25, 25, 20],
        [20, 30, 30, 40, 45, 40, 30, 30, 20],
        [15, 25, 25, 35, 35, 35, 25, 25, 15],
        [15, 25, 25, 30, 30, 30, 25, 25, 15],
        [15, 25, 25, 30, 30, 30, 25, 25, 15],
        [10, 20, 20, 25, 25, 25, 20, 20, 10],
        [5, 20, 15, 20, 20, 20, 15, 20, 5],
        [0, 15, 10, 15, 15, 15, 10, 15, 0],
        [-5, 10, 5, 10, 0, 10, 5, 10, -5],
        [-10, 5, 0, 5, -5, 5, 0, 5, -10],
    ],
    // Cannon: the central file, the enemy's back corners.
    [
        [20, 20, 0, -10, -10, -10, 0, 20, 20],
        [10, 10, 0, -5, -10, -5, 0, 10, 10],
        [5, 5, 0, -5, 0, -5, 0, 5, 5],
        [0, 5, 0, 0, 10, 0, 0, 5, 0],
        [0, 0, 0, 0, 10, 0, 0, 0, 0],
        [0, 5, 0, 5, 15, 5, 0, 5, 0],
        [0, 0, 0, 0, 10, 0, 0, 0, 0],
        [0, 5, 5, 5, 25, 5, 5, 5, 0],
        [0, 0, 0, 5, 10, 5, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
    // Soldier: worth much more across the river, most near the palace.
    [
        [40, 50, 60, 70, 80, 70, 60, 50, 40],
        [90, 110, 127, 127, 127, 127, 127, 110, 90],
        [90, 105, 120, 127, 127, 127, 120, 105, 90],
        [85, 95, 105, 120, 125, 120, 105, 95, 85],
        [70, 80, 85, 95, 100, 95, 85, 80, 70],
        [5, 0, 10, 0, 15, 0, 10, 0, 5],
        [0, 0, 0, 0, 5, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
    ],
];

impl Weights {
    /// The weights in use: `weights.txt`, built in.
    pub fn builtin() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| {
            Weights::parse(include_str!("weights.txt")).unwrap_or_else(|_| Weights::hand())
        })
    }

    /// The weights set by hand from general xiangqi principles (develop chariots, central
    /// cannon, horses towards the palace corners, crossed soldiers), before any tuning.
    pub fn hand() -> Weights {
        let mut w = [[0; 2]; PARAMS];
        let both = |v: i32| [v, v];
        for (i, v) in [200, 200, 400, 900, 450, 100].into_iter().enumerate() {
            w[MATERIAL + i] = both(v);
        }
        for (t, table) in HAND_TABLES.iter().enumerate() {
            for own_rank in 0..10 {
                for pair in 0..5 {
                    w[PST + t * 50 + own_rank * 5 + pair] = both(table[9 - own_rank][pair] as i32);
                }
            }
        }
        for (i, v) in [8, 3, 1].into_iter().enumerate() {
            w[MOBILITY + i] = both(v);
        }
        w[PALACE_ADVISOR] = both(-20);
        w[PALACE_ELEPHANT] = both(-10);
        w[PALACE_RAISED] = both(-15);
        let attack = [0, 0, 10, 25, 45, 75, 110, 150, 195, 245, 300, 350, 400];
        for (i, v) in attack.into_iter().enumerate() {
            w[ATTACK + i] = both(v);
        }
        w[HOLLOW_CANNON] = both(70);
        w[SCREENED_CANNON] = both(15);
        w[TEMPO] = both(10);
        Weights::from_pairs(w)
    }

    fn from_pairs(w: [[i32; 2]; PARAMS]) -> Weights {
        let mut psq = Box::new([[[[0; 2]; 90]; 7]; 2]);
        for (s, by_kind) in psq.iter_mut().enumerate() {
            for (k, by_sq) in by_kind.iter_mut().enumerate() {
                let kind = Kind::ALL[k];
                for (sq, v) in by_sq.iter_mut().enumerate() {
                    let pst = w[pst_param(kind, s, sq)];
                    let mat = if k == 0 { [0, 0] } else { w[MATERIAL + k - 1] };
                    *v = [mat[0] + pst[0], mat[1] + pst[1]];
                }
            }
        }
        Weights { w: Box::new(w), psq }
    }

    /// Weights from a flat list `[mg0, eg0, mg1, eg1, …]`, rounded.
    pub fn from_flat(values: &[f64]) -> Option<Weights> {
        if values.len() != 2 * PARAMS {
            return None;
        }
        let mut w = [[0; 2]; PARAMS];
        for (p, pair) in w.iter_mut().enumerate() {
            *pair = [values[2 * p].round() as i32, values[2 * p + 1].round() as i32];
        }
        Some(Weights::from_pairs(w))
    }

    /// The flat list `[mg0, eg0, mg1, eg1, …]`.
    pub fn flat(&self) -> Vec<f64> {
        self.w.iter().flat_map(|p| p.iter().map(|&v| v as f64)).collect()
    }

    /// The two weights of parameter `p`.
    #[inline(always)]
    pub(crate) fn pair(&self, p: usize) -> [i32; 2] {
        self.w[p]
    }

    /// Material plus piece-square value of a piece of side index `s` on `sq`.
    #[inline(always)]
    pub(crate) fn psq(&self, s: usize, kind: Kind, sq: usize) -> [i32; 2] {
        self.psq[s][kind as usize][sq]
    }

    /// Reads `name middlegame endgame` lines; `#` starts a comment.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let names: Vec<String> = (0..PARAMS).map(param_name).collect();
        let pairs = parse_pairs(text, &names)?;
        let mut w = [[0; 2]; PARAMS];
        w.copy_from_slice(&pairs);
        Ok(Weights::from_pairs(w))
    }

    /// The weights as a file [`Weights::parse`] reads back.
    pub fn to_text(&self) -> String {
        let names: Vec<String> = (0..PARAMS).map(param_name).collect();
        pairs_text(&names, &self.w[..])
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
    fn the_hand_tables_are_mirror_symmetric() {
        // The weights keep one value per file pair, so an asymmetric table would lose
        // half of itself.
        for table in &HAND_TABLES {
            for row in table {
                for f in 0..9 {
                    assert_eq!(row[f], row[8 - f], "{row:?}");
                }
            }
        }
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
        let extra = format!("{text}cannon.hollow 1 2\n");
        assert_eq!(
            Weights::parse(&extra),
            Err(WeightsError::Repeated { name: "cannon.hollow".into() })
        );
        assert!(matches!(Weights::parse("castle 1 2"), Err(WeightsError::Unknown { line: 1, .. })));
        assert_eq!(Weights::parse("tempo ten 10"), Err(WeightsError::Malformed { line: 1 }));
    }
}
