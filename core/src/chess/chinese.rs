//! The long notation of Chinese chess books (完整记录): the piece's Chinese name
//! (none for a pawn), the square it leaves, `-` for a move or `×` for a capture, the
//! square it reaches; `0-0` and `0-0-0` for castling; `=后` for a promotion; `+` for
//! check and `#` for mate (books also print mate as `≠`, which is read too).
//! Example: `1. e2-e4 e7-e5 2. 马g1-f3 马b8-c6 3. 象f1-c4`.

use super::moves::{Move, Role, square_name};
use super::position::Position;
use super::san::{SanError, parse_san};

/// Writes a legal move in Chinese long notation: `马g1-f3`, `象f1×c4`, `e7-e8=后+`.
pub fn to_chinese(pos: &Position, mv: Move) -> Result<String, SanError> {
    let (_, role) = pos.piece_at(mv.from).ok_or_else(|| SanError::Illegal(mv.uci()))?;
    let after = pos.after(mv).ok_or_else(|| SanError::Illegal(mv.uci()))?;
    let mut out = String::with_capacity(12);
    if pos.is_castling(mv) {
        out.push_str(if mv.to.file == 6 { "0-0" } else { "0-0-0" });
    } else {
        if role != Role::Pawn {
            out.push(role.chinese());
        }
        out.push_str(&square_name(mv.from));
        out.push(if pos.is_capture(mv) { '×' } else { '-' });
        out.push_str(&square_name(mv.to));
        if let Some(p) = mv.promotion {
            out.push('=');
            out.push(p.role().chinese());
        }
    }
    if after.is_check() {
        out.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    Ok(out)
}

/// Reads a move in Chinese notation, long (`马g1-f3`, `象f1×c4`) or short (`马f3`),
/// with simplified or traditional characters (馬, 車), `变后` or `=后` for promotion.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, SanError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(SanError::Empty);
    }
    // Translate to the lenient SAN the SAN reader already understands.
    let mut san = String::with_capacity(trimmed.len());
    for c in trimmed.chars() {
        if let Some(role) = Role::from_chinese(c) {
            san.push(role.letter());
        } else {
            match c {
                '×' | 'Ｘ' => san.push('x'),
                '变' | '變' => san.push('='),
                '≠' => san.push('#'),
                '－' | '—' | '–' => san.push('-'),
                '＋' => san.push('+'),
                _ => san.push(c),
            }
        }
    }
    parse_san(pos, &san).map_err(|e| match e {
        SanError::Syntax(_) => SanError::Syntax(trimmed.to_owned()),
        SanError::NoMatch(_) => SanError::NoMatch(trimmed.to_owned()),
        SanError::MissingPromotion(_) => SanError::MissingPromotion(trimmed.to_owned()),
        SanError::Ambiguous { candidates, .. } => {
            SanError::Ambiguous { text: trimmed.to_owned(), candidates }
        }
        other => other,
    })
}

/// Writes a line of moves from `start` as a numbered Chinese record:
/// `1. e2-e4 e7-e5 2. 马g1-f3`. Stops at the first illegal move.
pub fn to_chinese_line(start: &Position, moves: &[Move]) -> Result<String, SanError> {
    let mut pos = start.clone();
    let mut out = String::new();
    for (i, mv) in moves.iter().enumerate() {
        let text = to_chinese(&pos, *mv)?;
        if pos.side_to_move() == crate::game::Side::First {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{}. {text}", pos.fullmoves()));
        } else if i == 0 {
            out.push_str(&format!("{}... {text}", pos.fullmoves()));
        } else {
            out.push(' ');
            out.push_str(&text);
        }
        pos.play(*mv).map_err(|_| SanError::Illegal(mv.uci()))?;
    }
    Ok(out)
}
