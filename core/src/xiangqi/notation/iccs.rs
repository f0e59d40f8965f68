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

/// Reads an ICCS point such as `e0` (file a–i, rank 0–9).
pub fn parse_point(text: &str) -> Option<Point> {
    let b = text.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let (f, r) = (b[0], b[1]);
    if !(b'a'..=b'i').contains(&f) || !r.is_ascii_digit() {
        return None;
    }
    Some(Point::new(f - b'a', r - b'0'))
}

/// Reads an ICCS move such as `h2e2` into its two points, in no position (so neither
/// checked for legality nor for a piece on the first point; see [`parse_iccs`]).
pub fn parse_move(text: &str) -> Option<(Point, Point)> {
    let (a, b) = (text.get(0..2)?, text.get(2..)?);
    Some((parse_point(a)?, parse_point(b)?))
}

/// Writes a point as ICCS text.
pub fn point_name(p: Point) -> String {
    crate::GameKind::Xiangqi.point_name(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_moves_parse() {
        assert_eq!(parse_point("e0"), Some(Point::new(4, 0)));
        assert_eq!(parse_point("i9"), Some(Point::new(8, 9)));
        assert_eq!(parse_point("j0"), None);
        assert_eq!(parse_point("e"), None);
        assert_eq!(parse_move("h2e2"), Some((Point::new(7, 2), Point::new(4, 2))));
        assert_eq!(parse_move("h2e"), None);
        assert_eq!(parse_move("中炮"), None);
    }
}
