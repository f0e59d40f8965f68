//! The Go engine's ten levels. `nodes` is the number of playouts; the score scale is
//! (win rate − ½) × 2000, so a margin of 200 takes root moves within ten points of win
//! rate of the best.
//!
//! Levels 1–3 choose among the searched root moves with noise and impulsive choices.
//! The impulsive choice is the move that captures or saves the most stones, so even
//! level 1 takes stones in atari and runs with its own most of the time. Levels 4–10
//! play the search's best move, each with one and a half to two and a half times the
//! playouts of the one below.
//!
//! Matches between the levels showed why: a noisy pick chooses by win rates that few
//! playouts back, so any margin at all costs a level most of its strength (a clean
//! search at 800 playouts beat a noisy one at 400 in every game, from margins of 25 to
//! 250). Only the three beginner levels are noisy; above them, playouts alone set the
//! strength, in steps of 60–85%. Priors from Go knowledge give even a search of a
//! hundred playouts a fair move, so the beginner levels' noise, not their playouts,
//! keeps them apart.

use crate::ai::level::Level;

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    lv(
        1,
        "小石子",
        "Pebble",
        "刚学会提子也能赢",
        "Beatable by a child who just learned to capture",
        25,
        800,
        900,
        500,
        60,
    ),
    lv(
        2,
        "小蚂蚁",
        "Little Ant",
        "会提子、会逃子，不太会围地",
        "Captures and runs, but hardly builds territory",
        50,
        800,
        400,
        200,
        45,
    ),
    lv(
        3,
        "小兔子",
        "Bunny",
        "开始懂得围地，常常大意",
        "Starts to make territory, often careless",
        100,
        800,
        150,
        80,
        20,
    ),
    lv(4, "小松鼠", "Squirrel", "懂得连接和切断", "Knows how to connect and cut", 80, 800, 0, 0, 0),
    lv(
        5,
        "小猴子",
        "Monkey",
        "会做眼，偶尔看漏",
        "Makes eyes, sometimes overlooks things",
        120,
        800,
        0,
        0,
        0,
    ),
    lv(
        6,
        "小狐狸",
        "Fox",
        "死活和收官都要注意",
        "Watch your groups and the endgame",
        300,
        800,
        0,
        0,
        0,
    ),
    lv(7, "小鹿", "Deer", "稳健的业余棋手", "A steady amateur", 700, 800, 0, 0, 0),
    lv(
        8,
        "大熊",
        "Bear",
        "学过几年棋的孩子也要认真",
        "Serious work for a child of a few years' play",
        1_500,
        800,
        0,
        0,
        0,
    ),
    lv(9, "老虎", "Tiger", "棋社棋手也要用心", "A club player has to work", 3_000, 800, 0, 0, 0),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beginner_levels_are_noisy_and_the_rest_grow_by_playouts() {
        for w in LEVELS[..3].windows(2) {
            assert!(w[1].nodes > w[0].nodes && w[1].noise < w[0].noise, "{}", w[1].number);
            assert!(w[1].blunder_percent < w[0].blunder_percent);
        }
        assert!(LEVELS[..3].iter().all(|l| !l.is_exact()));
        assert!(LEVELS[3..].iter().all(Level::is_exact));
        for w in LEVELS[3..].windows(2) {
            assert!(2 * w[1].nodes >= 3 * w[0].nodes, "level {} grows", w[1].number);
        }
        // The phone budget: levels 1–9 stop at 0.8 s, the full engine at 0.5 s.
        assert!(LEVELS.iter().all(|l| l.time_ms <= 800));
        assert!(LEVELS.iter().enumerate().all(|(i, l)| usize::from(l.number) == i + 1));
    }
}
