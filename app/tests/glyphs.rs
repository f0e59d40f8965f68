//! Every character the app can show is in the bundled font subsets: all UI strings in
//! both languages and all lesson text of the shipped course (a character outside the
//! subset would be drawn as an empty box). Pieces and avatars use the bold subset.

use qike_app::i18n::Msg;
use qike_app::screens::profiles::AVATARS;
use qike_core::curriculum::xiangqi_course;
use skrifa::MetadataProvider;

fn missing(font: &[u8], text: &str) -> Vec<char> {
    let font = skrifa::FontRef::new(font).expect("a font file");
    let cmap = font.charmap();
    let mut out: Vec<char> =
        text.chars().filter(|c| !c.is_control() && cmap.map(*c).is_none()).collect();
    out.sort();
    out.dedup();
    out
}

const REGULAR: &[u8] = include_bytes!("../assets/fonts/NotoSansSC-Regular-subset.otf");
const BOLD: &[u8] = include_bytes!("../assets/fonts/NotoSansSC-Bold-subset.otf");

#[test]
fn ui_strings_and_lessons_are_covered_by_the_regular_font() {
    let mut all = String::new();
    for m in Msg::ALL {
        let (zh, en) = m.texts();
        all.push_str(zh);
        all.push_str(en);
    }
    all.push_str("★☆✓←·（）0123456789");
    // Every lesson file as written: texts, praise, hints, reasons, comments.
    let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/content");
    let mut files = 0;
    for game in std::fs::read_dir(&content).unwrap() {
        for file in std::fs::read_dir(game.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                all.push_str(&std::fs::read_to_string(&path).unwrap());
                files += 1;
            }
        }
    }
    assert!(files >= xiangqi_course().unwrap().lessons().count(), "lesson files found: {files}");
    let gaps = missing(REGULAR, &all);
    assert!(gaps.is_empty(), "characters missing from the regular font subset: {gaps:?}");
}

#[test]
fn pieces_letters_and_avatars_are_covered_by_the_bold_font() {
    let mut all = String::from("帅仕相马车炮兵将士象卒楚河汉界KAEHRCP");
    for a in AVATARS {
        all.push_str(a.1);
    }
    let gaps = missing(BOLD, &all);
    assert!(gaps.is_empty(), "characters missing from the bold font subset: {gaps:?}");
}
