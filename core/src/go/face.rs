//! Go on the generic face: a tap places a stone, passing is a move, and a refused stone
//! says which rule forbids it (禁着点, 打劫, 全局同形).

use serde::{Deserialize, Serialize};

use crate::game::{
    BoardGame, BoardView, GameKind, Highlight, HighlightKind, MoveInput, MoveName, Outcome,
    Refusal, Side, Text,
};

use super::{Game, Move, PlayError, gtp_name};

/// Why a stone may not go on a point, in words for a child.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IllegalReason {
    /// A stone already stands there.
    Occupied,
    /// 禁着点: the stone would have no liberty and captures nothing.
    Suicide,
    /// 打劫: taking the ko back at once.
    Ko,
    /// 全局同形: the whole board would repeat an earlier position.
    Superko,
    OffBoard,
}

impl IllegalReason {
    pub fn text(self) -> Text {
        let (zh, en) = match self {
            IllegalReason::Occupied => (
                "这里已经有棋子了，换一个空的交叉点。",
                "A stone is already there; pick an empty point.",
            ),
            IllegalReason::Suicide => (
                "这是禁着点：棋子放下去一口气也没有，又提不掉对方的子，不能下。",
                "Suicide is not allowed: the stone would have no liberty and captures nothing.",
            ),
            IllegalReason::Ko => (
                "打劫！刚被提的劫不能马上提回来，先在别处下一手（找劫材）。",
                "Ko: you may not retake at once. Play elsewhere first (a ko threat).",
            ),
            IllegalReason::Superko => (
                "这样全盘会和以前一模一样（全局同形），不能下。",
                "Superko: this would repeat an earlier whole-board position.",
            ),
            IllegalReason::OffBoard => ("那不是棋盘上的点。", "That is not a point on the board."),
        };
        Text::new(zh, en)
    }

    fn of(e: PlayError) -> Refusal {
        Refusal::Go(match e {
            PlayError::Occupied(_) => IllegalReason::Occupied,
            PlayError::Suicide(_) => IllegalReason::Suicide,
            PlayError::Ko(_) => IllegalReason::Ko,
            PlayError::Superko(_) => IllegalReason::Superko,
            PlayError::OffBoard { .. } => IllegalReason::OffBoard,
            PlayError::GameOver => return Refusal::GameOver,
        })
    }
}

/// Plays a move; after two passes a move means the players did not agree on the count
/// and play goes on (the dead marks are cleared), so a game's moves always replay.
fn play_on(game: &mut Game, side: Side, mv: Move) -> Result<(), PlayError> {
    if game.is_over() && matches!(game.result(), Some(super::GameResult::Score(_))) {
        game.resume();
    }
    game.play_as(side, mv)
}

fn colour_name(side: Side) -> &'static str {
    if side == Side::First { "黑" } else { "白" }
}

impl BoardGame for Game {
    fn kind(&self) -> GameKind {
        GameKind::Go { size: self.size() }
    }

    fn view(&self) -> BoardView {
        let mut view = self.board_view();
        // At the count, the stones marked dead.
        for p in self.dead_stones() {
            view.highlights.push(Highlight { at: p, kind: HighlightKind::Dead });
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

    fn can_pass(&self) -> bool {
        !self.is_over()
    }

    fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        let mv = match input {
            MoveInput::Place { at } => Move::Play(at),
            MoveInput::Pass => Move::Pass,
            MoveInput::Step { .. } => return Err(Refusal::NotAMove),
        };
        play_on(self, self.side_to_move(), mv).map_err(IllegalReason::of)
    }

    fn undo(&mut self) -> Option<MoveInput> {
        let mut moves = self.moves().to_vec();
        let (_, last) = moves.pop()?;
        let mut game = self.fresh();
        for (side, mv) in moves {
            play_on(&mut game, side, mv).ok()?;
        }
        *self = game;
        Some(match last {
            Move::Play(at) => MoveInput::Place { at },
            Move::Pass => MoveInput::Pass,
        })
    }

    fn history(&self) -> Vec<MoveInput> {
        self.moves()
            .iter()
            .map(|&(_, mv)| match mv {
                Move::Play(at) => MoveInput::Place { at },
                Move::Pass => MoveInput::Pass,
            })
            .collect()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal> {
        Game::resign(self, side).map_err(IllegalReason::of)?;
        Game::outcome(self).ok_or(Refusal::GameOver)
    }

    fn agree_draw(&mut self) -> Result<Outcome, Refusal> {
        // Go has no draw by agreement: the players pass and count.
        Err(Refusal::NotAMove)
    }

    fn move_names(&self) -> Vec<MoveName> {
        self.moves()
            .iter()
            .map(|&(side, mv)| {
                let (standard, chinese) = match mv {
                    Move::Play(p) => {
                        (gtp_name(p), format!("{} {}", colour_name(side), gtp_name(p)))
                    }
                    Move::Pass => ("pass".to_owned(), format!("{} 停一手", colour_name(side))),
                };
                MoveName { standard, chinese }
            })
            .collect()
    }
}
