//! A full disk is an error the app can show, never a panic, and what was
//! acknowledged before stays readable. Needs permission to mount a small tmpfs
//! (root on Linux, as on the project's machines and CI); skipped, and says so, without.

use std::path::{Path, PathBuf};
use std::process::Command;

use qike_core::progress::{LessonAttempt, NewProfile, ProgressStore, Role, StoreError, Timestamp};

/// Unmounts the tmpfs even if an assertion fails.
struct Mount(PathBuf);
impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn mount_small_tmpfs(dir: &Path, size: &str) -> Option<Mount> {
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
        .arg(dir)
        .status()
        .is_ok_and(|s| s.success());
    ok.then(|| Mount(dir.to_path_buf()))
}

#[test]
fn a_full_disk_is_a_typed_error() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(_mount) = mount_small_tmpfs(tmp.path(), "1m") else {
        eprintln!("skipped: cannot mount a tmpfs here");
        return;
    };
    let dir = tmp.path().join("store");
    let store = match ProgressStore::open(&dir) {
        Ok(s) => s,
        Err(StoreError::DiskFull { .. }) => return,
        Err(e) => panic!("unexpected error on open: {e:?}"),
    };
    let kid = store
        .create_profile(
            NewProfile {
                display_name: "a".into(),
                avatar: String::new(),
                language: String::new(),
                role: Role::Student,
            },
            Timestamp(0),
        )
        .unwrap();
    let mut acknowledged = Vec::new();
    let mut failure = None;
    for i in 0..100_000 {
        let a = LessonAttempt {
            lesson_id: format!("lesson-{i:06}-{}", "x".repeat(200)),
            content_version: 1,
            completed: true,
            stars: 3,
            mistakes: 0,
            hints: 0,
            time_ms: 1,
            at: Timestamp(i),
        };
        match store.record_lesson(kid.id, &a) {
            Ok(_) => acknowledged.push(a.lesson_id),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    let failure = failure.expect("a 1 MiB disk must fill up");
    eprintln!("{} writes acknowledged, then: {failure}", acknowledged.len());
    assert!(matches!(failure, StoreError::DiskFull { .. }), "got {failure:?}");
    assert!(failure.to_string().starts_with("the device is full"), "{failure}");
    assert!(!acknowledged.is_empty());
    // sled refuses further calls on this handle after an I/O error: close it, make
    // room (grow the tmpfs), reopen, and everything acknowledged is there.
    let _ = store.close();
    drop(store);
    let grown = Command::new("mount")
        .args(["-o", "remount,size=8m"])
        .arg(tmp.path())
        .status()
        .is_ok_and(|s| s.success());
    assert!(grown, "remount with more room");
    let store = ProgressStore::open(&dir).unwrap();
    let have = store.lesson_records(kid.id).unwrap();
    for id in &acknowledged {
        assert!(have.iter().any(|r| &r.lesson_id == id), "lost {id}");
    }
    store.close().unwrap();
}
