//! What the referee announces to the table: every move, every battle's result (never
//! the ranks in 暗棋), revealed flags, seats that are out and the end of the game.

use crate::junqi::{Battle, Seat, Station, Team};

/// A piece's public identity: the same number from the setup to its removal, so every
/// observer can follow it. Numbers go by seat and by station order at the start, which
/// says nothing about the rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub u8);

impl PieceId {
    pub fn seat(self) -> Seat {
        Seat::from_index(self.0 as usize / 25)
    }
}

/// Why a seat left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum OutReason {
    /// Its 军旗 was captured.
    FlagCaptured,
    /// It had no legal move on its turn.
    NoMoves,
    /// It gave up (投降).
    Resigned,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Both opponents are out; `last` is how the second of them went out.
    TeamWins { team: Team, last: OutReason },
    /// No battle for [`QUIET_MOVES_FOR_DRAW`](crate::junqi::QUIET_MOVES_FOR_DRAW) moves.
    Draw,
}

/// One entry of the referee's public log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Announcement {
    /// A move to an empty station.
    Moved {
        seat: Seat,
        piece: PieceId,
        from: Station,
        to: Station,
    },
    /// An attack and its result (no ranks).
    Battle {
        seat: Seat,
        attacker: PieceId,
        defender: PieceId,
        from: Station,
        to: Station,
        result: Battle,
    },
    /// A seat's 司令 fell: its 军旗 stands here, for all to see.
    FlagRevealed {
        seat: Seat,
        piece: PieceId,
        at: Station,
    },
    /// A seat is out and its pieces have left the board.
    SeatOut {
        seat: Seat,
        reason: OutReason,
    },
    Finished(Outcome),
}

impl Announcement {
    /// How the announcement sounds: a move, or a battle (any battle, whoever wins);
    /// the rest of the log is read, not heard.
    pub fn cue(&self) -> Option<crate::Cue> {
        match self {
            Announcement::Moved { .. } => Some(crate::Cue::Move),
            Announcement::Battle { .. } => Some(crate::Cue::Capture),
            _ => None,
        }
    }
}
