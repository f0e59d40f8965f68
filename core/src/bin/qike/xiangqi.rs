//! `qike perft xiangqi`: perft and divide for xiangqi positions.

use qike_core::xiangqi::Position;

/// Prints `move: count` lines when dividing, then the total node count last.
pub fn perft(fen: Option<&str>, depth: u32, divide: bool) -> Result<(), String> {
    let pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    if divide && depth > 0 {
        let mut total = 0;
        for (m, n) in pos.perft_divide(depth) {
            println!("{m}: {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", pos.perft(depth));
    }
    Ok(())
}
