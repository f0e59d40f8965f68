//! `qike content check --report`: the check passes and lists, for each of the four
//! games, what its validators proved and how, with non-zero counts; the 四国军棋 course
//! has its line with the setup steps proven against the setup rules.

mod common;

use common::qike;

#[test]
fn the_content_report_has_a_proven_line_for_each_game() {
    let (ok, out, err) = qike(&["content", "check", "--report"]);
    assert!(ok, "{err}\n{out}");
    let report: Vec<&str> =
        out.lines().skip_while(|l| !l.starts_with("proof report")).skip(1).collect();
    for game in ["xiangqi", "chess", "go", "gomoku"] {
        let proven = report.iter().any(|l| {
            let mut f = l.split("  ");
            f.next() == Some(game)
                && f.next().is_some()
                && f.next().and_then(|s| s.strip_suffix(" steps")).is_some_and(|n| n != "0")
                && l.contains(" claims (")
                && !l.contains("rules and texts only")
        });
        assert!(proven, "no proven line with claims for {game}:\n{}", report.join("\n"));
    }
    assert!(out.contains("junqi: 2 units, 7 lessons, "), "{out}");
    assert!(out.contains("  setup steps: 7 (each proven against the setup rules)"), "{out}");
    let go_fight = report.iter().find(|l| l.starts_with("go  fight  ")).expect("a Go fight line");
    for what in ["capture reading", "escapes", "still_captures", "liberties"] {
        assert!(go_fight.contains(what), "{what}: {go_fight}");
    }
}
