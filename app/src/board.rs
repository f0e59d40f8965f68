//! Drawing any game's [`BoardView`] with Bevy UI nodes, and picking pieces by tapping.
//!
//! The board is redrawn from the view whenever the view, the selection or the window
//! size changes: a board has at most a few hundred nodes, so rebuilding is cheaper to
//! get right than patching.

use bevy::prelude::*;
use qike_core::{
    BoardMark, BoardView, Colour, HighlightKind, LastMove, PieceKind, Placement, Point,
};

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
const STAR: Color = Color::srgb(0.95, 0.62, 0.02);
const HINT: Color = Color::srgb(0.15, 0.70, 0.30);

/// The board a screen shows: what to draw and where. Screens own the game (a lesson run,
/// a game session) and put its view here; taps come back as [`crate::ui::BoardTapped`].
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ActiveBoard {
    pub view: BoardView,
    /// Where on the screen the board may go.
    pub area: Rect,
    /// Black at the bottom (the child plays black).
    pub flipped: bool,
    /// Latin letters instead of characters on the pieces.
    pub letters: bool,
    /// Stars to collect (lesson collect steps).
    pub stars: Vec<Point>,
    /// Points a hint points at.
    pub hints: Vec<Point>,
}

impl ActiveBoard {
    pub fn new(view: BoardView, area: Rect) -> Self {
        ActiveBoard {
            view,
            area,
            flipped: false,
            letters: false,
            stars: Vec::new(),
            hints: Vec::new(),
        }
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

/// A piece sliding to its point after a move (a short animation).
#[derive(Component, Debug, Clone, Copy)]
pub struct Slide {
    from: Vec2,
    to: Vec2,
    elapsed: f32,
}

/// How long a move's slide takes, in seconds.
const SLIDE_SECONDS: f32 = 0.18;

/// Draws [`ActiveBoard`] when it exists, and removes the drawing when it goes.
#[derive(Debug)]
pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (update_layout, redraw)
                .chain()
                .after(crate::ui::UiSet::Logic)
                .run_if(resource_exists::<ActiveBoard>),
        )
        .add_systems(Update, slide)
        .add_systems(Update, remove_board.run_if(resource_removed::<ActiveBoard>));
    }
}

fn update_layout(
    mut commands: Commands,
    board: Res<ActiveBoard>,
    layout: Option<Res<BoardLayout>>,
) {
    let view = &board.view;
    let mut fitted = BoardLayout::fit_rect(board.area, view.files, view.ranks, view.placement);
    fitted.flipped = board.flipped;
    if layout.as_deref() != Some(&fitted) {
        commands.insert_resource(fitted);
    }
}

fn remove_board(mut commands: Commands, roots: Query<Entity, With<BoardRoot>>) {
    commands.remove_resource::<BoardLayout>();
    for root in &roots {
        commands.entity(root).despawn();
    }
}

fn slide(
    time: Res<Time>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &mut Slide, &mut Node)>,
) {
    for (e, mut s, mut node) in &mut pieces {
        s.elapsed += time.delta_secs();
        let t = (s.elapsed / SLIDE_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        let at = s.from + (s.to - s.from) * eased;
        let width = match node.width {
            Val::Px(w) => w,
            _ => 0.0,
        };
        node.left = px(at.x - width / 2.0);
        node.top = px(at.y - width / 2.0);
        if t >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

fn redraw(
    mut commands: Commands,
    board: Res<ActiveBoard>,
    layout: Option<Res<BoardLayout>>,
    fonts: Res<UiFonts>,
    roots: Query<Entity, With<BoardRoot>>,
    mut shown_move: Local<Option<LastMove>>,
) {
    let Some(layout) = layout else { return };
    if !board.is_changed() && !layout.is_changed() && !roots.is_empty() {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let root = commands.spawn((BoardRoot, crate::ui::full_screen())).id();
    // A new last move slides its piece in from where it came from.
    let new_move = board.view.last_move.filter(|m| Some(*m) != *shown_move && !roots.is_empty());
    *shown_move = board.view.last_move;
    let mut nodes = Vec::new();
    draw_board(&board, &layout, &fonts, &mut nodes);
    for bundle in nodes {
        let moved = match &bundle {
            Drawn::Piece { at, center, .. } => new_move
                .filter(|m| m.to == *at)
                .and_then(|m| m.from)
                .map(|from| Slide { from: layout.center(from), to: *center, elapsed: 0.0 }),
            _ => None,
        };
        let child = bundle.spawn(&mut commands);
        if let Some(s) = moved {
            commands.entity(child).insert(s);
        }
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

/// The letter of a piece kind for the letters style (WXF's letters).
fn letter(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::General | PieceKind::King => "K",
        PieceKind::Advisor => "A",
        PieceKind::Elephant => "E",
        PieceKind::Horse => "H",
        PieceKind::Chariot => "R",
        PieceKind::Cannon => "C",
        PieceKind::Soldier => "P",
        _ => "",
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

fn draw_board(board: &ActiveBoard, layout: &BoardLayout, fonts: &UiFonts, out: &mut Vec<Drawn>) {
    let view = &board.view;
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
            glyph: if board.letters { letter(piece.kind).to_owned() } else { piece.glyph.clone() },
            font: fonts.bold.clone(),
        });
    }
    for &at in &board.stars {
        out.push(Drawn::Label {
            center: layout.center(at),
            size: Vec2::splat(cell),
            text: "★".to_owned(),
            font: fonts.regular.clone(),
            px: cell * 0.6,
            color: STAR,
        });
    }
    for &at in &board.hints {
        out.push(Drawn::Ring {
            at,
            kind: HighlightKind::Hint,
            center: layout.center(at),
            diameter: diameter * 1.2,
            color: HINT,
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
            HighlightKind::Hint if view.piece_at(h.at).is_some() => out.push(Drawn::Ring {
                at: h.at,
                kind: h.kind,
                center,
                diameter: diameter * 1.16,
                color: HINT,
            }),
            HighlightKind::Target | HighlightKind::Hint => {
                let d = cell * 0.26;
                out.push(Drawn::Dot { center, diameter: d, color: TARGET });
            }
        }
    }
}
