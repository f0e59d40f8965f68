//! Perft driver: every position in `data/xiangqi.perft` (numbers cross-checked against
//! Fairy-Stockfish `go perft N`) must give the stored node counts. Entries above the node
//! limit are skipped so the suite stays fast; `cargo bench` and the CLI cover depth 5.

use qike_core::xiangqi::Position;

/// Skip entries with more nodes than this (set `QIKE_PERFT_LIMIT` to go deeper).
const DEFAULT_NODE_LIMIT: u64 = 5_000_000;

struct Entry {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/xiangqi.perft");
    let mut out = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => id = value.to_owned(),
            "epd" => fen = value.to_owned(),
            "perft" => {
                let mut parts = value.split_whitespace();
                let depth = parts.next().and_then(|d| d.parse().ok());
                let nodes = parts.next().and_then(|d| d.parse().ok());
                let (Some(depth), Some(nodes)) = (depth, nodes) else {
                    panic!("line {}: bad perft line '{line}'", n + 1)
                };
                out.push(Entry { id: id.clone(), fen: fen.clone(), depth, nodes });
            }
            other => panic!("line {}: unknown key '{other}'", n + 1),
        }
    }
    out
}

#[test]
fn perft_matches_reference_counts() {
    let limit = std::env::var("QIKE_PERFT_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_NODE_LIMIT);
    let all = entries();
    assert!(all.len() >= 30, "the perft file should hold many entries");
    let mut ran = 0;
    for e in &all {
        if e.nodes > limit {
            continue;
        }
        let pos = Position::from_fen(&e.fen)
            .unwrap_or_else(|err| panic!("{}: FEN '{}' rejected: {err}", e.id, e.fen));
        assert_eq!(pos.perft(e.depth), e.nodes, "{} depth {}", e.id, e.depth);
        ran += 1;
    }
    assert!(ran >= 25, "only {ran} entries ran under the node limit");
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::startpos();
    let divide = pos.perft_divide(3);
    assert_eq!(divide.len(), 44);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 79_666);
}

/// Prints FENs reached by random play, to pick new perft positions from (run with
/// `--ignored --nocapture`).
#[test]
#[ignore]
fn print_random_positions() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for game in 0..12 {
        let mut pos = Position::startpos();
        let plies = 20 + (game * 7) % 60;
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[(rand() % moves.len() as u64) as usize];
            pos.make(m);
        }
        println!("{} check={}", pos.to_fen(), pos.is_check());
    }
}
