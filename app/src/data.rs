//! The app's data: the progress store in the platform's app-data folder, the child using
//! the app, the device settings and the courses by game. Opening happens in the `Loading` state;
//! a store that cannot be opened leads to the `StoreError` screen, which can move the old
//! folder aside (never delete it) and start fresh.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use bevy::prelude::*;
use qike_core::GameKind;
use qike_core::curriculum::{self, Course};
use qike_core::progress::{DeviceSettings, PieceStyle, Profile, ProgressStore, StoreError};

use crate::AppState;
use crate::i18n::Lang;

/// Where the store lives. `--data DIR` or `QIKE_DATA_DIR` override the platform folder.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// The platform's folder for app data.
    pub fn platform() -> DataDir {
        if let Some(dir) = std::env::var_os("QIKE_DATA_DIR") {
            return DataDir(PathBuf::from(dir));
        }
        DataDir(platform_dir().join("progress"))
    }
}

#[cfg(target_os = "android")]
fn platform_dir() -> PathBuf {
    bevy::android::ANDROID_APP
        .get()
        .and_then(|app| app.internal_data_path())
        .unwrap_or_else(|| PathBuf::from("."))
}

#[cfg(target_os = "ios")]
fn platform_dir() -> PathBuf {
    // The app's sandbox: Library/Application Support is backed up and never shown.
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    home.join("Library").join("Application Support").join("qike")
}

#[cfg(not(any(target_os = "android", target_os = "ios")))]
fn platform_dir() -> PathBuf {
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."));
    if cfg!(target_os = "macos") {
        return home.join("Library").join("Application Support").join("qike");
    }
    if cfg!(target_os = "windows") {
        let base = std::env::var_os("APPDATA").map(PathBuf::from).unwrap_or(home);
        return base.join("qike");
    }
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .unwrap_or_else(|| home.join(".local").join("share"));
    base.join("qike")
}

/// The open store, shared with worker threads.
#[derive(Resource, Debug, Clone)]
pub struct Store(pub Arc<ProgressStore>);

/// Why the store did not open, for the error screen: the kind of trouble (what a child
/// is told) and the error's own text (a line for the teacher).
#[derive(Resource, Debug, Clone)]
pub struct StoreProblem {
    pub trouble: qike_core::progress::Trouble,
    pub detail: String,
}

impl StoreProblem {
    pub fn of(e: &StoreError) -> StoreProblem {
        StoreProblem { trouble: e.trouble(), detail: e.to_string() }
    }
}

/// The child using the app, and the device settings.
#[derive(Resource, Debug, Clone, Default)]
pub struct Current {
    pub profile: Option<Profile>,
    pub settings: DeviceSettings,
}

impl Current {
    pub fn piece_style(&self) -> PieceStyle {
        self.settings.piece_style
    }
}

/// A message for the status line after something failed to save.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice(pub Option<String>);

/// Every shipped course (one per game that has lessons), parsed once.
pub fn courses() -> &'static [Course] {
    static COURSES: OnceLock<Vec<Course>> = OnceLock::new();
    // The shipped courses are checked by `qike content check` in the tests; an empty
    // list here would mean a broken build, shown as games without a lessons button.
    COURSES.get_or_init(|| curriculum::courses().unwrap_or_default())
}

/// The index in [`courses`] of the course of a game (any rule set or board size).
pub fn course_index(kind: GameKind) -> Option<usize> {
    let same = |a: GameKind| std::mem::discriminant(&a) == std::mem::discriminant(&kind);
    courses().iter().position(|c| same(c.game))
}

/// The course the course map and the lesson player show: an index into [`courses`].
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChosenCourse(pub usize);

/// The shipped course of a game (any rule set or board size), if it has one.
pub fn course_of(kind: GameKind) -> Option<&'static Course> {
    course_index(kind).and_then(|i| courses().get(i))
}

/// The courses of these games, in the order given (games without lessons skipped).
pub fn courses_of(games: &[GameKind]) -> Vec<&'static Course> {
    games.iter().filter_map(|&g| course_of(g)).collect()
}

/// Every lesson of these games' courses, course by course in course order.
pub fn lessons_of(games: &[GameKind]) -> Vec<&'static curriculum::Lesson> {
    courses_of(games).into_iter().flat_map(|c| c.lessons()).collect()
}

/// The chosen course (the first one if the index is out of range; an empty course if
/// the build shipped none).
pub fn chosen_course(chosen: &ChosenCourse) -> &'static Course {
    static EMPTY: OnceLock<Course> = OnceLock::new();
    courses().get(chosen.0).or_else(|| courses().first()).unwrap_or_else(|| {
        EMPTY.get_or_init(|| Course {
            id: String::new(),
            game: GameKind::Xiangqi,
            title: curriculum::Text::new("", ""),
            description: curriculum::Text::new("", ""),
            units: Vec::new(),
        })
    })
}

/// The lesson with this id in any course, with the index of its course. Lesson ids
/// are unique across courses (a core test checks), so progress records never clash.
pub fn find_lesson(id: &str) -> Option<(usize, &'static curriculum::Lesson)> {
    courses().iter().enumerate().find_map(|(i, c)| c.lesson(id).map(|l| (i, l)))
}

#[derive(Debug)]
pub struct DataPlugin;

impl Plugin for DataPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<DataDir>() {
            app.insert_resource(DataDir::platform());
        }
        app.init_resource::<Current>()
            .init_resource::<ChosenCourse>()
            .init_resource::<Notice>()
            .insert_resource(Lang::system())
            .add_systems(Update, open_store.run_if(in_state(AppState::Loading)))
            .add_systems(Last, (follow_settings, close_on_exit));
    }
}

/// Opens the store, reads the settings, and goes to the profile picker (or to the
/// error screen).
pub fn open_store(
    mut commands: Commands,
    dir: Res<DataDir>,
    mut current: ResMut<Current>,
    mut next: ResMut<NextState<AppState>>,
) {
    match open(&dir.0) {
        Ok((store, settings)) => {
            current.settings = settings;
            current.profile = None;
            commands.insert_resource(Store(Arc::new(store)));
            commands.remove_resource::<StoreProblem>();
            next.set(AppState::Profiles);
        }
        Err(e) => {
            commands.insert_resource(StoreProblem::of(&e));
            next.set(AppState::StoreError);
        }
    }
}

fn open(dir: &std::path::Path) -> Result<(ProgressStore, DeviceSettings), StoreError> {
    std::fs::create_dir_all(dir)?;
    open_existing(dir)
}

fn open_existing(dir: &std::path::Path) -> Result<(ProgressStore, DeviceSettings), StoreError> {
    let store = ProgressStore::open(dir)?;
    let settings = store.settings()?;
    Ok((store, settings))
}

/// Keeps [`Lang`] in step with the settings.
fn follow_settings(current: Res<Current>, mut lang: ResMut<Lang>) {
    if !current.is_changed() {
        return;
    }
    let want =
        current.settings.language.as_deref().map(Lang::from_tag).unwrap_or_else(Lang::system);
    if *lang != want {
        *lang = want;
    }
}

/// Every write is synced to disk before it returns, and lessons and games are saved
/// after every move, so a suspended app that the system kills loses nothing. On exit the
/// store is closed so sled's lock is released cleanly.
fn close_on_exit(mut exits: MessageReader<AppExit>, store: Option<Res<Store>>) {
    if exits.read().count() > 0
        && let Some(store) = store
    {
        let _ = store.0.close();
    }
}

/// This device's offset from UTC in minutes (east positive), for counting days as the
/// child lives them; 0 where the system does not say.
pub fn utc_offset_minutes() -> i32 {
    #[cfg(unix)]
    {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as libc::time_t);
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        // SAFETY: `now` and `tm` are valid for the call; localtime_r writes only `tm`.
        let ok = unsafe { !libc::localtime_r(&now, &mut tm).is_null() };
        if ok {
            return (tm.tm_gmtoff / 60) as i32;
        }
    }
    0
}
