//! 四国军棋 (four-country army chess): four seats, two teams of partners sitting
//! opposite each other, hidden ranks and a referee.
//!
//! - [`board`](Station): the 129 stations, their kinds, names, grid positions, roads
//!   and railway lines (the coordinate scheme is documented on the board module);
//! - [`Rank`] and [`battle`]: the pieces and what happens when one attacks another;
//! - [`targets`]: where a piece may go;
//! - [`ArmySetup`] and [`TableSetup`]: setups with their rules, random setups and the
//!   text form;
//! - [`Position`]: a position in the middle of a game, its text form and its checks;
//! - [`Referee`]: the full state, moves with their [`MoveRefusal`]s, the public
//!   [`Announcement`] log and the [`View`] of each seat or of a spectator.
//!
//! # Rules this module decides
//!
//! - **Turns** pass counter-clockwise (南 → 东 → 北 → 西) over the seats still in; south
//!   moves first.
//! - **Partners**: a piece never attacks its own or its partner's pieces, and a
//!   partner's pieces block the railway like any other piece. A piece may enter an
//!   empty station anywhere, the partner's camps and headquarters included.
//! - **Camps**: a piece in a 行营 cannot be attacked; an occupied camp cannot be entered.
//! - **Headquarters**: a piece in a 大本营 never moves again; pieces there can be attacked.
//! - **Out**: a seat whose 军旗 is captured, or that has no legal move on its turn, is
//!   out and all its pieces leave the board. A team wins when both opponents are out.
//! - **司令**: when a seat's 司令 is removed, that seat's 军旗 is shown to everyone.
//! - **Draw**: [`QUIET_MOVES_FOR_DRAW`] moves in a row without a battle (any attack)
//!   end the game as a draw. Every battle removes at least one piece, so every game
//!   ends.
//! - **Visibility**: in 暗棋 ([`Visibility::Hidden`]) each seat sees its own ranks only,
//!   the referee announces battle results but never ranks; in 明棋
//!   ([`Visibility::Open`]) every rank is open.

mod announcement;
mod board;
mod combat;
mod moves;
mod piece;
mod position;
mod referee;
mod refusal;
mod setup;
mod view;

pub use announcement::{Announcement, OutReason, Outcome, PieceId};
pub use board::{GRID, Place, STATIONS, Seat, Station, StationKind, Team, railway_lines};
pub use combat::{Battle, battle};
pub use moves::{Move, Mover, Occupancy, targets};
pub use piece::{PIECES_PER_SEAT, RANKS, Rank, RankSet};
pub use position::{ParsePositionError, Position, PositionError, PositionPiece};
pub use referee::Referee;
pub use refusal::{MoveRefusal, SetupError};
pub use setup::{ArmySetup, ParseSetupError, TableSetup};
pub use view::{View, ViewPiece, Visibility, new_entries};

/// Moves in a row without any battle after which the game is drawn: fifteen rounds of
/// the four seats, the limit common in online play.
pub const QUIET_MOVES_FOR_DRAW: u32 = 60;
