//! `JunqiRun`: a child's way through a 四国军棋 lesson, one input at a time, shaped
//! like the other games' [`LessonRun`](crate::curriculum::LessonRun): a step view to
//! draw, `submit` with feedback, hints, the answer, retry and a [`LessonResult`] that
//! the progress store records like any lesson's.

use crate::HighlightKind;
use crate::curriculum::junqi::goal::{self, Played};
use crate::curriculum::junqi::schema::{JunqiLesson, JunqiPuzzle, JunqiStep, JunqiWrongMove};
use crate::curriculum::junqi::setup;
use crate::curriculum::junqi::view::{
    JunqiBoard, JunqiFeedback, JunqiHighlight, JunqiInput, JunqiPieceView, JunqiStepView,
};
use crate::curriculum::schema::Text;
use crate::curriculum::{LessonResult, ResumeError, StepOutcome, stars};
use crate::junqi::{Move, Position, Referee, Seat, Station};

/// Everything needed to resume a [`JunqiRun`], as the app keeps it in a draft slot after
/// every input (serde JSON). Moves and stations are written as station codes
/// (`S1.3-C2.1`, `S1.3`), as in the lesson files.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JunqiRunState {
    pub lesson_id: String,
    pub step: usize,
    /// Moves made in the current step (the child's and the line's replies).
    pub played: Vec<String>,
    /// Stations found in the current step.
    pub found: Vec<String>,
    pub step_mistakes: u32,
    pub step_hints: u32,
    /// Whether the current step's free first hint has been given.
    pub free_hint_given: bool,
    pub outcomes: Vec<StepOutcome>,
    pub elapsed_ms: u64,
}

/// A run through one lesson. It owns its lesson.
#[derive(Debug, Clone)]
pub struct JunqiRun {
    lesson: JunqiLesson,
    step: usize,
    /// The current step's referee after `played`.
    referee: Option<Referee>,
    /// The current step's board when it is a setup drawn as given (no referee).
    setup_board: Option<Position>,
    /// The seat the child plays in the current step.
    seat: Seat,
    played: Vec<Move>,
    found: Vec<Station>,
    selected: Option<Station>,
    mistakes: u32,
    hints: u32,
    free_hint_given: bool,
    outcomes: Vec<StepOutcome>,
    elapsed_ms: u64,
}

impl JunqiRun {
    /// Starts a lesson at its first step.
    pub fn new(lesson: &JunqiLesson) -> JunqiRun {
        let mut run = JunqiRun {
            lesson: lesson.clone(),
            step: 0,
            referee: None,
            setup_board: None,
            seat: Seat::South,
            played: Vec::new(),
            found: Vec::new(),
            selected: None,
            mistakes: 0,
            hints: 0,
            free_hint_given: false,
            outcomes: Vec::new(),
            elapsed_ms: 0,
        };
        run.start_step();
        run
    }

    /// The state to save.
    pub fn save(&self) -> JunqiRunState {
        JunqiRunState {
            lesson_id: self.lesson.id.clone(),
            step: self.step,
            played: self
                .played
                .iter()
                .map(|m| format!("{}-{}", m.from.code(), m.to.code()))
                .collect(),
            found: self.found.iter().map(|s| s.code()).collect(),
            step_mistakes: self.mistakes,
            step_hints: self.hints,
            free_hint_given: self.free_hint_given,
            outcomes: self.outcomes.clone(),
            elapsed_ms: self.elapsed_ms,
        }
    }

    /// Continues a saved run: the step's moves are replayed on its referee and its found
    /// stations must be answers of the step; a state that does not fit is refused.
    pub fn resume(lesson: &JunqiLesson, state: JunqiRunState) -> Result<JunqiRun, ResumeError> {
        if state.lesson_id != lesson.id {
            return Err(ResumeError::OtherLesson {
                saved: state.lesson_id,
                lesson: lesson.id.clone(),
            });
        }
        let count = lesson.steps.len();
        if state.step > count || state.outcomes.len() != state.step {
            return Err(ResumeError::NoSuchStep { step: state.step, count });
        }
        let mut run = JunqiRun::new(lesson);
        run.step = state.step;
        run.start_step();
        let step_id = run.current().map(|s| s.id().to_owned()).unwrap_or_default();
        let bad = || ResumeError::BadMoves(step_id.clone());
        if state.outcomes.iter().zip(&lesson.steps).any(|(o, s)| o.step_id != s.id()) {
            return Err(bad());
        }
        // Moves stand only in a puzzle, and only as the start of its line.
        let line: Vec<Move> = match run.current() {
            Some(JunqiStep::Puzzle(p)) => p.line.iter().filter_map(|m| goal::move_of(m)).collect(),
            _ => Vec::new(),
        };
        // The whole line played would have finished the step.
        if !line.is_empty() && state.played.len() >= line.len() {
            return Err(bad());
        }
        for (i, text) in state.played.iter().enumerate() {
            let m = goal::move_of(text).filter(|m| line.get(i) == Some(m)).ok_or_else(bad)?;
            let referee = run.referee.as_mut().ok_or_else(bad)?;
            referee.play(referee.turn(), m).map_err(|_| bad())?;
            run.played.push(m);
        }
        let answers: Vec<Station> = match run.current() {
            Some(JunqiStep::TapTargets(s)) => {
                s.targets.iter().filter_map(|t| goal::station(t)).collect()
            }
            Some(JunqiStep::TapStation(s)) => {
                s.stations.iter().filter_map(|t| goal::station(t)).collect()
            }
            _ => Vec::new(),
        };
        for text in &state.found {
            let at = goal::station(text).filter(|s| answers.contains(s)).ok_or_else(bad)?;
            if !run.found.contains(&at) {
                run.found.push(at);
            }
        }
        // A tap step with every answer found would have been finished.
        if !answers.is_empty() && answers.iter().all(|s| run.found.contains(s)) {
            return Err(bad());
        }
        run.mistakes = state.step_mistakes;
        run.hints = state.step_hints;
        run.free_hint_given = state.free_hint_given;
        run.outcomes = state.outcomes;
        run.elapsed_ms = state.elapsed_ms;
        Ok(run)
    }

    pub fn lesson(&self) -> &JunqiLesson {
        &self.lesson
    }

    pub fn is_done(&self) -> bool {
        self.step >= self.lesson.steps.len()
    }

    /// Adds time the child spent, as measured by the caller.
    pub fn add_time(&mut self, ms: u64) {
        self.elapsed_ms = self.elapsed_ms.saturating_add(ms);
    }

    fn current(&self) -> Option<&JunqiStep> {
        self.lesson.steps.get(self.step)
    }

    fn start_step(&mut self) {
        self.played.clear();
        self.found.clear();
        self.selected = None;
        let step = self.current();
        let shows_setup = step.is_some_and(JunqiStep::shows_setup);
        let position = step.and_then(|s| s.position()).map(str::to_owned);
        self.referee =
            position.as_deref().filter(|_| !shows_setup).and_then(|p| goal::start(p).ok());
        self.setup_board =
            position.as_deref().filter(|_| shows_setup).and_then(|p| setup::setup_board(p).ok());
        self.seat = match (&self.referee, &self.setup_board) {
            (Some(r), _) => r.turn(),
            (None, Some(board)) => board.turn,
            (None, None) => Seat::South,
        };
    }

    /// Starts the current step again (mistakes and hints so far still count).
    pub fn retry(&mut self) {
        self.start_step();
    }

    /// The result so far (final once [`is_done`](Self::is_done)).
    pub fn result(&self) -> LessonResult {
        let sum = |f: fn(&StepOutcome) -> u32, now: u32| {
            self.outcomes.iter().map(f).fold(now, u32::saturating_add)
        };
        let mistakes = sum(|o| o.mistakes, self.mistakes);
        let hints = sum(|o| o.hints, self.hints);
        LessonResult {
            lesson_id: self.lesson.id.clone(),
            stars: stars(mistakes, hints),
            mistakes,
            hints,
            elapsed_ms: self.elapsed_ms,
            steps: self.outcomes.clone(),
        }
    }

    /// Where the piece on `from` may go now (the child's pieces only).
    pub fn targets(&self, from: Station) -> Vec<Station> {
        match &self.referee {
            Some(r) if r.turn() == self.seat => r.targets(self.seat, from),
            _ => Vec::new(),
        }
    }

    /// What to draw now; `None` when the lesson is done.
    pub fn view(&self) -> Option<JunqiStepView> {
        let step = self.current()?;
        let shown =
            self.referee.as_ref().map(Referee::position).or_else(|| self.setup_board.clone());
        let board = shown.map(|position| {
            let mut highlights = Vec::new();
            let mut mark = |list: &[String], kind| {
                highlights.extend(
                    list.iter()
                        .filter_map(|s| goal::station(s))
                        .map(|station| JunqiHighlight { station, kind }),
                );
            };
            match step {
                JunqiStep::Explain(s) => mark(&s.highlights, HighlightKind::Hint),
                JunqiStep::MakeMove(s) => mark(&s.highlights, HighlightKind::Hint),
                JunqiStep::TapTargets(s) => {
                    mark(std::slice::from_ref(&s.piece), HighlightKind::Selected)
                }
                JunqiStep::TapStation(_) | JunqiStep::Puzzle(_) => {}
            }
            highlights.extend(
                self.found
                    .iter()
                    .map(|&station| JunqiHighlight { station, kind: HighlightKind::Target }),
            );
            if let Some(at) = self.selected {
                highlights.push(JunqiHighlight { station: at, kind: HighlightKind::Selected });
                highlights.extend(
                    self.targets(at)
                        .into_iter()
                        .map(|station| JunqiHighlight { station, kind: HighlightKind::Target }),
                );
            }
            JunqiBoard {
                pieces: position
                    .pieces
                    .iter()
                    .map(|p| JunqiPieceView { station: p.station, seat: p.seat, rank: p.rank })
                    .collect(),
                highlights,
                selected: self.selected,
                turn: position.turn,
                out: position.out,
                last_move: self.played.last().copied(),
            }
        });
        let arrows = match step {
            JunqiStep::Explain(s) => s.arrows.iter().filter_map(|a| goal::move_of(a)).collect(),
            _ => Vec::new(),
        };
        Some(JunqiStepView {
            index: self.step,
            count: self.lesson.steps.len(),
            step_id: step.id().to_owned(),
            kind: step.kind(),
            text: step.text().clone(),
            seat: self.seat,
            board,
            arrows,
        })
    }

    /// The inputs that finish the current step from where it stands (the "show me"
    /// answer; tests walk every lesson with it). Empty when the lesson is done.
    pub fn answer(&self) -> Vec<JunqiInput> {
        let Some(step) = self.current() else { return Vec::new() };
        let taps = |list: Vec<Station>| {
            list.into_iter().filter(|s| !self.found.contains(s)).map(JunqiInput::Tap).collect()
        };
        match step {
            JunqiStep::Explain(_) => vec![JunqiInput::Continue],
            JunqiStep::TapTargets(s) => {
                taps(s.targets.iter().filter_map(|t| goal::station(t)).collect())
            }
            JunqiStep::TapStation(s) => {
                taps(s.stations.iter().filter_map(|t| goal::station(t)).collect())
            }
            JunqiStep::MakeMove(s) => s
                .accept
                .first()
                .and_then(|m| goal::move_of(m))
                .map(move_input)
                .into_iter()
                .collect(),
            JunqiStep::Puzzle(s) => {
                let Some(referee) = &self.referee else { return Vec::new() };
                let mut now = referee.clone();
                let mut out = Vec::new();
                for m in s.line.iter().skip(self.played.len()).filter_map(|m| goal::move_of(m)) {
                    if now.turn() == self.seat {
                        out.push(move_input(m));
                    }
                    if now.play(now.turn(), m).is_err() {
                        break;
                    }
                }
                out
            }
        }
    }

    /// Asks for a hint. The first hint of a step is free; every further one costs a star.
    pub fn hint(&mut self) -> JunqiFeedback {
        let Some(text) = self.current().and_then(JunqiStep::hint).cloned() else {
            return JunqiFeedback::NotExpected;
        };
        let stations = match self.answer().first() {
            Some(JunqiInput::Tap(s)) => vec![*s],
            Some(JunqiInput::Move { from, .. }) => vec![*from],
            _ => Vec::new(),
        };
        if self.free_hint_given {
            self.hints = self.hints.saturating_add(1);
        }
        self.free_hint_given = true;
        JunqiFeedback::Hint { text, stations }
    }

    /// Hands the child's input to the current step.
    pub fn submit(&mut self, input: JunqiInput) -> JunqiFeedback {
        let Some(step) = self.current().cloned() else { return JunqiFeedback::NotExpected };
        match (&step, input) {
            (JunqiStep::Explain(_), JunqiInput::Continue) => self.finish_step(None),
            (JunqiStep::TapTargets(s), JunqiInput::Tap(at)) => {
                let list: Vec<Station> =
                    s.targets.iter().filter_map(|t| goal::station(t)).collect();
                self.tap(&list, at, &s.explain)
            }
            (JunqiStep::TapStation(s), JunqiInput::Tap(at)) => {
                let list: Vec<Station> =
                    s.stations.iter().filter_map(|t| goal::station(t)).collect();
                let rules = match (s.claim, &self.setup_board) {
                    (Some(claim), Some(board)) if !list.contains(&at) => {
                        setup::wrong_tap(claim, board, at)
                    }
                    _ => None,
                };
                match rules {
                    Some(reason) => self.wrong(reason),
                    None => self.tap(&list, at, &s.explain),
                }
            }
            (JunqiStep::MakeMove(_) | JunqiStep::Puzzle(_), JunqiInput::Tap(at)) => {
                self.tap_to_move(at)
            }
            (JunqiStep::MakeMove(_) | JunqiStep::Puzzle(_), JunqiInput::Move { from, to }) => {
                self.selected = None;
                self.play_move(Move::new(from, to))
            }
            _ => JunqiFeedback::NotExpected,
        }
    }

    fn tap(&mut self, list: &[Station], at: Station, explain: &Text) -> JunqiFeedback {
        if !list.contains(&at) {
            return self.wrong(crate::curriculum::teach::reason_from(explain));
        }
        if !self.found.contains(&at) {
            self.found.push(at);
        }
        if list.iter().all(|s| self.found.contains(s)) {
            return self.finish_step(Some(explain.clone()));
        }
        JunqiFeedback::Correct { text: None, replies: Vec::new() }
    }

    fn own_piece(&self, at: Station) -> bool {
        self.referee
            .as_ref()
            .and_then(|r| r.position().piece(at))
            .is_some_and(|p| p.seat == self.seat && p.rank.moves())
    }

    fn tap_to_move(&mut self, at: Station) -> JunqiFeedback {
        match self.selected {
            Some(from) if from == at => {
                self.selected = None;
                JunqiFeedback::Selected { at, targets: Vec::new() }
            }
            _ if self.own_piece(at) => {
                self.selected = Some(at);
                JunqiFeedback::Selected { at, targets: self.targets(at) }
            }
            Some(from) => {
                self.selected = None;
                self.play_move(Move::new(from, at))
            }
            None => JunqiFeedback::NotExpected,
        }
    }

    fn play_move(&mut self, m: Move) -> JunqiFeedback {
        let Some(step) = self.current().cloned() else { return JunqiFeedback::NotExpected };
        let Some(referee) = self.referee.clone() else { return JunqiFeedback::NotExpected };
        if let Err(refusal) = referee.check(self.seat, m) {
            return self.wrong(refusal.text());
        }
        let played = match goal::play(&referee, m) {
            Ok(p) => p,
            Err(refusal) => return self.wrong(refusal.text()),
        };
        match &step {
            JunqiStep::MakeMove(s) => {
                let reach = s.reach.as_deref().and_then(goal::station);
                if played.reaches(s.goal, reach) {
                    self.accept(played);
                    self.finish_step(Some(s.praise.clone()))
                } else {
                    let reason = named(&s.wrong, m).unwrap_or_else(|| played.missed(s.goal));
                    self.wrong(reason)
                }
            }
            JunqiStep::Puzzle(s) => self.puzzle_move(s, played),
            _ => JunqiFeedback::NotExpected,
        }
    }

    fn puzzle_move(&mut self, s: &JunqiPuzzle, played: Played) -> JunqiFeedback {
        let line: Vec<Move> = s.line.iter().filter_map(|m| goal::move_of(m)).collect();
        let reach = s.reach.as_deref().and_then(goal::station);
        let k = self.played.len();
        // The child's last move: no later move of the line is the child's.
        let last_child_move =
            !(k + 1..line.len()).any(|i| self.seat_at(&line, i) == Some(self.seat));
        let on_line = line.get(k) == Some(&played.mv);
        let finishes = last_child_move && played.reaches(s.goal, reach);
        if !on_line && !finishes {
            let reason = (k == 0)
                .then(|| named(&s.wrong, played.mv))
                .flatten()
                .unwrap_or_else(|| played.missed(s.goal));
            return self.wrong(reason);
        }
        self.accept(played);
        if finishes {
            return self.finish_step(Some(s.praise.clone()));
        }
        let mut replies = Vec::new();
        while let Some(referee) = self.referee.as_mut()
            && referee.turn() != self.seat
            && referee.outcome().is_none()
            && let Some(&m) = line.get(self.played.len())
        {
            if referee.play(referee.turn(), m).is_err() {
                break;
            }
            self.played.push(m);
            replies.push(m);
        }
        JunqiFeedback::Correct { text: None, replies }
    }

    /// The seat that plays the `i`th move of `line` from the step's start.
    fn seat_at(&self, line: &[Move], i: usize) -> Option<Seat> {
        let mut now = goal::start(self.current()?.position()?).ok()?;
        for &m in &line[..i] {
            now.play(now.turn(), m).ok()?;
        }
        Some(now.turn())
    }

    fn accept(&mut self, played: Played) {
        self.played.push(played.mv);
        self.referee = Some(played.after);
    }

    fn wrong(&mut self, reason: Text) -> JunqiFeedback {
        self.mistakes = self.mistakes.saturating_add(1);
        JunqiFeedback::Wrong { reason }
    }

    fn finish_step(&mut self, text: Option<Text>) -> JunqiFeedback {
        let Some(step) = self.current() else { return JunqiFeedback::NotExpected };
        self.outcomes.push(StepOutcome {
            step_id: step.id().to_owned(),
            mistakes: self.mistakes,
            hints: self.hints,
            skipped: false,
        });
        self.step += 1;
        self.mistakes = 0;
        self.hints = 0;
        self.free_hint_given = false;
        self.start_step();
        if self.is_done() {
            JunqiFeedback::LessonDone { text, result: self.result() }
        } else {
            JunqiFeedback::StepDone { text }
        }
    }
}

fn move_input(m: Move) -> JunqiInput {
    JunqiInput::Move { from: m.from, to: m.to }
}

/// The author's words on a named wrong move.
fn named(wrong: &[JunqiWrongMove], m: Move) -> Option<Text> {
    wrong.iter().find(|w| goal::move_of(&w.mv) == Some(m)).map(|w| w.says.clone())
}
