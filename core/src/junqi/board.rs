//! The board of 四国军棋: 129 stations on a 17×17 drawing grid, their kinds and names,
//! the roads (公路) and the railway lines (铁路线).
//!
//! # Coordinates
//!
//! The drawing grid has `x` = 0..=16 from left to right and `y` = 0..=16 from top to
//! bottom. The south seat's army fills `x` = 6..=10, `y` = 11..=16; the other armies are
//! the same army turned a quarter counter-clockwise each time (east: `x` = 11..=16,
//! north: `y` = 0..=5, west: `x` = 0..=5). The nine central stations (九宫) sit at
//! `x`, `y` ∈ {6, 8, 10}; the cells between them (7 and 9) are empty.
//!
//! ```text
//!        x: 0 1 2 3 4 5 6 7 8 9 10 11 ... 16
//!  y 0..5            north army (x 6..10)
//!  y 6..10  west army (x 0..5)   九宫 (6/8/10)   east army (x 11..16)
//!  y 11..16          south army (x 6..10)
//! ```
//!
//! Inside an army a station is named by its seat, its **line** (1 = 一线, the front row
//! facing the centre, … 5 = 五线, 6 = 底线) and its **column** (1..=5, counted from the
//! army owner's own left as they face the centre).
//!
//! # Station kinds
//!
//! - 行营 (camp): line 2 columns 2 and 4 (左前营, 右前营), line 3 column 3 (中营),
//!   line 4 columns 2 and 4 (左底营, 右底营). A piece in a camp cannot be attacked.
//! - 大本营 (HQ): line 6 columns 2 and 4. A piece that enters one never moves again.
//! - 兵站 (post): every other station, the nine central ones included.
//!
//! # Roads and railways
//!
//! Roads join the orthogonal neighbours inside an army, and each camp to its four
//! diagonal neighbours. Railways are straight lines (plus the four arcs):
//!
//! - each army's line 1 and line 5;
//! - the long lines `x` = 6, `x` = 10, `y` = 6, `y` = 10: one army's outer column
//!   (lines 1..=5), two central stations' worth of 九宫, the facing army's outer column;
//! - the short lines `x` = 8 and `y` = 8: the middle of one army's front row, the three
//!   central stations, the middle of the facing army's front row;
//! - the arcs (弧线): an army's left outer column (lines 5..=1) bends at the corner into
//!   the right outer column of the army to its left (lines 1..=5); a piece may ride
//!   through the arc as if it were straight.
//!
//! Every railway step is also a one-step move for any piece that moves at all.

use std::fmt;

/// A seat at the table, counter-clockwise from the south: 南, 东, 北, 西. South and
/// north are partners (team A), east and west (team B).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Seat {
    South,
    East,
    North,
    West,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat counter-clockwise (the turn order).
    pub fn next(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    pub fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    pub fn team(self) -> Team {
        if self.index().is_multiple_of(2) { Team::A } else { Team::B }
    }

    pub fn is_partner_or_self(self, other: Seat) -> bool {
        self.team() == other.team()
    }

    /// 南, 东, 北, 西.
    pub fn chinese(self) -> &'static str {
        ["南", "东", "北", "西"][self.index()]
    }

    pub fn english(self) -> &'static str {
        ["south", "east", "north", "west"][self.index()]
    }

    /// The letter of the seat in the text forms: S, E, N, W.
    pub fn letter(self) -> char {
        ['S', 'E', 'N', 'W'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.letter() == c.to_ascii_uppercase())
    }

    /// The seat's colour on a four-colour set: 红 (south), 紫 (east), 蓝 (north), 绿 (west).
    pub fn colour_name(self) -> &'static str {
        ["红", "紫", "蓝", "绿"][self.index()]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english())
    }
}

/// A team of two partners sitting opposite each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Team {
    /// South and north.
    A,
    /// East and west.
    B,
}

impl Team {
    pub fn seats(self) -> [Seat; 2] {
        match self {
            Team::A => [Seat::South, Seat::North],
            Team::B => [Seat::East, Seat::West],
        }
    }

    pub fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }
}

/// What a station is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StationKind {
    /// 兵站: an ordinary post.
    Post,
    /// 行营: a camp, where no piece can be attacked.
    Camp,
    /// 大本营: a headquarters; a piece that enters never moves again.
    Headquarters,
}

/// The number of stations: four armies of 30 and the nine central ones.
pub const STATIONS: usize = 129;
/// The side of the drawing grid.
pub const GRID: u8 = 17;

/// One of the 129 stations. Armies come first (seat × 30 + (line − 1) × 5 + column − 1),
/// then the nine central stations row by row from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Station(u8);

/// Where a station is: in a seat's army at a line and column, or in the centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Army {
        seat: Seat,
        line: u8,
        column: u8,
    },
    /// The central stations by grid row and column, each 0..=2 (top-left is 0, 0).
    Centre {
        row: u8,
        column: u8,
    },
}

impl Station {
    pub fn all() -> impl Iterator<Item = Station> {
        (0..STATIONS as u8).map(Station)
    }

    pub fn from_index(i: usize) -> Option<Station> {
        (i < STATIONS).then_some(Station(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The station in `seat`'s army at `line` (1..=6) and `column` (1..=5).
    pub fn army(seat: Seat, line: u8, column: u8) -> Option<Station> {
        ((1..=6).contains(&line) && (1..=5).contains(&column))
            .then(|| Station((seat.index() * 30) as u8 + (line - 1) * 5 + column - 1))
    }

    /// A central station by row and column (each 0..=2).
    pub fn centre(row: u8, column: u8) -> Option<Station> {
        (row < 3 && column < 3).then(|| Station(120 + row * 3 + column))
    }

    pub fn place(self) -> Place {
        if self.0 < 120 {
            Place::Army {
                seat: Seat::from_index(self.0 as usize / 30),
                line: (self.0 % 30) / 5 + 1,
                column: self.0 % 5 + 1,
            }
        } else {
            Place::Centre { row: (self.0 - 120) / 3, column: (self.0 - 120) % 3 }
        }
    }

    /// The seat whose army holds this station (none for the centre).
    pub fn seat(self) -> Option<Seat> {
        match self.place() {
            Place::Army { seat, .. } => Some(seat),
            Place::Centre { .. } => None,
        }
    }

    /// The line of an army station (1..=6).
    pub fn line(self) -> Option<u8> {
        match self.place() {
            Place::Army { line, .. } => Some(line),
            Place::Centre { .. } => None,
        }
    }

    pub fn kind(self) -> StationKind {
        match self.place() {
            Place::Army { line: 6, column: 2 | 4, .. } => StationKind::Headquarters,
            Place::Army { line: 2 | 4, column: 2 | 4, .. }
            | Place::Army { line: 3, column: 3, .. } => StationKind::Camp,
            _ => StationKind::Post,
        }
    }

    pub fn is_camp(self) -> bool {
        self.kind() == StationKind::Camp
    }

    pub fn is_headquarters(self) -> bool {
        self.kind() == StationKind::Headquarters
    }

    /// The station's position on the 17×17 drawing grid, `(x, y)`.
    pub fn grid(self) -> (u8, u8) {
        match self.place() {
            Place::Army { seat, line, column } => {
                let (mut x, mut y) = (5 + column, 10 + line);
                for _ in 0..seat.index() {
                    (x, y) = (y, 16 - x);
                }
                (x, y)
            }
            Place::Centre { row, column } => (6 + 2 * column, 6 + 2 * row),
        }
    }

    /// The station at a grid position, if there is one.
    pub fn at_grid(x: u8, y: u8) -> Option<Station> {
        Station::all().find(|s| s.grid() == (x, y))
    }

    /// The station's name in Chinese: the seat, the line and the traditional name where
    /// it has one (眉毛, 前腰, 左肋, 后腰, 角, 台, 营, 大本营 …), e.g. `南一线左眉毛`.
    pub fn chinese_name(self) -> String {
        match self.place() {
            Place::Army { seat, line, column } => {
                let line_name = ["一线", "二线", "三线", "四线", "五线", "底线"][line as usize - 1];
                let side = ["左", "左", "中", "右", "右"][column as usize - 1];
                let special = match (line, column) {
                    (1, 2 | 4) => format!("{side}眉毛"),
                    (2, 3) => "前腰".to_owned(),
                    (3, 2 | 4) => format!("{side}肋"),
                    (4, 3) => "后腰".to_owned(),
                    (5, 1 | 5) => format!("{side}角"),
                    (6, 1 | 5) => format!("{side}底角"),
                    (5, 2 | 4) => format!("{side}台"),
                    (2, 2 | 4) => format!("{side}前营"),
                    (3, 3) => "中营".to_owned(),
                    (4, 2 | 4) => format!("{side}底营"),
                    (6, 2 | 4) => format!("{side}大本营"),
                    (_, 1) => "左边路".to_owned(),
                    (_, 5) => "右边路".to_owned(),
                    (_, 3) => "中路".to_owned(),
                    _ => format!("第{column}路"),
                };
                format!("{}{line_name}{special}", seat.chinese())
            }
            Place::Centre { row, column } => match (row, column) {
                (1, 1) => "中宫".to_owned(),
                (0, 1) => "北边宫".to_owned(),
                (1, 0) => "西边宫".to_owned(),
                (1, 2) => "东边宫".to_owned(),
                (2, 1) => "南边宫".to_owned(),
                _ => format!(
                    "{}{}角宫",
                    if row == 0 { "北" } else { "南" },
                    if column == 0 { "西" } else { "东" }
                ),
            },
        }
    }

    /// The short name used in the text forms and the CLI: `S1.3` (seat, line, column) or
    /// `C0.2` for a central station (row, column).
    pub fn code(self) -> String {
        match self.place() {
            Place::Army { seat, line, column } => format!("{}{line}.{column}", seat.letter()),
            Place::Centre { row, column } => format!("C{row}.{column}"),
        }
    }

    /// Reads a name written by [`Station::code`].
    pub fn parse_code(text: &str) -> Option<Station> {
        let mut chars = text.chars();
        let head = chars.next()?;
        let rest: String = chars.collect();
        let (a, b) = rest.split_once('.')?;
        let (a, b) = (a.parse::<u8>().ok()?, b.parse::<u8>().ok()?);
        if head.eq_ignore_ascii_case(&'C') {
            Station::centre(a, b)
        } else {
            Station::army(Seat::from_letter(head)?, a, b)
        }
    }

    /// The stations one road or railway step away.
    pub fn neighbours(self) -> &'static [Station] {
        &geometry().neighbours[self.index()]
    }

    /// The stations one railway step away (empty if the station is off the railway).
    pub fn rail_neighbours(self) -> &'static [Station] {
        &geometry().rail_neighbours[self.index()]
    }

    /// The railway lines through this station, as (index into [`railway_lines`],
    /// position on the line).
    pub fn railway_places(self) -> &'static [(usize, usize)] {
        &geometry().places[self.index()]
    }

    pub fn is_on_railway(self) -> bool {
        !self.rail_neighbours().is_empty()
    }
}

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// The railway lines: ordered runs of stations along which a piece other than an
/// engineer moves straight (an arc counts as straight).
pub fn railway_lines() -> &'static [Vec<Station>] {
    &geometry().lines
}

struct Geometry {
    neighbours: Vec<Vec<Station>>,
    rail_neighbours: Vec<Vec<Station>>,
    lines: Vec<Vec<Station>>,
    places: Vec<Vec<(usize, usize)>>,
}

fn geometry() -> &'static Geometry {
    static GEOMETRY: std::sync::OnceLock<Geometry> = std::sync::OnceLock::new();
    GEOMETRY.get_or_init(build_geometry)
}

fn grid_line(points: impl Iterator<Item = (u8, u8)>) -> Vec<Station> {
    points.filter_map(|(x, y)| Station::at_grid(x, y)).collect()
}

fn build_geometry() -> Geometry {
    let mut lines: Vec<Vec<Station>> = Vec::new();
    for seat in Seat::ALL {
        for line in [1, 5] {
            lines.push((1..=5).filter_map(|c| Station::army(seat, line, c)).collect());
        }
        // The arc: this army's left outer column from line 5 to line 1, then the right
        // outer column of the army on its left (the previous seat) from line 1 to line 5.
        let left = seat.next().next().next();
        let mut arc: Vec<Station> =
            (1..=5).rev().filter_map(|l| Station::army(seat, l, 1)).collect();
        arc.extend((1..=5).filter_map(|l| Station::army(left, l, 5)));
        lines.push(arc);
    }
    for k in [6u8, 10] {
        // From line 5 of one army to line 5 of the facing one (the back rows are off).
        lines.push(grid_line((1..GRID - 1).map(|y| (k, y))));
        lines.push(grid_line((1..GRID - 1).map(|x| (x, k))));
    }
    lines.push(grid_line((5..=11).map(|y| (8, y))));
    lines.push(grid_line((5..=11).map(|x| (x, 8))));

    let mut rail: Vec<Vec<Station>> = vec![Vec::new(); STATIONS];
    let mut roads: Vec<Vec<Station>> = vec![Vec::new(); STATIONS];
    let link = |table: &mut Vec<Vec<Station>>, a: Station, b: Station| {
        if !table[a.index()].contains(&b) {
            table[a.index()].push(b);
            table[b.index()].push(a);
        }
    };
    for line in &lines {
        for pair in line.windows(2) {
            link(&mut rail, pair[0], pair[1]);
            link(&mut roads, pair[0], pair[1]);
        }
    }
    for seat in Seat::ALL {
        for line in 1..=6u8 {
            for column in 1..=5u8 {
                let here = Station::army(seat, line, column).expect("in the army");
                for (dl, dc) in [(1i8, 0i8), (0, 1), (1, 1), (1, -1)] {
                    let (l, c) = (line as i8 + dl, column as i8 + dc);
                    let Some(there) = Station::army(seat, l as u8, c as u8) else { continue };
                    if (l < 1 || c < 1)
                        || (dl != 0 && dc != 0 && !here.is_camp() && !there.is_camp())
                    {
                        continue;
                    }
                    link(&mut roads, here, there);
                }
            }
        }
    }
    for list in rail.iter_mut().chain(roads.iter_mut()) {
        list.sort();
    }
    let mut places = vec![Vec::new(); STATIONS];
    for (l, line) in lines.iter().enumerate() {
        for (at, s) in line.iter().enumerate() {
            places[s.index()].push((l, at));
        }
    }
    Geometry { neighbours: roads, rail_neighbours: rail, lines, places }
}
