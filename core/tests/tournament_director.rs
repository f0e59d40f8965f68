//! Events run round by round (round robin, Swiss, knockout, double elimination) with
//! results by table and undo; double-elimination brackets of 3–16 players.

use std::collections::HashMap;

use qike_core::Rng;
use qike_core::tournament::double_elimination::{Bracket, max_rounds};
use qike_core::tournament::trf;
use qike_core::tournament::{
    Director, GameResult, Mark, Pairing, PlayerId, Scoring, System, TournamentError,
};

fn names(n: usize) -> Vec<(String, u16)> {
    (1..=n).map(|i| (format!("P{i}"), 0)).collect()
}

fn random_result(rng: &mut Rng, decisive: bool) -> GameResult {
    match rng.below(if decisive { 8 } else { 10 }) {
        0 => GameResult::FirstWinsByForfeit,
        1 => GameResult::SecondWinsByForfeit,
        2..=4 => GameResult::FirstWins,
        5..=7 => GameResult::SecondWins,
        _ => GameResult::Draw,
    }
}

/// Plays a whole double-elimination bracket with random winners and checks it round by
/// round; returns the number of rounds.
fn play_bracket(n: usize, seed: u64) -> u32 {
    let seeds: Vec<PlayerId> = (1..=n as PlayerId).collect();
    let mut bracket = Bracket::new(&seeds).unwrap();
    let mut rng = Rng::new(seed);
    let mut losses: HashMap<PlayerId, u8> = seeds.iter().map(|&s| (s, 0)).collect();
    let mut games = 0;
    while bracket.champion().is_none() {
        let round = bracket.rounds() + 1;
        assert!(round <= max_rounds(n), "n {n} seed {seed}: past {} rounds", max_rounds(n));
        let tables = bracket.next_round();
        assert!(!tables.is_empty(), "n {n}: nothing to play with nobody champion");
        assert_eq!(bracket.next_round(), tables, "pairing twice gives the same round");
        let mut seen = Vec::new();
        for t in &tables {
            for p in std::iter::once(t.first).chain(t.second) {
                assert!(!seen.contains(&p), "n {n} round {round}: {p} twice");
                assert!(losses[&p] < 2, "n {n} round {round}: {p} is out but plays");
                seen.push(p);
            }
        }
        if round == 1 {
            // The top seeds get the byes of a field that is not a power of two.
            let mut byes: Vec<PlayerId> =
                tables.iter().filter(|t| t.second.is_none()).map(|t| t.first).collect();
            byes.sort_unstable();
            let want: Vec<PlayerId> = (1..=(n.next_power_of_two() - n) as PlayerId).collect();
            assert_eq!(byes, want, "n {n}: round 1 byes");
        }
        let winners: Vec<PlayerId> = tables
            .iter()
            .map(|t| match t.second {
                Some(s) if rng.below(2) == 0 => s,
                _ => t.first,
            })
            .collect();
        for (t, &w) in tables.iter().zip(&winners) {
            if let Some(s) = t.second {
                games += 1;
                *losses.get_mut(if w == t.first { &s } else { &t.first }).unwrap() += 1;
            }
        }
        bracket.record(&winners).unwrap();
        let alive = bracket.alive();
        for (&p, &l) in &losses {
            assert_eq!(bracket.losses(p), l, "n {n}: losses of {p}");
            assert_eq!(alive.contains(&p), l < 2, "n {n} round {round}: {p} with {l} losses");
        }
    }
    let champion = bracket.champion().unwrap();
    assert!(losses[&champion] <= 1);
    for (&p, &l) in &losses {
        if p != champion {
            assert_eq!(l, 2, "n {n} seed {seed}: {p} left with {l} losses");
        }
    }
    // Every player but the champion lost twice; the champion lost once only if the
    // final went to a second game.
    assert_eq!(games, 2 * (n - 1) + losses[&champion] as usize);
    bracket.rounds()
}

#[test]
fn double_elimination_brackets_of_3_to_16_out_on_the_second_loss() {
    for n in 3..=16 {
        let mut longest = 0;
        for seed in 0..40 {
            longest = longest.max(play_bracket(n, seed * 31 + n as u64));
        }
        assert!(longest <= max_rounds(n));
    }
    assert_eq!(max_rounds(2), 3, "the final, then the grand final and its second game");
}

#[test]
fn double_elimination_refuses_bad_brackets_and_results() {
    assert_eq!(Bracket::new(&[1]).unwrap_err(), TournamentError::TooFewPlayers(1, 2));
    assert!(matches!(Bracket::new(&[1, 2, 1]), Err(TournamentError::PairedTwice { .. })));
    let mut b = Bracket::new(&[1, 2, 3, 4]).unwrap();
    assert!(b.record(&[1, 2]).is_err(), "nothing paired yet");
    let tables = b.next_round();
    assert_eq!(tables, vec![Pairing::game(1, 4), Pairing::game(2, 3)]);
    assert_eq!(
        b.record(&[1, 1]).unwrap_err(),
        TournamentError::Undecided { round: 1, table: 2 },
        "1 did not play on table 2"
    );
    assert!(b.record(&[1]).is_err(), "a table without its winner");
    b.record(&[4, 2]).unwrap();
    // The losers meet in the losers' bracket while 4 and 2 play on.
    assert_eq!(b.next_round(), vec![Pairing::game(4, 2), Pairing::game(3, 1)]);
}

/// Runs an event with random results to its end through the director.
fn run(system: System, n: usize, seed: u64) -> Director {
    let mut d = Director::new("test", Scoring::CLASSIC, system, &names(n)).unwrap();
    let mut rng = Rng::new(seed);
    let knockout = matches!(system, System::Knockout | System::DoubleElimination);
    while !d.is_finished() {
        let round = d.pair_next().unwrap_or_else(|e| panic!("{system:?} {n}: {e}"));
        for t in 0..d.tables(round).len() {
            if d.tables(round)[t].second.is_some() {
                d.set_result(round, t, random_result(&mut rng, knockout)).unwrap();
            }
        }
    }
    d.event.validate().unwrap();
    d
}

#[test]
fn every_system_runs_to_its_end() {
    for n in 3..=12 {
        let rr = run(System::RoundRobin, n, n as u64);
        assert_eq!(rr.rounds(), System::RoundRobin.rounds_for(n));
        for a in 1..=n as PlayerId {
            for b in 1..=n as PlayerId {
                let want = usize::from(a != b);
                assert_eq!(rr.between(a, b).len(), want, "{a} met {b}");
            }
        }
        let double = run(System::DoubleRoundRobin, n, n as u64);
        assert_eq!(double.between(1, 2).len(), 2);
        if n >= 6 {
            let swiss = run(System::Swiss { rounds: 5 }, n, n as u64);
            assert_eq!(swiss.rounds(), 5);
        }
        let ko = run(System::Knockout, n, n as u64);
        let champion = ko.champion().unwrap();
        assert!(
            ko.event
                .player(champion)
                .unwrap()
                .entries
                .iter()
                .all(|e| e.mark != Mark::Loss && e.mark != Mark::ForfeitLoss),
            "the knockout champion never lost"
        );
        assert_eq!(ko.rounds(), System::Knockout.rounds_for(n));
        let de = run(System::DoubleElimination, n, n as u64);
        let champion = de.champion().unwrap();
        let lost = |id: PlayerId| {
            de.event
                .player(id)
                .unwrap()
                .entries
                .iter()
                .filter(|e| matches!(e.mark, Mark::Loss | Mark::ForfeitLoss))
                .count()
        };
        assert!(lost(champion) <= 1);
        for p in 1..=n as PlayerId {
            if p != champion {
                assert_eq!(lost(p), 2, "{p} is out only after two losses");
            }
        }
    }
}

#[test]
fn results_by_table_with_undo() {
    let mut d =
        Director::new("班级赛", Scoring::TWO_ONE_ZERO, System::RoundRobin, &names(5)).unwrap();
    assert!(!d.can_undo());
    assert_eq!(d.pair_next().unwrap(), 1);
    // Five players: one table is the bye.
    let tables = d.tables(1).to_vec();
    assert_eq!(tables.len(), 3);
    let bye = tables.iter().position(|t| t.second.is_none()).unwrap();
    assert_eq!(
        d.set_result(1, bye, GameResult::FirstWins).unwrap_err(),
        TournamentError::NoSuchTable { round: 1, table: bye + 1 }
    );
    assert!(d.set_result(1, 7, GameResult::Draw).is_err());
    assert_eq!(d.pair_next().unwrap_err(), TournamentError::RoundNotFinished { round: 1 });
    let game = (bye + 1) % 3;
    d.set_result(1, game, GameResult::FirstWins).unwrap();
    assert_eq!(d.result(1, game), Some(GameResult::FirstWins));
    d.set_result(1, game, GameResult::Draw).unwrap();
    assert_eq!(d.result(1, game), Some(GameResult::Draw));
    assert!(d.undo());
    assert_eq!(d.result(1, game), Some(GameResult::FirstWins), "undo takes back the correction");
    assert!(d.undo());
    assert_eq!(d.result(1, game), None);
    assert!(d.undo(), "undo takes back the pairing too");
    assert_eq!(d.rounds(), 0);
    assert!(!d.undo());
}

#[test]
fn a_knockout_draw_waits_for_a_decider() {
    let mut d = Director::new("淘汰赛", Scoring::CLASSIC, System::Knockout, &names(4)).unwrap();
    d.pair_next().unwrap();
    assert_eq!(d.tables(1), &[Pairing::game(1, 4), Pairing::game(2, 3)]);
    d.set_result(1, 0, GameResult::Draw).unwrap();
    d.set_result(1, 1, GameResult::SecondWins).unwrap();
    assert_eq!(d.pair_next().unwrap_err(), TournamentError::Undecided { round: 1, table: 1 });
    d.set_result(1, 0, GameResult::SecondWins).unwrap();
    d.pair_next().unwrap();
    assert_eq!(d.tables(2), &[Pairing::game(4, 3)]);
    assert_eq!(
        d.set_result(1, 0, GameResult::FirstWins).unwrap_err(),
        TournamentError::RoundNotFinished { round: 2 },
        "a result that paired the next round stays"
    );
    d.set_result(2, 0, GameResult::FirstWins).unwrap();
    assert!(d.is_finished());
    assert_eq!(d.champion(), Some(4));
    assert_eq!(d.pair_next().unwrap_err(), TournamentError::EventOver(2));
}

#[test]
fn exports_read_back() {
    let d = run(System::Swiss { rounds: 5 }, 9, 3);
    let back = trf::read(&d.trf()).unwrap();
    assert_eq!(back.event, d.event);
    let csv = d.csv();
    assert!(csv.starts_with('\u{feff}'));
    let lines: Vec<&str> = csv.trim_end().split("\r\n").collect();
    assert_eq!(lines.len(), 10, "a header and a line per player");
    assert!(lines[0].contains("BuchC1") && lines[0].ends_with("R5"));
    let leader = &d.standings()[0];
    let name = &d.event.player(leader.player).unwrap().name;
    assert!(lines[1].starts_with(&format!("1,{},{name},", leader.player)));
    assert!(Director::new("x", Scoring::CLASSIC, System::Swiss { rounds: 5 }, &names(4)).is_err());
    assert!(Director::new("x", Scoring::CLASSIC, System::RoundRobin, &names(1)).is_err());
    let blank = vec![("A".to_owned(), 0), ("  ".to_owned(), 0)];
    assert_eq!(
        Director::new("x", Scoring::CLASSIC, System::RoundRobin, &blank).unwrap_err(),
        TournamentError::UnknownPlayer(2)
    );
}

#[test]
fn swiss_forfeits_withdrawals_and_late_entries() {
    let swiss = System::Swiss { rounds: 5 };
    let mut d = Director::new("club", Scoring::CLASSIC, swiss, &names(9)).unwrap();
    let r1 = d.pair_next().unwrap();
    let top = d.tables(r1)[0];
    let (winner, absent) = (top.first, top.second.unwrap());
    d.set_result(r1, 0, GameResult::FirstWinsByForfeit).unwrap();
    for t in 1..d.tables(r1).len() {
        if d.tables(r1)[t].second.is_some() {
            d.set_result(r1, t, GameResult::SecondWins).unwrap();
        }
    }
    // A forfeit scores like a win but is no game: no sides, and no bye later.
    let w = d.event.player(winner).unwrap();
    assert_eq!(w.entries[0].mark, Mark::ForfeitWin);
    assert!(!w.entries[0].played() && w.had_scoring_bye());
    assert_eq!(w.sides().count(), 0);
    assert_eq!(d.event.score(winner), d.event.scoring.win);

    // Between rounds: one comes late, the one who did not come withdraws.
    let late = d.add_late_entry("  Newcomer ", 1500).unwrap();
    assert_eq!(late, 10);
    assert_eq!(d.event.player(late).unwrap().name, "Newcomer");
    assert_eq!(d.event.player(late).unwrap().entries[0].mark, Mark::ZeroBye);
    d.withdraw(absent).unwrap();
    let r2 = d.pair_next().unwrap();
    let seated: Vec<PlayerId> =
        d.tables(r2).iter().flat_map(|p| std::iter::once(p.first).chain(p.second)).collect();
    assert_eq!(seated.len(), 9);
    assert!(seated.contains(&late) && !seated.contains(&absent));
    let bye = d.tables(r2).iter().find(|p| p.second.is_none()).map(|p| p.first).unwrap();
    assert_ne!(bye, winner, "a forfeit win rules out the pairing bye");
    // The withdrawn player is absent for every round left.
    assert!(d.event.player(absent).unwrap().entries[1..].iter().all(|e| e.mark == Mark::ZeroBye));
    assert_eq!(d.event.player(absent).unwrap().entries.len(), 5);

    // Undo takes back the round, then the withdrawal, then the late entry.
    assert!(d.undo());
    assert_eq!(d.rounds(), 1);
    assert!(d.undo());
    assert_eq!(d.event.player(absent).unwrap().entries.len(), 1);
    assert!(d.undo());
    assert_eq!(d.event.players.len(), 9);

    // Typed refusals: unknown players, an open round, and other systems once started.
    assert_eq!(d.withdraw(42), Err(TournamentError::UnknownPlayer(42)));
    assert_eq!(d.add_late_entry("  ", 0), Err(TournamentError::UnknownPlayer(10)));
    d.pair_next().unwrap();
    assert_eq!(d.withdraw(1), Err(TournamentError::RoundNotFinished { round: 2 }));
    let mut rr = Director::new("rr", Scoring::CLASSIC, System::RoundRobin, &names(4)).unwrap();
    rr.add_late_entry("E", 0).unwrap();
    assert_eq!(rr.event.planned_rounds, 5, "five players need five rounds");
    rr.pair_next().unwrap();
    assert_eq!(rr.add_late_entry("F", 0), Err(TournamentError::FieldFixed));
    assert_eq!(rr.withdraw(1), Err(TournamentError::FieldFixed));
    let mut de =
        Director::new("de", Scoring::CLASSIC, System::DoubleElimination, &names(4)).unwrap();
    de.add_late_entry("E", 0).unwrap();
    assert_eq!(de.bracket().unwrap().alive().len(), 5);
}

#[test]
fn saved_events_read_back_and_go_on() {
    let systems = [
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::Swiss { rounds: 3 },
        System::Knockout,
        System::DoubleElimination,
    ];
    for (i, system) in systems.into_iter().enumerate() {
        for n in [7, 8] {
            let mut rng = Rng::new(i as u64 * 10 + n as u64);
            let mut d = Director::new("存档", Scoring::THREE_ONE_ZERO, system, &names(n)).unwrap();
            let knockout = matches!(system, System::Knockout | System::DoubleElimination);
            let mut step = 0;
            while !d.is_finished() {
                let round = d.pair_next().unwrap();
                // Save with the round open, then after each result.
                for t in 0..d.tables(round).len() {
                    let back = Director::from_saved(&d.to_saved()).unwrap();
                    assert_eq!(back.event, d.event, "{system:?} {n} round {round}");
                    assert_eq!(back.system, d.system);
                    assert_eq!(back.rounds(), d.rounds());
                    for r in 1..=d.rounds() {
                        assert_eq!(back.tables(r), d.tables(r));
                    }
                    assert_eq!(back.bracket(), d.bracket());
                    // Now and then go on from the copy: it pairs as the original would.
                    step += 1;
                    if step % 3 == 0 {
                        d = back;
                    }
                    if d.tables(round)[t].second.is_some() {
                        d.set_result(round, t, random_result(&mut rng, knockout)).unwrap();
                    }
                }
            }
            let back = Director::from_saved(&d.to_saved()).unwrap();
            assert!(back.is_finished());
            assert_eq!(back.champion(), d.champion());
            assert_eq!(back.csv(), d.csv());
        }
    }
    // Damaged text is refused with a reason, never a panic.
    let d = run(System::Swiss { rounds: 3 }, 6, 1);
    let good = d.to_saved();
    for bad in [
        String::new(),
        "QIKE-EVENT 9\n".to_string(),
        good.replace("system swiss 3", "system ladder"),
        good.replacen("tables ", "tables 1-x ", 1),
        good.lines().filter(|l| !l.starts_with("tables")).collect::<Vec<_>>().join("\n"),
        good.replacen("001    1", "001    9", 1),
    ] {
        assert!(Director::from_saved(&bad).is_err(), "accepted:\n{bad}");
    }
}
