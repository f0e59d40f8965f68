//! `qike go-match`: a level against a GTP program, here our own `qike engine go` and a
//! script that stops answering mid-game, as GNU Go does when it crashes.

mod common;

fn go_match(args: &[&str]) -> (bool, String, String) {
    common::qike(&[&["go-match"], args].concat())
}

#[test]
fn a_match_against_a_gtp_engine_counts_every_game() {
    let opponent =
        format!("{} engine go --level 1 --fixed --no-resign", env!("CARGO_BIN_EXE_qike"));
    let (ok, out, err) =
        go_match(&[&opponent, "--games", "2", "--level", "4", "--fixed", "--threads", "2"]);
    assert!(ok, "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games[0].contains("qike black") && games[1].contains("qike white"), "{out}");
    assert!(games.iter().all(|g| g.contains("wins") && !g.contains("abandoned")), "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("qike level 4 won ") && last.contains(" of 2 games;"), "{last}");
    // Both sides' thinking time, game by game and over the match.
    for line in games.iter().chain([&last]) {
        let pace = line.rsplit(" | ").next().unwrap_or_default();
        let pace = pace.rsplit("; ").next().unwrap_or_default();
        let ms: Vec<u64> = pace
            .split(", ")
            .filter_map(|part| part.strip_suffix(" ms a move"))
            .filter_map(|part| part.rsplit(' ').next()?.parse().ok())
            .collect();
        assert!(pace.starts_with("qike ") && ms.len() == 2, "{line}");
    }
}

#[test]
fn a_handicap_match_gives_black_its_stones_on_both_boards() {
    let opponent =
        format!("{} engine go --level 1 --fixed --no-resign", env!("CARGO_BIN_EXE_qike"));
    let (ok, out, err) = go_match(&[
        &opponent,
        "--games",
        "2",
        "--level",
        "4",
        "--fixed",
        "--handicap",
        "3",
        "--komi",
        "0.5",
    ]);
    assert!(ok, "{err}");
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    // The opponent's own count agrees with ours, so its board held the same stones.
    assert!(out.contains("the opponent's count named the same winner in 2"), "{out}");
}

#[cfg(unix)]
#[test]
fn an_opponent_that_puts_its_handicap_elsewhere_is_refused() {
    // Places its two handicap stones on A1 and B1, not on the standard points.
    let (_dir, path) = common::script(
        "elsewhere.sh",
        "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    \
         quit) printf '= \\n\\n'; exit 0;;\n    \
         fixed_handicap) printf '= A1 B1\\n\\n';;\n    \
         *) printf '= \\n\\n';;\n  esac\ndone\n",
    );
    let opponent = format!("sh {path}");
    let (ok, _, err) = go_match(&[&opponent, "--games", "1", "--level", "1", "--handicap", "2"]);
    assert!(!ok && err.contains("the opponent put its handicap on A1 B1"), "{err}");
}

#[test]
fn a_thread_count_must_be_a_number() {
    let (ok, _, err) = go_match(&["random", "--games", "1", "--threads", "two"]);
    assert!(!ok && err.contains("--threads wants a number, not 'two'"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_game_whose_opponent_dies_is_abandoned_and_the_match_goes_on() {
    // Answers every command, plays A1 at its first genmove and exits at its second.
    let (_dir, path) = common::script(
        "dies.sh",
        "#!/bin/sh\nn=0\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    \
         quit) printf '= \\n\\n'; exit 0;;\n    \
         genmove) n=$((n + 1)); [ \"$n\" -ge 2 ] && exit 1; printf '= A1\\n\\n';;\n    \
         *) printf '= \\n\\n';;\n  esac\ndone\n",
    );
    let opponent = format!("sh {path}");
    let (ok, out, err) = go_match(&[&opponent, "--games", "2", "--level", "1", "--fixed"]);
    assert!(ok, "a dead opponent does not end the match: {err}");
    let abandoned = out.lines().filter(|l| l.contains("abandoned after")).count();
    assert_eq!(abandoned, 2, "{out}");
    assert!(out.contains("the opponent closed its output after 'genmove"), "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.contains("won 0 of 0 games (2 more abandoned)"), "{last}");
}
