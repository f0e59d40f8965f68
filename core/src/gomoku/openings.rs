//! The 26 standard openings (二十六种开局) of Chinese and renju competition: black's
//! first stone on 天元, white's second next to it — straight (直指, 13 openings) or
//! diagonal (斜指, 13 openings) — and black's third within the central 5×5 square.
//! Each is named after a star (星) or a moon (月); two, 游星 and 彗星, are known as
//! losing for black (黑方必负开局) and are left out of tournament use.
//!
//! Offsets below are `(file, rank)` from black's first stone, with white's second
//! stone straight above (`(0, 1)`, 直指) or up and to the right (`(1, 1)`, 斜指).

use super::board::BoardSize;
use crate::game::Point;

/// Whether white's first stone touches black's along a line (直指) or a diagonal (斜指).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OpeningKind {
    /// 直指: white's stone is straight next to black's.
    Direct,
    /// 斜指: white's stone is diagonally next to black's.
    Indirect,
}

impl OpeningKind {
    pub const fn chinese(self) -> &'static str {
        match self {
            OpeningKind::Direct => "直指",
            OpeningKind::Indirect => "斜指",
        }
    }

    /// White's second stone relative to black's first, in the canonical layout.
    pub const fn white_offset(self) -> (i8, i8) {
        match self {
            OpeningKind::Direct => (0, 1),
            OpeningKind::Indirect => (1, 1),
        }
    }
}

/// One of the 26 openings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The Chinese name, such as 花月.
    pub name: &'static str,
    /// The Japanese reading used in renju literature, such as Kagetsu.
    pub romaji: &'static str,
    pub kind: OpeningKind,
    /// Black's third stone relative to the first, in the canonical layout.
    pub third: (i8, i8),
    /// 黑方必负开局: black is known to lose with best play.
    pub black_loses: bool,
}

const fn direct(name: &'static str, romaji: &'static str, third: (i8, i8)) -> Opening {
    Opening { name, romaji, kind: OpeningKind::Direct, third, black_loses: false }
}

const fn indirect(name: &'static str, romaji: &'static str, third: (i8, i8)) -> Opening {
    Opening { name, romaji, kind: OpeningKind::Indirect, third, black_loses: false }
}

/// All 26 openings: the 13 直指 first, then the 13 斜指, each in the traditional order
/// (row by row from white's side of the 5×5 square, as 彭氏口诀 recites them).
pub const OPENINGS: [Opening; 26] = [
    direct("寒星", "Kansei", (0, 2)),
    direct("溪月", "Keigetsu", (1, 2)),
    direct("疏星", "Sosei", (2, 2)),
    direct("花月", "Kagetsu", (1, 1)),
    direct("残月", "Zangetsu", (2, 1)),
    direct("雨月", "Ugetsu", (1, 0)),
    direct("金星", "Kinsei", (2, 0)),
    direct("松月", "Shougetsu", (0, -1)),
    direct("丘月", "Kyuugetsu", (1, -1)),
    direct("新月", "Shingetsu", (2, -1)),
    direct("瑞星", "Zuisei", (0, -2)),
    direct("山月", "Sangetsu", (1, -2)),
    Opening { black_loses: true, ..direct("游星", "Yuusei", (2, -2)) },
    indirect("长星", "Chousei", (2, 2)),
    indirect("峡月", "Kyougetsu", (2, 1)),
    indirect("恒星", "Kousei", (2, 0)),
    indirect("水月", "Suigetsu", (2, -1)),
    indirect("流星", "Ryuusei", (2, -2)),
    indirect("云月", "Ungetsu", (1, 0)),
    indirect("浦月", "Hogetsu", (1, -1)),
    indirect("岚月", "Rangetsu", (1, -2)),
    indirect("银月", "Gingetsu", (0, -1)),
    indirect("明星", "Myoujou", (0, -2)),
    indirect("斜月", "Shagetsu", (-1, -1)),
    indirect("名月", "Meigetsu", (-1, -2)),
    Opening { black_loses: true, ..indirect("彗星", "Suisei", (-2, -2)) },
];

/// The eight symmetries of the square, acting on offsets: four rotations, each with
/// and without a mirror.
pub const fn symmetry(k: u8, (x, y): (i8, i8)) -> (i8, i8) {
    let (x, y) = if k & 4 != 0 { (-x, y) } else { (x, y) };
    match k & 3 {
        0 => (x, y),
        1 => (-y, x),
        2 => (-x, -y),
        _ => (y, -x),
    }
}

impl Opening {
    /// Looks an opening up by its Chinese name (彗星 also as 慧星) or its romaji.
    pub fn by_name(name: &str) -> Option<&'static Opening> {
        let name = if name == "慧星" { "彗星" } else { name };
        OPENINGS.iter().find(|o| o.name == name || o.romaji.eq_ignore_ascii_case(name))
    }

    /// The three stones on a board of the given size, black's first on 天元.
    pub fn stones(&self, size: BoardSize) -> [Point; 3] {
        let c = size.center();
        let at = |(dx, dy): (i8, i8)| {
            Point::new(c.file.wrapping_add_signed(dx), c.rank.wrapping_add_signed(dy))
        };
        [c, at(self.kind.white_offset()), at(self.third)]
    }

    /// Names the opening of a game from its first three moves, under any of the eight
    /// symmetries of the board. Black's first stone must be on 天元 and the third
    /// within the central 5×5 square, as the competition rules require.
    pub fn identify(moves: &[Point], size: BoardSize) -> Option<&'static Opening> {
        let [first, second, third, ..] = moves else { return None };
        if *first != size.center() {
            return None;
        }
        let off =
            |p: &Point| (p.file as i16 - first.file as i16, p.rank as i16 - first.rank as i16);
        let (w, b) = (off(second), off(third));
        if w.0.abs() > 2 || w.1.abs() > 2 || b.0.abs() > 2 || b.1.abs() > 2 {
            return None;
        }
        let w = (w.0 as i8, w.1 as i8);
        let b = (b.0 as i8, b.1 as i8);
        for k in 0..8 {
            let (tw, tb) = (symmetry(k, w), symmetry(k, b));
            for o in &OPENINGS {
                if tw == o.kind.white_offset() && tb == o.third {
                    return Some(o);
                }
            }
        }
        None
    }
}
