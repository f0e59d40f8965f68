//! `qike gomoku-forbidden`: the last line lists black's forbidden points, or `none`.

use std::process::Command;

fn forbidden(moves: &str, extra: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(["gomoku-forbidden", "--moves", moves])
        .args(extra)
        .output()
        .unwrap_or_else(|e| panic!("cannot run qike: {e}"));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.success(), text.lines().last().unwrap_or_default().to_string())
}

#[test]
fn lists_forbidden_points() {
    // Black h8 i8 h9 i10: g8 makes two open threes.
    assert_eq!(forbidden("h8 a1 i8 a3 h9 a5 i10 a7", &[]), (true, "g8".into()));
    // Black d8 e8 f8 . h8 i8: g8 would make six.
    assert_eq!(forbidden("d8 a1 e8 a3 f8 a5 h8 a7 i8 a9", &["--why"]), (true, "g8".into()));
    assert_eq!(forbidden("h8", &[]), (true, "none".into()));
    assert_eq!(forbidden("k10", &["--size", "19"]), (true, "none".into()));
}

#[test]
fn rejects_bad_input() {
    assert!(!forbidden("h8 h8", &[]).0);
    assert!(!forbidden("h8 z99", &[]).0);
    assert!(!forbidden("h8", &["--size", "13"]).0);
}
