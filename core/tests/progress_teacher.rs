//! Teacher mode end to end through the core and the `qike class` command: a class is
//! made, a pupil joins (a mistyped code refused), saves a report file, the teacher
//! imports a folder (a tampered copy and another class's report refused, a second
//! import changes nothing), and the dashboard and CSV show the pupil.

mod common;
use common::qike;

use qike_core::progress::{
    JoinCode, JoinCodeError, LessonAttempt, LessonStatus, NewClass, NewProfile, ProgressStore,
    ReportError, Role, StoreError, Timestamp, read_report_file,
};

fn new_class(store: &ProgressStore, name: &str) -> qike_core::progress::Class {
    let c = store
        .create_class(
            NewClass { name: name.into(), teacher: "李老师".into(), description: String::new() },
            Timestamp(0),
        )
        .unwrap();
    store.update_class(c.id, name, "三年级", "xiangqi").unwrap()
}

fn pupil(store: &ProgressStore, name: &str) -> qike_core::progress::ProfileId {
    store
        .create_profile(
            NewProfile {
                display_name: name.into(),
                avatar: "panda".into(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(0),
        )
        .unwrap()
        .id
}

/// The code with one symbol mistyped. Ten check bits catch all but one in 1024 such
/// slips; the first slip (of the symbol after the first dash) that they catch is used,
/// so the test does not depend on the random class.
fn mistype(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    for replacement in "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".chars() {
        let mut c = chars.clone();
        if c[5] == replacement {
            continue;
        }
        c[5] = replacement;
        let typo: String = c.into_iter().collect();
        if JoinCode::parse(&typo).is_err() {
            return typo;
        }
    }
    panic!("no single slip of {code} was caught")
}

#[test]
fn class_round_trip_through_files() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
    let class = new_class(&teacher, "三年级象棋");
    let other = new_class(&teacher, "四年级象棋");
    assert_eq!((class.grade.as_str(), class.game.as_str()), ("三年级", "xiangqi"));

    // Renaming keeps the id and the code; archived classes refuse renames.
    let renamed = teacher.update_class(class.id, "三年级象棋班", "三年级", "xiangqi").unwrap();
    assert_eq!(renamed.join_code(), class.join_code());
    assert_eq!(teacher.class(class.id).unwrap().name, "三年级象棋班");

    let kid = pupil(&kid_store, "小红");
    let code = class.join_code().to_text();
    let typo = mistype(&code);
    assert_ne!(typo, code);
    match kid_store.join_class(kid, &typo, "", Timestamp(1)) {
        Err(StoreError::JoinCode(JoinCodeError::Checksum)) => {}
        other => panic!("a mistyped code must be refused for its check letters: {other:?}"),
    }
    assert!(kid_store.memberships(kid).unwrap().is_empty());
    kid_store.join_class(kid, &code.to_lowercase(), "三年级象棋班", Timestamp(1)).unwrap();
    // The same pupil in another class, to make a report the first class must refuse.
    kid_store.join_class(kid, &other.join_code().qr_payload(), "", Timestamp(1)).unwrap();

    kid_store
        .record_lesson(
            kid,
            &LessonAttempt {
                lesson_id: "xq-u1-l1".into(),
                content_version: 1,
                completed: true,
                stars: 2,
                mistakes: 1,
                hints: 0,
                time_ms: 120_000,
                at: Timestamp(1_000),
            },
        )
        .unwrap();

    let outbox = tmp.path().join("outbox");
    let saved = kid_store.save_report(kid, class.id, &outbox, Timestamp(2_000)).unwrap();
    assert!(saved.text.starts_with("QIKE:REPORT:"));
    assert_eq!(read_report_file(&saved.path).unwrap(), read_report_file(&saved.path).unwrap());
    let wrong = kid_store.save_report(kid, other.id, &outbox, Timestamp(2_000)).unwrap();

    // A tampered copy: one symbol changed in the middle of the text form.
    let mut tampered: Vec<char> = saved.text.chars().collect();
    let mid = tampered.len() / 2;
    tampered[mid] = if tampered[mid] == 'A' { 'B' } else { 'A' };
    let tampered: String = tampered.into_iter().collect();
    let inbox = tmp.path().join("inbox");
    std::fs::create_dir_all(&inbox).unwrap();
    std::fs::copy(&saved.path, inbox.join("a-good.qikereport")).unwrap();
    std::fs::write(inbox.join("b-tampered.qikereport"), &tampered).unwrap();
    std::fs::copy(&wrong.path, inbox.join("c-other-class.qikereport")).unwrap();
    std::fs::write(inbox.join("d-cut.qikereport"), &saved.text[..40]).unwrap();
    std::fs::write(inbox.join("notes.txt"), "not a report").unwrap();

    let tally = teacher.import_path(Some(class.id), &inbox, Timestamp(3_000)).unwrap();
    assert_eq!(tally.items.len(), 4, "only .qikereport files are read");
    assert_eq!((tally.new_students(), tally.updated(), tally.already_had()), (1, 0, 0));
    let rejected: Vec<(&str, &StoreError)> = tally.rejected().collect();
    assert_eq!(rejected.len(), 3);
    assert!(matches!(rejected[0], ("b-tampered.qikereport", StoreError::Report(_))));
    assert!(matches!(
        rejected[1],
        ("c-other-class.qikereport", StoreError::Report(ReportError::WrongClass { .. }))
    ));
    assert!(matches!(
        rejected[2].1,
        StoreError::Report(ReportError::Truncated { .. } | ReportError::Malformed(_))
    ));

    let before = teacher.class_csv(class.id).unwrap();
    let again = teacher.import_path(Some(class.id), &saved.path, Timestamp(4_000)).unwrap();
    assert_eq!(again.already_had(), 1);
    assert_eq!(teacher.class_csv(class.id).unwrap(), before, "a second import changes nothing");
    let pasted = teacher.import_pasted(None, &format!("  {}\n", saved.text), Timestamp(4_000));
    assert_eq!(pasted.already_had(), 1);

    let m = teacher.class_matrix(class.id).unwrap();
    assert_eq!(m.students.len(), 1);
    assert_eq!(m.students[0].display_name, "小红");
    let col = m.lessons.iter().position(|l| l == "xq-u1-l1").unwrap();
    let cell = m.cells[0][col].unwrap();
    assert_eq!((cell.status, cell.stars), (LessonStatus::Completed, 2));
    assert!(before.starts_with('\u{feff}'));
    assert!(before.contains("小红"));

    kid_store.close().unwrap();
    teacher.close().unwrap();
}

#[test]
fn class_command_creates_imports_and_exports() {
    let tmp = tempfile::tempdir().unwrap();
    let store_dir = tmp.path().join("class-store");
    let store = store_dir.to_str().unwrap();
    let (ok, out, err) =
        qike(&["class", "create", "--store", store, "--name", "=一班", "--grade", "一年级"]);
    assert!(ok, "{err}");
    let code = out
        .lines()
        .find_map(|l| l.strip_prefix("join code: "))
        .expect("the join code is printed")
        .to_owned();

    // A pupil somewhere else joins with the printed code and saves two reports.
    let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
    let kid = pupil(&kid_store, "@小明");
    kid_store.join_class(kid, &code, "", Timestamp(1)).unwrap();
    let class = kid_store.memberships(kid).unwrap()[0].class;
    let inbox = tmp.path().join("inbox");
    kid_store.save_report(kid, class, &inbox, Timestamp(10)).unwrap();
    kid_store
        .record_lesson(
            kid,
            &LessonAttempt {
                lesson_id: "xq-u1-l2".into(),
                content_version: 1,
                completed: true,
                stars: 3,
                mistakes: 0,
                hints: 0,
                time_ms: 60_000,
                at: Timestamp(20),
            },
        )
        .unwrap();
    kid_store.save_report(kid, class, &inbox, Timestamp(30)).unwrap();
    kid_store.close().unwrap();
    std::fs::write(inbox.join("junk.qikereport"), "QIKE:REPORT:!!!!").unwrap();

    let (ok, out, err) = qike(&["class", "import", "--store", store, inbox.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("3 reports: 1 new, 1 updated, 0 already had, 1 rejected"), "{out}");
    assert!(out.contains("junk.qikereport: rejected"), "{out}");
    let (ok, out, _) = qike(&["class", "import", "--store", store, inbox.to_str().unwrap()]);
    assert!(ok);
    assert!(out.contains("3 reports: 0 new, 0 updated, 2 already had, 1 rejected"), "{out}");

    let (ok, out, err) = qike(&["class", "dashboard", "--store", store]);
    assert!(ok, "{err}");
    assert!(out.contains("1 pupils"), "{out}");
    let row = out.lines().find(|l| l.contains("@小明")).expect("the pupil's row");
    assert!(row.contains('3') && row.contains("1 done"), "{row}");

    let csv_path = tmp.path().join("class.csv");
    let (ok, _, err) =
        qike(&["class", "csv", "--store", store, "--out", csv_path.to_str().unwrap()]);
    assert!(ok, "{err}");
    let csv = std::fs::read_to_string(&csv_path).unwrap();
    let store_again = ProgressStore::open(&store_dir).unwrap();
    assert_eq!(csv, store_again.class_csv(class).unwrap());
    store_again.close().unwrap();
    assert!(csv.contains("'@小明"), "a name starting with @ is neutralised: {csv}");

    let missing = tmp.path().join("no-such-folder");
    let (ok, _, err) = qike(&["class", "import", "--store", store, missing.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("is neither a file nor a folder"), "{err}");
    let (ok, _, err) = qike(&["class", "dashboard", "--store", store, "--class", "ZZZZZZ"]);
    assert!(!ok);
    assert!(err.contains("no class ZZZZZZ"), "{err}");
}
