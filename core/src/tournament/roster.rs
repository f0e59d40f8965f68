//! Players, their rounds and results; late entries and withdrawals.

use crate::Side;

use super::scoring::{Points, Scoring};

/// A player's start number, from 1 (as in TRF files and pairing cards).
pub type PlayerId = u32;

/// What one round gave one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Win,
    Draw,
    Loss,
    /// Won because the opponent did not come.
    ForfeitWin,
    /// Lost by not coming to a paired game.
    ForfeitLoss,
    /// The bye the pairing gave the odd player out.
    PairingBye,
    /// A bye worth a win (for example by the arbiter's decision).
    FullBye,
    /// A requested half-point bye.
    HalfBye,
    /// Absent, not paired: a late entry's early rounds, a withdrawal's later ones.
    ZeroBye,
    /// Paired, result not in yet.
    Pending,
}

impl Mark {
    /// A round without an opponent.
    pub fn is_bye(self) -> bool {
        matches!(self, Mark::PairingBye | Mark::FullBye | Mark::HalfBye | Mark::ZeroBye)
    }

    /// The opponent's mark for the same game.
    pub fn opposite(self) -> Mark {
        match self {
            Mark::Win => Mark::Loss,
            Mark::Loss => Mark::Win,
            Mark::ForfeitWin => Mark::ForfeitLoss,
            Mark::ForfeitLoss => Mark::ForfeitWin,
            other => other,
        }
    }
}

/// One round of one player: an opponent and a side for a game, neither for a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    pub opponent: Option<PlayerId>,
    pub side: Option<Side>,
    pub mark: Mark,
}

impl Entry {
    pub fn bye(mark: Mark) -> Entry {
        Entry { opponent: None, side: None, mark }
    }

    /// A game played over the board (not a forfeit, not pending).
    pub fn played(&self) -> bool {
        self.opponent.is_some() && matches!(self.mark, Mark::Win | Mark::Draw | Mark::Loss)
    }
}

/// One entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// 0 when unrated.
    pub rating: u16,
    /// Round `r` is `entries[r - 1]`; entries past the paired rounds are byes entered
    /// ahead (a withdrawal, a requested bye).
    pub entries: Vec<Entry>,
}

impl Player {
    /// The sides of the games actually played, in order (byes and forfeits left out).
    pub fn sides(&self) -> impl Iterator<Item = Side> + '_ {
        self.entries.iter().filter(|e| e.played()).filter_map(|e| e.side)
    }

    /// Games with the first side minus games with the second side.
    pub fn side_balance(&self) -> i32 {
        self.sides().map(|s| if s == Side::First { 1 } else { -1 }).sum()
    }

    /// The opponents met (forfeited games count: they are not paired again).
    pub fn opponents(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.entries.iter().filter_map(|e| e.opponent)
    }

    /// Whether the player has had a bye that scored without playing.
    pub fn had_scoring_bye(&self) -> bool {
        self.entries
            .iter()
            .any(|e| matches!(e.mark, Mark::PairingBye | Mark::FullBye | Mark::ForfeitWin))
    }
}

/// A game of a round, or a bye when `second` is `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub first: PlayerId,
    pub second: Option<PlayerId>,
}

impl Pairing {
    pub fn game(first: PlayerId, second: PlayerId) -> Pairing {
        Pairing { first, second: Some(second) }
    }

    pub fn bye(player: PlayerId) -> Pairing {
        Pairing { first: player, second: None }
    }
}

/// A result seen from the first side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    FirstWins,
    Draw,
    SecondWins,
    /// The second side did not come.
    FirstWinsByForfeit,
    /// The first side did not come.
    SecondWinsByForfeit,
    /// Neither came.
    DoubleForfeit,
}

impl GameResult {
    fn marks(self) -> (Mark, Mark) {
        match self {
            GameResult::FirstWins => (Mark::Win, Mark::Loss),
            GameResult::Draw => (Mark::Draw, Mark::Draw),
            GameResult::SecondWins => (Mark::Loss, Mark::Win),
            GameResult::FirstWinsByForfeit => (Mark::ForfeitWin, Mark::ForfeitLoss),
            GameResult::SecondWinsByForfeit => (Mark::ForfeitLoss, Mark::ForfeitWin),
            GameResult::DoubleForfeit => (Mark::ForfeitLoss, Mark::ForfeitLoss),
        }
    }
}

/// Why an event, a round or a file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("there is no player with start number {0}")]
    UnknownPlayer(PlayerId),
    #[error("player {player} appears twice in round {round}")]
    PairedTwice { player: PlayerId, round: u32 },
    #[error("player {player} is not paired in round {round}")]
    NotPaired { player: PlayerId, round: u32 },
    #[error("player {player} is absent in round {round} and cannot be paired")]
    Absent { player: PlayerId, round: u32 },
    #[error("round {round} has no game {first}–{second}")]
    NoSuchGame { round: u32, first: PlayerId, second: PlayerId },
    #[error("a player cannot play themself ({0})")]
    SelfPairing(PlayerId),
    #[error("{0} players are too few (at least {1} are needed)")]
    TooFewPlayers(usize, usize),
    #[error("{0} players are too many for this table (at most {1})")]
    TooManyPlayers(usize, usize),
    #[error("round {round} cannot be paired without breaking an absolute rule")]
    NoPairing { round: u32 },
    #[error("all {0} planned rounds are already paired")]
    EventOver(u32),
    #[error("round {round}: players {player} and {opponent} disagree about their game")]
    Inconsistent { round: u32, player: PlayerId, opponent: PlayerId },
    #[error("line {line}: {reason}")]
    Trf { line: usize, reason: String },
    #[error("round {round} has games without a result")]
    RoundNotFinished { round: u32 },
    #[error("round {round}, table {table}: a knockout game needs a winner (play a decider)")]
    Undecided { round: u32, table: usize },
    #[error("round {round} has no table {table} with a game")]
    NoSuchTable { round: u32, table: usize },
    /// Only a Swiss event takes players in or lets them go once it has begun; in the
    /// other systems the caller should offer forfeits for the games left instead.
    #[error("only a Swiss event takes late entries and withdrawals once round 1 is paired")]
    FieldFixed,
}

/// A tournament: its players and every round so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    pub scoring: Scoring,
    /// The number of rounds planned (0 if not known).
    pub planned_rounds: u32,
    /// Indexed by start number − 1.
    pub players: Vec<Player>,
}

impl Event {
    pub fn new(name: &str, scoring: Scoring) -> Event {
        Event { name: name.to_string(), scoring, planned_rounds: 0, players: Vec::new() }
    }

    /// Adds a player and returns their start number. A late entry (after round 1 was
    /// paired) gets a zero-point absence for each round already paired.
    pub fn add_player(&mut self, name: &str, rating: u16) -> Result<PlayerId, TournamentError> {
        self.add_late_player(name, rating, Mark::ZeroBye)
    }

    /// Adds a player who scores `missed` (usually [`Mark::ZeroBye`] or
    /// [`Mark::HalfBye`]) for each round already paired.
    pub fn add_late_player(
        &mut self,
        name: &str,
        rating: u16,
        missed: Mark,
    ) -> Result<PlayerId, TournamentError> {
        let id = self.players.len() as PlayerId + 1;
        let entries = vec![Entry::bye(missed); self.rounds_paired() as usize];
        self.players.push(Player { id, name: name.to_string(), rating, entries });
        Ok(id)
    }

    /// Withdraws a player from every round not yet paired (up to the planned rounds,
    /// at least the next one): they are absent and score nothing.
    pub fn withdraw(&mut self, id: PlayerId) -> Result<(), TournamentError> {
        let last = self.planned_rounds.max(self.rounds_paired() + 1) as usize;
        let player = self.player_mut(id)?;
        while player.entries.len() < last {
            player.entries.push(Entry::bye(Mark::ZeroBye));
        }
        Ok(())
    }

    /// Enters a bye ahead for the player's next open round (a requested half-point
    /// bye, say); `round` must be that round.
    pub fn request_bye(
        &mut self,
        id: PlayerId,
        round: u32,
        mark: Mark,
    ) -> Result<(), TournamentError> {
        let paired = self.rounds_paired();
        let player = self.player_mut(id)?;
        let next = player.entries.len() as u32 + 1;
        if round <= paired || round != next || !mark.is_bye() || mark == Mark::PairingBye {
            return Err(TournamentError::Absent { player: id, round });
        }
        player.entries.push(Entry::bye(mark));
        Ok(())
    }

    pub fn player(&self, id: PlayerId) -> Result<&Player, TournamentError> {
        id.checked_sub(1)
            .and_then(|i| self.players.get(i as usize))
            .ok_or(TournamentError::UnknownPlayer(id))
    }

    fn player_mut(&mut self, id: PlayerId) -> Result<&mut Player, TournamentError> {
        id.checked_sub(1)
            .and_then(|i| self.players.get_mut(i as usize))
            .ok_or(TournamentError::UnknownPlayer(id))
    }

    /// The last round with a game or a pairing bye.
    pub fn rounds_paired(&self) -> u32 {
        self.players
            .iter()
            .filter_map(|p| {
                p.entries.iter().rposition(|e| e.opponent.is_some() || e.mark == Mark::PairingBye)
            })
            .max()
            .map_or(0, |i| i as u32 + 1)
    }

    /// The players to pair in the next round: those without a bye entered ahead.
    pub fn available(&self) -> Vec<PlayerId> {
        let next = self.rounds_paired() as usize;
        self.players.iter().filter(|p| p.entries.len() <= next).map(|p| p.id).collect()
    }

    /// A player's score over all rounds.
    pub fn score(&self, id: PlayerId) -> Points {
        self.score_after(id, u32::MAX)
    }

    /// A player's score after the first `rounds` rounds.
    pub fn score_after(&self, id: PlayerId, rounds: u32) -> Points {
        self.player(id).map_or(Points(0), |p| {
            p.entries.iter().take(rounds as usize).map(|e| self.scoring.points(e.mark)).sum()
        })
    }

    /// Records the next round's pairings (results pending) and returns its number.
    /// Every available player must appear exactly once.
    pub fn pair_round(&mut self, pairings: &[Pairing]) -> Result<u32, TournamentError> {
        let round = self.rounds_paired() + 1;
        if self.planned_rounds > 0 && round > self.planned_rounds {
            return Err(TournamentError::EventOver(self.planned_rounds));
        }
        let mut seen = vec![false; self.players.len()];
        for id in pairings.iter().flat_map(|p| std::iter::once(p.first).chain(p.second)) {
            let player = self.player(id)?;
            if player.entries.len() >= round as usize {
                return Err(TournamentError::Absent { player: id, round });
            }
            if std::mem::replace(&mut seen[id as usize - 1], true) {
                return Err(TournamentError::PairedTwice { player: id, round });
            }
        }
        if let Some(missing) = self.available().into_iter().find(|&id| !seen[id as usize - 1]) {
            return Err(TournamentError::NotPaired { player: missing, round });
        }
        for p in pairings {
            if p.second == Some(p.first) {
                return Err(TournamentError::SelfPairing(p.first));
            }
        }
        for p in pairings {
            match p.second {
                Some(second) => {
                    self.players[p.first as usize - 1].entries.push(Entry {
                        opponent: Some(second),
                        side: Some(Side::First),
                        mark: Mark::Pending,
                    });
                    self.players[second as usize - 1].entries.push(Entry {
                        opponent: Some(p.first),
                        side: Some(Side::Second),
                        mark: Mark::Pending,
                    });
                }
                None => {
                    self.players[p.first as usize - 1].entries.push(Entry::bye(Mark::PairingBye))
                }
            }
        }
        Ok(round)
    }

    /// The pairings of a round already paired (games first-side first, then byes).
    pub fn round_pairings(&self, round: u32) -> Vec<Pairing> {
        let i = round as usize - 1;
        let mut out = Vec::new();
        for p in &self.players {
            match p.entries.get(i) {
                Some(e) if e.side == Some(Side::First) => {
                    out.push(Pairing { first: p.id, second: e.opponent })
                }
                Some(e) if e.mark == Mark::PairingBye => out.push(Pairing::bye(p.id)),
                _ => {}
            }
        }
        out
    }

    /// Enters (or corrects) the result of a game of `round`.
    pub fn set_result(
        &mut self,
        round: u32,
        first: PlayerId,
        second: PlayerId,
        result: GameResult,
    ) -> Result<(), TournamentError> {
        let i = (round as usize).checked_sub(1);
        let no_game = TournamentError::NoSuchGame { round, first, second };
        let i = i.ok_or(no_game.clone())?;
        let ok = self
            .player(first)?
            .entries
            .get(i)
            .is_some_and(|e| e.opponent == Some(second) && e.side == Some(Side::First));
        if !ok {
            return Err(no_game);
        }
        let (a, b) = result.marks();
        self.player_mut(first)?.entries[i].mark = a;
        self.player_mut(second)?.entries[i].mark = b;
        Ok(())
    }

    /// Checks that both players of every game agree on it (what a file read in must hold).
    pub fn validate(&self) -> Result<(), TournamentError> {
        for (index, p) in self.players.iter().enumerate() {
            if p.id != index as PlayerId + 1 {
                return Err(TournamentError::UnknownPlayer(p.id));
            }
        }
        for p in &self.players {
            for (i, e) in p.entries.iter().enumerate() {
                let round = i as u32 + 1;
                let Some(o) = e.opponent else {
                    if !e.mark.is_bye() || e.side.is_some() {
                        return Err(TournamentError::NotPaired { player: p.id, round });
                    }
                    continue;
                };
                let bad = TournamentError::Inconsistent { round, player: p.id, opponent: o };
                if o == p.id {
                    return Err(TournamentError::SelfPairing(o));
                }
                let other = self.player(o)?.entries.get(i).ok_or(bad.clone())?;
                let double_forfeit = e.mark == Mark::ForfeitLoss && other.mark == Mark::ForfeitLoss;
                if e.side.is_none()
                    || other.opponent != Some(p.id)
                    || other.side != e.side.map(Side::opponent)
                    || e.mark.is_bye()
                    || (other.mark != e.mark.opposite() && !double_forfeit)
                {
                    return Err(bad);
                }
            }
        }
        Ok(())
    }
}
