//! The engine's quality checks of lessons: a losing defence taught as right, a wrong
//! move that is really as good, and a claimed draw that is lost are all caught, while
//! the shipped xiangqi course passes.

mod common;

use qike_core::curriculum::quality::check_lesson_quality;
use qike_core::curriculum::{self, Problem, ValidationError, load};

/// A one-step lesson around `step` (a TOML table without its `[[steps]]` header).
fn lesson(step: &str) -> String {
    format!("{}[[steps]]\n{step}\n", common::LESSON_HEAD)
}

fn check(step: &str) -> Vec<ValidationError> {
    let l = load::parse_lesson("planted.toml", &lesson(step)).expect("the planted lesson parses");
    let mut found = Vec::new();
    curriculum::validate_lesson(&l, &mut found);
    // Validation's own deeper search may refuse the planted step too; only the legality
    // of the lesson matters here, the quality check is what is under test.
    let legal: Vec<_> = found
        .iter()
        .filter(|e| {
            !matches!(
                e.problem,
                Problem::Unproven(_) | Problem::Lost { .. } | Problem::NotAhead { .. }
            )
        })
        .collect();
    assert!(legal.is_empty(), "the planted lesson is legal: {legal:?}");
    let mut out = Vec::new();
    check_lesson_quality(&l, &mut out);
    out
}

const TEXTS: &str = r#"text = { zh = "走", en = "Move" }
praise = { zh = "好", en = "Good" }
hint = { zh = "想", en = "Think" }"#;

/// The first edition's chariot-and-two-advisors defence: stepping the general aside
/// (`e0d0`) loses to the black chariot coming to the fourth file.
#[test]
fn the_old_losing_defence_fails() {
    let out = check(&format!(
        r#"kind = "make_move"
id = "stop-the-mate"
fen = "4k4/9/r6c1/9/2R6/9/9/9/4A4/4KA3 w - - 0 1"
accept = ["e0d0"]
{TEXTS}"#
    ));
    assert!(
        out.iter().any(|e| matches!(&e.problem, Problem::WorseThanBest { mv, .. } if mv == "e0d0")),
        "{out:?}"
    );
}

/// Giving a chariot away is more than the margin worse than keeping it.
#[test]
fn a_move_that_gives_material_away_fails() {
    // Red's chariot can take the free black horse; pushing the soldier instead is fine,
    // but moving the chariot where the black chariot takes it is not.
    let step = |accept: &str| {
        format!(
            r#"kind = "make_move"
id = "grab"
fen = "3k5/9/9/6r2/2n6/9/2R6/9/9/4K4 w - - 0 1"
accept = ["{accept}"]
{TEXTS}"#
        )
    };
    assert!(check(&step("c3c5")).is_empty());
    let out = check(&step("c3g3"));
    assert!(
        matches!(out.as_slice(), [e] if matches!(e.problem, Problem::WorseThanBest { .. })),
        "{out:?}"
    );
}

/// A named wrong move that mates as fast as the accepted one is not wrong.
#[test]
fn a_wrong_move_as_good_as_the_accepted_one_fails() {
    let out = check(&format!(
        r#"kind = "make_move"
id = "general-first"
fen = "3k5/4a4/5a3/9/9/9/9/9/9/R4K3 w - - 0 1"
accept = ["f0e0"]
wrong = [{{ move = "a0a9", says = {{ zh = "早", en = "Early" }} }}]
{TEXTS}"#
    ));
    assert!(
        out.iter().any(|e| matches!(&e.problem, Problem::WrongNotWorse { mv, .. } if mv == "a0a9")),
        "{out:?}"
    );
}

/// A draw to hold in a position the engine finds lost is refused.
#[test]
fn a_claimed_draw_that_is_lost_fails() {
    let step = |fen: &str| {
        format!(
            r#"kind = "play_out"
id = "hold"
fen = "{fen}"
goal = {{ type = "hold_draw", moves = 5 }}
text = {{ zh = "守", en = "Hold" }}
hint = {{ zh = "想", en = "Think" }}"#
        )
    };
    // Red to move, but black's chariots mate next whatever red does.
    let out = check(&step("3k5/9/9/9/9/9/9/r8/1r7/4K4 w - - 0 1"));
    assert!(
        matches!(out.as_slice(), [e] if matches!(e.problem, Problem::ClaimNotBorneOut { .. })),
        "{out:?}"
    );
    // A bare chariot each is a draw.
    assert!(check(&step("3k5/9/9/9/1r7/9/9/9/R8/4K4 w - - 0 1")).is_empty());
}

#[test]
fn the_shipped_xiangqi_course_passes_the_quality_checks() {
    let course = curriculum::xiangqi_course().unwrap();
    let problems = curriculum::check_quality(&course);
    assert!(
        problems.is_empty(),
        "{}",
        problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n")
    );
}
