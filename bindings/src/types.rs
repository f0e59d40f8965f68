//! Core types exported unchanged as uniffi records and enums. The `remote` attribute
//! repeats the definition so uniffi can see its shape; the compiler checks that it still
//! matches the core's.

use qike_core::ai::{Hint, Level, Verdict};
use qike_core::session::DrawAnswer;
use qike_core::{
    BoardMark, BoardView, Colour, DrawReason, GameKind, GameSetup, GoStart, GomokuRule, Highlight,
    HighlightKind, LastMove, MoveInput, MoveName, Outcome, PieceKind, PieceView, Placement, Point,
    Side, Text, WinReason,
};

#[uniffi::remote(Enum)]
pub enum GameKind {
    Xiangqi,
    Chess,
    Go { size: u8 },
    Gomoku { rule: GomokuRule },
}

#[uniffi::remote(Enum)]
pub enum GomokuRule {
    Freestyle,
    Standard,
    Renju,
}

#[uniffi::remote(Enum)]
pub enum Side {
    First,
    Second,
}

#[uniffi::remote(Enum)]
pub enum Colour {
    Red,
    Black,
    White,
}

#[uniffi::remote(Enum)]
pub enum Outcome {
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

#[uniffi::remote(Enum)]
pub enum WinReason {
    Checkmate,
    NoLegalMove,
    ForbiddenRepetition,
    Resignation,
    Timeout,
    Score,
    FiveInARow,
    ForbiddenMove,
}

#[uniffi::remote(Enum)]
pub enum DrawReason {
    Agreement,
    Stalemate,
    Repetition,
    MoveLimit,
    InsufficientMaterial,
    BoardFull,
    EqualScore,
}

#[uniffi::remote(Record)]
pub struct Point {
    pub file: u8,
    pub rank: u8,
}

#[uniffi::remote(Enum)]
pub enum Placement {
    Intersections,
    Squares,
}

#[uniffi::remote(Enum)]
pub enum PieceKind {
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    Stone,
}

#[uniffi::remote(Enum)]
pub enum BoardMark {
    River { below_rank: u8, left_text: String, right_text: String },
    Palace { low: Point, high: Point },
    StarPoint { at: Point },
    PositionMark { at: Point },
    Forbidden { at: Point },
}

#[uniffi::remote(Record)]
pub struct PieceView {
    pub at: Point,
    pub side: Side,
    pub colour: Colour,
    pub kind: PieceKind,
    pub glyph: String,
}

#[uniffi::remote(Enum)]
pub enum HighlightKind {
    Selected,
    Target,
    Check,
    Hint,
    Winning,
    Dead,
}

#[uniffi::remote(Record)]
pub struct Highlight {
    pub at: Point,
    pub kind: HighlightKind,
}

#[uniffi::remote(Record)]
pub struct LastMove {
    pub from: Option<Point>,
    pub to: Point,
}

#[uniffi::remote(Record)]
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

#[uniffi::remote(Enum)]
pub enum MoveInput {
    Step { from: Point, to: Point, promotion: Option<PieceKind> },
    Place { at: Point },
    Pass,
}

#[uniffi::remote(Record)]
pub struct MoveName {
    pub standard: String,
    pub chinese: String,
}

#[uniffi::remote(Record)]
pub struct Text {
    pub zh: String,
    pub en: String,
}

#[uniffi::remote(Enum)]
pub enum GoStart {
    Even,
    NoKomi,
    Handicap(u8),
}

#[uniffi::remote(Enum)]
pub enum GameSetup {
    Xiangqi { fen: String },
    Chess { fen: String },
    Go { size: u8, start: GoStart },
    Gomoku { rule: GomokuRule, opening: Option<String> },
}

#[uniffi::remote(Enum)]
pub enum DrawAnswer {
    Accepted,
    Declined,
}

#[uniffi::remote(Enum)]
pub enum Verdict {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

#[uniffi::remote(Record)]
pub struct Hint {
    pub mv: MoveInput,
    pub score: i32,
    pub threat: Option<MoveInput>,
    pub threat_name: Option<String>,
}

/// One difficulty level of a game's computer opponent.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LevelInfo {
    /// From 1, weakest first.
    pub number: u8,
    /// The name a child sees.
    pub name: Text,
    /// Who it suits, in a sentence.
    pub about: Text,
}

impl From<&Level> for LevelInfo {
    fn from(l: &Level) -> Self {
        LevelInfo {
            number: l.number,
            name: Text::new(l.name_zh, l.name_en),
            about: Text::new(l.about_zh, l.about_en),
        }
    }
}

/// The coach's review of one move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveReview {
    /// Index of the move in the game (0 = first move).
    pub ply: u32,
    pub played: MoveInput,
    pub best: MoveInput,
    /// What the played move gave away against the best (0 when it was the best).
    pub loss: i32,
    pub verdict: Verdict,
}

impl From<qike_core::ai::MoveReview> for MoveReview {
    fn from(r: qike_core::ai::MoveReview) -> Self {
        MoveReview {
            ply: u32::try_from(r.ply).unwrap_or(u32::MAX),
            played: r.played,
            best: r.best,
            loss: r.loss,
            verdict: r.verdict,
        }
    }
}

/// What a tap (or a promotion choice, or a pass) did in a session.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    /// A piece was picked up or put down; nothing else changed.
    Selection,
    /// A move was played; the outcome if it ended the game.
    Moved { outcome: Option<Outcome> },
    /// A pawn reaches the last rank: ask which piece, then `promote`.
    ChoosePromotion { from: Point, to: Point },
    /// Not a legal move; why, in Chinese and English.
    Refused { reason: Text },
    /// Go, at the count: a group was marked dead (`true`) or alive again.
    Marked { dead: bool },
    /// Not the player's turn, the game is over, or the point is empty.
    Ignored,
}

impl From<qike_core::session::TapResult> for TapResult {
    fn from(t: qike_core::session::TapResult) -> Self {
        use qike_core::session::TapResult as Core;
        match t {
            Core::Selection => TapResult::Selection,
            Core::Moved { outcome } => TapResult::Moved { outcome },
            Core::ChoosePromotion { from, to } => TapResult::ChoosePromotion { from, to },
            Core::Refused { reason } => TapResult::Refused { reason: reason.text() },
            Core::Marked { dead } => TapResult::Marked { dead },
            Core::Ignored => TapResult::Ignored,
        }
    }
}

/// A step waiting for the player to choose the piece a pawn becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct PendingPromotion {
    pub from: Point,
    pub to: Point,
}

/// The engine's move, played, and the outcome if it ended the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct EngineReply {
    pub played: MoveInput,
    pub name: Option<MoveName>,
    pub outcome: Option<Outcome>,
}

/// The count of a Go game as the players do it at the board (black's 子 against what
/// black needs), and the result.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct CountSummary {
    /// Points on the board: 361 on 19×19, 81 on 9×9.
    pub board_points: u32,
    /// Black's and white's counts in 子, Chinese form (`184又1/4 子`).
    pub black: String,
    pub white: String,
    /// What black must pass to win, in 子.
    pub black_needs: String,
    /// The same three counts as numbers of 子 (184.25 for `184又1/4 子`).
    pub black_stones: f64,
    pub white_stones: f64,
    pub black_needs_stones: f64,
    /// Black's margin in points (negative: white ahead; 0: a draw).
    pub margin_points: f64,
    /// The winner by the count; `None` for a draw.
    pub winner: Option<Side>,
    /// The result, e.g. 黑胜 3/4 子 / Black wins by 1.5 points.
    pub result: Text,
    /// The count in a few sentences.
    pub explanation: Text,
    /// The result in one short line for a child: 黑胜 ¾ 子 / Black wins by ¾ stone.
    pub headline: Text,
    /// The sum behind it, on a line apart: 黑棋 185 子，要超过 180½ + 3¾ = 184¼ 子.
    pub arithmetic: Text,
}

impl From<qike_core::go::Score> for CountSummary {
    fn from(score: qike_core::go::Score) -> Self {
        let s = score.summary();
        CountSummary {
            board_points: s.board_points,
            black: s.black.chinese(),
            white: s.white.chinese(),
            black_needs: s.black_needs.chinese(),
            black_stones: s.black.as_f64(),
            white_stones: s.white.as_f64(),
            black_needs_stones: s.black_needs.as_f64(),
            margin_points: s.result.points(),
            winner: s.result.winner(),
            result: Text { zh: s.result.chinese(), en: s.result.english() },
            explanation: s.text(),
            headline: s.headline(),
            arithmetic: s.arithmetic(),
        }
    }
}
