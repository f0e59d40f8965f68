//! Class sync load: N pupils (separate stores in a scratch folder) send their reports
//! at once to a running `qike class serve`; prints the time from the first connection
//! to the last acknowledgement. The teacher's join code comes from `qike class create`.
//!
//!   qike class create --store /tmp/t --name bench
//!   /usr/bin/time -v qike class serve --store /tmp/t --listen 127.0.0.1:0 --reports 45 --accept-new
//!   cargo run --release -p qike-core --example sync_bench -- ADDR:PORT JOIN-CODE [N]

use std::sync::{Arc, Barrier};
use std::time::Instant;

use qike_core::progress::{JoinCode, LessonAttempt, NewProfile, ProgressStore, Role, Timestamp};
use qike_core::sync::{ClientOptions, Retry, parse_target, send_with_retries};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [addr, code, rest @ ..] = args.as_slice() else {
        return Err("usage: sync_bench ADDR:PORT JOIN-CODE [N]".into());
    };
    let addr = parse_target(addr)?;
    let join = JoinCode::parse_any(code)?;
    let n: usize = rest.first().map_or(Ok(45), |s| s.parse())?;
    let dir = std::env::temp_dir().join(format!("qike-sync-bench-{}", std::process::id()));
    let go = Arc::new(Barrier::new(n + 1));
    let mut pupils = Vec::new();
    for i in 0..n {
        let store = ProgressStore::open(dir.join(format!("pupil-{i}")))?;
        let p = store.create_profile(
            NewProfile {
                display_name: format!("学生{i}"),
                avatar: String::new(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(0),
        )?;
        store.join_class(p.id, code, "", Timestamp(0))?;
        for lesson in ["xq-board", "xq-pieces", "xq-chariot"] {
            store.record_lesson(
                p.id,
                &LessonAttempt {
                    lesson_id: lesson.into(),
                    content_version: 1,
                    completed: true,
                    stars: 3,
                    mistakes: 0,
                    hints: 0,
                    time_ms: 60_000,
                    at: Timestamp(1_000),
                },
            )?;
        }
        let report = store.export_report(p.id, join.class, Timestamp::now())?;
        store.close()?;
        let (join, go) = (join.clone(), go.clone());
        pupils.push(std::thread::spawn(move || {
            go.wait();
            send_with_retries(addr, &join, &report, &ClientOptions::default(), &Retry::default())
                .map(|s| (report.len(), Instant::now(), s.class_file.is_some()))
        }));
    }
    go.wait();
    let start = Instant::now();
    let mut last = start;
    let (mut bytes, mut files) = (0, 0);
    for p in pupils {
        let (len, at, file) = p.join().map_err(|_| "a pupil thread panicked")??;
        last = last.max(at);
        bytes += len;
        files += usize::from(file);
    }
    println!(
        "{n} reports ({bytes} bytes) acknowledged, {files} class files back: first connection to last ack {:.1} ms",
        (last - start).as_secs_f64() * 1000.0
    );
    std::fs::remove_dir_all(&dir).ok();
    Ok(())
}
