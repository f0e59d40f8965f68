//! Random four-seat games through the referee: no panic, no refused move, every game
//! ends (a team wins or the quiet-move draw), and the referee's bookkeeping holds.

use qike_core::Rng;
use qike_core::ai::junqi::{Contestant, play_table};
use qike_core::junqi::{
    Announcement, Move, MoveRefusal, OutReason, Outcome, QUIET_MOVES_FOR_DRAW, Rank, Referee, Seat,
    Station, TableSetup, Visibility,
};

#[test]
fn ten_thousand_random_games_end_without_a_refused_move() {
    let mut wins = 0;
    let mut draws = 0;
    for seed in 0..10_000u64 {
        let visibility = if seed % 2 == 0 { Visibility::Hidden } else { Visibility::Open };
        let report = play_table([Contestant::Random; 4], visibility, seed);
        assert_eq!(report.refused, 0, "game {seed}");
        match report.outcome {
            Outcome::TeamWins { .. } => wins += 1,
            Outcome::Draw => draws += 1,
        }
    }
    assert_eq!(wins + draws, 10_000);
    assert!(wins > 0 && draws > 0, "{wins} wins, {draws} draws");
}

#[test]
fn the_log_tells_the_story_of_a_game() {
    for seed in 0..200u64 {
        let setup = TableSetup::random(seed);
        let mut referee = Referee::new(&setup, Visibility::Hidden).unwrap();
        let mut rng = Rng::new(seed);
        while referee.outcome().is_none() {
            let seat = referee.turn();
            assert!(!referee.is_out(seat));
            let moves = referee.view(seat).legal_moves(seat);
            assert_eq!(moves, referee.legal_moves(seat));
            let m = moves[rng.index(moves.len())];
            // Someone else may not move now.
            assert_eq!(
                referee.play(seat.next(), m),
                Err(MoveRefusal::NotYourTurn { seat: seat.next(), turn: seat })
            );
            referee.play(seat, m).unwrap();
        }
        let log = referee.announcements();
        let moves = log
            .iter()
            .filter(|a| matches!(a, Announcement::Moved { .. } | Announcement::Battle { .. }))
            .count();
        assert_eq!(moves as u32, referee.moves_played());
        let outs: Vec<Seat> = log
            .iter()
            .filter_map(|a| match a {
                Announcement::SeatOut { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        match referee.outcome().unwrap() {
            Outcome::TeamWins { team, .. } => {
                for s in team.other().seats() {
                    assert!(outs.contains(&s));
                }
            }
            Outcome::Draw => {
                let tail = log
                    .iter()
                    .rev()
                    .skip(1)
                    .take_while(|a| !matches!(a, Announcement::Battle { .. }))
                    .filter(|a| matches!(a, Announcement::Moved { .. }))
                    .count();
                assert_eq!(tail as u32, QUIET_MOVES_FOR_DRAW);
            }
        }
        assert!(matches!(log.last(), Some(Announcement::Finished(_))));
        assert_eq!(
            referee.play(
                referee.turn(),
                Move::new(
                    Station::army(Seat::South, 1, 1).unwrap(),
                    Station::army(Seat::South, 2, 1).unwrap()
                )
            ),
            Err(MoveRefusal::GameOver)
        );
    }
}

#[test]
fn refusals_name_the_reason() {
    let setup = TableSetup::random(3);
    let referee = Referee::new(&setup, Visibility::Open).unwrap();
    let s = |c: &str| Station::parse_code(c).unwrap();
    let view = referee.view(Seat::South);
    let rank_at = |c: &str| view.piece(s(c)).and_then(|p| p.rank);
    // An empty camp, a piece of another seat, an HQ piece.
    assert_eq!(
        referee.check(Seat::South, Move::new(s("S2.2"), s("S1.2"))),
        Err(MoveRefusal::NoPiece(s("S2.2")))
    );
    assert_eq!(
        referee.check(Seat::South, Move::new(s("E1.1"), s("E2.2"))),
        Err(MoveRefusal::NotYourPiece(s("E1.1")))
    );
    let hq = if rank_at("S6.2") == Some(Rank::Flag) { "S6.2" } else { "S6.4" };
    assert_eq!(
        referee.check(Seat::South, Move::new(s(hq), s("S5.2"))),
        Err(MoveRefusal::Immobile(s(hq)))
    );
    let other_hq = if hq == "S6.2" { "S6.4" } else { "S6.2" };
    if rank_at(other_hq).is_some_and(Rank::moves) {
        assert_eq!(
            referee.check(Seat::South, Move::new(s(other_hq), s("S5.2"))),
            Err(MoveRefusal::InHeadquarters(s(other_hq)))
        );
    }
    // Every non-camp station starts full, and the front line holds only officers and
    // engineers: onto one's own piece, onto a partner's, too far.
    assert_eq!(
        referee.check(Seat::South, Move::new(s("S1.1"), s("S1.2"))),
        Err(MoveRefusal::OwnTeam(s("S1.2")))
    );
    assert_eq!(
        referee.check(Seat::South, Move::new(s("S1.1"), s("N1.1"))),
        Err(MoveRefusal::OwnTeam(s("N1.1")))
    );
    assert_eq!(
        referee.check(Seat::South, Move::new(s("S1.1"), s("E6.1"))),
        Err(MoveRefusal::Unreachable { from: s("S1.1"), to: s("E6.1") })
    );
    assert_eq!(
        referee.check(Seat::East, Move::new(s("E1.1"), s("E2.1"))),
        Err(MoveRefusal::NotYourTurn { seat: Seat::East, turn: Seat::South })
    );
    for r in [MoveRefusal::GameOver, MoveRefusal::CampProtected(s("E2.2"))] {
        assert!(r.text().is_complete());
    }
}

#[test]
fn the_flag_captured_puts_the_seat_out() {
    // Play random games until a flag falls; check that the seat's pieces left.
    for seed in 0..500u64 {
        let setup = TableSetup::random(seed);
        let mut referee = Referee::new(&setup, Visibility::Hidden).unwrap();
        let mut rng = Rng::new(seed);
        while referee.outcome().is_none() {
            let seat = referee.turn();
            let moves = referee.legal_moves(seat);
            let m = moves[rng.index(moves.len())];
            let said: Vec<Announcement> = referee.play(seat, m).unwrap().to_vec();
            if let Some(Announcement::SeatOut { seat: out, reason: OutReason::FlagCaptured }) =
                said.iter().find(|a| matches!(a, Announcement::SeatOut { .. })).copied()
            {
                let spectator = referee.spectator_view();
                assert!(spectator.stations.iter().flatten().all(|p| p.seat != out));
                assert!(referee.is_out(out));
                return;
            }
        }
    }
    panic!("no flag fell in 500 random games");
}
