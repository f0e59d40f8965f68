//! SAN, UCI, PGN and Chinese notation: exact forms, lenient reading, typed errors,
//! and round trips over every legal move of many random positions.

use qike_core::chess::{
    Game, GameResult, Move, PgnErrorKind, PgnGame, Position, SanError, parse_chinese, parse_san,
    read_pgn, to_chinese, to_chinese_line, to_san, write_pgn,
};
use qike_core::{Outcome, Side, WinReason};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn san_of(p: &Position, uci: &str) -> String {
    to_san(p, p.parse_uci(uci).unwrap()).unwrap()
}

#[test]
fn san_disambiguates_by_file_rank_or_both() {
    let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(san_of(&knights, "b1d2"), "Nbd2");
    assert_eq!(san_of(&knights, "f3d2"), "Nfd2");
    assert_eq!(san_of(&knights, "f3g5"), "Ng5");
    let rooks = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(san_of(&rooks, "a1a3"), "R1a3");
    assert_eq!(san_of(&rooks, "a5a3"), "R5a3");
    let queens = pos("8/8/k7/8/4Q2Q/8/8/1K5Q w - - 0 1");
    assert_eq!(san_of(&queens, "h4e1"), "Qh4e1");
    assert_eq!(san_of(&queens, "e4e1"), "Qee1");
    assert_eq!(san_of(&queens, "h1e1"), "Q1e1");
    // A pinned rival does not count: only the free knight can go to d2.
    let pinned = pos("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(san_of(&pinned, "g1f3"), "Nf3");
}

#[test]
fn san_of_pawns_castling_promotion_check_and_mate() {
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(san_of(&p, "e4d5"), "exd5");
    assert_eq!(san_of(&p, "e4e5"), "e5");
    let ep = pos("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(san_of(&ep, "e5d6"), "exd6");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(&castle, "e1g1"), "O-O");
    assert_eq!(san_of(&castle, "e1c1"), "O-O-O");
    let promo = pos("8/3P4/8/8/8/8/8/k3K3 w - - 0 1");
    assert_eq!(san_of(&promo, "d7d8q"), "d8=Q");
    assert_eq!(san_of(&promo, "d7d8n"), "d8=N");
    let check = pos("6k1/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(san_of(&check, "d7d8q"), "d8=Q+");
    let mate = pos("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    assert_eq!(san_of(&mate, "a1a8"), "Ra8#");
    assert_eq!(san_of(&mate, "a1a7"), "Ra7");
}

#[test]
fn san_reads_lenient_forms() {
    let start = Position::startpos();
    let uci = |p: &Position, s: &str| parse_san(p, s).map(|m| m.uci());
    for (text, want) in [
        ("e4", "e2e4"),
        ("e2e4", "e2e4"),
        ("e2-e4", "e2e4"),
        ("Nf3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("g1f3", "g1f3"),
        ("Nf3!?", "g1f3"),
        ("  Nf3  ", "g1f3"),
        ("Nf3+", "g1f3"),
    ] {
        assert_eq!(uci(&start, text).as_deref(), Ok(want), "{text}");
    }
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["O-O", "0-0", "o-o", "OO", "O-O+"] {
        assert_eq!(uci(&castle, text).as_deref(), Ok("e1g1"), "{text}");
    }
    for text in ["O-O-O", "0-0-0", "o-o-o"] {
        assert_eq!(uci(&castle, text).as_deref(), Ok("e1c1"), "{text}");
    }
    let promo = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for (text, want) in [
        ("a8=Q", "a7a8q"),
        ("a8Q", "a7a8q"),
        ("a8q", "a7a8q"),
        ("a8(Q)", "a7a8q"),
        ("a8/N", "a7a8n"),
        ("axb8=R+", "a7b8r"),
        ("axb8N", "a7b8n"),
        ("a7b8q", "a7b8q"),
        ("ab8=B", "a7b8b"),
    ] {
        assert_eq!(uci(&promo, text).as_deref(), Ok(want), "{text}");
    }
    let ep = pos("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    assert_eq!(uci(&ep, "exd6 e.p.").as_deref(), Ok("e5d6"));
    assert_eq!(uci(&ep, "exd6ep").as_deref(), Ok("e5d6"));
    assert_eq!(uci(&ep, "ed6").as_deref(), Ok("e5d6"));
    let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(uci(&knights, "Nbd2").as_deref(), Ok("b1d2"));
    assert_eq!(uci(&knights, "N1d2").as_deref(), Ok("b1d2"));
    assert_eq!(uci(&knights, "N3d2").as_deref(), Ok("f3d2"));
    // A lower-case b that cannot be a pawn move is read as a bishop.
    let bishop = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
    assert_eq!(uci(&bishop, "bf4").as_deref(), Ok("c1f4"));
}

#[test]
fn san_errors_are_typed() {
    let start = Position::startpos();
    assert_eq!(parse_san(&start, ""), Err(SanError::Empty));
    assert_eq!(parse_san(&start, "   "), Err(SanError::Empty));
    assert!(matches!(parse_san(&start, "Zz9"), Err(SanError::Syntax(_))));
    assert!(matches!(parse_san(&start, "e9"), Err(SanError::Syntax(_))));
    assert!(matches!(parse_san(&start, "Ke4=Q"), Err(SanError::Syntax(_))));
    assert_eq!(parse_san(&start, "Nf5"), Err(SanError::NoMatch("Nf5".into())));
    assert!(matches!(parse_san(&start, "O-O"), Err(SanError::NoMatch(_))));
    let knights = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(
        parse_san(&knights, "Nd2"),
        Err(SanError::Ambiguous {
            text: "Nd2".into(),
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        })
    );
    let promo = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(parse_san(&promo, "a8"), Err(SanError::MissingPromotion("a8".into())));
    let text = parse_san(&knights, "Nd2").unwrap_err().to_string();
    assert!(text.contains("Nbd2, Nfd2"), "{text}");
}

#[test]
fn uci_reads_and_writes() {
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castle.parse_uci("e1g1").unwrap().uci(), "e1g1");
    assert_eq!(castle.parse_uci("e1h1").unwrap().uci(), "e1g1", "king-takes-rook form");
    assert!(castle.parse_uci("e1e3").is_err());
    assert!(!castle.is_legal(Move::from_uci("e1h1").unwrap()), "only the king step is a move");
    assert!(Move::from_uci("e7e8k").is_err());
    assert!(Move::from_uci("e7").is_err());
    assert!(Move::from_uci("i1a1").is_err());
}

/// A small deterministic generator so the random games are the same every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn random_games(count: usize, max_plies: usize, seed: u64) -> Vec<Game> {
    let mut rng = Lcg(seed);
    let starts = [
        qike_core::chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/PPP3PP/8/8/8/8/ppp3pp/4K3 w - - 0 1",
    ];
    (0..count)
        .map(|i| {
            let mut game =
                Game::from_position(Position::from_fen(starts[i % starts.len()]).unwrap());
            for _ in 0..max_plies {
                if game.outcome().is_some() {
                    break;
                }
                let moves = game.position().legal_moves();
                let mv = moves[rng.below(moves.len())];
                game.play(mv).unwrap();
            }
            game
        })
        .collect()
}

#[test]
fn every_legal_move_round_trips_through_san_and_chinese() {
    let mut checked = 0;
    for game in random_games(60, 120, 7) {
        let mut p = game.start().clone();
        for mv in game.moves() {
            let legal = p.legal_moves();
            let mut sans: Vec<String> = Vec::with_capacity(legal.len());
            for m in &legal {
                let san = to_san(&p, *m).unwrap();
                assert_eq!(parse_san(&p, &san), Ok(*m), "{san} in {}", p.fen());
                let zh = to_chinese(&p, *m).unwrap();
                assert_eq!(parse_chinese(&p, &zh), Ok(*m), "{zh} in {}", p.fen());
                assert_eq!(p.parse_uci(&m.uci()), Ok(*m));
                sans.push(san);
                checked += 1;
            }
            sans.sort();
            sans.dedup();
            assert_eq!(sans.len(), legal.len(), "SANs must be distinct in {}", p.fen());
            p.play(*mv).unwrap();
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

#[test]
fn random_games_round_trip_through_pgn() {
    let games = random_games(40, 200, 11);
    let mut text = String::new();
    let mut records = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let mut record = PgnGame::from_game(game);
        record.set_tag("Event", &format!("Random {i}"));
        record.set_tag("Annotator", "quote \" and backslash \\");
        text.push_str(&write_pgn(&record));
        records.push(record);
    }
    let read = read_pgn(&text).unwrap();
    assert_eq!(read.len(), games.len());
    for (got, want) in read.iter().zip(&records) {
        assert_eq!(got.start, want.start);
        assert_eq!(got.moves, want.moves);
        assert_eq!(got.result, want.result);
        assert_eq!(got.tag("Annotator"), Some("quote \" and backslash \\"));
        assert_eq!(got.to_game().outcome(), want.to_game().outcome());
        assert!(write_pgn(got).lines().all(|l| l.chars().count() < 80));
    }
}

#[test]
fn pgn_file_of_real_games() {
    let games = read_pgn(include_str!("data/chess_games.pgn")).unwrap();
    assert_eq!(games.len(), 5);
    let [opera, immortal, evergreen, noise, setup] = games.as_slice() else { unreachable!() };
    assert_eq!(opera.tag("White"), Some("Morphy, Paul"));
    for (g, plies) in [(opera, 33), (immortal, 45), (evergreen, 47)] {
        assert_eq!(g.moves.len(), plies);
        assert_eq!(g.result, GameResult::WhiteWins);
        assert_eq!(
            g.to_game().outcome(),
            Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate })
        );
    }
    assert_eq!(noise.moves.len(), 16);
    assert_eq!(noise.result, GameResult::Draw);
    assert_eq!(noise.tag("Annotator"), Some("Qike \"test\" \\ escapes"));
    assert_eq!(setup.result, GameResult::Unknown);
    assert_eq!(setup.start.fullmoves(), 40);
    assert_eq!(setup.moves.len(), 4);

    let written = write_pgn(opera);
    assert!(written.contains("12. O-O-O Rd8"), "{written}");
    assert!(written.trim_end().ends_with("17. Rd8# 1-0"), "{written}");
    assert!(written.starts_with("[Event \"Paris Opera\"]\n[Site \"Paris FRA\"]"));
    let written = write_pgn(setup);
    assert!(written.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 40\"]"));
    assert!(written.contains("40. O-O Kd7 41. e4 Ke6 *"), "{written}");
    let again = read_pgn(&written).unwrap();
    assert_eq!(again[0].moves, setup.moves);
}

#[test]
fn pgn_errors_say_where() {
    let err = |text: &str| read_pgn(text).unwrap_err();
    let e = err("1. e4 e5 1-0\n\n[Event \"b\"]\n1. e4 e5\n2. Ke3 *");
    assert_eq!((e.game, e.line), (2, 5));
    assert!(
        matches!(e.kind, PgnErrorKind::BadMove { number: 2, ref text, error: SanError::NoMatch(_) } if text == "Ke3")
    );
    assert!(e.to_string().contains("game 2, line 5"), "{e}");
    assert_eq!(err("1. e4 {never closed").kind, PgnErrorKind::UnterminatedComment);
    assert_eq!(err("[Event \"x\"").kind, PgnErrorKind::UnterminatedTag);
    assert!(matches!(err("[Event x]\n1. e4 *").kind, PgnErrorKind::BadTag(_)));
    assert_eq!(err("1. e4 ) e5 *").kind, PgnErrorKind::UnbalancedParen);
    assert_eq!(err("1. e4 (1. d4 *").kind, PgnErrorKind::UnclosedVariation);
    assert!(matches!(
        err("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *").kind,
        PgnErrorKind::BadFen(_)
    ));
    assert!(matches!(err("[Variant \"Chess960\"]\n1. e4 *").kind, PgnErrorKind::Variant(_)));
    assert_eq!(read_pgn(""), Ok(vec![]));
    assert_eq!(read_pgn("  \n% only an escape line\n").map(|g| g.len()), Ok(0));
    // Games without result tokens are still separated by their tags.
    let two = read_pgn("[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4 d5").unwrap();
    assert_eq!(two.len(), 2);
    assert_eq!(two[1].moves.len(), 2);
    assert_eq!(two[1].result, GameResult::Unknown);
}

#[test]
fn chinese_long_notation() {
    let start = Position::startpos();
    let zh = |p: &Position, uci: &str| to_chinese(p, p.parse_uci(uci).unwrap()).unwrap();
    assert_eq!(zh(&start, "g1f3"), "马g1-f3");
    assert_eq!(zh(&start, "e2e4"), "e2-e4");
    let p = pos("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    assert_eq!(zh(&p, "e1g1"), "0-0");
    assert_eq!(zh(&p, "c4f7"), "象c4×f7+");
    assert_eq!(zh(&p, "f3e5"), "马f3×e5");
    let promo = pos("6k1/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(zh(&promo, "d7d8q"), "d7-d8=后+");
    assert_eq!(zh(&promo, "d7d8r"), "d7-d8=车+");

    // Légal's mate as a Chinese book prints it (traditional 馬, mate as ≠).
    let book = "1. e2-e4 e7-e5 2.馬g1-f3 馬b8-c6 3.象f1-c4 d7-d6 4.馬b1-c3 象c8-g4 \
                5. 0-0 馬c6-d4 6.馬f3×e5 象g4×d1 7.象c4×f7+ 王e8-e7 8.馬c3-d5≠";
    let mut game = Game::new();
    for word in book.split_whitespace() {
        let word = match word.split_once('.') {
            Some((number, rest)) if number.chars().all(|c| c.is_ascii_digit()) => rest,
            _ => word,
        };
        if word.is_empty() {
            continue;
        }
        let mv = parse_chinese(game.position(), word).unwrap_or_else(|e| panic!("{word}: {e}"));
        game.play(mv).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate })
    );
    assert_eq!(
        to_chinese_line(game.start(), game.moves()).unwrap(),
        "1. e2-e4 e7-e5 2. 马g1-f3 马b8-c6 3. 象f1-c4 d7-d6 4. 马b1-c3 象c8-g4 \
         5. 0-0 马c6-d4 6. 马f3×e5 象g4×d1 7. 象c4×f7+ 王e8-e7 8. 马c3-d5#"
    );
    // Short forms and promotions written 变后.
    assert_eq!(parse_chinese(&start, "马f3").map(|m| m.uci()).as_deref(), Ok("g1f3"));
    assert_eq!(parse_chinese(&promo, "d7-d8变后").map(|m| m.uci()).as_deref(), Ok("d7d8q"));
    assert_eq!(parse_chinese(&promo, "d8=马").map(|m| m.uci()).as_deref(), Ok("d7d8n"));
    assert!(matches!(parse_chinese(&start, "马g1-g3"), Err(SanError::NoMatch(_))));
    assert!(matches!(parse_chinese(&start, "炮h2-e2"), Err(SanError::Syntax(_))));
    assert_eq!(parse_chinese(&start, ""), Err(SanError::Empty));
}
