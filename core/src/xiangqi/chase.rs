//! What a move threatens, for the 棋例 repetition rulings: whether it checks (将) and
//! which enemy pieces it chases (捉).
//!
//! A chase, in the spirit of the Chinese Xiangqi Association's 棋例: after the move, a
//! piece of the mover (not its general or a soldier — 将/兵 attacks count as idle) can
//! legally capture an enemy piece (not the general, not a soldier still on its own side
//! of the river), and either nothing can legally take back on that point, or the victim
//! is a chariot attacked by a horse or cannon. Only threats the move created count:
//! those that did not exist before it, or that the moved piece itself makes.

use super::position::Position;
use super::types::{ID_CODE, Kind, Move, MoveList, code_kind, code_side, rank_of};

/// The (attacker id, victim id) pairs that count as chases by side index `s`.
pub(crate) fn chase_pairs(pos: &Position, s: usize) -> Vec<(u8, u8)> {
    let mut list = MoveList::new();
    pos.pseudo_moves(s, &mut list);
    let mut pairs = Vec::new();
    for &m in list.iter() {
        let (from, to) = (m.origin_sq(), m.to_sq());
        let attacker = pos.board[from];
        let victim = pos.board[to];
        if victim == 0 {
            continue;
        }
        let (a_kind, v_code) = (code_kind(ID_CODE[attacker as usize]), ID_CODE[victim as usize]);
        let v_kind = code_kind(v_code);
        if matches!(a_kind, Kind::General | Kind::Soldier) || v_kind == Kind::General {
            continue;
        }
        let v_side = code_side(v_code);
        let crossed = if v_side == 0 { rank_of(to) >= 5 } else { rank_of(to) <= 4 };
        if v_kind == Kind::Soldier && !crossed {
            continue;
        }
        let mut after = pos.clone();
        if !after.keeps_general_safe(from, to, s) {
            continue;
        }
        let worth_more = v_kind == Kind::Chariot && matches!(a_kind, Kind::Horse | Kind::Cannon);
        if worth_more || !recapturable(&after, m, s) {
            pairs.push((attacker, victim));
        }
    }
    pairs
}

/// Whether, after side `s` captures with `m`, the other side can legally take back.
fn recapturable(pos: &Position, m: Move, s: usize) -> bool {
    let mut after = pos.clone();
    let (from, to) = (m.origin_sq(), m.to_sq());
    after.make_light(from, to);
    let mut replies = MoveList::new();
    after.pseudo_moves(1 - s, &mut replies);
    replies
        .iter()
        .filter(|r| r.to_sq() == to)
        .any(|r| after.clone().keeps_general_safe(r.origin_sq(), to, 1 - s))
}

/// Victims (as a bit set over the opponent's 16 id slots) newly chased by the move that
/// led from `before` to `after`, made by side index `s`.
pub(crate) fn chased_by_move(before: &Position, after: &Position, m: Move, s: usize) -> u16 {
    let old = chase_pairs(before, s);
    let moved = after.board[m.to_sq()];
    let mut mask = 0u16;
    for (a, v) in chase_pairs(after, s) {
        if a == moved || !old.contains(&(a, v)) {
            let slot = (v as usize).saturating_sub(1 + 16 * (1 - s));
            mask |= 1u16.checked_shl(slot as u32).unwrap_or(0);
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn unprotected_piece_is_chased_and_protected_one_is_not() {
        // Red chariot a1 attacks the lone black horse on a7.
        let p = pos("3k5/9/n8/9/9/9/9/9/R8/4K4 b - - 0 1");
        assert_eq!(chase_pairs(&p, 0).len(), 1);
        // A black chariot on a8 protects the horse: no chase.
        let p = pos("3k5/r8/n8/9/9/9/9/9/R8/4K4 b - - 0 1");
        assert!(chase_pairs(&p, 0).is_empty());
        // But a horse attacking protected chariots chases both.
        let p = pos("3k5/9/9/9/9/9/r8/2N6/r8/4K4 b - - 0 1");
        assert_eq!(chase_pairs(&p, 0).len(), 2);
    }

    #[test]
    fn soldiers_and_generals_do_not_chase_and_uncrossed_soldiers_are_not_chased() {
        // Red soldier attacks a black horse: idle.
        let p = pos("3k5/9/9/4n4/4P4/9/9/9/9/4K4 b - - 0 1");
        assert!(chase_pairs(&p, 0).is_empty());
        // Red chariot attacks a black soldier on black's own half: idle.
        let p = pos("3k5/9/9/p7R/9/9/9/9/9/4K4 b - - 0 1");
        assert!(chase_pairs(&p, 0).is_empty());
        // Once across the river the soldier counts.
        let p = pos("3k5/9/9/9/9/p7R/9/9/9/4K4 b - - 0 1");
        assert_eq!(chase_pairs(&p, 0).len(), 1);
    }
}
