//! `LessonRun`: the state machine a UI drives through a lesson, one input at a time.
//!
//! It knows nothing of screens: it hands out a [`StepView`] to draw, takes an [`Input`]
//! and answers with [`Feedback`]. Its whole state is a serde value ([`RunState`]) so a
//! lesson left half-way can be resumed. Time is whatever the caller reports.

pub(super) mod chess;
mod go;
mod gomoku;
mod steps;
mod types;

use crate::curriculum::playout;
use crate::curriculum::position;
use crate::curriculum::schema::{Lesson, Quiz, Step, Text};
use crate::curriculum::teach;
use crate::{AnyGame, BoardGame, BoardView, GameKind, Highlight, HighlightKind, MoveInput, Point};
use steps::{advance, keep_turn};

pub use steps::kind_name;
pub(crate) use types::input_of;
pub use types::{
    Feedback, Input, LessonResult, LessonRun, ResumeError, RunState, StepOutcome, StepView, stars,
};

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
    pub fn refutation(&self) -> Option<&teach::Refutation> {
        self.refutation.as_ref()
    }

    /// Where the quiz choice written at `written` is shown (for a UI or a test that
    /// knows the file's answer).
    pub fn shown_choice(&self, written: usize) -> Option<usize> {
        let Some(Step::Quiz(s)) = self.step() else { return None };
        self.choice_order(s).iter().position(|&w| w == written)
    }

    fn choice_order(&self, s: &Quiz) -> Vec<usize> {
        teach::choice_order(self.state.seed, &s.id, s.choices.len())
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
            kind: step.kind(),
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
            view.choices = chess::promotion_choices();
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
    /// milliseconds). `None` in other steps (their answers are
    /// [`answer_inputs`](crate::curriculum::answer_inputs)).
    pub fn play_out_answer(&self) -> Option<Input> {
        let Some(Step::PlayOut(_)) = self.step() else { return None };
        if self.pending_promotion().is_some() {
            return Some(Input::Choice(0));
        }
        let game = self.game.as_ref()?;
        Some(input_of(playout::answer_move(game)?))
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
            Step::PlayOut(_) => match self.play_out_answer() {
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
    /// more than [`crate::curriculum::PLAYOUT_MAX_NODES`]; a few milliseconds), and returned in
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
                    played = chess::promotion_move(from, to, i);
                }
                (Input::Move { from, to }, _)
                    if chess::needs_promotion(self.game.as_ref(), from, to) =>
                {
                    self.state.found = vec![from, to];
                    let text = Some(chess::promotion_prompt());
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
                Some(_) => self.wrong(teach::reason_from(&s.explain)),
                None => Feedback::NotExpected,
            },
            (Step::TapPoint(s), Input::Tap(p), _) => {
                if s.points.iter().any(|q| self.pt(q) == Some(p)) {
                    self.finish_step(Some(s.explain.clone()), false)
                } else {
                    self.wrong(teach::reason_from(&s.explain))
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
}
