//! The choices before a game: who plays, the computer's level, 暗棋 or 明棋, the
//! child's 布阵; and the unfinished game to continue.

use bevy::prelude::*;
use qike_core::junqi::{Seat, Visibility};
use qike_core::progress::{ProgressStore, Timestamp};
use qike_core::session::junqi::{JunqiGame, JunqiTableConfig, SeatPlayer};

use super::{DRAFT_SLOT, JunqiChoice, JunqiPage, Players, Table, player_label, seat_name};
use crate::AppState;
use crate::data::{Current, Notice, Store};
use crate::i18n::{Lang, Msg};
use crate::junqi_board::seat_colour;
use crate::ui::{BAD, CARD, Canvas, Column, INK, Look, MUTED, Nav, Painter, Pressed, Redraw};
use crate::widgets::{header, stepper_row};

/// The lobby's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum LobbyAction {
    Players(Players),
    /// Steps the computer's level (-1 or +1).
    Level(i32),
    Visibility(Visibility),
    Arrange,
    Start,
    Resume,
    /// The course's lessons.
    Lessons,
}

/// The unfinished saved game, if there is a readable one.
pub fn saved_game(store: &ProgressStore, current: &Current) -> Option<JunqiGame> {
    let profile = current.profile.as_ref()?;
    let bytes = store.draft(profile.id, DRAFT_SLOT).ok().flatten()?;
    JunqiGame::resume_bytes(&bytes).ok().filter(|g| g.outcome().is_none())
}

/// Who sits where: the child in the south; the people after the child take the east,
/// the north and the west in the order of play.
pub fn seats(choice: &JunqiChoice) -> [SeatPlayer; 4] {
    let people = match choice.players {
        Players::Computers => 1,
        Players::People(n) => n.clamp(2, 4),
    };
    let computer = SeatPlayer::Computer { level: choice.level };
    std::array::from_fn(|i| if i < usize::from(people) { SeatPlayer::Person } else { computer })
}

/// A new game from the lobby's choices.
pub fn new_game(choice: &JunqiChoice, seed: u64, lang: Lang) -> Result<JunqiGame, String> {
    let mut setups = [None, None, None, None];
    setups[Seat::South.index()] = choice.setup.clone();
    let config = JunqiTableConfig {
        seats: seats(choice),
        child_seat: Seat::South,
        visibility: choice.visibility,
        setups,
        seed,
    };
    JunqiGame::new(config, Timestamp::now()).map_err(|e| lang.text(&e.text()))
}

pub(super) fn react(
    mut commands: Commands,
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<LobbyAction>>,
    mut choice: ResMut<JunqiChoice>,
    store: Res<Store>,
    current: Res<Current>,
    mut notice: ResMut<Notice>,
    lang: Res<Lang>,
    mut redraw: ResMut<Redraw>,
    mut page: ResMut<NextState<JunqiPage>>,
    mut next: ResMut<NextState<AppState>>,
) {
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
    }
    for Pressed(action) in pressed.read() {
        match action {
            LobbyAction::Players(p) => choice.players = *p,
            LobbyAction::Level(d) => {
                let top = qike_core::ai::junqi::LEVELS.len() as i32;
                choice.level = (i32::from(choice.level) + d).clamp(1, top) as u8;
            }
            LobbyAction::Visibility(v) => choice.visibility = *v,
            LobbyAction::Arrange => page.set(JunqiPage::Arrange),
            LobbyAction::Lessons => page.set(JunqiPage::Course),
            LobbyAction::Start => {
                let seed = ProgressStore::new_game_id().unwrap_or(1);
                match new_game(&choice, seed, *lang) {
                    Ok(game) => {
                        notice.0 = None;
                        commands.insert_resource(Table(game));
                        page.set(JunqiPage::Table);
                    }
                    Err(e) => notice.0 = Some(e),
                }
            }
            LobbyAction::Resume => {
                if let Some(game) = saved_game(&store.0, &current) {
                    commands.insert_resource(Table(game));
                    page.set(JunqiPage::Table);
                }
            }
        }
        redraw.0 = true;
    }
}

fn pick(on: bool) -> Look {
    if on { Look::Selected } else { Look::Secondary }
}

pub(super) fn draw(
    mut canvas: Canvas,
    choice: Res<JunqiChoice>,
    store: Res<Store>,
    current: Res<Current>,
    notice: Res<Notice>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Junqi), Some(Nav::Back));
    if saved_game(&store.0, &current).is_some() {
        let r = col.next(3.0 * u);
        p.button(r, lang.get(Msg::ResumeGame), LobbyAction::Resume, Look::Primary);
    }
    // The course first: a child new to 四国军棋 learns the pieces before a game.
    if let Ok(course) = super::lessons::course() {
        let label = format!("{} · {}", lang.get(Msg::Lessons), lang.text(&course.title));
        p.button(col.next(2.8 * u), label, LobbyAction::Lessons, Look::Secondary);
    }
    players(&mut p, &mut col, lang, &choice);
    if choice.players != Players::People(4) {
        level(&mut p, &mut col, lang, choice.level);
    }
    let row = col.row(2, 2.8 * u);
    let modes = [(Msg::JunqiHidden, Visibility::Hidden), (Msg::JunqiOpen, Visibility::Open)];
    for (cell, (msg, v)) in row.iter().zip(modes) {
        p.button(*cell, lang.get(msg), LobbyAction::Visibility(v), pick(choice.visibility == v));
    }
    let about = match choice.visibility {
        Visibility::Hidden => Msg::JunqiHiddenAbout,
        Visibility::Open => Msg::JunqiOpenAbout,
    };
    let r = col.next(2.2 * u);
    p.text(r, lang.get(about), 0.9, MUTED);
    let name = match (&choice.setup, &choice.setup_name) {
        (None, _) => lang.get(Msg::JunqiRandomSetup).to_owned(),
        (Some(_), Some(name)) => name.clone(),
        (Some(_), None) => lang.get(Msg::JunqiOwnSetup).to_owned(),
    };
    let r = col.next(2.8 * u);
    let label = lang.fill(Msg::JunqiMySetup, &[("name", &name)]);
    p.button(r, label, LobbyAction::Arrange, Look::Secondary);
    col.next(0.2 * u);
    let r = col.next(3.2 * u);
    p.button(r, lang.get(Msg::StartGame), LobbyAction::Start, Look::Primary);
    if let Some(n) = &notice.0 {
        let r = col.next(2.0 * u);
        p.text(r, n.clone(), 0.9, BAD);
    }
    let left = frame.inner(0.8).max.y - col.y - u;
    if left > 8.0 * u {
        let r = col.next(left.min(16.0 * u));
        seat_picture(&mut p, r, lang, &seats(&choice));
    }
}

/// Who sits where, as the board's cross: each seat's army in its colour with its name
/// and who plays it; the child's team (south and north) and the other (east and west).
fn seat_picture(p: &mut Painter, r: Rect, lang: Lang, seats: &[SeatPlayer; 4]) {
    let u = p.unit;
    let side = r.height().min(r.width());
    let square = Rect::from_center_size(r.center(), Vec2::splat(side));
    let third = side / 3.0;
    let gap = 0.2 * u;
    let middle = Rect::from_center_size(square.center(), Vec2::splat(third - 2.0 * gap));
    p.panel(middle, CARD, 0.4);
    for seat in Seat::ALL {
        let (col, row) = match seat {
            Seat::South => (1.0, 2.0),
            Seat::East => (2.0, 1.0),
            Seat::North => (1.0, 0.0),
            Seat::West => (0.0, 1.0),
        };
        let cell = Rect::new(
            square.min.x + col * third + gap,
            square.min.y + row * third + gap,
            square.min.x + (col + 1.0) * third - gap,
            square.min.y + (row + 1.0) * third - gap,
        );
        let colour = seat_colour(seat);
        p.panel(cell, colour.mix(&Color::WHITE, 0.75), 0.5);
        p.outline(cell, 0.12 * u, colour, 0.5 * u);
        let name = Rect::new(cell.min.x, cell.min.y + 0.5 * u, cell.max.x, cell.center().y);
        p.text_aligned(name, seat_name(seat, lang), 1.2, colour, Justify::Center);
        let who = player_label(seats[seat.index()], seat == Seat::South, lang);
        let line = Rect::new(cell.min.x, cell.center().y + 0.2 * u, cell.max.x, cell.max.y);
        p.text_aligned(line, who, 0.8, INK, Justify::Center);
    }
}

/// Me and the computer, or two to four people, and who sits where.
fn players(p: &mut Painter, col: &mut Column, lang: Lang, choice: &JunqiChoice) {
    let u = p.unit;
    let r = col.next(1.5 * u);
    p.text(r, lang.get(Msg::JunqiWhoPlays), 1.1, INK);
    let row = col.row(4, 2.8 * u);
    let modes = [
        (Msg::JunqiWithComputers, Players::Computers),
        (Msg::JunqiTwoPeople, Players::People(2)),
        (Msg::JunqiThreePeople, Players::People(3)),
        (Msg::JunqiFourPeople, Players::People(4)),
    ];
    for (cell, (msg, players)) in row.iter().zip(modes) {
        let action = LobbyAction::Players(players);
        p.button(*cell, lang.get(msg), action, pick(choice.players == players));
    }
    let about = match choice.players {
        Players::Computers => Msg::JunqiSeatsComputers,
        Players::People(2) => Msg::JunqiSeatsTwo,
        Players::People(3) => Msg::JunqiSeatsThree,
        Players::People(_) => Msg::JunqiSeatsFour,
    };
    let r = col.next(3.2 * u);
    p.panel(r, CARD, 0.6);
    p.text(r.inflate(-0.4 * u), lang.get(about), 0.9, INK);
}

/// ◀ 电脑 n 级 ▶ and what the level does.
fn level(p: &mut Painter, col: &mut Column, lang: Lang, level: u8) {
    let u = p.unit;
    let (back, middle, on) = stepper_row(col, u);
    let top = qike_core::ai::junqi::LEVELS.len() as u8;
    if level > 1 {
        p.button(back, lang.get(Msg::ReplayBack), LobbyAction::Level(-1), Look::Secondary);
    }
    if level < top {
        p.button(on, lang.get(Msg::ReplayForward), LobbyAction::Level(1), Look::Secondary);
    }
    let label = lang.fill(Msg::JunqiLevel, &[("n", &level.to_string())]);
    p.button(middle, label, LobbyAction::Level(0), Look::Selected);
    let about = match level {
        1 => Msg::JunqiLevel1,
        2 => Msg::JunqiLevel2,
        3 => Msg::JunqiLevel3,
        4 => Msg::JunqiLevel4,
        _ => Msg::JunqiLevel5,
    };
    let r = col.next(2.2 * u);
    p.text(r, lang.get(about), 0.9, MUTED);
}
