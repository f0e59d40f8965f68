//! A child's progress in one game, for the "my progress" screen: lessons and stars
//! (per unit too), puzzles solved and the puzzle rating, the rating against the
//! computer and how it moved game by game.

use super::error::StoreError;
use super::ids::ClassId;
use super::ids::ProfileId;
use super::records::{GameRecord, LessonRecord, LessonStatus, PuzzleRecord};
use super::store::{ProgressStore, rating_key};
use crate::curriculum::{Course, Text};
use crate::rating::SkillRating;
use crate::time::Timestamp;

/// The stars of one unit of a course.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitStars {
    pub title: Text,
    pub stars: u32,
    /// Three per lesson of the unit.
    pub max: u32,
}

/// Where a child stands in one game's course and games.
#[derive(Debug, Clone, PartialEq)]
pub struct GameProgress {
    pub lessons_done: usize,
    pub lessons: usize,
    pub stars: u32,
    pub max_stars: u32,
    pub units: Vec<UnitStars>,
    /// Practice puzzles solved at least once.
    pub puzzles_solved: usize,
    pub puzzle_rating: f64,
    /// The rating from games against the computer.
    pub rating: SkillRating,
    /// The rating after each rated game, oldest first (empty before the first).
    pub rating_history: Vec<(Timestamp, f64)>,
}

impl GameProgress {
    /// Whether the child has done anything in this game yet.
    pub fn started(&self) -> bool {
        self.stars > 0 || self.puzzles_solved > 0 || !self.rating_history.is_empty()
    }
}

/// The rating after each rated game of `games` (those of one rating key), replayed in
/// the order the games started, from a newcomer's rating.
pub fn rating_history(games: &[GameRecord]) -> Vec<(Timestamp, f64)> {
    let mut sorted: Vec<&GameRecord> = games.iter().collect();
    sorted.sort_by_key(|g| (g.started, g.id));
    let mut r = SkillRating::default();
    let mut out = Vec::new();
    for g in sorted {
        if let (Some(level), Some(score)) = (g.ai_level, g.score()) {
            r = r.after_game_against_level(level, score);
            out.push((g.ended, r.rating));
        }
    }
    out
}

/// Lessons and stars of `course` from a child's lesson records.
fn course_stars(course: &Course, records: &[LessonRecord]) -> (usize, usize, Vec<UnitStars>) {
    let best = |id: &str| records.iter().find(|r| r.lesson_id == id);
    let mut done = 0;
    let mut total = 0;
    let mut units = Vec::new();
    for unit in &course.units {
        let mut stars = 0u32;
        for l in &unit.lessons {
            total += 1;
            if let Some(r) = best(&l.id).filter(|r| r.status == LessonStatus::Completed) {
                done += 1;
                stars += u32::from(r.best_stars);
            }
        }
        units.push(UnitStars {
            title: unit.title.clone(),
            stars,
            max: 3 * unit.lessons.len() as u32,
        });
    }
    (done, total, units)
}

/// A pupil's puzzles in one course: how many were tried and how many solved.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PuzzleScore {
    pub tried: usize,
    pub solved: usize,
}

/// The puzzles of `records` that belong to `course` (by their `lesson/step` id).
pub fn puzzle_score(records: &[PuzzleRecord], course: &Course) -> PuzzleScore {
    let mut score = PuzzleScore::default();
    for r in records {
        let lesson = r.puzzle_id.split('/').next().unwrap_or_default();
        if r.attempts == 0 || !course.lessons().any(|l| l.id == lesson) {
            continue;
        }
        score.tried += 1;
        score.solved += usize::from(r.solved());
    }
    score
}

impl ProgressStore {
    /// A child's progress in the game of `course`.
    pub fn game_progress(
        &self,
        profile: ProfileId,
        course: &Course,
    ) -> Result<GameProgress, StoreError> {
        let records = self.lesson_records(profile)?;
        let (lessons_done, lessons, units) = course_stars(course, &records);
        let log = self.practice_log(profile, course.game)?;
        let key = rating_key(course.game);
        let games: Vec<GameRecord> =
            self.games(profile)?.into_iter().filter(|g| rating_key(g.kind) == key).collect();
        Ok(GameProgress {
            lessons_done,
            lessons,
            stars: units.iter().map(|u| u.stars).sum(),
            max_stars: units.iter().map(|u| u.max).sum(),
            units,
            puzzles_solved: log.reviews.values().filter(|r| r.solves > 0).count(),
            puzzle_rating: log.rating.rating,
            rating: self.rating(profile, course.game)?,
            rating_history: rating_history(&games),
        })
    }

    /// A pupil's puzzle score in the game of `course`, from the reports a teacher took in.
    pub fn student_puzzle_score(
        &self,
        class: ClassId,
        student: ProfileId,
        course: &Course,
    ) -> Result<PuzzleScore, StoreError> {
        Ok(puzzle_score(&self.student_puzzles(class, student)?, course))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameKind, Outcome, Side, WinReason};
    use crate::progress::{LessonAttempt, NewProfile, Role};

    fn game(id: u64, won: bool, at: i64) -> GameRecord {
        let winner = if won { Side::First } else { Side::Second };
        GameRecord {
            id,
            kind: GameKind::Chess,
            ai_level: Some(2),
            side: Side::First,
            outcome: Some(Outcome::Win { winner, reason: WinReason::Resignation }),
            moves: vec!["e4".into()],
            started: Timestamp(at),
            ended: Timestamp(at + 60_000),
        }
    }

    #[test]
    fn a_childs_chess_progress_counts_its_units_stars_and_rating_path() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let new = NewProfile {
            display_name: "小明".into(),
            avatar: "panda".into(),
            language: "zh-CN".into(),
            role: Role::Student,
        };
        let kid = s.create_profile(new, Timestamp(0)).unwrap().id;
        let chess = crate::curriculum::course_for(GameKind::Chess).unwrap().unwrap();
        let xiangqi = crate::curriculum::course_for(GameKind::Xiangqi).unwrap().unwrap();
        let first = &chess.units[0].lessons[0];
        let attempt = LessonAttempt {
            lesson_id: first.id.clone(),
            content_version: 1,
            completed: true,
            stars: 2,
            mistakes: 1,
            hints: 0,
            time_ms: 1000,
            at: Timestamp(10),
        };
        s.record_lesson(kid, &attempt).unwrap();
        // Recorded out of order: the history follows the games' start times.
        for g in [game(2, false, 5_000_000), game(1, true, 1_000_000)] {
            s.record_game(kid, &g).unwrap();
        }
        let p = s.game_progress(kid, &chess).unwrap();
        assert_eq!((p.lessons_done, p.lessons), (1, chess.lessons().count()));
        assert_eq!((p.stars, p.max_stars), (2, 3 * chess.lessons().count() as u32));
        assert_eq!(p.units.len(), chess.units.len());
        assert_eq!(
            (p.units[0].stars, p.units[0].max),
            (2, 3 * chess.units[0].lessons.len() as u32)
        );
        assert!(p.units[1..].iter().all(|u| u.stars == 0));
        assert_eq!(p.rating_history.len(), 2);
        let (won, lost) = (p.rating_history[0].1, p.rating_history[1].1);
        assert!(won > SkillRating::default().rating && lost < won, "{:?}", p.rating_history);
        assert!(p.started());
        // The xiangqi course knows nothing of the chess lesson and games.
        let x = s.game_progress(kid, &xiangqi).unwrap();
        assert_eq!((x.stars, x.lessons_done), (0, 0));
        assert!(!x.started());
    }
}
