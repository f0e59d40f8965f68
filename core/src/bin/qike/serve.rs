//! `qike class serve`: class sync's server on the teacher's device. Prints
//! `listening on ADDR:PORT` and the short codes first, announces the collection on the
//! local network (DNS-SD, `_qike._tcp`), then prints a line per report received,
//! waiting or refused, and the tally when it stops (after `--for` seconds, `--reports
//! N` saved reports, or SIGTERM/SIGINT; killed harder, it loses nothing either: every
//! acknowledged report is already saved).

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use qike_core::progress::{ImportOutcome, ProgressStore};
use qike_core::sync::{ServerOptions, SyncEvent, announce, encode_short_code, local_ipv4, serve};

/// When the server stops by itself.
#[derive(Debug, Clone, Copy)]
pub struct Stop {
    seconds: Option<u64>,
    reports: Option<usize>,
}

impl Stop {
    pub fn parse(seconds: Option<String>, reports: Option<String>) -> Result<Stop, String> {
        let seconds = seconds
            .map(|s| s.parse().map_err(|_| format!("--for wants a number of seconds, got '{s}'")))
            .transpose()?;
        let reports = reports
            .map(|s| s.parse().map_err(|_| format!("--reports wants a number, got '{s}'")))
            .transpose()?;
        Ok(Stop { seconds, reports })
    }
}

pub fn command(
    store: &str,
    class: Option<&str>,
    listen: Option<&str>,
    stop: Stop,
    accept_new: bool,
) -> Result<(), String> {
    let listen: SocketAddr = listen
        .unwrap_or("0.0.0.0:0")
        .parse()
        .map_err(|_| "--listen wants ADDR:PORT, e.g. 0.0.0.0:7373".to_owned())?;
    let store = Arc::new(ProgressStore::open(Path::new(store)).map_err(|e| e.to_string())?);
    let result = run(&store, class, listen, stop, accept_new);
    let closed = store.close().map_err(|e| e.to_string());
    result.and(closed)
}

fn run(
    store: &Arc<ProgressStore>,
    class: Option<&str>,
    listen: SocketAddr,
    stop: Stop,
    accept_new: bool,
) -> Result<(), String> {
    let class = crate::class::pick(store, class)?;
    let names = store.clone();
    let class_id = class.id;
    let options = ServerOptions { accept_new, ..ServerOptions::default() };
    let server = serve(store.clone(), class.id, listen, options, move |event| match event {
        SyncEvent::Received { peer, student, seq, outcome } => {
            let name = names
                .roster_entry(class_id, student)
                .map(|e| e.shown_name().to_owned())
                .unwrap_or_default();
            let what = match outcome {
                ImportOutcome::NewStudent => "new pupil",
                ImportOutcome::Updated => "updated",
                ImportOutcome::AlreadyImported => "already had",
            };
            println!("received from {peer}: {name} ({student}) report {seq}: {what}");
        }
        SyncEvent::Refused { peer, reason } => println!("refused {peer}: {reason}"),
        SyncEvent::Waiting { peer, student, name, new_device } => {
            let what = if new_device { "a new device of a known pupil" } else { "a new pupil" };
            println!(
                "waiting {peer}: {name} ({student}) is {what}; accept new pupils with --accept-new \
                 or in the app"
            );
        }
    })
    .map_err(|e| e.to_string())?;
    let addr = server.addr();
    println!("listening on {addr}");
    match addr {
        SocketAddr::V4(a) if !a.ip().is_unspecified() => {
            println!("short code: {}", encode_short_code(a));
        }
        SocketAddr::V4(a) => {
            let ips = local_ipv4();
            if ips.is_empty() {
                println!("short code: none (this device has no IPv4 network address)");
            }
            for ip in ips {
                let code = encode_short_code(std::net::SocketAddrV4::new(ip, a.port()));
                println!("short code: {code} ({ip}:{})", a.port());
            }
        }
        SocketAddr::V6(_) => println!("short code: (none for an IPv6 address)"),
    }
    // A server on loopback serves this device only: nothing to tell the network.
    let _announced = if addr.ip().is_loopback() {
        println!("not announced: listening on this device only");
        None
    } else {
        match announce(class.id, &class.name, &class.teacher, addr.port()) {
            Ok(a) => {
                println!("announced as {}", a.fullname());
                Some(a)
            }
            Err(e) => {
                println!("not announced: {e}");
                None
            }
        }
    };
    println!(
        "class {} \"{}\"; new pupils: {}",
        class.id,
        class.name,
        if accept_new { "taken" } else { "wait for the teacher (see --accept-new)" }
    );
    let deadline = stop.seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let signalled = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, signalled.clone()).map_err(|e| e.to_string())?;
    }
    loop {
        if signalled.load(Ordering::SeqCst) {
            println!("stopping on a signal");
            break;
        }
        let t = server.tally();
        let saved = t.new_students + t.updated + t.already_had;
        if stop.reports.is_some_and(|n| saved >= n) || deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let t = server.stop();
    println!(
        "{} reports: {} new, {} updated, {} already had, {} refused, {} waiting",
        t.new_students + t.updated + t.already_had + t.refused + t.waiting,
        t.new_students,
        t.updated,
        t.already_had,
        t.refused,
        t.waiting
    );
    Ok(())
}
