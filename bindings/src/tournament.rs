//! A class tournament run round by round over the core's [`Director`]: the system
//! pairs each round, results are entered by table (and taken back), and the standings,
//! CSV and TRF come from what was entered. Tables are numbered from 0 here, as lists
//! are; the core's messages count them from 1, as a teacher does.

use std::sync::{Mutex, MutexGuard};

use qike_core::tournament::{Director, GameResult, Pairing, Scoring, System, Tiebreak};

use crate::classes::count;
use crate::error::TournamentError;

/// How the rounds are paired (the core's `System`; renamed, as Kotlin code already has
/// a `System`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TournamentSystem {
    /// Everyone meets everyone once.
    RoundRobin,
    /// Everyone meets everyone twice, sides swapped the second time.
    DoubleRoundRobin,
    /// The Dutch Swiss system over this many rounds.
    Swiss { rounds: u32 },
    /// Single elimination.
    Knockout,
    /// Out after the second loss.
    DoubleElimination,
}

impl From<TournamentSystem> for System {
    fn from(s: TournamentSystem) -> Self {
        match s {
            TournamentSystem::RoundRobin => System::RoundRobin,
            TournamentSystem::DoubleRoundRobin => System::DoubleRoundRobin,
            TournamentSystem::Swiss { rounds } => System::Swiss { rounds },
            TournamentSystem::Knockout => System::Knockout,
            TournamentSystem::DoubleElimination => System::DoubleElimination,
        }
    }
}

#[uniffi::remote(Enum)]
pub enum GameResult {
    FirstWins,
    Draw,
    SecondWins,
    FirstWinsByForfeit,
    SecondWinsByForfeit,
    DoubleForfeit,
}

#[uniffi::remote(Record)]
pub struct Pairing {
    pub first: u32,
    pub second: Option<u32>,
}

#[uniffi::remote(Enum)]
pub enum Tiebreak {
    Buchholz,
    BuchholzCut1,
    MedianBuchholz,
    SonnebornBerger,
    Progressive,
    DirectEncounter,
    Wins,
    WinsWithSecond,
}

/// What a win, a draw and a loss are worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ScoringRule {
    /// 1 · ½ · 0.
    Classic,
    /// 2 · 1 · 0.
    TwoOneZero,
    /// 3 · 1 · 0.
    ThreeOneZero,
}

impl From<ScoringRule> for Scoring {
    fn from(s: ScoringRule) -> Self {
        match s {
            ScoringRule::Classic => Scoring::CLASSIC,
            ScoringRule::TwoOneZero => Scoring::TWO_ONE_ZERO,
            ScoringRule::ThreeOneZero => Scoring::THREE_ONE_ZERO,
        }
    }
}

/// A player at entry: a name and a rating (0 when unrated).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Entrant {
    pub name: String,
    pub rating: u16,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Standing {
    /// Shared by players equal on score and every tie-break.
    pub rank: u32,
    /// The player's start number (from 1, in the order they were entered).
    pub player: u32,
    pub name: String,
    pub score: f64,
    /// One value per tie-break of [`Tournament::tiebreaks`], in that order.
    pub tiebreaks: Vec<f64>,
}

/// An event and its system, round by round.
#[derive(Debug, uniffi::Object)]
pub struct Tournament {
    inner: Mutex<Director>,
}

impl Tournament {
    /// The event; every change is one call into the core, so a poisoned lock still
    /// holds a consistent event.
    fn director(&self) -> MutexGuard<'_, Director> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn table_index(table: u32) -> usize {
    usize::try_from(table).unwrap_or(usize::MAX)
}

#[uniffi::export]
impl Tournament {
    /// A new event over `players` in the order given (start numbers 1, 2, …).
    #[uniffi::constructor]
    pub fn new(
        name: String,
        scoring: ScoringRule,
        system: TournamentSystem,
        players: Vec<Entrant>,
    ) -> Result<Self, TournamentError> {
        let players: Vec<(String, u16)> = players.into_iter().map(|p| (p.name, p.rating)).collect();
        let director = Director::new(&name, scoring.into(), system.into(), &players)?;
        Ok(Tournament { inner: Mutex::new(director) })
    }

    /// The players' names by start number (the first is start number 1).
    pub fn players(&self) -> Vec<String> {
        self.director().event.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Pairs the next round; its number.
    pub fn pair_next(&self) -> Result<u32, TournamentError> {
        Ok(self.director().pair_next()?)
    }

    /// The rounds paired so far.
    pub fn rounds(&self) -> u32 {
        self.director().rounds()
    }

    /// A round's tables, table 0 first; a bye has no second player.
    pub fn tables(&self, round: u32) -> Vec<Pairing> {
        self.director().tables(round).to_vec()
    }

    /// The result entered at a table, if any.
    pub fn result(&self, round: u32, table: u32) -> Option<GameResult> {
        self.director().result(round, table_index(table))
    }

    /// Enters (or corrects) the result at a table of a round.
    pub fn set_result(
        &self,
        round: u32,
        table: u32,
        result: GameResult,
    ) -> Result<(), TournamentError> {
        Ok(self.director().set_result(round, table_index(table), result)?)
    }

    /// Takes back the last result or the last round paired; `false` when there is
    /// nothing to take back.
    pub fn undo(&self) -> bool {
        self.director().undo()
    }

    pub fn is_finished(&self) -> bool {
        self.director().is_finished()
    }

    /// The winner's start number once the event is over.
    pub fn champion(&self) -> Option<u32> {
        self.director().champion()
    }

    /// The tie-breaks of this system, in the order the standings give them.
    pub fn tiebreaks(&self) -> Vec<Tiebreak> {
        self.director().system.tiebreaks().to_vec()
    }

    /// The standings, best first.
    pub fn standings(&self) -> Vec<Standing> {
        let director = self.director();
        let name = |id: u32| director.event.player(id).map(|p| p.name.clone()).unwrap_or_default();
        director
            .standings()
            .into_iter()
            .map(|s| Standing {
                rank: count(s.rank),
                player: s.player,
                name: name(s.player),
                score: s.score,
                tiebreaks: s.tiebreaks,
            })
            .collect()
    }

    /// The standings as CSV text.
    pub fn csv(&self) -> String {
        self.director().csv()
    }

    /// The event in FIDE's TRF-16 format.
    pub fn trf(&self) -> String {
        self.director().trf()
    }
}
