//! Chinese notation (中文纵线记谱): piece, file, 进/退/平, number — red writes files
//! and numbers as 一..九, black as 1..9, each from its own right. Two same pieces on a
//! file are 前/后; three soldiers 前/中/后; four or five 前/二/三/四/后; when two
//! files hold tandem soldiers the file replaces the piece (前三进一).

use crate::game::Side;
use crate::xiangqi::types::Kind;
use crate::xiangqi::{Move, Position};

use super::relative::{Action, Designator, Parsed, Place, Selector, describe, resolve};
use super::{NotationError, syntax};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn glyph(side: Side, kind: Kind) -> char {
    let red = side == Side::First;
    match kind {
        Kind::General => {
            if red {
                '帅'
            } else {
                '将'
            }
        }
        Kind::Advisor => {
            if red {
                '仕'
            } else {
                '士'
            }
        }
        Kind::Elephant => {
            if red {
                '相'
            } else {
                '象'
            }
        }
        Kind::Horse => '马',
        Kind::Chariot => '车',
        Kind::Cannon => '炮',
        Kind::Soldier => {
            if red {
                '兵'
            } else {
                '卒'
            }
        }
    }
}

fn kind_of(c: char) -> Option<Kind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => Kind::General,
        '仕' | '士' => Kind::Advisor,
        '相' | '象' => Kind::Elephant,
        '马' | '馬' | '傌' | '瑪' => Kind::Horse,
        '车' | '車' | '俥' => Kind::Chariot,
        '炮' | '砲' | '包' => Kind::Cannon,
        '兵' | '卒' => Kind::Soldier,
        _ => return None,
    })
}

fn numeral(side: Side, n: u8) -> char {
    match side {
        Side::First => RED_NUMERALS.get(usize::from(n.saturating_sub(1))).copied().unwrap_or('?'),
        Side::Second => char::from(b'0' + n.min(9)),
    }
}

/// Reads 一..九, 1..9 or full-width １..９ (either side's style is accepted).
fn number_of(c: char) -> Option<u8> {
    if let Some(i) = RED_NUMERALS.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '１' as u32 + 1,
        _ => return None,
    };
    Some(n as u8)
}

fn place_word(index: u8, count: u8) -> char {
    match (index, count) {
        (0, _) => '前',
        (i, c) if i + 1 == c => '后',
        (1, 3) => '中',
        (1, _) => '二',
        (2, _) => '三',
        _ => '四',
    }
}

fn place_of(c: char) -> Option<Place> {
    Some(match c {
        '前' => Place::FromFront(0),
        '后' | '後' => Place::Rear,
        '中' => Place::Middle,
        '二' => Place::FromFront(1),
        '三' => Place::FromFront(2),
        '四' => Place::FromFront(3),
        _ => return None,
    })
}

/// The move in Chinese notation from the mover's view, e.g. `炮二平五` or `马8进7`.
pub fn format_chinese(pos: &Position, m: Move) -> String {
    let Some(r) = describe(pos, m) else { return String::new() };
    let g = glyph(r.side, r.kind);
    let mut s = String::with_capacity(12);
    match r.designator {
        Designator::File(n) => {
            s.push(g);
            s.push(numeral(r.side, n));
        }
        Designator::Order { index, count } => {
            s.push(place_word(index, count));
            s.push(g);
        }
        Designator::FileOrder { file, index, count } => {
            s.push(place_word(index, count));
            s.push(numeral(r.side, file));
        }
    }
    s.push(match r.action {
        Action::Forward => '进',
        Action::Backward => '退',
        Action::Sideways => '平',
    });
    s.push(numeral(r.side, r.number));
    s
}

/// Reads Chinese notation (simplified or traditional characters, either numeral style).
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let chars: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    let [a, b, c, d] = chars[..] else {
        return Err(syntax(text, "Chinese moves have four characters such as 炮二平五"));
    };
    let (kind, selector) = if let Some(kind) = kind_of(a) {
        let n =
            number_of(b).ok_or_else(|| syntax(text, "expected a file number after the piece"))?;
        (kind, Selector::File(n))
    } else if let Some(place) = place_of(a) {
        if let Some(kind) = kind_of(b) {
            (kind, Selector::Place(place))
        } else if let Some(n) = number_of(b) {
            (Kind::Soldier, Selector::FilePlace(n, place))
        } else {
            return Err(syntax(text, "expected a piece or a file after 前/中/后"));
        }
    } else {
        return Err(syntax(text, "a move starts with a piece or with 前/中/后"));
    };
    let action = match c {
        '进' | '進' => Action::Forward,
        '退' => Action::Backward,
        '平' => Action::Sideways,
        _ => return Err(syntax(text, "the third character must be 进, 退 or 平")),
    };
    let number = number_of(d).ok_or_else(|| syntax(text, "the last character must be a number"))?;
    resolve(pos, Parsed { kind, selector, action, number }, text)
}
