//! The uniffi API called from Kotlin on the JVM through bindings generated from the
//! built library. Needs a Kotlin 2.x compiler (found, or installed from npm's
//! `kotlin-compiler` package into the target folder), a JDK, and JNA (Debian's
//! `libjna-java`). `.ci/run` installs what is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use qike_tests::{generate_bindings, have, profile_dir, run_ok, scratch_dir, skip};
use uniffi_bindgen::bindings::TargetLanguage;

const KOTLIN_VERSION: &str = "2.4.20";

const MAIN: &str = r#"
import org.qike.core.*

fun check(ok: Boolean, what: String) { if (!ok) throw IllegalStateException("check failed: " + what) }

fun main(args: Array<String>) {
    check(coreVersion() == args[0], "version " + coreVersion())
    val game = XiangqiGame()
    val view = game.boardView()
    check(view.kind == GameKind.Xiangqi, "kind")
    check(view.files.toInt() == 9 && view.ranks.toInt() == 10, "size")
    check(view.pieces.size == 32, "32 pieces, got " + view.pieces.size)
    val red = view.pieces.single { it.side == Side.FIRST && it.kind == PieceKind.GENERAL }
    check(red.at.file.toInt() == 4 && red.at.rank.toInt() == 0, "red general at e0")
    check(red.glyph == "帅" && red.colour == Colour.RED, "red general glyph")
    val black = view.pieces.single { it.side == Side.SECOND && it.kind == PieceKind.GENERAL }
    check(black.at.file.toInt() == 4 && black.at.rank.toInt() == 9, "black general at e9")
    check(view.marks.count { it is BoardMark.Palace } == 2, "two palaces")
    try {
        game.pieceAt(Point(20u, 0u))
        throw IllegalStateException("off-board point accepted")
    } catch (e: QikeException.OffBoard) {
        check(e.file.toInt() == 20, "error carries the point")
    }
    try {
        XiangqiGame.fromFen("not a fen")
        throw IllegalStateException("bad FEN accepted")
    } catch (e: QikeException.InvalidPosition) {
        println("typed error: " + e.reason)
    }
    println("kotlin ffi ok")
}
"#;

/// A Kotlin 2.x `kotlinc`: `$KOTLINC`, one on PATH, or one installed from npm.
fn kotlinc() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("KOTLINC") {
        return Ok(PathBuf::from(path));
    }
    if let Ok(out) = Command::new("kotlinc").arg("-version").output() {
        let text = String::from_utf8_lossy(&out.stderr).into_owned()
            + &String::from_utf8_lossy(&out.stdout);
        if text.contains("kotlinc-jvm 2.") {
            return Ok(PathBuf::from("kotlinc"));
        }
    }
    let prefix = profile_dir().parent().unwrap_or(Path::new(".")).join("tools").join("kotlin");
    let installed = prefix.join("node_modules/kotlin-compiler/bin/kotlinc");
    if installed.exists() {
        return Ok(installed);
    }
    if !have("npm", "--version") {
        return Err("no Kotlin 2.x compiler and no npm to install one".into());
    }
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&prefix)
        .arg(format!("kotlin-compiler@{KOTLIN_VERSION}"))
        .status()
        .map_err(|e| format!("npm failed to start: {e}"))?;
    if status.success() && installed.exists() {
        Ok(installed)
    } else {
        Err(format!("npm install kotlin-compiler@{KOTLIN_VERSION} failed ({status})"))
    }
}

fn jna_jar() -> Option<PathBuf> {
    let candidates =
        [std::env::var_os("JNA_JAR").map(PathBuf::from), Some("/usr/share/java/jna.jar".into())];
    candidates.into_iter().flatten().find(|p| p.exists())
}

#[test]
fn kotlin_calls_the_core_through_generated_bindings() {
    const NAME: &str = "kotlin_calls_the_core_through_generated_bindings";
    if !have("java", "-version") {
        return skip(NAME, "no JVM (install default-jdk-headless)");
    }
    let Some(jna) = jna_jar() else {
        return skip(NAME, "no JNA jar (apt-get install libjna-java, or set JNA_JAR)");
    };
    let kotlinc = match kotlinc() {
        Ok(k) => k,
        Err(reason) => return skip(NAME, &reason),
    };
    let kotlin_lib = std::fs::canonicalize(&kotlinc)
        .ok()
        .and_then(|k| k.parent()?.parent().map(|home| home.join("lib")))
        .filter(|lib| lib.join("kotlin-stdlib.jar").exists());
    let Some(kotlin_lib) = kotlin_lib else {
        return skip(NAME, "kotlinc found but its lib/kotlin-stdlib.jar is missing");
    };
    let coroutines = kotlin_lib.join("kotlinx-coroutines-core-jvm.jar");

    let dir = scratch_dir("kotlin");
    generate_bindings(TargetLanguage::Kotlin, &dir);
    let source = dir.join("org/qike/core/qike.kt");
    assert!(source.exists(), "Kotlin bindings not generated at {source:?}");
    std::fs::write(dir.join("Main.kt"), MAIN).unwrap();

    let jar = dir.join("check.jar");
    let classpath = |extra: &[&Path]| {
        let mut parts: Vec<PathBuf> = extra.iter().map(|p| p.to_path_buf()).collect();
        parts.extend([jna.clone(), coroutines.clone(), kotlin_lib.join("kotlin-stdlib.jar")]);
        std::env::join_paths(parts).unwrap()
    };
    run_ok(
        Command::new(&kotlinc)
            .arg(&source)
            .arg(dir.join("Main.kt"))
            .arg("-cp")
            .arg(classpath(&[]))
            .arg("-nowarn")
            .arg("-d")
            .arg(&jar),
    );
    let out = run_ok(
        Command::new("java")
            .arg(format!("-Djna.library.path={}", dir.display()))
            // The bindings name the app's library (one .so on Android); load the
            // bindings' own library here.
            .arg("-Duniffi.component.qike.libraryOverride=qike")
            .arg("-cp")
            .arg(classpath(&[&jar]))
            .arg("MainKt")
            .arg(env!("CARGO_PKG_VERSION")),
    );
    assert!(out.contains("kotlin ffi ok"), "{out}");
    assert!(out.contains("typed error: FEN has 1 ranks"), "{out}");
}
