//! Static exchange evaluation: what a capture wins once both sides have traded on its
//! point, each recapturing with its least valuable attacker while that pays.
//!
//! The exchange is played out on the board itself (pieces only, see
//! [`Position::make_light`]), so a cannon's screen that appears or vanishes as pieces
//! leave the point is seen as it really is. Pins are ignored, as usual for SEE.

use crate::xiangqi::{Kind, Move, Position};

use super::eval::{VALUE, kind_of_id, side_of_id};

/// Exchange value of each kind; the general is worth more than everything else together,
/// so it only recaptures last.
const SEE_VALUE: [i32; 7] = [5000, VALUE[1], VALUE[2], VALUE[3], VALUE[4], VALUE[5], VALUE[6]];

/// The exchange value of `kind`.
#[inline]
pub(crate) fn see_value(kind: Kind) -> i32 {
    SEE_VALUE[kind as usize]
}

#[inline(always)]
fn at(f: i32, r: i32) -> Option<usize> {
    ((0..9).contains(&f) && (0..10).contains(&r)).then_some((r * 9 + f) as usize)
}

#[inline(always)]
fn in_palace(f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && (r <= 2 || r >= 7)
}

/// The piece of side index `s` and kind on `sq`, if that is what stands there.
#[inline(always)]
fn is(pos: &Position, sq: usize, s: usize, kind: Kind) -> bool {
    let id = pos.board[sq];
    id != 0 && side_of_id(id) == s && kind_of_id(id) == kind
}

/// The square of the least valuable piece of side index `s` that attacks `to` by its
/// movement rules on the current board, with its kind.
pub(crate) fn least_attacker(pos: &Position, to: usize, s: usize) -> Option<(usize, Kind)> {
    let (f, r) = ((to % 9) as i32, (to / 9) as i32);
    // Soldiers: from behind, or beside once across the river.
    let back = if s == 0 { -1 } else { 1 };
    if let Some(sq) = at(f, r + back)
        && is(pos, sq, s, Kind::Soldier)
    {
        return Some((sq, Kind::Soldier));
    }
    let crossed = if s == 0 { r >= 5 } else { r <= 4 };
    if crossed {
        for df in [-1, 1] {
            if let Some(sq) = at(f + df, r)
                && is(pos, sq, s, Kind::Soldier)
            {
                return Some((sq, Kind::Soldier));
            }
        }
    }
    let own_half = if s == 0 { r <= 4 } else { r >= 5 };
    if in_palace(f, r) && own_half {
        for (df, dr) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
            if let Some(sq) = at(f + df, r + dr)
                && is(pos, sq, s, Kind::Advisor)
            {
                return Some((sq, Kind::Advisor));
            }
        }
    }
    if own_half {
        for (df, dr) in [(-2, -2), (-2, 2), (2, -2), (2, 2)] {
            if let (Some(sq), Some(eye)) = (at(f + df, r + dr), at(f + df / 2, r + dr / 2))
                && pos.board[eye] == 0
                && is(pos, sq, s, Kind::Elephant)
            {
                return Some((sq, Kind::Elephant));
            }
        }
    }
    // Horses: the leg is the point next to the horse towards the target's long side.
    for (df, dr) in [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)] {
        let Some(sq) = at(f + df, r + dr) else { continue };
        let (lf, lr) = if dr.abs() == 2 { (f + df, r + dr / 2) } else { (f + df / 2, r + dr) };
        if let Some(leg) = at(lf, lr)
            && pos.board[leg] == 0
            && is(pos, sq, s, Kind::Horse)
        {
            return Some((sq, Kind::Horse));
        }
    }
    // Lines: the first piece met may be a chariot, the second a cannon.
    let mut chariot = None;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut x, mut y) = (f + df, r + dr);
        let mut screens = 0;
        while let Some(sq) = at(x, y) {
            if pos.board[sq] != 0 {
                if screens == 0 {
                    if chariot.is_none() && is(pos, sq, s, Kind::Chariot) {
                        chariot = Some(sq);
                    }
                    screens = 1;
                } else {
                    if is(pos, sq, s, Kind::Cannon) {
                        return Some((sq, Kind::Cannon));
                    }
                    break;
                }
            }
            x += df;
            y += dr;
        }
    }
    if let Some(sq) = chariot {
        return Some((sq, Kind::Chariot));
    }
    if in_palace(f, r) && own_half {
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if let Some(sq) = at(f + df, r + dr)
                && is(pos, sq, s, Kind::General)
            {
                return Some((sq, Kind::General));
            }
        }
    }
    None
}

/// The material the side to move wins (negative: loses) by playing capture or quiet
/// move `m` and then trading on its target point as long as each side gains.
pub(crate) fn see(pos: &mut Position, m: Move) -> i32 {
    let (from, to) = (m.origin_sq(), m.to_sq());
    let mover = pos.board[from];
    if mover == 0 {
        return 0;
    }
    let victim = pos.board[to];
    let mut gain = [0i32; 34];
    gain[0] = if victim == 0 { 0 } else { see_value(kind_of_id(victim)) };
    let mut on_target = see_value(kind_of_id(mover));
    let mut undo: [(usize, u8); 34] = [(0, 0); 34];
    let cap = pos.make_light(from, to);
    undo[0] = (from, cap);
    let mut n = 1;
    let mut made = 1;
    let mut side = 1 - side_of_id(mover);
    while n + 1 < gain.len() {
        let Some((sq, kind)) = least_attacker(pos, to, side) else { break };
        gain[n] = on_target - gain[n - 1];
        on_target = see_value(kind);
        let cap = pos.make_light(sq, to);
        undo[made] = (sq, cap);
        made += 1;
        n += 1;
        side = 1 - side;
        if kind == Kind::General {
            // Nothing may recapture a general: if something could, the swap below
            // already scores the general's loss through `on_target`.
            if least_attacker(pos, to, side).is_some() {
                gain[n] = on_target - gain[n - 1];
                n += 1;
            }
            break;
        }
    }
    for k in (0..made).rev() {
        let (sq, cap) = undo[k];
        pos.unmake_light(sq, to, cap);
    }
    // Each side may stop trading: fold the gains back from the end.
    let mut k = n - 1;
    while k > 0 {
        gain[k - 1] = -((-gain[k - 1]).max(gain[k]));
        k -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::parse_iccs;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let mut pos = Position::from_fen(fen).unwrap();
        let before = pos.to_fen();
        let m = parse_iccs(&pos, mv).unwrap();
        let v = see(&mut pos, m);
        assert_eq!(pos.to_fen(), before, "SEE must leave the board as it found it");
        v
    }

    #[test]
    fn undefended_soldier_is_a_clean_win() {
        assert_eq!(see_of("4k4/9/9/9/2p6/9/9/9/9/2RK5 w - - 0 1", "c0c5"), 100);
    }

    #[test]
    fn chariot_for_a_soldier_defended_by_a_horse_loses() {
        assert_eq!(see_of("4k4/9/1n7/9/2p6/9/9/9/9/2RK5 w - - 0 1", "c0c5"), -800);
    }

    #[test]
    fn cannon_recaptures_through_a_screen() {
        // R×p, n×R, C×n over the soldier on c3: red nets 100 + 400 − 900.
        assert_eq!(see_of("4k4/9/1n7/9/2p6/2R6/2P6/9/9/2CK5 w - - 0 1", "c4c5"), -400);
    }

    #[test]
    fn the_capturer_was_the_cannon_screen() {
        // Without the soldier, the chariot leaving c4 takes the cannon's only screen.
        assert_eq!(see_of("4k4/9/1n7/9/2p6/2R6/9/9/9/2CK5 w - - 0 1", "c4c5"), -800);
    }

    #[test]
    fn soldier_takes_a_defended_horse() {
        // A crossed soldier takes a horse guarded by a chariot: 400 − 100.
        assert_eq!(see_of("3k4r/9/9/8n/8P/9/9/9/9/4K4 w - - 0 1", "i5i6"), 300);
    }

    #[test]
    fn least_attacker_prefers_the_cheapest() {
        let pos = Position::from_fen("4k4/9/1n7/9/1Pp6/9/9/9/9/2RK5 w - - 0 1").unwrap();
        // c5 is attacked by the red chariot (c0) and, sideways, by the crossed soldier
        // on b5; the black horse on b7 defends it.
        assert_eq!(least_attacker(&pos, 5 * 9 + 2, 0).map(|(_, k)| k), Some(Kind::Soldier));
        assert_eq!(least_attacker(&pos, 5 * 9 + 2, 1).map(|(_, k)| k), Some(Kind::Horse));
    }
}
