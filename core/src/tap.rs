//! The tap-tap interaction every board screen shares: tap a piece of the side to move to
//! pick it up and see where it may go, tap one of those points to move, tap it again
//! (or an empty point) to put it down. Kept here, not in the app, so it is tested once
//! and every UI behaves the same.

use crate::game::{
    BoardGame, BoardView, Highlight, HighlightKind, MoveInput, PieceKind, Point, Refusal,
};

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tap {
    /// A piece was picked up; it may go to `targets`.
    Selected { at: Point, targets: Vec<Point> },
    /// The piece was put down again.
    Deselected,
    /// A move was played.
    Moved(MoveInput),
    /// A pawn would reach the last rank: the UI asks which piece it becomes, then calls
    /// [`TapBoard::promote`] (or [`TapBoard::deselect`] to think again).
    ChoosePromotion { from: Point, to: Point },
    /// Not a legal move; the reason comes from the rules (a blocked horse leg, a suicide
    /// point, 三三 for black), to be shown, never ignored.
    Refused { input: MoveInput, reason: Refusal },
    /// Nothing to do (an empty point or an opponent's piece with nothing selected).
    Nothing,
}

/// A game plus the player's current selection.
#[derive(Debug, Clone)]
pub struct TapBoard<G> {
    game: G,
    selected: Option<Point>,
    promotion: Option<(Point, Point)>,
}

impl<G: BoardGame> TapBoard<G> {
    pub fn new(game: G) -> Self {
        TapBoard { game, selected: None, promotion: None }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game, for changes that do not come from taps (undo, resignation); the
    /// selection is dropped.
    pub fn game_mut(&mut self) -> &mut G {
        self.deselect();
        &mut self.game
    }

    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// The step waiting for a promotion choice.
    pub fn pending_promotion(&self) -> Option<(Point, Point)> {
        self.promotion
    }

    /// Handles a tap on `at`. Stone games place a stone at once; piece games pick up,
    /// move or put down.
    pub fn tap(&mut self, at: Point) -> Tap {
        if self.promotion.is_some() {
            // A tap on the board while the choice is open cancels it.
            self.deselect();
            return Tap::Deselected;
        }
        if self.game.places_stones() {
            return self.play_tapped(MoveInput::Place { at });
        }
        match self.selected {
            Some(from) if from == at => {
                self.selected = None;
                Tap::Deselected
            }
            Some(_) if self.game.is_own_piece(at) => self.select(at),
            Some(from) if self.game.needs_promotion(from, at) => {
                self.promotion = Some((from, at));
                Tap::ChoosePromotion { from, to: at }
            }
            Some(from) => self.play_tapped(MoveInput::step(from, at)),
            None if self.game.is_own_piece(at) => self.select(at),
            None => Tap::Nothing,
        }
    }

    /// Finishes the promotion asked for by [`Tap::ChoosePromotion`].
    pub fn promote(&mut self, piece: PieceKind) -> Tap {
        let Some((from, to)) = self.promotion.take() else { return Tap::Nothing };
        self.play_tapped(MoveInput::Step { from, to, promotion: Some(piece) })
    }

    fn play_tapped(&mut self, input: MoveInput) -> Tap {
        match self.game.play(input) {
            Ok(()) => {
                self.deselect();
                Tap::Moved(input)
            }
            Err(reason) => Tap::Refused { input, reason },
        }
    }

    /// Plays a move that did not come from taps (the engine's reply, a pass, a replayed
    /// move), putting down any piece the player had picked up.
    pub fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        self.game.play(input)?;
        self.deselect();
        Ok(())
    }

    /// Replaces the game.
    pub fn reset(&mut self, game: G) {
        *self = TapBoard::new(game);
    }

    /// Puts down the picked-up piece and forgets an open promotion choice.
    pub fn deselect(&mut self) {
        self.selected = None;
        self.promotion = None;
    }

    fn select(&mut self, at: Point) -> Tap {
        self.selected = Some(at);
        Tap::Selected { at, targets: self.game.targets(at) }
    }

    /// The board with the selection and its targets marked.
    pub fn view(&self) -> BoardView {
        let mut view = self.game.view();
        if let Some(at) = self.selected {
            view.highlights.push(Highlight { at, kind: HighlightKind::Selected });
            for t in self.game.targets(at) {
                view.highlights.push(Highlight { at: t, kind: HighlightKind::Target });
            }
        }
        view
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::LastMove;
    use crate::xiangqi::{Game, Position, Rules};

    fn start() -> TapBoard<Game> {
        TapBoard::new(Game::new(Position::startpos(), Rules::default()))
    }

    #[test]
    fn pick_up_see_targets_and_move() {
        let mut board = start();
        // Red's right cannon (h2) can go along its rank and file and jump to h9.
        let Tap::Selected { targets, .. } = board.tap(Point::new(7, 2)) else {
            panic!("cannon not selected")
        };
        assert!(targets.contains(&Point::new(4, 2)), "炮二平五 missing: {targets:?}");
        assert!(targets.contains(&Point::new(7, 9)), "cannon capture h9 missing");
        let view = board.view();
        let marked = view.highlights.iter().filter(|h| h.kind == HighlightKind::Target).count();
        assert_eq!(marked, targets.len());

        assert_eq!(
            board.tap(Point::new(4, 2)),
            Tap::Moved(MoveInput::step(Point::new(7, 2), Point::new(4, 2)))
        );
        let view = board.view();
        assert_eq!(view.piece_at(Point::new(4, 2)).map(|p| p.glyph.as_str()), Some("炮"));
        assert_eq!(
            view.last_move,
            Some(LastMove { from: Some(Point::new(7, 2)), to: Point::new(4, 2) })
        );
        assert!(view.highlights.iter().all(|h| h.kind != HighlightKind::Target));
    }

    #[test]
    fn only_the_side_to_move_picks_up_and_bad_targets_say_why() {
        let mut board = start();
        assert_eq!(board.tap(Point::new(1, 9)), Tap::Nothing, "black horse on red's turn");
        assert_eq!(board.tap(Point::new(4, 4)), Tap::Nothing, "empty point");
        board.tap(Point::new(1, 0)); // red horse b0
        // b0 → d1 is a horse move, but the elephant on c0 blocks its leg (蹩马腿).
        match board.tap(Point::new(3, 1)) {
            Tap::Refused { reason, .. } => {
                assert_eq!(reason, Refusal::Xiangqi(crate::xiangqi::IllegalReason::HorseLegBlocked))
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert_eq!(board.selected(), Some(Point::new(1, 0)), "selection kept after refusal");
        // Tapping another own piece switches the selection; tapping it again drops it.
        assert!(matches!(board.tap(Point::new(0, 0)), Tap::Selected { .. }));
        assert_eq!(board.tap(Point::new(0, 0)), Tap::Deselected);
        assert_eq!(board.selected(), None);
    }
}
