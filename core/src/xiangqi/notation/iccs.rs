//! ICCS coordinates: from and to as file letter a..i and rank digit 0..9, red at rank 0.

use crate::game::Point;
use crate::xiangqi::{Move, Position};

use super::{NotationError, syntax};

/// The move as ICCS text, e.g. `h2e2`.
pub fn format_iccs(m: Move) -> String {
    m.to_string()
}

fn point(text: &str, file: char, rank: char) -> Result<Point, NotationError> {
    let f = file.to_ascii_lowercase();
    if !('a'..='i').contains(&f) {
        return Err(syntax(text, "files are the letters a to i"));
    }
    let r = rank.to_digit(10).ok_or_else(|| syntax(text, "ranks are the digits 0 to 9"))?;
    Ok(Point::new(f as u8 - b'a', r as u8))
}

/// Reads ICCS text (`h2e2`, `H2-E2`) and checks that the move is legal here.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let chars: Vec<char> = t.chars().filter(|&c| c != '-').collect();
    let [ff, fr, tf, tr] = chars[..] else {
        return Err(syntax(text, "ICCS moves have four characters such as h2e2"));
    };
    let from = point(text, ff, fr)?;
    let to = point(text, tf, tr)?;
    let m = Move::new(from, to).ok_or_else(|| syntax(text, "point off the board"))?;
    pos.check_move(m).map_err(|reason| NotationError::Illegal { text: text.to_owned(), reason })?;
    Ok(m)
}
