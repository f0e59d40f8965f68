//! Class sync through crashes: `qike class serve` runs as a child process and is killed
//! with SIGKILL at random moments while pupils send; it is started again on the same
//! port and the pupils retry. In the end every pupil is on the dashboard and nothing
//! an acknowledgement promised is missing.

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use qike_core::progress::{LessonAttempt, NewClass, ProfileId, ProgressStore, Timestamp};
use qike_core::sync::{ClientOptions, Retry, send_with_retries};

const PUPILS: usize = 45;
const REPORTS_EACH: usize = 4;
const KILLS: usize = 20;

/// Starts the server on `listen` and waits for its `listening on` line.
fn start(teacher: &Path, listen: &str) -> (Child, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qike"));
    command
        .args(["class", "serve", "--store", teacher.to_str().unwrap()])
        .args(["--listen", listen, "--for", "600", "--accept-new"])
        .stderr(Stdio::null());
    let (child, rx) = common::spawn_lines(&mut command);
    let first = rx.recv_timeout(Duration::from_secs(60)).expect("qike class serve started");
    let addr = first.strip_prefix("listening on ").expect(&first).parse().unwrap();
    (child, addr)
}

fn attempt(lesson: &str) -> LessonAttempt {
    LessonAttempt {
        lesson_id: lesson.into(),
        content_version: 1,
        completed: true,
        stars: 3,
        mistakes: 0,
        hints: 0,
        time_ms: 1_000,
        at: Timestamp(1_000),
    }
}

#[test]
fn acknowledged_reports_survive_a_server_killed_at_random_moments() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = tmp.path().join("teacher");
    let class = {
        let t = ProgressStore::open(&teacher).unwrap();
        let new =
            NewClass { name: "班".into(), teacher: String::new(), description: String::new() };
        let c = t.create_class(new, Timestamp(0)).unwrap();
        t.close().unwrap();
        c
    };
    let (mut server, addr) = start(&teacher, "127.0.0.1:0");
    let listen = addr.to_string();

    // Each pupil sends several reports one after another, each with one more lesson,
    // and notes which lessons an acknowledgement covered.
    let mut pupils = Vec::new();
    for n in 0..PUPILS {
        let store = ProgressStore::open(tmp.path().join(format!("pupil-{n}"))).unwrap();
        let me = common::joined_pupil(
            &store,
            &format!("学生{n}"),
            &class.join_code().to_text(),
            Timestamp(0),
        );
        let join = class.join_code();
        pupils.push(std::thread::spawn(move || {
            let options = ClientOptions {
                connect_timeout: Duration::from_secs(2),
                io_timeout: Duration::from_secs(5),
                exchange_time: Duration::from_secs(20),
            };
            let retry = Retry {
                tries: 1_000,
                first_wait: Duration::from_millis(5),
                max_wait: Duration::from_millis(100),
            };
            let mut acked: Vec<String> = Vec::new();
            for r in 0..REPORTS_EACH {
                let lesson = format!("crash-{r}");
                store.record_lesson(me, &attempt(&lesson)).unwrap();
                let report = store.export_report(me, join.class, Timestamp(2_000)).unwrap();
                let sent = send_with_retries(addr, &join, &report, &options, &retry)
                    .unwrap_or_else(|e| panic!("pupil {n}, report {r}: {e}"));
                assert_eq!(sent.ack.student, me);
                acked.push(lesson);
            }
            store.close().unwrap();
            (me, acked)
        }));
    }

    // Kill the server at random moments while they send, and start it again.
    let mut rng = common::Mix::new(7);
    for _ in 0..KILLS {
        std::thread::sleep(Duration::from_millis(rng.next(120)));
        server.kill().unwrap();
        server.wait().unwrap();
        server = start(&teacher, &listen).0;
    }
    let results: Vec<(ProfileId, Vec<String>)> =
        pupils.into_iter().map(|h| h.join().unwrap()).collect();
    server.kill().unwrap();
    server.wait().unwrap();

    let t = ProgressStore::open(&teacher).unwrap();
    let m = t.class_matrix(class.id).unwrap();
    assert_eq!(m.students.len(), PUPILS);
    for (me, acked) in results {
        assert_eq!(acked.len(), REPORTS_EACH);
        let have: Vec<String> =
            t.student_lessons(class.id, me).unwrap().into_iter().map(|l| l.lesson_id).collect();
        for lesson in &acked {
            assert!(have.contains(lesson), "pupil {me}: acknowledged {lesson} is missing");
        }
    }
    t.close().unwrap();
}
