//! What a Go wrong move's feedback states is proven by the capture reading and the
//! life-and-death search: the claims the shipped lessons make hold, and each false
//! claim a reader found (stones said to escape that a longer chase still takes, a
//! liberty count one too high, an atari that does not capture in time) fails the check
//! again, naming the step and the reason, when it is put back.

mod common;

use qike_core::curriculum::{
    self, GameKind, Problem, ValidationError, load, validate_lesson, validate_with_report,
};

/// The shipped Go files with one change in `name`: in the wrong move whose English
/// feedback contains `says`, the first `from` after it becomes `to`.
fn planted(name: &str, says: &str, from: &str, to: &str) -> curriculum::Course {
    common::planted_with(load::GO_FILES, name, |text| {
        let at = text.find(says).unwrap_or_else(|| panic!("{name} has no '{says}'"));
        let off = text[at..].find(from).unwrap_or_else(|| panic!("no '{from}' after"));
        text.replace_range(at + off..at + off + from.len(), to);
    })
}

/// The problems of one lesson of `course`.
fn problems(course: &curriculum::Course, lesson: &str) -> Vec<ValidationError> {
    let l = course.lessons().find(|l| l.id == lesson).expect("the lesson");
    let mut out = Vec::new();
    validate_lesson(l, &mut out);
    out
}

/// Asserts that the lesson fails on `step` with a false claim whose reason says `why`.
fn fails(course: &curriculum::Course, lesson: &str, step: &str, why: &str) {
    let found = problems(course, lesson);
    assert!(
        found.iter().any(|p| p.step.as_deref() == Some(step)
            && matches!(&p.problem, Problem::ClaimFalse { why: w, .. } if w.contains(why))),
        "{lesson}/{step} should fail with '{why}': {found:#?}"
    );
}

#[test]
fn the_shipped_claims_hold_and_are_counted() {
    let course = curriculum::course_for(GameKind::Go { size: 9 }).unwrap().unwrap();
    let (problems, report) = validate_with_report(&course);
    assert!(problems.is_empty(), "{problems:#?}");
    let fight = &report.kinds["fight"];
    for (claim, at_least) in [
        ("escapes", 2),
        ("ladder_fails", 1),
        ("still_captures", 7),
        ("captured", 1),
        ("lives", 4),
        ("dies", 2),
    ] {
        let n = fight.claims.get(claim).copied().unwrap_or(0);
        assert!(n >= at_least, "{claim}: {n} < {at_least}: {:?}", fight.claims);
    }
    assert!(fight.claims["liberties"] >= 8, "{:?}", fight.claims);
    assert!(fight.methods.keys().any(|m| m.contains("capture reading")), "{:?}", fight.methods);
}

#[test]
fn stones_said_to_escape_that_a_longer_chase_takes_fail_the_check() {
    let still = "claim = \"still_captures\"";
    let escapes = "claim = \"escapes\"";
    for (file, lesson, step, says) in [
        ("06_connect_cut.toml", "go_connect_cut", "cut", "Cutting at E4"),
        ("08_ladder.toml", "go_ladder", "ladder_down", "This is no atari"),
        ("09_net.toml", "go_net", "net", "Direct atari"),
        ("09_net.toml", "go_net", "net", "After this atari white extends to E6"),
        ("10_door_hug.toml", "go_door_hug", "door2", "White extends through C4"),
        ("10_door_hug.toml", "go_door_hug", "hug2", "extend up to D5"),
        ("03_capture.toml", "go_capture", "corner_chase", "From below"),
    ] {
        let course = planted(file, says, still, escapes);
        fails(&course, lesson, step, "'escapes' is false: the stones are still taken");
    }
}

#[test]
fn stones_said_to_be_caught_that_get_away_fail_the_check() {
    let course = planted(
        "10_door_hug.toml",
        "From this side white extends",
        "claim = \"escapes\"",
        "claim = \"still_captures\"",
    );
    fails(&course, "go_door_hug", "door", "not taken by force within 10 moves");
    // Connected at E4 the stones are caught, but not when black starts with F5: the
    // first text's "F5 gives atari and chases" did not capture within the depth.
    let course = planted(
        "06_connect_cut.toml",
        "Connected at E4",
        "liberties = 2",
        "reply = \"F5\"\nliberties = 1",
    );
    fails(&course, "go_connect_cut", "connect", "'captured' is false");
    // A longer chase is not needed where the step's own depth takes the stones.
    let course = planted(
        "06_connect_cut.toml",
        "Connected at E4",
        "claim = \"captured\"",
        "claim = \"still_captures\"",
    );
    fails(&course, "go_connect_cut", "connect", "within the step's depth");
}

#[test]
fn a_wrong_liberty_count_fails_the_check() {
    // The first text gave white 3 liberties after A1 and A3; it has 2.
    let course = planted("03_capture.toml", "From below", "liberties = 2", "liberties = 3");
    fails(&course, "go_capture", "corner_chase", "have 2 liberties, not 3");
    let course = planted("09_net.toml", "Direct atari", "liberties = 2", "liberties = 3");
    fails(&course, "go_net", "net", "have 2 liberties, not 3");
}

#[test]
fn a_group_said_to_live_that_dies_fails_the_check() {
    let course = planted(
        "13_life_death.toml",
        "White plays B1 for two eyes",
        "claim = \"lives\"",
        "claim = \"dies\"",
    );
    fails(&course, "go_life_death", "s3_kill", "the group lives");
    let course =
        planted("12_eyes.toml", "white has only one eye", "claim = \"dies\"", "claim = \"lives\"");
    fails(&course, "go_eyes", "make_eye", "the group dies");
}

#[test]
fn a_reply_that_cannot_be_played_fails_the_check() {
    let course = planted("09_net.toml", "Direct atari", "reply = \"F5\"", "reply = \"E6\"");
    fails(&course, "go_net", "net", "E6 cannot be played");
}

/// The shipped Go files with the fields of step `step` in `name`, from its id up to its
/// `explain`, replaced by `fields`.
fn with_step_fields(name: &str, step: &str, fields: &str) -> curriculum::Course {
    common::planted_with(load::GO_FILES, name, |text| {
        let id = format!("id = \"{step}\"\n");
        let from = text.find(&id).expect("the step") + id.len();
        let to = from + text[from..].find("explain = ").expect("its explain");
        text.replace_range(from..to, fields);
    })
}

/// Asserts that the lesson fails on `step` with `problem` matched and its text saying
/// `why`.
fn fails_with(
    course: &curriculum::Course,
    lesson: &str,
    step: &str,
    problem: fn(&Problem) -> bool,
    why: &str,
) {
    let found = problems(course, lesson);
    assert!(
        found.iter().any(|p| p.step.as_deref() == Some(step)
            && problem(&p.problem)
            && p.to_string().contains(why)),
        "{lesson}/{step} should fail with '{why}': {found:#?}"
    );
}

#[test]
fn the_corner_count_as_it_once_was_fails_the_check() {
    // The question asked for the points the corner stones enclose, its text counted six
    // stones where there are five, and the answer was the whole board's area.
    let once = "text = { zh = \"角上这6颗黑子围住了几个空点？\", en = \"How many empty points do \
                these corner stones enclose?\" }\nposition = \"black: A3 B3 C3 C2 C1\"\n\
                question = { type = \"area\", stone = \"black\" }\nanswer = 81\n";
    let course = with_step_fields("16_opening_endgame.toml", "corner_terr", once);
    let lesson = "go_opening_endgame";
    let misfits = |p: &Problem| matches!(p, Problem::AnswerMisfits(_));
    fails_with(&course, lesson, "corner_terr", misfits, "the whole board's area");
    let number = |p: &Problem| matches!(p, Problem::TextNumber { stated: 6, .. });
    fails_with(&course, lesson, "corner_terr", number, "does not declare it");
    // Declared, the six stones are held against the board.
    let declared = once.replace("answer = 81", "stones = 6\nanswer = 81");
    let course = with_step_fields("16_opening_endgame.toml", "corner_terr", &declared);
    fails_with(&course, lesson, "corner_terr", number, "are 5 on the board");
    // Asked as the enclosed points it once meant, the whole board is not the answer.
    let enclosed = "text = { zh = \"角上这5颗黑子围住了几个空点？\", en = \"How many empty points \
                    do these five corner stones enclose?\" }\nposition = \"black: A3 B3 C3 C2 \
                    C1\"\nquestion = { type = \"enclosed\", at = \"C3\" }\nstones = 5\nanswer = \
                    81\n";
    let course = with_step_fields("16_opening_endgame.toml", "corner_terr", enclosed);
    let unproven = |p: &Problem| matches!(p, Problem::Unproven(_));
    fails_with(&course, lesson, "corner_terr", unproven, "the count gives 4");
}

#[test]
fn liberties_a_text_states_are_held_against_the_board() {
    let number = |p: &Problem| matches!(p, Problem::TextNumber { what: "liberties", .. });
    // A wrong move's feedback that states liberties without declaring them.
    let course = planted("03_capture.toml", "From below", "liberties = 2\n", "");
    fails_with(&course, "go_capture", "corner_chase", number, "does not declare it");
    // Or states other liberties than it declares: "3 liberties" where white gets 2.
    let course = planted("03_capture.toml", "From below", "with two liberties", "with 3 liberties");
    fails_with(&course, "go_capture", "corner_chase", number, "declares liberties = 2");
    // A fight's praise that miscounts the liberties after the accepted move.
    let course = planted("03_capture.toml", "After extending it has", "3 liberties", "4 liberties");
    fails_with(&course, "go_capture", "run", number, "have 3");
}

#[test]
fn feedback_that_states_an_outcome_without_a_claim_fails_the_check() {
    let course = planted("09_net.toml", "Direct atari", "claim = \"still_captures\"\n", "");
    let undeclared = |p: &Problem| matches!(p, Problem::ClaimUndeclared { mv, .. } if mv == "E6");
    fails_with(&course, "go_net", "net", undeclared, "declares no claim");
    // "The ladder fails" states that the stones get away from the ataris.
    let course = planted("08_ladder.toml", "Down to the right", "claim = \"ladder_fails\"\n", "");
    let undeclared = |p: &Problem| matches!(p, Problem::ClaimUndeclared { mv, .. } if mv == "E6");
    fails_with(&course, "go_ladder", "breaker", undeclared, "declares no claim");
}

#[test]
fn a_count_that_takes_dead_stones_as_alive_fails_the_check() {
    // Five black stones around a square of four in the corner, shut in by white: the
    // square four is dead even with black to move, so black's area is not nine.
    let square = "text = { zh = \"角上有5颗黑子，外面围着白子。数子时黑棋一共算几个子？\", en = \
                  \"Five black stones hold the corner, with white stones around them. How many \
                  points does black count?\" }\nposition = \"black: A3 B3 C3 C2 C1; white: A4 B4 \
                  C4 D4 D3 D2 D1\"\nquestion = { type = \"area\", stone = \"black\" }\nstones = \
                  5\nanswer = 9\n";
    let course = with_step_fields("16_opening_endgame.toml", "corner_terr", square);
    let misfits = |p: &Problem| matches!(p, Problem::AnswerMisfits(_));
    fails_with(&course, "go_opening_endgame", "corner_terr", misfits, "C1 C2 A3 B3 C3 are dead");
}

#[test]
fn a_ladder_said_to_fail_that_works_fails_the_check() {
    // Without the breaker the ladder towards the lower right works.
    let course = planted("08_ladder.toml", "There is a white stone", "E5 G3\"", "E5 A9\"");
    fails(&course, "go_ladder", "breaker", "atari after atari still takes the stones");
}
