//! An event run round by round, as a teacher runs it: the system gives the next round's
//! tables, results are entered per table (and taken back with undo), and the standings,
//! the crosstable, CSV and TRF come from what was entered.
//!
//! The systems are the round robin (single or double, Berger tables), the Dutch Swiss
//! with a fixed number of rounds, single-elimination knockout and double elimination. In
//! the knockouts a drawn or double-forfeited game decides nothing: the teacher enters
//! the decider's result in its place before the next round is paired.

use crate::Side;
use crate::csv::{BOM, push_row};

use super::double_elimination::{self, Bracket};
use super::knockout;
use super::roster::{Event, GameResult, Mark, Pairing, PlayerId, TournamentError};
use super::round_robin;
use super::scoring::Scoring;
use super::swiss::{self, Ranking, SwissOptions};
use super::tiebreaks::{Standing, Tiebreak, standings};
use super::trf::{self, TrfFile};

/// The most players an event run here takes.
pub const MAX_PLAYERS: usize = 200;

/// How the rounds are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// Everyone meets everyone once.
    RoundRobin,
    /// Everyone meets everyone twice, sides swapped the second time.
    DoubleRoundRobin,
    /// The Dutch Swiss system over this many rounds.
    Swiss { rounds: u32 },
    /// Single elimination: one loss and out.
    Knockout,
    /// Double elimination: out after the second loss.
    DoubleElimination,
}

impl System {
    /// The rounds an event of `players` takes (for double elimination: the most it
    /// can take, with the final's second game).
    pub fn rounds_for(self, players: usize) -> u32 {
        let n = players.max(2);
        match self {
            System::RoundRobin => (n + n % 2 - 1) as u32,
            System::DoubleRoundRobin => 2 * (n + n % 2 - 1) as u32,
            System::Swiss { rounds } => rounds,
            System::Knockout => n.next_power_of_two().trailing_zeros(),
            System::DoubleElimination => double_elimination::max_rounds(n),
        }
    }

    /// The tie-breaks the standings use: 小分 first in a round robin, 对手分 in a Swiss.
    pub fn tiebreaks(self) -> &'static [Tiebreak] {
        match self {
            System::RoundRobin | System::DoubleRoundRobin => {
                &[Tiebreak::DirectEncounter, Tiebreak::SonnebornBerger, Tiebreak::Wins]
            }
            System::Swiss { .. } => {
                &[Tiebreak::BuchholzCut1, Tiebreak::Buchholz, Tiebreak::SonnebornBerger]
            }
            System::Knockout | System::DoubleElimination => &[Tiebreak::Wins],
        }
    }

    fn is_knockout(self) -> bool {
        matches!(self, System::Knockout | System::DoubleElimination)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    event: Event,
    rounds: usize,
    bracket: Option<Bracket>,
}

/// An event and its system, round by round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Director {
    pub event: Event,
    pub system: System,
    /// The side of the first player on table 1 in round 1.
    pub initial: Side,
    /// Each paired round's tables, table 1 first.
    tables: Vec<Vec<Pairing>>,
    bracket: Option<Bracket>,
    undo: Vec<Snapshot>,
}

impl Director {
    /// A new event over `players` (name, rating; 0 when unrated), in the order given:
    /// the first listed is start number 1. Names are trimmed; empty names are refused.
    pub fn new(
        name: &str,
        scoring: Scoring,
        system: System,
        players: &[(String, u16)],
    ) -> Result<Director, TournamentError> {
        if players.len() < 2 {
            return Err(TournamentError::TooFewPlayers(players.len(), 2));
        }
        if players.len() > MAX_PLAYERS {
            return Err(TournamentError::TooManyPlayers(players.len(), MAX_PLAYERS));
        }
        if let System::Swiss { rounds } = system
            && (rounds == 0 || rounds as usize >= players.len())
        {
            return Err(TournamentError::TooFewPlayers(players.len(), rounds as usize + 1));
        }
        let mut event = Event::new(name, scoring);
        for (i, (player, rating)) in players.iter().enumerate() {
            let player = player.trim();
            if player.is_empty() {
                return Err(TournamentError::UnknownPlayer(i as PlayerId + 1));
            }
            event.add_player(player, *rating)?;
        }
        event.planned_rounds = system.rounds_for(players.len());
        let bracket = (system == System::DoubleElimination)
            .then(|| Bracket::new(&seeds(&event)))
            .transpose()?;
        Ok(Director {
            event,
            system,
            initial: Side::First,
            tables: Vec::new(),
            bracket,
            undo: Vec::new(),
        })
    }

    /// The rounds paired so far.
    pub fn rounds(&self) -> u32 {
        self.tables.len() as u32
    }

    /// The tables of a paired round (a bye is a table without a second player), or
    /// nothing for a round not paired.
    pub fn tables(&self, round: u32) -> &[Pairing] {
        round.checked_sub(1).and_then(|i| self.tables.get(i as usize)).map_or(&[], |t| t.as_slice())
    }

    /// The result entered on a table, `None` while the game is on (or for a bye).
    pub fn result(&self, round: u32, table: usize) -> Option<GameResult> {
        let p = self.tables(round).get(table)?;
        let second = p.second?;
        let mark = |id: PlayerId| {
            self.event
                .player(id)
                .ok()
                .and_then(|pl| pl.entries.get(round as usize - 1))
                .map(|e| e.mark)
        };
        match (mark(p.first)?, mark(second)?) {
            (Mark::Win, _) => Some(GameResult::FirstWins),
            (Mark::Draw, _) => Some(GameResult::Draw),
            (Mark::Loss, _) => Some(GameResult::SecondWins),
            (Mark::ForfeitWin, _) => Some(GameResult::FirstWinsByForfeit),
            (Mark::ForfeitLoss, Mark::ForfeitWin) => Some(GameResult::SecondWinsByForfeit),
            (Mark::ForfeitLoss, Mark::ForfeitLoss) => Some(GameResult::DoubleForfeit),
            _ => None,
        }
    }

    /// Whether every game of `round` has its result.
    pub fn round_finished(&self, round: u32) -> bool {
        let tables = self.tables(round);
        (0..tables.len()).all(|t| tables[t].second.is_none() || self.result(round, t).is_some())
    }

    /// Whether the event is over: every round played, or a knockout down to its winner.
    pub fn is_finished(&self) -> bool {
        let r = self.rounds();
        if r == 0 || !self.round_finished(r) {
            return false;
        }
        match self.system {
            System::Knockout => self.knockout_winners().is_ok_and(|w| w.len() == 1),
            System::DoubleElimination => self.double_champion().is_some(),
            _ => r >= self.event.planned_rounds,
        }
    }

    /// The winner of a finished knockout.
    pub fn champion(&self) -> Option<PlayerId> {
        if !self.is_finished() {
            return None;
        }
        match self.system {
            System::Knockout => self.knockout_winners().ok().and_then(|w| w.first().copied()),
            System::DoubleElimination => self.double_champion(),
            _ => None,
        }
    }

    /// Pairs the next round and returns its number. The round before must be finished
    /// (in a knockout, every game decided).
    pub fn pair_next(&mut self) -> Result<u32, TournamentError> {
        let done = self.rounds();
        let next = done + 1;
        if done > 0 && !self.round_finished(done) {
            return Err(TournamentError::RoundNotFinished { round: done });
        }
        if self.is_finished() {
            return Err(TournamentError::EventOver(done));
        }
        let snapshot = self.snapshot();
        let tables = match self.system {
            System::RoundRobin | System::DoubleRoundRobin => {
                let all = if self.system == System::RoundRobin {
                    round_robin::berger(self.event.players.len())?
                } else {
                    round_robin::double_berger(self.event.players.len())?
                };
                all.get(done as usize).cloned().ok_or(TournamentError::EventOver(done))?
            }
            System::Swiss { .. } => swiss::pair_next(
                &self.event,
                SwissOptions { ranking: Ranking::Rating, initial: self.initial },
            )?,
            System::Knockout => {
                if done == 0 {
                    knockout::first_round(&seeds(&self.event))?
                } else {
                    knockout::next_round(&self.knockout_winners()?)
                }
            }
            System::DoubleElimination => {
                let mut bracket = self.bracket.clone().ok_or(TournamentError::EventOver(done))?;
                if done > 0 {
                    let winners = self.decided(done)?;
                    bracket.record(&winners)?;
                }
                let tables = bracket.next_round();
                self.bracket = Some(bracket);
                tables
            }
        };
        if self.system.is_knockout() {
            // Those not in this round sit it out.
            let playing: Vec<PlayerId> =
                tables.iter().flat_map(|p| std::iter::once(p.first).chain(p.second)).collect();
            for id in self.event.available() {
                if !playing.contains(&id) {
                    self.event.request_bye(id, next, Mark::ZeroBye)?;
                }
            }
        }
        match self.event.pair_round(&tables) {
            Ok(_) => {
                self.tables.push(tables);
                self.undo.push(snapshot);
                Ok(next)
            }
            Err(e) => {
                self.restore(snapshot);
                Err(e)
            }
        }
    }

    /// Enters (or corrects) the result of a table of a round.
    pub fn set_result(
        &mut self,
        round: u32,
        table: usize,
        result: GameResult,
    ) -> Result<(), TournamentError> {
        let p = *self
            .tables(round)
            .get(table)
            .ok_or(TournamentError::NoSuchTable { round, table: table + 1 })?;
        let second = p.second.ok_or(TournamentError::NoSuchTable { round, table: table + 1 })?;
        if round < self.rounds() && self.system.is_knockout() {
            // A later round was paired from this result.
            return Err(TournamentError::RoundNotFinished { round: self.rounds() });
        }
        let snapshot = self.snapshot();
        self.event.set_result(round, p.first, second, result)?;
        self.undo.push(snapshot);
        Ok(())
    }

    /// Adds a player; returns their start number. Before round 1 any system takes them
    /// (the rounds and the bracket are worked out again); later only a Swiss event, where
    /// the newcomer scores nothing for the rounds missed and is paired from the next.
    pub fn add_late_entry(&mut self, name: &str, rating: u16) -> Result<PlayerId, TournamentError> {
        let name = name.trim();
        let next = self.event.players.len() as PlayerId + 1;
        if name.is_empty() {
            return Err(TournamentError::UnknownPlayer(next));
        }
        if self.event.players.len() >= MAX_PLAYERS {
            return Err(TournamentError::TooManyPlayers(next as usize, MAX_PLAYERS));
        }
        let started = self.rounds() > 0;
        if started && !matches!(self.system, System::Swiss { .. }) {
            return Err(TournamentError::FieldFixed);
        }
        let snapshot = self.snapshot();
        let id = self.event.add_player(name, rating)?;
        if !started {
            self.event.planned_rounds = self.system.rounds_for(self.event.players.len());
            if self.system == System::DoubleElimination {
                self.bracket = Some(Bracket::new(&seeds(&self.event))?);
            }
        }
        self.undo.push(snapshot);
        Ok(id)
    }

    /// Withdraws a player from a Swiss event: from the next round on they are not paired
    /// and score nothing; their games so far stay. Other systems refuse it once round 1
    /// is paired ([`TournamentError::FieldFixed`]): enter forfeits there instead.
    pub fn withdraw(&mut self, id: PlayerId) -> Result<(), TournamentError> {
        self.event.player(id)?;
        if !matches!(self.system, System::Swiss { .. }) {
            return Err(TournamentError::FieldFixed);
        }
        if self.rounds() > 0 && !self.round_finished(self.rounds()) {
            return Err(TournamentError::RoundNotFinished { round: self.rounds() });
        }
        let snapshot = self.snapshot();
        self.event.withdraw(id)?;
        self.undo.push(snapshot);
        Ok(())
    }

    /// Takes back the last result entered or the last round paired; `false` when there
    /// is nothing to take back.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(s) => {
                self.restore(s);
                true
            }
            None => false,
        }
    }

    /// Whether [`Director::undo`] has something to take back.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The standings with the system's tie-breaks.
    pub fn standings(&self) -> Vec<Standing> {
        standings(&self.event, self.system.tiebreaks())
    }

    /// The marks of `a`'s games against `b`, in round order (for a round robin's grid).
    pub fn between(&self, a: PlayerId, b: PlayerId) -> Vec<Mark> {
        self.event.player(a).map_or_else(
            |_| Vec::new(),
            |p| p.entries.iter().filter(|e| e.opponent == Some(b)).map(|e| e.mark).collect(),
        )
    }

    /// The standings as CSV for a spreadsheet: UTF-8 with a byte-order mark, CRLF,
    /// formula-safe cells; rank, start number, name, points, the tie-breaks, then one
    /// column per round (`5w1`: opponent 5, first side, won; `bye`; `-` absent).
    pub fn csv(&self) -> String {
        let mut out = String::from(BOM);
        let mut head: Vec<String> =
            ["rank", "no", "name", "points"].iter().map(|s| (*s).to_owned()).collect();
        head.extend(self.system.tiebreaks().iter().map(|t| t.label().to_owned()));
        head.extend((1..=self.rounds()).map(|r| format!("R{r}")));
        push_row(&mut out, head);
        for s in self.standings() {
            let Ok(p) = self.event.player(s.player) else { continue };
            let mut row =
                vec![s.rank.to_string(), p.id.to_string(), p.name.clone(), points(s.score)];
            row.extend(s.tiebreaks.iter().map(|&v| points(v)));
            for e in p.entries.iter().take(self.rounds() as usize) {
                row.push(match (e.opponent, e.side) {
                    (Some(o), Some(side)) => format!(
                        "{o}{}{}",
                        if side == Side::First { 'w' } else { 'b' },
                        mark_symbol(e.mark)
                    ),
                    _ if e.mark == Mark::ZeroBye => "-".to_owned(),
                    _ => format!("bye{}", mark_symbol(e.mark)),
                });
            }
            push_row(&mut out, row);
        }
        out
    }

    /// The event as a FIDE TRF-16 file.
    pub fn trf(&self) -> String {
        trf::write(&TrfFile { event: self.event.clone(), initial: self.initial })
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            event: self.event.clone(),
            rounds: self.tables.len(),
            bracket: self.bracket.clone(),
        }
    }

    fn restore(&mut self, s: Snapshot) {
        self.event = s.event;
        self.tables.truncate(s.rounds);
        self.bracket = s.bracket;
    }

    /// Takes a saved event and its tables as they were; the bracket of a double
    /// elimination is rebuilt from the decided rounds.
    pub(super) fn restore_rounds(
        &mut self,
        event: Event,
        rounds: Vec<Vec<Pairing>>,
    ) -> Result<(), TournamentError> {
        if rounds.len() as u32 != event.rounds_paired() {
            return Err(TournamentError::Trf {
                line: 0,
                reason: format!(
                    "saved event: {} rounds of tables for {} rounds played",
                    rounds.len(),
                    event.rounds_paired()
                ),
            });
        }
        for (r, tables) in rounds.iter().enumerate() {
            let mut listed = event.round_pairings(r as u32 + 1);
            let mut given = tables.clone();
            listed.sort_by_key(|p| (p.first, p.second));
            given.sort_by_key(|p| (p.first, p.second));
            if listed != given {
                return Err(TournamentError::Inconsistent {
                    round: r as u32 + 1,
                    player: given.first().map_or(0, |p| p.first),
                    opponent: given.first().and_then(|p| p.second).unwrap_or(0),
                });
            }
        }
        self.event = event;
        self.tables = rounds;
        if self.system == System::DoubleElimination {
            // As kept between rounds: every round recorded but the last paired.
            let mut bracket = Bracket::new(&seeds(&self.event))?;
            for round in 1..=self.rounds() {
                if round > 1 {
                    bracket.record(&self.decided(round - 1)?)?;
                }
                bracket.next_round();
            }
            self.bracket = Some(bracket);
        }
        Ok(())
    }

    /// The winner of each table of a finished round, table order (a bye wins).
    fn decided(&self, round: u32) -> Result<Vec<PlayerId>, TournamentError> {
        self.tables(round)
            .iter()
            .enumerate()
            .map(|(t, p)| match (p.second, self.result(round, t)) {
                (None, _) => Ok(p.first),
                (Some(_), Some(GameResult::FirstWins | GameResult::FirstWinsByForfeit)) => {
                    Ok(p.first)
                }
                (Some(s), Some(GameResult::SecondWins | GameResult::SecondWinsByForfeit)) => Ok(s),
                _ => Err(TournamentError::Undecided { round, table: t + 1 }),
            })
            .collect()
    }

    /// The double-elimination bracket with the last round's results recorded.
    pub fn bracket(&self) -> Option<Bracket> {
        let mut b = self.bracket.clone()?;
        if self.rounds() > 0 && self.round_finished(self.rounds()) {
            b.record(&self.decided(self.rounds()).ok()?).ok()?;
        }
        Some(b)
    }

    fn double_champion(&self) -> Option<PlayerId> {
        self.bracket().and_then(|b| b.champion())
    }

    /// The players still in a single-elimination knockout, in bracket order.
    fn knockout_winners(&self) -> Result<Vec<PlayerId>, TournamentError> {
        self.decided(self.rounds())
    }
}

/// The knockout seeds: by rating, then start number.
fn seeds(event: &Event) -> Vec<PlayerId> {
    let numbers = swiss::pairing_numbers(event, Ranking::Rating);
    let mut ids: Vec<PlayerId> = event.players.iter().map(|p| p.id).collect();
    ids.sort_by_key(|&id| numbers[id as usize - 1]);
    ids
}

fn mark_symbol(mark: Mark) -> &'static str {
    match mark {
        Mark::Win | Mark::FullBye | Mark::PairingBye => "1",
        Mark::Draw | Mark::HalfBye => "½",
        Mark::Loss | Mark::ZeroBye => "0",
        Mark::ForfeitWin => "+",
        Mark::ForfeitLoss => "-",
        Mark::Pending => "",
    }
}

fn points(v: f64) -> String {
    if v.fract() == 0.0 { format!("{v:.0}") } else { format!("{v:.1}") }
}
