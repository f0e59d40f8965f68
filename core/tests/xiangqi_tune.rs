//! The xiangqi match's sequential test and the xiangqi tuning pipeline through the `qike`
//! binary.

mod common;
use common::qike;

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
    let (ok, _, err) = qike(&["match", "search:weights=/nonexistent/w.txt", "random"]);
    assert!(!ok && err.contains("cannot read /nonexistent/w.txt"), "{err}");
}

#[test]
fn the_search_plays_the_same_with_the_weights_file_as_with_the_hand_weights() {
    use qike_core::ai::Limits;
    use qike_core::ai::xiangqi::{OPENINGS, Searcher, Weights, history_of, parse_openings};
    use qike_core::xiangqi::Position;
    use std::sync::Arc;

    let hand = Arc::new(Weights::hand());
    let file = Arc::new(Weights::parse(&Weights::hand().to_text()).unwrap());
    let start = Position::startpos();
    let mut checked = 0;
    for line in parse_openings(OPENINGS).unwrap().iter().take(12) {
        let (history, pos) = history_of(&start, line);
        let mut results = Vec::new();
        for w in [&hand, &file] {
            let mut s = Searcher::new(4);
            s.set_weights(Arc::clone(w));
            let r = s.search(&pos, &history, &Limits::nodes(20_000));
            results.push((r.best, r.nodes, r.score, r.depth));
        }
        // The built-in searcher reads `weights.txt`.
        let r = Searcher::new(4).search(&pos, &history, &Limits::nodes(20_000));
        if Weights::builtin() == &Weights::hand() {
            assert_eq!(results[0], (r.best, r.nodes, r.score, r.depth));
        }
        assert_eq!(results[0], results[1], "{pos}");
        assert!(results[0].0.is_some());
        checked += 1;
    }
    assert_eq!(checked, 12);
}

#[test]
fn positions_fit_and_play_back() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("pos.txt");
    let data = data.to_str().unwrap();
    let generate =
        ["tune", "xiangqi", "gen", "--games", "3", "--nodes", "300", "--label-depth", "3"];
    let (ok, out, err) = qike(&[&generate[..], &["--seed", "4", "--out", data]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("3 games"), "{out}");
    let text = std::fs::read_to_string(data).unwrap();
    assert!(text.lines().count() > 30);
    for line in text.lines() {
        let parts: Vec<&str> = line.split(';').collect();
        assert_eq!(parts.len(), 3, "{line}");
        assert!(["1", "0.5", "0"].contains(&parts[1]), "{line}");
        assert!(parts[2].parse::<i32>().is_ok(), "{line}");
        assert!(qike_core::xiangqi::Position::from_fen(parts[0]).is_ok(), "{line}");
    }
    let again = dir.path().join("again.txt");
    let (ok, _, err) =
        qike(&[&generate[..], &["--seed", "4", "--out", again.to_str().unwrap()]].concat());
    assert!(ok, "{err}");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);

    let tuned = dir.path().join("tuned.txt");
    let tuned = tuned.to_str().unwrap();
    let (ok, out, err) =
        qike(&["tune", "xiangqi", "fit", "--data", data, "--epochs", "50", "--out", tuned]);
    assert!(ok, "{err}");
    let line = out.lines().find(|l| l.starts_with("error: training")).unwrap();
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|w| w.trim_end_matches([',', ';']).parse().ok())
        .collect();
    assert!(numbers[1] < numbers[0], "the training error falls: {line}");
    let weights = qike_core::ai::xiangqi::Weights::parse(&std::fs::read_to_string(tuned).unwrap());
    assert!(weights.is_ok(), "{weights:?}");
    assert_ne!(weights.unwrap(), qike_core::ai::xiangqi::Weights::hand());
    // The match reads the file back.
    let player = format!("search:nodes=200:weights={tuned}");
    let (ok, out, err) = qike(&["match", &player, "search:nodes=200", "--games", "2"]);
    assert!(ok, "{err}");
    assert!(out.lines().last().unwrap().starts_with("score "), "{out}");
}

#[test]
fn bad_tuning_input_is_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "tempo 1 2\n").unwrap();
    let player = format!("search:nodes=100:weights={}", bad.display());
    let (ok, _, err) = qike(&["match", &player, "random"]);
    assert!(!ok && err.contains("do not give"), "{err}");
    std::fs::write(&bad, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1;1\n").unwrap();
    let b = bad.to_str().unwrap();
    let (ok, _, err) = qike(&["tune", "xiangqi", "fit", "--data", b, "--out", "x"]);
    assert!(!ok && err.contains("FEN;result;score"), "{err}");
    std::fs::write(&bad, "not a fen;1;0\n").unwrap();
    let (ok, _, err) = qike(&["tune", "xiangqi", "fit", "--data", b, "--out", "x"]);
    assert!(!ok && err.contains("line 1"), "{err}");
    let (ok, _, err) = qike(&["tune", "go", "gen"]);
    assert!(!ok && err.contains("chess and xiangqi"), "{err}");
}
