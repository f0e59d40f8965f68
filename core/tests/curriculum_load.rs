//! Loading: malformed files are typed errors naming the file, never panics; broken
//! content is caught by validation with the lesson and step named.

use proptest::prelude::*;
use qike_core::curriculum::{LoadError, Problem, load_course, parse_lesson, validate};

const COURSE: &str = r#"
id = "c"
game = "xiangqi"
title = { zh = "课", en = "course" }
description = { zh = "说明", en = "about" }
[[units]]
id = "u"
title = { zh = "单元", en = "unit" }
lessons = ["a", "b"]
"#;

fn lesson(id: &str, prereq: &str, step: &str) -> String {
    format!(
        r#"
id = "{id}"
title = {{ zh = "课", en = "lesson" }}
prerequisites = [{prereq}]
[plan]
content = {{ zh = "内容", en = "content" }}
objectives = [{{ zh = "目标", en = "goal" }}]
key_points = [{{ zh = "重点", en = "key" }}]
materials = [{{ zh = "棋", en = "set" }}]
process = [{{ zh = "过程", en = "process" }}]
summary = {{ zh = "小结", en = "summary" }}
periods = 1
minutes = 5
{step}
"#
    )
}

const GOOD_STEP: &str = r#"
[[steps]]
kind = "quiz"
id = "q"
text = { zh = "问", en = "ask" }
choices = [{ zh = "甲", en = "a" }, { zh = "乙", en = "b" }]
answer = 0
explain = { zh = "甲", en = "a" }
hint = { zh = "提示", en = "hint" }
"#;

fn problems(step_b: &str, prereq_a: &str) -> Vec<Problem> {
    let a = lesson("a", prereq_a, GOOD_STEP);
    let b = lesson("b", "\"a\"", step_b);
    let course = load_course(&[("course.toml", COURSE), ("a.toml", &a), ("b.toml", &b)]).unwrap();
    validate(&course).into_iter().map(|e| e.problem).collect()
}

#[test]
fn a_good_course_has_no_problems() {
    assert_eq!(problems(GOOD_STEP, ""), vec![]);
}

#[test]
fn unknown_fields_and_bad_toml_are_typed_errors() {
    let with_typo = lesson("a", "", GOOD_STEP).replace("answer = 0", "answr = 0");
    match parse_lesson("a.toml", &with_typo) {
        Err(LoadError::Toml { file, message }) => {
            assert_eq!(file, "a.toml");
            assert!(message.contains("answr") || message.contains("answer"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(parse_lesson("x.toml", "id = "), Err(LoadError::Toml { .. })));
    let unknown_kind = GOOD_STEP.replace("\"quiz\"", "\"dance\"");
    assert!(parse_lesson("a.toml", &lesson("a", "", &unknown_kind)).is_err());
}

#[test]
fn course_structure_errors() {
    let a = lesson("a", "", GOOD_STEP);
    assert_eq!(load_course(&[("a.toml", &a)]), Err(LoadError::NoCourseFile));
    assert!(matches!(
        load_course(&[("course.toml", COURSE), ("a.toml", &a)]),
        Err(LoadError::MissingLesson { lesson, .. }) if lesson == "b"
    ));
    assert!(matches!(
        load_course(&[("course.toml", COURSE), ("a.toml", &a), ("a2.toml", &a)]),
        Err(LoadError::DuplicateLesson { .. })
    ));
    let c = lesson("c", "", GOOD_STEP);
    let b = lesson("b", "", GOOD_STEP);
    assert!(matches!(
        load_course(&[("course.toml", COURSE), ("a.toml", &a), ("b.toml", &b), ("c.toml", &c)]),
        Err(LoadError::UnlistedLesson { id, .. }) if id == "c"
    ));
}

#[test]
fn validation_names_what_is_wrong() {
    // Cyclic and unknown prerequisites.
    let p = problems(GOOD_STEP, "\"b\", \"zz\"");
    assert!(p.contains(&Problem::UnknownPrerequisite("zz".into())));
    assert!(p.iter().any(|p| matches!(p, Problem::CyclicPrerequisite(_))));
    // Missing translation.
    let p = problems(&GOOD_STEP.replace("en = \"ask\"", "en = \"\""), "");
    assert!(matches!(&p[..], [Problem::MissingTranslation { missing: "en", .. }]));
    // Bad answer index.
    let p = problems(&GOOD_STEP.replace("answer = 0", "answer = 5"), "");
    assert_eq!(p, vec![Problem::BadAnswer { answer: 5, choices: 2 }]);
    // Illegal FEN, illegal accepted move, wrong targets, unreachable stars, fake mate.
    let step = |body: &str| {
        format!(
            "[[steps]]\nid = \"s\"\ntext = {{ zh = \"做\", en = \"do\" }}\nhint = {{ zh = \"提示\", en = \"hint\" }}\n{body}"
        )
    };
    let start = "fen = \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"";
    // A position that does not read is refused when the lesson loads, naming the
    // file and the step.
    let bad = lesson(
        "b",
        "",
        &step(
            "kind = \"tap_point\"\nfen = \"xyz\"\npoints = [\"e0\"]\nexplain = { zh = \"对\", en = \"yes\" }",
        ),
    );
    match parse_lesson("b.toml", &bad) {
        Err(LoadError::BadStep { file, step, problem }) => {
            assert_eq!((file.as_str(), step.as_str()), ("b.toml", "s"));
            assert!(problem.contains("xyz"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
    let p = problems(
        &step(&format!(
            "kind = \"make_move\"\n{start}\naccept = [\"b0d1\"]\npraise = {{ zh = \"好\", en = \"good\" }}"
        )),
        "",
    );
    assert!(
        matches!(&p[..], [Problem::IllegalMove { reason, .. }] if reason.contains("leg")),
        "{p:?}"
    );
    let p = problems(
        &step(&format!(
            "kind = \"make_move\"\n{start}\naccept = [\"h2e2\"]\nnotation = \"炮八平五\"\npraise = {{ zh = \"好\", en = \"good\" }}"
        )),
        "",
    );
    assert_eq!(
        p,
        vec![Problem::NotationDiffers {
            written: "炮八平五".into(), actual: "炮二平五".into()
        }]
    );
    let p = problems(
        &step(&format!("kind = \"tap_targets\"\n{start}\npiece = \"b0\"\ntargets = [\"c2\"]")),
        "",
    );
    assert!(
        matches!(&p[..], [Problem::TargetsDiffer { actual, .. }] if actual == &["a2", "c2"]),
        "{p:?}"
    );
    let p = problems(
        &step(
            "kind = \"collect\"\nfen = \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"\npiece = \"a0\"\nstars = [\"a7\", \"g7\", \"g2\"]\nmax_moves = 2",
        ),
        "",
    );
    assert_eq!(p, vec![Problem::StarsUnreachable { max: 2 }]);
    let p = problems(
        &step(
            "kind = \"puzzle\"\nfen = \"3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1\"\ngoal = \"mate\"\nmate_in = 1\nlines = [[\"b0b9\"]]\npraise = { zh = \"杀\", en = \"mate\" }",
        ),
        "",
    );
    assert!(p.contains(&Problem::NotForcedMate(1)), "{p:?}");
    assert!(p.iter().any(|p| matches!(p, Problem::BadLine { .. })), "{p:?}");
}

#[test]
fn validation_errors_say_where() {
    let a = lesson("a", "", GOOD_STEP);
    let b = lesson("b", "\"a\"", &GOOD_STEP.replace("answer = 0", "answer = 9"));
    let course = load_course(&[("course.toml", COURSE), ("a.toml", &a), ("b.toml", &b)]).unwrap();
    let text = validate(&course)[0].to_string();
    assert_eq!(text, "lesson 'b', step 'q': answer 9 is not one of the 2 choices");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn garbage_never_panics(text in "\\PC{0,200}") {
        let _ = parse_lesson("g.toml", &text);
        let _ = load_course(&[("course.toml", &text)]);
    }

    #[test]
    fn mutated_lessons_never_panic(cut in 0usize..2000, insert in "[a-z0-9\\[\\]{}=\" ,.\\n]{0,12}") {
        let base = lesson("a", "", GOOD_STEP);
        let cut = cut.min(base.len());
        let cut = (0..=cut).rev().find(|&i| base.is_char_boundary(i)).unwrap_or(0);
        let text = format!("{}{}{}", &base[..cut], insert, &base[cut..]);
        if let Ok(l) = parse_lesson("a.toml", &text) {
            let mut out = Vec::new();
            qike_core::curriculum::validate_lesson(&l, &mut out);
            let mut run = qike_core::curriculum::LessonRun::new(&l);
            let _ = run.view();
            let _ = run.hint();
            let _ = run.submit(qike_core::curriculum::Input::Choice(0));
        }
    }
}
