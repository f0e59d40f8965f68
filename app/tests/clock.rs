//! A two-player game on time through the screens: the clock chosen at the set-up,
//! shown in the player bars, kept when the app is closed and the game resumed, and a
//! flag that falls ending the game on the result screen.

mod common;

use bevy::prelude::*;
use common::{headless, press, settle, state};
use qike_app::AppState;
use qike_app::actions::PointerPressed;
use qike_app::data::Store;
use qike_app::flow::PlayChoice;
use qike_app::layout::BoardLayout;
use qike_app::screens::home::HomeAction;
use qike_app::screens::play::{PlayScreen, PlayTime};
use qike_app::screens::play_setup::SetupAction;
use qike_app::screens::profiles::{ProfileForm, ProfilesAction};
use qike_core::session::TimeControl;
use qike_core::{BoardGame, GameKind, Outcome, Point, Side, WinReason};

fn tap(app: &mut App, at: Point) {
    let layout = *app.world().resource::<BoardLayout>();
    app.world_mut().write_message(PointerPressed { position: layout.center(at) });
    settle(app);
}

/// Lets the play screen's clock run `ms` further than the real time.
fn skip(app: &mut App, ms: u64) {
    app.world_mut().resource_mut::<PlayTime>().skew_ms += ms;
    settle(app);
}

fn remaining(app: &App, side: Side) -> u64 {
    let screen = app.world().resource::<PlayScreen>();
    let view = screen.session.clock_view(0).expect("a game on time has clocks");
    *view.remaining_ms.get(side)
}

#[test]
fn a_chess_game_on_a_one_minute_clock_is_lost_on_time_after_a_resume() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut app = headless(dir.path(), 540, 1170);
        assert!(app.world().resource::<ProfileForm>().open);
        press(&mut app, ProfilesAction::Avatar(2));
        press(&mut app, ProfilesAction::CreateProfile);
        press(&mut app, HomeAction::PlayGame(GameKind::Chess));
        press(&mut app, SetupAction::TwoPlayers);
        // The set-up steps through the offered controls; the test plays a short one.
        press(&mut app, SetupAction::Clock(1));
        assert_eq!(app.world().resource::<PlayChoice>().clock, Some(TimeControl::CHOICES[0]));
        app.world_mut().resource_mut::<PlayChoice>().clock = Some(TimeControl::minutes(1, 0));
        press(&mut app, SetupAction::StartGame);
        assert_eq!(state(&app), AppState::Play);
        // White's clock runs from the first frame of the game.
        assert!((59_000..=60_000).contains(&remaining(&app, Side::First)));
        assert_eq!(remaining(&app, Side::Second), 60_000);

        // White thinks 20 s over 1.e4, black 5 s over 1…e5.
        skip(&mut app, 20_000);
        tap(&mut app, Point::new(4, 1));
        tap(&mut app, Point::new(4, 3));
        skip(&mut app, 5_000);
        tap(&mut app, Point::new(4, 6));
        tap(&mut app, Point::new(4, 4));
        assert_eq!(app.world().resource::<PlayScreen>().session.game().history().len(), 2);
        let white = remaining(&app, Side::First);
        let black = remaining(&app, Side::Second);
        assert!((39_000..=40_500).contains(&white), "white has {white} ms");
        assert!((54_000..=55_500).contains(&black), "black has {black} ms");
        // Both bars show a clock; white's counts down.
        let mut texts = app.world_mut().query::<(&Text, &qike_app::screens::play::ClockText)>();
        let shown: Vec<String> = texts.iter(app.world()).map(|(t, _)| t.0.clone()).collect();
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(shown.iter().any(|t| t.starts_with("0:3") || t.starts_with("0:4")), "{shown:?}");
        app.world_mut().write_message(AppExit::Success);
        app.update();
    }

    // Closed and opened again: the game comes back with the time each side had left.
    let mut app = headless(dir.path(), 540, 1170);
    let store = std::sync::Arc::clone(&app.world().resource::<Store>().0);
    let profile = store.profiles().unwrap()[0].id;
    press(&mut app, ProfilesAction::PickProfile(profile));
    press(&mut app, HomeAction::PlayGame(GameKind::Chess));
    press(&mut app, SetupAction::ResumeGame);
    assert_eq!(state(&app), AppState::Play);
    let white = remaining(&app, Side::First);
    assert!((38_000..=40_500).contains(&white), "white had {white} ms left after the resume");
    let screen = app.world().resource::<PlayScreen>();
    assert_eq!(screen.session.time_control(), Some(TimeControl::minutes(1, 0)));

    // White lets the clock run out: black wins on time.
    skip(&mut app, 41_000);
    assert_eq!(state(&app), AppState::Result);
    let games = store.games(profile).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].outcome,
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Timeout })
    );
}
