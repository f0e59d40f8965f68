//! Go positions as lesson files write them: the stones of each colour as GTP point
//! lists, an optional board size and an optional side to move,
//! `size: 9; black: D4 E5; white: C3 C4; turn: white`. Parts are separated by `;`
//! and may come in any order; an empty text is the empty board of the default size.

use super::{Game, Rules, parse_gtp};
use crate::game::{Point, Side};

/// Reads a lesson position; `size` is the board when the text does not name one.
pub fn read(size: u8, text: &str) -> Result<Game, String> {
    let mut size = size;
    let mut turn = Side::First;
    let mut lists: Vec<(Side, &str)> = Vec::new();
    let mut seen = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part.split_once(':').ok_or_else(|| {
            format!("'{part}' should start with 'size:', 'black:', 'white:' or 'turn:'")
        })?;
        let (name, value) = (name.trim(), value.trim());
        if seen.contains(&name) {
            return Err(format!("'{name}' is given twice"));
        }
        seen.push(name);
        match name {
            "size" => {
                size = value.parse().map_err(|_| format!("'{value}' is not a board size"))?;
            }
            "turn" => {
                turn = match value {
                    "black" => Side::First,
                    "white" => Side::Second,
                    other => return Err(format!("'{other}' is not a colour (black or white)")),
                }
            }
            "black" => lists.push((Side::First, value)),
            "white" => lists.push((Side::Second, value)),
            other => return Err(format!("'{other}' is not size, black, white or turn")),
        }
    }
    if !super::SIZES.contains(&size) {
        return Err(format!("a Go board of {size} lines is not played"));
    }
    let mut stones: Vec<(Point, Side)> = Vec::new();
    for (side, list) in lists {
        for name in list.split_whitespace() {
            let p = match parse_gtp(name, size) {
                Ok(super::Move::Play(p)) => p,
                _ => return Err(format!("'{name}' is not a point of the {size}×{size} board")),
            };
            if stones.iter().any(|&(q, _)| q == p) {
                return Err(format!("{name} holds two stones"));
            }
            stones.push((p, side));
        }
    }
    Game::from_position(size, Rules::default(), &stones, turn).map_err(|e| e.to_string())
}

/// A point named in GTP style (`D4`), for tests of the Go solvers.
#[cfg(test)]
pub(crate) fn pt(name: &str) -> Point {
    match parse_gtp(name, 19) {
        Ok(super::Move::Play(p)) => p,
        _ => panic!("{name} is not a point"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_positions_read_size_stones_and_turn() {
        let g = read(9, "black: D4 E5; white: C3; turn: white").unwrap();
        assert_eq!(g.size(), 9);
        assert_eq!(g.side_to_move(), Side::Second);
        assert_eq!(g.board().stone_count(Side::First), 2);
        let g = read(9, "size: 13; white: K10").unwrap();
        assert_eq!(g.size(), 13);
        assert_eq!(g.side_to_move(), Side::First);
        assert_eq!(read(9, "").unwrap().board().stone_count(Side::First), 0);
        for bad in [
            "black: K10",
            "size: 4",
            "size: x",
            "black: D4; white: D4",
            "black: I4",
            "red: D4",
            "turn: green",
            "black: A1; white: A2 B1",
            "black: D4; black: E5",
            "D4",
        ] {
            assert!(read(9, bad).is_err(), "{bad} should not read");
        }
    }
}
