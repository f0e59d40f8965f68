//! Classes: the teacher's side (class, roster, assignments, archive) and the
//! student's side (joining with a code).

use serde::{Deserialize, Serialize};

use super::codec::{class_key, decode, encode, profile_key};
use super::error::StoreError;
use super::ids::{ClassId, ClassKey, JoinCode, ProfileId};
use super::records::check_text;
use super::store::{ProgressStore, scan};
use super::teacher_key::{TeacherKeyPin, TeacherPublicKey};
use crate::game::{GameKind, GomokuRule};
use crate::time::Timestamp;

/// Most lessons and puzzles one assignment may list.
pub const MAX_ASSIGNMENT_ITEMS: usize = 200;

/// A class on the teacher's device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    pub id: ClassId,
    pub name: String,
    pub teacher: String,
    #[serde(default)]
    pub description: String,
    pub key: ClassKey,
    pub created: Timestamp,
    #[serde(default)]
    pub archived: Option<Timestamp>,
    /// The school grade, as the teacher writes it ("三年级", "Year 3").
    #[serde(default)]
    pub grade: String,
    /// The games the class follows, as game keys joined by commas ("xiangqi",
    /// "chess,go"); empty if not said. Read it with [`Class::games`].
    #[serde(default)]
    pub game: String,
    /// The public half of the teacher's key that signs the class's files; filled in
    /// from the store's key when read (classes made by older apps recorded none).
    #[serde(default)]
    pub teacher_key: Option<TeacherPublicKey>,
}

/// The games a class can follow, with the key a class record stores for each and the
/// board its lessons are on.
pub const CLASS_GAMES: [(&str, GameKind); 4] = [
    ("xiangqi", GameKind::Xiangqi),
    ("chess", GameKind::Chess),
    ("go", GameKind::Go { size: 9 }),
    ("gomoku", GameKind::Gomoku { rule: GomokuRule::Renju }),
];

/// The key a class record stores for a game (any board size or rule set).
pub fn class_game_key(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Xiangqi => "xiangqi",
        GameKind::Chess => "chess",
        GameKind::Go { .. } => "go",
        GameKind::Gomoku { .. } => "gomoku",
    }
}

/// The games named by a class record's game field. Keys may carry a board size or a
/// rule ("go9", "gomoku-renju", as older records and ratings write them); unknown keys
/// are skipped. A class that names no game it knows follows every game, so nothing is
/// hidden from a class made before classes said their games.
pub fn class_games(field: &str) -> Vec<GameKind> {
    let mut out: Vec<GameKind> = Vec::new();
    for key in field.split(',').map(str::trim) {
        // "gomoku" before "go": the longer key wins.
        let found = ["gomoku", "xiangqi", "chess", "go"]
            .into_iter()
            .find(|k| key.starts_with(k))
            .and_then(|k| CLASS_GAMES.iter().find(|(name, _)| *name == k));
        if let Some(&(_, kind)) = found
            && !out.contains(&kind)
        {
            out.push(kind);
        }
    }
    if out.is_empty() {
        return CLASS_GAMES.iter().map(|&(_, k)| k).collect();
    }
    // In the order of [`CLASS_GAMES`], so every screen lists them alike.
    out.sort_by_key(|k| CLASS_GAMES.iter().position(|(_, c)| c == k));
    out
}

impl Class {
    /// What students type or scan to join: with the teacher's key when the class
    /// knows it (always, as the store reads it once a class was made or a class file
    /// signed), else an older code.
    pub fn join_code(&self) -> JoinCode {
        JoinCode {
            class: self.id,
            key: self.key.clone(),
            teacher: self.teacher_key.map(TeacherKeyPin::Key),
        }
    }

    /// The games the class follows (every game if the record names none).
    pub fn games(&self) -> Vec<GameKind> {
        class_games(&self.game)
    }

    /// Whether the class follows `kind`'s game (any board size or rule set).
    pub fn follows(&self, kind: GameKind) -> bool {
        let key = class_game_key(kind);
        self.games().iter().any(|&k| class_game_key(k) == key)
    }
}

/// What the teacher fills in to create a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewClass {
    pub name: String,
    pub teacher: String,
    pub description: String,
}

/// A student in a teacher's class. Created when the student's first report arrives
/// (or by the teacher); the real name and notes are the teacher's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterEntry {
    pub student: ProfileId,
    /// The name the child chose in the app, from their latest report.
    pub display_name: String,
    #[serde(default)]
    pub real_name: String,
    #[serde(default)]
    pub notes: String,
    pub added: Timestamp,
}

impl RosterEntry {
    /// The name to show a teacher: the real name if they entered one.
    pub fn shown_name(&self) -> &str {
        if self.real_name.is_empty() { &self.display_name } else { &self.real_name }
    }
}

/// One thing to do in an assignment.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AssignmentItem {
    Lesson(String),
    Puzzle(String),
}

/// Homework: lessons and puzzles due by a date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    pub id: u64,
    pub class: ClassId,
    pub title: String,
    pub items: Vec<AssignmentItem>,
    pub due: Timestamp,
    pub created: Timestamp,
}

/// A class a student profile has joined (student's device).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Membership {
    pub profile: ProfileId,
    pub class: ClassId,
    pub key: ClassKey,
    /// The class name if the QR code or the teacher told it; for display only.
    #[serde(default)]
    pub class_name: String,
    pub joined: Timestamp,
    /// The sequence number of the last report exported for this class.
    #[serde(default)]
    pub last_seq: u64,
    /// The teacher's key (or its fingerprint) from the join code; `None` when the
    /// class was joined with an older code. Once pinned, only class files that key
    /// signed are taken.
    #[serde(default)]
    pub teacher: Option<TeacherKeyPin>,
}

impl Membership {
    /// The join code this membership was made from (with the whole teacher key once a
    /// class file brought it): what class sync needs to reach and check the teacher.
    pub fn join_code(&self) -> JoinCode {
        JoinCode { class: self.class, key: self.key.clone(), teacher: self.teacher }
    }
}

fn sled_err(d: &std::path::Path) -> impl Fn(sled::Error) -> StoreError + '_ {
    move |e| StoreError::from_sled(d, e)
}

impl ProgressStore {
    /// Creates a class with a fresh id and key.
    pub fn create_class(&self, new: NewClass, now: Timestamp) -> Result<Class, StoreError> {
        check_text("class name", &new.name, false)?;
        check_text("teacher", &new.teacher, true)?;
        check_text("description", &new.description, true)?;
        let key = ClassKey::random().map_err(StoreError::from_io)?;
        let teacher_key = Some(self.teacher_key()?.public());
        self.with(|i, d| {
            // Ids are random; retry on the rare clash with a class already here.
            let mut id = ClassId::random().map_err(StoreError::from_io)?;
            while i.t.classes.contains_key(id.0.to_be_bytes()).map_err(sled_err(d))? {
                id = ClassId::random().map_err(StoreError::from_io)?;
            }
            let class = Class {
                id,
                name: new.name,
                teacher: new.teacher,
                description: new.description,
                key,
                created: now,
                archived: None,
                grade: String::new(),
                game: String::new(),
                teacher_key,
            };
            i.t.classes.insert(id.0.to_be_bytes(), encode(&class)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(class)
        })
    }

    pub fn class(&self, id: ClassId) -> Result<Class, StoreError> {
        let mut class: Class = self.with(|i, d| {
            let v = i.t.classes.get(id.0.to_be_bytes()).map_err(sled_err(d))?;
            decode("class", &v.ok_or(StoreError::NoSuchClass(id))?)
        })?;
        if class.teacher_key.is_none() {
            class.teacher_key = self.stored_teacher_key()?.map(|k| k.public());
        }
        Ok(class)
    }

    /// The classes on this device, archived ones only if asked.
    pub fn classes(&self, include_archived: bool) -> Result<Vec<Class>, StoreError> {
        let mut all: Vec<Class> = self.with(|i, d| scan(&i.t.classes, &[], d, "class"))?;
        if all.iter().any(|c| c.teacher_key.is_none()) {
            let key = self.stored_teacher_key()?.map(|k| k.public());
            for c in all.iter_mut().filter(|c| c.teacher_key.is_none()) {
                c.teacher_key = key;
            }
        }
        all.retain(|c| include_archived || c.archived.is_none());
        all.sort_by_key(|c| (c.created, c.id));
        Ok(all)
    }

    /// Archives a class: it stays readable but takes no more reports or changes.
    pub fn archive_class(&self, id: ClassId, now: Timestamp) -> Result<(), StoreError> {
        let mut class = self.class(id)?;
        if class.archived.is_some() {
            return Ok(());
        }
        class.archived = Some(now);
        self.with(|i, d| {
            i.t.classes.insert(id.0.to_be_bytes(), encode(&class)?).map_err(sled_err(d))?;
            i.sync(d)
        })
    }

    /// Renames a class and sets its grade and game.
    pub fn update_class(
        &self,
        id: ClassId,
        name: &str,
        grade: &str,
        game: &str,
    ) -> Result<Class, StoreError> {
        check_text("class name", name, false)?;
        check_text("grade", grade, true)?;
        check_text("game", game, true)?;
        let mut class = self.open_class(id)?;
        class.name = name.to_owned();
        class.grade = grade.to_owned();
        class.game = game.to_owned();
        self.with(|i, d| {
            i.t.classes.insert(id.0.to_be_bytes(), encode(&class)?).map_err(sled_err(d))?;
            i.sync(d)
        })?;
        Ok(class)
    }

    /// Sets the games a class follows (one or more).
    pub fn set_class_games(&self, id: ClassId, games: &[GameKind]) -> Result<Class, StoreError> {
        if games.is_empty() {
            return Err(StoreError::Invalid {
                field: "class games",
                reason: "no game; a class follows at least one".into(),
            });
        }
        let mut keys: Vec<&str> = Vec::new();
        for &(key, _) in &CLASS_GAMES {
            if games.iter().any(|&g| class_game_key(g) == key) {
                keys.push(key);
            }
        }
        let class = self.open_class(id)?;
        self.update_class(id, &class.name, &class.grade, &keys.join(","))
    }

    fn open_class(&self, id: ClassId) -> Result<Class, StoreError> {
        let class = self.class(id)?;
        if class.archived.is_some() {
            return Err(StoreError::Archived(id));
        }
        Ok(class)
    }

    /// The students of a class, by the name the teacher sees.
    pub fn roster(&self, class: ClassId) -> Result<Vec<RosterEntry>, StoreError> {
        self.class(class)?;
        let mut all: Vec<RosterEntry> =
            self.with(|i, d| scan(&i.t.roster, &class.0.to_be_bytes(), d, "roster entry"))?;
        all.sort_by(|a, b| a.shown_name().cmp(b.shown_name()).then(a.student.cmp(&b.student)));
        Ok(all)
    }

    pub fn roster_entry(
        &self,
        class: ClassId,
        student: ProfileId,
    ) -> Result<RosterEntry, StoreError> {
        self.with(|i, d| {
            let v = i.t.roster.get(class_key(class, &student.to_bytes())).map_err(sled_err(d))?;
            decode("roster entry", &v.ok_or(StoreError::NoSuchStudent { class, student })?)
        })
    }

    /// Sets the teacher's real name and notes for a student.
    pub fn set_student_details(
        &self,
        class: ClassId,
        student: ProfileId,
        real_name: &str,
        notes: &str,
    ) -> Result<(), StoreError> {
        check_text("real name", real_name, true)?;
        if notes.len() > 4096 {
            return Err(StoreError::Invalid {
                field: "notes",
                reason: "longer than 4096 bytes".into(),
            });
        }
        self.open_class(class)?;
        let mut e = self.roster_entry(class, student)?;
        e.real_name = real_name.to_owned();
        e.notes = notes.to_owned();
        self.with(|i, d| {
            i.t.roster
                .insert(class_key(class, &student.to_bytes()), encode(&e)?)
                .map_err(sled_err(d))?;
            i.sync(d)
        })
    }

    /// Adds a student by hand before any report (e.g. to type in real names first).
    pub fn add_student(
        &self,
        class: ClassId,
        student: ProfileId,
        display_name: &str,
        now: Timestamp,
    ) -> Result<RosterEntry, StoreError> {
        check_text("display name", display_name, false)?;
        self.open_class(class)?;
        let e = RosterEntry {
            student,
            display_name: display_name.to_owned(),
            real_name: String::new(),
            notes: String::new(),
            added: now,
        };
        self.with(|i, d| {
            let key = class_key(class, &student.to_bytes());
            if let Some(old) = i.t.roster.get(&key).map_err(sled_err(d))? {
                return decode("roster entry", &old);
            }
            i.t.roster.insert(key, encode(&e)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(e)
        })
    }

    /// Removes a student and the data their reports brought.
    pub fn remove_student(&self, class: ClassId, student: ProfileId) -> Result<(), StoreError> {
        self.open_class(class)?;
        self.with(|i, d| {
            let prefix = class_key(class, &student.to_bytes());
            let t = &i.t;
            let trees = [
                &t.class_lessons,
                &t.class_puzzles,
                &t.class_games,
                &t.class_junqi_games,
                &t.class_students,
                &t.roster,
            ];
            super::store::remove_prefix_atomically(&trees, &prefix, d)?;
            i.sync(d)
        })
    }

    /// Adds homework to a class.
    pub fn add_assignment(
        &self,
        class: ClassId,
        title: &str,
        items: Vec<AssignmentItem>,
        due: Timestamp,
        now: Timestamp,
    ) -> Result<Assignment, StoreError> {
        check_text("assignment title", title, false)?;
        if items.is_empty() || items.len() > MAX_ASSIGNMENT_ITEMS {
            return Err(StoreError::Invalid {
                field: "assignment items",
                reason: format!("{} items; 1 to {MAX_ASSIGNMENT_ITEMS} allowed", items.len()),
            });
        }
        for item in &items {
            let (AssignmentItem::Lesson(id) | AssignmentItem::Puzzle(id)) = item;
            check_text("assignment item", id, false)?;
        }
        self.open_class(class)?;
        let id = ProgressStore::new_game_id()?;
        let a = Assignment { id, class, title: title.to_owned(), items, due, created: now };
        self.with(|i, d| {
            i.t.assignments
                .insert(class_key(class, &id.to_be_bytes()), encode(&a)?)
                .map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(a)
        })
    }

    /// A class's assignments, earliest due first.
    pub fn assignments(&self, class: ClassId) -> Result<Vec<Assignment>, StoreError> {
        let mut all: Vec<Assignment> =
            self.with(|i, d| scan(&i.t.assignments, &class.0.to_be_bytes(), d, "assignment"))?;
        all.sort_by_key(|a| (a.due, a.id));
        Ok(all)
    }

    pub fn assignment(&self, class: ClassId, id: u64) -> Result<Assignment, StoreError> {
        self.with(|i, d| {
            let v =
                i.t.assignments.get(class_key(class, &id.to_be_bytes())).map_err(sled_err(d))?;
            decode("assignment", &v.ok_or(StoreError::NoSuchAssignment { class, assignment: id })?)
        })
    }

    pub fn remove_assignment(&self, class: ClassId, id: u64) -> Result<(), StoreError> {
        self.open_class(class)?;
        self.with(|i, d| {
            i.t.assignments.remove(class_key(class, &id.to_be_bytes())).map_err(sled_err(d))?;
            i.sync(d)
        })
    }

    // ---- student side ----

    /// Joins a class with a typed code or a scanned QR payload. Joining again keeps
    /// the report sequence number. A code with the teacher's key pins it (replacing an
    /// earlier pin: the teacher gave a new code); an older code joined again keeps the
    /// pin there is, so an older code cannot undo it.
    pub fn join_class(
        &self,
        profile: ProfileId,
        code: &str,
        class_name: &str,
        now: Timestamp,
    ) -> Result<Membership, StoreError> {
        let code = JoinCode::parse_any(code)?;
        check_text("class name", class_name, true)?;
        self.profile(profile)?;
        let key = profile_key(profile, &code.class.0.to_be_bytes());
        self.with(|i, d| {
            let old: Option<Membership> =
                i.t.memberships
                    .get(&key)
                    .map_err(sled_err(d))?
                    .map(|v| decode("membership", &v))
                    .transpose()?;
            let m = Membership {
                profile,
                class: code.class,
                key: code.key,
                class_name: class_name.to_owned(),
                joined: old.as_ref().map_or(now, |o| o.joined),
                last_seq: old.as_ref().map_or(0, |o| o.last_seq),
                teacher: match (code.teacher, old.as_ref().and_then(|o| o.teacher)) {
                    // The same teacher typed again: keep the whole key already learnt.
                    (Some(new), Some(TeacherKeyPin::Key(k))) if new.admits(&k) => {
                        Some(TeacherKeyPin::Key(k))
                    }
                    (Some(new), _) => Some(new),
                    (None, kept) => kept,
                },
            };
            i.t.memberships.insert(key, encode(&m)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(m)
        })
    }

    /// Replaces a fingerprint pin with the whole key that a class file matching it
    /// brought.
    pub(crate) fn pin_teacher_key(
        &self,
        profile: ProfileId,
        class: ClassId,
        key: TeacherPublicKey,
    ) -> Result<(), StoreError> {
        let k = profile_key(profile, &class.0.to_be_bytes());
        self.with(|i, d| {
            let Some(v) = i.t.memberships.get(&k).map_err(sled_err(d))? else { return Ok(()) };
            let mut m: Membership = decode("membership", &v)?;
            if m.teacher.is_some_and(|p| p.admits(&key)) {
                m.teacher = Some(TeacherKeyPin::Key(key));
                i.t.memberships.insert(k, encode(&m)?).map_err(sled_err(d))?;
                i.sync(d)?;
            }
            Ok(())
        })
    }

    /// The classes a profile has joined.
    pub fn memberships(&self, profile: ProfileId) -> Result<Vec<Membership>, StoreError> {
        self.with(|i, d| scan(&i.t.memberships, &profile.to_bytes(), d, "membership"))
    }

    pub fn leave_class(&self, profile: ProfileId, class: ClassId) -> Result<(), StoreError> {
        self.with(|i, d| {
            i.t.memberships
                .remove(profile_key(profile, &class.0.to_be_bytes()))
                .map_err(sled_err(d))?;
            i.sync(d)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any_class(game: &str) -> Class {
        Class {
            id: ClassId(7),
            name: "班".into(),
            teacher: String::new(),
            description: String::new(),
            key: ClassKey::random().unwrap(),
            created: Timestamp(0),
            archived: None,
            grade: String::new(),
            game: game.into(),
            teacher_key: None,
        }
    }

    #[test]
    fn a_class_follows_the_games_its_record_names() {
        assert_eq!(any_class("chess").games(), vec![GameKind::Chess]);
        assert_eq!(any_class("go,chess").games(), vec![GameKind::Chess, GameKind::Go { size: 9 }]);
        assert_eq!(any_class("go9").games(), vec![GameKind::Go { size: 9 }]);
        assert_eq!(any_class("gomoku-renju").games(), vec![CLASS_GAMES[3].1]);
        assert!(any_class("gomoku").follows(GameKind::Gomoku { rule: GomokuRule::Freestyle }));
        assert!(!any_class("gomoku").follows(GameKind::Go { size: 19 }));
        // Not said, or only games this version does not know: every game.
        let all: Vec<GameKind> = CLASS_GAMES.iter().map(|g| g.1).collect();
        assert_eq!(any_class("").games(), all);
        assert_eq!(any_class("junqi").games(), all);
    }

    #[test]
    fn a_class_record_without_games_still_loads_and_games_can_be_set() {
        let dir = tempfile::tempdir().unwrap();
        let s = ProgressStore::open(dir.path()).unwrap();
        let new =
            NewClass {
                name: "围棋班".into(), teacher: String::new(), description: String::new()
            };
        let c = s.create_class(new, Timestamp(0)).unwrap();
        // A record as older versions wrote it: no grade, no game.
        let mut old: serde_json::Value = serde_json::to_value(&c).unwrap();
        let map = old.as_object_mut().unwrap();
        map.remove("game");
        map.remove("grade");
        let back: Class = serde_json::from_value(old).unwrap();
        assert_eq!(back.games().len(), CLASS_GAMES.len());

        let set = s.set_class_games(c.id, &[GameKind::Go { size: 13 }, GameKind::Chess]).unwrap();
        assert_eq!(set.game, "chess,go");
        assert_eq!(s.class(c.id).unwrap().games(), vec![GameKind::Chess, GameKind::Go { size: 9 }]);
        assert!(matches!(s.set_class_games(c.id, &[]), Err(StoreError::Invalid { .. })));
    }
}
