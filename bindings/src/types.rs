//! Core types exported unchanged as uniffi records and enums. The `remote` attribute
//! repeats the definition so uniffi can see its shape; the compiler checks that it still
//! matches the core's.

use qike_core::{
    BoardMark, BoardView, Colour, DrawReason, GameKind, GomokuRule, Highlight, HighlightKind,
    LastMove, Outcome, PieceKind, PieceView, Placement, Point, Side, WinReason,
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
