//! Tournaments kept per class, so an event goes on after the app restarts. The store
//! keeps each event as the text [`Director::to_saved`] writes, under its class and
//! name, and hands back a [`Director`]; a damaged record is a typed error.

use crate::tournament::Director;

use super::error::StoreError;
use super::ids::ClassId;
use super::records::check_text;
use super::store::ProgressStore;

/// Largest saved event the store accepts (200 players over many rounds fit easily).
pub const MAX_EVENT_BYTES: usize = 512 * 1024;

fn event_key(class: ClassId, name: &str) -> Vec<u8> {
    let mut key = event_prefix(class);
    key.extend_from_slice(name.as_bytes());
    key
}

fn event_prefix(class: ClassId) -> Vec<u8> {
    let mut key = b"tournament:".to_vec();
    key.extend_from_slice(&class.0.to_be_bytes());
    key.push(b':');
    key
}

impl ProgressStore {
    /// Saves (or replaces) the class's event under its name; durable when this returns.
    pub fn save_event(&self, class: ClassId, director: &Director) -> Result<(), StoreError> {
        let name = director.event.name.trim();
        check_text("event name", name, false)?;
        self.class(class)?;
        let text = director.to_saved();
        if text.len() > MAX_EVENT_BYTES {
            return Err(StoreError::Invalid {
                field: "event",
                reason: format!("is {} bytes, at most {MAX_EVENT_BYTES} allowed", text.len()),
            });
        }
        let key = event_key(class, name);
        self.with(|i, d| {
            i.t.meta.insert(key, text.as_bytes()).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }

    /// The class's event of that name, ready to go on; `None` if there is none.
    pub fn event(&self, class: ClassId, name: &str) -> Result<Option<Director>, StoreError> {
        let key = event_key(class, name.trim());
        let bytes = self.with(|i, d| {
            let v = i.t.meta.get(key).map_err(|e| StoreError::from_sled(d, e))?;
            Ok(v.map(|v| v.to_vec()))
        })?;
        bytes
            .map(|b| {
                let text = String::from_utf8(b).map_err(|e| StoreError::BadRecord {
                    what: "tournament event",
                    detail: e.to_string(),
                })?;
                Director::from_saved(&text).map_err(|e| StoreError::BadRecord {
                    what: "tournament event",
                    detail: e.to_string(),
                })
            })
            .transpose()
    }

    /// The names of the class's saved events, in name order.
    pub fn events(&self, class: ClassId) -> Result<Vec<String>, StoreError> {
        let prefix = event_prefix(class);
        self.with(|i, d| {
            let mut names = Vec::new();
            for item in i.t.meta.scan_prefix(&prefix) {
                let (key, _) = item.map_err(|e| StoreError::from_sled(d, e))?;
                let name = String::from_utf8(key[prefix.len()..].to_vec()).map_err(|e| {
                    StoreError::BadRecord { what: "tournament event name", detail: e.to_string() }
                })?;
                names.push(name);
            }
            Ok(names)
        })
    }

    /// Forgets the class's event of that name (nothing happens if there is none).
    pub fn delete_event(&self, class: ClassId, name: &str) -> Result<(), StoreError> {
        let key = event_key(class, name.trim());
        self.with(|i, d| {
            i.t.meta.remove(key).map_err(|e| StoreError::from_sled(d, e))?;
            i.sync(d)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{NewClass, Timestamp};

    #[test]
    fn a_damaged_event_is_a_typed_error() {
        let dir = tempfile::tempdir().unwrap();
        let store = ProgressStore::open(dir.path()).unwrap();
        let new =
            NewClass { name: "一班".into(), teacher: String::new(), description: String::new() };
        let class = store.create_class(new, Timestamp(0)).unwrap().id;
        for bad in [&b"QIKE-EVENT 1\nsystem swiss 3\n001 garbage"[..], &[0xff, 0xfe][..]] {
            store
                .with(|i, d| {
                    i.t.meta
                        .insert(event_key(class, "坏"), bad)
                        .map_err(|e| StoreError::from_sled(d, e))?;
                    Ok(())
                })
                .unwrap();
            assert!(matches!(
                store.event(class, "坏"),
                Err(StoreError::BadRecord { what: "tournament event", .. })
            ));
        }
        assert_eq!(store.events(class).unwrap(), vec!["坏".to_string()]);
    }
}
