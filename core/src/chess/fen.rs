//! FEN text to an unvalidated [`Setup`] and back. Whether a setup is a position that
//! can be played is decided in `setup.rs`; this file only reads and writes the text.

use thiserror::Error;

use super::moves::{Role, parse_square, square_name};
use super::setup::{Castling, PositionError, Setup};
use crate::game::{Point, Side};

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN text could not become a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    #[error("the FEN is empty")]
    Empty,
    #[error("a FEN has 4 to 6 fields separated by spaces; this one has {0}")]
    FieldCount(usize),
    #[error("the board part has {0} ranks separated by '/'; it needs 8")]
    RankCount(usize),
    #[error("rank {rank} of the board covers {squares} squares; it needs exactly 8")]
    RankWidth { rank: u8, squares: u32 },
    #[error("'{0}' is not a piece letter (KQRBNP for white, kqrbnp for black) or a digit 1-8")]
    PieceChar(char),
    #[error("the side to move must be 'w' or 'b', not '{0}'")]
    SideToMove(String),
    #[error("castling field '{0}' must be '-' or some of K, Q, k, q, each at most once")]
    Castling(String),
    #[error("en passant field '{0}' must be '-' or a square on rank 3 or 6")]
    EnPassant(String),
    #[error("halfmove clock '{0}' is not a whole number")]
    HalfmoveClock(String),
    #[error("fullmove number '{0}' is not a whole number")]
    FullmoveNumber(String),
    #[error("the position cannot be played: {0}")]
    Position(#[from] PositionError),
}

impl Setup {
    /// Reads a FEN. The halfmove clock and fullmove number may be left out (0 and 1);
    /// a fullmove number of 0, common in the wild, is read as 1.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut setup = Setup::empty();
        read_board(&mut setup, fields[0])?;
        setup.turn = match fields[1] {
            "w" => Side::First,
            "b" => Side::Second,
            other => return Err(FenError::SideToMove(other.to_owned())),
        };
        setup.castling = read_castling(fields[2])?;
        setup.en_passant = match fields[3] {
            "-" => None,
            text => match parse_square(text) {
                Some(p) if p.rank == 2 || p.rank == 5 => Some(p),
                _ => return Err(FenError::EnPassant(text.to_owned())),
            },
        };
        if let Some(text) = fields.get(4) {
            setup.halfmoves =
                text.parse().map_err(|_| FenError::HalfmoveClock((*text).to_owned()))?;
        }
        if let Some(text) = fields.get(5) {
            let n: u32 = text.parse().map_err(|_| FenError::FullmoveNumber((*text).to_owned()))?;
            setup.fullmoves = n.max(1);
        }
        Ok(setup)
    }

    /// Writes the setup as a six-field FEN.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.piece_at(Point::new(file, rank)) {
                    None => empty += 1,
                    Some((side, role)) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece_char(side, role));
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.turn == Side::First { 'w' } else { 'b' });
        out.push(' ');
        let c = self.castling;
        let mut any = false;
        for (has, ch) in
            [(c.first.short, 'K'), (c.first.long, 'Q'), (c.second.short, 'k'), (c.second.long, 'q')]
        {
            if has {
                out.push(ch);
                any = true;
            }
        }
        if !any {
            out.push('-');
        }
        out.push(' ');
        match self.en_passant {
            Some(p) => out.push_str(&square_name(p)),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }
}

/// The FEN letter of a piece: upper case for white.
pub fn piece_char(side: Side, role: Role) -> char {
    match side {
        Side::First => role.letter(),
        Side::Second => role.letter().to_ascii_lowercase(),
    }
}

fn read_board(setup: &mut Setup, text: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::PieceChar(c));
                }
                file += d;
            } else {
                let role = Role::from_letter(c).ok_or(FenError::PieceChar(c))?;
                let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
                if file < 8 {
                    setup.set(Point::new(file as u8, rank), Some((side, role)));
                }
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankWidth { rank: rank + 1, squares: file });
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth { rank: rank + 1, squares: file });
        }
    }
    Ok(())
}

fn read_castling(text: &str) -> Result<Castling, FenError> {
    let mut castling = Castling::default();
    if text == "-" {
        return Ok(castling);
    }
    let bad = || FenError::Castling(text.to_owned());
    for c in text.chars() {
        let flag = match c {
            'K' => &mut castling.first.short,
            'Q' => &mut castling.first.long,
            'k' => &mut castling.second.short,
            'q' => &mut castling.second.long,
            _ => return Err(bad()),
        };
        if *flag {
            return Err(bad());
        }
        *flag = true;
    }
    Ok(castling)
}
