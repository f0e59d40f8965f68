//! An event as text, to keep it across restarts: the system, the tables of each round
//! in the order they were given, then the event itself as a TRF file. A
//! double-elimination bracket is rebuilt by replaying the decided rounds. The undo
//! history is not kept.

use std::fmt::Write;

use super::director::{Director, System};
use super::roster::{Pairing, PlayerId, TournamentError};
use super::trf::{self, TrfFile};

const HEADER: &str = "QIKE-EVENT 1";

fn damaged(reason: impl Into<String>) -> TournamentError {
    TournamentError::Trf { line: 0, reason: format!("saved event: {}", reason.into()) }
}

impl Director {
    /// The event as text for [`Director::from_saved`].
    pub fn to_saved(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{HEADER}");
        let system = match self.system {
            System::RoundRobin => "round-robin".to_string(),
            System::DoubleRoundRobin => "double-round-robin".to_string(),
            System::Swiss { rounds } => format!("swiss {rounds}"),
            System::Knockout => "knockout".to_string(),
            System::DoubleElimination => "double-elimination".to_string(),
        };
        let _ = writeln!(out, "system {system}");
        for round in 1..=self.rounds() {
            let tables: Vec<String> = self
                .tables(round)
                .iter()
                .map(|p| format!("{}-{}", p.first, p.second.unwrap_or(0)))
                .collect();
            let _ = writeln!(out, "tables {}", tables.join(" "));
        }
        out.push_str(&trf::write(&TrfFile { event: self.event.clone(), initial: self.initial }));
        out
    }

    /// Reads what [`Director::to_saved`] wrote; a damaged text is refused with the reason.
    pub fn from_saved(text: &str) -> Result<Director, TournamentError> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(damaged("not a saved Qike event"));
        }
        let system = match lines.next().and_then(|l| l.strip_prefix("system ")) {
            Some("round-robin") => System::RoundRobin,
            Some("double-round-robin") => System::DoubleRoundRobin,
            Some("knockout") => System::Knockout,
            Some("double-elimination") => System::DoubleElimination,
            Some(other) => match other.strip_prefix("swiss ").map(str::parse) {
                Some(Ok(rounds)) => System::Swiss { rounds },
                _ => return Err(damaged(format!("unknown system '{other}'"))),
            },
            None => return Err(damaged("no system line")),
        };
        let mut rounds: Vec<Vec<Pairing>> = Vec::new();
        let mut rest = String::new();
        for line in lines {
            match line.strip_prefix("tables ") {
                Some(list) if rest.is_empty() => {
                    let tables = list
                        .split_whitespace()
                        .map(|cell| {
                            let (a, b) = cell.split_once('-')?;
                            let (a, b): (PlayerId, PlayerId) = (a.parse().ok()?, b.parse().ok()?);
                            Some(if b == 0 { Pairing::bye(a) } else { Pairing::game(a, b) })
                        })
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| damaged(format!("bad tables '{list}'")))?;
                    rounds.push(tables);
                }
                _ => {
                    rest.push_str(line);
                    rest.push('\n');
                }
            }
        }
        let TrfFile { event, initial } = trf::read(&rest)?;
        event.validate()?;
        let players: Vec<(String, u16)> =
            event.players.iter().map(|p| (p.name.clone(), p.rating)).collect();
        let mut director = Director::new(&event.name, event.scoring, system, &players)?;
        director.initial = initial;
        director.restore_rounds(event, rounds)?;
        Ok(director)
    }
}
