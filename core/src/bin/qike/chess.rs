//! `qike perft chess`: node counts for checking the chess move generator against
//! other programs (`--divide` prints one `move: count` line per legal move first).

use qike_core::chess::{Position, divide, perft as count};

/// Runs perft from the FEN (or the start) and prints the total as the last line.
pub fn perft(fen: Option<&str>, depth: u32, divide_moves: bool) -> Result<(), String> {
    let pos = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    let total = if divide_moves && depth > 0 {
        let mut total = 0;
        for (mv, n) in divide(&pos, depth) {
            println!("{}: {n}", mv.uci());
            total += n;
        }
        total
    } else {
        count(&pos, depth)
    };
    println!("{total}");
    Ok(())
}
