//! Teacher mode: the classes on this device (create, rename, grade and game, archive),
//! a class's join code as text and as a QR code, imports of pupils' reports with a
//! summary, the class dashboard (pupils × lessons, who needs help, CSV export), one
//! pupil's page, and the 教案 of every lesson.

use std::path::{Path, PathBuf};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use bevy::window::Ime;
use qike_core::progress::{
    BehindReason, ClassId, ImportTally, JoinCodeError, LessonStatus, NewClass, ProfileId,
    ReportError, StoreError, Timestamp,
};

use crate::AppState;
use crate::data::{DataDir, Store, course};
use crate::i18n::{Lang, Msg};
use crate::screens::{demo_board, header, homework, stars_text};
use crate::ui::{
    Action, BAD, CARD, Canvas, Column, GOOD, INK, Look, MUTED, Painter, Pressed, Redraw, STAR,
    UiSet, redrawing,
};

/// The pages of the teacher area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
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

/// What the teacher's buttons do.
#[derive(Debug, Clone, PartialEq)]
pub enum TeacherAction {
    Page(Page),
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
    /// A button of the demonstration board.
    Demo(demo_board::DemoAction),
}

/// The height of every tap target on the teacher's screens, in units: at least
/// 48 logical pixels at the smallest unit (17 px).
pub const TAP: f32 = 3.0;

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

/// Days without activity before a pupil is listed as needing help.
pub const INACTIVE_DAYS: i64 = 7;
/// Tries on one unfinished lesson before a pupil counts as stuck on it.
pub const STUCK_ATTEMPTS: u32 = 3;

/// Why a report was refused, in words a teacher can act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    WrongClass,
    UnknownClass,
    Archived,
    Tampered,
    Truncated,
    NewerVersion,
    TooLarge,
    NotAReport,
    Unreadable,
    /// Signed by another pupil's key than the one pinned for this pupil.
    ForeignKey,
    /// No pupil signature, for a pupil whose reports are signed.
    Unsigned,
}

impl Refused {
    pub fn of(e: &StoreError) -> Refused {
        match e {
            StoreError::Report(r) => match r {
                ReportError::WrongClass { .. } => Refused::WrongClass,
                ReportError::UnknownClass(_) => Refused::UnknownClass,
                ReportError::ArchivedClass(_) => Refused::Archived,
                ReportError::Tampered | ReportError::Malformed(_) => Refused::Tampered,
                ReportError::Truncated { .. } => Refused::Truncated,
                ReportError::FutureVersion { .. } => Refused::NewerVersion,
                ReportError::Oversize { .. } => Refused::TooLarge,
                ReportError::NotAReport => Refused::NotAReport,
                ReportError::ForeignPupilKey { .. } => Refused::ForeignKey,
                ReportError::UnsignedForPinnedPupil { .. } => Refused::Unsigned,
            },
            _ => Refused::Unreadable,
        }
    }

    pub fn msg(self) -> Msg {
        match self {
            Refused::WrongClass => Msg::RefusedWrongClass,
            Refused::UnknownClass => Msg::RefusedUnknownClass,
            Refused::Archived => Msg::RefusedArchived,
            Refused::Tampered => Msg::RefusedTampered,
            Refused::Truncated => Msg::RefusedTruncated,
            Refused::NewerVersion => Msg::RefusedNewer,
            Refused::TooLarge => Msg::RefusedTooLarge,
            Refused::NotAReport => Msg::RefusedNotAReport,
            Refused::Unreadable => Msg::RefusedUnreadable,
            Refused::ForeignKey => Msg::RefusedForeignKey,
            Refused::Unsigned => Msg::RefusedUnsigned,
        }
    }
}

/// Why a typed join code was refused.
pub fn join_code_msg(e: &StoreError) -> Msg {
    match e {
        StoreError::JoinCode(JoinCodeError::WrongLength { .. }) => Msg::CodeWrongLength,
        StoreError::JoinCode(JoinCodeError::BadCharacter(_)) => Msg::CodeBadCharacter,
        StoreError::JoinCode(JoinCodeError::Checksum) => Msg::CodeTypo,
        StoreError::JoinCode(JoinCodeError::NotAJoinPayload) => Msg::CodeNotQike,
        _ => Msg::SaveFailed,
    }
}

/// What the last import did, kept for its summary.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub new: usize,
    pub updated: usize,
    pub already: usize,
    pub rejected: Vec<(String, Refused)>,
}

impl ImportReport {
    pub fn of(t: &ImportTally) -> ImportReport {
        ImportReport {
            new: t.new_students(),
            updated: t.updated(),
            already: t.already_had(),
            rejected: t.rejected().map(|(s, e)| (s.to_owned(), Refused::of(e))).collect(),
        }
    }
}

/// The teacher area's state.
#[derive(Resource, Debug, Clone, Default)]
pub struct Teacher {
    pub page: Page,
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
}

/// The folder a teacher drops pupils' report files into: beside the store.
pub fn inbox_dir(data: &Path) -> PathBuf {
    data.with_file_name("reports-inbox")
}

/// The folder CSV exports go to: beside the store.
pub fn export_dir(data: &Path) -> PathBuf {
    data.with_file_name("exports")
}

#[derive(Debug)]
pub struct TeacherPlugin;

impl Plugin for TeacherPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<KeyboardInput>()
            .add_message::<Ime>()
            .init_resource::<Teacher>()
            .add_systems(OnEnter(AppState::Teacher), |mut t: ResMut<Teacher>| {
                t.renaming = false;
                t.problem = None;
            })
            .add_systems(
                Update,
                (
                    (typing, react)
                        .chain()
                        .in_set(UiSet::Logic)
                        .run_if(in_state(AppState::Teacher)),
                    draw.in_set(UiSet::Draw)
                        .run_if(in_state(AppState::Teacher).and_then(redrawing)),
                ),
            );
        demo_board::add(app);
    }
}

/// Keyboard letters and committed IME text go into `field`; backspace takes one off.
pub fn type_into(
    field: &mut String,
    max: usize,
    keys: &mut MessageReader<KeyboardInput>,
    ime: &mut MessageReader<Ime>,
) -> bool {
    let mut changed = false;
    let add = |field: &mut String, text: &str| {
        for c in text.chars().filter(|c| !c.is_control()) {
            if field.chars().count() < max {
                field.push(c);
            }
        }
    };
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        match &k.logical_key {
            Key::Backspace => {
                field.pop();
            }
            _ => {
                if let Some(text) = &k.text {
                    add(field, text);
                }
            }
        }
        changed = true;
    }
    for e in ime.read() {
        if let Ime::Commit { value, .. } = e {
            add(field, value);
            changed = true;
        }
    }
    changed
}

fn typing(
    mut keys: MessageReader<KeyboardInput>,
    mut ime: MessageReader<Ime>,
    mut t: ResMut<Teacher>,
    mut redraw: ResMut<Redraw>,
) {
    let typing_here = t.renaming || t.page == Page::Import;
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
    mut pressed: MessageReader<Pressed>,
    mut t: ResMut<Teacher>,
    store: Option<Res<Store>>,
    data: Res<DataDir>,
    lang: Res<Lang>,
    mut next: ResMut<NextState<AppState>>,
    mut redraw: ResMut<Redraw>,
    mut demo: ResMut<demo_board::Demo>,
) {
    let Some(store) = store else { return };
    let s = &store.0;
    for Pressed(action) in pressed.read() {
        let Action::Teacher(a) = action else {
            if *action == Action::Back {
                match t.page {
                    Page::Classes => next.set(AppState::Profiles),
                    Page::Class | Page::Plans | Page::Demo => t.page = Page::Classes,
                    Page::Dashboard | Page::Import | Page::Homework => t.page = Page::Class,
                    Page::Pupil => t.page = Page::Dashboard,
                }
                t.renaming = false;
                redraw.0 = true;
            }
            continue;
        };
        t.problem = None;
        let result: Result<(), StoreError> = match a.clone() {
            TeacherAction::Page(p) => {
                if p == Page::Import {
                    t.field.clear();
                    t.import = None;
                }
                t.page = p;
                Ok(())
            }
            TeacherAction::NewClass => {
                let n = s.classes(true).map(|c| c.len()).unwrap_or(0) + 1;
                let name = lang.fill(Msg::ClassDefaultName, &[("n", &n.to_string())]);
                let new = NewClass {
                    name: name.clone(),
                    teacher: String::new(),
                    description: String::new(),
                };
                s.create_class(new, now())
                    .and_then(|c| s.update_class(c.id, &name, GRADES[2].0, CLASS_GAMES[0]))
                    .map(|c| {
                        t.class = Some(c.id);
                        t.page = Page::Class;
                    })
            }
            TeacherAction::OpenClass(id) => {
                t.class = Some(id);
                t.page = Page::Class;
                Ok(())
            }
            TeacherAction::Rename => match t.class.map(|id| s.class(id)) {
                Some(Ok(c)) if t.renaming => {
                    let name = t.field.trim().to_owned();
                    t.renaming = false;
                    if name.is_empty() {
                        Ok(())
                    } else {
                        s.update_class(c.id, &name, &c.grade, &c.game).map(|_| ())
                    }
                }
                Some(Ok(c)) => {
                    t.field = c.name;
                    t.renaming = true;
                    Ok(())
                }
                Some(Err(e)) => Err(e),
                None => Ok(()),
            },
            TeacherAction::Grade | TeacherAction::Game => match t.class.map(|id| s.class(id)) {
                Some(Ok(c)) => {
                    let (mut grade, mut game) = (c.grade.clone(), c.game.clone());
                    if *a == TeacherAction::Grade {
                        let i = GRADES.iter().position(|g| g.0 == grade).map_or(0, |i| i + 1);
                        grade = GRADES[i % GRADES.len()].0.to_owned();
                    } else {
                        let i = CLASS_GAMES.iter().position(|g| *g == game).map_or(0, |i| i + 1);
                        game = CLASS_GAMES[i % CLASS_GAMES.len()].to_owned();
                    }
                    s.update_class(c.id, &c.name, &grade, &game).map(|_| ())
                }
                Some(Err(e)) => Err(e),
                None => Ok(()),
            },
            TeacherAction::Archive => match t.class {
                Some(id) => s.archive_class(id, now()).map(|()| t.page = Page::Classes),
                None => Ok(()),
            },
            TeacherAction::Pupil(id) => {
                t.pupil = Some(id);
                t.page = Page::Pupil;
                Ok(())
            }
            TeacherAction::Plan(step) => {
                let n = course().lessons().count().max(1) as i32;
                t.lesson = (t.lesson as i32 + step).rem_euclid(n) as usize;
                Ok(())
            }
            TeacherAction::Import => {
                let field = t.field.trim().to_owned();
                let tally = if field.is_empty() {
                    let inbox = inbox_dir(&data.0);
                    std::fs::create_dir_all(&inbox)
                        .map_err(StoreError::from)
                        .and_then(|()| s.import_path(t.class, &inbox, now()))
                } else if field.to_ascii_uppercase().starts_with("QIKE:REPORT:") {
                    Ok(s.import_pasted(t.class, &field, now()))
                } else {
                    s.import_path(t.class, Path::new(&field), now())
                };
                tally.map(|tally| {
                    t.import = Some(ImportReport::of(&tally));
                    t.field.clear();
                })
            }
            TeacherAction::ExportCsv => match t.class {
                Some(id) => export_csv(s, id, &data.0).map(|path| t.exported = Some(path)),
                None => Ok(()),
            },
            TeacherAction::Pick(id) => {
                if let Some(i) = t.picked.iter().position(|l| *l == id) {
                    t.picked.remove(i);
                } else {
                    t.picked.push(id);
                }
                Ok(())
            }
            TeacherAction::PickerPage(step) => {
                let pages = course().lessons().count().div_ceil(12).max(1) as i32;
                t.picker_page = (t.picker_page as i32 + step).rem_euclid(pages) as usize;
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
        };
        if let Err(e) = result {
            t.problem = Some(e.to_string());
        }
        redraw.0 = true;
    }
}

/// Writes the class's dashboard as CSV into the exports folder.
pub fn export_csv(
    s: &qike_core::progress::ProgressStore,
    class: ClassId,
    data: &Path,
) -> Result<PathBuf, StoreError> {
    let csv = s.class_csv(class)?;
    let dir = export_dir(data);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("class-{class}.csv"));
    std::fs::write(&path, csv.as_bytes())?;
    Ok(path)
}

fn draw(
    mut canvas: Canvas,
    t: Res<Teacher>,
    store: Option<Res<Store>>,
    data: Res<DataDir>,
    demo: Res<demo_board::Demo>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let s = &store.0;
    let title = match t.page {
        Page::Classes => Msg::TeacherClasses,
        Page::Class => Msg::ClassPage,
        Page::Dashboard => Msg::Dashboard,
        Page::Pupil => Msg::PupilPage,
        Page::Plans => Msg::LessonPlans,
        Page::Import => Msg::ImportReports,
        Page::Homework => Msg::Homework,
        Page::Demo => Msg::DemoBoard,
    };
    let mut col = header(&mut p, &frame, lang, lang.get(title), Some(Action::Back));
    let u = frame.unit;
    if let Some(problem) = &t.problem {
        let r = col.next(2.0 * u);
        p.text(r, problem.clone(), 0.8, BAD);
    }
    match t.page {
        Page::Classes => classes(&mut p, &mut col, u, lang, s),
        Page::Class => class_page(&mut p, &mut col, u, lang, s, &t),
        Page::Dashboard => dashboard(&mut p, &mut col, u, lang, s, &t),
        Page::Pupil => pupil(&mut p, &mut col, u, lang, s, &t),
        Page::Plans => plans(&mut p, &mut col, u, lang, t.lesson),
        Page::Import => import(&mut p, &mut col, u, lang, &t, &data.0),
        Page::Homework => homework::page(&mut p, &mut col, u, lang, s, &t),
        Page::Demo => demo_board::page(&mut p, &frame, lang, &demo),
    }
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

fn classes(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &qike_core::progress::ProgressStore,
) {
    let row = col.row(2, TAP * u);
    p.button(
        row[0],
        lang.get(Msg::NewClass),
        Action::Teacher(TeacherAction::NewClass),
        Look::Primary,
    );
    p.button(
        row[1],
        lang.get(Msg::LessonPlans),
        Action::Teacher(TeacherAction::Page(Page::Plans)),
        Look::Secondary,
    );
    let row = col.row(2, TAP * u);
    p.button(row[0], lang.get(Msg::Tournaments), Action::Go(AppState::Tournament), Look::Secondary);
    p.button(
        row[1],
        lang.get(Msg::DemoBoard),
        Action::Teacher(TeacherAction::Page(Page::Demo)),
        Look::Secondary,
    );
    let all = s.classes(true).unwrap_or_default();
    if all.is_empty() {
        let r = col.next(3.0 * u);
        p.text(r, lang.get(Msg::NoClasses), 1.0, MUTED);
    }
    for c in all.iter().take(12) {
        let r = col.next((TAP + 1.2) * u);
        let pupils = s.roster(c.id).map(|r| r.len()).unwrap_or(0);
        let archived = c.archived.is_some();
        p.panel(r, CARD, 0.6);
        let line = format!(
            "{}  ·  {}  ·  {}",
            grade_name(&c.grade, lang),
            class_game_name(&c.game, lang),
            lang.fill(Msg::PupilCount, &[("n", &pupils.to_string())])
        );
        let name =
            Rect::new(r.min.x + 0.6 * u, r.min.y + 0.3 * u, r.max.x - 6.0 * u, r.min.y + 2.0 * u);
        p.text(name, c.name.clone(), 1.1, if archived { MUTED } else { INK });
        let sub = Rect::new(name.min.x, r.min.y + 2.0 * u, r.max.x - 6.0 * u, r.max.y);
        let sub_text =
            if archived { format!("{line}  ·  {}", lang.get(Msg::Archived)) } else { line };
        p.text(sub, sub_text, 0.75, MUTED);
        let open =
            Rect::new(r.max.x - 5.4 * u, r.min.y + 0.6 * u, r.max.x - 0.6 * u, r.max.y - 0.6 * u);
        p.button(
            open,
            lang.get(Msg::Open),
            Action::Teacher(TeacherAction::OpenClass(c.id)),
            Look::Secondary,
        );
    }
}

fn class_page(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &qike_core::progress::ProgressStore,
    t: &Teacher,
) {
    let Some(Ok(c)) = t.class.map(|id| s.class(id)) else { return };
    let open = c.archived.is_none();
    let name = col.next(2.4 * u);
    let shown = if t.renaming { format!("{}|", t.field) } else { c.name.clone() };
    p.text(name, shown, 1.4, INK);
    let row = col.row(3, TAP * u);
    let look = if open { Look::Secondary } else { Look::Disabled };
    let rename = if t.renaming { Msg::SaveName } else { Msg::Rename };
    p.button(row[0], lang.get(rename), Action::Teacher(TeacherAction::Rename), look);
    p.button(row[1], grade_name(&c.grade, lang), Action::Teacher(TeacherAction::Grade), look);
    p.button(row[2], class_game_name(&c.game, lang), Action::Teacher(TeacherAction::Game), look);

    let label = col.next(1.6 * u);
    p.text(label, lang.get(Msg::JoinCodeLabel), 0.9, MUTED);
    let code = col.next(2.4 * u);
    p.text_aligned(code, c.join_code().to_text(), 1.25, INK, Justify::Center);
    let side = (col.width * 0.62).min(14.0 * u);
    let area = col.next(side);
    let square = Rect::from_center_size(area.center(), Vec2::splat(side));
    qr(p, square, &c.join_code().qr_payload());
    let hint = col.next(1.6 * u);
    p.text_aligned(hint, lang.get(Msg::ScanToJoin), 0.8, MUTED, Justify::Center);

    let row = col.row(2, 3.0 * u);
    p.button(
        row[0],
        lang.get(Msg::Dashboard),
        Action::Teacher(TeacherAction::Page(Page::Dashboard)),
        Look::Primary,
    );
    p.button(
        row[1],
        lang.get(Msg::ImportReports),
        Action::Teacher(TeacherAction::Page(Page::Import)),
        look,
    );
    let row = col.row(2, 3.0 * u);
    p.button(
        row[0],
        lang.get(Msg::ExportCsv),
        Action::Teacher(TeacherAction::ExportCsv),
        Look::Secondary,
    );
    p.button(row[1], lang.get(Msg::ArchiveClass), Action::Teacher(TeacherAction::Archive), look);
    let r = col.row(2, TAP * u);
    let homework = Action::Teacher(TeacherAction::Page(Page::Homework));
    p.button(r[0], lang.get(Msg::Homework), homework, look);
    let action = Action::Tour(crate::screens::tournament::TourAction::FromClass(c.id));
    p.button(r[1], lang.get(Msg::TourFromClass), action, Look::Secondary);
    if let Some(path) = &t.exported {
        let r = col.next(2.0 * u);
        p.text(r, format!("{}{}", lang.get(Msg::SavedTo), path.display()), 0.7, GOOD);
    }
}

/// Draws a QR code of `text` filling `square`, with its quiet zone, dark modules as
/// runs of one row.
pub fn qr(p: &mut Painter, square: Rect, text: &str) {
    let Ok(code) = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M) else {
        return;
    };
    let n = code.width();
    let colors = code.to_colors();
    p.panel(square, Color::WHITE, 0.0);
    let module = square.width() / (n + 8) as f32;
    let origin = square.min + Vec2::splat(4.0 * module);
    for y in 0..n {
        let mut x = 0;
        while x < n {
            if colors[y * n + x] != qrcode::Color::Dark {
                x += 1;
                continue;
            }
            let start = x;
            while x < n && colors[y * n + x] == qrcode::Color::Dark {
                x += 1;
            }
            let r = Rect::new(
                origin.x + start as f32 * module,
                origin.y + y as f32 * module,
                origin.x + x as f32 * module,
                origin.y + (y + 1) as f32 * module,
            );
            p.panel(r, Color::BLACK, 0.0);
        }
    }
}

/// Pupils who need help: nothing done for [`INACTIVE_DAYS`], or stuck on a lesson.
pub fn needs_help(
    s: &qike_core::progress::ProgressStore,
    class: ClassId,
    lang: Lang,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let summary = s.class_summary(class, Timestamp::now(), INACTIVE_DAYS);
    for b in summary.map(|s| s.behind).unwrap_or_default() {
        for r in &b.reasons {
            let why = match r {
                BehindReason::Inactive { days, last: Some(_) } => {
                    lang.fill(Msg::InactiveDays, &[("n", &days.to_string())])
                }
                BehindReason::Inactive { last: None, .. } => {
                    lang.get(Msg::NoActivityYet).to_owned()
                }
                BehindReason::Overdue { title, .. } => {
                    format!("{}: {title}", lang.get(Msg::Overdue))
                }
            };
            out.push((b.student.shown_name().to_owned(), why));
        }
    }
    for e in s.roster(class).unwrap_or_default() {
        for l in s.student_lessons(class, e.student).unwrap_or_default() {
            if l.status != LessonStatus::Completed && l.attempts >= STUCK_ATTEMPTS {
                let title = course()
                    .lesson(&l.lesson_id)
                    .map_or(l.lesson_id.clone(), |x| lang.text(&x.title));
                out.push((
                    e.shown_name().to_owned(),
                    lang.fill(Msg::StuckOn, &[("lesson", &title)]),
                ));
            }
        }
    }
    out
}

fn dashboard(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &qike_core::progress::ProgressStore,
    t: &Teacher,
) {
    let Some(class) = t.class else { return };
    let Ok(m) = s.class_matrix(class) else { return };
    let lessons: Vec<String> = course().lessons().map(|l| l.id.clone()).collect();
    let name_w = 5.5 * u;
    let cell = ((col.width - name_w - 2.5 * u) / lessons.len().max(1) as f32).min(1.5 * u);
    let row_h = (0.95 * u).min(cell.max(0.7 * u));
    let head = col.next(1.4 * u);
    p.text(head, lang.fill(Msg::PupilCount, &[("n", &m.students.len().to_string())]), 0.8, MUTED);
    let legend = Rect::new(head.min.x + name_w, head.min.y, head.max.x, head.max.y);
    p.text(legend, lang.get(Msg::GridLegend), 0.65, MUTED);
    // The rows sit edge to edge (no column gap) so a class of 40 fits a phone.
    let top = col.y;
    let rows = m.students.len().min(40);
    for (k, (student, row)) in m.students.iter().zip(&m.cells).take(rows).enumerate() {
        let verified = m.verified.get(k).copied().unwrap_or(false);
        let y = top + k as f32 * row_h;
        let r = Rect::new(col.x, y, col.x + col.width, y + row_h);
        let name = Rect::new(r.min.x, r.min.y, r.min.x + name_w, r.max.y);
        // The name opens the pupil's page; drawn as text so it stays readable.
        let hit = p.panel(name, Color::NONE, 0.0);
        p.hit(hit, name, Action::Teacher(TeacherAction::Pupil(student.student)));
        let label = Rect::new(name.min.x, name.min.y + 0.1 * u, name.max.x, name.max.y);
        // An unverified pupil (older, class-signed reports only) is marked with a "?".
        let shown = if verified {
            student.shown_name().to_owned()
        } else {
            format!("{}?", student.shown_name())
        };
        p.text(label, shown, 0.7, if verified { INK } else { MUTED });
        let mut done = 0;
        for (i, id) in lessons.iter().enumerate() {
            let x = r.min.x + name_w + i as f32 * cell;
            let square = Rect::new(x + 1.0, r.min.y + 1.0, x + cell - 1.0, r.max.y - 1.0);
            let found =
                m.lessons.iter().position(|l| l == id).and_then(|j| row.get(j).cloned().flatten());
            let fill = match found {
                Some(c) if c.status == LessonStatus::Completed => {
                    done += 1;
                    match c.stars {
                        3 => STAR,
                        2 => Color::srgb(0.97, 0.80, 0.40),
                        _ => Color::srgb(0.99, 0.90, 0.68),
                    }
                }
                Some(c) if c.status == LessonStatus::InProgress => Color::srgb(0.62, 0.78, 0.93),
                _ => Color::srgb(0.92, 0.90, 0.86),
            };
            p.panel(square, fill, 0.15);
        }
        let total = Rect::new(r.max.x - 2.3 * u, r.min.y, r.max.x, r.max.y);
        p.text_aligned(total, format!("{done}/{}", lessons.len()), 0.65, INK, Justify::Right);
    }
    col.y = top + rows as f32 * row_h + col.gap;
    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::NeedsHelp), 1.0, INK);
    let help = needs_help(s, class, lang);
    if help.is_empty() {
        let r = col.next(1.4 * u);
        p.text(r, lang.get(Msg::NobodyBehind), 0.8, GOOD);
    }
    for (name, why) in help.iter().take(6) {
        let r = col.next(1.2 * u);
        p.text(r, format!("· {name}: {why}"), 0.75, BAD);
    }
    homework::class_lines(p, col, u, lang, s, class);
    let r = col.next(TAP * u);
    let r = Rect::new(r.min.x, r.min.y, r.min.x + r.width() * 0.5, r.max.y);
    p.button(
        r,
        lang.get(Msg::ExportCsv),
        Action::Teacher(TeacherAction::ExportCsv),
        Look::Secondary,
    );
}

fn days_ago(at: Timestamp, lang: Lang) -> String {
    let days = at.days_until(Timestamp::now()).max(0);
    if days == 0 {
        lang.get(Msg::Today).to_owned()
    } else {
        lang.fill(Msg::DaysAgo, &[("n", &days.to_string())])
    }
}

fn pupil(
    p: &mut Painter,
    col: &mut Column,
    u: f32,
    lang: Lang,
    s: &qike_core::progress::ProgressStore,
    t: &Teacher,
) {
    let (Some(class), Some(id)) = (t.class, t.pupil) else { return };
    let Ok(entry) = s.roster_entry(class, id) else { return };
    let name = col.next(2.4 * u);
    p.text(name, entry.shown_name(), 1.4, INK);
    let timeline = s.student_timeline(class, id).unwrap_or_default();
    let last = timeline
        .first()
        .map_or_else(|| lang.get(Msg::NoActivityYet).to_owned(), |a| days_ago(a.at, lang));
    let r = col.next(1.5 * u);
    p.text(r, format!("{}{last}", lang.get(Msg::LastActivity)), 0.85, MUTED);
    if let Ok(None) = s.pinned_pupil_key(class, id) {
        let r = col.next(1.5 * u);
        p.text(r, lang.get(Msg::UnverifiedPupil), 0.8, BAD);
    }
    let ratings = s.student_ratings(class, id).unwrap_or_default();
    let level = ratings.iter().find(|(k, _)| k == "xiangqi").map(|(_, r)| r.suggested_level());
    let r = col.next(1.5 * u);
    let level = level.map_or_else(|| "—".to_owned(), |l| l.to_string());
    p.text(r, format!("{}{level}", lang.get(Msg::PupilSuggestedLevel)), 0.85, MUTED);

    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::Lessons), 1.0, INK);
    let records = s.student_lessons(class, id).unwrap_or_default();
    for lesson in course().lessons() {
        let Some(rec) = records.iter().find(|r| r.lesson_id == lesson.id) else { continue };
        let r = col.next(1.25 * u);
        let state = match rec.status {
            LessonStatus::Completed => stars_text(rec.best_stars),
            _ => lang.fill(Msg::TriesSoFar, &[("n", &rec.attempts.to_string())]),
        };
        let color = if rec.status == LessonStatus::Completed { INK } else { MUTED };
        let title = Rect::new(r.min.x, r.min.y, r.max.x - 6.0 * u, r.max.y);
        p.text(title, lang.text(&lesson.title), 0.8, color);
        let st = Rect::new(r.max.x - 6.0 * u, r.min.y, r.max.x, r.max.y);
        p.text_aligned(
            st,
            state,
            0.8,
            if rec.status == LessonStatus::Completed { STAR } else { MUTED },
            Justify::Right,
        );
        if col.y > p.unit * 38.0 {
            break;
        }
    }
    col.next(0.4 * u);
    homework::pupil_lines(p, col, u, lang, s, class, id);
    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::PupilGamesByLevel), 1.0, INK);
    let stats = s.games_by_level(class, id).unwrap_or_default();
    if stats.is_empty() {
        let r = col.next(1.3 * u);
        p.text(r, lang.get(Msg::NoGamesYet), 0.8, MUTED);
    }
    for st in stats.iter().take(8) {
        let r = col.next(1.25 * u);
        let line = lang.fill(
            Msg::LevelLine,
            &[
                ("game", class_game_name(&st.game, lang)),
                ("level", &st.level.to_string()),
                ("won", &st.won.to_string()),
                ("drawn", &st.drawn.to_string()),
                ("lost", &st.lost.to_string()),
            ],
        );
        p.text(r, line, 0.8, INK);
    }
}

/// A heading and its text, the text's height guessed from its length.
fn plan_item(p: &mut Painter, col: &mut Column, u: f32, head: &str, lines: &[String], lang: Lang) {
    let r = col.next(1.4 * u);
    p.text(r, head, 0.95, crate::ui::PRIMARY);
    let per_line = if lang == Lang::Zh { col.width / (0.8 * u) } else { col.width / (0.42 * u) };
    for line in lines {
        let n = (line.chars().count() as f32 / per_line.max(1.0)).ceil().max(1.0);
        let r = col.next(n * 1.15 * u);
        p.text(r, line.clone(), 0.78, INK);
    }
}

fn plans(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, index: usize) {
    let all: Vec<_> = course().lessons().collect();
    let Some(lesson) = all.get(index.min(all.len().saturating_sub(1))) else { return };
    let row = col.row(3, TAP * u);
    p.button(row[0], "◀", Action::Teacher(TeacherAction::Plan(-1)), Look::Secondary);
    p.text_aligned(row[1], format!("{}/{}", index + 1, all.len()), 1.0, MUTED, Justify::Center);
    p.button(row[2], "▶", Action::Teacher(TeacherAction::Plan(1)), Look::Secondary);
    let r = col.next(2.2 * u);
    p.text(r, lang.text(&lesson.title), 1.3, INK);
    let plan = &lesson.plan;
    let r = col.next(1.3 * u);
    p.text(
        r,
        lang.fill(
            Msg::PlanTime,
            &[("periods", &plan.periods.to_string()), ("minutes", &plan.minutes.to_string())],
        ),
        0.8,
        MUTED,
    );
    let list = |v: &[qike_core::curriculum::Text]| -> Vec<String> {
        v.iter().enumerate().map(|(i, x)| format!("{}. {}", i + 1, lang.text(x))).collect()
    };
    plan_item(p, col, u, lang.get(Msg::PlanContent), &[lang.text(&plan.content)], lang);
    plan_item(p, col, u, lang.get(Msg::PlanObjectives), &list(&plan.objectives), lang);
    plan_item(p, col, u, lang.get(Msg::PlanKeyPoints), &list(&plan.key_points), lang);
    plan_item(p, col, u, lang.get(Msg::PlanMaterials), &list(&plan.materials), lang);
    plan_item(p, col, u, lang.get(Msg::PlanProcess), &list(&plan.process), lang);
    plan_item(p, col, u, lang.get(Msg::PlanSummary), &[lang.text(&plan.summary)], lang);
}

fn import(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, t: &Teacher, data: &Path) {
    let r = col.next(2.6 * u);
    p.text(r, lang.get(Msg::ImportHow), 0.8, MUTED);
    let field = col.next(3.0 * u);
    p.panel(field, CARD, 0.5);
    let inner =
        Rect::new(field.min.x + 0.5 * u, field.min.y + 0.4 * u, field.max.x - 0.5 * u, field.max.y);
    let shown: String = t.field.chars().take(80).collect();
    p.text(inner, format!("{shown}|"), 0.8, INK);
    let r = col.next(2.2 * u);
    let inbox = inbox_dir(data);
    p.text(r, format!("{}{}", lang.get(Msg::InboxFolder), inbox.display()), 0.7, MUTED);
    let b = col.next(3.0 * u);
    let label = if t.field.trim().is_empty() { Msg::ImportInbox } else { Msg::ImportThis };
    p.button(b, lang.get(label), Action::Teacher(TeacherAction::Import), Look::Primary);
    let Some(rep) = &t.import else { return };
    col.next(0.5 * u);
    let r = col.next(1.8 * u);
    p.text(r, lang.get(Msg::ImportSummary), 1.1, INK);
    for (msg, n, color) in [
        (Msg::ImportNew, rep.new, GOOD),
        (Msg::ImportUpdated, rep.updated, GOOD),
        (Msg::ImportAlready, rep.already, MUTED),
        (
            Msg::ImportRejected,
            rep.rejected.len(),
            if rep.rejected.is_empty() { MUTED } else { BAD },
        ),
    ] {
        let r = col.next(1.4 * u);
        p.text(r, lang.fill(msg, &[("n", &n.to_string())]), 0.9, color);
    }
    for (source, why) in rep.rejected.iter().take(10) {
        let r = col.next(2.2 * u);
        p.text(r, format!("· {source}: {}", lang.get(why.msg())), 0.75, BAD);
    }
}

/// Example names for the demonstration class.
const DEMO_NAMES: [&str; 30] = [
    "小明", "小红", "小刚", "小丽", "小军", "小芳", "小华", "小强", "小燕", "小龙", "小虎", "小兰",
    "小杰", "小静", "小鹏", "小雪", "小磊", "小婷", "小飞", "小琳", "小宇", "小雨", "小航", "小月",
    "Lily", "Tom", "Amy", "Ben", "Mia", "Leo",
];

/// Fills the store with a class of 30 with mixed progress (pupils join with the class
/// code, learn, and their reports are imported, as in real use) and opens `screen`.
/// Returns whether `screen` is a teacher screen.
pub fn demo(
    screen: &str,
    s: &qike_core::progress::ProgressStore,
    t: &mut Teacher,
    data: &Path,
) -> bool {
    use qike_core::progress::{LessonAttempt, NewProfile, Role};
    let page = match screen {
        "teacher-classes" => Page::Classes,
        "teacher-join-code" => Page::Class,
        "teacher-dashboard" => Page::Dashboard,
        "teacher-pupil" => Page::Pupil,
        "teacher-lesson-plan" => Page::Plans,
        "teacher-import" => Page::Import,
        "demo-board" => Page::Demo,
        _ => return false,
    };
    let new = |name: &str| NewClass {
        name: name.into(),
        teacher: "王老师".into(),
        description: String::new(),
    };
    let Ok(class) = s.create_class(new("三年级二班"), now()) else { return true };
    let _ = s.update_class(class.id, "三年级二班 象棋", GRADES[2].0, CLASS_GAMES[0]);
    if let Ok(c) = s.create_class(new("兴趣小组"), now()) {
        let _ = s.update_class(c.id, "周三兴趣小组", GRADES[6].0, CLASS_GAMES[0]);
    }
    if let Ok(c) = s.create_class(new("去年的班"), now()) {
        let _ = s.update_class(c.id, "去年的五子棋班", GRADES[3].0, CLASS_GAMES[3]);
        let _ = s.archive_class(c.id, now());
    }
    t.class = Some(class.id);
    t.page = page;
    let code = class.join_code().to_text();
    let lessons: Vec<String> = course().lessons().map(|l| l.id.clone()).collect();
    let pupils = if matches!(page, Page::Dashboard | Page::Pupil) { DEMO_NAMES.len() } else { 0 };
    let day = 86_400_000;
    let mut reports = Vec::new();
    for (i, name) in DEMO_NAMES.iter().enumerate().take(pupils) {
        let profile = NewProfile {
            display_name: (*name).into(),
            avatar: "panda".into(),
            language: "zh-CN".into(),
            role: Role::Student,
        };
        let Ok(kid) = s.create_profile(profile, now()) else { continue };
        if s.join_class(kid.id, &code, "", now()).is_err() {
            continue;
        }
        // Some far ahead, most in the middle, a few idle for two weeks.
        let done = (i * 7 + 3) % (lessons.len().min(16) + 1);
        let idle = i % 9 == 4;
        let at = Timestamp(now().0 - if idle { 15 * day } else { (i as i64 % 3) * day });
        for (j, id) in lessons.iter().enumerate().take(done + 1) {
            let completed = j < done;
            let tries = if !completed && i % 5 == 2 { STUCK_ATTEMPTS } else { 1 };
            for _ in 0..tries {
                let attempt = LessonAttempt {
                    lesson_id: id.clone(),
                    content_version: 1,
                    completed,
                    stars: if completed { [3, 2, 3, 1][(i + j) % 4] } else { 0 },
                    mistakes: (i + j) as u32 % 3,
                    hints: 0,
                    time_ms: 240_000,
                    at,
                };
                let _ = s.record_lesson(kid.id, &attempt);
            }
        }
        if i == 0 {
            demo_games(s, kid.id);
        }
        if let Ok(bytes) = s.export_report(kid.id, class.id, now()) {
            reports.push((kid.id, bytes));
        }
    }
    for (_, bytes) in &reports {
        let _ = s.import_report(class.id, bytes, now());
    }
    t.pupil = reports.first().map(|(id, _)| *id);
    t.lesson = 2;
    if page == Page::Import {
        // One good report, the same again, and a tampered copy.
        let Ok(kid) = s.create_profile(
            NewProfile {
                display_name: "小明".into(),
                avatar: "tiger".into(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            now(),
        ) else {
            return true;
        };
        let _ = s.join_class(kid.id, &code, "", now());
        let inbox = inbox_dir(data);
        if let Ok(saved) = s.save_report(kid.id, class.id, &inbox, now()) {
            let mut text: Vec<char> = saved.text.chars().collect();
            let mid = text.len() / 2;
            text[mid] = if text[mid] == 'A' { 'B' } else { 'A' };
            let _ = std::fs::write(
                inbox.join("小红-改过.qikereport"),
                text.into_iter().collect::<String>(),
            );
        }
        if let Ok(tally) = s.import_path(Some(class.id), &inbox, now()) {
            t.import = Some(ImportReport::of(&tally));
        }
    }
    true
}

/// A few games of the first demo pupil against levels 1 to 3.
fn demo_games(s: &qike_core::progress::ProgressStore, kid: ProfileId) {
    use qike_core::{GameKind, GameSetup};
    for (i, level) in [1u8, 1, 2, 2, 3].into_iter().enumerate() {
        let setup = GameSetup::standard(GameKind::Xiangqi);
        let Some(mut g) = crate::demo::game(setup, Some(level), &["h2e2", "h9g7"]) else {
            continue;
        };
        if i % 2 == 0 {
            let _ = g.resign();
        }
        let _ = s.record_game(kid, &g.record(300 + i as u64, now()));
    }
}
