//! The computer seats of a [`JunqiGame`]: each seat's [`JunqiAi`], the move it is
//! choosing on a worker thread, and the pause between moves.
//!
//! The caller polls ([`JunqiGame::poll`]) with its own clock: a computer starts to
//! choose as soon as it is to move, and its move is played once the choice is there and
//! [`COMPUTER_PAUSE_MS`] (or what [`JunqiGame::set_pause_ms`] set) has passed since the
//! last move, so a child can follow the moves one by one. The worker gets a copy of the
//! player; the copy that chose comes back with the move, so a choice that is dropped
//! (the table changed, the game was saved) leaves the player as it was and a resumed
//! game continues the same way.

use std::thread::JoinHandle;

use crate::Rng;
use crate::ai::junqi::{JunqiAi, JunqiLevel};
use crate::junqi::{Announcement, Move, Referee, Seat};

use super::{Event, JunqiGame, JunqiTableConfig, SeatPlayer};

/// The least time between two moves when a computer moves, in the caller's milliseconds.
pub const COMPUTER_PAUSE_MS: u64 = 800;

/// A player and the move it chose (`None`: it found none).
type Choice = (JunqiAi, Option<Move>);

#[derive(Debug)]
enum Work {
    Running(JoinHandle<Choice>),
    /// Chosen on the caller's thread (the worker could not be started).
    Ready(Box<Choice>),
}

#[derive(Debug)]
struct Thinking {
    seat: Seat,
    /// The number of events when it started: a choice for an older table is dropped.
    at_event: usize,
    work: Work,
}

/// The computer players of one table.
#[derive(Debug)]
pub(super) struct Computers {
    players: [Option<JunqiAi>; 4],
    thinking: Option<Thinking>,
    /// Draws a legal move when a player finds none the referee takes.
    fallback: Rng,
    pause_ms: u64,
    /// The event count and the caller's clock when [`JunqiGame::poll`] first saw it.
    seen: Option<(usize, u64)>,
}

impl Computers {
    pub(super) fn new(config: &JunqiTableConfig) -> Computers {
        let players = std::array::from_fn(|i| match config.seats[i] {
            SeatPlayer::Computer { level } => {
                let level = JunqiLevel::get(level).expect("checked with the table");
                let seed = config.seed.wrapping_mul(31).wrapping_add(i as u64 + 1);
                Some(JunqiAi::new(Seat::from_index(i), level, seed))
            }
            SeatPlayer::Person => None,
        });
        Computers {
            players,
            thinking: None,
            fallback: Rng::new(config.seed ^ 0x5EED),
            pause_ms: COMPUTER_PAUSE_MS,
            seen: None,
        }
    }

    /// The move the computer in `seat` plays, from `choice`: a legal one always.
    fn settle(&mut self, referee: &Referee, seat: Seat, choice: Option<Move>) -> Move {
        match choice {
            Some(m) if referee.check(seat, m).is_ok() => m,
            _ => {
                let moves = referee.legal_moves(seat);
                moves[self.fallback.index(moves.len())]
            }
        }
    }

    /// Chooses on this thread, advancing the player as a played choice does (the
    /// replay of a saved game, and [`JunqiGame::play_computer_now`]).
    pub(super) fn choose_now(&mut self, referee: &Referee, seat: Seat) -> Option<Move> {
        let ai = self.players[seat.index()].as_mut()?;
        let choice = ai.choose(&referee.view(seat), referee.announcements());
        Some(self.settle(referee, seat, choice))
    }

    fn start(&mut self, referee: &Referee, seat: Seat, at_event: usize) {
        let Some(ai) = self.players[seat.index()].clone() else { return };
        let view = referee.view(seat);
        let log = referee.announcements().to_vec();
        let mut worker = ai.clone();
        let spawned = std::thread::Builder::new().name("qike-junqi".into()).spawn(move || {
            crate::ai::worker_setup();
            let choice = worker.choose(&view, &log);
            (worker, choice)
        });
        let work = match spawned {
            Ok(handle) => Work::Running(handle),
            Err(_) => {
                let mut ai = ai;
                let choice = ai.choose(&referee.view(seat), referee.announcements());
                Work::Ready(Box::new((ai, choice)))
            }
        };
        self.thinking = Some(Thinking { seat, at_event, work });
    }
}

impl JunqiGame {
    /// Whether a computer is choosing its move.
    pub fn is_thinking(&self) -> bool {
        self.computers.thinking.is_some()
    }

    /// Whether a computer is to move now.
    pub fn is_computer_turn(&self) -> bool {
        !self.is_over() && !self.seat_player(self.turn()).is_person()
    }

    /// The least time between two moves when a computer moves (0 for tests and tools).
    pub fn set_pause_ms(&mut self, pause_ms: u64) {
        self.computers.pause_ms = pause_ms;
    }

    /// Call every frame with the caller's clock (any steady milliseconds): starts the
    /// computer to move choosing, and plays its move once it is there and the pause
    /// since the last move has passed. Returns what that move caused (empty when no
    /// move was played). Never blocks.
    pub fn poll(&mut self, now_ms: u64) -> Vec<Announcement> {
        let events = self.events.len();
        if self.computers.seen.is_none_or(|(n, _)| n != events) {
            self.computers.seen = Some((events, now_ms));
        }
        if !self.is_computer_turn() {
            self.computers.thinking = None;
            return Vec::new();
        }
        let seat = self.turn();
        let current = self
            .computers
            .thinking
            .as_ref()
            .is_some_and(|t| t.seat == seat && t.at_event == events);
        if !current {
            self.computers.start(&self.referee, seat, events);
        }
        let ready = match &self.computers.thinking {
            Some(Thinking { work: Work::Running(handle), .. }) => handle.is_finished(),
            Some(Thinking { work: Work::Ready(_), .. }) => true,
            None => false,
        };
        let since = self.computers.seen.map_or(now_ms, |(_, at)| at);
        if !ready || now_ms.saturating_sub(since) < self.computers.pause_ms {
            return Vec::new();
        }
        let thinking = self.computers.thinking.take().expect("ready");
        let choice = match thinking.work {
            Work::Ready(c) => Some(*c),
            Work::Running(handle) => handle.join().ok(),
        };
        let chosen = match choice {
            Some((ai, m)) => {
                self.computers.players[seat.index()] = Some(ai);
                m
            }
            // The worker failed: the player stays as it was, a legal move is drawn.
            None => None,
        };
        let m = self.computers.settle(&self.referee, seat, chosen);
        let played = self.apply(Event::Move(m), seat).expect("a settled move is legal");
        // The pause before the next move runs from now.
        self.computers.seen = Some((self.events.len(), now_ms));
        played
    }

    /// Plays the computer's move at once on this thread (tests and tools; the screen
    /// uses [`JunqiGame::poll`]). `None` when it is not a computer's turn.
    pub fn play_computer_now(&mut self) -> Option<Vec<Announcement>> {
        if !self.is_computer_turn() {
            return None;
        }
        self.computers.thinking = None;
        let seat = self.turn();
        let m = self.computers.choose_now(&self.referee, seat)?;
        Some(self.apply(Event::Move(m), seat).expect("a settled move is legal"))
    }
}
