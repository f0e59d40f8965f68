//! Gomoku on the generic face: a tap places a stone; under renju black's forbidden
//! points are refused with their name (三三, 四四, 长连) and marked on the board.

use serde::{Deserialize, Serialize};

use crate::game::{
    BoardGame, BoardMark, BoardView, GameKind, Highlight, HighlightKind, MoveInput, MoveName,
    Outcome, Refusal, Side, Text,
};

use super::notation::point_name;
use super::{Forbidden, Game, PlayError};

/// Why a stone may not go on a point, in words for a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IllegalReason {
    Occupied,
    OffBoard,
    /// Renju, black: two open threes at once.
    DoubleThree,
    /// Renju, black: two fours at once.
    DoubleFour,
    /// Renju, black: six or more in a row.
    Overline,
    /// Renju: black's first stone goes on the centre point (天元).
    FirstStoneOffCentre,
}

impl IllegalReason {
    pub fn text(self) -> Text {
        let (zh, en) = match self {
            IllegalReason::Occupied => (
                "这里已经有棋子了，换一个空的交叉点。",
                "A stone is already there; pick an empty point.",
            ),
            IllegalReason::OffBoard => ("那不是棋盘上的点。", "That is not a point on the board."),
            IllegalReason::DoubleThree => (
                "三三禁手：黑棋这一手同时做成两个活三，连珠规则不允许。",
                "三三 is forbidden for black: this stone would make two open threes at once.",
            ),
            IllegalReason::DoubleFour => (
                "四四禁手：黑棋这一手同时做成两个四，连珠规则不允许。",
                "四四 is forbidden for black: this stone would make two fours at once.",
            ),
            IllegalReason::Overline => (
                "长连禁手：黑棋连成六个或更多不算赢，这一手不允许。",
                "长连 is forbidden for black: six or more in a row does not count and may not be played.",
            ),
            IllegalReason::FirstStoneOffCentre => (
                "连珠规则：黑棋第一手下在正中间的天元。",
                "Under renju black's first stone goes on the centre point (天元).",
            ),
        };
        Text::new(zh, en)
    }

    fn of(e: PlayError) -> Refusal {
        Refusal::Gomoku(match e {
            PlayError::Occupied { .. } => IllegalReason::Occupied,
            PlayError::OffBoard { .. } => IllegalReason::OffBoard,
            PlayError::Forbidden { kind: Forbidden::DoubleThree, .. } => IllegalReason::DoubleThree,
            PlayError::Forbidden { kind: Forbidden::DoubleFour, .. } => IllegalReason::DoubleFour,
            PlayError::Forbidden { kind: Forbidden::Overline, .. } => IllegalReason::Overline,
            PlayError::GameOver => return Refusal::GameOver,
        })
    }
}

impl BoardGame for Game {
    fn kind(&self) -> GameKind {
        Game::kind(self)
    }

    fn view(&self) -> BoardView {
        let mut view = self.board_view();
        for (at, _) in self.forbidden_points() {
            view.marks.push(BoardMark::Forbidden { at });
        }
        for at in self.winning_line() {
            view.highlights.push(Highlight { at, kind: HighlightKind::Winning });
        }
        view
    }

    fn side_to_move(&self) -> Side {
        Game::side_to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn places_stones(&self) -> bool {
        true
    }

    fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        let MoveInput::Place { at } = input else { return Err(Refusal::NotAMove) };
        if self.opens_on_centre() && at != self.size().center() && self.outcome().is_none() {
            return Err(Refusal::Gomoku(IllegalReason::FirstStoneOffCentre));
        }
        Game::play(self, at).map(|_| ()).map_err(IllegalReason::of)
    }

    fn undo(&mut self) -> Option<MoveInput> {
        Game::undo(self).map(|at| MoveInput::Place { at })
    }

    fn history(&self) -> Vec<MoveInput> {
        self.moves().iter().map(|&at| MoveInput::Place { at }).collect()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal> {
        Game::resign(self, side).map_err(IllegalReason::of)
    }

    fn agree_draw(&mut self) -> Result<Outcome, Refusal> {
        self.agree_draw().map_err(IllegalReason::of)
    }

    fn move_names(&self) -> Vec<MoveName> {
        self.moves()
            .iter()
            .enumerate()
            .map(|(i, &at)| {
                let colour = if i % 2 == 0 { "黑" } else { "白" };
                MoveName {
                    standard: point_name(at),
                    chinese: format!("{colour} {}", point_name(at)),
                }
            })
            .collect()
    }
}
