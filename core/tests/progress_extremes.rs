//! Extreme values from outside (a report, a saved lesson or game) are bounded where
//! they come in and summed without overflow: the dashboard computes, nothing panics.

use qike_core::curriculum::{LessonRun, xiangqi_course};
use qike_core::progress::{
    AssignmentItem, ClassId, DeviceId, GameRecord, LessonRecord, LessonStatus, NewClass, ProfileId,
    ProgressStore, PupilKey, PuzzleRecord, ReportBody, SkillRating, Timestamp, seal_report,
    seal_signed_report,
};
use qike_core::session::GameSession;
use qike_core::{GameKind, GameSetup, Side};

/// The bounds the import applies (a thousand hours; a million tries).
const HOURS_1000: u64 = 1_000 * 3_600_000;
const MILLION: u32 = 1_000_000;

fn extreme_body(class: ClassId, student: u128, name: &str) -> ReportBody {
    let lessons = (0..50)
        .map(|i| LessonRecord {
            lesson_id: format!("xiangqi/extreme-{i}"),
            status: LessonStatus::Completed,
            best_stars: 3,
            attempts: u32::MAX,
            mistakes: u32::MAX,
            hints: u32::MAX,
            time_ms: u64::MAX,
            first_completed: Some(Timestamp(i64::MIN + 1)),
            last_completed: Some(Timestamp(i64::MAX)),
            last_activity: Timestamp(i64::MAX),
            content_version: u32::MAX,
        })
        .collect();
    let puzzles = vec![PuzzleRecord {
        puzzle_id: "p-extreme".into(),
        attempts: u32::MAX,
        solves: u32::MAX,
        hints: u32::MAX,
        time_ms: u64::MAX,
        first_solved: Some(Timestamp(i64::MIN)),
        best_time_ms: Some(u64::MAX),
        last_activity: Timestamp(i64::MIN),
    }];
    let games = vec![GameRecord {
        id: u64::MAX,
        kind: GameKind::Xiangqi,
        ai_level: Some(10),
        side: Side::First,
        outcome: None,
        moves: Vec::new(),
        started: Timestamp(i64::MIN),
        ended: Timestamp(i64::MAX),
    }];
    let rating =
        SkillRating { rating: f64::MAX, deviation: 1e300, volatility: 1e300, games: u32::MAX };
    ReportBody {
        class,
        student: ProfileId(student),
        device: DeviceId(student),
        seq: u64::MAX,
        created: Timestamp(i64::MAX),
        display_name: name.into(),
        avatar: String::new(),
        lessons,
        puzzles,
        games,
        junqi_games: vec![],
        ratings: vec![("xiangqi".into(), rating)],
        partial: false,
    }
}

#[test]
fn a_report_with_extreme_values_is_bounded_and_the_dashboard_computes() {
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = t
        .create_class(
            NewClass { name: "极端".into(), teacher: String::new(), description: String::new() },
            Timestamp(0),
        )
        .unwrap();
    let items = vec![
        AssignmentItem::Lesson("xiangqi/extreme-0".into()),
        AssignmentItem::Puzzle("p-extreme".into()),
    ];
    let homework = t.add_assignment(class.id, "作业", items, Timestamp(0), Timestamp(0)).unwrap();
    // Many pupils, each claiming the largest numbers; one in the old format.
    for s in 0..40u128 {
        let body = extreme_body(class.id, s + 1, &format!("学生{s}"));
        let bytes = if s == 0 {
            seal_report(&body, &class.key).unwrap()
        } else {
            seal_signed_report(&body, &class.key, &PupilKey::from_seed([s as u8; 32])).unwrap()
        };
        t.import_report(class.id, &bytes, Timestamp(0)).unwrap();
    }

    let lessons = t.student_lessons(class.id, ProfileId(1)).unwrap();
    assert_eq!(lessons.len(), 50);
    for l in &lessons {
        assert_eq!(
            (l.time_ms, l.attempts, l.mistakes, l.hints),
            (HOURS_1000, MILLION, MILLION, MILLION)
        );
    }
    let p = &t.student_puzzles(class.id, ProfileId(1)).unwrap()[0];
    assert_eq!((p.time_ms, p.best_time_ms, p.solves), (HOURS_1000, Some(HOURS_1000), MILLION));
    let r = &t.student_ratings(class.id, ProfileId(1)).unwrap()[0].1;
    assert!(r.rating <= 4_000.0 && r.deviation <= 350.0 && r.volatility <= 1.0, "{r:?}");
    assert!((1..=10).contains(&r.suggested_level()));

    // Every view of the class computes, at any "now".
    for now in [Timestamp(i64::MIN), Timestamp(0), Timestamp(i64::MAX)] {
        let summary = t.class_summary(class.id, now, 7).unwrap();
        assert_eq!(summary.students, 40);
        assert_eq!(summary.avg_time_ms, 50.0 * HOURS_1000 as f64);
        assert_eq!(summary.avg_stars, 150.0);
    }
    let m = t.class_matrix(class.id).unwrap();
    assert_eq!((m.students.len(), m.lessons.len()), (40, 50));
    assert!(m.cells.iter().flatten().flatten().all(|c| c.time_ms == HOURS_1000));
    assert_eq!(m.verified.iter().filter(|v| !**v).count(), 1);
    let status = t.assignment_status(class.id, homework.id).unwrap();
    assert!(status.iter().all(|s| s.done == 2 && s.stars == 3));
    let csv = t.class_csv(class.id).unwrap();
    assert_eq!(csv.lines().count(), 41);
    let timeline = t.student_timeline(class.id, ProfileId(2)).unwrap();
    assert!(!timeline.is_empty());
    assert_eq!(t.games_by_level(class.id, ProfileId(2)).unwrap()[0].unfinished, 1);
}

#[test]
fn saved_lesson_and_game_counters_at_their_limits_do_not_overflow() {
    let course = xiangqi_course().unwrap();
    let lesson = course.lessons().next().unwrap();
    let mut state = LessonRun::new(lesson).save();
    state.step_mistakes = u32::MAX;
    state.step_hints = u32::MAX;
    state.elapsed_ms = u64::MAX;
    let mut run = LessonRun::resume(lesson, state).unwrap();
    run.hint();
    let result = run.result();
    assert_eq!((result.mistakes, result.hints, result.stars), (u32::MAX, u32::MAX, 0));

    let session = GameSession::new(
        GameSetup::standard(GameKind::Xiangqi),
        Side::First,
        Some(1),
        1,
        Timestamp(0),
    )
    .unwrap();
    let mut saved = session.save();
    saved.draw_declined_at = Some(usize::MAX);
    let resumed = GameSession::resume(&saved).unwrap();
    assert_eq!(resumed.save().draw_declined_at, Some(0), "kept within the game");
}
