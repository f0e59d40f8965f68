//! The tap-tap interaction every board screen shares: tap a piece of the side to move to
//! pick it up and see where it may go, tap one of those points to move, tap it again
//! (or an empty point) to put it down. Kept here, not in the app, so it is tested once
//! and every UI behaves the same.

use crate::game::{BoardView, Highlight, HighlightKind, LastMove, Point};

/// What a game must answer for the tap interaction.
pub trait TapRules {
    /// The board as it stands, without selection highlights.
    fn view(&self) -> BoardView;
    /// Whether the piece on `at` belongs to the side to move.
    fn is_own_piece(&self, at: Point) -> bool;
    /// The points the piece on `from` may legally move to.
    fn targets(&self, from: Point) -> Vec<Point>;
    /// Plays `from` → `to`, or says in words why it is not allowed.
    fn play(&mut self, from: Point, to: Point) -> Result<(), String>;
}

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tap {
    /// A piece was picked up; it may go to `targets`.
    Selected { at: Point, targets: Vec<Point> },
    /// The piece was put down again.
    Deselected,
    /// A move was played.
    Moved { from: Point, to: Point },
    /// A piece was picked up and the tapped point is not one it can reach; the reason
    /// comes from the rules (e.g. a blocked horse leg), to be shown, never ignored.
    Refused { from: Point, to: Point, reason: String },
    /// Nothing to do (an empty point or an opponent's piece with nothing selected).
    Nothing,
}

/// A game plus the player's current selection.
#[derive(Debug, Clone)]
pub struct TapBoard<G> {
    game: G,
    selected: Option<Point>,
    last_move: Option<LastMove>,
}

impl<G: TapRules> TapBoard<G> {
    pub fn new(game: G) -> Self {
        TapBoard { game, selected: None, last_move: None }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// Handles a tap on `at`.
    pub fn tap(&mut self, at: Point) -> Tap {
        match self.selected {
            Some(from) if from == at => {
                self.selected = None;
                Tap::Deselected
            }
            Some(_) if self.game.is_own_piece(at) => self.select(at),
            Some(from) => match self.game.play(from, at) {
                Ok(()) => {
                    self.selected = None;
                    self.last_move = Some(LastMove { from: Some(from), to: at });
                    Tap::Moved { from, to: at }
                }
                Err(reason) => Tap::Refused { from, to: at, reason },
            },
            None if self.game.is_own_piece(at) => self.select(at),
            None => Tap::Nothing,
        }
    }

    /// Plays a move that did not come from taps (the engine's reply, a replayed move),
    /// putting down any piece the player had picked up.
    pub fn play(&mut self, from: Point, to: Point) -> Result<(), String> {
        self.game.play(from, to)?;
        self.selected = None;
        self.last_move = Some(LastMove { from: Some(from), to });
        Ok(())
    }

    /// Replaces the game (after taking moves back), with the last move to mark.
    pub fn reset(&mut self, game: G, last_move: Option<LastMove>) {
        *self = TapBoard { game, selected: None, last_move };
    }

    /// Puts down the picked-up piece, if any.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    fn select(&mut self, at: Point) -> Tap {
        self.selected = Some(at);
        Tap::Selected { at, targets: self.game.targets(at) }
    }

    /// The board with the selection, its targets and the last move marked.
    pub fn view(&self) -> BoardView {
        let mut view = self.game.view();
        if let Some(at) = self.selected {
            view.highlights.push(Highlight { at, kind: HighlightKind::Selected });
            for t in self.game.targets(at) {
                view.highlights.push(Highlight { at: t, kind: HighlightKind::Target });
            }
        }
        if view.last_move.is_none() {
            view.last_move = self.last_move;
        }
        view
    }
}

impl TapRules for crate::xiangqi::Game {
    fn view(&self) -> BoardView {
        self.position().board_view()
    }

    fn is_own_piece(&self, at: Point) -> bool {
        let pos = self.position();
        self.outcome().is_none()
            && pos.piece_at(at).is_some_and(|(side, _)| side == pos.side_to_move())
    }

    fn targets(&self, from: Point) -> Vec<Point> {
        if self.outcome().is_some() { Vec::new() } else { self.position().legal_targets(from) }
    }

    fn play(&mut self, from: Point, to: Point) -> Result<(), String> {
        self.play_points(from, to).map(|_| ()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            Tap::Moved { from: Point::new(7, 2), to: Point::new(4, 2) }
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
        // b0 → c2? The horse moves b0-a2 or b0-c2; d1 is not a horse move.
        match board.tap(Point::new(3, 1)) {
            Tap::Refused { reason, .. } => assert!(!reason.is_empty()),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert_eq!(board.selected(), Some(Point::new(1, 0)), "selection kept after refusal");
        // Tapping another own piece switches the selection; tapping it again drops it.
        assert!(matches!(board.tap(Point::new(0, 0)), Tap::Selected { .. }));
        assert_eq!(board.tap(Point::new(0, 0)), Tap::Deselected);
        assert_eq!(board.selected(), None);
    }
}
