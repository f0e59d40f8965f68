//! The xiangqi side of lessons: reading points and moves as authors write them, and
//! the small solvers that prove a lesson's mates. Why a move is refused lives with the
//! rules, in `xiangqi::refusal`.

pub use crate::xiangqi::{IllegalReason, illegal_reason};
use crate::xiangqi::{Move, Position};
use crate::{Point, Side};

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

/// Reads an ICCS move such as `h2e2` into its two points.
pub fn parse_move(text: &str) -> Option<(Point, Point)> {
    let (a, b) = (text.get(0..2)?, text.get(2..)?);
    Some((parse_point(a)?, parse_point(b)?))
}

/// Writes a point as ICCS text.
pub fn point_name(p: Point) -> String {
    crate::GameKind::Xiangqi.point_name(p)
}

/// Whether the side to move has been mated (or 困毙): no legal move at all.
pub fn is_mated(pos: &Position) -> bool {
    !pos.has_legal_move()
}

/// Whether the side to move can force the opponent to have no legal move within `n` of
/// its own moves, whatever the opponent replies. Exhaustive; meant for lesson puzzles
/// with few pieces and `n` ≤ 3.
pub fn mates_in(pos: &Position, n: u8) -> bool {
    if n == 0 {
        return false;
    }
    let mut pos = pos.clone();
    let moves = pos.legal_moves();
    for &m in moves.iter() {
        let undo = pos.make(m);
        let ok = forced_after(&mut pos, n - 1);
        pos.unmake(m, undo);
        if ok {
            return true;
        }
    }
    false
}

/// The opponent is to move: true when it is mated now or every reply still loses
/// within `n` more attacker moves.
fn forced_after(pos: &mut Position, n: u8) -> bool {
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return true;
    }
    if n == 0 {
        return false;
    }
    for &r in replies.iter() {
        let undo = pos.make(r);
        let ok = mates_in(pos, n);
        pos.unmake(r, undo);
        if !ok {
            return false;
        }
    }
    true
}

/// Whether playing `m` keeps a forced mate within `n` moves (counting `m`).
pub fn move_keeps_mate(pos: &Position, m: Move, n: u8) -> bool {
    if n == 0 || !pos.is_legal(m) {
        return false;
    }
    let mut pos = pos.clone();
    pos.make(m);
    forced_after(&mut pos, n - 1)
}

/// The smallest n ≤ `max` for which [`mates_in`] holds.
pub fn mate_distance(pos: &Position, max: u8) -> Option<u8> {
    (1..=max).find(|&n| mates_in(pos, n))
}

/// A position with the side to move changed: used by collect steps, where only the
/// child's piece moves. `None` when that position would not be valid.
pub fn with_side_to_move(pos: &Position, side: Side) -> Option<Position> {
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let c = if side == Side::First { "w" } else { "b" };
    if let Some(f) = fields.get_mut(1) {
        *f = c;
    }
    Position::from_fen(&fields.join(" ")).ok()
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

    #[test]
    fn reasons_name_the_rule() {
        let pos = Position::startpos();
        let p = |s| parse_point(s).unwrap();
        // The horse on b0 jumping to d1 is blocked by the elephant on c0.
        assert_eq!(illegal_reason(&pos, p("b0"), p("d1")), Some(IllegalReason::HorseLegBlocked));
        assert_eq!(illegal_reason(&pos, p("b0"), p("c2")), None);
        assert_eq!(illegal_reason(&pos, p("b0"), p("b1")), Some(IllegalReason::HorseShape));
        assert_eq!(illegal_reason(&pos, p("b0"), p("b2")), Some(IllegalReason::OwnPiece));
        assert_eq!(
            illegal_reason(&pos, p("a3"), p("b3")),
            Some(IllegalReason::SoldierSidewaysBeforeRiver)
        );
        assert_eq!(illegal_reason(&pos, p("h2"), p("h7")), Some(IllegalReason::CannonNeedsScreen));
        assert_eq!(
            illegal_reason(&pos, p("d0"), p("c1")),
            Some(IllegalReason::AdvisorLeavesPalace)
        );
        assert_eq!(illegal_reason(&pos, p("a0"), p("a4")), Some(IllegalReason::ChariotBlocked));
        assert_eq!(illegal_reason(&pos, p("a0"), p("b0")), Some(IllegalReason::OwnPiece));
        assert_eq!(illegal_reason(&pos, p("a9"), p("a8")), Some(IllegalReason::NotYourPiece));
        assert_eq!(illegal_reason(&pos, p("e4"), p("e5")), Some(IllegalReason::NoPiece));
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1").unwrap();
        assert_eq!(illegal_reason(&pos, p("d0"), p("e0")), None);
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/4K4 w - - 0 1").unwrap();
        assert_eq!(illegal_reason(&pos, p("e2"), p("f2")), Some(IllegalReason::GeneralsFace));
        // In check from a chariot, a move elsewhere does not answer it.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K1r2 w - - 0 1").unwrap();
        assert!(pos.is_check());
        assert_eq!(illegal_reason(&pos, p("a0"), p("a1")), Some(IllegalReason::IgnoresCheck));
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/3r5/R3K4 w - - 0 1").unwrap();
        assert_eq!(illegal_reason(&pos, p("e0"), p("d0")), Some(IllegalReason::ExposesGeneral));
    }

    #[test]
    fn mate_solver_finds_known_mates() {
        // A lone chariot cannot mate a general with room to step aside.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1").unwrap();
        assert!(!mates_in(&pos, 1));
        // With the red general holding the e-file, the chariot on the d-file mates.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 2), Some(1));
        // Two chariots, one holding the second line, the other mating on the back line.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 3), Some(2));
        let a1a8 = Move::new(Point::new(0, 1), Point::new(0, 8)).unwrap();
        assert!(move_keeps_mate(&pos, a1a8, 2));
        let a1a2 = Move::new(Point::new(0, 1), Point::new(0, 2)).unwrap();
        assert!(!move_keeps_mate(&pos, a1a2, 2));
        let pos = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/1R3K3 w - - 0 1").unwrap();
        assert_eq!(mate_distance(&pos, 2), Some(1));
        let mated = Position::from_fen("1R2k4/R8/9/9/9/9/9/9/9/5K3 b - - 0 1").unwrap();
        assert!(is_mated(&mated));
        assert!(mated.is_check());
    }
}
