//! What a chess or xiangqi wrong move's feedback states as fact (`facts = [...]`) is
//! proven: check and stalemate by the rules, `mated` by the exhaustive mate search,
//! `wins_nothing` and `loses_material` by the validator's deeper search. Each false fact
//! put back into a shipped lesson fails, naming the step and the reason, and feedback
//! that states a fact in words without listing it fails too.

mod common;

use qike_core::GameKind;
use qike_core::ai::xiangqi::tactic;
use qike_core::curriculum::{self, load};
use qike_core::xiangqi::{Move, Position, notation};

/// What validating `lesson` finds in the course of `files` with `swaps` made in `file`
/// (each `(from, to)` replaced once, `from` must be there).
fn planted(
    files: &[(&str, &str)],
    file: &str,
    swaps: &[(&str, &str)],
    lesson: &str,
) -> Vec<String> {
    common::lesson_problems(&common::planted_course(files, file, swaps), lesson)
}

fn assert_found(found: &[String], step: &str, words: &[&str]) {
    let named = format!("step '{step}'");
    assert!(
        found.iter().any(|p| p.contains(&named) && words.iter().all(|w| p.contains(w))),
        "{step} {words:?}: {found:?}"
    );
}

#[test]
fn the_shipped_lessons_prove_what_their_wrong_moves_state() {
    for files in [load::CHESS_FILES, load::XIANGQI_FILES] {
        let course = load::load_course(files).unwrap();
        let (problems, report) = curriculum::validate_with_report(&course);
        assert!(problems.is_empty(), "{problems:?}");
        let facts: usize = report
            .kinds
            .values()
            .flat_map(|k| k.claims.iter())
            .filter(|(name, _)| name.starts_with("fact "))
            .map(|(_, n)| n)
            .sum();
        assert!(facts >= 40, "{} facts proven: {report:?}", course.id);
    }
}

#[test]
fn a_false_fact_put_back_into_a_xiangqi_lesson_is_caught() {
    let xq = load::XIANGQI_FILES;
    // The check that also wins a cannon, said to win nothing: the old material proof
    // alone agreed, the deeper search finds the gain.
    let found = planted(
        xq,
        "tac_03_discovered.toml",
        &[(
            "move = \"d5f6\", facts = [\"check\"]",
            "move = \"d5f6\", facts = [\"check\", \"wins_nothing\"]",
        )],
        "xq-tactic-discovered",
    );
    assert_found(&found, "screen-two-cannons", &["d5f6", "wins_nothing: it gains"]);
    let fen = "2b2ab2/4ak2P/9/6c2/3N5/9/7c1/5C3/4A4/3K1A3 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let (from, to) = notation::parse_move("d5f6").unwrap();
    assert!(!tactic::wins_material(&pos, Move::new(from, to).unwrap()));

    // The same words with the fact left out of the list.
    let found = planted(
        xq,
        "tac_03_discovered.toml",
        &[(
            "It is check, but it wins less than the key move",
            "It is check, and you win no big piece",
        )],
        "xq-tactic-discovered",
    );
    assert_found(&found, "screen-two-cannons", &["\"win no \"", "wins_nothing"]);

    // Chariot for chariot with the horse taking back is an even trade, not a loss.
    let found = planted(
        xq,
        "08_capture.toml",
        &[("move = \"d1d5\"", "move = \"d1d5\", facts = [\"loses_material\"]")],
        "xq-capture",
    );
    assert_found(&found, "cheapest-capturer", &["d1d5", "loses_material"]);

    // No xiangqi move stalemates: the side left without a move has lost.
    let found = planted(
        xq,
        "tac_05_pin.toml",
        &[("facts = [\"loses_material\"]", "facts = [\"stalemate\"]")],
        "xq-tactic-pin",
    );
    assert!(found.iter().any(|p| p.contains("stalemate: in xiangqi")), "{found:?}");
}

#[test]
fn a_false_fact_put_back_into_a_chess_lesson_is_caught() {
    let ch = load::CHESS_FILES;
    // The queen move that stalemates said to let the other side mate.
    let found = planted(
        ch,
        "07_mate_stalemate.toml",
        &[("facts = [\"stalemate\"]", "facts = [\"mated\"]")],
        "ch-mate-stalemate",
    );
    assert_found(&found, "stale-1", &["c5f2", "mated: the other side has no forced mate"]);
    // Stalemate said in words with no fact to prove it.
    let found = planted(
        ch,
        "07_mate_stalemate.toml",
        &[("facts = [\"stalemate\"], ", "")],
        "ch-mate-stalemate",
    );
    assert_found(&found, "stale-1", &["\"stalemate\"", "facts = [\"stalemate\"]"]);
    // A fork's wrong move said to win nothing where it wins the knight.
    let found = planted(
        ch,
        "16_fork_pin_skewer.toml",
        &[("move = \"b6d5\"", "move = \"b6c8\"")],
        "ch-tactics-1",
    );
    assert_found(&found, "fork-1", &["b6c8", "wins_nothing: it gains"]);
}

/// A one-step chess lesson: make luft on `fen`, with a wrong move said to be mated.
fn back_rank_lesson(fen: &str) -> String {
    format!(
        r#"{}[[steps]]
kind = "make_move"
id = "luft"
text = {{ zh = "测", en = "t" }}
fen = "{fen}"
accept = ["h2h3", "g2g3"]
praise = {{ zh = "测", en = "t" }}
hint = {{ zh = "测", en = "t" }}
wrong = [{{ move = "a1a7", facts = ["mated"], says = {{ zh = "车离开底线，黑车将军就把你将死了。", en = "The rook leaves the back rank and the black rook mates you." }} }}]
"#,
        common::LESSON_HEAD
    )
}

#[test]
fn a_mate_the_feedback_promises_must_be_forced() {
    let check = |fen: &str| {
        let text = back_rank_lesson(fen);
        let lesson = load::parse_lesson_of(GameKind::Chess, "l.toml", &text).unwrap();
        let mut found = Vec::new();
        curriculum::validate_lesson(&lesson, &mut found);
        found.iter().map(|e| e.to_string()).collect::<Vec<_>>()
    };
    // The rook leaves the back rank and Re1 mates.
    assert_eq!(check("4r1k1/5ppp/8/8/8/8/5PPP/R6K w - - 0 1"), Vec::<String>::new());
    // With a bishop guarding e1 there is no mate to promise.
    let found = check("4r1k1/5ppp/8/8/8/8/3B1PPP/R6K w - - 0 1");
    assert!(
        found.iter().any(|p| p.contains("step 'luft'") && p.contains("mated: the other side")),
        "{found:?}"
    );
}
