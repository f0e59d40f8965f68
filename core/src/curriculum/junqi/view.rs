//! What a 四国军棋 lesson run hands a UI and takes from it: the step view with the
//! board as data, the child's input and the feedback.

use crate::HighlightKind;
use crate::curriculum::LessonResult;
use crate::curriculum::junqi::schema::JunqiStepKind;
use crate::curriculum::schema::Text;
use crate::junqi::{Move, Rank, Seat, Station};

/// What the child did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JunqiInput {
    /// Go on after reading an explanation.
    Continue,
    /// Tap a station: an answer in a tap step; in a move step the first tap on one's
    /// own piece picks it up and the next tap moves it (a tap on another own piece
    /// picks that one instead).
    Tap(Station),
    /// Move a piece at once (drag and drop).
    Move { from: Station, to: Station },
}

/// One piece on the board, every rank open (lessons are 明棋).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JunqiPieceView {
    pub station: Station,
    pub seat: Seat,
    pub rank: Rank,
}

/// A marked station.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JunqiHighlight {
    pub station: Station,
    pub kind: HighlightKind,
}

/// The board of a step: the referee's position, or for a 布阵 step the setup as the
/// lesson gives it. Draw each station at [`Station::grid`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JunqiBoard {
    pub pieces: Vec<JunqiPieceView>,
    /// Stations to mark: the lesson's hints, the stations found so far, the picked-up
    /// piece's targets.
    pub highlights: Vec<JunqiHighlight>,
    /// The piece the child picked up, if any.
    pub selected: Option<Station>,
    /// The seat to move.
    pub turn: Seat,
    /// Which seats are out, by seat index.
    pub out: [bool; 4],
    /// The last move played in this step (the child's or an answer).
    pub last_move: Option<Move>,
}

/// What a UI shows for the current step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JunqiStepView {
    pub index: usize,
    pub count: usize,
    pub step_id: String,
    pub kind: JunqiStepKind,
    /// The prompt.
    pub text: Text,
    /// The seat the child plays (the seat to move at the step's start).
    pub seat: Seat,
    pub board: Option<JunqiBoard>,
    /// Arrows to draw (explanations).
    pub arrows: Vec<Move>,
}

/// The answer to an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JunqiFeedback {
    /// Right, and the step goes on; `replies` are the other seats' moves already
    /// played (a puzzle's line).
    Correct { text: Option<Text>, replies: Vec<Move> },
    /// A piece was picked up and `targets` are where it may go; or, after a second tap
    /// on the same piece, it was put back and `targets` is empty.
    Selected { at: Station, targets: Vec<Station> },
    /// Not right; the reason says why (a rule, the author's note or what the move did).
    Wrong { reason: Text },
    /// A hint; `stations` are worth looking at. The first of a step is free.
    Hint { text: Text, stations: Vec<Station> },
    /// The step is finished; the next one is current now.
    StepDone { text: Option<Text> },
    /// The last step is finished.
    LessonDone { text: Option<Text>, result: LessonResult },
    /// This kind of input does nothing in this step.
    NotExpected,
}
