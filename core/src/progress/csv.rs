//! CSV export of the class dashboard for spreadsheet programs (the format is
//! the crate's: a byte-order mark, CRLF, formula-safe cells).

use super::classes::Assignment;
use super::dashboard::{AssignmentStatus, ClassMatrix};
use super::error::StoreError;
use super::ids::ClassId;
use super::records::LessonStatus;
use super::store::ProgressStore;
use crate::csv::{BOM, push_row};

/// The matrix as CSV: one row per student, then per lesson the stars (0–3), `…` for
/// started, empty for not started; totals at the end of each row.
pub fn matrix_csv(m: &ClassMatrix) -> String {
    let mut out = String::from(BOM);
    let mut header = vec!["student".to_owned(), "display name".to_owned()];
    header.extend(m.lessons.iter().cloned());
    header.extend(["lessons completed".to_owned(), "stars".to_owned(), "minutes".to_owned()]);
    push_row(&mut out, header);
    for (s, row) in m.students.iter().zip(&m.cells) {
        let mut cells = vec![s.shown_name().to_owned(), s.display_name.clone()];
        let (mut done, mut stars, mut ms) = (0u32, 0u32, 0u64);
        for cell in row {
            cells.push(match cell {
                None => String::new(),
                Some(c) if c.status == LessonStatus::Completed => {
                    done += 1;
                    stars += u32::from(c.stars);
                    ms = ms.saturating_add(c.time_ms);
                    c.stars.to_string()
                }
                Some(c) => {
                    ms = ms.saturating_add(c.time_ms);
                    "…".to_owned()
                }
            });
        }
        cells.extend([done.to_string(), stars.to_string(), (ms / 60_000).to_string()]);
        push_row(&mut out, cells);
    }
    out
}

/// One assignment's results as CSV.
pub fn assignment_csv(a: &Assignment, rows: &[AssignmentStatus]) -> String {
    let mut out = String::from(BOM);
    push_row(&mut out, ["assignment".into(), a.title.clone()]);
    push_row(
        &mut out,
        ["student".into(), "done".into(), "of".into(), "stars".into(), "finished".into()],
    );
    for r in rows {
        push_row(
            &mut out,
            [
                r.student.shown_name().to_owned(),
                r.done.to_string(),
                r.total.to_string(),
                r.stars.to_string(),
                if r.finished.is_some() { "yes".into() } else { "no".into() },
            ],
        );
    }
    out
}

impl ProgressStore {
    /// The class matrix as CSV text (write it to a `.csv` file as is).
    pub fn class_csv(&self, class: ClassId) -> Result<String, StoreError> {
        Ok(matrix_csv(&self.class_matrix(class)?))
    }

    pub fn assignment_csv(&self, class: ClassId, assignment: u64) -> Result<String, StoreError> {
        let a = self.assignment(class, assignment)?;
        Ok(assignment_csv(&a, &self.assignment_status(class, assignment)?))
    }
}
