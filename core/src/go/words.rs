//! The count in words a child reads: what white gets for black moving first (the set-up
//! screen), the result in one short line, and the sum behind it on a line apart. Amounts
//! are in 子 written with ¼ ½ ¾ (`3¾ 子`), never split with 又 and never in 目.

use super::score::{CountSummary, Komi, Stones};
use crate::game::{Side, Text};

/// What the start gives each side at the count, for the set-up screen: the komi
/// (`komi`, black's to give) and, for `handicap` stones (2 or more), half a 子 back per
/// stone.
///
/// ```
/// use qike_core::go::{Komi, balance_text};
///
/// assert_eq!(balance_text(Komi::CHINESE, 0).zh, "黑棋先下。数子时，白棋先得 3¾ 子。");
/// assert_eq!(balance_text(Komi::CHINESE, 0).en, "Black plays first. At the count White gets 3¾ stones first.");
/// ```
pub fn balance_text(komi: Komi, handicap: u8) -> Text {
    let back = if handicap >= 2 { Stones::from_halves(i32::from(handicap)) } else { Stones::ZERO };
    let white_gets = Stones::from_quarters(komi.half_points()) + back;
    let (zh_start, en_start) = if handicap >= 2 {
        (
            format!("黑棋先摆 {handicap} 子，白棋先下。"),
            format!("Black starts with {handicap} stones on the board and White plays first. "),
        )
    } else {
        ("黑棋先下。".to_owned(), "Black plays first. ".to_owned())
    };
    let (zh, en) = match white_gets.quarters() {
        0 => {
            ("数子时，谁也不多得。".to_owned(), "At the count nobody gets extra stones.".to_owned())
        }
        q if q > 0 => (
            format!("数子时，白棋先得 {} 子。", white_gets.english_number()),
            format!("At the count White gets {} first.", white_gets.english()),
        ),
        _ => {
            let black_gets = Stones::ZERO - white_gets;
            (
                format!("数子时，黑棋先得 {} 子。", black_gets.english_number()),
                format!("At the count Black gets {} first.", black_gets.english()),
            )
        }
    };
    Text { zh: zh_start + &zh, en: en_start + &en }
}

impl CountSummary {
    /// The result in one short line: `黑胜 ¾ 子`, `Black wins by ¾ stone`, `和棋`.
    pub fn headline(&self) -> Text {
        let lead = Stones::from_quarters(self.result.margin_half_points.abs());
        match self.result.winner() {
            None => Text::new("和棋", "Draw"),
            Some(side) => {
                let (zh, en) = match side {
                    Side::First => ("黑胜", "Black"),
                    Side::Second => ("白胜", "White"),
                };
                Text {
                    zh: format!("{zh} {} 子", lead.english_number()),
                    en: format!("{en} wins by {}", lead.english()),
                }
            }
        }
    }

    /// The sum behind the result, on its own line: black's 子 against the number black
    /// must pass, e.g. `黑棋 185 子，要超过 180½ + 3¾ = 184¼ 子` and `Black has 185
    /// stones and needs more than 180½ + 3¾ = 184¼`.
    pub fn arithmetic(&self) -> Text {
        let gives = self.komi + self.handicap_back;
        let needs = self.black_needs.english_number();
        let sum = match gives.quarters() {
            0 => needs,
            q if q > 0 => {
                format!(
                    "{} + {} = {needs}",
                    self.half_board.english_number(),
                    gives.english_number()
                )
            }
            _ => format!(
                "{} − {} = {needs}",
                self.half_board.english_number(),
                (Stones::ZERO - gives).english_number()
            ),
        };
        let black = self.black.english_number();
        let noun = if self.black.quarters().abs() <= 4 { "stone" } else { "stones" };
        Text {
            zh: format!("黑棋 {black} 子，要超过 {sum} 子"),
            en: format!("Black has {black} {noun} and needs more than {sum}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{AreaCount, Score, ScoreResult};

    fn summary(black_stones: u32, white_stones: u32, komi: Komi, handicap: u8) -> CountSummary {
        let count = AreaCount { black_stones, white_stones, ..AreaCount::default() };
        let result = crate::go::score::result(&count, komi, handicap);
        Score { count, komi, handicap, result }.summary()
    }

    #[test]
    fn the_setup_says_what_white_gets_in_plain_words() {
        let even = balance_text(Komi::CHINESE, 0);
        assert_eq!(even.zh, "黑棋先下。数子时，白棋先得 3¾ 子。");
        assert!(!even.zh.contains('又') && !even.zh.contains('目'));
        let none = balance_text(Komi::NONE, 0);
        assert_eq!(none.zh, "黑棋先下。数子时，谁也不多得。");
        assert_eq!(none.en, "Black plays first. At the count nobody gets extra stones.");
        let three = balance_text(Komi::NONE, 3);
        assert_eq!(three.zh, "黑棋先摆 3 子，白棋先下。数子时，白棋先得 1½ 子。");
        assert!(three.en.ends_with("At the count White gets 1½ stones first."), "{}", three.en);
        let reverse = balance_text(Komi::from_half_points(-15), 0);
        assert_eq!(reverse.zh, "黑棋先下。数子时，黑棋先得 3¾ 子。");
    }

    #[test]
    fn the_result_is_one_short_line_and_the_sum_another() {
        // 19×19 even game: black counts 185 子 and wins by ¾ 子.
        let s = summary(185, 176, Komi::CHINESE, 0);
        assert_eq!(s.headline(), Text::new("黑胜 ¾ 子", "Black wins by ¾ stone"));
        assert_eq!(s.arithmetic().zh, "黑棋 185 子，要超过 180½ + 3¾ = 184¼ 子");
        assert_eq!(s.arithmetic().en, "Black has 185 stones and needs more than 180½ + 3¾ = 184¼");
        let lost = summary(183, 178, Komi::CHINESE, 0);
        assert_eq!(lost.headline(), Text::new("白胜 1¼ 子", "White wins by 1¼ stones"));
        // 让先: the line is half the board.
        let no_komi = summary(181, 180, Komi::NONE, 0);
        assert_eq!(no_komi.arithmetic().zh, "黑棋 181 子，要超过 180½ 子");
        assert_eq!(no_komi.headline().zh, "黑胜 ½ 子");
        // 13 handicap stones: 6½ back; 187 子 is exactly the line.
        let drawn = summary(187, 174, Komi::NONE, 13);
        assert_eq!(drawn.headline(), Text::new("和棋", "Draw"));
        assert_eq!(drawn.arithmetic().zh, "黑棋 187 子，要超过 180½ + 6½ = 187 子");
        assert_eq!(ScoreResult { margin_half_points: 3 }.winner(), Some(Side::First));
    }
}
