//! Reading a lesson's stations, moves and positions, and deciding what a move does:
//! whether it reaches a step's goal and how its battle ends. The validator and the run
//! share these, so what the check proves is what the child meets.

use crate::curriculum::junqi::schema::{BattleClaim, JunqiGoal};
use crate::curriculum::schema::Text;
use crate::junqi::{
    Announcement, Battle, Move, MoveRefusal, Position, Rank, Referee, Seat, Station, Visibility,
    battle,
};

/// A station code (`S1.3`, `C1.1`).
pub fn station(text: &str) -> Option<Station> {
    Station::parse_code(text.trim())
}

/// A move written `from-to` (`S1.3-C2.1`).
pub fn move_of(text: &str) -> Option<Move> {
    let (a, b) = text.split_once('-')?;
    Some(Move::new(station(a)?, station(b)?))
}

/// The referee of a step's position, open (明棋), or why it cannot start.
pub fn start(text: &str) -> Result<Referee, String> {
    let position = Position::parse(text).map_err(|e| e.to_string())?;
    Referee::from_position(&position, Visibility::Open).map_err(|e| e.to_string())
}

/// What one move did: the battle (if it was an attack) with both ranks, and the
/// referee after it.
#[derive(Debug, Clone)]
pub struct Played {
    pub seat: Seat,
    pub mv: Move,
    pub attacker: Rank,
    pub battle: Option<(Rank, Battle)>,
    pub after: Referee,
}

/// Plays `m` for the seat to move on a copy of `referee`.
pub fn play(referee: &Referee, m: Move) -> Result<Played, MoveRefusal> {
    let seat = referee.turn();
    let position = referee.position();
    let rank_at = |s: Station| position.piece(s).map(|p| p.rank);
    let attacker = rank_at(m.from).ok_or(MoveRefusal::NoPiece(m.from))?;
    let defender = rank_at(m.to);
    let mut after = referee.clone();
    let said = after.play(seat, m)?;
    let result = said.iter().find_map(|a| match a {
        Announcement::Battle { result, .. } => Some(*result),
        _ => None,
    });
    let battle = defender.zip(result);
    Ok(Played { seat, mv: m, attacker, battle, after })
}

impl Played {
    /// The battle as a wrong move's claim names it.
    pub fn claim(&self) -> BattleClaim {
        match self.battle.map(|b| b.1) {
            None => BattleClaim::NoBattle,
            Some(Battle::AttackerWins | Battle::FlagCaptured) => BattleClaim::AttackerWins,
            Some(Battle::DefenderWins) => BattleClaim::DefenderWins,
            Some(Battle::BothRemoved) => BattleClaim::BothRemoved,
        }
    }

    /// Whether the move reaches `goal` (`reach` is the station of [`JunqiGoal::Reach`]).
    pub fn reaches(&self, goal: JunqiGoal, reach: Option<Station>) -> bool {
        let result = self.battle.map(|b| b.1);
        match goal {
            JunqiGoal::CaptureFlag => result == Some(Battle::FlagCaptured),
            JunqiGoal::WinBattle => {
                result.is_some_and(|r| r.attacker_survives(self.attacker) && !r.defender_survives())
            }
            JunqiGoal::Remove => result.is_some_and(|r| !r.defender_survives()),
            JunqiGoal::Reach => reach == Some(self.mv.to) && self.stands_on_target(),
            JunqiGoal::Guard => self.flag_guarded(),
            JunqiGoal::Safe => self.stands_on_target() && self.target_safe(),
        }
    }

    fn stands_on_target(&self) -> bool {
        self.after.position().piece(self.mv.to).is_some_and(|p| p.seat == self.seat)
    }

    fn enemies(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL.into_iter().filter(|s| !s.is_partner_or_self(self.seat) && !self.after.is_out(*s))
    }

    fn flag_guarded(&self) -> bool {
        let position = self.after.position();
        let Some(flag) =
            position.pieces.iter().find(|p| p.seat == self.seat && p.rank == Rank::Flag)
        else {
            return false;
        };
        !self.enemies().any(|e| self.after.legal_moves(e).iter().any(|m| m.to == flag.station))
    }

    fn target_safe(&self) -> bool {
        let position = self.after.position();
        let rank = self.attacker;
        !self.enemies().any(|e| {
            self.after.legal_moves(e).iter().any(|m| {
                m.to == self.mv.to
                    && position.piece(m.from).and_then(|p| battle(p.rank, rank))
                        != Some(Battle::DefenderWins)
            })
        })
    }

    /// A true sentence about what the move did, for a move that missed the goal.
    pub fn missed(&self, goal: JunqiGoal) -> Text {
        let (zh_goal, en_goal) = goal_text(goal);
        match self.battle {
            Some((defender, result)) => Text {
                zh: format!(
                    "{}碰{}：{}。这一步没有{}。",
                    self.attacker.chinese(),
                    defender.chinese(),
                    result.chinese(),
                    zh_goal
                ),
                en: format!(
                    "Your {} attacked a {}: {}. That move does not {}.",
                    self.attacker.english(),
                    defender.english(),
                    result.english(),
                    en_goal
                ),
            },
            None => Text {
                zh: format!("这一步没有{zh_goal}。"),
                en: format!("That move does not {en_goal}."),
            },
        }
    }
}

/// The goal as the end of "this move does not …".
pub fn goal_text(goal: JunqiGoal) -> (&'static str, &'static str) {
    match goal {
        JunqiGoal::CaptureFlag => ("夺到军旗", "capture the flag"),
        JunqiGoal::WinBattle => ("打赢这一仗", "win a battle"),
        JunqiGoal::Remove => ("吃掉对方的棋子", "remove the enemy piece"),
        JunqiGoal::Reach => ("走到要去的地方", "reach the station asked for"),
        JunqiGoal::Guard => ("保住军旗", "keep your flag safe"),
        JunqiGoal::Safe => ("让棋子安全", "put the piece where it is safe"),
    }
}
