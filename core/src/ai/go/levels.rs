//! The Go engine's ten levels. `nodes` is the number of playouts; the score scale is
//! (win rate − ½) × 2000, so a margin of 200 takes root moves within ten points of win
//! rate of the best.
//!
//! Levels 1–3 choose among the searched root moves with noise and impulsive choices.
//! The impulsive choice is the move that captures or saves the most stones, so even
//! level 1 takes stones in atari and runs with its own most of the time. Levels 4–10
//! play the search's best move, each with one and a half to under three times the
//! playouts of the one below.
//!
//! A noisy pick chooses by win rates that few playouts back, so any margin at all costs
//! a level most of its strength. Only the three beginner levels are noisy; above them,
//! playouts alone set the strength. Priors from Go knowledge give even a search of a
//! hundred playouts a fair move, so a noisy pick over that many is still a strong
//! player: the beginner levels search fewer playouts than level 4 as well as choosing
//! with noise. The rows were set by matches between the levels
//! (`core/tools/go_ladder.sh`): a level should win most games against the one below,
//! not all.
//!
//! On a bigger board each added playout is worth more to the next level up, so the
//! middle boards (12×12 to 15×15) and the big ones (from 16×16) have tables of their
//! own: the same levels, names and styles with their own playouts, set by the ladder
//! on 13×13 and on 19×19.
//!
//! The full engine searches on two threads where the device has two cores or more, each
//! thread growing its own tree from the same root (root parallelism); the others search
//! on one.

use crate::ai::level::Level;

/// The ten levels on the small boards (up to 11×11), weakest first.
pub const LEVELS: [Level; 10] = [
    Level {
        number: 1,
        name_zh: "小石子",
        name_en: "Pebble",
        about_zh: "刚学会提子也能赢",
        about_en: "Beatable by a child who just learned to capture",
        depth: 0,
        nodes: 25,
        time_ms: 800,
        margin: 900,
        noise: 500,
        blunder_percent: 60,
        threads: 1,
    },
    Level {
        number: 2,
        name_zh: "小蚂蚁",
        name_en: "Little Ant",
        about_zh: "会提子、会逃子，不太会围地",
        about_en: "Captures and runs, but hardly builds territory",
        depth: 0,
        nodes: 30,
        time_ms: 800,
        margin: 400,
        noise: 200,
        blunder_percent: 45,
        threads: 1,
    },
    Level {
        number: 3,
        name_zh: "小兔子",
        name_en: "Bunny",
        about_zh: "开始懂得围地，常常大意",
        about_en: "Starts to make territory, often careless",
        depth: 0,
        nodes: 40,
        time_ms: 800,
        margin: 150,
        noise: 80,
        blunder_percent: 20,
        threads: 1,
    },
    Level {
        number: 4,
        name_zh: "小松鼠",
        name_en: "Squirrel",
        about_zh: "懂得连接和切断",
        about_en: "Knows how to connect and cut",
        depth: 0,
        nodes: 80,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 5,
        name_zh: "小猴子",
        name_en: "Monkey",
        about_zh: "会做眼，偶尔看漏",
        about_en: "Makes eyes, sometimes overlooks things",
        depth: 0,
        nodes: 170,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 6,
        name_zh: "小狐狸",
        name_en: "Fox",
        about_zh: "死活和收官都要注意",
        about_en: "Watch your groups and the endgame",
        depth: 0,
        nodes: 340,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 7,
        name_zh: "小鹿",
        name_en: "Deer",
        about_zh: "稳健的业余棋手",
        about_en: "A steady amateur",
        depth: 0,
        nodes: 700,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 8,
        name_zh: "大熊",
        name_en: "Bear",
        about_zh: "学过几年棋的孩子也要认真",
        about_en: "Serious work for a child of a few years' play",
        depth: 0,
        nodes: 1_500,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 9,
        name_zh: "老虎",
        name_en: "Tiger",
        about_zh: "棋社棋手也要用心",
        about_en: "A club player has to work",
        depth: 0,
        nodes: 4_000,
        time_ms: 800,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 1,
    },
    Level {
        number: 10,
        name_zh: "龙",
        name_en: "Dragon",
        about_zh: "全力以赴",
        about_en: "The full engine",
        depth: 0,
        nodes: 100_000,
        time_ms: 500,
        margin: 0,
        noise: 0,
        blunder_percent: 0,
        threads: 2,
    },
];

/// Playouts of levels 1–10 on the middle boards (12×12 to 15×15).
const PLAYOUTS_13: [u64; 10] = [15, 25, 40, 80, 130, 220, 450, 1_000, 2_200, 100_000];
/// Playouts of levels 1–10 on the big boards (from 16×16).
const PLAYOUTS_19: [u64; 10] = [15, 25, 40, 80, 150, 250, 450, 900, 1_800, 100_000];

/// The levels on the middle boards: the small boards' rows with their own playouts.
pub const LEVELS_13: [Level; 10] = with_playouts(LEVELS, PLAYOUTS_13);
/// The levels on the big boards.
pub const LEVELS_19: [Level; 10] = with_playouts(LEVELS, PLAYOUTS_19);

const fn with_playouts(mut rows: [Level; 10], playouts: [u64; 10]) -> [Level; 10] {
    let mut i = 0;
    while i < rows.len() {
        rows[i].nodes = playouts[i];
        i += 1;
    }
    rows
}

/// The level table for a board of `size`: the search gains more from each added
/// playout on a big board, so its rows differ.
pub fn levels_for(size: u8) -> &'static [Level] {
    match size {
        0..=11 => &LEVELS,
        12..=15 => &LEVELS_13,
        _ => &LEVELS_19,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beginner_levels_are_noisy_and_the_rest_grow_by_playouts() {
        for rows in [&LEVELS, &LEVELS_13, &LEVELS_19] {
            for w in rows[..3].windows(2) {
                assert!(w[1].nodes > w[0].nodes && w[1].noise < w[0].noise, "{}", w[1].number);
                assert!(w[1].blunder_percent < w[0].blunder_percent);
            }
            assert!(rows[..3].iter().all(|l| !l.is_exact()));
            // A noisy pick over as many playouts as level 4's would outplay it.
            assert!(rows[..3].iter().all(|l| l.nodes < rows[3].nodes));
            assert!(rows[3..].iter().all(Level::is_exact));
            for w in rows[3..].windows(2) {
                assert!(2 * w[1].nodes >= 3 * w[0].nodes, "level {} grows", w[1].number);
            }
            // Only the full engine searches on a second core.
            assert!(rows[..9].iter().all(|l| l.threads == 1) && rows[9].threads == 2);
            // The phone budget: levels 1–9 stop at 0.8 s, the full engine at 0.5 s.
            assert!(rows.iter().all(|l| l.time_ms <= 800));
            assert!(rows.iter().enumerate().all(|(i, l)| usize::from(l.number) == i + 1));
            // A level is the same level on every board but for its playouts.
            for (a, b) in rows.iter().zip(&LEVELS) {
                assert_eq!(Level { nodes: b.nodes, ..*a }, *b);
            }
        }
    }

    #[test]
    fn each_board_size_has_its_table() {
        assert_eq!(levels_for(9), &LEVELS);
        assert_eq!(levels_for(7), &LEVELS);
        assert_eq!(levels_for(13), &LEVELS_13);
        assert_eq!(levels_for(19), &LEVELS_19);
        // The big board's middle levels search less than the small board's.
        assert!(LEVELS_19[5].nodes < LEVELS[5].nodes);
    }
}
