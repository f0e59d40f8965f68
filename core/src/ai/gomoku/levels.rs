//! The gomoku engine's ten levels (the same rows for every rule).
//!
//! Levels 1–2 look one move ahead and read nothing but fives: level 1 chooses at random
//! among the points near the stones, level 2 leans towards the points that line its
//! stones up. Levels 3–7 search a few plies and choose among the candidates with noise
//! and impulsive moves (the move that makes the biggest threat of its own, ignoring the
//! opponent's); levels 8–10 play the engine's best move with growing depth and nodes.
//! Every level completes a five when it can and blocks a four (those are forced); from
//! level 3 on the search also sees forced wins by fours (VCF), from level 6 on wins by
//! threes and fours (VCT) and the defences against them. Every level answers within
//! one second.

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
        20_000,
        20_000,
        0,
    ),
    row(
        2,
        "小蜜蜂",
        "Busy Bee",
        "只看一步，喜欢连子",
        "Looks one move ahead and likes to line stones up",
        1,
        2_000,
        100,
        3_000,
        1_200,
        0,
    ),
    row(
        3,
        "小青蛙",
        "Little Frog",
        "喜欢进攻，防守常大意",
        "Likes to attack, often careless in defence",
        2,
        4_000,
        100,
        2_000,
        300,
        50,
    ),
    row(
        4,
        "小兔子",
        "Bunny",
        "能看两步，会用冲四取胜",
        "Looks two moves ahead and wins with fours",
        2,
        8_000,
        150,
        1_500,
        150,
        30,
    ),
    row(
        5,
        "小松鼠",
        "Squirrel",
        "懂得挡活三",
        "Knows to block an open three",
        2,
        15_000,
        200,
        800,
        100,
        20,
    ),
    row(
        6,
        "小狐狸",
        "Little Fox",
        "会做四三，偶尔失手",
        "Builds four-threes, sometimes slips",
        3,
        30_000,
        300,
        400,
        60,
        10,
    ),
    row(7, "小熊猫", "Red Panda", "攻守兼备", "Attacks and defends", 4, 60_000, 400, 200, 30, 5),
    row(
        8,
        "小海豚",
        "Dolphin",
        "总下它看到的最好一手",
        "Always plays the best move it sees",
        5,
        100_000,
        500,
        0,
        0,
        0,
    ),
    row(
        9,
        "猫头鹰",
        "Owl",
        "算得更深，很难对付",
        "Reads deeper, hard to beat",
        7,
        300_000,
        700,
        0,
        0,
        0,
    ),
    row(
        10,
        "小龙",
        "Little Dragon",
        "全力以赴的引擎",
        "The full engine",
        10,
        800_000,
        900,
        0,
        0,
        0,
    ),
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
