//! The lesson file format: Course → Units → Lessons → Steps, every text in zh and en.
//!
//! Files are TOML and parsed with unknown fields denied, so a typo in a lesson is an
//! error rather than a silently missing hint. Points and moves are written in the
//! game's own coordinates (`e0`, `h2e2` for xiangqi) so authors can read them.

use serde::{Deserialize, Serialize};

pub use crate::game::Text;

pub use crate::game::GameKind;

pub use super::go_steps::{Count, CountQuestion, Fight, FightGoal, GoQuestion, TapGo};

/// The game a course file names: `game = "xiangqi"`, or `"gomoku"` with a `rule`, or
/// `"go"` with a `size`. Positions in its lessons are written in that game's text
/// (see [`super::position`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameName {
    Xiangqi,
    Chess,
    Go,
    Gomoku,
}

/// A gomoku rule set as a course file writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleName {
    Freestyle,
    Standard,
    Renju,
}

/// `course.toml`: the course and the order of its units and lessons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseFile {
    pub id: String,
    pub game: GameName,
    /// Go: the board's lines (9 when absent).
    #[serde(default)]
    pub size: Option<u8>,
    /// Gomoku: the rule set (renju when absent).
    #[serde(default)]
    pub rule: Option<RuleName>,
    pub title: Text,
    pub description: Text,
    pub units: Vec<UnitSpec>,
}

/// A unit (module) of a course: a title and the ids of its lessons in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: String,
    pub title: Text,
    pub lessons: Vec<String>,
}

/// A loaded course: the course file with its lessons resolved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Course {
    pub id: String,
    pub game: GameKind,
    pub title: Text,
    pub description: Text,
    pub units: Vec<Unit>,
}

/// A unit with its lessons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: String,
    pub title: Text,
    pub lessons: Vec<Lesson>,
}

impl Unit {
    /// What the unit is about: its title without the "第三单元" or "Unit 3" numbering
    /// (for headers that give the number apart).
    pub fn topic(&self) -> Text {
        fn strip_zh(t: &str) -> &str {
            let rest = match (t.starts_with('第'), t.find("单元")) {
                (true, Some(i)) => &t[i + "单元".len()..],
                _ => t,
            };
            rest.trim_start_matches(['：', ':', ' ', '　'])
        }
        fn strip_en(t: &str) -> &str {
            let Some(rest) = t.strip_prefix("Unit ") else { return t };
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.trim_start_matches([':', ' '])
        }
        Text { zh: strip_zh(&self.title.zh).to_owned(), en: strip_en(&self.title.en).to_owned() }
    }
}

impl Course {
    /// Every lesson in course order.
    pub fn lessons(&self) -> impl Iterator<Item = &Lesson> {
        self.units.iter().flat_map(|u| u.lessons.iter())
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons().find(|l| l.id == id)
    }
}

/// One lesson file: the 教案 (lesson plan) and the steps the child does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub id: String,
    /// The game of the course the lesson belongs to (set when the course is loaded).
    #[serde(skip_deserializing, default = "default_game")]
    pub game: GameKind,
    pub title: Text,
    /// Lesson ids that should be done first.
    #[serde(default)]
    pub prerequisites: Vec<String>,
    pub plan: Plan,
    pub steps: Vec<Step>,
}

/// The 教案 of a lesson, in the shape Chinese school lesson plans use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// 教学内容: what the lesson is about.
    pub content: Text,
    /// 教学目标: what the child can do afterwards.
    pub objectives: Vec<Text>,
    /// 重点难点: the key point and the hard point.
    pub key_points: Vec<Text>,
    /// 教学准备: what the teacher prepares.
    pub materials: Vec<Text>,
    /// 教学过程: the outline of the class hour.
    pub process: Vec<Text>,
    /// 课堂小结: the summary said at the end.
    pub summary: Text,
    /// 课时: number of class periods.
    pub periods: u8,
    /// Minutes the lesson takes on the app.
    pub minutes: u16,
}

/// The kind of a step, as a UI tells the steps apart: match it without a wildcard, so a
/// new kind of step cannot slip through a screen unhandled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    Explain,
    TapTargets,
    MakeMove,
    Collect,
    Puzzle,
    Quiz,
    TapPoint,
    Setup,
    PlayOut,
    TapShape,
    TapGo,
    Count,
    Fight,
}

impl StepKind {
    /// The name lesson files give the kind (`kind = "make_move"`).
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Explain => "explain",
            StepKind::TapTargets => "tap_targets",
            StepKind::MakeMove => "make_move",
            StepKind::Collect => "collect",
            StepKind::Puzzle => "puzzle",
            StepKind::Quiz => "quiz",
            StepKind::TapPoint => "tap_point",
            StepKind::Setup => "setup",
            StepKind::PlayOut => "play_out",
            StepKind::TapShape => "tap_shape",
            StepKind::TapGo => "tap_go",
            StepKind::Count => "count",
            StepKind::Fight => "fight",
        }
    }
}

/// One thing the child sees or does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// Read, look at the board, press on.
    Explain(Explain),
    /// Tap every point the piece can reach.
    TapTargets(TapTargets),
    /// Play one good move.
    MakeMove(MakeMove),
    /// Take every star with one piece in at most N moves (the other side does not move).
    Collect(Collect),
    /// A move tree with the opponent's replies, e.g. mate in 2.
    Puzzle(Puzzle),
    /// A multiple-choice question.
    Quiz(Quiz),
    /// Tap the point(s) that answer the question.
    TapPoint(TapPoint),
    /// Put the pieces on their starting points.
    Setup(Setup),
    /// Play from a position against the engine until a goal is reached.
    PlayOut(PlayOut),
    /// Tap every point where a stone makes a given shape (stone games).
    TapShape(TapShape),
    /// Go: tap every point that answers a question (liberties, atari, eyes, territory…).
    TapGo(TapGo),
    /// Go: enter a number (liberties, stones, area, the margin at the count).
    Count(Count),
    /// Go: capture, escape, kill or live, against the solver's replies.
    Fight(Fight),
}

impl Step {
    pub fn id(&self) -> &str {
        match self {
            Step::Explain(s) => &s.id,
            Step::TapTargets(s) => &s.id,
            Step::MakeMove(s) => &s.id,
            Step::Collect(s) => &s.id,
            Step::Puzzle(s) => &s.id,
            Step::Quiz(s) => &s.id,
            Step::TapPoint(s) => &s.id,
            Step::Setup(s) => &s.id,
            Step::PlayOut(s) => &s.id,
            Step::TapShape(s) => &s.id,
            Step::TapGo(s) => &s.id,
            Step::Count(s) => &s.id,
            Step::Fight(s) => &s.id,
        }
    }

    /// What kind of step this is.
    pub fn kind(&self) -> StepKind {
        match self {
            Step::Explain(_) => StepKind::Explain,
            Step::TapTargets(_) => StepKind::TapTargets,
            Step::MakeMove(_) => StepKind::MakeMove,
            Step::Collect(_) => StepKind::Collect,
            Step::Puzzle(_) => StepKind::Puzzle,
            Step::Quiz(_) => StepKind::Quiz,
            Step::TapPoint(_) => StepKind::TapPoint,
            Step::Setup(_) => StepKind::Setup,
            Step::PlayOut(_) => StepKind::PlayOut,
            Step::TapShape(_) => StepKind::TapShape,
            Step::TapGo(_) => StepKind::TapGo,
            Step::Count(_) => StepKind::Count,
            Step::Fight(_) => StepKind::Fight,
        }
    }

    /// The step's kind as written in the files.
    pub fn kind_name(&self) -> &'static str {
        self.kind().name()
    }

    /// The main instruction or explanation.
    pub fn text(&self) -> &Text {
        match self {
            Step::Explain(s) => &s.text,
            Step::TapTargets(s) => &s.text,
            Step::MakeMove(s) => &s.text,
            Step::Collect(s) => &s.text,
            Step::Puzzle(s) => &s.text,
            Step::Quiz(s) => &s.text,
            Step::TapPoint(s) => &s.text,
            Step::Setup(s) => &s.text,
            Step::PlayOut(s) => &s.text,
            Step::TapShape(s) => &s.text,
            Step::TapGo(s) => &s.text,
            Step::Count(s) => &s.text,
            Step::Fight(s) => &s.text,
        }
    }

    /// The hint shown when the child asks for one (the first of a step is free, later ones cost a star).
    pub fn hint(&self) -> Option<&Text> {
        match self {
            Step::Explain(_) => None,
            Step::TapTargets(s) => Some(&s.hint),
            Step::MakeMove(s) => Some(&s.hint),
            Step::Collect(s) => Some(&s.hint),
            Step::Puzzle(s) => Some(&s.hint),
            Step::Quiz(s) => Some(&s.hint),
            Step::TapPoint(s) => Some(&s.hint),
            Step::Setup(s) => Some(&s.hint),
            Step::PlayOut(s) => Some(&s.hint),
            Step::TapShape(s) => Some(&s.hint),
            Step::TapGo(s) => Some(&s.hint),
            Step::Count(s) => Some(&s.hint),
            Step::Fight(s) => Some(&s.hint),
        }
    }

    /// The position the step starts from, if it shows a board.
    pub fn fen(&self) -> Option<&str> {
        match self {
            Step::Explain(s) => s.fen.as_deref(),
            Step::TapTargets(s) => Some(&s.fen),
            Step::MakeMove(s) => Some(&s.fen),
            Step::Collect(s) => Some(&s.fen),
            Step::Puzzle(s) => Some(&s.fen),
            Step::Quiz(s) => s.fen.as_deref(),
            Step::TapPoint(s) => Some(&s.fen),
            Step::Setup(s) => Some(&s.fen),
            Step::PlayOut(s) => Some(&s.fen),
            Step::TapShape(s) => Some(&s.fen),
            Step::TapGo(s) => Some(&s.fen),
            Step::Count(s) => Some(&s.fen),
            Step::Fight(s) => Some(&s.fen),
        }
    }

    /// The step's named wrong moves (make-move and fight steps).
    pub fn wrong_moves(&self) -> &[WrongMove] {
        match self {
            Step::MakeMove(s) => &s.wrong,
            Step::Fight(s) => &s.wrong,
            _ => &[],
        }
    }

    /// Whether the child has to do something (everything but explain).
    pub fn is_interactive(&self) -> bool {
        !matches!(self, Step::Explain(_))
    }
}

/// Text and a board with points and arrows to look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Explain {
    pub id: String,
    pub text: Text,
    #[serde(default, alias = "position")]
    pub fen: Option<String>,
    /// Points to highlight, e.g. `["e0", "e9"]`.
    #[serde(default)]
    pub highlights: Vec<String>,
    /// Arrows drawn as moves, e.g. `["h2e2"]`.
    #[serde(default)]
    pub arrows: Vec<String>,
}

/// Tap every point the piece on `piece` can move to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TapTargets {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub piece: String,
    /// The answer as the author sees it; validation checks it equals the rules' answer.
    pub targets: Vec<String>,
    pub hint: Text,
}

/// Play one of the accepted moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MakeMove {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    /// Moves that solve the step, e.g. `["h2e2"]`.
    pub accept: Vec<String>,
    /// What a solver in core proves about the accepted moves (stone games).
    #[serde(default)]
    pub proof: Option<Proof>,
    /// The first accepted move in Chinese notation (e.g. `炮二平五`), when the step
    /// teaches notation; validation checks it names that move.
    #[serde(default)]
    pub notation: Option<String>,
    /// What to say after the move is made.
    pub praise: Text,
    /// Tempting wrong moves with what to say about each.
    #[serde(default)]
    pub wrong: Vec<WrongMove>,
    /// What the named wrong moves are wrong about (see [`WrongIs`]).
    #[serde(default)]
    pub wrong_is: WrongIs,
    #[serde(default)]
    pub highlights: Vec<String>,
    pub hint: Text,
}

/// What a make-move step's named wrong moves are wrong about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WrongIs {
    /// The play (the default): the engine must find each wrong move clearly worse than
    /// the best move, so what its feedback says about the position is true.
    #[default]
    Play,
    /// `wrong_is = "notation"`: the step asks for the move its `notation` names (a
    /// notation drill, or an opening asked for by name), and each wrong move is another
    /// reading of it: the other cannon, the other file, the other opening. Its feedback
    /// must say which move it is by name, not that it is bad play, because the wrong
    /// move may be as good as the named one; it is not searched. Needs `notation`.
    Notation,
}

/// A claim about a make-move step that validation proves with the game's solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Proof {
    /// The accepted moves are exactly the points where the side to move makes five.
    Five,
    /// Every accepted move starts a win by continuous fours (VCF) and no named wrong
    /// move does.
    StartsVcf,
    /// Every accepted move leaves the opponent without a VCF, and every other move
    /// lets the opponent win by one.
    Defends,
    /// Chess: the accepted moves are exactly the moves that checkmate at once.
    Mate,
    /// Chess: every accepted move wins material by the engine's search (see
    /// [`crate::ai::chess::tactic`] for the depth and margin) and no named wrong move does.
    WinsMaterial,
    /// Chess, king and pawn against king: every accepted move keeps the win for the
    /// pawn's side and every named wrong move throws it away, by the exact table.
    KpkWin,
    /// Chess, king and pawn against king: the lone king's accepted moves keep the draw
    /// and its named wrong moves lose, by the exact table.
    KpkDraw,
    /// A first win by threats (VCT): after every accepted move, each reply of the
    /// opponent leaves the child a VCF; after each named wrong move some reply does not.
    StartsVct,
}

/// A named wrong move and the feedback for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub says: Text,
    /// Go: what `says` states about the fight's stones after this move (and `reply`),
    /// proven by the capture reading (see [`StoneClaim`]). None when it states nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<StoneClaim>,
    /// Go: the other side's answer that `says` names ("white extends to F5"); it must
    /// be legal, and `claim` and `liberties` are read after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// Go: the liberties `says` gives the fight's stones after this move (and `reply`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liberties: Option<u8>,
    /// Chess and xiangqi: the facts `says` states about this move, each proven by the
    /// game's solvers (see [`PieceFact`]), e.g. `facts = ["check", "wins_nothing"]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub facts: Vec<PieceFact>,
}

/// A fact that a chess or xiangqi wrong move's feedback states, proven from the
/// position after the move: by the rules, by the exhaustive mate search, or by the
/// validator's deeper search against the material balance before the move (the
/// margin is the one a tactic must win by).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceFact {
    /// The move gives check.
    Check,
    /// Chess: the move leaves the other side no legal move and not in check, a draw.
    Stalemate,
    /// The other side then mates by force, within the mate search's reach.
    Mated,
    /// The move wins no material against the best defence.
    WinsNothing,
    /// The move loses material against the best reply: at least a tactic's margin.
    LosesMaterial,
}

impl PieceFact {
    /// The fact as it is written in a lesson file.
    pub fn name(self) -> &'static str {
        match self {
            PieceFact::Check => "check",
            PieceFact::Stalemate => "stalemate",
            PieceFact::Mated => "mated",
            PieceFact::WinsNothing => "wins_nothing",
            PieceFact::LosesMaterial => "loses_material",
        }
    }
}

/// What a Go wrong move's feedback says becomes of the fight's stones (the string on
/// the step's `at`), proven by the capture reading from the position after the move
/// and its `reply`. The horizon is
/// [`crate::curriculum::go_steps::CLAIM_HORIZON`] moves of the attacker from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoneClaim {
    /// The stones get away: the attacker cannot take them by force within the horizon.
    Escapes,
    /// The stones are taken by force within the step's depth.
    Captured,
    /// The stones are still taken by force, by a longer chase: not within the step's
    /// depth, but within the horizon.
    StillCaptures,
    /// The ladder (征子) fails: atari after atari does not take the stones within the
    /// horizon (they reach a friendly stone or open space).
    LadderFails,
    /// Life and death: the group lives whatever the other side does.
    Lives,
    /// Life and death: the group dies whatever its owner does.
    Dies,
}

impl StoneClaim {
    /// The claim as it is written in a lesson file.
    pub fn name(self) -> &'static str {
        match self {
            StoneClaim::Escapes => "escapes",
            StoneClaim::Captured => "captured",
            StoneClaim::StillCaptures => "still_captures",
            StoneClaim::LadderFails => "ladder_fails",
            StoneClaim::Lives => "lives",
            StoneClaim::Dies => "dies",
        }
    }
}

/// Take every star with the piece on `piece` in at most `max_moves` moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Collect {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub piece: String,
    pub stars: Vec<String>,
    pub max_moves: u8,
    pub hint: Text,
}

/// What a puzzle asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PuzzleGoal {
    /// The line ends with the opponent having no legal move (将死 or 困毙).
    Mate,
    /// The line is the best play; no further condition.
    Line,
    /// Stone games: every move of the child makes a four and the last makes five (a
    /// win by continuous fours, VCF); `mate_in` counts the child's moves.
    Five,
}

/// A move tree: each line alternates the child's move and the opponent's reply.
/// Lines sharing a prefix branch where the opponent has several replies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub goal: PuzzleGoal,
    /// For `mate`: how many of the child's moves the mate takes.
    #[serde(default)]
    pub mate_in: Option<u8>,
    pub lines: Vec<Vec<String>>,
    pub praise: Text,
    pub hint: Text,
}

/// A multiple-choice question (思考题).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quiz {
    pub id: String,
    pub text: Text,
    #[serde(default, alias = "position")]
    pub fen: Option<String>,
    #[serde(default)]
    pub highlights: Vec<String>,
    pub choices: Vec<Text>,
    /// Index into `choices`, from 0.
    pub answer: usize,
    /// Said after the right answer, and as the reason after a wrong one.
    pub explain: Text,
    pub hint: Text,
}

/// Tap a point that answers the question; any of `points` is right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TapPoint {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub points: Vec<String>,
    pub explain: Text,
    pub hint: Text,
}

/// Place pieces: the board starts as `fen` without the pieces on `place`; the child
/// puts each of them back on its point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub place: Vec<String>,
    pub hint: Text,
}

/// The goal of a play-out against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
pub enum PlayGoal {
    /// Leave the engine without a legal move (将死 or 困毙).
    Checkmate,
    /// Be ahead by at least a horse's worth more than at the start, after the engine's
    /// reply (so a trade does not count).
    WinMaterial,
    /// Make `moves` moves without being mated and without losing a big piece.
    HoldDraw { moves: u16 },
    /// Win the game: five in a row in gomoku, checkmate in xiangqi.
    Win,
}

/// A shape a stone can make on a point, as a question asks for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeQuery {
    /// 成五: the stone wins at once.
    Five,
    /// 活四: a four with two points to make five.
    OpenFour,
    /// Any four (冲四 or 活四), five not included.
    Four,
    /// 活三 (a real one for black under renju), in at least one line.
    OpenThree,
    /// 四三: a four and an open three at once.
    FourThree,
    /// Black's forbidden points under renju (三三, 四四, 长连).
    Forbidden,
}

/// The colour a shape question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoneName {
    Black,
    White,
}

/// Tap every point where `stone` makes `shape`; validation checks the listed points
/// are exactly the rules' answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TapShape {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub shape: ShapeQuery,
    pub stone: StoneName,
    pub points: Vec<String>,
    /// Said when every point is found, and as the reason after a wrong tap.
    pub explain: Text,
    pub hint: Text,
}

/// Play on against the engine until the goal is reached. The child plays the side to
/// move in `fen`; the engine answers inside [`crate::curriculum::LessonRun::submit`]
/// with a small, fixed node budget, so its replies depend only on the moves and `seed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayOut {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub goal: PlayGoal,
    /// The engine's difficulty level (1–10, see [`crate::ai::LEVELS`]); its node cap
    /// is further limited by `nodes`.
    #[serde(default = "default_level")]
    pub level: u8,
    /// Nodes the engine may search for each reply (at most
    /// [`crate::curriculum::PLAYOUT_MAX_NODES`]); the default keeps a reply to a few
    /// milliseconds.
    #[serde(default)]
    pub nodes: Option<u32>,
    /// Seed of the engine's random choices: the same moves always get the same replies.
    #[serde(default)]
    pub seed: u64,
    /// For checkmate and win-material: the child's moves allowed before the step
    /// starts again.
    #[serde(default)]
    pub max_moves: Option<u16>,
    /// Said when the goal is reached; a general "well done" when absent.
    #[serde(default)]
    pub praise: Option<Text>,
    pub hint: Text,
}

fn default_game() -> GameKind {
    GameKind::Xiangqi
}

fn default_level() -> u8 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(zh: &str, en: &str) -> Unit {
        Unit { id: "u".into(), title: Text { zh: zh.into(), en: en.into() }, lessons: Vec::new() }
    }

    #[test]
    fn a_units_topic_drops_its_numbering() {
        let t =
            unit("第一单元：棋盘、气和吃子", "Unit 1: the board, liberties and capturing").topic();
        assert_eq!(
            (t.zh.as_str(), t.en.as_str()),
            ("棋盘、气和吃子", "the board, liberties and capturing")
        );
        let t = unit("第十一单元 应将、棋德和口诀", "Unit 11: Answering check").topic();
        assert_eq!((t.zh.as_str(), t.en.as_str()), ("应将、棋德和口诀", "Answering check"));
        let t = unit("开局", "Openings").topic();
        assert_eq!((t.zh.as_str(), t.en.as_str()), ("开局", "Openings"));
    }
}
