//! Reading courses from TOML text, and the courses shipped inside the binary.
//!
//! Content is embedded with `include_str!` so the app and the bindings need no files.
//! Loading only parses and resolves; [`super::validate`] checks the content against
//! the rules.

use std::collections::BTreeMap;

use super::position;
use super::schema::{Course, CourseFile, GameKind, GameName, Lesson, RuleName, Step, Unit};
use crate::GomokuRule;

/// Why a course could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("{file}: {message}")]
    Toml { file: String, message: String },
    #[error("no course.toml among the course files")]
    NoCourseFile,
    #[error("{file}: lesson id '{id}' is also used by {other}")]
    DuplicateLesson { file: String, id: String, other: String },
    #[error("course.toml: unit '{unit}' lists lesson '{lesson}', but no file defines it")]
    MissingLesson { unit: String, lesson: String },
    #[error("course.toml: lesson '{lesson}' is listed in more than one place")]
    LessonListedTwice { lesson: String },
    #[error("{file}: lesson '{id}' is not listed in any unit of course.toml")]
    UnlistedLesson { file: String, id: String },
    #[error("course.toml: {0}")]
    BadGame(String),
    #[error("{file}, step '{step}': {problem}")]
    BadStep { file: String, step: String, problem: String },
}

/// Parses one xiangqi lesson file.
pub fn parse_lesson(file: &str, text: &str) -> Result<Lesson, LoadError> {
    parse_lesson_of(GameKind::Xiangqi, file, text)
}

/// Parses one lesson file of a course of `game`: its positions, points and moves must
/// read as that game's.
pub fn parse_lesson_of(game: GameKind, file: &str, text: &str) -> Result<Lesson, LoadError> {
    let mut lesson: Lesson = toml::from_str(text)
        .map_err(|e| LoadError::Toml { file: file.to_owned(), message: e.to_string() })?;
    lesson.game = game;
    for step in &lesson.steps {
        check_step(game, step).map_err(|problem| LoadError::BadStep {
            file: file.to_owned(),
            step: step.id().to_owned(),
            problem,
        })?;
    }
    Ok(lesson)
}

/// The game a course file names.
fn game_of(spec: &CourseFile) -> Result<GameKind, LoadError> {
    let bad = |what: &str| LoadError::BadGame(what.to_owned());
    match spec.game {
        GameName::Xiangqi | GameName::Chess if spec.size.is_some() || spec.rule.is_some() => {
            Err(bad("only Go has a size and only gomoku a rule"))
        }
        GameName::Xiangqi => Ok(GameKind::Xiangqi),
        GameName::Chess => Ok(GameKind::Chess),
        GameName::Go if spec.rule.is_some() => Err(bad("only gomoku has a rule")),
        GameName::Go => match spec.size.unwrap_or(9) {
            size @ 5..=19 => Ok(GameKind::Go { size }),
            size => Err(LoadError::BadGame(format!("a Go board of {size} lines is not played"))),
        },
        GameName::Gomoku if spec.size.is_some() => Err(bad("gomoku is played on 15×15")),
        GameName::Gomoku => Ok(GameKind::Gomoku {
            rule: match spec.rule.unwrap_or(RuleName::Renju) {
                RuleName::Freestyle => GomokuRule::Freestyle,
                RuleName::Standard => GomokuRule::Standard,
                RuleName::Renju => GomokuRule::Renju,
            },
        }),
    }
}

/// Reads every position, point and move of a step for `game`.
fn check_step(game: GameKind, step: &Step) -> Result<(), String> {
    if let Some(text) = step.fen() {
        position::start(game, text).map_err(|e| e.to_string())?;
    }
    let point = |p: &String| match position::point(game, p) {
        Some(_) => Ok(()),
        None => Err(format!("'{p}' is not a point of this board")),
    };
    let mv = |m: &String| match position::move_input(game, m) {
        Some(_) => Ok(()),
        None => Err(format!("'{m}' is not a move of this game")),
    };
    match step {
        Step::Explain(s) => {
            s.highlights.iter().try_for_each(point)?;
            s.arrows.iter().try_for_each(mv)
        }
        Step::TapTargets(s) => {
            point(&s.piece)?;
            s.targets.iter().try_for_each(point)
        }
        Step::MakeMove(s) => {
            s.accept.iter().try_for_each(mv)?;
            s.wrong.iter().map(|w| &w.mv).try_for_each(mv)?;
            s.highlights.iter().try_for_each(point)
        }
        Step::Collect(s) => {
            point(&s.piece)?;
            s.stars.iter().try_for_each(point)
        }
        Step::Puzzle(s) => s.lines.iter().flatten().try_for_each(mv),
        Step::Quiz(s) => s.highlights.iter().try_for_each(point),
        Step::TapPoint(s) => s.points.iter().try_for_each(point),
        Step::Setup(s) => s.place.iter().try_for_each(point),
        Step::PlayOut(_) => Ok(()),
        Step::TapShape(s) => s.points.iter().try_for_each(point),
        Step::TapGo(s) => {
            use super::go_steps::GoQuestion as Q;
            match &s.question {
                Q::Liberties { at } | Q::Seki { at } => point(at)?,
                Q::Territory { dead, .. } => dead.iter().try_for_each(point)?,
                Q::BestShape { choices } => choices.iter().try_for_each(point)?,
                _ => {}
            }
            s.points.iter().try_for_each(point)
        }
        Step::Count(s) => {
            use super::go_steps::CountQuestion as Q;
            if let Q::Liberties { at } | Q::Enclosed { at } = &s.question {
                point(at)?;
            }
            s.dead.iter().try_for_each(point)
        }
        Step::Fight(s) => {
            point(&s.at)?;
            s.accept.iter().try_for_each(mv)?;
            s.wrong.iter().map(|w| &w.mv).try_for_each(mv)
        }
    }
}

/// Parses a course from its files: `course.toml` plus one file per lesson, given as
/// (file name, text) pairs.
pub fn load_course(files: &[(&str, &str)]) -> Result<Course, LoadError> {
    let (_, course_text) =
        files.iter().find(|(name, _)| *name == "course.toml").ok_or(LoadError::NoCourseFile)?;
    let spec: CourseFile = toml::from_str(course_text)
        .map_err(|e| LoadError::Toml { file: "course.toml".into(), message: e.to_string() })?;
    let game = game_of(&spec)?;
    let mut lessons: BTreeMap<String, (String, Lesson)> = BTreeMap::new();
    for (name, text) in files.iter().filter(|(name, _)| *name != "course.toml") {
        let lesson = parse_lesson_of(game, name, text)?;
        if let Some((other, _)) = lessons.get(&lesson.id) {
            return Err(LoadError::DuplicateLesson {
                file: (*name).to_owned(),
                id: lesson.id,
                other: other.clone(),
            });
        }
        lessons.insert(lesson.id.clone(), ((*name).to_owned(), lesson));
    }
    let mut units = Vec::new();
    for u in spec.units {
        let mut unit = Unit { id: u.id.clone(), title: u.title, lessons: Vec::new() };
        for id in u.lessons {
            match lessons.remove(&id) {
                Some((_, lesson)) => unit.lessons.push(lesson),
                None if units
                    .iter()
                    .chain(std::iter::once(&unit))
                    .any(|x: &Unit| x.lessons.iter().any(|l| l.id == id)) =>
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
    Ok(Course { id: spec.id, game, title: spec.title, description: spec.description, units })
}

macro_rules! embed {
    ($dir:literal: $($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../../content/", $dir, "/", $file)))),*]
    };
}

/// The xiangqi course files as shipped.
pub const XIANGQI_FILES: &[(&str, &str)] = embed!("xiangqi":
    "course.toml",
    "01_board.toml",
    "02_pieces.toml",
    "03_chariot.toml",
    "04_horse.toml",
    "05_cannon.toml",
    "06_soldier.toml",
    "07_palace.toml",
    "08_capture.toml",
    "09_check.toml",
    "10_mate.toml",
    "11_notation.toml",
    "12_mate_practice.toml",
    "13_opening.toml",
    "14_results.toml",
    "15_rook_endgame.toml",
    "16_rook_cannon_win.toml",
    "17_rook_hold.toml",
    "18_soldier_endgame.toml",
    "19_central_cannon.toml",
    "20_cannon_openings.toml",
    "21_quiet_openings.toml",
    "22_exchange.toml",
    "23_notation_more.toml",
    "24_setup.toml",
    "25_facing.toml",
    "26_review_board.toml",
    "27_review_big.toml",
    "28_review_small.toml",
    "29_review_capture.toml",
    "30_review_check.toml",
    "31_review_notation.toml",
    "32_review_opening.toml",
    "33_review_endgame.toml",
    "mate_01_facing.toml",
    "mate_02_two_chariots.toml",
    "mate_03_chariots_advisors.toml",
    "mate_04_corner_horse.toml",
    "mate_05_eight_corner_horse.toml",
    "mate_06_trough_horse.toml",
    "mate_07_horse_cannon.toml",
    "mate_08_double_cannon.toml",
    "mate_09_smothered.toml",
    "mate_10_iron_bolt.toml",
    "mate_11_heaven_earth.toml",
    "mate_12_review.toml",
    "tac_01_double_attack.toml",
    "tac_02_check_attack.toml",
    "tac_03_discovered.toml",
    "tac_04_double_check.toml",
    "tac_05_pin.toml",
    "tac_06_interference.toml",
    "xq2_01_answer_check.toml",
    "xq2_02_history_manners.toml",
    "xq2_03_side_tiger.toml",
    "xq2_04_trough_fork.toml",
    "xq2_05_rook_cannon_method.toml",
    "xq2_06_openings_flank.toml",
    "xq2_07_openings_defence.toml",
);

/// The Go course files as shipped.
pub const GO_FILES: &[(&str, &str)] = embed!("go":
    "course.toml",
    "01_board.toml",
    "02_liberties.toml",
    "03_capture.toml",
    "04_review_1.toml",
    "05_forbidden_ko.toml",
    "06_connect_cut.toml",
    "07_review_2.toml",
    "08_ladder.toml",
    "09_net.toml",
    "10_door_hug.toml",
    "11_review_3.toml",
    "12_eyes.toml",
    "13_life_death.toml",
    "14_review_4.toml",
    "15_counting.toml",
    "16_opening_endgame.toml",
    "17_review_5.toml",
);

/// The chess course files as shipped.
pub const CHESS_FILES: &[(&str, &str)] = embed!("chess":
    "course.toml",
    "01_board.toml",
    "02_minor.toml",
    "03_review_pieces.toml",
    "04_check_castle.toml",
    "05_en_passant_promotion.toml",
    "06_review_rules.toml",
    "07_mate_stalemate.toml",
    "08_draws.toml",
    "09_review_results.toml",
    "10_notation.toml",
    "11_values.toml",
    "12_review_values.toml",
    "13_queen_rook_mates.toml",
    "14_ladder_backrank.toml",
    "15_review_mates.toml",
    "16_fork_pin_skewer.toml",
    "17_discovered_double.toml",
    "18_review_tactics.toml",
    "19_king_pawn.toml",
    "20_opening.toml",
    "21_review_final.toml",
);

/// The gomoku course files as shipped.
pub const GOMOKU_FILES: &[(&str, &str)] = embed!("gomoku":
    "course.toml",
    "01_board.toml",
    "02_shapes.toml",
    "03_fours.toml",
    "04_review_shapes.toml",
    "05_four_three.toml",
    "06_defend.toml",
    "07_vcf.toml",
    "08_vct.toml",
    "09_review_attack.toml",
    "10_renju.toml",
    "11_opening.toml",
    "12_review_rules.toml",
);

/// Every shipped course, by name (its folder in `content/`), with its files.
pub const SHIPPED: &[(&str, &[(&str, &str)])] = &[
    ("xiangqi", XIANGQI_FILES),
    ("go", GO_FILES),
    ("chess", CHESS_FILES),
    ("gomoku", GOMOKU_FILES),
];

/// The shipped xiangqi course (象棋入门).
pub fn xiangqi_course() -> Result<Course, LoadError> {
    load_course(XIANGQI_FILES)
}

/// Every shipped course, in the order of [`SHIPPED`].
pub fn courses() -> Result<Vec<Course>, LoadError> {
    SHIPPED.iter().map(|(_, files)| load_course(files)).collect()
}

/// The shipped course of a game (any gomoku rule set finds the gomoku course, any Go
/// board the Go course); `Ok(None)` when the game has none yet.
pub fn course_for(kind: GameKind) -> Result<Option<Course>, LoadError> {
    let same = |a: GameKind| std::mem::discriminant(&a) == std::mem::discriminant(&kind);
    Ok(courses()?.into_iter().find(|c| same(c.game)))
}
