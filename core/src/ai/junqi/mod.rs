//! The 四国军棋 player: levels as data ([`LEVELS`]), a belief about every hidden piece
//! ([`Belief`]) and a player ([`JunqiAi`]) that sees only its seat's view and the public
//! log; the table loop that plays four players through the referee ([`play_table`]).

mod belief;
mod level;
mod player;
mod table;

pub use belief::{Belief, BeliefUse};
pub use level::{JunqiLevel, LEVELS};
pub use player::JunqiAi;
pub use table::{Contestant, GameReport, play_table, play_table_with};
