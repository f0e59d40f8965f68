//! `qike tournament pair|standings --trf FILE`: the next Swiss round, or the standings.
//! `qike tournament double --players N [--winners "3 1 4/…"]`: the next round of a
//! double-elimination bracket of seeds 1..N, from the winners of the games so far (each
//! round's winners in table order, rounds split by `/`; byes need no entry).

use qike_core::tournament::double_elimination::Bracket;
use qike_core::tournament::swiss::{self, Ranking, SwissOptions};
use qike_core::tournament::{PlayerId, Tiebreak, standings, trf};

use crate::cli::TournamentCommand;

fn read_trf(file: &str) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
}

pub fn command(command: TournamentCommand) -> Result<(), String> {
    match command {
        TournamentCommand::Double { players, winners } => double(&players, winners),
        TournamentCommand::Pair { trf: file, ranking: by } => {
            let text = read_trf(&file)?;
            let ranking = ranking(by)?;
            let parsed = trf::read(&text).map_err(|e| format!("{file}: {e}"))?;
            let options = SwissOptions { ranking, initial: parsed.initial };
            let pairs = swiss::pair_next(&parsed.event, options).map_err(|e| e.to_string())?;
            println!("{}", pairs.len());
            for p in pairs {
                println!("{} {}", p.first, p.second.unwrap_or(0));
            }
            Ok(())
        }
        TournamentCommand::Standings { trf: file, tiebreaks: list } => {
            let text = read_trf(&file)?;
            let tiebreaks = tiebreaks(list)?;
            let parsed = trf::read(&text).map_err(|e| format!("{file}: {e}"))?;
            let event = &parsed.event;
            let mut header = format!("{:>4} {:>4} {:<20} {:>5}", "rank", "no", "name", "pts");
            for t in &tiebreaks {
                header.push_str(&format!(" {:>6}", t.label()));
            }
            println!("{header}");
            for row in standings(event, &tiebreaks) {
                let name = event.player(row.player).map(|p| p.name.clone()).unwrap_or_default();
                let mut line =
                    format!("{:>4} {:>4} {:<20} {:>5}", row.rank, row.player, name, row.score);
                for v in &row.tiebreaks {
                    line.push_str(&format!(" {v:>6}"));
                }
                println!("{line}");
            }
            Ok(())
        }
    }
}

fn ranking(option: Option<String>) -> Result<Ranking, String> {
    match option.as_deref() {
        None | Some("start") => Ok(Ranking::StartNumber),
        Some("rating") => Ok(Ranking::Rating),
        Some(other) => match other.strip_prefix("lot:").map(str::parse) {
            Some(Ok(seed)) => Ok(Ranking::Lot(seed)),
            _ => Err(format!("--ranking is start, rating or lot:SEED, got '{other}'")),
        },
    }
}

fn tiebreaks(option: Option<String>) -> Result<Vec<Tiebreak>, String> {
    let Some(list) = option else {
        return Ok(vec![Tiebreak::BuchholzCut1, Tiebreak::Buchholz, Tiebreak::SonnebornBerger]);
    };
    list.split(',')
        .map(|name| match name.trim() {
            "buchholz" => Ok(Tiebreak::Buchholz),
            "buchholz-cut1" => Ok(Tiebreak::BuchholzCut1),
            "median" => Ok(Tiebreak::MedianBuchholz),
            "sb" => Ok(Tiebreak::SonnebornBerger),
            "progressive" => Ok(Tiebreak::Progressive),
            "direct" => Ok(Tiebreak::DirectEncounter),
            "wins" => Ok(Tiebreak::Wins),
            "wins-second" => Ok(Tiebreak::WinsWithSecond),
            other => Err(format!(
                "unknown tie-break '{other}' (try: buchholz, buchholz-cut1, median, sb, progressive, direct, wins, wins-second)"
            )),
        })
        .collect()
}

/// Replays a double-elimination bracket from the winners given and prints the next
/// round like `pair` does (a bye as `n 0`), or `champion N` once it is decided.
fn double(players: &str, winners: Option<String>) -> Result<(), String> {
    let players: usize = players.parse().map_err(|_| "--players needs a number".to_string())?;
    let winners = winners.unwrap_or_default();
    let seeds: Vec<PlayerId> = (1..=players as PlayerId).collect();
    let mut bracket = Bracket::new(&seeds).map_err(|e| e.to_string())?;
    let rounds: Vec<&str> = winners.split('/').map(str::trim).filter(|r| !r.is_empty()).collect();
    for (r, line) in rounds.iter().enumerate() {
        let round = r + 1;
        let tables = bracket.next_round();
        if tables.is_empty() {
            return Err(format!("round {round}: the bracket already has its champion"));
        }
        let mut given = line.split([' ', ',']).filter(|w| !w.is_empty()).map(|w| {
            w.parse::<PlayerId>().map_err(|_| format!("round {round}: '{w}' is not a number"))
        });
        let mut decided = Vec::new();
        for (t, table) in tables.iter().enumerate() {
            let Some(second) = table.second else {
                decided.push(table.first);
                continue;
            };
            let winner = given.next().ok_or(format!(
                "round {round}: table {} ({} v {second}) has no winner",
                t + 1,
                table.first
            ))??;
            if winner != table.first && winner != second {
                return Err(format!(
                    "round {round}: {winner} did not play at table {} ({} v {second})",
                    t + 1,
                    table.first
                ));
            }
            decided.push(winner);
        }
        if let Some(extra) = given.next() {
            return Err(format!("round {round}: more winners than games ({})", extra?));
        }
        bracket.record(&decided).map_err(|e| e.to_string())?;
    }
    if let Some(champion) = bracket.champion() {
        println!("champion {champion}");
        return Ok(());
    }
    let tables = bracket.next_round();
    println!("{}", tables.len());
    for p in tables {
        println!("{} {}", p.first, p.second.unwrap_or(0));
    }
    Ok(())
}
