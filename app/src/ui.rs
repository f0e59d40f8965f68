//! The screens' small toolkit: absolutely placed nodes in rectangles the screens compute,
//! buttons that carry an action of the screen's own type, and one press dispatcher.
//!
//! Screens lay themselves out with plain arithmetic on the window size ([`Frame`]), so
//! hit-testing is ours too: a press goes to the topmost [`Hit`] rectangle under it, else
//! to the board. That keeps the headless tests (no renderer, no UI layout pass) pressing
//! exactly what a child would press, at the same coordinates.
//!
//! A screen redraws everything it shows when [`Redraw`] is set — on entering the screen,
//! on a window resize, or when its state changes. Screens hold a few dozen nodes, so
//! rebuilding is simpler to get right than patching.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use qike_core::Point;

use crate::AppState;
use crate::actions::{PointerPressed, PointerReleased};
use crate::fonts::UiFonts;
use crate::layout::BoardLayout;

pub const BACKGROUND: Color = Color::srgb(0.98, 0.96, 0.91);
pub const CARD: Color = Color::srgb(1.0, 0.99, 0.96);
pub const INK: Color = Color::srgb(0.25, 0.15, 0.08);
pub const MUTED: Color = Color::srgb(0.55, 0.48, 0.42);
pub const PRIMARY: Color = Color::srgb(0.80, 0.27, 0.16);
pub const PRIMARY_INK: Color = Color::srgb(1.0, 0.98, 0.94);
pub const SECONDARY: Color = Color::srgb(0.93, 0.87, 0.76);
pub const DISABLED: Color = Color::srgb(0.88, 0.86, 0.83);
pub const GOOD: Color = Color::srgb(0.16, 0.55, 0.25);
pub const BAD: Color = Color::srgb(0.78, 0.16, 0.10);
pub const STAR: Color = Color::srgb(0.95, 0.68, 0.05);
pub const SELECTED: Color = Color::srgb(0.20, 0.50, 0.85);

/// What a screen's buttons carry: each screen has its own enum of them, registered
/// with [`AddActions::add_actions`].
pub trait ScreenAction: std::fmt::Debug + Clone + PartialEq + Send + Sync + 'static {}

impl<T: std::fmt::Debug + Clone + PartialEq + Send + Sync + 'static> ScreenAction for T {}

/// The presses every screen shares: back, and straight to another screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Nav {
    Back,
    Go(AppState),
}

/// A press on a button that carries `A`.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Pressed<A: ScreenAction>(pub A);

/// What a button does, beside its [`Hit`] rectangle.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct ButtonAction<A: ScreenAction>(pub A);

/// The button the dispatcher found under a press; [`forward`] turns it into the
/// [`Pressed`] of the button's action type.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
struct ButtonPressed(Entity);

/// Whether a screen changed this frame: presses from before are dropped.
#[derive(Resource, Debug, Default)]
struct ScreenChanged(bool);

/// Registers a screen's action type: its presses arrive as [`Pressed<A>`].
pub trait AddActions {
    fn add_actions<A: ScreenAction>(&mut self) -> &mut Self;
    /// Every transition of `S` draws the screen again and drops earlier presses, as one
    /// of [`AppState`] does (for a screen's sub-states).
    fn redraw_on<S: States>(&mut self) -> &mut Self;
}

impl AddActions for App {
    fn add_actions<A: ScreenAction>(&mut self) -> &mut Self {
        if self.world().contains_resource::<Messages<Pressed<A>>>() {
            return self;
        }
        self.add_message::<Pressed<A>>()
            .add_systems(Update, (drop_stale::<A>, forward::<A>).chain().in_set(InputStep::Forward))
    }

    fn redraw_on<S: States>(&mut self) -> &mut Self {
        self.add_systems(Update, mark_redraw::<S>.in_set(InputStep::Transitions))
    }
}

/// A press on a board point that no button covered, or the end of a drag: `dragged`
/// holds the point the drag started from (the piece must be picked up from there).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardTapped(pub Point, pub Option<Point>);

impl BoardTapped {
    /// Whether a screen must (re)select `from` before taking this tap: a drag from a
    /// piece that the press itself put down again.
    pub fn drag_from(&self, selected: Option<Point>) -> Option<Point> {
        self.1.filter(|&from| selected != Some(from))
    }
}

/// A pressable rectangle; `z` orders overlapping ones (the higher wins). Its
/// [`ButtonAction`] says what it does; `action` shows it, for messages.
#[derive(Component, Debug, Clone)]
pub struct Hit {
    pub rect: Rect,
    pub action: std::sync::Arc<dyn std::fmt::Debug + Send + Sync>,
    pub z: u32,
}

/// The root of everything the current screen drew (the board has its own root).
#[derive(Component, Debug)]
pub struct ScreenRoot;

/// The root of the screen's current drawing.
#[derive(Resource, Debug, Clone, Copy)]
pub struct CurrentRoot(pub Entity);

/// Set to make the current screen draw itself again this frame.
#[derive(Resource, Debug, Default)]
pub struct Redraw(pub bool);

/// The order of a frame: presses become actions, screens react, the old screen is
/// cleared, the current one draws.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSet {
    Input,
    Logic,
    Clear,
    Draw,
}

/// The steps of [`UiSet::Input`]: transitions noticed, presses hit-tested, then handed
/// to each action type.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum InputStep {
    Transitions,
    Dispatch,
    Forward,
}

/// The usable part of the window and the size unit everything scales with.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// The window minus the safe-area insets (status bar, notch, home indicator).
    pub area: Rect,
    /// About a 24th of a phone's width: text is 1 unit, buttons 2.6 units high, which
    /// keeps touch targets above 44 points on every phone.
    pub unit: f32,
}

impl Frame {
    pub fn of(window: Vec2) -> Frame {
        // Phones draw under the status bar and the home indicator; keep clear of them.
        // iPhones with a Dynamic Island need about 7% at the top and 4% for the home
        // indicator (59 and 34 of 852 points); Android hides its bars, leaving cutouts.
        let (top, bottom) = if cfg!(target_os = "ios") {
            (window.y * 0.07, window.y * 0.04)
        } else if cfg!(target_os = "android") {
            (window.y * 0.045, window.y * 0.03)
        } else {
            (0.0, 0.0)
        };
        // Wide windows (desktop, tablets held sideways) get a centred portrait column.
        let width = window.x.min(((window.y - top - bottom) * 0.75).max(360.0));
        let left = (window.x - width) / 2.0;
        let area = Rect::new(left, top, left + width, window.y - bottom);
        // A portrait tablet is wide for its height: it keeps at least 48 units of height
        // so that every page fits (a phone has 52).
        let tall = if area.height() > area.width() { 0.5 } else { 0.6 };
        let unit = (area.width().min(area.height() * tall) / 24.0).max(17.0);
        Frame { area, unit }
    }

    /// The area without a margin of `units` on each side.
    pub fn inner(&self, units: f32) -> Rect {
        let m = self.unit * units;
        Rect::new(
            self.area.min.x + m,
            self.area.min.y + m,
            self.area.max.x - m,
            self.area.max.y - m,
        )
    }
}

/// Stacks rectangles top to bottom inside a column.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub gap: f32,
}

impl Column {
    pub fn new(area: Rect, gap: f32) -> Column {
        Column { x: area.min.x, y: area.min.y, width: area.width(), gap }
    }

    /// The next rectangle of `height`.
    pub fn next(&mut self, height: f32) -> Rect {
        let r = Rect::new(self.x, self.y, self.x + self.width, self.y + height);
        self.y += height + self.gap;
        r
    }

    /// The next row of `n` equal rectangles side by side.
    pub fn row(&mut self, n: usize, height: f32) -> Vec<Rect> {
        let r = self.next(height);
        split(r, n, self.gap)
    }
}

/// `n` equal rectangles side by side in `r`, `gap` apart.
pub fn split(r: Rect, n: usize, gap: f32) -> Vec<Rect> {
    let n = n.max(1);
    let w = (r.width() - gap * (n as f32 - 1.0)) / n as f32;
    (0..n)
        .map(|i| {
            let x = r.min.x + i as f32 * (w + gap);
            Rect::new(x, r.min.y, x + w, r.max.y)
        })
        .collect()
}

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    Primary,
    Secondary,
    Selected,
    Disabled,
    /// Only the text, for links and list rows drawn by the caller.
    Flat,
}

/// What every screen's draw system needs: commands, the root, fonts, frame, language.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Canvas<'w, 's> {
    commands: Commands<'w, 's>,
    root: Res<'w, CurrentRoot>,
    fonts: Res<'w, UiFonts>,
    frame: Res<'w, Frame>,
    lang: Res<'w, crate::i18n::Lang>,
}

impl std::fmt::Debug for Canvas<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Canvas").field("frame", &*self.frame).finish_non_exhaustive()
    }
}

impl<'w, 's> Canvas<'w, 's> {
    pub fn frame(&self) -> Frame {
        *self.frame
    }

    pub fn lang(&self) -> crate::i18n::Lang {
        *self.lang
    }

    /// A painter on the current screen root.
    pub fn painter(&mut self) -> Painter<'_, 'w, 's> {
        Painter {
            commands: &mut self.commands,
            root: self.root.0,
            fonts: &self.fonts,
            unit: self.frame.unit,
            z: 0,
        }
    }
}

/// Adds a screen's systems: `logic` reacts in [`UiSet::Logic`], `draw` draws in
/// [`UiSet::Draw`] when a redraw is due, both only while `state` is current.
pub fn add_screen<M1, M2>(
    app: &mut App,
    state: AppState,
    logic: impl bevy::ecs::schedule::IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M1>,
    draw: impl bevy::ecs::schedule::IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, M2>,
) {
    app.add_systems(
        Update,
        (
            logic.in_set(UiSet::Logic).run_if(in_state(state)),
            draw.in_set(UiSet::Draw).run_if(in_state(state).and_then(redrawing)),
        ),
    );
}

/// Spawns a screen's nodes under its root.
pub struct Painter<'a, 'w, 's> {
    pub commands: &'a mut Commands<'w, 's>,
    pub root: Entity,
    pub fonts: &'a UiFonts,
    pub unit: f32,
    z: u32,
}

impl std::fmt::Debug for Painter<'_, '_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Painter").field("root", &self.root).finish_non_exhaustive()
    }
}

impl<'a, 'w, 's> Painter<'a, 'w, 's> {
    pub fn new(
        commands: &'a mut Commands<'w, 's>,
        root: &CurrentRoot,
        fonts: &'a UiFonts,
        frame: &Frame,
    ) -> Self {
        Painter { commands, root: root.0, fonts, unit: frame.unit, z: 0 }
    }

    fn add(&mut self, bundle: impl Bundle) -> Entity {
        let e = self.commands.spawn(bundle).id();
        self.commands.entity(self.root).add_child(e);
        e
    }

    /// A filled rectangle with rounded corners (`radius` in units; 0 for square).
    pub fn panel(&mut self, r: Rect, color: Color, radius: f32) -> Entity {
        self.add((place(r, self.unit * radius), BackgroundColor(color)))
    }

    /// Text in `r`, wrapped to its width; `size` in units.
    pub fn text(&mut self, r: Rect, text: impl Into<String>, size: f32, color: Color) -> Entity {
        self.text_aligned(r, text, size, color, Justify::Left)
    }

    pub fn text_aligned(
        &mut self,
        r: Rect,
        text: impl Into<String>,
        size: f32,
        color: Color,
        justify: Justify,
    ) -> Entity {
        let font = TextFont {
            font: self.fonts.regular.clone().into(),
            font_size: FontSize::Px(self.unit * size),
            ..default()
        };
        let node = Node { overflow: Overflow::clip(), ..place(r, 0.0) };
        self.add((node, Text::new(text), font, TextColor(color), TextLayout::justify(justify)))
    }

    /// A button with a centred label. Disabled buttons are drawn but not pressable.
    pub fn button<A: ScreenAction>(
        &mut self,
        r: Rect,
        label: impl Into<String>,
        action: A,
        look: Look,
    ) -> Entity {
        let (fill, ink) = match look {
            Look::Primary => (PRIMARY, PRIMARY_INK),
            Look::Secondary => (SECONDARY, INK),
            Look::Selected => (SELECTED, PRIMARY_INK),
            Look::Disabled => (DISABLED, MUTED),
            Look::Flat => (Color::NONE, INK),
        };
        let size = (r.height() * 0.4).min(self.unit * 1.2);
        let e = self.add((
            Node {
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                padding: UiRect::horizontal(px(self.unit * 0.4)),
                ..place(r, self.unit * 0.6)
            },
            BackgroundColor(fill),
            children![(
                Text::new(label),
                TextFont {
                    font: self.fonts.regular.clone().into(),
                    font_size: FontSize::Px(size),
                    ..default()
                },
                TextColor(ink),
                TextLayout::justify(Justify::Center),
            )],
        ));
        if look != Look::Disabled {
            self.hit(e, r, action);
        }
        e
    }

    /// A round button with one big character (avatars, pieces in a tray).
    pub fn round<A: ScreenAction>(
        &mut self,
        center: Vec2,
        diameter: f32,
        glyph: &str,
        fill: Color,
        ink: Color,
        ring: Option<Color>,
        action: Option<A>,
    ) -> Entity {
        let r = Rect::from_center_size(center, Vec2::splat(diameter));
        let border = ring.map(|_| diameter * 0.07).unwrap_or(0.0);
        let e = self.add((
            Node {
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                border: UiRect::all(px(border)),
                ..place(r, diameter)
            },
            BackgroundColor(fill),
            BorderColor::all(ring.unwrap_or(Color::NONE)),
            children![(
                Text::new(glyph),
                TextFont {
                    font: self.fonts.bold.clone().into(),
                    font_size: FontSize::Px(diameter * 0.5),
                    ..default()
                },
                TextColor(ink),
            )],
        ));
        if let Some(action) = action {
            self.hit(e, r, action);
        }
        e
    }

    /// A straight stroke of `width` from `from` to `to` (a thin rotated rectangle).
    pub fn segment(&mut self, from: Vec2, to: Vec2, width: f32, color: Color) -> Entity {
        let delta = to - from;
        if delta.x == 0.0 || delta.y == 0.0 {
            // Unrotated, so the layout rounds it to whole pixels like the board's lines.
            let r = Rect::from_corners(from, to).inflate(width / 2.0);
            return self.add((place(r, 0.0), BackgroundColor(color)));
        }
        let length = delta.length() + width;
        let r = Rect::from_center_size((from + to) / 2.0, Vec2::new(length, width));
        let rotation = UiTransform { rotation: Rot2::radians(delta.y.atan2(delta.x)), ..default() };
        self.add((place(r, 0.0), BackgroundColor(color), rotation))
    }

    /// An unfilled outline of `r` (`width` thick, `radius` in pixels).
    pub fn outline(&mut self, r: Rect, width: f32, color: Color, radius: f32) -> Entity {
        let node = Node { border: UiRect::all(px(width)), ..place(r, radius) };
        self.add((node, BorderColor::all(color)))
    }

    /// Makes `r` pressable (for rows drawn from several nodes).
    pub fn hit<A: ScreenAction>(&mut self, e: Entity, r: Rect, action: A) {
        self.z += 1;
        let shown = std::sync::Arc::new(action.clone());
        self.commands
            .entity(e)
            .insert((Hit { rect: r, action: shown, z: self.z }, ButtonAction(action)));
    }
}

/// A node covering the whole window: the root of a screen or of the board.
pub fn full_screen() -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(0.0),
        top: px(0.0),
        width: percent(100.0),
        height: percent(100.0),
        ..default()
    }
}

/// A node placed absolutely on `r`.
pub fn place(r: Rect, radius: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(r.min.x),
        top: px(r.min.y),
        width: px(r.width()),
        height: px(r.height()),
        border_radius: BorderRadius::all(px(radius)),
        ..default()
    }
}

/// Presses, redraws and the frame, for every screen.
#[derive(Debug)]
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<ButtonPressed>()
            .add_message::<BoardTapped>()
            .init_resource::<Redraw>()
            .init_resource::<ScreenChanged>()
            .insert_resource(Frame::of(Vec2::new(540.0, 960.0)))
            .configure_sets(Update, (UiSet::Input, UiSet::Logic, UiSet::Clear, UiSet::Draw).chain())
            .configure_sets(
                Update,
                (InputStep::Transitions, InputStep::Dispatch, InputStep::Forward)
                    .chain()
                    .in_set(UiSet::Input),
            )
            .add_systems(
                Update,
                (drop_taps, track_frame, dispatch).chain().in_set(InputStep::Dispatch),
            )
            .add_systems(Update, clear.in_set(UiSet::Clear))
            .add_systems(
                PostUpdate,
                |mut redraw: ResMut<Redraw>, mut changed: ResMut<ScreenChanged>| {
                    redraw.0 = false;
                    changed.0 = false;
                },
            )
            .redraw_on::<AppState>()
            .add_actions::<Nav>();
    }
}

/// Every transition draws the new screen, also one to the same state (next lesson).
/// Presses and taps from before the transition are dropped: they were meant for the
/// screen that is gone, and the new one must not act on them too (a "back" that led
/// here from a lesson would otherwise go back a second time).
fn mark_redraw<S: States>(
    mut transitions: MessageReader<bevy::state::state::StateTransitionEvent<S>>,
    mut redraw: ResMut<Redraw>,
    mut changed: ResMut<ScreenChanged>,
) {
    if transitions.read().count() > 0 {
        redraw.0 = true;
        changed.0 = true;
    }
}

fn drop_taps(
    changed: Res<ScreenChanged>,
    mut buttons: ResMut<Messages<ButtonPressed>>,
    mut tapped: ResMut<Messages<BoardTapped>>,
) {
    if changed.0 {
        buttons.clear();
        tapped.clear();
    }
}

fn drop_stale<A: ScreenAction>(
    changed: Res<ScreenChanged>,
    mut pressed: ResMut<Messages<Pressed<A>>>,
) {
    if changed.0 {
        pressed.clear();
    }
}

/// Hands the buttons pressed this frame that carry an `A` to the screens as [`Pressed<A>`].
fn forward<A: ScreenAction>(
    mut buttons: MessageReader<ButtonPressed>,
    actions: Query<&ButtonAction<A>>,
    mut pressed: MessageWriter<Pressed<A>>,
) {
    for ButtonPressed(e) in buttons.read() {
        if let Ok(ButtonAction(action)) = actions.get(*e) {
            pressed.write(Pressed(action.clone()));
        }
    }
}

fn track_frame(
    windows: Query<&Window, With<PrimaryWindow>>,
    mut frame: ResMut<Frame>,
    mut redraw: ResMut<Redraw>,
) {
    let Ok(window) = windows.single() else { return };
    let now = Frame::of(window.size());
    if *frame != now {
        *frame = now;
        redraw.0 = true;
    }
}

/// Sends each press to the topmost button under it, else to the board. Releasing on
/// another board point than the press (a drag) taps that point too, so dragging a piece
/// to its target moves it just like tap-tap does.
fn dispatch(
    mut presses: MessageReader<PointerPressed>,
    mut releases: MessageReader<PointerReleased>,
    hits: Query<(Entity, &Hit)>,
    layout: Option<Res<BoardLayout>>,
    mut pressed: MessageWriter<ButtonPressed>,
    mut tapped: MessageWriter<BoardTapped>,
    mut board_press: Local<Option<Point>>,
) {
    for press in presses.read() {
        *board_press = None;
        let top =
            hits.iter().filter(|(_, h)| h.rect.contains(press.position)).max_by_key(|(_, h)| h.z);
        if let Some((e, _)) = top {
            pressed.write(ButtonPressed(e));
        } else if let Some(at) = layout.as_ref().and_then(|l| l.point_at(press.position)) {
            *board_press = Some(at);
            tapped.write(BoardTapped(at, None));
        }
    }
    for release in releases.read() {
        let from = board_press.take();
        let to = layout.as_ref().and_then(|l| l.point_at(release.position));
        if let (Some(from), Some(to)) = (from, to)
            && from != to
        {
            tapped.write(BoardTapped(to, Some(from)));
        }
    }
}

/// Despawns the old screen and makes an empty root for the new drawing.
fn clear(mut commands: Commands, redraw: Res<Redraw>, roots: Query<Entity, With<ScreenRoot>>) {
    if !redraw.0 {
        return;
    }
    for root in &roots {
        commands.entity(root).despawn();
    }
    let root = commands.spawn((ScreenRoot, GlobalZIndex(1), full_screen()));
    let root = root.id();
    commands.insert_resource(CurrentRoot(root));
}

/// Whether the current screen should draw this frame.
pub fn redrawing(redraw: Res<Redraw>, root: Option<Res<CurrentRoot>>) -> bool {
    redraw.0 && root.is_some()
}
