//! 四国军棋: the choices before a game (three computer seats or two to four people on
//! one device, 暗棋 or 明棋, the level, the child's 布阵), the 布阵 page where the
//! child arranges the 25 pieces, and the table: the board, the seats and whose turn it
//! is, the referee's announcements as a line and a log, the hand-over screen between
//! people on one device, and the end of the game.
//!
//! Each page is a [`JunqiPage`], a sub-state of [`AppState::Junqi`], in a file of its
//! own; this module holds what they share: the choices and the game in progress.

mod arrange;
mod lessons;
mod lobby;
mod table;

use bevy::prelude::*;
use qike_core::junqi::{ArmySetup, Visibility};
use qike_core::session::junqi::JunqiGame;

use crate::AppState;
use crate::ui::{AddActions, UiSet, redrawing};

pub use arrange::{ArrangeAction, Arranging, army_geometry};
pub use lessons::{
    CourseAction, JunqiLesson, LessonPress, course as lessons_course, lesson_geometry, unit_game,
};
pub use lobby::LobbyAction;
pub use lobby::{new_game, saved_game};
pub use table::{Pace, TablePress, TableState, board_geometry};

/// The pages of 四国军棋.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(AppState = AppState::Junqi)]
pub enum JunqiPage {
    /// The choices before a game.
    #[default]
    Lobby,
    /// 布阵: arranging the child's pieces.
    Arrange,
    /// The game.
    Table,
    /// The course: its lessons by unit.
    Course,
    /// One lesson.
    Lesson,
}

/// Who plays the four seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Players {
    /// The child with three computer seats.
    Computers,
    /// Two, three or four people on one device (the other seats are computers).
    People(u8),
}

/// The choices on the lobby page, kept while the app runs.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct JunqiChoice {
    pub players: Players,
    /// The computer seats' level (1..=5).
    pub level: u8,
    pub visibility: Visibility,
    /// The child's own 布阵 (`None`: a random one each game) and its name when saved.
    pub setup: Option<ArmySetup>,
    pub setup_name: Option<String>,
}

impl Default for JunqiChoice {
    fn default() -> Self {
        JunqiChoice {
            players: Players::Computers,
            level: 1,
            visibility: Visibility::Hidden,
            setup: None,
            setup_name: None,
        }
    }
}

/// The game on the table.
#[derive(Resource, Debug)]
pub struct Table(pub JunqiGame);

/// The draft slot of an unfinished 四国军棋 game.
pub const DRAFT_SLOT: &str = "game:junqi";

/// Everything the lobby, 布阵 and table pages share.
#[derive(Debug)]
pub struct JunqiPlugin;

impl Plugin for JunqiPlugin {
    fn build(&self, app: &mut App) {
        app.add_sub_state::<JunqiPage>()
            .redraw_on::<JunqiPage>()
            .init_resource::<JunqiChoice>()
            .add_actions::<lobby::LobbyAction>()
            .add_actions::<arrange::ArrangeAction>()
            .add_actions::<TablePress>()
            .add_actions::<CourseAction>()
            .add_actions::<LessonPress>()
            .add_systems(OnEnter(JunqiPage::Arrange), arrange::enter)
            .add_systems(OnEnter(JunqiPage::Table), table::enter)
            .add_systems(
                Update,
                (
                    lobby::react.run_if(in_state(JunqiPage::Lobby)),
                    arrange::react.run_if(in_state(JunqiPage::Arrange)),
                    table::react.run_if(in_state(JunqiPage::Table)),
                    lessons::react_course.run_if(in_state(JunqiPage::Course)),
                    lessons::react_lesson.run_if(in_state(JunqiPage::Lesson)),
                )
                    .in_set(UiSet::Logic),
            )
            .add_systems(
                Update,
                (
                    lobby::draw.run_if(in_state(JunqiPage::Lobby)),
                    arrange::draw.run_if(in_state(JunqiPage::Arrange)),
                    table::draw.run_if(in_state(JunqiPage::Table)),
                    lessons::draw_course.run_if(in_state(JunqiPage::Course)),
                    lessons::draw_lesson.run_if(in_state(JunqiPage::Lesson)),
                )
                    .in_set(UiSet::Draw)
                    .run_if(redrawing),
            );
    }
}

/// 南 / 东 / 北 / 西 in the app's language.
fn seat_name(seat: qike_core::junqi::Seat, lang: crate::i18n::Lang) -> &'static str {
    match lang {
        crate::i18n::Lang::Zh => seat.chinese(),
        crate::i18n::Lang::En => seat.english(),
    }
}

/// Who plays a seat: 我, 同学 or 电脑 n 级.
fn player_label(
    player: qike_core::session::junqi::SeatPlayer,
    is_child: bool,
    lang: crate::i18n::Lang,
) -> String {
    use crate::i18n::Msg;
    use qike_core::session::junqi::SeatPlayer;
    match player {
        SeatPlayer::Person if is_child => lang.get(Msg::JunqiMe).to_owned(),
        SeatPlayer::Person => lang.get(Msg::JunqiClassmate).to_owned(),
        SeatPlayer::Computer { level } => {
            lang.fill(Msg::JunqiComputer, &[("n", &level.to_string())])
        }
    }
}
