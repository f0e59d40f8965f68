//! The referee's announcements in Chinese, as the shown seat may read them: a piece is
//! named by its rank only when that seat knows it (its own pieces, a flag the rules
//! revealed, every piece in 明棋), otherwise as 子 of its seat ("北方的子吃掉了东方的
//! 子"). While a hand-over is pending the texts are a spectator's.

use crate::junqi::{
    Announcement, Battle, OutReason, Outcome, PieceId, QUIET_MOVES_FOR_DRAW, Rank, Seat, Team,
    Visibility,
};

use super::JunqiGame;

/// A seat as the texts name it: 南方, 东方, 北方, 西方.
pub(super) fn seat_name(seat: Seat) -> String {
    format!("{}方", seat.chinese())
}

/// A team as the texts name it: 南方和北方.
pub(super) fn team_name(team: Team) -> String {
    let [a, b] = team.seats();
    format!("{}和{}", seat_name(a), seat_name(b))
}

/// Who reads, and what they know.
struct Reader<'a> {
    viewer: Option<Seat>,
    visibility: Visibility,
    ranks: &'a [Rank; 100],
    /// Flags the rules revealed (by piece).
    revealed: Vec<PieceId>,
}

impl Reader<'_> {
    fn knows(&self, piece: PieceId) -> bool {
        self.visibility == Visibility::Open
            || self.viewer == Some(piece.seat())
            || self.revealed.contains(&piece)
    }

    /// 北方的子, or 南方的工兵 when the reader knows the rank.
    fn piece(&self, piece: PieceId) -> String {
        let seat = seat_name(piece.seat());
        if self.knows(piece) {
            format!("{seat}的{}", self.ranks[piece.0 as usize])
        } else {
            format!("{seat}的子")
        }
    }

    fn line(&self, entry: &Announcement) -> String {
        match *entry {
            Announcement::Moved { piece, from, to, .. } => {
                format!("{}从{}走到{}", self.piece(piece), from.chinese_name(), to.chinese_name())
            }
            Announcement::Battle { attacker, defender, result, .. } => {
                let (a, d) = (self.piece(attacker), self.piece(defender));
                match result {
                    Battle::AttackerWins => format!("{a}吃掉了{d}"),
                    Battle::DefenderWins => format!("{a}进攻{d}，被吃掉了"),
                    Battle::BothRemoved => format!("{a}和{d}同归于尽"),
                    Battle::FlagCaptured => {
                        format!("{a}夺得了{}的军旗", seat_name(defender.seat()))
                    }
                }
            }
            Announcement::FlagRevealed { seat, at, .. } => {
                format!("{}司令阵亡，亮出军旗（在{}）", seat_name(seat), at.chinese_name())
            }
            Announcement::SeatOut { seat, reason } => {
                let who = seat_name(seat);
                match reason {
                    OutReason::FlagCaptured => {
                        format!("{who}（{}）的军旗被夺，{who}出局", seat.colour_name())
                    }
                    OutReason::NoMoves => {
                        format!("{who}（{}）无子可走，{who}出局", seat.colour_name())
                    }
                    OutReason::Resigned => {
                        format!("{who}（{}）投降，{who}出局", seat.colour_name())
                    }
                }
            }
            Announcement::Finished(Outcome::TeamWins { team, .. }) => {
                format!("{}获胜！", team_name(team))
            }
            Announcement::Finished(Outcome::Draw) => {
                format!("连续{QUIET_MOVES_FOR_DRAW}步没有碰子，和棋")
            }
        }
    }
}

impl JunqiGame {
    fn reader(&self) -> Reader<'_> {
        let revealed = self
            .announcements()
            .iter()
            .filter_map(|a| match a {
                Announcement::FlagRevealed { piece, .. } => Some(*piece),
                _ => None,
            })
            .collect();
        Reader {
            viewer: self.shown_seat(),
            visibility: self.config.visibility,
            ranks: &self.ranks,
            revealed,
        }
    }

    /// What the last move or resignation caused, in one line (empty before the first
    /// move), e.g. "北方的子吃掉了东方的子".
    pub fn announcement_line(&self) -> String {
        let reader = self.reader();
        let log = self.announcements();
        log.get(self.last_batch..)
            .unwrap_or(&[])
            .iter()
            .map(|a| reader.line(a))
            .collect::<Vec<_>>()
            .join("；")
    }

    /// The whole log, one line per announcement, oldest first.
    pub fn log_lines(&self) -> Vec<String> {
        let reader = self.reader();
        self.announcements().iter().map(|a| reader.line(a)).collect()
    }
}
