//! Moves and GTP coordinates (`D4`, `Q16`, `pass`; columns A–T without I, rows from 1
//! at the bottom), plus the board's fixed marks: star points (星位, 天元) and the
//! standard handicap placements.

use std::fmt;

use crate::game::Point;

/// A Go move: a stone on a point, or a pass (停一手).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

/// Column letters of GTP: `I` is skipped so it cannot be mistaken for `J` or `1`.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// What is wrong with a GTP coordinate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    #[error("'{0}' is not a GTP coordinate (a column letter A–T without I, then a row number)")]
    Malformed(String),
    #[error("'{text}' is off the {size}×{size} board")]
    OffBoard { text: String, size: u8 },
}

/// The GTP name of a point, e.g. `Point::new(3, 3)` → `D4`.
pub fn gtp_name(p: Point) -> String {
    let letter = GTP_COLUMNS.get(p.file as usize).copied().unwrap_or(b'?');
    format!("{}{}", letter as char, p.rank as u32 + 1)
}

/// Reads a GTP vertex (`D4`, `q16`) or `pass` on a board of `size` lines.
pub fn parse_gtp(text: &str, size: u8) -> Result<Move, CoordError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    let malformed = || CoordError::Malformed(t.to_string());
    let mut chars = t.chars();
    let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
    let file = GTP_COLUMNS.iter().position(|&c| c as char == letter).ok_or_else(malformed)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed());
    }
    let row: usize = digits.parse().map_err(|_| malformed())?;
    if row == 0 || row > size as usize || file >= size as usize {
        return Err(CoordError::OffBoard { text: t.to_string(), size });
    }
    Ok(Move::Play(Point::new(file as u8, (row - 1) as u8)))
}

impl fmt::Display for Move {
    /// GTP form: `D4` or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => f.write_str(&gtp_name(*p)),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The line (0-based) on which corner star points and handicap stones sit: the 3-3
/// point below 13×13, the 4-4 point from 13×13 up.
fn corner_line(size: u8) -> u8 {
    if size >= 13 { 3 } else { 2 }
}

/// The star points drawn on a board: the four corner stars from 7×7 up, the side stars
/// on odd boards from 15×15 up, and 天元 (the centre) on every odd board.
/// 19×19 has nine, 13×13 and 9×9 five.
pub fn star_points(size: u8) -> Vec<Point> {
    let mut out = Vec::new();
    let mid = size / 2;
    let odd = size % 2 == 1;
    if size >= 7 {
        let (lo, hi) = (corner_line(size), size - 1 - corner_line(size));
        out.extend([
            Point::new(lo, lo),
            Point::new(hi, lo),
            Point::new(lo, hi),
            Point::new(hi, hi),
        ]);
        if odd && size >= 15 {
            out.extend([
                Point::new(mid, lo),
                Point::new(lo, mid),
                Point::new(hi, mid),
                Point::new(mid, hi),
            ]);
        }
    }
    if odd {
        out.push(Point::new(mid, mid));
    }
    out
}

/// The most handicap stones a board of `size` lines takes with fixed placement:
/// none below 7×7, four on even boards (no centre line), nine on odd ones.
pub fn max_handicap(size: u8) -> u8 {
    match size {
        0..=6 => 0,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The standard fixed placement of `stones` handicap stones (2–9), in the order GTP's
/// `fixed_handicap` lists them: two opposite corner stars, then the other corners,
/// then 天元 for odd counts, then the side stars. `None` if the board cannot take them.
pub fn handicap_points(size: u8, stones: u8) -> Option<Vec<Point>> {
    if !(2..=max_handicap(size)).contains(&stones) {
        return None;
    }
    let (lo, hi, mid) = (corner_line(size), size - 1 - corner_line(size), size / 2);
    let corners = [Point::new(lo, lo), Point::new(hi, hi), Point::new(lo, hi), Point::new(hi, lo)];
    let centre = Point::new(mid, mid);
    let sides_lr = [Point::new(lo, mid), Point::new(hi, mid)];
    let sides_tb = [Point::new(mid, lo), Point::new(mid, hi)];
    let mut out: Vec<Point> = corners.iter().copied().take(stones.min(4) as usize).collect();
    match stones {
        5 => out.push(centre),
        6 => out.extend(sides_lr),
        7 => {
            out.extend(sides_lr);
            out.push(centre);
        }
        8 => {
            out.extend(sides_lr);
            out.extend(sides_tb);
        }
        9 => {
            out.extend(sides_lr);
            out.extend(sides_tb);
            out.push(centre);
        }
        _ => {}
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(|&p| gtp_name(p)).collect()
    }

    #[test]
    fn gtp_round_trip_skips_i() {
        assert_eq!(parse_gtp("J9", 19), Ok(Move::Play(Point::new(8, 8))));
        assert_eq!(parse_gtp("t19", 19), Ok(Move::Play(Point::new(18, 18))));
        assert_eq!(parse_gtp("PASS", 9), Ok(Move::Pass));
        assert!(matches!(parse_gtp("I5", 19), Err(CoordError::Malformed(_))));
        assert!(matches!(parse_gtp("K1", 9), Err(CoordError::OffBoard { .. })));
        assert!(matches!(parse_gtp("A0", 9), Err(CoordError::OffBoard { .. })));
        assert!(matches!(parse_gtp("", 9), Err(CoordError::Malformed(_))));
        assert!(matches!(parse_gtp("A+1", 9), Err(CoordError::Malformed(_))));
        assert_eq!(gtp_name(Point::new(8, 8)), "J9");
    }

    #[test]
    fn star_points_per_size() {
        assert_eq!(star_points(19).len(), 9);
        assert_eq!(star_points(13).len(), 5);
        assert_eq!(names(&star_points(9)), ["C3", "G3", "C7", "G7", "E5"]);
        assert!(names(&star_points(19)).contains(&"K10".to_string()));
        assert_eq!(names(&star_points(5)), ["C3"]);
        assert_eq!(star_points(8).len(), 4);
    }

    #[test]
    fn handicap_placements_follow_gtp() {
        assert_eq!(names(&handicap_points(19, 2).unwrap()), ["D4", "Q16"]);
        assert_eq!(names(&handicap_points(19, 3).unwrap()), ["D4", "Q16", "D16"]);
        assert_eq!(names(&handicap_points(19, 5).unwrap()), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(
            names(&handicap_points(19, 9).unwrap()),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
        );
        assert_eq!(names(&handicap_points(9, 4).unwrap()), ["C3", "G7", "C7", "G3"]);
        assert_eq!(handicap_points(10, 5), None);
        assert_eq!(handicap_points(19, 1), None);
        assert_eq!(handicap_points(19, 10), None);
        assert_eq!(handicap_points(5, 2), None);
    }
}
