//! The generic face every game shows to a UI: which game, whose turn, how it ended,
//! and what to draw. Game-specific rules live in their own modules and fill these in.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which of the four games, with the options that change its board or rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    /// 中国象棋 on a 9×10 board.
    Xiangqi,
    /// 国际象棋 on an 8×8 board.
    Chess,
    /// 围棋 on a square board of `size` lines (5–19).
    Go { size: u8 },
    /// 五子棋 on a 15×15 board under the given rule set.
    Gomoku { rule: GomokuRule },
}

/// Rule sets for gomoku.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GomokuRule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Renju: black may not make an overline, double four or double three.
    Renju,
}

impl GameKind {
    /// Number of files (columns) of the board.
    pub fn files(self) -> u8 {
        match self {
            GameKind::Xiangqi => 9,
            GameKind::Chess => 8,
            GameKind::Go { size } => size,
            GameKind::Gomoku { .. } => 15,
        }
    }

    /// Number of ranks (rows) of the board.
    pub fn ranks(self) -> u8 {
        match self {
            GameKind::Xiangqi => 10,
            GameKind::Chess => 8,
            GameKind::Go { size } => size,
            GameKind::Gomoku { .. } => 15,
        }
    }

    /// Whether pieces stand on the line crossings or inside the squares.
    pub fn placement(self) -> Placement {
        match self {
            GameKind::Chess => Placement::Squares,
            _ => Placement::Intersections,
        }
    }

    /// The name of a point in the game's usual coordinates: ICCS for xiangqi (`e0`),
    /// algebraic for chess (`e1`), GTP for Go (`D4`, no `I`), `h8` style for gomoku.
    pub fn point_name(self, p: Point) -> String {
        let file = p.file;
        match self {
            GameKind::Xiangqi => format!("{}{}", (b'a' + file) as char, p.rank),
            GameKind::Chess | GameKind::Gomoku { .. } => {
                format!("{}{}", (b'a' + file) as char, p.rank + 1)
            }
            GameKind::Go { .. } => {
                let letter = if file >= 8 { b'A' + file + 1 } else { b'A' + file };
                format!("{}{}", letter as char, p.rank + 1)
            }
        }
    }
}

/// One of the two players. `First` moves first: red in xiangqi, white in chess,
/// black in Go and gomoku.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index for [`BySide`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour this side plays with in the given game.
    pub fn colour(self, kind: GameKind) -> Colour {
        match (kind, self) {
            (GameKind::Xiangqi, Side::First) => Colour::Red,
            (GameKind::Xiangqi, Side::Second) => Colour::Black,
            (GameKind::Chess, Side::First) => Colour::White,
            (GameKind::Chess, Side::Second) => Colour::Black,
            (_, Side::First) => Colour::Black,
            (_, Side::Second) => Colour::White,
        }
    }
}

/// The colour a UI paints a side's pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Black,
    White,
}

/// A value for each side, indexed by [`Side`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct BySide<T> {
    pub first: T,
    pub second: T,
}

impl<T> BySide<T> {
    pub fn new(first: T, second: T) -> Self {
        BySide { first, second }
    }

    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::First => &mut self.first,
            Side::Second => &mut self.second,
        }
    }
}

/// How a finished game ended. `None` in an `Option<Outcome>` means still in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// 将死 / checkmate.
    Checkmate,
    /// 困毙: the loser had no legal move (xiangqi).
    NoLegalMove,
    /// The loser repeated a forbidden move (长将, 长捉) and did not vary.
    ForbiddenRepetition,
    Resignation,
    Timeout,
    /// Go: more points at the count.
    Score,
    /// Gomoku: five in a row.
    FiveInARow,
    /// Gomoku (renju): black played a forbidden move.
    ForbiddenMove,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    Agreement,
    /// Chess: the side to move has no legal move and is not in check.
    Stalemate,
    Repetition,
    /// 自然限着 / fifty-move rule.
    MoveLimit,
    InsufficientMaterial,
    BoardFull,
    /// Go: equal score (only possible without a half-point komi).
    EqualScore,
}

/// A point on any board: `file` 0 is the left edge and `rank` 0 the bottom edge as
/// the first player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    pub file: u8,
    pub rank: u8,
}

impl Point {
    pub const fn new(file: u8, rank: u8) -> Self {
        Point { file, rank }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.file, self.rank)
    }
}

/// Whether pieces sit on the crossings of lines or inside squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Placement {
    Intersections,
    Squares,
}

/// Every kind of piece of every game, so one UI can draw them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceKind {
    // xiangqi
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
    // chess
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    // Go and gomoku
    Stone,
}

/// A drawing aid on the board that is not a piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardMark {
    /// The river between two ranks, with the texts written on either half
    /// (楚河 on the left, 汉界 on the right).
    River { below_rank: u8, left_text: String, right_text: String },
    /// A palace: the square from `low` to `high` with both diagonals drawn.
    Palace { low: Point, high: Point },
    /// A star point (星位, 天元) drawn as a dot.
    StarPoint { at: Point },
    /// The small corner marks on the cannon and soldier starting points of xiangqi.
    PositionMark { at: Point },
}

/// One piece as a UI draws it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PieceView {
    pub at: Point,
    pub side: Side,
    pub colour: Colour,
    pub kind: PieceKind,
    /// What to write on the piece: 帅, 將, ♔, or empty for a stone.
    pub glyph: String,
}

/// Why a point is highlighted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HighlightKind {
    /// The piece the player picked up.
    Selected,
    /// A point the selected piece may move to.
    Target,
    /// A general or king in check.
    Check,
    /// A point a lesson or the coach points at.
    Hint,
}

/// A highlighted point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Highlight {
    pub at: Point,
    pub kind: HighlightKind,
}

/// The last move, for marking on the board. Placement games have no `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastMove {
    pub from: Option<Point>,
    pub to: Point,
}

/// Everything a UI needs to draw a board, for any game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardView {
    pub kind: GameKind,
    pub files: u8,
    pub ranks: u8,
    pub placement: Placement,
    pub marks: Vec<BoardMark>,
    pub pieces: Vec<PieceView>,
    pub highlights: Vec<Highlight>,
    pub last_move: Option<LastMove>,
    pub side_to_move: Side,
}

impl BoardView {
    /// An empty board of the given game with no marks.
    pub fn empty(kind: GameKind, side_to_move: Side) -> Self {
        BoardView {
            kind,
            files: kind.files(),
            ranks: kind.ranks(),
            placement: kind.placement(),
            marks: Vec::new(),
            pieces: Vec::new(),
            highlights: Vec::new(),
            last_move: None,
            side_to_move,
        }
    }

    /// The piece standing on `at`, if any.
    pub fn piece_at(&self, at: Point) -> Option<&PieceView> {
        self.pieces.iter().find(|p| p.at == at)
    }

    /// Whether `at` lies on this board.
    pub fn contains(&self, at: Point) -> bool {
        at.file < self.files && at.rank < self.ranks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_follow_each_games_convention() {
        let p = Point::new(4, 0);
        assert_eq!(GameKind::Xiangqi.point_name(p), "e0");
        assert_eq!(GameKind::Chess.point_name(p), "e1");
        assert_eq!(GameKind::Go { size: 19 }.point_name(Point::new(8, 18)), "J19");
        assert_eq!(GameKind::Go { size: 19 }.point_name(Point::new(7, 3)), "H4");
        let gomoku = GameKind::Gomoku { rule: GomokuRule::Renju };
        assert_eq!(gomoku.point_name(Point::new(7, 7)), "h8");
    }

    #[test]
    fn colours_depend_on_the_game() {
        assert_eq!(Side::First.colour(GameKind::Xiangqi), Colour::Red);
        assert_eq!(Side::First.colour(GameKind::Chess), Colour::White);
        assert_eq!(Side::First.colour(GameKind::Go { size: 9 }), Colour::Black);
        assert_eq!(Side::Second.opponent(), Side::First);
    }
}
