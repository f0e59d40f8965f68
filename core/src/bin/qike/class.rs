//! `qike class …`: a teacher's class store from the command line, with the same core
//! calls the app's teacher screens make.
//!
//!   qike class create --store DIR --name NAME [--teacher T] [--grade G] [--game G]
//!   qike class list --store DIR
//!   qike class import --store DIR PATH [--class ID]   (a report file or a folder)
//!   qike class dashboard --store DIR [--class ID] [--inactive-days N]
//!   qike class csv --store DIR --out FILE [--class ID]
//!   qike class serve --store DIR [--class ID] [--listen ADDR:PORT] [--for S]
//!                    [--reports N] [--accept-new]
//!   (class sync's server, in `serve.rs`)

use std::path::Path;

use qike_core::progress::{
    Class, ImportOutcome, LessonStatus, NewClass, ProgressStore, StoreError, Timestamp,
};

use crate::cli::ClassCommand;

pub fn command(command: ClassCommand) -> Result<(), String> {
    match command {
        ClassCommand::Create { store, name, teacher, grade, game } => {
            let (teacher, grade, game) =
                (teacher.unwrap_or_default(), grade.unwrap_or_default(), game.unwrap_or_default());
            with_store(Path::new(&store), |s| create(s, &name, &teacher, &grade, &game))
        }
        ClassCommand::List { store } => with_store(Path::new(&store), list),
        ClassCommand::Import { store, path, class } => {
            with_store(Path::new(&store), |s| import(s, Path::new(&path), class.as_deref()))
        }
        ClassCommand::Dashboard { store, class, inactive_days } => {
            let days = match inactive_days {
                Some(d) => {
                    d.parse().map_err(|_| format!("--inactive-days must be a number, got '{d}'"))?
                }
                None => 7,
            };
            with_store(Path::new(&store), |s| dashboard(s, class.as_deref(), days))
        }
        ClassCommand::Csv { store, out, class } => {
            with_store(Path::new(&store), |s| csv(s, class.as_deref(), Path::new(&out)))
        }
        ClassCommand::Serve { store, class, listen, seconds, reports, accept_new } => {
            let stop = crate::serve::Stop::parse(seconds, reports)?;
            crate::serve::command(&store, class.as_deref(), listen.as_deref(), stop, accept_new)
        }
    }
}

fn with_store(
    dir: &Path,
    f: impl FnOnce(&ProgressStore) -> Result<(), String>,
) -> Result<(), String> {
    let store = ProgressStore::open(dir).map_err(|e| e.to_string())?;
    let result = f(&store);
    store.close().map_err(|e| e.to_string())?;
    result
}

fn err(e: StoreError) -> String {
    e.to_string()
}

fn create(
    s: &ProgressStore,
    name: &str,
    teacher: &str,
    grade: &str,
    game: &str,
) -> Result<(), String> {
    let new =
        NewClass { name: name.to_owned(), teacher: teacher.to_owned(), description: String::new() };
    let class = s.create_class(new, Timestamp::now()).map_err(err)?;
    let class = s.update_class(class.id, name, grade, game).map_err(err)?;
    println!("class {} \"{}\"", class.id, class.name);
    println!("join code: {}", class.join_code().to_text());
    println!("qr: {}", class.join_code().qr_payload());
    if let Some(key) = class.teacher_key {
        println!("teacher key: {}", key.fingerprint());
    }
    Ok(())
}

fn list(s: &ProgressStore) -> Result<(), String> {
    for c in s.classes(true).map_err(err)? {
        let pupils = s.roster(c.id).map_err(err)?.len();
        let archived = if c.archived.is_some() { " (archived)" } else { "" };
        println!(
            "{}  {}  grade: {}  game: {}  pupils: {pupils}{archived}",
            c.id, c.name, c.grade, c.game
        );
        println!("    join code: {}", c.join_code().to_text());
    }
    Ok(())
}

/// The class named by `--class`, or the only open class.
pub fn pick(s: &ProgressStore, wanted: Option<&str>) -> Result<Class, String> {
    let all = s.classes(true).map_err(err)?;
    match wanted {
        Some(id) => all
            .into_iter()
            .find(|c| c.id.to_string().eq_ignore_ascii_case(id.trim()))
            .ok_or_else(|| format!("no class {id} in this store (see: qike class list)")),
        None => {
            let mut open: Vec<Class> = all.into_iter().filter(|c| c.archived.is_none()).collect();
            match open.len() {
                1 => Ok(open.remove(0)),
                0 => Err("this store has no open class (see: qike class create)".into()),
                n => Err(format!("this store has {n} classes; say which with --class ID")),
            }
        }
    }
}

fn import(s: &ProgressStore, path: &Path, class: Option<&str>) -> Result<(), String> {
    let class = match class {
        Some(_) => Some(pick(s, class)?.id),
        None => None,
    };
    let tally = s.import_path(class, path, Timestamp::now()).map_err(err)?;
    for item in &tally.items {
        match &item.result {
            Ok(sum) => {
                let what = match sum.outcome {
                    ImportOutcome::NewStudent => "new pupil",
                    ImportOutcome::Updated => "updated",
                    ImportOutcome::AlreadyImported => "already had",
                };
                println!(
                    "{}: {what} (report {}, {} lessons, {} puzzles, {} games changed)",
                    item.source, sum.seq, sum.lessons_changed, sum.puzzles_changed, sum.games_added
                );
            }
            Err(e) => println!("{}: rejected: {e}", item.source),
        }
    }
    println!(
        "{} reports: {} new, {} updated, {} already had, {} rejected",
        tally.items.len(),
        tally.new_students(),
        tally.updated(),
        tally.already_had(),
        tally.rejected().count()
    );
    Ok(())
}

fn dashboard(s: &ProgressStore, class: Option<&str>, days: i64) -> Result<(), String> {
    let class = pick(s, class)?;
    let m = s.class_matrix(class.id).map_err(err)?;
    println!(
        "{} ({}): {} pupils, {} lessons",
        class.name,
        class.id,
        m.students.len(),
        m.lessons.len()
    );
    for (student, row) in m.students.iter().zip(&m.cells) {
        let cells: String = row
            .iter()
            .map(|c| match c {
                None => '.',
                Some(c) if c.status == LessonStatus::Completed => char::from(b'0' + c.stars.min(3)),
                Some(_) => '~',
            })
            .collect();
        let done = row.iter().flatten().filter(|c| c.status == LessonStatus::Completed).count();
        println!("  {:<16} {cells}  {done} done", student.shown_name());
    }
    println!("  (digits: stars of a finished lesson, ~: started, .: not started)");
    let summary = s.class_summary(class.id, Timestamp::now(), days).map_err(err)?;
    println!(
        "averages: {:.1} lessons done, {:.1} stars, {:.0} minutes",
        summary.avg_lessons_completed,
        summary.avg_stars,
        summary.avg_time_ms / 60_000.0
    );
    for b in &summary.behind {
        let why: Vec<String> = b
            .reasons
            .iter()
            .map(|r| match r {
                qike_core::progress::BehindReason::Inactive { days, last: Some(_) } => {
                    format!("nothing for {days} days")
                }
                qike_core::progress::BehindReason::Inactive { last: None, .. } => {
                    "no activity yet".to_owned()
                }
                qike_core::progress::BehindReason::Overdue { title, done, total, .. } => {
                    format!("'{title}' overdue ({done}/{total})")
                }
            })
            .collect();
        println!("needs help: {} — {}", b.student.shown_name(), why.join("; "));
    }
    Ok(())
}

fn csv(s: &ProgressStore, class: Option<&str>, out: &Path) -> Result<(), String> {
    let class = pick(s, class)?;
    let text = s.class_csv(class.id).map_err(err)?;
    std::fs::write(out, text.as_bytes())
        .map_err(|e| format!("could not write {}: {e}", out.display()))?;
    println!("wrote {} ({} bytes)", out.display(), text.len());
    Ok(())
}
