//! The demonstration board (演示棋盘): what a teacher shows a class on a projector.
//!
//! It is a free board, not a game: pieces are placed, taken off and moved anywhere
//! (a move onto a piece takes it), because a teacher sets up and explains positions
//! that need not arise in play. Over the pieces go the teacher's arrows and marked
//! points. A lesson's positions (every step that shows a board, with its arrows and
//! highlighted points) load onto it one after another.

use std::collections::BTreeMap;

use super::schema::{Lesson, Step};
use crate::{
    AnyGame, BoardGame, BoardView, Colour, GameKind, GameSetup, Highlight, HighlightKind, LastMove,
    PieceKind, PieceView, Point, Side,
};

/// Why an edit of the demonstration board was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DemoError {
    #[error("{at} is not on the {files}×{ranks} board")]
    OffBoard { at: Point, files: u8, ranks: u8 },
    #[error("there is no piece on {0} to move")]
    NoPiece(Point),
    #[error("a piece cannot move onto its own point")]
    SamePoint,
    #[error("the lesson has no step {index} with a board (it has {count})")]
    NoSuchPosition { index: usize, count: usize },
    #[error("the lesson's position '{0}' cannot be read")]
    BadPosition(String),
}

/// One board a lesson shows, ready to load.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonPosition {
    pub step_id: String,
    pub view: BoardView,
    pub arrows: Vec<(Point, Point)>,
    pub marks: Vec<Point>,
}

/// A teacher's free board with arrows and marks.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoBoard {
    /// The empty board of the game: lines, river, palaces, star points.
    base: BoardView,
    pieces: BTreeMap<Point, PieceView>,
    arrows: Vec<(Point, Point)>,
    marks: Vec<Point>,
    last_move: Option<LastMove>,
}

impl DemoBoard {
    /// The game's starting position.
    pub fn new(kind: GameKind) -> DemoBoard {
        let start = GameSetup::standard(kind).start().ok().map(|g: AnyGame| g.view());
        let view = start.unwrap_or_else(|| BoardView::empty(kind, Side::First));
        DemoBoard::from_view(view)
    }

    /// Any board view, e.g. of a game in progress: its pieces, no drawings.
    pub fn from_view(view: BoardView) -> DemoBoard {
        let pieces = view.pieces.iter().map(|p| (p.at, p.clone())).collect();
        let mut base = view;
        base.pieces.clear();
        base.highlights.clear();
        base.last_move = None;
        DemoBoard { base, pieces, arrows: Vec::new(), marks: Vec::new(), last_move: None }
    }

    pub fn kind(&self) -> GameKind {
        self.base.kind
    }

    fn check(&self, at: Point) -> Result<(), DemoError> {
        if at.file < self.base.files && at.rank < self.base.ranks {
            Ok(())
        } else {
            Err(DemoError::OffBoard { at, files: self.base.files, ranks: self.base.ranks })
        }
    }

    /// The pieces a teacher can place in this game, one of each kind for each side.
    pub fn palette(&self) -> Vec<PieceView> {
        palette(self.kind())
    }

    /// Puts a piece on a point, replacing what stood there.
    pub fn place(&mut self, at: Point, piece: &PieceView) -> Result<(), DemoError> {
        self.check(at)?;
        self.pieces.insert(at, PieceView { at, ..piece.clone() });
        Ok(())
    }

    /// Takes the piece off a point; returns it, if there was one.
    pub fn remove(&mut self, at: Point) -> Result<Option<PieceView>, DemoError> {
        self.check(at)?;
        Ok(self.pieces.remove(&at))
    }

    /// Moves a piece anywhere on the board, taking what stands there. Returns the
    /// piece taken, if any.
    pub fn move_piece(&mut self, from: Point, to: Point) -> Result<Option<PieceView>, DemoError> {
        self.check(from)?;
        self.check(to)?;
        if from == to {
            return Err(DemoError::SamePoint);
        }
        let piece = self.pieces.remove(&from).ok_or(DemoError::NoPiece(from))?;
        let taken = self.pieces.insert(to, PieceView { at: to, ..piece });
        self.last_move = Some(LastMove { from: Some(from), to });
        Ok(taken)
    }

    /// Empties the board (its lines and drawings stay).
    pub fn clear_pieces(&mut self) {
        self.pieces.clear();
        self.last_move = None;
    }

    /// Draws an arrow, or takes it away if it is there.
    pub fn toggle_arrow(&mut self, from: Point, to: Point) -> Result<(), DemoError> {
        self.check(from)?;
        self.check(to)?;
        if from == to {
            return Err(DemoError::SamePoint);
        }
        match self.arrows.iter().position(|&a| a == (from, to)) {
            Some(i) => {
                self.arrows.remove(i);
            }
            None => self.arrows.push((from, to)),
        }
        Ok(())
    }

    /// Marks a point, or unmarks it.
    pub fn toggle_mark(&mut self, at: Point) -> Result<(), DemoError> {
        self.check(at)?;
        match self.marks.iter().position(|&m| m == at) {
            Some(i) => {
                self.marks.remove(i);
            }
            None => self.marks.push(at),
        }
        Ok(())
    }

    /// Wipes the arrows and marks, keeping the pieces.
    pub fn clear_drawings(&mut self) {
        self.arrows.clear();
        self.marks.clear();
    }

    pub fn arrows(&self) -> &[(Point, Point)] {
        &self.arrows
    }

    pub fn marks(&self) -> &[Point] {
        &self.marks
    }

    pub fn piece(&self, at: Point) -> Option<&PieceView> {
        self.pieces.get(&at)
    }

    /// What to draw: the board, its pieces, the last move and the marks (as hint
    /// rings). The arrows are drawn over it from [`DemoBoard::arrows`].
    pub fn view(&self) -> BoardView {
        let mut v = self.base.clone();
        v.pieces = self.pieces.values().cloned().collect();
        v.last_move = self.last_move;
        v.highlights =
            self.marks.iter().map(|&at| Highlight { at, kind: HighlightKind::Hint }).collect();
        v
    }

    /// Loads one of a lesson's positions, with its arrows and marks.
    pub fn load(&mut self, position: &LessonPosition) {
        *self = DemoBoard::from_view(position.view.clone());
        self.arrows = position.arrows.clone();
        self.marks = position.marks.clone();
    }
}

/// One piece of each kind for each side of a game, as a palette to place from.
pub fn palette(kind: GameKind) -> Vec<PieceView> {
    let stone = |side: Side, colour| PieceView {
        at: Point::new(0, 0),
        side,
        colour,
        kind: PieceKind::Stone,
        glyph: String::new(),
    };
    match kind {
        GameKind::Go { .. } | GameKind::Gomoku { .. } => {
            vec![stone(Side::First, Colour::Black), stone(Side::Second, Colour::White)]
        }
        _ => {
            // The starting position holds every kind of piece of both sides.
            let view = GameSetup::standard(kind).start().map(|g| g.view());
            let mut out: Vec<PieceView> = Vec::new();
            for p in view.map(|v| v.pieces).unwrap_or_default() {
                if !out.iter().any(|q| q.side == p.side && q.kind == p.kind) {
                    out.push(PieceView { at: Point::new(0, 0), ..p });
                }
            }
            out
        }
    }
}

/// Every position a lesson shows, in step order: steps without a board are skipped.
/// Positions, arrows and points are read as the lesson's game writes them.
pub fn lesson_positions(lesson: &Lesson) -> Result<Vec<LessonPosition>, DemoError> {
    let kind = lesson.game;
    let mut out = Vec::new();
    for step in &lesson.steps {
        let Some(text) = step.fen() else { continue };
        let game = super::position::start(kind, text)
            .map_err(|_| DemoError::BadPosition(step.id().into()))?;
        let (arrows, marks) = match step {
            Step::Explain(s) => (
                s.arrows.iter().filter_map(|a| super::position::step_points(kind, a)).collect(),
                s.highlights.iter().filter_map(|p| super::position::point(kind, p)).collect(),
            ),
            _ => (Vec::new(), Vec::new()),
        };
        let mut view = game.view();
        view.highlights.clear();
        view.last_move = None;
        out.push(LessonPosition { step_id: step.id().into(), view, arrows, marks });
    }
    Ok(out)
}

/// The `index`th of a lesson's positions (see [`lesson_positions`]).
pub fn lesson_position(lesson: &Lesson, index: usize) -> Result<LessonPosition, DemoError> {
    let all = lesson_positions(lesson)?;
    let count = all.len();
    all.into_iter().nth(index).ok_or(DemoError::NoSuchPosition { index, count })
}
