//! Practice that adapts, for every game: a daily set drawn from the puzzles of the
//! lessons a child has finished, missed puzzles coming back after 1, 3 and 7 days, and
//! new puzzles chosen so the child solves about seven in ten.
//!
//! Each child has a [`PracticeLog`] per game (kept in the progress store): a puzzle
//! rating (Glicko-2, each puzzle playing the part of an opponent as strong as its
//! [`difficulty`]) and the review state of every puzzle tried.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::schema::{Course, Step};
use crate::{SkillRating, Timestamp};

/// The share of puzzles a child should solve: hard enough to learn, easy enough to
/// keep going.
pub const TARGET_SUCCESS: f64 = 0.7;
/// Days after a miss that a puzzle comes back: after the first miss, then after each
/// solved review. Solving the last review retires it.
pub const REVIEW_DAYS: [i64; 3] = [1, 3, 7];
/// How sure we are of a puzzle's difficulty (the rating deviation it plays with).
const PUZZLE_DEVIATION: f64 = 60.0;
const DAY_MS: i64 = 86_400_000;

/// A puzzle a child may practise: a puzzle or make-move step of a finished lesson.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PracticeItem {
    /// `lesson/step`, unique in a course.
    pub id: String,
    pub lesson_id: String,
    pub step_id: String,
    /// On the rating scale: a child rated this solves it half of the time.
    pub difficulty: f64,
}

/// How hard a step is on the rating scale (a newcomer is rated 700).
pub fn difficulty(step: &Step) -> Option<f64> {
    match step {
        Step::MakeMove(_) => Some(600.0),
        Step::Puzzle(p) => Some(match p.mate_in {
            Some(n) => 500.0 + 200.0 * f64::from(n.clamp(1, 5)),
            None => 800.0,
        }),
        _ => None,
    }
}

/// The puzzles of the finished lessons of a course, in course order.
pub fn practice_items<S: AsRef<str>>(course: &Course, finished: &[S]) -> Vec<PracticeItem> {
    course
        .lessons()
        .filter(|l| finished.iter().any(|f| f.as_ref() == l.id))
        .flat_map(|l| {
            l.steps.iter().filter_map(|s| {
                Some(PracticeItem {
                    id: format!("{}/{}", l.id, s.id()),
                    lesson_id: l.id.clone(),
                    step_id: s.id().to_owned(),
                    difficulty: difficulty(s)?,
                })
            })
        })
        .collect()
}

/// Where a tried puzzle stands in the review schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    pub attempts: u32,
    pub solves: u32,
    /// Solved reviews since the last miss (0–3).
    pub stage: u8,
    /// When it should come back; `None` when it needs no review.
    pub due: Option<Timestamp>,
    pub last: Timestamp,
}

/// Why a puzzle is in today's set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickReason {
    /// Missed before and due again.
    Review,
    /// Not tried yet; chosen for a success chance near [`TARGET_SUCCESS`].
    New,
    /// Set as homework by the child's teacher and not solved yet.
    Homework,
}

/// One puzzle of a daily set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pick {
    pub id: String,
    pub reason: PickReason,
    /// The chance the child solves it, by the puzzle rating.
    pub chance: f64,
}

/// A child's practice in one game: puzzle rating and review states.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PracticeLog {
    pub rating: SkillRating,
    pub reviews: BTreeMap<String, Review>,
}

/// The chance a child rated `rating` solves a puzzle of `difficulty` (the Elo curve).
pub fn success_chance(rating: f64, difficulty: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((difficulty - rating) / 400.0))
}

impl PracticeLog {
    /// Records one try at a puzzle: the rating moves, and the review schedule with it.
    pub fn record(&mut self, id: &str, difficulty: f64, solved: bool, at: Timestamp) {
        let score = if solved { 1.0 } else { 0.0 };
        self.rating = self.rating.update(difficulty, PUZZLE_DEVIATION, score);
        let r = self.reviews.entry(id.to_owned()).or_insert(Review {
            attempts: 0,
            solves: 0,
            stage: 0,
            due: None,
            last: at,
        });
        r.attempts = r.attempts.saturating_add(1);
        r.last = at;
        let after = |days: i64| Some(Timestamp(at.0.saturating_add(days * DAY_MS)));
        if !solved {
            r.stage = 0;
            r.due = after(REVIEW_DAYS[0]);
            return;
        }
        r.solves = r.solves.saturating_add(1);
        if r.due.is_some() {
            r.stage = r.stage.saturating_add(1);
            r.due = REVIEW_DAYS.get(usize::from(r.stage)).and_then(|&d| after(d));
        }
    }

    /// Today's set of at most `size` puzzles: the due reviews first (the longest
    /// overdue first), then new puzzles whose success chance is nearest
    /// [`TARGET_SUCCESS`]. A review not due yet waits, even if the set is short.
    pub fn daily_set(&self, items: &[PracticeItem], today: Timestamp, size: usize) -> Vec<Pick> {
        let chance = |it: &PracticeItem| success_chance(self.rating.rating, it.difficulty);
        let mut due: Vec<(&PracticeItem, Timestamp)> = items
            .iter()
            .filter_map(|it| {
                let d = self.reviews.get(&it.id)?.due?;
                (d <= today).then_some((it, d))
            })
            .collect();
        due.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.id.cmp(&b.0.id)));
        let mut set: Vec<Pick> = due
            .into_iter()
            .take(size)
            .map(|(it, _)| Pick {
                id: it.id.clone(),
                reason: PickReason::Review,
                chance: chance(it),
            })
            .collect();
        let mut fresh: Vec<&PracticeItem> =
            items.iter().filter(|it| !self.reviews.contains_key(&it.id)).collect();
        fresh.sort_by(|a, b| {
            let (da, db) = ((chance(a) - TARGET_SUCCESS).abs(), (chance(b) - TARGET_SUCCESS).abs());
            da.total_cmp(&db).then_with(|| a.id.cmp(&b.id))
        });
        for it in spread_over_lessons(fresh, |it| &it.lesson_id, size.saturating_sub(set.len())) {
            set.push(Pick { id: it.id.clone(), reason: PickReason::New, chance: chance(it) });
        }
        set
    }
}

/// The first `n` of `items` (in their order of preference), taking one from each lesson
/// before a second from any, so a day's set does not come from one lesson alone.
pub fn spread_over_lessons<T>(
    items: impl IntoIterator<Item = T>,
    lesson: impl Fn(&T) -> &str,
    n: usize,
) -> Vec<T> {
    let mut rounds: Vec<Vec<T>> = Vec::new();
    let mut seen: Vec<(String, usize)> = Vec::new();
    for it in items {
        let key = lesson(&it).to_owned();
        let round = match seen.iter_mut().find(|(k, _)| *k == key) {
            Some((_, count)) => {
                *count += 1;
                *count - 1
            }
            None => {
                seen.push((key, 1));
                0
            }
        };
        if rounds.len() <= round {
            rounds.resize_with(round + 1, Vec::new);
        }
        rounds[round].push(it);
    }
    rounds.into_iter().flatten().take(n).collect()
}

#[cfg(test)]
mod tests {
    use super::spread_over_lessons;

    #[test]
    fn a_set_takes_one_from_each_lesson_before_a_second_from_any() {
        let items = [("a", 1), ("a", 2), ("a", 3), ("b", 4), ("c", 5), ("b", 6)];
        let got: Vec<i32> =
            spread_over_lessons(items, |it| it.0, 5).iter().map(|it| it.1).collect();
        assert_eq!(got, [1, 4, 5, 2, 6]);
        let one: Vec<i32> =
            spread_over_lessons(items, |it| it.0, 2).iter().map(|it| it.1).collect();
        assert_eq!(one, [1, 4]);
        assert!(spread_over_lessons(items, |it| it.0, 0).is_empty());
    }
}
