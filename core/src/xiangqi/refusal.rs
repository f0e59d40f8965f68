//! Why a xiangqi move is refused, in words a child understands (蹩马腿, 塞象眼 …).

use crate::game::Text;
use crate::xiangqi::{Kind, Move, PlayError, Position};
use crate::{Point, Side};

/// Why a move is not allowed, in words for a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum IllegalReason {
    NoPiece,
    NotYourPiece,
    OwnPiece,
    /// 蹩马腿: the point next to the horse in the direction it jumps is taken.
    HorseLegBlocked,
    HorseShape,
    /// 塞象眼: the middle of the 田 is taken.
    ElephantEyeBlocked,
    ElephantCrossesRiver,
    ElephantShape,
    AdvisorLeavesPalace,
    AdvisorShape,
    GeneralLeavesPalace,
    GeneralShape,
    ChariotBlocked,
    ChariotShape,
    /// A cannon captures only by jumping exactly one piece (炮架).
    CannonNeedsScreen,
    CannonBlocked,
    CannonShape,
    SoldierBackwards,
    SoldierSidewaysBeforeRiver,
    SoldierShape,
    /// 将帅不能照面 (对面笑).
    GeneralsFace,
    /// Already in check and the move does not answer it.
    IgnoresCheck,
    /// The move walks into check (送将).
    ExposesGeneral,
    OffBoard,
}

impl IllegalReason {
    pub fn text(self) -> Text {
        use IllegalReason::*;
        let (zh, en) = match self {
            NoPiece => ("这个点上没有棋子。", "There is no piece on that point."),
            NotYourPiece => (
                "那是对方的棋子，轮到你走自己的棋子。",
                "That is the other side's piece; move one of yours.",
            ),
            OwnPiece => ("不能吃自己的棋子。", "You cannot capture your own piece."),
            HorseLegBlocked => (
                "蹩马腿！马要去的方向紧挨着有一个棋子，马跳不过去。",
                "The horse's leg is blocked (蹩马腿): a piece stands right next to it in that direction.",
            ),
            HorseShape => (
                "马走“日”字：先直走一格，再斜走一格。",
                "The horse moves in a 日 shape: one point straight, then one diagonally.",
            ),
            ElephantEyeBlocked => (
                "塞象眼！“田”字中间有棋子，相（象）过不去。",
                "The elephant's eye is blocked (塞象眼): a piece sits in the middle of the 田.",
            ),
            ElephantCrossesRiver => (
                "相（象）不能过河，只能守在自己这边。",
                "The elephant may not cross the river; it guards its own side.",
            ),
            ElephantShape => (
                "相（象）走“田”字，斜着走两格。",
                "The elephant moves in a 田 shape: two points diagonally.",
            ),
            AdvisorLeavesPalace => {
                ("仕（士）不能走出九宫。", "The advisor may not leave the palace.")
            }
            AdvisorShape => (
                "仕（士）在九宫里斜走一格。",
                "The advisor moves one point diagonally inside the palace.",
            ),
            GeneralLeavesPalace => {
                ("帅（将）不能走出九宫。", "The general may not leave the palace.")
            }
            GeneralShape => (
                "帅（将）一次只能横着或竖着走一格。",
                "The general moves one point straight, up, down or sideways.",
            ),
            ChariotBlocked => {
                ("车不能跳过别的棋子。", "The chariot cannot jump over other pieces.")
            }
            ChariotShape => {
                ("车只走直线：横着或竖着。", "The chariot moves only in straight lines.")
            }
            CannonNeedsScreen => (
                "炮吃子时要隔着一个棋子（炮架），不多也不少。",
                "A cannon captures by jumping exactly one piece, its screen (炮架).",
            ),
            CannonBlocked => (
                "炮不吃子时和车一样，不能跳过棋子。",
                "When not capturing, the cannon moves like a chariot and cannot jump.",
            ),
            CannonShape => ("炮只走直线。", "The cannon moves only in straight lines."),
            SoldierBackwards => {
                ("兵（卒）只能向前，不能后退。", "A soldier never moves backwards.")
            }
            SoldierSidewaysBeforeRiver => (
                "兵（卒）过河以后才能横走。",
                "A soldier may move sideways only after crossing the river.",
            ),
            SoldierShape => ("兵（卒）一次只走一格。", "A soldier moves one point at a time."),
            GeneralsFace => (
                "这样两个老将就面对面了（对面笑），这是不允许的。",
                "The two generals would face each other on an open file, which is not allowed.",
            ),
            IgnoresCheck => (
                "你的帅正被将军，这步棋没有解除将军。",
                "Your general is in check and this move does not get it out of check.",
            ),
            ExposesGeneral => (
                "走了这步，你的帅就会被对方吃掉（送将）。",
                "After this move your general could be captured.",
            ),
            OffBoard => ("那不是棋盘上的点。", "That is not a point on the board."),
        };
        Text::new(zh, en)
    }
}

fn between_count(pos: &Position, from: Point, to: Point) -> Option<usize> {
    let (df, dr) = (to.file as i8 - from.file as i8, to.rank as i8 - from.rank as i8);
    if (df != 0) == (dr != 0) {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let steps = df.abs().max(dr.abs());
    let mut n = 0;
    for i in 1..steps {
        let p = Point::new((from.file as i8 + sf * i) as u8, (from.rank as i8 + sr * i) as u8);
        if pos.piece_at(p).is_some() {
            n += 1;
        }
    }
    Some(n)
}

fn in_palace(side: Side, p: Point) -> bool {
    let ranks = if side == Side::First { 0..=2 } else { 7..=9 };
    (3..=5).contains(&p.file) && ranks.contains(&p.rank)
}

/// Why the rules forbid moving from `from` to `to`, or `None` when the move is legal.
pub fn illegal_reason(pos: &Position, from: Point, to: Point) -> Option<IllegalReason> {
    use IllegalReason::*;
    let Some(m) = Move::new(from, to) else { return Some(OffBoard) };
    let err = match pos.check_move(m) {
        Ok(()) => return None,
        Err(e) => e,
    };
    let Some((side, kind)) = pos.piece_at(from) else { return Some(NoPiece) };
    match err {
        PlayError::OffBoard(_) => Some(OffBoard),
        PlayError::NoPiece(_) => Some(NoPiece),
        PlayError::NotYourPiece(_) => Some(NotYourPiece),
        PlayError::LeavesGeneralAttacked(_) => {
            let mut after = pos.clone();
            after.make(m);
            Some(if after.generals_facing() {
                GeneralsFace
            } else if pos.is_check() {
                IgnoresCheck
            } else {
                ExposesGeneral
            })
        }
        PlayError::CannotReach { .. } => Some(shape_reason(pos, side, kind, from, to)),
    }
}

fn shape_reason(pos: &Position, side: Side, kind: Kind, from: Point, to: Point) -> IllegalReason {
    use IllegalReason::*;
    if pos.piece_at(to).is_some_and(|(s, _)| s == side) {
        return OwnPiece;
    }
    let (df, dr) = (to.file as i8 - from.file as i8, to.rank as i8 - from.rank as i8);
    let (adf, adr) = (df.abs(), dr.abs());
    let mid = |a: u8, d: i8| (a as i8 + d) as u8;
    let own_half = |p: Point| if side == Side::First { p.rank <= 4 } else { p.rank >= 5 };
    match kind {
        Kind::Horse => {
            if (adf, adr) == (1, 2) || (adf, adr) == (2, 1) {
                let leg = if adf == 2 {
                    Point::new(mid(from.file, df.signum()), from.rank)
                } else {
                    Point::new(from.file, mid(from.rank, dr.signum()))
                };
                if pos.piece_at(leg).is_some() {
                    return HorseLegBlocked;
                }
            }
            HorseShape
        }
        Kind::Elephant => {
            if (adf, adr) == (2, 2) {
                if !own_half(to) {
                    return ElephantCrossesRiver;
                }
                let eye = Point::new(mid(from.file, df / 2), mid(from.rank, dr / 2));
                if pos.piece_at(eye).is_some() {
                    return ElephantEyeBlocked;
                }
            }
            ElephantShape
        }
        Kind::Advisor => {
            if (adf, adr) == (1, 1) && !in_palace(side, to) {
                AdvisorLeavesPalace
            } else {
                AdvisorShape
            }
        }
        Kind::General => {
            if adf + adr == 1 && !in_palace(side, to) {
                GeneralLeavesPalace
            } else {
                GeneralShape
            }
        }
        Kind::Chariot => match between_count(pos, from, to) {
            Some(n) if n > 0 => ChariotBlocked,
            _ => ChariotShape,
        },
        Kind::Cannon => match between_count(pos, from, to) {
            None => CannonShape,
            Some(n) => {
                if pos.piece_at(to).is_some() && n != 1 {
                    CannonNeedsScreen
                } else {
                    CannonBlocked
                }
            }
        },
        Kind::Soldier => {
            let forward = if side == Side::First { 1 } else { -1 };
            if dr == -forward {
                SoldierBackwards
            } else if dr == 0 && adf == 1 && own_half(from) {
                SoldierSidewaysBeforeRiver
            } else {
                SoldierShape
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::parse_point;

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
}
