//! The rules of the house from `ARCHITECTURE.md`, checked over the source text: layers
//! that only point down, a toolkit that names no screen, screens that do not import each
//! other, one random generator, no `#[path]` modules and files that stay readable.

use std::fs;
use std::path::{Path, PathBuf};

use qike_tests::workspace_root;

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap_or_else(|e| panic!("read {}: {e}", d.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The code of a file without its comments (line comments and doc comments), so a
/// sentence that mentions a module is not taken for a use of it.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level core modules a file of `dir` names through `crate::…`, including
/// grouped imports such as `use crate::{ai, progress::Timestamp}`.
fn crate_modules_named(code: &str) -> Vec<String> {
    let mut named = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first path segment of each item in the group (nested groups included).
            let end = group.find("};").or_else(|| group.find('}')).unwrap_or(group.len());
            for item in group[..end].split([',', '{']) {
                let head = item.trim().split("::").next().unwrap_or("").trim();
                if !head.is_empty() {
                    named.push(head.to_owned());
                }
            }
        } else {
            let head: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            named.push(head);
        }
    }
    named
}

#[test]
fn core_layers_only_point_down() {
    let src = workspace_root().join("core/src");
    let rules: [(&[&str], &[&str]); 6] = [
        (
            &["xiangqi", "chess", "go", "gomoku", "junqi"],
            &["ai", "curriculum", "progress", "session", "sync", "tournament"],
        ),
        (&["ai"], &["curriculum", "progress", "session", "sync", "tournament"]),
        (&["curriculum"], &["progress", "session", "sync", "tournament"]),
        (&["tournament"], &["ai", "progress", "session", "sync", "curriculum"]),
        // Class sync carries what progress makes; progress never names it.
        (&["progress"], &["sync"]),
        (&["sync"], &["session", "tournament"]),
    ];
    let mut broken = Vec::new();
    for (layers, above) in rules {
        for layer in layers {
            for file in rust_files(&src.join(layer)) {
                for module in crate_modules_named(&code_of(&file)) {
                    if above.contains(&module.as_str()) {
                        broken.push(format!(
                            "{} names crate::{module}",
                            file.strip_prefix(&src).unwrap().display()
                        ));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "imports that point up:\n{}", broken.join("\n"));
}

#[test]
fn the_toolkit_names_no_screen_and_no_screen_imports_another() {
    let app = workspace_root().join("app/src");
    let ui = code_of(&app.join("ui.rs"));
    assert!(!ui.contains("screens"), "app/src/ui.rs names a screen");

    let screens = app.join("screens");
    // The screens: each file and each folder of screens/ but its mod.rs.
    let names: Vec<String> = fs::read_dir(&screens)
        .expect("app/src/screens")
        .map(|e| e.expect("directory entry").path())
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .filter(|name| name != "mod")
        .collect();
    let mut broken = Vec::new();
    for file in rust_files(&screens) {
        let rel = file.strip_prefix(&screens).unwrap();
        // The screen a file belongs to: its own file, or the folder it sits in.
        let own = rel.components().next().unwrap().as_os_str().to_string_lossy();
        let own = own.trim_end_matches(".rs").to_owned();
        let code = code_of(&file);
        let mut rest = code.as_str();
        while let Some(i) = rest.find("screens::") {
            rest = &rest[i + "screens::".len()..];
            let other: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if other != own && names.contains(&other) {
                broken.push(format!("screens/{} names screens::{other}", rel.display()));
            }
        }
        for (n, line) in code.lines().enumerate() {
            if line.contains("super::super") {
                broken.push(format!(
                    "screens/{}:{} reaches up with super::super",
                    rel.display(),
                    n + 1
                ));
            }
        }
        // A file directly in screens/ is a screen of its own: `super::x` is another one.
        if rel.components().count() == 1 {
            for line in code.lines() {
                let mut rest = line;
                while let Some(i) = rest.find("super::") {
                    rest = &rest[i + "super::".len()..];
                    let other: String =
                        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if other != own && names.contains(&other) {
                        broken.push(format!("screens/{} names super::{other}", rel.display()));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "screens that import other screens:\n{}", broken.join("\n"));
}

#[test]
fn one_random_generator_and_no_path_modules() {
    let root = workspace_root();
    // Spelled apart so that this file does not match itself.
    let rng_type = ["struct", "Rng"].join(" ");
    let path_attr = ["#[", "path"].concat();
    let mut rngs = Vec::new();
    let mut paths = Vec::new();
    for dir in ["core/src", "core/tests", "app/src", "bindings/src", "tests"] {
        for file in rust_files(&root.join(dir)) {
            let code = code_of(&file);
            let rel = file.strip_prefix(&root).unwrap().display().to_string();
            if code.contains(&rng_type) {
                rngs.push(rel.clone());
            }
            if code.contains(&path_attr) {
                paths.push(rel);
            }
        }
    }
    assert_eq!(rngs, ["core/src/rng.rs"], "the random generator types");
    assert!(paths.is_empty(), "modules placed by a path attribute: {paths:?}");
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = workspace_root();
    let mut long = Vec::new();
    for dir in ["core/src", "app/src"] {
        for file in rust_files(&root.join(dir)) {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            if lines > 800 {
                long.push(format!(
                    "{} ({lines} lines)",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(long.is_empty(), "files to split by concept:\n{}", long.join("\n"));
}

#[test]
fn neither_the_app_nor_the_bindings_drive_a_thinker() {
    let root = workspace_root();
    let mut found = Vec::new();
    for dir in ["app/src", "bindings/src"] {
        for file in rust_files(&root.join(dir)) {
            if code_of(&file).contains("Thinker") {
                found.push(file.strip_prefix(&root).unwrap().display().to_string());
            }
        }
    }
    assert!(found.is_empty(), "files that lend an engine to a Thinker: {found:?}");
}
