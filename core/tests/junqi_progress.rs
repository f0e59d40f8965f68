//! 四国军棋 in the progress store: game records and named setups survive closing and
//! reopening a real store, the card counts games and the best level beaten, bad values
//! are typed errors, and deleting a profile takes its 四国军棋 records along.

mod common;

use qike_core::Rng;
use qike_core::junqi::{ArmySetup, Rank, Seat, SetupError, Visibility};
use qike_core::progress::{
    JunqiCard, JunqiGameRecord, NewProfile, PlayerResult, ProfileId, ProgressStore, Role,
    StoreError, Timestamp,
};
use qike_core::session::junqi::{JunqiGame, JunqiTableConfig};

fn kid(store: &ProgressStore, name: &str) -> ProfileId {
    let new = NewProfile {
        display_name: name.into(),
        avatar: "panda".into(),
        language: "zh-CN".into(),
        role: Role::Student,
    };
    store.create_profile(new, Timestamp(1_000)).unwrap().id
}

fn record(id: u64, levels: [u8; 3], result: PlayerResult) -> JunqiGameRecord {
    let at = id as i64 * 100;
    common::junqi_record(id, levels.map(Some), result, 300, (Timestamp(at), Timestamp(at + 50)))
}

#[test]
fn games_and_setups_survive_reopening_the_store() {
    let tmp = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(tmp.path()).unwrap();
    let a = kid(&store, "小明");
    let b = kid(&store, "小红");
    // A game played through the session, recorded as the app records it.
    let config = JunqiTableConfig::against_computers(Seat::South, 2, Visibility::Hidden, 1);
    let mut game = JunqiGame::new(config, Timestamp(500)).unwrap();
    game.resign(Seat::South).unwrap();
    while game.play_computer_now().is_some() {}
    let played = game.record(ProgressStore::new_game_id().unwrap(), Timestamp(900));
    store.record_junqi_game(a, &played).unwrap();
    store.record_junqi_game(a, &record(3, [3, 2, 4], PlayerResult::Won)).unwrap();
    store.record_junqi_game(a, &record(4, [5, 1, 5], PlayerResult::Won)).unwrap();
    store.record_junqi_game(a, &record(5, [5, 5, 5], PlayerResult::Unfinished)).unwrap();
    store.record_junqi_game(b, &record(6, [1, 1, 1], PlayerResult::Drew)).unwrap();
    let mut rng = Rng::new(4);
    let first = ArmySetup::random(&mut rng);
    let second = ArmySetup::random(&mut rng);
    store.save_junqi_setup(a, "进攻", &first).unwrap();
    store.save_junqi_setup(a, "防守", &second).unwrap();
    store.close().unwrap();

    let store = ProgressStore::open(tmp.path()).unwrap();
    let games = store.junqi_games(a).unwrap();
    assert_eq!(games.len(), 4);
    let order: Vec<u64> = games.iter().map(|g| g.id).collect();
    assert_eq!(order, [3, 4, 5, played.id], "oldest first");
    assert_eq!(games[3], played);
    assert_eq!(store.junqi_games(b).unwrap().len(), 1);
    let card = store.junqi_card(a).unwrap();
    let lost = usize::from(played.result == PlayerResult::Lost);
    assert_eq!(
        card,
        JunqiCard {
            played: 3,
            won: 2 + usize::from(played.result == PlayerResult::Won),
            drawn: usize::from(played.result == PlayerResult::Drew),
            lost,
            // Game 3 beat levels 3 (east) and 4 (west): 3; game 4 beat 5 and 5: 5.
            best_level_beaten: Some(5),
            last_played: Some(Timestamp(900)),
        }
    );
    let setups = store.junqi_setups(a).unwrap();
    assert_eq!(setups.len(), 2);
    assert!(setups.contains(&("进攻".to_owned(), first.clone())));
    assert_eq!(store.last_junqi_setup(a).unwrap(), Some(("防守".to_owned(), second.clone())));
    // Saving again makes it the last one; replacing keeps one per name.
    store.save_junqi_setup(a, "进攻", &first).unwrap();
    assert_eq!(store.last_junqi_setup(a).unwrap().unwrap().0, "进攻");
    assert_eq!(store.junqi_setups(a).unwrap().len(), 2);
    assert!(store.delete_junqi_setup(a, "防守").unwrap());
    assert!(!store.delete_junqi_setup(a, "防守").unwrap());
    assert_eq!(store.junqi_setups(b).unwrap(), vec![]);
    assert_eq!(store.last_junqi_setup(b).unwrap(), None);
    store.close().unwrap();

    let store = ProgressStore::open(tmp.path()).unwrap();
    assert_eq!(store.junqi_setups(a).unwrap(), vec![("进攻".to_owned(), first)]);
    store.delete_profile(a).unwrap();
    assert!(store.junqi_games(a).unwrap().is_empty());
    assert!(store.junqi_setups(a).unwrap().is_empty());
    assert_eq!(store.junqi_games(b).unwrap().len(), 1);
    store.close().unwrap();
}

#[test]
fn bad_records_and_setups_are_refused_with_the_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let store = ProgressStore::open(tmp.path()).unwrap();
    let a = kid(&store, "小明");
    let good = record(1, [1, 2, 3], PlayerResult::Won);
    store.record_junqi_game(a, &good).unwrap();
    assert!(matches!(
        store.record_junqi_game(a, &good),
        Err(StoreError::Invalid { field: "game id", .. })
    ));
    let mut level = record(2, [1, 9, 3], PlayerResult::Lost);
    assert!(matches!(store.record_junqi_game(a, &level), Err(StoreError::Invalid { .. })));
    level.seats[2] = Some(3);
    level.outcome = None;
    assert!(matches!(
        store.record_junqi_game(a, &level),
        Err(StoreError::Invalid { field: "result", .. })
    ));
    let mut child = record(3, [1, 2, 3], PlayerResult::Won);
    child.child_seat = Seat::East;
    assert!(store.record_junqi_game(a, &child).is_err());
    let stranger = ProfileId::random().unwrap();
    assert!(matches!(
        store.record_junqi_game(stranger, &record(4, [1, 1, 1], PlayerResult::Won)),
        Err(StoreError::NoSuchProfile(_))
    ));

    // A bomb on the first line: refused, with the station named.
    let mut setup = ArmySetup::random(&mut Rng::new(2));
    let bomb = setup.pieces().find(|p| p.2 == Rank::Bomb).unwrap();
    let front = setup.get(1, 3);
    setup.set(1, 3, Some(Rank::Bomb));
    setup.set(bomb.0, bomb.1, front);
    match store.save_junqi_setup(a, "错", &setup) {
        Err(StoreError::JunqiSetup(e @ SetupError::BombOnFrontLine { .. })) => {
            assert!(e.text().zh.contains("炸弹不能放在第一行"));
        }
        other => panic!("{other:?}"),
    }
    // An incomplete setup is refused too.
    assert!(matches!(
        store.save_junqi_setup(a, "空", &ArmySetup::empty()),
        Err(StoreError::JunqiSetup(SetupError::WrongCount { .. }))
    ));
    assert!(matches!(
        store.save_junqi_setup(a, " ", &ArmySetup::random(&mut Rng::new(1))),
        Err(StoreError::Invalid { .. })
    ));
    assert!(store.junqi_setups(a).unwrap().is_empty());
}
