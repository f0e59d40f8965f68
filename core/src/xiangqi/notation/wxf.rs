//! WXF notation: piece letter, file (or `+`/`-` for tandem pieces), `+` forward, `-`
//! backward, `.` sideways, then a number. Tandem soldiers follow the WXF rules: `++` and
//! `--` for the outermost of four or five, the file digit for the middle one, and the
//! file digit instead of the letter when two files hold tandem soldiers (`7+.6`).

use crate::xiangqi::types::Kind;
use crate::xiangqi::{Move, Position};

use super::relative::{Action, Designator, Parsed, Place, Selector, describe, resolve};
use super::{NotationError, syntax};

fn letter(kind: Kind) -> char {
    match kind {
        Kind::General => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Soldier => 'P',
    }
}

fn kind_of(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => Kind::General,
        'A' => Kind::Advisor,
        'E' | 'B' => Kind::Elephant,
        'H' | 'N' => Kind::Horse,
        'R' => Kind::Chariot,
        'C' => Kind::Cannon,
        'P' | 'S' => Kind::Soldier,
        _ => return None,
    })
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// The move in WXF notation, e.g. `C2.5`. Empty if there is no piece on its origin.
pub fn format_wxf(pos: &Position, m: Move) -> String {
    let Some(r) = describe(pos, m) else { return String::new() };
    let l = letter(r.kind);
    let file = |n: u8| digit(n);
    let from_file = super::relative::file_number(r.side, m.origin_sq() % 9);
    let mut s = String::with_capacity(4);
    match r.designator {
        Designator::File(n) => {
            s.push(l);
            s.push(file(n));
        }
        Designator::Order { index, count } => {
            let mid = !count.is_multiple_of(2) && index == count / 2;
            let text = match (count >= 4, index) {
                _ if mid && count >= 3 => format!("{l}{}", file(from_file)),
                (true, 0) => "++".to_owned(),
                (true, i) if i + 1 == count => "--".to_owned(),
                (true, 1) => format!("{l}+"),
                (true, _) => format!("{l}-"),
                (false, 0) => format!("{l}+"),
                (false, _) => format!("{l}-"),
            };
            s.push_str(&text);
        }
        Designator::FileOrder { file: n, index, count } => {
            s.push(file(n));
            if index == 0 {
                s.push('+');
            } else if index + 1 == count {
                s.push('-');
            } else {
                s.push(file(n));
            }
        }
    }
    s.push(match r.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Sideways => '.',
    });
    s.push(digit(r.number));
    s
}

/// Reads WXF text (`C2.5`, `H8+7`, `R+.3`, `++.4`, `7+.6`; `=` is accepted for `.`).
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let chars: Vec<char> = t.chars().collect();
    let [a, b, c, d] = chars[..] else {
        return Err(syntax(text, "WXF moves have four characters such as C2.5"));
    };
    let num = |ch: char| ch.to_digit(10).filter(|&n| (1..=9).contains(&n)).map(|n| n as u8);
    let (kind, selector) = match (kind_of(a), a, b) {
        (Some(kind), _, '+') => (kind, Selector::Place(Place::WxfPlus)),
        (Some(kind), _, '-') => (kind, Selector::Place(Place::WxfMinus)),
        (Some(kind), _, f) => {
            (kind, Selector::File(num(f).ok_or_else(|| syntax(text, "expected a file 1-9"))?))
        }
        (None, '+', '+') => (Kind::Soldier, Selector::Place(Place::FromFront(0))),
        (None, '-', '-') => (Kind::Soldier, Selector::Place(Place::Rear)),
        (None, f, p) => {
            let n = num(f).ok_or_else(|| syntax(text, "unknown piece letter"))?;
            let place = match p {
                '+' => Place::FromFront(0),
                '-' => Place::Rear,
                _ if num(p) == Some(n) => Place::Middle,
                _ => return Err(syntax(text, "expected +, - or the file again after the file")),
            };
            (Kind::Soldier, Selector::FilePlace(n, place))
        }
    };
    let action = match c {
        '+' => Action::Forward,
        '-' => Action::Backward,
        '.' | '=' => Action::Sideways,
        _ => return Err(syntax(text, "the third character must be +, - or .")),
    };
    let number = num(d).ok_or_else(|| syntax(text, "the last character must be a digit 1-9"))?;
    resolve(pos, Parsed { kind, selector, action, number }, text)
}
