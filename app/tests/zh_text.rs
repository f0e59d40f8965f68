//! Every Chinese string a child can see (the app's own messages and every text of
//! every course) reads as Chinese: no file path, no system error text, and no
//! half-width `?`, `(`, `)` or `:` beside Chinese characters.

use qike_app::data::courses;
use qike_app::i18n::Msg;

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}' | '“' | '”' | '…')
}

/// What is wrong with one string, if anything.
fn problems(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !matches!(c, '?' | '(' | ')' | ':') {
            continue;
        }
        let before = chars[..i].iter().rev().find(|c| **c != ' ').copied();
        let after = chars[i + 1..].iter().find(|c| **c != ' ').copied();
        if before.is_some_and(is_cjk) || after.is_some_and(is_cjk) {
            out.push(format!("half-width {c:?} in Chinese text"));
        }
    }
    let lower = s.to_lowercase();
    for os in ["os error", "errno", "no such file", "file exists", "permission denied"] {
        if lower.contains(os) {
            out.push(format!("system error text {os:?}"));
        }
    }
    let ascii = |p: &str| {
        !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
    };
    let path_like = s.split(char::is_whitespace).any(|w| {
        let parts: Vec<&str> = w.split('/').collect();
        w.contains('\\')
            || w.starts_with("/") && parts.len() > 2
            || w.starts_with("~/")
            || parts.windows(2).filter(|p| ascii(p[0]) && ascii(p[1])).count() >= 2
    });
    if path_like {
        out.push("a file path".into());
    }
    out
}

/// Every `zh` text inside a course, found by walking its serialised form.
fn zh_texts(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::String(zh)) = map.get("zh") {
                out.push(zh.clone());
            }
            for x in map.values() {
                zh_texts(x, out);
            }
        }
        serde_json::Value::Array(xs) => xs.iter().for_each(|x| zh_texts(x, out)),
        _ => {}
    }
}

#[test]
fn the_checker_catches_what_it_looks_for() {
    assert!(!problems("学习记录打不开了（os error 17）").is_empty());
    assert!(!problems("保存到：/tmp/qike/progress").is_empty());
    assert!(!problems("什么叫将军?").is_empty());
    assert!(!problems("马(马腿)").is_empty());
    assert!(!problems("答案:3").is_empty());
    assert!(problems("走：马g1-f3（Nf3）。").is_empty());
    assert!(problems("各种棋的对局（胜/和/负）").is_empty());
}

#[test]
fn every_chinese_string_a_child_sees_reads_as_chinese() {
    let mut bad = Vec::new();
    for &m in Msg::ALL {
        for p in problems(m.texts().0) {
            bad.push(format!("{m:?}: {p}: {}", m.texts().0));
        }
    }
    assert!(courses().len() >= 4, "the four courses ship");
    for c in courses() {
        let mut texts = Vec::new();
        zh_texts(&serde_json::to_value(c).unwrap(), &mut texts);
        assert!(texts.len() > 50, "{}: only {} texts found", c.id, texts.len());
        for t in texts {
            for p in problems(&t) {
                bad.push(format!("{}: {p}: {t}", c.id));
            }
        }
    }
    assert!(bad.is_empty(), "{} strings to fix:\n{}", bad.len(), bad.join("\n"));
}
