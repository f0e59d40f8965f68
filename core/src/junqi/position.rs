//! A position in the middle of a game (局面): which piece of which seat stands where,
//! whose turn it is and which seats are out. Lessons and tests start the referee from
//! one with [`Referee::from_position`](crate::junqi::Referee::from_position) instead
//! of four full setups.
//!
//! A [`Position`] is unvalidated; the referee checks it ([`PositionError`]). The text
//! form lists each seat's pieces as a glyph followed by a station code, then the turn
//! and the seats that are out, separated by `;`:
//!
//! ```text
//! S: 旗S6.2 雷S5.2 工S1.3; E: 旗E6.4 师E2.3; N: 旗N6.2 排N1.1; turn: S; out: W
//! ```
//!
//! `turn` defaults to south and `out` to no seat.

use std::fmt;

use crate::junqi::{Rank, Seat, Station, Team};

/// One piece of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionPiece {
    pub station: Station,
    pub seat: Seat,
    pub rank: Rank,
}

/// Pieces, the seat to move and the seats out of the game. Unvalidated.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub pieces: Vec<PositionPiece>,
    pub turn: Seat,
    /// Which seats are out, by seat index.
    pub out: [bool; 4],
}

/// Why a position text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    #[error("'{0}' has no ':' (write 'S: 旗S6.2 …', 'turn: S' or 'out: W')")]
    NoColon(String),
    #[error("'{0}' is not a section: S, E, N, W, turn or out")]
    UnknownSection(String),
    #[error("section '{0}' appears twice")]
    DuplicateSection(String),
    #[error("'{0}' is not a seat: S, E, N or W")]
    BadSeat(String),
    #[error(
        "'{0}' is not a piece: a glyph (司军师旅团营连排工炸雷旗) and a station such as 工S1.3"
    )]
    BadPiece(String),
    #[error("'{item}': '{glyph}' is not a piece (司军师旅团营连排工炸雷旗)")]
    UnknownGlyph { item: String, glyph: char },
    #[error("'{item}': '{station}' is not a station (S1.3, E6.2, C1.1 …)")]
    BadStation { item: String, station: String },
    #[error("'turn' names one seat, not '{0}'")]
    BadTurn(String),
}

/// Why the referee refuses a position: something no game can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{station} holds two pieces")]
    TwoPieces { station: Station },
    #[error("{seat} has {found} × {rank:?}, a set has {allowed}")]
    TooMany { seat: Seat, rank: Rank, found: usize, allowed: usize },
    /// A 军旗 never moves: it stands in its own army's headquarters.
    #[error("{seat}'s flag stands on {station}, not in one of its own headquarters")]
    FlagOutsideHeadquarters { seat: Seat, station: Station },
    /// A 地雷 never moves: it stands on its own army's last two lines.
    #[error("{seat}'s mine stands on {station}, not on its own army's last two lines")]
    MineOffItsLines { seat: Seat, station: Station },
    /// A seat still in the game has its 军旗: a captured flag puts the seat out.
    #[error("{seat} is still in the game but has no flag")]
    NoFlag { seat: Seat },
    /// A seat that is out has no pieces on the board.
    #[error("{seat} is out, but its piece stands on {station}")]
    PieceOfSeatOut { seat: Seat, station: Station },
    #[error("{seat} is out and cannot have the turn")]
    TurnOfSeatOut { seat: Seat },
    /// Both seats of a team out: the game is over.
    #[error("both seats of team {team:?} are out: the game is over")]
    TeamOut { team: Team },
}

impl Position {
    /// Reads the text form (see the module docs). The result is not validated.
    pub fn parse(text: &str) -> Result<Position, ParsePositionError> {
        let mut position = Position { pieces: Vec::new(), turn: Seat::South, out: [false; 4] };
        let mut seen: Vec<String> = Vec::new();
        for section in text.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (head, body) = section
                .split_once(':')
                .ok_or_else(|| ParsePositionError::NoColon(section.to_owned()))?;
            let head = head.trim();
            if seen.iter().any(|s| s.eq_ignore_ascii_case(head)) {
                return Err(ParsePositionError::DuplicateSection(head.to_owned()));
            }
            seen.push(head.to_owned());
            let items = body.split_whitespace();
            match head.to_ascii_lowercase().as_str() {
                "turn" => {
                    let words: Vec<&str> = items.collect();
                    position.turn = match words.as_slice() {
                        [one] => seat_of(one)?,
                        _ => return Err(ParsePositionError::BadTurn(body.trim().to_owned())),
                    };
                }
                "out" => {
                    for word in items {
                        position.out[seat_of(word)?.index()] = true;
                    }
                }
                _ => {
                    let seat = seat_of(head)
                        .map_err(|_| ParsePositionError::UnknownSection(head.to_owned()))?;
                    for item in items {
                        position.pieces.push(piece_of(seat, item)?);
                    }
                }
            }
        }
        Ok(position)
    }

    /// The piece on `station`, if the position has one there (the first one listed).
    pub fn piece(&self, station: Station) -> Option<PositionPiece> {
        self.pieces.iter().copied().find(|p| p.station == station)
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.out[seat.index()]
    }

    /// Checks that a game can stand like this; the first broken rule is the error.
    pub fn validate(&self) -> Result<(), PositionError> {
        for (i, p) in self.pieces.iter().enumerate() {
            if self.pieces[..i].iter().any(|q| q.station == p.station) {
                return Err(PositionError::TwoPieces { station: p.station });
            }
            let (seat, station) = (p.seat, p.station);
            if self.is_out(seat) {
                return Err(PositionError::PieceOfSeatOut { seat, station });
            }
            let own = station.seat() == Some(seat);
            if p.rank == Rank::Flag && !(own && station.is_headquarters()) {
                return Err(PositionError::FlagOutsideHeadquarters { seat, station });
            }
            if p.rank == Rank::Mine && !(own && station.line().is_some_and(|l| l >= 5)) {
                return Err(PositionError::MineOffItsLines { seat, station });
            }
        }
        for seat in Seat::ALL {
            for rank in Rank::ALL {
                let found = self.pieces.iter().filter(|p| p.seat == seat && p.rank == rank).count();
                if found > rank.count() {
                    return Err(PositionError::TooMany {
                        seat,
                        rank,
                        found,
                        allowed: rank.count(),
                    });
                }
            }
            let has_flag = self.pieces.iter().any(|p| p.seat == seat && p.rank == Rank::Flag);
            if !self.is_out(seat) && !has_flag {
                return Err(PositionError::NoFlag { seat });
            }
        }
        for team in [Team::A, Team::B] {
            if team.seats().iter().all(|s| self.is_out(*s)) {
                return Err(PositionError::TeamOut { team });
            }
        }
        if self.is_out(self.turn) {
            return Err(PositionError::TurnOfSeatOut { seat: self.turn });
        }
        Ok(())
    }
}

fn seat_of(word: &str) -> Result<Seat, ParsePositionError> {
    let mut chars = word.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(ParsePositionError::BadSeat(word.to_owned())),
    }
}

fn piece_of(seat: Seat, item: &str) -> Result<PositionPiece, ParsePositionError> {
    let mut chars = item.chars();
    let glyph = chars.next().ok_or_else(|| ParsePositionError::BadPiece(item.to_owned()))?;
    let code = chars.as_str();
    if code.is_empty() {
        return Err(ParsePositionError::BadPiece(item.to_owned()));
    }
    let rank = Rank::from_glyph(glyph)
        .ok_or_else(|| ParsePositionError::UnknownGlyph { item: item.to_owned(), glyph })?;
    let station = Station::parse_code(code).ok_or_else(|| ParsePositionError::BadStation {
        item: item.to_owned(),
        station: code.to_owned(),
    })?;
    Ok(PositionPiece { station, seat, rank })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in Seat::ALL {
            let mine: Vec<String> = self
                .pieces
                .iter()
                .filter(|p| p.seat == seat)
                .map(|p| format!("{}{}", p.rank.glyph(), p.station.code()))
                .collect();
            if !mine.is_empty() {
                write!(f, "{}: {}; ", seat.letter(), mine.join(" "))?;
            }
        }
        write!(f, "turn: {}", self.turn.letter())?;
        let out: Vec<String> =
            Seat::ALL.iter().filter(|s| self.is_out(**s)).map(|s| s.letter().to_string()).collect();
        if !out.is_empty() {
            write!(f, "; out: {}", out.join(" "))?;
        }
        Ok(())
    }
}
