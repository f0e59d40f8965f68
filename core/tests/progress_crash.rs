//! Nothing acknowledged is lost: a child process writes records in a loop and prints
//! "ack …" after each write returns Ok; the parent kills it with SIGKILL at a random
//! moment, reopens the store, and checks that every acknowledged write is there.
//! 100 kills on one database, so recovery runs on top of earlier recoveries.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use qike_core::progress::{
    GameRecord, LessonAttempt, NewProfile, ProfileId, ProgressStore, Role, Timestamp,
};
use qike_core::{DrawReason, GameKind, Outcome, Side};

const DIR_VAR: &str = "QIKE_CRASH_DIR";
const PROFILE_VAR: &str = "QIKE_CRASH_PROFILE";
const START_VAR: &str = "QIKE_CRASH_START";

/// The child's body: runs only when the parent starts this test binary with the
/// variables set; a no-op in a normal test run.
#[test]
fn crash_child() {
    let (Ok(dir), Ok(profile), Ok(start)) =
        (std::env::var(DIR_VAR), std::env::var(PROFILE_VAR), std::env::var(START_VAR))
    else {
        return;
    };
    let profile: ProfileId = profile.parse().expect("profile id");
    let start: u64 = start.parse().expect("start");
    let store = ProgressStore::open(&dir).expect("child opens the store");
    println!("opened");
    for n in start..start + 100_000 {
        if n % 3 == 0 {
            let game = GameRecord {
                id: n,
                kind: GameKind::Xiangqi,
                ai_level: Some(1 + (n % 10) as u8),
                side: Side::First,
                outcome: Some(Outcome::Draw { reason: DrawReason::Agreement }),
                moves: vec!["h2e2".into(), "h9g7".into()],
                started: Timestamp(n as i64),
                ended: Timestamp(n as i64 + 1),
            };
            store.record_game(profile, &game).expect("game written");
            println!("ack game {n}");
        } else {
            let attempt = LessonAttempt {
                lesson_id: format!("lesson-{n}"),
                content_version: 1,
                completed: true,
                stars: (n % 4) as u8,
                mistakes: 1,
                hints: 0,
                time_ms: 1000,
                at: Timestamp(n as i64),
            };
            store.record_lesson(profile, &attempt).expect("lesson written");
            println!("ack lesson {n}");
        }
    }
}

/// A small deterministic generator, so a failure can be replayed.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn acknowledged_writes_survive_sigkill_100_times() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("store");
    let profile = {
        let store = ProgressStore::open(&dir).unwrap();
        let p = store
            .create_profile(
                NewProfile {
                    display_name: "crash".into(),
                    avatar: String::new(),
                    language: "en".into(),
                    role: Role::Student,
                },
                Timestamp(0),
            )
            .unwrap();
        store.close().unwrap();
        p.id
    };
    let exe = std::env::current_exe().unwrap();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut lessons: BTreeSet<u64> = BTreeSet::new();
    let mut games: BTreeSet<u64> = BTreeSet::new();
    for round in 0..100u64 {
        let mut child = Command::new(&exe)
            .args(["crash_child", "--exact", "--nocapture", "--test-threads=1"])
            .env(DIR_VAR, &dir)
            .env(PROFILE_VAR, profile.to_string())
            .env(START_VAR, (round * 1_000_000).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        // Kill after a random number of acknowledgements (0 = while it is opening),
        // plus a random pause so the kill lands anywhere inside a write.
        let acks_before_kill = rng.next() % 12;
        let mut seen = 0;
        let mut record = |line: &str| {
            if let Some(n) = line.strip_prefix("ack lesson ") {
                lessons.insert(n.parse().unwrap());
            } else if let Some(n) = line.strip_prefix("ack game ") {
                games.insert(n.parse().unwrap());
            }
        };
        while seen < acks_before_kill {
            let Some(Ok(line)) = lines.next() else { break };
            if line.starts_with("ack ") {
                seen += 1;
            }
            record(&line);
        }
        std::thread::sleep(std::time::Duration::from_micros(rng.next() % 3_000));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        // Lines still in the pipe were acknowledged before the kill too.
        for line in lines.map_while(Result::ok) {
            record(&line);
        }

        let store = ProgressStore::open(&dir)
            .unwrap_or_else(|e| panic!("round {round}: the store must open after a kill: {e}"));
        let have: BTreeSet<u64> = store
            .lesson_records(profile)
            .unwrap()
            .iter()
            .filter_map(|r| r.lesson_id.strip_prefix("lesson-").and_then(|n| n.parse().ok()))
            .collect();
        let missing: Vec<_> = lessons.difference(&have).collect();
        assert!(missing.is_empty(), "round {round}: acknowledged lessons lost: {missing:?}");
        let have_games: BTreeSet<u64> =
            store.games(profile).unwrap().iter().map(|g| g.id).collect();
        let missing: Vec<_> = games.difference(&have_games).collect();
        assert!(missing.is_empty(), "round {round}: acknowledged games lost: {missing:?}");
        // The rating moved once per acknowledged game (an unacknowledged one may
        // have landed too: the write can complete just before the kill).
        let rated = store.rating(profile, GameKind::Xiangqi).unwrap().games as usize;
        assert!(rated >= games.len() && rated == have_games.len(), "round {round}");
        store.close().unwrap();
    }
    assert!(lessons.len() + games.len() > 100, "the child acknowledged too few writes");
}
