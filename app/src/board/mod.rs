//! Drawing any game's [`BoardView`] with Bevy UI nodes, and picking pieces by tapping.
//!
//! The board is redrawn from the view whenever the view, the selection or the window
//! size changes: a board has at most a few hundred nodes, so rebuilding is cheaper to
//! get right than patching.

use bevy::prelude::*;
use qike_core::{
    BoardView, Colour, GameKind, HighlightKind, LastMove, PieceKind, Placement, Point,
};

mod grid;

use grid::{draw_coordinates, draw_lines, draw_marks, draw_squares};

use crate::fonts::UiFonts;
use crate::layout::BoardLayout;

const BOARD_WOOD: Color = Color::srgb(0.93, 0.80, 0.56);
const LINE: Color = Color::srgb(0.28, 0.17, 0.08);
const LABEL: Color = Color::srgb(0.42, 0.28, 0.14);
const PIECE_FACE: Color = Color::srgb(0.99, 0.95, 0.84);
const RED: Color = Color::srgb(0.78, 0.08, 0.06);
const BLACK: Color = Color::srgb(0.08, 0.08, 0.08);
const WHITE_STONE: Color = Color::srgb(0.97, 0.97, 0.95);
const WHITE_STONE_EDGE: Color = Color::srgb(0.40, 0.38, 0.35);
/// Chess: light and dark squares, white pieces light with dark ink, black the reverse.
pub const LIGHT_SQUARE: Color = Color::srgb(0.96, 0.90, 0.78);
pub const DARK_SQUARE: Color = Color::srgb(0.60, 0.42, 0.27);
const WHITE_PIECE: Color = Color::srgb(0.99, 0.98, 0.94);
const BLACK_PIECE: Color = Color::srgb(0.12, 0.10, 0.09);
const BLACK_PIECE_INK: Color = Color::srgb(0.97, 0.94, 0.86);
/// The app's one selection colour, on the board too; move dots in the same blue.
const SELECTED: Color = crate::ui::SELECTED;
const TARGET: Color = Color::srgba(0.20, 0.50, 0.85, 0.75);
const CHECK: Color = Color::srgb(0.90, 0.10, 0.05);
const LAST_MOVE: Color = Color::srgb(0.15, 0.60, 0.25);
/// The dot on the last stone played: red shows on black and white stones alike.
const LAST_STONE: Color = Color::srgb(0.90, 0.12, 0.08);
const FORBIDDEN: Color = Color::srgb(0.85, 0.10, 0.08);
const WINNING: Color = Color::srgb(0.98, 0.45, 0.0);
const DEAD_MARK: Color = Color::srgb(0.85, 0.10, 0.08);
const STAR: Color = Color::srgb(0.95, 0.62, 0.02);
const HINT: Color = Color::srgb(0.15, 0.70, 0.30);
/// The teacher's arrows: their own green (the selection and move dots are blue).
pub const ARROW: Color = Color::srgba(0.05, 0.55, 0.30, 0.9);

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
    /// Chess in the standard figures (else character discs, as xiangqi's).
    pub chess_figures: bool,
    /// Stars to collect (lesson collect steps).
    pub stars: Vec<Point>,
    /// Points a hint points at.
    pub hints: Vec<Point>,
    /// Files and ranks written around the board.
    pub coordinates: bool,
    /// Arrows drawn on the board under the pieces (the demonstration board's).
    pub arrows: Vec<(Point, Point)>,
}

impl ActiveBoard {
    pub fn new(view: BoardView, area: Rect) -> Self {
        ActiveBoard {
            view,
            area,
            flipped: false,
            letters: false,
            chess_figures: true,
            stars: Vec::new(),
            hints: Vec::new(),
            coordinates: true,
            arrows: Vec::new(),
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
    let mut fitted = BoardLayout::fit_board(
        board.area,
        view.files,
        view.ranks,
        view.placement,
        board.coordinates,
    );
    fitted.flipped = board.flipped;
    if layout.as_deref() != Some(&fitted) {
        commands.insert_resource(fitted);
    }
}

/// A small picture of `view` in `area` on a screen's painter (a lesson plan's
/// diagrams): the same drawing as the active board, without coordinates, not tappable.
pub fn diagram(
    p: &mut crate::ui::Painter,
    view: &BoardView,
    area: Rect,
    arrows: &[(Point, Point)],
) {
    let mut board = ActiveBoard::new(view.clone(), area);
    board.coordinates = false;
    board.arrows = arrows.to_vec();
    let layout = BoardLayout::fit_board(area, view.files, view.ranks, view.placement, false);
    let mut nodes = Vec::new();
    draw_board(&board, &layout, p.fonts, &mut nodes);
    for bundle in nodes {
        let child = bundle.spawn(p.commands);
        p.commands.entity(p.root).add_child(child);
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
            Drawn::Piece { at, center, .. } | Drawn::Figure { at, center, .. } => new_move
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
        edge: Color,
        glyph: String,
        font: Handle<Font>,
    },
    /// A chess figure on no disc: the filled glyph in the piece's colour, and for white
    /// the outline glyph drawn over it in `ink` (a black figure is the filled glyph
    /// alone, its details cut out of it).
    Figure {
        at: Point,
        center: Vec2,
        size: f32,
        fill: Color,
        ink: Option<Color>,
        glyphs: (char, char),
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
        /// A point the selected piece may go to (not a star point or a last-stone dot).
        target: bool,
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
            Drawn::Piece { at, center, diameter, face, ink, edge, glyph, font } => {
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
                        BorderColor::all(edge),
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
            Drawn::Figure { at, center, size, fill, ink, glyphs: (filled, outline), font } => {
                let layer = |glyph: char, color: Color| {
                    (
                        Node {
                            position_type: PositionType::Absolute,
                            width: percent(100.0),
                            height: percent(100.0),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            ..default()
                        },
                        children![(
                            Text::new(glyph.to_string()),
                            TextFont {
                                font: font.clone().into(),
                                font_size: FontSize::Px(size * 0.86),
                                ..default()
                            },
                            TextColor(color),
                        )],
                    )
                };
                let e = commands.spawn((PieceNode(at), circle(center, size))).id();
                let under = commands.spawn(layer(filled, fill)).id();
                commands.entity(e).add_child(under);
                if let Some(ink) = ink {
                    let over = commands.spawn(layer(outline, ink)).id();
                    commands.entity(e).add_child(over);
                }
                e
            }
            Drawn::Dot { center, diameter, color, target } => {
                let mut e = commands.spawn((circle(center, diameter), BackgroundColor(color)));
                if target {
                    e.insert(TargetDot);
                }
                e.id()
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

/// The letter of a piece kind for the letters style (WXF's letters for xiangqi, the
/// English letters for chess).
pub fn letter(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::General | PieceKind::King => "K",
        PieceKind::Advisor => "A",
        PieceKind::Elephant => "E",
        PieceKind::Horse => "H",
        PieceKind::Chariot | PieceKind::Rook => "R",
        PieceKind::Cannon => "C",
        PieceKind::Soldier | PieceKind::Pawn => "P",
        PieceKind::Queen => "Q",
        PieceKind::Bishop => "B",
        PieceKind::Knight => "N",
        PieceKind::Stone => "",
    }
}

/// A chess piece's figures: the filled one and the outline one (♚ and ♔ for a king).
pub fn figure(kind: PieceKind) -> (char, char) {
    match kind {
        PieceKind::King | PieceKind::General => ('♚', '♔'),
        PieceKind::Queen => ('♛', '♕'),
        PieceKind::Rook | PieceKind::Chariot => ('♜', '♖'),
        PieceKind::Bishop | PieceKind::Elephant | PieceKind::Advisor => ('♝', '♗'),
        PieceKind::Knight | PieceKind::Horse => ('♞', '♘'),
        _ => ('♟', '♙'),
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

/// A straight line between two screen points, as a thin rectangle: rotated for a
/// slanting line, unrotated for a level or upright one so that the layout's rounding to
/// whole pixels gives every grid line the same thickness.
fn line(from: Vec2, to: Vec2, width: f32, color: Color) -> Drawn {
    let delta = to - from;
    if delta.x == 0.0 || delta.y == 0.0 {
        let (lo, hi) = (from.min(to), from.max(to));
        return Drawn::Rect {
            pos: lo - Vec2::splat(width / 2.0),
            size: hi - lo + Vec2::splat(width),
            color,
            rotation: 0.0,
        };
    }
    let length = delta.length() + width;
    let mid = (from + to) / 2.0;
    Drawn::Rect {
        pos: mid - Vec2::new(length, width) / 2.0,
        size: Vec2::new(length, width),
        color,
        rotation: delta.y.atan2(delta.x),
    }
}

/// Two crossed strokes centred on `c`, `arm` long from the centre each way.
fn cross(c: Vec2, arm: f32, width: f32, color: Color, out: &mut Vec<Drawn>) {
    for (dx, dy) in [(1.0, 1.0), (1.0, -1.0)] {
        let d = Vec2::new(dx, dy) * arm * std::f32::consts::FRAC_1_SQRT_2;
        out.push(line(c - d, c + d, width, color));
    }
}

fn draw_board(board: &ActiveBoard, layout: &BoardLayout, fonts: &UiFonts, out: &mut Vec<Drawn>) {
    let view = &board.view;
    let cell = layout.cell;
    // At least two pixels, so a diagonal stays a line after smoothing on small boards;
    // whole pixels, so that every grid line is as thick as the others.
    let stroke = (cell * 0.035).max(2.0).round();
    let size = layout.lines_size();
    let wood = cell * (layout.margin - 0.15);
    out.push(Drawn::Rect {
        pos: layout.origin - Vec2::splat(wood),
        size: size + Vec2::splat(2.0 * wood),
        color: BOARD_WOOD,
        rotation: 0.0,
    });
    match layout.placement {
        Placement::Squares => draw_squares(view, layout, stroke, out),
        Placement::Intersections => draw_lines(view, layout, stroke, out),
    }
    draw_marks(view, layout, fonts, stroke, out);
    if board.coordinates {
        draw_coordinates(view, layout, fonts, out);
    }
    for &(from, to) in &board.arrows {
        draw_arrow(layout, from, to, out);
    }
    draw_pieces(board, layout, fonts, out);
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
    let diameter = layout.piece_diameter();
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
        let stone = view.piece_at(last.to).is_some_and(|p| p.kind == PieceKind::Stone);
        if stone && last.from.is_none() {
            // A dot on the last stone placed.
            let c = layout.center(last.to);
            out.push(Drawn::Dot {
                center: c,
                diameter: cell * 0.26,
                color: LAST_STONE,
                target: false,
            });
        } else {
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
    }
    draw_highlights(view, layout, stroke, out);
}

/// An arrow from one point to another, under the pieces: a solid shaft and a head of
/// two strokes whose point stops short of the target's centre.
fn draw_arrow(layout: &BoardLayout, from: Point, to: Point, out: &mut Vec<Drawn>) {
    let (a, b) = (layout.center(from), layout.center(to));
    let Some(dir) = (b - a).try_normalize() else { return };
    let cell = layout.cell;
    let width = (cell * 0.14).max(4.0);
    let tip = b - dir * cell * ARROW_TIP_BACK;
    out.push(line(a + dir * cell * 0.2, tip, width, ARROW));
    for side in [-1.0f32, 1.0] {
        let (sin, cos) = (side * 0.45f32).sin_cos();
        let back = Vec2::new(-dir.x * cos + dir.y * sin, -dir.x * sin - dir.y * cos);
        out.push(line(tip, tip + back * cell * 0.42, width, ARROW));
    }
}

/// How far (in cells) an arrow's point stops before the target's centre.
pub const ARROW_TIP_BACK: f32 = 0.28;

fn draw_pieces(board: &ActiveBoard, layout: &BoardLayout, fonts: &UiFonts, out: &mut Vec<Drawn>) {
    let view = &board.view;
    let dead: Vec<Point> =
        view.highlights.iter().filter(|h| h.kind == HighlightKind::Dead).map(|h| h.at).collect();
    for piece in &view.pieces {
        let stone = piece.kind == PieceKind::Stone;
        let (face, ink, edge) = match (view.kind, piece.colour) {
            _ if stone && piece.colour == Colour::Black => (BLACK, BLACK, BLACK),
            _ if stone => (WHITE_STONE, BLACK, WHITE_STONE_EDGE),
            (GameKind::Chess, Colour::White) => (WHITE_PIECE, BLACK, BLACK),
            (GameKind::Chess, _) => (BLACK_PIECE, BLACK_PIECE_INK, BLACK_PIECE_INK),
            (_, Colour::Red) => (PIECE_FACE, RED, RED),
            (_, Colour::Black) => (PIECE_FACE, BLACK, BLACK),
            (_, Colour::White) => (WHITE_PIECE, BLACK, BLACK),
        };
        if view.kind == GameKind::Chess && !board.letters && board.chess_figures {
            let white = piece.colour == Colour::White;
            out.push(Drawn::Figure {
                at: piece.at,
                center: layout.center(piece.at),
                size: layout.cell,
                fill: if white { WHITE_PIECE } else { BLACK },
                ink: white.then_some(BLACK),
                glyphs: figure(piece.kind),
                font: fonts.chess.clone(),
            });
            continue;
        }
        // A stone marked dead at the count is drawn faint.
        let fade = |c: Color| if dead.contains(&piece.at) { c.with_alpha(0.35) } else { c };
        let diameter = if stone { layout.cell * 0.94 } else { layout.piece_diameter() };
        out.push(Drawn::Piece {
            at: piece.at,
            center: layout.center(piece.at),
            diameter,
            face: fade(face),
            ink: fade(ink),
            edge: fade(edge),
            glyph: if board.letters { letter(piece.kind).to_owned() } else { piece.glyph.clone() },
            font: fonts.bold.clone(),
        });
    }
}

fn draw_highlights(view: &BoardView, layout: &BoardLayout, stroke: f32, out: &mut Vec<Drawn>) {
    let cell = layout.cell;
    let diameter = layout.piece_diameter();
    for h in &view.highlights {
        let center = layout.center(h.at);
        let ring = |diameter: f32, color: Color| Drawn::Ring {
            at: h.at,
            kind: h.kind,
            center,
            diameter,
            color,
        };
        match h.kind {
            HighlightKind::Selected => out.push(ring(diameter * 1.16, SELECTED)),
            HighlightKind::Check => out.push(ring(diameter * 1.16, CHECK)),
            HighlightKind::Target if view.piece_at(h.at).is_some() => {
                out.push(ring(diameter * 1.05, TARGET))
            }
            HighlightKind::Hint if view.piece_at(h.at).is_some() => {
                out.push(ring(diameter * 1.16, HINT))
            }
            // A pointed-at empty point: a green ring, not the move dots' blue.
            HighlightKind::Hint => out.push(ring(diameter * 0.8, HINT)),
            HighlightKind::Target => {
                out.push(Drawn::Dot { center, diameter: cell * 0.26, color: TARGET, target: true })
            }
            HighlightKind::Winning => out.push(ring(cell * 1.04, WINNING)),
            HighlightKind::Dead => {
                cross(center, cell * 0.26, (stroke * 2.0).max(2.0), DEAD_MARK, out)
            }
        }
    }
}
