//! The Python guide (`bindings/python/README.md`): every example in it runs, as written,
//! against bindings generated from the built library, each in a fresh interpreter.

use std::process::Command;

use qike_tests::{generate_bindings, python, run_ok, scratch_dir, workspace_root};
use uniffi_bindgen::bindings::TargetLanguage;

/// The guide's ```python blocks, in order.
fn guide_examples(guide: &str) -> Vec<String> {
    let mut examples = Vec::new();
    let mut rest = guide;
    while let Some(start) = rest.find("```python\n") {
        let body = &rest[start + "```python\n".len()..];
        let end = body.find("```").expect("an example in the guide ends");
        examples.push(body[..end].to_owned());
        rest = &body[end + 3..];
    }
    examples
}

#[test]
fn every_example_of_the_python_guide_runs_as_written() {
    let root = workspace_root();
    let guide = std::fs::read_to_string(root.join("bindings/python/README.md")).expect("guide");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    assert!(readme.contains("bindings/python/README.md"), "the README links to the guide");
    let examples = guide_examples(&guide);
    assert!(examples.len() >= 6, "the guide has its six tasks: {} examples", examples.len());

    let dir = scratch_dir("python-guide");
    generate_bindings(TargetLanguage::Python, &dir);
    for (i, example) in examples.iter().enumerate() {
        let script = dir.join(format!("example{i}.py"));
        std::fs::write(&script, example).unwrap();
        let out = run_ok(Command::new(python()).arg(&script).env("PYTHONPATH", &dir));
        assert!(!out.trim().is_empty(), "example {i} printed nothing:\n{example}");
    }
}
