//! Chess on the generic face: taps become moves, a pawn on the last rank asks for its
//! new piece, and a refused move says why in a child's words — the piece's own way of
//! moving, a piece in the way, a king left in check, castling out of or through check.

use serde::{Deserialize, Serialize};

use crate::game::{
    BoardGame, BoardView, GameKind, MoveInput, MoveName, Outcome, PieceKind, Point, Refusal, Side,
    Text,
};

use super::moves::Role;
use super::{Game, Move, PlayError, Position, Promotion, to_chinese, to_san};

/// Why a chess move is not allowed, in words for a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IllegalReason {
    NoPiece,
    NotYourPiece,
    /// The target holds a piece of the same colour.
    OwnPiece,
    KingShape,
    QueenShape,
    RookShape,
    BishopShape,
    KnightShape,
    PawnShape,
    /// A pawn moves straight ahead only onto an empty square.
    PawnBlocked,
    /// A pawn captures one square diagonally forward, and only there.
    PawnCapturesDiagonally,
    /// A rook, bishop or queen cannot jump over pieces.
    Blocked,
    /// The king is in check and the move does not get it out.
    IgnoresCheck,
    /// The king would step onto a square the other side attacks.
    KingIntoCheck,
    /// The piece shields its king; moving it would leave the king in check.
    ExposesKing,
    /// The king or that rook has already moved (or the rook is gone).
    CastlingRightsLost,
    /// Pieces stand between the king and the rook.
    CastlingBlocked,
    CastlingOutOfCheck,
    /// The king would pass over an attacked square.
    CastlingThroughCheck,
    CastlingIntoCheck,
    /// A pawn reaching the last rank must become a queen, rook, bishop or knight.
    PromotionNeeded,
    /// A promotion piece was given for a move that is not a promotion.
    NotAPromotion,
}

impl IllegalReason {
    pub fn text(self) -> Text {
        use IllegalReason::*;
        let (zh, en) = match self {
            NoPiece => ("这个格子上没有棋子。", "There is no piece on that square."),
            NotYourPiece => (
                "那是对方的棋子，轮到你走自己的棋子。",
                "That is the other side's piece; move one of yours.",
            ),
            OwnPiece => ("不能吃自己的棋子。", "You cannot capture your own piece."),
            KingShape => {
                ("王每次只走一格，方向不限。", "The king moves one square in any direction.")
            }
            QueenShape => (
                "后走直线或斜线，格数不限。",
                "The queen moves any number of squares in a straight line or diagonally.",
            ),
            RookShape => (
                "车只走直线：横着或竖着。",
                "The rook moves only straight: along a rank or a file.",
            ),
            BishopShape => ("象只走斜线。", "The bishop moves only diagonally."),
            KnightShape => (
                "马走“L”形：直走两格再横走一格。",
                "The knight jumps in an L: two squares one way, then one to the side.",
            ),
            PawnShape => (
                "兵只能向前走一格，第一步可以走两格。",
                "A pawn moves one square forward, or two from its starting square.",
            ),
            PawnBlocked => (
                "兵前面有棋子挡着，兵不能向前吃子。",
                "A piece stands in front of the pawn; pawns do not capture straight ahead.",
            ),
            PawnCapturesDiagonally => (
                "兵吃子要斜着向前一格，那里得有对方的棋子。",
                "A pawn captures one square diagonally forward, where an enemy piece stands.",
            ),
            Blocked => {
                ("中间有棋子挡着，不能跳过去。", "A piece is in the way; only the knight jumps.")
            }
            IgnoresCheck => (
                "你的王正被将军，这步棋没有解除将军。",
                "Your king is in check and this move does not get it out of check.",
            ),
            KingIntoCheck => (
                "王不能走到对方棋子攻击的格子上。",
                "Your king would be in check there: that square is attacked.",
            ),
            ExposesKing => (
                "这个棋子挡在王前面，走开了王就会被将军。",
                "Your king would be in check: this piece shields it from an attack.",
            ),
            CastlingRightsLost => (
                "王或这边的车已经走过了，不能再王车易位。",
                "The king or that rook has already moved, so you cannot castle that way.",
            ),
            CastlingBlocked => (
                "王和车之间还有棋子，不能王车易位。",
                "There are pieces between the king and the rook, so you cannot castle.",
            ),
            CastlingOutOfCheck => {
                ("王正被将军时不能王车易位。", "You cannot castle while your king is in check.")
            }
            CastlingThroughCheck => (
                "王车易位时，王经过的格子不能受到攻击。",
                "You cannot castle through an attacked square.",
            ),
            CastlingIntoCheck => (
                "王车易位后王会被将军，不能这样走。",
                "Your king would be in check after castling.",
            ),
            PromotionNeeded => (
                "兵到了底线要升变：选后、车、象或马。",
                "The pawn reaches the last rank: choose a queen, rook, bishop or knight.",
            ),
            NotAPromotion => ("这步棋不是兵的升变。", "That move is not a pawn promotion."),
        };
        Text::new(zh, en)
    }
}

/// Why the rules forbid moving from `from` to `to` (with the chosen promotion), or
/// `None` when the move is legal.
pub fn illegal_reason(
    pos: &Position,
    from: Point,
    to: Point,
    promotion: Option<Promotion>,
) -> Option<IllegalReason> {
    use IllegalReason::*;
    if pos.is_legal(Move::new(from, to, promotion)) {
        return None;
    }
    let Some((side, role)) = pos.piece_at(from) else { return Some(NoPiece) };
    if side != pos.side_to_move() {
        return Some(NotYourPiece);
    }
    if pos.piece_at(to).is_some_and(|(s, _)| s == side) {
        return Some(OwnPiece);
    }
    let legal_here = pos.legal_moves_from(from).into_iter().any(|m| m.to == to);
    if legal_here {
        return Some(if promotion.is_none() { PromotionNeeded } else { NotAPromotion });
    }
    let (df, dr) = (to.file as i8 - from.file as i8, to.rank as i8 - from.rank as i8);
    let (adf, adr) = (df.abs(), dr.abs());
    let forward = if side == Side::First { 1 } else { -1 };
    let shape_ok = match role {
        Role::King => {
            let home = if side == Side::First { 0 } else { 7 };
            if adr == 0 && adf == 2 && from.rank == home && from.file == 4 {
                return Some(castling_reason(pos, side, from, to));
            }
            adf.max(adr) == 1
        }
        Role::Queen => adf == adr || adf == 0 || adr == 0,
        Role::Rook => adf == 0 || adr == 0,
        Role::Bishop => adf == adr,
        Role::Knight => (adf, adr) == (1, 2) || (adf, adr) == (2, 1),
        Role::Pawn => {
            let start = if side == Side::First { 1 } else { 6 };
            if df == 0 && (dr == forward || (dr == 2 * forward && from.rank == start)) {
                let mut p = from;
                for _ in 0..dr.abs() {
                    p = Point::new(p.file, (p.rank as i8 + forward) as u8);
                    if pos.piece_at(p).is_some() {
                        return Some(PawnBlocked);
                    }
                }
                true
            } else if adf == 1 && dr == forward {
                if pos.piece_at(to).is_none() && !pos.is_en_passant(Move::new(from, to, None)) {
                    return Some(PawnCapturesDiagonally);
                }
                true
            } else {
                false
            }
        }
    };
    if !shape_ok {
        return Some(match role {
            Role::King => KingShape,
            Role::Queen => QueenShape,
            Role::Rook => RookShape,
            Role::Bishop => BishopShape,
            Role::Knight => KnightShape,
            Role::Pawn => PawnShape,
        });
    }
    if matches!(role, Role::Queen | Role::Rook | Role::Bishop) && !path_clear(pos, from, to) {
        return Some(Blocked);
    }
    // The move has the piece's shape and nothing is in the way: the king is the reason.
    Some(if role == Role::King {
        KingIntoCheck
    } else if pos.is_check() {
        IgnoresCheck
    } else {
        ExposesKing
    })
}

/// Whether the squares strictly between two points on a line are empty.
fn path_clear(pos: &Position, from: Point, to: Point) -> bool {
    let (df, dr) =
        ((to.file as i8 - from.file as i8).signum(), (to.rank as i8 - from.rank as i8).signum());
    let mut p = (from.file as i8 + df, from.rank as i8 + dr);
    while (p.0, p.1) != (to.file as i8, to.rank as i8) {
        if pos.piece_at(Point::new(p.0 as u8, p.1 as u8)).is_some() {
            return false;
        }
        p = (p.0 + df, p.1 + dr);
    }
    true
}

fn castling_reason(pos: &Position, side: Side, from: Point, to: Point) -> IllegalReason {
    use IllegalReason::*;
    let short = to.file > from.file;
    let setup = pos.to_setup();
    let rights = setup.castling.get(side);
    if !(if short { rights.short } else { rights.long }) {
        return CastlingRightsLost;
    }
    let rook = Point::new(if short { 7 } else { 0 }, from.rank);
    if !path_clear(pos, from, rook) {
        return CastlingBlocked;
    }
    if pos.is_check() {
        return CastlingOutOfCheck;
    }
    let transit = Point::new(if short { 5 } else { 3 }, from.rank);
    if attacked_if_king_on(pos, side, from, transit) {
        CastlingThroughCheck
    } else {
        CastlingIntoCheck
    }
}

/// Whether the side's king would be in check standing on `at` instead of `from`.
fn attacked_if_king_on(pos: &Position, side: Side, from: Point, at: Point) -> bool {
    let mut setup = pos.to_setup();
    setup.set(from, None);
    setup.set(at, Some((side, Role::King)));
    setup.en_passant = None;
    setup.castling = Default::default();
    Position::from_setup(&setup).is_ok_and(|p| p.is_check())
}

fn promotion_of(kind: Option<PieceKind>) -> Result<Option<Promotion>, Refusal> {
    Ok(match kind {
        None => None,
        Some(PieceKind::Queen) => Some(Promotion::Queen),
        Some(PieceKind::Rook) => Some(Promotion::Rook),
        Some(PieceKind::Bishop) => Some(Promotion::Bishop),
        Some(PieceKind::Knight) => Some(Promotion::Knight),
        Some(_) => return Err(Refusal::Chess(IllegalReason::NotAPromotion)),
    })
}

fn input_of(m: Move) -> MoveInput {
    MoveInput::Step { from: m.from, to: m.to, promotion: m.promotion.map(|p| p.role().kind()) }
}

impl BoardGame for Game {
    fn kind(&self) -> GameKind {
        GameKind::Chess
    }

    fn view(&self) -> BoardView {
        self.board_view()
    }

    fn side_to_move(&self) -> Side {
        Game::side_to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn is_own_piece(&self, at: Point) -> bool {
        self.outcome().is_none()
            && self
                .position()
                .piece_at(at)
                .is_some_and(|(side, _)| side == Game::side_to_move(self))
    }

    fn targets(&self, from: Point) -> Vec<Point> {
        self.legal_targets(from)
    }

    fn needs_promotion(&self, from: Point, to: Point) -> bool {
        self.is_promotion(from, to)
    }

    fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        let MoveInput::Step { from, to, promotion } = input else { return Err(Refusal::NotAMove) };
        if from.file >= 8 || from.rank >= 8 || to.file >= 8 || to.rank >= 8 {
            return Err(Refusal::NotAMove);
        }
        let promotion = promotion_of(promotion)?;
        match self.play_points(from, to, promotion) {
            Ok(_) => Ok(()),
            Err(PlayError::GameOver(_)) => Err(Refusal::GameOver),
            Err(_) => Err(illegal_reason(self.position(), from, to, promotion)
                .map_or(Refusal::NotAMove, Refusal::Chess)),
        }
    }

    fn undo(&mut self) -> Option<MoveInput> {
        Game::undo(self).map(input_of)
    }

    fn history(&self) -> Vec<MoveInput> {
        self.moves().iter().copied().map(input_of).collect()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal> {
        Game::resign(self, side).map_err(|_| Refusal::GameOver)
    }

    fn agree_draw(&mut self) -> Result<Outcome, Refusal> {
        Game::agree_draw(self).map_err(|_| Refusal::GameOver)
    }

    fn move_names(&self) -> Vec<MoveName> {
        let mut pos = self.start().clone();
        self.moves()
            .iter()
            .map(|&m| {
                let standard = to_san(&pos, m).unwrap_or_else(|_| m.uci());
                let chinese = to_chinese(&pos, m).unwrap_or_else(|_| m.uci());
                pos.play_unchecked(m);
                MoveName { standard, chinese }
            })
            .collect()
    }
}
