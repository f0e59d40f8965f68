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

/// `qike match` drives protocol engines (here Qike itself over UCI and UCCI) and built-in
/// players, writes one line per game and ends with the score line.
#[test]
fn match_tool_plays_protocol_and_built_in_players() {
    let exe = env!("CARGO_BIN_EXE_qike");
    let dir = std::env::temp_dir().join(format!("qike-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.txt");
    let out = Command::new(exe)
        .args([
            "match",
            &format!("uci:{exe} engine xiangqi"),
            &format!("ucci:{exe} engine xiangqi"),
        ])
        .args(["--games", "2", "--nodes1", "300", "--nodes2", "300", "--max-plies", "16"])
        .args(["--out", games.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("score 1/2 (50.0%) +0 =2 -0, draws 100.0%, elo +0"), "{last}");
    let written = std::fs::read_to_string(&games).unwrap();
    assert_eq!(written.lines().count(), 2);
    assert!(written.lines().all(|l| l.contains("(ply cap) plies 16 moves ")), "{written}");
    // Built-in players, and a clear error for an unknown one.
    let out =
        Command::new(exe).args(["match", "level:1", "random", "--games", "2"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().lines().last().unwrap().starts_with("score "));
    let out = Command::new(exe).args(["match", "level:1", "nobody"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown player 'nobody'"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A level row tried from the command line with `:fixed` searches without its time cap,
/// so the same match gives the same games twice; any other suffix is refused.
#[test]
fn match_tool_plays_a_fixed_custom_row_reproducibly() {
    let exe = env!("CARGO_BIN_EXE_qike");
    let dir = std::env::temp_dir().join(format!("qike-custom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = |name: &str| {
        let path = dir.join(name);
        let out = Command::new(exe)
            .args(["match", "custom:2,3000,100,700,550,45:fixed", "level:2:fixed"])
            .args(["--games", "2", "--max-plies", "40", "--out", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(&path).unwrap()
    };
    let first = games("a.txt");
    assert_eq!(first.lines().count(), 2);
    assert_eq!(first, games("b.txt"));
    let out = Command::new(exe)
        .args(["match", "custom:2,3000,100,700,550,45:slow", "random"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("the only suffix is ':fixed'"));
    let _ = std::fs::remove_dir_all(&dir);
}
