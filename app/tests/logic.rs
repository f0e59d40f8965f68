//! The app's plugins run headless (no window, no GPU): simulated presses select pieces.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{PrimaryWindow, WindowResolution};
use qike_app::actions::PointerPressed;
use qike_app::board::{ActiveBoard, BoardRoot, HighlightRing, PieceNode, TargetDot};
use qike_app::fonts::UiFonts;
use qike_app::home::status_text;
use qike_app::layout::BoardLayout;
use qike_app::{AppState, QikeLogicPlugin};
use qike_core::{HighlightKind, Point};

fn headless(width: u32, height: u32) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .init_resource::<UiFonts>()
        .add_plugins(QikeLogicPlugin);
    app.world_mut().spawn((
        Window { resolution: WindowResolution::new(width, height), ..default() },
        PrimaryWindow,
    ));
    // Enter the home state, fit the layout, draw.
    for _ in 0..3 {
        app.update();
    }
    app
}

fn press(app: &mut App, at: Point) {
    let layout = *app.world().resource::<BoardLayout>();
    app.world_mut().write_message(PointerPressed { position: layout.center(at) });
    app.update();
}

fn selected(app: &App) -> Option<Point> {
    app.world().resource::<ActiveBoard>().selected()
}

fn rings(app: &mut App) -> Vec<Point> {
    let mut q = app.world_mut().query::<&HighlightRing>();
    q.iter(app.world()).filter(|r| r.kind == HighlightKind::Selected).map(|r| r.at).collect()
}

fn dots(app: &mut App) -> usize {
    let mut q = app.world_mut().query::<&TargetDot>();
    q.iter(app.world()).count()
}

fn status(app: &App) -> String {
    status_text(app.world().resource::<ActiveBoard>())
}

#[test]
fn home_screen_draws_the_xiangqi_start_position() {
    let mut app = headless(540, 1170);
    assert_eq!(*app.world().resource::<State<AppState>>().get(), AppState::Home);
    let mut roots = app.world_mut().query_filtered::<Entity, With<BoardRoot>>();
    assert_eq!(roots.iter(app.world()).count(), 1);
    let mut pieces = app.world_mut().query::<&PieceNode>();
    let mut points: Vec<Point> = pieces.iter(app.world()).map(|p| p.0).collect();
    points.sort();
    assert_eq!(points.len(), 32);
    assert!(points.contains(&Point::new(4, 0)) && points.contains(&Point::new(4, 9)));
}

#[test]
fn tapping_a_piece_selects_it_and_tapping_again_deselects() {
    let mut app = headless(540, 1170);
    press(&mut app, Point::new(7, 2)); // red cannon
    assert_eq!(selected(&app), Some(Point::new(7, 2)));
    assert_eq!(rings(&mut app), vec![Point::new(7, 2)]);
    // Its empty target points get dots: the rank (7 of them) and the file (4 of them up).
    assert_eq!(dots(&mut app), 11);
    let board = app.world().resource::<ActiveBoard>();
    assert!(board.view.highlights.iter().any(|h| h.kind == HighlightKind::Selected));

    press(&mut app, Point::new(1, 9)); // a black horse the cannon cannot reach: refused
    assert_eq!(selected(&app), Some(Point::new(7, 2)));
    assert!(!status(&app).contains("to move"), "refusal not shown: {}", status(&app));

    press(&mut app, Point::new(7, 2)); // same piece again: put down
    assert_eq!(selected(&app), None);
    assert!(rings(&mut app).is_empty());
    assert_eq!(dots(&mut app), 0);

    press(&mut app, Point::new(4, 4)); // empty point: nothing picked up
    assert_eq!(selected(&app), None);
    assert_eq!(status(&app), "红方走棋 Red to move");
}

#[test]
fn tapping_a_target_plays_the_move_and_refusals_are_explained() {
    let mut app = headless(540, 1170);
    press(&mut app, Point::new(7, 2)); // 炮二平五: h2 → e2
    press(&mut app, Point::new(4, 2));
    let board = app.world().resource::<ActiveBoard>();
    assert_eq!(board.view.piece_at(Point::new(4, 2)).map(|p| p.glyph.as_str()), Some("炮"));
    assert!(board.view.piece_at(Point::new(7, 2)).is_none());
    assert_eq!(status(&app), "黑方走棋 Black to move");

    press(&mut app, Point::new(1, 9)); // black horse b9
    assert_eq!(selected(&app), Some(Point::new(1, 9)));
    press(&mut app, Point::new(1, 8)); // not a horse move: refused with the reason shown
    assert_eq!(selected(&app), Some(Point::new(1, 9)));
    let text = status(&app);
    assert!(!text.contains("to move"), "refusal not explained: {text}");
}

#[test]
fn presses_off_the_board_are_ignored() {
    let mut app = headless(1280, 720);
    app.world_mut().write_message(PointerPressed { position: Vec2::new(2.0, 2.0) });
    app.update();
    assert_eq!(selected(&app), None);
}

#[test]
fn a_resized_window_refits_the_board() {
    let mut app = headless(540, 1170);
    let before = *app.world().resource::<BoardLayout>();
    let mut windows = app.world_mut().query_filtered::<&mut Window, With<PrimaryWindow>>();
    windows.single_mut(app.world_mut()).unwrap().resolution.set(1280.0, 720.0);
    app.update();
    app.update();
    let after = *app.world().resource::<BoardLayout>();
    assert_ne!(before, after);
    // The red general is still where a tap finds it.
    press(&mut app, Point::new(4, 0));
    assert_eq!(selected(&app), Some(Point::new(4, 0)));
}
