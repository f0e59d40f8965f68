//! `qike gomoku-forbidden`: the renju forbidden points for black in a position.
//!
//! Usage: `qike gomoku-forbidden --moves "h8 h9 …" [--size 15|19] [--why]`
//! The moves place black and white stones alternately (no rule is checked but the
//! board edge and occupied points). The last line lists the forbidden points in
//! point order (file, then rank), or `none`; `--why` prints `point: kind` lines first.

use qike_core::gomoku::{Board, BoardSize, Stone, notation, renju};

pub fn forbidden(moves: &str, size: Option<String>, why: bool) -> Result<(), String> {
    let size = match size.as_deref() {
        None | Some("15") => BoardSize::Fifteen,
        Some("19") => BoardSize::Nineteen,
        Some(other) => return Err(format!("--size must be 15 or 19, got '{other}'")),
    };
    let points = notation::parse_points(moves, size).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    for (k, &p) in points.iter().enumerate() {
        if !board.is_empty_at(p) {
            return Err(format!(
                "move {} ({}) is on an occupied point",
                k + 1,
                notation::point_name(p)
            ));
        }
        let stone = if k % 2 == 0 { Stone::Black } else { Stone::White };
        board.set(p, Some(stone));
    }
    let found = renju::forbidden_points(&board);
    if why {
        for (p, kind) in &found {
            println!("{}: {kind}", notation::point_name(*p));
        }
    }
    if found.is_empty() {
        println!("none");
    } else {
        let names: Vec<String> = found.iter().map(|(p, _)| notation::point_name(*p)).collect();
        println!("{}", names.join(" "));
    }
    Ok(())
}
