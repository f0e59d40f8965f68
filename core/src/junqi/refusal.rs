//! Why a setup or a move is refused, in 中文 and English.

use crate::game::Text;
use crate::junqi::{Rank, Seat, Station};

/// A setup that breaks a rule, naming the station and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece stands in a 行营; camps start empty.
    #[error("{station}: the camps start empty, but a {rank:?} stands there")]
    PieceInCamp { station: Station, rank: Rank },
    /// The 军旗 must stand in one of the two 大本营.
    #[error("{station}: the flag must stand in a headquarters")]
    FlagOutsideHeadquarters { station: Station },
    /// 地雷 only on the last two lines.
    #[error("{station}: mines may only stand on the last two lines")]
    MineTooFarForward { station: Station },
    /// No 炸弹 on the first line.
    #[error("{station}: a bomb may not stand on the first line")]
    BombOnFrontLine { station: Station },
    /// A rank appears a different number of times than the set holds.
    #[error("{seat}: {found} × {rank:?} placed, the set has {expected}")]
    WrongCount { seat: Seat, rank: Rank, found: usize, expected: usize },
}

impl SetupError {
    pub fn text(&self) -> Text {
        let (zh, en) = match self {
            SetupError::PieceInCamp { station, rank } => (
                format!("{}是行营，布阵时行营必须空着，不能放{}。", station.chinese_name(), rank),
                format!(
                    "{} is a camp: camps start empty, take the {} out.",
                    station,
                    rank.english()
                ),
            ),
            SetupError::FlagOutsideHeadquarters { station } => (
                format!("军旗必须放在大本营里，不能放在{}。", station.chinese_name()),
                format!("The flag must stand in a headquarters, not on {station}."),
            ),
            SetupError::MineTooFarForward { station } => (
                format!("地雷只能放在最后两行（五线和底线），不能放在{}。", station.chinese_name()),
                format!("Mines may only stand on the last two lines, not on {station}."),
            ),
            SetupError::BombOnFrontLine { station } => (
                format!("炸弹不能放在第一行，{}在一线上。", station.chinese_name()),
                format!("A bomb may not stand on the first line, and {station} is on it."),
            ),
            SetupError::WrongCount { seat, rank, found, expected } => (
                format!("{}家放了{found}个{rank}，一副棋有{expected}个。", seat.chinese()),
                format!(
                    "The {seat} army has {found} × {}; the set has {expected}.",
                    rank.english()
                ),
            ),
        };
        Text { zh, en }
    }
}

/// Why the referee refuses a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    #[error("the game is over")]
    GameOver,
    #[error("it is {turn}'s turn, not {seat}'s")]
    NotYourTurn { seat: Seat, turn: Seat },
    #[error("there is no piece on {0}")]
    NoPiece(Station),
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Station),
    /// 军旗 and 地雷 never move.
    #[error("the piece on {0} never moves")]
    Immobile(Station),
    /// A piece that entered a 大本营 never moves again.
    #[error("the piece on {0} is in a headquarters and never moves again")]
    InHeadquarters(Station),
    /// The target holds a piece of the mover's own team.
    #[error("{0} holds a piece of your own team")]
    OwnTeam(Station),
    /// The target is a camp with a piece in it.
    #[error("the piece in the camp on {0} cannot be attacked")]
    CampProtected(Station),
    /// No road step, straight railway run or (for an engineer) free railway path
    /// leads there.
    #[error("the piece on {from} cannot reach {to}")]
    Unreachable { from: Station, to: Station },
    /// The seat has already left the game.
    #[error("{0} is already out of the game")]
    AlreadyOut(Seat),
}

impl MoveRefusal {
    pub fn text(&self) -> Text {
        let (zh, en) = match *self {
            MoveRefusal::GameOver => {
                ("这盘棋已经结束了。".to_owned(), "The game is over.".to_owned())
            }
            MoveRefusal::NotYourTurn { turn, .. } => {
                (format!("现在轮到{}家走棋。", turn.chinese()), format!("It is {turn}'s turn."))
            }
            MoveRefusal::NoPiece(s) => {
                (format!("{}上没有棋子。", s.chinese_name()), format!("There is no piece on {s}."))
            }
            MoveRefusal::NotYourPiece(s) => (
                format!("{}上不是你的棋子。", s.chinese_name()),
                format!("The piece on {s} is not yours."),
            ),
            MoveRefusal::Immobile(s) => (
                format!("{}上的棋子是军旗或地雷，不能移动。", s.chinese_name()),
                format!("The piece on {s} is a flag or a mine; those never move."),
            ),
            MoveRefusal::InHeadquarters(s) => (
                format!("{}是大本营，进了大本营的棋子不能再走。", s.chinese_name()),
                format!("{s} is a headquarters: a piece that enters one never moves again."),
            ),
            MoveRefusal::OwnTeam(s) => (
                format!("{}上是自己或盟友的棋子，不能吃。", s.chinese_name()),
                format!("{s} holds your own or your partner's piece; you cannot attack it."),
            ),
            MoveRefusal::CampProtected(s) => (
                format!("{}是行营，行营里的棋子不能被吃。", s.chinese_name()),
                format!("{s} is a camp: a piece in a camp cannot be attacked."),
            ),
            MoveRefusal::Unreachable { from, to } => (
                format!(
                    "{}的棋子走不到{}：公路只能走一步，铁路上只能直走（工兵可以拐弯），不能越过棋子。",
                    from.chinese_name(),
                    to.chinese_name()
                ),
                format!(
                    "The piece on {from} cannot reach {to}: one step on a road, straight along a railway (an engineer may turn), never through a piece."
                ),
            ),
            MoveRefusal::AlreadyOut(seat) => (
                format!("{}家已经出局了。", seat.chinese()),
                format!("The {seat} army is already out of the game."),
            ),
        };
        Text { zh, en }
    }
}
