//! Xiangqi tactics in lessons: a step that claims `proof = "wins_material"` is proven by
//! the material search, a planted false claim or a wrong move that wins as well is
//! refused, and the shipped tactics unit teaches each pattern with positions of that
//! pattern.

mod common;

use std::collections::BTreeMap;

use qike_core::ai::xiangqi::tactic::{self, Motif};
use qike_core::curriculum::schema::{Proof, Step};
use qike_core::curriculum::{self, Problem, ValidationError, load};
use qike_core::xiangqi::{Move, Position, notation};

/// A one-step lesson around a make-move step (the step's fields, without a header).
fn lesson(fields: &str) -> String {
    format!(
        r#"{}[[steps]]
kind = "make_move"
id = "planted-step"
text = {{ zh = "走", en = "Move" }}
praise = {{ zh = "好", en = "Good" }}
hint = {{ zh = "想", en = "Think" }}
{fields}
"#,
        common::LESSON_HEAD
    )
}

fn validate(fields: &str) -> Vec<ValidationError> {
    let l = load::parse_lesson("planted.toml", &lesson(fields)).expect("the planted lesson parses");
    let mut out = Vec::new();
    curriculum::validate_lesson(&l, &mut out);
    out
}

fn unproven(errors: &[ValidationError]) -> Vec<&str> {
    errors
        .iter()
        .filter_map(|e| match &e.problem {
            Problem::Unproven(why) => Some(why.as_str()),
            _ => None,
        })
        .collect()
}

/// The red chariot goes between a black cannon and a black horse on one row.
const FORK: &str = "3k1ab2/1c6n/9/9/9/9/4NR3/9/5K3/9 w - - 0 1";

#[test]
fn a_real_double_attack_is_proven() {
    let errors =
        validate(&format!("fen = \"{FORK}\"\naccept = [\"f3f8\"]\nproof = \"wins_material\""));
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_quiet_move_claimed_as_a_tactic_fails() {
    // One point short of the row: it attacks nothing.
    let errors =
        validate(&format!("fen = \"{FORK}\"\naccept = [\"f3f7\"]\nproof = \"wins_material\""));
    let why = unproven(&errors);
    assert_eq!(why.len(), 1, "{errors:?}");
    assert!(why[0].starts_with("f3f7 gains"), "{}", why[0]);
}

#[test]
fn a_wrong_move_that_wins_as_well_fails() {
    // Both the trough and the other jump win the cornered chariot here.
    let fen = "3akab1r/9/9/5N3/9/9/9/9/9/3K5 w - - 0 1";
    let wrong = r#"wrong = [{ move = "f6d7", says = { zh = "不对", en = "No" } }]"#;
    let errors = validate(&format!(
        "fen = \"{fen}\"\naccept = [\"f6g8\"]\nproof = \"wins_material\"\n{wrong}"
    ));
    let why = unproven(&errors);
    assert!(why.contains(&"the wrong move f6d7 wins material too"), "{errors:?}");
    // The deeper search finds it as good as the key move too.
    assert!(why.iter().any(|w| w.starts_with("the wrong move f6d7 scores")), "{errors:?}");
}

#[test]
fn a_tactic_that_only_wins_back_what_the_mover_was_down_is_refused() {
    // The cannon pins a cannon to its general and wins it, but red started a horse and
    // more down: after the best defence red is hardly ahead. The material proof alone
    // calls it a win; the deeper search asks for the mover to end clearly ahead.
    let fen = "3a5/C2cak3/9/9/9/9/1C4n2/9/4K4/9 w - - 0 1";
    let (pos, m) = key_move(fen, "b3b8");
    assert!(tactic::wins_material(&pos, m));
    let errors =
        validate(&format!("fen = \"{fen}\"\naccept = [\"b3b8\"]\nproof = \"wins_material\""));
    let ahead: Vec<String> = errors
        .iter()
        .filter(|e| matches!(e.problem, Problem::NotAhead { .. }))
        .map(|e| e.to_string())
        .collect();
    assert_eq!(ahead.len(), 1, "{errors:?}");
    assert!(ahead[0].contains("step 'planted-step'") && ahead[0].contains("b3b8"), "{ahead:?}");
    // A clear double attack from a level position passes.
    let errors =
        validate(&format!("fen = \"{FORK}\"\naccept = [\"f3f8\"]\nproof = \"wins_material\""));
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_rules_step_in_a_lost_position_is_refused() {
    // Taking the free cannon is right, but the chariot against chariot and horse is lost;
    // stepping aside from a chariot's check with a bare general walks into mate.
    for (fen, mv) in [
        ("3k5/4r4/c8/9/9/R3n4/9/9/9/5K3 w - - 0 1", "a4a7"),
        ("3k5/9/9/9/9/9/9/9/9/4K2r1 w - - 0 1", "e0e1"),
    ] {
        let errors = validate(&format!("fen = \"{fen}\"\naccept = [\"{mv}\"]"));
        assert!(
            errors.iter().any(|e| matches!(&e.problem, Problem::Lost { mv: m, .. } if m == mv)
                && e.to_string().contains("step 'planted-step'")),
            "{fen}: {errors:?}"
        );
    }
    // Without the horse the free cannon leaves red ahead.
    let errors = validate("fen = \"3k5/4r4/c8/9/9/R8/9/9/9/5K3 w - - 0 1\"\naccept = [\"a4a7\"]");
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_proof_of_another_game_is_refused() {
    let errors =
        validate(&format!("fen = \"{FORK}\"\naccept = [\"f3f8\"]\nproof = \"starts_vcf\""));
    assert!(errors.iter().any(|e| matches!(e.problem, Problem::NotForThisGame(_))), "{errors:?}");
}

/// The key move of a tactic step, parsed in its position.
fn key_move(fen: &str, accept: &str) -> (Position, Move) {
    let pos = Position::from_fen(fen).expect("a shipped position parses");
    let (from, to) = notation::parse_move(accept).expect("a shipped move parses");
    (pos, Move::new(from, to).expect("a move between two points"))
}

#[test]
fn each_tactics_lesson_teaches_its_own_pattern() {
    let course = curriculum::xiangqi_course().unwrap();
    let expected = [
        ("xq-tactic-double-attack", Motif::DoubleAttack),
        ("xq-tactic-check-attack", Motif::CheckAndAttack),
        ("xq-tactic-discovered", Motif::DiscoveredCheck),
        ("xq-tactic-double-check", Motif::DoubleCheck),
        ("xq-tactic-pin", Motif::Pin),
        ("xq-tactic-interference", Motif::Interference),
    ];
    for (id, motif) in expected {
        let lesson = course.lesson(id).unwrap_or_else(|| panic!("lesson {id} is in the course"));
        let mut tactics = 0;
        for step in &lesson.steps {
            let Step::MakeMove(s) = step else { continue };
            if s.proof != Some(Proof::WinsMaterial) {
                continue;
            }
            tactics += 1;
            let (pos, mv) = key_move(&s.fen, &s.accept[0]);
            assert_eq!(tactic::motif(&pos, mv), motif, "{id}, step {}", s.id);
            assert!(tactic::wins_material(&pos, mv), "{id}, step {}", s.id);
        }
        assert!(tactics >= 8, "{id} has {tactics} tactics");
    }
}

#[test]
fn the_course_has_forty_tactics_and_two_hundred_twenty_proven_puzzles() {
    let course = curriculum::xiangqi_course().unwrap();
    let mut by_motif: BTreeMap<Motif, usize> = BTreeMap::new();
    let mut puzzles = 0;
    for step in course.lessons().flat_map(|l| l.steps.iter()) {
        match step {
            Step::Puzzle(_) => puzzles += 1,
            Step::MakeMove(s) if s.proof == Some(Proof::WinsMaterial) => {
                puzzles += 1;
                let (pos, mv) = key_move(&s.fen, &s.accept[0]);
                *by_motif.entry(tactic::motif(&pos, mv)).or_default() += 1;
            }
            _ => {}
        }
    }
    let tactics: usize = by_motif.values().sum();
    assert!(tactics >= 40, "{tactics} tactics: {by_motif:?}");
    assert!(by_motif.len() >= 6, "every pattern is taught: {by_motif:?}");
    assert!(puzzles >= 220, "{puzzles} proven puzzles");
    assert!(course.lessons().count() >= 55, "{} lessons", course.lessons().count());
}

/// The xiangqi course with `swaps` made in `file` (each `(new, old)` text replaced once),
/// and what validating `lesson` in it finds.
fn planted_lesson(file: &str, swaps: &[(&str, &str)], lesson: &str) -> Vec<String> {
    common::lesson_problems(&common::planted_course(load::XIANGQI_FILES, file, swaps), lesson)
}

#[test]
fn flaws_a_stronger_engine_found_are_caught_when_put_back() {
    // (file, lesson, step, replacements (the position first), the reason's words), and
    // the tactic's key move when the old material proof alone passed it.
    type Flaw =
        (&'static str, &'static str, &'static str, Vec<(&'static str, &'static str)>, &'static str);
    let flaws: Vec<(Flaw, Option<&str>)> = vec![
        // A check that wins nothing: after the general steps aside, taking the cannon is
        // met by a skewer that wins the chariot back.
        (
            (
                "tac_02_check_attack.toml",
                "xq-tactic-check-attack",
                "chariot-check-cannon",
                vec![
                    (
                        "3a1a3/4k4/9/9/9/9/R8/4c4/9/3K1A3 w - - 0 1",
                        "3a5/4k4/6R2/1r7/9/9/9/C8/3K2c2/5A3 w - - 0 1",
                    ),
                    ("accept = [\"a3e3\"]", "accept = [\"g7g8\"]"),
                    ("move = \"a3a8\"", "move = \"g7e7\""),
                ],
                "gains",
            ),
            Some("g7g8"),
        ),
        // A discovered check in a lost position: a black chariot mates red soon after.
        (
            (
                "tac_03_discovered.toml",
                "xq-tactic-discovered",
                "leg-opens",
                vec![(
                    "4kar2/4aN3/5N3/9/9/2P6/9/9/4A4/3K1A3 w - - 0 1",
                    "4kar2/4aN3/5N3/9/9/9/9/9/8r/3K5 w - - 0 1",
                )],
                "ends only",
            ),
            Some("f8h7"),
        ),
        // A horse fork of two chariots that wins less than a horse less a soldier.
        (
            (
                "tac_01_double_attack.toml",
                "xq-tactic-double-attack",
                "horse-two-chariots",
                vec![(
                    "fen = \"6b2/1r2k4/9/1r7/2N6/9/4P1P2/9/4AK3/3A4R w - - 0 1\"\naccept = [\"c5d7\"]",
                    "fen = \"6b2/1r2k4/9/1r7/2N6/9/9/9/4AK3/3A5 w - - 0 1\"\naccept = [\"c5d7\"]",
                )],
                "gains",
            ),
            Some("c5d7"),
        ),
        // A block with an advisor that walks into mate while the screen soldier marches.
        (
            (
                "xq2_01_answer_check.toml",
                "xq-answer-check",
                "block-cannon",
                vec![(
                    "3akab2/4c4/4b4/9/9/9/9/9/9/1N1AKA1N1 w - - 0 1",
                    "3akab2/9/9/4c4/9/4p4/9/9/9/3AKA3 w - - 0 1",
                )],
                "the accepted d0e1 scores -30000",
            ),
            None,
        ),
        // Named wrong moves as good as the key, unless marked as other readings of the
        // named move: an opening's edge horse, and the other cannon of a notation drill.
        (
            (
                "19_central_cannon.toml",
                "xq-central-cannon",
                "screen",
                vec![("wrong_is = \"notation\"\n", "")],
                "the wrong move b9a7",
            ),
            None,
        ),
        (
            (
                "11_notation.toml",
                "xq-notation",
                "cannon-two-to-five",
                vec![("wrong_is = \"notation\"\n", "")],
                "as good as the best",
            ),
            None,
        ),
    ];
    for ((file, lesson, step, swaps, words), shallow) in flaws {
        let found = planted_lesson(file, &swaps, lesson);
        let named = format!("step '{step}'");
        assert!(
            found.iter().any(|p| p.contains(&named) && p.contains(words)),
            "{file} {step}: {found:?}"
        );
        // The old material proof alone called the planted tactic a win.
        if let Some(mv) = shallow {
            let (pos, m) =
                key_move(swaps[0].1.trim_start_matches("fen = \"").split('"').next().unwrap(), mv);
            assert!(tactic::wins_material(&pos, m), "{file} {step}");
        }
    }
}

#[test]
fn a_notation_marker_needs_the_notation() {
    let wrong = r#"wrong = [{ move = "f3f7", says = { zh = "不对", en = "No" } }]"#;
    let errors = validate(&format!(
        "fen = \"{FORK}\"\naccept = [\"f3f8\"]\n{wrong}\nwrong_is = \"notation\""
    ));
    assert!(errors.iter().any(|e| e.problem == Problem::NotationMissing), "{errors:?}");
}
