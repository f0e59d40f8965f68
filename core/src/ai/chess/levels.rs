//! The chess engine's ten levels.
//!
//! The rows were set by matches (`qike match --game chess custom:… level:N`, a row given
//! on the command line): level 1 against the one-ply greedy bot, then each next row
//! against the one below, aiming at about three wins in four a step. Levels 1–9 search
//! one to three plies and choose among the root moves within their margin with noise
//! and impulsive grabs, so they span the beginner's range in nine steps a child can
//! climb (a four-ply row is too big a step over level 8). Level 10 is the full engine
//! for half a second, far above level 9: nine gentle steps cannot reach it from a level
//! a beginner beats. `GAME=chess sh core/tools/engine_ladder.sh` replays the ladder.

use crate::ai::level::Level;

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    Level {
        number: 1,
        name_zh: "小卒",
        name_en: "Little Pawn",
        about_zh: "刚学会走棋也能赢",
        about_en: "Beatable by a child who just learned the moves",
        depth: 1,
        nodes: 2_000,
        time_ms: 100,
        margin: 1000,
        noise: 550,
        blunder_percent: 66,
        threads: 1,
    },
    Level {
        number: 2,
        name_zh: "小马驹",
        name_en: "Foal",
        about_zh: "爱吃子，常看不见威胁",
        about_en: "Grabs pieces, often misses threats",
        depth: 1,
        nodes: 3_000,
        time_ms: 100,
        margin: 800,
        noise: 250,
        blunder_percent: 52,
        threads: 1,
    },
    Level {
        number: 3,
        name_zh: "小象",
        name_en: "Little Bishop",
        about_zh: "吃子更准，有时会逃子",
        about_en: "Takes pieces more surely, sometimes saves its own",
        depth: 1,
        nodes: 4_000,
        time_ms: 100,
        margin: 600,
        noise: 150,
        blunder_percent: 45,
        threads: 1,
    },
    Level {
        number: 4,
        name_zh: "小城堡",
        name_en: "Little Castle",
        about_zh: "能看两步，常常大意",
        about_en: "Looks two moves ahead, often careless",
        depth: 2,
        nodes: 6_000,
        time_ms: 120,
        margin: 520,
        noise: 130,
        blunder_percent: 38,
        threads: 1,
    },
    Level {
        number: 5,
        name_zh: "小骑士",
        name_en: "Young Knight",
        about_zh: "能看两步，偶尔大意",
        about_en: "Looks two moves ahead, sometimes careless",
        depth: 2,
        nodes: 10_000,
        time_ms: 150,
        margin: 450,
        noise: 110,
        blunder_percent: 30,
        threads: 1,
    },
    Level {
        number: 6,
        name_zh: "小王后",
        name_en: "Young Queen",
        about_zh: "懂得保护棋子",
        about_en: "Protects its pieces",
        depth: 3,
        nodes: 20_000,
        time_ms: 180,
        margin: 400,
        noise: 130,
        blunder_percent: 30,
        threads: 1,
    },
    Level {
        number: 7,
        name_zh: "骑士",
        name_en: "Knight",
        about_zh: "会用简单的战术",
        about_en: "Uses simple tactics",
        depth: 3,
        nodes: 30_000,
        time_ms: 200,
        margin: 300,
        noise: 100,
        blunder_percent: 22,
        threads: 1,
    },
    Level {
        number: 8,
        name_zh: "棋士",
        name_en: "Player",
        about_zh: "算得更深",
        about_en: "Calculates deeper",
        depth: 3,
        nodes: 40_000,
        time_ms: 220,
        margin: 250,
        noise: 70,
        blunder_percent: 15,
        threads: 1,
    },
    Level {
        number: 9,
        name_zh: "棋手",
        name_en: "Master",
        about_zh: "少犯错，要认真下",
        about_en: "Makes few mistakes: play carefully",
        depth: 3,
        nodes: 60_000,
        time_ms: 250,
        margin: 220,
        noise: 55,
        blunder_percent: 11,
        threads: 1,
    },
    Level {
        number: 10,
        name_zh: "大师",
        name_en: "Grandmaster",
        about_zh: "棋社棋手也要用心",
        about_en: "A club player has to work",
        depth: 64,
        nodes: u64::MAX,
        time_ms: 500,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
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
