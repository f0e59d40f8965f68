//! The xiangqi engine's ten levels.
//!
//! The rows were set by matches between candidate rows (`qike match custom:…:fixed
//! custom:…:fixed`, a row given on the command line and searched without its time cap,
//! so that machine load cannot change a move): level 1 against the one-ply greedy bot
//! until the two were even, then each next row against the one below until it won
//! about three games in four. The margin moves the strength most: it is the largest
//! loss a level will accept by its own judgement, so a margin above a chariot's value
//! lets a level drop its chariot and one below it does not. Depth and noise move it
//! less. Level 1 keeps its guard against walking into mate and its habit of playing a
//! forced mate; its wide margin and noise make it about as strong as the greedy bot.
//! Eight such steps from a greedy-bot beginner reach a four-ply search that still
//! slips; level 10, the full engine, is far above that. `core/tools/engine_ladder.sh`
//! replays the ladder.

use crate::ai::level::Level;

/// The ten levels, weakest first. Levels 1–9 search one to four plies and choose among
/// the candidates with noise and impulsive grabs, each with a narrower margin than the
/// level below; their depth and node caps stop a search long before their time caps.
/// Level 10 is the full engine for half a second.
pub const LEVELS: [Level; 10] = [
    Level {
        number: 1,
        name_zh: "小兵",
        name_en: "Little Soldier",
        about_zh: "刚学会走棋也能赢",
        about_en: "Beatable by a child who just learned the moves",
        depth: 1,
        nodes: 2_000,
        time_ms: 100,
        margin: 2000,
        noise: 2000,
        blunder_percent: 50,
        threads: 1,
    },
    Level {
        number: 2,
        name_zh: "小象",
        name_en: "Little Elephant",
        about_zh: "会抓吃子，常看不见威胁",
        about_en: "Grabs pieces, often misses threats",
        depth: 1,
        nodes: 3_000,
        time_ms: 100,
        margin: 1000,
        noise: 800,
        blunder_percent: 50,
        threads: 1,
    },
    Level {
        number: 3,
        name_zh: "小马",
        name_en: "Pony",
        about_zh: "不再白送车",
        about_en: "No longer gives its chariot away",
        depth: 1,
        nodes: 3_000,
        time_ms: 100,
        margin: 750,
        noise: 650,
        blunder_percent: 50,
        threads: 1,
    },
    Level {
        number: 4,
        name_zh: "小炮",
        name_en: "Little Cannon",
        about_zh: "能看两步，偶尔大意",
        about_en: "Looks two moves ahead, sometimes careless",
        depth: 2,
        nodes: 10_000,
        time_ms: 150,
        margin: 700,
        noise: 550,
        blunder_percent: 45,
        threads: 1,
    },
    Level {
        number: 5,
        name_zh: "小车",
        name_en: "Little Chariot",
        about_zh: "会用简单的战术",
        about_en: "Uses simple tactics",
        depth: 3,
        nodes: 60_000,
        time_ms: 300,
        margin: 650,
        noise: 450,
        blunder_percent: 40,
        threads: 1,
    },
    Level {
        number: 6,
        name_zh: "士官",
        name_en: "Guard",
        about_zh: "少犯错，要认真下",
        about_en: "Makes fewer mistakes: play carefully",
        depth: 3,
        nodes: 60_000,
        time_ms: 300,
        margin: 550,
        noise: 450,
        blunder_percent: 40,
        threads: 1,
    },
    Level {
        number: 7,
        name_zh: "将军",
        name_en: "General",
        about_zh: "很少白送棋子，适合棋社新手",
        about_en: "Seldom gives a piece away: for new club players",
        depth: 3,
        nodes: 60_000,
        time_ms: 300,
        margin: 450,
        noise: 400,
        blunder_percent: 36,
        threads: 1,
    },
    Level {
        number: 8,
        name_zh: "棋士",
        name_en: "Player",
        about_zh: "失误更少",
        about_en: "Slips less often",
        depth: 3,
        nodes: 60_000,
        time_ms: 300,
        margin: 350,
        noise: 350,
        blunder_percent: 32,
        threads: 1,
    },
    Level {
        number: 9,
        name_zh: "棋手",
        name_en: "Master",
        about_zh: "算得更深，要用心下",
        about_en: "Looks deeper: you have to work",
        depth: 4,
        nodes: 100_000,
        time_ms: 400,
        margin: 300,
        noise: 300,
        blunder_percent: 30,
        threads: 1,
    },
    Level {
        number: 10,
        name_zh: "大师",
        name_en: "Grandmaster",
        about_zh: "全力以赴",
        about_en: "The full engine",
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
            assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
            // A stronger level accepts smaller losses (the full engine plays the best).
            assert!(a.margin >= b.margin || b.is_exact());
        }
        assert!(LEVELS.iter().all(|l| l.time_ms <= 1000));
    }
}
