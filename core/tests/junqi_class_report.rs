//! 四国军棋 on the teacher's side: a pupil's 四国军棋 games travel in the class report
//! (full and QR form), merge into the class once, count by level, make the pupil
//! active on the dashboard, leave with the pupil, and a bad one refuses the report.

mod common;

use qike_core::progress::{
    BehindReason, ClassId, ImportOutcome, JunqiGameRecord, LessonAttempt, NewClass, PlayerResult,
    ProgressStore, ReportBody, ReportError, RowOrder, StoreError, Timestamp, open_report,
    report_from_text, seal_report,
};

const DAY: i64 = 86_400_000;

/// A game of the child in the south seat against computers at `levels` (east, north,
/// west; `None` a person), ended at `ended`.
fn game(id: u64, levels: [Option<u8>; 3], result: PlayerResult, ended: i64) -> JunqiGameRecord {
    common::junqi_record(id, levels, result, 250, (Timestamp(ended - 600_000), Timestamp(ended)))
}

struct World {
    _tmp: tempfile::TempDir,
    teacher: ProgressStore,
    kid_store: ProgressStore,
    class: qike_core::progress::Class,
    kid: qike_core::progress::ProfileId,
}

fn world() -> World {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
    let new =
        NewClass { name: "军棋班".into(), teacher: "李老师".into(), description: "".into() };
    let class = teacher.create_class(new, Timestamp(0)).unwrap();
    let kid =
        common::joined_pupil(&kid_store, "小军", &class.join_code().qr_payload(), Timestamp(1));
    World { _tmp: tmp, teacher, kid_store, class, kid }
}

#[test]
fn the_teacher_sees_a_pupils_junqi_games_and_lessons() {
    let w = world();
    let lesson = LessonAttempt {
        lesson_id: "junqi/pieces/order".into(),
        content_version: 1,
        completed: true,
        stars: 2,
        mistakes: 0,
        hints: 1,
        time_ms: 60_000,
        at: Timestamp(DAY),
    };
    w.kid_store.record_lesson(w.kid, &lesson).unwrap();
    let games = [
        game(11, [Some(2), Some(3), Some(2)], PlayerResult::Won, 2 * DAY),
        game(12, [Some(3), Some(3), Some(3)], PlayerResult::Lost, 3 * DAY),
        game(13, [Some(2), None, Some(4)], PlayerResult::Drew, 4 * DAY),
        // People on the other team: no level to count it under.
        game(14, [None, Some(1), None], PlayerResult::Won, 5 * DAY),
        game(15, [Some(3), Some(1), Some(5)], PlayerResult::Unfinished, 9 * DAY),
    ];
    for g in &games {
        w.kid_store.record_junqi_game(w.kid, g).unwrap();
    }
    let bytes = w.kid_store.export_report(w.kid, w.class.id, Timestamp(10 * DAY)).unwrap();
    let s = w.teacher.import_report_any(&bytes, Timestamp(10 * DAY)).unwrap();
    assert_eq!((s.outcome, s.lessons_changed, s.games_added), (ImportOutcome::NewStudent, 1, 5));
    assert_eq!(w.teacher.student_junqi_games(w.class.id, w.kid).unwrap(), games);
    assert_eq!(
        w.teacher.student_lessons(w.class.id, w.kid).unwrap()[0].lesson_id,
        lesson.lesson_id
    );

    // By the lower level of the computers on the other team (east and west).
    let stats = w.teacher.junqi_games_by_level(w.class.id, w.kid).unwrap();
    let lines: Vec<(&str, u8, [u32; 4])> = stats
        .iter()
        .map(|s| (s.game.as_str(), s.level, [s.won, s.drawn, s.lost, s.unfinished]))
        .collect();
    assert_eq!(lines, [("junqi", 2, [1, 1, 0, 0]), ("junqi", 3, [0, 0, 1, 1])]);

    // The last game is the pupil's last activity: on the dashboard, and not idle.
    let rows = w
        .teacher
        .dashboard_rows(
            w.class.id,
            std::slice::from_ref(&lesson.lesson_id),
            RowOrder::Name,
            Timestamp(11 * DAY),
        )
        .unwrap();
    assert_eq!(rows[0].last_active, Some(Timestamp(9 * DAY)));
    assert_eq!(rows[0].done, 1);
    let summary = w.teacher.class_summary(w.class.id, Timestamp(11 * DAY), 5).unwrap();
    assert!(summary.behind.is_empty(), "{:?}", summary.behind);
    let summary = w.teacher.class_summary(w.class.id, Timestamp(15 * DAY), 5).unwrap();
    assert!(matches!(
        summary.behind[0].reasons[0],
        BehindReason::Inactive { days: 6, last: Some(Timestamp(t)) } if t == 9 * DAY
    ));

    // Again: nothing new. A later game comes with the next report, once.
    let again = w.teacher.import_report(w.class.id, &bytes, Timestamp(10 * DAY)).unwrap();
    assert_eq!(again.outcome, ImportOutcome::AlreadyImported);
    let later = game(16, [Some(4), Some(4), Some(4)], PlayerResult::Won, 12 * DAY);
    w.kid_store.record_junqi_game(w.kid, &later).unwrap();
    let newer = w.kid_store.export_report(w.kid, w.class.id, Timestamp(12 * DAY)).unwrap();
    let s = w.teacher.import_report(w.class.id, &newer, Timestamp(12 * DAY)).unwrap();
    assert_eq!((s.outcome, s.games_added), (ImportOutcome::Updated, 1));
    assert_eq!(w.teacher.student_junqi_games(w.class.id, w.kid).unwrap().len(), 6);

    // Removing the pupil takes the games along.
    w.teacher.remove_student(w.class.id, w.kid).unwrap();
    assert!(w.teacher.student_junqi_games(w.class.id, w.kid).unwrap().is_empty());
    assert!(w.teacher.junqi_games_by_level(w.class.id, w.kid).unwrap().is_empty());
}

#[test]
fn the_qr_form_carries_the_newest_junqi_game() {
    let w = world();
    for i in 0..40 {
        let g = game(100 + i, [Some(1), Some(2), Some(1)], PlayerResult::Won, DAY + i as i64);
        w.kid_store.record_junqi_game(w.kid, &g).unwrap();
    }
    let newest = game(500, [Some(5), Some(5), Some(5)], PlayerResult::Lost, 3 * DAY);
    w.kid_store.record_junqi_game(w.kid, &newest).unwrap();
    let text = w.kid_store.export_report_qr(w.kid, w.class.id, Timestamp(4 * DAY)).unwrap();
    let body = open_report(&report_from_text(&text).unwrap(), w.class.id, &w.class.key).unwrap();
    assert!(body.partial);
    assert_eq!(body.junqi_games[0], newest, "newest first");
    assert!(body.junqi_games.len() > 1);
    let s = w.teacher.import_report(w.class.id, &report_from_text(&text).unwrap(), Timestamp(0));
    assert_eq!(s.unwrap().games_added, body.junqi_games.len());
    assert_eq!(w.teacher.junqi_games_by_level(w.class.id, w.kid).unwrap()[1].lost, 1);
}

#[test]
fn a_report_with_a_bad_junqi_game_is_refused() {
    let w = world();
    let body = |g: JunqiGameRecord| ReportBody {
        class: w.class.id,
        student: w.kid,
        device: qike_core::progress::DeviceId(7),
        seq: 1,
        created: Timestamp(0),
        display_name: "小军".into(),
        avatar: String::new(),
        lessons: vec![],
        puzzles: vec![],
        games: vec![],
        junqi_games: vec![g],
        ratings: vec![],
        partial: false,
    };
    let import = |b: &ReportBody| {
        let bytes = seal_report(b, &w.class.key).unwrap();
        w.teacher.import_report(w.class.id, &bytes, Timestamp(0))
    };
    let mut bad_level = game(1, [Some(2), Some(2), Some(2)], PlayerResult::Won, DAY);
    bad_level.seats[1] = Some(9);
    let mut computer_child = game(2, [Some(2), Some(2), Some(2)], PlayerResult::Won, DAY);
    computer_child.seats[0] = Some(1);
    let mut no_outcome = game(3, [Some(2), Some(2), Some(2)], PlayerResult::Won, DAY);
    no_outcome.outcome = None;
    for g in [bad_level, computer_child, no_outcome] {
        let id = g.id;
        match import(&body(g)) {
            Err(StoreError::Report(ReportError::Malformed(m))) => {
                assert!(m.contains(&format!("junqi game {id}")), "{m}")
            }
            other => panic!("game {id}: {other:?}"),
        }
    }
    assert!(w.teacher.roster(w.class.id).unwrap().is_empty());
    // A sound one merges.
    let good = game(4, [Some(2), Some(2), Some(2)], PlayerResult::Won, DAY);
    assert_eq!(import(&body(good.clone())).unwrap().games_added, 1);
    assert_eq!(w.teacher.student_junqi_games(ClassId(w.class.id.0), w.kid).unwrap(), vec![good]);
}
