//! King and pawn against king (王单兵对王), solved exactly.
//!
//! Every position of the three pieces (both kings, the pawn, who moves) is
//! classified by backward induction: a position where the pawn's side moves is won
//! when some move reaches a won position; one where the lone king moves is won when
//! every move does (and it has a move, or is mated). Promotion is judged on the
//! spot: a new queen or rook that cannot be taken and does not stalemate wins, as
//! king and queen or king and rook against a king always does. Whatever never
//! becomes won is a draw. Each won position keeps the round in which it was found,
//! which bounds the moves to a safe promotion, so a player that always steps to a
//! position found earlier makes progress and cannot walk in circles.
//!
//! Positions are stored with the pawn's side as white moving up the board; a black
//! pawn is read by mirroring the ranks.

use std::sync::OnceLock;

use super::moves::{Move, Promotion, Role};
use super::position::Position;
use super::setup::Setup;
use crate::game::{Point, Side};

/// What a king-and-pawn position is worth for the side with the pawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KpkValue {
    Win,
    Draw,
}

/// Entry values: 0 not won (yet), 1 not a legal position, 2 + n won, found in round n.
const NOT_WON: u8 = 0;
const INVALID: u8 = 1;
const WON: u8 = 2;

/// The three squares and the mover, in the stored (white pawn) orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    strong: u8,
    weak: u8,
    pawn: u8,
    strong_to_move: bool,
}

impl Key {
    fn index(self) -> usize {
        ((usize::from(self.strong_to_move) * 64 + usize::from(self.strong)) * 64
            + usize::from(self.weak))
            * 64
            + usize::from(self.pawn)
    }

    fn from_index(i: usize) -> Key {
        Key {
            pawn: (i % 64) as u8,
            weak: (i / 64 % 64) as u8,
            strong: (i / 4096 % 64) as u8,
            strong_to_move: i / 262_144 == 1,
        }
    }
}

const SIZE: usize = 2 * 64 * 64 * 64;

fn file(sq: u8) -> i8 {
    (sq % 8) as i8
}

fn rank(sq: u8) -> i8 {
    (sq / 8) as i8
}

fn near(a: u8, b: u8) -> bool {
    (file(a) - file(b)).abs() <= 1 && (rank(a) - rank(b)).abs() <= 1
}

fn king_steps(sq: u8) -> impl Iterator<Item = u8> {
    let (f, r) = (file(sq), rank(sq));
    (-1..=1i8)
        .flat_map(move |df| (-1..=1i8).map(move |dr| (f + df, r + dr)))
        .filter(move |&(nf, nr)| (nf, nr) != (f, r) && (0..8).contains(&nf) && (0..8).contains(&nr))
        .map(|(nf, nr)| (nr * 8 + nf) as u8)
}

/// Whether the white pawn on `pawn` attacks `sq`.
fn pawn_attacks(pawn: u8, sq: u8) -> bool {
    rank(sq) == rank(pawn) + 1 && (file(sq) - file(pawn)).abs() == 1
}

fn is_valid(k: Key) -> bool {
    let pawn_ok = (1..=6).contains(&rank(k.pawn));
    pawn_ok
        && k.strong != k.weak
        && k.pawn != k.strong
        && k.pawn != k.weak
        && !near(k.strong, k.weak)
        // With the pawn's side to move, the lone king cannot be in check.
        && !(k.strong_to_move && pawn_attacks(k.pawn, k.weak))
}

/// What promoting on `to` gives (the lone king then moves): a win when the new queen
/// or rook can neither be taken nor stalemates.
fn promotion_wins(strong: u8, weak: u8, to: u8) -> bool {
    [Role::Queen, Role::Rook].into_iter().any(|role| {
        let mut setup = Setup::empty();
        let at = |sq: u8| Point::new(sq % 8, sq / 8);
        setup.set(at(strong), Some((Side::First, Role::King)));
        setup.set(at(weak), Some((Side::Second, Role::King)));
        setup.set(at(to), Some((Side::First, role)));
        setup.turn = Side::Second;
        let Ok(pos) = Position::from_setup(&setup) else { return false };
        if pos.is_checkmate() {
            return true;
        }
        let hangs = near(weak, to) && !near(strong, to);
        pos.has_legal_moves() && !hangs
    })
}

/// The stored table: one byte per key.
fn table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(solve)
}

fn solve() -> Vec<u8> {
    let mut t = vec![NOT_WON; SIZE];
    for (i, v) in t.iter_mut().enumerate() {
        if !is_valid(Key::from_index(i)) {
            *v = INVALID;
        }
    }
    let mut round: u8 = 0;
    loop {
        let prev = t.clone();
        let mut changed = false;
        for i in 0..SIZE {
            if prev[i] != NOT_WON {
                continue;
            }
            let k = Key::from_index(i);
            let won = if k.strong_to_move { strong_wins(&prev, k) } else { weak_loses(&prev, k) };
            if won {
                t[i] = WON + round;
                changed = true;
            }
        }
        if !changed || round == u8::MAX - WON {
            return t;
        }
        round += 1;
    }
}

/// The positions the pawn's side can move to, each with what promotion gives when the
/// move promotes (`Some(win)`), else the key of the position reached.
fn strong_moves(k: Key) -> Vec<Result<Key, bool>> {
    let mut out = Vec::new();
    for to in king_steps(k.strong) {
        if to != k.pawn && !near(to, k.weak) {
            out.push(Ok(Key { strong: to, strong_to_move: false, ..k }));
        }
    }
    let one = k.pawn + 8;
    if one != k.strong && one != k.weak {
        if rank(one) == 7 {
            out.push(Err(promotion_wins(k.strong, k.weak, one)));
        } else {
            out.push(Ok(Key { pawn: one, strong_to_move: false, ..k }));
            let two = one + 8;
            if rank(k.pawn) == 1 && two != k.strong && two != k.weak {
                out.push(Ok(Key { pawn: two, strong_to_move: false, ..k }));
            }
        }
    }
    out
}

/// The lone king's moves: `Err(())` when it can take the pawn (a draw at once).
fn weak_moves(k: Key) -> Vec<Result<Key, ()>> {
    let mut out = Vec::new();
    for to in king_steps(k.weak) {
        if near(to, k.strong) || pawn_attacks(k.pawn, to) {
            continue;
        }
        if to == k.pawn {
            out.push(Err(()));
        } else {
            out.push(Ok(Key { weak: to, strong_to_move: true, ..k }));
        }
    }
    out
}

fn is_won(t: &[u8], k: Key) -> bool {
    t.get(k.index()).is_some_and(|&v| v >= WON)
}

fn strong_wins(t: &[u8], k: Key) -> bool {
    strong_moves(k).into_iter().any(|m| match m {
        Ok(next) => is_won(t, next),
        Err(win) => win,
    })
}

fn weak_loses(t: &[u8], k: Key) -> bool {
    let moves = weak_moves(k);
    if moves.is_empty() {
        // Mated when the pawn gives check, stalemated otherwise.
        return pawn_attacks(k.pawn, k.weak);
    }
    moves.into_iter().all(|m| match m {
        Ok(next) => is_won(t, next),
        Err(()) => false,
    })
}

/// The stored key of a position with exactly two kings and one pawn, and the side
/// that has the pawn; `None` for any other material.
fn key_of(pos: &Position) -> Option<(Key, Side)> {
    let pieces = pos.pieces();
    if pieces.len() != 3 {
        return None;
    }
    let (pawn_at, pawn_side) =
        pieces.iter().find(|(_, _, r)| *r == Role::Pawn).map(|&(p, s, _)| (p, s))?;
    if pieces.iter().filter(|(_, _, r)| *r == Role::King).count() != 2 {
        return None;
    }
    let flip = |p: Point| {
        let r = if pawn_side == Side::First { p.rank } else { 7 - p.rank };
        r * 8 + p.file
    };
    Some((
        Key {
            strong: flip(pos.king(pawn_side)),
            weak: flip(pos.king(pawn_side.opponent())),
            pawn: flip(pawn_at),
            strong_to_move: pos.side_to_move() == pawn_side,
        },
        pawn_side,
    ))
}

/// The value of a king-and-pawn-against-king position for the side with the pawn;
/// `None` when the position holds other material.
pub fn probe(pos: &Position) -> Option<KpkValue> {
    let (k, _) = key_of(pos)?;
    Some(if is_won(table(), k) { KpkValue::Win } else { KpkValue::Draw })
}

/// The value, for the side with the pawn, of the position after `mv` (a legal move
/// of a king-and-pawn position). A promotion is judged as the table judges it.
pub fn value_after(pos: &Position, mv: Move) -> Option<KpkValue> {
    let (k, _) = key_of(pos)?;
    let next = pos.after(mv)?;
    if mv.promotion.is_some() {
        let win = matches!(mv.promotion, Some(Promotion::Queen | Promotion::Rook))
            && (next.is_checkmate() || (next.has_legal_moves() && !hangs(&next, mv.to)));
        return Some(if win { KpkValue::Win } else { KpkValue::Draw });
    }
    if !k.strong_to_move && next.pieces().len() == 2 {
        return Some(KpkValue::Draw);
    }
    probe(&next)
}

/// Whether the piece on `at` can be taken by the side to move.
fn hangs(pos: &Position, at: Point) -> bool {
    pos.legal_moves().iter().any(|m| m.to == at)
}

/// The round in which the table found a position won (fewer means closer to a safe
/// promotion); `None` when it is not won or not a king-and-pawn position.
fn round_of(pos: &Position) -> Option<u8> {
    let (k, _) = key_of(pos)?;
    let v = *table().get(k.index())?;
    (v >= WON).then(|| v - WON)
}

/// A best move of the side to move: for the pawn's side the move to the won position
/// nearest to promotion (a safe queen when promotion wins); for the lone king a move
/// that keeps the draw, or else the one that holds out longest.
pub fn best_move(pos: &Position) -> Option<Move> {
    let (k, _) = key_of(pos)?;
    let moves = pos.legal_moves();
    let score = |m: &Move| -> i32 {
        let value = value_after(pos, *m);
        let next = pos.after(*m);
        let round = next.as_ref().and_then(round_of).map_or(0, i32::from);
        match (k.strong_to_move, value) {
            (true, Some(KpkValue::Win)) if m.promotion.is_some() => 1_000,
            (true, Some(KpkValue::Win)) => 500 - round,
            (true, _) => 0,
            (false, Some(KpkValue::Draw)) => 1_000,
            (false, _) => round,
        }
    };
    moves.into_iter().max_by_key(|m| (score(m), std::cmp::Reverse(m.uci())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(fen: &str) -> Option<KpkValue> {
        probe(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn known_wins_and_draws() {
        // The pawn's side has the opposition when the other king must move.
        assert_eq!(value("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"), Some(KpkValue::Win));
        assert_eq!(value("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"), Some(KpkValue::Draw));
        // A king on the sixth rank in front of its pawn wins whoever moves.
        assert_eq!(value("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"), Some(KpkValue::Win));
        // Stalemate in front of the pawn.
        assert_eq!(value("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1"), Some(KpkValue::Draw));
        assert_eq!(value("4k3/4P3/4K3/8/8/8/8/8 w - - 0 1"), Some(KpkValue::Win));
        // A rook's pawn with the defender in the corner is always a draw.
        assert_eq!(value("7k/8/8/8/8/8/6KP/8 w - - 0 1"), Some(KpkValue::Draw));
        // The square rule: outside the pawn's square the king is too late ...
        assert_eq!(value("8/3k4/8/7P/8/8/8/K7 w - - 0 1"), Some(KpkValue::Win));
        // ... and inside it (its move brings it in) the king catches the pawn.
        assert_eq!(value("8/3k4/8/7P/8/8/8/K7 b - - 0 1"), Some(KpkValue::Draw));
        // Black's pawn is read the other way up.
        assert_eq!(value("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1"), Some(KpkValue::Draw));
        assert_eq!(value("8/8/8/4p3/4k3/8/4K3/8 w - - 0 1"), Some(KpkValue::Win));
        assert_eq!(value("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), None);
    }

    #[test]
    fn a_false_win_claim_is_refused_and_the_table_agrees_with_its_own_moves() {
        let pos = Position::from_fen("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1").unwrap();
        assert_eq!(probe(&pos), Some(KpkValue::Draw));
        assert!(
            pos.legal_moves().iter().all(|&m| value_after(&pos, m) == Some(KpkValue::Draw)),
            "no move wins a drawn position"
        );
        // In a won position with the pawn's side to move, some move keeps the win,
        // and the best move is one of them.
        let won = Position::from_fen("4k3/8/8/4K3/4P3/8/8/8 w - - 0 1").unwrap();
        assert_eq!(probe(&won), Some(KpkValue::Win));
        let best = best_move(&won).unwrap();
        assert_eq!(value_after(&won, best), Some(KpkValue::Win));
    }

    #[test]
    fn the_best_moves_win_against_every_defence_played_by_the_table() {
        let mut pos = Position::from_fen("8/8/8/8/8/k7/4K1P1/8 w - - 0 1").unwrap();
        assert_eq!(probe(&pos), Some(KpkValue::Win));
        for _ in 0..80 {
            if probe(&pos).is_none() {
                break;
            }
            let m = best_move(&pos).unwrap();
            pos.play(m).unwrap();
        }
        // The pawn became a queen or rook that stands safe.
        assert!(pos.pieces().iter().any(|(_, _, r)| matches!(r, Role::Queen | Role::Rook)));
    }
}
