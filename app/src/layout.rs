//! Where the board sits on the screen: pure geometry from the window size and the
//! board's dimensions, shared by drawing, input and the render test.

use bevy::math::Vec2;
use qike_core::{Placement, Point};

/// Height of the title band above the board, as a share of the window height.
const HEADER_SHARE: f32 = 0.1;
/// Space kept around the outermost lines, in cells.
const MARGIN_CELLS: f32 = 0.6;
/// The same with the coordinates written around a board of line crossings: outside
/// the half pieces that stand on the edge lines.
const COORDINATE_MARGIN_CELLS: f32 = 1.1;

/// The board's geometry in logical pixels, y pointing down as in Bevy UI.
#[derive(Debug, Clone, Copy, PartialEq, bevy::prelude::Resource)]
pub struct BoardLayout {
    /// Top-left line crossing (intersections) or top-left square corner (squares).
    pub origin: Vec2,
    /// Distance between two neighbouring lines.
    pub cell: f32,
    pub files: u8,
    pub ranks: u8,
    pub placement: Placement,
    /// Height of the title band.
    pub header: f32,
    /// Drawn from the second player's side (black at the bottom).
    pub flipped: bool,
    /// Space around the outermost lines, in cells.
    pub margin: f32,
}

impl BoardLayout {
    /// Fits a board of `files` × `ranks` below the title band, as large as the window
    /// allows, centred. Works for a portrait phone and a landscape desktop window alike.
    pub fn fit(window: Vec2, files: u8, ranks: u8, placement: Placement) -> Self {
        let header = (window.y * HEADER_SHARE).clamp(40.0, 160.0);
        // Half a band below the board for the status line.
        let footer = header * 0.5;
        let area =
            bevy::math::Rect::new(0.0, header, window.x, (window.y - footer).max(header + 1.0));
        Self::fit_rect(area, files, ranks, placement)
    }

    /// Fits a board of `files` × `ranks` into `area`, as large as it allows, centred.
    pub fn fit_rect(area: bevy::math::Rect, files: u8, ranks: u8, placement: Placement) -> Self {
        Self::fit_board(area, files, ranks, placement, false)
    }

    /// [`BoardLayout::fit_rect`] with room for the coordinates when they are shown.
    pub fn fit_board(
        area: bevy::math::Rect,
        files: u8,
        ranks: u8,
        placement: Placement,
        coordinates: bool,
    ) -> Self {
        let margin = match placement {
            Placement::Intersections if coordinates => COORDINATE_MARGIN_CELLS,
            _ => MARGIN_CELLS,
        };
        let header = area.min.y;
        let avail = Vec2::new(area.width().max(1.0), area.height().max(1.0));
        // Lines span files-1 cells on intersection boards, files cells on square boards.
        let spans = match placement {
            Placement::Intersections => Vec2::new(files as f32 - 1.0, ranks as f32 - 1.0),
            Placement::Squares => Vec2::new(files as f32, ranks as f32),
        };
        let needed = spans + Vec2::splat(2.0 * margin);
        let cell = (avail.x / needed.x).min(avail.y / needed.y).max(1.0);
        let size = spans * cell;
        let origin =
            Vec2::new(area.min.x + (avail.x - size.x) / 2.0, header + (avail.y - size.y) / 2.0);
        BoardLayout { origin, cell, files, ranks, placement, header, flipped: false, margin }
    }

    /// Size of the area the lines cover.
    pub fn lines_size(&self) -> Vec2 {
        match self.placement {
            Placement::Intersections => {
                Vec2::new(self.files as f32 - 1.0, self.ranks as f32 - 1.0) * self.cell
            }
            Placement::Squares => Vec2::new(self.files as f32, self.ranks as f32) * self.cell,
        }
    }

    /// The screen position of a point's centre. Rank 0 is at the bottom.
    pub fn center(&self, p: Point) -> Vec2 {
        let p = self.orient(p);
        let from_top = (self.ranks - 1 - p.rank.min(self.ranks - 1)) as f32;
        let offset = match self.placement {
            Placement::Intersections => 0.0,
            Placement::Squares => 0.5,
        };
        self.origin + Vec2::new(p.file as f32 + offset, from_top + offset) * self.cell
    }

    /// The point under a screen position, if it is within half a cell of one.
    pub fn point_at(&self, pos: Vec2) -> Option<Point> {
        let offset = match self.placement {
            Placement::Intersections => 0.0,
            Placement::Squares => 0.5,
        };
        let rel = (pos - self.origin) / self.cell - Vec2::splat(offset);
        let (fx, fy) = (rel.x.round(), rel.y.round());
        if fx < 0.0 || fy < 0.0 || fx >= self.files as f32 || fy >= self.ranks as f32 {
            return None;
        }
        if (rel - Vec2::new(fx, fy)).length() > 0.5 {
            return None;
        }
        Some(self.orient(Point::new(fx as u8, self.ranks - 1 - fy as u8)))
    }

    /// Turns a point around when the board is flipped (its own inverse).
    fn orient(&self, p: Point) -> Point {
        if self.flipped {
            Point::new(
                (self.files - 1).saturating_sub(p.file),
                (self.ranks - 1).saturating_sub(p.rank),
            )
        } else {
            p
        }
    }

    /// Diameter of a drawn piece.
    pub fn piece_diameter(&self) -> f32 {
        self.cell * 0.88
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xiangqi(window: Vec2) -> BoardLayout {
        BoardLayout::fit(window, 9, 10, Placement::Intersections)
    }

    #[test]
    fn board_fits_portrait_phone_and_landscape_desktop() {
        for window in [Vec2::new(1080.0, 2340.0), Vec2::new(1280.0, 720.0)] {
            let l = xiangqi(window);
            let top_left = l.center(Point::new(0, 9));
            let bottom_right = l.center(Point::new(8, 0));
            let margin = l.cell * MARGIN_CELLS;
            assert!(top_left.x - margin >= -0.01 && top_left.y - margin >= l.header - 0.01);
            assert!(bottom_right.x + margin <= window.x + 0.01);
            assert!(bottom_right.y + margin <= window.y - l.header * 0.5 + 0.01);
            assert!(l.cell > 50.0, "board too small in {window}: cell {}", l.cell);
        }
    }

    #[test]
    fn every_point_maps_back_to_itself() {
        let l = xiangqi(Vec2::new(540.0, 1170.0));
        for file in 0..9 {
            for rank in 0..10 {
                let p = Point::new(file, rank);
                let c = l.center(p);
                assert_eq!(l.point_at(c), Some(p));
                assert_eq!(l.point_at(c + Vec2::splat(l.cell * 0.3)), Some(p));
            }
        }
        // Red's back rank is at the bottom of the screen; flipped, black's is.
        assert!(l.center(Point::new(4, 0)).y > l.center(Point::new(4, 9)).y);
        let f = BoardLayout { flipped: true, ..l };
        assert!(f.center(Point::new(4, 0)).y < f.center(Point::new(4, 9)).y);
        for p in [Point::new(0, 0), Point::new(2, 7), Point::new(8, 9)] {
            assert_eq!(f.point_at(f.center(p)), Some(p));
        }
        // Between two points, and outside the board, nothing is hit.
        let between = (l.center(Point::new(0, 0)) + l.center(Point::new(1, 1))) / 2.0;
        assert_eq!(l.point_at(between), None);
        assert_eq!(l.point_at(Vec2::new(1.0, 1.0)), None);
    }
}
