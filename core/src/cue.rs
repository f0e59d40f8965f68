//! Sound cues: what a board's change or a moment of a lesson or game sounds like, as a
//! value the app turns into a sound. Deciding which cue fits belongs here, beside the
//! board view it reads, so every screen and every game agrees.

use serde::{Deserialize, Serialize};

use crate::game::{BoardView, HighlightKind};

/// One short sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cue {
    /// A piece moved or a stone was placed.
    Move,
    /// A move that took one or more of the other side's pieces or stones.
    Capture,
    /// A move that gives check (xiangqi 将军, chess).
    Check,
    /// The game is won.
    Win,
    /// The game is lost.
    Loss,
    /// The game ended level.
    Draw,
    /// A lesson step answered right.
    Right,
    /// A lesson step answered wrong.
    Wrong,
}

impl Cue {
    pub const ALL: [Cue; 8] = [
        Cue::Move,
        Cue::Capture,
        Cue::Check,
        Cue::Win,
        Cue::Loss,
        Cue::Draw,
        Cue::Right,
        Cue::Wrong,
    ];
}

impl BoardView {
    /// The cue for the change from `before` to this view: `None` unless a new move was
    /// played (a piece picked up, hints or a redraw of the same position are silent);
    /// a check outranks a capture, a capture outranks a plain move. A move is new when
    /// the last move or the pieces differ; the mover is the side now on the move's
    /// destination.
    pub fn cue_after(&self, before: &BoardView) -> Option<Cue> {
        let last = self.last_move?;
        if self.kind != before.kind
            || (before.last_move == Some(last) && before.pieces == self.pieces)
        {
            return None;
        }
        if self.highlights.iter().any(|h| h.kind == HighlightKind::Check) {
            return Some(Cue::Check);
        }
        let mover = self.pieces.iter().find(|p| p.at == last.to).map(|p| p.side);
        let Some(mover) = mover else { return Some(Cue::Move) };
        let theirs = |v: &BoardView| v.pieces.iter().filter(|p| p.side != mover).count();
        if theirs(self) < theirs(before) { Some(Cue::Capture) } else { Some(Cue::Move) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyGame, BoardGame, GameKind, MoveInput};

    fn after(game: &mut AnyGame, text: &str) -> (BoardView, BoardView) {
        let before = game.view();
        let mv = MoveInput::decode(game.kind(), text).expect(text);
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        (before, game.view())
    }

    #[test]
    fn moves_captures_and_checks_are_told_apart_in_every_game() {
        let mut chess = AnyGame::new(GameKind::Chess).unwrap();
        for (text, cue) in [
            ("e2e4", Cue::Move),
            ("d7d5", Cue::Move),
            ("e4d5", Cue::Capture),
            ("d8d5", Cue::Capture),
            ("f1b5", Cue::Check),
        ] {
            let (before, now) = after(&mut chess, text);
            assert_eq!(now.cue_after(&before), Some(cue), "chess {text}");
            assert_eq!(now.cue_after(&now), None, "the same view again is silent");
        }
        let mut xiangqi = AnyGame::new(GameKind::Xiangqi).unwrap();
        for (text, cue) in [("h2e2", Cue::Move), ("h9g7", Cue::Move), ("e2e6", Cue::Capture)] {
            let (before, now) = after(&mut xiangqi, text);
            assert_eq!(now.cue_after(&before), Some(cue), "xiangqi {text}");
        }
        // Go: a stone placed, then white's stone in atari taken.
        let mut go = AnyGame::new(GameKind::Go { size: 9 }).unwrap();
        let mut last = None;
        for text in ["B1", "A1", "B2"] {
            last = Some(after(&mut go, text));
        }
        let (before, now) = last.unwrap();
        assert_eq!(now.cue_after(&before), Some(Cue::Move));
        let (before, now) = after(&mut go, "A2");
        assert_eq!(now.cue_after(&before), Some(Cue::Move), "white's stone is not in atari yet");
        let (before, now) = after(&mut go, "A3");
        assert_eq!(now.cue_after(&before), Some(Cue::Capture), "a1 and a2 are taken");
    }

    #[test]
    fn a_view_without_a_move_or_of_another_game_is_silent() {
        let game = AnyGame::new(GameKind::Xiangqi).unwrap();
        let start = game.view();
        assert_eq!(start.cue_after(&start), None);
        let other = AnyGame::new(GameKind::Chess).unwrap().view();
        let mut moved = AnyGame::new(GameKind::Chess).unwrap();
        let (_, now) = after(&mut moved, "e2e4");
        assert_eq!(now.cue_after(&start), None, "another game's view is no move");
        assert_eq!(now.cue_after(&other), Some(Cue::Move));
    }
}
