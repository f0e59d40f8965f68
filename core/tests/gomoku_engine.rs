//! The gomoku engine: fives, blocks, VCF (checked against a plain exhaustive search),
//! renju forbidden points, determinism, levels, a session to the end, and the Gomocup
//! protocol.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{Mix, scattered_moves};
use qike_core::Rng;
use qike_core::ai::gomoku::{GomokuEngine, vcf};
use qike_core::ai::{AnyEngine, Engine, Level, Limits, Verdict, levels, play_level};
use qike_core::gomoku::notation::{format_points, parse_game, parse_point, point_name};
use qike_core::gomoku::{BoardSize, Game, Stone, is_win};
use qike_core::progress::Timestamp;
use qike_core::session::{GameSession, TapResult};
use qike_core::{AnyGame, GameKind, GameSetup, GomokuRule, MoveInput, Point, Side};

const S: BoardSize = BoardSize::Fifteen;

fn game(moves: &str, rule: GomokuRule) -> Game {
    parse_game(moves, rule, S).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

fn pt(name: &str) -> Point {
    parse_point(name, S).unwrap()
}

fn engine() -> AnyEngine {
    AnyEngine::for_game(GameKind::Gomoku { rule: GomokuRule::Renju }, 2).unwrap()
}

fn best(g: &Game, nodes: u64) -> Point {
    let a = engine().analyse(&AnyGame::Gomoku(g.clone()), &Limits::nodes(nodes), 0);
    match a.best {
        Some(MoveInput::Place { at }) => at,
        other => panic!("no placement: {other:?}"),
    }
}

#[test]
fn completes_a_five_and_blocks_a_four() {
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard, GomokuRule::Renju] {
        // Black h8 i8 j8 k8 against white's scattered stones; white blocked g8.
        let g = game("h8 g8 i8 a1 j8 a3 k8", rule);
        // White must block l8 (its only defence) …
        assert_eq!(best(&g, 2_000), pt("l8"), "{rule:?}");
        let level1 = Level::get(GameKind::Gomoku { rule }, 1).unwrap();
        for seed in 0..5 {
            let m = play_level(
                &mut engine(),
                &AnyGame::Gomoku(g.clone()),
                &level1,
                &mut Rng::new(seed),
                true,
            );
            assert_eq!(m, Some(MoveInput::Place { at: pt("l8") }), "{rule:?} seed {seed}");
        }
        // … and after a white move elsewhere black completes the five.
        let g = game("h8 g8 i8 a1 j8 a3 k8 o15", rule);
        let a = engine().analyse(&AnyGame::Gomoku(g.clone()), &Limits::nodes(2_000), 0);
        assert_eq!(a.best, Some(MoveInput::Place { at: pt("l8") }));
        assert!(a.decisive && a.score > 0);
        for seed in 0..5 {
            let m = play_level(
                &mut engine(),
                &AnyGame::Gomoku(g.clone()),
                &level1,
                &mut Rng::new(seed),
                true,
            );
            assert_eq!(m, Some(MoveInput::Place { at: pt("l8") }));
        }
    }
}

#[test]
fn an_open_four_cannot_be_stopped_and_the_engine_knows() {
    // Black h8 i8 j8 k8 open at both ends: white is lost whatever it plays.
    let g = game("h8 a1 i8 a3 j8 a5 k8", GomokuRule::Freestyle);
    let a = engine().analyse(&AnyGame::Gomoku(g), &Limits::nodes(5_000), 0);
    assert!(a.decisive && a.score < 0, "{a:?}");
    assert!(a.candidates.iter().all(|c| c.loses));
}

// ---- VCF ---------------------------------------------------------------------------

/// Every empty point where `stone` would win now.
fn wins_anywhere(g: &Game, stone: Stone) -> Vec<Point> {
    g.board()
        .points()
        .filter(|&p| g.board().is_empty_at(p) && is_win(g.board(), p, stone, g.rule()))
        .collect()
}

/// The points where `stone` would win that lie on a line through `p` (a new five point
/// after a stone on `p` must).
fn wins_through(g: &Game, p: Point, stone: Stone) -> Vec<Point> {
    let mut out = Vec::new();
    for (df, dr) in [(1i32, 0i32), (0, 1), (1, 1), (1, -1)] {
        for k in -4i32..=4 {
            let (f, r) = (i32::from(p.file) + k * df, i32::from(p.rank) + k * dr);
            if !(0..15).contains(&f) || !(0..15).contains(&r) {
                continue;
            }
            let q = Point::new(f as u8, r as u8);
            if g.board().is_empty_at(q)
                && is_win(g.board(), q, stone, g.rule())
                && !out.contains(&q)
            {
                out.push(q);
            }
        }
    }
    out
}

/// Plain exhaustive search: can the side to move win by fours with at most `depth` of
/// its own moves (the five included)? Every empty point is tried; the game's own rules
/// refuse black's forbidden points.
fn brute_vcf(g: &Game, depth: u32) -> bool {
    let att = g.stone_to_move();
    let def = att.opponent();
    if !wins_anywhere(g, att).is_empty() {
        return true;
    }
    if depth <= 1 {
        return false;
    }
    let threats = wins_anywhere(g, def);
    if threats.len() >= 2 {
        return false;
    }
    let tries: Vec<Point> = match threats.first() {
        Some(&b) => vec![b],
        None => g.board().points().filter(|&p| g.board().is_empty_at(p)).collect(),
    };
    for p in tries {
        let mut g2 = g.clone();
        if g2.play(p).is_err() {
            continue;
        }
        let fives = wins_through(&g2, p, att);
        match fives.as_slice() {
            [] => continue,
            [b] => {
                let mut g3 = g2.clone();
                // A block black may not play (renju) loses on the spot.
                if g3.play(*b).is_err() || brute_vcf(&g3, depth - 1) {
                    return true;
                }
            }
            _ => return true,
        }
    }
    false
}

/// Replays a solver line: each attacker move is legal and a four (or the five), each
/// defence the forced block, and the line ends in a five.
fn check_line(g: &Game, line: &[Point]) {
    let att = g.stone_to_move();
    let mut g = g.clone();
    for (k, &m) in line.iter().enumerate() {
        let played = g.play(m).unwrap_or_else(|e| panic!("move {k} {}: {e}", point_name(m)));
        if k + 1 == line.len() {
            assert!(played.outcome.is_some(), "the line ends in a five");
            return;
        }
        let fives = wins_anywhere(&g, att);
        assert!(!fives.is_empty(), "{} is not a four", point_name(m));
        if fives.len() >= 2 || g.clone().play(fives[0]).is_err() {
            // Two five points, or the only block is forbidden for black: the next move
            // is the attacker's five.
            assert_eq!(k + 2, line.len(), "the line ends with the five");
            assert!(fives.contains(&line[k + 1]));
            return;
        }
        g.play(fives[0]).unwrap();
    }
    panic!("the line has no five");
}

/// A random crowded position in a 7×7 square around the centre, `att` to move.
fn random_position(rng: &mut Mix, rule: GomokuRule, att: Stone) -> Option<Game> {
    let whites = 6 + rng.next(4) as usize;
    let moves = scattered_moves(rng, whites, att);
    let g = Game::from_moves(rule, S, &moves).ok()?;
    // A five already on offer is too easy.
    (g.outcome().is_none() && wins_anywhere(&g, att).is_empty()).then_some(g)
}

#[test]
fn vcf_agrees_with_exhaustive_search() {
    let mut rng = Mix::new(2024);
    let (mut wins, mut none, mut renju_wins) = (0, 0, 0);
    let mut tried = 0;
    while (wins < 50 || none < 50 || renju_wins < 10) && tried < 5_000 {
        tried += 1;
        let rule =
            [GomokuRule::Renju, GomokuRule::Freestyle, GomokuRule::Standard][rng.next(3) as usize];
        let att = if rng.next(2) == 0 { Stone::Black } else { Stone::White };
        let Some(g) = random_position(&mut rng, rule, att) else { continue };
        let truth = brute_vcf(&g, 3);
        if !truth && none >= 50 {
            continue;
        }
        let found = vcf(&g, 3);
        let moves = format_points(g.moves());
        assert_eq!(found.is_some(), truth, "{rule:?} {moves}: solver {found:?}");
        if let Some(line) = found {
            check_line(&g, &line);
            // The shortest: no VCF with fewer moves exists.
            let shorter = line.len() as u32 - 1;
            assert!(shorter == 0 || !brute_vcf(&g, shorter), "{moves}: not the shortest");
            wins += 1;
            renju_wins += usize::from(rule == GomokuRule::Renju);
        } else {
            none += 1;
        }
    }
    eprintln!("{wins} with a VCF ({renju_wins} renju), {none} without, of {tried} tried");
    assert!(wins >= 50 && none >= 50 && renju_wins >= 10, "{wins} {none} {renju_wins}");
}

#[test]
fn renju_forbidden_points_break_and_make_fours() {
    // White e5 f6 g7, black d4 below: white i9 makes a four whose only block is h8, a
    // double three for black (i8 j8 across, h9 h10 up).
    let moves = "i8 e5 j8 f6 h9 g7 h10 o15 d4";
    for (rule, white_wins) in [(GomokuRule::Renju, true), (GomokuRule::Freestyle, false)] {
        let g = game(moves, rule);
        assert_eq!(g.stone_to_move(), Stone::White);
        assert_eq!(brute_vcf(&g, 2), white_wins, "{rule:?}");
        let found = vcf(&g, 2);
        assert_eq!(found.is_some(), white_wins, "{rule:?}: {found:?}");
        if let Some(line) = found {
            assert_eq!(line.first(), Some(&pt("i9")));
            check_line(&g, &line);
        }
    }
    // Black e5 f6 g7 (white d4), g8 i8, h9 h10: h8 makes a four and two threes, a
    // forbidden four-three-three under renju, so black has no VCF there; in freestyle
    // h8 wins (four, then a straight four).
    let moves = "e5 d4 f6 a1 g7 a3 g8 a5 i8 a7 h9 a9 h10 a11";
    for (rule, black_wins) in [(GomokuRule::Renju, false), (GomokuRule::Freestyle, true)] {
        let g = game(moves, rule);
        assert_eq!(brute_vcf(&g, 3), black_wins, "{rule:?}");
        let found = vcf(&g, 3);
        assert_eq!(found.is_some(), black_wins, "{rule:?}: {found:?}");
        if let Some(line) = found {
            check_line(&g, &line);
        }
    }
}

#[test]
fn the_engine_plays_a_vcf_and_the_hint_names_it() {
    // The freestyle position above: black wins by fours starting at h8.
    let g = game("e5 d4 f6 a1 g7 a3 g8 a5 i8 a7 h9 a9 h10 a11", GomokuRule::Freestyle);
    let a = engine().analyse(&AnyGame::Gomoku(g.clone()), &Limits::nodes(20_000), 0);
    assert!(a.decisive && a.score > 0);
    let Some(MoveInput::Place { at }) = a.best else { panic!("no move") };
    let mut after = g.clone();
    after.play(at).unwrap();
    assert!(!wins_anywhere(&after, Stone::Black).is_empty(), "the first move is a four");
    let text = GomokuEngine::new(1).hint_text(&g, 20_000).unwrap();
    assert!(text.en.starts_with("black wins by VCF: "), "{}", text.en);
    assert!(text.zh.starts_with("黑有冲四胜"), "{}", text.zh);
    // Under renju h8 is forbidden: the engine never plays it, nor does any level.
    let g = game("e5 d4 f6 a1 g7 a3 g8 a5 i8 a7 h9 a9 h10 a11", GomokuRule::Renju);
    assert!(g.check(pt("h8")).is_err());
    assert_ne!(best(&g, 20_000), pt("h8"));
    let kind = GameKind::Gomoku { rule: GomokuRule::Renju };
    for level in levels(kind) {
        let l = level.with_nodes(3_000);
        for seed in 0..3 {
            let m = play_level(
                &mut engine(),
                &AnyGame::Gomoku(g.clone()),
                &l,
                &mut Rng::new(seed),
                true,
            );
            assert_ne!(m, Some(MoveInput::Place { at: pt("h8") }), "level {}", l.number);
        }
    }
}

#[test]
fn the_hint_names_the_threat_it_answers() {
    // White has an open three f10 g10 h10 in the open; black to move.
    let g = game("h8 f10 i9 g10 a1 h10", GomokuRule::Freestyle);
    let h = engine().hint(&AnyGame::Gomoku(g.clone()), 5_000).unwrap();
    let Some(MoveInput::Place { at }) = h.threat else { panic!("no threat: {h:?}") };
    assert!(["e10", "i10"].contains(&point_name(at).as_str()), "{h:?}");
    let Some(MoveInput::Place { at: mv }) = Some(h.mv) else { panic!() };
    assert!(["d10", "e10", "i10", "j10"].contains(&point_name(mv).as_str()), "{h:?}");
}

#[test]
fn fixed_nodes_give_the_same_analysis() {
    let g = AnyGame::Gomoku(game("h8 i9 h9 h10 g8 i8 i7", GomokuRule::Renju));
    let a = engine().analyse(&g, &Limits::nodes(4_000), 300);
    let mut e = engine();
    let b = e.analyse(&g, &Limits::nodes(4_000), 300);
    // The same engine again, after another search.
    e.analyse(&AnyGame::Gomoku(game("h8 h9", GomokuRule::Renju)), &Limits::nodes(3_000), 0);
    let c = e.analyse(&g, &Limits::nodes(4_000), 300);
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert!(a.candidates.len() > 1 && a.nodes > 0);
}

#[test]
fn every_level_returns_a_legal_move() {
    for rule in [GomokuRule::Freestyle, GomokuRule::Standard, GomokuRule::Renju] {
        let kind = GameKind::Gomoku { rule };
        assert_eq!(levels(kind).len(), 10);
        let positions = [game("", rule), game("h8", rule), game("h8 i9 h9 h10 g8 i8 i7 j10", rule)];
        for (k, level) in levels(kind).iter().enumerate() {
            let g = &positions[k % positions.len()];
            let m = play_level(
                &mut engine(),
                &AnyGame::Gomoku(g.clone()),
                &level.with_nodes(2_000),
                &mut Rng::new(k as u64),
                true,
            );
            let Some(MoveInput::Place { at }) = m else {
                panic!("level {} gave {m:?}", level.number)
            };
            assert!(g.check(at).is_ok(), "level {} played {}", level.number, point_name(at));
        }
    }
}

#[test]
fn a_renju_session_against_level_one_plays_to_the_end() {
    let setup = GameSetup::Gomoku { rule: GomokuRule::Renju, opening: None };
    let mut s =
        GameSession::new(setup, Side::First, Some(1), 3, Timestamp(0)).unwrap().with_hash_mb(2);
    // The child (black) is played by level 4 through the same pick path.
    let child = Level::get(s.kind(), 4).unwrap().with_nodes(3_000);
    let mut e = engine();
    let mut plies = 0;
    while s.outcome().is_none() {
        assert!(plies < 225, "the game ends");
        if s.is_engine_turn() {
            s.engine_move_now().unwrap();
        } else {
            let m = play_level(&mut e, s.game(), &child, &mut Rng::new(plies), true);
            let Some(MoveInput::Place { at }) = m else { panic!("no move") };
            assert!(matches!(s.tap(at), TapResult::Moved { .. }), "black {at:?} refused");
        }
        plies += 1;
    }
    let g = s.game().as_gomoku().unwrap();
    // No forbidden move ended it: black never plays one, the refusal policy holds.
    assert!(
        !matches!(
            s.outcome(),
            Some(qike_core::Outcome::Win { reason: qike_core::WinReason::ForbiddenMove, .. })
        ),
        "{:?}",
        s.outcome()
    );
    assert!(g.moves().len() >= 9);
}

// ---- Gomocup -------------------------------------------------------------------------

fn gomocup(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(["engine", "gomoku"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect()
}

#[test]
fn gomocup_session() {
    let out = gomocup(
        "ABOUT\nSTART 20\nSTART 15\nINFO timeout_turn 300\nINFO rule 4\nBEGIN\n\
         TURN 8,8\nTURN 8,8\nTURN 99,1\nFOO\nRECTSTART 15,10\nEND\nTURN 1,1\n",
    );
    assert!(out[0].starts_with("name=\"qike\""), "{out:?}");
    assert!(out[1].starts_with("ERROR"));
    assert_eq!(out[2], "OK");
    // Black's first stone goes to the centre, 7,7 in Gomocup coordinates.
    assert_eq!(out[3], "7,7");
    let reply = &out[4];
    assert!(reply.split(',').count() == 2 && reply != "7,7" && reply != "8,8", "{out:?}");
    assert!(out[5].starts_with("ERROR"), "8,8 is taken: {out:?}");
    assert!(out[6].starts_with("ERROR"), "99,1 is off the board");
    assert!(out[7].starts_with("UNKNOWN"));
    assert!(out[8].starts_with("ERROR"));
    assert_eq!(out.len(), 9, "nothing after END: {out:?}");
}

#[test]
fn gomocup_board_blocks_a_four_and_completes_a_five() {
    // Opponent (2) has 4,7 5,7 6,7 7,7 with 3,7 taken by us: we must play 8,7.
    let out = gomocup(
        "START 15\nINFO timeout_turn 500\nBOARD\n4,7,2\n3,7,1\n5,7,2\n0,0,1\n6,7,2\n\
         0,14,1\n7,7,2\nDONE\nEND\n",
    );
    assert_eq!(out, ["OK", "8,7"]);
    // Our own four (1) on the same squares: we win at 8,7.
    let out = gomocup(
        "START 15\nBOARD\n4,7,1\n3,7,2\n5,7,1\n0,0,2\n6,7,1\n0,14,2\n7,7,1\n14,14,2\nDONE\nEND\n",
    );
    assert_eq!(out, ["OK", "8,7"]);
}

#[test]
fn gomocup_nineteen_lines_and_takeback() {
    let out = gomocup("START 19\nBEGIN\nTURN 10,10\nTAKEBACK 10,10\nTAKEBACK 10,10\nEND\n");
    assert_eq!(out[..2], ["OK", "9,9"]);
    let reply = &out[2];
    assert!(reply != "9,9" && reply != "10,10", "{out:?}");
    assert_eq!(out[3], "OK");
    assert!(out[4].starts_with("ERROR"), "{out:?}");
}

#[test]
fn the_review_marks_a_missed_five_and_a_missed_block() {
    // Black h8 i8 j8 k8 (g8 white): white a5 ignores the four, and black then plays o15
    // instead of the five at l8, which white blocks.
    let g = game("h8 g8 i8 a1 j8 a3 k8 a5 o15 l8", GomokuRule::Freestyle);
    let black = engine().review(&AnyGame::Gomoku(g.clone()), Side::First, 3_000);
    assert_eq!(black.len(), 5);
    let missed = black.iter().find(|r| r.ply == 8).unwrap();
    assert_eq!(missed.verdict, Verdict::Blunder, "{missed:?}");
    assert_eq!(missed.best, MoveInput::Place { at: pt("l8") });
    let white = engine().review(&AnyGame::Gomoku(g), Side::Second, 3_000);
    let ignored = white.iter().find(|r| r.ply == 7).unwrap();
    assert_eq!(ignored.verdict, Verdict::Blunder, "{white:?}");
    assert_eq!(ignored.best, MoveInput::Place { at: pt("l8") });
    assert!(white.iter().any(|r| r.ply == 9 && r.verdict == Verdict::Good), "{white:?}");
}

#[test]
fn level_one_often_misses_an_open_three_and_level_seven_never_does() {
    // White f10 g10 h10 is an open three; only e10 and i10 stop it.
    let g = AnyGame::Gomoku(game("h8 f10 i9 g10 a1 h10", GomokuRule::Freestyle));
    let kind = GameKind::Gomoku { rule: GomokuRule::Freestyle };
    let defended = |n: u32| {
        let level = Level::get(kind, n).unwrap().with_nodes(5_000);
        (0..30)
            .filter(|&seed| {
                let m = play_level(&mut engine(), &g, &level, &mut Rng::new(seed), true);
                [Some(MoveInput::Place { at: pt("e10") }), Some(MoveInput::Place { at: pt("i10") })]
                    .contains(&m)
            })
            .count()
    };
    let (one, seven) = (defended(1), defended(7));
    let middle: Vec<usize> = (2..=6).map(defended).collect();
    eprintln!("of 30 seeds level 1 defended {one}, levels 2–6 {middle:?}, level 7 {seven}");
    assert!(one < 30, "level 1 always defended");
    assert_eq!(seven, 30);
}
