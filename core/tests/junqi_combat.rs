//! Every attacker against every defender, checked against a table written out here.

use qike_core::junqi::{Battle, Rank, battle};

/// Rows: attackers, columns: defenders, both in the order
/// 司 军 师 旅 团 营 连 排 工 炸 雷 旗.
/// `W` attacker wins, `L` defender wins, `B` both removed, `F` flag captured,
/// `-` the attacker never moves.
const TABLE: [&str; 12] = [
    "BWWWWWWWWBLF", // 司令
    "LBWWWWWWWBLF", // 军长
    "LLBWWWWWWBLF", // 师长
    "LLLBWWWWWBLF", // 旅长
    "LLLLBWWWWBLF", // 团长
    "LLLLLBWWWBLF", // 营长
    "LLLLLLBWWBLF", // 连长
    "LLLLLLLBWBLF", // 排长
    "LLLLLLLLBBWF", // 工兵
    "BBBBBBBBBBBF", // 炸弹
    "------------", // 地雷
    "------------", // 军旗
];

#[test]
fn every_pair_matches_the_table() {
    let order = [
        Rank::Marshal,
        Rank::General,
        Rank::Division,
        Rank::Brigade,
        Rank::Regiment,
        Rank::Battalion,
        Rank::Company,
        Rank::Platoon,
        Rank::Engineer,
        Rank::Bomb,
        Rank::Mine,
        Rank::Flag,
    ];
    for (i, &a) in order.iter().enumerate() {
        for (j, &d) in order.iter().enumerate() {
            let expected = match TABLE[i].as_bytes()[j] {
                b'W' => Some(Battle::AttackerWins),
                b'L' => Some(Battle::DefenderWins),
                b'B' => Some(Battle::BothRemoved),
                b'F' => Some(Battle::FlagCaptured),
                _ => None,
            };
            assert_eq!(battle(a, d), expected, "{a} attacks {d}");
        }
    }
}

#[test]
fn who_survives() {
    assert!(Battle::FlagCaptured.attacker_survives(Rank::Engineer));
    assert!(!Battle::FlagCaptured.attacker_survives(Rank::Bomb));
    assert!(!Battle::BothRemoved.attacker_survives(Rank::Marshal));
    assert!(Battle::DefenderWins.defender_survives());
    assert!(!Battle::AttackerWins.defender_survives());
}

#[test]
fn the_set_has_twenty_five_pieces() {
    let set = Rank::full_set();
    assert_eq!(set.len(), 25);
    let count = |r| set.iter().filter(|&&x| x == r).count();
    assert_eq!(count(Rank::Flag), 1);
    assert_eq!(count(Rank::Marshal), 1);
    assert_eq!(count(Rank::Bomb), 2);
    assert_eq!(count(Rank::Mine), 3);
    assert_eq!(count(Rank::Engineer), 3);
}
