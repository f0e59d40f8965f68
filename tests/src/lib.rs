//! Helpers for the cross-crate tests: finding the built native library, generating the
//! uniffi bindings from it in library mode, and locating foreign toolchains.

use std::path::{Path, PathBuf};
use std::process::Command;

use camino::Utf8PathBuf;
use uniffi_bindgen::bindings::{GenerateOptions, TargetLanguage, generate};

/// The workspace root (the folder holding the top-level Cargo.toml).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent").to_path_buf()
}

/// The cargo profile folder the running test binary lives in (e.g. `target/debug`).
pub fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    // target/debug/deps/<test> → target/debug
    exe.parent().and_then(Path::parent).expect("test binary sits in <profile>/deps").to_path_buf()
}

/// The bindings' shared library (`libqike.so` on Linux), built by cargo alongside the
/// tests because `qike-tests` depends on `qike-bindings`.
pub fn bindings_cdylib() -> PathBuf {
    native_library("qike")
}

/// The app's shared library (`libqike_app.so`): Bevy plus the re-exported bindings, the
/// one native library of the Android build. Built only when the caller's package builds
/// `qike-app` (its own tests do); this crate does not depend on the app.
pub fn app_cdylib() -> PathBuf {
    native_library("qike_app")
}

/// A cdylib of this workspace, newest of `<profile>/` and `<profile>/deps/`.
pub fn native_library(stem: &str) -> PathBuf {
    let name = format!("{}{stem}{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    let dir = profile_dir();
    let candidates = [dir.join(&name), dir.join("deps").join(&name)];
    candidates
        .iter()
        .filter(|p| p.exists())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .cloned()
        .unwrap_or_else(|| panic!("{name} was not built; looked in {candidates:?}"))
}

/// A fresh, empty scratch folder for one test. Folders that earlier runs of the same
/// test left behind are removed (each holds generated bindings and a copy of the
/// library), so only the last run's files stay for a look after a failure.
pub fn scratch_dir(name: &str) -> PathBuf {
    let root = profile_dir().join("qike-tests");
    let dir = root.join(format!("{name}-{}", std::process::id()));
    if let Ok(entries) = std::fs::read_dir(&root) {
        let earlier = format!("{name}-");
        for entry in entries.flatten() {
            let file = entry.file_name();
            let rest = file.to_str().and_then(|f| f.strip_prefix(&earlier));
            if rest.is_some_and(|pid| pid.chars().all(|c| c.is_ascii_digit())) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Generates bindings for `language` from the bindings' cdylib in library mode into
/// `out`, and copies the library next to them.
pub fn generate_bindings(language: TargetLanguage, out: &Path) -> PathBuf {
    generate_bindings_from(&bindings_cdylib(), language, out)
}

/// Generates bindings from `lib` in library mode into `out`, and copies the library
/// next to them under the bindings' own name (`libqike.so`), which Python loads.
pub fn generate_bindings_from(lib: &Path, language: TargetLanguage, out: &Path) -> PathBuf {
    let lib = lib.to_path_buf();
    let python = matches!(language, TargetLanguage::Python);
    let source = Utf8PathBuf::from_path_buf(lib.clone()).expect("utf-8 library path");
    let out_dir = Utf8PathBuf::from_path_buf(out.to_path_buf()).expect("utf-8 out path");
    generate(GenerateOptions {
        languages: vec![language],
        source,
        out_dir,
        config_override: None,
        format: false,
        crate_filter: None,
        metadata_no_deps: true,
    })
    .expect("uniffi bindings generation");
    if python {
        add_python_layer(&out.join("qike.py"));
    }
    let copy = out.join(bindings_cdylib().file_name().expect("library file name"));
    std::fs::copy(&lib, &copy).expect("copy library next to the bindings");
    copy
}

/// The Python layer over the generated module (`bindings/python/pythonic.py`).
pub const PYTHON_LAYER: &str = include_str!("../../bindings/python/pythonic.py");

/// Appends [`PYTHON_LAYER`] to a generated `qike.py`, as `bindings/generate.sh` does.
pub fn add_python_layer(module: &Path) {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(module)
        .unwrap_or_else(|e| panic!("cannot open {}: {e}", module.display()));
    file.write_all(PYTHON_LAYER.as_bytes()).expect("append the Python layer");
}

/// Runs a command and returns its stdout, panicking with both streams if it fails.
pub fn run_ok(command: &mut Command) -> String {
    let output = command.output().unwrap_or_else(|e| panic!("could not start {command:?}: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{command:?} failed with {}\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
    stdout
}

/// The Python check script: the whole exported API, end to end.
pub const PYTHON_CHECKS: &str = include_str!("../tests/ffi/check.py");

/// The Python interpreter to run: `python3`, else `python`.
pub fn python() -> &'static str {
    if have("python3", "--version") { "python3" } else { "python" }
}

/// Generates Python bindings from `lib` into a fresh folder named after `name`, runs
/// [`PYTHON_CHECKS`] against them and returns what it printed.
pub fn python_checks(name: &str, lib: &Path) -> String {
    let dir = scratch_dir(name);
    generate_bindings_from(lib, TargetLanguage::Python, &dir);
    assert!(dir.join("qike.py").exists(), "qike.py was not generated");
    let script = dir.join("check.py");
    std::fs::write(&script, PYTHON_CHECKS).expect("write check.py");
    run_ok(Command::new(python()).arg(&script).arg(&dir).arg(env!("CARGO_PKG_VERSION")))
}

/// The Python example in the README's Bindings section, as written there.
pub fn readme_python_example() -> String {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).expect("README.md");
    let bindings = readme.find("## Bindings").expect("README has a Bindings section");
    let rest = &readme[bindings..];
    let start = rest.find("```python\n").expect("a Python example in Bindings") + 10;
    let end = start + rest[start..].find("```").expect("the example ends");
    rest[start..end].to_owned()
}

/// Whether a program can be started (`program --version` or similar succeeds).
pub fn have(program: &str, arg: &str) -> bool {
    Command::new(program).arg(arg).output().map(|o| o.status.success()).unwrap_or(false)
}

/// Prints why a test did not run, in a form that stands out in the test log.
pub fn skip(test: &str, reason: &str) {
    eprintln!("SKIPPED {test}: {reason}");
    println!("SKIPPED {test}: {reason}");
}
