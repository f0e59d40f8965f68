//! Standard algebraic notation (SAN): writing moves as PGN and books do (`Nbd7`,
//! `exd5`, `e8=Q+`, `O-O`) and reading them back, including the looser forms people
//! type: `0-0`, `e8Q`, `e8(Q)`, `Ng1-f3`, `e2e4`, `Bc4!?`, `exd6 e.p.`.

use thiserror::Error;

use super::moves::{Move, Promotion, Role, file_of, rank_of, square_name};
use super::position::Position;

/// Why a SAN text does not name exactly one legal move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SanError {
    #[error("the move text is empty")]
    Empty,
    #[error("'{0}' is not written like a move (expected e.g. e4, Nf3, exd5, O-O, e8=Q)")]
    Syntax(String),
    #[error("no legal move matches '{0}' in this position")]
    NoMatch(String),
    #[error("'{text}' could be any of {}: add the file or rank the piece comes from", .candidates.join(", "))]
    Ambiguous { text: String, candidates: Vec<String> },
    #[error("'{0}' moves a pawn to the last rank: say what it becomes (=Q, =R, =B or =N)")]
    MissingPromotion(String),
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
}

/// Writes a legal move in SAN, with `+` or `#` when it gives check or mate.
pub fn to_san(pos: &Position, mv: Move) -> Result<String, SanError> {
    let (_, role) = pos.piece_at(mv.from).ok_or_else(|| SanError::Illegal(mv.uci()))?;
    let after = pos.after(mv).ok_or_else(|| SanError::Illegal(mv.uci()))?;
    let mut out = String::with_capacity(8);
    if pos.is_castling(mv) {
        out.push_str(if mv.to.file == 6 { "O-O" } else { "O-O-O" });
    } else {
        let capture = pos.is_capture(mv);
        if role == Role::Pawn {
            if capture {
                out.push(char::from(b'a' + mv.from.file));
            }
        } else {
            out.push(role.letter());
            out.push_str(&disambiguation(pos, mv, role));
        }
        if capture {
            out.push('x');
        }
        out.push_str(&square_name(mv.to));
        if let Some(p) = mv.promotion {
            out.push('=');
            out.push(p.role().letter());
        }
    }
    if after.is_check() {
        out.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    Ok(out)
}

/// The file, rank or square that tells `mv` apart from other moves of the same kind
/// of piece to the same square: file if that suffices, else rank, else both.
fn disambiguation(pos: &Position, mv: Move, role: Role) -> String {
    let rivals: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == mv.to
                && m.from != mv.from
                && pos.piece_at(m.from).is_some_and(|(_, r)| r == role)
        })
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let file = char::from(b'a' + mv.from.file);
    let rank = char::from(b'1' + mv.from.rank);
    if rivals.iter().all(|m| m.from.file != mv.from.file) {
        file.to_string()
    } else if rivals.iter().all(|m| m.from.rank != mv.from.rank) {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

/// What a SAN text says, before looking at the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Parsed {
    Castle {
        short: bool,
    },
    Normal {
        /// `None` when no piece letter was written.
        role: Option<Role>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        to: crate::game::Point,
        promotion: Option<Promotion>,
        /// The text began with a lower-case `b`, which a careless writer may mean as
        /// a bishop: tried when no pawn move fits.
        lower_b: bool,
    },
}

/// Reads a move in SAN (strict or lenient) and finds the one legal move it names.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, SanError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(SanError::Empty);
    }
    let parsed = parse_syntax(trimmed).ok_or_else(|| SanError::Syntax(trimmed.to_owned()))?;
    match parsed {
        Parsed::Castle { short } => pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.is_castling(*m) && (m.to.file == 6) == short)
            .ok_or_else(|| SanError::NoMatch(trimmed.to_owned())),
        Parsed::Normal { role, from_file, from_rank, to, promotion, lower_b } => {
            let role = match role {
                Some(r) => r,
                // A full from-square with no letter (`e2e4`, `g1-f3`): whatever stands there.
                None => match (from_file, from_rank) {
                    (Some(f), Some(r)) => pos
                        .piece_at(crate::game::Point::new(f, r))
                        .map_or(Role::Pawn, |(_, role)| role),
                    _ => Role::Pawn,
                },
            };
            let found = select(pos, trimmed, role, from_file, from_rank, to, promotion);
            match found {
                Err(SanError::NoMatch(_)) if lower_b && role == Role::Pawn => {
                    select(pos, trimmed, Role::Bishop, None, from_rank, to, promotion)
                        .map_err(|_| SanError::NoMatch(trimmed.to_owned()))
                }
                other => other,
            }
        }
    }
}

fn select(
    pos: &Position,
    text: &str,
    role: Role,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: crate::game::Point,
    promotion: Option<Promotion>,
) -> Result<Move, SanError> {
    let candidates: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == to
                && pos.piece_at(m.from).is_some_and(|(_, r)| r == role)
                && from_file.is_none_or(|f| f == m.from.file)
                && from_rank.is_none_or(|r| r == m.from.rank)
                && (promotion.is_none() || m.promotion == promotion)
        })
        .collect();
    match candidates.as_slice() {
        [] => Err(SanError::NoMatch(text.to_owned())),
        [one] if one.promotion.is_none() || promotion.is_some() => Ok(*one),
        _ if promotion.is_none() && candidates.iter().all(|m| m.promotion.is_some()) => {
            let from = candidates.first().map(|m| m.from);
            if candidates.iter().all(|m| Some(m.from) == from) {
                Err(SanError::MissingPromotion(text.to_owned()))
            } else {
                Err(ambiguous(pos, text, &candidates))
            }
        }
        _ => Err(ambiguous(pos, text, &candidates)),
    }
}

fn ambiguous(pos: &Position, text: &str, candidates: &[Move]) -> SanError {
    let mut names: Vec<String> =
        candidates.iter().map(|m| to_san(pos, *m).unwrap_or_else(|_| m.uci())).collect();
    names.sort();
    names.dedup();
    SanError::Ambiguous { text: text.to_owned(), candidates: names }
}

/// Strips what people append to moves: check and mate signs, `!`/`?` marks, `e.p.`.
fn strip_suffixes(text: &str) -> &str {
    let mut t = text.trim_end();
    loop {
        let before = t.len();
        for suffix in ["e.p.", "ep", "++"] {
            if let Some(rest) = t.strip_suffix(suffix) {
                t = rest.trim_end();
            }
        }
        t = t.trim_end_matches(['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉', '≠', '†']).trim_end();
        if t.len() == before {
            return t;
        }
    }
}

fn parse_syntax(text: &str) -> Option<Parsed> {
    let t = strip_suffixes(text);
    let castle: String = t
        .chars()
        .filter(|c| *c != '-')
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    match castle.as_str() {
        "OO" => return Some(Parsed::Castle { short: true }),
        "OOO" => return Some(Parsed::Castle { short: false }),
        _ => {}
    }
    let mut chars: Vec<char> = t.chars().collect();

    // A leading piece letter (upper case only: a lower-case b is the b-file).
    let mut role = None;
    let lower_b = chars.first() == Some(&'b');
    if let Some(&c) = chars.first()
        && c.is_ascii_uppercase()
    {
        role = Some(Role::from_letter(c)?);
        chars.remove(0);
    }

    // A trailing promotion: `=Q`, `Q`, `q`, `/Q`, `(Q)`.
    if chars.last() == Some(&')') {
        chars.pop();
        if chars.len() < 2 || chars.get(chars.len() - 2) != Some(&'(') {
            return None;
        }
        chars.remove(chars.len() - 2);
    }
    let mut promotion = None;
    if let Some(&c) = chars.last()
        && c.is_ascii_alphabetic()
    {
        promotion = Some(Role::from_letter(c).and_then(Promotion::from_role)?);
        chars.pop();
        if matches!(chars.last(), Some('=') | Some('/')) {
            chars.pop();
        }
    }

    // The destination square.
    let rank = rank_of(chars.pop()?)?;
    let file = file_of(chars.pop()?)?;
    let to = crate::game::Point::new(file, rank);

    // What is left: an optional from-file and from-rank, and capture or dash marks.
    let mut from_file = None;
    let mut from_rank = None;
    for c in chars {
        if matches!(c, 'x' | 'X' | ':' | '-' | '×') {
            continue;
        }
        if let Some(f) = file_of(c) {
            if from_file.is_some() || from_rank.is_some() {
                return None;
            }
            from_file = Some(f);
        } else if let Some(r) = rank_of(c) {
            if from_rank.is_some() {
                return None;
            }
            from_rank = Some(r);
        } else {
            return None;
        }
    }
    if promotion.is_some() && role.is_some_and(|r| r != Role::Pawn) {
        return None;
    }
    Some(Parsed::Normal { role, from_file, from_rank, to, promotion, lower_b })
}
