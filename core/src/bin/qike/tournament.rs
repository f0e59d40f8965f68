//! `qike tournament pair|standings --trf FILE`: the next Swiss round, or the standings.

use qike_core::tournament::swiss::{self, Ranking, SwissOptions};
use qike_core::tournament::{Tiebreak, standings, trf};

use crate::args::Args;

pub fn command(args: &mut Args) -> Result<(), String> {
    let sub = args.positional("tournament subcommand (pair or standings)")?;
    let file = args.option("--trf").ok_or("missing --trf FILE")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
    match sub.as_str() {
        "pair" => {
            let ranking = ranking(args.option("--ranking"))?;
            args.finish()?;
            let parsed = trf::read(&text).map_err(|e| format!("{file}: {e}"))?;
            let options = SwissOptions { ranking, initial: parsed.initial };
            let pairs = swiss::pair_next(&parsed.event, options).map_err(|e| e.to_string())?;
            println!("{}", pairs.len());
            for p in pairs {
                println!("{} {}", p.first, p.second.unwrap_or(0));
            }
            Ok(())
        }
        "standings" => {
            let tiebreaks = tiebreaks(args.option("--tiebreaks"))?;
            args.finish()?;
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
        other => Err(format!("unknown tournament subcommand '{other}' (try: pair, standings)")),
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
