//! FIDE rules through the generic face: castling conditions, en passant, promotion,
//! mate and stalemate, every kind of draw, and the typed FEN errors.

use qike_core::chess::{
    DrawClaim, EndError, FenError, Game, PlayError, Position, PositionError, Promotion, Role,
    START_FEN, parse_san,
};
use qike_core::{
    Colour, DrawReason, HighlightKind, Outcome, PieceKind, Placement, Point, Side, WinReason,
};

fn sq(name: &str) -> Point {
    qike_core::chess::parse_square(name).unwrap()
}

fn game(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen).unwrap())
}

fn play(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        let mv = parse_san(game.position(), san).unwrap_or_else(|e| panic!("{san}: {e}"));
        game.play(mv).unwrap();
    }
}

fn targets(game: &Game, from: &str) -> Vec<String> {
    game.legal_targets(sq(from)).into_iter().map(qike_core::chess::square_name).collect()
}

#[test]
fn start_view_has_32_pieces_with_chinese_glyphs() {
    let view = Game::new().board_view();
    assert_eq!((view.files, view.ranks, view.placement), (8, 8, Placement::Squares));
    assert_eq!(view.pieces.len(), 32);
    let king = view.piece_at(sq("e1")).unwrap();
    assert_eq!((king.kind, king.side, king.colour), (PieceKind::King, Side::First, Colour::White));
    assert_eq!(king.glyph, "王");
    let queen = view.piece_at(sq("d8")).unwrap();
    assert_eq!((queen.glyph.as_str(), queen.side), ("后", Side::Second));
    assert_eq!(view.piece_at(sq("a1")).unwrap().glyph, "车");
    assert_eq!(view.piece_at(sq("c8")).unwrap().glyph, "象");
    assert_eq!(view.piece_at(sq("g1")).unwrap().glyph, "马");
    assert_eq!(view.piece_at(sq("h7")).unwrap().glyph, "兵");
    assert_eq!(view.side_to_move, Side::First);
    assert!(view.highlights.is_empty());
    assert_eq!(Position::startpos().fen(), START_FEN);
}

#[test]
fn taps_give_targets_and_moves() {
    let mut g = Game::new();
    assert_eq!(targets(&g, "b1"), ["a3", "c3"]);
    assert_eq!(targets(&g, "e2"), ["e3", "e4"]);
    assert!(targets(&g, "e7").is_empty(), "not black's move");
    assert!(targets(&g, "e4").is_empty(), "empty square");
    let mv = g.play_points(sq("g1"), sq("f3"), None).unwrap();
    assert_eq!(mv.uci(), "g1f3");
    assert_eq!(g.board_view().last_move.unwrap().to, sq("f3"));
    assert!(matches!(g.play_points(sq("e2"), sq("e4"), None), Err(PlayError::NoPieceToMove(_))));
    assert!(matches!(g.play_points(sq("e7"), sq("e3"), None), Err(PlayError::Illegal(_))));
}

#[test]
fn castling_needs_every_condition() {
    let both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(targets(&game(both), "e1"), ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]);
    // No rights (king or rooks have moved).
    assert!(!targets(&game("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"), "e1").contains(&"g1".into()));
    let short_only = targets(&game("r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1"), "e1");
    assert!(short_only.contains(&"g1".into()) && !short_only.contains(&"c1".into()));
    // f1 attacked: no O-O, O-O-O still fine.
    let through = targets(&game("r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1");
    assert!(!through.contains(&"g1".into()) && through.contains(&"c1".into()));
    // g1 attacked: the king may not land in check.
    assert!(!targets(&game("r3k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1").contains(&"g1".into()));
    // In check: neither.
    let check = targets(&game("r3k2r/8/8/8/4r3/8/8/R3K2R w KQ - 0 1"), "e1");
    assert!(!check.contains(&"g1".into()) && !check.contains(&"c1".into()));
    // A piece between, even on b1 which the king does not cross.
    let blocked = targets(&game("r3k2r/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1");
    assert!(!blocked.contains(&"c1".into()) && blocked.contains(&"g1".into()));
    // b1 attacked does not matter: the king does not pass it.
    assert!(targets(&game("1r2k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1").contains(&"c1".into()));
}

#[test]
fn castling_moves_the_rook_and_moving_a_rook_loses_the_right() {
    let mut g = game("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    play(&mut g, "O-O O-O-O");
    let pos = g.position();
    assert_eq!(pos.piece_at(sq("g1")), Some((Side::First, Role::King)));
    assert_eq!(pos.piece_at(sq("f1")), Some((Side::First, Role::Rook)));
    assert_eq!(pos.piece_at(sq("h1")), None);
    assert_eq!(pos.piece_at(sq("c8")), Some((Side::Second, Role::King)));
    assert_eq!(pos.piece_at(sq("d8")), Some((Side::Second, Role::Rook)));
    assert!(pos.fen().contains(" w - - "));

    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Rh2 Rh7 Rh1 Rh8");
    assert!(!targets(&g, "e1").contains(&"g1".into()));
    assert!(targets(&g, "e1").contains(&"c1".into()));
    // Capturing a rook on its corner takes the right away from its owner.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut g, "Rxa8+");
    assert!(g.position().fen().contains(" b Kk - "));
}

#[test]
fn en_passant_only_immediately() {
    let mut g = Game::new();
    play(&mut g, "e4 a6 e5 d5");
    assert!(targets(&g, "e5").contains(&"d6".into()));
    let mut taken = g.clone();
    play(&mut taken, "exd6");
    assert_eq!(taken.position().piece_at(sq("d5")), None);
    assert_eq!(taken.position().piece_at(sq("d6")), Some((Side::First, Role::Pawn)));
    play(&mut g, "h3 h6");
    assert!(!targets(&g, "e5").contains(&"d6".into()));
}

#[test]
fn promotion_asks_for_a_piece() {
    let mut g = game("8/P7/8/8/8/8/8/k6K w - - 0 1");
    assert!(g.is_promotion(sq("a7"), sq("a8")));
    assert!(!g.is_promotion(sq("h1"), sq("h2")));
    assert_eq!(g.position().legal_moves_from(sq("a7")).len(), 4);
    assert_eq!(targets(&g, "a7"), ["a8"]);
    assert!(matches!(
        g.play_points(sq("a7"), sq("a8"), None),
        Err(PlayError::PromotionNeeded(ref s)) if s == "a8"
    ));
    g.play_points(sq("a7"), sq("a8"), Some(Promotion::Knight)).unwrap();
    assert_eq!(g.position().piece_at(sq("a8")), Some((Side::First, Role::Knight)));
    // A promotion flag on a move that is not a promotion is refused.
    let mut g = Game::new();
    assert!(g.play_points(sq("e2"), sq("e4"), Some(Promotion::Queen)).is_err());
}

#[test]
fn checkmate_and_stalemate_end_the_game() {
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Qh4#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Checkmate })
    );
    let view = g.board_view();
    assert!(view.highlights.iter().any(|h| h.kind == HighlightKind::Check && h.at == sq("e1")));
    assert!(g.legal_targets(sq("e1")).is_empty());
    assert!(matches!(g.play_points(sq("a2"), sq("a3"), None), Err(PlayError::GameOver(_))));

    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Stalemate }));
}

#[test]
fn capturing_down_to_dead_material_draws() {
    let mut g = game("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Kxd2");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let g = game("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
    assert_eq!(g.outcome(), None, "bishops on both colours can mate");
}

#[test]
fn threefold_is_a_claim_and_fivefold_is_automatic() {
    let mut g = Game::new();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.claimable_draw(), None);
    let ng8 = parse_san(g.position(), "Ng8").unwrap();
    assert_eq!(g.claimable_draw_with(ng8), Some(DrawClaim::ThreefoldRepetition));
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert_eq!(g.outcome(), None, "threefold must be claimed");

    let mut claimed = g.clone();
    assert_eq!(claimed.claim_draw(), Ok(Outcome::Draw { reason: DrawReason::Repetition }));
    assert!(matches!(claimed.claim_draw(), Err(EndError::GameOver(_))));

    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ng8");
    assert_eq!(g.repetitions(), 5);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn claim_with_the_announced_move() {
    let mut g = Game::new();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    let ng8 = parse_san(g.position(), "Ng8").unwrap();
    assert_eq!(g.claim_draw_with(ng8), Ok(Outcome::Draw { reason: DrawReason::Repetition }));
    assert_eq!(g.moves().len(), 8);
    let mut g = Game::new();
    let e4 = parse_san(g.position(), "e4").unwrap();
    assert!(matches!(g.claim_draw_with(e4), Err(EndError::NothingToClaim(0))));
    assert!(g.moves().is_empty(), "a refused claim plays nothing");
}

#[test]
fn fifty_moves_is_a_claim_and_seventy_five_automatic() {
    let mut g = game("8/8/8/4k3/8/8/8/R3K3 w - - 99 80");
    assert_eq!(g.claimable_draw(), None);
    play(&mut g, "Ra2");
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(g.claimable_draw(), Some(DrawClaim::FiftyMoves));
    assert_eq!(g.outcome(), None);
    let mut claimed = g.clone();
    assert_eq!(claimed.claim_draw(), Ok(Outcome::Draw { reason: DrawReason::MoveLimit }));
    let mut fresh = Game::new();
    assert_eq!(fresh.claim_draw(), Err(EndError::NothingToClaim(0)));

    let mut g = game("8/8/8/4k3/8/8/8/R3K3 w - - 149 100");
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveLimit }));
    // Mate on the 150th half-move still wins.
    let mut g = game("7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    play(&mut g, "Ra8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate })
    );
    // A pawn move resets the clock.
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
    play(&mut g, "e4");
    assert_eq!(g.position().halfmoves(), 0);
}

#[test]
fn resignation_agreement_flag_and_undo() {
    let mut g = Game::new();
    assert_eq!(
        g.resign(Side::First),
        Ok(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert!(matches!(g.agree_draw(), Err(EndError::GameOver(_))));
    let mut g = Game::new();
    assert_eq!(g.agree_draw(), Ok(Outcome::Draw { reason: DrawReason::Agreement }));
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        g.flag_fall(Side::Second),
        Ok(Outcome::Win { winner: Side::First, reason: WinReason::Timeout })
    );
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(
        g.flag_fall(Side::First),
        Ok(Outcome::Draw { reason: DrawReason::InsufficientMaterial }),
        "a lone king cannot win on time"
    );
    let mut g = Game::new();
    play(&mut g, "e4 e5");
    assert_eq!(g.undo().map(|m| m.uci()), Some("e7e5".to_owned()));
    assert_eq!(g.side_to_move(), Side::Second);
    g.undo();
    assert_eq!(g.undo(), None);
    assert_eq!(g.position(), &Position::startpos());
}

#[test]
fn fen_errors_name_the_problem() {
    use PositionError as P;
    let err = |fen: &str| Position::from_fen(fen).unwrap_err();
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("8/8 w"), FenError::FieldCount(2));
    assert_eq!(err("8/8/8 w - - 0 1"), FenError::RankCount(3));
    assert_eq!(err("4k3/8/8/8/8/8/8/4K2X w - - 0 1"), FenError::PieceChar('X'));
    assert_eq!(err("4k3/8/8/8/8/8/8/4K4 w - - 0 1"), FenError::RankWidth { rank: 1, squares: 9 });
    assert_eq!(err("4k3/8/8/8/8/8/8/4K2 w - - 0 1"), FenError::RankWidth { rank: 1, squares: 7 });
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), FenError::SideToMove(_)));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w KK - 0 1"), FenError::Castling(_)));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"), FenError::EnPassant(_)));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - - x 1"), FenError::HalfmoveClock(_)));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - - 0 -3"), FenError::FullmoveNumber(_)));
    let pos = |fen: &str| match err(fen) {
        FenError::Position(p) => p,
        other => panic!("{fen}: {other}"),
    };
    assert_eq!(pos("8/8/8/8/8/8/8/8 w - - 0 1"), P::MissingKing(Side::First));
    assert_eq!(pos("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), P::TooManyKings(Side::First));
    assert_eq!(pos("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), P::PawnOnBackRank(Point::new(0, 7)));
    assert_eq!(pos("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"), P::TooManyPawns(Side::Second, 9));
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), P::CastlingRookMissing(Side::First, true));
    assert_eq!(pos("4k3/8/8/8/8/8/8/3K3R w K - 0 1"), P::CastlingKingMoved(Side::First, true));
    assert_eq!(pos("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), P::OppositeCheck(Side::Second));
    assert_eq!(pos("k3r3/8/8/8/1b6/3n4/8/4K3 w - - 0 1"), P::TooManyCheckers(Side::First, 3));
    // Found by fuzzing: the move generator does not see a king giving check.
    assert_eq!(
        pos("8/2p5/3p4/r5PK/1R3pk1/8/4P1P1/8 w - - 0 1"),
        P::KingsTouching(sq("h5"), sq("g4"))
    );
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"), P::EnPassantRank(sq("e3")));
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"), P::EnPassantNoPawn(sq("e6")));
    // Checked by a bishop that could not have been uncovered by the d7-d5 step.
    assert_eq!(pos("4k3/8/8/3p4/8/8/8/r3K3 w - d6 0 1"), P::EnPassantImpossibleCheck(sq("d6")));
    let text = err("4k3/8/8/8/8/8/8/4K3 w K - 0 1").to_string();
    assert!(
        text.contains("white") && text.contains("king's side") && text.contains("rook"),
        "{text}"
    );
}

#[test]
fn fen_round_trips_and_accepts_short_forms() {
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "8/8/8/4k3/8/8/8/R3K3 b - - 149 120",
    ] {
        assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    }
    let four = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!(four.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let zero = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap();
    assert_eq!(zero.fullmoves(), 1);
}

#[test]
fn repetition_counts_en_passant_only_when_it_can_be_taken() {
    let key = |fen: &str| Position::from_fen(fen).unwrap().repetition_key();
    assert_ne!(
        key("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
        key("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
    );
    assert_eq!(
        key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    // Castling rights and the side to move make positions different.
    assert_ne!(
        key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        key("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")
    );
    assert_ne!(
        key("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        key("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    );
}
