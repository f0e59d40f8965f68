//! The teacher's dashboard and its CSV, on a small class built through real reports.

use qike_core::progress::{
    ActivityKind, AssignmentItem, BehindReason, Class, GameRecord, LessonAttempt, LessonStatus,
    NewClass, NewProfile, PlayerResult, ProfileId, ProgressStore, PuzzleAttempt, Role, Timestamp,
};
use qike_core::{GameKind, Outcome, Side, WinReason};

const DAY: i64 = 86_400_000;

struct Kid {
    store: ProgressStore,
    id: ProfileId,
}

fn kid(dir: &std::path::Path, name: &str, class: &Class) -> Kid {
    let store = ProgressStore::open(dir).unwrap();
    let p = store
        .create_profile(
            NewProfile {
                display_name: name.into(),
                avatar: String::new(),
                language: String::new(),
                role: Role::Student,
            },
            Timestamp(0),
        )
        .unwrap();
    store.join_class(p.id, &class.join_code().to_text(), &class.name, Timestamp(0)).unwrap();
    Kid { store, id: p.id }
}

fn done(k: &Kid, lesson: &str, stars: u8, day: i64) {
    let a = LessonAttempt {
        lesson_id: lesson.into(),
        content_version: 1,
        completed: true,
        stars,
        mistakes: 0,
        hints: 0,
        time_ms: 120_000,
        at: Timestamp(day * DAY),
    };
    k.store.record_lesson(k.id, &a).unwrap();
}

#[test]
fn matrix_assignments_timeline_summary_and_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("t")).unwrap();
    let class = teacher
        .create_class(
            NewClass {
                name: "象棋班".into(),
                teacher: "李老师".into(),
                description: "周三".into(),
            },
            Timestamp(0),
        )
        .unwrap();
    let hw = teacher
        .add_assignment(
            class.id,
            "第一周",
            vec![
                AssignmentItem::Lesson("xq-1".into()),
                AssignmentItem::Lesson("xq-2".into()),
                AssignmentItem::Puzzle("p-1".into()),
            ],
            Timestamp(7 * DAY),
            Timestamp(0),
        )
        .unwrap();

    let ming = kid(&tmp.path().join("ming"), "小明", &class);
    done(&ming, "xq-1", 3, 1);
    done(&ming, "xq-2", 2, 2);
    ming.store
        .record_puzzle(
            ming.id,
            &PuzzleAttempt {
                puzzle_id: "p-1".into(),
                solved: true,
                hints: 0,
                time_ms: 1,
                at: Timestamp(3 * DAY),
            },
        )
        .unwrap();
    ming.store
        .record_game(
            ming.id,
            &GameRecord {
                id: 1,
                kind: GameKind::Xiangqi,
                ai_level: Some(2),
                side: Side::First,
                outcome: Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate }),
                moves: vec![],
                started: Timestamp(4 * DAY),
                ended: Timestamp(4 * DAY + 1),
            },
        )
        .unwrap();
    // A display name that tries to be a spreadsheet formula.
    let hong = kid(&tmp.path().join("hong"), "=HYPERLINK(\"x\")", &class);
    done(&hong, "xq-1", 1, 1);
    for k in [&ming, &hong] {
        let r = k.store.export_report(k.id, class.id, Timestamp(5 * DAY)).unwrap();
        teacher.import_report(class.id, &r, Timestamp(5 * DAY)).unwrap();
    }
    teacher.set_student_details(class.id, ming.id, "王明", "").unwrap();

    let m = teacher.class_matrix(class.id).unwrap();
    assert_eq!(m.lessons, vec!["xq-1", "xq-2"]);
    let names: Vec<_> = m.students.iter().map(|s| s.shown_name().to_owned()).collect();
    assert_eq!(names, vec!["=HYPERLINK(\"x\")", "王明"]);
    assert_eq!(m.cells[1][0].map(|c| (c.status, c.stars)), Some((LessonStatus::Completed, 3)));
    assert_eq!(m.cells[0][1], None);

    let st = teacher.assignment_status(class.id, hw.id).unwrap();
    let ming_row = st.iter().find(|s| s.student.student == ming.id).unwrap();
    assert_eq!((ming_row.done, ming_row.total, ming_row.stars), (3, 3, 5));
    assert_eq!(ming_row.finished, Some(Timestamp(3 * DAY)));
    let hong_row = st.iter().find(|s| s.student.student == hong.id).unwrap();
    assert_eq!((hong_row.done, hong_row.finished), (1, None));

    let tl = teacher.student_timeline(class.id, ming.id).unwrap();
    assert!(matches!(tl[0].kind, ActivityKind::Game { result: PlayerResult::Won, .. }));
    assert_eq!(tl.len(), 4);
    let levels = teacher.games_by_level(class.id, ming.id).unwrap();
    assert_eq!((levels[0].game.as_str(), levels[0].level, levels[0].won), ("xiangqi", 2, 1));

    // Day 10: the homework is overdue for 小红, and she has been idle 9 days.
    let sum = teacher.class_summary(class.id, Timestamp(10 * DAY), 7).unwrap();
    assert_eq!(sum.students, 2);
    assert!((sum.avg_lessons_completed - 1.5).abs() < 1e-9);
    assert!((sum.avg_stars - 3.0).abs() < 1e-9);
    assert_eq!(sum.behind.len(), 1);
    assert_eq!(sum.behind[0].student.student, hong.id);
    assert!(matches!(sum.behind[0].reasons[0], BehindReason::Inactive { days: 9, .. }));
    assert!(matches!(sum.behind[0].reasons[1], BehindReason::Overdue { done: 1, total: 3, .. }));

    let csv = teacher.class_csv(class.id).unwrap();
    assert!(csv.starts_with('\u{feff}'), "BOM for spreadsheet programs");
    let lines: Vec<&str> = csv.trim_start_matches('\u{feff}').split("\r\n").collect();
    assert_eq!(lines[0], "student,display name,xq-1,xq-2,lessons completed,stars,minutes");
    assert_eq!(lines[1], "\"'=HYPERLINK(\"\"x\"\")\",\"'=HYPERLINK(\"\"x\"\")\",1,,1,1,2");
    assert_eq!(lines[2], "王明,小明,3,2,2,5,4");
    let hw_csv = teacher.assignment_csv(class.id, hw.id).unwrap();
    assert!(hw_csv.contains("王明,3,3,5,yes"), "{hw_csv}");

    // Archiving keeps the data readable.
    teacher.archive_class(class.id, Timestamp(11 * DAY)).unwrap();
    assert!(teacher.classes(false).unwrap().is_empty());
    assert_eq!(teacher.classes(true).unwrap().len(), 1);
    assert_eq!(teacher.class_matrix(class.id).unwrap(), m);
}
