//! Homework (作业): the teacher sets lessons and a due date, shares the class file,
//! pupils take it in and see their homework; the teacher's dashboard says done, late,
//! missing or open for each pupil.

mod common;

use qike_core::progress::{
    AssignmentItem, AssignmentState, Class, ClassFileError, ClassFileTrust, LessonAttempt,
    NewClass, ProfileId, ProgressStore, StoreError, Timestamp,
};

const DAY: i64 = 86_400_000;

fn attempt(id: &str, at: i64) -> LessonAttempt {
    LessonAttempt {
        lesson_id: id.into(),
        content_version: 1,
        completed: true,
        stars: 2,
        mistakes: 0,
        hints: 0,
        time_ms: 60_000,
        at: Timestamp(at),
    }
}

fn pupil(store: &ProgressStore, name: &str, class: &Class) -> ProfileId {
    common::joined_pupil(store, name, &class.join_code().to_text(), Timestamp(0))
}

#[test]
fn homework_goes_out_in_the_class_file_and_comes_back_done_late_or_missing() {
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = t
        .create_class(
            NewClass {
                name: "三年级二班".into(),
                teacher: "王老师".into(),
                description: String::new(),
            },
            Timestamp(0),
        )
        .unwrap();
    let due = Timestamp(10 * DAY);
    let items = vec![AssignmentItem::Lesson("xq-1".into()), AssignmentItem::Lesson("xq-2".into())];
    let hw = t.add_assignment(class.id, "第一周作业", items, due, Timestamp(DAY)).unwrap();

    // Three pupils on one shared tablet: on time, late, and nothing.
    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let on_time = pupil(&kids, "小明", &class);
    let late = pupil(&kids, "小红", &class);
    let idle = pupil(&kids, "小刚", &class);
    for id in ["xq-1", "xq-2"] {
        kids.record_lesson(on_time, &attempt(id, 2 * DAY)).unwrap();
    }
    kids.record_lesson(late, &attempt("xq-1", 3 * DAY)).unwrap();
    kids.record_lesson(late, &attempt("xq-2", 12 * DAY)).unwrap();

    // The pupils take in the class file and see the homework.
    let text = t.export_class_file(class.id, Timestamp(2 * DAY)).unwrap();
    assert!(text.starts_with("QIKE:CLASS:"));
    for kid in [on_time, late, idle] {
        let got = kids.import_class_file(kid, &text).unwrap();
        assert_eq!((got.file.name.as_str(), got.file.assignments.len()), ("三年级二班", 1));
        assert_eq!(got.trust, ClassFileTrust::TeacherSigned);
    }
    let seen = |kid, now| {
        let list = kids.pupil_assignments(kid, Timestamp(now)).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].assignment.id, hw.id);
        (list[0].done, list[0].state)
    };
    assert_eq!(seen(on_time, 20 * DAY), (2, AssignmentState::Done));
    assert_eq!(seen(late, 20 * DAY), (2, AssignmentState::Late));
    assert_eq!(seen(idle, 5 * DAY), (0, AssignmentState::Open));
    assert_eq!(seen(idle, 20 * DAY), (0, AssignmentState::Missing));

    // Their reports reach the teacher, whose dashboard says the same.
    for kid in [on_time, late, idle] {
        let report = kids.export_report(kid, class.id, Timestamp(13 * DAY)).unwrap();
        t.import_report(class.id, &report, Timestamp(13 * DAY)).unwrap();
    }
    let status = t.assignment_status(class.id, hw.id).unwrap();
    let state_of = |kid: ProfileId, now: i64| {
        let s = status.iter().find(|s| s.student.student == kid).unwrap();
        s.state(hw.due, Timestamp(now))
    };
    assert_eq!(state_of(on_time, 20 * DAY), AssignmentState::Done);
    assert_eq!(state_of(late, 20 * DAY), AssignmentState::Late);
    assert_eq!(state_of(idle, 20 * DAY), AssignmentState::Missing);
    assert_eq!(state_of(idle, 5 * DAY), AssignmentState::Open);
}

#[test]
fn a_class_file_is_checked_and_the_newest_one_is_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let new = |name: &str| NewClass {
        name: name.into(),
        teacher: String::new(),
        description: String::new(),
    };
    let class = t.create_class(new("一班"), Timestamp(0)).unwrap();
    let other = t.create_class(new("二班"), Timestamp(0)).unwrap();
    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let kid = pupil(&kids, "小明", &class);

    let lesson = |id: &str| vec![AssignmentItem::Lesson(id.into())];
    t.add_assignment(class.id, "旧作业", lesson("a"), Timestamp(5), Timestamp(1)).unwrap();
    let older = t.export_class_file(class.id, Timestamp(100)).unwrap();
    t.add_assignment(class.id, "新作业", lesson("b"), Timestamp(9), Timestamp(2)).unwrap();
    let newer = t.export_class_file(class.id, Timestamp(200)).unwrap();
    assert_eq!(kids.import_class_file(kid, &newer).unwrap().file.assignments.len(), 2);
    // The older file arrives late: the newer one stays.
    assert_eq!(kids.import_class_file(kid, &older).unwrap().file.issued, Timestamp(200));
    assert_eq!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().len(), 2);

    // A changed symbol, another class's file, and text that is no class file.
    let mut bad: Vec<char> = newer.chars().collect();
    let mid = bad.len() / 2;
    bad[mid] = if bad[mid] == 'A' { 'B' } else { 'A' };
    let bad: String = bad.into_iter().collect();
    let e = kids.import_class_file(kid, &bad).unwrap_err();
    assert!(matches!(&e, StoreError::ClassFile(ClassFileError::Tampered)), "{e:?}");
    let theirs = t.export_class_file(other.id, Timestamp(300)).unwrap();
    assert!(matches!(
        kids.import_class_file(kid, &theirs),
        Err(StoreError::NotAMember { class, .. }) if class == other.id
    ));
    assert!(kids.import_class_file(kid, "QIKE:REPORT:AAAA").is_err());
    assert!(kids.import_class_file(kid, "QIKE:CLASS:").is_err());
    assert_eq!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().len(), 2, "nothing changed");
    // Once the pupil leaves the class its homework is gone from their list.
    kids.leave_class(kid, class.id).unwrap();
    assert!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().is_empty());
}

/// A puzzle set as homework comes first in the pupil's daily practice even from a lesson
/// the pupil has not finished; solving it there marks the homework done for the pupil,
/// and the report gives the teacher the pupil's puzzle score.
#[test]
fn a_homework_puzzle_is_practised_first_and_done_by_practice() {
    use qike_core::GameKind;
    use qike_core::curriculum::course_for;
    use qike_core::curriculum::practice::{PickReason, practice_items};
    use qike_core::progress::PuzzleScore;

    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let new = NewClass {
        name: "国际象棋社".into(),
        teacher: "王老师".into(),
        description: String::new(),
    };
    let class = t.create_class(new, Timestamp(0)).unwrap();
    let chess = course_for(GameKind::Chess).unwrap().unwrap();
    let xiangqi = course_for(GameKind::Xiangqi).unwrap().unwrap();
    let lessons: Vec<String> = chess.lessons().map(|l| l.id.clone()).collect();
    let all = practice_items(&chess, &lessons);
    let puzzle = all.last().expect("the chess course has puzzles").clone();
    let items = vec![AssignmentItem::Puzzle(puzzle.id.clone())];
    t.add_assignment(class.id, "周末题", items, Timestamp(3 * DAY), Timestamp(DAY)).unwrap();

    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let kid = pupil(&kids, "小明", &class);
    // The pupil finished the first two chess lessons, not the puzzle's.
    for l in &lessons[..2] {
        kids.record_lesson(kid, &attempt(l, DAY)).unwrap();
    }
    kids.import_class_file(kid, &t.export_class_file(class.id, Timestamp(DAY)).unwrap()).unwrap();
    let courses = [xiangqi.clone(), chess.clone()];
    let set = kids.daily_practice(kid, &courses, Timestamp(2 * DAY), 6).unwrap();
    assert_eq!(set.puzzles[0].item.id, puzzle.id, "the homework first");
    assert_eq!(set.puzzles[0].pick.reason, PickReason::Homework);
    assert_eq!(set.puzzles[0].kind, GameKind::Chess);
    // The rest come from the finished lessons, one from each before a second from any.
    let rest: Vec<&str> = set.puzzles[1..].iter().map(|p| p.item.lesson_id.as_str()).collect();
    assert!(rest.iter().all(|l| lessons[..2].iter().any(|d| d == l)), "{rest:?}");
    let finished_with_puzzles: Vec<&String> = lessons[..2]
        .iter()
        .filter(|l| all.iter().filter(|it| &it.lesson_id == *l).count() > 0)
        .collect();
    if finished_with_puzzles.len() == 2 && rest.len() >= 2 {
        assert_ne!(rest[0], rest[1], "two lessons before a second from one: {rest:?}");
    }

    // A miss keeps it open; solving it in practice marks the homework done.
    let open = |now| kids.pupil_assignments(kid, Timestamp(now)).unwrap()[0].state;
    kids.record_practice(
        kid,
        GameKind::Chess,
        &puzzle.id,
        puzzle.difficulty,
        false,
        Timestamp(2 * DAY),
    )
    .unwrap();
    assert_eq!(open(2 * DAY), AssignmentState::Open);
    kids.record_practice(
        kid,
        GameKind::Chess,
        &puzzle.id,
        puzzle.difficulty,
        true,
        Timestamp(2 * DAY),
    )
    .unwrap();
    assert_eq!(open(2 * DAY), AssignmentState::Done);
    let set = kids.daily_practice(kid, &courses, Timestamp(2 * DAY), 6).unwrap();
    assert!(set.puzzles.iter().all(|p| p.pick.reason != PickReason::Homework));

    // The teacher's copy: the puzzle tried twice and solved, in chess and not in xiangqi.
    let report = kids.export_report(kid, class.id, Timestamp(2 * DAY)).unwrap();
    t.import_report(class.id, &report, Timestamp(2 * DAY)).unwrap();
    assert_eq!(
        t.student_puzzle_score(class.id, kid, &chess).unwrap(),
        PuzzleScore { tried: 1, solved: 1 }
    );
    assert_eq!(t.student_puzzle_score(class.id, kid, &xiangqi).unwrap(), PuzzleScore::default());
    let rec = &t.student_puzzles(class.id, kid).unwrap()[0];
    assert_eq!((rec.attempts, rec.solves), (2, 1));
}
