//! The 四国军棋 lesson files: the same course shape and 教案 as the other games, with
//! steps on the four-seat board. Positions are written in the text form of
//! [`crate::junqi::Position`], stations as codes (`S1.3`, `C1.1`) and moves as
//! `from-to` (`S1.3-C2.1`). Every lesson is played open (明棋).

use serde::{Deserialize, Serialize};

use crate::curriculum::schema::{Plan, Text, UnitSpec};

/// `course.toml` of the 四国军棋 course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiCourseFile {
    pub id: String,
    /// Always `"junqi"`.
    pub game: String,
    pub title: Text,
    pub description: Text,
    pub units: Vec<UnitSpec>,
}

/// The loaded course.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JunqiCourse {
    pub id: String,
    pub title: Text,
    pub description: Text,
    pub units: Vec<JunqiUnit>,
}

/// A unit with its lessons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JunqiUnit {
    pub id: String,
    pub title: Text,
    pub lessons: Vec<JunqiLesson>,
}

impl JunqiCourse {
    /// Every lesson in course order.
    pub fn lessons(&self) -> impl Iterator<Item = &JunqiLesson> {
        self.units.iter().flat_map(|u| u.lessons.iter())
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&JunqiLesson> {
        self.lessons().find(|l| l.id == id)
    }
}

/// One lesson file: the 教案 and the steps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiLesson {
    pub id: String,
    pub title: Text,
    #[serde(default)]
    pub prerequisites: Vec<String>,
    pub plan: Plan,
    pub steps: Vec<JunqiStep>,
}

/// The kind of a step, for a UI to tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JunqiStepKind {
    Explain,
    TapTargets,
    TapStation,
    MakeMove,
    Puzzle,
}

impl JunqiStepKind {
    /// The name lesson files give the kind.
    pub fn name(self) -> &'static str {
        match self {
            JunqiStepKind::Explain => "explain",
            JunqiStepKind::TapTargets => "tap_targets",
            JunqiStepKind::TapStation => "tap_station",
            JunqiStepKind::MakeMove => "make_move",
            JunqiStepKind::Puzzle => "puzzle",
        }
    }
}

/// One thing the child sees or does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JunqiStep {
    /// Read, look at the board, press on.
    Explain(JunqiExplain),
    /// Tap every station the piece on `piece` can move to.
    TapTargets(JunqiTapTargets),
    /// Tap every listed station (the camps, the headquarters, …).
    TapStation(JunqiTapStation),
    /// Make one move that reaches the goal.
    MakeMove(JunqiMakeMove),
    /// Reach the goal over several moves; the other seats answer from the line.
    Puzzle(JunqiPuzzle),
}

/// Text and a board to look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiExplain {
    pub id: String,
    pub text: Text,
    #[serde(default)]
    pub position: Option<String>,
    #[serde(default)]
    pub highlights: Vec<String>,
    #[serde(default)]
    pub arrows: Vec<String>,
}

/// Tap every station the piece can reach; validation checks `targets` equals the
/// rules' answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiTapTargets {
    pub id: String,
    pub text: Text,
    pub position: String,
    pub piece: String,
    pub targets: Vec<String>,
    pub explain: Text,
    pub hint: Text,
}

/// What the stations of a tap-station step are, proven by the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StationClaim {
    /// Exactly the five 行营 of the child's army.
    Camps,
    /// Exactly the two 大本营 of the child's army.
    Headquarters,
    /// Exactly the stations of the child's army on the railway.
    Railway,
    /// Exactly the stations of the child's army where the setup rules let a 军旗 stand.
    FlagMayStand,
    /// Exactly the stations of the child's army where the setup rules let a 地雷 stand.
    MineMayStand,
    /// Exactly the stations of the child's army where the setup rules forbid a 炸弹
    /// (the camps, empty for every piece, among them).
    BombMayNotStand,
    /// Exactly the stations of the child's pieces that break a setup rule of their
    /// station (the step's position is a setup, partial or whole, of the child's army).
    BreaksSetupRule,
}

impl StationClaim {
    /// Whether the claim is about 布阵, before any game: the step's board is a setup
    /// of the child's army, drawn as given, with no referee (a setup that breaks a rule
    /// is no game position).
    pub fn is_about_setup(self) -> bool {
        matches!(
            self,
            StationClaim::FlagMayStand
                | StationClaim::MineMayStand
                | StationClaim::BombMayNotStand
                | StationClaim::BreaksSetupRule
        )
    }
}

/// Tap every listed station.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiTapStation {
    pub id: String,
    pub text: Text,
    pub position: String,
    pub stations: Vec<String>,
    #[serde(default)]
    pub claim: Option<StationClaim>,
    /// Said when all are found, and as the reason after a wrong tap.
    pub explain: Text,
    pub hint: Text,
}

/// What a move must do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JunqiGoal {
    /// Capture an opponent's 军旗.
    CaptureFlag,
    /// Attack and win: the defender is removed and the attacker stands on its station.
    WinBattle,
    /// Remove the attacked piece, even if the attacker goes too (a 炸弹's trade).
    Remove,
    /// Move the piece to the step's `reach` station.
    Reach,
    /// Afterwards no opponent piece can take the mover's 军旗 on its next move.
    Guard,
    /// The moved piece ends where no opponent piece can attack it and remove it.
    Safe,
}

/// The result of a battle as a wrong move's feedback states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleClaim {
    AttackerWins,
    DefenderWins,
    BothRemoved,
    /// The move is no attack at all.
    NoBattle,
}

/// A tempting wrong move and what to say about it. Validation checks that it is legal,
/// misses the goal and, when `battle` is given, that the battle ends that way.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiWrongMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub says: Text,
    #[serde(default)]
    pub battle: Option<BattleClaim>,
}

/// Make one move that reaches the goal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiMakeMove {
    pub id: String,
    pub text: Text,
    pub position: String,
    pub goal: JunqiGoal,
    /// The station of the `reach` goal.
    #[serde(default)]
    pub reach: Option<String>,
    /// Moves that reach the goal (the first is the one shown as the answer).
    pub accept: Vec<String>,
    /// The step says these are the only moves that reach the goal; validation checks it.
    #[serde(default)]
    pub only: bool,
    pub praise: Text,
    #[serde(default)]
    pub wrong: Vec<JunqiWrongMove>,
    #[serde(default)]
    pub highlights: Vec<String>,
    pub hint: Text,
}

/// Reach the goal over several moves. `line` is every move in turn order from the
/// position: the child's seat (the one to move) and the others' answers, which the
/// run plays for them. The child's last move may be any move that reaches the goal;
/// the earlier ones must follow the line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JunqiPuzzle {
    pub id: String,
    pub text: Text,
    pub position: String,
    pub goal: JunqiGoal,
    #[serde(default)]
    pub reach: Option<String>,
    pub line: Vec<String>,
    /// The step says the other seats cannot stop it: validation checks that after the
    /// child's first move, whatever every other seat plays, the child's next move can
    /// reach the goal (two of the child's moves).
    #[serde(default)]
    pub forced: bool,
    pub praise: Text,
    /// Wrong first moves and what to say about them.
    #[serde(default)]
    pub wrong: Vec<JunqiWrongMove>,
    pub hint: Text,
}

impl JunqiStep {
    pub fn id(&self) -> &str {
        match self {
            JunqiStep::Explain(s) => &s.id,
            JunqiStep::TapTargets(s) => &s.id,
            JunqiStep::TapStation(s) => &s.id,
            JunqiStep::MakeMove(s) => &s.id,
            JunqiStep::Puzzle(s) => &s.id,
        }
    }

    pub fn kind(&self) -> JunqiStepKind {
        match self {
            JunqiStep::Explain(_) => JunqiStepKind::Explain,
            JunqiStep::TapTargets(_) => JunqiStepKind::TapTargets,
            JunqiStep::TapStation(_) => JunqiStepKind::TapStation,
            JunqiStep::MakeMove(_) => JunqiStepKind::MakeMove,
            JunqiStep::Puzzle(_) => JunqiStepKind::Puzzle,
        }
    }

    pub fn text(&self) -> &Text {
        match self {
            JunqiStep::Explain(s) => &s.text,
            JunqiStep::TapTargets(s) => &s.text,
            JunqiStep::TapStation(s) => &s.text,
            JunqiStep::MakeMove(s) => &s.text,
            JunqiStep::Puzzle(s) => &s.text,
        }
    }

    pub fn hint(&self) -> Option<&Text> {
        match self {
            JunqiStep::Explain(_) => None,
            JunqiStep::TapTargets(s) => Some(&s.hint),
            JunqiStep::TapStation(s) => Some(&s.hint),
            JunqiStep::MakeMove(s) => Some(&s.hint),
            JunqiStep::Puzzle(s) => Some(&s.hint),
        }
    }

    /// The position the step starts from, if it shows a board.
    pub fn position(&self) -> Option<&str> {
        match self {
            JunqiStep::Explain(s) => s.position.as_deref(),
            JunqiStep::TapTargets(s) => Some(&s.position),
            JunqiStep::TapStation(s) => Some(&s.position),
            JunqiStep::MakeMove(s) => Some(&s.position),
            JunqiStep::Puzzle(s) => Some(&s.position),
        }
    }

    /// Whether the step's board is a setup drawn as given rather than a game on the
    /// referee (see [`StationClaim::is_about_setup`]).
    pub fn shows_setup(&self) -> bool {
        matches!(self, JunqiStep::TapStation(s) if s.claim.is_some_and(StationClaim::is_about_setup))
    }

    /// Whether the step is a proven puzzle: a move or a line that reaches a goal.
    pub fn is_puzzle(&self) -> bool {
        matches!(self, JunqiStep::MakeMove(_) | JunqiStep::Puzzle(_))
    }

    pub fn is_interactive(&self) -> bool {
        !matches!(self, JunqiStep::Explain(_))
    }
}
