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
mod dashboard;
pub mod demo_board;
pub mod homework;
mod imports;
mod plans;
mod pupil;

use std::path::{Path, PathBuf};

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{ClassId, ProfileId, StoreError, Timestamp};

use crate::AppState;
use crate::data::{DataDir, Store};
use crate::flow::OpenTournament;
use crate::i18n::{Lang, Msg};
use crate::ui::{AddActions, BAD, Column, Frame, Nav, Painter, Pressed, Redraw, UiSet, redrawing};
use crate::widgets::{header, type_into};

pub use dashboard::{INACTIVE_DAYS, STUCK_ATTEMPTS, export_csv, needs_help};
pub use imports::{ImportReport, Refused};

/// The pages of the teacher area.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Teacher)]
pub enum TeacherPage {
    #[default]
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
}

impl TeacherPage {
    /// The page "back" leads to; `None` leaves the teacher area.
    fn up(self) -> Option<TeacherPage> {
        match self {
            TeacherPage::Classes => None,
            TeacherPage::Class | TeacherPage::Plans | TeacherPage::Demo => {
                Some(TeacherPage::Classes)
            }
            TeacherPage::Dashboard | TeacherPage::Import | TeacherPage::Homework => {
                Some(TeacherPage::Class)
            }
            TeacherPage::Pupil => Some(TeacherPage::Dashboard),
        }
    }

    fn title(self) -> Msg {
        match self {
            TeacherPage::Classes => Msg::TeacherClasses,
            TeacherPage::Class => Msg::ClassPage,
            TeacherPage::Dashboard => Msg::Dashboard,
            TeacherPage::Pupil => Msg::PupilPage,
            TeacherPage::Plans => Msg::LessonPlans,
            TeacherPage::Import => Msg::ImportReports,
            TeacherPage::Homework => Msg::Homework,
            TeacherPage::Demo => Msg::DemoBoard,
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
    /// Shows the plan of another lesson (by how many to move).
    Plan(i32),
    /// Imports what is in the text field (a report or a path), or else the inbox folder.
    Import,
    ExportCsv,
    /// Adds a lesson to the homework being set, or takes it off.
    Pick(String),
    /// Turns the lesson picker's page.
    PickerPage(i32),
    /// Moves the due day of the homework being set.
    DueDays(i64),
    SaveHomework,
    /// Writes the class file pupils take their homework from.
    ShareClassFile,
    /// A tournament of a class: its pupils as the players, or its saved event.
    TournamentOf(ClassId),
    /// A button of the demonstration board.
    Demo(demo_board::DemoAction),
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

/// The games a class can study, as the class stores them.
pub const CLASS_GAMES: [&str; 4] = ["xiangqi", "chess", "go", "gomoku"];

/// The teacher area's state.
#[derive(Resource, Debug, Clone, Default)]
pub struct Teacher {
    pub class: Option<ClassId>,
    pub pupil: Option<ProfileId>,
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
    /// Days from today the homework being set is due.
    pub due_days: i64,
    /// The page of the lesson picker.
    pub picker_page: usize,
    /// Where the last class file went.
    pub class_file: Option<PathBuf>,
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
/// "gomoku-renju").
fn class_game_name(game: &str, lang: Lang) -> &'static str {
    lang.get(if game.starts_with("chess") {
        Msg::Chess
    } else if game.starts_with("gomoku") {
        Msg::Gomoku
    } else if game.starts_with("go") {
        Msg::Go
    } else {
        Msg::Xiangqi
    })
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
        add_page(app, TeacherPage::Classes, classes::draw);
        add_page(app, TeacherPage::Class, class::draw);
        add_page(app, TeacherPage::Dashboard, dashboard::draw);
        add_page(app, TeacherPage::Pupil, pupil::draw);
        add_page(app, TeacherPage::Plans, plans::draw);
        add_page(app, TeacherPage::Import, imports::draw);
        add_page(app, TeacherPage::Homework, homework::draw);
        add_page(app, TeacherPage::Demo, demo_board::draw);
        demo_board::add(app);
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
    let typing_here = t.renaming || *page.get() == TeacherPage::Import;
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
    mut commands: Commands,
) {
    let Some(store) = store else { return };
    let s = &store.0;
    for Pressed(action) in nav.read() {
        match action {
            Nav::Back => {
                match page.get().up() {
                    Some(up) => next_page.set(up),
                    None => next.set(AppState::Profiles),
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
                go(p);
                Ok(())
            }
            TeacherAction::NewClass => classes::new_class(s, &mut t, *lang, now()).map(|()| {
                go(TeacherPage::Class);
            }),
            TeacherAction::OpenClass(id) => {
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
                go(TeacherPage::Pupil);
                Ok(())
            }
            TeacherAction::Plan(step) => {
                plans::turn(&mut t, step);
                Ok(())
            }
            TeacherAction::Import => imports::import(s, &mut t, &data.0, now()),
            TeacherAction::ExportCsv => match t.class {
                Some(id) => export_csv(s, id, &data.0).map(|path| t.exported = Some(path)),
                None => Ok(()),
            },
            TeacherAction::Pick(id) => {
                homework::pick(&mut t, id);
                Ok(())
            }
            TeacherAction::PickerPage(step) => {
                homework::turn_picker(&mut t, step);
                Ok(())
            }
            TeacherAction::DueDays(step) => {
                t.due_days = (t.due_days + step).clamp(0, 60);
                Ok(())
            }
            TeacherAction::Demo(d) => {
                demo.act(&d);
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
    if entering && matches!(*next_page, NextState::Unchanged) {
        next_page.set(t.left_on);
    }
}
