//! `qike --help` and the usage of each command: help exits 0 and lists the commands; a
//! wrong flag is named and the usage shown.

mod common;

use common::qike;

#[test]
fn help_lists_every_command() {
    let (ok, out, err) = qike(&["--help"]);
    assert!(ok, "{err}");
    for command in [
        "version",
        "perft",
        "engine",
        "match",
        "tournament",
        "class",
        "pupil",
        "content",
        "gomoku-forbidden",
        "gomoku-bench",
        "gomoku-match",
        "go-score",
        "go-bench",
        "go-match",
        "tune",
    ] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(command)), "{command}: {out}");
    }
}

#[test]
fn class_help_lists_its_subcommands() {
    let (ok, out, err) = qike(&["class", "--help"]);
    assert!(ok, "{err}");
    for sub in ["create", "list", "import", "dashboard", "csv", "serve"] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(sub)), "{sub}: {out}");
    }
    let (ok, out, err) = qike(&["class", "import", "--help"]);
    assert!(ok && out.contains("--store") && out.contains("--class"), "{out}{err}");
}

#[test]
fn each_command_has_its_usage() {
    for args in [
        &["match", "--help"][..],
        &["engine", "--help"],
        &["engine", "go", "--help"],
        &["go-match", "--help"],
        &["gomoku-match", "--help"],
        &["tournament", "pair", "--help"],
        &["tune", "xiangqi", "fit", "--help"],
    ] {
        let (ok, out, err) = qike(args);
        assert!(ok && out.contains("Usage: qike"), "{args:?}: {out}{err}");
    }
}

#[test]
fn a_wrong_flag_is_named_with_the_usage() {
    let (ok, out, err) = qike(&["go-match", "random", "--gmaes", "2"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("'--gmaes'") && err.contains("Usage: qike go-match"), "{err}");
    let (ok, _, err) = qike(&["class", "list", "--store", "x", "--verbose"]);
    assert!(!ok && err.contains("'--verbose'") && err.contains("Usage:"), "{err}");
    // No command at all shows the usage too.
    let (ok, _, err) = qike(&[]);
    assert!(!ok && err.contains("Usage: qike"), "{err}");
}
