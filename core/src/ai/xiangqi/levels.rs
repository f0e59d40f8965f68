//! The xiangqi engine's ten levels.
//!
//! The rows were set by matches with `qike match custom:… custom:…` (a row given on the
//! command line): level 1 against the one-ply greedy bot until it scored 35–65%, then
//! each next row against the one below. The span from a greedy-bot beginner to the full
//! engine is too wide for nine steps of at most 85% each, so the rows spread it as
//! evenly as the measurements allowed (`core/tools/engine_ladder.sh`).

use crate::ai::level::{Level, row as lv};

/// The ten levels, weakest first. Levels 1–6 search a few plies and choose among the
/// candidates with noise and impulsive blunders; levels 7–9 play the full search's best
/// move with a node cap (4–6 times the nodes of the level below); level 10 is the full
/// engine for half a second.
pub const LEVELS: [Level; 10] = [
    lv(
        1,
        "小兵",
        "Little Soldier",
        "刚学会走棋也能赢",
        "Beatable by a child who just learned the moves",
        1,
        2_000,
        100,
        1000,
        500,
        85,
    ),
    lv(
        2,
        "小象",
        "Little Elephant",
        "会抓吃子，常看不见威胁",
        "Grabs pieces, often misses threats",
        1,
        3_000,
        100,
        800,
        300,
        50,
    ),
    lv(
        3,
        "小马",
        "Pony",
        "能看两步，偶尔大意",
        "Looks two moves ahead, sometimes careless",
        2,
        10_000,
        150,
        650,
        250,
        42,
    ),
    lv(
        4,
        "小炮",
        "Little Cannon",
        "懂得保护棋子",
        "Protects its pieces",
        2,
        20_000,
        200,
        400,
        180,
        30,
    ),
    lv(
        5,
        "小车",
        "Little Chariot",
        "会用简单的战术",
        "Uses simple tactics",
        3,
        60_000,
        300,
        350,
        150,
        24,
    ),
    lv(
        6,
        "士官",
        "Guard",
        "少犯错，要认真下",
        "Makes few mistakes: play carefully",
        3,
        150_000,
        350,
        250,
        80,
        9,
    ),
    lv(
        7,
        "将军",
        "General",
        "每步都算，适合棋社新手",
        "Calculates every move: for new club players",
        64,
        2_000,
        400,
        0,
        0,
        0,
    ),
    lv(8, "棋士", "Player", "更深的计算", "Calculates deeper", 64, 10_000, 400, 0, 0, 0),
    lv(
        9,
        "棋手",
        "Master",
        "棋社棋手也要用心",
        "A club player has to work",
        64,
        50_000,
        400,
        0,
        0,
        0,
    ),
    lv(10, "大师", "Grandmaster", "全力以赴", "The full engine", 64, u64::MAX, 500, 0, 0, 0),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered() {
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(a.number + 1, b.number);
            // Node caps are not ordered: levels 1–6 stop at their depth long before
            // their (safety) node cap, levels 7–9 at their node cap.
            assert!(a.depth <= b.depth && a.time_ms <= b.time_ms);
            assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
        }
        assert!(LEVELS.iter().all(|l| l.time_ms <= 1000));
    }
}
