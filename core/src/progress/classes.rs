//! Classes: the teacher's side (class, roster, assignments, archive) and the
//! student's side (joining with a code).

use serde::{Deserialize, Serialize};

use super::codec::{class_key, decode, encode, profile_key};
use super::error::StoreError;
use super::ids::{ClassId, ClassKey, JoinCode, ProfileId};
use super::records::check_text;
use super::store::{ProgressStore, scan};
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
    /// The game the class studies, as a game key ("xiangqi"); empty if not said.
    #[serde(default)]
    pub game: String,
}

impl Class {
    /// What students type or scan to join.
    pub fn join_code(&self) -> JoinCode {
        JoinCode { class: self.id, key: self.key.clone() }
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
            };
            i.t.classes.insert(id.0.to_be_bytes(), encode(&class)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(class)
        })
    }

    pub fn class(&self, id: ClassId) -> Result<Class, StoreError> {
        self.with(|i, d| {
            let v = i.t.classes.get(id.0.to_be_bytes()).map_err(sled_err(d))?;
            decode("class", &v.ok_or(StoreError::NoSuchClass(id))?)
        })
    }

    /// The classes on this device, archived ones only if asked.
    pub fn classes(&self, include_archived: bool) -> Result<Vec<Class>, StoreError> {
        let mut all: Vec<Class> = self.with(|i, d| scan(&i.t.classes, &[], d, "class"))?;
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
            let trees =
                [&t.class_lessons, &t.class_puzzles, &t.class_games, &t.class_students, &t.roster];
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
    /// the report sequence number.
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
            };
            i.t.memberships.insert(key, encode(&m)?).map_err(sled_err(d))?;
            i.sync(d)?;
            Ok(m)
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
