//! The engine's search: mates, captures, determinism, stopping and repetition.

use qike_core::Rng;
use qike_core::ai::xiangqi::{MATE, RULE_WIN, Searcher, evaluate, history_of};
use qike_core::ai::{AnyEngine, Level, Limits, Thinker};
use qike_core::xiangqi::{Move, Position, notation::parse_iccs};
use qike_core::{AnyGame, BoardGame, GameKind, MoveInput, Point};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(p: &Position, s: &str) -> Move {
    parse_iccs(p, s).unwrap()
}

/// Whether `m` wins at once: the other side is left without a legal move, mated (将死)
/// or stalemated (困毙, also a loss in xiangqi). Checked with the rules, not the engine.
fn mates(p: &Position, m: Move) -> bool {
    let mut q = p.clone();
    q.play(m).unwrap();
    q.legal_moves().is_empty()
}

/// Whether `m` forces mate on the mover's next move.
fn mates_in_two(p: &Position, m: Move) -> bool {
    let mut q = p.clone();
    q.play(m).unwrap();
    let replies = q.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut s = q.clone();
            s.play(r).unwrap();
            s.legal_moves().iter().any(|&m2| mates(&s, m2))
        })
}

#[test]
fn finds_mate_in_one() {
    let p = pos("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    let r = Searcher::new(2).search(&p, &[], &Limits::depth(3));
    let best = r.best.unwrap();
    assert!(mates(&p, best), "{best} does not mate");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn finds_mate_in_two() {
    let p = pos("4k4/9/R8/1R7/9/9/9/9/9/3K5 w - - 0 1");
    // The position really is a mate in two and not in one.
    let moves = p.legal_moves();
    assert!(!moves.iter().any(|&m| mates(&p, m)));
    assert!(moves.iter().any(|&m| mates_in_two(&p, m)));
    let r = Searcher::new(2).search(&p, &[], &Limits::depth(5));
    let best = r.best.unwrap();
    assert!(mates_in_two(&p, best), "{best} is not a mate in two");
    assert_eq!(r.score, MATE - 3);
}

#[test]
fn being_mated_scores_as_mate() {
    // Black to move, already mated: no move and the lowest score.
    let mut p = pos("4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1");
    let r = Searcher::new(1).search(&p, &[], &Limits::depth(2));
    p.play(r.best.unwrap()).unwrap();
    let r = Searcher::new(1).search(&p, &[], &Limits::depth(2));
    assert_eq!((r.best, r.score), (None, -MATE));
}

#[test]
fn captures_a_free_chariot() {
    let p = pos("4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1");
    for depth in 1..=4 {
        let r = Searcher::new(1).search(&p, &[], &Limits::depth(depth));
        assert_eq!(r.best, Some(mv(&p, "e1e5")), "depth {depth}");
        assert!(r.score > 700);
    }
}

#[test]
fn does_not_take_a_defended_horse_with_the_chariot() {
    // Rxe5 wins a horse and loses the chariot to the chariot on a5.
    let p = pos("4k4/9/9/9/r3n4/9/9/9/4R4/3K5 w - - 0 1");
    let r = Searcher::new(1).search(&p, &[], &Limits::depth(4));
    assert_ne!(r.best, Some(mv(&p, "e1e5")));
}

#[test]
fn fixed_node_budget_is_deterministic() {
    let p = Position::startpos();
    let limits = Limits::nodes(40_000);
    let a = Searcher::new(4).search(&p, &[], &limits);
    let b = Searcher::new(4).search(&p, &[], &limits);
    assert_eq!((a.best, a.nodes, a.score, a.depth), (b.best, b.nodes, b.score, b.depth));
    assert!(a.nodes <= 40_000 && a.depth >= 3, "{} nodes, depth {}", a.nodes, a.depth);
    // A reused searcher replays the same search after clearing its table.
    let mut s = Searcher::new(4);
    let c = s.search(&p, &[], &limits);
    s.clear();
    let d = s.search(&p, &[], &limits);
    assert_eq!((c.best, c.nodes), (d.best, d.nodes));
}

#[test]
fn stop_flag_gives_a_legal_move() {
    let p = Position::startpos();
    // Stopped before it starts: depth 1 is cut short, a legal move still comes back.
    let mut s = Searcher::new(1);
    s.stop_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    let r = s.search(&p, &[], &Limits::default());
    assert!(p.is_legal(r.best.unwrap()));
    // An unlimited search on a worker thread, stopped by the caller.
    // The full engine for half a second on a worker thread, stopped by the caller at
    // once: it still answers with a legal move.
    let level = Level::get(GameKind::Xiangqi, 10).unwrap();
    let engine = AnyEngine::for_game(GameKind::Xiangqi, 2).unwrap();
    let game = AnyGame::new(GameKind::Xiangqi).unwrap();
    // From the start the book answers at once; one move in, the search runs.
    let mut game = game;
    game.play(MoveInput::step(Point::new(7, 2), Point::new(4, 2))).unwrap();
    game.play(MoveInput::step(Point::new(7, 9), Point::new(6, 7))).unwrap();
    game.play(MoveInput::step(Point::new(7, 0), Point::new(6, 2))).unwrap();
    game.play(MoveInput::step(Point::new(8, 9), Point::new(7, 9))).unwrap();
    let t = Thinker::start(engine, game.clone(), level, Rng::new(1), false).unwrap();
    t.stop();
    let (engine, mv) = t.wait().unwrap();
    assert!(game.play(mv.unwrap()).is_ok());
    // Stopped through a handle while the thinker waits on another thread.
    let t = Thinker::start(engine, game.clone(), level, Rng::new(2), false).unwrap();
    let handle = t.stop_handle();
    let waiter = std::thread::spawn(move || t.wait());
    handle.stop();
    let (_engine, mv) = waiter.join().unwrap().unwrap();
    assert!(game.play(mv.unwrap()).is_ok());
}

#[test]
fn info_reports_each_depth() {
    let p = Position::startpos();
    let mut s = Searcher::new(1);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = std::sync::Arc::clone(&seen);
    s.set_info(Some(Box::new(move |i| sink.lock().unwrap().push((i.depth, i.pv.len())))));
    let r = s.search(&p, &[], &Limits::depth(4));
    let seen = seen.lock().unwrap();
    assert_eq!(seen.iter().map(|x| x.0).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
    assert!(seen.iter().all(|x| x.1 >= 1));
    assert_eq!(r.pv.first().copied(), r.best);
}

#[test]
fn perpetual_check_is_not_a_draw_for_the_checker() {
    // Red is far behind and can only check back and forth with the chariot.
    let start = pos("4k4/9/9/nn7/9/9/9/9/8R/3K5 w - - 0 1");
    let line: Vec<Move> = {
        let mut q = start.clone();
        ["i1i9", "e9e8", "i9i8", "e8e9"]
            .iter()
            .map(|s| {
                let m = mv(&q, s);
                q.play(m).unwrap();
                m
            })
            .collect()
    };
    let (history, now) = history_of(&start, &line);
    assert_eq!(history.len(), 4);
    let repeat = mv(&now, "i8i9");
    let r = Searcher::new(2).search(&now, &history, &Limits::depth(3));
    assert_ne!(r.best, Some(repeat), "the checker must not expect a draw");
    let rep = r.root.iter().find(|x| x.mv == repeat).unwrap();
    assert!(rep.score <= -RULE_WIN + 100, "repeating scored {}", rep.score);
    // Without the history the same move is just a check.
    let r = Searcher::new(2).search(&now, &[], &Limits::depth(1));
    let rep = r.root.iter().find(|x| x.mv == repeat).unwrap();
    assert!(rep.score > -RULE_WIN + 100);
}

#[test]
fn hash_is_bounded_and_resizable() {
    let mut s = Searcher::default();
    assert!(s.hash_bytes() <= 32 << 20);
    s.resize(8);
    assert!(s.hash_bytes() <= 8 << 20 && s.hash_bytes() > 4 << 20);
}

#[test]
fn evaluation_is_symmetric() {
    // The same position with colours swapped scores the same for the side to move.
    let a = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    let b = pos("rnbakabnr/9/4c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1");
    assert_eq!(evaluate(&a), evaluate(&b));
}

#[test]
fn coach_hints_and_reviews() {
    use qike_core::Side;
    use qike_core::ai::Verdict;
    use qike_core::ai::xiangqi::{hint, review};
    // The coach answers in the engine interface's moves; back to xiangqi moves.
    let xq = |m: MoveInput| match m {
        MoveInput::Step { from, to, .. } => Move::new(from, to).unwrap(),
        other => panic!("not a xiangqi move: {other:?}"),
    };
    let mut s = Searcher::new(1);
    let p = pos("4k4/9/9/9/4r4/9/9/9/4R4/3K5 w - - 0 1");
    let h = hint(&mut s, &p, 5_000).unwrap();
    assert_eq!(xq(h.mv), mv(&p, "e1e5"));
    // Black's chariot threatens red's: the hint names that threat.
    assert_eq!(h.threat.map(|m| xq(m).to_string()), Some("e5e1".to_owned()));
    let good = review(&mut s, &p, &[mv(&p, "e1e5")], Side::First, 5_000);
    assert_eq!(good[0].verdict, Verdict::Good);
    let bad = review(&mut s, &p, &[mv(&p, "d0d1")], Side::First, 5_000);
    assert_eq!((bad[0].verdict, xq(bad[0].best)), (Verdict::Blunder, mv(&p, "e1e5")));
    assert!(bad[0].loss > 800);
}
