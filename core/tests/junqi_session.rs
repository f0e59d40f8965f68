//! A 四国军棋 game at one device: computer seats through `poll` with the caller's clock,
//! hand-overs between people that never show a hidden rank, texts that name only what
//! the reader may know, and a saved game that resumes the same way.

use qike_core::Rng;
use qike_core::junqi::{Announcement, Move, Rank, Seat, Station, View, Visibility};
use qike_core::progress::{PlayerResult, Timestamp};
use qike_core::session::junqi::{
    COMPUTER_PAUSE_MS, JunqiConfigError, JunqiGame, JunqiPlayError, JunqiTableConfig, SeatPlayer,
};

/// A legal move of the person to move, drawn from what the screen offers: the
/// person's own pieces and their `targets`.
fn person_move(game: &JunqiGame, rng: &mut Rng) -> Move {
    let seat = game.turn();
    let view = game.view();
    let moves: Vec<Move> = Station::all()
        .filter(|s| view.piece(*s).is_some_and(|p| p.seat == seat))
        .flat_map(|from| game.targets(from).into_iter().map(move |to| Move { from, to }))
        .collect();
    assert!(!moves.is_empty(), "the person to move has a move");
    moves[rng.index(moves.len())]
}

/// Polls until the game is over or a person is to move; the clock advances by `step`.
fn poll_computers(game: &mut JunqiGame, now: &mut u64, step: u64) {
    let mut rounds = 0;
    while game.is_computer_turn() {
        let played = game.poll(*now);
        if played.is_empty() {
            if game.is_thinking() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            *now += step;
        }
        rounds += 1;
        assert!(rounds < 1_000_000, "the computers keep moving");
    }
}

/// The pieces whose rank `view` shows, as (seat, rank).
fn shown_ranks(view: &View) -> Vec<(Seat, Rank)> {
    view.stations.iter().flatten().filter_map(|p| Some((p.seat, p.rank?))).collect()
}

/// The seats whose 军旗 the rules have revealed.
fn revealed_flags(log: &[Announcement]) -> Vec<Seat> {
    log.iter()
        .filter_map(|a| match a {
            Announcement::FlagRevealed { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[test]
fn three_computers_play_to_the_end_through_poll() {
    let config = JunqiTableConfig::against_computers(Seat::South, 3, Visibility::Hidden, 7);
    let mut game = JunqiGame::new(config, Timestamp(1_000)).unwrap();
    assert_eq!(game.shown_seat(), Some(Seat::South));
    assert_eq!(game.needs_handover(), None);
    let mut rng = Rng::new(11);
    let mut now = 0u64;
    let mut child_moves = 0;
    while !game.is_over() {
        if game.is_person_turn() {
            assert_eq!(game.turn(), Seat::South);
            let m = person_move(&game, &mut rng);
            game.play(m.from, m.to).unwrap();
            child_moves += 1;
        } else {
            poll_computers(&mut game, &mut now, 100);
        }
        // The child sees its own ranks only (and revealed flags).
        let flags = revealed_flags(game.announcements());
        for (seat, rank) in shown_ranks(&game.view()) {
            assert!(seat == Seat::South || (rank == Rank::Flag && flags.contains(&seat)));
        }
    }
    assert!(child_moves > 0);
    let result = game.result_for_child().unwrap();
    assert_ne!(result, PlayerResult::Unfinished);
    let record = game.record(5, Timestamp(2_000));
    assert_eq!(record.seats, [None, Some(3), Some(3), Some(3)]);
    assert_eq!((record.result, record.moves), (result, game.moves_played()));
    assert!(game.announcement_line().contains("获胜") || game.announcement_line().contains("和棋"));
    assert_eq!(game.log_lines().len(), game.announcements().len());
    // Nothing moves after the end.
    assert!(game.poll(now + 10_000).is_empty());
}

#[test]
fn computer_moves_wait_for_the_pause_on_the_callers_clock() {
    let config = JunqiTableConfig::against_computers(Seat::South, 2, Visibility::Hidden, 3);
    let mut game = JunqiGame::new(config, Timestamp(0)).unwrap();
    let m = person_move(&game, &mut Rng::new(1));
    game.play(m.from, m.to).unwrap();
    assert_eq!(game.turn(), Seat::East);
    // The caller's clock stands still: the choice comes, the move does not.
    game.poll(5_000);
    assert!(game.is_thinking());
    for _ in 0..2_000 {
        assert!(game.poll(5_000).is_empty());
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(game.turn(), Seat::East, "no move before the pause is over");
    assert!(game.poll(5_000 + COMPUTER_PAUSE_MS - 1).is_empty());
    let played = game.poll(5_000 + COMPUTER_PAUSE_MS);
    assert_eq!(played.len(), 1, "one computer move, at the end of the pause");
    assert_eq!(game.turn(), Seat::North);
    // The next computer waits a full pause from that move.
    let after = 5_000 + COMPUTER_PAUSE_MS;
    for _ in 0..200 {
        assert!(game.poll(after + COMPUTER_PAUSE_MS - 1).is_empty());
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(game.turn(), Seat::North);
    assert_eq!(game.poll(after + COMPUTER_PAUSE_MS).len(), 1);
}

#[test]
fn people_on_one_device_see_only_their_own_ranks_after_the_handover() {
    let config = JunqiTableConfig {
        seats: [SeatPlayer::Person; 4],
        child_seat: Seat::North,
        visibility: Visibility::Hidden,
        setups: Default::default(),
        seed: 21,
    };
    let mut game = JunqiGame::new(config, Timestamp(0)).unwrap();
    let mut rng = Rng::new(5);
    let mut handovers = 0;
    for _ in 0..400 {
        if game.is_over() {
            break;
        }
        let next = game.needs_handover().expect("every turn goes to another person");
        assert_eq!(next, game.turn());
        assert_eq!(game.shown_seat(), None);
        let flags = revealed_flags(game.announcements());
        let hidden = game.view();
        assert_eq!(hidden.viewer, None);
        for (seat, rank) in shown_ranks(&hidden) {
            assert!(rank == Rank::Flag && flags.contains(&seat), "{seat:?} {rank:?} shown");
        }
        assert!(game.targets(Station::army(next, 4, 1).unwrap()).is_empty());
        let (from, to) = (Station::army(next, 4, 1).unwrap(), Station::army(next, 3, 1).unwrap());
        assert_eq!(game.play(from, to), Err(JunqiPlayError::HandoverPending(next)));
        assert_eq!(game.confirm_handover(), Some(next));
        handovers += 1;
        assert_eq!(game.shown_seat(), Some(next));
        let view = game.view();
        assert_eq!(view.viewer, Some(next));
        for (seat, rank) in shown_ranks(&view) {
            assert!(seat == next || (rank == Rank::Flag && flags.contains(&seat)));
        }
        assert!(shown_ranks(&view).iter().any(|(s, _)| *s == next));
        let m = person_move(&game, &mut rng);
        game.play(m.from, m.to).unwrap();
    }
    assert!(handovers > 100);
}

#[test]
fn people_in_open_play_need_no_handover() {
    let mut seats = [SeatPlayer::Computer { level: 1 }; 4];
    seats[0] = SeatPlayer::Person;
    seats[1] = SeatPlayer::Person;
    let config = JunqiTableConfig {
        seats,
        child_seat: Seat::South,
        visibility: Visibility::Open,
        setups: Default::default(),
        seed: 2,
    };
    let mut game = JunqiGame::new(config, Timestamp(0)).unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..40 {
        assert_eq!(game.needs_handover(), None);
        if game.is_person_turn() {
            assert_eq!(game.shown_seat(), Some(game.turn()));
            let m = person_move(&game, &mut rng);
            game.play(m.from, m.to).unwrap();
        } else {
            game.play_computer_now().unwrap();
        }
    }
}

/// The rank names a line may hold for a reader: the reader's own pieces ("南方的工兵"),
/// and what the rules make public (a 司令 that fell, a revealed or captured 军旗).
fn hidden_rank_in(line: &str, reader: Option<Seat>) -> Option<Rank> {
    let mut rest = line.replace("司令阵亡，亮出军旗", "").replace("的军旗被夺", "");
    for seat in Seat::ALL {
        rest = rest.replace(&format!("夺得了{}方的军旗", seat.chinese()), "");
    }
    if let Some(seat) = reader {
        for rank in Rank::ALL {
            rest = rest.replace(&format!("{}方的{}", seat.chinese(), rank.chinese()), "");
        }
    }
    Rank::ALL.into_iter().find(|r| rest.contains(r.chinese()))
}

#[test]
fn texts_in_hidden_play_name_no_hidden_rank() {
    for seed in 0..4u64 {
        let config = JunqiTableConfig::against_computers(Seat::West, 4, Visibility::Hidden, seed);
        // A demonstration reads as a spectator; the child's game as the child's seat.
        let mut demo_config = config.clone();
        demo_config.seats = [SeatPlayer::Computer { level: 4 }; 4];
        let mut demo = JunqiGame::demo(demo_config, Timestamp(0)).unwrap();
        assert_eq!(demo.shown_seat(), None);
        while demo.play_computer_now().is_some() {
            if let Some(rank) = hidden_rank_in(&demo.announcement_line(), None) {
                panic!("seed {seed}: '{}' names a {rank:?}", demo.announcement_line());
            }
        }
        assert!(demo.is_over());
        let mut game = JunqiGame::new(config, Timestamp(0)).unwrap();
        let mut rng = Rng::new(seed);
        let mut seen_own = false;
        while !game.is_over() {
            if game.is_person_turn() {
                let m = person_move(&game, &mut rng);
                game.play(m.from, m.to).unwrap();
            } else {
                game.play_computer_now().unwrap();
            }
        }
        for line in game.log_lines() {
            assert_eq!(hidden_rank_in(&line, Some(Seat::West)), None, "seed {seed}: '{line}'");
            seen_own |= Rank::ALL.iter().any(|r| line.contains(&format!("西方的{}", r.chinese())));
        }
        assert!(seen_own, "the child's own ranks are named");
        for line in demo.log_lines() {
            assert_eq!(hidden_rank_in(&line, None), None, "seed {seed}: '{line}'");
        }
    }
}

#[test]
fn a_fallen_marshal_shows_the_flag_in_the_texts() {
    let mut found = false;
    for seed in 0..12u64 {
        let config = JunqiTableConfig {
            seats: [SeatPlayer::Computer { level: 5 }; 4],
            child_seat: Seat::South,
            visibility: Visibility::Hidden,
            setups: Default::default(),
            seed,
        };
        let mut demo = JunqiGame::demo(config, Timestamp(0)).unwrap();
        while demo.play_computer_now().is_some() {}
        let lines = demo.log_lines();
        if let Some(line) = lines.iter().find(|l| l.contains("司令阵亡，亮出军旗")) {
            assert!(Seat::ALL.iter().any(|s| line.starts_with(&format!("{}方", s.chinese()))));
            found = true;
            break;
        }
    }
    assert!(found, "some game shows a flag after its 司令 fell");
}

#[test]
fn a_saved_game_resumes_and_goes_on_the_same_way() {
    let config = JunqiTableConfig::against_computers(Seat::East, 5, Visibility::Hidden, 99);
    let mut game = JunqiGame::new(config, Timestamp(42)).unwrap();
    let mut rng = Rng::new(8);
    let mut now = 0;
    while game.moves_played() < 60 {
        if game.is_person_turn() {
            let m = person_move(&game, &mut rng);
            game.play(m.from, m.to).unwrap();
        } else {
            poll_computers(&mut game, &mut now, 500);
        }
    }
    // Save while a computer is choosing: the choice is not kept and is made again.
    if !game.is_person_turn() {
        game.poll(now);
    }
    let bytes = game.save_bytes();
    let mut resumed = JunqiGame::resume_bytes(&bytes).unwrap();
    assert_eq!(resumed.to_saved(), game.to_saved());
    assert_eq!(resumed.view(), game.view());
    assert_eq!(resumed.log_lines(), game.log_lines());
    let mut rng2 = rng.clone();
    for _ in 0..400 {
        if game.is_over() {
            break;
        }
        if game.is_person_turn() {
            let m = person_move(&game, &mut rng);
            assert_eq!(person_move(&resumed, &mut rng2), m);
            assert_eq!(game.play(m.from, m.to), resumed.play(m.from, m.to));
        } else {
            poll_computers(&mut game, &mut now, 1_000);
            let mut later = now;
            poll_computers(&mut resumed, &mut later, 1_000);
        }
        assert_eq!(resumed.announcements(), game.announcements());
    }
    assert_eq!(resumed.outcome(), game.outcome());
    // Damaged saves are typed errors.
    assert!(JunqiGame::resume_bytes(b"{").is_err());
    let mut bad = game.to_saved();
    bad.events.push("S9.9-S1.1".into());
    assert!(JunqiGame::from_saved(&bad).is_err());
}

#[test]
fn a_person_resigns_and_the_partner_plays_on() {
    let config = JunqiTableConfig::against_computers(Seat::South, 1, Visibility::Hidden, 4);
    let mut game = JunqiGame::new(config, Timestamp(0)).unwrap();
    assert_eq!(game.resign(Seat::East), Err(JunqiPlayError::ComputerSeat(Seat::East)));
    let said = game.resign(Seat::South).unwrap();
    assert!(matches!(said[0], Announcement::SeatOut { seat: Seat::South, .. }));
    assert!(game.is_out(Seat::South));
    assert_eq!(game.turn(), Seat::East);
    assert!(game.announcement_line().contains("投降"));
    while game.play_computer_now().is_some() {}
    assert!(game.is_over());
    let saved = game.to_saved();
    assert_eq!(saved.events[0], "resign S");
    let resumed = JunqiGame::from_saved(&saved).unwrap();
    assert_eq!(resumed.outcome(), game.outcome());
}

#[test]
fn a_bad_table_is_refused_with_the_reason() {
    let base = JunqiTableConfig::against_computers(Seat::South, 2, Visibility::Hidden, 1);
    let mut computers = base.clone();
    computers.seats = [SeatPlayer::Computer { level: 2 }; 4];
    assert_eq!(
        JunqiGame::new(computers.clone(), Timestamp(0)).unwrap_err(),
        JunqiConfigError::NoPerson
    );
    assert!(JunqiGame::demo(computers, Timestamp(0)).is_ok());
    let mut level = base.clone();
    level.seats[2] = SeatPlayer::Computer { level: 9 };
    assert_eq!(
        JunqiGame::new(level, Timestamp(0)).unwrap_err(),
        JunqiConfigError::NoSuchLevel { seat: Seat::North, level: 9 }
    );
    let mut child = base.clone();
    child.child_seat = Seat::East;
    assert_eq!(
        JunqiGame::new(child, Timestamp(0)).unwrap_err(),
        JunqiConfigError::ChildNotPerson(Seat::East)
    );
    let mut setup = base.clone();
    let mut army = qike_core::junqi::ArmySetup::random(&mut Rng::new(3));
    let flag = army.pieces().find(|p| p.2 == Rank::Flag).unwrap();
    army.set(flag.0, flag.1, army.get(1, 1));
    army.set(1, 1, Some(Rank::Flag));
    setup.setups[3] = Some(army);
    let err = JunqiGame::new(setup, Timestamp(0)).unwrap_err();
    assert!(matches!(err, JunqiConfigError::BadSetup { seat: Seat::West, .. }), "{err:?}");
    assert!(err.text().zh.contains("西家"));
}
