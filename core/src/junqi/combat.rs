//! What happens when a piece attacks another (碰子).
//!
//! - Officers: the higher rank wins (司令 > 军长 > 师长 > 旅长 > 团长 > 营长 > 连长 >
//!   排长 > 工兵); equal ranks are both removed.
//! - 炸弹 and anything: both removed (a bomb that attacks a 军旗 still captures it).
//! - 地雷: a 工兵 digs it out (the mine is removed, the engineer moves in); a 炸弹 and a
//!   mine are both removed; any other attacker is removed and the mine stays.
//! - 军旗: any attacker captures it and the flag's seat is out of the game.
//!
//! Mines and flags never attack (they never move).

use crate::junqi::Rank;

/// The result of one battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Battle {
    /// The defender is removed and the attacker takes its station.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both pieces are removed.
    BothRemoved,
    /// The defender was a 军旗: its seat is out. The attacker takes the station,
    /// unless it was a bomb (then it is removed too).
    FlagCaptured,
}

impl Battle {
    pub fn attacker_survives(self, attacker: Rank) -> bool {
        match self {
            Battle::AttackerWins => true,
            Battle::FlagCaptured => attacker != Rank::Bomb,
            Battle::DefenderWins | Battle::BothRemoved => false,
        }
    }

    pub fn defender_survives(self) -> bool {
        self == Battle::DefenderWins
    }

    pub fn chinese(self) -> &'static str {
        match self {
            Battle::AttackerWins => "进攻方胜",
            Battle::DefenderWins => "防守方胜",
            Battle::BothRemoved => "同归于尽",
            Battle::FlagCaptured => "夺得军旗",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Battle::AttackerWins => "the attacker wins",
            Battle::DefenderWins => "the defender wins",
            Battle::BothRemoved => "both are removed",
            Battle::FlagCaptured => "the flag is captured",
        }
    }
}

/// The battle of `attacker` against `defender`. `None` if the attacker cannot move
/// (a 地雷 or 军旗 never attacks).
pub fn battle(attacker: Rank, defender: Rank) -> Option<Battle> {
    if !attacker.moves() {
        return None;
    }
    Some(match (attacker, defender) {
        (_, Rank::Flag) => Battle::FlagCaptured,
        (Rank::Bomb, _) | (_, Rank::Bomb) => Battle::BothRemoved,
        (Rank::Engineer, Rank::Mine) => Battle::AttackerWins,
        (_, Rank::Mine) => Battle::DefenderWins,
        (a, d) if a == d => Battle::BothRemoved,
        // Officers: a lower index is a higher rank.
        (a, d) if a < d => Battle::AttackerWins,
        _ => Battle::DefenderWins,
    })
}
