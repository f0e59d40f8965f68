//! What one observer may know: a seat's view (its own pieces with ranks, every other
//! piece as a back in its seat's colour, flags revealed after a 司令 fell) or a
//! spectator's; in 明棋 every rank. Views are their own type, built by the referee, so
//! the full state never leaves it.

use crate::junqi::{
    Announcement, Move, Mover, Occupancy, Outcome, PieceId, Rank, STATIONS, Seat, Station, targets,
};

/// How much the players see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Visibility {
    /// 暗棋: each seat sees only its own ranks.
    Hidden,
    /// 明棋: every rank is open.
    Open,
}

/// A piece as an observer sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ViewPiece {
    pub id: PieceId,
    pub seat: Seat,
    /// `None`: a back (the observer does not know the rank).
    pub rank: Option<Rank>,
}

/// The board and the game's state as one observer may know them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// The seat that looks, or `None` for a spectator.
    pub viewer: Option<Seat>,
    pub visibility: Visibility,
    pub stations: [Option<ViewPiece>; STATIONS],
    pub turn: Seat,
    /// Which seats are out of the game.
    pub out: [bool; 4],
    /// Moves played so far, and moves since the last battle.
    pub moves_played: u32,
    pub quiet_moves: u32,
    pub outcome: Option<Outcome>,
    /// How many announcements the log held when this view was made.
    pub log_len: usize,
}

impl View {
    pub fn piece(&self, at: Station) -> Option<ViewPiece> {
        self.stations[at.index()]
    }

    pub fn occupancy(&self) -> Occupancy {
        std::array::from_fn(|i| self.stations[i].map(|p| p.seat))
    }

    /// The legal targets of the piece on `from` for `seat`, when this observer knows its
    /// rank (its own pieces, or all in 明棋); empty otherwise.
    pub fn targets(&self, seat: Seat, from: Station) -> Vec<Station> {
        match self.piece(from) {
            Some(ViewPiece { seat: s, rank: Some(rank), .. }) if s == seat && rank.moves() => {
                let mover = if rank == Rank::Engineer { Mover::Engineer } else { Mover::Straight };
                targets(&self.occupancy(), seat, from, mover)
            }
            _ => Vec::new(),
        }
    }

    /// Every legal move of `seat` that this observer can work out.
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        let occupancy = self.occupancy();
        let mut out = Vec::new();
        for from in Station::all() {
            if let Some(ViewPiece { seat: s, rank: Some(rank), .. }) = self.piece(from)
                && s == seat
                && rank.moves()
            {
                let mover = if rank == Rank::Engineer { Mover::Engineer } else { Mover::Straight };
                out.extend(
                    targets(&occupancy, seat, from, mover).into_iter().map(|to| Move { from, to }),
                );
            }
        }
        out
    }

    /// The station of a piece, if it is still on the board.
    pub fn find(&self, id: PieceId) -> Option<Station> {
        Station::all().find(|s| self.stations[s.index()].is_some_and(|p| p.id == id))
    }
}

/// The views change only through announcements; a helper for observers that follow the
/// log: the entries after `since`.
pub fn new_entries(log: &[Announcement], since: usize) -> &[Announcement] {
    log.get(since..).unwrap_or(&[])
}
