//! Chinese area scoring (数子法): each side's live stones plus the empty points only it
//! surrounds; points touching both (单官, shared liberties in seki) are split evenly.
//! The total is compared with half the board (180½ on 19×19) after komi (贴子).
//!
//! Margins are kept exactly as whole numbers of half points. One point of area is one
//! stone (子) on the board and a two-point lead is one stone in the Chinese count, so
//! a half point is a quarter stone: `B+1.5` is `黑胜 3/4 子`.
//!
//! [`Score::summary`] lays the count out the way it is done at the board: black's 子,
//! the number black must pass (half the board plus what black gives back: the komi,
//! half a 子 per handicap stone), and the result in 子 and in points.

use std::fmt;

pub(crate) use super::area::count_area;
use crate::game::{Side, Text};

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

    /// In points: `Black wins by 1.5 points`, `White wins by 1 point`, `Draw`.
    pub fn english(self) -> String {
        let points = |m: i32| {
            let (whole, half) = (m.unsigned_abs() / 2, m % 2 != 0);
            match (whole, half) {
                (1, false) => "1 point".to_string(),
                (w, false) => format!("{w} points"),
                (w, true) => format!("{w}.5 points"),
            }
        };
        match self.winner() {
            None => "Draw".to_string(),
            Some(Side::First) => format!("Black wins by {}", points(self.margin_half_points)),
            Some(Side::Second) => format!("White wins by {}", points(self.margin_half_points)),
        }
    }

    /// Both forms: `黑胜 3/4 子` and `Black wins by 1.5 points`.
    pub fn text(self) -> Text {
        Text { zh: self.chinese(), en: self.english() }
    }
}

impl fmt::Display for ScoreResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sgf())
    }
}

/// `n` quarter stones in Chinese: `3/4 子`, `2 子`, `1又1/4 子`.
fn quarters_chinese(n: i32) -> String {
    format!("{} 子", quarters_number(n, ["", "1/4", "1/2", "3/4"], "又"))
}

/// `n` quarters as a number: whole part, `joiner`, then the fraction's name.
fn quarters_number(n: i32, fractions: [&str; 4], joiner: &str) -> String {
    let sign = if n < 0 { "-" } else { "" };
    let n = n.unsigned_abs();
    let (whole, frac) = (n / 4, fractions[(n % 4) as usize]);
    match (whole, frac) {
        (w, "") => format!("{sign}{w}"),
        (0, f) => format!("{sign}{f}"),
        (w, f) => format!("{sign}{w}{joiner}{f}"),
    }
}

/// A number of 子 in the Chinese count, kept exactly in quarter stones: a shared point
/// adds half a 子 and komi comes in quarters (3¾), so nothing coarser would do. A
/// quarter stone is half a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Stones {
    quarters: i32,
}

impl Stones {
    pub const ZERO: Stones = Stones { quarters: 0 };

    /// `quarters` quarter stones (737 is 184¼).
    pub const fn from_quarters(quarters: i32) -> Stones {
        Stones { quarters }
    }

    /// Half stones, as a board is counted with its shared points split (370 is 185).
    pub const fn from_halves(halves: i32) -> Stones {
        Stones { quarters: 2 * halves }
    }

    pub const fn whole(stones: i32) -> Stones {
        Stones { quarters: 4 * stones }
    }

    pub fn quarters(self) -> i32 {
        self.quarters
    }

    /// As a number of stones: 184.25.
    pub fn as_f64(self) -> f64 {
        f64::from(self.quarters) / 4.0
    }

    /// The same amount in points of area difference (a 子 is two points): 3¾ → 7.5.
    pub fn points(self) -> f64 {
        f64::from(self.quarters) / 2.0
    }

    /// As the Chinese count writes it: `184又1/4 子`.
    pub fn chinese(self) -> String {
        quarters_chinese(self.quarters)
    }

    /// The number alone, the Chinese way: `184又1/4`.
    pub fn chinese_number(self) -> String {
        quarters_number(self.quarters, ["", "1/4", "1/2", "3/4"], "又")
    }

    /// The number alone, the English way: `184¼`.
    pub fn english_number(self) -> String {
        quarters_number(self.quarters, ["", "¼", "½", "¾"], "")
    }

    /// In English with its noun: `184¼ stones`, `¾ stone`, `1 stone`.
    pub fn english(self) -> String {
        let noun = if self.quarters.abs() <= 4 { "stone" } else { "stones" };
        format!("{} {noun}", self.english_number())
    }
}

impl std::ops::Add for Stones {
    type Output = Stones;
    fn add(self, other: Stones) -> Stones {
        Stones { quarters: self.quarters + other.quarters }
    }
}

impl std::ops::Sub for Stones {
    type Output = Stones;
    fn sub(self, other: Stones) -> Stones {
        Stones { quarters: self.quarters - other.quarters }
    }
}

impl fmt::Display for Stones {
    /// The Chinese form, `184又1/4 子`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chinese())
    }
}

/// The full count of a position: what is on the board, and the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Score {
    pub count: AreaCount,
    pub komi: Komi,
    pub handicap: u8,
    pub result: ScoreResult,
}

impl Score {
    /// The count laid out for the players: see [`CountSummary`].
    pub fn summary(&self) -> CountSummary {
        let c = &self.count;
        let board_points = c.black_area() + c.white_area() + c.neutral;
        let half_board = Stones::from_halves(board_points as i32);
        let komi = Stones::from_quarters(self.komi.half_points());
        let handicap_back = Stones::from_halves(i32::from(given_back(self.handicap)));
        CountSummary {
            board_points,
            black: Stones::from_halves(c.black_half_stones() as i32),
            white: Stones::from_halves((2 * c.white_area() + c.neutral) as i32),
            half_board,
            komi,
            handicap: self.handicap,
            handicap_back,
            black_needs: half_board + komi + handicap_back,
            result: self.result,
        }
    }
}

/// The count as the players do it at the board, from black's side: black's 子 against
/// the number black must pass. Exactly that number is a draw (和棋).
///
/// ```
/// use qike_core::go::{AreaCount, Komi, Score, Stones};
///
/// // An even 19×19 game: black counts 185 子.
/// let count = AreaCount { black_stones: 185, white_stones: 176, ..AreaCount::default() };
/// let result = qike_core::go::ScoreResult { margin_half_points: 3 };
/// let score = Score { count, komi: Komi::CHINESE, handicap: 0, result };
/// let summary = score.summary();
/// assert_eq!(summary.black_needs.chinese(), "184又1/4 子");
/// assert_eq!(summary.margin(), Stones::from_quarters(3));
/// assert_eq!(summary.result.chinese(), "黑胜 3/4 子");
/// assert_eq!(summary.result.english(), "Black wins by 1.5 points");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CountSummary {
    /// Points on the board: 361 on 19×19, 81 on 9×9.
    pub board_points: u32,
    /// Black's count: live stones, the points only they surround, and half of each
    /// point shared with white (dead stones already taken off).
    pub black: Stones,
    /// White's count, the same way; `black + white` is the whole board.
    pub white: Stones,
    /// Half the board, the line when nothing is given back: 180½ on 19×19.
    pub half_board: Stones,
    /// What black gives for moving first (贴子): 3¾ 子 in an even game (分先), none
    /// in 让先 and handicap games; negative if white gives it.
    pub komi: Stones,
    pub handicap: u8,
    /// What black gives back for the handicap stones (还子): half a 子 each.
    pub handicap_back: Stones,
    /// The number black must pass to win: `half_board + komi + handicap_back`.
    pub black_needs: Stones,
    pub result: ScoreResult,
}

impl CountSummary {
    /// Black's lead over what black needs (negative: white's lead): `result` in 子.
    pub fn margin(&self) -> Stones {
        self.black - self.black_needs
    }

    /// The count in a few sentences, e.g. for an even game: 黑方数得 185 子。黑贴
    /// 3又3/4 子，黑方要超过 184又1/4 子（180又1/2 + 3又3/4）才胜。黑胜 3/4 子。
    pub fn text(&self) -> Text {
        // What black gives, each as (Chinese, English, amount to add).
        let mut gives: Vec<(String, String, Stones)> = Vec::new();
        if self.komi > Stones::ZERO {
            let k = self.komi;
            gives.push((format!("黑贴 {k}"), format!("gives {} of komi", k.english()), k));
        } else if self.komi < Stones::ZERO {
            let k = Stones::ZERO - self.komi;
            gives.push((
                format!("白贴 {k}"),
                format!("receives {} of komi", k.english()),
                self.komi,
            ));
        }
        if self.handicap_back > Stones::ZERO {
            let (n, h) = (self.handicap, self.handicap_back);
            gives.push((
                format!("让 {n} 子，黑还 {h}"),
                format!("gives back {} for {n} handicap stones", h.english()),
                h,
            ));
        }
        let (half, needs) = (self.half_board, self.black_needs);
        let mut zh = format!("黑方数得 {}。", self.black);
        let mut en = format!("Black counts {}. ", self.black.english());
        if gives.is_empty() {
            zh += &format!("不贴子，黑方要超过 {needs}（盘面一半）才胜。");
            en += &format!(
                "With nothing given back, Black needs more than {} (half the board) to win. ",
                needs.english_number()
            );
        } else {
            let sum_zh = gives.iter().fold(half.chinese_number(), |acc, (_, _, s)| {
                sign_joined(acc, *s, Stones::chinese_number)
            });
            let sum_en = gives.iter().fold(half.english_number(), |acc, (_, _, s)| {
                sign_joined(acc, *s, Stones::english_number)
            });
            let what_zh: Vec<&str> = gives.iter().map(|(z, _, _)| z.as_str()).collect();
            let what_en: Vec<&str> = gives.iter().map(|(_, e, _)| e.as_str()).collect();
            zh += &format!("{}，黑方要超过 {needs}（{sum_zh}）才胜。", what_zh.join("，"));
            en += &format!(
                "Black {}, so Black needs more than {} ({sum_en}) to win. ",
                what_en.join(" and "),
                needs.english_number()
            );
        }
        let lead = Stones::from_quarters(self.result.margin_half_points.abs());
        if self.result.winner().is_some() {
            zh += &format!("{}。", self.result.chinese());
            en += &format!("{} ({}).", self.result.english(), lead.english());
        } else {
            zh += &format!("正好相等，{}。", self.result.chinese());
            en += "Exactly that: the game is a draw.";
        }
        Text { zh, en }
    }
}

/// `acc + n` or `acc − n` written out, by the sign of `s`.
fn sign_joined(acc: String, s: Stones, number: fn(Stones) -> String) -> String {
    if s < Stones::ZERO {
        format!("{acc} − {}", number(Stones::ZERO - s))
    } else {
        format!("{acc} + {}", number(s))
    }
}

/// Half points black gives back for `handicap` stones (one per stone; none without a
/// real handicap).
fn given_back(handicap: u8) -> u8 {
    if handicap >= 2 { handicap } else { 0 }
}

/// The result of a count: area difference less komi, less the stones black gives back
/// in a handicap game (half a stone, i.e. one point, per handicap stone).
pub fn result(count: &AreaCount, komi: Komi, handicap: u8) -> ScoreResult {
    let diff = count.black_area() as i32 - count.white_area() as i32;
    let give_back = i32::from(given_back(handicap));
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

    fn score(count: AreaCount, komi: Komi, handicap: u8) -> Score {
        Score { count, komi, handicap, result: result(&count, komi, handicap) }
    }

    /// A 19×19 count where black has `black_halves` half stones (one shared point if odd).
    fn count_19(black_halves: u32) -> AreaCount {
        let neutral = black_halves % 2;
        let black = black_halves / 2;
        AreaCount {
            black_stones: black,
            white_stones: 361 - black - neutral,
            neutral,
            ..AreaCount::default()
        }
    }

    #[test]
    fn stones_in_both_languages() {
        let q = Stones::from_quarters;
        assert_eq!(q(737).chinese(), "184又1/4 子");
        assert_eq!(q(737).english(), "184¼ stones");
        assert_eq!(q(3).chinese(), "3/4 子");
        assert_eq!(q(3).english(), "¾ stone");
        assert_eq!(q(4).english(), "1 stone");
        assert_eq!(q(722).english_number(), "180½");
        assert_eq!(q(722).chinese_number(), "180又1/2");
        assert_eq!(q(-15).english_number(), "-3¾");
        assert_eq!(q(-15).chinese(), "-3又3/4 子");
        assert_eq!(Stones::whole(8), Stones::from_halves(16));
        assert_eq!(q(15).points(), 7.5);
        assert_eq!(q(737).as_f64(), 184.25);
        assert_eq!(q(15).to_string(), Komi::CHINESE.chinese());
    }

    #[test]
    fn results_in_points() {
        let r = |m| ScoreResult { margin_half_points: m };
        assert_eq!(r(3).english(), "Black wins by 1.5 points");
        assert_eq!(r(-2).english(), "White wins by 1 point");
        assert_eq!(r(-1).english(), "White wins by 0.5 points");
        assert_eq!(r(18).english(), "Black wins by 9 points");
        assert_eq!(r(0).english(), "Draw");
        assert_eq!(
            r(-5).text(),
            Text { zh: "白胜 1又1/4 子".into(), en: "White wins by 2.5 points".into() }
        );
    }

    #[test]
    fn even_game_summary_follows_the_seed_example() {
        // 分先 on 19×19: black counts 185 子 against 3¾ komi.
        let s = score(count_19(370), Komi::CHINESE, 0).summary();
        assert_eq!(s.board_points, 361);
        assert_eq!(s.black, Stones::whole(185));
        assert_eq!(s.white, Stones::whole(176));
        assert_eq!(s.half_board.chinese(), "180又1/2 子");
        assert_eq!(s.komi.chinese(), "3又3/4 子");
        assert_eq!(s.handicap_back, Stones::ZERO);
        assert_eq!(s.black_needs.chinese(), "184又1/4 子");
        assert_eq!(s.margin().chinese(), "3/4 子");
        assert_eq!(s.margin().points(), 1.5);
        assert_eq!(s.result.chinese(), "黑胜 3/4 子");
        assert_eq!(s.result.english(), "Black wins by 1.5 points");
        let text = s.text();
        assert_eq!(
            text.zh,
            "黑方数得 185 子。黑贴 3又3/4 子，黑方要超过 184又1/4 子（180又1/2 + 3又3/4）才胜。黑胜 3/4 子。"
        );
        assert_eq!(
            text.en,
            "Black counts 185 stones. Black gives 3¾ stones of komi, so Black needs more than \
             184¼ (180½ + 3¾) to win. Black wins by 1.5 points (¾ stone)."
        );
        // 184 子 falls a quarter short; 184½ passes by a quarter.
        assert_eq!(
            score(count_19(368), Komi::CHINESE, 0).summary().result.chinese(),
            "白胜 1/4 子"
        );
        assert_eq!(
            score(count_19(369), Komi::CHINESE, 0).summary().result.chinese(),
            "黑胜 1/4 子"
        );
    }

    #[test]
    fn no_komi_summary() {
        // 让先: the line is half the board.
        let s = score(count_19(370), Komi::NONE, 0).summary();
        assert_eq!(s.black_needs, s.half_board);
        assert_eq!(s.black_needs.chinese(), "180又1/2 子");
        assert_eq!(s.result.chinese(), "黑胜 4又1/2 子");
        assert_eq!(s.result.english(), "Black wins by 9 points");
        assert_eq!(
            s.text().zh,
            "黑方数得 185 子。不贴子，黑方要超过 180又1/2 子（盘面一半）才胜。黑胜 4又1/2 子。"
        );
        assert_eq!(
            s.text().en,
            "Black counts 185 stones. With nothing given back, Black needs more than 180½ \
             (half the board) to win. Black wins by 9 points (4½ stones)."
        );
        // 180½ each is a draw.
        let draw = score(count_19(361), Komi::NONE, 0).summary();
        assert_eq!(draw.black, draw.white);
        assert_eq!(draw.result.chinese(), "和棋");
        assert!(draw.text().zh.ends_with("正好相等，和棋。"));
        assert!(draw.text().en.ends_with("Exactly that: the game is a draw."));
    }

    #[test]
    fn handicap_summaries_give_back_half_the_stones() {
        for (stones, back, needs) in [
            (13, "6又1/2 子", "187 子"),
            (16, "8 子", "188又1/2 子"),
            (25, "12又1/2 子", "193 子"),
            (4, "2 子", "182又1/2 子"),
        ] {
            let s = score(count_19(2 * 190), Komi::NONE, stones).summary();
            assert_eq!(s.handicap, stones);
            assert_eq!(s.komi, Stones::ZERO);
            assert_eq!(s.handicap_back.chinese(), back);
            assert_eq!(s.black_needs.chinese(), needs);
            assert_eq!(s.margin(), Stones::whole(190) - s.black_needs);
        }
        // The seed's 16 stones: 8 子 back, so 188½ is a draw and 180½ each after giving
        // back.
        let s = score(count_19(377), Komi::NONE, 16).summary();
        assert_eq!(s.black - s.handicap_back, s.white + s.handicap_back);
        assert_eq!(s.result.chinese(), "和棋");
        assert_eq!(
            s.text().zh,
            "黑方数得 188又1/2 子。让 16 子，黑还 8 子，黑方要超过 188又1/2 子（180又1/2 + 8）才胜。正好相等，和棋。"
        );
        assert_eq!(
            s.text().en,
            "Black counts 188½ stones. Black gives back 8 stones for 16 handicap stones, so \
             Black needs more than 188½ (180½ + 8) to win. Exactly that: the game is a draw."
        );
        let s = score(count_19(383), Komi::NONE, 25).summary();
        assert_eq!(s.result.chinese(), "白胜 1又1/2 子");
        assert_eq!(s.result.english(), "White wins by 3 points");
        assert!(s.text().en.ends_with("White wins by 3 points (1½ stones)."));
    }

    #[test]
    fn komi_and_handicap_together_and_reverse_komi() {
        let s = score(count_19(370), Komi::from_half_points(1), 9).summary();
        assert_eq!(s.black_needs.chinese(), "185又1/4 子");
        assert_eq!(s.result.chinese(), "白胜 1/4 子");
        assert!(s.text().zh.contains("黑贴 1/4 子，让 9 子，黑还 4又1/2 子"));
        assert!(s.text().zh.contains("（180又1/2 + 1/4 + 4又1/2）"));
        let s = score(count_19(370), Komi::from_half_points(-6), 0).summary();
        assert_eq!(s.black_needs.chinese(), "179 子");
        assert_eq!(s.result.chinese(), "黑胜 6 子");
        assert!(s.text().zh.contains("白贴 1又1/2 子，黑方要超过 179 子（180又1/2 − 1又1/2）"));
        assert!(s.text().en.contains("Black receives 1½ stones of komi"));
    }

    #[test]
    fn nine_by_nine_summary_from_a_game() {
        // Black's wall on the E line, white's on the F line: 45 子 to 36.
        let mut stones = Vec::new();
        for rank in 0..9 {
            stones.push((crate::game::Point::new(4, rank), Side::First));
            stones.push((crate::game::Point::new(5, rank), Side::Second));
        }
        let mut g =
            super::super::Game::from_position(9, Default::default(), &stones, Side::First).unwrap();
        g.pass().unwrap();
        g.pass().unwrap();
        let s = g.score().summary();
        assert_eq!(s.board_points, 81);
        assert_eq!(s.black, Stones::whole(45));
        assert_eq!(s.white, Stones::whole(36));
        assert_eq!(s.half_board.chinese(), "40又1/2 子");
        assert_eq!(s.black_needs.chinese(), "44又1/4 子");
        assert_eq!(s.result.chinese(), "黑胜 3/4 子");
        assert_eq!(s.result.english(), "Black wins by 1.5 points");
        assert_eq!(
            s.text().zh,
            "黑方数得 45 子。黑贴 3又3/4 子，黑方要超过 44又1/4 子（40又1/2 + 3又3/4）才胜。黑胜 3/4 子。"
        );
    }

    #[test]
    fn summary_agrees_with_the_result() {
        for komi in [-15, 0, 1, 11, 15] {
            for handicap in [0, 1, 2, 9, 13, 16, 25] {
                for halves in (0..=722).step_by(7) {
                    let sc = score(count_19(halves), Komi::from_half_points(komi), handicap);
                    let s = sc.summary();
                    assert_eq!(s.margin().quarters(), sc.result.margin_half_points);
                    assert_eq!(s.black + s.white, Stones::whole(361));
                    assert!(s.text().is_complete());
                }
            }
        }
    }
}
