//! The lesson player: the step's text, the board, feedback for every input (the reason
//! when it is wrong), hints, progress through the lesson, the stars at the end. The run
//! is saved to the store after every input, so a lesson left half-way resumes.

use std::time::Instant;

use bevy::prelude::*;
use qike_core::curriculum::{Feedback, Input, LessonRun, RunState, StepKind, StepView, Text};
use qike_core::progress::{LessonAttempt, Timestamp};
use qike_core::{BoardView, Highlight, HighlightKind, Point, Side};

use crate::AppState;
use crate::board::ActiveBoard;
use crate::data::{ChosenCourse, Current, Notice, Store, chosen_course, find_lesson};
use crate::flow::{CourseProgress, OpenLesson, PracticeSet, lesson_draft_slot};
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, BoardTapped, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Painter,
    Pressed, Redraw, STAR, UiSet, redrawing, split,
};
use crate::widgets::{header, stars_text, verdict};

/// The lesson being played.
#[derive(Resource, Debug)]
pub struct LessonScreen {
    pub run: LessonRun,
    /// The last answer: good or not, and what to say.
    pub feedback: Option<(bool, String)>,
    pub hint_points: Vec<Point>,
    pub selected: Option<Point>,
    /// The piece picked from the tray (setup steps).
    pub tray_pick: Option<usize>,
    /// The stars when the lesson is done.
    pub finished: Option<u8>,
    /// The number being entered (count steps).
    pub number: i64,
    /// A wrong move's refutation being played out on the board.
    pub showing: Option<Showing>,
    /// Whether this run is a puzzle of the daily practice, and how it went.
    pub practice: PracticeMode,
    /// Hints asked in this run, free ones included (practice counts them all).
    pub hints_asked: u32,
    /// The sound of the last answer, until it is played.
    pub cue: Option<qike_core::Cue>,
    since: Instant,
}

/// A lesson, or one puzzle of the daily practice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PracticeMode {
    Off,
    Playing,
    /// Recorded: solved at the first try (no mistake, no hint) or not.
    Done {
        solved: bool,
    },
}

impl LessonScreen {
    fn new(run: LessonRun, practice: PracticeMode) -> LessonScreen {
        LessonScreen {
            finished: run.is_done().then(|| run.result().stars),
            run,
            feedback: None,
            hint_points: Vec::new(),
            selected: None,
            tray_pick: None,
            number: 0,
            showing: None,
            practice,
            hints_asked: 0,
            cue: None,
            since: Instant::now(),
        }
    }
}

/// How long each board of a refutation stays up: the wrong move, then the reply. Then
/// both are taken back and the step's own board returns.
pub const SHOW_SECONDS: [f32; 2] = [1.2, 2.0];

/// A refutation on the board: the boards to show in turn and where the show is.
#[derive(Debug, Clone, PartialEq)]
pub struct Showing {
    pub boards: Vec<BoardView>,
    /// The board shown now: an index into `boards`.
    pub stage: usize,
    elapsed: f32,
    /// Stay on the current board (screenshots).
    pub hold: bool,
}

impl Showing {
    fn new(boards: Vec<BoardView>) -> Option<Showing> {
        (!boards.is_empty()).then_some(Showing { boards, stage: 0, elapsed: 0.0, hold: false })
    }

    /// The board a show `elapsed` seconds old stands at; `None` once it is over.
    fn stage_at(&self, elapsed: f32) -> Option<usize> {
        let mut end = 0.0;
        for i in 0..self.boards.len() {
            end += SHOW_SECONDS.get(i).copied().unwrap_or(SHOW_SECONDS[1]);
            if elapsed < end {
                return Some(i);
            }
        }
        None
    }
}

/// The quiz order seed of a child: the same for a profile on every device, never 0
/// (0 keeps the order written).
pub fn pupil_seed(profile: &qike_core::progress::Profile) -> u64 {
    let b = profile.id.to_bytes();
    let (lo, hi) = b.split_at(8);
    let fold = |s: &[u8]| s.iter().fold(0u64, |a, &x| (a << 8) | u64::from(x));
    (fold(lo) ^ fold(hi)).max(1)
}

/// The lesson player's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum LessonAction {
    Continue,
    Choice(usize),
    Tray(usize),
    /// Count steps: change the number entered by this much, or send it.
    NumberStep(i64),
    SubmitNumber,
    Hint,
    Retry,
    Skip,
    NextLesson,
}

#[derive(Debug)]
pub struct LessonPlugin;

impl Plugin for LessonPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<LessonAction>();
        app.add_systems(OnEnter(AppState::Lesson), enter)
            .add_systems(OnExit(AppState::Lesson), exit)
            .add_systems(
                Update,
                (
                    (react, tap_board, play_refutation, show_board, speak)
                        .chain()
                        .in_set(UiSet::Logic)
                        .run_if(
                            in_state(AppState::Lesson).and_then(resource_exists::<LessonScreen>),
                        ),
                    draw.in_set(UiSet::Draw).run_if(
                        in_state(AppState::Lesson)
                            .and_then(redrawing)
                            .and_then(resource_exists::<LessonScreen>),
                    ),
                ),
            );
    }
}

fn enter(
    mut commands: Commands,
    open: Option<Res<OpenLesson>>,
    store: Option<Res<Store>>,
    current: Res<Current>,
    mut chosen: ResMut<ChosenCourse>,
    mut next: ResMut<NextState<AppState>>,
    practice: Option<Res<PracticeSet>>,
) {
    let seed = current.profile.as_ref().map_or(0, pupil_seed);
    // A puzzle of the daily practice: a lesson of one step, never saved as a draft.
    let puzzle = practice.as_deref().filter(|s| s.active).map(PracticeSet::current_lesson);
    if let Some(puzzle) = puzzle {
        match puzzle {
            Some(one) => {
                let run = LessonRun::with_seed(&one, seed);
                commands.insert_resource(LessonScreen::new(run, PracticeMode::Playing));
            }
            None => next.set(AppState::Practice),
        }
        return;
    }
    let found = open.and_then(|o| find_lesson(&o.0));
    let (Some((in_course, lesson)), Some(store)) = (found, store) else {
        next.set(AppState::Course);
        return;
    };
    // Back and "next lesson" stay in the lesson's own course.
    if chosen.0 != in_course {
        chosen.0 = in_course;
    }
    // Resume a saved run of this lesson if there is a readable one.
    let saved = current
        .profile
        .as_ref()
        .and_then(|p| store.0.draft(p.id, &lesson_draft_slot(&lesson.id)).ok().flatten())
        .and_then(|bytes| serde_json::from_slice::<RunState>(&bytes).ok())
        .and_then(|state| LessonRun::resume(lesson, state).ok());
    let resumed = saved.is_some();
    let run = saved.unwrap_or_else(|| LessonRun::with_seed(lesson, seed));
    commands.insert_resource(LessonScreen::new(run, PracticeMode::Off));
    if resumed {
        info!("resumed lesson {}", lesson.id);
    }
}

fn exit(mut commands: Commands) {
    commands.remove_resource::<LessonScreen>();
    commands.remove_resource::<ActiveBoard>();
}

/// What the lesson's systems need to save the run.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Keeper<'w> {
    store: Res<'w, Store>,
    current: Res<'w, Current>,
    notice: ResMut<'w, Notice>,
    lang: Res<'w, Lang>,
    redraw: ResMut<'w, Redraw>,
    practice: Option<ResMut<'w, PracticeSet>>,
}

impl std::fmt::Debug for Keeper<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keeper").finish_non_exhaustive()
    }
}

impl Keeper<'_> {
    /// Saves the run as a draft, or records the finished lesson and clears the draft.
    fn persist(&mut self, screen: &mut LessonScreen) {
        let (store, current, lang) = (&self.store, &self.current, *self.lang);
        let notice = &mut self.notice;
        let Some(profile) = &current.profile else { return };
        // A practice puzzle: its result goes to the practice log once, when solved.
        if screen.practice != PracticeMode::Off {
            if screen.practice == PracticeMode::Playing && screen.run.is_done() {
                let r = screen.run.result();
                let solved = r.mistakes == 0 && screen.hints_asked == 0;
                screen.practice = PracticeMode::Done { solved };
                if let Some(set) = self.practice.as_mut()
                    && let Err(e) = set.record(&store.0, profile.id, solved, Timestamp::now())
                {
                    notice.0 = Some(format!("{}{e}", lang.get(Msg::SaveFailed)));
                }
            }
            return;
        }
        let slot = lesson_draft_slot(&screen.run.lesson().id);
        let result = if screen.run.is_done() {
            let r = screen.run.result();
            let attempt = LessonAttempt::from_result(&r, true, Timestamp::now());
            screen.finished = Some(r.stars);
            store
                .0
                .record_lesson(profile.id, &attempt)
                .map(|_| ())
                .and_then(|_| store.0.clear_draft(profile.id, &slot))
        } else {
            let bytes = serde_json::to_vec(&screen.run.save()).unwrap_or_default();
            store.0.save_draft(profile.id, &slot, &bytes)
        };
        if let Err(e) = result {
            notice.0 = Some(format!("{}{e}", lang.get(Msg::SaveFailed)));
        }
    }
}

/// The last answer's sound goes to the speaker.
fn speak(screen: Option<ResMut<LessonScreen>>, mut cues: ResMut<crate::sound::Cues>) {
    if let Some(cue) = screen.and_then(|mut s| s.cue.take()) {
        cues.push(cue);
    }
}

/// Hands an input to the run and turns its answer into what the screen says.
pub fn submit(screen: &mut LessonScreen, input: Input, lang: Lang) {
    screen.showing = None;
    let now = Instant::now();
    screen.run.add_time(now.duration_since(screen.since).as_millis() as u64);
    screen.since = now;
    let feedback = screen.run.submit(input);
    apply(screen, feedback, lang);
}

fn apply(screen: &mut LessonScreen, feedback: Feedback, lang: Lang) {
    let say = |t: Option<Text>, fallback: Msg| {
        t.map(|t| lang.text(&t)).unwrap_or_else(|| lang.get(fallback).to_owned())
    };
    screen.selected = None;
    screen.cue = match &feedback {
        Feedback::Correct { .. } | Feedback::StepDone { .. } | Feedback::LessonDone { .. } => {
            Some(qike_core::Cue::Right)
        }
        Feedback::Wrong { .. } => Some(qike_core::Cue::Wrong),
        _ => screen.cue,
    };
    match feedback {
        Feedback::Correct { text, .. } => screen.feedback = Some((true, say(text, Msg::Correct))),
        Feedback::Wrong { reason } => {
            // The reason may already start with "not quite" (a quiz's explanation).
            let reason = lang.text(&reason);
            let already = ["不对", "Not "].iter().any(|w| reason.starts_with(w));
            let mut said =
                if already { reason } else { format!("{}{reason}", lang.get(Msg::NotThis)) };
            // A wrong move: the opponent's answer is played on the board and said.
            if let Some(r) = screen.run.refutation() {
                if let Some(says) = &r.says {
                    said = format!("{said} {}", lang.text(says));
                }
                screen.showing = Showing::new(r.boards.clone());
            }
            screen.feedback = Some((false, said));
        }
        Feedback::Hint { text, points } => {
            screen.feedback =
                Some((true, format!("{}{}", lang.get(Msg::HintSays), lang.text(&text))));
            screen.hint_points = points;
            return;
        }
        Feedback::StepDone { text } => {
            screen.feedback = Some((true, say(text, Msg::Correct)));
            screen.tray_pick = None;
        }
        Feedback::LessonDone { text, result } => {
            screen.feedback = Some((true, say(text, Msg::LessonComplete)));
            screen.finished = Some(result.stars);
        }
        Feedback::Unavailable { reason } => screen.feedback = Some((false, lang.text(&reason))),
        Feedback::NotExpected => {}
    }
    screen.hint_points.clear();
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<LessonAction>>,
    mut screen: ResMut<LessonScreen>,
    mut keep: Keeper,
    mut commands: Commands,
    chosen: Res<ChosenCourse>,
    mut next: ResMut<NextState<AppState>>,
) {
    let lang = *keep.lang;
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        let practising = screen.practice != PracticeMode::Off;
        next.set(if practising { AppState::Practice } else { AppState::Course });
    }
    for Pressed(action) in pressed.read() {
        let before = screen.run.save();
        match action {
            // Practice: the next puzzle of the set, or its summary after the last.
            LessonAction::NextLesson if screen.practice != PracticeMode::Off => {
                let more = keep.practice.as_ref().is_some_and(|s| s.current().is_some());
                next.set(if more { AppState::Lesson } else { AppState::Practice });
                continue;
            }
            LessonAction::Continue => submit(&mut screen, Input::Continue, lang),
            // Buttons name the choice as written; the run counts them as shown.
            LessonAction::Choice(i) => {
                let shown = screen.run.shown_choice(*i).unwrap_or(*i);
                submit(&mut screen, Input::Choice(shown), lang)
            }
            LessonAction::Tray(i) => screen.tray_pick = Some(*i),
            LessonAction::NumberStep(d) => screen.number = screen.number.saturating_add(*d),
            LessonAction::SubmitNumber => {
                let n = screen.number;
                submit(&mut screen, Input::Number(n), lang);
            }
            LessonAction::Hint => {
                screen.hints_asked = screen.hints_asked.saturating_add(1);
                let f = screen.run.hint();
                apply(&mut screen, f, lang);
            }
            LessonAction::Retry => {
                screen.run.retry();
                screen.showing = None;
                screen.feedback = None;
                screen.hint_points.clear();
            }
            LessonAction::Skip => {
                let f = screen.run.skip_unavailable();
                apply(&mut screen, f, lang);
            }
            LessonAction::NextLesson => {
                let progress = CourseProgress::load(&keep.store, &keep.current);
                match progress.next(chosen_course(&chosen)) {
                    Some(l) => {
                        commands.insert_resource(OpenLesson(l.id.clone()));
                        // Setting the same state runs OnExit and OnEnter: a fresh screen.
                        next.set(AppState::Lesson);
                    }
                    None => next.set(AppState::Course),
                }
                continue;
            }
        }
        if screen.run.save() != before {
            keep.persist(&mut screen);
        }
        keep.redraw.0 = true;
    }
}

fn tap_board(
    mut taps: MessageReader<BoardTapped>,
    mut screen: ResMut<LessonScreen>,
    mut keep: Keeper,
) {
    let lang = *keep.lang;
    for tapped in taps.read() {
        let at = tapped.0;
        // A tap during a refutation ends it: the step's own board comes back.
        if screen.showing.take().is_some() {
            keep.redraw.0 = true;
            continue;
        }
        let Some(view) = screen.run.view() else { continue };
        let Some(board) = &view.board else { continue };
        let before = screen.run.save();
        match view.kind {
            StepKind::TapTargets | StepKind::TapPoint | StepKind::TapShape => {
                submit(&mut screen, Input::Tap(at), lang);
            }
            StepKind::Setup => match screen.tray_pick.and_then(|i| view.tray.get(i)) {
                Some(piece) => {
                    let kind = piece.kind;
                    submit(&mut screen, Input::Place { kind, at }, lang);
                }
                None => screen.feedback = Some((false, lang.get(Msg::PlaceFromTray).to_owned())),
            },
            StepKind::Explain | StepKind::Quiz => {}
            // Stone games: a tap places the stone.
            StepKind::MakeMove
            | StepKind::Collect
            | StepKind::Puzzle
            | StepKind::PlayOut
            | StepKind::TapGo
            | StepKind::Count
            | StepKind::Fight
                if screen.run.places_stones() =>
            {
                submit(&mut screen, Input::Tap(at), lang)
            }
            StepKind::MakeMove
            | StepKind::Collect
            | StepKind::Puzzle
            | StepKind::PlayOut
            | StepKind::TapGo
            | StepKind::Count
            | StepKind::Fight => {
                // Moves: pick up a piece of the side to move, then tap where it goes.
                let own = board.piece_at(at).is_some_and(|p| p.side == board.side_to_move);
                if let Some(from) = tapped.drag_from(screen.selected) {
                    screen.selected = Some(from);
                }
                match screen.selected {
                    Some(from) if from == at => screen.selected = None,
                    _ if own => screen.selected = Some(at),
                    Some(from) => submit(&mut screen, Input::Move { from, to: at }, lang),
                    None => screen.feedback = Some((false, lang.get(Msg::TapPiece).to_owned())),
                }
            }
        }
        if screen.run.save() != before {
            keep.persist(&mut screen);
        }
        keep.redraw.0 = true;
    }
}

/// Moves a refutation on: the wrong move, the reply, then the step's board again.
fn play_refutation(time: Res<Time>, mut screen: ResMut<LessonScreen>, mut redraw: ResMut<Redraw>) {
    let Some(show) = screen.bypass_change_detection().showing.as_mut() else { return };
    if show.hold {
        return;
    }
    show.elapsed += time.delta_secs();
    let stage = show.stage_at(show.elapsed);
    if stage == Some(show.stage) {
        return;
    }
    match stage {
        Some(s) => show.stage = s,
        None => screen.showing = None,
    }
    screen.set_changed();
    redraw.0 = true;
}

/// The board area of the lesson screen.
pub fn board_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let a = frame.inner(0.8);
    Rect::new(a.min.x, a.min.y + 11.0 * u, a.max.x, a.max.y - 8.5 * u)
}

/// Puts the step's board (with selection, targets and hints) on screen.
fn show_board(
    mut commands: Commands,
    screen: Res<LessonScreen>,
    frame: Res<Frame>,
    current: Res<Current>,
    board: Option<Res<ActiveBoard>>,
) {
    // Rebuilding the view every frame is work for nothing: only when something changed.
    if !(screen.is_changed() || frame.is_changed() || current.is_changed()) {
        return;
    }
    let shown = screen.showing.as_ref().and_then(|s| s.boards.get(s.stage).cloned());
    let view = screen.run.view();
    let step_board = view.and_then(|v| Some((v.board?, v.stars)));
    let Some((mut bv, stars)) = step_board.map(|(b, stars)| (shown.unwrap_or(b), stars)) else {
        if board.is_some() {
            commands.remove_resource::<ActiveBoard>();
        }
        return;
    };
    if let Some(at) = screen.selected {
        bv.highlights.push(Highlight { at, kind: HighlightKind::Selected });
        for t in screen.run.targets(at) {
            bv.highlights.push(Highlight { at: t, kind: HighlightKind::Target });
        }
    }
    let mut want = ActiveBoard::new(bv, board_area(&frame));
    want.letters = current.piece_style() == qike_core::progress::PieceStyle::Letters;
    want.chess_figures = current.settings.chess_figures;
    want.coordinates = current.settings.show_coordinates;
    want.stars = stars;
    want.hints = screen.hint_points.clone();
    if board.as_deref() != Some(&want) {
        commands.insert_resource(want);
    }
}

fn draw(
    mut canvas: Canvas,
    screen: Res<LessonScreen>,
    notice: Res<Notice>,
    practice: Option<Res<PracticeSet>>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let title = lang.text(&screen.run.lesson().title);
    let mut col = header(&mut p, &frame, lang, &title, Some(Nav::Back));

    if let PracticeMode::Done { solved } = screen.practice {
        let more = practice.is_some_and(|s| s.current().is_some());
        practice_done(&mut p, &mut col, lang, solved, more);
        return;
    }
    if let Some(stars) = screen.finished {
        finished(&mut p, &mut col, lang, stars, &screen);
        return;
    }
    let Some(view) = screen.run.view() else { return };
    // Progress through the lesson: a bar of steps.
    let bar = col.next(0.6 * u);
    let cells = split(bar, view.count, 0.2 * u);
    for (i, c) in cells.iter().enumerate() {
        let color = if i < view.index {
            GOOD
        } else if i == view.index {
            STAR
        } else {
            CARD
        };
        p.panel(*c, color, 0.3);
    }
    let text = col.next(5.6 * u);
    let counter = format!("{}{}{} ", lang.get(Msg::Step), view.index + 1, lang.get(Msg::StepOf));
    p.text(text, format!("{counter}{}", lang.text(&view.text)), 1.05, INK);
    let feedback_line = col.next(2.6 * u);
    if let Some((good, said)) = &screen.feedback {
        p.text(feedback_line, said.clone(), 1.0, if *good { GOOD } else { BAD });
    } else if let Some(n) = &notice.0 {
        p.text(feedback_line, n.clone(), 0.9, BAD);
    }
    bottom(&mut p, &frame, lang, &view, &screen);
}

/// The buttons under the board: what the step needs, then hint and retry.
fn bottom(p: &mut Painter, frame: &Frame, lang: Lang, view: &StepView, screen: &LessonScreen) {
    let u = frame.unit;
    let a = frame.inner(0.8);
    let area = Rect::new(a.min.x, a.max.y - 8.0 * u, a.max.x, a.max.y);
    let mut col = crate::ui::Column::new(area, 0.6 * u);
    match view.kind {
        StepKind::Explain => {
            let r = col.next(3.0 * u);
            p.button(r, lang.get(Msg::Continue), LessonAction::Continue, Look::Primary);
        }
        // A quiz, or the piece a promoting pawn becomes.
        _ if !view.choices.is_empty() => {
            // Up to four choices in two rows.
            let rows = view.choices.chunks(2).count().max(1) as f32;
            let h = ((8.0 * u - col.gap * (rows - 1.0)) / rows).min(3.4 * u);
            // Each button carries the choice as written in the lesson.
            let n = view.choices.len();
            let written = |shown: usize| {
                (0..n).find(|&w| screen.run.shown_choice(w) == Some(shown)).unwrap_or(shown)
            };
            for (r, pair) in view.choices.chunks(2).enumerate() {
                let cells = col.row(2, h);
                for (j, choice) in pair.iter().enumerate() {
                    let action = LessonAction::Choice(written(r * 2 + j));
                    p.button(cells[j], lang.text(choice), action, Look::Secondary);
                }
            }
            return;
        }
        StepKind::Setup => {
            let row = col.next(3.2 * u);
            let n = view.tray.len().max(1);
            let cells = split(row, n.min(9), 0.3 * u);
            for (i, (cell, piece)) in cells.iter().zip(view.tray.iter()).enumerate() {
                let ring = (screen.tray_pick == Some(i)).then_some(crate::ui::SELECTED);
                let ink = if piece.side == Side::First { BAD } else { INK };
                let d = cell.width().min(cell.height());
                p.round(
                    cell.center(),
                    d,
                    &piece.glyph,
                    CARD,
                    ink,
                    ring,
                    Some(LessonAction::Tray(i)),
                );
            }
        }
        StepKind::Count => {
            // The smallest number entry: tens and ones down and up, the number, OK.
            let cells = col.row(6, 3.0 * u);
            for (cell, (label, d)) in
                cells.iter().zip([("−10", -10), ("−1", -1), ("", 0), ("+1", 1), ("+10", 10)])
            {
                if d == 0 {
                    let n = screen.number.to_string();
                    p.text_aligned(*cell, n, 1.6, INK, Justify::Center);
                } else {
                    p.button(*cell, label.to_owned(), LessonAction::NumberStep(d), Look::Secondary);
                }
            }
            p.button(cells[5], "OK".to_owned(), LessonAction::SubmitNumber, Look::Primary);
        }
        StepKind::TapTargets
        | StepKind::MakeMove
        | StepKind::Collect
        | StepKind::Puzzle
        | StepKind::Quiz
        | StepKind::TapPoint
        | StepKind::PlayOut
        | StepKind::TapShape
        | StepKind::TapGo
        | StepKind::Fight
            if !view.available =>
        {
            let r = col.next(3.0 * u);
            p.button(r, lang.get(Msg::Skip), LessonAction::Skip, Look::Secondary);
        }
        StepKind::TapTargets
        | StepKind::MakeMove
        | StepKind::Collect
        | StepKind::Puzzle
        | StepKind::Quiz
        | StepKind::TapPoint
        | StepKind::PlayOut
        | StepKind::TapShape
        | StepKind::TapGo
        | StepKind::Fight => {
            col.next(3.0 * u);
        }
    }
    let row = col.row(2, 3.0 * u);
    // The first hint of a step costs no star.
    let hint = if screen.run.save().free_hint_given { Msg::Hint } else { Msg::HintFree };
    p.button(row[0], lang.get(hint), LessonAction::Hint, Look::Secondary);
    p.button(row[1], lang.get(Msg::Retry), LessonAction::Retry, Look::Secondary);
}

fn finished(
    p: &mut Painter,
    col: &mut crate::ui::Column,
    lang: Lang,
    stars: u8,
    screen: &LessonScreen,
) {
    let u = p.unit;
    col.next(3.0 * u);
    let r = col.next(3.0 * u);
    p.text_aligned(r, lang.get(Msg::LessonComplete), 1.8, INK, Justify::Center);
    let r = col.next(5.0 * u);
    p.text_aligned(r, stars_text(stars), 4.0, STAR, Justify::Center);
    if let Some((_, said)) = &screen.feedback {
        let r = col.next(4.0 * u);
        p.text_aligned(r, said.clone(), 1.1, MUTED, Justify::Center);
    }
    let summary = lang.text(&screen.run.lesson().plan.summary);
    let r = col.next(6.0 * u);
    p.text(r, summary, 1.0, INK);
    let r = col.next(3.0 * u);
    p.button(r, lang.get(Msg::NextLesson), LessonAction::NextLesson, Look::Primary);
    let r = col.next(3.0 * u);
    p.button(r, lang.get(Msg::BackToCourse), Nav::Back, Look::Secondary);
}

/// The end of a practice puzzle: how it went, and on to the next one or the summary.
fn practice_done(
    p: &mut Painter,
    col: &mut crate::ui::Column,
    lang: Lang,
    solved: bool,
    more: bool,
) {
    let u = p.unit;
    col.next(3.0 * u);
    let r = col.next(5.0 * u);
    let mark = if solved { "✓" } else { "○" };
    p.text_aligned(r, mark, 4.0, if solved { GOOD } else { STAR }, Justify::Center);
    let r = col.next(4.0 * u);
    p.text_aligned(r, verdict(lang, solved), 1.3, INK, Justify::Center);
    let r = col.next(3.0 * u);
    let label = if more { Msg::NextPuzzle } else { Msg::PracticeResults };
    p.button(r, lang.get(label), LessonAction::NextLesson, Look::Primary);
}
