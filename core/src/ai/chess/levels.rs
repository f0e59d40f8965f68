//! The chess engine's ten levels.
//!
//! Hand-set for now, to be tuned by ladder matches (`qike match --game chess level:N
//! level:M`). Levels 1–6 search a few plies and choose among the root moves within
//! their margin with noise and impulsive grabs; levels 7–9 play the full search's best
//! move with a node cap; level 10 is the full engine for half a second.

use crate::ai::level::{Level, row as lv};

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    lv(
        1,
        "小卒",
        "Little Pawn",
        "刚学会走棋也能赢",
        "Beatable by a child who just learned the moves",
        1,
        2_000,
        100,
        1000,
        400,
        60,
    ),
    lv(
        2,
        "小马驹",
        "Foal",
        "爱吃子，常看不见威胁",
        "Grabs pieces, often misses threats",
        1,
        4_000,
        100,
        600,
        150,
        45,
    ),
    lv(
        3,
        "小象",
        "Little Bishop",
        "能看两步，偶尔大意",
        "Looks two moves ahead, sometimes careless",
        2,
        10_000,
        150,
        450,
        110,
        30,
    ),
    lv(
        4,
        "小城堡",
        "Little Castle",
        "懂得保护棋子",
        "Protects its pieces",
        3,
        30_000,
        200,
        250,
        70,
        15,
    ),
    lv(
        5,
        "小骑士",
        "Young Knight",
        "会用简单的战术",
        "Uses simple tactics",
        4,
        80_000,
        300,
        200,
        50,
        10,
    ),
    lv(
        6,
        "小王后",
        "Young Queen",
        "少犯错，要认真下",
        "Makes few mistakes: play carefully",
        5,
        200_000,
        350,
        120,
        30,
        4,
    ),
    lv(
        7,
        "骑士",
        "Knight",
        "每步都算，适合棋社新手",
        "Calculates every move: for new club players",
        64,
        20_000,
        400,
        0,
        0,
        0,
    ),
    lv(8, "棋士", "Player", "算得更深", "Calculates deeper", 64, 80_000, 400, 0, 0, 0),
    lv(
        9,
        "棋手",
        "Master",
        "棋社棋手也要用心",
        "A club player has to work",
        64,
        300_000,
        450,
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
            assert!(a.depth <= b.depth && a.time_ms <= b.time_ms);
            assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
            assert!(a.margin >= b.margin);
        }
        // From level 5 on no candidate may be a piece worse than the best move.
        assert!(LEVELS[4..].iter().all(|l| l.margin < 300));
    }
}
