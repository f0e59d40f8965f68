//! Every character the app can show is in the bundled font subsets: all UI strings in
//! both languages, all lesson text of the shipped course, and what the core says on the
//! play screens (refusals, the Go count, levels, openings) — a character outside the
//! subset would be drawn as an empty box. Pieces, coordinates and avatars use the bold
//! subset.

use qike_app::i18n::{Lang, Msg};
use qike_app::widgets::AVATARS;
use qike_app::widgets::komi_text;
use qike_core::curriculum::xiangqi_course;
use qike_core::{GameKind, GoStart};
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
    // What the core says on the play screens: refusals, counts, levels, openings.
    all.push_str(&core_strings());
    for o in qike_core::gomoku::OPENINGS {
        all.push_str(o.name);
        all.push_str(o.romaji);
    }
    for kind in [GameKind::Xiangqi, GameKind::Chess, GameKind::Go { size: 9 }] {
        for l in qike_core::ai::levels(kind) {
            all.extend([l.name_zh, l.name_en, l.about_zh, l.about_en]);
        }
    }
    for lang in [Lang::Zh, Lang::En] {
        for start in [GoStart::Even, GoStart::NoKomi, GoStart::Handicap(2), GoStart::Handicap(25)] {
            all.push_str(&komi_text(start, lang));
        }
    }
    let gaps = missing(REGULAR, &all);
    assert!(gaps.is_empty(), "characters missing from the regular font subset: {gaps:?}");
}

/// The string literals of the core files whose texts the play screens show: each
/// game's reasons for refusing a move, the Go count, the generic refusals.
fn core_strings() -> String {
    let core = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/src");
    let mut out = String::new();
    for file in [
        "game.rs",
        "xiangqi/refusal.rs",
        "chess/face.rs",
        "go/face.rs",
        "go/score.rs",
        "gomoku/face.rs",
    ] {
        let text = std::fs::read_to_string(core.join(file)).unwrap();
        // Outside comments, every "…" (escapes are plain ASCII and do not matter here).
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (i, part) in line.split('"').enumerate() {
                if i % 2 == 1 {
                    out.push_str(part);
                }
            }
        }
    }
    out
}

#[test]
fn pieces_letters_coordinates_and_avatars_are_covered_by_the_bold_font() {
    // Xiangqi and chess pieces, the letters of both, the board's coordinates.
    let mut all = String::from("帅仕相马车炮兵将士象卒楚河汉界KAEHRCP王后车象马兵QBN");
    for kind in [GameKind::Xiangqi, GameKind::Chess, GameKind::Go { size: 19 }] {
        let c = kind.coordinates();
        all.extend(
            c.bottom.iter().chain(c.top.iter().flatten()).chain(&c.ranks).map(String::as_str),
        );
    }
    all.push('五');
    for a in AVATARS {
        all.push_str(a.1);
    }
    let gaps = missing(BOLD, &all);
    assert!(gaps.is_empty(), "characters missing from the bold font subset: {gaps:?}");
}
