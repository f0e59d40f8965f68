//! The uniffi API called from Python through bindings generated from the built library.

use std::process::Command;

use qike_tests::{bindings_cdylib, generate_bindings, python_checks, run_ok, scratch_dir};
use uniffi_bindgen::bindings::TargetLanguage;

#[test]
fn python_calls_the_core_through_generated_bindings() {
    let out = python_checks("python", &bindings_cdylib());
    assert!(out.contains("python ffi ok"), "{out}");
    assert!(out.contains("locked: the progress database at "), "{out}");
    assert!(out.contains("class file of another class: profile "), "{out}");
    assert!(out.contains("tournament over: all 3 planned rounds are already paired"), "{out}");
    assert!(out.contains("junqi out of turn: The east seat is played by the computer."), "{out}");
    assert!(out.contains("junqi setup refused: The south army has 0 × "), "{out}");
    assert!(out.contains("junqi hand-over: Hand the device to south first."), "{out}");
}

/// Records that print, compare and hash; typed argument errors; the store as a context
/// manager; an awaited engine move that a cancelled task stops; the blocking form.
#[test]
fn python_records_errors_and_cancellation_feel_like_python() {
    let dir = scratch_dir("python-friendly");
    generate_bindings(TargetLanguage::Python, &dir);
    let script = dir.join("friendly.py");
    std::fs::write(&script, include_str!("ffi/friendly.py")).unwrap();
    let out = run_ok(Command::new(qike_tests::python()).arg(&script).arg(&dir));
    assert!(out.contains("python friendly ok"), "{out}");
    assert!(out.contains("cancelled search idle after "), "{out}");
}

/// The public functions and methods of generated Python bindings: module-level `def`s
/// and the methods of public classes, without the Python-only enum variant tests
/// (`is_…`) and the event-loop setter.
fn python_api_names(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut public_class = false;
    for line in source.lines() {
        // The hand-kept Python layer appended to the module is not uniffi's API.
        if line.starts_with("# --- The Python layer over the generated bindings") {
            break;
        }
        if let Some(rest) = line.strip_prefix("class ") {
            let class: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            public_class = !class.starts_with('_') && !class.ends_with("Protocol");
            continue;
        }
        let def = if let Some(rest) = line.strip_prefix("def ") {
            public_class = false;
            rest
        } else if let Some(rest) = line.strip_prefix("    def ").filter(|_| public_class) {
            rest
        } else {
            continue;
        };
        let name: String = def.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let python_only = name.starts_with("is_") || name == "uniffi_set_event_loop";
        if !name.starts_with('_') && !python_only && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// `record_puzzle` → `recordPuzzle`.
fn camel_case(snake: &str) -> String {
    let mut parts = snake.split('_');
    let mut out = parts.next().unwrap_or_default().to_owned();
    for part in parts {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out
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
        "enum MoveError",
        "enum SetupError",
        "enum XiangqiFenError",
        "enum PgnError",
        "enum GoSgfError",
        "enum GomokuSgfError",
        "enum SessionError",
        "enum StoreError",
        "enum StoreErrorKind",
        "enum TournamentError",
        "class Tournament",
        "func pairNext() throws",
        "func setResult(round: UInt32, table: UInt32, result: GameResult) throws",
        "func standings()",
        "enum TournamentSystem",
        "enum LessonError",
        "case Refused(message: String)",
        "case InUse(message: String)",
        "case ForeignPupilKey(message: String)",
        "case NotASavedRun(message: String)",
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
        "func moveText(mv: MoveInput) throws",
        "func recordPuzzle(profile: String, attempt: PuzzleAttempt) throws",
        "func puzzleRecords(profile: String) throws",
        "func lessonRecord(profile: String, lessonId: String) throws",
        "func rating(profile: String, kind: GameKind) throws",
        "func ratings(profile: String) throws",
        "func ratingKey(kind: GameKind)",
        "func moveStoreAside(path: String) throws",
        "func classInfo(classId: ClassId) throws",
        "func updateClass(classId: ClassId, name: String, grade: String, game: String) throws",
        "func addStudent(classId: ClassId, student: String, displayName: String) throws",
        "func setStudentDetails(classId: ClassId, student: String, realName: String, notes: String) throws",
        "func removeStudent(classId: ClassId, student: String) throws",
        "func leaveClass(profile: String, classId: ClassId) throws",
        "func importText(classId: ClassId?, text: String) -> ImportTally",
        "func importPath(classId: ClassId?, path: String) throws",
        "func saveReport(profile: String, classId: ClassId, dir: String) throws",
        "func classSummary(classId: ClassId, inactiveDays: Int64) throws",
        "func studentTimeline(classId: ClassId, student: String) throws",
        "func gamesByLevel(classId: ClassId, student: String) throws",
        "func studentRatings(classId: ClassId, student: String) throws",
        "struct PuzzleAttempt",
        "struct PuzzleRecord",
        "struct GameRating",
        "struct ImportTally",
        "struct ImportedReport",
        "struct SavedReport",
        "struct ClassSummary",
        "enum BehindReason",
        "enum ActivityKind",
        "struct LevelStats",
        "func addAssignment(classId: ClassId, title: String, items: [AssignmentItem], due: Timestamp) throws",
        "func assignments(classId: ClassId) throws",
        "func assignmentStatus(classId: ClassId, id: UInt64) throws",
        "func assignmentCsv(classId: ClassId, id: UInt64) throws",
        "func removeAssignment(classId: ClassId, id: UInt64) throws",
        "func exportClassFile(classId: ClassId) throws",
        "func importClassFile(profile: String, text: String) throws",
        "func pupilAssignments(profile: String) throws",
        "func pupilKeyFingerprint(profile: String) throws",
        "func pinnedPupilKey(classId: ClassId, student: String) throws",
        "func studentLastReport(classId: ClassId, student: String) throws",
        "func classFileClass(text: String) throws",
        "func studentLessons(classId: ClassId, student: String) throws",
        "func studentGames(classId: ClassId, student: String) throws",
        "func schemaVersion() throws",
        "func showMe()",
        "func saveBytes()",
        "struct Plan",
        "struct ClassFile",
        "struct ImportedClassFile",
        "enum ClassFileTrust",
        "struct PupilAssignment",
        "struct AssignmentStatus",
        "enum AssignmentItem",
        "enum AssignmentState",
        "class JunqiGame",
        "class JunqiSetupEditor",
        "func targets(from: Station) throws -> [Station]",
        "func play(from: Station, to: Station) throws -> [Announcement]",
        "func poll(nowMs: UInt64) -> [Announcement]",
        "func saveJunqiSetup(profile: String, name: String, setup: String) throws",
        "enum JunqiError",
        "enum JunqiOutcome",
        "enum BattleResult",
        "typealias Station = Place",
    ] {
        let wanted: String = name.split_whitespace().collect();
        assert!(compact.contains(&wanted), "{name} missing from the Swift bindings");
    }
    // And every function and method the Python bindings have, by its Swift name.
    let python_dir = scratch_dir("swift-python");
    generate_bindings(TargetLanguage::Python, &python_dir);
    let python = std::fs::read_to_string(python_dir.join("qike.py")).expect("qike.py");
    let names = python_api_names(&python);
    assert!(names.len() > 100 && names.contains(&"record_puzzle".to_owned()), "{names:?}");
    for name in &names {
        let swift_name = camel_case(name);
        let plain = format!("func{swift_name}(");
        let quoted = format!("func`{swift_name}`(");
        assert!(
            compact.contains(&plain) || compact.contains(&quoted),
            "{name} of the Python bindings has no Swift `func {swift_name}`"
        );
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
    assert!(out.contains("1 []\n['小明']"), "{out}");
    assert!(out.trim_end().ends_with("True"), "{out}");
}
