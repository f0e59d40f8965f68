//! `qike class serve`: class sync's server on the teacher's device. Prints
//! `listening on ADDR:PORT` and the short code first, then a line per report received
//! or refused, and the tally when it stops (after `--for` seconds or `--reports N`
//! saved reports; without either it runs until killed: every acknowledged report is
//! already saved, so killing it loses none).

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use qike_core::progress::{ImportOutcome, ProgressStore};
use qike_core::sync::{ServerOptions, SyncEvent, encode_short_code, serve};

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
    })
    .map_err(|e| e.to_string())?;
    let addr = server.addr();
    println!("listening on {addr}");
    match addr {
        SocketAddr::V4(a) if !a.ip().is_unspecified() => {
            println!("short code: {}", encode_short_code(a));
        }
        SocketAddr::V4(a) => println!(
            "short code: none while listening on every interface; give --listen with this \
             device's network address (e.g. --listen 192.168.1.2:{}) for one",
            a.port()
        ),
        SocketAddr::V6(_) => println!("short code: (none for an IPv6 address)"),
    }
    println!(
        "class {} \"{}\"; new pupils: {}",
        class.id,
        class.name,
        if accept_new { "taken" } else { "refused (see --accept-new)" }
    );
    let deadline = stop.seconds.map(|s| Instant::now() + Duration::from_secs(s));
    loop {
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
        "{} reports: {} new, {} updated, {} already had, {} refused",
        t.new_students + t.updated + t.already_had + t.refused,
        t.new_students,
        t.updated,
        t.already_had,
        t.refused
    );
    Ok(())
}
