//! The gomoku engine's ten levels: one table for freestyle and standard gomoku, and
//! one for renju.
//!
//! Levels 1–6 look one move ahead and read nothing but fives: level 1 chooses at random
//! among the points near the stones, each next level leans harder towards the points
//! its static value likes (less noise). From level 7 on the levels search and choose
//! among the candidates with noise and impulsive moves (the move that makes the biggest
//! threat of its own, ignoring the opponent's): level 7 reads two plies on few nodes and
//! finds short wins by fours (VCF); level 8 reads three, with wins by threes and fours
//! (VCT) and the defences against them, but is often rash; level 9 reads four plies and
//! is now and then rash; level 10 is the whole engine. Every level completes a five
//! when it can and blocks a four (those are forced).
//!
//! The rows were set by matches at these node caps (`core/tools/gomoku_ladder.sh`): a
//! level should win most games against the one below, not all. The noise of the
//! one-ply levels matters most near zero: a level that reads its static values
//! without noise is about as strong as a two-ply search. Every level answers within
//! one second: the node caps end the search before the time caps on a desktop core.
//!
//! Renju has rows of its own: the same change to a row moves the two rules' steps
//! apart, so one table cannot keep every step of both rules gentle.

use crate::ai::level::Level;

/// The ten levels for freestyle and standard gomoku, weakest first.
pub const LEVELS: [Level; 10] = [
    Level {
        number: 1,
        name_zh: "小蚂蚁",
        name_en: "Little Ant",
        about_zh: "会连五、会挡四，看不见活三",
        about_en: "Makes five and blocks a four, but does not see threes",
        depth: 1,
        nodes: 400,
        time_ms: 100,
        margin: 100_000,
        noise: 1_000_000,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 2,
        name_zh: "小蜜蜂",
        name_en: "Busy Bee",
        about_zh: "只看一步，偶尔连起子来",
        about_en: "Looks one move ahead, now and then lines stones up",
        depth: 1,
        nodes: 400,
        time_ms: 100,
        margin: 200_000,
        noise: 90_000,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 3,
        name_zh: "小青蛙",
        name_en: "Little Frog",
        about_zh: "只看一步，喜欢连子",
        about_en: "Looks one move ahead and likes to line stones up",
        depth: 1,
        nodes: 400,
        time_ms: 100,
        margin: 40_000,
        noise: 30_000,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 4,
        name_zh: "小兔子",
        name_en: "Bunny",
        about_zh: "会做活三，常忘了防守",
        about_en: "Makes open threes, often forgets to defend",
        depth: 1,
        nodes: 400,
        time_ms: 100,
        margin: 12_000,
        noise: 11_000,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 5,
        name_zh: "小松鼠",
        name_en: "Squirrel",
        about_zh: "攻守都看一步",
        about_en: "Weighs attack and defence one move ahead",
        depth: 1,
        nodes: 400,
        time_ms: 100,
        margin: 5_500,
        noise: 4_300,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 6,
        name_zh: "小狐狸",
        name_en: "Little Fox",
        about_zh: "只看一步，但攻守都很少看错",
        about_en: "Looks one move ahead, and seldom misjudges attack or defence",
        depth: 1,
        nodes: 400,
        time_ms: 150,
        margin: 1_500,
        noise: 900,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 7,
        name_zh: "小熊猫",
        name_en: "Red Panda",
        about_zh: "能看两步，会用冲四取胜",
        about_en: "Looks two moves ahead and wins with fours",
        depth: 2,
        nodes: 700,
        time_ms: 300,
        margin: 2_000,
        noise: 1_200,
        blunder_percent: 40,
        threads: 1,
    },
    Level {
        number: 8,
        name_zh: "小海豚",
        name_en: "Dolphin",
        about_zh: "懂得挡活三，会做四三，但常冲动",
        about_en: "Blocks open threes and builds four-threes, but is often rash",
        depth: 3,
        nodes: 30_000,
        time_ms: 400,
        margin: 3_000,
        noise: 1_500,
        blunder_percent: 65,
        threads: 1,
    },
    Level {
        number: 9,
        name_zh: "猫头鹰",
        name_en: "Owl",
        about_zh: "看四步，偶尔冲动",
        about_en: "Looks four moves ahead, now and then rash",
        depth: 4,
        nodes: 40_000,
        time_ms: 600,
        margin: 1_200,
        noise: 450,
        blunder_percent: 30,
        threads: 1,
    },
    Level {
        number: 10,
        name_zh: "小龙",
        name_en: "Little Dragon",
        about_zh: "全力以赴的引擎",
        about_en: "The full engine",
        depth: 8,
        nodes: 150_000,
        time_ms: 900,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
];

/// The ten levels for renju: the same players, with a noisier Squirrel (level 5), a
/// noisier and rasher Red Panda (level 7) and a rasher Dolphin (level 8) than in
/// freestyle, so that each renju step is about as gentle as the freestyle one.
pub const RENJU_LEVELS: [Level; 10] = {
    let mut rows = LEVELS;
    rows[4].noise = 4_700;
    rows[6].noise = 3_000;
    rows[6].blunder_percent = 60;
    rows[7].blunder_percent = 85;
    rows
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        for w in LEVELS.windows(2).chain(RENJU_LEVELS.windows(2)) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(a.number + 1, b.number);
            assert!(a.depth <= b.depth && a.nodes <= b.nodes && a.time_ms <= b.time_ms);
            // At one depth a stronger level has less noise and fewer impulsive moves; a
            // deeper search may start noisier again (its reading makes up for it).
            if a.depth == b.depth {
                assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
            }
        }
        // The one-ply levels choose by noise alone.
        let all = || LEVELS.iter().chain(&RENJU_LEVELS);
        assert!(all().filter(|l| l.depth == 1).all(|l| l.blunder_percent == 0));
        assert!(all().all(|l| l.time_ms < 1_000));
        assert!(all().all(|l| !l.name_zh.is_empty() && !l.about_en.is_empty()));
        // The renju table has the same players, only tuned differently.
        for (a, b) in LEVELS.iter().zip(&RENJU_LEVELS) {
            assert_eq!(
                (a.number, a.name_zh, a.depth, a.nodes),
                (b.number, b.name_zh, b.depth, b.nodes)
            );
        }
    }
}
