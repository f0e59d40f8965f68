//! Every screen on a small phone (375×667 points): buttons large enough for a finger
//! and inside the window, and nothing drawn below its bottom edge.

mod common;

use bevy::prelude::*;
use common::{create_profile, headless, press, settle};
use qike_app::AppState;
use qike_app::flow::{PlayChoice, StartSession};
use qike_app::screens::play_setup::SetupAction;
use qike_app::ui::Hit;
use qike_core::{GameKind, GameSetup, GoStart, GomokuRule};

#[test]
fn every_screen_fits_a_phone_and_keeps_buttons_large() {
    // 375×667 logical points (a small phone): every button at least 44 points high and
    // inside the window, on each screen the demo can open, on each game's set-up with
    // its options showing, and on each game's board (the promotion choice, the count).
    let dir = tempfile::tempdir().unwrap();
    let mut app = headless(dir.path(), 375, 667);
    create_profile(&mut app);
    for target in [
        AppState::Home,
        AppState::Course,
        AppState::PlaySetup,
        AppState::Progress,
        AppState::Settings,
        AppState::Practice,
    ] {
        app.world_mut().resource_mut::<NextState<AppState>>().set(target);
        settle(&mut app);
        buttons_fit(&mut app, &format!("{target:?}"));
        if matches!(target, AppState::Home | AppState::Progress) {
            panels_fit(&mut app, &format!("{target:?}"));
        }
    }
    let setups = [
        GameSetup::standard(GameKind::Xiangqi),
        GameSetup::standard(GameKind::Chess),
        GameSetup::Go { size: 19, start: GoStart::Handicap(25) },
        GameSetup::Gomoku { rule: GomokuRule::Renju, opening: Some("彗星".into()) },
    ];
    for setup in setups {
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Home);
        settle(&mut app);
        app.world_mut().resource_mut::<PlayChoice>().setup = setup.clone();
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::PlaySetup);
        settle(&mut app);
        buttons_fit(&mut app, &format!("set-up of {setup:?}"));
        press(&mut app, SetupAction::StartGame);
        buttons_fit(&mut app, &format!("game of {setup:?}"));
    }
    for demo in ["chess-promotion", "go-count", "play-gomoku"] {
        let s = qike_app::fixtures::two_player_demo(demo).unwrap();
        app.world_mut().insert_resource(StartSession(s));
        app.world_mut().resource_mut::<NextState<AppState>>().set(AppState::Play);
        settle(&mut app);
        buttons_fit(&mut app, demo);
    }
}

/// Every button on the screen at least 44 points high and inside a 375×667 window.
fn buttons_fit(app: &mut App, what: &str) {
    let mut hits = app.world_mut().query::<&Hit>();
    let hits: Vec<Hit> = hits.iter(app.world()).cloned().collect();
    assert!(!hits.is_empty(), "{what} has buttons");
    for h in hits {
        assert!(h.rect.height() >= 44.0, "{what}: {:?} is {} high", h.action, h.rect.height());
        assert!(
            h.rect.min.x >= -0.5
                && h.rect.min.y >= -0.5
                && h.rect.max.x <= 375.5
                && h.rect.max.y <= 667.5,
            "{what}: {:?} off screen at {:?}",
            h.action,
            h.rect
        );
    }
}

/// Every panel drawn (cards, buttons, boxes) inside a 375×667 window: nothing below
/// the bottom edge where a screen does not scroll.
fn panels_fit(app: &mut App, what: &str) {
    let mut nodes = app.world_mut().query_filtered::<&Node, With<BackgroundColor>>();
    let mut panels = 0;
    for node in nodes.iter(app.world()) {
        let (Val::Px(top), Val::Px(height)) = (node.top, node.height) else { continue };
        panels += 1;
        assert!(
            top >= -0.5 && top + height <= 667.5,
            "{what}: a panel at {top} of height {height}"
        );
    }
    assert!(panels > 3, "{what} draws its cards");
}
