//! A seat's setup (布阵): which rank stands on each of its army's 30 stations, the rules
//! a setup must keep, a random legal setup and a compact text form.
//!
//! Rules: the 25 pieces exactly (军旗, 司令, 军长 ×1; 炸弹, 师长, 旅长, 团长, 营长 ×2;
//! 连长, 排长, 工兵, 地雷 ×3); the 军旗 in a 大本营; 地雷 only on the last two lines
//! (五线 and 底线); no 炸弹 on the first line; the five camps empty.
//!
//! The text form lists the lines from 一线 to 底线, separated by `/`, each line's five
//! columns from the owner's left, one glyph per station (司 军 师 旅 团 营 连 排 工 炸 雷
//! 旗) and `.` for an empty one, e.g.
//! `排旅师排连/军.师.连/炸营.团团/炸.旅.工/雷连营工雷/工旗雷排司`.

use std::fmt;

use crate::Rng;
use crate::game::Text;
use crate::junqi::refusal::SetupError;
use crate::junqi::{PIECES_PER_SEAT, Rank, Seat, Station};

/// The ranks on one army's 30 stations, indexed by (line − 1) × 5 + (column − 1).
/// Unvalidated: [`ArmySetup::validate`] checks the rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArmySetup {
    cells: [Option<Rank>; 30],
}

fn cell(line: u8, column: u8) -> usize {
    (line as usize - 1) * 5 + column as usize - 1
}

impl ArmySetup {
    pub fn empty() -> ArmySetup {
        ArmySetup { cells: [None; 30] }
    }

    /// The rank at `line` (1..=6) and `column` (1..=5).
    pub fn get(&self, line: u8, column: u8) -> Option<Rank> {
        self.cells[cell(line, column)]
    }

    pub fn set(&mut self, line: u8, column: u8, rank: Option<Rank>) {
        self.cells[cell(line, column)] = rank;
    }

    /// Every placed piece as (line, column, rank).
    pub fn pieces(&self) -> impl Iterator<Item = (u8, u8, Rank)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.map(|r| (i as u8 / 5 + 1, i as u8 % 5 + 1, r)))
    }

    /// Whether `rank` may stand at `line` (1..=6), `column` (1..=5): the rules one
    /// piece's station decides (camps, 军旗, 地雷, 炸弹), not the counts. `seat` only
    /// names the station in the error.
    pub fn check_placement(seat: Seat, line: u8, column: u8, rank: Rank) -> Result<(), SetupError> {
        let station = Station::army(seat, line, column).expect("a station of the army");
        if station.is_camp() {
            return Err(SetupError::PieceInCamp { station, rank });
        }
        if rank == Rank::Flag && !station.is_headquarters() {
            return Err(SetupError::FlagOutsideHeadquarters { station });
        }
        if rank == Rank::Mine && line < 5 {
            return Err(SetupError::MineTooFarForward { station });
        }
        if rank == Rank::Bomb && line == 1 {
            return Err(SetupError::BombOnFrontLine { station });
        }
        Ok(())
    }

    /// What the rules say about `rank` on `line`, `column`: the broken rule's reason,
    /// or the rule the piece keeps there, in 中文 and English. The verdict is
    /// [`ArmySetup::check_placement`]'s.
    pub fn placement_text(seat: Seat, line: u8, column: u8, rank: Rank) -> Text {
        if let Err(e) = ArmySetup::check_placement(seat, line, column, rank) {
            return e.text();
        }
        let station = Station::army(seat, line, column).expect("a station of the army");
        let (name, code) = (station.chinese_name(), station.code());
        let (zh, en) = match rank {
            Rank::Flag => (
                format!("军旗在{name}，是大本营，可以。"),
                format!("The flag stands in a headquarters ({code}): allowed."),
            ),
            Rank::Mine => (
                format!("这个地雷在{name}，是最后两行，可以。"),
                format!("This mine stands on {code}, on the last two lines: allowed."),
            ),
            Rank::Bomb => (
                format!("这个炸弹在{name}，不在一线，可以。"),
                format!("This bomb stands on {code}, not on the first line: allowed."),
            ),
            _ => (
                format!("{rank}放在{name}，不是行营，可以。"),
                format!("A {} may stand on {code}: it is no camp.", rank.english()),
            ),
        };
        Text { zh, en }
    }

    /// Every placed piece that breaks a rule of its station (camps, 军旗, 地雷, 炸弹),
    /// with the broken rule; the counts are not checked.
    pub fn misplaced(&self, seat: Seat) -> Vec<(Station, SetupError)> {
        self.pieces()
            .filter_map(|(line, column, rank)| {
                let station = Station::army(seat, line, column)?;
                ArmySetup::check_placement(seat, line, column, rank).err().map(|e| (station, e))
            })
            .collect()
    }

    /// Checks the rules; the first broken one is the error. `seat` only names the
    /// stations in the message.
    pub fn validate(&self, seat: Seat) -> Result<(), SetupError> {
        for (line, column, rank) in self.pieces() {
            ArmySetup::check_placement(seat, line, column, rank)?;
        }
        for rank in Rank::ALL {
            let found = self.pieces().filter(|p| p.2 == rank).count();
            if found != rank.count() {
                return Err(SetupError::WrongCount { seat, rank, found, expected: rank.count() });
            }
        }
        Ok(())
    }

    /// A random legal setup drawn from `rng`.
    pub fn random(rng: &mut Rng) -> ArmySetup {
        let mut setup = ArmySetup::empty();
        let mut free: Vec<(u8, u8)> = (1..=6)
            .flat_map(|l| (1..=5).map(move |c| (l, c)))
            .filter(|&(l, c)| !Station::army(Seat::South, l, c).is_some_and(Station::is_camp))
            .collect();
        let mut place = |rank: Rank, allowed: &dyn Fn(u8, u8) -> bool, setup: &mut ArmySetup| {
            let options: Vec<usize> =
                (0..free.len()).filter(|&i| allowed(free[i].0, free[i].1)).collect();
            let (l, c) = free.swap_remove(options[rng.index(options.len())]);
            setup.set(l, c, Some(rank));
        };
        place(Rank::Flag, &|l, c| l == 6 && (c == 2 || c == 4), &mut setup);
        for _ in 0..Rank::Mine.count() {
            place(Rank::Mine, &|l, _| l >= 5, &mut setup);
        }
        for _ in 0..Rank::Bomb.count() {
            place(Rank::Bomb, &|l, _| l > 1, &mut setup);
        }
        for rank in Rank::full_set() {
            if !matches!(rank, Rank::Flag | Rank::Mine | Rank::Bomb) {
                place(rank, &|_, _| true, &mut setup);
            }
        }
        debug_assert_eq!(setup.pieces().count(), PIECES_PER_SEAT);
        setup
    }

    /// Reads the text form (see the module docs). The result is not validated.
    pub fn parse(text: &str) -> Result<ArmySetup, ParseSetupError> {
        let rows: Vec<&str> = text.trim().split('/').map(str::trim).collect();
        if rows.len() != 6 {
            return Err(ParseSetupError::WrongLineCount(rows.len()));
        }
        let mut setup = ArmySetup::empty();
        for (i, row) in rows.iter().enumerate() {
            let line = i as u8 + 1;
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 5 {
                return Err(ParseSetupError::WrongLineLength { line, length: chars.len() });
            }
            for (j, &ch) in chars.iter().enumerate() {
                let column = j as u8 + 1;
                let rank = match ch {
                    '.' => None,
                    _ => Some(Rank::from_glyph(ch).ok_or(ParseSetupError::UnknownGlyph {
                        line,
                        column,
                        glyph: ch,
                    })?),
                };
                setup.set(line, column, rank);
            }
        }
        Ok(setup)
    }
}

impl fmt::Display for ArmySetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in 1..=6 {
            if line > 1 {
                f.write_str("/")?;
            }
            for column in 1..=5 {
                let c = self.get(line, column).map_or('.', Rank::glyph);
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// Why a setup text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
    #[error("a setup has 6 lines separated by '/', this one has {0}")]
    WrongLineCount(usize),
    #[error("line {line} has {length} stations, not 5")]
    WrongLineLength { line: u8, length: usize },
    #[error(
        "line {line} column {column}: '{glyph}' is not a piece (司军师旅团营连排工炸雷旗 or .)"
    )]
    UnknownGlyph { line: u8, column: u8, glyph: char },
}

/// The four seats' setups, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableSetup {
    pub armies: [ArmySetup; 4],
}

impl TableSetup {
    /// Four random legal setups from one seed.
    pub fn random(seed: u64) -> TableSetup {
        let mut rng = Rng::new(seed);
        TableSetup { armies: std::array::from_fn(|_| ArmySetup::random(&mut rng)) }
    }

    pub fn validate(&self) -> Result<(), SetupError> {
        Seat::ALL.into_iter().try_for_each(|s| self.armies[s.index()].validate(s))
    }
}
