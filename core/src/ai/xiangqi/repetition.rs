//! Repetition inside the search follows the spirit of the 棋例: when a position repeats
//! (on the search path or in the game before the root, since the last capture), the side
//! whose every move in the cycle gave check is the perpetual checker and loses
//! ([`RULE_WIN`] for the other side); otherwise the repetition scores as a draw. Chasing
//! (长捉) is not modelled in the search, so a perpetual chase is scored as a draw; the
//! game itself ([`crate::xiangqi::Game`]) still rules it.

use super::search::RULE_WIN;

/// One position on the path from the game's last capture to the current node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PathEntry {
    pub(crate) key: u64,
    /// Whether the move that led here gave check.
    pub(crate) check: bool,
    /// Whether no earlier position can repeat here (a capture or a null move led here).
    pub(crate) barrier: bool,
}

/// The repetition ruling at the last position of `path`, if it occurred before.
pub(crate) fn ruling(path: &[PathEntry]) -> Option<i32> {
    let n = path.len().checked_sub(1)?;
    let cur = path[n];
    if cur.barrier {
        return None;
    }
    let mut i = n;
    loop {
        // Walk back two plies at a time without crossing a barrier.
        if i < 2 || path[i].barrier || path[i - 1].barrier {
            return None;
        }
        i -= 2;
        if path[i].key == cur.key {
            break;
        }
    }
    // Moves into n, n-2, … were by the side that just moved ("them").
    let them = (i + 2..=n).step_by(2).all(|k| path[k].check);
    let us = (i + 1..n).step_by(2).all(|k| path[k].check);
    Some(match (us, them) {
        (false, true) => RULE_WIN,
        (true, false) => -RULE_WIN,
        _ => 0,
    })
}
