//! Checks a loaded course against the rules of its game: every position parses, every
//! accepted or scripted move is legal, listed targets are the real targets, stars can
//! be reached, mates are forced, ids are unique, prerequisites exist without cycles,
//! and every text is written in both languages.

use std::collections::{BTreeMap, BTreeSet};

use super::schema::{Course, Lesson, PuzzleGoal, Step, Text};
use super::stars::{read_stars, shortest_tour};
use crate::xiangqi::{Move, Position, mate_search, notation};
use crate::{GameKind, Point};

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
    #[error("the step claims {claim}, but a search to depth {depth} scores it {score}")]
    ClaimNotBorneOut { claim: &'static str, score: String, depth: u32 },
}

pub(super) struct Ctx<'a> {
    lesson: &'a str,
    step: Option<&'a str>,
    out: &'a mut Vec<ValidationError>,
}

impl Ctx<'_> {
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

    fn fen(&mut self, fen: &str) -> Option<Position> {
        match Position::from_fen(fen) {
            Ok(p) => Some(p),
            Err(e) => {
                self.err(Problem::BadFen { fen: fen.to_owned(), error: e.to_string() });
                None
            }
        }
    }

    fn point(&mut self, s: &str) -> Option<Point> {
        let p = notation::parse_point(s);
        if p.is_none() {
            self.err(Problem::BadPoint(s.to_owned()));
        }
        p
    }

    fn mv(&mut self, s: &str) -> Option<(Point, Point)> {
        let m = notation::parse_move(s);
        if m.is_none() {
            self.err(Problem::BadMove(s.to_owned()));
        }
        m
    }

    /// Plays `s` on `pos` if it is legal, reporting why not otherwise.
    fn play(&mut self, pos: &mut Position, s: &str) -> bool {
        let Some((from, to)) = self.mv(s) else { return false };
        if let Some(reason) = crate::xiangqi::illegal_reason(pos, from, to) {
            self.err(Problem::IllegalMove { mv: s.to_owned(), reason: reason.text().en });
            return false;
        }
        pos.play_points(from, to).is_ok()
    }
}

/// Checks a whole course; returns every problem found (empty when all is well).
pub fn validate(course: &Course) -> Vec<ValidationError> {
    let mut out = Vec::new();
    let mut ids = BTreeSet::new();
    let mut units = BTreeSet::new();
    let all: BTreeSet<&str> = course.lessons().map(|l| l.id.as_str()).collect();
    {
        let mut c = Ctx { lesson: &course.id, step: None, out: &mut out };
        c.text("course title", &course.title);
        c.text("course description", &course.description);
        for u in &course.units {
            if !units.insert(u.id.clone()) {
                c.err(Problem::DuplicateId { what: "unit", id: u.id.clone() });
            }
            c.text(&format!("unit '{}' title", u.id), &u.title);
        }
    }
    for lesson in course.lessons() {
        let mut c = Ctx { lesson: &lesson.id, step: None, out: &mut out };
        if !ids.insert(lesson.id.clone()) {
            c.err(Problem::DuplicateId { what: "lesson", id: lesson.id.clone() });
        }
        for p in &lesson.prerequisites {
            if !all.contains(p.as_str()) {
                c.err(Problem::UnknownPrerequisite(p.clone()));
            }
        }
        validate_lesson(lesson, &mut out);
    }
    if let Some(id) = prerequisite_cycle(course) {
        out.push(ValidationError {
            lesson: id.clone(),
            step: None,
            problem: Problem::CyclicPrerequisite(id),
        });
    }
    out
}

fn prerequisite_cycle(course: &Course) -> Option<String> {
    let graph: BTreeMap<&str, Vec<&str>> = course
        .lessons()
        .map(|l| (l.id.as_str(), l.prerequisites.iter().map(String::as_str).collect()))
        .collect();
    // 0 = unseen, 1 = on the stack, 2 = done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    fn visit<'a>(
        n: &'a str,
        g: &BTreeMap<&'a str, Vec<&'a str>>,
        st: &mut BTreeMap<&'a str, u8>,
    ) -> Option<String> {
        match st.get(n) {
            Some(1) => return Some(n.to_owned()),
            Some(2) => return None,
            _ => {}
        }
        st.insert(n, 1);
        for &m in g.get(n).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(c) = visit(m, g, st) {
                return Some(c);
            }
        }
        st.insert(n, 2);
        None
    }
    graph.keys().find_map(|&n| visit(n, &graph, &mut state))
}

/// Checks one lesson against the rules of its game.
pub fn validate_lesson(lesson: &Lesson, out: &mut Vec<ValidationError>) {
    let mut c = Ctx { lesson: &lesson.id, step: None, out };
    c.text("title", &lesson.title);
    let p = &lesson.plan;
    c.text("plan.content", &p.content);
    c.text("plan.summary", &p.summary);
    for (name, list) in [
        ("plan.objectives", &p.objectives),
        ("plan.key_points", &p.key_points),
        ("plan.materials", &p.materials),
        ("plan.process", &p.process),
    ] {
        if list.is_empty() {
            c.err(Problem::Empty(name));
        }
        for (i, t) in list.iter().enumerate() {
            c.text(&format!("{name}[{i}]"), t);
        }
    }
    let mut steps = BTreeSet::new();
    for step in &lesson.steps {
        let mut c = Ctx { lesson: &lesson.id, step: Some(step.id()), out: c.out };
        if !steps.insert(step.id()) {
            c.err(Problem::DuplicateId { what: "step", id: step.id().to_owned() });
        }
        c.text("text", step.text());
        if let Some(h) = step.hint() {
            c.text("hint", h);
        }
        match lesson.game {
            GameKind::Xiangqi => validate_step(step, &mut c),
            GameKind::Go { .. } => super::go_checks::validate_step(lesson.game, step, &mut c),
            GameKind::Chess => super::chess_checks::validate_step(step, &mut c),
            kind => super::check_stones::validate_step(kind, step, &mut c),
        }
    }
}

fn validate_step(step: &Step, c: &mut Ctx<'_>) {
    let pos = match step.fen() {
        Some(f) => match c.fen(f) {
            Some(p) => Some(p),
            None => return,
        },
        None => None,
    };
    match step {
        Step::Explain(s) => {
            for h in &s.highlights {
                c.point(h);
            }
            for a in &s.arrows {
                c.mv(a);
            }
        }
        Step::TapTargets(s) => {
            let (Some(pos), Some(from)) = (pos, c.point(&s.piece)) else { return };
            let mut actual: Vec<String> =
                pos.legal_targets(from).into_iter().map(notation::point_name).collect();
            if actual.is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            let mut listed: Vec<String> = s.targets.clone();
            listed.sort();
            actual.sort();
            if listed != actual {
                c.err(Problem::TargetsDiffer { listed, actual });
            }
        }
        Step::MakeMove(s) => {
            let Some(pos) = pos else { return };
            c.text("praise", &s.praise);
            if s.accept.is_empty() {
                c.err(Problem::Empty("accepted move"));
            }
            for a in &s.accept {
                c.play(&mut pos.clone(), a);
            }
            if let Some(written) = &s.notation
                && let Some((from, to)) = s.accept.first().and_then(|a| notation::parse_move(a))
                && let Some(m) = Move::new(from, to)
                && pos.is_legal(m)
            {
                let actual = crate::xiangqi::notation::format_chinese(&pos, m);
                if &actual != written {
                    c.err(Problem::NotationDiffers { written: written.clone(), actual });
                }
            }
            for w in &s.wrong {
                c.mv(&w.mv);
                c.text(&format!("wrong move {}", w.mv), &w.says);
                if s.accept.contains(&w.mv) {
                    c.err(Problem::WrongIsAccepted(w.mv.clone()));
                }
            }
            for h in &s.highlights {
                c.point(h);
            }
            super::xq_proofs::check(&pos, s, c);
        }
        Step::Collect(s) => {
            let (Some(pos), Some(from)) = (pos, c.point(&s.piece)) else { return };
            let occupied = |p| pos.piece_at(p).is_some();
            let Some(stars) = read_stars(c, &s.stars, |c, st| c.point(st), occupied) else {
                return;
            };
            if pos.legal_targets(from).is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            if collect_path(&pos, from, &stars, s.max_moves).is_none() {
                c.err(Problem::StarsUnreachable { max: s.max_moves });
            }
        }
        Step::Puzzle(s) => {
            let Some(pos) = pos else { return };
            c.text("praise", &s.praise);
            validate_puzzle(s, &pos, c);
        }
        Step::Quiz(s) => {
            quiz_fields(s, c);
            for h in &s.highlights {
                c.point(h);
            }
        }
        Step::TapPoint(s) => {
            c.text("explain", &s.explain);
            if s.points.is_empty() {
                c.err(Problem::Empty("answer point"));
            }
            for p in &s.points {
                c.point(p);
            }
        }
        Step::Setup(s) => {
            let Some(pos) = pos else { return };
            if s.place.is_empty() {
                c.err(Problem::Empty("piece to place"));
            }
            for p in &s.place {
                if let Some(at) = c.point(p)
                    && pos.piece_at(at).is_none()
                {
                    c.err(Problem::NoPiece(p.clone()));
                }
            }
        }
        Step::TapShape(_) => c.err(Problem::NotForThisGame("tap_shape")),
        Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => {
            c.err(Problem::NotForThisGame(step.kind_name()))
        }
        Step::PlayOut(s) => {
            if pos.is_some_and(|p| mate_search::is_mated(&p)) {
                c.err(Problem::GameOver);
            }
            play_out_fields(s, c);
        }
    }
}

/// The checks every game's play-out needs: level, budget, move counts, praise.
pub(super) fn play_out_fields(s: &super::schema::PlayOut, c: &mut Ctx<'_>) {
    if !(1..=10).contains(&s.level) {
        c.err(Problem::BadLevel(s.level));
    }
    if let Some(nodes) = s.nodes
        && !(1..=super::PLAYOUT_MAX_NODES).contains(&nodes)
    {
        c.err(Problem::TooManyNodes { nodes, max: super::PLAYOUT_MAX_NODES });
    }
    if s.max_moves == Some(0) {
        c.err(Problem::NoMoves("max_moves"));
    }
    if let super::schema::PlayGoal::HoldDraw { moves: 0 } = s.goal {
        c.err(Problem::NoMoves("goal.moves"));
    }
    if let Some(p) = &s.praise {
        c.text("praise", p);
    }
}

/// The checks every game's quiz needs.
pub(super) fn quiz_fields(s: &super::schema::Quiz, c: &mut Ctx<'_>) {
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

fn validate_puzzle(s: &super::schema::Puzzle, pos: &Position, c: &mut Ctx<'_>) {
    if s.lines.is_empty() {
        c.err(Problem::Empty("line"));
        return;
    }
    for (i, line) in s.lines.iter().enumerate() {
        let mut p = pos.clone();
        if line.is_empty() {
            c.err(Problem::BadLine { line: i, what: "is empty".into() });
            continue;
        }
        if !line.iter().all(|m| c.play(&mut p, m)) {
            continue;
        }
        if s.goal == PuzzleGoal::Mate {
            if line.len() % 2 == 0 {
                c.err(Problem::BadLine { line: i, what: "must end with the solver's move".into() });
            } else if !mate_search::is_mated(&p) {
                c.err(Problem::BadLine { line: i, what: "does not end in mate".into() });
            }
        }
    }
    if s.goal == PuzzleGoal::Five {
        c.err(Problem::NotForThisGame("five-in-a-row puzzle"));
    }
    if s.goal == PuzzleGoal::Mate {
        match s.mate_in {
            Some(n @ 1..=3) => {
                if !mate_search::mates_in(pos, n) {
                    c.err(Problem::NotForcedMate(n));
                }
                // Every move of the child in the lines must keep the mate forced.
                for (i, line) in s.lines.iter().enumerate() {
                    let mut p = pos.clone();
                    for (k, m) in line.iter().enumerate() {
                        let Some((from, to)) = notation::parse_move(m) else { break };
                        let Some(mv) = Move::new(from, to) else { break };
                        if k % 2 == 0 {
                            let left = n.saturating_sub((k / 2) as u8);
                            if !mate_search::move_keeps_mate(&p, mv, left) {
                                c.err(Problem::BadLine {
                                    line: i,
                                    what: format!("move {m} does not force mate"),
                                });
                                break;
                            }
                        }
                        if p.play(mv).is_err() {
                            break;
                        }
                    }
                }
            }
            _ => c.err(Problem::BadMateIn),
        }
    }
}

/// The shortest way (at most `max` moves) for the piece on `from` to land on every
/// star, or `None`. The other side never moves; the piece must be the side to move's.
pub fn collect_path(
    pos: &Position,
    from: Point,
    stars: &[Point],
    max: u8,
) -> Option<Vec<(Point, Point)>> {
    let side = pos.side_to_move();
    shortest_tour(pos.clone(), from, stars, max, |p, at| {
        p.legal_targets(at)
            .into_iter()
            .filter_map(|to| {
                let mut next = p.clone();
                next.play_points(at, to).ok()?;
                Some((to, next.with_side_to_move(side)?))
            })
            .collect()
    })
}
