//! Class sync on loopback: a teacher's store serves a class on 127.0.0.1; 45 pupils'
//! stores send their reports at once and get the homework back, while hostile clients
//! (garbage, silence, an oversize frame, a replay, another class, a wrong key) are each
//! refused with their reason and change nothing for the others.

mod common;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use qike_core::progress::{
    AssignmentItem, Class, ClassId, ImportOutcome, JoinCode, LessonAttempt, NewClass, ProfileId,
    ProgressStore, Timestamp,
};
use qike_core::sync::{
    ClientOptions, RefusalKind, Retry, ServerOptions, SyncError, SyncEvent, SyncServer,
    send_report, send_with_retries, serve,
};

const PUPILS: usize = 45;
const LESSON: &str = "xq-1";

fn attempt(at: i64) -> LessonAttempt {
    LessonAttempt {
        lesson_id: LESSON.into(),
        content_version: 1,
        completed: true,
        stars: 3,
        mistakes: 0,
        hints: 0,
        time_ms: 60_000,
        at: Timestamp(at),
    }
}

fn new_class(store: &ProgressStore, name: &str) -> Class {
    let new =
        NewClass { name: name.into(), teacher: "王老师".into(), description: String::new() };
    store.create_class(new, Timestamp(0)).unwrap()
}

/// A server on loopback whose events arrive on the returned channel. A silent peer is
/// dropped after two seconds so the test does not wait long for it.
fn start(store: &Arc<ProgressStore>, class: &Class) -> (SyncServer, Receiver<SyncEvent>) {
    start_with(store, class, true)
}

fn start_with(
    store: &Arc<ProgressStore>,
    class: &Class,
    accept_new: bool,
) -> (SyncServer, Receiver<SyncEvent>) {
    let (tx, rx) = channel();
    let tx = std::sync::Mutex::new(tx);
    let options = ServerOptions {
        max_connections: 64,
        io_timeout: Duration::from_secs(2),
        connection_time: Duration::from_secs(20),
        accept_new,
    };
    let listen: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let server = serve(store.clone(), class.id, listen, options, move |e| {
        let _ = tx.lock().unwrap().send(e);
    })
    .unwrap();
    assert!(server.addr().ip().is_loopback());
    (server, rx)
}

fn client() -> ClientOptions {
    ClientOptions {
        connect_timeout: Duration::from_secs(5),
        io_timeout: Duration::from_secs(20),
        exchange_time: Duration::from_secs(60),
    }
}

/// Reads until the server closes (or a read times out), so every read is bounded.
fn read_to_close(stream: &mut TcpStream) -> Vec<u8> {
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = Vec::new();
    let _ = stream.read_to_end(&mut got);
    got
}

/// A pupil on their own device: joins, does the lesson, exports a report.
fn pupil(dir: &std::path::Path, name: &str, code: &str) -> (ProgressStore, ProfileId) {
    let store = ProgressStore::open(dir).unwrap();
    let id = common::joined_pupil(&store, name, code, Timestamp(0));
    store.record_lesson(id, &attempt(1_000)).unwrap();
    (store, id)
}

#[test]
fn forty_five_pupils_send_at_once_while_hostile_clients_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "三年级二班");
    let other = new_class(&teacher, "四年级一班");
    let hw = teacher
        .add_assignment(
            class.id,
            "第一周作业",
            vec![AssignmentItem::Lesson(LESSON.into())],
            Timestamp(7 * 86_400_000),
            Timestamp(0),
        )
        .unwrap();
    let (server, events) = start(&teacher, &class);
    let addr = server.addr();
    let code = class.join_code().to_text();

    let hostile = 6;
    let start_line = Arc::new(Barrier::new(PUPILS + hostile));
    let (replay_tx, replay_rx) = channel::<Vec<u8>>();
    let mut pupils = Vec::new();
    for n in 0..PUPILS {
        // Everything that may fail is done before the start line, so no thread can
        // leave the others waiting there.
        let (store, me) = pupil(&tmp.path().join(format!("pupil-{n}")), &format!("学生{n}"), &code);
        let report = store.export_report(me, class.id, Timestamp(2_000)).unwrap();
        let (join, go) = (class.join_code(), start_line.clone());
        let replay = (n == 0).then(|| replay_tx.clone());
        pupils.push(std::thread::spawn(move || {
            go.wait();
            let retry = Retry { tries: 5, ..Retry::default() };
            let sent = send_with_retries(addr, &join, &report, &client(), &retry).unwrap();
            assert_eq!(sent.ack.student, me);
            assert_eq!(sent.ack.outcome, ImportOutcome::NewStudent);
            if let Some(tx) = replay {
                tx.send(report).unwrap();
            }
            // The homework came back on the same connection.
            let file = sent.class_file.expect("a class file with the ack");
            store.import_class_file(me, &file).unwrap();
            let homework = store.pupil_assignments(me, Timestamp(3_000)).unwrap();
            assert_eq!(homework.len(), 1);
            assert_eq!(homework[0].assignment.id, hw.id);
            assert_eq!(homework[0].done, 1);
            store.close().unwrap();
            me
        }));
    }
    drop(replay_tx);

    let mut attackers = Vec::new();
    // Garbage: a short frame that is no hello.
    let go = start_line.clone();
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(&[0, 0, 0, 16]).unwrap();
        s.write_all(b"\x16\x03\x01 not qike at!").unwrap();
        let answer = read_to_close(&mut s);
        // The server says "not a hello" (status 5) and closes.
        assert_eq!(answer.get(4..12), Some(&b"QIKESYNC"[..]), "{answer:?}");
        assert_eq!(answer.last(), Some(&5));
    }));
    // Silence: connect and say nothing; the server drops us, the others go on.
    let go = start_line.clone();
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let mut s = TcpStream::connect(addr).unwrap();
        assert!(read_to_close(&mut s).is_empty());
    }));
    // An oversize frame: the length alone closes the connection.
    let go = start_line.clone();
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(&u32::MAX.to_be_bytes()).unwrap();
        assert!(read_to_close(&mut s).is_empty());
    }));
    // A different class's key under this class's id: the handshake fails.
    let go = start_line.clone();
    let wrong_key = JoinCode { class: class.id, key: other.key.clone(), teacher: None };
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let e = send_report(addr, &wrong_key, b"anything", &client()).unwrap_err();
        assert!(matches!(e, SyncError::HandshakeFailed), "{e}");
        assert!(!e.is_retryable());
    }));
    // The right key, but a report made for another class id: opened and refused.
    let go = start_line.clone();
    let join = class.join_code();
    let forged = JoinCode { class: ClassId(class.id.0 ^ 1), key: class.key.clone(), teacher: None };
    let (store, me) = pupil(&tmp.path().join("stranger"), "外人", &forged.to_text());
    let report = store.export_report(me, forged.class, Timestamp(2_000)).unwrap();
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let e = send_report(addr, &join, &report, &client()).unwrap_err();
        assert!(matches!(e, SyncError::Refused { kind: RefusalKind::WrongClass, .. }), "{e}");
        store.close().unwrap();
    }));
    // A class this server does not serve: refused at the hello.
    let go = start_line.clone();
    let not_here = other.join_code();
    attackers.push(std::thread::spawn(move || {
        go.wait();
        let e = send_report(addr, &not_here, b"anything", &client()).unwrap_err();
        assert!(matches!(e, SyncError::UnknownClass(c) if c == not_here.class), "{e}");
    }));

    // A replay: pupil 0's report, the same bytes again, once it was acknowledged.
    let replayed = replay_rx.recv().unwrap();
    let again = send_report(addr, &class.join_code(), &replayed, &client()).unwrap();
    assert_eq!(again.ack.outcome, ImportOutcome::AlreadyImported);

    let ids: BTreeSet<ProfileId> = pupils.into_iter().map(|h| h.join().unwrap()).collect();
    for a in attackers {
        a.join().unwrap();
    }
    let tally = server.stop();
    assert_eq!(tally.new_students, PUPILS);
    assert_eq!(tally.already_had, 1);

    // Every pupil is on the dashboard with the lesson done; no one else is.
    let m = teacher.class_matrix(class.id).unwrap();
    let shown: BTreeSet<ProfileId> = m.students.iter().map(|s| s.student).collect();
    assert_eq!(shown, ids);
    let col = m.lessons.iter().position(|l| l == LESSON).unwrap();
    assert!(m.cells.iter().all(|row| row[col].as_ref().is_some_and(|c| c.stars == 3)));
    assert!(m.verified.iter().all(|v| *v));
    assert!(teacher.roster(other.id).unwrap().is_empty());

    // Each hostile connection was reported with its reason.
    let refused: Vec<String> = events
        .try_iter()
        .filter_map(|e| match e {
            SyncEvent::Refused { peer, reason } => {
                assert!(peer.ip().is_loopback());
                Some(format!("{reason:?}"))
            }
            SyncEvent::Received { .. } | SyncEvent::Waiting { .. } => None,
        })
        .collect();
    for want in [
        "NotQikeSync",
        "TimedOut",
        "FrameTooLarge",
        "HandshakeFailed",
        "WrongClass",
        "UnknownClass",
    ] {
        assert!(refused.iter().any(|r| r.contains(want)), "no {want} in {refused:#?}");
    }
    assert_eq!(refused.len(), hostile, "{refused:#?}");
}

#[test]
fn a_wrong_class_key_fails_the_handshake_and_the_server_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "班");
    let (server, events) = start(&teacher, &class);
    let mut key = class.key.clone();
    key.0[0] ^= 1;
    let wrong = JoinCode { class: class.id, key, teacher: None };
    let e = send_report(server.addr(), &wrong, b"report", &client()).unwrap_err();
    assert!(matches!(e, SyncError::HandshakeFailed), "{e}");
    assert!(e.to_string().contains("class key"), "{e}");
    let tally = server.stop();
    assert_eq!(tally.refused, 1);
    let got: Vec<SyncEvent> = events.try_iter().collect();
    assert!(
        matches!(got.as_slice(), [SyncEvent::Refused { reason: SyncError::HandshakeFailed, .. }]),
        "{got:?}"
    );
}

#[test]
fn a_client_of_a_future_version_is_refused_with_the_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "班");
    let (server, events) = start(&teacher, &class);
    let mut s = TcpStream::connect(server.addr()).unwrap();
    let mut hello = vec![0, 0, 0, 13];
    hello.extend_from_slice(b"QIKESYNC");
    hello.push(9);
    hello.extend_from_slice(&class.id.0.to_be_bytes());
    s.write_all(&hello).unwrap();
    let answer = read_to_close(&mut s);
    // Length 10, the magic, the server's version 1, status 1 (version not supported).
    assert_eq!(answer.len(), 14, "{answer:?}");
    assert_eq!(&answer[12..], &[1, 1]);
    server.stop();
    let got: Vec<SyncEvent> = events.try_iter().collect();
    assert!(
        matches!(
            got.as_slice(),
            [SyncEvent::Refused {
                reason: SyncError::VersionNotSupported { theirs: 9, ours: 1 },
                ..
            }]
        ),
        "{got:?}"
    );
}

#[test]
fn a_dropped_connection_is_an_error_to_retry_and_a_second_send_is_already_imported() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "班");
    // Nothing listens: the error says to try again.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let (store, me) = pupil(&tmp.path().join("kid"), "小明", &class.join_code().to_text());
    let report = store.export_report(me, class.id, Timestamp(2_000)).unwrap();
    let e = send_report(closed, &class.join_code(), &report, &client()).unwrap_err();
    assert!(e.is_retryable(), "{e}");
    let quick = Retry { tries: 2, first_wait: Duration::from_millis(1), max_wait: Duration::ZERO };
    assert!(send_with_retries(closed, &class.join_code(), &report, &client(), &quick).is_err());

    let (server, _events) = start(&teacher, &class);
    let first = send_report(server.addr(), &class.join_code(), &report, &client()).unwrap();
    let second = send_report(server.addr(), &class.join_code(), &report, &client()).unwrap();
    assert_eq!(first.ack.outcome, ImportOutcome::NewStudent);
    assert_eq!(second.ack.outcome, ImportOutcome::AlreadyImported);
    // A newer report of the same pupil updates.
    store.record_lesson(me, &attempt(5_000)).unwrap();
    let newer = store.export_report(me, class.id, Timestamp(6_000)).unwrap();
    let third = send_report(server.addr(), &class.join_code(), &newer, &client()).unwrap();
    assert_eq!(third.ack.outcome, ImportOutcome::Updated);
    assert_eq!(server.stop().new_students, 1);
    store.close().unwrap();
}

#[test]
fn without_accept_new_a_pupils_key_is_pinned_only_once_the_teacher_accepts_it() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "班");
    let (store, me) = pupil(&tmp.path().join("kid"), "小明", &class.join_code().to_text());
    let report = store.export_report(me, class.id, Timestamp(2_000)).unwrap();

    let (server, events) = start_with(&teacher, &class, false);
    // A first report waits for the teacher, whether or not the name is on the roster.
    teacher.add_student(class.id, me, "小明", Timestamp(0)).unwrap();
    let e = send_report(server.addr(), &class.join_code(), &report, &client()).unwrap_err();
    assert!(matches!(e, SyncError::Refused { kind: RefusalKind::AwaitingTeacher, .. }), "{e}");
    assert!(e.is_retryable(), "the pupil's device tries again while the teacher decides");
    assert!(e.to_string().contains("小明"), "{e}");
    assert!(teacher.pinned_pupil_key(class.id, me).unwrap().is_none());
    match events.recv_timeout(Duration::from_secs(5)).unwrap() {
        SyncEvent::Waiting { student, name, new_device, .. } => {
            assert_eq!((student, name.as_str(), new_device), (me, "小明", false));
        }
        other => panic!("expected a waiting pupil, got {other:?}"),
    }
    // The teacher accepts: the next try is imported and pins the key.
    server.accept_pupil(me);
    let sent = send_report(server.addr(), &class.join_code(), &report, &client()).unwrap();
    assert_eq!(sent.ack.outcome, ImportOutcome::NewStudent);
    let pinned = teacher.pinned_pupil_key(class.id, me).unwrap();
    assert!(pinned.is_some());
    // Later reports from the same key need nothing from the teacher.
    store.record_lesson(me, &attempt(5_000)).unwrap();
    let newer = store.export_report(me, class.id, Timestamp(6_000)).unwrap();
    let again = send_report(server.addr(), &class.join_code(), &newer, &client()).unwrap();
    assert_eq!(again.ack.outcome, ImportOutcome::Updated);

    // The teacher forgets the key (a reinstalled phone): the pupil waits again, and the
    // acceptance is used once.
    assert!(teacher.forget_pupil_key(class.id, me).unwrap());
    assert!(!teacher.forget_pupil_key(class.id, me).unwrap());
    let e = send_report(server.addr(), &class.join_code(), &newer, &client()).unwrap_err();
    assert!(matches!(e, SyncError::Refused { kind: RefusalKind::AwaitingTeacher, .. }), "{e}");
    server.accept_pupil(me);
    send_report(server.addr(), &class.join_code(), &newer, &client()).unwrap();
    assert_eq!(teacher.pinned_pupil_key(class.id, me).unwrap(), pinned);
    let tally = server.stop();
    assert_eq!(tally.waiting, 2);
    store.close().unwrap();
}

#[test]
fn past_the_connection_cap_a_client_hears_busy_and_may_retry() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = new_class(&teacher, "班");
    let (tx, events) = channel();
    let tx = std::sync::Mutex::new(tx);
    let options = ServerOptions {
        max_connections: 1,
        io_timeout: Duration::from_secs(2),
        connection_time: Duration::from_secs(20),
        accept_new: true,
    };
    let listen: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let server = serve(teacher.clone(), class.id, listen, options, move |e| {
        let _ = tx.lock().unwrap().send(e);
    })
    .unwrap();
    // A silent connection takes the only place until the server drops it.
    let mut silent = TcpStream::connect(server.addr()).unwrap();
    let e = send_report(server.addr(), &class.join_code(), b"report", &client()).unwrap_err();
    assert!(matches!(e, SyncError::Busy), "{e}");
    assert!(e.is_retryable());
    assert!(read_to_close(&mut silent).is_empty());
    server.stop();
    let reasons: Vec<String> = events
        .try_iter()
        .map(|e| match e {
            SyncEvent::Refused { reason, .. } => format!("{reason:?}"),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(reasons, ["Busy", "TimedOut"]);
}
