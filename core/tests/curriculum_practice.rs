//! Practice that adapts: a child with a known history gets the due reviews first, then
//! new puzzles near a 70% chance of success; missed puzzles come back after 1, 3 and 7
//! days; the puzzle rating and the reviews are kept in the store.

use qike_core::GameKind;
use qike_core::curriculum::practice::{
    PickReason, PracticeLog, REVIEW_DAYS, TARGET_SUCCESS, practice_items, success_chance,
};
use qike_core::curriculum::{self};
use qike_core::progress::{LessonAttempt, NewProfile, ProgressStore, Role, Timestamp};

const DAY: i64 = 86_400_000;

fn day(n: i64) -> Timestamp {
    Timestamp(1_700_000_000_000 + n * DAY)
}

#[test]
fn only_finished_lessons_give_puzzles() {
    let course = curriculum::xiangqi_course().unwrap();
    assert!(practice_items(&course, &[] as &[&str]).is_empty());
    let items = practice_items(&course, &["xq-mate", "xq-check"]);
    assert!(!items.is_empty());
    assert!(items.iter().all(|i| i.lesson_id == "xq-mate" || i.lesson_id == "xq-check"));
    // Mates in two are harder than mates in one.
    let mate = course.lesson("xq-mate").unwrap();
    let d = |mate_in: u8| {
        mate.steps
            .iter()
            .find(|s| matches!(s, curriculum::Step::Puzzle(p) if p.mate_in == Some(mate_in)))
            .and_then(curriculum::practice::difficulty)
    };
    assert!(d(2).unwrap() > d(1).unwrap());
}

#[test]
fn missed_puzzles_come_back_after_one_three_and_seven_days() {
    let mut log = PracticeLog::default();
    log.record("p", 800.0, false, day(0));
    assert_eq!(log.reviews["p"].due, Some(day(REVIEW_DAYS[0])));
    log.record("p", 800.0, true, day(1));
    assert_eq!(log.reviews["p"].due, Some(day(1 + REVIEW_DAYS[1])));
    log.record("p", 800.0, true, day(4));
    assert_eq!(log.reviews["p"].due, Some(day(4 + REVIEW_DAYS[2])));
    log.record("p", 800.0, true, day(11));
    assert_eq!(log.reviews["p"].due, None, "three solved reviews retire it");
    // A miss during the reviews starts the schedule again.
    log.record("q", 800.0, false, day(0));
    log.record("q", 800.0, true, day(1));
    log.record("q", 800.0, false, day(4));
    assert_eq!(log.reviews["q"].due, Some(day(5)));
    assert_eq!(log.reviews["q"].stage, 0);
    // A puzzle solved at the first try needs no review.
    log.record("r", 800.0, true, day(0));
    assert_eq!(log.reviews["r"].due, None);
}

#[test]
fn a_known_history_picks_the_due_reviews_then_new_puzzles_by_rating() {
    let course = curriculum::xiangqi_course().unwrap();
    let finished = ["xq-check", "xq-mate", "xq-mate-practice", "xq-review-check"];
    let items = practice_items(&course, &finished);
    let by_id = |id: &str| items.iter().find(|i| i.id == id).unwrap().clone();
    let (a, b, c) = (items[0].clone(), items[1].clone(), items[2].clone());
    let mut log = PracticeLog::default();
    // Day 0: `a` missed, `b` missed, `c` solved. Day 2: `b` solved on review (due again
    // on day 5).
    log.record(&a.id, a.difficulty, false, day(0));
    log.record(&b.id, b.difficulty, false, day(0));
    log.record(&c.id, c.difficulty, true, day(0));
    log.record(&b.id, b.difficulty, true, day(2));

    // Day 3: only `a` is due; the rest are new puzzles nearest a 70% chance.
    let set = log.daily_set(&items, day(3), 5);
    assert_eq!(set.len(), 5);
    assert_eq!((set[0].id.as_str(), set[0].reason), (a.id.as_str(), PickReason::Review));
    assert!(set[1..].iter().all(|p| p.reason == PickReason::New));
    assert!(set.iter().all(|p| p.id != b.id && p.id != c.id));
    let gap =
        |id: &str| (success_chance(log.rating.rating, by_id(id).difficulty) - TARGET_SUCCESS).abs();
    let worst_picked = set[1..].iter().map(|p| gap(&p.id)).fold(0.0, f64::max);
    for it in items.iter().filter(|i| !log.reviews.contains_key(&i.id)) {
        if !set.iter().any(|p| p.id == it.id) {
            assert!(gap(&it.id) >= worst_picked, "{} is nearer 70% than a picked puzzle", it.id);
        }
    }

    // Day 5: `a` (due day 1) and `b` (due day 5) are both due, the longest overdue first.
    let set = log.daily_set(&items, day(5), 3);
    assert_eq!(set[0].id, a.id);
    assert_eq!(set[1].id, b.id);
    assert_eq!(set[2].reason, PickReason::New);

    // A child who solves everything gets a higher rating and harder new puzzles.
    let mut strong = PracticeLog::default();
    for it in items.iter().take(12) {
        strong.record(&it.id, it.difficulty, true, day(0));
    }
    assert!(strong.rating.rating > log.rating.rating);
    let mean = |l: &PracticeLog| {
        let s = l.daily_set(&items, day(1), 4);
        s.iter().map(|p| by_id(&p.id).difficulty).sum::<f64>() / s.len() as f64
    };
    assert!(mean(&strong) > mean(&PracticeLog::default()));
}

#[test]
fn the_store_keeps_the_practice_log_per_child_and_game() {
    let dir = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(dir.path()).unwrap();
    let kid = store
        .create_profile(
            NewProfile {
                display_name: "Xiaoming".into(),
                avatar: "panda".into(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(1_000),
        )
        .unwrap();
    let fresh = store.practice_log(kid.id, GameKind::Xiangqi).unwrap();
    assert!(fresh.reviews.is_empty());
    store.record_practice(kid.id, GameKind::Xiangqi, "xq-mate/m1", 700.0, false, day(0)).unwrap();
    let log = store
        .record_practice(kid.id, GameKind::Xiangqi, "xq-mate/m2", 900.0, true, day(0))
        .unwrap();
    assert!(store.record_practice(kid.id, GameKind::Xiangqi, "", 700.0, true, day(0)).is_err());
    assert!(store.record_practice(kid.id, GameKind::Xiangqi, "x", f64::NAN, true, day(0)).is_err());
    store.close().unwrap();
    let store = ProgressStore::open(dir.path()).unwrap();
    assert_eq!(store.practice_log(kid.id, GameKind::Xiangqi).unwrap(), log);
    assert_eq!(log.reviews["xq-mate/m1"].due, Some(day(1)));
    assert!(store.practice_log(kid.id, GameKind::Chess).unwrap().reviews.is_empty());
    store.delete_profile(kid.id).unwrap();
    assert!(store.practice_log(kid.id, GameKind::Xiangqi).unwrap().reviews.is_empty());
}

#[test]
fn the_daily_set_spans_every_finished_course_with_due_reviews_first() {
    let dir = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(dir.path()).unwrap();
    let kid = store
        .create_profile(
            NewProfile {
                display_name: "Xiaohong".into(),
                avatar: "tiger".into(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(1_000),
        )
        .unwrap();
    let courses = curriculum::courses().unwrap();
    let xiangqi = courses.iter().find(|c| c.game == GameKind::Xiangqi).unwrap();
    let chess = courses.iter().find(|c| c.game == GameKind::Chess).unwrap();
    // Nothing finished: nothing to practise, and no rating shown.
    let empty = store.daily_practice(kid.id, &courses, day(0), 8).unwrap();
    assert!(empty.puzzles.is_empty() && empty.ratings.is_empty());
    // One lesson finished in each of two games, one begun only in a third.
    let finish = |id: &str, completed: bool| LessonAttempt {
        lesson_id: id.into(),
        content_version: 1,
        completed,
        stars: if completed { 3 } else { 0 },
        mistakes: 0,
        hints: 0,
        time_ms: 1_000,
        at: day(0),
    };
    let with_puzzles = |c: &curriculum::Course| {
        c.lessons()
            .find(|l| !practice_items(c, &[l.id.as_str()]).is_empty())
            .map(|l| l.id.clone())
            .unwrap()
    };
    let (xq_lesson, chess_lesson) = (with_puzzles(xiangqi), with_puzzles(chess));
    store.record_lesson(kid.id, &finish(&xq_lesson, true)).unwrap();
    store.record_lesson(kid.id, &finish(&chess_lesson, true)).unwrap();
    let go = courses.iter().find(|c| matches!(c.game, GameKind::Go { .. })).unwrap();
    store.record_lesson(kid.id, &finish(&with_puzzles(go), false)).unwrap();
    // A chess puzzle missed two days ago is due today; it leads the set.
    let chess_items = practice_items(chess, &[chess_lesson.as_str()]);
    let missed = &chess_items[0];
    store
        .record_practice(kid.id, chess.game, &missed.id, missed.difficulty, false, day(-2))
        .unwrap();
    let set = store.daily_practice(kid.id, &courses, day(0), 8).unwrap();
    assert!(!set.puzzles.is_empty() && set.puzzles.len() <= 8);
    assert_eq!(set.puzzles[0].item.id, missed.id);
    assert_eq!(set.puzzles[0].pick.reason, PickReason::Review);
    assert_eq!(set.puzzles[0].kind, chess.game);
    let kinds: Vec<GameKind> = set.ratings.iter().map(|r| r.0).collect();
    assert_eq!(kinds, vec![xiangqi.game, chess.game], "ratings of the finished games only");
    assert!(set.puzzles.iter().any(|p| p.kind == xiangqi.game), "both games give puzzles");
    assert!(set.puzzles.iter().all(|p| p.kind == xiangqi.game || p.kind == chess.game));
    // The new puzzles come nearest the target chance first.
    let off: Vec<f64> =
        set.puzzles[1..].iter().map(|p| (p.pick.chance - TARGET_SUCCESS).abs()).collect();
    assert!(off.windows(2).all(|w| w[0] <= w[1]), "{off:?}");
    // The cap holds.
    assert_eq!(store.daily_practice(kid.id, &courses, day(0), 2).unwrap().puzzles.len(), 2);
}
