//! The teacher's views of a class, built from the roster, the assignments and the
//! records merged from reports.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::classes::{AssignmentItem, RosterEntry};
use super::codec::decode;
use super::error::StoreError;
use super::ids::{ClassId, ProfileId};
use super::records::{GameRecord, LessonRecord, LessonStatus, PlayerResult, PuzzleRecord};
use super::store::{ProgressStore, rating_key};
use crate::time::Timestamp;

/// One cell of the student × lesson matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatrixCell {
    pub status: LessonStatus,
    pub stars: u8,
    pub time_ms: u64,
}

/// Students (rows, as the roster orders them) × lessons (columns, sorted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassMatrix {
    pub students: Vec<RosterEntry>,
    pub lessons: Vec<String>,
    /// `cells[row][column]`; `None` where the student has not opened the lesson.
    pub cells: Vec<Vec<Option<MatrixCell>>>,
    /// Per row: whether the pupil's reports are signed by their pinned key. `false`
    /// marks an unverified pupil (older, class-signed reports only, or none yet).
    pub verified: Vec<bool>,
}

/// One student's standing on one assignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignmentStatus {
    pub student: RosterEntry,
    /// Items completed (lessons) or solved (puzzles).
    pub done: usize,
    pub total: usize,
    /// Stars over the assignment's lessons.
    pub stars: u32,
    /// When the last item was done, if all are.
    pub finished: Option<Timestamp>,
}

/// What happened, for a student's timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActivityKind {
    LessonCompleted { lesson_id: String, stars: u8 },
    LessonWorkedOn { lesson_id: String },
    PuzzleSolved { puzzle_id: String },
    Game { kind: crate::GameKind, ai_level: Option<u8>, result: PlayerResult },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub at: Timestamp,
    pub kind: ActivityKind,
}

/// Games against one AI level in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelStats {
    pub game: String,
    pub level: u8,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    pub unfinished: u32,
}

/// Why a student needs attention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BehindReason {
    /// Nothing done for this many days (or never, if `last` is `None`).
    Inactive { days: i64, last: Option<Timestamp> },
    /// An assignment is past due and not finished.
    Overdue { assignment: u64, title: String, done: usize, total: usize },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BehindStudent {
    pub student: RosterEntry,
    pub reasons: Vec<BehindReason>,
}

/// Class-wide numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassSummary {
    pub students: usize,
    pub avg_lessons_completed: f64,
    pub avg_stars: f64,
    pub avg_time_ms: f64,
    pub behind: Vec<BehindStudent>,
}

fn student_of(key: &[u8]) -> Option<ProfileId> {
    let b: [u8; 16] = key.get(4..20)?.try_into().ok()?;
    Some(ProfileId(u128::from_be_bytes(b)))
}

impl ProgressStore {
    /// Every lesson record of a class, grouped by student, in one scan.
    pub(super) fn class_lesson_map(
        &self,
        class: ClassId,
    ) -> Result<BTreeMap<ProfileId, Vec<LessonRecord>>, StoreError> {
        self.with(|i, d| {
            let mut out: BTreeMap<ProfileId, Vec<LessonRecord>> = BTreeMap::new();
            for kv in i.t.class_lessons.scan_prefix(class.0.to_be_bytes()) {
                let (k, v) = kv.map_err(|e| StoreError::from_sled(d, e))?;
                let Some(s) = student_of(&k) else { continue };
                out.entry(s).or_default().push(decode("class lesson record", &v)?);
            }
            Ok(out)
        })
    }

    /// Just what the matrix shows, per student and lesson: decodes three fields of
    /// each record and takes the lesson id from the key (the matrix is the hot query).
    fn class_cells(
        &self,
        class: ClassId,
    ) -> Result<BTreeMap<ProfileId, Vec<(String, MatrixCell)>>, StoreError> {
        #[derive(Deserialize)]
        struct CellFields {
            status: LessonStatus,
            best_stars: u8,
            time_ms: u64,
        }
        self.with(|i, d| {
            let mut out: BTreeMap<ProfileId, Vec<(String, MatrixCell)>> = BTreeMap::new();
            for kv in i.t.class_lessons.scan_prefix(class.0.to_be_bytes()) {
                let (k, v) = kv.map_err(|e| StoreError::from_sled(d, e))?;
                let Some(s) = student_of(&k) else { continue };
                let lesson = String::from_utf8_lossy(k.get(20..).unwrap_or_default()).into_owned();
                let f: CellFields = decode("class lesson record", &v)?;
                let cell = MatrixCell { status: f.status, stars: f.best_stars, time_ms: f.time_ms };
                out.entry(s).or_default().push((lesson, cell));
            }
            Ok(out)
        })
    }

    /// The pupils of a class whose signing key is pinned.
    fn pinned_pupils(&self, class: ClassId) -> Result<BTreeSet<ProfileId>, StoreError> {
        #[derive(Deserialize)]
        struct KeyField {
            student: ProfileId,
            #[serde(default)]
            pupil_key: Option<super::pupil_key::PupilPublicKey>,
        }
        let all: Vec<KeyField> = self.with(|i, d| {
            super::store::scan(&i.t.class_students, &class.0.to_be_bytes(), d, "student state")
        })?;
        Ok(all.into_iter().filter(|s| s.pupil_key.is_some()).map(|s| s.student).collect())
    }

    /// The end times of a student's games, 四国军棋 included (the moves are skipped,
    /// not decoded).
    pub(super) fn game_end_times(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<Timestamp>, StoreError> {
        #[derive(Deserialize)]
        struct Ended {
            ended: Timestamp,
        }
        let prefix = super::codec::class_key(class, &student.to_bytes());
        let mut all: Vec<Ended> = self
            .with(|i, d| super::store::scan(&i.t.class_games, &prefix, d, "class game record"))?;
        all.extend(self.with(|i, d| {
            super::store::scan::<Ended>(
                &i.t.class_junqi_games,
                &prefix,
                d,
                "class junqi game record",
            )
        })?);
        Ok(all.into_iter().map(|e| e.ended).collect())
    }

    pub(super) fn class_puzzle_map(
        &self,
        class: ClassId,
    ) -> Result<BTreeMap<ProfileId, Vec<PuzzleRecord>>, StoreError> {
        self.with(|i, d| {
            let mut out: BTreeMap<ProfileId, Vec<PuzzleRecord>> = BTreeMap::new();
            for kv in i.t.class_puzzles.scan_prefix(class.0.to_be_bytes()) {
                let (k, v) = kv.map_err(|e| StoreError::from_sled(d, e))?;
                let Some(s) = student_of(&k) else { continue };
                out.entry(s).or_default().push(decode("class puzzle record", &v)?);
            }
            Ok(out)
        })
    }

    /// The student × lesson matrix: every lesson any student worked on or any
    /// assignment lists.
    pub fn class_matrix(&self, class: ClassId) -> Result<ClassMatrix, StoreError> {
        let students = self.roster(class)?;
        let records = self.class_cells(class)?;
        let pinned = self.pinned_pupils(class)?;
        let mut lessons: BTreeSet<String> = BTreeSet::new();
        for a in self.assignments(class)? {
            for item in a.items {
                if let AssignmentItem::Lesson(l) = item {
                    lessons.insert(l);
                }
            }
        }
        for recs in records.values() {
            for (l, _) in recs {
                if !lessons.contains(l) {
                    lessons.insert(l.clone());
                }
            }
        }
        let lessons: Vec<String> = lessons.into_iter().collect();
        let column: BTreeMap<&str, usize> =
            lessons.iter().enumerate().map(|(i, l)| (l.as_str(), i)).collect();
        let cells = students
            .iter()
            .map(|s| {
                let mut row = vec![None; lessons.len()];
                for (l, c) in records.get(&s.student).into_iter().flatten() {
                    if let Some(cell) = column.get(l.as_str()).and_then(|&i| row.get_mut(i)) {
                        *cell = Some(*c);
                    }
                }
                row
            })
            .collect();
        let verified = students.iter().map(|s| pinned.contains(&s.student)).collect();
        Ok(ClassMatrix { students, lessons, cells, verified })
    }

    /// Who finished an assignment and how well.
    pub fn assignment_status(
        &self,
        class: ClassId,
        assignment: u64,
    ) -> Result<Vec<AssignmentStatus>, StoreError> {
        let a = self.assignment(class, assignment)?;
        let lessons = self.class_lesson_map(class)?;
        let puzzles = self.class_puzzle_map(class)?;
        let students = self.roster(class)?;
        Ok(students
            .into_iter()
            .map(|s| {
                let ls = lessons.get(&s.student).map(Vec::as_slice).unwrap_or_default();
                let ps = puzzles.get(&s.student).map(Vec::as_slice).unwrap_or_default();
                assignment_progress(&a.items, ls, ps, s)
            })
            .collect())
    }

    /// Everything a student did that the class knows of, newest first.
    pub fn student_timeline(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<Activity>, StoreError> {
        let mut out = Vec::new();
        for l in self.student_lessons(class, student)? {
            if let Some(at) = l.last_completed {
                out.push(Activity {
                    at,
                    kind: ActivityKind::LessonCompleted {
                        lesson_id: l.lesson_id,
                        stars: l.best_stars,
                    },
                });
            } else if l.status == LessonStatus::InProgress {
                out.push(Activity {
                    at: l.last_activity,
                    kind: ActivityKind::LessonWorkedOn { lesson_id: l.lesson_id },
                });
            }
        }
        for p in self.student_puzzles(class, student)? {
            if let Some(at) = p.first_solved {
                out.push(Activity {
                    at,
                    kind: ActivityKind::PuzzleSolved { puzzle_id: p.puzzle_id },
                });
            }
        }
        for g in self.student_games(class, student)? {
            out.push(Activity {
                at: g.ended,
                kind: ActivityKind::Game { kind: g.kind, ai_level: g.ai_level, result: g.result() },
            });
        }
        out.sort_by_key(|a| std::cmp::Reverse(a.at));
        Ok(out)
    }

    /// A student's games against the AI, counted by game and level.
    pub fn games_by_level(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<LevelStats>, StoreError> {
        Ok(level_stats(&self.student_games(class, student)?))
    }

    /// A student's 四国军棋 games with the computer on the other team, counted by the
    /// lower level of the computers there (game `"junqi"`). Games against people
    /// only are left out.
    pub fn junqi_games_by_level(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<Vec<LevelStats>, StoreError> {
        let mut map: BTreeMap<u8, LevelStats> = BTreeMap::new();
        for g in self.student_junqi_games(class, student)? {
            let Some(level) = g.opponent_level() else { continue };
            let e = map.entry(level).or_insert(LevelStats {
                game: "junqi".to_owned(),
                level,
                won: 0,
                drawn: 0,
                lost: 0,
                unfinished: 0,
            });
            count_result(e, g.result);
        }
        Ok(map.into_values().collect())
    }

    /// Class averages and the students who need attention: no activity for
    /// `inactive_days` days, or an assignment past due and unfinished at `now`.
    pub fn class_summary(
        &self,
        class: ClassId,
        now: Timestamp,
        inactive_days: i64,
    ) -> Result<ClassSummary, StoreError> {
        let students = self.roster(class)?;
        let lessons = self.class_lesson_map(class)?;
        let puzzles = self.class_puzzle_map(class)?;
        let assignments = self.assignments(class)?;
        let n = students.len();
        let (mut completed, mut stars, mut time) = (0u64, 0u64, 0u64);
        let mut behind = Vec::new();
        for s in students {
            let ls = lessons.get(&s.student).map(Vec::as_slice).unwrap_or_default();
            let ps = puzzles.get(&s.student).map(Vec::as_slice).unwrap_or_default();
            // Imports bound every counter; the sums saturate all the same.
            let done = ls.iter().filter(|l| l.status == LessonStatus::Completed).count() as u64;
            completed = completed.saturating_add(done);
            stars = ls.iter().fold(stars, |a, l| a.saturating_add(u64::from(l.best_stars)));
            time = ls.iter().fold(time, |a, l| a.saturating_add(l.time_ms));
            let mut last =
                ls.iter().map(|l| l.last_activity).chain(ps.iter().map(|p| p.last_activity)).max();
            for ended in self.game_end_times(class, s.student)? {
                last = last.max(Some(ended));
            }
            let last = last.filter(|t| t.0 != i64::MIN);
            let mut reasons = Vec::new();
            let idle = last.map_or(i64::MAX, |t| t.days_until(now));
            if idle >= inactive_days {
                reasons.push(BehindReason::Inactive {
                    days: if last.is_some() { idle } else { s.added.days_until(now) },
                    last,
                });
            }
            for a in assignments.iter().filter(|a| a.due < now) {
                let p = assignment_progress(&a.items, ls, ps, s.clone());
                if p.finished.is_none() {
                    reasons.push(BehindReason::Overdue {
                        assignment: a.id,
                        title: a.title.clone(),
                        done: p.done,
                        total: p.total,
                    });
                }
            }
            if !reasons.is_empty() {
                behind.push(BehindStudent { student: s, reasons });
            }
        }
        let per = |x: u64| if n == 0 { 0.0 } else { x as f64 / n as f64 };
        Ok(ClassSummary {
            students: n,
            avg_lessons_completed: per(completed),
            avg_stars: per(stars),
            avg_time_ms: per(time),
            behind,
        })
    }
}

/// Where a pupil stands on one assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AssignmentState {
    /// Every item finished by the due time.
    Done,
    /// Every item finished, the last one after the due time.
    Late,
    /// Past due and not finished.
    Missing,
    /// Not finished, not due yet.
    Open,
}

impl AssignmentState {
    /// The state of an assignment due at `due`, finished at `finished` (if it is).
    pub fn of(finished: Option<Timestamp>, due: Timestamp, now: Timestamp) -> AssignmentState {
        match finished {
            Some(t) if t <= due => AssignmentState::Done,
            Some(_) => AssignmentState::Late,
            None if now > due => AssignmentState::Missing,
            None => AssignmentState::Open,
        }
    }
}

impl AssignmentStatus {
    /// Done, late, missing or still open at `now`, for an assignment due at `due`.
    pub fn state(&self, due: Timestamp, now: Timestamp) -> AssignmentState {
        AssignmentState::of(self.finished, due, now)
    }
}

/// How far records go on a list of items: items finished, stars over its lessons,
/// and when the last one was finished if all are.
pub(crate) fn items_progress(
    items: &[AssignmentItem],
    lessons: &[LessonRecord],
    puzzles: &[PuzzleRecord],
) -> (usize, u32, Option<Timestamp>) {
    let mut done = 0;
    let mut stars = 0u32;
    let mut latest: Option<Timestamp> = None;
    for item in items {
        let finished_at = match item {
            AssignmentItem::Lesson(id) => {
                lessons.iter().find(|l| &l.lesson_id == id).and_then(|l| {
                    stars = stars.saturating_add(u32::from(l.best_stars));
                    l.first_completed
                })
            }
            AssignmentItem::Puzzle(id) => {
                puzzles.iter().find(|p| &p.puzzle_id == id).and_then(|p| p.first_solved)
            }
        };
        if let Some(t) = finished_at {
            done += 1;
            latest = latest.max(Some(t));
        }
    }
    (done, stars, if done == items.len() { latest } else { None })
}

fn assignment_progress(
    items: &[AssignmentItem],
    lessons: &[LessonRecord],
    puzzles: &[PuzzleRecord],
    student: RosterEntry,
) -> AssignmentStatus {
    let (done, stars, finished) = items_progress(items, lessons, puzzles);
    AssignmentStatus { student, done, total: items.len(), stars, finished }
}

fn level_stats(games: &[GameRecord]) -> Vec<LevelStats> {
    let mut map: BTreeMap<(String, u8), LevelStats> = BTreeMap::new();
    for g in games {
        let Some(level) = g.ai_level else { continue };
        let name = rating_key(g.kind);
        let e = map.entry((name.clone(), level)).or_insert(LevelStats {
            game: name,
            level,
            won: 0,
            drawn: 0,
            lost: 0,
            unfinished: 0,
        });
        count_result(e, g.result());
    }
    map.into_values().collect()
}

fn count_result(e: &mut LevelStats, result: PlayerResult) {
    match result {
        PlayerResult::Won => e.won += 1,
        PlayerResult::Drew => e.drawn += 1,
        PlayerResult::Lost => e.lost += 1,
        PlayerResult::Unfinished => e.unfinished += 1,
    }
}
