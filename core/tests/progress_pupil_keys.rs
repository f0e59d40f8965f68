//! Each pupil signs their reports with their own key; the teacher pins it on first
//! use, so a classmate holding the same class key cannot write another pupil's report.

mod common;

use qike_core::progress::{
    Class, ImportOutcome, LessonAttempt, NewClass, ProfileId, ProgressStore, PupilKey,
    REPORT_VERSION, ReportError, StoreError, Timestamp, UNSIGNED_REPORT_VERSION, open_report,
    open_signed_report, seal_report, seal_signed_report,
};

struct World {
    _tmp: tempfile::TempDir,
    teacher: ProgressStore,
    class: Class,
    /// Two pupils on their own devices.
    ming: (ProgressStore, ProfileId),
    hong: (ProgressStore, ProfileId),
}

fn pupil(dir: &std::path::Path, name: &str, code: &str) -> (ProgressStore, ProfileId) {
    let store = ProgressStore::open(dir).unwrap();
    let id = common::joined_pupil(&store, name, code, Timestamp(1));
    store
        .record_lesson(
            id,
            &LessonAttempt {
                lesson_id: "xq-1".into(),
                content_version: 1,
                completed: true,
                stars: 1,
                mistakes: 0,
                hints: 0,
                time_ms: 1_000,
                at: Timestamp(10),
            },
        )
        .unwrap();
    (store, id)
}

fn world() -> World {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = teacher
        .create_class(
            NewClass {
                name: "象棋一班".into(),
                teacher: "李老师".into(),
                description: String::new(),
            },
            Timestamp(0),
        )
        .unwrap();
    let code = class.join_code().to_text();
    let ming = pupil(&tmp.path().join("ming"), "小明", &code);
    let hong = pupil(&tmp.path().join("hong"), "小红", &code);
    World { _tmp: tmp, teacher, class, ming, hong }
}

fn report_err(e: StoreError) -> ReportError {
    match e {
        StoreError::Report(r) => r,
        other => panic!("expected a report error, got {other:?}"),
    }
}

#[test]
fn reports_carry_the_pupils_own_key_and_the_first_one_pins_it() {
    let w = world();
    let (store, ming) = &w.ming;
    let key = store.pupil_key(*ming).unwrap();
    assert_eq!(store.pupil_key(*ming).unwrap().public(), key.public(), "kept, not remade");
    assert_ne!(w.hong.0.pupil_key(w.hong.1).unwrap().public(), key.public());

    let bytes = store.export_report(*ming, w.class.id, Timestamp(100)).unwrap();
    assert_eq!(bytes[7], REPORT_VERSION);
    let opened = open_signed_report(&bytes, w.class.id, &w.class.key).unwrap();
    assert_eq!(opened.signer, Some(key.public()));

    assert_eq!(w.teacher.pinned_pupil_key(w.class.id, *ming).unwrap(), None);
    let s = w.teacher.import_report(w.class.id, &bytes, Timestamp(200)).unwrap();
    assert_eq!(s.outcome, ImportOutcome::NewStudent);
    assert!(s.verified && s.key_pinned);
    assert_eq!(w.teacher.pinned_pupil_key(w.class.id, *ming).unwrap(), Some(key.public()));

    // A later report from the same pupil is verified against the pinned key.
    let later = store.export_report(*ming, w.class.id, Timestamp(300)).unwrap();
    let s = w.teacher.import_report(w.class.id, &later, Timestamp(400)).unwrap();
    assert!(s.verified && !s.key_pinned);
    let m = w.teacher.class_matrix(w.class.id).unwrap();
    assert_eq!(m.verified, vec![true]);
}

#[test]
fn a_report_for_a_classmate_signed_by_another_pupils_key_is_refused() {
    let w = world();
    let (ming_store, ming) = &w.ming;
    let real = ming_store.export_report(*ming, w.class.id, Timestamp(100)).unwrap();
    w.teacher.import_report(w.class.id, &real, Timestamp(200)).unwrap();

    // 小红 has the class key (everyone does) and writes a report that says it is
    // 小明's, with three stars and a later sequence number, signed with her own key.
    let (hong_store, hong) = &w.hong;
    let mut forged = open_report(&real, w.class.id, &w.class.key).unwrap();
    forged.seq = 99;
    forged.lessons[0].best_stars = 3;
    let hong_key = hong_store.pupil_key(*hong).unwrap();
    let bytes = seal_signed_report(&forged, &w.class.key, &hong_key).unwrap();
    let e = report_err(w.teacher.import_report(w.class.id, &bytes, Timestamp(300)).unwrap_err());
    assert_eq!(e, ReportError::ForeignPupilKey { student: *ming });
    assert!(e.to_string().contains("another key"), "{e}");

    // Nor in the older format, signed with the class key only.
    let old = seal_report(&forged, &w.class.key).unwrap();
    let e = report_err(w.teacher.import_report(w.class.id, &old, Timestamp(300)).unwrap_err());
    assert_eq!(e, ReportError::UnsignedForPinnedPupil { student: *ming });

    // Nothing of the forgery reached the teacher.
    let lessons = w.teacher.student_lessons(w.class.id, *ming).unwrap();
    assert_eq!(lessons[0].best_stars, 1);
    // 小红's own report still imports: her key is hers.
    let own = hong_store.export_report(*hong, w.class.id, Timestamp(100)).unwrap();
    let s = w.teacher.import_report(w.class.id, &own, Timestamp(400)).unwrap();
    assert!(s.verified && s.key_pinned);
}

#[test]
fn an_older_format_report_imports_as_an_unverified_pupil_until_a_signed_one_comes() {
    let w = world();
    let (store, ming) = &w.ming;
    let signed = store.export_report(*ming, w.class.id, Timestamp(100)).unwrap();
    let body = open_report(&signed, w.class.id, &w.class.key).unwrap();
    let old = seal_report(&body, &w.class.key).unwrap();
    assert_eq!(old[7], UNSIGNED_REPORT_VERSION);
    assert_eq!(open_signed_report(&old, w.class.id, &w.class.key).unwrap().signer, None);

    let s = w.teacher.import_report(w.class.id, &old, Timestamp(200)).unwrap();
    assert_eq!(s.outcome, ImportOutcome::NewStudent);
    assert!(!s.verified && !s.key_pinned);
    assert_eq!(w.teacher.pinned_pupil_key(w.class.id, *ming).unwrap(), None);
    assert_eq!(w.teacher.class_matrix(w.class.id).unwrap().verified, vec![false]);
    assert_eq!(w.teacher.student_lessons(w.class.id, *ming).unwrap().len(), 1);

    // The pupil's next report, in the new format, pins the key even though it
    // brings nothing new.
    let next = store.export_report(*ming, w.class.id, Timestamp(300)).unwrap();
    let s = w.teacher.import_report(w.class.id, &next, Timestamp(400)).unwrap();
    assert!(s.verified && s.key_pinned);
    assert_eq!(w.teacher.class_matrix(w.class.id).unwrap().verified, vec![true]);
}

#[test]
fn changed_bytes_anywhere_in_a_signed_report_are_refused() {
    let w = world();
    let (store, ming) = &w.ming;
    let good = store.export_report(*ming, w.class.id, Timestamp(100)).unwrap();
    let n = good.len();
    // The body, the public key, the signature and the MAC.
    for at in [20, n - 32 - 64 - 10, n - 32 - 10, n - 5] {
        let mut bad = good.clone();
        bad[at] ^= 0x01;
        let e = report_err(w.teacher.import_report(w.class.id, &bad, Timestamp(1)).unwrap_err());
        assert_eq!(e, ReportError::Tampered, "byte {at}");
    }
    // A signature made by the key in the report but over other bytes, with the
    // class MAC redone by someone who holds the class key: the signature fails.
    let body = open_report(&good, w.class.id, &w.class.key).unwrap();
    let thief = PupilKey::from_seed([7; 32]);
    let mut resigned = seal_signed_report(&body, &w.class.key, &thief).unwrap();
    let key_at = resigned.len() - 32 - 64 - 32;
    resigned[key_at..key_at + 32].copy_from_slice(&store.pupil_key(*ming).unwrap().public().0);
    let resigned = remac(&resigned[..resigned.len() - 32], &w.class.key);
    let e = report_err(w.teacher.import_report(w.class.id, &resigned, Timestamp(1)).unwrap_err());
    assert_eq!(e, ReportError::Tampered);
    // Cut short inside the signature.
    let e =
        report_err(w.teacher.import_report(w.class.id, &good[..n - 40], Timestamp(1)).unwrap_err());
    assert!(matches!(e, ReportError::Truncated { .. }), "{e:?}");
    assert!(w.teacher.roster(w.class.id).unwrap().is_empty());
}

fn remac(signed: &[u8], key: &qike_core::progress::ClassKey) -> Vec<u8> {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&key.0).unwrap();
    mac.update(signed);
    let mut out = signed.to_vec();
    out.extend_from_slice(&mac.finalize().into_bytes());
    out
}
