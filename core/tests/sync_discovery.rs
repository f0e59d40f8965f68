//! Discovery of a class collection by DNS-SD over multicast DNS, on this machine's own
//! network interfaces: an announcement is found by a finder in another daemon, with the
//! class, its names and the port; withdrawn, it disappears; and a pupil sends to what
//! it found. Needs an interface that carries multicast; where there is none the test
//! says so and checks what does not need the network.

#![cfg(feature = "discovery")]
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use qike_core::progress::{NewClass, NewProfile, ProgressStore, Role, Timestamp};
use qike_core::sync::{
    ClientOptions, Finder, ServerOptions, announce, local_ipv4, multicast_in_use, send_report,
    serve,
};

/// Why multicast cannot be tried here, if it cannot.
fn no_multicast() -> Option<String> {
    if local_ipv4().is_empty() {
        return Some("this machine has no IPv4 network interface besides loopback".into());
    }
    None
}

#[test]
fn a_collection_is_found_with_its_class_and_port_and_gone_when_withdrawn() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = Arc::new(ProgressStore::open(tmp.path().join("teacher")).unwrap());
    let class = teacher
        .create_class(
            NewClass {
                name: "三年级二班".into(),
                teacher: "王老师".into(),
                description: String::new(),
            },
            Timestamp(1_000),
        )
        .unwrap();
    assert!(!multicast_in_use());
    let listen = SocketAddr::from(([0, 0, 0, 0], 0));
    let server =
        serve(teacher.clone(), class.id, listen, ServerOptions::default(), |_| {}).unwrap();
    let port = server.addr().port();
    let announced = announce(class.id, &class.name, &class.teacher, port).unwrap();
    assert!(multicast_in_use(), "the Android shell holds its multicast lock now");
    if let Some(why) = no_multicast() {
        println!("SKIPPED discovery over the network: {why}");
        return;
    }
    let mut finder = Finder::new().unwrap();
    let found = finder
        .wait_for(class.id, Duration::from_secs(20))
        .expect("the announcement is found on this machine's interfaces");
    assert_eq!(found.class, class.id);
    assert_eq!((found.class_name.as_str(), found.teacher.as_str()), ("三年级二班", "王老师"));
    assert!(found.addrs.iter().all(|a| a.port() == port), "{:?}", found.addrs);
    let mine: Vec<IpAddr> = local_ipv4().into_iter().map(IpAddr::V4).collect();
    assert!(found.addrs.iter().any(|a| mine.contains(&a.ip())), "{:?} vs {mine:?}", found.addrs);

    // A pupil sends to the address found.
    let kid_store = ProgressStore::open(tmp.path().join("kid")).unwrap();
    let kid = kid_store
        .create_profile(
            NewProfile {
                display_name: "小明".into(),
                avatar: String::new(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(1_000),
        )
        .unwrap();
    kid_store.join_class(kid.id, &class.join_code().to_text(), "", Timestamp(1_000)).unwrap();
    let report = kid_store.export_report(kid.id, class.id, Timestamp(2_000)).unwrap();
    let to = *found.addrs.iter().find(|a| a.is_ipv4()).unwrap();
    let sent = send_report(to, &class.join_code(), &report, &ClientOptions::default()).unwrap();
    assert_eq!(sent.ack.student, kid.id);

    // Withdrawn, it is gone from the finder's list.
    announced.stop();
    let end = Instant::now() + Duration::from_secs(20);
    while finder.poll().iter().any(|f| f.class == class.id) {
        assert!(Instant::now() < end, "the withdrawn collection is still listed");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(finder);
    assert!(!multicast_in_use());
    server.stop();
    kid_store.close().unwrap();
}
