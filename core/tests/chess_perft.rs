//! Perft from `tests/data/chess.perft` (counts from Stockfish). Entries above the node
//! limit are skipped so the suite stays fast; set `QIKE_PERFT_LIMIT` to run deeper
//! (e.g. `QIKE_PERFT_LIMIT=200000000 cargo test -p qike-core --release chess_perft`).

use qike_core::chess::{Position, divide, perft};

struct Entry {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/chess.perft");
    let (mut id, mut fen) = (String::new(), String::new());
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_owned();
        } else if let Some(rest) = line.strip_prefix("fen ") {
            fen = rest.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().unwrap().parse().unwrap();
            let nodes = parts.next().unwrap().parse().unwrap();
            out.push(Entry { id: id.clone(), fen: fen.clone(), depth, nodes });
        }
    }
    out
}

fn limit() -> u64 {
    std::env::var("QIKE_PERFT_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(5_000_000)
}

#[test]
fn perft_matches_stockfish_below_the_node_limit() {
    let entries = entries();
    assert!(entries.len() >= 100, "the data file has {} entries", entries.len());
    let positions: std::collections::BTreeSet<&str> =
        entries.iter().map(|e| e.id.as_str()).collect();
    assert!(positions.len() >= 8);
    let mut run = 0;
    for e in &entries {
        if e.nodes > limit() {
            continue;
        }
        let pos = Position::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(perft(&pos, e.depth), e.nodes, "{} depth {}", e.id, e.depth);
        run += 1;
    }
    // Every position has at least its shallow depths under the default limit.
    assert!(run >= 80, "only {run} entries ran");
}

#[test]
fn divide_sums_to_perft_and_uses_king_steps_for_castling() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(kiwipete).unwrap();
    let split = divide(&pos, 3);
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 97862);
    let names: Vec<String> = split.iter().map(|(m, _)| m.uci()).collect();
    assert!(names.contains(&"e1g1".to_owned()));
    assert!(names.contains(&"e1c1".to_owned()));
    assert!(!names.contains(&"e1h1".to_owned()));
}

#[test]
fn perft_zero_is_one() {
    assert_eq!(perft(&Position::startpos(), 0), 1);
}
