//! A game of 四国军棋 at one device: what [`crate::session::GameSession`] is to the
//! two-player games. The child plays one seat; each other seat is the computer at a
//! level or a classmate on the same device (hot seat), and a table of four computers
//! plays as a demonstration.
//!
//! - [`JunqiGame`] (this file): the referee, the seats, whose eyes the screen shows and
//!   the hand-over between people, the moves and resignations of the people;
//! - `config`: [`JunqiTableConfig`], [`SeatPlayer`] and [`JunqiConfigError`];
//! - `computer`: the computer seats, each move chosen on a worker thread while the
//!   caller polls, one at a time with a pause the caller's clock measures;
//! - `words`: the announcements in Chinese from the shown seat's point of view;
//! - `saved`: the saved form ([`SavedJunqiGame`]) that resumes a game;
//! - `editor`: [`SetupEditor`], the 布阵 screen's pieces and tray.
//!
//! The session never lets a hidden rank out: [`JunqiGame::view`] is the referee's view of
//! the shown seat (or the spectator's while a hand-over is pending) and the texts name
//! only ranks that seat may know.

mod computer;
mod config;
mod editor;
mod saved;
mod words;

pub use computer::COMPUTER_PAUSE_MS;
pub use config::{JunqiConfigError, JunqiTableConfig, SeatPlayer};
pub use editor::{EditRefusal, EditSelection, EditTap, SetupEditor};
pub use saved::{JUNQI_SAVE_VERSION, JunqiResumeError, SavedJunqiGame};

use crate::game::Text;
use crate::junqi::{
    Announcement, Move, MoveRefusal, Outcome, Rank, Referee, Seat, Station, TableSetup, View,
    Visibility,
};
use crate::progress::{JunqiGameRecord, PlayerResult, Timestamp};
use computer::Computers;

/// What happened at the table, in order: what the saved form replays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Event {
    Move(Move),
    Resign(Seat),
}

/// Why a person's move or resignation is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum JunqiPlayError {
    /// The referee refuses the move; [`MoveRefusal::text`] says why.
    #[error(transparent)]
    Refused(#[from] MoveRefusal),
    /// The seat (to move, or to resign) is played by the computer.
    #[error("{0} is played by the computer")]
    ComputerSeat(Seat),
    /// The device must first go to this seat's person ([`JunqiGame::confirm_handover`]).
    #[error("hand the device to {0} first")]
    HandoverPending(Seat),
}

impl JunqiPlayError {
    pub fn text(&self) -> Text {
        match self {
            JunqiPlayError::Refused(r) => r.text(),
            JunqiPlayError::ComputerSeat(seat) => Text {
                zh: format!("{}家由电脑来下。", seat.chinese()),
                en: format!("The {seat} seat is played by the computer."),
            },
            JunqiPlayError::HandoverPending(seat) => Text {
                zh: format!("请先把设备交给{}家。", seat.chinese()),
                en: format!("Hand the device to {seat} first."),
            },
        }
    }
}

/// One game of 四国军棋 and the computer players at its table.
#[derive(Debug)]
pub struct JunqiGame {
    config: JunqiTableConfig,
    demo: bool,
    setup: TableSetup,
    referee: Referee,
    events: Vec<Event>,
    computers: Computers,
    /// The person whose eyes the screen showed last (hot seat).
    shown: Option<Seat>,
    /// Where in the referee's log the last move's or resignation's entries begin.
    last_batch: usize,
    /// The rank of every piece by its number (for the texts; never shown unchecked).
    ranks: [Rank; 100],
    started: Timestamp,
}

impl JunqiGame {
    /// A game for the table `config`; at least the child's seat is a person.
    pub fn new(
        config: JunqiTableConfig,
        started: Timestamp,
    ) -> Result<JunqiGame, JunqiConfigError> {
        JunqiGame::build(config, false, started)
    }

    /// A demonstration: any seats, four computers allowed; the screen shows what a
    /// spectator sees.
    pub fn demo(
        config: JunqiTableConfig,
        started: Timestamp,
    ) -> Result<JunqiGame, JunqiConfigError> {
        JunqiGame::build(config, true, started)
    }

    fn build(
        config: JunqiTableConfig,
        demo: bool,
        started: Timestamp,
    ) -> Result<JunqiGame, JunqiConfigError> {
        config.check(demo)?;
        let setup = config.table_setup();
        let referee = Referee::new(&setup, config.visibility).map_err(|reason| {
            // `check` validated the given setups and random ones are legal; name the
            // seat all the same.
            let seat = Seat::ALL
                .into_iter()
                .find(|s| setup.armies[s.index()].validate(*s).is_err())
                .unwrap_or(Seat::South);
            JunqiConfigError::BadSetup { seat, reason }
        })?;
        let mut ranks = [Rank::Flag; 100];
        for seat in Seat::ALL {
            for (k, (_, _, rank)) in setup.armies[seat.index()].pieces().enumerate() {
                ranks[seat.index() * 25 + k] = rank;
            }
        }
        let computers = Computers::new(&config);
        Ok(JunqiGame {
            config,
            demo,
            setup,
            referee,
            events: Vec::new(),
            computers,
            shown: None,
            last_batch: 0,
            ranks,
            started,
        })
    }

    pub fn config(&self) -> &JunqiTableConfig {
        &self.config
    }

    /// The setups the game started from (the random ones drawn).
    pub fn table_setup(&self) -> &TableSetup {
        &self.setup
    }

    pub fn is_demo(&self) -> bool {
        self.demo
    }

    pub fn started(&self) -> Timestamp {
        self.started
    }

    pub fn visibility(&self) -> Visibility {
        self.config.visibility
    }

    pub fn child_seat(&self) -> Seat {
        self.config.child_seat
    }

    pub fn seat_player(&self, seat: Seat) -> SeatPlayer {
        self.config.seats[seat.index()]
    }

    fn is_person(&self, seat: Seat) -> bool {
        self.seat_player(seat).is_person()
    }

    /// The seat to move.
    pub fn turn(&self) -> Seat {
        self.referee.turn()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.referee.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.referee.outcome().is_some()
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.referee.is_out(seat)
    }

    pub fn moves_played(&self) -> u32 {
        self.referee.moves_played()
    }

    /// The whole public log.
    pub fn announcements(&self) -> &[Announcement] {
        self.referee.announcements()
    }

    /// Whether a person is to move now (and the device may be theirs).
    pub fn is_person_turn(&self) -> bool {
        !self.is_over() && self.is_person(self.turn())
    }

    /// Two or more people share the device and must not see each other's ranks.
    fn is_hot_seat(&self) -> bool {
        !self.demo
            && self.config.visibility == Visibility::Hidden
            && self.config.persons().len() >= 2
    }

    /// The person the device goes to next, when the screen must hide the ranks until
    /// they have it: the person to move, or before any person was shown the first one
    /// in turn order.
    pub fn needs_handover(&self) -> Option<Seat> {
        if !self.is_hot_seat() || self.is_over() {
            return None;
        }
        let next = if self.is_person(self.turn()) {
            self.turn()
        } else if self.shown.is_none() {
            let mut seat = self.turn();
            loop {
                seat = seat.next();
                if self.is_person(seat) && !self.is_out(seat) {
                    break seat;
                }
                if seat == self.turn() {
                    return None;
                }
            }
        } else {
            return None;
        };
        (self.shown != Some(next)).then_some(next)
    }

    /// The device is with the person [`JunqiGame::needs_handover`] named: the screen now
    /// shows their eyes. Returns that seat (`None` if no hand-over was pending).
    pub fn confirm_handover(&mut self) -> Option<Seat> {
        let next = self.needs_handover()?;
        self.shown = Some(next);
        Some(next)
    }

    /// Whose eyes the screen shows: the child's with one person; with several, the
    /// person whose turn it is or was last, `None` while a hand-over is pending (and
    /// always in a demonstration).
    pub fn shown_seat(&self) -> Option<Seat> {
        if self.demo {
            return None;
        }
        if self.config.persons().len() <= 1 {
            return Some(self.config.child_seat);
        }
        if self.needs_handover().is_some() {
            return None;
        }
        if self.config.visibility == Visibility::Open && self.is_person_turn() {
            return Some(self.turn());
        }
        self.shown.or(Some(self.config.child_seat))
    }

    /// What the screen shows: the shown seat's view, or the spectator's (only backs in
    /// 暗棋, the revealed flags aside) while a hand-over is pending or in a demonstration.
    pub fn view(&self) -> View {
        match self.shown_seat() {
            Some(seat) => self.referee.view(seat),
            None => self.referee.spectator_view(),
        }
    }

    /// The person to move, if the screen shows them now.
    fn person_to_move(&self) -> Result<Seat, JunqiPlayError> {
        if self.is_over() {
            return Err(MoveRefusal::GameOver.into());
        }
        let turn = self.turn();
        if !self.is_person(turn) {
            return Err(JunqiPlayError::ComputerSeat(turn));
        }
        if let Some(next) = self.needs_handover() {
            return Err(JunqiPlayError::HandoverPending(next));
        }
        Ok(turn)
    }

    /// Where the piece on `from` may go, for the person to move (empty when it is not a
    /// person's turn, a hand-over is pending or the piece is not theirs).
    pub fn targets(&self, from: Station) -> Vec<Station> {
        match self.person_to_move() {
            Ok(seat) => self.referee.targets(seat, from),
            Err(_) => Vec::new(),
        }
    }

    /// Plays the move of the person to move; the announcements it caused.
    pub fn play(
        &mut self,
        from: Station,
        to: Station,
    ) -> Result<Vec<Announcement>, JunqiPlayError> {
        let seat = self.person_to_move()?;
        self.apply(Event::Move(Move { from, to }), seat).map_err(Into::into)
    }

    /// A person gives up (投降): their seat is out and its pieces leave the board; the
    /// partner plays on.
    pub fn resign(&mut self, seat: Seat) -> Result<Vec<Announcement>, JunqiPlayError> {
        if !self.is_person(seat) {
            return Err(JunqiPlayError::ComputerSeat(seat));
        }
        self.apply(Event::Resign(seat), seat).map_err(Into::into)
    }

    /// Plays one event through the referee (the one path for people, computers and the
    /// replay of a saved game).
    fn apply(&mut self, event: Event, seat: Seat) -> Result<Vec<Announcement>, MoveRefusal> {
        let start = self.referee.announcements().len();
        let played = match event {
            Event::Move(m) => self.referee.play(seat, m)?.to_vec(),
            Event::Resign(s) => self.referee.resign(s)?.to_vec(),
        };
        if let Event::Move(_) = event
            && self.is_person(seat)
        {
            self.shown = Some(seat);
        }
        self.events.push(event);
        self.last_batch = start;
        Ok(played)
    }

    /// The child's result by team: `None` until the game is over.
    pub fn result_for_child(&self) -> Option<PlayerResult> {
        Some(match self.outcome()? {
            Outcome::Draw => PlayerResult::Drew,
            Outcome::TeamWins { team, .. } if team == self.config.child_seat.team() => {
                PlayerResult::Won
            }
            Outcome::TeamWins { .. } => PlayerResult::Lost,
        })
    }

    /// The record of this game for the progress store.
    pub fn record(&self, id: u64, ended: Timestamp) -> JunqiGameRecord {
        JunqiGameRecord {
            id,
            seats: self.config.seats.map(SeatPlayer::level),
            child_seat: self.config.child_seat,
            visibility: self.config.visibility,
            outcome: self.outcome(),
            result: self.result_for_child().unwrap_or(PlayerResult::Unfinished),
            moves: self.moves_played(),
            started: self.started,
            ended,
        }
    }
}
