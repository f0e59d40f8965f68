//! The model WXF and Chinese notation share: which piece (by file, or by its place in a
//! tandem on one file), which way it goes (forward, backward, sideways from the mover's
//! own view) and a number (points travelled, or the file it lands on).
//!
//! Files are numbered 1..9 from each player's right: red's file `n` is ICCS file
//! `9 - n`, black's is `n - 1`.

use crate::game::Side;
use crate::xiangqi::types::{Kind, file_of, rank_of};
use crate::xiangqi::{Move, Position};

use super::NotationError;

/// Direction from the mover's view: 进 `+`, 退 `-`, 平 `.`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Forward,
    Backward,
    Sideways,
}

/// How a move names its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Designator {
    /// The only piece of its kind on this file (mover's number 1..9).
    File(u8),
    /// Piece `index` (0 = frontmost) of `count` same pieces on one file.
    Order { index: u8, count: u8 },
    /// Soldiers when two files hold tandems: the file and the place on it.
    FileOrder { file: u8, index: u8, count: u8 },
}

/// A move described relative to its mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Relative {
    pub side: Side,
    pub kind: Kind,
    pub designator: Designator,
    pub action: Action,
    /// Points travelled for straight forward/backward moves, else the target file.
    pub number: u8,
}

/// What a parsed text says about the piece, before it is matched against the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selector {
    /// A file number: the only piece there, or the middle of an odd tandem.
    File(u8),
    /// A place in a tandem, resolved once the tandem's size is known.
    Place(Place),
    /// A file plus a place (soldiers on two tandem files).
    FilePlace(u8, Place),
}

/// A place in a tandem as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Index from the front, whatever the count (前 = 0, 二 = 1, 三 = 2, 四 = 3).
    FromFront(u8),
    /// The rearmost (后, WXF `-` with 2–3 pieces).
    Rear,
    /// The middle of three (中).
    Middle,
    /// WXF `+`: the front one of 2–3, the second of 4–5.
    WxfPlus,
    /// WXF `-`: the rear one of 2–3, the second from the rear of 4–5.
    WxfMinus,
}

impl Place {
    /// The index from the front this place means in a tandem of `count`.
    fn index(self, count: u8) -> Option<u8> {
        let i = match self {
            Place::FromFront(i) => i,
            Place::Rear => count.checked_sub(1)?,
            Place::Middle if count == 3 => 1,
            Place::Middle => return None,
            Place::WxfPlus => u8::from(count >= 4),
            Place::WxfMinus => count.checked_sub(if count >= 4 { 2 } else { 1 })?,
        };
        (i < count).then_some(i)
    }
}

/// A parsed text: piece kind (None = any soldier-like file form), selector, action,
/// number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    pub kind: Kind,
    pub selector: Selector,
    pub action: Action,
    pub number: u8,
}

/// The mover's number of an ICCS file.
pub fn file_number(side: Side, file: usize) -> u8 {
    match side {
        Side::First => 9 - file as u8,
        Side::Second => file as u8 + 1,
    }
}

/// Squares of `side`'s pieces of `kind` on `file`, frontmost first.
fn tandem(pos: &Position, side: Side, kind: Kind, file: usize) -> Vec<usize> {
    let mut sqs: Vec<usize> = (0..10)
        .map(|r| r * 9 + file)
        .filter(|&sq| pos.piece_on(sq) == Some((side, kind)))
        .collect();
    if side == Side::First {
        sqs.reverse();
    }
    sqs
}

/// How many files hold two or more of `side`'s pieces of `kind`.
fn tandem_files(pos: &Position, side: Side, kind: Kind) -> usize {
    (0..9).filter(|&f| tandem(pos, side, kind, f).len() >= 2).count()
}

/// Describes a move of the side to move (the move should be legal).
pub fn describe(pos: &Position, m: Move) -> Option<Relative> {
    let (from, to) = (m.origin_sq(), m.to_sq());
    let (side, kind) = pos.piece_on(from)?;
    let file = file_of(from);
    let same = tandem(pos, side, kind, file);
    let count = same.len() as u8;
    let index = same.iter().position(|&s| s == from)? as u8;
    let designator = if count <= 1 {
        Designator::File(file_number(side, file))
    } else if kind == Kind::Soldier && tandem_files(pos, side, kind) >= 2 {
        Designator::FileOrder { file: file_number(side, file), index, count }
    } else {
        Designator::Order { index, count }
    };
    let (action, number) = geometry(side, kind, from, to);
    Some(Relative { side, kind, designator, action, number })
}

/// Direction and number of a move from `from` to `to`.
fn geometry(side: Side, kind: Kind, from: usize, to: usize) -> (Action, u8) {
    let (fr, tr) = (rank_of(from) as i32, rank_of(to) as i32);
    let forward = if side == Side::First { tr - fr } else { fr - tr };
    let action = match forward {
        d if d > 0 => Action::Forward,
        d if d < 0 => Action::Backward,
        _ => Action::Sideways,
    };
    let diagonal = matches!(kind, Kind::Advisor | Kind::Elephant | Kind::Horse);
    let number = if action == Action::Sideways || diagonal {
        file_number(side, file_of(to))
    } else {
        forward.unsigned_abs() as u8
    };
    (action, number)
}

/// Finds the one legal move a parsed text describes.
pub fn resolve(pos: &Position, parsed: Parsed, text: &str) -> Result<Move, NotationError> {
    let side = pos.side_to_move();
    let mut found: Vec<Move> = Vec::new();
    for &m in pos.legal_moves().iter() {
        let (from, to) = (m.origin_sq(), m.to_sq());
        if pos.piece_on(from) != Some((side, parsed.kind)) {
            continue;
        }
        if geometry(side, parsed.kind, from, to) != (parsed.action, parsed.number) {
            continue;
        }
        let file = file_of(from);
        let same = tandem(pos, side, parsed.kind, file);
        let count = same.len() as u8;
        let index = same.iter().position(|&s| s == from).map(|i| i as u8);
        let selected = match parsed.selector {
            Selector::File(n) => {
                file_number(side, file) == n
                    && (count < 3 || count.is_multiple_of(2) || index == Some(count / 2))
            }
            Selector::Place(place) => count >= 2 && place.index(count) == index,
            Selector::FilePlace(n, place) => {
                file_number(side, file) == n && count >= 2 && place.index(count) == index
            }
        };
        if selected {
            found.push(m);
        }
    }
    match found.len() {
        0 => Err(NotationError::NoSuchMove(text.to_owned())),
        1 => Ok(found[0]),
        count => Err(NotationError::Ambiguous { text: text.to_owned(), count }),
    }
}
