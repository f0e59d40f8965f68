//! The chess tuning pipeline and the sequential test through the `qike` binary:
//! positions from self-play, a fit that writes a weights file the engine reads back,
//! and `qike match --game chess --sprt` deciding a lopsided match.

mod common;
use common::qike;

#[test]
fn positions_fit_and_play_back() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("pos.txt");
    let data = data.to_str().unwrap();
    let generate = ["tune", "chess", "gen", "--games", "3", "--nodes", "300", "--seed", "4"];
    let (ok, out, err) = qike(&[&generate[..], &["--out", data]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("3 games"), "{out}");
    let text = std::fs::read_to_string(data).unwrap();
    assert!(text.lines().count() > 30);
    for line in text.lines() {
        let (fen, result) = line.rsplit_once(';').unwrap();
        assert!(["1", "0.5", "0"].contains(&result), "{line}");
        assert!(qike_core::chess::Position::from_fen(fen).is_ok(), "{line}");
    }
    // The same seed gives the same positions.
    let again = dir.path().join("again.txt");
    let (ok, _, _) = qike(&[&generate[..], &["--out", again.to_str().unwrap()]].concat());
    assert!(ok);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);

    let tuned = dir.path().join("tuned.txt");
    let tuned = tuned.to_str().unwrap();
    let (ok, out, err) =
        qike(&["tune", "chess", "fit", "--data", data, "--epochs", "30", "--out", tuned]);
    assert!(ok, "{err}");
    let errors = out.lines().find(|l| l.starts_with("error: training")).unwrap();
    let nums: Vec<f64> = errors
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(nums[1] <= nums[0], "the fit made the training error worse: {errors}");
    let weights = std::fs::read_to_string(tuned).unwrap();
    assert!(qike_core::ai::chess::Weights::parse(&weights).is_ok());

    // The engine plays with the file it wrote.
    let player = format!("search:nodes=300:weights={tuned}");
    let (ok, out, err) =
        qike(&["match", "--game", "chess", &player, "random", "--games", "2", "--max-plies", "60"]);
    assert!(ok, "{err}");
    assert!(out.lines().last().unwrap().starts_with("score"), "{out}");
}

#[test]
fn the_sequential_test_stops_on_a_lopsided_match() {
    let (ok, out, err) = qike(&[
        "match",
        "--game",
        "chess",
        "search:nodes=400",
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
}

#[test]
fn bad_settings_are_refused_with_a_reason() {
    let (ok, _, err) =
        qike(&["match", "--game", "chess", "random", "random", "--sprt", "elo0=5", "elo1=0"]);
    assert!(!ok && err.contains("elo0 < elo1"), "{err}");
    let (ok, _, err) = qike(&["match", "--game", "chess", "search:depth=3", "random"]);
    assert!(!ok && err.contains("not nodes, ms or weights"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "tempo 1 2\n").unwrap();
    let player = format!("search:nodes=100:weights={}", bad.display());
    let (ok, _, err) = qike(&["match", "--game", "chess", &player, "random"]);
    assert!(!ok && err.contains("do not give"), "{err}");
    std::fs::write(&bad, "nonsense\n").unwrap();
    let (ok, _, err) =
        qike(&["tune", "chess", "fit", "--data", bad.to_str().unwrap(), "--out", "x"]);
    assert!(!ok && err.contains("FEN;result"), "{err}");
}
