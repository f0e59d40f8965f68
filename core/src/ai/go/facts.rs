//! What a stone on an empty point does where it stands: what it captures, saves or puts
//! in atari, whether it runs into a ladder or into atari itself, its line and whether
//! stones are near. The hand-set prior ([`super::prior`]) and the learned move
//! strengths ([`super::gammas`]) both read these, so a new node's children are looked
//! at once.

use crate::game::Side;
use crate::go::board::Board;

use super::ladder;
use super::policy::{captures, line, saves, self_atari, stones_near, throw_in_of};

/// The local facts of a stone of some side on an empty point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveFacts {
    /// Opponent stones it captures.
    pub(crate) taken: usize,
    /// Own stones in atari it saves.
    pub(crate) saved: usize,
    /// It saves stones in atari without capturing, only to run into a working ladder.
    pub(crate) runs_into_ladder: bool,
    /// Opponent stones it puts in atari that a ladder then takes.
    pub(crate) laddered: usize,
    /// It leaves an opponent string with one liberty.
    pub(crate) gives_atari: bool,
    /// Size of its own string it leaves in atari (0 when none).
    pub(crate) self_atari: usize,
    /// That self-atari is a throw-in or a killing sacrifice.
    pub(crate) throw_in: bool,
    /// Its line from the edge (0 on the first line).
    pub(crate) line: u8,
    /// Some stone stands in the 5×5 window around it.
    pub(crate) stones_near: bool,
}

impl MoveFacts {
    /// The facts of a stone of `side` on the empty point `at`.
    pub(crate) fn of(board: &Board, at: usize, side: Side) -> MoveFacts {
        let taken = captures(board, at, side);
        let saved = saves(board, at, side);
        let self_atari = self_atari(board, at, side);
        MoveFacts {
            taken,
            saved,
            runs_into_ladder: saved > 0 && taken == 0 && ladder::runs_into_ladder(board, at, side),
            laddered: ladder::ladder_capture(board, at, side),
            gives_atari: gives_atari(board, at, side),
            self_atari,
            throw_in: throw_in_of(board, at, side, self_atari),
            line: line(board, at),
            stones_near: stones_near(board, at),
        }
    }
}

/// Whether a stone of `side` on `at` leaves an opponent string with one liberty.
fn gives_atari(board: &Board, at: usize, side: Side) -> bool {
    let opponent = side.opponent();
    board.neighbours(at).into_iter().any(|n| {
        board.cell(n).side() == Some(opponent) && board.liberties_up_to(board.head_of(n), 3) == 2
    })
}
