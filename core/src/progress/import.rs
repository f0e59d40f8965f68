//! Reports in bulk: a pupil's report written to a file they can find, and the
//! teacher's imports of pasted text, one file or every file in a folder, each with a
//! tally (new, updated, already had, refused with the typed reason).

use std::io::Read;
use std::path::{Path, PathBuf};

use super::error::{ReportError, StoreError};
use super::ids::{ClassId, ProfileId};
use super::report::{MAX_REPORT_BYTES, TEXT_PREFIX, report_from_text, report_to_text};
use super::report_store::{ImportOutcome, ImportSummary};
use super::store::ProgressStore;
use crate::time::Timestamp;

/// The file ending of report files.
pub const REPORT_EXTENSION: &str = "qikereport";

/// Most files one folder import reads; more are refused, not silently skipped.
pub const MAX_FOLDER_FILES: usize = 2_000;

/// A report a pupil saved: where the file is, and the same report as text to copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedReport {
    pub path: PathBuf,
    pub text: String,
}

/// One report of an import and what became of it.
#[derive(Debug)]
pub struct ImportItem {
    /// The file name, or "pasted text".
    pub source: String,
    pub result: Result<ImportSummary, StoreError>,
}

/// What one import (of one or many reports) did.
#[derive(Debug, Default)]
pub struct ImportTally {
    pub items: Vec<ImportItem>,
}

impl ImportTally {
    fn count(&self, outcome: ImportOutcome) -> usize {
        self.items.iter().filter(|i| matches!(&i.result, Ok(s) if s.outcome == outcome)).count()
    }

    /// Pupils heard from for the first time.
    pub fn new_students(&self) -> usize {
        self.count(ImportOutcome::NewStudent)
    }

    /// Reports that brought something new for a known pupil.
    pub fn updated(&self) -> usize {
        self.count(ImportOutcome::Updated)
    }

    /// Reports the class already had.
    pub fn already_had(&self) -> usize {
        self.count(ImportOutcome::AlreadyImported)
    }

    /// The refused reports with their reasons.
    pub fn rejected(&self) -> impl Iterator<Item = (&str, &StoreError)> {
        self.items.iter().filter_map(|i| i.result.as_ref().err().map(|e| (i.source.as_str(), e)))
    }
}

/// The report inside some text or file bytes: the text form (`QIKE:REPORT:…`) or the
/// binary form as [`ProgressStore::export_report`] makes it.
pub fn report_bytes(raw: &[u8]) -> Result<Vec<u8>, ReportError> {
    let start = raw.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(raw.len());
    let rest = raw.get(start..).unwrap_or_default();
    let prefix = TEXT_PREFIX.as_bytes();
    if rest.len() >= prefix.len() && rest[..prefix.len()].eq_ignore_ascii_case(prefix) {
        let text = std::str::from_utf8(rest)
            .map_err(|_| ReportError::Malformed("the text is not UTF-8".into()))?;
        report_from_text(text)
    } else {
        Ok(raw.to_vec())
    }
}

/// Reads a report file, refusing one too large before reading it all.
pub fn read_report_file(path: &Path) -> Result<Vec<u8>, StoreError> {
    let file = std::fs::File::open(path).map_err(StoreError::from_io)?;
    // The text form is 8/5 the size of the bytes, plus its prefix and line ends.
    let limit = (MAX_REPORT_BYTES * 8 / 5 + 64) as u64;
    let mut raw = Vec::new();
    file.take(limit + 1).read_to_end(&mut raw).map_err(StoreError::from_io)?;
    if raw.len() as u64 > limit {
        let len = std::fs::metadata(path).map(|m| m.len() as usize).unwrap_or(raw.len());
        return Err(ReportError::Oversize { len, max: MAX_REPORT_BYTES }.into());
    }
    Ok(report_bytes(&raw)?)
}

/// The report files in a folder (by name ending), sorted by name.
pub fn report_files(dir: &Path) -> Result<Vec<PathBuf>, StoreError> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(StoreError::from_io)? {
        let path = entry.map_err(StoreError::from_io)?.path();
        let ours = path.extension().is_some_and(|e| e.eq_ignore_ascii_case(REPORT_EXTENSION));
        if ours && path.is_file() {
            out.push(path);
        }
    }
    if out.len() > MAX_FOLDER_FILES {
        return Err(StoreError::Invalid {
            field: "report folder",
            reason: format!("{} report files, at most {MAX_FOLDER_FILES} at once", out.len()),
        });
    }
    out.sort();
    Ok(out)
}

fn file_label(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into())
}

impl ProgressStore {
    /// Imports one report's bytes: into `class` if given (a report for another class
    /// is refused as the wrong class), else into whichever class here it names.
    fn import_one(
        &self,
        class: Option<ClassId>,
        bytes: Result<Vec<u8>, StoreError>,
        now: Timestamp,
    ) -> Result<ImportSummary, StoreError> {
        let bytes = bytes?;
        match class {
            Some(c) => self.import_report(c, &bytes, now),
            None => self.import_report_any(&bytes, now),
        }
    }

    /// Imports a pasted report (its text form).
    pub fn import_pasted(&self, class: Option<ClassId>, text: &str, now: Timestamp) -> ImportTally {
        let bytes = report_bytes(text.as_bytes()).map_err(StoreError::from);
        let result = self.import_one(class, bytes, now);
        ImportTally { items: vec![ImportItem { source: "pasted text".into(), result }] }
    }

    /// Imports a report file, or every report file of a folder.
    pub fn import_path(
        &self,
        class: Option<ClassId>,
        path: &Path,
        now: Timestamp,
    ) -> Result<ImportTally, StoreError> {
        if !path.exists() {
            return Err(StoreError::Invalid {
                field: "report path",
                reason: format!("{} is neither a file nor a folder", path.display()),
            });
        }
        let files = if path.is_dir() { report_files(path)? } else { vec![path.to_path_buf()] };
        let mut tally = ImportTally::default();
        for file in files {
            let result = self.import_one(class, read_report_file(&file), now);
            tally.items.push(ImportItem { source: file_label(&file), result });
        }
        Ok(tally)
    }

    /// Exports a pupil's report for a class as a file in `dir` (made if missing) and
    /// as text to copy. The file name tells the class and the report's number.
    pub fn save_report(
        &self,
        profile: ProfileId,
        class: ClassId,
        dir: &Path,
        now: Timestamp,
    ) -> Result<SavedReport, StoreError> {
        let bytes = self.export_report(profile, class, now)?;
        let seq = self
            .memberships(profile)?
            .into_iter()
            .find(|m| m.class == class)
            .map_or(0, |m| m.last_seq);
        let text = report_to_text(&bytes);
        std::fs::create_dir_all(dir).map_err(StoreError::from_io)?;
        let path = dir.join(format!("qike-{class}-{profile}-{seq:04}.{REPORT_EXTENSION}"));
        let tmp = path.with_extension("part");
        std::fs::write(&tmp, format!("{text}\n")).map_err(StoreError::from_io)?;
        std::fs::rename(&tmp, &path).map_err(StoreError::from_io)?;
        Ok(SavedReport { path, text })
    }
}
