//! The xiangqi match's sequential test and the xiangqi tuning pipeline through the `qike`
//! binary.

use std::process::Command;

fn qike(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_qike")).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_sequential_test_stops_a_lopsided_xiangqi_match() {
    let (ok, out, err) = qike(&[
        "match",
        "search:nodes=300",
        "random",
        "--random-plies",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=100",
        "alpha=0.05",
        "beta=0.05",
        "--games",
        "200",
    ]);
    assert!(ok, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.contains("H1 accepted"), "{out}");
    assert!(last.contains("ptnml ["), "{last}");
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert!(games < 200 && games % 2 == 0, "{games} games");
    // A line for the test after every pair, none after single games.
    let tests = out.lines().filter(|l| l.starts_with("sprt llr")).count();
    assert_eq!(tests, games / 2, "{out}");
}

#[test]
fn the_two_games_of_a_pair_share_their_random_opening() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games.txt");
    let (ok, _, err) = qike(&[
        "match",
        "search:nodes=200",
        "greedy",
        "--random-plies",
        "3",
        "--games",
        "4",
        "--out",
        games.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(&games).unwrap();
    // The suite's openings are at most a few plies; the first eight plies of a game hold
    // its opening and the random moves.
    let head = |line: &str| -> Vec<String> {
        let moves = line.split(" moves ").nth(1).unwrap();
        moves.split_whitespace().take(8).map(str::to_owned).collect()
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    let plies = |line: &str| -> usize {
        line.split(" plies ").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap()
    };
    let opening_len = |a: &str, b: &str| {
        head(a).iter().zip(head(b)).take_while(|(x, y)| **x == *y).count().min(plies(a))
    };
    assert!(opening_len(lines[0], lines[1]) >= 5, "{text}");
    assert!(opening_len(lines[2], lines[3]) >= 5, "{text}");
    assert_ne!(head(lines[0]), head(lines[2]), "{text}");
}

#[test]
fn bad_match_settings_are_refused_with_a_reason() {
    let (ok, _, err) = qike(&["match", "random", "random", "--sprt", "elo0=5", "elo1=0"]);
    assert!(!ok && err.contains("elo0 < elo1"), "{err}");
    let (ok, _, err) = qike(&["match", "search:depth=3", "random"]);
    assert!(!ok && err.contains("not nodes, ms or weights"), "{err}");
    let (ok, _, err) = qike(&["match", "search:weights=x", "random"]);
    assert!(!ok && err.contains("wants nodes=N or ms=N"), "{err}");
}
