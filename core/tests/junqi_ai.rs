//! The 四国军棋 player: every level plays only moves the referee accepts, a seed gives
//! the same game twice, the top level with a random partner beats two random movers,
//! and the belief about hidden pieces always keeps the true rank (and works out some
//! hidden 军旗 by counting).

use std::collections::HashMap;

use qike_core::Rng;
use qike_core::ai::junqi::{Belief, BeliefUse, Contestant, JunqiLevel, LEVELS, play_table};
use qike_core::junqi::{Outcome, Rank, Referee, Seat, TableSetup, Team, Visibility};

#[test]
fn every_level_plays_legal_moves_and_repeats_with_a_seed() {
    for (k, level) in LEVELS.iter().enumerate() {
        for seed in 0..3u64 {
            let players = [
                Contestant::Level(*level),
                Contestant::Random,
                Contestant::Level(LEVELS[(k + 1) % LEVELS.len()]),
                Contestant::Random,
            ];
            let report = play_table(players, Visibility::Hidden, seed);
            assert_eq!(report.refused, 0, "level {} seed {seed}", level.level);
            assert_eq!(report, play_table(players, Visibility::Hidden, seed));
        }
    }
}

#[test]
fn the_top_level_with_a_random_partner_beats_two_random_movers() {
    let top = Contestant::Level(JunqiLevel::get(JunqiLevel::TOP).unwrap());
    let random = Contestant::Random;
    let mut wins = 0;
    for seed in 0..6u64 {
        // Team A is south and north, team B east and west; the top level changes teams.
        let (players, team) = if seed % 2 == 0 {
            ([top, random, random, random], Team::A)
        } else {
            ([random, top, random, random], Team::B)
        };
        let report = play_table(players, Visibility::Hidden, seed);
        if matches!(report.outcome, Outcome::TeamWins { team: t, .. } if t == team) {
            wins += 1;
        }
    }
    assert!(wins >= 5, "{wins} wins of 6");
}

#[test]
fn the_belief_always_keeps_the_true_rank() {
    // Hidden flags the belief named before any announcement showed them.
    let mut flags_worked_out = 0;
    for seed in 0..60u64 {
        let setup = TableSetup::random(seed);
        // The same game twice: one hidden (what the seat sees), one open (the truth).
        let mut hidden = Referee::new(&setup, Visibility::Hidden).unwrap();
        let mut open = Referee::new(&setup, Visibility::Open).unwrap();
        let seat = Seat::from_index(seed as usize);
        let mut belief = Belief::new(&hidden.view(seat), seat, BeliefUse::Full);
        let own: HashMap<_, _> = hidden
            .view(seat)
            .stations
            .iter()
            .flatten()
            .filter_map(|p| Some((p.id, p.rank?)))
            .collect();
        let mut rng = Rng::new(seed);
        let mut narrowed = 0;
        while hidden.outcome().is_none() {
            let view = hidden.view(seat);
            belief.update(&view, hidden.announcements(), &own);
            for p in open.spectator_view().stations.iter().flatten() {
                if p.seat == seat {
                    continue;
                }
                let truth = p.rank.unwrap();
                let set = belief.set(p.id);
                assert!(
                    set.contains(truth),
                    "seed {seed}: {:?} is a {truth}, belief {set:?}",
                    p.id
                );
                if set.len() <= 3 {
                    narrowed += 1;
                }
                let shown = view.find(p.id).and_then(|at| view.piece(at)).and_then(|q| q.rank);
                if truth == Rank::Flag && shown.is_none() && set.single() == Some(Rank::Flag) {
                    flags_worked_out += 1;
                }
            }
            let turn = hidden.turn();
            let moves = hidden.legal_moves(turn);
            let m = moves[rng.index(moves.len())];
            hidden.play(turn, m).unwrap();
            open.play(turn, m).unwrap();
        }
        assert!(narrowed > 0, "seed {seed}: the belief never narrowed a piece to three ranks");
    }
    assert!(flags_worked_out > 0, "no hidden 军旗 was ever worked out by counting");
}
