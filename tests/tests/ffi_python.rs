//! The uniffi API called from Python through bindings generated from the built library.

use std::path::Path;
use std::process::Command;

use qike_tests::{
    app_cdylib, bindings_cdylib, generate_bindings, generate_bindings_from, run_ok, scratch_dir,
};
use uniffi_bindgen::bindings::TargetLanguage;

const SCRIPT: &str = r#"
import sys
sys.path.insert(0, sys.argv[1])
import qike

assert qike.core_version() == sys.argv[2], qike.core_version()

game = qike.XiangqiGame()
view = game.board_view()
assert view.kind == qike.GameKind.XIANGQI(), view.kind
assert (view.files, view.ranks) == (9, 10)
assert view.placement == qike.Placement.INTERSECTIONS
assert len(view.pieces) == 32, len(view.pieces)
assert game.side_to_move() == qike.Side.FIRST

def find(side, kind):
    return [p for p in view.pieces if p.side == side and p.kind == kind]

red_general = find(qike.Side.FIRST, qike.PieceKind.GENERAL)
assert len(red_general) == 1
assert (red_general[0].at.file, red_general[0].at.rank) == (4, 0)   # e0
assert red_general[0].glyph == "帅" and red_general[0].colour == qike.Colour.RED
black_general = find(qike.Side.SECOND, qike.PieceKind.GENERAL)
assert (black_general[0].at.file, black_general[0].at.rank) == (4, 9)   # e9
assert black_general[0].glyph == "将"
assert len(find(qike.Side.SECOND, qike.PieceKind.SOLDIER)) == 5
assert any(isinstance(m, qike.BoardMark.RIVER) and m.left_text == "楚河" for m in view.marks)
assert sum(isinstance(m, qike.BoardMark.PALACE) for m in view.marks) == 2

piece = game.piece_at(qike.Point(file=1, rank=2))
assert piece is not None and piece.glyph == "炮"
assert game.piece_at(qike.Point(file=4, rank=4)) is None

try:
    game.piece_at(qike.Point(file=9, rank=0))
    raise SystemExit("off-board point was accepted")
except qike.QikeError.OffBoard as e:
    assert (e.file, e.rank) == (9, 0)

try:
    qike.XiangqiGame.from_fen("rnbakabnr/9/9 w")
    raise SystemExit("bad FEN was accepted")
except qike.QikeError.InvalidPosition as e:
    assert "10" in e.reason, e.reason
    print("typed error:", e.reason)

other = qike.XiangqiGame.from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1")
assert len(other.board_view().pieces) == 2
assert other.side_to_move() == qike.Side.SECOND
print("python ffi ok")
"#;

/// Generates Python bindings from `lib` into a fresh folder, runs [`SCRIPT`] against
/// them and returns what it printed.
fn run_checks(name: &str, lib: &Path) -> String {
    let dir = scratch_dir(name);
    generate_bindings_from(lib, TargetLanguage::Python, &dir);
    assert!(dir.join("qike.py").exists(), "qike.py was not generated");
    let script = dir.join("check.py");
    std::fs::write(&script, SCRIPT).unwrap();
    let python = if qike_tests::have("python3", "--version") { "python3" } else { "python" };
    run_ok(Command::new(python).arg(&script).arg(&dir).arg(env!("CARGO_PKG_VERSION")))
}

#[test]
fn python_calls_the_core_through_generated_bindings() {
    let out = run_checks("python", &bindings_cdylib());
    assert!(out.contains("python ffi ok"), "{out}");
    assert!(out.contains("typed error: FEN has 3 ranks"), "{out}");
}

#[test]
fn the_app_library_serves_the_same_api() {
    // On Android the Kotlin bindings load the app's library: it must hold the whole API.
    let out = run_checks("python-app-lib", &app_cdylib());
    assert!(out.contains("python ffi ok"), "{out}");
}

#[test]
fn swift_bindings_are_generated() {
    // Swift cannot be compiled on Linux build machines; check the generated sources.
    let dir = scratch_dir("swift");
    generate_bindings(TargetLanguage::Swift, &dir);
    let swift = std::fs::read_to_string(dir.join("QikeCore.swift")).expect("QikeCore.swift");
    assert!(swift.contains("func coreVersion()"), "coreVersion missing from Swift bindings");
    assert!(swift.contains("class XiangqiGame"), "XiangqiGame missing from Swift bindings");
    let header = std::fs::read_to_string(dir.join("QikeCoreFFI.h")).expect("QikeCoreFFI.h");
    assert!(header.contains("uniffi_qike_fn_func_core_version"));
}
