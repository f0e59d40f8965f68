//! Who sits at the 四国军棋 table and how the game is set up: the four seats (a person
//! or the computer at a level), the child's seat, 暗棋 or 明棋, the setups and the seed,
//! and why a table cannot be played.

use serde::{Deserialize, Serialize};

use crate::ai::junqi::JunqiLevel;
use crate::game::Text;
use crate::junqi::{ArmySetup, Seat, SetupError, TableSetup, Visibility};

/// Who plays one seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeatPlayer {
    /// A person at this device: the child, or a classmate passing the device round.
    Person,
    /// The computer at a level of [`crate::ai::junqi::LEVELS`] (1..=5).
    Computer { level: u8 },
}

impl SeatPlayer {
    pub fn is_person(self) -> bool {
        self == SeatPlayer::Person
    }

    /// The computer's level, `None` for a person.
    pub fn level(self) -> Option<u8> {
        match self {
            SeatPlayer::Person => None,
            SeatPlayer::Computer { level } => Some(level),
        }
    }
}

/// Everything a game starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JunqiTableConfig {
    /// In seat order: south, east, north, west.
    pub seats: [SeatPlayer; 4],
    /// The seat the device's child plays (its result is the child's); the other
    /// persons are classmates on the same device.
    pub child_seat: Seat,
    pub visibility: Visibility,
    /// Each seat's setup; `None` draws a random legal one from the seed.
    pub setups: [Option<ArmySetup>; 4],
    /// Random setups and the computer players come from it.
    pub seed: u64,
}

impl JunqiTableConfig {
    /// The child in `child_seat`, the computer at `level` in the three other seats,
    /// random setups.
    pub fn against_computers(
        child_seat: Seat,
        level: u8,
        visibility: Visibility,
        seed: u64,
    ) -> Self {
        let seats = std::array::from_fn(|i| {
            if i == child_seat.index() {
                SeatPlayer::Person
            } else {
                SeatPlayer::Computer { level }
            }
        });
        JunqiTableConfig { seats, child_seat, visibility, setups: Default::default(), seed }
    }

    /// The seats a person plays, in seat order.
    pub fn persons(&self) -> Vec<Seat> {
        Seat::ALL.into_iter().filter(|s| self.seats[s.index()].is_person()).collect()
    }

    /// Checks the table; `demo` allows a table of computers only.
    pub(crate) fn check(&self, demo: bool) -> Result<(), JunqiConfigError> {
        for seat in Seat::ALL {
            if let SeatPlayer::Computer { level } = self.seats[seat.index()]
                && JunqiLevel::get(level).is_none()
            {
                return Err(JunqiConfigError::NoSuchLevel { seat, level });
            }
            if let Some(setup) = &self.setups[seat.index()] {
                setup
                    .validate(seat)
                    .map_err(|reason| JunqiConfigError::BadSetup { seat, reason })?;
            }
        }
        if !demo {
            if self.persons().is_empty() {
                return Err(JunqiConfigError::NoPerson);
            }
            if !self.seats[self.child_seat.index()].is_person() {
                return Err(JunqiConfigError::ChildNotPerson(self.child_seat));
            }
        }
        Ok(())
    }

    /// The four setups: the given ones, random legal ones from the seed for the rest.
    pub(crate) fn table_setup(&self) -> TableSetup {
        let random = TableSetup::random(self.seed);
        TableSetup {
            armies: std::array::from_fn(|i| {
                self.setups[i].clone().unwrap_or_else(|| random.armies[i].clone())
            }),
        }
    }
}

/// Why a table cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JunqiConfigError {
    /// No seat is a person; only a demonstration ([`super::JunqiGame::demo`]) may have
    /// four computers.
    #[error("no seat is played by a person")]
    NoPerson,
    /// The child's seat is a computer's.
    #[error("the child's seat ({0}) is played by the computer")]
    ChildNotPerson(Seat),
    /// The computer has levels 1..=5 only.
    #[error("{seat}: there is no computer level {level} (1–5)")]
    NoSuchLevel { seat: Seat, level: u8 },
    /// A seat's setup breaks a rule; `reason` names the station.
    #[error("{seat}'s setup: {reason}")]
    BadSetup { seat: Seat, reason: SetupError },
}

impl JunqiConfigError {
    /// What to tell the child, in 中文 and English.
    pub fn text(&self) -> Text {
        match self {
            JunqiConfigError::NoPerson => Text {
                zh: "至少要有一个人来下棋。".into(),
                en: "At least one seat must be played by a person.".into(),
            },
            JunqiConfigError::ChildNotPerson(seat) => Text {
                zh: format!("你坐的{}家不能交给电脑。", seat.chinese()),
                en: format!("Your seat ({seat}) cannot be played by the computer."),
            },
            JunqiConfigError::NoSuchLevel { seat, level } => Text {
                zh: format!("{}家的电脑没有{level}级，只有1到5级。", seat.chinese()),
                en: format!("The computer at {seat} has no level {level}; levels are 1 to 5."),
            },
            JunqiConfigError::BadSetup { seat, reason } => {
                let r = reason.text();
                Text {
                    zh: format!("{}家的布阵不合规则：{}", seat.chinese(), r.zh),
                    en: format!("The {seat} setup breaks a rule: {}", r.en),
                }
            }
        }
    }
}
