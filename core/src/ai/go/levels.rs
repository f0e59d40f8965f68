//! The Go engine's ten levels. `nodes` is the number of playouts; the score scale is
//! (win rate − ½) × 2000, so a margin of 200 takes root moves within ten points of win
//! rate of the best.
//!
//! Levels 1–6 choose among the searched root moves with noise and impulsive choices
//! (the impulsive choice is the move that captures or saves the most stones, so even
//! level 1 takes stones in atari and runs with its own most of the time); levels 7–10
//! play the search's best move with more playouts each. The rows are a first setting,
//! not yet tuned by matches between the levels.

use crate::ai::level::Level;

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    lv(
        1,
        "小石子",
        "Pebble",
        "刚学会提子也能赢",
        "Beatable by a child who just learned to capture",
        200,
        800,
        2000,
        700,
        70,
    ),
    lv(
        2,
        "小蚂蚁",
        "Little Ant",
        "会提子、会逃子，不太会围地",
        "Captures and runs, but hardly builds territory",
        300,
        800,
        1200,
        500,
        50,
    ),
    lv(
        3,
        "小兔子",
        "Bunny",
        "开始懂得围地，常常大意",
        "Starts to make territory, often careless",
        400,
        800,
        800,
        300,
        35,
    ),
    lv(
        4,
        "小松鼠",
        "Squirrel",
        "懂得连接和切断",
        "Knows how to connect and cut",
        500,
        800,
        500,
        200,
        25,
    ),
    lv(
        5,
        "小猴子",
        "Monkey",
        "会做眼，偶尔看漏",
        "Makes eyes, sometimes overlooks things",
        700,
        1000,
        300,
        120,
        15,
    ),
    lv(
        6,
        "小狐狸",
        "Fox",
        "死活和收官都要注意",
        "Watch your groups and the endgame",
        1_000,
        1000,
        150,
        60,
        6,
    ),
    lv(7, "小鹿", "Deer", "稳健的业余棋手", "A steady amateur", 1_500, 1000, 0, 0, 0),
    lv(
        8,
        "大熊",
        "Bear",
        "学过几年棋的孩子也要认真",
        "Serious work for a child of a few years' play",
        2_500,
        1000,
        0,
        0,
        0,
    ),
    lv(9, "老虎", "Tiger", "棋社棋手也要用心", "A club player has to work", 5_000, 1000, 0, 0, 0),
    lv(10, "龙", "Dragon", "全力以赴", "The full engine", 100_000, 500, 0, 0, 0),
];

#[allow(clippy::too_many_arguments)]
const fn lv(
    number: u8,
    name_zh: &'static str,
    name_en: &'static str,
    about_zh: &'static str,
    about_en: &'static str,
    playouts: u64,
    time_ms: u64,
    margin: i32,
    noise: i32,
    blunder_percent: u32,
) -> Level {
    Level {
        number,
        name_zh,
        name_en,
        about_zh,
        about_en,
        depth: 0,
        nodes: playouts,
        time_ms,
        margin,
        noise,
        blunder_percent,
    }
}
