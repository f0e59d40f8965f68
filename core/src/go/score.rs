//! Chinese area scoring (数子法): each side's live stones plus the empty points only it
//! surrounds; points touching both (单官, shared liberties in seki) are split evenly.
//! The total is compared with half the board (180½ on 19×19) after komi (贴子).
//!
//! Margins are kept exactly as whole numbers of half points. One point of area is one
//! stone (子) on the board and a two-point lead is one stone in the Chinese count, so
//! a half point is a quarter stone: `B+1.5` is `黑胜 3/4 子`.

use std::fmt;

use super::board::{Board, Cell, MAX_CELLS};
use crate::game::Side;

/// Komi (贴子) that black gives white, held in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Komi {
    half_points: i32,
}

/// A komi that is not a whole number of half points.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("komi {0} is not a multiple of 0.5 points between -400 and 400")]
pub struct KomiError(pub f64);

impl Komi {
    /// 3¾ stones = 7.5 points, black's komi in even games (分先) under the current
    /// Chinese rules.
    pub const CHINESE: Komi = Komi { half_points: 15 };
    /// 2¾ stones = 5.5 points, the older Chinese komi.
    pub const OLD_CHINESE: Komi = Komi { half_points: 11 };
    /// No komi: 让先 and handicap games.
    pub const NONE: Komi = Komi { half_points: 0 };

    /// A komi of `half_points` half points (15 is 7.5).
    pub const fn from_half_points(half_points: i32) -> Komi {
        Komi { half_points }
    }

    /// A komi in points, as SGF `KM` writes it; must be a multiple of 0.5.
    pub fn from_points(points: f64) -> Result<Komi, KomiError> {
        let doubled = points * 2.0;
        if !doubled.is_finite() || doubled.fract() != 0.0 || doubled.abs() > 800.0 {
            return Err(KomiError(points));
        }
        Ok(Komi { half_points: doubled as i32 })
    }

    pub fn half_points(self) -> i32 {
        self.half_points
    }

    /// In points: 7.5.
    pub fn points(self) -> f64 {
        f64::from(self.half_points) / 2.0
    }

    /// In stones as the Chinese count says it: `3又3/4 子`.
    pub fn chinese(self) -> String {
        quarters_chinese(self.half_points)
    }
}

impl Default for Komi {
    fn default() -> Komi {
        Komi::CHINESE
    }
}

/// What the count found on the board, dead stones already removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct AreaCount {
    pub black_stones: u32,
    pub white_stones: u32,
    /// Empty points reached only from black stones.
    pub black_territory: u32,
    pub white_territory: u32,
    /// Empty points reached from both colours (or neither); split evenly.
    pub neutral: u32,
    /// Stones taken off as dead.
    pub dead_black: u32,
    pub dead_white: u32,
}

impl AreaCount {
    /// Black's area in points, neutral points not included.
    pub fn black_area(&self) -> u32 {
        self.black_stones + self.black_territory
    }

    pub fn white_area(&self) -> u32 {
        self.white_stones + self.white_territory
    }

    /// Black's count in half stones with the neutral points split, as counted on a real
    /// board (e.g. 370 for 185 子).
    pub fn black_half_stones(&self) -> u32 {
        2 * self.black_area() + self.neutral
    }
}

/// A scored result: the margin for black in half points (negative: white wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoreResult {
    pub margin_half_points: i32,
}

impl ScoreResult {
    /// The winner, `None` for a draw (和棋).
    pub fn winner(self) -> Option<Side> {
        match self.margin_half_points {
            0 => None,
            m if m > 0 => Some(Side::First),
            _ => Some(Side::Second),
        }
    }

    /// The margin in points for black (negative: white ahead).
    pub fn points(self) -> f64 {
        f64::from(self.margin_half_points) / 2.0
    }

    /// SGF `RE` form: `B+1.5`, `W+0.5`, `0` for a draw.
    pub fn sgf(self) -> String {
        let m = self.margin_half_points;
        let (who, abs) = match self.winner() {
            None => return "0".to_string(),
            Some(Side::First) => ('B', m.unsigned_abs()),
            Some(Side::Second) => ('W', m.unsigned_abs()),
        };
        if abs % 2 == 0 { format!("{who}+{}", abs / 2) } else { format!("{who}+{}.5", abs / 2) }
    }

    /// The Chinese count: `黑胜 3/4 子`, `白胜 1又1/4 子`, `和棋`.
    pub fn chinese(self) -> String {
        match self.winner() {
            None => "和棋".to_string(),
            Some(Side::First) => format!("黑胜 {}", quarters_chinese(self.margin_half_points)),
            Some(Side::Second) => format!("白胜 {}", quarters_chinese(-self.margin_half_points)),
        }
    }
}

impl fmt::Display for ScoreResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sgf())
    }
}

/// `n` quarter stones in Chinese: `3/4 子`, `2 子`, `1又1/4 子`.
fn quarters_chinese(n: i32) -> String {
    let sign = if n < 0 { "-" } else { "" };
    let n = n.unsigned_abs();
    let (whole, frac) = (n / 4, n % 4);
    let frac = ["", "1/4", "1/2", "3/4"][frac as usize];
    match (whole, frac) {
        (w, "") => format!("{sign}{w} 子"),
        (0, f) => format!("{sign}{f} 子"),
        (w, f) => format!("{sign}{w}又{f} 子"),
    }
}

/// Counts the area of `board` with the stones marked in `dead` (by cell index) removed.
pub(crate) fn count_area(board: &Board, dead: &[bool; MAX_CELLS]) -> AreaCount {
    let mut count = AreaCount::default();
    // After removing dead stones: 0 empty, 1 black, 2 white, 3 edge.
    let mut cells = [3u8; MAX_CELLS];
    for i in board.cell_indices() {
        cells[i] = match (board.cell(i), dead[i]) {
            (Cell::Black, true) => {
                count.dead_black += 1;
                0
            }
            (Cell::White, true) => {
                count.dead_white += 1;
                0
            }
            (Cell::Black, false) => {
                count.black_stones += 1;
                1
            }
            (Cell::White, false) => {
                count.white_stones += 1;
                2
            }
            _ => 0,
        };
    }
    let mut seen = [false; MAX_CELLS];
    let mut stack = Vec::new();
    for start in board.cell_indices() {
        if cells[start] != 0 || seen[start] {
            continue;
        }
        let (mut size, mut touches_black, mut touches_white) = (0, false, false);
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            for n in board.neighbours(i) {
                match cells[n] {
                    0 if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    1 => touches_black = true,
                    2 => touches_white = true,
                    _ => {}
                }
            }
        }
        match (touches_black, touches_white) {
            (true, false) => count.black_territory += size,
            (false, true) => count.white_territory += size,
            _ => count.neutral += size,
        }
    }
    count
}

/// The result of a count: area difference less komi, less the stones black gives back
/// in a handicap game (half a stone, i.e. one point, per handicap stone).
pub fn result(count: &AreaCount, komi: Komi, handicap: u8) -> ScoreResult {
    let diff = count.black_area() as i32 - count.white_area() as i32;
    let give_back = if handicap >= 2 { i32::from(handicap) } else { 0 };
    ScoreResult { margin_half_points: 2 * (diff - give_back) - komi.half_points }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_and_sgf_forms() {
        let r = |m| ScoreResult { margin_half_points: m };
        assert_eq!(r(3).chinese(), "黑胜 3/4 子");
        assert_eq!(r(3).sgf(), "B+1.5");
        assert_eq!(r(-5).chinese(), "白胜 1又1/4 子");
        assert_eq!(r(-5).sgf(), "W+2.5");
        assert_eq!(r(8).chinese(), "黑胜 2 子");
        assert_eq!(r(8).sgf(), "B+4");
        assert_eq!(r(-1).sgf(), "W+0.5");
        assert_eq!(r(-2).chinese(), "白胜 1/2 子");
        assert_eq!(r(0).chinese(), "和棋");
        assert_eq!(r(0).sgf(), "0");
        assert_eq!(Komi::CHINESE.chinese(), "3又3/4 子");
        assert_eq!(Komi::OLD_CHINESE.chinese(), "2又3/4 子");
    }

    #[test]
    fn seed_example_185_stones_wins_by_three_quarters() {
        // 19×19, black counts 185 子 with no neutral points: white has 176.
        let count = AreaCount {
            black_stones: 100,
            black_territory: 85,
            white_stones: 90,
            white_territory: 86,
            ..AreaCount::default()
        };
        assert_eq!(count.black_half_stones(), 370);
        let r = result(&count, Komi::CHINESE, 0);
        assert_eq!(r.chinese(), "黑胜 3/4 子");
        assert_eq!(r.sgf(), "B+1.5");
        // Without komi (让先) 180½ is the line: 185 wins by 4½ stones = 9 points.
        assert_eq!(result(&count, Komi::NONE, 0).chinese(), "黑胜 4又1/2 子");
        // 177 for white is enough to win against 3¾ komi: black 184 loses by 1/4 stone.
        let close = AreaCount { black_territory: 84, white_territory: 87, ..count };
        assert_eq!(result(&close, Komi::CHINESE, 0).chinese(), "白胜 1/4 子");
    }

    #[test]
    fn handicap_gives_back_half_a_stone_per_stone() {
        // 25 stones: black gives back 12½ stones, so 193 子 is exactly 180½ + 12½: 193 - 180½
        // - 12½ = 0 → 和棋 without komi.
        let count = AreaCount { black_stones: 193, white_stones: 168, ..AreaCount::default() };
        assert_eq!(result(&count, Komi::NONE, 25).chinese(), "和棋");
        // 16 stones: 8 back, so 188½ 子 draws (one neutral point split).
        let count = AreaCount { black_stones: 188, white_stones: 172, neutral: 1, ..count };
        assert_eq!(count.black_half_stones(), 377);
        assert_eq!(result(&count, Komi::NONE, 16).chinese(), "和棋");
        // 13 stones: 6½ back; 187 子 draws, 188 wins by 1 stone.
        let count = AreaCount { black_stones: 187, white_stones: 174, ..AreaCount::default() };
        assert_eq!(result(&count, Komi::NONE, 13).chinese(), "和棋");
        let count = AreaCount { black_stones: 188, white_stones: 173, ..AreaCount::default() };
        assert_eq!(result(&count, Komi::NONE, 13).chinese(), "黑胜 1 子");
        // 9 stones: 4½ back; black 186 子 wins by 1 stone.
        let count = AreaCount { black_stones: 186, white_stones: 175, ..AreaCount::default() };
        assert_eq!(result(&count, Komi::NONE, 9).chinese(), "黑胜 1 子");
    }

    #[test]
    fn komi_must_be_half_points() {
        assert_eq!(Komi::from_points(7.5), Ok(Komi::CHINESE));
        assert_eq!(Komi::from_points(-3.0).map(Komi::half_points), Ok(-6));
        assert!(Komi::from_points(0.25).is_err());
        assert!(Komi::from_points(f64::NAN).is_err());
        assert!(Komi::from_points(1e9).is_err());
    }
}
