//! The chess engine's ten levels.
//!
//! The rows were set by matches (`qike match --game chess custom:… level:N`, a row given
//! on the command line): level 1 against the one-ply greedy bot, then each next row
//! against the one below, aiming at about 75% a step. Levels 1–9 search one to three
//! plies and choose among the root moves within their margin with noise and impulsive
//! grabs, so they span the beginner's range in nine steps a child can climb (a four-ply
//! row scored 90% against level 8: too big a step). Level 10 is the full engine for half
//! a second, far above level 9: nine steps of at most 85% cannot reach it from a level
//! a beginner beats (`GAME=chess sh core/tools/engine_ladder.sh`).

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
        550,
        66,
    ),
    lv(
        2,
        "小马驹",
        "Foal",
        "爱吃子，常看不见威胁",
        "Grabs pieces, often misses threats",
        1,
        3_000,
        100,
        800,
        250,
        52,
    ),
    lv(
        3,
        "小象",
        "Little Bishop",
        "吃子更准，有时会逃子",
        "Takes pieces more surely, sometimes saves its own",
        1,
        4_000,
        100,
        600,
        150,
        45,
    ),
    lv(
        4,
        "小城堡",
        "Little Castle",
        "能看两步，常常大意",
        "Looks two moves ahead, often careless",
        2,
        6_000,
        120,
        520,
        130,
        38,
    ),
    lv(
        5,
        "小骑士",
        "Young Knight",
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
        6,
        "小王后",
        "Young Queen",
        "懂得保护棋子",
        "Protects its pieces",
        3,
        20_000,
        180,
        400,
        130,
        30,
    ),
    lv(7, "骑士", "Knight", "会用简单的战术", "Uses simple tactics", 3, 30_000, 200, 300, 100, 22),
    lv(8, "棋士", "Player", "算得更深", "Calculates deeper", 3, 40_000, 220, 250, 70, 15),
    lv(
        9,
        "棋手",
        "Master",
        "少犯错，要认真下",
        "Makes few mistakes: play carefully",
        3,
        60_000,
        250,
        220,
        55,
        11,
    ),
    lv(
        10,
        "大师",
        "Grandmaster",
        "棋社棋手也要用心",
        "A club player has to work",
        64,
        u64::MAX,
        500,
        0,
        0,
        0,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered() {
        for w in LEVELS.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert_eq!(a.number + 1, b.number);
            assert!(a.depth <= b.depth && a.nodes <= b.nodes && a.time_ms <= b.time_ms);
            assert!(a.blunder_percent >= b.blunder_percent && a.margin >= b.margin);
            // A level that reads a ply deeper may start noisier; at one depth, the
            // higher level is never noisier.
            assert!(a.depth < b.depth || a.noise >= b.noise, "level {}", b.number);
        }
        // From level 8 on no candidate may be a piece worse than the best move.
        assert!(LEVELS[7..].iter().all(|l| l.margin < 300));
    }
}
