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
        // A point off this game's board has no name in its notation; say where it is
        // rather than overflow the letter arithmetic below.
        if file >= self.files() || p.rank >= self.ranks() {
            return format!("({},{})", p.file, p.rank);
        }
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

/// A text in Simplified Chinese and English.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub zh: String,
    pub en: String,
}

impl Text {
    pub fn new(zh: &str, en: &str) -> Text {
        Text { zh: zh.to_owned(), en: en.to_owned() }
    }

    /// Whether both languages have something to say.
    pub fn is_complete(&self) -> bool {
        !self.zh.trim().is_empty() && !self.en.trim().is_empty()
    }
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
    /// Renju: a point black may not play (三三, 四四, 长连), shown while black moves.
    Forbidden { at: Point },
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
    /// A stone of the line that won (gomoku's five).
    Winning,
    /// Go, at the count: a stone marked dead.
    Dead,
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

/// What a player does on any board: a step of a piece (with the piece a pawn becomes,
/// when it promotes), a stone placed on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveInput {
    Step { from: Point, to: Point, promotion: Option<PieceKind> },
    Place { at: Point },
    Pass,
}

impl MoveInput {
    /// A step without promotion.
    pub const fn step(from: Point, to: Point) -> MoveInput {
        MoveInput::Step { from, to, promotion: None }
    }

    /// The points to mark as the last move.
    pub fn last_move(self) -> Option<LastMove> {
        match self {
            MoveInput::Step { from, to, .. } => Some(LastMove { from: Some(from), to }),
            MoveInput::Place { at } => Some(LastMove { from: None, to: at }),
            MoveInput::Pass => None,
        }
    }

    /// The move as coordinate text for records and saved games: `h2e2` (xiangqi, ICCS),
    /// `e7e8q` (chess, UCI), `D4` or `pass` (Go, GTP), `h8` (gomoku).
    pub fn encode(self, kind: GameKind) -> String {
        match self {
            MoveInput::Step { from, to, promotion } => {
                let mut s = kind.point_name(from) + &kind.point_name(to);
                if let Some(k) = promotion.and_then(promotion_letter) {
                    s.push(k);
                }
                s
            }
            MoveInput::Place { at } => kind.point_name(at),
            MoveInput::Pass => "pass".to_owned(),
        }
    }

    /// Reads [`MoveInput::encode`]'s text back; `None` when it is not a move of that
    /// shape on that board (legality is the game's to judge).
    pub fn decode(kind: GameKind, text: &str) -> Option<MoveInput> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Some(MoveInput::Pass);
        }
        match kind {
            GameKind::Xiangqi | GameKind::Chess => {
                let (from, rest) = kind.parse_point_prefix(text)?;
                let (to, rest) = kind.parse_point_prefix(rest)?;
                let promotion = match rest {
                    "" => None,
                    p if kind == GameKind::Chess => Some(promotion_kind(p)?),
                    _ => return None,
                };
                Some(MoveInput::Step { from, to, promotion })
            }
            GameKind::Go { .. } | GameKind::Gomoku { .. } => {
                let (at, rest) = kind.parse_point_prefix(text)?;
                rest.is_empty().then_some(MoveInput::Place { at })
            }
        }
    }
}

fn promotion_letter(kind: PieceKind) -> Option<char> {
    Some(match kind {
        PieceKind::Queen => 'q',
        PieceKind::Rook => 'r',
        PieceKind::Bishop => 'b',
        PieceKind::Knight => 'n',
        _ => return None,
    })
}

fn promotion_kind(text: &str) -> Option<PieceKind> {
    Some(match text {
        "q" | "Q" => PieceKind::Queen,
        "r" | "R" => PieceKind::Rook,
        "b" | "B" => PieceKind::Bishop,
        "n" | "N" => PieceKind::Knight,
        _ => return None,
    })
}

impl GameKind {
    /// Reads a point name ([`GameKind::point_name`]) at the start of `text`; returns
    /// it and the rest of the text.
    pub fn parse_point_prefix(self, text: &str) -> Option<(Point, &str)> {
        let mut chars = text.char_indices();
        let (_, letter) = chars.next()?;
        let letter = letter.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let mut file = letter as u8 - b'a';
        if let GameKind::Go { .. } = self {
            // GTP skips the letter I.
            if letter == 'i' {
                return None;
            }
            if letter > 'i' {
                file -= 1;
            }
        }
        let digits_end =
            text[1..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |i| i + 1);
        let digits = &text[1..digits_end];
        // Xiangqi ranks are one digit (0–9); the others count from 1.
        let digits = if self == GameKind::Xiangqi { digits.get(..1)? } else { digits };
        let rest = &text[1 + digits.len()..];
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return None;
        }
        let number: u8 = digits.parse().ok()?;
        let rank = if self == GameKind::Xiangqi { number } else { number.checked_sub(1)? };
        (file < self.files() && rank < self.ranks()).then_some((Point::new(file, rank), rest))
    }

    /// The labels of the board's files, left to right as the first player sees it, and
    /// of its ranks, bottom to top. Xiangqi has two rows of file labels: red counts
    /// 一…九 from its right, black 1…9 from its right (red's left); the second element
    /// of `files` is the row for the top edge.
    pub fn coordinates(self) -> Coordinates {
        const RED: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
        let n = |count: u8, from: u8| (from..from + count).map(|i| i.to_string()).collect();
        match self {
            GameKind::Xiangqi => Coordinates {
                bottom: RED.iter().map(|s| s.to_string()).collect(),
                top: Some(n(9, 1)),
                ranks: Vec::new(),
            },
            _ => {
                let files = (0..self.files())
                    .map(|f| {
                        let name = self.point_name(Point::new(f, 0));
                        name.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned()
                    })
                    .collect();
                Coordinates { bottom: files, top: None, ranks: n(self.ranks(), 1) }
            }
        }
    }
}

/// What [`GameKind::coordinates`] writes around a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coordinates {
    /// Under the board, one per file, left to right (as the first player sees it).
    pub bottom: Vec<String>,
    /// Above the board, when the game labels that edge too (xiangqi: black's numbers).
    pub top: Option<Vec<String>>,
    /// Beside the board, one per rank, bottom to top; empty when ranks are not named.
    pub ranks: Vec<String>,
}

/// Why an input was not played, in words for a child: every game's reasons, so one UI
/// can show them. [`Refusal::text`] gives the sentence in 中文 and English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// It is the other player's turn (the engine's, or the other child's).
    NotYourTurn,
    /// An input of the wrong shape for this game: a stone on a chess board, a pass in
    /// xiangqi, a point off the board.
    NotAMove,
    Xiangqi(crate::xiangqi::IllegalReason),
    Chess(crate::chess::IllegalReason),
    Go(crate::go::IllegalReason),
    Gomoku(crate::gomoku::IllegalReason),
}

impl Refusal {
    /// The reason in both languages.
    pub fn text(&self) -> Text {
        match self {
            Refusal::GameOver => Text::new("这盘棋已经结束了。", "This game is over."),
            Refusal::NotYourTurn => Text::new("现在不是你走棋。", "It is not your turn."),
            Refusal::NotAMove => {
                Text::new("在这个棋盘上不能这样走。", "That is not a move on this board.")
            }
            Refusal::Xiangqi(r) => r.text(),
            Refusal::Chess(r) => r.text(),
            Refusal::Go(r) => r.text(),
            Refusal::Gomoku(r) => r.text(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl std::error::Error for Refusal {}

/// A move in the game's standard notation and in Chinese notation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveName {
    /// ICCS `h2e2` for xiangqi, SAN `Nf3` for chess, GTP `D4` for Go, `h8` for gomoku.
    pub standard: String,
    /// 炮二平五, 马g1-f3, 黑 D4 (第 n 手), 黑 h8.
    pub chinese: String,
}

/// The one face every game's rules show to sessions, lessons, the app and the
/// bindings. Implemented by each game's `Game` and dispatched by [`crate::AnyGame`].
pub trait BoardGame {
    /// Which game, with its board options.
    fn kind(&self) -> GameKind;
    /// The board as it stands: pieces, marks, the last move and checks; no selection.
    fn view(&self) -> BoardView;
    fn side_to_move(&self) -> Side;
    /// How the game ended, `None` while it is in play.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the piece on `at` can be picked up by the side to move. Stone games keep
    /// the default: nothing is picked up.
    fn is_own_piece(&self, _at: Point) -> bool {
        false
    }
    /// Where the piece on `from` may legally go; stone games keep the default.
    fn targets(&self, _from: Point) -> Vec<Point> {
        Vec::new()
    }
    /// Whether a step from `from` to `to` needs a promotion piece chosen first.
    fn needs_promotion(&self, _from: Point, _to: Point) -> bool {
        false
    }
    /// Whether the game places stones instead of moving pieces.
    fn places_stones(&self) -> bool {
        false
    }
    /// Whether passing is a move (Go).
    fn can_pass(&self) -> bool {
        false
    }
    /// Plays the input, or says why not; a refused input changes nothing.
    fn play(&mut self, input: MoveInput) -> Result<(), Refusal>;
    /// Takes back the last move; `None` when there is none.
    fn undo(&mut self) -> Option<MoveInput>;
    /// The moves played so far, from the start.
    fn history(&self) -> Vec<MoveInput>;
    /// `side` resigns.
    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal>;
    /// Both players agree to a draw (refused where a game has no draws by agreement).
    fn agree_draw(&mut self) -> Result<Outcome, Refusal>;
    /// Every move played, in standard and Chinese notation.
    fn move_names(&self) -> Vec<MoveName>;
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
        // Off the board: a plain pair, never a wrapped letter or an overflow.
        assert_eq!(GameKind::Chess.point_name(Point::new(255, 255)), "(255,255)");
        assert_eq!(GameKind::Go { size: 9 }.point_name(Point::new(9, 0)), "(9,0)");
    }

    #[test]
    fn colours_depend_on_the_game() {
        assert_eq!(Side::First.colour(GameKind::Xiangqi), Colour::Red);
        assert_eq!(Side::First.colour(GameKind::Chess), Colour::White);
        assert_eq!(Side::First.colour(GameKind::Go { size: 9 }), Colour::Black);
        assert_eq!(Side::Second.opponent(), Side::First);
    }
}
