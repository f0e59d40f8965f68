//! The FIDE Tournament Report File (TRF-16): reading and writing an [`Event`].
//!
//! Lines read: `012` (the event's name), `001` (a player: start number, name, rating and
//! one ten-column cell per round), `XXR` (planned rounds), `XXC` (`white1`/`black1`: the
//! side of pairing number 1 in round 1) and the point values `BBW` `BBD` `BBL` `BBU`
//! (win, draw, loss, pairing bye; missing ones keep 1, ½, 0, 1). Other lines are
//! skipped. Columns count characters, so names may be written in 汉字; a name is cut to
//! 33 characters. The points and rank columns are written from the event and not
//! trusted on reading.
//!
//! A round cell is `  OOOO C R`: opponent (`0000` for none), side (`w`, `b`, `-`) and
//! result (`1` `=` `0` win/draw/loss, `+` `-` forfeits, `U` pairing bye, `F` full-point
//! bye, `H` half-point bye, `Z` absent, blank for a game not finished; `W` `D` `L`
//! read as `1` `=` `0`).

use std::fmt::Write as _;

use crate::Side;

use super::roster::{Entry, Event, Mark, Player, PlayerId, TournamentError};
use super::scoring::{Points, Scoring};
use super::tiebreaks::standings;

/// An event with the side given to pairing number 1 in round 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfFile {
    pub event: Event,
    pub initial: Side,
}

const NAME_WIDTH: usize = 33;
const FIRST_CELL: usize = 89;
const CELL: usize = 10;

/// Writes the file.
pub fn write(file: &TrfFile) -> String {
    let event = &file.event;
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", event.name);
    if event.planned_rounds > 0 {
        let _ = writeln!(out, "XXR {}", event.planned_rounds);
    }
    let _ = writeln!(out, "XXC {}", if file.initial == Side::First { "white1" } else { "black1" });
    let s = &event.scoring;
    if *s != Scoring::CLASSIC {
        for (code, points) in
            [("BBW", s.win), ("BBD", s.draw), ("BBL", s.loss), ("BBU", s.pairing_bye)]
        {
            let _ = writeln!(out, "{code} {points:>4.1}");
        }
    }
    let ranks = standings(event, &[]);
    for p in &event.players {
        let rank = ranks.iter().find(|r| r.player == p.id).map_or(0, |r| r.rank);
        let name: String = p.name.chars().take(NAME_WIDTH).collect();
        let rating = if p.rating == 0 { String::new() } else { p.rating.to_string() };
        let points = event.score(p.id);
        let _ = write!(
            out,
            "001 {:>4}      {}{} {:>4}     {:>11} {:>10} {:>4.1} {:>4}",
            p.id,
            name,
            " ".repeat(NAME_WIDTH - name.chars().count()),
            rating,
            "",
            "",
            points,
            rank
        );
        for e in &p.entries {
            let opponent = e.opponent.unwrap_or(0);
            let side = match e.side {
                Some(Side::First) => 'w',
                Some(Side::Second) => 'b',
                None => '-',
            };
            let _ = write!(out, "  {opponent:04} {side} {}", mark_code(e.mark));
        }
        // A pending last game leaves a blank result: keep the line's length honest.
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

fn mark_code(mark: Mark) -> char {
    match mark {
        Mark::Win => '1',
        Mark::Draw => '=',
        Mark::Loss => '0',
        Mark::ForfeitWin => '+',
        Mark::ForfeitLoss => '-',
        Mark::PairingBye => 'U',
        Mark::FullBye => 'F',
        Mark::HalfBye => 'H',
        Mark::ZeroBye => 'Z',
        Mark::Pending => ' ',
    }
}

fn bad(line: usize, reason: impl Into<String>) -> TournamentError {
    TournamentError::Trf { line, reason: reason.into() }
}

/// Reads a file; the event is checked for consistency (both players of a game agree).
pub fn read(text: &str) -> Result<TrfFile, TournamentError> {
    let mut event = Event::new("", Scoring::CLASSIC);
    let mut initial = Side::First;
    let mut players: Vec<Player> = Vec::new();
    // Lines may end in LF, CRLF or a lone CR (some programs write that).
    let text = text.replace("\r\n", "\n");
    for (i, line) in text.split(['\n', '\r']).enumerate() {
        let n = i + 1;
        let (code, rest) = (line.get(..3).unwrap_or(line), line.get(3..).unwrap_or(""));
        match code {
            "012" => event.name = rest.trim().to_string(),
            "XXR" => {
                event.planned_rounds = rest
                    .trim()
                    .parse()
                    .map_err(|_| bad(n, format!("XXR needs a number, got '{}'", rest.trim())))?
            }
            "XXC" => {
                initial = match rest.trim() {
                    "white1" => Side::First,
                    "black1" => Side::Second,
                    other => {
                        return Err(bad(n, format!("XXC must be white1 or black1, got '{other}'")));
                    }
                }
            }
            "BBW" | "BBD" | "BBL" | "BBU" => {
                let points = Points::parse(rest).ok_or_else(|| {
                    bad(n, format!("{code} needs points like 1.0, got '{}'", rest.trim()))
                })?;
                let s = &mut event.scoring;
                match code {
                    "BBW" => {
                        s.win = points;
                        s.forfeit_win = points;
                    }
                    "BBD" => {
                        s.draw = points;
                        s.half_bye = points;
                    }
                    "BBL" => s.loss = points,
                    _ => s.pairing_bye = points,
                }
            }
            "001" => players.push(player_line(line, n)?),
            _ => {}
        }
    }
    players.sort_by_key(|p| p.id);
    for (i, p) in players.iter().enumerate() {
        if p.id as usize != i + 1 {
            return Err(bad(
                0,
                format!("start numbers must run 1, 2, 3, …; found {} at place {}", p.id, i + 1),
            ));
        }
    }
    event.players = players;
    event.validate()?;
    Ok(TrfFile { event, initial })
}

fn field(chars: &[char], from: usize, to: usize) -> String {
    chars.get(from..to.min(chars.len())).unwrap_or(&[]).iter().collect::<String>()
}

fn player_line(line: &str, n: usize) -> Result<Player, TournamentError> {
    let chars: Vec<char> = line.chars().collect();
    let id_text = field(&chars, 4, 8);
    let id: PlayerId = id_text
        .trim()
        .parse()
        .map_err(|_| bad(n, format!("start number '{}' is not a number", id_text.trim())))?;
    if id == 0 {
        return Err(bad(n, "start numbers begin at 1"));
    }
    let name = field(&chars, 14, 47).trim().to_string();
    let rating_text = field(&chars, 48, 52);
    let rating = match rating_text.trim() {
        "" => 0,
        r => r.parse().map_err(|_| bad(n, format!("rating '{r}' is not a number")))?,
    };
    let mut entries = Vec::new();
    let mut start = FIRST_CELL;
    while start < chars.len() {
        let cell: Vec<char> =
            (0..CELL).map(|k| chars.get(start + k).copied().unwrap_or(' ')).collect();
        entries.push(cell_entry(&cell, n, entries.len() + 1)?);
        start += CELL;
    }
    while entries.last().is_some_and(|e: &Entry| e.opponent.is_none() && e.mark == Mark::Pending) {
        entries.pop();
    }
    for (r, e) in entries.iter().enumerate() {
        if e.opponent.is_none() && e.mark == Mark::Pending {
            return Err(bad(n, format!("round {} is empty but later rounds are not", r + 1)));
        }
    }
    Ok(Player { id, name, rating, entries })
}

fn cell_entry(cell: &[char], n: usize, round: usize) -> Result<Entry, TournamentError> {
    let text: String = cell.iter().collect();
    if text.trim().is_empty() {
        return Ok(Entry::bye(Mark::Pending));
    }
    let where_ = |what: &str| bad(n, format!("round {round}: {what} in '{}'", text.trim_end()));
    if cell[0] != ' ' || cell[1] != ' ' || cell[6] != ' ' || cell[8] != ' ' {
        return Err(where_("a cell is '  OOOO C R'"));
    }
    let opponent_text: String = cell[2..6].iter().collect();
    let opponent: u32 = match opponent_text.trim() {
        "" => 0,
        o => o.parse().map_err(|_| where_("the opponent is not a number"))?,
    };
    let side = match cell[7] {
        'w' => Some(Side::First),
        'b' => Some(Side::Second),
        '-' | ' ' => None,
        _ => return Err(where_("the side is w, b or -")),
    };
    let mark = match cell[9] {
        '1' | 'W' => Mark::Win,
        '=' | 'D' => Mark::Draw,
        '0' | 'L' => Mark::Loss,
        '+' => Mark::ForfeitWin,
        '-' if opponent == 0 => Mark::ZeroBye,
        '-' => Mark::ForfeitLoss,
        'U' => Mark::PairingBye,
        'F' => Mark::FullBye,
        'H' => Mark::HalfBye,
        'Z' => Mark::ZeroBye,
        ' ' => Mark::Pending,
        _ => return Err(where_("unknown result")),
    };
    match (opponent, side) {
        (0, None) if mark.is_bye() => Ok(Entry::bye(mark)),
        (0, _) => Err(where_("a round without an opponent needs side '-' and a bye result")),
        (o, Some(s)) if !mark.is_bye() => Ok(Entry { opponent: Some(o), side: Some(s), mark }),
        _ => Err(where_("a game needs a side w or b and a game result")),
    }
}
