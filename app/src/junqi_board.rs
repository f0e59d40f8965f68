//! Drawing a 四国军棋 board on a screen's painter: the four armies on their colours'
//! tints, railways thick, roads thin, camps as circles, headquarters as framed squares,
//! the pieces as tiles (a rank, or a back in its seat's colour), the marks of a move,
//! and every station pressable.
//!
//! The board turns so that the seat looking at it sits at the bottom, as at a real
//! table.

use bevy::prelude::*;
use qike_core::junqi::{GRID, STATIONS, Seat, Station, StationKind, ViewPiece, railway_lines};

use crate::ui::{INK, Painter, ScreenAction};

const TABLE: Color = Color::srgb(0.96, 0.91, 0.80);
const ROAD: Color = Color::srgb(0.45, 0.36, 0.26);
const RAIL: Color = Color::srgb(0.16, 0.12, 0.09);
const POST: Color = Color::srgb(0.99, 0.97, 0.92);
const SELECTED: Color = crate::ui::SELECTED;
const ATTACK: Color = Color::srgb(0.90, 0.30, 0.05);
const LAST_MOVE: Color = Color::srgb(0.15, 0.60, 0.25);
const HINT: Color = Color::srgb(0.95, 0.68, 0.05);

/// A seat's colour: 红 south, 紫 east, 蓝 north, 绿 west (as `Seat::colour_name`).
pub fn seat_colour(seat: Seat) -> Color {
    match seat {
        Seat::South => Color::srgb(0.80, 0.16, 0.10),
        Seat::East => Color::srgb(0.50, 0.24, 0.66),
        Seat::North => Color::srgb(0.13, 0.38, 0.78),
        Seat::West => Color::srgb(0.13, 0.52, 0.24),
    }
}

/// The light tint an army's ground is drawn in.
fn tint(seat: Seat) -> Color {
    seat_colour(seat).mix(&Color::WHITE, 0.82)
}

/// What is marked on the board besides the pieces.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// The piece picked up.
    pub selected: Option<Station>,
    /// Where it may go: a dot on an empty station, a ring on a piece to attack.
    pub targets: Vec<Station>,
    /// The last move, from and to.
    pub last: Option<(Station, Station)>,
    /// Stations a hint or a lesson points at.
    pub hints: Vec<Station>,
}

/// Where the board sits: the pixel of the drawing grid's (0, 0), the distance between
/// two neighbouring stations, and the seat drawn at the bottom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    pub origin: Vec2,
    pub cell: f32,
    pub bottom: Seat,
    /// Only this seat's army is drawn (the 布阵 page's close-up).
    pub only: Option<Seat>,
}

impl Geometry {
    /// The largest board that fits `area`, centred, with `bottom`'s army at the bottom.
    pub fn fit(area: Rect, bottom: Seat) -> Geometry {
        // The grid spans GRID - 1 cells; half a cell of margin on each side.
        let cell = area.width().min(area.height()) / GRID as f32;
        let span = cell * (GRID - 1) as f32;
        Geometry { origin: area.center() - Vec2::splat(span / 2.0), cell, bottom, only: None }
    }

    /// `seat`'s army alone, as large as `area` allows, centred (its six lines of five).
    pub fn fit_army(area: Rect, seat: Seat) -> Geometry {
        let cell = (area.width() / 5.0).min(area.height() / 6.0);
        // Turned to the bottom, an army spans x 6..=10 and y 11..=16 of the grid.
        let first = Vec2::new(6.0, 11.0) * cell;
        let span = Vec2::new(4.0, 5.0) * cell;
        let origin = area.center() - span / 2.0 - first;
        Geometry { origin, cell, bottom: seat, only: Some(seat) }
    }

    /// Whether `s` is drawn.
    pub fn shows(&self, s: Station) -> bool {
        self.only.is_none_or(|seat| s.seat() == Some(seat))
    }

    /// The area the drawing covers, margin included.
    pub fn rect(&self) -> Rect {
        match self.only {
            Some(seat) => {
                let corners = [(1, 1), (6, 5)]
                    .map(|(l, c)| self.center(Station::army(seat, l, c).expect("an army station")));
                Rect::from_corners(corners[0], corners[1]).inflate(self.cell / 2.0)
            }
            None => {
                let span = self.cell * (GRID - 1) as f32;
                Rect::from_corners(self.origin, self.origin + Vec2::splat(span))
                    .inflate(self.cell / 2.0)
            }
        }
    }

    /// A station's grid position turned so that `bottom` sits at the bottom.
    fn turned(&self, s: Station) -> (u8, u8) {
        let (mut x, mut y) = s.grid();
        for _ in 0..self.bottom.index() {
            (x, y) = (GRID - 1 - y, x);
        }
        (x, y)
    }

    /// The centre of a station on the screen.
    pub fn center(&self, s: Station) -> Vec2 {
        let (x, y) = self.turned(s);
        self.origin + Vec2::new(x as f32, y as f32) * self.cell
    }

    /// The station under a screen position (within half a cell of its centre).
    pub fn station_at(&self, pos: Vec2) -> Option<Station> {
        Station::all()
            .filter(|&s| self.shows(s))
            .map(|s| (s, self.center(s).distance(pos)))
            .filter(|&(_, d)| d < self.cell * 0.5)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
    }

    /// The size of a piece's tile.
    pub fn tile(&self) -> Vec2 {
        Vec2::new(self.cell * 0.92, self.cell * 0.64)
    }
}

/// Draws the board with `pieces` on it; `press` gives each station's action (none: the
/// board is only a picture).
pub fn draw<A: ScreenAction>(
    p: &mut Painter,
    geo: &Geometry,
    pieces: &[Option<ViewPiece>; STATIONS],
    marks: &Marks,
    press: Option<&dyn Fn(Station) -> A>,
) {
    let cell = geo.cell;
    p.panel(geo.rect(), TABLE, 0.4);
    // Each army's ground in its colour's tint.
    for seat in Seat::ALL.into_iter().filter(|&seat| geo.only.is_none_or(|o| o == seat)) {
        let corners = [(1, 1), (6, 5)]
            .map(|(l, c)| geo.center(Station::army(seat, l, c).expect("an army station")));
        let ground = Rect::from_corners(corners[0], corners[1]).inflate(cell * 0.48);
        p.panel(ground, tint(seat), 0.3);
    }
    if geo.only.is_none() {
        let centre = Rect::from_corners(
            geo.center(Station::centre(0, 0).expect("a centre station")),
            geo.center(Station::centre(2, 2).expect("a centre station")),
        )
        .inflate(cell * 0.48);
        p.panel(centre, POST.mix(&TABLE, 0.5), 0.3);
    }
    // Roads thin, then the railways thick over them.
    let road = (cell * 0.035).max(1.5).round();
    for a in Station::all().filter(|&s| geo.shows(s)) {
        for &b in a.neighbours() {
            if a < b && geo.shows(b) && !a.rail_neighbours().contains(&b) {
                p.segment(geo.center(a), geo.center(b), road, ROAD);
            }
        }
    }
    let rail = (cell * 0.09).max(3.0).round();
    for line in railway_lines() {
        for pair in line.windows(2).filter(|pair| geo.shows(pair[0]) && geo.shows(pair[1])) {
            rail_step(p, geo, pair[0], pair[1], rail);
        }
    }
    for s in Station::all().filter(|&s| geo.shows(s)) {
        station(p, geo, s);
    }
    if let Some((from, to)) = marks.last {
        for s in [from, to] {
            let r = Rect::from_center_size(geo.center(s), geo.tile() + Vec2::splat(cell * 0.16));
            p.outline(r, (cell * 0.06).max(2.0), LAST_MOVE, cell * 0.16);
        }
    }
    for s in &marks.hints {
        let r = Rect::from_center_size(geo.center(*s), geo.tile() + Vec2::splat(cell * 0.16));
        p.outline(r, (cell * 0.08).max(2.0), HINT, cell * 0.16);
    }
    for s in Station::all().filter(|&s| geo.shows(s)) {
        if let Some(piece) = pieces[s.index()] {
            tile(p, geo, s, piece);
        }
    }
    if let Some(s) = marks.selected {
        let r = Rect::from_center_size(geo.center(s), geo.tile() + Vec2::splat(cell * 0.12));
        p.outline(r, (cell * 0.09).max(3.0), SELECTED, cell * 0.14);
    }
    for &s in &marks.targets {
        let c = geo.center(s);
        if pieces[s.index()].is_some() {
            let r = Rect::from_center_size(c, geo.tile() + Vec2::splat(cell * 0.12));
            p.outline(r, (cell * 0.09).max(3.0), ATTACK, cell * 0.14);
        } else {
            p.panel(Rect::from_center_size(c, Vec2::splat(cell * 0.34)), SELECTED, cell);
        }
    }
    if let Some(press) = press {
        for s in Station::all().filter(|&s| geo.shows(s)) {
            let r = Rect::from_center_size(geo.center(s), Vec2::splat(cell));
            let e = p.panel(r, Color::NONE, 0.0);
            p.hit(e, r, press(s));
        }
    }
}

/// One step of a railway: straight, or the quarter arc round the empty corner between
/// two armies.
fn rail_step(p: &mut Painter, geo: &Geometry, a: Station, b: Station, width: f32) {
    let (ga, gb) = (a.grid(), b.grid());
    if ga.0 == gb.0 || ga.1 == gb.1 {
        p.segment(geo.center(a), geo.center(b), width, RAIL);
        return;
    }
    // The arc's centre is the corner of the two that holds no station.
    let (pa, pb) = (geo.center(a), geo.center(b));
    let corner = [Vec2::new(pa.x, pb.y), Vec2::new(pb.x, pa.y)]
        .into_iter()
        .find(|&c| geo.station_at(c).is_none())
        .unwrap_or(Vec2::new(pa.x, pb.y));
    let (from, to) = ((pa - corner).to_angle(), (pb - corner).to_angle());
    let mut sweep = to - from;
    if sweep > std::f32::consts::PI {
        sweep -= std::f32::consts::TAU;
    } else if sweep < -std::f32::consts::PI {
        sweep += std::f32::consts::TAU;
    }
    let radius = pa.distance(corner);
    const PIECES: usize = 8;
    let at = |i: usize| corner + Vec2::from_angle(from + sweep * i as f32 / PIECES as f32) * radius;
    for i in 0..PIECES {
        p.segment(at(i), at(i + 1), width, RAIL);
    }
}

/// An empty station's shape: a small box for a post, a circle for a camp, a framed
/// square for a headquarters.
fn station(p: &mut Painter, geo: &Geometry, s: Station) {
    let (c, cell) = (geo.center(s), geo.cell);
    let stroke = (cell * 0.04).max(1.5);
    match s.kind() {
        StationKind::Post => {
            let r = Rect::from_center_size(c, Vec2::new(cell * 0.56, cell * 0.38));
            p.panel(r, POST, 0.1);
            p.outline(r, stroke, ROAD, cell * 0.06);
        }
        StationKind::Camp => {
            let r = Rect::from_center_size(c, Vec2::splat(cell * 0.8));
            p.panel(r, POST, cell);
            p.outline(r, stroke * 1.5, ROAD, cell);
        }
        StationKind::Headquarters => {
            let r = Rect::from_center_size(c, Vec2::splat(cell * 0.8));
            p.panel(r, POST, 0.1);
            p.outline(r, stroke * 1.5, ROAD, cell * 0.08);
            let inner = r.inflate(-cell * 0.1);
            p.outline(inner, stroke, ROAD, cell * 0.04);
        }
    }
}

/// A piece: its rank on its seat's colour, or the plain back of a hidden piece.
fn tile(p: &mut Painter, geo: &Geometry, s: Station, piece: ViewPiece) {
    let r = Rect::from_center_size(geo.center(s), geo.tile());
    let colour = seat_colour(piece.seat);
    p.panel(r, colour, 0.25);
    p.outline(r, (geo.cell * 0.04).max(1.5), INK, geo.cell * 0.12);
    match piece.rank {
        Some(rank) => {
            let size = geo.cell * 0.34;
            let text = Rect::new(r.min.x, r.center().y - size * 0.66, r.max.x, r.max.y);
            let unit = p.unit;
            p.text_aligned(text, rank.chinese(), size / unit, Color::WHITE, Justify::Center);
        }
        None => {
            // A back: a lighter inner panel, so a hidden piece reads as a tile face down.
            let inner = r.inflate(-geo.cell * 0.12);
            p.panel(inner, colour.mix(&Color::WHITE, 0.35), 0.15);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_close_up_finds_its_own_stations_only() {
        let area = Rect::new(0.0, 100.0, 1080.0, 1400.0);
        let geo = Geometry::fit_army(area, Seat::East);
        assert!(area.contains(geo.rect().min) && area.contains(geo.rect().max - 0.01));
        for s in Station::all() {
            let found = geo.station_at(geo.center(s));
            assert_eq!(found, (s.seat() == Some(Seat::East)).then_some(s));
        }
    }

    #[test]
    fn every_station_is_found_where_it_is_drawn_from_every_seat() {
        let area = Rect::new(0.0, 100.0, 1080.0, 1300.0);
        for seat in Seat::ALL {
            let geo = Geometry::fit(area, seat);
            assert!(area.contains(geo.rect().min) && area.contains(geo.rect().max - 0.01));
            for s in Station::all() {
                assert_eq!(geo.station_at(geo.center(s)), Some(s));
                assert!(geo.rect().contains(geo.center(s)));
            }
            // The seat's own headquarters are at the bottom of the board.
            let hq = Station::army(seat, 6, 2).unwrap();
            assert!(geo.center(hq).y > geo.rect().max.y - geo.cell);
        }
    }
}
