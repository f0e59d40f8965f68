//! The class dashboard for a class of up to 45: the class name as the title, sorting by
//! name, progress or last activity, pupils × the class's lessons grouped by unit
//! (stars in gold, started lessons in blue; a tap on a cell opens that pupil's record
//! of the lesson), lessons done, last active and homework per pupil, who needs help
//! (core's rule), the class's homework, and the CSV export. The rows page with the
//! buttons and scroll with the mouse wheel.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use qike_core::progress::{
    BehindReason, ClassId, DashboardRow, HelpReason, LessonStatus, ProgressStore, RowOrder,
    StoreError, Timestamp,
};

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};

use super::{Teacher, TeacherAction, TeacherPage, homework, open_games};
use crate::data::{Store, courses_of, find_lesson};
use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Painter, STAR};
use crate::widgets::{TAP, export_dir, header};

/// Rows scrolled by one notch of the mouse wheel.
const WHEEL_ROWS: i32 = 3;

/// Moves the first row shown by `step` rows, staying inside the class's roster.
pub(super) fn move_rows(t: &mut Teacher, s: &ProgressStore, step: i32) {
    let n = t.class.and_then(|c| s.roster(c).ok()).map_or(0, |r| r.len());
    let at = (t.first_row as i64 + i64::from(step)).clamp(0, n.saturating_sub(1) as i64);
    t.first_row = at as usize;
}

/// Registers the wheel's scrolling with the teacher area.
pub(super) fn add(app: &mut App) {
    app.add_message::<MouseWheel>().add_systems(
        Update,
        wheel.in_set(crate::ui::UiSet::Logic).run_if(in_state(TeacherPage::Dashboard)),
    );
}

/// The mouse wheel scrolls the rows, a few at a notch (a trackpad's pixels add up).
fn wheel(
    mut wheel: MessageReader<MouseWheel>,
    mut t: ResMut<Teacher>,
    store: Option<Res<Store>>,
    mut redraw: ResMut<crate::ui::Redraw>,
    mut pixels: Local<f32>,
) {
    let Some(store) = store else {
        wheel.clear();
        return;
    };
    for w in wheel.read() {
        let notches = match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => {
                *pixels += w.y;
                let whole = (*pixels / 40.0).trunc();
                *pixels -= whole * 40.0;
                whole
            }
        };
        if notches != 0.0 {
            // Wheel up shows the rows above.
            move_rows(&mut t, &store.0, -(notches.round() as i32) * WHEEL_ROWS);
            redraw.0 = true;
        }
    }
}

/// Where the dashboard's parts go: fixed from the window, so the render test can check
/// the rows' pixels against it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// The line under the title: pupil count and the ▲ ▼ buttons.
    pub counts: Rect,
    pub sort: Rect,
    /// The unit headers over the cells.
    pub units: Rect,
    /// The first row's top and every row's height.
    pub top: f32,
    pub row_h: f32,
    /// How many rows fit.
    pub rows: usize,
    pub name_w: f32,
    /// Where the lesson cells go, left and right.
    pub cells: (f32, f32),
    pub left: f32,
    pub right: f32,
    /// Below the rows: who needs help and the homework.
    pub footer: Rect,
}

impl Grid {
    pub fn of(frame: &Frame) -> Grid {
        let u = frame.unit;
        let area = frame.inner(0.8);
        let top0 = area.min.y + 3.4 * u;
        let counts = Rect::new(area.min.x, top0, area.max.x, top0 + TAP * u);
        let sort =
            Rect::new(area.min.x, counts.max.y + 0.4 * u, area.max.x, counts.max.y + 3.4 * u);
        let units = Rect::new(area.min.x, sort.max.y + 0.4 * u, area.max.x, sort.max.y + 1.6 * u);
        let top = units.max.y + 0.2 * u;
        let footer_h = 12.5 * u;
        let row_h = 1.35 * u;
        let rows = (((area.max.y - footer_h) - top) / row_h).floor().max(1.0) as usize;
        let name_w = 4.6 * u;
        let right_cols = 7.0 * u;
        let cells = (area.min.x + name_w + 0.2 * u, area.max.x - right_cols - 0.2 * u);
        let footer =
            Rect::new(area.min.x, top + rows as f32 * row_h + 0.5 * u, area.max.x, area.max.y);
        Grid {
            counts,
            sort,
            units,
            top,
            row_h,
            rows,
            name_w,
            cells,
            left: area.min.x,
            right: area.max.x,
            footer,
        }
    }

    /// The `k`th visible row.
    pub fn row(&self, k: usize) -> Rect {
        let y = self.top + k as f32 * self.row_h;
        Rect::new(self.left, y, self.right, y + self.row_h)
    }
}

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let s = &store.0;
    let Some(class) = t.class.and_then(|id| s.class(id).ok()) else { return };
    header(&mut p, &frame, lang, &class.name, Some(Nav::Back));
    dashboard(&mut p, &frame, lang, s, &t, class.id);
}

/// Writes the class's dashboard as CSV into the exports folder.
pub fn export_csv(s: &ProgressStore, class: ClassId, data: &Path) -> Result<PathBuf, StoreError> {
    let csv = s.class_csv(class)?;
    let dir = export_dir(data);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("class-{class}.csv"));
    std::fs::write(&path, csv.as_bytes())?;
    Ok(path)
}

/// Pupils who need help (core's rule), each with why in words: (name, why).
pub fn needs_help(s: &ProgressStore, class: ClassId, lang: Lang) -> Vec<(String, String)> {
    let all = s.needs_help(class, Timestamp::now()).unwrap_or_default();
    all.into_iter()
        .map(|h| {
            let why = match h.reason {
                HelpReason::Behind(BehindReason::Inactive { days, last: Some(_) }) => {
                    lang.fill(Msg::InactiveDays, &[("n", &days.to_string())])
                }
                HelpReason::Behind(BehindReason::Inactive { last: None, .. }) => {
                    lang.get(Msg::NoActivityYet).to_owned()
                }
                HelpReason::Behind(BehindReason::Overdue { title, .. }) => {
                    format!("{}{}{title}", lang.get(Msg::Overdue), colon(lang))
                }
                HelpReason::Stuck { lesson_id, .. } => {
                    let title =
                        find_lesson(&lesson_id).map_or(lesson_id, |(_, l)| lang.text(&l.title));
                    lang.fill(Msg::StuckOn, &[("lesson", &title)])
                }
            };
            (h.student.shown_name().to_owned(), why)
        })
        .collect()
}

/// The colon between a label and its text: full width in Chinese.
fn colon(lang: Lang) -> &'static str {
    if lang == Lang::Zh { "：" } else { ": " }
}

/// "今天", "3天前", or "—" for never.
fn active_text(at: Option<Timestamp>, now: Timestamp, lang: Lang) -> String {
    match at.map(|t| t.days_until(now)) {
        None => "—".to_owned(),
        Some(0) => lang.get(Msg::Today).to_owned(),
        Some(n) => lang.fill(Msg::DaysShort, &[("n", &n.to_string())]),
    }
}

fn cell_colour(c: Option<qike_core::progress::MatrixCell>) -> Color {
    match c {
        Some(c) if c.status == LessonStatus::Completed => match c.stars {
            3 => STAR,
            2 => Color::srgb(0.97, 0.80, 0.40),
            _ => Color::srgb(0.99, 0.90, 0.68),
        },
        Some(c) if c.status == LessonStatus::InProgress => Color::srgb(0.62, 0.78, 0.93),
        _ => Color::srgb(0.92, 0.90, 0.86),
    }
}

fn dashboard(
    p: &mut Painter,
    frame: &Frame,
    lang: Lang,
    s: &ProgressStore,
    t: &Teacher,
    class: ClassId,
) {
    let u = frame.unit;
    let g = Grid::of(frame);
    let now = Timestamp::now();
    // The lessons as columns, unit by unit of the class's courses.
    let units: Vec<&qike_core::curriculum::schema::Unit> =
        courses_of(&open_games(s, t)).into_iter().flat_map(|c| c.units.iter()).collect();
    let lessons: Vec<String> =
        units.iter().flat_map(|u| u.lessons.iter().map(|l| l.id.clone())).collect();
    let Ok(rows) = s.dashboard_rows(class, &lessons, t.order, now) else { return };
    let first = t.first_row.min(rows.len().saturating_sub(1));
    let shown = rows.len().saturating_sub(first).min(g.rows);

    // Counts and paging.
    let counts = lang.fill(
        Msg::DashboardCounts,
        &[
            ("n", &rows.len().to_string()),
            ("from", &(first + 1).min(rows.len()).to_string()),
            ("to", &(first + shown).to_string()),
        ],
    );
    let c = g.counts;
    let text = Rect::new(c.min.x, c.min.y + 0.7 * u, c.max.x - 9.6 * u, c.max.y);
    p.text(text, counts, 0.85, MUTED);
    let up = Rect::new(c.max.x - 9.4 * u, c.min.y, c.max.x - 4.8 * u, c.max.y);
    let down = Rect::new(c.max.x - 4.6 * u, c.min.y, c.max.x, c.max.y);
    let look = |on: bool| if on { Look::Secondary } else { Look::Disabled };
    let (prev, more) = (lang.get(Msg::PrevRows), lang.get(Msg::NextRows));
    p.button(up, prev, TeacherAction::Rows(-(g.rows as i32)), look(first > 0));
    p.button(down, more, TeacherAction::Rows(g.rows as i32), look(first + shown < rows.len()));

    // Sorting, and the export beside it.
    let row = crate::ui::split(g.sort, 4, 0.4 * u);
    for (r, (order, msg)) in row.iter().zip([
        (RowOrder::Name, Msg::SortByName),
        (RowOrder::Progress, Msg::SortByProgress),
        (RowOrder::LastActive, Msg::SortByActive),
    ]) {
        let look = if t.order == order { Look::Selected } else { Look::Secondary };
        p.button(*r, lang.get(msg), TeacherAction::Sort(order), look);
    }
    p.button(row[3], lang.get(Msg::ExportCsvShort), TeacherAction::ExportCsv, Look::Secondary);

    // Unit headers over their groups of cells, a small gap between groups.
    let (x0, x1) = g.cells;
    let gap = 0.25 * u;
    let width = (x1 - x0 - gap * units.len().saturating_sub(1) as f32).max(1.0);
    let cell = width / lessons.len().max(1) as f32;
    let mut xs = Vec::with_capacity(lessons.len());
    let mut x = x0;
    let head = g.units;
    p.text(
        Rect::new(head.min.x, head.min.y, head.min.x + g.name_w, head.max.y),
        lang.get(Msg::ColumnUnits),
        0.6,
        MUTED,
    );
    for (i, unit) in units.iter().enumerate() {
        let w = cell * unit.lessons.len() as f32;
        let band = Rect::new(x, head.min.y, x + w, head.max.y);
        p.panel(Rect::new(band.min.x, band.max.y - 3.0, band.max.x, band.max.y), MUTED, 0.0);
        p.text_aligned(band, (i + 1).to_string(), 0.6, MUTED, Justify::Center);
        for _ in &unit.lessons {
            xs.push(x);
            x += cell;
        }
        x += gap;
    }
    let (done_x, active_x, hw_x) = (g.right - 7.0 * u, g.right - 4.8 * u, g.right - 2.0 * u);
    for (r, msg) in
        [(done_x, Msg::ColumnDone), (active_x, Msg::ColumnActive), (hw_x, Msg::ColumnHomework)]
    {
        let next = if r == hw_x {
            g.right
        } else if r == done_x {
            active_x
        } else {
            hw_x
        };
        p.text_aligned(
            Rect::new(r, head.min.y, next, head.max.y),
            lang.get(msg),
            0.55,
            MUTED,
            Justify::Center,
        );
    }

    for (k, r) in rows.iter().skip(first).take(shown).enumerate() {
        draw_row(p, &g, u, lang, now, k, r, &lessons, &xs, cell);
    }

    // What each unit number stands for, then who needs help, then the homework.
    let mut col = crate::ui::Column::new(g.footer, 0.25 * u);
    let legend: Vec<String> = units
        .iter()
        .enumerate()
        .map(|(i, unit)| format!("{} {}", i + 1, lang.text(&unit.topic())))
        .collect();
    let legend = format!("{}{}{}", lang.get(Msg::ColumnUnits), colon(lang), legend.join(" · "));
    // About 1.6 characters a unit of width at this size; a line per that many.
    let per_line = (col.width / (0.62 * u)).max(1.0);
    let lines = (legend.chars().count() as f32 / per_line).ceil().max(1.0);
    p.text(col.next(lines * 0.95 * u), legend, 0.6, MUTED);
    if let Some(problem) = &t.problem {
        p.text(col.next(1.3 * u), problem.clone(), 0.7, BAD);
    }
    p.text(col.next(1.4 * u), lang.get(Msg::NeedsHelp), 0.95, INK);
    let help = needs_help(s, class, lang);
    if help.is_empty() {
        p.text(col.next(1.2 * u), lang.get(Msg::NobodyBehind), 0.8, GOOD);
    }
    let lines: Vec<String> =
        help.iter().map(|(name, why)| format!("{name}{}{why}", colon(lang))).collect();
    // The first four, one to a line so none wraps into the homework below.
    for line in lines.iter().take(4) {
        p.text(col.next(1.1 * u), format!("· {line}"), 0.7, BAD);
    }
    homework::class_lines(p, &mut col, u, lang, s, class);
    if let Some(path) = &t.exported {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        p.text(col.next(1.2 * u), format!("{}{name}", lang.get(Msg::SavedTo)), 0.7, GOOD);
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_row(
    p: &mut Painter,
    g: &Grid,
    u: f32,
    lang: Lang,
    now: Timestamp,
    k: usize,
    r: &DashboardRow,
    lessons: &[String],
    xs: &[f32],
    cell: f32,
) {
    let row = g.row(k);
    if k % 2 == 1 {
        p.panel(row, Color::srgba(0.0, 0.0, 0.0, 0.035), 0.0);
    }
    let name = Rect::new(row.min.x, row.min.y, row.min.x + g.name_w, row.max.y);
    let hit = p.panel(name, Color::NONE, 0.0);
    p.hit(hit, name, TeacherAction::Pupil(r.student.student));
    // The text box sits inside the row with room above and below, so names never touch.
    let label = Rect::new(name.min.x + 0.2 * u, row.min.y + 0.22 * u, name.max.x, row.max.y);
    // An unverified pupil (older, class-signed reports only) is marked with a "？".
    let shown = if r.verified {
        r.student.shown_name().to_owned()
    } else {
        format!("{}？", r.student.shown_name())
    };
    p.text(label, shown, 0.72, if r.verified { INK } else { MUTED });
    for ((id, &x), c) in lessons.iter().zip(xs).zip(&r.cells) {
        let square = Rect::new(x + 1.0, row.min.y + 0.2 * u, x + cell - 1.0, row.max.y - 0.2 * u);
        let e = p.panel(square, cell_colour(*c), 0.12);
        p.hit(e, square, TeacherAction::Cell(r.student.student, id.clone()));
    }
    let text = |x0: f32, x1: f32| Rect::new(x0, row.min.y + 0.3 * u, x1, row.max.y);
    let (done_x, active_x, hw_x) = (g.right - 7.0 * u, g.right - 4.8 * u, g.right - 2.0 * u);
    let done = format!("{}/{}", r.done, lessons.len());
    p.text_aligned(text(done_x, active_x), done, 0.62, INK, Justify::Center);
    let idle =
        r.last_active.is_none_or(|t| t.days_until(now) >= qike_core::progress::INACTIVE_DAYS);
    let active = active_text(r.last_active, now, lang);
    p.text_aligned(
        text(active_x, hw_x),
        active,
        0.62,
        if idle { BAD } else { INK },
        Justify::Center,
    );
    let hw = if r.homework_total == 0 {
        "—".to_owned()
    } else {
        format!("{}/{}", r.homework_done, r.homework_total)
    };
    let hw_colour = if r.homework_done < r.homework_total { BAD } else { INK };
    p.text_aligned(text(hw_x, g.right), hw, 0.62, hw_colour, Justify::Center);
}
