//! 布阵: the child's army close up, the pieces not yet placed in a tray below it, and
//! the ways to fill it — tap a piece and then a station (or drag it there), a random
//! legal 布阵, clearing, saving it under a name and loading a saved one. A placement the
//! rules forbid is refused with its reason on the page.

use bevy::prelude::*;
use qike_core::junqi::{ArmySetup, PIECES_PER_SEAT, Rank, STATIONS, Seat, Station, ViewPiece};
use qike_core::session::junqi::{EditSelection, EditTap, SetupEditor};

use super::{JunqiChoice, JunqiPage};
use crate::actions::PointerReleased;
use crate::data::{Current, Store};
use crate::i18n::{Lang, Msg};
use crate::junqi_board::{Geometry, Marks, draw as draw_board, seat_colour};
use crate::ui::{
    BAD, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Painter, Pressed, Redraw, split,
};
use crate::widgets::header;

/// The 布阵 page's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrangeAction {
    /// A station of the army (line, column).
    Station(u8, u8),
    /// A piece in the tray.
    Tray(Rank),
    Random,
    Clear,
    Save,
    /// Loads the saved 布阵 at this index of the profile's list.
    Load(usize),
    /// Takes this 布阵 for the next games.
    Use,
}

/// The 布阵 being arranged.
#[derive(Resource, Debug, Clone)]
pub struct Arranging {
    pub editor: SetupEditor,
    /// The last refusal or confirmation, and whether it is good news.
    pub message: Option<(String, bool)>,
}

/// Where the army close-up goes on the page.
pub fn army_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let area = frame.inner(0.8);
    // Below the header (3.4 units) and the line that says how to arrange (1.4 and gaps).
    let top = area.min.y + 5.8 * u;
    Rect::new(area.min.x, top, area.max.x, top + 21.0 * u)
}

/// The close-up's geometry in a frame (the render test checks its stations).
pub fn army_geometry(frame: &Frame) -> Geometry {
    Geometry::fit_army(army_area(frame), Seat::South)
}

pub(super) fn enter(mut commands: Commands, choice: Res<JunqiChoice>) {
    let seed = qike_core::progress::ProgressStore::new_game_id().unwrap_or(7);
    let editor = choice
        .setup
        .as_ref()
        .and_then(|setup| SetupEditor::from_setup(Seat::South, setup).ok())
        .unwrap_or_else(|| SetupEditor::random(Seat::South, seed));
    commands.insert_resource(Arranging { editor, message: None });
}

pub(super) fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<ArrangeAction>>,
    mut released: MessageReader<PointerReleased>,
    arranging: Option<ResMut<Arranging>>,
    mut choice: ResMut<JunqiChoice>,
    store: Res<Store>,
    current: Res<Current>,
    frame: Res<Frame>,
    lang: Res<Lang>,
    mut redraw: ResMut<Redraw>,
    mut page: ResMut<NextState<JunqiPage>>,
    mut dragging: Local<Option<(u8, u8)>>,
) {
    let Some(mut a) = arranging else { return };
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        page.set(JunqiPage::Lobby);
    }
    let lang = *lang;
    for Pressed(action) in pressed.read() {
        *dragging = None;
        a.message = None;
        match action {
            ArrangeAction::Station(line, column) => {
                tap_station(&mut a, lang, *line, *column);
                let picked = EditSelection::Station { line: *line, column: *column };
                if a.editor.selected() == Some(picked) {
                    *dragging = Some((*line, *column));
                }
            }
            ArrangeAction::Tray(rank) => match a.editor.selected() {
                // A piece of the army put back into the tray.
                Some(EditSelection::Station { line, column }) => {
                    a.editor.deselect();
                    if let Err(e) = a.editor.take(line, column) {
                        a.message = Some((lang.text(&e.text()), false));
                    }
                }
                _ => {
                    a.editor.select_tray(*rank);
                }
            },
            ArrangeAction::Random => {
                let seed = qike_core::progress::ProgressStore::new_game_id().unwrap_or(7);
                a.editor.randomize(seed);
            }
            ArrangeAction::Clear => a.editor = SetupEditor::empty(Seat::South),
            ArrangeAction::Save => {
                let Some(profile) = current.profile.as_ref() else { continue };
                let saved = store.0.junqi_setups(profile.id).map(|l| l.len()).unwrap_or(0);
                let name = lang.fill(Msg::JunqiSetupName, &[("n", &(saved + 1).to_string())]);
                let setup = a.editor.setup();
                a.message = Some(match store.0.save_junqi_setup(profile.id, &name, &setup) {
                    Ok(()) => (lang.fill(Msg::JunqiSaved, &[("name", &name)]), true),
                    Err(e) => (e.to_string(), false),
                });
            }
            ArrangeAction::Load(i) => {
                let Some(profile) = current.profile.as_ref() else { continue };
                let list = store.0.junqi_setups(profile.id).unwrap_or_default();
                if let Some(editor) =
                    list.get(*i).and_then(|(_, s)| SetupEditor::from_setup(Seat::South, s).ok())
                {
                    a.editor = editor;
                }
            }
            ArrangeAction::Use => match a.editor.validate() {
                Ok(()) => {
                    choice.setup = Some(a.editor.setup());
                    choice.setup_name = None;
                    page.set(JunqiPage::Lobby);
                }
                Err(e) => a.message = Some((lang.text(&e.text()), false)),
            },
        }
        redraw.0 = true;
    }
    // A drag: the piece picked up on one station, let go over another.
    for release in released.read() {
        let Some(from) = dragging.take() else { continue };
        let Some(to) = army_geometry(&frame).station_at(release.position) else { continue };
        let Some((line, column)) = line_column(to) else { continue };
        if (line, column) != from {
            tap_station(&mut a, lang, line, column);
            redraw.0 = true;
        }
    }
}

/// A station's line and column in its army.
fn line_column(s: Station) -> Option<(u8, u8)> {
    match s.place() {
        qike_core::junqi::Place::Army { line, column, .. } => Some((line, column)),
        qike_core::junqi::Place::Centre { .. } => None,
    }
}

/// A tap on a station: picks its piece up, or puts the picked piece there; a refusal
/// is shown with its reason.
fn tap_station(a: &mut Arranging, lang: Lang, line: u8, column: u8) {
    if let EditTap::Refused(e) = a.editor.tap(line, column) {
        a.message = Some((lang.text(&e.text()), false));
    }
}

pub(super) fn draw(
    mut canvas: Canvas,
    arranging: Option<Res<Arranging>>,
    store: Res<Store>,
    current: Res<Current>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let Some(a) = arranging else { return };
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::JunqiArrange), Some(Nav::Back));
    let r = col.next(1.4 * u);
    p.text(r, lang.get(Msg::JunqiArrangeHow), 0.85, MUTED);
    let geo = army_geometry(&frame);
    let setup = a.editor.setup();
    let pieces = army_pieces(&setup);
    let selected = match a.editor.selected() {
        Some(EditSelection::Station { line, column }) => Station::army(Seat::South, line, column),
        _ => None,
    };
    let marks = Marks { selected, ..Default::default() };
    let press = |s: Station| {
        let (l, c) = line_column(s).unwrap_or((1, 1));
        ArrangeAction::Station(l, c)
    };
    draw_board(&mut p, &geo, &pieces, &marks, Some(&press));
    let below = army_area(&frame);
    col = crate::ui::Column::new(
        Rect::new(below.min.x, below.max.y + 0.6 * u, below.max.x, frame.inner(0.8).max.y),
        0.6 * u,
    );
    tray(&mut p, &mut col, lang, &a);
    let line = match &a.message {
        Some((text, good)) => Some((text.clone(), if *good { GOOD } else { BAD })),
        None if a.editor.is_complete() => Some((lang.get(Msg::JunqiSetupReady).to_owned(), GOOD)),
        None => None,
    };
    let r = col.next(1.6 * u);
    if let Some((text, colour)) = line {
        p.text(r, text, 0.95, colour);
    }
    let row = col.row(3, 2.8 * u);
    p.button(row[0], lang.get(Msg::JunqiRandomSetup), ArrangeAction::Random, Look::Secondary);
    p.button(row[1], lang.get(Msg::JunqiClear), ArrangeAction::Clear, Look::Secondary);
    p.button(row[2], lang.get(Msg::JunqiSave), ArrangeAction::Save, Look::Secondary);
    let saved = current
        .profile
        .as_ref()
        .and_then(|profile| store.0.junqi_setups(profile.id).ok())
        .unwrap_or_default();
    if !saved.is_empty() {
        let row = col.row(4, 2.4 * u);
        for (i, (cell, (name, _))) in row.iter().zip(saved.iter().rev().take(4)).enumerate() {
            let index = saved.len() - 1 - i;
            p.button(*cell, name.clone(), ArrangeAction::Load(index), Look::Secondary);
        }
    }
    let r = col.next(3.0 * u);
    let look = if a.editor.is_complete() { Look::Primary } else { Look::Disabled };
    p.button(r, lang.get(Msg::JunqiUseSetup), ArrangeAction::Use, look);
}

/// The army's pieces as the board draws them: ranks shown, in the south's colour.
fn army_pieces(setup: &ArmySetup) -> [Option<ViewPiece>; STATIONS] {
    let mut pieces = [None; STATIONS];
    for (i, (line, column, rank)) in setup.pieces().enumerate() {
        if let Some(s) = Station::army(Seat::South, line, column) {
            let id = qike_core::junqi::PieceId(i as u8);
            pieces[s.index()] = Some(ViewPiece { id, seat: Seat::South, rank: Some(rank) });
        }
    }
    pieces
}

/// The pieces not yet placed, each with how many are left; one picked is framed.
fn tray(p: &mut Painter, col: &mut crate::ui::Column, lang: Lang, a: &Arranging) {
    let u = p.unit;
    let left: Vec<(Rank, usize)> = a.editor.tray();
    let placed = PIECES_PER_SEAT - left.iter().map(|(_, n)| n).sum::<usize>();
    let r = col.next(1.4 * u);
    let count = lang.fill(
        Msg::JunqiPlaced,
        &[("n", &placed.to_string()), ("all", &PIECES_PER_SEAT.to_string())],
    );
    p.text(r, count, 0.9, INK);
    if left.is_empty() {
        return;
    }
    for chunk in left.chunks(6) {
        let cells = split(col.next(2.4 * u), 6, 0.4 * u);
        for (cell, &(rank, n)) in cells.iter().zip(chunk) {
            let picked = a.editor.selected() == Some(EditSelection::Tray(rank));
            p.panel(*cell, if picked { crate::ui::SELECTED } else { CARD }, 0.4);
            let tile = Rect::new(
                cell.min.x + 0.2 * u,
                cell.min.y + 0.2 * u,
                cell.max.x - 0.2 * u,
                cell.max.y - 0.2 * u,
            );
            let e = p.panel(tile, seat_colour(Seat::South), 0.3);
            p.hit(e, *cell, ArrangeAction::Tray(rank));
            let text = Rect::new(tile.min.x, tile.min.y + 0.45 * u, tile.max.x, tile.max.y);
            p.text_aligned(
                text,
                format!("{}×{n}", rank.chinese()),
                0.85,
                Color::WHITE,
                Justify::Center,
            );
        }
    }
}
