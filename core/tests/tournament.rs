//! Tournaments: Berger tables against the published rule, a hand-checked crosstable,
//! Swiss absolute rules over random events, knockouts, TRF round trips and the CLI.

mod common;
use common::qike;
use std::collections::HashSet;
use std::process::Command;

use proptest::prelude::*;
use qike_core::Rng;
use qike_core::Side;
use qike_core::tournament::knockout::{self, Series};
use qike_core::tournament::swiss::{self, Ranking, SwissOptions};
use qike_core::tournament::trf::{self, TrfFile};
use qike_core::tournament::{
    Event, GameResult, Mark, Pairing, PlayerId, Points, Scoring, Tiebreak, TournamentError,
    round_robin, standings, tiebreak_value,
};

// ---------------------------------------------------------------- round robin

/// The published 6- and 8-player Berger tables (FIDE handbook, C.05 Annex 1).
const BERGER_6: [[(u32, u32); 3]; 5] = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
];
const BERGER_8: [[(u32, u32); 4]; 7] = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
];

fn as_pairs(round: &[Pairing], n: u32, r: usize) -> Vec<(u32, u32)> {
    // A bye is shown as the game against the dummy n (as the published tables do), with
    // the dummy's side of that round: second in odd rounds, first in even ones.
    round
        .iter()
        .map(|p| match p.second {
            Some(s) => (p.first, s),
            None if r % 2 == 1 => (p.first, n),
            None => (n, p.first),
        })
        .collect()
}

/// The Berger table for `n` (even) from the published rule in its arithmetic form: in
/// round r two players i, j < n meet when i + j ≡ r + 1 (mod n − 1), player n meets
/// the one with 2i ≡ r + 1 and has the first side in even rounds; of i and j, i has the
/// first side when (i − j)·n/2 mod (n − 1) lies in 1..n/2 (its place in the round's
/// circle is in the top half); boards follow the circle from the round's start.
fn expected_berger(n: u32) -> Vec<Vec<(u32, u32)>> {
    let m = n - 1;
    let md = |x: i64| x.rem_euclid(m as i64) as u32;
    (1..=m)
        .map(|r| {
            let mut boards = Vec::new();
            let top = (1..n).find(|&i| md(2 * i as i64 - (r as i64 + 1)) == 0).unwrap();
            boards.push(if r % 2 == 1 { (top, n) } else { (n, top) });
            let mut others = Vec::new();
            for i in 1..n {
                for j in 1..n {
                    if i != j && md(i as i64 + j as i64 - (r as i64 + 1)) == 0 {
                        let place = md((i as i64 - j as i64) * (n as i64 / 2));
                        if (1..n / 2).contains(&place) {
                            others.push((i, j));
                        }
                    }
                }
            }
            // The round starts at s with 2(s − 1) ≡ r − 1; a board's place is (first − s).
            let start = (1..n).find(|&s| md(2 * (s as i64 - 1) - (r as i64 - 1)) == 0).unwrap();
            others.sort_by_key(|&(i, _)| md(i as i64 - start as i64));
            boards.extend(others);
            boards
        })
        .collect()
}

#[test]
fn berger_tables_match_the_published_ones() {
    let six = round_robin::berger(6).unwrap();
    let eight = round_robin::berger(8).unwrap();
    for (r, round) in BERGER_6.iter().enumerate() {
        assert_eq!(as_pairs(&six[r], 6, r + 1), round.to_vec(), "6 players, round {}", r + 1);
    }
    for (r, round) in BERGER_8.iter().enumerate() {
        assert_eq!(as_pairs(&eight[r], 8, r + 1), round.to_vec(), "8 players, round {}", r + 1);
    }
    // The arithmetic form of the rule agrees with the printed tables.
    assert_eq!(expected_berger(6), BERGER_6.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
    assert_eq!(expected_berger(8), BERGER_8.iter().map(|r| r.to_vec()).collect::<Vec<_>>());
    for players in 3..=16u32 {
        let n = players + players % 2;
        let table = round_robin::berger(players as usize).unwrap();
        let table: Vec<Vec<(u32, u32)>> =
            table.iter().enumerate().map(|(i, r)| as_pairs(r, n, i + 1)).collect();
        assert_eq!(table, expected_berger(n), "{players} players");
    }
}

#[test]
fn round_robins_meet_everyone_once_with_balanced_sides() {
    for players in 2..=21usize {
        let table = round_robin::berger(players).unwrap();
        let mut met = HashSet::new();
        let mut firsts = vec![0i32; players + 1];
        let mut byes = vec![0; players + 1];
        for round in &table {
            let mut seen = HashSet::new();
            for p in round {
                assert!(seen.insert(p.first));
                match p.second {
                    Some(s) => {
                        assert!(seen.insert(s));
                        assert!(met.insert((p.first.min(s), p.first.max(s))), "rematch");
                        firsts[p.first as usize] += 1;
                        firsts[s as usize] -= 1;
                    }
                    None => byes[p.first as usize] += 1,
                }
            }
            assert_eq!(seen.len(), players);
        }
        assert_eq!(met.len(), players * (players - 1) / 2);
        for id in 1..=players {
            assert!(firsts[id].abs() <= 1, "{players} players: {id} has balance {}", firsts[id]);
            assert_eq!(byes[id], players % 2, "{players} players: byes of {id}");
        }
    }
    let double = round_robin::double_berger(5).unwrap();
    assert_eq!(double.len(), 10);
    let mut games = HashSet::new();
    for p in double.iter().flatten().filter(|p| p.second.is_some()) {
        assert!(games.insert((p.first, p.second.unwrap())), "same game with the same sides twice");
    }
    assert_eq!(games.len(), 20);
    assert_eq!(round_robin::berger(1), Err(TournamentError::TooFewPlayers(1, 2)));
}

// ---------------------------------------------------------------- results and tie-breaks

fn event_with(players: usize, scoring: Scoring) -> Event {
    let mut event = Event::new("test", scoring);
    for i in 0..players {
        event.add_player(&format!("P{}", i + 1), 2000 - i as u16 * 10).unwrap();
    }
    event
}

/// Plays a 4-player round robin; `results[r][b]` is board b of round r.
fn four_player(results: [[GameResult; 2]; 3], scoring: Scoring) -> Event {
    let mut event = event_with(4, scoring);
    for (round, res) in round_robin::berger(4).unwrap().iter().zip(results) {
        let r = event.pair_round(round).unwrap();
        for (p, result) in round.iter().zip(res) {
            event.set_result(r, p.first, p.second.unwrap(), result).unwrap();
        }
    }
    event
}

#[test]
fn hand_checked_crosstable() {
    use GameResult::*;
    // R1: 1-4 1-0, 2-3 ½; R2: 4-3 0-1, 1-2 ½; R3: 2-4 1-0, 3-1 0-1.
    let event = four_player(
        [[FirstWins, Draw], [SecondWins, Draw], [FirstWins, SecondWins]],
        Scoring::CLASSIC,
    );
    let expect: [(Tiebreak, [f64; 4]); 8] = [
        (Tiebreak::Buchholz, [3.5, 4.0, 4.5, 6.0]),
        (Tiebreak::BuchholzCut1, [3.5, 4.0, 4.5, 4.5]),
        (Tiebreak::MedianBuchholz, [1.5, 1.5, 2.0, 2.0]),
        (Tiebreak::SonnebornBerger, [2.5, 2.0, 1.0, 0.0]),
        (Tiebreak::Progressive, [5.0, 3.5, 3.5, 0.0]),
        (Tiebreak::DirectEncounter, [0.0; 4]),
        (Tiebreak::Wins, [2.0, 1.0, 1.0, 0.0]),
        (Tiebreak::WinsWithSecond, [1.0, 0.0, 1.0, 0.0]),
    ];
    for (tb, values) in expect {
        for (i, v) in values.iter().enumerate() {
            assert_eq!(tiebreak_value(&event, i as u32 + 1, tb), *v, "{tb:?} of player {}", i + 1);
        }
    }
    let scores: Vec<u32> = (1..=4).map(|id| event.score(id).halves()).collect();
    assert_eq!(scores, [5, 4, 3, 0]);
    // The same games scored 3/1/0 and 2/1/0.
    let three = four_player(
        [[FirstWins, Draw], [SecondWins, Draw], [FirstWins, SecondWins]],
        Scoring::THREE_ONE_ZERO,
    );
    assert_eq!(
        (1..=4).map(|id| three.score(id)).collect::<Vec<_>>(),
        [7, 5, 4, 0].map(Points::whole)
    );
    let two = four_player(
        [[FirstWins, Draw], [SecondWins, Draw], [FirstWins, SecondWins]],
        Scoring::TWO_ONE_ZERO,
    );
    assert_eq!(
        (1..=4).map(|id| two.score(id)).collect::<Vec<_>>(),
        [5, 4, 3, 0].map(Points::whole)
    );
}

#[test]
fn direct_encounter_orders_the_tied() {
    use GameResult::*;
    // 2 beats 3, 3 beats 4, 4 beats 2, 1 beats 4 and 2, 3 beats 1: 1 and 3 on 2, 2 and 4 on 1.
    let event = four_player(
        [[FirstWins, FirstWins], [SecondWins, FirstWins], [SecondWins, FirstWins]],
        Scoring::CLASSIC,
    );
    let order =
        |tbs: &[Tiebreak]| standings(&event, tbs).iter().map(|s| s.player).collect::<Vec<_>>();
    assert_eq!(order(&[]), [1, 3, 2, 4]);
    assert_eq!(order(&[Tiebreak::DirectEncounter]), [3, 1, 4, 2]);
    let rows = standings(&event, &[]);
    assert_eq!(rows.iter().map(|r| r.rank).collect::<Vec<_>>(), [1, 1, 3, 3], "ties share a rank");
}

#[test]
fn byes_forfeits_late_entries_and_withdrawals() {
    let mut event = event_with(3, Scoring::CLASSIC);
    event.planned_rounds = 3;
    let r1 = event.pair_round(&[Pairing::game(1, 2), Pairing::bye(3)]).unwrap();
    event.set_result(r1, 1, 2, GameResult::FirstWinsByForfeit).unwrap();
    assert_eq!(event.score(3), Points::whole(1), "pairing bye");
    assert_eq!(event.score(1), Points::whole(1), "forfeit win");
    assert_eq!(
        tiebreak_value(&event, 1, Tiebreak::SonnebornBerger),
        0.0,
        "a forfeit is not a game played"
    );
    // A late entry misses round 1; player 2 withdraws.
    let late = event.add_player("late", 1500).unwrap();
    assert_eq!(event.player(late).unwrap().entries[0].mark, Mark::ZeroBye);
    event.withdraw(2).unwrap();
    assert_eq!(event.available(), vec![1, 3, 4]);
    // Pairing someone absent, leaving someone out, or pairing twice is refused.
    assert_eq!(
        event.pair_round(&[Pairing::game(1, 2), Pairing::game(3, 4)]),
        Err(TournamentError::Absent { player: 2, round: 2 })
    );
    assert_eq!(
        event.pair_round(&[Pairing::game(1, 3)]),
        Err(TournamentError::NotPaired { player: 4, round: 2 })
    );
    assert_eq!(
        event.pair_round(&[Pairing::game(1, 3), Pairing::game(3, 4)]),
        Err(TournamentError::PairedTwice { player: 3, round: 2 })
    );
    assert_eq!(event.pair_round(&[Pairing::game(1, 9)]), Err(TournamentError::UnknownPlayer(9)));
    // A requested half-point bye for round 2.
    event.request_bye(4, 2, Mark::HalfBye).unwrap();
    let r2 = event.pair_round(&[Pairing::game(3, 1)]).unwrap();
    assert_eq!(r2, 2);
    assert_eq!(
        event.set_result(2, 1, 3, GameResult::Draw),
        Err(TournamentError::NoSuchGame { round: 2, first: 1, second: 3 })
    );
    event.set_result(2, 3, 1, GameResult::Draw).unwrap();
    assert_eq!(event.score(4).halves(), 1);
    assert_eq!(event.score(2), Points(0));
    event.validate().unwrap();
}

// ---------------------------------------------------------------- Swiss

#[test]
fn swiss_first_two_rounds_by_hand() {
    let mut event = event_with(8, Scoring::CLASSIC);
    let options = SwissOptions::default();
    let r1 = swiss::pair_next(&event, options).unwrap();
    // Top half against bottom half, sides alternating from board 1.
    assert_eq!(
        r1,
        vec![Pairing::game(1, 5), Pairing::game(6, 2), Pairing::game(3, 7), Pairing::game(8, 4)]
    );
    event.pair_round(&r1).unwrap();
    for p in &r1 {
        let (a, b) = (p.first, p.second.unwrap());
        let result = if a < b { GameResult::FirstWins } else { GameResult::SecondWins };
        event.set_result(1, a, b, result).unwrap();
    }
    // Winners 1–4 and losers 5–8 each pair S1 against S2, but the Dutch rules put
    // colour preferences before the S2 order: 1 and 3 (first side in round 1) both want
    // the second side, 2 and 4 the first; 1–4 and 2–3 give all four their wish, 1–3 and
    // 2–4 would deny two. Likewise 5–8 and 6–7 among the losers.
    let r2 = swiss::pair_next(&event, options).unwrap();
    assert_eq!(
        r2,
        vec![Pairing::game(4, 1), Pairing::game(2, 3), Pairing::game(5, 8), Pairing::game(7, 6)]
    );
    event.pair_round(&r2).unwrap();
    // Round 3 with all of round 2 drawn: groups 1½ {1 2 3 4}, ½ {5 6 7 8}. No rematches
    // and everyone alternates sides.
    for p in &r2 {
        event.set_result(2, p.first, p.second.unwrap(), GameResult::Draw).unwrap();
    }
    let r3 = swiss::pair_next(&event, options).unwrap();
    // 1 (w b) meets 2 (b w): 1 wants w, 2 wants b; 3 (w b) and 4 (b w) likewise.
    assert_eq!(r3[..2], [Pairing::game(1, 2), Pairing::game(3, 4)]);
    // By rating with an odd field: the lowest-rated gets the bye.
    let mut odd = event_with(7, Scoring::CLASSIC);
    odd.players[6].rating = 2500;
    let pairs =
        swiss::pair_next(&odd, SwissOptions { ranking: Ranking::Rating, initial: Side::Second })
            .unwrap();
    assert_eq!(pairs.last(), Some(&Pairing::bye(6)));
    // Without the bye, 7 1 2 against 3 4 5 by rating; 7 has pairing number 1 and the
    // initial side (second).
    assert_eq!(pairs[0], Pairing::game(3, 7));
}

#[test]
fn swiss_by_lot_is_reproducible() {
    let event = event_with(12, Scoring::CLASSIC);
    let a =
        swiss::pair_next(&event, SwissOptions { ranking: Ranking::Lot(7), initial: Side::First })
            .unwrap();
    let b =
        swiss::pair_next(&event, SwissOptions { ranking: Ranking::Lot(7), initial: Side::First })
            .unwrap();
    let c =
        swiss::pair_next(&event, SwissOptions { ranking: Ranking::Lot(8), initial: Side::First })
            .unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

fn random_result(rng: &mut Rng) -> GameResult {
    match rng.below(20) {
        0 => GameResult::FirstWinsByForfeit,
        1 => GameResult::SecondWinsByForfeit,
        2..=6 => GameResult::Draw,
        7..=13 => GameResult::FirstWins,
        _ => GameResult::SecondWins,
    }
}

/// Runs a Swiss event with random results, checking every round; returns it.
fn run_swiss(
    players: usize,
    rounds: u32,
    seed: u64,
    scoring: Scoring,
) -> Result<Event, TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut event = event_with(players, scoring);
    for p in &mut event.players {
        p.rating = rng.below(2000) as u16 + 1000;
    }
    event.planned_rounds = rounds;
    let ranking = if seed.is_multiple_of(2) { Ranking::Rating } else { Ranking::Lot(seed) };
    let options = SwissOptions { ranking, initial: Side::First };
    for round in 1..=rounds {
        // Now and then a late entry or a withdrawal.
        if rng.below(10) == 0 {
            event.add_player("late", 1000).unwrap();
        }
        if rng.below(10) == 0 && event.available().len() > 6 {
            let id = rng.below(event.players.len() as u64) as u32 + 1;
            event.withdraw(id).unwrap();
        }
        if rng.below(8) == 0 {
            // A requested half-point bye now and then.
            let id = rng.below(players as u64) as u32 + 1;
            let _ = event.request_bye(id, round, Mark::HalfBye);
        }
        let eligible_scores: Vec<Points> = event
            .available()
            .into_iter()
            .filter(|&id| !event.player(id).unwrap().had_scoring_bye())
            .map(|id| event.score(id))
            .collect();
        let pairs = swiss::pair_next(&event, options)
            .map_err(|e| TestCaseError::fail(format!("round {round}: {e}")))?;
        for p in &pairs {
            if p.second.is_none() {
                let me = event.player(p.first).unwrap();
                prop_assert!(!me.had_scoring_bye(), "round {}: second bye for {}", round, p.first);
                let lowest = eligible_scores.iter().min().unwrap();
                prop_assert_eq!(
                    event.score(p.first),
                    *lowest,
                    "round {}: the bye is not in the lowest group",
                    round
                );
            }
        }
        let r = event.pair_round(&pairs).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for p in &pairs {
            if let Some(s) = p.second {
                event.set_result(r, p.first, s, random_result(&mut rng)).unwrap();
            }
        }
        check_absolute_rules(&event)?;
    }
    Ok(event)
}

fn check_absolute_rules(event: &Event) -> Result<(), TestCaseError> {
    for p in &event.players {
        // A forfeited game was not played: the two may be paired again (FIDE C.04.1).
        let opponents: Vec<PlayerId> =
            p.entries.iter().filter(|e| e.played()).filter_map(|e| e.opponent).collect();
        let distinct: HashSet<_> = opponents.iter().collect();
        prop_assert_eq!(distinct.len(), opponents.len(), "player {} met someone twice", p.id);
        // In the last round a top scorer (over half the points possible before it) or
        // their opponent may get a third same side or a difference of three: the side
        // rules hold for the games before it, and for everyone else in it too.
        let last = event.planned_rounds as usize;
        let best = event.scoring.win.halves().max(event.scoring.draw.halves());
        let is_top = |id: PlayerId| {
            event.score_after(id, last as u32 - 1).halves() > (last as u32 - 1) * best / 2
        };
        let top = last > 0
            && p.entries.len() == last
            && (is_top(p.id) || p.entries[last - 1].opponent.is_some_and(is_top));
        let games = if top { &p.entries[..last - 1] } else { &p.entries[..] };
        let sides: Vec<Side> = games.iter().filter(|e| e.played()).filter_map(|e| e.side).collect();
        for w in sides.windows(3) {
            prop_assert!(
                !(w[0] == w[1] && w[1] == w[2]),
                "player {} had one side three times running (round {}, sides {:?})",
                p.id,
                event.rounds_paired(),
                sides
            );
        }
        let mut balance = 0i32;
        for s in &sides {
            balance += if *s == Side::First { 1 } else { -1 };
            prop_assert!(balance.abs() <= 2, "player {} side difference {}", p.id, balance);
        }
        let byes = p.entries.iter().filter(|e| e.mark == Mark::PairingBye).count();
        prop_assert!(byes <= 1, "player {} had {} pairing byes", p.id, byes);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn swiss_keeps_the_absolute_rules(players in 9usize..=60, rounds in 5u32..=9, seed in any::<u64>()) {
        // A field must be big enough for the rounds asked of it: with 11 players, 7
        // rounds can leave no pairing that keeps the absolute rules (the search is
        // exhaustive, so that is a property of the history, not of the search).
        let rounds = rounds.min((players as u32 / 2).max(5));
        let scoring = [Scoring::CLASSIC, Scoring::TWO_ONE_ZERO, Scoring::THREE_ONE_ZERO][(seed % 3) as usize];
        run_swiss(players, rounds, seed, scoring)?;
    }

    #[test]
    fn trf_reader_refuses_garbage_without_panicking(
        lines in proptest::collection::vec(
            ("(001|012|XXR|XXC|BBW|BBU|013)", "[ 0-9a-zA-Z.=+wb-]{0,130}"),
            0..12,
        ),
    ) {
        let text: String = lines.iter().map(|(code, rest)| format!("{code}{rest}\n")).collect();
        if let Ok(file) = trf::read(&text) {
            // Whatever is accepted is a consistent event that writes and reads back.
            file.event.validate().unwrap();
            prop_assert_eq!(trf::read(&trf::write(&file)).unwrap(), file);
        }
    }

    #[test]
    fn trf_reads_back_what_it_wrote(
        players in 2usize..=30,
        rounds in 0u32..=7,
        seed in any::<u64>(),
        names in proptest::collection::vec("[A-Za-z甲乙丙丁棋课][A-Za-z甲乙丙丁棋课 .]{0,25}[A-Za-z甲乙丙丁棋课]", 30),
    ) {
        let mut rng = Rng::new(seed);
        let scoring = [Scoring::CLASSIC, Scoring::TWO_ONE_ZERO, Scoring::THREE_ONE_ZERO][(seed % 3) as usize];
        let mut event = Event::new("校际赛 2026", scoring);
        event.planned_rounds = rounds + rng.below(3) as u32;
        for (i, name) in names.iter().take(players).enumerate() {
            event.add_player(name, if i % 4 == 0 { 0 } else { rng.below(3000) as u16 }).unwrap();
        }
        for round in 1..=rounds {
            if rng.below(4) == 0 {
                event.add_late_player("Late", 1200, if rng.below(2) == 0 { Mark::ZeroBye } else { Mark::HalfBye }).unwrap();
            }
            if rng.below(5) == 0 {
                let id = rng.below(event.players.len() as u64) as u32 + 1;
                event.withdraw(id).unwrap();
            }
            if event.available().len() < 2 {
                break;
            }
            let Ok(pairs) = swiss::pair_next(&event, SwissOptions::default()) else { break };
            let r = event.pair_round(&pairs).unwrap();
            prop_assert_eq!(r, round);
            for p in &pairs {
                // The last round keeps some games unfinished.
                if let (Some(s), false) = (p.second, round == rounds && rng.below(3) == 0) {
                    event.set_result(r, p.first, s, random_result(&mut rng)).unwrap();
                }
            }
        }
        let file = TrfFile { event, initial: if seed.is_multiple_of(5) { Side::Second } else { Side::First } };
        let text = trf::write(&file);
        let back = trf::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &file);
        prop_assert_eq!(trf::write(&back), text);
    }
}

// ---------------------------------------------------------------- TRF

/// A TRF player line laid out by the columns of the format: start number in 5–8, name in
/// 15–47, rating in 49–52, round cells from column 92 (opponent), 97 (side), 99 (result)
/// on, ten columns apart.
fn trf_row(id: u32, name: &str, rating: &str, cells: &[&str]) -> String {
    let mut line: Vec<char> = vec![' '; 89 + 10 * cells.len()];
    let mut put = |column: usize, text: &str| {
        for (k, c) in text.chars().enumerate() {
            line[column - 1 + k] = c;
        }
    };
    put(1, "001");
    put(5, &format!("{id:>4}"));
    put(15, name);
    put(49, &format!("{rating:>4}"));
    for (r, cell) in cells.iter().enumerate() {
        put(92 + 10 * r, cell);
    }
    line.into_iter().collect()
}

#[test]
fn trf_refuses_bad_files() {
    let good = format!(
        "012 Test\n{}\n{}\n",
        trf_row(1, "Alice", "1800", &["0002 w 1"]),
        trf_row(2, "Bob", "1700", &["0001 b 0"])
    );
    let good = good.as_str();
    let file = trf::read(good).unwrap();
    assert_eq!(file.event.players[0].name, "Alice");
    assert_eq!(file.event.players[1].rating, 1700);
    assert_eq!(file.event.score(1), Points::whole(1));
    // Lines ending in CRLF or a lone CR read the same.
    assert_eq!(trf::read(&good.replace('\n', "\r\n")).unwrap(), file);
    assert_eq!(trf::read(&good.replace('\n', "\r")).unwrap(), file);
    let one_sided = good.replace("0001 b 0", "0001 b 1");
    assert!(matches!(trf::read(&one_sided), Err(TournamentError::Inconsistent { round: 1, .. })));
    let bad_number = good.replace("001    2", "001    x");
    assert!(matches!(trf::read(&bad_number), Err(TournamentError::Trf { line: 3, .. })));
    let gap = good.replace("001    2", "001    3");
    assert!(matches!(trf::read(&gap), Err(TournamentError::Trf { .. })));
    let bad_result = good.replace("0002 w 1", "0002 w 7");
    assert!(matches!(trf::read(&bad_result), Err(TournamentError::Trf { line: 2, .. })));
    assert!(matches!(trf::read("XXR many\n"), Err(TournamentError::Trf { line: 1, .. })));
    let cut = &good[..good.len() / 2];
    assert!(trf::read(cut).is_err());
}

// ---------------------------------------------------------------- knockout

#[test]
fn knockout_brackets_series_and_podium() {
    assert_eq!(knockout::seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(knockout::seed_order(16)[..4], [1, 16, 8, 9]);
    let seeds: Vec<PlayerId> = vec![11, 12, 13, 14, 15];
    let first = knockout::first_round(&seeds).unwrap();
    assert_eq!(
        first,
        vec![Pairing::bye(11), Pairing::game(14, 15), Pairing::bye(12), Pairing::bye(13)],
        "three byes go to the top three seeds"
    );
    // The better seed always wins: 1st, 2nd, and seed 3 beats seed 4 for third.
    let podium = knockout::run(&[1, 2, 3, 4, 5, 6, 7, 8], |a, b| a.min(b)).unwrap();
    assert_eq!((podium.champion, podium.runner_up, podium.third), (1, 2, Some(3)));
    assert_eq!(podium.rounds.len(), 3);
    let upset = knockout::run(&[1, 2, 3, 4, 5, 6], |a, b| a.max(b)).unwrap();
    assert_eq!((upset.champion, upset.runner_up), (6, 5));
    use GameResult::*;
    assert_eq!(knockout::series(3, &[FirstWins, FirstWins]), Series::AWins);
    assert_eq!(knockout::series(3, &[FirstWins, SecondWins]), Series::Continue);
    assert_eq!(knockout::series(3, &[Draw, Draw, Draw]), Series::NeedsDecider);
    assert_eq!(knockout::series(3, &[Draw, Draw, Draw, SecondWins]), Series::BWins);
    assert_eq!(knockout::series(3, &[Draw, SecondWins, Draw]), Series::BWins);
    assert_eq!(knockout::series(1, &[Draw]), Series::NeedsDecider);
    let groups = knockout::groups_by_lot(&(1..=10).collect::<Vec<_>>(), 3, 5).unwrap();
    assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [4, 3, 3]);
    let all: HashSet<_> = groups.iter().flatten().collect();
    assert_eq!(all.len(), 10);
    assert_ne!(groups, knockout::groups_by_lot(&(1..=10).collect::<Vec<_>>(), 3, 6).unwrap());
    assert!(knockout::first_round(&[1]).is_err());
}

// ---------------------------------------------------------------- CLI

#[test]
fn cli_pairs_and_ranks_a_trf() {
    let dir = tempfile::tempdir().unwrap();
    let mut event = run_swiss(11, 3, 42, Scoring::CLASSIC).unwrap();
    event.planned_rounds = 5;
    let path = dir.path().join("event.trf");
    std::fs::write(&path, trf::write(&TrfFile { event: event.clone(), initial: Side::First }))
        .unwrap();
    let path = path.to_str().unwrap();
    let (ok, out, err) = qike(&["tournament", "pair", "--trf", path]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let expect = swiss::pair_next(&event, SwissOptions::default()).unwrap();
    assert_eq!(lines[0], "6");
    assert_eq!(lines.len(), 7);
    for (line, p) in lines[1..].iter().zip(&expect) {
        assert_eq!(*line, format!("{} {}", p.first, p.second.unwrap_or(0)));
    }
    assert!(lines[6].ends_with(" 0"), "the bye is listed as n 0");
    let (ok, out, err) =
        qike(&["tournament", "standings", "--trf", path, "--tiebreaks", "sb,buchholz"]);
    assert!(ok, "{err}");
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 11);
    let table = standings(&event, &[Tiebreak::SonnebornBerger, Tiebreak::Buchholz]);
    let top: Vec<&str> = rows[0].split_whitespace().collect();
    assert_eq!(top[1], table[0].player.to_string());
    assert_eq!(top[3].parse::<f64>().unwrap(), table[0].score);
    // Typed errors, not panics.
    let (ok, _, err) = qike(&["tournament", "pair", "--trf", "/nonexistent.trf"]);
    assert!(!ok && err.contains("cannot read"));
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, trf_row(1, "A", "", &["0005 w 1"]) + "\n").unwrap();
    let (ok, _, err) = qike(&["tournament", "pair", "--trf", bad.to_str().unwrap()]);
    assert!(!ok && err.contains("start number 5"), "{err}");
    let (ok, _, _) = qike(&["tournament", "standings", "--trf", path, "--tiebreaks", "luck"]);
    assert!(!ok);
    let (ok, _, _) = qike(&["tournament", "shuffle", "--trf", path]);
    assert!(!ok);
}

#[test]
fn cli_runs_a_double_elimination_bracket_from_its_winners() {
    let next = |players: &str, winners: &str| {
        let (ok, out, err) =
            qike(&["tournament", "double", "--players", players, "--winners", winners]);
        assert!(ok, "{err}");
        out
    };
    // Four players: 1–4 and 2–3, then the winners' final and the losers' first game.
    assert_eq!(next("4", ""), "2\n1 4\n2 3\n");
    assert_eq!(next("4", "1 2"), "2\n1 2\n3 4\n");
    // 3 comes back through the losers' side and beats 1 in the final: a second final.
    assert_eq!(next("4", "1 2/1 3"), "1\n3 2\n");
    assert_eq!(next("4", "1 2/1 3/3"), "1\n1 3\n");
    assert_eq!(next("4", "1 2/1 3/3/1"), "champion 1\n");
    assert_eq!(next("4", "1 2/1 3/3/3"), "1\n3 1\n");
    assert_eq!(next("4", "1 2/1 3/3/3/3"), "champion 3\n");
    // An odd field: byes need no winner entered.
    assert_eq!(next("5", "").lines().filter(|l| l.ends_with(" 0")).count(), 3);
    // Typed refusals, not panics.
    for (players, winners, says) in [
        ("4", "1 4", "did not play"),
        ("4", "1 2 3", "more winners than games"),
        ("4", "1", "has no winner"),
        ("4", "1 x", "not a number"),
        ("4", "1 2/1 3/3/1/1", "already has its champion"),
        ("1", "", "too few"),
    ] {
        let (ok, _, err) =
            qike(&["tournament", "double", "--players", players, "--winners", winners]);
        assert!(!ok && err.contains(says), "{players} {winners}: {err}");
    }
}

// ---------------------------------------------------------------- against bbpPairings

/// Pairs random events round by round with both this crate and bbpPairings (Dutch), when
/// `QIKE_BBPPAIRINGS` names the program; prints a skip message otherwise. Each round's
/// TRF written here must be accepted by bbpPairings (or, late in a small event, both
/// must find no pairing), and every round must agree board for board, sides included;
/// the differing rounds are listed otherwise.
#[test]
fn swiss_against_bbppairings() {
    let Some(program) = std::env::var_os("QIKE_BBPPAIRINGS") else {
        println!(
            "skipped: set QIKE_BBPPAIRINGS to a bbpPairings executable to compare Swiss pairings"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (mut same, mut same_games, mut rounds) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut first_difference = None;
    let mut differing = Vec::new();
    let events: u64 =
        std::env::var("QIKE_BBP_EVENTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100);
    // Other sizes of event for study: QIKE_BBP_PLAYERS=60-80, QIKE_BBP_ROUNDS=9-11.
    let span = |name: &str, low: u64, high: u64| {
        let text = std::env::var(name).unwrap_or_default();
        let parsed =
            text.split_once('-').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
        parsed.filter(|(a, b)| a <= b).unwrap_or((low, high))
    };
    let (fewest, most) = span("QIKE_BBP_PLAYERS", 7, 60);
    let (shortest, longest) = span("QIKE_BBP_ROUNDS", 5, 9);
    for seed in 0..events {
        let mut rng = Rng::new(seed);
        let players = (fewest + rng.below(most - fewest + 1)) as usize;
        let mut event = event_with(players, Scoring::CLASSIC);
        event.planned_rounds = (shortest + rng.below(longest - shortest + 1)) as u32;
        for round in 1..=event.planned_rounds {
            let input = dir.path().join("in.trf");
            let output = dir.path().join("out.txt");
            std::fs::write(
                &input,
                trf::write(&TrfFile { event: event.clone(), initial: Side::First }),
            )
            .unwrap();
            let status = Command::new(&program)
                .arg("--dutch")
                .arg(&input)
                .arg("-p")
                .arg(&output)
                .status()
                .expect("run bbpPairings");
            if !status.success() {
                // No pairing exists (a small field late in the event): the event ends here.
                assert!(round > 1, "seed {seed}: bbpPairings refused round 1 ({status})");
                assert!(
                    swiss::pair_next(&event, SwissOptions::default()).is_err(),
                    "seed {seed} round {round}: bbpPairings found no pairing but we did"
                );
                break;
            }
            let text = std::fs::read_to_string(&output).unwrap();
            let mut theirs: Vec<Pairing> = text
                .lines()
                .skip(1)
                .map(|l| {
                    let mut n = l.split_whitespace().map(|x| x.parse::<u32>().unwrap());
                    let (a, b) = (n.next().unwrap(), n.next().unwrap());
                    if b == 0 { Pairing::bye(a) } else { Pairing::game(a, b) }
                })
                .collect();
            // A round we cannot pair where bbpPairings can counts as a difference.
            let mut ours = swiss::pair_next(&event, SwissOptions::default()).unwrap_or_else(|e| {
                failures.push(format!("seed {seed} round {round} ({players} players): {e}"));
                Vec::new()
            });
            let agree = {
                let key = |p: &Pairing| (p.first, p.second);
                ours.sort_by_key(key);
                theirs.sort_by_key(key);
                ours == theirs
            };
            let unordered = |ps: &[Pairing]| {
                let mut v: Vec<(u32, u32)> = ps
                    .iter()
                    .map(|p| {
                        (p.first.min(p.second.unwrap_or(0)), p.first.max(p.second.unwrap_or(0)))
                    })
                    .collect();
                v.sort();
                v
            };
            if !agree && round > 1 {
                differing.push(format!("seed {seed} round {round} ({players} players)"));
            }
            // A folder to keep every differing round's TRF in, for study (every round's
            // with QIKE_BBP_KEEP_ALL set).
            if ((!agree && round > 1) || std::env::var_os("QIKE_BBP_KEEP_ALL").is_some())
                && let Some(keep) = std::env::var_os("QIKE_BBP_KEEP")
            {
                let name = format!("seed{seed}-round{round}.trf");
                let _ = std::fs::copy(&input, std::path::Path::new(&keep).join(name));
            }
            if !agree && first_difference.is_none() {
                first_difference = Some(format!(
                    "seed {seed} round {round}\nours   {:?}\ntheirs {:?}",
                    unordered(&ours),
                    unordered(&theirs)
                ));
            }
            if round > 1 && unordered(&ours) == unordered(&theirs) {
                same_games += 1;
            }
            if round == 1 {
                assert!(agree, "seed {seed}: round 1 differs\nours {ours:?}\ntheirs {theirs:?}");
            } else {
                rounds += 1;
                same += usize::from(agree);
            }
            // Continue the event with bbpPairings' pairing, so both see the same history.
            let r = event.pair_round(&theirs).unwrap();
            for p in &theirs {
                if let Some(s) = p.second {
                    event.set_result(r, p.first, s, random_result(&mut rng)).unwrap();
                }
            }
        }
    }
    println!(
        "bbpPairings comparison over {events} events: of {rounds} later rounds, {same_games} have the same games and {same} also the same sides"
    );
    println!("rounds we could not pair: {failures:?}");
    println!("rounds that differ: {differing:?}");
    if let Some(d) = &first_difference {
        println!("first difference: {d}");
    }
    // Every round must agree, board for board and side for side.
    assert!(
        differing.is_empty() && failures.is_empty(),
        "{same} of {rounds} later rounds agree; these differ: {differing:?}; not paired: {failures:?}"
    );
}

// ---------------------------------------------------------------- stages

#[test]
fn groups_then_knockout_and_knockout_then_last_four() {
    use qike_core::tournament::stages;
    let players: Vec<PlayerId> = (1..=16).collect();
    let groups = stages::group_stage(&players, 4, 11).unwrap();
    assert_eq!(groups.len(), 4);
    for g in &groups {
        assert_eq!(g.players.len(), 4);
        assert_eq!(g.rounds.len(), 3);
        let mut met = HashSet::new();
        for p in g.rounds.iter().flatten() {
            let s = p.second.unwrap();
            assert!(g.players.contains(&p.first) && g.players.contains(&s));
            assert!(met.insert((p.first.min(s), p.first.max(s))));
        }
        assert_eq!(met.len(), 6);
    }
    // Two qualifiers from each of 2, 4 and 8 groups: no group meets itself in round 1.
    for count in [2usize, 4, 8] {
        let places: Vec<Vec<PlayerId>> =
            (0..count as u32).map(|g| vec![100 + g, 200 + g]).collect();
        let seeds = stages::knockout_seeds(&places);
        assert_eq!(seeds.len(), 2 * count);
        for p in knockout::first_round(&seeds).unwrap() {
            let s = p.second.unwrap();
            assert_ne!(p.first % 100, s % 100, "{count} groups: {} meets {}", p.first, s);
        }
    }
    // A knockout of 11 down to the last four, better seed winning: seeds 1–4 remain.
    let last = stages::knockout_until(&(1..=11).collect::<Vec<_>>(), 4, |a, b| a.min(b)).unwrap();
    let mut sorted = last.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 2, 3, 4]);
    assert_eq!(round_robin::berger(last.len()).unwrap().len(), 3);
    assert!(stages::knockout_until(&[1, 2, 3], 0, |a, _| a).is_err());
}

// ---------------------------------------------------------------- teams

#[test]
fn team_matches_give_board_and_match_points() {
    use GameResult::*;
    use qike_core::tournament::teams;
    // Four boards: 2½–1½ for the first team (xiangqi 2/1/0: 5–3).
    let score = teams::team_match(&[FirstWins, Draw, SecondWins, FirstWins], Scoring::CLASSIC);
    assert_eq!((score.first, score.second, score.result), (Points(5), Points(3), FirstWins));
    let xq = teams::team_match(&[FirstWins, Draw, SecondWins, FirstWins], Scoring::TWO_ONE_ZERO);
    assert_eq!((xq.first, xq.second), (Points::whole(5), Points::whole(3)));
    let level = teams::team_match(&[FirstWins, SecondWinsByForfeit], Scoring::CLASSIC);
    assert_eq!(level.result, Draw);
    assert!(teams::first_team_first_on(1, true) && !teams::first_team_first_on(2, true));
    assert!(teams::first_team_first_on(2, false));
    // Three teams in a round robin, match points 2/1/0, board points as the tie-break.
    let mut event = Event::new("团体赛", Scoring::TWO_ONE_ZERO);
    for name in ["一班", "二班", "三班"] {
        event.add_player(name, 0).unwrap();
    }
    // Berger for 3: 2–3 (1 has the bye), 1–2 (3 has it), 3–1 (2 has it); boards seen
    // from the first-listed team.
    let boards: [[GameResult; 4]; 3] = [
        [FirstWins, FirstWins, Draw, Draw],              // 2 beats 3, 3–1
        [FirstWins, Draw, Draw, Draw],                   // 1 beats 2, 2½–1½
        [SecondWins, FirstWins, SecondWins, SecondWins], // 1 beats 3, 3–1
    ];
    let mut matches = Vec::new();
    for round in &round_robin::berger(3).unwrap() {
        let r = event.pair_round(round).unwrap();
        for p in round {
            if let Some(s) = p.second {
                let score = teams::team_match(&boards[matches.len()], Scoring::CLASSIC);
                event.set_result(r, p.first, s, score.result).unwrap();
                matches.push((p.first, s, score));
            }
        }
    }
    // Match points from the matches (byes aside): 1 has two wins, 2 one, 3 none.
    let from_matches: Vec<Points> = (1..=3)
        .map(|id| {
            let entries = &event.player(id).unwrap().entries;
            entries
                .iter()
                .filter(|e| e.opponent.is_some())
                .map(|e| event.scoring.points(e.mark))
                .sum()
        })
        .collect();
    assert_eq!(from_matches, [4, 2, 0].map(Points::whole));
    // Board points: 1 has 2½ + 3, 2 has 3 + 1½, 3 has 1 + 1.
    assert_eq!(teams::board_point_totals(3, &matches), [Points(11), Points(9), Points(4)]);
    let order: Vec<PlayerId> = standings(&event, &[]).iter().map(|r| r.player).collect();
    assert_eq!(order, [1, 2, 3]);
}

// ---------------------------------------------------------------- Dutch rounds checked

/// Pairs a round read from a TRF (start numbers as pairing numbers, the file's first
/// side) and checks it against `reference`: `(first, second)` by start number, a bye as
/// `(n, 0)`, in any order.
fn pairs_like(text: &str, reference: &[(u32, u32)]) {
    let file = trf::read(text).unwrap();
    let options = SwissOptions { ranking: Ranking::StartNumber, initial: file.initial };
    let mut ours: Vec<(u32, u32)> = swiss::pair_next(&file.event, options)
        .unwrap()
        .iter()
        .map(|p| (p.first, p.second.unwrap_or(0)))
        .collect();
    ours.sort_unstable();
    let mut reference = reference.to_vec();
    reference.sort_unstable();
    assert_eq!(ours, reference);
}

// The rounds below once came out differently here. Their reference pairings are
// bbpPairings' (Dutch), computed once with that program built from its public source,
// and written down.

/// Round 8 of 18 players: the three of 3 points cannot play each other and float into
/// the 2½ group. The next bracket counts only games against its own residents (two
/// floaters paired together are not its games), so the floater of 3 who leaves it next
/// must still find a game below: 13 against 17 of 2 points.
const FLOATERS_APART: &str = r"012 test
XXR 9
XXC white1
001    1      P1                                2000                             5.0    3  0010 w 1  0007 b =  0004 w 1  0005 w 1  0002 b =  0011 w 0  0009 b 1
001    2      P2                                1990                             4.0    6  0011 b 0  0017 w 1  0013 b 1  0008 w 1  0001 w =  0007 b 0  0004 w =
001    3      P3                                1980                             2.5   14  0012 w +  0009 w +  0005 b 0  0011 w -  0013 w 0  0012 w =  0018 b 0
001    4      P4                                1970                             4.5    4  0013 b 1  0011 w =  0001 b 0  0018 w 1  0007 b =  0009 w 1  0002 b =
001    5      P5                                1960                             4.5    4  0014 w 1  0015 b 1  0003 w 1  0001 b 0  0011 w -  0013 b 1  0011 w =
001    6      P6                                1950                             3.5    8  0015 b 0  0013 w 0  0014 b =  0016 w 1  0018 b 1  0008 w =  0010 b =
001    7      P7                                1940                             5.5    1  0016 w 1  0001 w =  0011 b =  0009 b 1  0004 w =  0002 w 1  0008 b 1
001    8      P8                                1930                             3.0   11  0017 b 0  0014 w 1  0015 w +  0002 b 0  0015 w =  0006 b =  0007 w 0
001    9      P9                                1920                             3.0   11  0018 w 1  0003 b -  0017 b 1  0007 w 0  0012 b 1  0004 b 0  0001 w 0
001   10      P10                               1910                             3.5    8  0001 b 0  0016 w 1  0018 b =  0013 w 0  0017 b 1  0015 b =  0006 w =
001   11      P11                               1900                             5.5    1  0002 w 1  0004 b =  0007 w =  0003 b +  0005 b +  0001 b 1  0005 b =
001   12      P12                               1890                             2.5   14  0003 b -  0018 b 0  0016 b 1  0017 w 1  0009 w 0  0003 b =  0014 w 0
001   13      P13                               1880                             3.0   11  0004 w 0  0006 b 1  0002 w 0  0010 b 1  0003 b 1  0005 w 0  0015 w 0
001   14      P14                               1870                             2.5   14  0005 b 0  0008 b 0  0006 w =  0015 w 0  0016 b 0  0017 w 1  0012 b 1
001   15      P15                               1860                             4.0    6  0006 w 1  0005 w 0  0008 b -  0014 b 1  0008 b =  0010 w =  0013 b 1
001   16      P16                               1850                             1.0   18  0007 b 0  0010 b 0  0012 w 0  0006 b 0  0014 w 1  0018 w 0  0017 b 0
001   17      P17                               1840                             2.0   17  0008 w 1  0002 b 0  0009 w 0  0012 b 0  0010 w 0  0014 b 0  0016 w 1
001   18      P18                               1830                             3.5    8  0009 b 0  0012 w 1  0010 w =  0004 b 0  0006 w 0  0016 b 1  0003 w 1
";

#[test]
fn the_next_bracket_counts_no_game_between_two_floaters() {
    pairs_like(
        FLOATERS_APART,
        &[(5, 7), (11, 15), (6, 1), (4, 10), (18, 2), (8, 12), (14, 9), (17, 13), (16, 3)],
    );
}

/// Round 6 of 10 players: 1 and 3 (3 points) float into the 2½ group, where only one of
/// them can be paired. Which of 8 or 9 plays 1 decides whether 3 can then play 5 in the
/// 2-point group with the rest still pairable: the next bracket's games are judged
/// with the round still completable.
const NEXT_BRACKET_COMPLETES: &str = r"012 test
XXR 7
XXC white1
001    1      P1                                2000                             3.0    2  0006 w =  0002 b =  0010 w =  0003 w 1  0004 b =
001    2      P2                                1990                             1.5    9  0007 b 0  0001 w =  0009 b =  0005 w =  0010 b 0
001    3      P3                                1980                             3.0    2  0008 w 1  0010 b 1  0004 w =  0001 b 0  0009 w =
001    4      P4                                1970                             4.0    1  0009 b 1  0007 w 1  0003 b =  0006 w 1  0001 w =
001    5      P5                                1960                             2.0    8  0010 w 0  0006 b =  0008 w 0  0002 b =  0007 w 1
001    6      P6                                1950                             2.5    5  0001 b =  0005 w =  0007 b +  0004 b 0  0008 w =
001    7      P7                                1940                             1.0   10  0002 w 1  0004 b 0  0006 w -  0009 w 0  0005 b 0
001    8      P8                                1930                             2.5    5  0003 b 0  0009 w =  0005 b 1  0010 w =  0006 b =
001    9      P9                                1920                             2.5    5  0004 w 0  0008 b =  0002 w =  0007 b 1  0003 b =
001   10      P10                               1910                             3.0    2  0005 b 1  0003 w 0  0001 b =  0008 b =  0002 w 1
";

#[test]
fn the_next_bracket_is_judged_with_the_round_completable() {
    pairs_like(NEXT_BRACKET_COMPLETES, &[(10, 4), (9, 1), (5, 3), (2, 6), (8, 7)]);
}

/// Round 8 of 14 players: 14 (5 points) floats into the 3½ group and can play 10 or
/// 13. Whoever of them is left floats on; 10 could play someone of 3 points, but then
/// the lowest players could not all be paired. So that next-bracket game does not
/// count, and 14 plays 10, who floated down last round too.
const NEXT_BRACKET_GAME_THAT_CANNOT_BE: &str = r"012 test
XXR 8
XXC white1
001    1      P1                                2000                             2.0   13  0008 w 1  0010 b 0  0004 w 0  0013 b 1  0003 w -  0005 w 0  0002 b 0
001    2      P2                                1990                             3.0   10  0009 b 0  0007 w =  0003 b 0  0005 w +  0006 w =  0013 b 0  0001 w 1
001    3      P3                                1980                             3.5    6  0010 w 0  0014 b =  0002 w 1  0007 w =  0001 b +  0009 b 0  0013 w =
001    4      P4                                1970                             3.5    6  0011 b 1  0009 w =  0001 b 1  0010 w 1  0012 w 0  0007 b 0  0014 b 0
001    5      P5                                1960                             1.0   14  0012 w 0  0011 b -  0008 b 0  0002 b -  0013 w 0  0001 b 1  0006 w 0
001    6      P6                                1950                             3.0   10  0013 b 1  0012 w 0  0009 b 0  0011 w =  0002 b =  0008 w 0  0005 b 1
001    7      P7                                1940                             5.0    2  0014 w =  0002 b =  0013 w 1  0003 b =  0010 b +  0004 w 1  0012 b =
001    8      P8                                1930                             2.5   12  0001 b 0  0013 w -  0005 w 1  0014 w =  0011 b 0  0006 b 1  0010 w -
001    9      P9                                1920                             4.0    4  0002 w 1  0004 b =  0006 w 1  0012 b 0  0014 b 0  0003 w 1  0011 b =
001   10      P10                               1910                             3.5    6  0003 b 1  0001 w 1  0012 b =  0004 b 0  0007 w -  0011 w 0  0008 b +
001   11      P11                               1900                             4.0    4  0004 w 0  0005 w +  0014 b -  0006 b =  0008 w 1  0010 b 1  0009 w =
001   12      P12                               1890                             5.5    1  0005 b 1  0006 b 1  0010 w =  0009 w 1  0004 b 1  0014 w =  0007 w =
001   13      P13                               1880                             3.5    6  0006 w 0  0008 b +  0007 b 0  0001 w 0  0005 b 1  0002 w 1  0003 b =
001   14      P14                               1870                             5.0    2  0007 b =  0003 w =  0011 w +  0008 b =  0009 w 1  0012 b =  0004 w 1
";

#[test]
fn a_next_bracket_game_that_leaves_the_round_unpaired_does_not_count() {
    pairs_like(
        NEXT_BRACKET_GAME_THAT_CANNOT_BE,
        &[(11, 12), (9, 7), (10, 14), (4, 3), (8, 13), (6, 1), (2, 5)],
    );
}

/// Round 7 of 11 players: 8 and 11 float into the 3-point group and only one of them
/// can be paired there. The candidates pairing 8 alone leave 11 to float: the search
/// must judge them with 11 as a floater (a higher score for the next bracket), or it
/// cuts off the one that gives the fewest players their side (7 against 8, 4 against 5).
const ONE_OF_TWO_MOVED_DOWN: &str = r"012 test
XXR 9
XXC white1
001    1      P1                                2000                             2.5    9  0006 w -  0003 w 1  0007 b 0  0010 b =  0002 w -  0000 - U
001    2      P2                                1990                             3.0    5  0007 b =  0005 w 0  0009 w 0  0000 - U  0001 b +  0004 b =
001    3      P3                                1980                             3.5    4  0008 w 0  0001 b 0  0000 - U  0007 w 1  0004 b =  0010 w +
001    4      P4                                1970                             3.0    5  0009 b 0  0000 - U  0010 w 1  0008 b 0  0003 w =  0002 w =
001    5      P5                                1960                             3.0    5  0010 w =  0002 b 1  0008 w =  0006 b 0  0011 b +  0011 b 0
001    6      P6                                1950                             4.5    1  0001 b +  0009 w +  0011 b 0  0005 w 1  0008 b =  0007 w 1
001    7      P7                                1940                             3.0    5  0002 w =  0010 b =  0001 w 1  0003 b 0  0009 w 1  0006 b 0
001    8      P8                                1930                             4.5    1  0003 b 1  0011 w =  0005 b =  0004 w 1  0006 w =  0009 b 1
001    9      P9                                1920                             2.5    9  0004 w 1  0006 b -  0002 b 1  0011 w =  0007 b 0  0008 w 0
001   10      P10                               1910                             2.5    9  0005 b =  0007 w =  0004 b 0  0001 w =  0000 - U  0003 b -
001   11      P11                               1900                             4.0    3  0000 - U  0008 b =  0006 w 1  0009 b =  0005 w -  0005 w 1
";

#[test]
fn a_moved_down_player_left_out_floats_in_the_search_bound() {
    pairs_like(ONE_OF_TWO_MOVED_DOWN, &[(3, 6), (7, 8), (1, 11), (5, 4), (2, 10), (9, 0)]);
}

/// Round 3 of 40 players: 36 (1½ points) floats into the big 1-point group. Its first
/// choice of opponent, 2, floated up last round and would float up again; 36 plays 3
/// and 2 stays level. The search must drop every candidate with 36 against 2 at once
/// (a moved-down game that repeats an upfloat), not walk through all of them first.
const REPEATED_UPFLOAT: &str = r"012 test
XXR 8
XXC white1
001    1      P1                                2000                             2.0    1  0021 w 1  0024 b 1
001    2      P2                                1990                             1.0   12  0022 b =  0038 w =
001    3      P3                                1980                             1.0   12  0023 w 1  0026 b 0
001    4      P4                                1970                             1.0   12  0024 b -  0021 b 1
001    5      P5                                1960                             1.0   12  0025 w 1  0035 b 0
001    6      P6                                1950                             0.5   30  0026 b -  0023 b =
001    7      P7                                1940                             1.0   12  0027 w 1  0039 b 0
001    8      P8                                1930                             0.5   30  0028 b 0  0040 w =
001    9      P9                                1920                             0.5   30  0029 w =  0033 b 0
001   10      P10                               1910                             0.5   30  0030 b =  0022 w 0
001   11      P11                               1900                             2.0    1  0031 w +  0028 w 1
001   12      P12                               1890                             1.0   12  0032 b =  0030 w =
001   13      P13                               1880                             1.0   12  0033 w =  0037 b =
001   14      P14                               1870                             1.5    6  0034 b 1  0036 w =
001   15      P15                               1860                             0.0   36  0035 w -  0025 b 0
001   16      P16                               1850                             0.0   36  0036 b 0  0031 w 0
001   17      P17                               1840                             1.0   12  0037 w =  0029 b =
001   18      P18                               1830                             0.0   36  0038 b 0  0034 w 0
001   19      P19                               1820                             0.0   36  0039 w 0  0027 b 0
001   20      P20                               1810                             0.5   30  0040 b =  0032 w 0
001   21      P21                               1800                             0.0   36  0001 b 0  0004 w 0
001   22      P22                               1790                             1.5    6  0002 w =  0010 b 1
001   23      P23                               1780                             0.5   30  0003 b 0  0006 w =
001   24      P24                               1770                             1.0   12  0004 w +  0001 w 0
001   25      P25                               1760                             1.0   12  0005 b 0  0015 w 1
001   26      P26                               1750                             2.0    1  0006 w +  0003 w 1
001   27      P27                               1740                             1.0   12  0007 b 0  0019 w 1
001   28      P28                               1730                             1.0   12  0008 w 1  0011 b 0
001   29      P29                               1720                             1.0   12  0009 b =  0017 w =
001   30      P30                               1710                             1.0   12  0010 w =  0012 b =
001   31      P31                               1700                             1.0   12  0011 b -  0016 b 1
001   32      P32                               1690                             1.5    6  0012 w =  0020 b 1
001   33      P33                               1680                             1.5    6  0013 b =  0009 w 1
001   34      P34                               1670                             1.0   12  0014 w 0  0018 b 1
001   35      P35                               1660                             2.0    1  0015 b +  0005 w 1
001   36      P36                               1650                             1.5    6  0016 w 1  0014 b =
001   37      P37                               1640                             1.0   12  0017 b =  0013 w =
001   38      P38                               1630                             1.5    6  0018 w 1  0002 b =
001   39      P39                               1620                             2.0    1  0019 b 1  0007 w 1
001   40      P40                               1610                             1.0   12  0020 w =  0008 b =
";

#[test]
fn a_moved_down_player_avoids_an_opponent_who_would_float_up_again() {
    pairs_like(
        REPEATED_UPFLOAT,
        &[
            (1, 26),
            (39, 11),
            (22, 35),
            (38, 14),
            (32, 33),
            (36, 3),
            (28, 2),
            (4, 25),
            (5, 27),
            (7, 37),
            (31, 12),
            (13, 29),
            (17, 30),
            (40, 24),
            (34, 10),
            (6, 20),
            (9, 8),
            (15, 23),
            (19, 16),
            (21, 18),
        ],
    );
}

/// Round 7 of 18 players: one of 11, 16 and 17 (3 points) floats into the 2½ group. With
/// 17 there, 17–2 and 9–15 would make two games of that bracket, but then nobody left
/// could play 13 or 14. Among the pairings that complete the round, the 2½ group has one
/// game whoever comes down, so it is 11 who floats: 17 floated down last round.
const COMPLETION_IN_THE_NEXT_BRACKET: &str = r"012 test
XXR 8
XXC white1
001    1      P1                                2000                             1.5   16  0010 w =  0012 b 0  0009 w 0  0014 b =  0002 w 0  0013 b =
001    2      P2                                1990                             2.5   12  0011 b =  0003 w -  0010 w 0  0013 w =  0001 b 1  0009 b =
001    3      P3                                1980                             4.5    2  0012 w =  0002 b +  0011 b 1  0008 w 1  0018 w -  0018 w 1
001    4      P4                                1970                             3.5    5  0013 b 1  0015 w 1  0008 b 0  0016 w 0  0012 w =  0014 b 1
001    5      P5                                1960                             3.5    5  0014 w 1  0016 b =  0012 w =  0018 b 0  0017 w 1  0011 b =
001    6      P6                                1950                             1.0   18  0015 b 0  0013 w 1  0018 b 0  0017 w -  0014 w 0  0017 b 0
001    7      P7                                1940                             3.5    5  0016 w 0  0014 b 1  0017 w 1  0012 b =  0015 w +  0008 b 0
001    8      P8                                1930                             5.0    1  0017 b 1  0018 w 1  0004 w 1  0003 b 0  0016 b 1  0007 w 1
001    9      P9                                1920                             2.5   12  0018 w 0  0017 b 0  0001 b 1  0011 w 1  0010 b 0  0002 w =
001   10      P10                               1910                             3.5    5  0001 b =  0011 w 0  0002 b 1  0015 w -  0009 w 1  0015 w 1
001   11      P11                               1900                             3.0    9  0002 w =  0010 b 1  0003 w 0  0009 b 0  0013 w 1  0005 w =
001   12      P12                               1890                             4.0    3  0003 b =  0001 w 1  0005 b =  0007 w =  0004 b =  0016 w 1
001   13      P13                               1880                             1.5   16  0004 w 0  0006 b 0  0014 w =  0002 b =  0011 b 0  0001 w =
001   14      P14                               1870                             2.0   15  0005 b 0  0007 w 0  0013 b =  0001 w =  0006 b 1  0004 w 0
001   15      P15                               1860                             2.5   12  0006 w 1  0004 b 0  0016 w =  0010 b +  0007 b -  0010 b 0
001   16      P16                               1850                             3.0    9  0007 b 1  0005 w =  0015 b =  0004 b 1  0008 w 0  0012 b 0
001   17      P17                               1840                             3.0    9  0008 w 0  0009 w 1  0007 b 0  0006 b +  0005 b 0  0006 w 1
001   18      P18                               1830                             4.0    3  0009 b 1  0008 b 0  0006 w 1  0005 w 1  0003 b +  0003 b 0
";

#[test]
fn the_next_brackets_own_games_count_only_in_a_completed_round() {
    pairs_like(
        COMPLETION_IN_THE_NEXT_BRACKET,
        &[(8, 12), (5, 3), (18, 4), (7, 10), (16, 17), (15, 11), (2, 14), (13, 9), (6, 1)],
    );
}

/// Round 8 of 35 players: in the 2½ group 9 plays 15 or 18, and the other floats into the
/// 2-point group. There 17 must take the bye (23 and 13 had one) and 26, below, needs an
/// opponent: in every pairing that completes the round that bracket has one game,
/// whoever floats. So the floater is 18, not 15 who got the bye last round.
const NEXT_BRACKET_WITH_A_BYE: &str = r"012 test
XXR 8
XXC white1
001    1      P1                                2000                             5.0    3  0018 w 1  0020 b 0  0016 w 1  0035 b 1  0022 w =  0030 b =  0014 w 1
001    2      P2                                1990                             3.5   17  0019 b 0  0023 w 1  0024 b 1  0027 w =  0029 b 0  0028 w =  0031 b =
001    3      P3                                1980                             4.5    7  0020 w 0  0018 b =  0032 w 1  0024 b +  0027 b =  0006 w 1  0021 b =
001    4      P4                                1970                             3.0   23  0021 b -  0025 w 1  0028 b 0  0031 w 1  0034 b 1  0027 w 0  0016 b 0
001    5      P5                                1960                             4.0   10  0022 w 0  0028 b -  0023 b 1  0015 w =  0024 b +  0018 b +  0011 b =
001    6      P6                                1950                             3.5   17  0023 b 1  0019 w 0  0031 b =  0034 w 1  0035 w 1  0003 b 0  0029 b 0
001    7      P7                                1940                             2.5   28  0024 w 0  0029 b 0  0026 w 1  0025 b 0  0023 w 1  0032 b =  0035 w 0
001    8      P8                                1930                             4.0   10  0025 b 1  0021 w 0  0034 b 0  0017 w =  0031 b =  0015 w 1  0028 b 1
001    9      P9                                1920                             2.5   28  0026 w =  0010 b +  0019 b 0  0010 w =  0028 b =  0022 b 0  0025 w 0
001   10      P10                               1910                             4.0   10  0027 b =  0009 w -  0018 w 1  0009 b =  0016 w 1  0033 b 1  0030 w -
001   11      P11                               1900                             4.0   10  0028 w 1  0022 b 0  0029 w 0  0032 b 1  0025 w =  0035 b 1  0005 w =
001   12      P12                               1890                             4.0   10  0029 b 1  0024 w =  0027 b =  0028 w 1  0019 b 0  0021 w 0  0033 w 1
001   13      P13                               1880                             2.0   32  0030 w 0  0032 b 0  0017 w 0  0018 b 0  0000 - U  0023 w 0  0026 b +
001   14      P14                               1870                             5.5    1  0031 b 1  0034 w +  0022 w 1  0020 b =  0030 w 1  0019 w 1  0001 b 0
001   15      P15                               1860                             2.5   28  0032 w 1  0030 b 0  0033 w 0  0005 b =  0018 w 0  0008 b 0  0000 - U
001   16      P16                               1850                             4.0   10  0033 b 1  0035 w 0  0001 b 0  0026 w 1  0010 b 0  0034 w 1  0004 w 1
001   17      P17                               1840                             2.0   32  0034 w -  0031 w 0  0013 b 1  0008 b =  0033 w 0  0024 b =  0034 w 0
001   18      P18                               1830                             2.5   28  0001 b 0  0003 w =  0010 b 0  0013 w 1  0015 b 1  0005 w -  0032 w -
001   19      P19                               1820                             5.5    1  0002 w 1  0006 b 1  0009 w 1  0030 b =  0012 w 1  0014 b 0  0020 w 1
001   20      P20                               1810                             5.0    3  0003 b 1  0001 w 1  0035 b =  0014 w =  0021 b 1  0029 w 1  0019 b 0
001   21      P21                               1800                             4.5    7  0004 w +  0008 b 1  0030 w 0  0033 b 1  0020 w 0  0012 b 1  0003 w =
001   22      P22                               1790                             4.0   10  0005 b 1  0011 w 1  0014 b 0  0029 w =  0001 b =  0009 w 1  0027 b 0
001   23      P23                               1780                             2.0   32  0006 w 0  0002 b 0  0005 w 0  0000 - U  0007 b 0  0013 b 1  0024 w 0
001   24      P24                               1770                             3.0   23  0007 b 1  0012 b =  0002 w 0  0003 w -  0005 w -  0017 w =  0023 b 1
001   25      P25                               1760                             3.5   17  0008 w 0  0004 b 0  0000 - U  0007 w 1  0011 b =  0031 w 0  0009 b 1
001   26      P26                               1750                             1.5   35  0009 b =  0027 w 0  0007 b 0  0016 b 0  0032 w 0  0000 - U  0013 w -
001   27      P27                               1740                             5.0    3  0010 w =  0026 b 1  0012 w =  0002 b =  0003 w =  0004 b 1  0022 w 1
001   28      P28                               1730                             3.0   23  0011 b 0  0005 w +  0004 w 1  0012 b 0  0009 w =  0002 b =  0008 w 0
001   29      P29                               1720                             4.5    7  0012 w 0  0007 w 1  0011 b 1  0022 b =  0002 w 1  0020 b 0  0006 w 1
001   30      P30                               1710                             5.0    3  0013 b 1  0015 w 1  0021 b 1  0019 w =  0014 b 0  0001 w =  0010 b +
001   31      P31                               1700                             3.5   17  0014 w 0  0017 b 1  0006 w =  0004 b 0  0008 w =  0025 b 1  0002 w =
001   32      P32                               1690                             3.5   17  0015 b 0  0013 w 1  0003 b 0  0011 w 0  0026 b 1  0007 w =  0018 b +
001   33      P33                               1680                             3.0   23  0016 w 0  0000 - U  0015 b 1  0021 w 0  0017 b 1  0010 w 0  0012 b 0
001   34      P34                               1670                             3.0   23  0017 b +  0014 b -  0008 w 1  0006 b 0  0004 w 0  0016 b 0  0017 b 1
001   35      P35                               1660                             3.5   17  0000 - U  0016 b 1  0020 w =  0001 w 0  0006 b 0  0011 w 0  0007 b 1
";

#[test]
fn the_next_bracket_is_judged_with_the_bye_and_the_round_completed() {
    pairs_like(
        NEXT_BRACKET_WITH_A_BYE,
        &[
            (14, 27),
            (1, 19),
            (20, 30),
            (3, 29),
            (5, 21),
            (8, 16),
            (10, 11),
            (22, 12),
            (2, 25),
            (6, 32),
            (35, 31),
            (4, 33),
            (24, 28),
            (34, 7),
            (15, 9),
            (18, 23),
            (26, 13),
            (17, 0),
        ],
    );
}

/// Round 6 of 29 players: 12 and 28 (1½ points) float into the last bracket, where 21 (1
/// point, who had a bye) plays one of them and the other gets the bye. 28 floated down
/// last round as well, and pairing him is what the scores of repeated downfloaters ask:
/// the search bound must let either moved-down player of that score be the paired one.
const REPEATED_DOWNFLOATER_MOVED_DOWN: &str = r"012 test
XXR 9
XXC white1
001    1      P1                                2000                             3.5    2  0015 w 1  0027 b 0  0017 w 1  0010 b =  0026 w +
001    2      P2                                1990                             2.0   18  0016 b 1  0020 w 0  0024 b 0  0015 w 0  0028 b 1
001    3      P3                                1980                             2.5   12  0017 w =  0023 b 1  0027 w 0  0018 b 1  0010 w 0
001    4      P4                                1970                             2.0   18  0018 b =  0028 w =  0026 b =  0024 w =  0015 b 0
001    5      P5                                1960                             3.0   10  0019 w 0  0015 b 1  0016 w 0  0023 b +  0006 b 1
001    6      P6                                1950                             2.0   18  0020 b 0  0013 w 1  0028 b +  0016 b 0  0005 w 0
001    7      P7                                1940                             3.5    2  0021 w +  0024 w 1  0020 b 0  0029 w 1  0016 b =
001    8      P8                                1930                             3.5    2  0022 b +  0026 w 1  0029 b 1  0009 w 0  0020 b =
001    9      P9                                1920                             3.5    2  0023 w =  0025 b 1  0014 w 1  0008 b 1  0027 w -
001   10      P10                               1910                             3.5    2  0024 b 0  0021 w +  0019 w 1  0001 w =  0003 b 1
001   11      P11                               1900                             2.5   12  0025 w =  0017 b 0  0023 w =  0019 b =  0029 b 1
001   12      P12                               1890                             1.5   25  0026 b 0  0022 w =  0018 b -  0025 b 1  0018 w 0
001   13      P13                               1880                             2.0   18  0027 w 0  0006 b 0  0021 w +  0028 w =  0022 b =
001   14      P14                               1870                             3.5    2  0028 b =  0018 w 1  0009 b 0  0022 w 1  0024 b 1
001   15      P15                               1860                             3.0   10  0001 b 0  0005 w 0  0000 - U  0002 b 1  0004 w 1
001   16      P16                               1850                             3.5    2  0002 w 0  0000 - U  0005 b 1  0006 w 1  0007 w =
001   17      P17                               1840                             2.5   12  0003 b =  0011 w 1  0001 b 0  0026 w -  0019 w 1
001   18      P18                               1830                             2.5   12  0004 w =  0014 b 0  0012 w +  0003 w 0  0012 b 1
001   19      P19                               1820                             1.5   25  0005 b 1  0029 w 0  0010 b 0  0011 w =  0017 b 0
001   20      P20                               1810                             3.5    2  0006 w 1  0002 b 1  0007 w 1  0027 b 0  0008 w =
001   21      P21                               1800                             1.0   29  0007 b -  0010 b -  0013 b -  0000 - U  0023 b -
001   22      P22                               1790                             2.0   18  0008 w -  0012 b =  0025 w 1  0014 b 0  0013 w =
001   23      P23                               1780                             2.0   18  0009 b =  0003 w 0  0011 b =  0005 w -  0021 w +
001   24      P24                               1770                             2.5   12  0010 w 1  0007 b 0  0002 w 1  0004 b =  0014 w 0
001   25      P25                               1760                             1.5   25  0011 b =  0009 w 0  0022 b 0  0012 w 0  0000 - U
001   26      P26                               1750                             2.5   12  0012 w 1  0008 b 0  0004 w =  0017 b +  0001 b -
001   27      P27                               1740                             5.0    1  0013 b 1  0001 w 1  0003 b 1  0020 w 1  0009 b +
001   28      P28                               1730                             1.5   25  0014 w =  0004 b =  0006 w -  0013 b =  0002 w 0
001   29      P29                               1720                             2.0   18  0000 - U  0019 b 1  0008 w 0  0007 b 0  0011 w 0
";

#[test]
fn a_moved_down_player_who_floated_down_before_is_the_one_paired() {
    pairs_like(
        REPEATED_DOWNFLOATER_MOVED_DOWN,
        &[
            (7, 27),
            (14, 1),
            (8, 16),
            (9, 20),
            (10, 15),
            (5, 3),
            (11, 24),
            (18, 26),
            (13, 17),
            (2, 22),
            (4, 29),
            (23, 6),
            (19, 25),
            (21, 28),
            (12, 0),
        ],
    );
}
