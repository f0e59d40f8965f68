//! Views never leak: at random points of random games, a seat's view holds no rank of
//! another seat's piece unless it was revealed (a 军旗 after its 司令 fell), the
//! spectator sees no rank at all but those flags, and a view is a function of what the
//! seat saw: two games whose setups differ only in the ranks of two hidden pieces give
//! the same views while the public logs are the same.

use qike_core::Rng;
use qike_core::junqi::{Announcement, Rank, Referee, Seat, Station, TableSetup, View, Visibility};

fn revealed_flags(log: &[Announcement]) -> Vec<Seat> {
    log.iter()
        .filter_map(|a| match a {
            Announcement::FlagRevealed { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

fn assert_no_leak(view: &View, log: &[Announcement]) {
    let flags = revealed_flags(log);
    for p in view.stations.iter().flatten() {
        if Some(p.seat) == view.viewer {
            assert!(p.rank.is_some(), "own ranks are known");
            continue;
        }
        match p.rank {
            None => {}
            Some(Rank::Flag) => assert!(flags.contains(&p.seat), "an unrevealed flag shown"),
            Some(r) => panic!("{:?} sees a {r} of {:?}", view.viewer, p.seat),
        }
    }
}

#[test]
fn views_show_no_hidden_rank() {
    for seed in 0..300u64 {
        let mut referee = Referee::new(&TableSetup::random(seed), Visibility::Hidden).unwrap();
        let mut rng = Rng::new(seed);
        while referee.outcome().is_none() {
            if rng.below(10) == 0 {
                for seat in Seat::ALL {
                    assert_no_leak(&referee.view(seat), referee.announcements());
                }
                assert_no_leak(&referee.spectator_view(), referee.announcements());
            }
            let seat = referee.turn();
            let moves = referee.view(seat).legal_moves(seat);
            referee.play(seat, moves[rng.index(moves.len())]).unwrap();
        }
    }
}

#[test]
fn open_games_show_every_rank() {
    let referee = Referee::new(&TableSetup::random(4), Visibility::Open).unwrap();
    let view = referee.view(Seat::East);
    assert!(view.stations.iter().flatten().all(|p| p.rank.is_some()));
    assert_eq!(view.stations.iter().flatten().count(), 100);
}

/// Swaps the ranks of two movable officers of `seat` (neither an engineer, so every
/// seat's legal moves stay the same until one of them fights).
fn swapped(setup: &TableSetup, seat: Seat, rng: &mut Rng) -> TableSetup {
    let mut out = setup.clone();
    let army = &mut out.armies[seat.index()];
    let officers: Vec<(u8, u8, Rank)> =
        army.pieces().filter(|p| p.2.is_officer() && p.2 != Rank::Engineer).collect();
    loop {
        let a = officers[rng.index(officers.len())];
        let b = officers[rng.index(officers.len())];
        if a.2 != b.2 {
            army.set(a.0, a.1, Some(b.2));
            army.set(b.0, b.1, Some(a.2));
            return out;
        }
    }
}

#[test]
fn a_view_depends_only_on_what_the_seat_saw() {
    let mut compared = 0;
    for seed in 0..300u64 {
        let mut rng = Rng::new(seed);
        let setup = TableSetup::random(seed);
        let hidden_seat = Seat::from_index(1 + rng.index(3));
        let other = swapped(&setup, hidden_seat, &mut rng);
        assert_eq!(other.validate(), Ok(()));
        let mut a = Referee::new(&setup, Visibility::Hidden).unwrap();
        let mut b = Referee::new(&other, Visibility::Hidden).unwrap();
        while a.outcome().is_none() && b.outcome().is_none() {
            if a.announcements() != b.announcements() {
                break;
            }
            assert_eq!(a.view(Seat::South), b.view(Seat::South), "seed {seed}");
            assert_eq!(a.spectator_view(), b.spectator_view(), "seed {seed}");
            compared += 1;
            let seat = a.turn();
            assert_eq!(seat, b.turn());
            // Both players choose from their own views, which are the same for south
            // and for the seats that do not hold the swapped pieces.
            let moves = a.view(seat).legal_moves(seat);
            assert_eq!(moves, b.view(seat).legal_moves(seat));
            let m = moves[rng.index(moves.len())];
            a.play(seat, m).unwrap();
            b.play(seat, m).unwrap();
        }
        // Where the logs part, a battle told them apart.
        let (la, lb) = (a.announcements(), b.announcements());
        if la != lb {
            let first =
                la.iter().zip(lb).position(|(x, y)| x != y).unwrap_or(la.len().min(lb.len()));
            let entry = la.get(first).or(lb.get(first)).unwrap();
            assert!(
                matches!(
                    entry,
                    Announcement::Battle { .. }
                        | Announcement::FlagRevealed { .. }
                        | Announcement::SeatOut { .. }
                        | Announcement::Finished(_)
                ),
                "seed {seed}: {entry:?}"
            );
        }
    }
    assert!(compared > 10_000, "{compared} positions compared");
    let _ = Station::all();
}
