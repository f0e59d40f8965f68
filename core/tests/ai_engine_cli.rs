//! `qike engine xiangqi` over UCCI and UCI.

use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(["engine", "xiangqi"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn bestmove(out: &str) -> &str {
    out.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap_or("")
}

#[test]
fn ucci_session() {
    let out = run("ucci\nisready\nposition fen 4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1\n\
                   go depth 3\nisready\nquit\n");
    assert!(out.contains("ucciok") && out.contains("readyok") && out.ends_with("bye\n"));
    assert_eq!(bestmove(&out), "e1e5");
}

#[test]
fn ucci_moves_and_banmoves() {
    let out = run("ucci\nposition fen 4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1\n\
                   banmoves e1e5\ngo depth 2\nquit\n");
    assert_ne!(bestmove(&out), "e1e5");
    let out = run("ucci\nposition startpos moves h2e2 h9g7\ngo nodes 2000\nquit\n");
    assert!(!bestmove(&out).is_empty());
}

#[test]
fn uci_uses_ranks_one_to_ten() {
    let out = run("uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Hash value 4\n\
                   position fen 4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1\ngo depth 3\nquit\n");
    assert!(out.contains("uciok"));
    assert_eq!(bestmove(&out), "e2e6");
    // Moves in UCI coordinates are read too: h3e3 is the central cannon.
    let out = run("uci\nposition startpos moves h3e3 h10g8\nsetoption name Level value 1\n\
                   go nodes 1000\nquit\n");
    assert!(!bestmove(&out).is_empty());
}
