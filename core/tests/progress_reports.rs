//! Class reports end to end: a student's store exports, a teacher's store imports.
//! Every rejection has its typed error; merging is idempotent and order-independent.

use std::path::Path;

mod common;
use common::copy_dir;

use proptest::prelude::*;
use qike_core::progress::{
    ClassId, GameRecord, ImportOutcome, JoinCode, LessonAttempt, NewClass, ProgressStore,
    PuzzleAttempt, REPORT_VERSION, ReportBody, ReportError, StoreError, Timestamp, open_report,
    peek_class, report_from_text, report_to_text, seal_report,
};
use qike_core::{GameKind, Outcome, Side, WinReason};

fn class(store: &ProgressStore, name: &str) -> qike_core::progress::Class {
    store
        .create_class(
            NewClass { name: name.into(), teacher: "王老师".into(), description: String::new() },
            Timestamp(0),
        )
        .unwrap()
}

fn student(store: &ProgressStore, name: &str, code: &str) -> qike_core::progress::ProfileId {
    common::joined_pupil(store, name, code, Timestamp(1))
}

fn attempt(id: &str, completed: bool, stars: u8, at: i64) -> LessonAttempt {
    LessonAttempt {
        lesson_id: id.into(),
        content_version: 1,
        completed,
        stars,
        mistakes: 1,
        hints: 0,
        time_ms: 30_000,
        at: Timestamp(at),
    }
}

fn store_err(e: StoreError) -> ReportError {
    match e {
        StoreError::Report(r) => r,
        other => panic!("expected a report error, got {other:?}"),
    }
}

struct World {
    _tmp: tempfile::TempDir,
    teacher: ProgressStore,
    kid_store: ProgressStore,
    class: qike_core::progress::Class,
    other: qike_core::progress::Class,
    kid: qike_core::progress::ProfileId,
}

fn world() -> World {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
    let c = class(&teacher, "一年级象棋");
    let other = class(&teacher, "二年级象棋");
    let kid = student(&kid_store, "小明", &c.join_code().qr_payload());
    kid_store.record_lesson(kid, &attempt("xq-1", true, 3, 100)).unwrap();
    World { _tmp: tmp, teacher, kid_store, class: c, other, kid }
}

#[test]
fn a_report_round_trips_and_fills_the_roster() {
    let w = world();
    w.kid_store
        .record_puzzle(
            w.kid,
            &PuzzleAttempt {
                puzzle_id: "p1".into(),
                solved: true,
                hints: 0,
                time_ms: 9,
                at: Timestamp(5),
            },
        )
        .unwrap();
    let g = GameRecord {
        id: 42,
        kind: GameKind::Xiangqi,
        ai_level: Some(2),
        side: Side::Second,
        outcome: Some(Outcome::Win { winner: Side::Second, reason: WinReason::Checkmate }),
        moves: vec!["h2e2".into()],
        started: Timestamp(10),
        ended: Timestamp(20),
    };
    w.kid_store.record_game(w.kid, &g).unwrap();
    let bytes = w.kid_store.export_report(w.kid, w.class.id, Timestamp(200)).unwrap();
    // The text form carries the same bytes.
    let text = report_to_text(&bytes);
    assert_eq!(report_from_text(&text).unwrap(), bytes);

    let s = w.teacher.import_report_any(&bytes, Timestamp(300)).unwrap();
    assert_eq!(
        (s.outcome, s.seq, s.lessons_changed, s.games_added),
        (ImportOutcome::NewStudent, 1, 1, 1)
    );
    let roster = w.teacher.roster(w.class.id).unwrap();
    assert_eq!(roster.len(), 1);
    assert_eq!(roster[0].display_name, "小明");
    assert_eq!(
        w.teacher.student_lessons(w.class.id, w.kid).unwrap(),
        w.kid_store.lesson_records(w.kid).unwrap()
    );
    assert_eq!(w.teacher.student_games(w.class.id, w.kid).unwrap(), vec![g]);
    assert_eq!(w.teacher.student_puzzles(w.class.id, w.kid).unwrap().len(), 1);
    assert_eq!(
        w.teacher.student_ratings(w.class.id, w.kid).unwrap(),
        w.kid_store.ratings(w.kid).unwrap()
    );

    // The same report again changes nothing.
    let again = w.teacher.import_report(w.class.id, &bytes, Timestamp(400)).unwrap();
    assert_eq!(again.outcome, ImportOutcome::AlreadyImported);

    // The teacher's names and notes survive later reports.
    w.teacher.set_student_details(w.class.id, w.kid, "王小明", "sits at the front").unwrap();
    w.kid_store.record_lesson(w.kid, &attempt("xq-2", true, 2, 500)).unwrap();
    let newer = w.kid_store.export_report(w.kid, w.class.id, Timestamp(600)).unwrap();
    let s = w.teacher.import_report(w.class.id, &newer, Timestamp(700)).unwrap();
    assert_eq!((s.outcome, s.seq, s.lessons_changed), (ImportOutcome::Updated, 2, 1));
    let e = w.teacher.roster_entry(w.class.id, w.kid).unwrap();
    assert_eq!((e.real_name.as_str(), e.notes.as_str()), ("王小明", "sits at the front"));
    // An older report after a newer one changes nothing either.
    let old = w.teacher.import_report(w.class.id, &bytes, Timestamp(800)).unwrap();
    assert_eq!(old.outcome, ImportOutcome::AlreadyImported);
    assert_eq!(w.teacher.student_lessons(w.class.id, w.kid).unwrap().len(), 2);

    // Removing the student removes everything their reports brought.
    w.teacher.remove_student(w.class.id, w.kid).unwrap();
    assert!(w.teacher.roster(w.class.id).unwrap().is_empty());
    assert!(w.teacher.student_lessons(w.class.id, w.kid).unwrap().is_empty());
    assert!(w.teacher.student_games(w.class.id, w.kid).unwrap().is_empty());
    assert_eq!(w.teacher.student_last_report(w.class.id, w.kid).unwrap(), None);
}

#[test]
fn every_kind_of_bad_report_has_its_own_error() {
    let w = world();
    let good = w.kid_store.export_report(w.kid, w.class.id, Timestamp(200)).unwrap();
    let t = &w.teacher;
    let import =
        |bytes: &[u8]| store_err(t.import_report(w.class.id, bytes, Timestamp(1)).unwrap_err());

    // Tampered: one bit of the body, or of the tag.
    let mut body_flip = good.clone();
    body_flip[30] ^= 1;
    assert_eq!(import(&body_flip), ReportError::Tampered);
    let mut tag_flip = good.clone();
    *tag_flip.last_mut().unwrap() ^= 0x80;
    assert_eq!(import(&tag_flip), ReportError::Tampered);

    // Truncated anywhere.
    for cut in [1, 5, 10, 16, 40, good.len() - 1] {
        assert!(matches!(import(&good[..cut]), ReportError::Truncated { .. }), "cut at {cut}");
    }
    // Oversize, checked before anything else.
    let huge = vec![0u8; qike_core::progress::MAX_REPORT_BYTES + 1];
    assert!(matches!(import(&huge), ReportError::Oversize { .. }));
    // Not a report at all.
    assert_eq!(import(b"hello, teacher"), ReportError::NotAReport);
    assert_eq!(import(b""), ReportError::NotAReport);
    // From a newer app.
    let mut future = good.clone();
    future[7] = REPORT_VERSION + 1;
    assert_eq!(
        import(&future),
        ReportError::FutureVersion { found: REPORT_VERSION + 1, supported: REPORT_VERSION }
    );
    // For another class of this teacher.
    assert_eq!(
        store_err(t.import_report(w.other.id, &good, Timestamp(1)).unwrap_err()),
        ReportError::WrongClass { expected: w.other.id, found: w.class.id }
    );
    // For a class this device does not teach.
    let mut stranger = good.clone();
    stranger[8..12].copy_from_slice(&0x0ABC_DEF0u32.to_be_bytes());
    assert_eq!(
        store_err(t.import_report_any(&stranger, Timestamp(1)).unwrap_err()),
        ReportError::UnknownClass(ClassId(0x0ABC_DEF0))
    );
    // Relabelled for another class: the MAC was made with the wrong key.
    let mut relabelled = good.clone();
    relabelled[8..12].copy_from_slice(&w.other.id.0.to_be_bytes());
    assert_eq!(
        store_err(t.import_report(w.other.id, &relabelled, Timestamp(1)).unwrap_err()),
        ReportError::Tampered
    );
    // Bytes after the signature.
    let mut trailing = good.clone();
    trailing.push(0);
    assert!(matches!(import(&trailing), ReportError::Malformed(_)));
    // Signed with the right key but saying impossible things.
    let mut body = open_report(&good, w.class.id, &w.class.key).unwrap();
    body.lessons[0].best_stars = 7;
    let bad = seal_report(&body, &w.class.key).unwrap();
    assert!(matches!(import(&bad), ReportError::Malformed(m) if m.contains("xq-1")));
    // A body that is not CBOR at all, correctly signed.
    let junk = resign(b"QIKERPT\x01", w.class.id, b"\xff\xff\xff", &w.class.key);
    assert!(matches!(import(&junk), ReportError::Malformed(_)));

    // Archived classes take no more reports.
    t.archive_class(w.class.id, Timestamp(5)).unwrap();
    assert_eq!(import(&good), ReportError::ArchivedClass(w.class.id));
    // Nothing above reached the store.
    assert!(t.roster(w.class.id).unwrap().is_empty());
    // And the messages say what is wrong.
    assert_eq!(
        ReportError::Tampered.to_string(),
        "the report was changed after it was signed, or signed with another class's key"
    );
}

/// Builds report bytes around any payload with a valid MAC.
fn resign(
    head: &[u8],
    class: ClassId,
    payload: &[u8],
    key: &qike_core::progress::ClassKey,
) -> Vec<u8> {
    use hmac::{Hmac, Mac};
    let mut out = head.to_vec();
    out.extend_from_slice(&class.0.to_be_bytes());
    out.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    out.extend_from_slice(payload);
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&key.0).unwrap();
    mac.update(&out);
    out.extend_from_slice(&mac.finalize().into_bytes());
    out
}

#[test]
fn the_qr_form_fits_a_qr_code_and_merges_without_hiding_older_reports() {
    let w = world();
    for i in 0..300 {
        w.kid_store
            .record_lesson(w.kid, &attempt(&format!("xiangqi/unit-{i:03}"), true, 2, 1000 + i))
            .unwrap();
    }
    let full = w.kid_store.export_report(w.kid, w.class.id, Timestamp(5000)).unwrap();
    w.kid_store.record_lesson(w.kid, &attempt("newest", true, 3, 9000)).unwrap();
    let text = w.kid_store.export_report_qr(w.kid, w.class.id, Timestamp(9500)).unwrap();
    // Alphanumeric QR mode holds 4,296 symbols at most.
    assert!(text.len() <= 4_296 / 3 * 2, "{} symbols", text.len());
    assert!(text.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == ':'));
    let qr = report_from_text(&text).unwrap();
    let body = open_report(&qr, w.class.id, &w.class.key).unwrap();
    assert!(body.partial);
    assert_eq!(body.lessons[0].lesson_id, "newest", "newest first");
    assert!(body.lessons.len() > 5 && body.lessons.len() < 301);

    // The newer partial report first, then the older full one: both count.
    let s = w.teacher.import_report(w.class.id, &qr, Timestamp(1)).unwrap();
    assert_eq!(s.outcome, ImportOutcome::NewStudent);
    let s = w.teacher.import_report(w.class.id, &full, Timestamp(1)).unwrap();
    assert_eq!(s.outcome, ImportOutcome::Updated);
    assert_eq!(w.teacher.student_lessons(w.class.id, w.kid).unwrap().len(), 302);
    let again = w.teacher.import_report(w.class.id, &qr, Timestamp(1)).unwrap();
    assert_eq!(again.outcome, ImportOutcome::AlreadyImported);
}

#[test]
fn joining_needs_a_valid_code_and_exporting_needs_membership() {
    let w = world();
    let p = w.kid;
    let e = w.kid_store.join_class(p, "ABCD-EFGH", "", Timestamp(0)).unwrap_err();
    assert!(matches!(e, StoreError::JoinCode(_)), "{e:?}");
    assert!(matches!(
        w.kid_store.export_report(p, w.other.id, Timestamp(0)),
        Err(StoreError::NotAMember { .. })
    ));
    let code = w.class.join_code();
    // Typed, the code carries the teacher key's fingerprint; the QR code the whole key.
    let typed = JoinCode::parse(&code.to_text()).unwrap();
    assert_eq!((typed.class, &typed.key), (code.class, &code.key));
    assert_eq!(typed.teacher.map(|t| t.fingerprint()), code.teacher.map(|t| t.fingerprint()));
    assert_eq!(JoinCode::parse_any(&code.qr_payload()).unwrap(), code);
    // Sequence numbers count up with each export.
    let a = w.kid_store.export_report(p, w.class.id, Timestamp(1)).unwrap();
    let b = w.kid_store.export_report(p, w.class.id, Timestamp(2)).unwrap();
    let seq = |bytes: &[u8]| open_report(bytes, w.class.id, &w.class.key).unwrap().seq;
    assert_eq!((seq(&a), seq(&b)), (1, 2));
}

// ---- merge properties ----

#[derive(Debug, Clone)]
enum Step {
    Lesson { lesson: u8, completed: bool, stars: u8 },
    Puzzle { puzzle: u8, solved: bool },
    Game { level: u8, won: bool },
    Export,
    ExportQr,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (0u8..5, any::<bool>(), 0u8..4).prop_map(|(lesson, completed, stars)| Step::Lesson {
            lesson,
            completed,
            stars
        }),
        (0u8..3, any::<bool>()).prop_map(|(puzzle, solved)| Step::Puzzle { puzzle, solved }),
        (1u8..=10, any::<bool>()).prop_map(|(level, won)| Step::Game { level, won }),
        Just(Step::Export),
        Just(Step::ExportQr),
    ]
}

type ClassState = (
    Vec<qike_core::progress::LessonRecord>,
    Vec<qike_core::progress::PuzzleRecord>,
    Vec<GameRecord>,
    Vec<(String, qike_core::progress::SkillRating)>,
    Vec<qike_core::progress::RosterEntry>,
);

fn state(t: &ProgressStore, class: ClassId, kid: qike_core::progress::ProfileId) -> ClassState {
    let mut roster = t.roster(class).unwrap();
    for r in &mut roster {
        r.added = Timestamp(0);
    }
    (
        t.student_lessons(class, kid).unwrap(),
        t.student_puzzles(class, kid).unwrap(),
        t.student_games(class, kid).unwrap(),
        t.student_ratings(class, kid).unwrap(),
        roster,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Reports imported in any order, with repeats, end where importing them in order
    /// ends, and that is exactly the student's own latest state.
    #[test]
    fn merging_is_idempotent_and_order_independent(
        steps in prop::collection::vec(step(), 1..14),
        order in prop::collection::vec(any::<prop::sample::Index>(), 1..20),
    ) {
        let tmp = tempfile::tempdir().unwrap();
        let t0 = ProgressStore::open(tmp.path().join("t0")).unwrap();
        let c = class(&t0, "c");
        t0.close().unwrap();
        drop(t0);
        copy_dir(&tmp.path().join("t0"), &tmp.path().join("t1"));
        let in_order = ProgressStore::open(tmp.path().join("t0")).unwrap();
        let shuffled = ProgressStore::open(tmp.path().join("t1")).unwrap();
        let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
        let kid = student(&kid_store, "k", &c.join_code().to_text());

        let mut reports = Vec::new();
        for (n, s) in steps.iter().enumerate() {
            let at = Timestamp(n as i64 * 1000);
            match *s {
                Step::Lesson { lesson, completed, stars } => {
                    kid_store.record_lesson(kid, &attempt(&format!("l{lesson}"), completed, stars, at.0)).unwrap();
                }
                Step::Puzzle { puzzle, solved } => {
                    kid_store.record_puzzle(kid, &PuzzleAttempt {
                        puzzle_id: format!("p{puzzle}"), solved, hints: 1, time_ms: 7, at,
                    }).unwrap();
                }
                Step::Game { level, won } => {
                    let winner = if won { Side::First } else { Side::Second };
                    kid_store.record_game(kid, &GameRecord {
                        id: n as u64, kind: GameKind::Chess, ai_level: Some(level), side: Side::First,
                        outcome: Some(Outcome::Win { winner, reason: WinReason::Resignation }),
                        moves: vec![], started: at, ended: at,
                    }).unwrap();
                }
                Step::Export => reports.push(kid_store.export_report(kid, c.id, at).unwrap()),
                Step::ExportQr => {
                    let text = kid_store.export_report_qr(kid, c.id, at).unwrap();
                    reports.push(report_from_text(&text).unwrap());
                }
            }
        }
        reports.push(kid_store.export_report(kid, c.id, Timestamp(1_000_000)).unwrap());

        for r in &reports {
            in_order.import_report(c.id, r, Timestamp(0)).unwrap();
        }
        // Any order, any repeats, and the newest somewhere in it.
        let mut picks: Vec<&Vec<u8>> = order.iter().map(|i| &reports[i.index(reports.len())]).collect();
        picks.insert(order[0].index(picks.len() + 1), reports.last().unwrap());
        for r in picks {
            shuffled.import_report(c.id, r, Timestamp(0)).unwrap();
        }
        let a = state(&in_order, c.id, kid);
        prop_assert_eq!(&a, &state(&shuffled, c.id, kid));
        prop_assert_eq!(&a.0, &kid_store.lesson_records(kid).unwrap());
        prop_assert_eq!(&a.1, &kid_store.puzzle_records(kid).unwrap());
        prop_assert_eq!(&a.2, &kid_store.games(kid).unwrap());
        prop_assert_eq!(&a.3, &kid_store.ratings(kid).unwrap());
        // Importing everything again changes nothing.
        for r in &reports {
            let s = shuffled.import_report(c.id, r, Timestamp(0)).unwrap();
            prop_assert_eq!(s.outcome, ImportOutcome::AlreadyImported);
            prop_assert_eq!(s.lessons_changed + s.puzzles_changed + s.games_added, 0);
        }
        prop_assert_eq!(&a, &state(&shuffled, c.id, kid));
    }

    /// The lattice join itself: commutative, associative, idempotent.
    #[test]
    fn lesson_merge_is_a_join(xs in prop::collection::vec((0u8..4, any::<bool>(), 0i64..100), 0..6),
                              ys in prop::collection::vec((0u8..4, any::<bool>(), 0i64..100), 0..6),
                              zs in prop::collection::vec((0u8..4, any::<bool>(), 0i64..100), 0..6)) {
        let build = |v: &[(u8, bool, i64)]| {
            let mut r = qike_core::progress::LessonRecord::new("l");
            for &(stars, done, at) in v { r.apply(&attempt("l", done, stars, at)); }
            r
        };
        let (x, y, z) = (build(&xs), build(&ys), build(&zs));
        let join = |a: &qike_core::progress::LessonRecord, b: &qike_core::progress::LessonRecord| {
            let mut m = a.clone(); m.merge(b); m
        };
        prop_assert_eq!(join(&x, &y), join(&y, &x));
        prop_assert_eq!(join(&join(&x, &y), &z), join(&x, &join(&y, &z)));
        prop_assert_eq!(join(&x, &x), x.clone());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any bytes: an error or a report, never a panic.
    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let key = qike_core::progress::ClassKey(*b"0123456789");
        let _ = peek_class(&bytes);
        let _ = open_report(&bytes, ClassId(5), &key);
        let _ = report_from_text(&String::from_utf8_lossy(&bytes));
    }

    /// Any change to a valid report is caught (or, for the version byte, named).
    #[test]
    fn any_single_byte_change_is_refused(pos in any::<prop::sample::Index>(), xor in 1u8..=255) {
        let key = qike_core::progress::ClassKey(*b"0123456789");
        let body = ReportBody {
            class: ClassId(5),
            student: qike_core::progress::ProfileId(9),
            device: qike_core::progress::DeviceId(3),
            seq: 1,
            created: Timestamp(0),
            display_name: "小明".into(),
            avatar: String::new(),
            lessons: vec![qike_core::progress::LessonRecord::new("l")],
            puzzles: vec![],
            games: vec![],
            junqi_games: vec![],
            ratings: vec![],
            partial: false,
        };
        let mut bytes = seal_report(&body, &key).unwrap();
        prop_assert_eq!(open_report(&bytes, ClassId(5), &key).unwrap(), body);
        let i = pos.index(bytes.len());
        bytes[i] ^= xor;
        prop_assert!(open_report(&bytes, ClassId(5), &key).is_err());
    }
}

/// Writes seed inputs for the report fuzz targets (not committed: run by hand).
#[test]
#[ignore = "writes fuzz seeds"]
fn write_fuzz_seeds() {
    let key = qike_core::progress::ClassKey(*b"fuzzkey123");
    let g = GameRecord {
        id: 1,
        kind: GameKind::Go { size: 9 },
        ai_level: Some(3),
        side: Side::First,
        outcome: Some(Outcome::Win { winner: Side::Second, reason: WinReason::Score }),
        moves: vec!["D4".into()],
        started: Timestamp(1),
        ended: Timestamp(2),
    };
    let body = ReportBody {
        class: ClassId(7),
        student: qike_core::progress::ProfileId(9),
        device: qike_core::progress::DeviceId(3),
        seq: 4,
        created: Timestamp(5),
        display_name: "小明".into(),
        avatar: "cat".into(),
        lessons: vec![qike_core::progress::LessonRecord::new("l1")],
        puzzles: vec![qike_core::progress::PuzzleRecord::new("p1")],
        games: vec![g],
        junqi_games: vec![],
        ratings: vec![("go9".into(), qike_core::progress::SkillRating::default())],
        partial: false,
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let sealed = seal_report(&body, &key).unwrap();
    for (target, bytes) in [
        ("progress_report_open", sealed.clone()),
        ("progress_report_body", sealed[16..sealed.len() - 32].to_vec()),
    ] {
        std::fs::create_dir_all(root.join(target)).unwrap();
        std::fs::write(root.join(target).join("seed"), bytes).unwrap();
    }
}
