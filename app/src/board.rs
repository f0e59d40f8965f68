//! Drawing any game's [`BoardView`] with Bevy UI nodes, and picking pieces by tapping.
//!
//! The board is redrawn from the view whenever the view, the selection or the window
//! size changes: a board has at most a few hundred nodes, so rebuilding is cheaper to
//! get right than patching.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use qike_core::{
    BoardMark, BoardView, Colour, HighlightKind, Placement, Point, Tap, TapBoard, xiangqi,
};

use crate::actions::PointerPressed;
use crate::fonts::UiFonts;
use crate::layout::BoardLayout;

const BOARD_WOOD: Color = Color::srgb(0.93, 0.80, 0.56);
const LINE: Color = Color::srgb(0.28, 0.17, 0.08);
const PIECE_FACE: Color = Color::srgb(0.99, 0.95, 0.84);
const RED: Color = Color::srgb(0.78, 0.08, 0.06);
const BLACK: Color = Color::srgb(0.08, 0.08, 0.08);
const WHITE_STONE: Color = Color::srgb(0.97, 0.97, 0.95);
const SELECTED: Color = Color::srgb(0.10, 0.55, 0.95);
const TARGET: Color = Color::srgba(0.10, 0.55, 0.95, 0.75);
const CHECK: Color = Color::srgb(0.90, 0.10, 0.05);
const LAST_MOVE: Color = Color::srgb(0.15, 0.60, 0.25);

/// The board on screen: the game, the player's selection, and what to draw.
#[derive(Resource, Debug, Clone)]
pub struct ActiveBoard {
    board: TapBoard<xiangqi::Game>,
    /// What to draw: the position with selection, targets, check and last move marked.
    pub view: BoardView,
    /// What the last tap did, for the status line.
    pub last_tap: Option<Tap>,
}

impl ActiveBoard {
    pub fn xiangqi(game: xiangqi::Game) -> Self {
        let board = TapBoard::new(game);
        ActiveBoard { view: board.view(), board, last_tap: None }
    }

    /// The piece the player has picked up.
    pub fn selected(&self) -> Option<Point> {
        self.board.selected()
    }

    pub fn game(&self) -> &xiangqi::Game {
        self.board.game()
    }

    /// Handles a tap on a point (see [`TapBoard::tap`]).
    pub fn tap(&mut self, at: Point) {
        self.last_tap = Some(self.board.tap(at));
        self.view = self.board.view();
    }
}

/// Marks the root node of the drawn board.
#[derive(Component, Debug)]
pub struct BoardRoot;

/// Marks a drawn piece, with the point it stands on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceNode(pub Point);

/// Marks a dot on an empty point the selected piece can move to.
#[derive(Component, Debug)]
pub struct TargetDot;

/// Marks a ring drawn around a piece: selected, in check, or capturable.
#[derive(Component, Debug)]
pub struct HighlightRing {
    pub at: Point,
    pub kind: HighlightKind,
}

/// Draws [`ActiveBoard`] when it exists and turns presses into taps on it.
#[derive(Debug)]
pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (update_layout, handle_presses, redraw).chain().run_if(resource_exists::<ActiveBoard>),
        );
    }
}

fn update_layout(
    mut commands: Commands,
    windows: Query<&Window, With<PrimaryWindow>>,
    board: Res<ActiveBoard>,
    layout: Option<Res<BoardLayout>>,
) {
    let Ok(window) = windows.single() else { return };
    let view = &board.view;
    let fitted = BoardLayout::fit(window.size(), view.files, view.ranks, view.placement);
    if layout.as_deref() != Some(&fitted) {
        commands.insert_resource(fitted);
    }
}

fn handle_presses(
    mut presses: MessageReader<PointerPressed>,
    layout: Option<Res<BoardLayout>>,
    mut board: ResMut<ActiveBoard>,
) {
    let Some(layout) = layout else {
        presses.clear();
        return;
    };
    for press in presses.read() {
        if let Some(at) = layout.point_at(press.position) {
            board.tap(at);
        }
    }
}

fn redraw(
    mut commands: Commands,
    board: Res<ActiveBoard>,
    layout: Option<Res<BoardLayout>>,
    fonts: Res<UiFonts>,
    roots: Query<Entity, With<BoardRoot>>,
) {
    let Some(layout) = layout else { return };
    if !board.is_changed() && !layout.is_changed() && !roots.is_empty() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let root = commands
        .spawn((
            BoardRoot,
            Node {
                position_type: PositionType::Absolute,
                left: px(0.0),
                top: px(0.0),
                width: percent(100.0),
                height: percent(100.0),
                ..default()
            },
        ))
        .id();
    let mut nodes = Vec::new();
    draw_board(&board.view, &layout, &fonts, &mut nodes);
    for bundle in nodes {
        let child = bundle.spawn(&mut commands);
        commands.entity(root).add_child(child);
    }
}

/// One node to spawn; kept as data so drawing is a plain function.
enum Drawn {
    Rect {
        pos: Vec2,
        size: Vec2,
        color: Color,
        rotation: f32,
    },
    Label {
        center: Vec2,
        size: Vec2,
        text: String,
        font: Handle<Font>,
        px: f32,
        color: Color,
    },
    Piece {
        at: Point,
        center: Vec2,
        diameter: f32,
        face: Color,
        ink: Color,
        glyph: String,
        font: Handle<Font>,
    },
    Ring {
        at: Point,
        kind: HighlightKind,
        center: Vec2,
        diameter: f32,
        color: Color,
    },
    Dot {
        center: Vec2,
        diameter: f32,
        color: Color,
    },
}

impl Drawn {
    fn spawn(self, commands: &mut Commands) -> Entity {
        match self {
            Drawn::Rect { pos, size, color, rotation } => commands
                .spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(pos.x),
                        top: px(pos.y),
                        width: px(size.x),
                        height: px(size.y),
                        ..default()
                    },
                    BackgroundColor(color),
                    UiTransform { rotation: Rot2::radians(rotation), ..default() },
                ))
                .id(),
            Drawn::Label { center, size, text, font, px: font_px, color } => commands
                .spawn((
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(center.x - size.x / 2.0),
                        top: px(center.y - size.y / 2.0),
                        width: px(size.x),
                        height: px(size.y),
                        justify_content: JustifyContent::Center,
                        align_items: AlignItems::Center,
                        ..default()
                    },
                    children![(
                        Text::new(text),
                        TextFont {
                            font: font.into(),
                            font_size: FontSize::Px(font_px),
                            ..default()
                        },
                        TextColor(color),
                    )],
                ))
                .id(),
            Drawn::Piece { at, center, diameter, face, ink, glyph, font } => {
                let border = (diameter * 0.06).max(1.5);
                commands
                    .spawn((
                        PieceNode(at),
                        Node {
                            border: UiRect::all(px(border)),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            ..circle(center, diameter)
                        },
                        BackgroundColor(face),
                        BorderColor::all(ink),
                        children![(
                            Text::new(glyph),
                            TextFont {
                                font: font.into(),
                                font_size: FontSize::Px(diameter * 0.58),
                                ..default()
                            },
                            TextColor(ink),
                        )],
                    ))
                    .id()
            }
            Drawn::Dot { center, diameter, color } => {
                commands.spawn((TargetDot, circle(center, diameter), BackgroundColor(color))).id()
            }
            Drawn::Ring { at, kind, center, diameter, color } => commands
                .spawn((
                    HighlightRing { at, kind },
                    Node {
                        border: UiRect::all(px((diameter * 0.07).max(2.0))),
                        ..circle(center, diameter)
                    },
                    BorderColor::all(color),
                ))
                .id(),
        }
    }
}

/// An absolutely placed round node of `diameter` centred on `center`.
fn circle(center: Vec2, diameter: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(center.x - diameter / 2.0),
        top: px(center.y - diameter / 2.0),
        width: px(diameter),
        height: px(diameter),
        border_radius: BorderRadius::MAX,
        ..default()
    }
}

/// A straight line between two screen points, as a thin rotated rectangle.
fn line(from: Vec2, to: Vec2, width: f32, color: Color) -> Drawn {
    let delta = to - from;
    let length = delta.length() + width;
    let mid = (from + to) / 2.0;
    Drawn::Rect {
        pos: mid - Vec2::new(length, width) / 2.0,
        size: Vec2::new(length, width),
        color,
        rotation: delta.y.atan2(delta.x),
    }
}

fn draw_board(view: &BoardView, layout: &BoardLayout, fonts: &UiFonts, out: &mut Vec<Drawn>) {
    let cell = layout.cell;
    let stroke = (cell * 0.035).max(1.0);
    let size = layout.lines_size();
    let margin = cell * 0.45;
    out.push(Drawn::Rect {
        pos: layout.origin - Vec2::splat(margin),
        size: size + Vec2::splat(2.0 * margin),
        color: BOARD_WOOD,
        rotation: 0.0,
    });
    let river = view.marks.iter().find_map(|m| match m {
        BoardMark::River { below_rank, .. } => Some(*below_rank),
        _ => None,
    });
    let corner = |file: u8, rank: u8| match layout.placement {
        Placement::Intersections => layout.center(Point::new(file, rank)),
        Placement::Squares => {
            layout.origin + Vec2::new(file as f32, (layout.ranks - rank) as f32) * cell
        }
    };
    let (max_file, max_rank) = match layout.placement {
        Placement::Intersections => (view.files - 1, view.ranks - 1),
        Placement::Squares => (view.files, view.ranks),
    };
    for rank in 0..=max_rank {
        out.push(line(corner(0, rank), corner(max_file, rank), stroke, LINE));
    }
    for file in 0..=max_file {
        let edge = file == 0 || file == max_file;
        match river {
            // Inner files stop at the river; the edge files run through it.
            Some(r) if !edge => {
                out.push(line(corner(file, 0), corner(file, r), stroke, LINE));
                out.push(line(corner(file, r + 1), corner(file, max_rank), stroke, LINE));
            }
            _ => out.push(line(corner(file, 0), corner(file, max_rank), stroke, LINE)),
        }
    }
    for mark in &view.marks {
        match mark {
            BoardMark::River { below_rank, left_text, right_text } => {
                let y = (layout.center(Point::new(0, *below_rank)).y
                    + layout.center(Point::new(0, below_rank + 1)).y)
                    / 2.0;
                let quarter = size.x / 4.0;
                for (text, x) in [(left_text, quarter), (right_text, 3.0 * quarter)] {
                    out.push(Drawn::Label {
                        center: Vec2::new(layout.origin.x + x, y),
                        size: Vec2::new(cell * 3.0, cell * 0.9),
                        text: text.clone(),
                        font: fonts.bold.clone(),
                        px: cell * 0.5,
                        color: LINE,
                    });
                }
            }
            BoardMark::Palace { low, high } => {
                let (a, b) = (layout.center(*low), layout.center(*high));
                out.push(line(a, b, stroke, LINE));
                out.push(line(Vec2::new(a.x, b.y), Vec2::new(b.x, a.y), stroke, LINE));
            }
            BoardMark::StarPoint { at } => {
                let d = cell * 0.18;
                let c = layout.center(*at);
                out.push(Drawn::Rect {
                    pos: c - Vec2::splat(d / 2.0),
                    size: Vec2::splat(d),
                    color: LINE,
                    rotation: std::f32::consts::FRAC_PI_4,
                });
            }
            BoardMark::PositionMark { at } => {
                let c = layout.center(*at);
                let (gap, arm) = (cell * 0.08, cell * 0.16);
                for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                    let at_left_edge = at.file == 0 && dx < 0.0;
                    let at_right_edge = at.file + 1 == view.files && dx > 0.0;
                    if at_left_edge || at_right_edge {
                        continue;
                    }
                    let knee = c + Vec2::new(dx * gap, dy * gap);
                    out.push(line(knee, knee + Vec2::new(dx * arm, 0.0), stroke * 0.8, LINE));
                    out.push(line(knee, knee + Vec2::new(0.0, dy * arm), stroke * 0.8, LINE));
                }
            }
        }
    }
    let diameter = layout.piece_diameter();
    for piece in &view.pieces {
        let (face, ink) = match piece.colour {
            Colour::Red => (PIECE_FACE, RED),
            Colour::Black if piece.glyph.is_empty() => (BLACK, BLACK),
            Colour::Black => (PIECE_FACE, BLACK),
            Colour::White => (WHITE_STONE, BLACK),
        };
        out.push(Drawn::Piece {
            at: piece.at,
            center: layout.center(piece.at),
            diameter,
            face,
            ink,
            glyph: piece.glyph.clone(),
            font: fonts.bold.clone(),
        });
    }
    if let Some(last) = view.last_move {
        // Small corner brackets on the from and to points, under the pieces' edge.
        for at in last.from.into_iter().chain([last.to]) {
            let c = layout.center(at);
            let (gap, arm) = (diameter * 0.5, diameter * 0.22);
            for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let knee = c + Vec2::new(dx * gap, dy * gap);
                let w = stroke * 1.4;
                out.push(line(knee, knee - Vec2::new(dx * arm, 0.0), w, LAST_MOVE));
                out.push(line(knee, knee - Vec2::new(0.0, dy * arm), w, LAST_MOVE));
            }
        }
    }
    for h in &view.highlights {
        let center = layout.center(h.at);
        match h.kind {
            HighlightKind::Selected => out.push(Drawn::Ring {
                at: h.at,
                kind: h.kind,
                center,
                diameter: diameter * 1.16,
                color: SELECTED,
            }),
            HighlightKind::Check => out.push(Drawn::Ring {
                at: h.at,
                kind: h.kind,
                center,
                diameter: diameter * 1.16,
                color: CHECK,
            }),
            HighlightKind::Target if view.piece_at(h.at).is_some() => out.push(Drawn::Ring {
                at: h.at,
                kind: h.kind,
                center,
                diameter: diameter * 1.05,
                color: TARGET,
            }),
            HighlightKind::Target | HighlightKind::Hint => {
                let d = cell * 0.26;
                out.push(Drawn::Dot { center, diameter: d, color: TARGET });
            }
        }
    }
}
