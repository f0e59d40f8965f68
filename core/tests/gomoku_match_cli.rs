//! `qike gomoku-match`: levels against an outside engine over the Gomocup protocol (here
//! our own `qike engine gomoku`, started through a one-line script), the named
//! openings, level fields for experiments, and typed refusals of bad options.

mod common;

fn qike(args: &[&str]) -> (bool, String, String) {
    common::qike(&[&["gomoku-match"], args].concat())
}

/// A directory with an executable `engine` script that starts `qike engine gomoku`.
fn engine_script() -> (tempfile::TempDir, String) {
    let body = format!("#!/bin/sh\nexec '{}' engine gomoku\n", env!("CARGO_BIN_EXE_qike"));
    common::script("engine", &body)
}

#[cfg(unix)]
#[test]
fn a_level_plays_an_outside_engine_to_the_end_of_every_game() {
    let (_dir, script) = engine_script();
    for rule in ["renju", "freestyle"] {
        let (ok, out, err) = qike(&[
            "level:3",
            &format!("pbrain:{script}"),
            "--games",
            "4",
            "--rule",
            rule,
            "--movetime",
            "100",
            "--openings",
            "named",
        ]);
        assert!(ok, "{rule}: {err}");
        let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(games.len(), 4, "{out}");
        // Each pair shares a named opening, the level black first, then white.
        assert!(
            games[0].contains("level:3 black, opening 寒星")
                && games[1].contains("level:3 white, opening 寒星"),
            "{out}"
        );
        assert!(games[2].contains("opening 溪月") && games[3].contains("opening 溪月"), "{out}");
        // The engine answered every turn: no game ended by a forfeit, and every game
        // ended by a five or a forbidden point, not by a silent engine.
        assert!(!out.contains("forfeit"), "{out}");
        assert!(
            games
                .iter()
                .all(|g| g.contains("wins (FiveInARow)") || g.contains("wins (ForbiddenMove)")),
            "{out}"
        );
        let last = out.lines().last().unwrap_or_default();
        assert!(last.contains("/4 (") && last.contains("over 2 pairs"), "{last}");
    }
}

#[test]
fn level_fields_change_the_play_and_the_same_seed_repeats_it() {
    let run = |a: &str| qike(&[a, "level:2", "--games", "2", "--rule", "renju", "--seed", "9"]);
    let (ok, plain, err) = run("level:2");
    assert!(ok, "{err}");
    let (_, again, _) = run("level:2");
    // Fixed node caps: the same games twice (the timing line aside).
    let games = |t: &str| {
        t.lines().filter(|l| l.starts_with("game ")).map(str::to_owned).collect::<Vec<_>>()
    };
    assert_eq!(games(&plain), games(&again));
    // Level 2 without its noise reads its static values exactly and plays other games.
    let (ok, exact, err) = run("level:2,noise=0,margin=0");
    assert!(ok, "{err}");
    assert_ne!(games(&plain), games(&exact));
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    let refused = |args: &[&str], says: &str| {
        let (ok, _, err) = qike(args);
        assert!(!ok && err.contains(says), "{args:?}: {err}");
    };
    refused(&["level:2,noise=x", "level:1"], "noise=");
    refused(&["level:2,speed=3", "level:1"], "not depth=");
    refused(&["level:11", "level:1"], "no level 11");
    refused(&["level:2", "level:1", "--openings", "swap2"], "unknown openings");
    refused(&["level:2", "pbrain:/nonexistent/engine"], "--movetime");
    refused(&["level:2", "pbrain:/nonexistent/engine", "--movetime", "50"], "cannot start");
    refused(&["level:2", "level:1", "--games", "many"], "--games wants a number");
}
