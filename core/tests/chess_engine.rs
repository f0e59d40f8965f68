//! The chess engine: mates, material, determinism, the stop flag, the levels, a whole
//! game through the session, the endgame knowledge, the coach, and UCI over stdin.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use qike_core::Rng;
use qike_core::ai::chess::{ChessEngine, MATE, Searcher, move_in};
use qike_core::ai::{AnyEngine, Engine, Level, Limits, Verdict, play_level};
use qike_core::chess::{Game, Move, Position};
use qike_core::progress::Timestamp;
use qike_core::session::GameSession;
use qike_core::{AnyGame, GameKind, GameSetup, MoveInput, PieceKind, Side};

fn game_at(fen: &str) -> AnyGame {
    AnyGame::Chess(Game::from_position(Position::from_fen(fen).unwrap()))
}

fn chess_game(g: &AnyGame) -> &Game {
    g.as_chess().unwrap()
}

fn best_move(fen: &str, limits: Limits) -> (Move, i32) {
    let g = game_at(fen);
    let mut e = ChessEngine::new(4);
    let a = e.analyse(&g, &limits, 0);
    let m = move_in(chess_game(&g).position(), a.best.unwrap()).unwrap();
    (m, a.score)
}

fn mates_in_one(pos: &Position) -> bool {
    pos.legal_moves().into_iter().any(|m| pos.after(m).unwrap().is_checkmate())
}

#[test]
fn finds_mate_in_one() {
    for (fen, mv) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
        ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3", "f3f7"),
        ("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1", "g1g7"),
    ] {
        let (m, score) = best_move(fen, Limits::depth(3));
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.after(m).unwrap().is_checkmate(), "{fen}: {m} is not mate");
        assert_eq!(score, MATE - 1, "{fen}");
        if mv != "g1g7" {
            assert_eq!(m.uci(), mv);
        }
    }
}

#[test]
fn finds_mate_in_two() {
    // Two rooks: cut the king off on the seventh, then mate on the eighth.
    for fen in ["7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "r5k1/5ppp/8/8/8/8/1Q3PPP/1R4K1 w - - 0 1"] {
        let (m, score) = best_move(fen, Limits::depth(5));
        assert_eq!(score, MATE - 3, "{fen}: {m}");
        let after = Position::from_fen(fen).unwrap().after(m).unwrap();
        assert!(!after.legal_moves().is_empty());
        for reply in after.legal_moves() {
            let next = after.after(reply).unwrap();
            assert!(mates_in_one(&next), "{fen}: after {m} {reply} there is no mate");
        }
    }
}

/// Positions from the middle of games: a piece under attack, pieces that can be taken
/// for free, exchanges on offer.
const MIDDLEGAMES: [&str; 6] = [
    "rnbqkbnr/pppp1ppp/8/8/4p3/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5",
    "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2N1BN2/PP3PPP/2R3K1 w - - 0 20",
];

#[test]
fn levels_eight_and_up_do_not_hang_pieces() {
    let mut judge = ChessEngine::new(16);
    for fen in MIDDLEGAMES {
        let g = game_at(fen);
        // Every root move scored exactly at depth 5.
        let verdict = judge.analyse(&g, &Limits::depth(5), 100_000);
        let best = verdict.candidates[0].score;
        for n in 8..=10 {
            let level = Level::get(GameKind::Chess, n).unwrap().with_nodes(20_000);
            for seed in 0..4 {
                let mut e = AnyEngine::for_game(GameKind::Chess, 4).unwrap();
                let m = play_level(&mut e, &g, &level, &mut Rng::new(seed), true).unwrap();
                let c = verdict.candidates.iter().find(|c| c.mv == m).unwrap();
                assert!(
                    c.score >= best - 250,
                    "level {n} seed {seed} in {fen}: {m:?} scores {} against {best}",
                    c.score
                );
            }
        }
    }
}

fn level_one_plays(fen: &str, from: &str, to: &str, tries: u64) -> usize {
    let g = game_at(fen);
    let level = Level::get(GameKind::Chess, 1).unwrap();
    let mut e = AnyEngine::for_game(GameKind::Chess, 4).unwrap();
    let sq = |t: &str| qike_core::chess::parse_square(t).unwrap();
    (0..tries)
        .filter(|&s| {
            let m = play_level(&mut e, &g, &level, &mut Rng::new(s), true).unwrap();
            let MoveInput::Step { from: f, to: t, .. } = m else { return false };
            f == sq(from) && (to.is_empty() || t == sq(to))
        })
        .count()
}

#[test]
fn level_one_grabs_hanging_pieces_and_sometimes_misses_threats() {
    // The black queen on g5 hangs to the bishop on c1.
    let takes = level_one_plays(
        "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 1 3",
        "c1",
        "g5",
        40,
    );
    assert!(takes >= 30, "took the queen {takes} times in 40");
    // The white queen on g4 is attacked by the knight on f6; a pawn on g7 or d7 tempts it.
    let fen = "rnbqkb1r/pppp1ppp/5n2/4p3/4P1Q1/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3";
    let pos = Position::from_fen(fen).unwrap();
    let g = game_at(fen);
    let level = Level::get(GameKind::Chess, 1).unwrap();
    let mut e = AnyEngine::for_game(GameKind::Chess, 4).unwrap();
    let saved = (0..40)
        .filter(|&s| {
            let m = play_level(&mut e, &g, &level, &mut Rng::new(s), true).unwrap();
            let after = pos.after(move_in(&pos, m).unwrap()).unwrap();
            // Saved: no black capture lands on a white queen afterwards.
            !after
                .legal_moves()
                .iter()
                .any(|r| after.piece_at(r.to) == Some((Side::First, qike_core::chess::Role::Queen)))
        })
        .count();
    assert!(saved > 0 && saved < 40, "saved the queen {saved} times in 40");
}

#[test]
fn a_node_limit_makes_the_search_repeatable() {
    let g = game_at(MIDDLEGAMES[1]);
    let run = || ChessEngine::new(8).analyse(&g, &Limits::nodes(30_000), 50);
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert!(a.nodes >= 30_000 && a.depth >= 3, "{a:?}");
    // The same engine again, its table cleared by a new game: the same analysis.
    let mut e = ChessEngine::new(8);
    let first = e.analyse(&g, &Limits::nodes(30_000), 50);
    e.new_game();
    assert_eq!(first, e.analyse(&g, &Limits::nodes(30_000), 50));
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    let g = game_at(MIDDLEGAMES[2]);
    let pos = chess_game(&g).position().clone();
    // Stopped before it starts.
    let mut e = ChessEngine::new(4);
    e.set_stop_flag(Arc::new(AtomicBool::new(true)));
    let a = e.analyse(&g, &Limits::default(), 0);
    assert!(move_in(&pos, a.best.unwrap()).is_some());
    // Stopped from another thread while searching without limits.
    let flag = Arc::new(AtomicBool::new(false));
    let mut e = ChessEngine::new(4);
    e.set_stop_flag(Arc::clone(&flag));
    let stopper = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let a = e.analyse(&g, &Limits::default(), 0);
    stopper.join().unwrap();
    assert!(flag.load(Ordering::Relaxed));
    assert!(move_in(&pos, a.best.unwrap()).is_some());
}

/// Positions reached by seeded random play from the start (and a few endings).
fn many_positions() -> Vec<Game> {
    let mut out = Vec::new();
    for seed in 0..12u64 {
        let mut rng = Rng::new(seed);
        let mut g = Game::new();
        for _ in 0..(4 + seed * 5) {
            let legal = g.position().legal_moves();
            if legal.is_empty() || g.outcome().is_some() {
                break;
            }
            g.play(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        if g.outcome().is_none() {
            out.push(g);
        }
    }
    for fen in ["8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", "8/5k2/8/8/8/8/1r6/4K3 w - - 0 1"] {
        out.push(Game::from_position(Position::from_fen(fen).unwrap()));
    }
    out
}

#[test]
fn every_level_plays_a_legal_move_everywhere() {
    let positions = many_positions();
    assert!(positions.len() >= 10);
    let mut e = AnyEngine::for_game(GameKind::Chess, 4).unwrap();
    for n in 1..=10 {
        let level = Level::get(GameKind::Chess, n).unwrap().with_nodes(4_000);
        for (i, g) in positions.iter().enumerate() {
            let any = AnyGame::Chess(g.clone());
            let m = play_level(&mut e, &any, &level, &mut Rng::new(i as u64), true)
                .unwrap_or_else(|| panic!("level {n} found no move in position {i}"));
            assert!(move_in(g.position(), m).is_some(), "level {n}, position {i}: {m:?}");
        }
    }
}

#[test]
fn a_session_game_against_level_one_plays_to_the_end() {
    let setup = GameSetup::standard(GameKind::Chess);
    let mut s =
        GameSession::new(setup, Side::Second, Some(1), 3, Timestamp(0)).unwrap().with_hash_mb(4);
    let mut child = Rng::new(11);
    let mut plies = 0;
    while s.outcome().is_none() {
        assert!(plies < 2_000, "the game did not end");
        if s.is_engine_turn() {
            s.engine_move_now().unwrap();
        } else {
            // The child: takes what it can, else any move.
            let pos = chess_game(s.game()).position().clone();
            let legal = pos.legal_moves();
            let m = legal
                .iter()
                .copied()
                .find(|m| pos.is_capture(*m))
                .unwrap_or(legal[child.below(legal.len() as u64) as usize]);
            s.tap(m.from);
            s.tap(m.to);
            if s.pending_promotion().is_some() {
                s.promote(PieceKind::Queen);
            }
            assert_eq!(chess_game(s.game()).moves().last(), Some(&m));
        }
        plies += 1;
    }
    assert!(chess_game(s.game()).moves().len() == plies);
}

/// The full engine (a fixed node budget per move) against itself from a won ending.
fn plays_out(fen: &str, nodes: u64, max_plies: usize) -> Game {
    let mut g = Game::from_position(Position::from_fen(fen).unwrap());
    let mut e = ChessEngine::new(16);
    while g.outcome().is_none() && g.moves().len() < max_plies {
        let a = e.analyse(&AnyGame::Chess(g.clone()), &Limits::nodes(nodes), 0);
        let m = move_in(g.position(), a.best.unwrap()).unwrap();
        g.play(m).unwrap();
    }
    g
}

#[test]
fn the_lone_king_is_mated_with_queen_or_rook() {
    for fen in ["8/8/8/4k3/8/8/8/4K2Q w - - 0 1", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"] {
        let g = plays_out(fen, 20_000, 120);
        assert!(
            matches!(g.outcome(), Some(qike_core::Outcome::Win { winner: Side::First, .. })),
            "{fen}: {:?} after {} plies",
            g.outcome(),
            g.moves().len()
        );
    }
}

#[test]
fn hint_names_the_threat_and_review_finds_the_blunder() {
    // The white knight on e5 hangs to the black knight on c6.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4N3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4";
    let g = game_at(fen);
    let pos = chess_game(&g).position().clone();
    let mut e = AnyEngine::for_game(GameKind::Chess, 4).unwrap();
    let h = e.hint(&g, 20_000).unwrap();
    let sq = |t: &str| qike_core::chess::parse_square(t).unwrap();
    assert_eq!(h.threat, Some(MoveInput::step(sq("c6"), sq("e5"))), "{h:?}");
    assert!(h.threat_name.as_deref().is_some_and(|n| n.contains("e5")), "{h:?}");
    let answer = move_in(&pos, h.mv).unwrap();
    // The hint saves the knight (moves it, or takes something worth at least as much).
    let after = pos.after(answer).unwrap();
    assert!(answer.from == sq("e5") || pos.is_capture(answer), "{answer}");
    assert!(!after.legal_moves().is_empty());
    // A game where White leaves the queen to be taken.
    let mut game = Game::new();
    let pos = |g: &Game| g.position().clone();
    // 1.e4 e5 2.Qh5 Nf6 3.Qg5 Ng4 4.Qxg7?? Bxg7.
    for text in ["e2e4", "e7e5", "d1h5", "g8f6", "h5g5", "f6g4"] {
        let m = pos(&game).parse_uci(text).unwrap();
        game.play(m).unwrap();
    }
    for text in ["g5g7", "f8g7"] {
        let m = pos(&game).parse_uci(text).unwrap();
        game.play(m).unwrap();
    }
    let reviews = e.review(&AnyGame::Chess(game), Side::First, 20_000);
    assert_eq!(reviews.len(), 4);
    let last = reviews.last().unwrap();
    assert_eq!(last.ply, 6);
    assert_eq!(last.verdict, Verdict::Blunder, "{last:?}");
    assert!(reviews[0].loss < 150, "{:?}", reviews[0]);
}

fn uci(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(["engine", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn bestmoves(out: &str) -> Vec<&str> {
    out.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect()
}

#[test]
fn uci_over_stdin_and_stdout() {
    let out = uci("uci\nisready\nsetoption name Hash value 4\nsetoption name Threads value 1\n\
                   ucinewgame\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n\
                   go depth 4\nisready\n");
    assert!(out.contains("id name Qike") && out.contains("uciok") && out.contains("readyok"));
    assert!(out.contains("score mate 1"), "{out}");
    assert_eq!(bestmoves(&out), ["d1d8"]);
    // A level through the pick path, after moves (castling in UCI's e1g1 form).
    let out = uci("uci\nsetoption name Level value 1\nposition startpos moves e2e4 e7e5 g1f3 \
                   b8c6 f1c4 g8f6 e1g1\ngo nodes 2000\nisready\nquit\n");
    let mut pos = Position::startpos();
    for t in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        let m = pos.parse_uci(t).unwrap();
        pos.play(m).unwrap();
    }
    let answer = bestmoves(&out);
    assert_eq!(answer.len(), 1, "{out}");
    assert!(pos.parse_uci(answer[0]).is_ok(), "{out}");
    // An infinite search ends at `stop` with a legal move; bad input is reported, not fatal.
    let out = uci("uci\nposition startpos\ngo infinite\nstop\nposition fen nonsense\n\
                   setoption name Level value 11\nfrobnicate\nisready\nquit\n");
    let answer = bestmoves(&out);
    assert_eq!(answer.len(), 1, "{out}");
    assert!(Position::startpos().parse_uci(answer[0]).is_ok());
    assert!(out.contains("info string bad FEN") && out.contains("no level '11'"), "{out}");
    assert!(out.contains("unknown command 'frobnicate'"));
    // A clock and a move time each give one legal move.
    let out = uci("uci\nposition startpos moves d2d4\ngo wtime 2000 btime 2000 winc 10 binc 10\n\
                   isready\nposition startpos\ngo movetime 30\nisready\nquit\n");
    let answers = bestmoves(&out);
    assert_eq!(answers.len(), 2, "{out}");
    let mut after_d4 = Position::startpos();
    after_d4.play(after_d4.parse_uci("d2d4").unwrap()).unwrap();
    assert!(after_d4.parse_uci(answers[0]).is_ok(), "{out}");
    assert!(Position::startpos().parse_uci(answers[1]).is_ok(), "{out}");
}

#[test]
fn match_tool_plays_chess() {
    let out = Command::new(env!("CARGO_BIN_EXE_qike"))
        .args(["match", "--game", "chess", "level:1:fixed", "random", "--games", "2"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 2, "{text}");
    assert!(text.lines().last().unwrap().starts_with("score "), "{text}");
}

#[test]
fn the_searcher_reports_a_principal_variation() {
    let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    let r = Searcher::new(4).search(&pos, &[], &Limits::depth(3));
    assert_eq!(r.pv.first().map(|m| m.uci()), Some("d1d8".to_owned()));
    assert_eq!(r.best, r.pv.first().copied());
    assert!(r.root.len() == pos.legal_moves().len());
}
