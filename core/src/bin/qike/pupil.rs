//! `qike pupil …`: a pupil's device from the command line, with the same core calls
//! the app makes: a profile, joining a class, a lesson walked with its right answers,
//! and the report sent to the teacher's device over class sync.
//!
//!   qike pupil new --store DIR --name NAME              (prints the profile id)
//!   qike pupil join --store DIR --profile ID --code TEXT
//!   qike pupil lesson --store DIR --profile ID --lesson LESSON
//!   qike pupil send --store DIR --profile ID (--to ADDR:PORT|CODE | --find) [--class ID] [--tries N]

use std::path::Path;

use qike_core::curriculum::load;
use qike_core::progress::{
    ClassFileTrust, ClassId, ImportOutcome, LessonAttempt, NewProfile, ProfileId, ProgressStore,
    Role, Timestamp,
};
use qike_core::sync::{ClientOptions, Finder, Retry, parse_target, send_with_retries};

use crate::cli::PupilCommand;

pub fn command(command: PupilCommand) -> Result<(), String> {
    match command {
        PupilCommand::New { store, name } => with_store(&store, |s| new(s, &name)),
        PupilCommand::Join { store, profile, code } => {
            with_store(&store, |s| join(s, &profile, &code))
        }
        PupilCommand::Lesson { store, profile, lesson } => {
            with_store(&store, |s| lesson_walk(s, &profile, &lesson))
        }
        PupilCommand::Send { store, profile, to, find: _, class, tries } => {
            let tries = match tries {
                Some(t) => t.parse().map_err(|_| format!("--tries wants a number, got '{t}'"))?,
                None => 5,
            };
            with_store(&store, |s| send(s, &profile, to.as_deref(), class.as_deref(), tries))
        }
    }
}

fn with_store(
    dir: &str,
    f: impl FnOnce(&ProgressStore) -> Result<(), String>,
) -> Result<(), String> {
    let store = ProgressStore::open(Path::new(dir)).map_err(|e| e.to_string())?;
    let result = f(&store);
    store.close().map_err(|e| e.to_string())?;
    result
}

fn profile_id(s: &ProgressStore, text: &str) -> Result<ProfileId, String> {
    let id: ProfileId = text.trim().parse().map_err(|_| format!("'{text}' is not a profile id"))?;
    s.profile(id).map_err(|e| e.to_string())?;
    Ok(id)
}

fn new(s: &ProgressStore, name: &str) -> Result<(), String> {
    let p = NewProfile {
        display_name: name.to_owned(),
        avatar: String::new(),
        language: "zh-CN".into(),
        role: Role::Student,
    };
    let p = s.create_profile(p, Timestamp::now()).map_err(|e| e.to_string())?;
    println!("{}", p.id);
    Ok(())
}

fn join(s: &ProgressStore, profile: &str, code: &str) -> Result<(), String> {
    let id = profile_id(s, profile)?;
    let m = s.join_class(id, code, "", Timestamp::now()).map_err(|e| e.to_string())?;
    println!("joined class {}", m.class);
    Ok(())
}

fn lesson_walk(s: &ProgressStore, profile: &str, lesson: &str) -> Result<(), String> {
    let id = profile_id(s, profile)?;
    let courses = load::courses().map_err(|e| e.to_string())?;
    let found = courses
        .iter()
        .find_map(|c| c.lesson(lesson))
        .ok_or_else(|| format!("no shipped lesson '{lesson}'"))?;
    let run = crate::content::play_through(found).map_err(|e| format!("{lesson}: {e}"))?;
    let r = run.result();
    let attempt = LessonAttempt::from_result(&r, true, Timestamp::now());
    s.record_lesson(id, &attempt).map_err(|e| e.to_string())?;
    println!(
        "lesson {}: {} stars, {} mistakes, {} hints",
        r.lesson_id, r.stars, r.mistakes, r.hints
    );
    Ok(())
}

fn send(
    s: &ProgressStore,
    profile: &str,
    to: Option<&str>,
    class: Option<&str>,
    tries: u32,
) -> Result<(), String> {
    let id = profile_id(s, profile)?;
    let mut joined = s.memberships(id).map_err(|e| e.to_string())?;
    let m = match class {
        Some(c) => joined
            .into_iter()
            .find(|m| m.class.to_string().eq_ignore_ascii_case(c.trim()))
            .ok_or_else(|| format!("the pupil has not joined class {c}"))?,
        None if joined.len() == 1 => joined.remove(0),
        None if joined.is_empty() => return Err("the pupil has joined no class".into()),
        None => return Err("the pupil joined several classes; say which with --class".into()),
    };
    let addr = match to {
        Some(to) => parse_target(to).map_err(|e| e.to_string())?,
        None => find(m.class)?,
    };
    let join = m.join_code();
    let report = s.export_report(id, m.class, Timestamp::now()).map_err(|e| e.to_string())?;
    let retry = Retry { tries, ..Retry::default() };
    let sent = send_with_retries(addr, &join, &report, &ClientOptions::default(), &retry)
        .map_err(|e| format!("not sent: {e}"))?;
    let what = match sent.ack.outcome {
        ImportOutcome::NewStudent => "new pupil",
        ImportOutcome::Updated => "updated",
        ImportOutcome::AlreadyImported => "already had",
    };
    println!("acknowledged: report {} ({what})", sent.ack.seq);
    match sent.class_file {
        Some(text) => {
            let got = s.import_class_file(id, &text).map_err(|e| e.to_string())?;
            let trust = match got.trust {
                ClassFileTrust::TeacherSigned => "signed by the teacher",
                ClassFileTrust::ClassKeyOnly => "class key only: joined with an older code",
            };
            let (name, n) = (&got.file.name, got.file.assignments.len());
            println!("class file: \"{name}\", {n} assignments ({trust})");
        }
        None => match sent.class_file_refused {
            Some(e) => println!("class file: refused: {e}"),
            None => println!("class file: none came back"),
        },
    }
    Ok(())
}

/// The address of the open collection of `class` on the local network.
fn find(class: ClassId) -> Result<std::net::SocketAddr, String> {
    let mut finder = Finder::new().map_err(|e| e.to_string())?;
    let found = finder
        .wait_for(class, std::time::Duration::from_secs(10))
        .ok_or_else(|| format!("no open collection of class {class} found on this network in 10 s; use --to with the short code"))?;
    println!("found: {} · {} at {}", found.teacher, found.class_name, found.addrs[0]);
    Ok(found.addrs[0])
}
