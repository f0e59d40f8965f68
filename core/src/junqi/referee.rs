//! The referee (裁判): holds the full state, takes moves from the seats, settles the
//! battles, announces what the table may know and hands out views.

use crate::junqi::{
    Announcement, Battle, Move, MoveRefusal, Mover, Occupancy, OutReason, Outcome, PieceId,
    Position, PositionError, PositionPiece, QUIET_MOVES_FOR_DRAW, Rank, STATIONS, Seat, Station,
    TableSetup, Team, View, ViewPiece, Visibility, battle, targets,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    id: PieceId,
    seat: Seat,
    rank: Rank,
}

/// A four-seat game of 四国军棋 with its full (private) state. Seats and spectators see
/// it only through [`Referee::view`] and [`Referee::spectator_view`]; the public log
/// ([`Referee::announcements`]) names no hidden rank.
#[derive(Debug, Clone)]
pub struct Referee {
    board: [Option<Piece>; STATIONS],
    visibility: Visibility,
    turn: Seat,
    out: [bool; 4],
    flag_revealed: [bool; 4],
    moves_played: u32,
    quiet_moves: u32,
    outcome: Option<Outcome>,
    log: Vec<Announcement>,
}

impl Referee {
    /// A game from four setups; south moves first. The setups must be legal.
    pub fn new(
        setup: &TableSetup,
        visibility: Visibility,
    ) -> Result<Referee, crate::junqi::SetupError> {
        setup.validate()?;
        let mut board = [None; STATIONS];
        for seat in Seat::ALL {
            for (k, (line, column, rank)) in setup.armies[seat.index()].pieces().enumerate() {
                let at = Station::army(seat, line, column).expect("a station of the army");
                let id = PieceId((seat.index() * 25 + k) as u8);
                board[at.index()] = Some(Piece { id, seat, rank });
            }
        }
        let mut referee = Referee {
            board,
            visibility,
            turn: Seat::South,
            out: [false; 4],
            flag_revealed: [false; 4],
            moves_played: 0,
            quiet_moves: 0,
            outcome: None,
            log: Vec::new(),
        };
        referee.settle_turn();
        Ok(referee)
    }

    /// A game from a position in the middle of play (see [`Position`]); the position's
    /// seat moves first. Pieces are numbered by seat and station order. A seat to move
    /// with no legal move goes out at once, as in play.
    pub fn from_position(
        position: &Position,
        visibility: Visibility,
    ) -> Result<Referee, PositionError> {
        position.validate()?;
        let mut board = [None; STATIONS];
        let mut sorted = position.pieces.clone();
        sorted.sort_by_key(|p| (p.seat, p.station));
        let mut next = [0u8; 4];
        for p in sorted {
            let id = PieceId(p.seat.index() as u8 * 25 + next[p.seat.index()]);
            next[p.seat.index()] += 1;
            board[p.station.index()] = Some(Piece { id, seat: p.seat, rank: p.rank });
        }
        let mut referee = Referee {
            board,
            visibility,
            turn: position.turn,
            out: position.out,
            flag_revealed: [false; 4],
            moves_played: 0,
            quiet_moves: 0,
            outcome: None,
            log: Vec::new(),
        };
        referee.settle_turn();
        Ok(referee)
    }

    /// The position now: every piece with its rank, the turn and the seats out.
    pub fn position(&self) -> Position {
        let pieces = Station::all()
            .filter_map(|station| {
                self.board[station.index()].map(|p| PositionPiece {
                    station,
                    seat: p.seat,
                    rank: p.rank,
                })
            })
            .collect();
        Position { pieces, turn: self.turn, out: self.out }
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.out[seat.index()]
    }

    pub fn moves_played(&self) -> u32 {
        self.moves_played
    }

    pub fn visibility(&self) -> Visibility {
        self.visibility
    }

    /// The public log: every move, battle result, revealed flag and seat out.
    pub fn announcements(&self) -> &[Announcement] {
        &self.log
    }

    fn occupancy(&self) -> Occupancy {
        std::array::from_fn(|i| self.board[i].map(|p| p.seat))
    }

    fn piece_targets(&self, occupancy: &Occupancy, from: Station) -> Vec<Station> {
        match self.board[from.index()] {
            Some(p) if p.rank.moves() => {
                let mover =
                    if p.rank == Rank::Engineer { Mover::Engineer } else { Mover::Straight };
                targets(occupancy, p.seat, from, mover)
            }
            _ => Vec::new(),
        }
    }

    /// The stations the piece of `seat` on `from` may move to (what an app highlights).
    /// Empty if the piece is not that seat's or cannot move.
    pub fn targets(&self, seat: Seat, from: Station) -> Vec<Station> {
        match self.board[from.index()] {
            Some(p) if p.seat == seat => self.piece_targets(&self.occupancy(), from),
            _ => Vec::new(),
        }
    }

    /// Every legal move of `seat` (whatever the turn).
    pub fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        let occupancy = self.occupancy();
        Station::all()
            .filter(|s| self.board[s.index()].is_some_and(|p| p.seat == seat))
            .flat_map(|from| {
                self.piece_targets(&occupancy, from).into_iter().map(move |to| Move { from, to })
            })
            .collect()
    }

    fn has_legal_move(&self, seat: Seat) -> bool {
        let occupancy = self.occupancy();
        Station::all().any(|from| {
            self.board[from.index()].is_some_and(|p| p.seat == seat)
                && !self.piece_targets(&occupancy, from).is_empty()
        })
    }

    /// What `seat` may know.
    pub fn view(&self, seat: Seat) -> View {
        self.make_view(Some(seat))
    }

    /// What a spectator may know: no rank in 暗棋 but the revealed flags.
    pub fn spectator_view(&self) -> View {
        self.make_view(None)
    }

    fn make_view(&self, viewer: Option<Seat>) -> View {
        let stations = std::array::from_fn(|i| {
            self.board[i].map(|p| {
                let known = self.visibility == Visibility::Open
                    || viewer == Some(p.seat)
                    || (p.rank == Rank::Flag && self.flag_revealed[p.seat.index()]);
                ViewPiece { id: p.id, seat: p.seat, rank: known.then_some(p.rank) }
            })
        });
        View {
            viewer,
            visibility: self.visibility,
            stations,
            turn: self.turn,
            out: self.out,
            moves_played: self.moves_played,
            quiet_moves: self.quiet_moves,
            outcome: self.outcome,
            log_len: self.log.len(),
        }
    }

    /// Checks a move of `seat` without playing it.
    pub fn check(&self, seat: Seat, m: Move) -> Result<(), MoveRefusal> {
        if self.outcome.is_some() {
            return Err(MoveRefusal::GameOver);
        }
        if seat != self.turn {
            return Err(MoveRefusal::NotYourTurn { seat, turn: self.turn });
        }
        let piece = self.board[m.from.index()].ok_or(MoveRefusal::NoPiece(m.from))?;
        if piece.seat != seat {
            return Err(MoveRefusal::NotYourPiece(m.from));
        }
        if !piece.rank.moves() {
            return Err(MoveRefusal::Immobile(m.from));
        }
        if m.from.is_headquarters() {
            return Err(MoveRefusal::InHeadquarters(m.from));
        }
        if let Some(other) = self.board[m.to.index()] {
            if seat.is_partner_or_self(other.seat) {
                return Err(MoveRefusal::OwnTeam(m.to));
            }
            if m.to.is_camp() {
                return Err(MoveRefusal::CampProtected(m.to));
            }
        }
        if !self.piece_targets(&self.occupancy(), m.from).contains(&m.to) {
            return Err(MoveRefusal::Unreachable { from: m.from, to: m.to });
        }
        Ok(())
    }

    /// Plays a move of `seat` and returns the announcements it caused.
    pub fn play(&mut self, seat: Seat, m: Move) -> Result<&[Announcement], MoveRefusal> {
        self.check(seat, m)?;
        let start = self.log.len();
        let attacker = self.board[m.from.index()].take().expect("checked");
        self.moves_played += 1;
        match self.board[m.to.index()] {
            None => {
                self.board[m.to.index()] = Some(attacker);
                self.quiet_moves += 1;
                self.log.push(Announcement::Moved {
                    seat,
                    piece: attacker.id,
                    from: m.from,
                    to: m.to,
                });
            }
            Some(defender) => {
                self.quiet_moves = 0;
                let result = battle(attacker.rank, defender.rank).expect("a moving attacker");
                self.log.push(Announcement::Battle {
                    seat,
                    attacker: attacker.id,
                    defender: defender.id,
                    from: m.from,
                    to: m.to,
                    result,
                });
                if !result.defender_survives() {
                    self.board[m.to.index()] = None;
                }
                if result.attacker_survives(attacker.rank) {
                    self.board[m.to.index()] = Some(attacker);
                }
                for (piece, survived) in [
                    (attacker, result.attacker_survives(attacker.rank)),
                    (defender, result.defender_survives()),
                ] {
                    if piece.rank == Rank::Marshal && !survived {
                        self.reveal_flag(piece.seat);
                    }
                }
                if result == Battle::FlagCaptured {
                    self.seat_out(defender.seat, OutReason::FlagCaptured);
                }
            }
        }
        if self.outcome.is_none() && self.quiet_moves >= QUIET_MOVES_FOR_DRAW {
            self.finish(Outcome::Draw);
        }
        if self.outcome.is_none() {
            self.turn = self.turn.next();
            self.settle_turn();
        }
        Ok(&self.log[start..])
    }

    /// `seat` gives up (投降): it is out and its pieces leave the board, as when its 军旗
    /// falls. Returns the announcements it caused (the seat out, perhaps the end).
    pub fn resign(&mut self, seat: Seat) -> Result<&[Announcement], MoveRefusal> {
        if self.outcome.is_some() {
            return Err(MoveRefusal::GameOver);
        }
        if self.out[seat.index()] {
            return Err(MoveRefusal::AlreadyOut(seat));
        }
        let start = self.log.len();
        self.seat_out(seat, OutReason::Resigned);
        if self.outcome.is_none() {
            // A seat with fewer pieces on the board may now be stuck; the turn moves on
            // past the seat that left.
            self.settle_turn();
        }
        Ok(&self.log[start..])
    }

    /// Moves the turn past seats that are out; a seat with no legal move goes out.
    fn settle_turn(&mut self) {
        while self.outcome.is_none() {
            if self.out[self.turn.index()] {
                self.turn = self.turn.next();
            } else if !self.has_legal_move(self.turn) {
                self.seat_out(self.turn, OutReason::NoMoves);
            } else {
                return;
            }
        }
    }

    fn reveal_flag(&mut self, seat: Seat) {
        if self.flag_revealed[seat.index()] {
            return;
        }
        self.flag_revealed[seat.index()] = true;
        if let Some(at) = Station::all()
            .find(|s| self.board[s.index()].is_some_and(|p| p.seat == seat && p.rank == Rank::Flag))
        {
            let piece = self.board[at.index()].expect("found").id;
            self.log.push(Announcement::FlagRevealed { seat, piece, at });
        }
    }

    fn seat_out(&mut self, seat: Seat, reason: OutReason) {
        if self.out[seat.index()] {
            return;
        }
        self.out[seat.index()] = true;
        for cell in self.board.iter_mut() {
            if cell.is_some_and(|p| p.seat == seat) {
                *cell = None;
            }
        }
        self.log.push(Announcement::SeatOut { seat, reason });
        let team = seat.team();
        if team.seats().iter().all(|s| self.out[s.index()]) {
            self.finish(Outcome::TeamWins { team: team.other(), last: reason });
        }
    }

    fn finish(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
        self.log.push(Announcement::Finished(outcome));
    }

    /// The team that won, if one did.
    pub fn winner(&self) -> Option<Team> {
        match self.outcome {
            Some(Outcome::TeamWins { team, .. }) => Some(team),
            _ => None,
        }
    }
}
