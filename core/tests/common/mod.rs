//! Helpers shared by several test files. Each test binary uses some of them only.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

use qike_core::Point;
use qike_core::Rng;
use qike_core::curriculum::{self, Course, load};
use qike_core::gomoku::Stone;
use qike_core::progress::{NewProfile, ProfileId, ProgressStore, Role, Timestamp};

/// The head of a test lesson: id, title and a minimal 教案; steps follow.
pub const LESSON_HEAD: &str = r#"
id = "test-lesson"
title = { zh = "测试", en = "Test" }
[plan]
content = { zh = "内容", en = "content" }
objectives = [{ zh = "目标", en = "goal" }]
key_points = [{ zh = "重点", en = "key" }]
materials = [{ zh = "棋", en = "set" }]
process = [{ zh = "过程", en = "process" }]
summary = { zh = "小结", en = "summary" }
periods = 1
minutes = 5
"#;

/// A shipped course (its `files`, as `load::CHESS_FILES` holds them) with the text of
/// `file` changed by `edit`: a flaw planted in one lesson file. The course must still
/// load.
pub fn planted_with(files: &[(&str, &str)], file: &str, edit: impl FnOnce(&mut String)) -> Course {
    assert!(files.iter().any(|(name, _)| *name == file), "the course has no {file}");
    let mut edit = Some(edit);
    let files: Vec<(&str, String)> = files
        .iter()
        .map(|&(name, text)| {
            let mut text = text.to_owned();
            if name == file
                && let Some(edit) = edit.take()
            {
                edit(&mut text);
            }
            (name, text)
        })
        .collect();
    let pairs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
    load::load_course(&pairs).expect("the planted course still loads")
}

/// A shipped course with `swaps` made in `file`: each `(from, to)` replaces the first
/// `from`, which must be there.
pub fn planted_course(files: &[(&str, &str)], file: &str, swaps: &[(&str, &str)]) -> Course {
    planted_with(files, file, |text| {
        for (from, to) in swaps {
            assert!(text.contains(from), "{file} has no {from}");
            *text = text.replacen(from, to, 1);
        }
    })
}

/// What validating the lesson `lesson` of `course` finds, as messages.
pub fn lesson_problems(course: &Course, lesson: &str) -> Vec<String> {
    let mut out = Vec::new();
    curriculum::validate_lesson(
        course.lesson(lesson).expect("the lesson is in the course"),
        &mut out,
    );
    out.iter().map(|e| e.to_string()).collect()
}

/// Copies a folder tree (a store fixture into a scratch folder).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The generator the random-position tests draw with: core's seeded generator, a number
/// in `0..n` taken by remainder so that a seed keeps giving the same positions.
pub struct Mix(Rng);

impl Mix {
    pub fn new(seed: u64) -> Mix {
        Mix(Rng::new(seed))
    }

    pub fn next(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

/// Gomoku moves that scatter `whites` white stones and the black ones that leave
/// `to_move` to play over the 7×7 square around the centre, black first.
pub fn scattered_moves(rng: &mut Mix, whites: usize, to_move: Stone) -> Vec<Point> {
    let blacks = if to_move == Stone::Black { whites } else { whites + 1 };
    let mut cells: Vec<Point> = Vec::new();
    while cells.len() < whites + blacks {
        let p = Point::new(4 + rng.next(7) as u8, 4 + rng.next(7) as u8);
        if !cells.contains(&p) {
            cells.push(p);
        }
    }
    let (b, w) = cells.split_at(blacks);
    let mut moves = Vec::new();
    for (k, &black) in b.iter().enumerate() {
        moves.push(black);
        if let Some(&p) = w.get(k) {
            moves.push(p);
        }
    }
    moves
}

/// A new pupil profile (Chinese, no avatar) that joins the class of `code` at `joined`.
pub fn joined_pupil(store: &ProgressStore, name: &str, code: &str, joined: Timestamp) -> ProfileId {
    let p = store
        .create_profile(
            NewProfile {
                display_name: name.into(),
                avatar: String::new(),
                language: "zh-CN".into(),
                role: Role::Student,
            },
            Timestamp(0),
        )
        .unwrap();
    store.join_class(p.id, code, "", joined).unwrap();
    p.id
}

/// Runs the `qike` binary: whether it succeeded, its output and its error output.
pub fn qike(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(args)
        .output()
        .expect("run qike");
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("qike writes UTF-8"),
        String::from_utf8(out.stderr).expect("qike writes UTF-8 errors"),
    )
}

/// An executable shell script `name` holding `body`, in a temporary directory that
/// lives as long as the returned handle; the second value is the script's path.
pub fn script(name: &str, body: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    std::fs::write(&path, body).expect("write the script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("make the script executable");
    }
    let text = path.to_string_lossy().into_owned();
    (dir, text)
}

/// Starts `command` with its standard output piped; each line arrives on the channel.
/// The output is read to its end even after the receiver is gone, so a long-running
/// child never blocks on a full pipe.
pub fn spawn_lines(command: &mut Command) -> (Child, Receiver<String>) {
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let out = child.stdout.take().unwrap();
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

/// A 四国军棋 game of the child in the south seat, with computers at `opponents`' levels
/// east, north and west (`None` a person), the outcome its result implies, and its
/// moves and times.
pub fn junqi_record(
    id: u64,
    opponents: [Option<u8>; 3],
    result: qike_core::progress::PlayerResult,
    moves: u32,
    (started, ended): (Timestamp, Timestamp),
) -> qike_core::progress::JunqiGameRecord {
    use qike_core::junqi::{OutReason, Outcome, Seat, Team, Visibility};
    use qike_core::progress::PlayerResult;
    let outcome = match result {
        PlayerResult::Won => {
            Some(Outcome::TeamWins { team: Team::A, last: OutReason::FlagCaptured })
        }
        PlayerResult::Lost => Some(Outcome::TeamWins { team: Team::B, last: OutReason::NoMoves }),
        PlayerResult::Drew => Some(Outcome::Draw),
        PlayerResult::Unfinished => None,
    };
    qike_core::progress::JunqiGameRecord {
        id,
        seats: [None, opponents[0], opponents[1], opponents[2]],
        child_seat: Seat::South,
        visibility: Visibility::Hidden,
        outcome,
        result,
        moves,
        started,
        ended,
    }
}
