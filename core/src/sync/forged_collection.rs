//! A collection run by a classmate who holds the class key (from their own join code)
//! but not the teacher's key: it speaks the protocol, acknowledges anything and
//! answers with a class file of its own. A pupil who joined with the teacher's key
//! refuses that file; one who joined with an older code cannot tell.

use std::net::{SocketAddr, TcpListener};
use std::time::Duration;

use super::wire::{
    Ack, Channel, Conn, Message, STATUS_OK, channel_psk, handshake_responder, prologue,
    server_hello,
};
use super::{ClientOptions, send_report};
use crate::progress::{
    AssignmentItem, ClassFile, ClassFileError, ClassFileTrust, ClassId, ClassKey, ImportOutcome,
    JoinCode, NewClass, NewProfile, ProfileId, ProgressStore, Role, StoreError, TeacherKey,
    Timestamp, seal_class_file,
};

/// Serves one connection on loopback as a false collection, with `file` as the
/// class file it sends back.
fn false_collection(class: ClassId, key: ClassKey, file: String) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut conn = Conn::new(stream, Duration::from_secs(5), Duration::from_secs(10));
        let hello = conn.read_frame().unwrap();
        let reply = server_hello(STATUS_OK);
        conn.write_frame(&reply).unwrap();
        let psk = channel_psk(class, &key);
        let noise = handshake_responder(&mut conn, &psk, &prologue(&hello, &reply)).unwrap();
        let mut ch = Channel::new(conn, noise);
        let _report = ch.receive().unwrap();
        let ack = Ack { student: ProfileId(1), seq: 1, outcome: ImportOutcome::Updated };
        ch.send(&Message::Ack(ack)).unwrap();
        ch.send(&Message::ClassFile { text: file }).unwrap();
        let _ = ch.send(&Message::Bye);
    });
    addr
}

fn joined(store: &ProgressStore, code: &str) -> ProfileId {
    let new = NewProfile {
        display_name: "小明".into(),
        avatar: "panda".into(),
        language: "zh-CN".into(),
        role: Role::Student,
    };
    let kid = store.create_profile(new, Timestamp(0)).unwrap().id;
    store.join_class(kid, code, "", Timestamp(0)).unwrap();
    kid
}

#[test]
fn a_false_collection_with_the_class_key_cannot_hand_a_pinned_pupil_its_homework() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = ProgressStore::open(tmp.path().join("teacher")).unwrap();
    let new =
        NewClass { name: "一班".into(), teacher: String::new(), description: String::new() };
    let class = teacher.create_class(new, Timestamp(0)).unwrap();
    let kids = ProgressStore::open(tmp.path().join("kids")).unwrap();
    let pinned = joined(&kids, &class.join_code().to_text());
    let older = JoinCode { teacher: None, ..class.join_code() };
    let unpinned = joined(&kids, &older.to_text());

    // The classmate's homework, signed with a key of their own and the class key.
    let assignment = crate::progress::Assignment {
        id: 1,
        class: class.id,
        title: "不用做作业了".into(),
        items: vec![AssignmentItem::Lesson("xq-1".into())],
        due: Timestamp(1),
        created: Timestamp(1),
    };
    let file = ClassFile {
        class: class.id,
        name: "假的".into(),
        issued: Timestamp(5),
        assignments: vec![assignment],
    };
    let own = TeacherKey::from_seed([7; 32]);
    let forged = seal_class_file(&file, &class.key, Some(&own)).unwrap();
    let options = ClientOptions::default();

    let join = kids.memberships(pinned).unwrap().remove(0).join_code();
    let addr = false_collection(class.id, class.key.clone(), forged.clone());
    let sent = send_report(addr, &join, b"report", &options).unwrap();
    assert_eq!(sent.class_file, None);
    assert_eq!(
        sent.class_file_refused,
        Some(ClassFileError::ForeignTeacherKey { class: class.id })
    );
    // And the store refuses the same text if it is handed over by another way.
    assert!(matches!(
        kids.import_class_file(pinned, &forged),
        Err(StoreError::ClassFile(ClassFileError::ForeignTeacherKey { .. }))
    ));
    assert!(kids.pupil_assignments(pinned, Timestamp(0)).unwrap().is_empty());

    // A pupil who joined with an older code has no teacher key to check against: the
    // file is taken, marked as trusting the class key only.
    let join = kids.memberships(unpinned).unwrap().remove(0).join_code();
    let addr = false_collection(class.id, class.key.clone(), forged);
    let sent = send_report(addr, &join, b"report", &options).unwrap();
    let text = sent.class_file.expect("nothing to check it against");
    let got = kids.import_class_file(unpinned, &text).unwrap();
    assert_eq!((got.trust, got.file.name.as_str()), (ClassFileTrust::ClassKeyOnly, "假的"));
}
