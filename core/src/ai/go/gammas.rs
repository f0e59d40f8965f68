//! Move strengths learned from games: every candidate move is described by a few
//! features (its 3×3 shape, what it captures, saves or puts in atari, self-atari, how
//! far it is from the last two moves, its line), each feature has a strength (a
//! "gamma"), and a move's strength is the product of its features' strengths. The
//! chance that a move is the one played is its strength over the sum of all candidates'
//! (the generalised Bradley–Terry model). The strengths come from `gammas.txt`,
//! written by `qike go-learn-patterns` (see [`super::learn`]).

use std::sync::OnceLock;

use crate::game::Side;
use crate::go::board::{Board, Cell};

use super::facts::MoveFacts;
use super::patterns;
use super::policy::PASS;

/// Shape keys: two bits for each of the eight cells around a point.
pub(crate) const SHAPES: usize = 1 << 16;

/// The feature groups besides the shape, each with its number of levels. A move has
/// exactly one level in every group.
pub(crate) const GROUPS: [(&str, usize); 7] = [
    // Nothing, one stone, two to four, five or more.
    ("capture", 4),
    // Nothing, saves a string in atari, runs out of atari into a ladder.
    ("save", 3),
    // Nothing, one stone, two or more, a throw-in.
    ("self-atari", 4),
    // Nothing, an atari whose ladder works, another atari.
    ("atari", 3),
    // Distance to the last move (see `distance`), or none.
    ("last", DISTANCES),
    // Distance to the mover's own previous move, or none.
    ("before", DISTANCES),
    // The line (first to fifth and up), without and with stones near.
    ("line", 10),
];

/// Features of a move: the shape key (mover's stones as black), then one level index
/// per group, each counted from the group's offset (see [`offset`]).
pub(crate) type Features = [u32; 1 + GROUPS.len()];

const DISTANCES: usize = 12;

/// Where the levels of group `g` start in the index space after the shapes.
pub(crate) fn offset(g: usize) -> usize {
    GROUPS[..g].iter().map(|(_, n)| n).sum()
}

/// Levels of all groups together.
pub(crate) fn levels() -> usize {
    offset(GROUPS.len())
}

/// The distance bucket from `at` to `other`: dx + dy + max(dx, dy), which is 2 for a
/// neighbour and 3 for a diagonal, bucketed 2–10 one by one, 11–16, 17 and up, and
/// the last level when there is no such move.
fn distance(board: &Board, at: usize, other: usize) -> usize {
    if other == PASS || board.cell(other) == Cell::Edge {
        return DISTANCES - 1;
    }
    let (a, b) = (board.point(at), board.point(other));
    let (dx, dy) = (usize::from(a.file.abs_diff(b.file)), usize::from(a.rank.abs_diff(b.rank)));
    match dx + dy + dx.max(dy) {
        d @ 2..=10 => d - 2,
        11..=16 => 9,
        _ => 10,
    }
}

/// The features of a stone of `side` on the empty point `at`, `last` being the last
/// move and `before` the mover's own previous one (or [`PASS`]).
pub(crate) fn features(
    board: &Board,
    at: usize,
    side: Side,
    last: usize,
    before: usize,
) -> Features {
    features_of(board, at, side, last, before, &MoveFacts::of(board, at, side))
}

/// [`features`] from the move's facts, already known.
pub(crate) fn features_of(
    board: &Board,
    at: usize,
    side: Side,
    last: usize,
    before: usize,
    facts: &MoveFacts,
) -> Features {
    let mut shape = patterns::key(board, at);
    if side == Side::Second {
        shape = patterns::swap_colours(shape);
    }
    let capture = match facts.taken {
        0 => 0,
        1 => 1,
        2..=4 => 2,
        _ => 3,
    };
    let save = match facts.saved {
        0 => 0,
        _ if facts.runs_into_ladder => 2,
        _ => 1,
    };
    let atari_self = match facts.self_atari {
        0 => 0,
        _ if facts.throw_in => 3,
        1 => 1,
        _ => 2,
    };
    let atari = match (facts.gives_atari, facts.laddered) {
        (false, _) => 0,
        (true, 0) => 2,
        (true, _) => 1,
    };
    let lines = usize::from(facts.line.min(4)) + if facts.stones_near { 5 } else { 0 };
    let levels = [
        capture,
        save,
        atari_self,
        atari,
        distance(board, at, last),
        distance(board, at, before),
        lines,
    ];
    let mut out = [0u32; 1 + GROUPS.len()];
    out[0] = shape as u32;
    for (g, level) in levels.into_iter().enumerate() {
        out[1 + g] = (offset(g) + level) as u32;
    }
    out
}

/// The strengths: one per shape key (mover as black), one per level of each group.
#[derive(Debug, Clone)]
pub(crate) struct Gammas {
    pub(crate) shapes: Box<[f32]>,
    pub(crate) levels: Box<[f32]>,
}

/// What is wrong with a text file of the pattern learner, a strengths file
/// (`gammas.txt`) or a games file: the line (from 1; 0 for the file as a whole) and
/// what is wrong with it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

impl Gammas {
    /// The strengths in use: `gammas.txt`, built in. Without them (a file that does not
    /// read) every move is as strong as every other.
    pub(crate) fn builtin() -> &'static Gammas {
        static G: OnceLock<Gammas> = OnceLock::new();
        G.get_or_init(|| {
            Gammas::parse(include_str!("gammas.txt")).unwrap_or_else(|_| Gammas::even())
        })
    }

    /// Every strength 1.
    pub(crate) fn even() -> Gammas {
        Gammas { shapes: vec![1.0; SHAPES].into(), levels: vec![1.0; levels()].into() }
    }

    /// Reads the text form: `#` comments, then lines `GROUP LEVEL GAMMA` for the groups
    /// and `shape KEY GAMMA` for canonical shape keys (every symmetric variant takes the
    /// same strength), and one `shape other GAMMA` for the shapes not listed.
    pub(crate) fn parse(text: &str) -> Result<Gammas, LineError> {
        let mut g = Gammas::even();
        let mut other = None;
        let mut listed = vec![false; SHAPES];
        for (i, raw) in text.lines().enumerate() {
            let err = |message: String| LineError { line: i + 1, message };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let [group, level, gamma] = words[..] else {
                return Err(err(format!("expected three words, got '{line}'")));
            };
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|v: &f32| v.is_finite() && *v > 0.0)
                .ok_or_else(|| err(format!("'{gamma}' is not a positive strength")))?;
            if group == "shape" {
                if level == "other" {
                    other = Some(gamma);
                    continue;
                }
                let key: usize = level
                    .parse()
                    .ok()
                    .filter(|&k| k < SHAPES && patterns::canonical(k) == k)
                    .ok_or_else(|| err(format!("'{level}' is not a canonical shape key")))?;
                for v in patterns::variants(key) {
                    g.shapes[v] = gamma;
                    listed[v] = true;
                }
                continue;
            }
            let Some(gi) = GROUPS.iter().position(|(name, _)| *name == group) else {
                return Err(err(format!("unknown feature group '{group}'")));
            };
            let level: usize = level
                .parse()
                .ok()
                .filter(|&l| l < GROUPS[gi].1)
                .ok_or_else(|| err(format!("'{level}' is not a level of {group}")))?;
            g.levels[offset(gi) + level] = gamma;
        }
        let other = other.ok_or(LineError { line: 0, message: "no 'shape other' line".into() })?;
        for (v, seen) in listed.iter().enumerate() {
            if !seen {
                g.shapes[v] = other;
            }
        }
        Ok(g)
    }

    /// The strength of a move with these features.
    pub(crate) fn strength(&self, f: &Features) -> f32 {
        let mut s = self.shapes[f[0] as usize];
        for &l in &f[1..] {
            s *= self.levels[l as usize];
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::lesson::pt;

    #[test]
    fn the_built_in_strengths_read_and_rank_a_capture_over_a_self_atari() {
        let g = Gammas::parse(include_str!("gammas.txt")).expect("gammas.txt reads");
        // White d5 in atari inside black's stones: black d4 takes it. Black a1 beside
        // white b1 has one liberty left: a self-atari.
        let mut b = Board::new(9).unwrap();
        for (p, s) in [
            ("c5", Side::First),
            ("d6", Side::First),
            ("e5", Side::First),
            ("d5", Side::Second),
            ("b1", Side::Second),
        ] {
            b.play(pt(p), s).unwrap();
        }
        let at = |p| b.index(pt(p));
        let take = g.strength(&features(&b, at("d4"), Side::First, at("d5"), PASS));
        let lost = g.strength(&features(&b, at("a1"), Side::First, at("d5"), PASS));
        assert!(take > 10.0 * lost, "capture {take} against self-atari {lost}");
        let f = features(&b, at("d4"), Side::First, at("d5"), PASS);
        assert_eq!(f[1] as usize, offset(0) + 1, "one stone captured");
    }

    #[test]
    fn a_bad_strengths_file_says_which_line_is_wrong() {
        let e = Gammas::parse("shape other 1\ncapture 9 1.0\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("level"), "{}", e.message);
        let e = Gammas::parse("shape other 1\nsave 1 -2\n").unwrap_err();
        assert!(e.message.contains("positive"), "{}", e.message);
        // An edge cell in the last corner of the key: the same shape as key 3.
        let e = Gammas::parse("shape 49152 1.5\nshape other 1\n").unwrap_err();
        assert_eq!(e.line, 1, "49152 is not canonical: {}", e.message);
        let e = Gammas::parse("ko 0 1.0\n").unwrap_err();
        assert!(e.message.contains("unknown"), "{}", e.message);
        assert!(Gammas::parse("capture 1 2.0\n").is_err(), "no default shape strength");
        let g = Gammas::parse("capture 1 2.0\nshape other 0.5\n").unwrap();
        assert_eq!(g.levels[offset(0) + 1], 2.0);
        assert_eq!(g.shapes[12345], 0.5);
    }
}
