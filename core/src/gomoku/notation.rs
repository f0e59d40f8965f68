//! Point names (`h8`: files a–o, ranks 1–15 from the bottom, no letter skipped),
//! plain move lists (`h8 i9 h9`, also written `h8i9h9`), and Gomocup coordinates
//! (`x,y`, 0-based, x from the left and y from the top as the Gomocup manager draws
//! the board).

use super::board::BoardSize;
use super::game::{Game, PlayError};
use crate::game::{GomokuRule, Point};

/// The name of a point, such as `h8`.
pub fn point_name(p: Point) -> String {
    let letter = char::from_u32(u32::from(b'a') + u32::from(p.file)).unwrap_or('?');
    format!("{letter}{}", u32::from(p.rank) + 1)
}

/// What is wrong with a point or move-list text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("'{0}' is not a point: expected a letter a–s and a number, such as h8")]
    Malformed(String),
    #[error("{text} is off the {lines}×{lines} board")]
    OffBoard { text: String, lines: u8 },
    #[error("move {number} ({text}): {error}")]
    Illegal { number: usize, text: String, error: PlayError },
    #[error("'{0}' is not a Gomocup point: expected x,y with two numbers from 0, such as 7,7")]
    MalformedGomocup(String),
}

/// Reads one point name such as `h8` or `H8`.
pub fn parse_point(text: &str, size: BoardSize) -> Result<Point, NotationError> {
    let points = parse_points(text, size)?;
    match points.as_slice() {
        [p] => Ok(*p),
        _ => Err(NotationError::Malformed(text.to_string())),
    }
}

/// Reads a move list: point names separated by spaces, commas or nothing at all
/// (`h8 i9`, `h8,i9`, `h8i9`). Only syntax and the board edge are checked here.
pub fn parse_points(text: &str, size: BoardSize) -> Result<Vec<Point>, NotationError> {
    let mut out = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        let mut chars = token.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            let malformed = || NotationError::Malformed(token.to_string());
            if !c.is_ascii_alphabetic() {
                return Err(malformed());
            }
            let file = c.to_ascii_lowercase() as u32 - 'a' as u32;
            let mut number: u32 = 0;
            let mut digits = 0;
            let mut end = start + 1;
            while let Some(&(k, d)) = chars.peek() {
                let Some(v) = d.to_digit(10) else { break };
                number = number.saturating_mul(10).saturating_add(v);
                digits += 1;
                end = k + 1;
                chars.next();
            }
            if digits == 0 || digits > 3 || number == 0 {
                return Err(malformed());
            }
            let lines = u32::from(size.lines());
            if file >= lines || number > lines {
                let text = token.get(start..end).unwrap_or(token).to_string();
                return Err(NotationError::OffBoard { text, lines: size.lines() });
            }
            out.push(Point::new(file as u8, (number - 1) as u8));
        }
    }
    Ok(out)
}

/// Writes a move list as space-separated point names.
pub fn format_points(points: &[Point]) -> String {
    points.iter().map(|&p| point_name(p)).collect::<Vec<_>>().join(" ")
}

/// Plays a move list from the empty board under `rule`; the error names the first
/// move that could not be played and why.
pub fn parse_game(text: &str, rule: GomokuRule, size: BoardSize) -> Result<Game, NotationError> {
    let points = parse_points(text, size)?;
    Game::from_moves(rule, size, &points).map_err(|(k, error)| NotationError::Illegal {
        number: k + 1,
        text: points.get(k).map(|&p| point_name(p)).unwrap_or_default(),
        error,
    })
}

/// The Gomocup coordinates of a point: `(x, y)` with `y` counted from the top.
pub fn to_gomocup(p: Point, size: BoardSize) -> (u8, u8) {
    (p.file, size.lines().saturating_sub(1).saturating_sub(p.rank))
}

/// The point at Gomocup coordinates, if on the board.
pub fn from_gomocup(x: u32, y: u32, size: BoardSize) -> Option<Point> {
    let lines = u32::from(size.lines());
    if x < lines && y < lines { Some(Point::new(x as u8, (lines - 1 - y) as u8)) } else { None }
}

/// Reads Gomocup `x,y` text (spaces around the numbers allowed).
pub fn parse_gomocup(text: &str, size: BoardSize) -> Result<Point, NotationError> {
    let malformed = || NotationError::MalformedGomocup(text.to_string());
    let (x, y) = text.split_once(',').ok_or_else(malformed)?;
    let x: u32 = x.trim().parse().map_err(|_| malformed())?;
    let y: u32 = y.trim().parse().map_err(|_| malformed())?;
    from_gomocup(x, y, size).ok_or_else(|| NotationError::OffBoard {
        text: text.trim().to_string(),
        lines: size.lines(),
    })
}

/// Writes Gomocup `x,y`.
pub fn format_gomocup(p: Point, size: BoardSize) -> String {
    let (x, y) = to_gomocup(p, size);
    format!("{x},{y}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_gomocup() {
        let s = BoardSize::Fifteen;
        assert_eq!(parse_point("h8", s), Ok(Point::new(7, 7)));
        assert_eq!(parse_point("A1", s), Ok(Point::new(0, 0)));
        assert_eq!(point_name(Point::new(14, 14)), "o15");
        assert_eq!(parse_points("h8i9 j10,k11", s).map(|v| v.len()), Ok(4));
        assert!(matches!(parse_point("p1", s), Err(NotationError::OffBoard { .. })));
        assert!(matches!(parse_point("h0", s), Err(NotationError::Malformed(_))));
        assert!(matches!(parse_point("h", s), Err(NotationError::Malformed(_))));
        assert!(matches!(parse_point("8h", s), Err(NotationError::Malformed(_))));
        assert_eq!(format_gomocup(Point::new(0, 14), s), "0,0");
        assert_eq!(parse_gomocup(" 7 , 7 ", s), Ok(Point::new(7, 7)));
        assert_eq!(parse_gomocup("0,14", s), Ok(Point::new(0, 0)));
        assert!(parse_gomocup("15,0", s).is_err());
        assert!(parse_gomocup("-1,0", s).is_err());
        assert_eq!(parse_point("s19", BoardSize::Nineteen), Ok(Point::new(18, 18)));
    }
}
