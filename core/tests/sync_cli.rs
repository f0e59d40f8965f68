//! `qike class serve` and `qike pupil …` as separate processes on loopback: the server
//! prints where it listens, a pupil made with the CLI joins, walks a lesson, sends its
//! report with the short code and gets the class file; the dashboard lists the pupil.

mod common;

use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use common::qike;

/// Starts `qike class serve`; its output lines arrive on the channel.
fn serve(args: &[&str]) -> (Child, Receiver<String>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qike"));
    common::spawn_lines(command.args(args).stderr(Stdio::inherit()))
}

/// The next line, waiting at most a minute (the server may be slow to start on a
/// loaded machine; a dead one closes the channel at once).
fn line(rx: &Receiver<String>) -> String {
    rx.recv_timeout(Duration::from_secs(60)).expect("a line from qike class serve")
}

#[test]
fn a_pupil_made_with_the_cli_sends_its_report_to_class_serve() {
    let tmp = tempfile::tempdir().unwrap();
    let teacher = tmp.path().join("teacher");
    let kid = tmp.path().join("kid");
    let (t, k) = (teacher.to_str().unwrap(), kid.to_str().unwrap());

    let (ok, out, err) = qike(&["class", "create", "--store", t, "--name", "三年级二班"]);
    assert!(ok, "{err}");
    let code = out
        .lines()
        .find_map(|l| l.strip_prefix("join code: "))
        .expect("a join code line")
        .to_owned();

    let (mut server, lines) = serve(&[
        "class",
        "serve",
        "--store",
        t,
        "--listen",
        "127.0.0.1:0",
        "--for",
        "300",
        "--reports",
        "1",
        "--accept-new",
    ]);
    let first = line(&lines);
    let addr = first.strip_prefix("listening on ").expect(&first).to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let second = line(&lines);
    let short = second.strip_prefix("short code: ").expect(&second).to_owned();
    assert_eq!(short.len(), 11, "{short}");

    let (ok, out, err) = qike(&["pupil", "new", "--store", k, "--name", "小明"]);
    assert!(ok, "{err}");
    let id = out.trim().to_owned();
    let (ok, out, err) = qike(&["pupil", "join", "--store", k, "--profile", &id, "--code", &code]);
    assert!(ok && out.contains("joined class"), "{out}{err}");
    let (ok, out, err) =
        qike(&["pupil", "lesson", "--store", k, "--profile", &id, "--lesson", "xq-board"]);
    assert!(ok && out.contains("3 stars"), "{out}{err}");
    // Sent with the short code the server printed.
    let (ok, out, err) = qike(&["pupil", "send", "--store", k, "--profile", &id, "--to", &short]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("acknowledged: report 1 (new pupil)"), "{out}");
    assert!(out.contains("class file: \"三年级二班\""), "{out}");

    // The server stops after that one report and prints what it took.
    let status = server.wait().unwrap();
    assert!(status.success());
    let rest: Vec<String> = lines.iter().collect();
    assert!(rest.iter().any(|l| l.starts_with("received from 127.0.0.1:") && l.contains("小明")));
    assert!(
        rest.iter()
            .any(|l| l == "1 reports: 1 new, 0 updated, 0 already had, 0 refused, 0 waiting")
    );

    let (ok, out, err) = qike(&["class", "dashboard", "--store", t]);
    assert!(ok, "{err}");
    assert!(out.contains("1 pupils"), "{out}");
    assert!(out.lines().any(|l| l.trim_start().starts_with("小明")), "{out}");

    // Sending to a port where nobody listens fails, with a non-zero exit.
    let (ok, _, err) =
        qike(&["pupil", "send", "--store", k, "--profile", &id, "--to", &addr, "--tries", "1"]);
    assert!(!ok && err.contains("not sent"), "{err}");
}

/// The class, its pupil and the pupil's profile id, made with the CLI.
fn class_and_pupil(t: &str, k: &str) -> String {
    let (ok, out, err) = qike(&["class", "create", "--store", t, "--name", "三年级二班"]);
    assert!(ok, "{err}");
    let code = out.lines().find_map(|l| l.strip_prefix("join code: ")).expect("a join code");
    let (ok, out, err) = qike(&["pupil", "new", "--store", k, "--name", "小明"]);
    assert!(ok, "{err}");
    let id = out.trim().to_owned();
    let (ok, out, err) = qike(&["pupil", "join", "--store", k, "--profile", &id, "--code", code]);
    assert!(ok, "{out}{err}");
    id
}

#[test]
fn a_pupil_finds_the_collection_by_dns_sd_and_a_new_key_waits_until_serve_stops_on_sigterm() {
    if qike_core::sync::local_ipv4().is_empty() {
        println!("SKIPPED finding by DNS-SD: no IPv4 network interface besides loopback");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let teacher = tmp.path().join("teacher");
    let kid = tmp.path().join("kid");
    let (t, k) = (teacher.to_str().unwrap(), kid.to_str().unwrap());
    let id = class_and_pupil(t, k);

    // Without --accept-new the pupil's first key waits for the teacher.
    let (mut server, lines) = serve(&["class", "serve", "--store", t, "--for", "300"]);
    let first = line(&lines);
    assert!(first.starts_with("listening on 0.0.0.0:"), "{first}");
    let announced = (0..8).map(|_| line(&lines)).find(|l| l.starts_with("announced as "));
    assert!(announced.is_some_and(|l| l.contains("._qike._tcp.local.")));
    let (ok, out, err) =
        qike(&["pupil", "send", "--store", k, "--profile", &id, "--find", "--tries", "2"]);
    assert!(out.contains("found: ") && out.contains("三年级二班"), "{out}{err}");
    assert!(!ok && err.contains("not accepted"), "{out}{err}");
    let status = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(status.success());
    assert!(server.wait().unwrap().success(), "SIGTERM ends the server cleanly");
    let rest: Vec<String> = lines.iter().collect();
    assert!(rest.iter().any(|l| l.starts_with("waiting ") && l.contains("小明")), "{rest:?}");
    assert!(rest.iter().any(|l| l == "stopping on a signal"), "{rest:?}");
    assert!(
        rest.iter()
            .any(|l| l == "2 reports: 0 new, 0 updated, 0 already had, 0 refused, 2 waiting"),
        "{rest:?}"
    );

    // With --accept-new it is taken, found the same way.
    let (mut server, lines) =
        serve(&["class", "serve", "--store", t, "--reports", "1", "--accept-new"]);
    line(&lines);
    let (ok, out, err) = qike(&["pupil", "send", "--store", k, "--profile", &id, "--find"]);
    assert!(ok && out.contains("acknowledged: report"), "{out}{err}");
    assert!(server.wait().unwrap().success());
}
