//! The uniffi API called from Python through bindings generated from the built library.

use std::process::Command;

use qike_tests::{bindings_cdylib, generate_bindings, python_checks, run_ok, scratch_dir};
use uniffi_bindgen::bindings::TargetLanguage;

#[test]
fn python_calls_the_core_through_generated_bindings() {
    let out = python_checks("python", &bindings_cdylib());
    assert!(out.contains("python ffi ok"), "{out}");
    assert!(out.contains("typed error: invalid position: FEN has 3 ranks"), "{out}");
}

#[test]
fn swift_bindings_are_generated() {
    // Swift cannot be compiled on Linux build machines; check the generated sources.
    let dir = scratch_dir("swift");
    generate_bindings(TargetLanguage::Swift, &dir);
    let swift = std::fs::read_to_string(dir.join("QikeCore.swift")).expect("QikeCore.swift");
    // The same API as Python and Kotlin, by name; spaces differ between generator
    // versions, so they are ignored.
    let compact: String = swift.split_whitespace().collect();
    for name in [
        "func coreVersion()",
        "class XiangqiGame",
        "class Game",
        "func legalTargets(from: Point) throws",
        "func needsPromotion(from: Point, to: Point) throws",
        "func play(mv: MoveInput) throws",
        "func moveNames()",
        "static func fromPgn(pgn: String) throws",
        "static func fromSgf(sgf: String) throws",
        "class Session",
        "func engineMove() async throws",
        "func stopThinking()",
        "func saveBytes()",
        "static func resumeBytes(bytes: Data) throws",
        "func countSummary()",
        "func levels(kind: GameKind)",
        "func standardSetup(kind: GameKind)",
        "enum QikeError",
        "case Refused(message: String)",
        "enum MoveInput",
        "enum GameSetup",
        "enum TapResult",
        "class ProgressStore",
        "func closeStore() throws",
        "func createClass(newClass: NewClass) throws",
        "func importReport(report: Data) throws",
        "func courses() throws",
        "class LessonRun",
        "func submit(input: LessonInput) throws",
    ] {
        let wanted: String = name.split_whitespace().collect();
        assert!(compact.contains(&wanted), "{name} missing from the Swift bindings");
    }
    let header = std::fs::read_to_string(dir.join("QikeCoreFFI.h")).expect("QikeCoreFFI.h");
    assert!(header.contains("uniffi_qike_fn_func_core_version"));
}

#[test]
fn the_readme_example_runs() {
    let dir = scratch_dir("python-readme");
    generate_bindings(TargetLanguage::Python, &dir);
    let script = dir.join("example.py");
    std::fs::write(&script, qike_tests::readme_python_example()).unwrap();
    let out = run_ok(Command::new(qike_tests::python()).arg(&script).env("PYTHONPATH", &dir));
    assert!(out.contains("'Qh4#']"), "{out}");
    assert!(out.contains("point (8, 0) is not on the board"), "{out}");
    assert!(out.trim_end().ends_with("True"), "{out}");
}
