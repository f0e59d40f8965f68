//! The Python package: the bindings packed into a wheel by `bindings/python/build_wheel.py`,
//! installed with pip into a fresh virtual environment, and used from there (not from
//! the build folder) to run the README's example.

use std::path::Path;
use std::process::Command;

use qike_tests::{
    generate_bindings, python, readme_python_example, run_ok, scratch_dir, skip, workspace_root,
};
use uniffi_bindgen::bindings::TargetLanguage;

/// The virtual environment's interpreter.
fn venv_python(venv: &Path) -> std::path::PathBuf {
    if cfg!(windows) { venv.join("Scripts/python.exe") } else { venv.join("bin/python") }
}

/// Compares the installed `qike/__init__.pyi` with the module: each public class and
/// function of `qike` is in the stubs, with its public methods, and a marker for typed
/// packages is installed.
const STUBS_CHECK: &str = r#"
import ast, inspect, os, qike
folder = os.path.dirname(qike.__file__)
assert os.path.exists(os.path.join(folder, "py.typed"))
tree = ast.parse(open(os.path.join(folder, "__init__.pyi"), encoding="utf-8").read())
stubbed = {}
for node in tree.body:
    if isinstance(node, ast.ClassDef):
        stubbed[node.name] = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        stubbed[node.name] = set()
    elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Name):
        # A custom type's alias (`Station = Place`) has the members of what it names.
        for target in node.targets:
            stubbed[target.id] = stubbed.get(node.value.id, set())
names = 0
for name, obj in vars(qike).items():
    if name.startswith("_") or getattr(obj, "__module__", None) != "qike" or name.endswith("Protocol"):
        continue
    if not (inspect.isclass(obj) or inspect.isfunction(obj)):
        continue
    assert name in stubbed, f"{name} is not in the stubs"
    names += 1
    if inspect.isclass(obj):
        for member, value in vars(obj).items():
            public = not member.startswith("_") and not member.startswith("is_")
            if public and (inspect.isfunction(value) or isinstance(value, (staticmethod, classmethod))):
                assert member in stubbed[name], f"{name}.{member} is not in the stubs"
assert names > 100 and "ArgumentError" in stubbed and "__enter__" in stubbed["ProgressStore"], names
print(f"stubs cover {names} names")
"#;

#[test]
fn the_wheel_installs_into_a_fresh_venv_and_runs_the_readme_example() {
    const NAME: &str = "the_wheel_installs_into_a_fresh_venv_and_runs_the_readme_example";
    let root = scratch_dir("python-wheel");
    let bindings = root.join("bindings");
    std::fs::create_dir_all(&bindings).unwrap();
    generate_bindings(TargetLanguage::Python, &bindings);

    let venv = root.join("venv");
    let made = Command::new(python()).args(["-m", "venv"]).arg(&venv).output();
    if !made.map(|o| o.status.success()).unwrap_or(false) {
        return skip(
            NAME,
            "python3 cannot make a virtual environment (apt-get install python3-venv)",
        );
    }

    let script = workspace_root().join("bindings/python/build_wheel.py");
    let built = run_ok(Command::new(python()).arg(&script).arg(&bindings).arg(root.join("dist")));
    let wheel = Path::new(built.trim());
    let file = wheel.file_name().and_then(|n| n.to_str()).expect("the wheel's file name");
    let version = env!("CARGO_PKG_VERSION");
    assert!(file.starts_with(&format!("qike-{version}-py3-none-")), "{file}");
    assert!(file.ends_with(".whl") && wheel.exists(), "{built}");

    let py = venv_python(&venv);
    // Offline: the wheel has no dependencies, so pip needs no package index.
    run_ok(
        Command::new(&py)
            .args(["-m", "pip", "install", "--no-index", "--no-deps", "-q"])
            .arg(wheel),
    );
    let shown = run_ok(Command::new(&py).args(["-m", "pip", "show", "qike"]));
    assert!(shown.contains(&format!("Version: {version}")), "{shown}");

    // Run from an empty folder so that only the installed package can be imported.
    let work = root.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let example = work.join("example.py");
    std::fs::write(&example, readme_python_example()).unwrap();
    let out = run_ok(Command::new(&py).arg(&example).current_dir(&work).env_remove("PYTHONPATH"));
    assert!(out.contains("'Qh4#']"), "{out}");
    assert!(out.contains("point (8, 0) is not on the board"), "{out}");
    assert!(out.contains("1 []\n['小明']"), "{out}");
    assert!(out.trim_end().ends_with("True"), "{out}");

    let location = run_ok(
        Command::new(&py).args(["-c", "import qike; print(qike.__file__)"]).current_dir(&work),
    );
    assert!(Path::new(location.trim()).starts_with(&venv), "imported from {location}");

    // The installed type stubs name every public class, function and method of the module.
    let stubs = run_ok(Command::new(&py).arg("-c").arg(STUBS_CHECK).current_dir(&work));
    assert!(stubs.contains("stubs cover "), "{stubs}");
    let _ = std::fs::remove_dir_all(&root);
}
