//! Progress store timings on a class-sized data set: 40 students × 200 lessons with
//! several attempts each, imported as 40 signed reports; then reopen the store and
//! build the dashboard. Plain `main` (no criterion): each step is timed with
//! `Instant` and the dashboard queries report the median of repeated runs.
//!
//! Run: `cargo bench -p qike-core --bench progress`

use std::time::{Duration, Instant};

use qike_core::progress::{
    AssignmentItem, ClassId, DeviceId, GameRecord, LessonAttempt, LessonRecord, NewClass,
    NewProfile, ProfileId, ProgressStore, ReportBody, Role, SkillRating, Timestamp, seal_report,
};
use qike_core::{GameKind, Outcome, Side, WinReason};

const STUDENTS: u32 = 40;
const LESSONS: u32 = 200;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A student's records as their app would hold them after several attempts a lesson.
fn body(class: ClassId, s: u32) -> ReportBody {
    let mut lessons = Vec::new();
    for l in 0..LESSONS {
        let mut r = LessonRecord::new(&format!("xiangqi/unit-{:02}/lesson-{:03}", l / 10, l));
        for a in 0..(1 + (s + l) % 4) {
            r.apply(&LessonAttempt {
                lesson_id: r.lesson_id.clone(),
                content_version: 1,
                completed: a > 0 || (s + l).is_multiple_of(3),
                stars: ((s + l + a) % 4) as u8,
                mistakes: a,
                hints: a % 2,
                time_ms: 60_000 + u64::from(a) * 1_000,
                at: Timestamp(i64::from(l * 10 + a) * 3_600_000),
            });
        }
        lessons.push(r);
    }
    let games = (0..20)
        .map(|g| GameRecord {
            id: u64::from(s) << 32 | g,
            kind: GameKind::Xiangqi,
            ai_level: Some(1 + (g % 5) as u8),
            side: Side::First,
            outcome: Some(Outcome::Win {
                winner: if g % 2 == 0 { Side::First } else { Side::Second },
                reason: WinReason::Checkmate,
            }),
            moves: (0..60).map(|m| format!("h{}e{}", m % 10, m % 9)).collect(),
            started: Timestamp(g as i64 * 1000),
            ended: Timestamp(g as i64 * 1000 + 500),
        })
        .collect();
    ReportBody {
        class,
        student: ProfileId(u128::from(s) + 1),
        device: DeviceId(u128::from(s) + 100),
        seq: 1,
        created: Timestamp(1_000_000),
        display_name: format!("学生{s}"),
        avatar: "panda".into(),
        lessons,
        puzzles: vec![],
        games,
        junqi_games: vec![],
        ratings: vec![("xiangqi".into(), SkillRating::default())],
        partial: false,
    }
}

fn main() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("teacher");
    let store = ProgressStore::open(&dir).expect("open");
    let class = store
        .create_class(
            NewClass {
                name: "象棋班".into(),
                teacher: "李老师".into(),
                description: String::new(),
            },
            Timestamp(0),
        )
        .expect("class");
    let items = (0..20).map(|l| AssignmentItem::Lesson(format!("xiangqi/unit-00/lesson-{l:03}")));
    store
        .add_assignment(class.id, "week 1", items.collect(), Timestamp(10), Timestamp(0))
        .expect("assignment");
    let reports: Vec<Vec<u8>> =
        (0..STUDENTS).map(|s| seal_report(&body(class.id, s), &class.key).expect("seal")).collect();
    let total: usize = reports.iter().map(Vec::len).sum();
    println!(
        "report size: {} bytes each on average ({} lessons, 20 games of 60 moves)",
        total / reports.len(),
        LESSONS
    );

    let t = Instant::now();
    for r in &reports {
        store.import_report(class.id, r, Timestamp(2_000_000)).expect("import");
    }
    let import = t.elapsed();
    println!("import {STUDENTS} reports: {} ({} per report)", ms(import), ms(import / STUDENTS));
    store.close().expect("close");
    drop(store);

    let t = Instant::now();
    let store = ProgressStore::open(&dir).expect("reopen");
    println!("open the store ({STUDENTS} × {LESSONS} lesson records): {}", ms(t.elapsed()));

    let runs = 21;
    let mut times = Vec::new();
    let mut cells = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let m = store.class_matrix(class.id).expect("matrix");
        times.push(t.elapsed());
        cells = m.cells.iter().map(Vec::len).sum::<usize>();
    }
    println!("class matrix ({cells} cells), median of {runs}: {}", ms(median(times)));
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let _ = store.class_summary(class.id, Timestamp(3_000_000), 7).expect("summary");
        times.push(t.elapsed());
    }
    println!("class summary, median of {runs}: {}", ms(median(times)));
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let _ = store.class_csv(class.id).expect("csv");
        times.push(t.elapsed());
    }
    println!("class CSV, median of {runs}: {}", ms(median(times)));

    // The student's side: one durable lesson write (fsync-bound) and one export.
    let kid = store
        .create_profile(
            NewProfile {
                display_name: "k".into(),
                avatar: String::new(),
                language: String::new(),
                role: Role::Student,
            },
            Timestamp(0),
        )
        .expect("profile");
    let mut times = Vec::new();
    for i in 0..50 {
        let a = LessonAttempt {
            lesson_id: format!("l{i}"),
            content_version: 1,
            completed: true,
            stars: 3,
            mistakes: 0,
            hints: 0,
            time_ms: 1,
            at: Timestamp(i),
        };
        let t = Instant::now();
        store.record_lesson(kid.id, &a).expect("write");
        times.push(t.elapsed());
    }
    println!("one durable lesson write, median of 50: {}", ms(median(times)));
}
