//! `LessonRun`: the state machine a UI drives through a lesson, one input at a time.
//!
//! It knows nothing of screens: it hands out a [`StepView`] to draw, takes an [`Input`]
//! and answers with [`Feedback`]. Its whole state is a serde value ([`RunState`]) so a
//! lesson left half-way can be resumed. Time is whatever the caller reports.

use serde::{Deserialize, Serialize};

use super::playout::{self, Verdict};
use super::position;
use super::schema::{Lesson, PlayOut, Proof, PuzzleGoal, Step, Text};
use super::{chess_steps, stones};
use crate::xiangqi::{Kind, mate_search};

#[path = "go_run.rs"]
mod go_run;
use crate::{
    AnyGame, BoardGame, BoardView, GameKind, Highlight, HighlightKind, MoveInput, PieceKind,
    PieceView, Point,
};

/// What the child did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// Go on after reading an explanation.
    Continue,
    /// Tap a point (tap-targets, tap-point, tap-shape; in a stone game also a stone
    /// placed in make-move, puzzle and play-out steps).
    Tap(Point),
    /// Move a piece (make-move, collect, puzzle, play-out).
    Move { from: Point, to: Point },
    /// Pick a choice of a quiz, from 0.
    Choice(usize),
    /// Put a piece of this kind from the tray on a point (setup).
    Place { kind: PieceKind, at: Point },
    /// Enter a number (count).
    Number(i64),
}

/// The answer to an input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Feedback {
    /// Right, and the step goes on; `reply` is the opponent's answer already played.
    Correct { text: Option<Text>, reply: Option<MoveInput> },
    /// Not right; the reason says why (a rule, or the author's note on this move).
    Wrong { reason: Text },
    /// A hint (the first of a step is free, each further one costs a star); `points`
    /// are worth looking at.
    Hint { text: Text, points: Vec<Point> },
    /// The step is finished; the next one is current now.
    StepDone { text: Option<Text> },
    /// The last step is finished.
    LessonDone { text: Option<Text>, result: LessonResult },
    /// The step needs something that does not exist yet (an engine for a game that
    /// has none; every xiangqi step is available).
    Unavailable { reason: Text },
    /// This kind of input does nothing in this step (e.g. a move in a quiz).
    NotExpected,
}

/// How one step went.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepOutcome {
    pub step_id: String,
    pub mistakes: u32,
    pub hints: u32,
    /// Skipped because it was unavailable.
    pub skipped: bool,
}

/// What the progress store records for a finished lesson.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonResult {
    pub lesson_id: String,
    /// 0–3: three, minus one per hint, minus more for many mistakes.
    pub stars: u8,
    pub mistakes: u32,
    pub hints: u32,
    pub elapsed_ms: u64,
    pub steps: Vec<StepOutcome>,
}

/// Stars for a lesson: each hint costs one; one mistake is free, then every two or
/// three more cost another.
pub fn stars(mistakes: u32, hints: u32) -> u8 {
    let penalty = match mistakes {
        0..=1 => 0,
        2..=3 => 1,
        4..=6 => 2,
        _ => 3,
    };
    3u32.saturating_sub(hints.saturating_add(penalty)) as u8
}

/// Everything needed to resume a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunState {
    pub lesson_id: String,
    pub step: usize,
    /// Moves made in the current step (the child's and the replies).
    pub played: Vec<MoveInput>,
    /// Points found or filled in the current step.
    pub found: Vec<Point>,
    pub step_mistakes: u32,
    pub step_hints: u32,
    pub outcomes: Vec<StepOutcome>,
    pub elapsed_ms: u64,
    /// The pupil's seed for the order of quiz choices (0: the order written).
    #[serde(default)]
    pub seed: u64,
    /// Whether the current step's free first hint has been given.
    #[serde(default)]
    pub free_hint_given: bool,
}

/// Why a saved state does not fit the lesson.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    #[error("the saved run is of lesson '{saved}', not '{lesson}'")]
    OtherLesson { saved: String, lesson: String },
    #[error("the saved run is at step {step}, but the lesson has {count} steps")]
    NoSuchStep { step: usize, count: usize },
    #[error("the saved moves of step '{0}' cannot be replayed")]
    BadMoves(String),
}

/// What a UI shows for the current step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepView {
    pub index: usize,
    pub count: usize,
    pub step_id: String,
    pub kind: &'static str,
    pub text: Text,
    pub board: Option<BoardView>,
    pub arrows: Vec<(Point, Point)>,
    pub choices: Vec<Text>,
    /// Stars still to take (collect).
    pub stars: Vec<Point>,
    /// Moves left: collect, play-out with a move limit, or moves still to survive in a
    /// hold-draw play-out.
    pub moves_left: Option<u8>,
    /// Pieces still to place (setup).
    pub tray: Vec<PieceView>,
    /// False when the step cannot be done yet (a play-out in a game without an engine).
    pub available: bool,
}

/// A child's way through one lesson. It owns its lesson, so a UI or the bindings can
/// keep it as long as they like.
#[derive(Debug, Clone)]
pub struct LessonRun {
    lesson: Lesson,
    state: RunState,
    /// The game of the current step, after `state.played`.
    game: Option<AnyGame>,
    /// The last wrong move's refutation, until the next input.
    refutation: Option<super::teach::Refutation>,
}

fn t(zh: &str, en: &str) -> Text {
    Text::new(zh, en)
}

impl LessonRun {
    /// Starts a lesson at its first step.
    pub fn new(lesson: &Lesson) -> LessonRun {
        let state = RunState {
            lesson_id: lesson.id.clone(),
            step: 0,
            played: Vec::new(),
            found: Vec::new(),
            step_mistakes: 0,
            step_hints: 0,
            outcomes: Vec::new(),
            elapsed_ms: 0,
            seed: 0,
            free_hint_given: false,
        };
        let mut run = LessonRun { lesson: lesson.clone(), state, game: None, refutation: None };
        run.game = run.step_start();
        run
    }

    /// Continues a saved run.
    pub fn resume(lesson: &Lesson, state: RunState) -> Result<LessonRun, ResumeError> {
        if state.lesson_id != lesson.id {
            return Err(ResumeError::OtherLesson {
                saved: state.lesson_id,
                lesson: lesson.id.clone(),
            });
        }
        if state.step > lesson.steps.len() {
            return Err(ResumeError::NoSuchStep { step: state.step, count: lesson.steps.len() });
        }
        let played = state.played.clone();
        let mut run = LessonRun { lesson: lesson.clone(), state, game: None, refutation: None };
        run.game = run.step_start();
        let collect = matches!(run.step(), Some(Step::Collect(_)));
        let step_id = run.step().map(|s| s.id().to_owned()).unwrap_or_default();
        for m in played {
            let bad = || ResumeError::BadMoves(step_id.clone());
            let game = run.game.as_mut().ok_or_else(bad)?;
            let side = game.side_to_move();
            advance(game, m).map_err(|_| bad())?;
            if collect {
                *game = keep_turn(game, side).ok_or_else(bad)?;
            }
        }
        Ok(run)
    }

    /// The state to save.
    pub fn save(&self) -> RunState {
        self.state.clone()
    }

    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// Starts a lesson for a pupil whose quiz choices come in the order `seed` gives
    /// (the same pupil always sees the same order; 0 keeps the order written).
    pub fn with_seed(lesson: &Lesson, seed: u64) -> LessonRun {
        let mut run = LessonRun::new(lesson);
        run.state.seed = seed;
        run
    }

    /// The last wrong move's refutation, to play on the board and take back: the
    /// child's move and the opponent's answer. Cleared by the next input.
    pub fn refutation(&self) -> Option<&super::teach::Refutation> {
        self.refutation.as_ref()
    }

    /// Where the quiz choice written at `written` is shown (for a UI or a test that
    /// knows the file's answer).
    pub fn shown_choice(&self, written: usize) -> Option<usize> {
        let Some(Step::Quiz(s)) = self.step() else { return None };
        self.choice_order(s).iter().position(|&w| w == written)
    }

    fn choice_order(&self, s: &super::schema::Quiz) -> Vec<usize> {
        super::teach::choice_order(self.state.seed, &s.id, s.choices.len())
    }

    fn kind(&self) -> GameKind {
        self.lesson.game
    }

    fn pt(&self, s: &str) -> Option<Point> {
        position::point(self.kind(), s)
    }

    fn mv(&self, s: &str) -> Option<MoveInput> {
        position::move_input(self.kind(), s)
    }

    /// The xiangqi position of the current step, for the xiangqi-only steps.
    fn xq_pos(&self) -> Option<&crate::xiangqi::Position> {
        self.game.as_ref()?.as_xiangqi().map(crate::xiangqi::Game::position)
    }

    /// Whether every step is done.
    pub fn is_done(&self) -> bool {
        self.state.step >= self.lesson.steps.len()
    }

    /// Adds time the child spent, as measured by the caller.
    pub fn add_time(&mut self, ms: u64) {
        self.state.elapsed_ms = self.state.elapsed_ms.saturating_add(ms);
    }

    fn step(&self) -> Option<&Step> {
        self.lesson.steps.get(self.state.step)
    }

    /// The current step, cloned, so that handling it can change the run.
    fn step_owned(&self) -> Option<Step> {
        self.step().cloned()
    }

    fn step_start(&self) -> Option<AnyGame> {
        self.step()?.fen().and_then(|f| position::start(self.kind(), f).ok())
    }

    /// The result so far (final once [`is_done`](Self::is_done)).
    pub fn result(&self) -> LessonResult {
        // A resumed state comes from storage: its counters may be anything, so sum
        // without overflowing.
        let total = |f: fn(&StepOutcome) -> u32, current: u32| {
            self.state.outcomes.iter().map(f).fold(current, u32::saturating_add)
        };
        let mistakes = total(|o| o.mistakes, self.state.step_mistakes);
        let hints = total(|o| o.hints, self.state.step_hints);
        LessonResult {
            lesson_id: self.lesson.id.clone(),
            stars: stars(mistakes, hints),
            mistakes,
            hints,
            elapsed_ms: self.state.elapsed_ms,
            steps: self.state.outcomes.clone(),
        }
    }

    /// What to draw now; `None` when the lesson is done.
    pub fn view(&self) -> Option<StepView> {
        let step = self.step()?;
        let mut board = self.game.as_ref().map(BoardGame::view);
        if let Some(b) = &mut board {
            b.last_move = None;
        }
        let mut view = StepView {
            index: self.state.step,
            count: self.lesson.steps.len(),
            step_id: step.id().to_owned(),
            kind: step.kind_name(),
            text: step.text().clone(),
            board: None,
            arrows: Vec::new(),
            choices: Vec::new(),
            stars: Vec::new(),
            moves_left: None,
            tray: Vec::new(),
            available: true,
        };
        let mark = |b: &mut Option<BoardView>, pts: &[String], kind| {
            if let Some(b) = b {
                b.highlights
                    .extend(pts.iter().filter_map(|p| self.pt(p)).map(|at| Highlight { at, kind }));
            }
        };
        match step {
            Step::Explain(s) => {
                mark(&mut board, &s.highlights, HighlightKind::Hint);
                view.arrows =
                    s.arrows.iter().filter_map(|a| position::step_points(self.kind(), a)).collect();
            }
            Step::TapTargets(s) => {
                mark(&mut board, std::slice::from_ref(&s.piece), HighlightKind::Selected);
                if let Some(b) = &mut board {
                    b.highlights.extend(
                        self.state
                            .found
                            .iter()
                            .map(|&at| Highlight { at, kind: HighlightKind::Target }),
                    );
                }
            }
            Step::MakeMove(s) => mark(&mut board, &s.highlights, HighlightKind::Hint),
            Step::Collect(s) => {
                view.stars = s
                    .stars
                    .iter()
                    .filter_map(|p| self.pt(p))
                    .filter(|p| !self.state.found.contains(p))
                    .collect();
                let used = self.state.played.len().min(255) as u8;
                view.moves_left = Some(s.max_moves.saturating_sub(used));
                if let Some(b) = &mut board {
                    b.highlights.extend(
                        view.stars.iter().map(|&at| Highlight { at, kind: HighlightKind::Hint }),
                    );
                }
            }
            Step::Puzzle(_) => {}
            Step::Quiz(s) => {
                view.choices = self.choice_order(s).iter().map(|&i| s.choices[i].clone()).collect();
                mark(&mut board, &s.highlights, HighlightKind::Hint);
            }
            Step::TapPoint(_) => {}
            Step::TapShape(_) | Step::TapGo(_) => {
                if let Some(b) = &mut board {
                    b.highlights.extend(
                        self.state
                            .found
                            .iter()
                            .map(|&at| Highlight { at, kind: HighlightKind::Target }),
                    );
                }
            }
            Step::Setup(s) => {
                if let Some(b) = &mut board {
                    let missing: Vec<Point> = s
                        .place
                        .iter()
                        .filter_map(|p| self.pt(p))
                        .filter(|p| !self.state.found.contains(p))
                        .collect();
                    let (tray, keep) = b.pieces.drain(..).partition(|pc| missing.contains(&pc.at));
                    b.pieces = keep;
                    view.tray = tray;
                }
            }
            Step::PlayOut(s) => {
                view.moves_left =
                    playout::moves_left(s, playout::child_moves(self.state.played.len()));
            }
            Step::Count(_) | Step::Fight(_) => {}
        }
        if self.pending_promotion().is_some() {
            view.choices = chess_steps::promotion_choices();
        }
        if let (Some(b), Some(m)) = (&mut board, self.state.played.last()) {
            b.last_move = m.last_move();
        }
        view.board = board;
        Some(view)
    }

    /// Where the piece on `from` may go in the current position (for a UI that shows
    /// targets after the child picks a piece up).
    pub fn targets(&self, from: Point) -> Vec<Point> {
        // A xiangqi lesson board may show a position no game could reach (a lone
        // general); the position still knows where a piece may go.
        if let Some(pos) = self.xq_pos() {
            return pos.legal_targets(from);
        }
        // So may a chess board with too little material left to mate.
        if let Some(AnyGame::Chess(g)) = &self.game {
            return g.position().legal_targets(from);
        }
        self.game.as_ref().map(|g| g.targets(from)).unwrap_or_default()
    }

    /// Whether the child places stones (gomoku, Go) rather than moving pieces.
    pub fn places_stones(&self) -> bool {
        self.game.as_ref().is_some_and(BoardGame::places_stones)
    }

    /// Starts the current step again (mistakes and hints so far still count).
    pub fn retry(&mut self) {
        self.state.played.clear();
        self.state.found.clear();
        self.game = self.step_start();
    }

    /// Skips a step that cannot be done yet; other steps cannot be skipped. Every
    /// xiangqi step can be done, so this answers `NotExpected` for them.
    pub fn skip_unavailable(&mut self) -> Feedback {
        match self.view() {
            Some(v) if !v.available => self.finish_step(None, true),
            _ => Feedback::NotExpected,
        }
    }

    /// The "show me" move of a play-out step: what a strong player would play now
    /// (the engine with a larger budget than the opponent's, some tens of
    /// milliseconds). `None` in other steps (their answers are [`super::demo_inputs`]).
    pub fn play_out_demo(&self) -> Option<Input> {
        let Some(Step::PlayOut(_)) = self.step() else { return None };
        if self.pending_promotion().is_some() {
            return Some(Input::Choice(0));
        }
        let game = self.game.as_ref()?;
        Some(input_of(playout::demo_move(game)?))
    }

    fn wrong(&mut self, reason: Text) -> Feedback {
        self.state.step_mistakes = self.state.step_mistakes.saturating_add(1);
        Feedback::Wrong { reason }
    }

    fn finish_step(&mut self, text: Option<Text>, skipped: bool) -> Feedback {
        let Some(step) = self.step() else { return Feedback::NotExpected };
        self.state.outcomes.push(StepOutcome {
            step_id: step.id().to_owned(),
            mistakes: self.state.step_mistakes,
            hints: self.state.step_hints,
            skipped,
        });
        self.state.step += 1;
        self.state.step_mistakes = 0;
        self.state.step_hints = 0;
        self.state.free_hint_given = false;
        self.state.played.clear();
        self.state.found.clear();
        self.game = self.step_start();
        if self.is_done() {
            Feedback::LessonDone { text, result: self.result() }
        } else {
            Feedback::StepDone { text }
        }
    }

    /// Asks for a hint for the current step. The first hint of a step is free; every
    /// further one costs a star.
    pub fn hint(&mut self) -> Feedback {
        let Some(step) = self.step_owned() else { return Feedback::NotExpected };
        let Some(text) = step.hint().cloned() else { return Feedback::NotExpected };
        let first = |m: Option<MoveInput>| match m {
            Some(MoveInput::Step { from, .. }) => vec![from],
            Some(MoveInput::Place { at }) => vec![at],
            _ => Vec::new(),
        };
        let points = match &step {
            Step::TapTargets(s) => self
                .targets(self.pt(&s.piece).unwrap_or(Point::new(0, 0)))
                .into_iter()
                .filter(|p| !self.state.found.contains(p))
                .take(1)
                .collect(),
            Step::MakeMove(s) => first(s.accept.first().and_then(|m| self.mv(m))),
            Step::Puzzle(_) => first(self.next_line_move()),
            Step::PlayOut(_) => match self.play_out_demo() {
                Some(Input::Move { from, .. }) => vec![from],
                Some(Input::Tap(at)) => vec![at],
                _ => Vec::new(),
            },
            Step::Setup(s) => s
                .place
                .iter()
                .filter_map(|p| self.pt(p))
                .filter(|p| !self.state.found.contains(p))
                .take(1)
                .collect(),
            Step::TapShape(s) => s
                .points
                .iter()
                .filter_map(|p| self.pt(p))
                .filter(|p| !self.state.found.contains(p))
                .take(1)
                .collect(),
            _ => Vec::new(),
        };
        if self.state.free_hint_given {
            self.state.step_hints = self.state.step_hints.saturating_add(1);
        }
        self.state.free_hint_given = true;
        Feedback::Hint { text, points }
    }

    /// The child's next move on the first scripted line that matches what was played.
    fn next_line_move(&self) -> Option<MoveInput> {
        let Some(Step::Puzzle(s)) = self.step() else { return None };
        let k = self.state.played.len();
        s.lines.iter().find_map(|line| {
            let moves: Vec<MoveInput> = line.iter().filter_map(|m| self.mv(m)).collect();
            (moves.len() > k && moves[..k] == self.state.played[..]).then(|| moves[k])
        })
    }

    /// Why the rules refuse `m` here, or `None` when it may be played.
    fn refusal(&self, m: MoveInput) -> Option<Text> {
        if let (Some(pos), MoveInput::Step { from, to, .. }) = (self.xq_pos(), m) {
            return crate::xiangqi::illegal_reason(pos, from, to).map(|r| r.text());
        }
        let mut g = self.game.clone()?;
        g.play(m).err().map(|r| r.text())
    }

    fn illegal(&mut self, m: MoveInput) -> Option<Feedback> {
        let reason = self.refusal(m)?;
        Some(self.wrong(reason))
    }

    /// The move an input stands for in a step where the child plays: a piece moved,
    /// or (in a stone game) a stone placed with a tap.
    fn move_of(&self, input: Input) -> Option<MoveInput> {
        match input {
            Input::Move { from, to } if !self.places_stones() => Some(MoveInput::step(from, to)),
            Input::Tap(at) if self.places_stones() => Some(MoveInput::Place { at }),
            _ => None,
        }
    }

    /// Hands the child's input to the current step.
    ///
    /// In a play-out step a legal move also gets the engine's reply, computed here on
    /// the caller's thread with the step's node budget (3,000 nodes by default, never
    /// more than [`super::PLAYOUT_MAX_NODES`]; a few milliseconds), and returned in
    /// `Feedback::Correct { reply }` already played. A UI that wants to show the child's
    /// move before the reply can draw it first and call `submit` on the next frame.
    pub fn submit(&mut self, input: Input) -> Feedback {
        let Some(step) = self.step_owned() else { return Feedback::NotExpected };
        self.refutation = None;
        let mut played = self.move_of(input);
        // Chess: a pawn that reaches the last rank waits for the child's choice of
        // piece (kept in `found` until then); the choice completes the move.
        if matches!(step, Step::MakeMove(_) | Step::Puzzle(_) | Step::PlayOut(_)) {
            match (input, self.pending_promotion()) {
                (Input::Choice(i), Some((from, to))) => {
                    self.state.found.clear();
                    played = chess_steps::promotion_move(from, to, i);
                }
                (Input::Move { from, to }, _)
                    if chess_steps::needs_promotion(self.game.as_ref(), from, to) =>
                {
                    self.state.found = vec![from, to];
                    let text = Some(chess_steps::promotion_prompt());
                    return Feedback::Correct { text, reply: None };
                }
                _ => {}
            }
        }
        match (&step, input, played) {
            (Step::Explain(_), Input::Continue, _) => self.finish_step(None, false),
            (Step::TapTargets(s), Input::Tap(p), _) => self.tap_target(s, p),
            (Step::MakeMove(s), _, Some(m)) => self.make_move(s, m),
            (Step::Collect(s), Input::Move { from, to }, _) => self.collect(s, from, to),
            (Step::Puzzle(s), _, Some(m)) => self.puzzle(s, m),
            (Step::Quiz(s), Input::Choice(i), _) => match self.choice_order(s).get(i) {
                Some(&written) if written == s.answer => {
                    self.finish_step(Some(s.explain.clone()), false)
                }
                Some(_) => self.wrong(super::teach::reason_from(&s.explain)),
                None => Feedback::NotExpected,
            },
            (Step::TapPoint(s), Input::Tap(p), _) => {
                if s.points.iter().any(|q| self.pt(q) == Some(p)) {
                    self.finish_step(Some(s.explain.clone()), false)
                } else {
                    self.wrong(super::teach::reason_from(&s.explain))
                }
            }
            (Step::TapShape(s), Input::Tap(p), _) => {
                let points: Vec<Point> = s.points.iter().filter_map(|q| self.pt(q)).collect();
                if !points.contains(&p) {
                    return self.wrong(s.explain.clone());
                }
                if !self.state.found.contains(&p) {
                    self.state.found.push(p);
                }
                if points.iter().all(|q| self.state.found.contains(q)) {
                    return self.finish_step(Some(s.explain.clone()), false);
                }
                Feedback::Correct { text: None, reply: None }
            }
            (Step::Setup(s), Input::Place { kind, at }, _) => self.place(s, kind, at),
            (Step::PlayOut(s), _, Some(m)) => self.play_out(s, m),
            (Step::TapGo(s), Input::Tap(p), _) => self.tap_go(s, p),
            (Step::Count(s), Input::Number(n), _) => self.count(s, n),
            (Step::Fight(s), _, Some(m)) => self.fight(s, m),
            _ => Feedback::NotExpected,
        }
    }

    /// The pawn move waiting for its promotion choice, if any.
    fn pending_promotion(&self) -> Option<(Point, Point)> {
        match (self.step()?, self.state.found.as_slice()) {
            (Step::MakeMove(_) | Step::Puzzle(_) | Step::PlayOut(_), &[from, to]) => {
                Some((from, to))
            }
            _ => None,
        }
    }

    fn tap_target(&mut self, s: &super::schema::TapTargets, p: Point) -> Feedback {
        let Some(from) = self.pt(&s.piece) else { return Feedback::NotExpected };
        let targets = self.targets(from);
        if targets.contains(&p) {
            if !self.state.found.contains(&p) {
                self.state.found.push(p);
            }
            if targets.iter().all(|t| self.state.found.contains(t)) {
                return self.finish_step(None, false);
            }
            return Feedback::Correct { text: None, reply: None };
        }
        if p == from {
            return self.wrong(t(
                "这是棋子自己的位置，点它能走到的点。",
                "That is where the piece stands; tap where it can go.",
            ));
        }
        let reason = self
            .refusal(MoveInput::step(from, p))
            .unwrap_or_else(|| t("这个棋子走不到那里。", "This piece cannot go there."));
        self.wrong(reason)
    }

    fn make_move(&mut self, s: &super::schema::MakeMove, m: MoveInput) -> Feedback {
        let listed = s.accept.iter().any(|a| self.mv(a) == Some(m));
        // A stone that starts a win by fours is right even when the author listed
        // another first stone.
        let proven = s.proof == Some(Proof::StartsVcf)
            && self.game.as_ref().is_some_and(|g| stones::move_starts_vcf(g, m))
            || chess_steps::proves(s.proof, self.game.as_ref(), m);
        if (listed || proven)
            && let Some(game) = &mut self.game
            && advance(game, m).is_ok()
        {
            self.state.played.push(m);
            return self.finish_step(Some(s.praise.clone()), false);
        }
        // A legal wrong move gets the opponent's answer to show; an illegal one none.
        self.refutation = self.game.as_ref().and_then(|g| super::teach::refute(g, m));
        if let Some(w) = s.wrong.iter().find(|w| self.mv(&w.mv) == Some(m)) {
            return self.wrong(w.says.clone());
        }
        if let Some(f) = self.illegal(m) {
            return f;
        }
        self.wrong(t(
            "这步棋可以走，但不是这里要找的那一步。再看看！",
            "That move is allowed, but it is not the one we are looking for. Look again!",
        ))
    }

    fn collect(&mut self, s: &super::schema::Collect, from: Point, to: Point) -> Feedback {
        let current = match self.state.played.last() {
            Some(MoveInput::Step { to, .. }) => Some(*to),
            _ => self.pt(&s.piece),
        };
        if current != Some(from) {
            return self.wrong(t(
                "这一关只走带星星任务的那个棋子。",
                "In this game, move only the star-hunting piece.",
            ));
        }
        let m = MoveInput::step(from, to);
        if let Some(f) = self.illegal(m) {
            return f;
        }
        if let Some(reason) =
            self.game.as_ref().and_then(|g| chess_steps::collect_refusal(g, from, to))
        {
            return self.wrong(reason);
        }
        let Some(game) = &mut self.game else { return Feedback::NotExpected };
        let side = game.side_to_move();
        if advance(game, m).is_err() {
            return Feedback::NotExpected;
        }
        if let Some(g) = keep_turn(game, side) {
            *game = g;
        }
        self.state.played.push(m);
        let stars: Vec<Point> = s.stars.iter().filter_map(|p| self.pt(p)).collect();
        if stars.contains(&to) && !self.state.found.contains(&to) {
            self.state.found.push(to);
        }
        if stars.iter().all(|p| self.state.found.contains(p)) {
            return self.finish_step(None, false);
        }
        if self.state.played.len() >= s.max_moves as usize {
            self.retry();
            return self.wrong(t(
                "步数用完了，星星还没吃完。再来一次！",
                "Out of moves and some stars are left. Try again!",
            ));
        }
        Feedback::Correct { text: None, reply: None }
    }

    fn puzzle(&mut self, s: &super::schema::Puzzle, m: MoveInput) -> Feedback {
        if let Some(f) = self.illegal(m) {
            return f;
        }
        let Some(mut game) = self.game.clone() else { return Feedback::NotExpected };
        let k = self.state.played.len();
        let mut next = self.state.played.clone();
        next.push(m);
        let line = s.lines.iter().find_map(|line| {
            let moves: Vec<MoveInput> = line.iter().filter_map(|m| self.mv(m)).collect();
            (moves.len() > k && moves[..=k] == next[..]).then_some(moves)
        });
        let left = s.mate_in.unwrap_or(0).saturating_sub((k / 2) as u8);
        let good = line.is_some()
            || match s.goal {
                PuzzleGoal::Mate => {
                    self.xq_pos().is_some_and(|pos| {
                        step_move(m).is_some_and(|mv| mate_search::move_keeps_mate(pos, mv, left))
                    }) || chess_steps::keeps_mate(&game, m, left)
                }
                PuzzleGoal::Five => stones::move_keeps_vcf(&game, m, u32::from(left)),
                PuzzleGoal::Line => false,
            };
        if !good {
            self.refutation = self.game.as_ref().and_then(|g| super::teach::refute(g, m));
            return self.wrong(t(
                "这步不够好，对方能化解。再想想！",
                "That move lets the opponent escape. Think again!",
            ));
        }
        if advance(&mut game, m).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(m);
        if is_finished(&game) {
            self.game = Some(game);
            return self.finish_step(Some(s.praise.clone()), false);
        }
        let reply = match &line {
            Some(moves) if moves.len() > k + 1 => Some(moves[k + 1]),
            Some(_) if s.goal == PuzzleGoal::Line => {
                self.game = Some(game);
                return self.finish_step(Some(s.praise.clone()), false);
            }
            _ => fallback_reply(&game),
        };
        let Some(reply) = reply else { return Feedback::NotExpected };
        if advance(&mut game, reply).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(reply);
        self.game = Some(game);
        Feedback::Correct { text: None, reply: Some(reply) }
    }

    /// The child's move in a play-out, then (unless the goal is settled) the engine's
    /// reply, computed here with the step's small node budget.
    fn play_out(&mut self, s: &PlayOut, m: MoveInput) -> Feedback {
        if let Some(f) = self.illegal(m) {
            return f;
        }
        let (Some(start), Some(mut game)) = (self.step_start(), self.game.clone()) else {
            return Feedback::NotExpected;
        };
        let child = start.side_to_move();
        let base = playout::balance(&start, child);
        if advance(&mut game, m).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(m);
        let n = playout::child_moves(self.state.played.len());
        let praise = || s.praise.clone().unwrap_or_else(playout::default_praise);
        match playout::after_child(s, &game, child, base, n) {
            Verdict::Reached => {
                self.game = Some(game);
                return self.finish_step(Some(praise()), false);
            }
            Verdict::Failed(reason) => {
                self.retry();
                return self.wrong(reason);
            }
            Verdict::Going => {}
        }
        let Some(reply) = playout::engine_reply(s, &game, self.state.played.len()) else {
            return Feedback::NotExpected;
        };
        if advance(&mut game, reply).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(reply);
        match playout::after_reply(s, &game, child, base, n) {
            Verdict::Reached => {
                self.game = Some(game);
                self.finish_step(Some(praise()), false)
            }
            Verdict::Failed(reason) => {
                self.retry();
                self.wrong(reason)
            }
            Verdict::Going => {
                self.game = Some(game);
                Feedback::Correct { text: None, reply: Some(reply) }
            }
        }
    }

    fn place(&mut self, s: &super::schema::Setup, kind: PieceKind, at: Point) -> Feedback {
        let Some(game) = &self.game else { return Feedback::NotExpected };
        let wanted = s.place.iter().filter_map(|p| self.pt(p)).any(|p| p == at);
        let there = game.view().piece_at(at).map(|pc| pc.kind);
        if wanted && !self.state.found.contains(&at) && there == Some(kind) {
            self.state.found.push(at);
            let all =
                s.place.iter().filter_map(|p| self.pt(p)).all(|p| self.state.found.contains(&p));
            if all {
                return self.finish_step(None, false);
            }
            return Feedback::Correct { text: None, reply: None };
        }
        let name = Kind::from_piece_kind(kind)
            .map(kind_name)
            .or_else(|| chess_steps::piece_name(kind))
            .unwrap_or_else(|| t("这个棋子", "this piece"));
        self.wrong(Text {
            zh: format!("{}不摆在这里。想想它的起始位置。", name.zh),
            en: format!("The {} does not start here. Think of its starting point.", name.en),
        })
    }
}

/// The input a UI sends for a move.
pub(crate) fn input_of(m: MoveInput) -> Input {
    match m {
        MoveInput::Step { from, to, .. } => Input::Move { from, to },
        MoveInput::Place { at } => Input::Tap(at),
        MoveInput::Pass => Input::Continue,
    }
}

/// A xiangqi move from a step input.
fn step_move(m: MoveInput) -> Option<crate::xiangqi::Move> {
    match m {
        MoveInput::Step { from, to, .. } => crate::xiangqi::Move::new(from, to),
        _ => None,
    }
}

/// Whether a puzzle's game is won: in xiangqi the side to move has no legal move (将死
/// or 困毙), elsewhere the game has an outcome.
fn is_finished(game: &AnyGame) -> bool {
    match game.as_xiangqi() {
        Some(g) => mate_search::is_mated(g.position()),
        None => game.outcome().is_some(),
    }
}

/// Plays `m`. A xiangqi lesson board may hold a position the rules call over (two
/// lone generals); its pieces still move as the position allows.
fn advance(game: &mut AnyGame, m: MoveInput) -> Result<(), crate::Refusal> {
    if let AnyGame::Xiangqi(g) = game
        && g.outcome().is_some()
        && let MoveInput::Step { from, to, .. } = m
    {
        let mut pos = g.position().clone();
        pos.play_points(from, to).map_err(|_| crate::Refusal::NotAMove)?;
        *g = crate::xiangqi::Game::new(pos, g.rules());
        return Ok(());
    }
    game.play(m)
}

/// The opponent's answer when the child's move is right but off the scripted lines:
/// in xiangqi the engine's best defence, in gomoku the block of the child's four.
fn fallback_reply(game: &AnyGame) -> Option<MoveInput> {
    match game {
        AnyGame::Xiangqi(_) => super::teach::best_reply(game),
        AnyGame::Gomoku(g) => stones::forced_block(g).map(|at| MoveInput::Place { at }),
        AnyGame::Chess(g) => chess_steps::defence(g),
        _ => None,
    }
}

/// The same position with `side` to move again (collect steps, where only the child's
/// piece moves); `None` outside xiangqi or when that position is not valid.
fn keep_turn(game: &AnyGame, side: crate::Side) -> Option<AnyGame> {
    if let AnyGame::Chess(g) = game {
        return chess_steps::keep_turn(g, side);
    }
    let pos = game.as_xiangqi()?.position().with_side_to_move(side)?;
    Some(AnyGame::Xiangqi(crate::xiangqi::Game::new(pos, crate::xiangqi::Rules::default())))
}

/// The name of a xiangqi piece kind (red's character).
pub fn kind_name(k: Kind) -> Text {
    match k {
        Kind::General => t("帅", "general"),
        Kind::Advisor => t("仕", "advisor"),
        Kind::Elephant => t("相", "elephant"),
        Kind::Horse => t("马", "horse"),
        Kind::Chariot => t("车", "chariot"),
        Kind::Cannon => t("炮", "cannon"),
        Kind::Soldier => t("兵", "soldier"),
    }
}
