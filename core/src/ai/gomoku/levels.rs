//! The gomoku engine's ten levels (the same rows for every rule).
//!
//! Levels 1–5 look one move ahead and read nothing but fives: level 1 chooses at random
//! among the points near the stones, each next level leans harder towards the points
//! its static value likes (less noise). Levels 6–8 search a few plies and choose among
//! the candidates with noise and impulsive moves (the move that makes the biggest
//! threat of its own, ignoring the opponent's); levels 9–10 play the engine's best move
//! with growing depth and nodes. Every level completes a five when it can and blocks a
//! four (those are forced); from level 6 on the search also sees forced wins by fours
//! (VCF), from level 7 on wins by threes and fours (VCT) and the defences against them.
//! Every level answers within one second.

use crate::ai::level::{Level, row};

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    row(
        1,
        "小蚂蚁",
        "Little Ant",
        "会连五、会挡四，看不见活三",
        "Makes five and blocks a four, but does not see threes",
        1,
        2_000,
        100,
        100_000,
        1_000_000,
        0,
    ),
    row(
        2,
        "小蜜蜂",
        "Busy Bee",
        "只看一步，偶尔连起子来",
        "Looks one move ahead, now and then lines stones up",
        1,
        2_000,
        100,
        100_000,
        60_000,
        0,
    ),
    row(
        3,
        "小青蛙",
        "Little Frog",
        "只看一步，喜欢连子",
        "Looks one move ahead and likes to line stones up",
        1,
        2_000,
        100,
        40_000,
        20_000,
        0,
    ),
    row(
        4,
        "小兔子",
        "Bunny",
        "会做活三，常忘了防守",
        "Makes open threes, often forgets to defend",
        1,
        2_000,
        100,
        12_000,
        6_000,
        0,
    ),
    row(
        5,
        "小松鼠",
        "Squirrel",
        "攻守都看一步",
        "Weighs attack and defence one move ahead",
        1,
        2_000,
        100,
        4_000,
        1_500,
        0,
    ),
    row(
        6,
        "小狐狸",
        "Little Fox",
        "能看两步，防守常大意",
        "Looks two moves ahead, careless in defence",
        2,
        8_000,
        150,
        4_000,
        1_500,
        60,
    ),
    row(
        7,
        "小熊猫",
        "Red Panda",
        "懂得挡活三，会用冲四取胜",
        "Blocks open threes and wins with fours",
        3,
        30_000,
        300,
        400,
        60,
        10,
    ),
    row(
        8,
        "小海豚",
        "Dolphin",
        "会做四三，很少失手",
        "Builds four-threes, rarely slips",
        4,
        60_000,
        400,
        200,
        30,
        5,
    ),
    row(
        9,
        "猫头鹰",
        "Owl",
        "总下它看到的最好一手",
        "Always plays the best move it sees",
        5,
        100_000,
        600,
        0,
        0,
        0,
    ),
    row(10, "小龙", "Little Dragon", "全力以赴的引擎", "The full engine", 8, 400_000, 900, 0, 0, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(a.number + 1, b.number);
            assert!(a.depth <= b.depth && a.nodes <= b.nodes && a.time_ms <= b.time_ms);
            assert!(a.noise >= b.noise);
            // The one-ply levels choose by noise alone; among the searching levels the
            // impulsive moves only grow rarer.
            assert!(a.depth == 1 || a.blunder_percent >= b.blunder_percent);
        }
        assert!(LEVELS.iter().all(|l| l.time_ms < 1_000));
        assert!(LEVELS.iter().all(|l| !l.name_zh.is_empty() && !l.about_en.is_empty()));
    }
}
