//! What every game's checks share: the problems a course can have, the context that
//! collects them with where they are, and the checks of the step kinds every game has.

use std::collections::BTreeMap;

use crate::Point;
use crate::curriculum::schema::{PieceFact, PlayGoal, PlayOut, Quiz, Text};

/// One problem in a course, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("lesson '{lesson}'{}: {problem}", step.as_ref().map(|s| format!(", step '{s}'")).unwrap_or_default())]
pub struct ValidationError {
    pub lesson: String,
    pub step: Option<String>,
    pub problem: Problem,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("duplicate {what} id '{id}'")]
    DuplicateId { what: &'static str, id: String },
    #[error("{field} is missing its {missing} text")]
    MissingTranslation { field: String, missing: &'static str },
    #[error("FEN '{fen}' is not a valid position: {error}")]
    BadFen { fen: String, error: String },
    #[error("'{0}' is not a point (write it like e0 or h7)")]
    BadPoint(String),
    #[error("'{0}' is not a move (write it like h2e2)")]
    BadMove(String),
    #[error("move {mv} is illegal here: {reason}")]
    IllegalMove { mv: String, reason: String },
    #[error("there is no piece of the side to move on {0}")]
    NoPiece(String),
    #[error("listed targets {listed:?} differ from the legal targets {actual:?}")]
    TargetsDiffer { listed: Vec<String>, actual: Vec<String> },
    #[error("the stars cannot all be taken in {max} moves")]
    StarsUnreachable { max: u8 },
    #[error("star on {0} is not an empty point")]
    StarOccupied(String),
    #[error("a step of this kind needs at least one {0}")]
    Empty(&'static str),
    #[error("move {0} is both accepted and listed as wrong")]
    WrongIsAccepted(String),
    #[error("answer {answer} is not one of the {choices} choices")]
    BadAnswer { answer: usize, choices: usize },
    #[error("prerequisite '{0}' is not a lesson of this course")]
    UnknownPrerequisite(String),
    #[error("prerequisites form a cycle through '{0}'")]
    CyclicPrerequisite(String),
    #[error("puzzle line {line} {what}")]
    BadLine { line: usize, what: String },
    #[error("the position is not a forced mate in {0}")]
    NotForcedMate(u8),
    #[error("a mate puzzle needs mate_in between 1 and 3")]
    BadMateIn,
    #[error("{0} lessons cannot be checked yet: only xiangqi steps are implemented")]
    UnsupportedGame(String),
    #[error("notation '{written}' does not name the move, which is written '{actual}'")]
    NotationDiffers { written: String, actual: String },
    #[error("the game is already over in this position")]
    GameOver,
    #[error("engine level {0} does not exist; levels go from 1 to 10")]
    BadLevel(u8),
    #[error("the engine may search at most {max} nodes per reply, not {nodes}")]
    TooManyNodes { nodes: u32, max: u32 },
    #[error("a play-out needs at least one move to play ({0} is zero)")]
    NoMoves(&'static str),
    #[error("a {0} step does not fit this game")]
    NotForThisGame(&'static str),
    #[error("wrong_is = \"notation\" needs the step's notation, which is missing")]
    NotationMissing,
    #[error("the solver does not confirm it: {0}")]
    Unproven(String),
    #[error("listed points {listed:?} differ from the rules' answer {actual:?}")]
    PointsDiffer { listed: Vec<String>, actual: Vec<String> },
    #[error("the position '{text}' does not read: {error}")]
    BadPosition { text: String, error: String },
    #[error(
        "accepted move {mv} scores {score}, more than {margin} worse than the engine's {best} ({best_score}) at depth {depth}"
    )]
    WorseThanBest {
        mv: String,
        score: String,
        best: String,
        best_score: String,
        margin: i32,
        depth: u32,
    },
    #[error(
        "wrong move {mv} scores {score}, no worse than the accepted moves ({accepted}) at depth {depth}"
    )]
    WrongNotWorse { mv: String, score: String, accepted: String, depth: u32 },
    #[error("what the feedback on wrong move {mv} states is not so: {why}")]
    ClaimFalse { mv: String, why: String },
    #[error("the text states {stated} {what}, but {why}")]
    TextNumber { what: &'static str, stated: u32, why: String },
    #[error(
        "the feedback on wrong move {mv} says '{word}' about the fight's stones but declares no claim for the check to prove"
    )]
    ClaimUndeclared { mv: String, word: String },
    #[error("the answer does not fit the question: {0}")]
    AnswerMisfits(String),
    #[error("the step claims {claim}, but a search to depth {depth} scores it {score}")]
    ClaimNotBorneOut { claim: &'static str, score: String, depth: u32 },
    #[error(
        "the tactic {mv} ends only {score} for the mover after the best defence by a \
         {depth}-ply search (material before it {before}); a won tactic leaves the mover at \
         least {margin} ahead"
    )]
    NotAhead { mv: String, score: i32, before: i32, depth: u32, margin: i32 },
    #[error(
        "after the accepted {mv} the mover stands lost: {score} by a {depth}-ply search (a \
         forced mate is -30000), {margin} or more behind"
    )]
    Lost { mv: String, score: i32, depth: u32, margin: i32 },
    #[error(
        "the feedback on wrong move {mv} says \"{phrase}\" but does not list facts = [\"{fact}\"] for the solver to prove"
    )]
    FactNotListed { mv: String, phrase: &'static str, fact: &'static str },
}

/// What validation proved about a course, per step kind: how many steps, which solver
/// proved them and how deep, and which stated claims it checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProofReport {
    /// By step kind (`fight`, `make_move`, …).
    pub kinds: BTreeMap<String, KindProof>,
}

/// The proofs of one step kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindProof {
    /// Steps of this kind.
    pub steps: usize,
    /// How they were proven (the solver and its settings), with how many steps each.
    pub methods: BTreeMap<String, usize>,
    /// Claims checked, by kind (`escapes`, `liberties`, …).
    pub claims: BTreeMap<String, usize>,
}

impl ProofReport {
    /// Claims checked in all, over every kind.
    pub fn claims(&self) -> usize {
        self.kinds.values().flat_map(|k| k.claims.values()).sum()
    }

    /// Steps proven by some solver, over every kind.
    pub fn proven_steps(&self) -> usize {
        self.kinds.values().flat_map(|k| k.methods.values()).sum()
    }
}

pub(super) struct Ctx<'a> {
    pub(super) lesson: &'a str,
    pub(super) step: Option<&'a str>,
    pub(super) out: &'a mut Vec<ValidationError>,
    /// The step's kind, for the report.
    pub(super) kind: &'static str,
    pub(super) report: &'a mut ProofReport,
}

impl Ctx<'_> {
    /// Notes that the step was proven by `method` (a solver with its settings).
    pub(super) fn proved(&mut self, method: impl Into<String>) {
        let k = self.report.kinds.entry(self.kind.to_owned()).or_default();
        *k.methods.entry(method.into()).or_default() += 1;
    }

    /// Notes that a stated claim of kind `name` was checked.
    pub(super) fn claim(&mut self, name: &str) {
        let k = self.report.kinds.entry(self.kind.to_owned()).or_default();
        *k.claims.entry(name.to_owned()).or_default() += 1;
    }

    pub(super) fn err(&mut self, problem: Problem) {
        self.out.push(ValidationError {
            lesson: self.lesson.to_owned(),
            step: self.step.map(str::to_owned),
            problem,
        });
    }

    pub(super) fn text(&mut self, field: &str, t: &Text) {
        if t.zh.trim().is_empty() {
            self.err(Problem::MissingTranslation { field: field.to_owned(), missing: "zh" });
        }
        if t.en.trim().is_empty() {
            self.err(Problem::MissingTranslation { field: field.to_owned(), missing: "en" });
        }
    }
}

/// The checks every game's play-out needs: level, budget, move counts, praise.
pub(super) fn play_out_fields(s: &PlayOut, c: &mut Ctx<'_>) {
    if !(1..=10).contains(&s.level) {
        c.err(Problem::BadLevel(s.level));
    }
    if let Some(nodes) = s.nodes
        && !(1..=crate::curriculum::PLAYOUT_MAX_NODES).contains(&nodes)
    {
        c.err(Problem::TooManyNodes { nodes, max: crate::curriculum::PLAYOUT_MAX_NODES });
    }
    if s.max_moves == Some(0) {
        c.err(Problem::NoMoves("max_moves"));
    }
    if let PlayGoal::HoldDraw { moves: 0 } = s.goal {
        c.err(Problem::NoMoves("goal.moves"));
    }
    if let Some(p) = &s.praise {
        c.text("praise", p);
    }
}

/// The checks every game's quiz needs.
pub(super) fn quiz_fields(s: &Quiz, c: &mut Ctx<'_>) {
    c.text("explain", &s.explain);
    if s.choices.len() < 2 {
        c.err(Problem::Empty("second choice"));
    }
    for (i, t) in s.choices.iter().enumerate() {
        c.text(&format!("choices[{i}]"), t);
    }
    if s.answer >= s.choices.len() {
        c.err(Problem::BadAnswer { answer: s.answer, choices: s.choices.len() });
    }
}

/// The step's stars as points. `point` parses (and reports a bad name); a star on an
/// occupied point or no star at all makes the step invalid and gives `None`.
pub(super) fn read_stars(
    c: &mut Ctx<'_>,
    stars: &[String],
    mut point: impl FnMut(&mut Ctx<'_>, &str) -> Option<Point>,
    occupied: impl Fn(Point) -> bool,
) -> Option<Vec<Point>> {
    let mut out = Vec::new();
    for st in stars {
        let Some(p) = point(c, st) else { continue };
        if occupied(p) {
            c.err(Problem::StarOccupied(st.clone()));
            return None;
        }
        out.push(p);
    }
    if out.is_empty() {
        c.err(Problem::Empty("star"));
        return None;
    }
    Some(out)
}

/// Phrases of a chess or xiangqi wrong move's English feedback that state a fact, and
/// the fact each states: feedback that says one must list the fact, so it is proven.
const FACT_PHRASES: &[(&str, PieceFact)] = &[
    ("stalemate", PieceFact::Stalemate),
    ("checkmate", PieceFact::Mated),
    ("get mated", PieceFact::Mated),
    ("are mated", PieceFact::Mated),
    ("mates you", PieceFact::Mated),
    ("it is check", PieceFact::Check),
    ("gives check", PieceFact::Check),
    ("wins nothing", PieceFact::WinsNothing),
    ("wins no ", PieceFact::WinsNothing),
    ("win no ", PieceFact::WinsNothing),
    ("nothing is won", PieceFact::WinsNothing),
    ("loses a", PieceFact::LosesMaterial),
    ("bad trade", PieceFact::LosesMaterial),
    ("terrible trade", PieceFact::LosesMaterial),
    ("a horse down", PieceFact::LosesMaterial),
    ("a piece down", PieceFact::LosesMaterial),
];

/// Reports each fact that the feedback `says` on wrong move `mv` states in words but
/// `facts` does not list.
pub(super) fn facts_listed(c: &mut Ctx<'_>, mv: &str, says: &Text, facts: &[PieceFact]) {
    let en = says.en.to_lowercase();
    for &(phrase, fact) in FACT_PHRASES {
        if en.contains(phrase) && !facts.contains(&fact) {
            c.err(Problem::FactNotListed { mv: mv.to_owned(), phrase, fact: fact.name() });
        }
    }
}
