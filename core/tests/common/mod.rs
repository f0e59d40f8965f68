//! Helpers shared by several test files. Each test binary uses some of them only.
#![allow(dead_code)]

use std::path::Path;

/// The head of a test lesson: id, title and a minimal 教案; steps follow.
pub const LESSON_HEAD: &str = r#"
id = "test-lesson"
title = { zh = "测试", en = "Test" }
[plan]
content = { zh = "内容", en = "content" }
objectives = [{ zh = "目标", en = "goal" }]
key_points = [{ zh = "重点", en = "key" }]
materials = [{ zh = "棋", en = "set" }]
process = [{ zh = "过程", en = "process" }]
summary = { zh = "小结", en = "summary" }
periods = 1
minutes = 5
"#;

/// Copies a folder tree (a store fixture into a scratch folder).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
