//! Tournaments kept in the progress store per class: saved mid-round, listed, read back
//! after the store is closed and opened again, and carried on; other classes do not see
//! them; unknown classes, empty names and damaged records are typed errors.

use qike_core::progress::{ClassId, NewClass, ProgressStore, StoreError, Timestamp};
use qike_core::tournament::{Director, GameResult, Scoring, System};

fn class(store: &ProgressStore, name: &str) -> ClassId {
    store
        .create_class(
            NewClass { name: name.into(), teacher: "王老师".into(), description: String::new() },
            Timestamp(0),
        )
        .unwrap()
        .id
}

fn names(n: usize) -> Vec<(String, u16)> {
    (1..=n).map(|i| (format!("棋手{i}"), 1000 + i as u16)).collect()
}

#[test]
fn events_are_kept_per_class_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(dir.path()).unwrap();
    let (a, b) = (class(&store, "一班"), class(&store, "二班"));
    let mut swiss =
        Director::new("春季积分赛", Scoring::CLASSIC, System::Swiss { rounds: 4 }, &names(9))
            .unwrap();
    let round = swiss.pair_next().unwrap();
    swiss.set_result(round, 0, GameResult::FirstWins).unwrap();
    store.save_event(a, &swiss).unwrap();
    let knockout =
        Director::new("淘汰赛", Scoring::CLASSIC, System::DoubleElimination, &names(6)).unwrap();
    store.save_event(a, &knockout).unwrap();
    assert_eq!(store.events(a).unwrap(), vec!["春季积分赛".to_string(), "淘汰赛".to_string()]);
    assert!(store.events(b).unwrap().is_empty());
    assert!(store.event(b, "春季积分赛").unwrap().is_none());
    store.close().unwrap();
    drop(store);

    let store = ProgressStore::open(dir.path()).unwrap();
    let mut back = store.event(a, "春季积分赛").unwrap().expect("saved event");
    assert_eq!(back.event, swiss.event);
    assert_eq!(back.tables(1), swiss.tables(1));
    // Carry on from the copy: finish round 1 and pair round 2 as the original would.
    for d in [&mut back, &mut swiss] {
        for t in 1..d.tables(1).len() {
            if d.tables(1)[t].second.is_some() {
                d.set_result(1, t, GameResult::Draw).unwrap();
            }
        }
        d.pair_next().unwrap();
    }
    assert_eq!(back.tables(2), swiss.tables(2));
    store.save_event(a, &back).unwrap();
    assert_eq!(store.event(a, "春季积分赛").unwrap().unwrap().rounds(), 2);
    store.delete_event(a, "淘汰赛").unwrap();
    assert_eq!(store.events(a).unwrap().len(), 1);

    // Typed errors.
    assert!(matches!(store.save_event(ClassId(999), &swiss), Err(StoreError::NoSuchClass(_))));
    let mut unnamed = swiss.clone();
    unnamed.event.name = "  ".into();
    assert!(matches!(store.save_event(a, &unnamed), Err(StoreError::Invalid { .. })));
}
