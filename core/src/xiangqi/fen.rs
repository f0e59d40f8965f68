//! FEN in the dialect of UCCI and Fairy-Stockfish: placement from black's back rank
//! down, side to move (`w`/`r` red, `b` black), two unused fields (`-`), the half-move
//! clock and the full-move number. Reading validates the whole position.

use crate::game::{Point, Side};

use super::position::{Position, si};
use super::tables::{SIDE_KEY, in_palace};
use super::types::{Kind, SQUARES, point};

/// What is wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN has {0} ranks, a xiangqi board has 10")]
    RankCount(usize),
    #[error(
        "rank {rank} of the FEN (counted from the top) describes {files} files, a xiangqi board has 9"
    )]
    FileCount { rank: usize, files: usize },
    #[error("unknown piece letter '{0}' in FEN")]
    UnknownPiece(char),
    #[error("side to move must be 'w' or 'r' (red) or 'b' (black), found '{0}'")]
    SideToMove(String),
    #[error("FEN field {field} must be '-', found '{found}'")]
    UnusedField { field: usize, found: String },
    #[error("half-move clock must be a number, found '{0}'")]
    HalfmoveClock(String),
    #[error("full-move number must be a positive number, found '{0}'")]
    FullmoveNumber(String),
    #[error("FEN has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
    #[error("{side} has no general", side = side_name(*.0))]
    MissingGeneral(Side),
    #[error("{side} has {count} {kind}s, at most {max} are allowed", side = side_name(*side), kind = kind_name(*kind))]
    TooMany { side: Side, kind: Kind, count: usize, max: usize },
    #[error("{side} {kind} on {at} is outside the points it may stand on", side = side_name(*side), kind = kind_name(*kind), at = iccs_point(*at))]
    Misplaced { side: Side, kind: Kind, at: Point },
    #[error("{side} soldier on {at} stands behind its starting line or off its files", side = side_name(*side), at = iccs_point(*at))]
    SoldierBehindStart { side: Side, at: Point },
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    #[error("the side not to move ({side}) is in check", side = side_name(*.0))]
    OpponentInCheck(Side),
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "red",
        Side::Second => "black",
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "general",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Chariot => "chariot",
        Kind::Cannon => "cannon",
        Kind::Soldier => "soldier",
    }
}

fn iccs_point(p: Point) -> String {
    format!("{}{}", (b'a' + p.file.min(25)) as char, p.rank)
}

fn piece_of(c: char) -> Option<(Side, Kind)> {
    let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
    let kind = match c.to_ascii_lowercase() {
        'k' => Kind::General,
        'a' => Kind::Advisor,
        'b' | 'e' => Kind::Elephant,
        'n' | 'h' => Kind::Horse,
        'r' => Kind::Chariot,
        'c' => Kind::Cannon,
        'p' => Kind::Soldier,
        _ => return None,
    };
    Some((side, kind))
}

/// Whether a piece of this kind may ever stand on the point.
fn may_stand(side: Side, kind: Kind, p: Point) -> bool {
    let (f, r) = (p.file as i32, p.rank as i32);
    // Ranks seen from the piece's own side: 0 is its back rank.
    let own_rank = if side == Side::First { r } else { 9 - r };
    match kind {
        Kind::General => in_palace(f, r) && own_rank <= 2,
        Kind::Advisor => {
            own_rank <= 2 && matches!((f, own_rank), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
        }
        Kind::Elephant => {
            matches!((f, own_rank), (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4))
        }
        Kind::Soldier => own_rank >= 5 || (own_rank >= 3 && f % 2 == 0),
        Kind::Horse | Kind::Chariot | Kind::Cannon => true,
    }
}

impl Position {
    /// Reads and validates a FEN. The last four fields may be left out.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let placement = fields.first().ok_or(FenError::Empty)?;
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut placed: Vec<(usize, Side, Kind)> = Vec::with_capacity(32);
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(FenError::UnknownPiece(c));
                    }
                    file += d as usize;
                    continue;
                }
                let (side, kind) = piece_of(c).ok_or(FenError::UnknownPiece(c))?;
                if file < 9 {
                    placed.push((rank * 9 + file, side, kind));
                }
                file += 1;
            }
            if file != 9 {
                return Err(FenError::FileCount { rank: i + 1, files: file });
            }
        }
        let turn = match fields.get(1).copied().unwrap_or("w") {
            "w" | "r" | "W" | "R" => Side::First,
            "b" | "B" => Side::Second,
            other => return Err(FenError::SideToMove(other.to_owned())),
        };
        for field in [2, 3] {
            if let Some(&f) = fields.get(field)
                && f != "-"
            {
                return Err(FenError::UnusedField { field: field + 1, found: f.to_owned() });
            }
        }
        let halfmoves = match fields.get(4) {
            Some(t) => t.parse::<u32>().map_err(|_| FenError::HalfmoveClock((*t).to_owned()))?,
            None => 0,
        };
        let fullmoves = match fields.get(5) {
            Some(t) => match t.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(FenError::FullmoveNumber((*t).to_owned())),
            },
            None => 1,
        };
        Self::from_placement(&placed, turn, halfmoves, fullmoves)
    }

    /// Builds and validates a position from pieces on squares.
    pub(crate) fn from_placement(
        placed: &[(usize, Side, Kind)],
        turn: Side,
        halfmoves: u32,
        fullmoves: u32,
    ) -> Result<Position, FenError> {
        let mut counts = [[0usize; 7]; 2];
        for &(_, side, kind) in placed {
            counts[si(side)][kind as usize] += 1;
        }
        for side in [Side::First, Side::Second] {
            if counts[si(side)][Kind::General as usize] == 0 {
                return Err(FenError::MissingGeneral(side));
            }
            for kind in Kind::ALL {
                let count = counts[si(side)][kind as usize];
                if count > kind.max_count() {
                    return Err(FenError::TooMany { side, kind, count, max: kind.max_count() });
                }
            }
        }
        let mut pos = Position::empty();
        let mut used = [[0usize; 7]; 2];
        for &(sq, side, kind) in placed {
            let at = point(sq as u8);
            if kind == Kind::Soldier && !may_stand(side, kind, at) {
                return Err(FenError::SoldierBehindStart { side, at });
            }
            if !may_stand(side, kind, at) {
                return Err(FenError::Misplaced { side, kind, at });
            }
            let n = &mut used[si(side)][kind as usize];
            let id = 1 + 16 * si(side) + kind.first_slot() + *n;
            *n += 1;
            if sq < SQUARES {
                pos.put(id as u8, sq);
            }
        }
        pos.turn = turn;
        if turn == Side::Second {
            pos.key ^= SIDE_KEY;
        }
        pos.halfmoves = halfmoves;
        pos.fullmoves = fullmoves;
        if pos.generals_facing() {
            return Err(FenError::GeneralsFacing);
        }
        let waiting = turn.opponent();
        if pos.is_general_attacked(waiting) {
            return Err(FenError::OpponentInCheck(waiting));
        }
        Ok(pos)
    }

    /// The start position, red to move.
    pub fn startpos() -> Position {
        // The start FEN is a constant known to be valid; fall back to an empty board
        // only to avoid a panic path.
        Position::from_fen(super::START_FEN).unwrap_or_else(|_| Position::empty())
    }

    /// The same position with `side` to move (used where only one side's piece moves,
    /// as in a lesson's star hunt, or to ask what the other side threatens). `None` when
    /// that position would not be valid.
    pub fn with_side_to_move(&self, side: Side) -> Option<Position> {
        let fen = self.to_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let c = if side == Side::First { "w" } else { "b" };
        if let Some(f) = fields.get_mut(1) {
            *f = c;
        }
        Position::from_fen(&fields.join(" ")).ok()
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.piece_on(rank * 9 + file) {
                    Some((side, kind)) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(kind.fen_char(side));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.turn == Side::First { 'w' } else { 'b' };
        format!("{s} {side} - - {} {}", self.halfmoves, self.fullmoves)
    }
}
