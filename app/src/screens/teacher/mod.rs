//! Teacher mode: the classes on this device (create, rename, grade and game, archive),
//! a class's join code as text and as a QR code, imports of pupils' reports with a
//! summary, the class dashboard (pupils × lessons, who needs help, CSV export), one
//! pupil's page, the 教案 of every lesson, homework, and the demonstration board.
//!
//! Each page is a [`TeacherPage`], a sub-state of [`AppState::Teacher`], in a file of
//! its own: this module holds what the pages share (the area's state, its buttons,
//! typing, and the way back from each page).

mod class;
mod classes;
pub mod collect;
mod dashboard;
pub mod demo_board;
pub mod homework;
mod imports;
pub mod lock;
mod plans;
mod pupil;

use std::path::{Path, PathBuf};

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::GameKind;
use qike_core::curriculum::Lesson;
use qike_core::progress::{ClassId, ProfileId, ProgressStore, StoreError, Timestamp, class_games};

use crate::AppState;
use crate::data::{DataDir, Store, lessons_of};
use crate::flow::OpenTournament;
use crate::i18n::{Lang, Msg};
use crate::ui::{AddActions, BAD, Column, Frame, Nav, Painter, Pressed, Redraw, UiSet, redrawing};
use crate::widgets::{header, type_into};

pub use dashboard::{Grid as DashboardGrid, export_csv, needs_help};

/// Where the dashboard's rows go in a frame (the render test checks them).
pub fn dashboard_grid(frame: &Frame) -> DashboardGrid {
    DashboardGrid::of(frame)
}
pub use imports::{ImportReport, Refused};

/// The pages of the teacher area.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Teacher)]
pub enum TeacherPage {
    /// The PIN (set on first entry); every other page needs it.
    #[default]
    Lock,
    Classes,
    Class,
    Dashboard,
    Pupil,
    Plans,
    Import,
    /// Homework: pick lessons and a due day, share the class file.
    Homework,
    /// The demonstration board, for a projector.
    Demo,
    /// 收进度: the class's reports arrive over the classroom's network.
    Collect,
}

impl TeacherPage {
    /// The page "back" leads to; `None` leaves the teacher area.
    fn up(self) -> Option<TeacherPage> {
        match self {
            TeacherPage::Lock | TeacherPage::Classes => None,
            TeacherPage::Class | TeacherPage::Plans | TeacherPage::Demo => {
                Some(TeacherPage::Classes)
            }
            TeacherPage::Dashboard
            | TeacherPage::Import
            | TeacherPage::Homework
            | TeacherPage::Collect => Some(TeacherPage::Class),
            TeacherPage::Pupil => Some(TeacherPage::Dashboard),
        }
    }

    fn title(self) -> Msg {
        match self {
            TeacherPage::Lock => Msg::TeacherLock,
            TeacherPage::Classes => Msg::TeacherClasses,
            TeacherPage::Class => Msg::ClassPage,
            TeacherPage::Dashboard => Msg::Dashboard,
            TeacherPage::Pupil => Msg::PupilPage,
            TeacherPage::Plans => Msg::LessonPlans,
            TeacherPage::Import => Msg::ImportReports,
            TeacherPage::Homework => Msg::Homework,
            TeacherPage::Demo => Msg::DemoBoard,
            TeacherPage::Collect => Msg::Collect,
        }
    }
}

/// What the teacher's buttons do.
#[derive(Debug, Clone, PartialEq)]
pub enum TeacherAction {
    Page(TeacherPage),
    NewClass,
    OpenClass(ClassId),
    /// Starts typing a new class name; pressed again, saves it.
    Rename,
    Grade,
    Game,
    Archive,
    Pupil(ProfileId),
    /// A cell of the dashboard: that pupil's record of that lesson.
    Cell(ProfileId, String),
    /// Sorts the dashboard's rows.
    Sort(qike_core::progress::RowOrder),
    /// Pages the dashboard's rows (by how many).
    Rows(i32),
    /// Shows the plan of another lesson (by how many to move).
    Plan(i32),
    /// Opens the demonstration board at the shown plan's lesson.
    PlanToDemo,
    /// Starts homework with the shown plan's lesson picked.
    PlanAssign,
    /// Imports what is in the text field (a report or a path), or else the inbox folder.
    Import,
    /// Pastes the system clipboard into the text field.
    Paste,
    ExportCsv,
    /// Adds a lesson to the homework being set, or takes it off.
    Pick(String),
    /// Adds a puzzle (`lesson/step`) to the homework being set, or takes it off.
    PickPuzzle(String),
    /// Whether the picker lists puzzles (or lessons).
    PickPuzzles(bool),
    /// Turns the lesson picker's page.
    PickerPage(i32),
    /// Moves the due day of the homework being set.
    DueDays(i64),
    SaveHomework,
    /// Writes the class file pupils take their homework from.
    ShareClassFile,
    /// A tournament of a class: its pupils as the players, or its saved event.
    TournamentOf(ClassId),
    /// A button of the lock.
    Lock(lock::LockAction),
    /// A button of the demonstration board.
    Demo(demo_board::DemoAction),
    /// A button of the collection page.
    Collect(collect::CollectAction),
}

/// The grades a class can be for, in turn.
pub const GRADES: [(&str, &str); 7] = [
    ("一年级", "Year 1"),
    ("二年级", "Year 2"),
    ("三年级", "Year 3"),
    ("四年级", "Year 4"),
    ("五年级", "Year 5"),
    ("六年级", "Year 6"),
    ("兴趣班", "Club"),
];

/// The teacher area's state.
#[derive(Resource, Debug, Clone, Default)]
pub struct Teacher {
    pub class: Option<ClassId>,
    pub pupil: Option<ProfileId>,
    /// The lesson whose record the pupil page shows first (a tapped dashboard cell).
    pub record: Option<String>,
    /// How the dashboard's rows are sorted, and the first row shown.
    pub order: qike_core::progress::RowOrder,
    pub first_row: usize,
    /// The lesson whose plan is shown, in course order.
    pub lesson: usize,
    /// Typed or pasted text: a class's new name, or a report or path to import.
    pub field: String,
    /// Whether the class name is being typed.
    pub renaming: bool,
    pub import: Option<ImportReport>,
    /// Where the last CSV export went.
    pub exported: Option<PathBuf>,
    pub problem: Option<String>,
    /// The lessons picked for the homework being set.
    pub picked: Vec<String>,
    /// The puzzles picked for the homework being set, and whether the picker lists them.
    pub picked_puzzles: Vec<String>,
    pub picking_puzzles: bool,
    /// Days from today the homework being set is due.
    pub due_days: i64,
    /// The page of the lesson picker.
    pub picker_page: usize,
    /// Where the last class file went.
    pub class_file: Option<PathBuf>,
    /// The lock on the area.
    pub lock: lock::Lock,
    /// The page the area was left on: it opens there again.
    left_on: TeacherPage,
}

fn grade_name(grade: &str, lang: Lang) -> String {
    match GRADES.iter().find(|g| g.0 == grade) {
        Some(g) if lang == Lang::En => g.1.to_owned(),
        _ => grade.to_owned(),
    }
}

/// The name of a game from a class's or a rating's game key ("xiangqi", "go9",
/// "gomoku-renju", "junqi").
fn class_game_name(game: &str, lang: Lang) -> &'static str {
    lang.get(if game.starts_with("junqi") {
        Msg::Junqi
    } else if game.starts_with("chess") {
        Msg::Chess
    } else if game.starts_with("gomoku") {
        Msg::Gomoku
    } else if game.starts_with("go") {
        Msg::Go
    } else {
        Msg::Xiangqi
    })
}

/// The names of a class's games, for its page and the class list ("围棋", "象棋、围棋").
fn games_name(games: &[GameKind], lang: Lang) -> String {
    let names: Vec<&str> = games
        .iter()
        .map(|&g| class_game_name(qike_core::progress::class_game_key(g), lang))
        .collect();
    names.join(if lang == Lang::Zh { "、" } else { ", " })
}

/// The games of the open class; every game when no class is open.
pub fn open_games(s: &ProgressStore, t: &Teacher) -> Vec<GameKind> {
    match t.class.map(|id| s.class(id)) {
        Some(Ok(c)) => c.games(),
        _ => class_games(""),
    }
}

/// The lessons of the open class's games, course by course: what every page that lists
/// lessons (dashboard, pupil, lesson plans, homework) lists.
pub fn open_lessons(s: &ProgressStore, t: &Teacher) -> Vec<&'static Lesson> {
    lessons_of(&open_games(s, t))
}

/// The folder a teacher drops pupils' report files into: beside the store.
pub fn inbox_dir(data: &Path) -> PathBuf {
    data.with_file_name("reports-inbox")
}

#[derive(Debug)]
pub struct TeacherPlugin;

impl Plugin for TeacherPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<TeacherPage>()
            .redraw_on::<TeacherPage>()
            .add_actions::<TeacherAction>()
            .add_message::<KeyboardInput>()
            .add_message::<Ime>()
            .init_resource::<Teacher>()
            .init_resource::<collect::Collection>()
            .add_systems(OnExit(TeacherPage::Collect), |mut c: ResMut<collect::Collection>| {
                c.stop();
            })
            .add_systems(
                Update,
                collect::poll.in_set(UiSet::Logic).run_if(in_state(TeacherPage::Collect)),
            )
            .add_systems(OnEnter(AppState::Teacher), |mut t: ResMut<Teacher>| {
                t.renaming = false;
                t.problem = None;
            })
            .add_systems(
                Update,
                (typing, react, remember_page)
                    .chain()
                    .in_set(UiSet::Logic)
                    .run_if(in_state(AppState::Teacher)),
            )
            .add_systems(PostUpdate, reopen_page);
        add_page(app, TeacherPage::Lock, lock::draw);
        add_page(app, TeacherPage::Classes, classes::draw);
        add_page(app, TeacherPage::Class, class::draw);
        add_page(app, TeacherPage::Dashboard, dashboard::draw);
        add_page(app, TeacherPage::Pupil, pupil::draw);
        add_page(app, TeacherPage::Plans, plans::draw);
        add_page(app, TeacherPage::Import, imports::draw);
        add_page(app, TeacherPage::Homework, homework::draw);
        add_page(app, TeacherPage::Demo, demo_board::draw);
        add_page(app, TeacherPage::Collect, collect::draw);
        demo_board::add(app);
        dashboard::add(app);
    }
}

/// A page's drawing, while it is the one shown.
fn add_page<M>(
    app: &mut App,
    page: TeacherPage,
    draw: impl bevy::ecs::schedule::IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M>,
) {
    app.add_systems(Update, draw.in_set(UiSet::Draw).run_if(in_state(page).and_then(redrawing)));
}

/// The band at the top of every page: the way back, the page's title, and why the
/// last button did not work.
fn page_header(
    p: &mut Painter,
    frame: &Frame,
    lang: Lang,
    page: TeacherPage,
    t: &Teacher,
) -> Column {
    let mut col = header(p, frame, lang, lang.get(page.title()), Some(Nav::Back));
    if let Some(problem) = &t.problem {
        let r = col.next(2.0 * frame.unit);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    col
}

fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut t: ResMut<Teacher>,
    page: Res<State<TeacherPage>>,
    mut redraw: ResMut<Redraw>,
) {
    let typing_here = t.renaming
        || *page.get() == TeacherPage::Import
        || (*page.get() == TeacherPage::Lock && t.lock.recovering);
    if !typing_here {
        keys.clear();
        ime.clear();
        return;
    }
    let max = if t.renaming { 24 } else { 4096 };
    if type_into(&mut t.field, max, &mut keys, &mut ime) {
        redraw.0 = true;
    }
}

fn now() -> Timestamp {
    Timestamp::now()
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<TeacherAction>>,
    mut t: ResMut<Teacher>,
    store: Option<Res<Store>>,
    data: Res<DataDir>,
    lang: Res<Lang>,
    page: Res<State<TeacherPage>>,
    mut next_page: ResMut<NextState<TeacherPage>>,
    mut next: ResMut<NextState<AppState>>,
    mut redraw: ResMut<Redraw>,
    mut demo: ResMut<demo_board::Demo>,
    mut collection: ResMut<collect::Collection>,
    mut commands: Commands,
) {
    let Some(store) = store else { return };
    let s = &store.0;
    for Pressed(action) in nav.read() {
        match action {
            Nav::Back => {
                match page.get().up() {
                    Some(up) => next_page.set(up),
                    None => {
                        // Leaving the area locks it again.
                        t.lock = lock::Lock::default();
                        t.left_on = TeacherPage::Classes;
                        next.set(AppState::Profiles);
                    }
                }
                t.renaming = false;
                redraw.0 = true;
            }
            // The tournaments: the event under way, or a new one.
            Nav::Go(AppState::Tournament) => {
                commands.insert_resource(OpenTournament(None));
                next.set(AppState::Tournament);
            }
            Nav::Go(_) => {}
        }
    }
    for Pressed(a) in pressed.read() {
        t.problem = None;
        let mut go = |p: TeacherPage| next_page.set(p);
        let result: Result<(), StoreError> = match a.clone() {
            TeacherAction::Page(p) => {
                if p == TeacherPage::Import {
                    t.field.clear();
                    t.import = None;
                }
                if p == TeacherPage::Demo {
                    demo.follow(&open_games(s, &t));
                }
                if p == TeacherPage::Collect
                    && let Some(class) = t.class
                {
                    collection.start(s, class);
                }
                if matches!(p, TeacherPage::Plans | TeacherPage::Homework) {
                    let n = open_lessons(s, &t).len();
                    t.lesson = t.lesson.min(n.saturating_sub(1));
                    t.picker_page = 0;
                }
                go(p);
                Ok(())
            }
            TeacherAction::NewClass => classes::new_class(s, &mut t, *lang, now()).map(|()| {
                go(TeacherPage::Class);
            }),
            TeacherAction::OpenClass(id) => {
                if t.class != Some(id) {
                    t.picked.clear();
                    t.lesson = 0;
                    t.first_row = 0;
                }
                t.class = Some(id);
                go(TeacherPage::Class);
                Ok(())
            }
            TeacherAction::Rename => class::rename(s, &mut t),
            TeacherAction::Grade | TeacherAction::Game => class::next_grade_or_game(s, &t, a),
            TeacherAction::Archive => match t.class {
                Some(id) => s.archive_class(id, now()).map(|()| go(TeacherPage::Classes)),
                None => Ok(()),
            },
            TeacherAction::Pupil(id) => {
                t.pupil = Some(id);
                t.record = None;
                go(TeacherPage::Pupil);
                Ok(())
            }
            TeacherAction::Cell(id, lesson) => {
                t.pupil = Some(id);
                t.record = Some(lesson);
                go(TeacherPage::Pupil);
                Ok(())
            }
            TeacherAction::Sort(order) => {
                t.order = order;
                t.first_row = 0;
                Ok(())
            }
            TeacherAction::Rows(step) => {
                dashboard::move_rows(&mut t, s, step);
                Ok(())
            }
            TeacherAction::Plan(step) => {
                let n = open_lessons(s, &t).len();
                plans::turn(&mut t, step, n);
                Ok(())
            }
            TeacherAction::PlanToDemo => {
                if let Some(lesson) = open_lessons(s, &t).get(t.lesson).copied() {
                    demo.show_lesson(lesson);
                    go(TeacherPage::Demo);
                }
                Ok(())
            }
            TeacherAction::PlanAssign => {
                if let Some(lesson) = open_lessons(s, &t).get(t.lesson).copied() {
                    if !t.picked.contains(&lesson.id) {
                        t.picked.push(lesson.id.clone());
                    }
                    t.picking_puzzles = false;
                    go(TeacherPage::Homework);
                }
                Ok(())
            }
            TeacherAction::Import => imports::import(s, &mut t, &data.0, now()),
            TeacherAction::Paste => {
                match crate::clipboard::text() {
                    Some(text) => t.field = text.chars().take(4096).collect(),
                    None => t.problem = Some(lang.get(Msg::ClipboardEmpty).to_owned()),
                }
                Ok(())
            }
            TeacherAction::ExportCsv => match t.class {
                Some(id) => export_csv(s, id, &data.0).map(|path| t.exported = Some(path)),
                None => Ok(()),
            },
            TeacherAction::Pick(id) => {
                homework::pick(&mut t, id);
                Ok(())
            }
            TeacherAction::PickPuzzle(id) => {
                homework::pick_puzzle(&mut t, id);
                Ok(())
            }
            TeacherAction::PickPuzzles(on) => {
                t.picking_puzzles = on;
                t.picker_page = 0;
                Ok(())
            }
            TeacherAction::PickerPage(step) => {
                let lessons = open_lessons(s, &t);
                let n = if t.picking_puzzles {
                    homework::puzzles_of(&lessons, *lang).len()
                } else {
                    lessons.len()
                };
                homework::turn_picker(&mut t, step, n);
                Ok(())
            }
            TeacherAction::DueDays(step) => {
                t.due_days = (t.due_days + step).clamp(0, 60);
                Ok(())
            }
            TeacherAction::Lock(l) => lock::act(s, &mut t, &l, *lang).map(|open| {
                if open {
                    go(TeacherPage::Classes);
                }
            }),
            TeacherAction::Demo(d) => {
                demo.act(&d);
                Ok(())
            }
            TeacherAction::Collect(c) => {
                collect::act(&mut collection, s, &t, &c);
                Ok(())
            }
            TeacherAction::SaveHomework => homework::save(s, &mut t, now(), *lang),
            TeacherAction::ShareClassFile => match t.class {
                Some(id) => homework::share(s, id, &data.0).map(|path| t.class_file = Some(path)),
                None => Ok(()),
            },
            TeacherAction::TournamentOf(class) => {
                commands.insert_resource(OpenTournament(Some(class)));
                next.set(AppState::Tournament);
                Ok(())
            }
        };
        if let Err(e) = result {
            t.problem = Some(e.to_string());
        }
        redraw.0 = true;
    }
}

/// Keeps the page shown, for coming back to the area (from the tournaments).
fn remember_page(page: Res<State<TeacherPage>>, mut t: ResMut<Teacher>) {
    if t.left_on != *page.get() {
        t.left_on = *page.get();
    }
}

/// Entering the teacher area opens the page it was left on, unless a page was asked for.
fn reopen_page(
    state: Res<State<AppState>>,
    next: Res<NextState<AppState>>,
    mut next_page: ResMut<NextState<TeacherPage>>,
    t: Res<Teacher>,
) {
    let entering =
        matches!(*next, NextState::Pending(AppState::Teacher)) && *state.get() != AppState::Teacher;
    if entering && !t.lock.unlocked {
        next_page.set(TeacherPage::Lock);
    } else if entering && matches!(*next_page, NextState::Unchanged) {
        let page = if t.left_on == TeacherPage::Lock { TeacherPage::Classes } else { t.left_on };
        next_page.set(page);
    }
}
