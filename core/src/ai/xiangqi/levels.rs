//! The xiangqi engine's ten levels.
//!
//! The rows were set by matches between candidate rows (`qike match custom:…:fixed
//! custom:…:fixed`, a row given on the command line and searched without its time cap,
//! so that machine load cannot change a move), 100 games per try: level 1 against the
//! one-ply greedy bot until it scored near 50%, then each next row against the one
//! below until it scored about 75%. The margin moves the score most: it is the largest
//! loss a level will accept by its own judgement, so a margin above a chariot's value
//! lets a level drop its chariot and one below it does not. Depth and noise move it
//! less. Level 1 keeps its guard against walking into mate and its habit of playing a
//! forced mate; its wide margin and noise make it about as strong as the greedy bot.
//! Eight steps of about 75% from a greedy-bot beginner reach a four-ply search that
//! still slips; level 10, the full engine, is far above that
//! (`core/tools/engine_ladder.sh`).

use crate::ai::level::{Level, row as lv};

/// The ten levels, weakest first. Levels 1–9 search one to four plies and choose among
/// the candidates with noise and impulsive grabs, each with a narrower margin than the
/// level below; their depth and node caps stop a search long before their time caps.
/// Level 10 is the full engine for half a second.
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
        2000,
        2000,
        50,
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
        1000,
        800,
        50,
    ),
    lv(
        3,
        "小马",
        "Pony",
        "不再白送车",
        "No longer gives its chariot away",
        1,
        3_000,
        100,
        750,
        650,
        50,
    ),
    lv(
        4,
        "小炮",
        "Little Cannon",
        "能看两步，偶尔大意",
        "Looks two moves ahead, sometimes careless",
        2,
        10_000,
        150,
        700,
        550,
        45,
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
        650,
        450,
        40,
    ),
    lv(
        6,
        "士官",
        "Guard",
        "少犯错，要认真下",
        "Makes fewer mistakes: play carefully",
        3,
        60_000,
        300,
        550,
        450,
        40,
    ),
    lv(
        7,
        "将军",
        "General",
        "很少白送棋子，适合棋社新手",
        "Seldom gives a piece away: for new club players",
        3,
        60_000,
        300,
        450,
        400,
        36,
    ),
    lv(8, "棋士", "Player", "失误更少", "Slips less often", 3, 60_000, 300, 350, 350, 32),
    lv(
        9,
        "棋手",
        "Master",
        "算得更深，要用心下",
        "Looks deeper: you have to work",
        4,
        100_000,
        400,
        300,
        300,
        30,
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
            assert!(a.depth <= b.depth && a.nodes <= b.nodes && a.time_ms <= b.time_ms);
            assert!(a.noise >= b.noise && a.blunder_percent >= b.blunder_percent);
            // A stronger level accepts smaller losses (the full engine plays the best).
            assert!(a.margin >= b.margin || b.is_exact());
        }
        assert!(LEVELS.iter().all(|l| l.time_ms <= 1000));
    }
}
