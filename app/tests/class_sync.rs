//! Class sync through the screens: a teacher's app and a pupil's app, each with a real
//! store in its own folder, on real sockets. The teacher opens 收进度, the pupil types
//! the short code and taps send, the teacher accepts the new pupil, and the pupil's
//! name ticks in while the homework travels back.

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::{create_profile, headless, press, settle};
use qike_app::AppState;
use qike_app::data::Store;
use qike_app::screens::my_class::{MyClass, Outbox, PupilAction, SendState};
use qike_app::screens::teacher::collect::{CollectAction, Collection};
use qike_app::screens::teacher::{Teacher, TeacherAction, TeacherPage};
use qike_app::ui::Nav;
use qike_core::progress::{AssignmentItem, ImportOutcome, ProgressStore, Timestamp};

fn store(app: &App) -> std::sync::Arc<ProgressStore> {
    std::sync::Arc::clone(&app.world().resource::<Store>().0)
}

/// Runs both apps' frames until `done` holds (the network works in real time).
fn until(apps: [&mut App; 2], what: &str, mut done: impl FnMut([&App; 2]) -> bool) {
    let [a, b] = apps;
    let end = Instant::now() + Duration::from_secs(60);
    while !done([&*a, &*b]) {
        assert!(Instant::now() < end, "gave up waiting for {what}");
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_collection_by_taps_ticks_the_pupil_in_and_brings_the_homework_back() {
    let teacher_dir = tempfile::tempdir().unwrap();
    let pupil_dir = tempfile::tempdir().unwrap();
    let mut teacher = headless(&teacher_dir.path().join("progress"), 540, 1170);
    common::enter_teacher_mode(&mut teacher);
    press(&mut teacher, TeacherAction::NewClass);
    let class_id = teacher.world().resource::<Teacher>().class.expect("the new class is open");
    let class = store(&teacher).class(class_id).unwrap();
    let first = qike_app::data::lessons_of(&class.games())[0].id.clone();
    let due = Timestamp(Timestamp::now().0 + 86_400_000);
    let items = vec![AssignmentItem::Lesson(first)];
    store(&teacher).add_assignment(class_id, "作业", items, due, Timestamp::now()).unwrap();

    // The pupil joins with the long code.
    let mut pupil = headless(&pupil_dir.path().join("progress"), 540, 1170);
    create_profile(&mut pupil);
    press(&mut pupil, Nav::Go(AppState::MyClass));
    pupil.world_mut().resource_mut::<MyClass>().code = class.join_code().to_text();
    press(&mut pupil, PupilAction::Join);
    assert!(pupil.world().resource::<MyClass>().joined);
    let kid = store(&pupil).profiles().unwrap()[0].id;

    // The teacher opens the collection: a port, and a short code on the page.
    press(&mut teacher, TeacherAction::Page(TeacherPage::Collect));
    assert_eq!(*teacher.world().resource::<State<TeacherPage>>().get(), TeacherPage::Collect);
    let c = teacher.world().resource::<Collection>();
    assert!(c.is_running(), "{:?}", c.problem);
    let port = c.addr().unwrap().port();
    let code = c.codes.first().cloned().expect("a short code is shown");

    // The pupil types the short code and taps send.
    pupil.world_mut().resource_mut::<MyClass>().code = code.to_lowercase();
    press(&mut pupil, PupilAction::Join);
    let target = pupil.world().resource::<MyClass>().target.expect("the short code is noted");
    assert_eq!(target.port(), port);
    press(&mut pupil, PupilAction::Send(class_id));

    // A new pupil waits for the teacher; nothing is saved yet.
    until([&mut teacher, &mut pupil], "the pupil to wait", |[t, p]| {
        let waiting = t.world().resource::<Collection>().waiting.iter().any(|w| w.student == kid);
        let shown =
            p.world().resource::<Outbox>().state == Some((class_id, SendState::WaitingForTeacher));
        waiting && shown
    });
    assert!(store(&teacher).roster(class_id).unwrap().is_empty());
    assert!(teacher.world().resource::<Collection>().received.is_empty());

    // The teacher accepts; the pupil's device sends again by itself.
    press(&mut teacher, TeacherAction::Collect(CollectAction::Accept(kid)));
    until([&mut teacher, &mut pupil], "the report to be delivered", |[t, p]| {
        let ticked = t.world().resource::<Collection>().received.iter().any(|(id, _)| *id == kid);
        let delivered = matches!(
            p.world().resource::<Outbox>().state,
            Some((_, SendState::Delivered { outcome: ImportOutcome::NewStudent, homework: true }))
        );
        ticked && delivered
    });
    let c = teacher.world().resource::<Collection>();
    assert!(c.waiting.is_empty(), "{:?}", c.waiting);
    let name = store(&pupil).profile(kid).unwrap().display_name;
    assert_eq!(c.received, vec![(kid, name)]);
    // On the teacher's dashboard, with the key pinned; the homework is on the pupil's.
    assert_eq!(store(&teacher).roster(class_id).unwrap().len(), 1);
    assert!(store(&teacher).pinned_pupil_key(class_id, kid).unwrap().is_some());
    settle(&mut pupil);
    let homework = store(&pupil).pupil_assignments(kid, Timestamp::now()).unwrap();
    assert_eq!(homework.len(), 1, "the class file came back on the same connection");

    // Leaving the page closes the port.
    press(&mut teacher, Nav::Back);
    assert_eq!(*teacher.world().resource::<State<TeacherPage>>().get(), TeacherPage::Class);
    assert!(!teacher.world().resource::<Collection>().is_running());
    let gone = std::net::TcpStream::connect_timeout(
        &std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_secs(2),
    );
    assert!(gone.is_err(), "the port is closed once the page is left");
}
