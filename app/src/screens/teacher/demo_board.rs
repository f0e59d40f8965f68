//! The demonstration board (演示棋盘) in the teacher area, for a projector or a shared
//! screen in landscape: the board large on the left, the tools on the right. The
//! board, its editing and the lessons' positions are core's [`DemoBoard`]; this
//! screen turns taps into its calls and draws it.

use bevy::prelude::*;
use bevy::text::Justify;
use qike_core::curriculum::{DemoBoard, lesson_position, lesson_positions, palette};
use qike_core::{GameKind, Highlight, HighlightKind, Point};

use super::{Teacher, TeacherAction, TeacherPage, open_games, page_header};
use crate::board::ActiveBoard;
use crate::data::{Store, course_of};
use crate::flow::GAMES;
use crate::i18n::{Lang, Msg};
use crate::ui::{BoardTapped, CARD, Canvas, Column, Frame, INK, Look, MUTED, Painter, Redraw};
use crate::widgets::{TAP, game_name, same_game};

/// What a tap on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Tap a piece, then where it goes (anywhere; it takes what is there).
    #[default]
    Move,
    /// Tap a point to put the chosen palette piece there.
    Place,
    /// Tap a piece to take it off.
    Remove,
    /// Tap where an arrow starts, then where it points.
    Arrow,
    /// Tap a point to ring it, again to take the ring away.
    Mark,
}

/// The demonstration board's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum DemoAction {
    Game(GameKind),
    Tool(Tool),
    /// The next or previous palette piece.
    Palette(i32),
    ClearDrawings,
    ClearBoard,
    /// The game's starting position again.
    Reset,
    /// Another lesson (by how many to move); its first position is loaded.
    Lesson(i32),
    /// Another position of the lesson (by how many to move).
    Position(i32),
}

/// The demonstration board's state.
#[derive(Resource, Debug, Clone)]
pub struct Demo {
    pub board: DemoBoard,
    pub tool: Tool,
    /// The first tap of a move or an arrow.
    pub from: Option<Point>,
    pub palette: usize,
    /// The lesson and position last loaded, in course order.
    pub lesson: usize,
    pub position: usize,
    /// Why the last edit was refused.
    pub problem: Option<String>,
}

impl Default for Demo {
    fn default() -> Demo {
        Demo {
            board: DemoBoard::new(GameKind::Xiangqi),
            tool: Tool::Move,
            from: None,
            palette: 0,
            lesson: 0,
            position: 0,
            problem: None,
        }
    }
}

impl Demo {
    /// Carries out a button.
    pub fn act(&mut self, a: &DemoAction) {
        self.from = None;
        self.problem = None;
        match a {
            DemoAction::Game(kind) => {
                self.board = DemoBoard::new(*kind);
                (self.lesson, self.position, self.palette) = (0, 0, 0);
            }
            DemoAction::Tool(t) => self.tool = *t,
            DemoAction::Palette(step) => {
                let n = self.board.palette().len().max(1) as i32;
                self.palette = (self.palette as i32 + step).rem_euclid(n) as usize;
            }
            DemoAction::ClearDrawings => self.board.clear_drawings(),
            DemoAction::ClearBoard => self.board.clear_pieces(),
            DemoAction::Reset => self.board = DemoBoard::new(self.board.kind()),
            DemoAction::Lesson(step) => {
                let n = self.lessons().len().max(1) as i32;
                self.lesson = (self.lesson as i32 + step).rem_euclid(n) as usize;
                self.position = 0;
                self.load();
            }
            DemoAction::Position(step) => {
                let Some(&lesson) = self.lessons().get(self.lesson) else { return };
                let n = lesson_positions(lesson).map(|p| p.len()).unwrap_or(0).max(1) as i32;
                self.position = (self.position as i32 + step).rem_euclid(n) as usize;
                self.load();
            }
        }
    }

    /// The lessons of the board's game, in course order.
    pub fn lessons(&self) -> Vec<&'static qike_core::curriculum::Lesson> {
        course_of(self.board.kind()).map(|c| c.lessons().collect()).unwrap_or_default()
    }

    /// Keeps the board on one of `games` (a class's): if its game is not one of them,
    /// the first of them is set up.
    pub fn follow(&mut self, games: &[GameKind]) {
        let kind = self.board.kind();
        if let Some(&first) = games.first()
            && !games.iter().any(|&g| same_game(g, kind))
        {
            self.act(&DemoAction::Game(first));
        }
    }

    /// Sets the board up at the first position of `lesson` (of any game).
    pub fn show_lesson(&mut self, lesson: &qike_core::curriculum::Lesson) {
        self.act(&DemoAction::Game(lesson.game));
        if let Some(i) = self.lessons().iter().position(|l| l.id == lesson.id) {
            self.lesson = i;
            self.load();
        }
    }

    /// Puts the current lesson position on the board.
    pub fn load(&mut self) {
        let Some(&lesson) = self.lessons().get(self.lesson) else { return };
        match lesson_position(lesson, self.position) {
            Ok(p) => self.board.load(&p),
            Err(e) => self.problem = Some(e.to_string()),
        }
    }

    /// Carries out a tap on the board with the current tool.
    pub fn tap(&mut self, at: Point) {
        self.problem = None;
        let result = match self.tool {
            Tool::Move => match self.from.take() {
                None => {
                    if self.board.piece(at).is_some() {
                        self.from = Some(at);
                    }
                    Ok(())
                }
                Some(from) if from == at => Ok(()),
                Some(from) => self.board.move_piece(from, at).map(|_| ()),
            },
            Tool::Place => {
                let all = palette(self.board.kind());
                match all.get(self.palette.min(all.len().saturating_sub(1))) {
                    Some(piece) => self.board.place(at, piece),
                    None => Ok(()),
                }
            }
            Tool::Remove => self.board.remove(at).map(|_| ()),
            Tool::Arrow => match self.from.take() {
                None => {
                    self.from = Some(at);
                    Ok(())
                }
                Some(from) if from == at => Ok(()),
                Some(from) => self.board.toggle_arrow(from, at),
            },
            Tool::Mark => self.board.toggle_mark(at),
        };
        if let Err(e) = result {
            self.problem = Some(e.to_string());
        }
    }
}

/// The height of the tools under the board in portrait, in units: five rows of
/// buttons, the lessons' label, the gaps and a line for a refusal.
const PORTRAIT_PANEL_UNITS: f32 = 5.0 * PORTRAIT_ROW + 1.2 + 6.0 * 0.4 + 2.0;
/// A row of buttons under the board in portrait, in units.
const PORTRAIT_ROW: f32 = 2.6;

/// The board's and the tools' rectangles. The page uses the whole window, not the
/// centred portrait column of the other screens: in landscape the board goes left
/// and the tools right, in portrait the tools go under the board and the board takes
/// what they leave.
fn split(frame: &Frame) -> (Rect, Rect) {
    let u = frame.unit;
    let a = frame.area;
    // The frame is a column centred in the window: its margins give the window's width.
    let w = Rect::new(0.8 * u, a.min.y + 4.5 * u, a.max.x + a.min.x - 0.8 * u, a.max.y - 0.8 * u);
    if landscape(frame) {
        let panel = w.width() * 0.34;
        let board = Rect::new(w.min.x, w.min.y, w.max.x - panel - u, w.max.y);
        (board, Rect::new(w.max.x - panel, w.min.y, w.max.x, w.max.y))
    } else {
        let bottom = (w.max.y - PORTRAIT_PANEL_UNITS * u - u).min(w.min.y + w.width() * 1.15);
        let board = Rect::new(w.min.x, w.min.y, w.max.x, bottom);
        (board, Rect::new(w.min.x, bottom + u, w.max.x, w.max.y))
    }
}

/// Whether the window is wider than high (a projector) rather than a portrait screen.
fn landscape(frame: &Frame) -> bool {
    let a = frame.area;
    a.max.x + a.min.x >= a.height()
}

/// Where the board goes (the render test checks pixels against it).
pub fn board_area(frame: &Frame) -> Rect {
    split(frame).0
}

/// Where the tools go (the render test checks they stay in the window).
pub fn tools_area(frame: &Frame) -> Rect {
    split(frame).1
}

/// Registers the board's systems with the teacher area.
pub(super) fn add(app: &mut App) {
    app.init_resource::<Demo>().add_systems(
        Update,
        (taps.in_set(crate::ui::UiSet::Logic), show).chain().run_if(in_state(TeacherPage::Demo)),
    );
    app.add_systems(OnExit(TeacherPage::Demo), |mut commands: Commands| {
        commands.remove_resource::<ActiveBoard>();
    });
}

fn taps(
    mut tapped: MessageReader<BoardTapped>,
    mut demo: ResMut<Demo>,
    mut redraw: ResMut<Redraw>,
) {
    for BoardTapped(at, dragged) in tapped.read() {
        // A drag is a move (or an arrow) from where it started.
        if let Some(from) = dragged
            && matches!(demo.tool, Tool::Move | Tool::Arrow)
        {
            demo.from = None;
            demo.tap(*from);
        }
        demo.tap(*at);
        redraw.0 = true;
    }
}

/// Puts the board on screen while the page is open (leaving the page takes it away).
fn show(
    mut commands: Commands,
    demo: Res<Demo>,
    frame: Res<Frame>,
    board: Option<Res<ActiveBoard>>,
) {
    let mut view = demo.board.view();
    if let Some(at) = demo.from {
        view.highlights.push(Highlight { at, kind: HighlightKind::Selected });
    }
    let mut want = ActiveBoard::new(view, board_area(&frame));
    want.arrows = demo.board.arrows().to_vec();
    if board.as_deref() != Some(&want) {
        commands.insert_resource(want);
    }
}

pub(super) fn draw(
    mut canvas: Canvas,
    t: Res<Teacher>,
    store: Option<Res<Store>>,
    demo: Res<Demo>,
) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    page_header(&mut p, &frame, lang, TeacherPage::Demo, &t);
    let games = open_games(&store.0, &t);
    page(&mut p, &frame, lang, &demo, &games);
}

/// The tools beside the board (or under it, in portrait).
fn page(p: &mut Painter, frame: &Frame, lang: Lang, demo: &Demo, games: &[GameKind]) {
    let u = frame.unit;
    let wide = landscape(frame);
    let h = if wide { TAP * u } else { PORTRAIT_ROW * u };
    let mut col = Column::new(tools_area(frame), if wide { 0.5 * u } else { 0.4 * u });
    let act = TeacherAction::Demo;
    let offered: Vec<GameKind> =
        GAMES.into_iter().filter(|&k| games.iter().any(|&g| same_game(g, k))).collect();
    let row = col.row(offered.len().max(1), h);
    for (r, &kind) in row.iter().zip(&offered) {
        let look = if demo.board.kind().placement() == kind.placement()
            && std::mem::discriminant(&demo.board.kind()) == std::mem::discriminant(&kind)
        {
            Look::Primary
        } else {
            Look::Secondary
        };
        p.button(*r, lang.get(game_name(kind)), act(DemoAction::Game(kind)), look);
    }
    let tools = [
        (Tool::Move, Msg::DemoMove),
        (Tool::Place, Msg::DemoPlace),
        (Tool::Remove, Msg::DemoRemove),
        (Tool::Arrow, Msg::DemoArrow),
        (Tool::Mark, Msg::DemoMark),
    ];
    let row = col.row(5, h);
    for (r, (tool, msg)) in row.iter().zip(tools) {
        let look = if demo.tool == tool { Look::Selected } else { Look::Secondary };
        p.button(*r, lang.get(msg), act(DemoAction::Tool(tool)), look);
    }
    // The piece the place tool puts down.
    let row = col.row(3, h);
    p.button(row[0], "◀", act(DemoAction::Palette(-1)), Look::Secondary);
    let all = demo.board.palette();
    if let Some(piece) = all.get(demo.palette.min(all.len().saturating_sub(1))) {
        let (fill, ink) = match piece.colour {
            qike_core::Colour::Red => {
                (Color::srgb(0.99, 0.95, 0.84), Color::srgb(0.78, 0.08, 0.06))
            }
            qike_core::Colour::Black => (Color::srgb(0.12, 0.10, 0.09), Color::WHITE),
            qike_core::Colour::White => (Color::srgb(0.97, 0.97, 0.95), INK),
        };
        let glyph = if piece.glyph.is_empty() { " " } else { piece.glyph.as_str() };
        p.round(
            row[1].center(),
            row[1].height(),
            glyph,
            fill,
            ink,
            Some(INK),
            None::<TeacherAction>,
        );
    }
    p.button(row[2], "▶", act(DemoAction::Palette(1)), Look::Secondary);
    let row = col.row(3, h);
    p.button(
        row[0],
        lang.get(Msg::DemoClearDrawings),
        act(DemoAction::ClearDrawings),
        Look::Secondary,
    );
    p.button(row[1], lang.get(Msg::DemoClearBoard), act(DemoAction::ClearBoard), Look::Secondary);
    p.button(row[2], lang.get(Msg::DemoReset), act(DemoAction::Reset), Look::Secondary);

    // A lesson's positions, one after another: in portrait the lesson and the position
    // share a row.
    if wide {
        col.next(0.5 * u);
    }
    let r = col.next(if wide { 1.6 * u } else { 1.2 * u });
    p.text(r, lang.get(Msg::DemoLessonPositions), if wide { 0.9 } else { 0.8 }, MUTED);
    let lessons = demo.lessons();
    let lesson = lessons.get(demo.lesson.min(lessons.len().saturating_sub(1)));
    let (lesson_row, position_row) = if wide {
        (col.next(h), col.next(h))
    } else {
        let r = col.next(h);
        let left = Rect::new(r.min.x, r.min.y, r.min.x + 0.6 * (r.width() - u), r.max.y);
        (left, Rect::new(left.max.x + u, r.min.y, r.max.x, r.max.y))
    };
    let title = lesson.map(|l| lang.text(&l.title)).unwrap_or_default();
    stepper(p, lesson_row, h, act(DemoAction::Lesson(-1)), act(DemoAction::Lesson(1)), title, 0.8);
    let count = lesson.and_then(|l| lesson_positions(l).ok()).map_or(0, |p| p.len());
    let at = format!("{}/{count}", (demo.position + 1).min(count.max(1)));
    let (back, on) = (act(DemoAction::Position(-1)), act(DemoAction::Position(1)));
    stepper(p, position_row, h, back, on, at, 1.0);
    if let Some(problem) = &demo.problem {
        let r = col.next(2.0 * u);
        p.panel(r, CARD, 0.4);
        p.text(r, problem.clone(), 0.8, crate::ui::BAD);
    }
}

/// ◀ what ▶ in `r`: two square-ish buttons and the text between them.
fn stepper(
    p: &mut Painter,
    r: Rect,
    h: f32,
    back: TeacherAction,
    on: TeacherAction,
    what: String,
    size: f32,
) {
    let side = (1.4 * h).min(r.width() / 3.0);
    p.button(Rect::new(r.min.x, r.min.y, r.min.x + side, r.max.y), "◀", back, Look::Secondary);
    // The text's line in the middle of the row's height.
    let line = size * p.unit * 1.3;
    let top = r.min.y + ((r.height() - line) / 2.0).max(0.0);
    let mid = Rect::new(r.min.x + side, top, r.max.x - side, r.max.y);
    p.text_aligned(mid, what, size, INK, Justify::Center);
    p.button(Rect::new(r.max.x - side, r.min.y, r.max.x, r.max.y), "▶", on, Look::Secondary);
}
