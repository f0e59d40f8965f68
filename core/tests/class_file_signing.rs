//! Class files signed with the teacher's own key: a pupil who joined with a code that
//! carries the teacher's key takes only the teacher's files, from a file, pasted text or
//! class sync; a classmate who holds the class key cannot make one; older codes and
//! older files still work, marked as trusting the class key only.

mod common;

use std::sync::Arc;

use hmac::{Hmac, Mac};
use qike_core::progress::{
    AssignmentItem, Class, ClassFile, ClassFileError, ClassFileTrust, ClassId, JoinCode, NewClass,
    ProfileId, ProgressStore, StoreError, TeacherKey, TeacherKeyPin, Timestamp, base32_decode,
    base32_encode, open_class_file, seal_class_file,
};
use qike_core::sync::{ClientOptions, ServerOptions, send_report, serve};
use sha2::Sha256;

fn new_class(store: &ProgressStore, name: &str) -> Class {
    let new =
        NewClass { name: name.into(), teacher: "王老师".into(), description: String::new() };
    let class = store.create_class(new, Timestamp(0)).unwrap();
    let items = vec![AssignmentItem::Lesson("xq-1".into())];
    store.add_assignment(class.id, "第一周作业", items, Timestamp(9), Timestamp(1)).unwrap();
    class
}

fn pupil(store: &ProgressStore, name: &str, code: &str) -> ProfileId {
    common::joined_pupil(store, name, code, Timestamp(0))
}

fn refusal(store: &ProgressStore, kid: ProfileId, text: &str) -> ClassFileError {
    match store.import_class_file(kid, text) {
        Err(StoreError::ClassFile(e)) => e,
        other => panic!("expected a class-file refusal, got {other:?}"),
    }
}

/// A class file as a classmate would write it: any contents for the class, sealed with
/// the class key from their own join code and, in format 2, their own key.
fn forged(
    class: ClassId,
    key: &qike_core::progress::ClassKey,
    signer: Option<&TeacherKey>,
) -> String {
    let items = vec![AssignmentItem::Lesson("xq-9".into())];
    let a = qike_core::progress::Assignment {
        id: 7,
        class,
        title: "不用做作业了".into(),
        items,
        due: Timestamp(1),
        created: Timestamp(1),
    };
    let file = ClassFile {
        class,
        name: "假的".into(),
        issued: Timestamp(i64::MAX / 2),
        assignments: vec![a],
    };
    seal_class_file(&file, key, signer).unwrap()
}

/// The teacher's own file with one body byte changed and the class key's MAC made
/// again, as a classmate holding the class key can.
fn tampered(text: &str, key: &qike_core::progress::ClassKey) -> String {
    let mut bytes = base32_decode(text.trim_start_matches("QIKE:CLASS:")).unwrap();
    bytes[20] ^= 1;
    let n = bytes.len() - 32;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key.0).unwrap();
    mac.update(&bytes[..n]);
    let tag = mac.finalize().into_bytes();
    bytes[n..].copy_from_slice(&tag);
    format!("QIKE:CLASS:{}", base32_encode(&bytes))
}

#[test]
fn a_classmate_with_the_class_key_cannot_forge_a_class_file_from_a_file_or_paste() {
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = new_class(&t, "一班");
    let code = class.join_code();
    assert_eq!(code.to_text().len(), 44);
    assert_eq!(t.class_join_code(class.id).unwrap(), code);

    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let scanned = pupil(&kids, "小明", &code.qr_payload());
    let typed = pupil(&kids, "小红", &code.to_text());
    let mallory = pupil(&kids, "小刚", &code.to_text());
    let teacher_key = t.teacher_key().unwrap().public();
    let pin = |kid| kids.memberships(kid).unwrap()[0].teacher;
    assert_eq!(pin(scanned), Some(TeacherKeyPin::Key(teacher_key)));
    assert_eq!(pin(typed), Some(TeacherKeyPin::Fingerprint(teacher_key.fingerprint())));

    // What the classmate holds: the class key from their own join code.
    let class_key = kids.memberships(mallory).unwrap()[0].key.clone();
    let own_key = TeacherKey::from_seed([42; 32]);
    let signed_by_other = forged(class.id, &class_key, Some(&own_key));
    let unsigned = forged(class.id, &class_key, None);
    let genuine = t.export_class_file(class.id, Timestamp(100)).unwrap();
    let changed = tampered(&genuine, &class_key);
    for kid in [scanned, typed] {
        let e = refusal(&kids, kid, &signed_by_other);
        assert_eq!(e, ClassFileError::ForeignTeacherKey { class: class.id });
        assert!(e.to_string().contains("another key"), "{e}");
        assert!(e.text().zh.contains("不是你的老师签名"), "{:?}", e.text());
        let e = refusal(&kids, kid, &unsigned);
        assert_eq!(e, ClassFileError::UnsignedForPinnedClass { class: class.id });
        assert!(e.to_string().contains("not signed by the teacher"), "{e}");
        let e = refusal(&kids, kid, &changed);
        assert_eq!(e, ClassFileError::Tampered);
        assert!(e.to_string().contains("changed after the teacher made it"), "{e}");
        assert!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().is_empty());
    }
    // The same checks without a store: the pin decides.
    let pinned = TeacherKeyPin::Key(teacher_key);
    assert!(open_class_file(&signed_by_other, &class_key, Some(&pinned)).is_err());
    assert!(open_class_file(&genuine, &class_key, Some(&pinned)).is_ok());

    // The teacher's own file is taken, marked as the teacher's; the typed pin learns
    // the whole key from it.
    for kid in [scanned, typed] {
        let got = kids.import_class_file(kid, &genuine).unwrap();
        assert_eq!(got.trust, ClassFileTrust::TeacherSigned);
        assert_eq!(got.signer, Some(teacher_key));
        let homework = kids.pupil_assignments(kid, Timestamp(0)).unwrap();
        assert_eq!(homework.len(), 1);
        assert_eq!(homework[0].assignment.title, "第一周作业");
        assert_eq!(homework[0].trust, ClassFileTrust::TeacherSigned);
    }
    assert_eq!(pin(typed), Some(TeacherKeyPin::Key(teacher_key)));
    // An older code typed again does not undo the pin.
    let older = JoinCode { teacher: None, ..code.clone() };
    kids.join_class(typed, &older.to_text(), "", Timestamp(5)).unwrap();
    assert_eq!(pin(typed), Some(TeacherKeyPin::Key(teacher_key)));
    assert_eq!(
        refusal(&kids, typed, &unsigned),
        ClassFileError::UnsignedForPinnedClass { class: class.id }
    );
}

#[test]
fn another_teachers_key_is_refused_even_with_the_class_key() {
    // A second teacher's device (a colleague, or the class moved to a new phone without
    // a new code) holds the same class key but signs with its own key.
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = new_class(&t, "一班");
    let other = ProgressStore::open(tmp.path().join("other")).unwrap();
    let other_key = other.teacher_key().unwrap();
    assert_ne!(other_key.public(), t.teacher_key().unwrap().public());
    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let kid = pupil(&kids, "小明", &class.join_code().qr_payload());
    let theirs = forged(class.id, &class.key, Some(&other_key));
    assert_eq!(refusal(&kids, kid, &theirs), ClassFileError::ForeignTeacherKey { class: class.id });
    // A QR code with the other teacher's key put after this class's code is refused.
    let mixed =
        format!("QIKE:JOIN:{}:{}", class.join_code().to_text(), other_key.public().to_symbols());
    let e = kids.join_class(kid, &mixed, "", Timestamp(1)).unwrap_err();
    assert!(matches!(e, StoreError::JoinCode(qike_core::progress::JoinCodeError::BadTeacherKey)));
}

#[test]
fn older_codes_and_older_files_still_work_marked_as_class_key_only() {
    let tmp = tempfile::tempdir().unwrap();
    let t = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let class = new_class(&t, "一班");
    let older = JoinCode { teacher: None, ..class.join_code() };
    assert_eq!(older.to_text().len(), 29);
    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let kid = pupil(&kids, "小明", &older.to_text());
    assert_eq!(kids.memberships(kid).unwrap()[0].teacher, None);

    // The teacher's signed file and an older unsigned one are both taken, marked.
    let genuine = t.export_class_file(class.id, Timestamp(100)).unwrap();
    let got = kids.import_class_file(kid, &genuine).unwrap();
    assert_eq!(got.trust, ClassFileTrust::ClassKeyOnly);
    // Without a pin a classmate's file is taken too: the weaker trust is marked.
    let classmate = forged(class.id, &class.key, None);
    let got = kids.import_class_file(kid, &classmate).unwrap();
    assert_eq!((got.trust, got.file.name.as_str()), (ClassFileTrust::ClassKeyOnly, "假的"));
    let list = kids.pupil_assignments(kid, Timestamp(0)).unwrap();
    assert_eq!(list[0].trust, ClassFileTrust::ClassKeyOnly);
    // A changed file is still refused with the reason.
    let mut bytes = base32_decode(genuine.trim_start_matches("QIKE:CLASS:")).unwrap();
    bytes[20] ^= 1;
    let changed = format!("QIKE:CLASS:{}", base32_encode(&bytes));
    assert_eq!(refusal(&kids, kid, &changed), ClassFileError::Tampered);
    assert_eq!(refusal(&kids, kid, "QIKE:CLASS:AAAA"), ClassFileError::CutShort);

    // Joining again with the new code pins the teacher: the classmate's kept file is
    // hidden, the teacher's replaces it although it says it is older, and older
    // files are refused from then on.
    kids.join_class(kid, &class.join_code().to_text(), "", Timestamp(1)).unwrap();
    assert!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().is_empty());
    assert_eq!(
        refusal(&kids, kid, &classmate),
        ClassFileError::UnsignedForPinnedClass { class: class.id }
    );
    let got = kids.import_class_file(kid, &genuine).unwrap();
    assert_eq!((got.trust, got.file.name.as_str()), (ClassFileTrust::TeacherSigned, "一班"));
    assert_eq!(kids.pupil_assignments(kid, Timestamp(0)).unwrap().len(), 1);
}

#[test]
fn over_sync_the_teachers_signed_file_comes_back_and_is_checked_against_the_pin() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "一班");
    let options = ServerOptions { accept_new: true, ..ServerOptions::default() };
    let loopback = "127.0.0.1:0".parse().unwrap();
    let server = serve(teacher.clone(), class.id, loopback, options, |_| {}).unwrap();

    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let pinned = pupil(&kids, "小明", &class.join_code().to_text());
    let older = JoinCode { teacher: None, ..class.join_code() };
    let unpinned = pupil(&kids, "小红", &older.to_text());
    for (kid, trust) in
        [(pinned, ClassFileTrust::TeacherSigned), (unpinned, ClassFileTrust::ClassKeyOnly)]
    {
        let membership = kids.memberships(kid).unwrap().remove(0);
        let report = kids.export_report(kid, class.id, Timestamp(10)).unwrap();
        let sent =
            send_report(server.addr(), &membership.join_code(), &report, &ClientOptions::default())
                .unwrap();
        assert_eq!(sent.class_file_refused, None);
        let text = sent.class_file.expect("the class file came back");
        let got = kids.import_class_file(kid, &text).unwrap();
        assert_eq!(got.trust, trust);
        assert_eq!(got.file.assignments.len(), 1);
    }
    // The typed pin became the whole key with the first file over sync.
    let key = teacher.teacher_key().unwrap().public();
    assert_eq!(kids.memberships(pinned).unwrap()[0].teacher, Some(TeacherKeyPin::Key(key)));
    server.stop();
}
