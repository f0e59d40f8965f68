//! Chess moves as the rest of Qike sees them: squares are [`Point`]s, castling is the
//! king's two-square step (as players write it), and promotion names its piece.
//! The move generator underneath encodes castling as "king takes own rook"; the
//! conversion lives in `position.rs` so nothing else needs to know.

use std::fmt;

use thiserror::Error;

use crate::game::{PieceKind, Point};

/// The six kinds of chess piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The generic piece kind a UI draws.
    pub fn kind(self) -> PieceKind {
        match self {
            Role::Pawn => PieceKind::Pawn,
            Role::Knight => PieceKind::Knight,
            Role::Bishop => PieceKind::Bishop,
            Role::Rook => PieceKind::Rook,
            Role::Queen => PieceKind::Queen,
            Role::King => PieceKind::King,
        }
    }

    /// The English letter used by SAN and FEN (upper case; the pawn's is `P`).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an English piece letter, either case.
    pub fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The Chinese name used in Chinese chess books: 王后车象马兵.
    pub fn chinese(self) -> char {
        match self {
            Role::Pawn => '兵',
            Role::Knight => '马',
            Role::Bishop => '象',
            Role::Rook => '车',
            Role::Queen => '后',
            Role::King => '王',
        }
    }

    /// The role of a Chinese piece name, simplified or traditional (馬, 車, 後).
    pub fn from_chinese(c: char) -> Option<Role> {
        match c {
            '兵' => Some(Role::Pawn),
            '马' | '馬' => Some(Role::Knight),
            '象' => Some(Role::Bishop),
            '车' | '車' => Some(Role::Rook),
            '后' | '後' => Some(Role::Queen),
            '王' => Some(Role::King),
            _ => None,
        }
    }

    pub(crate) fn to_cozy(self) -> cozy_chess::Piece {
        match self {
            Role::Pawn => cozy_chess::Piece::Pawn,
            Role::Knight => cozy_chess::Piece::Knight,
            Role::Bishop => cozy_chess::Piece::Bishop,
            Role::Rook => cozy_chess::Piece::Rook,
            Role::Queen => cozy_chess::Piece::Queen,
            Role::King => cozy_chess::Piece::King,
        }
    }

    pub(crate) fn from_cozy(p: cozy_chess::Piece) -> Role {
        match p {
            cozy_chess::Piece::Pawn => Role::Pawn,
            cozy_chess::Piece::Knight => Role::Knight,
            cozy_chess::Piece::Bishop => Role::Bishop,
            cozy_chess::Piece::Rook => Role::Rook,
            cozy_chess::Piece::Queen => Role::Queen,
            cozy_chess::Piece::King => Role::King,
        }
    }
}

/// What a pawn reaching the last rank becomes: the player's choice, which the UI asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Promotion {
    Queen,
    Rook,
    Bishop,
    Knight,
}

impl Promotion {
    /// The four choices, strongest first (the order a UI offers them).
    pub const ALL: [Promotion; 4] =
        [Promotion::Queen, Promotion::Rook, Promotion::Bishop, Promotion::Knight];

    /// The role the pawn turns into.
    pub fn role(self) -> Role {
        match self {
            Promotion::Queen => Role::Queen,
            Promotion::Rook => Role::Rook,
            Promotion::Bishop => Role::Bishop,
            Promotion::Knight => Role::Knight,
        }
    }

    /// The promotion to a role, if a pawn may become it.
    pub fn from_role(role: Role) -> Option<Promotion> {
        match role {
            Role::Queen => Some(Promotion::Queen),
            Role::Rook => Some(Promotion::Rook),
            Role::Bishop => Some(Promotion::Bishop),
            Role::Knight => Some(Promotion::Knight),
            Role::Pawn | Role::King => None,
        }
    }
}

/// A chess move. Castling is the king's move two squares toward the rook (`e1`→`g1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Point,
    pub to: Point,
    pub promotion: Option<Promotion>,
}

impl Move {
    pub const fn new(from: Point, to: Point, promotion: Option<Promotion>) -> Self {
        Move { from, to, promotion }
    }

    /// The move in UCI long algebraic notation: `e2e4`, `e7e8q`, `e1g1`.
    pub fn uci(self) -> String {
        let mut s = String::with_capacity(5);
        s.push_str(&square_name(self.from));
        s.push_str(&square_name(self.to));
        if let Some(p) = self.promotion {
            s.push(p.role().letter().to_ascii_lowercase());
        }
        s
    }

    /// Parses UCI long algebraic notation (`e2e4`, `e7e8q`). This checks only the
    /// syntax; whether the move is legal is for [`crate::chess::Position::parse_uci`].
    pub fn from_uci(text: &str) -> Result<Move, UciError> {
        let bad = || UciError::Syntax(text.to_owned());
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 4 && chars.len() != 5 {
            return Err(bad());
        }
        let from = parse_square_chars(chars[0], chars[1]).ok_or_else(bad)?;
        let to = parse_square_chars(chars[2], chars[3]).ok_or_else(bad)?;
        let promotion = match chars.get(4) {
            None => None,
            Some(&c) => Some(
                Role::from_letter(c)
                    .and_then(Promotion::from_role)
                    .ok_or(UciError::Promotion(c))?,
            ),
        };
        Ok(Move { from, to, promotion })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci())
    }
}

/// A UCI move text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UciError {
    #[error(
        "'{0}' is not a UCI move: expected from and to squares like e2e4, plus q/r/b/n to promote"
    )]
    Syntax(String),
    #[error("'{0}' is not a promotion piece: use q, r, b or n")]
    Promotion(char),
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
}

/// The algebraic name of a square: `e4`.
pub fn square_name(p: Point) -> String {
    let file = char::from(b'a'.wrapping_add(p.file));
    let rank = char::from(b'1'.wrapping_add(p.rank));
    format!("{file}{rank}")
}

/// Reads a square name like `e4`.
pub fn parse_square(text: &str) -> Option<Point> {
    let mut chars = text.chars();
    let (f, r) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    parse_square_chars(f, r)
}

pub(crate) fn parse_square_chars(f: char, r: char) -> Option<Point> {
    Some(Point::new(file_of(f)?, rank_of(r)?))
}

pub(crate) fn file_of(c: char) -> Option<u8> {
    ('a'..='h').contains(&c).then(|| c as u8 - b'a')
}

pub(crate) fn rank_of(c: char) -> Option<u8> {
    ('1'..='8').contains(&c).then(|| c as u8 - b'1')
}
