//! Moves and GTP coordinates (`D4`, `Q16`, `pass`; columns A–T without I, rows from 1
//! at the bottom), plus the board's fixed marks: star points (星位, 天元), the standard
//! handicap placements, and the beginners' large handicaps on 19×19 (让13子, 让16子,
//! 让25子).

use std::fmt;

use super::board::{MAX_SIZE, MIN_SIZE};
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

/// The most handicap stones a board of `size` lines takes on its star points (GTP's
/// `fixed_handicap`): none below 7×7, four on even boards (no centre line), nine on odd
/// ones. The beginners' counts on 19×19 (13, 16, 25) are not star-point placements and
/// are not counted here; [`handicap_choices`] lists every count a board takes.
pub fn max_handicap(size: u8) -> u8 {
    match size {
        0..=6 => 0,
        s if s % 2 == 0 => 4,
        _ => 9,
    }
}

/// The counts only a full 19×19 board takes, for beginners against a much stronger
/// player: black gives back 6½, 8 and 12½ 子 at the count.
pub const BEGINNER_HANDICAPS: [u8; 3] = [13, 16, 25];

/// Every number of handicap stones a board of `size` lines takes, smallest first:
/// 2 up to [`max_handicap`] on the star points, and on 19×19 also 13, 16 and 25.
/// Empty for boards that take none (below 7×7, or not a supported size).
pub fn handicap_choices(size: u8) -> Vec<u8> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Vec::new();
    }
    let mut out: Vec<u8> = (2..=max_handicap(size)).collect();
    if size == 19 {
        out.extend(BEGINNER_HANDICAPS);
    }
    out
}

/// Why handicap stones cannot be placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// The board is too small (or not a supported size) for any handicap: offer an
    /// even game or 让先 instead.
    #[error("a {size}×{size} board takes no handicap stones (it needs 7 to 19 lines)")]
    NoHandicap { size: u8 },
    /// The board takes handicap stones, but not this many: offer [`handicap_choices`].
    #[error("a {size}×{size} board takes {} handicap stones, not {stones}", choices_text(*size))]
    Count { size: u8, stones: u8 },
}

/// The counts of [`handicap_choices`] in words: `2 to 9, 13, 16 or 25`.
fn choices_text(size: u8) -> String {
    let max = max_handicap(size);
    let mut parts = vec![if max > 2 { format!("2 to {max}") } else { max.to_string() }];
    if size == 19 {
        parts.extend(BEGINNER_HANDICAPS.iter().map(u8::to_string));
    }
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

/// Where `stones` handicap stones go on a board of `size` lines.
///
/// 2–9 go on the star points in the order GTP's `fixed_handicap` lists them: two
/// opposite corner stars, then the other corners, then 天元 for odd counts, then the
/// side stars. On 19×19 a beginner may take more, spread evenly so that the placement
/// looks the same from all four sides (unchanged under the board's eight symmetries):
///
/// - 13: the nine star points, then the four 7-7 points (each halfway between a corner
///   star and 天元), which fill the middle of each quarter of the board;
/// - 16: a 4×4 lattice on the 4th, 8th, 12th and 16th lines, centred on 天元;
/// - 25: a 5×5 lattice on the 4th, 7th, 10th, 13th and 16th lines (every star point
///   included), listed row by row from the bottom.
pub fn handicap_points(size: u8, stones: u8) -> Result<Vec<Point>, HandicapError> {
    let choices = handicap_choices(size);
    if choices.is_empty() {
        return Err(HandicapError::NoHandicap { size });
    }
    if !choices.contains(&stones) {
        return Err(HandicapError::Count { size, stones });
    }
    Ok(match stones {
        13 => {
            let mut out = star_handicap(size, 9);
            out.extend([
                Point::new(6, 6),
                Point::new(12, 12),
                Point::new(6, 12),
                Point::new(12, 6),
            ]);
            out
        }
        16 => lattice(&[3, 7, 11, 15]),
        25 => lattice(&[3, 6, 9, 12, 15]),
        n => star_handicap(size, n),
    })
}

/// `stones` (2–9) on the star points, in GTP's `fixed_handicap` order.
fn star_handicap(size: u8, stones: u8) -> Vec<Point> {
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
    out
}

/// Every crossing of the given (0-based) lines, row by row from the bottom.
fn lattice(lines: &[u8]) -> Vec<Point> {
    lines.iter().flat_map(|&rank| lines.iter().map(move |&file| Point::new(file, rank))).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

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
        assert_eq!(handicap_points(10, 5), Err(HandicapError::Count { size: 10, stones: 5 }));
        assert_eq!(handicap_points(19, 1), Err(HandicapError::Count { size: 19, stones: 1 }));
        assert_eq!(handicap_points(19, 10), Err(HandicapError::Count { size: 19, stones: 10 }));
        assert_eq!(handicap_points(5, 2), Err(HandicapError::NoHandicap { size: 5 }));
        // The star-point limit GTP's fixed_handicap checks against is unchanged.
        assert_eq!(
            [max_handicap(19), max_handicap(13), max_handicap(10), max_handicap(6)],
            [9, 9, 4, 0]
        );
    }

    #[test]
    fn choices_per_board() {
        assert_eq!(handicap_choices(19), [2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 25]);
        assert_eq!(handicap_choices(13), [2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(handicap_choices(9), [2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(handicap_choices(10), [2, 3, 4]);
        assert!(handicap_choices(6).is_empty());
        assert!(handicap_choices(21).is_empty());
        for size in 0..=25 {
            for stones in 0..=30 {
                let placed = handicap_points(size, stones);
                assert_eq!(
                    placed.is_ok(),
                    handicap_choices(size).contains(&stones),
                    "{size} {stones}"
                );
                if let Ok(points) = placed {
                    assert_eq!(points.len(), usize::from(stones));
                }
            }
        }
    }

    #[test]
    fn beginner_handicaps_only_on_the_full_board() {
        for stones in BEGINNER_HANDICAPS {
            assert!(handicap_points(19, stones).is_ok());
            assert_eq!(handicap_points(13, stones), Err(HandicapError::Count { size: 13, stones }));
            assert_eq!(handicap_points(9, stones), Err(HandicapError::Count { size: 9, stones }));
        }
        for stones in [10, 12, 14, 15, 17, 24, 26] {
            assert_eq!(handicap_points(19, stones), Err(HandicapError::Count { size: 19, stones }));
        }
    }

    #[test]
    fn handicap_errors_say_what_the_board_takes() {
        let e = |size, stones| handicap_points(size, stones).unwrap_err().to_string();
        assert_eq!(e(19, 12), "a 19×19 board takes 2 to 9, 13, 16 or 25 handicap stones, not 12");
        assert_eq!(e(13, 16), "a 13×13 board takes 2 to 9 handicap stones, not 16");
        assert_eq!(e(8, 5), "a 8×8 board takes 2 to 4 handicap stones, not 5");
        assert_eq!(e(6, 2), "a 6×6 board takes no handicap stones (it needs 7 to 19 lines)");
    }

    /// The board's eight symmetries: four rotations, each with and without a mirror.
    fn symmetries(size: u8) -> Vec<Box<dyn Fn(Point) -> Point>> {
        let m = size - 1;
        vec![
            Box::new(|p: Point| p),
            Box::new(move |p: Point| Point::new(m - p.file, p.rank)),
            Box::new(move |p: Point| Point::new(p.file, m - p.rank)),
            Box::new(move |p: Point| Point::new(m - p.file, m - p.rank)),
            Box::new(|p: Point| Point::new(p.rank, p.file)),
            Box::new(move |p: Point| Point::new(m - p.rank, p.file)),
            Box::new(move |p: Point| Point::new(p.rank, m - p.file)),
            Box::new(move |p: Point| Point::new(m - p.rank, m - p.file)),
        ]
    }

    #[test]
    fn every_placement_is_distinct_on_the_board() {
        for size in 5..=19 {
            for stones in handicap_choices(size) {
                let points = handicap_points(size, stones).unwrap();
                let set: HashSet<Point> = points.iter().copied().collect();
                assert_eq!(set.len(), points.len(), "{size}×{size}, {stones}: a point twice");
                assert!(points.iter().all(|p| p.file < size && p.rank < size), "{size} {stones}");
            }
        }
    }

    #[test]
    fn beginner_placements_are_symmetric() {
        for stones in BEGINNER_HANDICAPS {
            let points: HashSet<Point> = handicap_points(19, stones).unwrap().into_iter().collect();
            for (k, f) in symmetries(19).iter().enumerate() {
                let image: HashSet<Point> = points.iter().map(|&p| f(p)).collect();
                assert_eq!(image, points, "{stones} stones, symmetry {k}");
            }
        }
        // The star-point placements with four or more corner stones that are symmetric:
        // 4, 5, 8 and 9 stones.
        for stones in [4, 5, 8, 9] {
            let points: HashSet<Point> = handicap_points(19, stones).unwrap().into_iter().collect();
            for f in symmetries(19) {
                assert_eq!(points.iter().map(|&p| f(p)).collect::<HashSet<_>>(), points);
            }
        }
    }

    #[test]
    fn beginner_placements_sit_on_the_documented_lines() {
        let lines = |stones| {
            let mut files: Vec<u8> =
                handicap_points(19, stones).unwrap().iter().map(|p| p.file + 1).collect();
            files.sort_unstable();
            files.dedup();
            files
        };
        assert_eq!(lines(25), [4, 7, 10, 13, 16]);
        assert_eq!(lines(16), [4, 8, 12, 16]);
        assert_eq!(lines(13), [4, 7, 10, 13, 16]);
        // 25 covers every star point; 13 is the nine stars and the four 7-7 points.
        let stars: HashSet<Point> = star_points(19).into_iter().collect();
        let p25: HashSet<Point> = handicap_points(19, 25).unwrap().into_iter().collect();
        assert!(stars.is_subset(&p25));
        let p13 = handicap_points(19, 13).unwrap();
        assert_eq!(names(&p13[..9]), names(&handicap_points(19, 9).unwrap()));
        assert_eq!(names(&p13[9..]), ["G7", "N13", "G13", "N7"]);
        assert!(p13.iter().all(|p| p25.contains(p)));
        // 16 has no stone on a centre line: 天元 and the side stars stay empty.
        let p16 = handicap_points(19, 16).unwrap();
        assert!(p16.iter().all(|p| p.file != 9 && p.rank != 9));
        assert_eq!(names(&p16[..4]), ["D4", "H4", "M4", "Q4"]);
    }
}
