//! Reading the 四国军棋 course from TOML: the same course shape and the same
//! [`LoadError`] as the other games; every position, station and move must read.

use std::collections::BTreeMap;

use crate::curriculum::junqi::schema::{
    JunqiCourse, JunqiCourseFile, JunqiLesson, JunqiStep, JunqiUnit,
};
use crate::curriculum::junqi::{goal, setup};
use crate::curriculum::load::LoadError;

/// Parses one 四国军棋 lesson file.
pub fn parse_junqi_lesson(file: &str, text: &str) -> Result<JunqiLesson, LoadError> {
    let lesson: JunqiLesson = toml::from_str(text)
        .map_err(|e| LoadError::Toml { file: file.to_owned(), message: e.to_string() })?;
    for step in &lesson.steps {
        check_step(step).map_err(|problem| LoadError::BadStep {
            file: file.to_owned(),
            step: step.id().to_owned(),
            problem,
        })?;
    }
    Ok(lesson)
}

fn check_step(step: &JunqiStep) -> Result<(), String> {
    match step.position() {
        Some(text) if step.shows_setup() => drop(setup::setup_board(text)?),
        Some(text) => drop(goal::start(text)?),
        None => {}
    }
    let station = |s: &String| match goal::station(s) {
        Some(_) => Ok(()),
        None => Err(format!("'{s}' is not a station (S1.3, E6.2, C1.1 …)")),
    };
    let mv = |m: &String| match goal::move_of(m) {
        Some(_) => Ok(()),
        None => Err(format!("'{m}' is not a move (from-to, e.g. S1.3-C2.1)")),
    };
    match step {
        JunqiStep::Explain(s) => {
            s.highlights.iter().try_for_each(station)?;
            s.arrows.iter().try_for_each(mv)
        }
        JunqiStep::TapTargets(s) => {
            station(&s.piece)?;
            s.targets.iter().try_for_each(station)
        }
        JunqiStep::TapStation(s) => s.stations.iter().try_for_each(station),
        JunqiStep::MakeMove(s) => {
            s.reach.iter().try_for_each(station)?;
            s.accept.iter().try_for_each(mv)?;
            s.wrong.iter().map(|w| &w.mv).try_for_each(mv)?;
            s.highlights.iter().try_for_each(station)
        }
        JunqiStep::Puzzle(s) => {
            s.reach.iter().try_for_each(station)?;
            s.line.iter().try_for_each(mv)?;
            s.wrong.iter().map(|w| &w.mv).try_for_each(mv)
        }
    }
}

/// Parses the course from its files: `course.toml` plus one file per lesson.
pub fn load_junqi_course(files: &[(&str, &str)]) -> Result<JunqiCourse, LoadError> {
    let (_, course_text) =
        files.iter().find(|(name, _)| *name == "course.toml").ok_or(LoadError::NoCourseFile)?;
    let spec: JunqiCourseFile = toml::from_str(course_text)
        .map_err(|e| LoadError::Toml { file: "course.toml".into(), message: e.to_string() })?;
    if spec.game != "junqi" {
        return Err(LoadError::BadGame(format!("'{}' is not 四国军棋 (junqi)", spec.game)));
    }
    let mut lessons: BTreeMap<String, (String, JunqiLesson)> = BTreeMap::new();
    for (name, text) in files.iter().filter(|(name, _)| *name != "course.toml") {
        let lesson = parse_junqi_lesson(name, text)?;
        if let Some((other, _)) = lessons.get(&lesson.id) {
            return Err(LoadError::DuplicateLesson {
                file: (*name).to_owned(),
                id: lesson.id,
                other: other.clone(),
            });
        }
        lessons.insert(lesson.id.clone(), ((*name).to_owned(), lesson));
    }
    let mut units: Vec<JunqiUnit> = Vec::new();
    for u in spec.units {
        let mut unit = JunqiUnit { id: u.id.clone(), title: u.title, lessons: Vec::new() };
        for id in u.lessons {
            match lessons.remove(&id) {
                Some((_, lesson)) => unit.lessons.push(lesson),
                None if units
                    .iter()
                    .chain(std::iter::once(&unit))
                    .any(|x| x.lessons.iter().any(|l| l.id == id)) =>
                {
                    return Err(LoadError::LessonListedTwice { lesson: id });
                }
                None => return Err(LoadError::MissingLesson { unit: u.id.clone(), lesson: id }),
            }
        }
        units.push(unit);
    }
    if let Some((id, (file, _))) = lessons.into_iter().next() {
        return Err(LoadError::UnlistedLesson { file, id });
    }
    Ok(JunqiCourse { id: spec.id, title: spec.title, description: spec.description, units })
}

/// The 四国军棋 course files as shipped.
pub const JUNQI_FILES: &[(&str, &str)] = &[
    ("course.toml", include_str!("../../../content/junqi/course.toml")),
    ("01_board.toml", include_str!("../../../content/junqi/01_board.toml")),
    ("02_battles.toml", include_str!("../../../content/junqi/02_battles.toml")),
    ("03_roads.toml", include_str!("../../../content/junqi/03_roads.toml")),
    ("04_setup.toml", include_str!("../../../content/junqi/04_setup.toml")),
    ("05_flag.toml", include_str!("../../../content/junqi/05_flag.toml")),
    ("06_engineer_bomb.toml", include_str!("../../../content/junqi/06_engineer_bomb.toml")),
    ("07_partners.toml", include_str!("../../../content/junqi/07_partners.toml")),
];

/// The shipped 四国军棋 course (军棋入门).
pub fn junqi_course() -> Result<JunqiCourse, LoadError> {
    load_junqi_course(JUNQI_FILES)
}
