//! Xiangqi on the generic face: taps become ICCS moves, refusals say 蹩马腿 and 塞象眼.

use crate::game::{
    BoardGame, BoardView, GameKind, MoveInput, MoveName, Outcome, Point, Refusal, Side,
};

use super::notation::{format_chinese, format_iccs};
use super::{Game, GameError, Move, illegal_reason};

impl BoardGame for Game {
    fn kind(&self) -> GameKind {
        GameKind::Xiangqi
    }

    fn view(&self) -> BoardView {
        let mut view = self.position().board_view();
        if view.last_move.is_none() {
            view.last_move =
                self.moves().last().and_then(|m| MoveInput::step(m.from(), m.to()).last_move());
        }
        view
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn is_own_piece(&self, at: Point) -> bool {
        let pos = self.position();
        self.outcome().is_none()
            && pos.piece_at(at).is_some_and(|(side, _)| side == pos.side_to_move())
    }

    fn targets(&self, from: Point) -> Vec<Point> {
        if self.outcome().is_some() { Vec::new() } else { self.position().legal_targets(from) }
    }

    fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        let MoveInput::Step { from, to, promotion: None } = input else {
            return Err(Refusal::NotAMove);
        };
        if self.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        let m = Move::new(from, to).ok_or(Refusal::NotAMove)?;
        if let Some(reason) = illegal_reason(self.position(), from, to) {
            return Err(Refusal::Xiangqi(reason));
        }
        match Game::play(self, m) {
            Ok(_) => Ok(()),
            Err(GameError::Over) => Err(Refusal::GameOver),
            Err(GameError::Illegal(_)) => Err(Refusal::NotAMove),
        }
    }

    fn undo(&mut self) -> Option<MoveInput> {
        let mut moves = self.moves();
        let last = moves.pop()?;
        let mut game = Game::new(self.start().clone(), self.rules());
        for m in moves {
            // Every move was legal when it was played from the same start.
            if Game::play(&mut game, m).is_err() {
                return None;
            }
        }
        *self = game;
        Some(MoveInput::step(last.from(), last.to()))
    }

    fn history(&self) -> Vec<MoveInput> {
        self.moves().into_iter().map(|m| MoveInput::step(m.from(), m.to())).collect()
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal> {
        Game::resign(self, side).map_err(|_| Refusal::GameOver)
    }

    fn agree_draw(&mut self) -> Result<Outcome, Refusal> {
        Game::agree_draw(self).map_err(|_| Refusal::GameOver)
    }

    fn move_names(&self) -> Vec<MoveName> {
        let mut pos = self.start().clone();
        self.moves()
            .into_iter()
            .map(|m| {
                let name = MoveName { standard: format_iccs(m), chinese: format_chinese(&pos, m) };
                pos.make(m);
                name
            })
            .collect()
    }
}
