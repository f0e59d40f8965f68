//! The board's ground: chess squares, the lines of xiangqi, Go and gomoku, their marks
//! (river, palaces, star points) and the coordinates written around them.

use qike_core::BoardMark;

use super::*;

/// Chess: the 64 squares, light and dark (a1 dark), and a frame.
pub(super) fn draw_squares(
    view: &BoardView,
    layout: &BoardLayout,
    stroke: f32,
    out: &mut Vec<Drawn>,
) {
    let cell = layout.cell;
    for file in 0..view.files {
        for rank in 0..view.ranks {
            let c = layout.center(Point::new(file, rank));
            let dark = (file + rank) % 2 == 0;
            // A hair larger than the cell, so no seam of wood shows between squares.
            let side = cell + 0.5;
            out.push(Drawn::Rect {
                pos: c - Vec2::splat(side / 2.0),
                size: Vec2::splat(side),
                color: if dark { DARK_SQUARE } else { LIGHT_SQUARE },
                rotation: 0.0,
            });
        }
    }
    let (o, size) = (layout.origin, layout.lines_size());
    let corners = [o, o + Vec2::new(size.x, 0.0), o + size, o + Vec2::new(0.0, size.y)];
    for i in 0..4 {
        out.push(line(corners[i], corners[(i + 1) % 4], stroke, LINE));
    }
}

/// Xiangqi, Go and gomoku: the lines (xiangqi's inner files stop at the river).
pub(super) fn draw_lines(
    view: &BoardView,
    layout: &BoardLayout,
    stroke: f32,
    out: &mut Vec<Drawn>,
) {
    let river = view.marks.iter().find_map(|m| match m {
        BoardMark::River { below_rank, .. } => Some(*below_rank),
        _ => None,
    });
    let at = |file: u8, rank: u8| layout.center(Point::new(file, rank));
    let (max_file, max_rank) = (view.files - 1, view.ranks - 1);
    for rank in 0..=max_rank {
        out.push(line(at(0, rank), at(max_file, rank), stroke, LINE));
    }
    for file in 0..=max_file {
        let edge = file == 0 || file == max_file;
        match river {
            // Inner files stop at the river; the edge files run through it.
            Some(r) if !edge => {
                out.push(line(at(file, 0), at(file, r), stroke, LINE));
                out.push(line(at(file, r + 1), at(file, max_rank), stroke, LINE));
            }
            _ => out.push(line(at(file, 0), at(file, max_rank), stroke, LINE)),
        }
    }
}

/// River, palaces, star points, position marks and renju's forbidden points.
pub(super) fn draw_marks(
    view: &BoardView,
    layout: &BoardLayout,
    fonts: &UiFonts,
    stroke: f32,
    out: &mut Vec<Drawn>,
) {
    let cell = layout.cell;
    let size = layout.lines_size();
    for mark in &view.marks {
        match mark {
            BoardMark::River { below_rank, left_text, right_text } => {
                let y = (layout.center(Point::new(0, *below_rank)).y
                    + layout.center(Point::new(0, below_rank + 1)).y)
                    / 2.0;
                let quarter = size.x / 4.0;
                for (text, x) in [(left_text, quarter), (right_text, 3.0 * quarter)] {
                    out.push(Drawn::Label {
                        center: Vec2::new(layout.origin.x + x, y),
                        size: Vec2::new(cell * 3.0, cell * 0.9),
                        text: text.clone(),
                        font: fonts.bold.clone(),
                        px: cell * 0.5,
                        color: LINE,
                    });
                }
            }
            BoardMark::Palace { low, high } => {
                let (a, b) = (layout.center(*low), layout.center(*high));
                out.push(line(a, b, stroke, LINE));
                out.push(line(Vec2::new(a.x, b.y), Vec2::new(b.x, a.y), stroke, LINE));
            }
            BoardMark::StarPoint { at } => out.push(Drawn::Dot {
                center: layout.center(*at),
                diameter: (cell * 0.2).max(4.0),
                color: LINE,
                target: false,
            }),
            BoardMark::PositionMark { at } => {
                let c = layout.center(*at);
                let (gap, arm) = (cell * 0.08, cell * 0.16);
                for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                    let at_left_edge = at.file == 0 && dx < 0.0;
                    let at_right_edge = at.file + 1 == view.files && dx > 0.0;
                    if at_left_edge || at_right_edge {
                        continue;
                    }
                    let knee = c + Vec2::new(dx * gap, dy * gap);
                    out.push(line(knee, knee + Vec2::new(dx * arm, 0.0), stroke * 0.8, LINE));
                    out.push(line(knee, knee + Vec2::new(0.0, dy * arm), stroke * 0.8, LINE));
                }
            }
            BoardMark::Forbidden { at } => {
                let width = (stroke * 1.8).max(2.0);
                cross(layout.center(*at), cell * 0.24, width, FORBIDDEN, out);
            }
        }
    }
}

/// The smallest font size of the coordinates, in pixels: about 24 pixels of digit.
const MIN_LABEL_PX: f32 = 32.0;

/// The labels of [`qike_core::GameKind::coordinates`] around the board. Xiangqi
/// writes each side's file numbers on its own edge (red's 九…一 under red); the other
/// games write letters under the board and numbers on its left, as seen on screen.
pub(super) fn draw_coordinates(
    view: &BoardView,
    layout: &BoardLayout,
    fonts: &UiFonts,
    out: &mut Vec<Drawn>,
) {
    let cell = layout.cell;
    let coords = view.kind.coordinates();
    let (off, px) = match layout.placement {
        Placement::Intersections => (cell * 0.78, cell * 0.34),
        Placement::Squares => (cell * 0.3, cell * 0.26),
    };
    // Readable on the big boards too (a 19×19 line is 50 pixels on a phone), but never
    // wider than the margin it sits in.
    let px = px.max(MIN_LABEL_PX).min(cell * 0.6);
    let size = layout.lines_size();
    let (top, bottom) = (layout.origin.y - off, layout.origin.y + size.y + off);
    let label = |text: &str, center: Vec2| Drawn::Label {
        center,
        size: Vec2::splat(cell * 0.9),
        text: text.to_owned(),
        font: fonts.bold.clone(),
        px,
        color: LABEL,
    };
    // The first player's edge is at the bottom unless the board is turned.
    let (first_y, second_y) = if layout.flipped { (top, bottom) } else { (bottom, top) };
    let x_of = |file: usize| layout.center(Point::new(file as u8, 0)).x;
    match &coords.top {
        Some(top_row) => {
            for (file, text) in coords.bottom.iter().enumerate() {
                out.push(label(text, Vec2::new(x_of(file), first_y)));
            }
            for (file, text) in top_row.iter().enumerate() {
                out.push(label(text, Vec2::new(x_of(file), second_y)));
            }
        }
        None => {
            for (file, text) in coords.bottom.iter().enumerate() {
                out.push(label(text, Vec2::new(x_of(file), bottom)));
            }
        }
    }
    let left = layout.origin.x - off;
    for (rank, text) in coords.ranks.iter().enumerate() {
        let y = layout.center(Point::new(0, rank as u8)).y;
        out.push(label(text, Vec2::new(left, y)));
    }
}
