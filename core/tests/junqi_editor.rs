//! The 布阵 editor: each kind of illegal placement is refused with its reason (and
//! nothing changes), the tray keeps count, tap-tap and drag reduce to the same edits,
//! and a complete legal setup is accepted by the game.

use qike_core::junqi::{ArmySetup, PIECES_PER_SEAT, Rank, Seat, SetupError, Station, Visibility};
use qike_core::progress::Timestamp;
use qike_core::session::junqi::{
    EditRefusal, EditSelection, EditTap, JunqiGame, JunqiTableConfig, SetupEditor,
};

fn tray_total(editor: &SetupEditor) -> usize {
    editor.tray().iter().map(|t| t.1).sum()
}

#[test]
fn each_illegal_placement_is_refused_with_its_reason() {
    let mut editor = SetupEditor::empty(Seat::East);
    assert_eq!(tray_total(&editor), PIECES_PER_SEAT);
    let camp = Station::army(Seat::East, 2, 2).unwrap();
    let refused = editor.place(Rank::Marshal, 2, 2).unwrap_err();
    assert_eq!(
        refused,
        EditRefusal::Rule(SetupError::PieceInCamp { station: camp, rank: Rank::Marshal })
    );
    assert!(refused.text().zh.contains("行营"), "{}", refused.text().zh);
    let refused = editor.place(Rank::Flag, 6, 1).unwrap_err();
    assert!(matches!(refused, EditRefusal::Rule(SetupError::FlagOutsideHeadquarters { .. })));
    assert!(refused.text().zh.contains("大本营"));
    let refused = editor.place(Rank::Mine, 4, 1).unwrap_err();
    assert!(matches!(refused, EditRefusal::Rule(SetupError::MineTooFarForward { .. })));
    assert!(refused.text().zh.contains("地雷"));
    let refused = editor.place(Rank::Bomb, 1, 5).unwrap_err();
    assert!(matches!(refused, EditRefusal::Rule(SetupError::BombOnFrontLine { .. })));
    assert!(refused.text().en.contains("bomb"));
    assert_eq!(editor.place(Rank::Flag, 7, 1), Err(EditRefusal::OffBoard { line: 7, column: 1 }));
    assert_eq!(editor.take(3, 1), Err(EditRefusal::Empty { line: 3, column: 1 }));
    // Nothing changed.
    assert_eq!(tray_total(&editor), PIECES_PER_SEAT);
    assert_eq!(editor.setup(), ArmySetup::empty());

    // A flag placed, then the one flag is gone from the tray.
    editor.place(Rank::Flag, 6, 2).unwrap();
    assert_eq!(editor.place(Rank::Flag, 6, 4), Err(EditRefusal::NotInTray(Rank::Flag)));
    // Swaps that would move a piece where it may not stand are refused too.
    editor.place(Rank::Bomb, 2, 1).unwrap();
    editor.place(Rank::Mine, 5, 1).unwrap();
    assert!(matches!(
        editor.swap((2, 1), (1, 1)),
        Err(EditRefusal::Rule(SetupError::BombOnFrontLine { .. }))
    ));
    assert!(matches!(
        editor.swap((5, 1), (2, 1)),
        Err(EditRefusal::Rule(SetupError::MineTooFarForward { .. }))
    ));
    assert!(matches!(
        editor.swap((6, 2), (6, 1)),
        Err(EditRefusal::Rule(SetupError::FlagOutsideHeadquarters { .. }))
    ));
    assert!(matches!(
        editor.swap((2, 1), (3, 3)),
        Err(EditRefusal::Rule(SetupError::PieceInCamp { .. }))
    ));
    assert_eq!(editor.get(2, 1), Some(Rank::Bomb));
    assert_eq!(editor.allowed(Rank::Flag), vec![(6, 2), (6, 4)]);
    assert!(editor.allowed(Rank::Bomb).iter().all(|&(l, _)| l > 1));
}

#[test]
fn tap_tap_and_the_tray_build_a_complete_legal_setup() {
    let mut editor = SetupEditor::empty(Seat::South);
    assert!(!editor.is_complete());
    assert!(matches!(editor.validate(), Err(SetupError::WrongCount { .. })));
    // Fill it from a random legal setup through the tray and taps.
    let target = SetupEditor::random(Seat::South, 17).setup();
    for (line, column, rank) in target.pieces() {
        assert!(editor.select_tray(rank));
        assert_eq!(editor.selected(), Some(EditSelection::Tray(rank)));
        assert_eq!(editor.tap(line, column), EditTap::Placed(rank));
    }
    assert!(editor.is_complete());
    assert_eq!(editor.tray(), vec![]);
    assert_eq!(editor.setup(), target);
    editor.validate().unwrap();
    assert!(!editor.select_tray(Rank::Marshal));

    // Tap-tap: pick up, put down again, and swap.
    let (a, b) = ((1, 1), (4, 5));
    let (ra, rb) = (editor.get(1, 1), editor.get(4, 5));
    assert_eq!(editor.tap(a.0, a.1), EditTap::Selected);
    assert_eq!(editor.tap(a.0, a.1), EditTap::Deselected);
    assert_eq!(editor.tap(a.0, a.1), EditTap::Selected);
    let second = editor.tap(b.0, b.1);
    if ra == Some(Rank::Mine) || rb == Some(Rank::Bomb) {
        assert!(matches!(second, EditTap::Refused(_)));
        // A refused tap keeps the piece picked up for the next tap.
        assert_eq!(editor.selected(), Some(EditSelection::Station { line: 1, column: 1 }));
        editor.deselect();
    } else {
        assert_eq!(second, EditTap::Swapped);
        assert_eq!((editor.get(1, 1), editor.get(4, 5)), (rb, ra));
    }
    assert_eq!(editor.selected(), None);
    // An empty camp tapped with nothing picked up does nothing.
    assert_eq!(editor.tap(3, 3), EditTap::Ignored);

    // Taking a piece back puts it in the tray; placing it on an occupied station sends
    // that one to the tray.
    let taken = editor.take(2, 3).unwrap();
    assert_eq!(editor.tray(), vec![(taken, 1)]);
    let before = editor.get(2, 1).unwrap();
    if taken != Rank::Mine && taken != Rank::Flag {
        editor.place(taken, 2, 1).unwrap();
        assert_eq!(editor.tray(), vec![(before, 1)]);
        assert!(before == Rank::Flag || before == Rank::Mine || editor.place(before, 2, 3).is_ok());
    }

    // The finished setup plays.
    let mut done = SetupEditor::random(Seat::South, 5);
    done.randomize(6);
    assert!(done.is_complete());
    let mut config = JunqiTableConfig::against_computers(Seat::South, 1, Visibility::Hidden, 2);
    config.setups[0] = Some(done.setup());
    let game = JunqiGame::new(config, Timestamp(0)).unwrap();
    assert_eq!(game.table_setup().armies[0], done.setup());

    // An editor opened on a saved setup has the same pieces and an empty tray.
    let reopened = SetupEditor::from_setup(Seat::South, &done.setup()).unwrap();
    assert!(reopened.is_complete());
    assert_eq!(reopened.setup(), done.setup());
    let mut wrong = ArmySetup::empty();
    wrong.set(1, 1, Some(Rank::Bomb));
    assert!(SetupEditor::from_setup(Seat::South, &wrong).is_err());
}
