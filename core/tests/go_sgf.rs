//! SGF import/export and "nothing panics" checks for Go: garbage SGF, mutated SGF and
//! random move sequences (the fuzz targets in core/fuzz run the same code longer).

use proptest::prelude::*;
use qike_core::Rng;
use qike_core::go::{Game, Komi, Move, PlayError, SgfError, parse_gtp, read_sgf};
use qike_core::{Point, Side};

fn mv(name: &str, size: u8) -> Move {
    parse_gtp(name, size).unwrap()
}

#[test]
fn a_game_survives_export_and_import() {
    let mut g = Game::with_handicap(9, 2).unwrap();
    for m in ["E5", "D4", "D5", "pass", "E4", "F4", "E3"] {
        g.play(mv(m, 9)).unwrap();
    }
    g.pass().unwrap();
    g.pass().unwrap();
    let stone = g.board().stones().next().unwrap().0;
    g.toggle_dead(stone).unwrap();
    let text = g.to_sgf();
    assert!(text.starts_with("(;FF[4]GM[1]"), "{text}");
    assert!(text.contains("SZ[9]") && text.contains("HA[2]") && text.contains("KM[0]"), "{text}");
    assert!(text.contains("AB[cg][gc]") && text.contains("PL[W]"), "{text}");
    assert!(text.contains(";W[ee]") && text.contains(";B[]"), "{text}");
    assert!(text.contains(&format!("RE[{}]", g.score().result.sgf())), "{text}");

    let back = read_sgf(&text).unwrap();
    assert!(back.marks_dead);
    assert_eq!(back.recorded_result.as_deref(), Some(g.score().result.sgf().as_str()));
    let h = back.game;
    assert_eq!(h.board(), g.board());
    assert_eq!(h.moves(), g.moves());
    assert_eq!(h.handicap(), 2);
    assert_eq!(h.rules().komi, Komi::NONE);
    assert_eq!(h.dead_stones(), g.dead_stones());
    assert_eq!(h.score(), g.score());
    assert!(h.is_over());
    assert_eq!(h.to_sgf(), text);
}

#[test]
fn reads_setup_passes_and_komi() {
    let sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]AB[aa][bb]AW[cc]PL[W];W[dd];B[tt];W[];B[ee])";
    let g = Game::from_sgf(sgf).unwrap();
    assert_eq!(g.rules().komi, Komi::from_half_points(13));
    assert_eq!(g.board().get(Point::new(0, 8)), Some(Side::First));
    assert_eq!(g.board().get(Point::new(2, 6)), Some(Side::Second));
    assert_eq!(g.board().get(Point::new(3, 5)), Some(Side::Second));
    assert_eq!(g.moves()[1], (Side::First, Move::Pass));
    assert_eq!(g.moves()[2], (Side::Second, Move::Pass));
    assert_eq!(g.moves()[3], (Side::First, Move::Play(Point::new(4, 4))));
    assert!(!g.is_over(), "play went on after the two passes");
    // Default komi for an even game is the Chinese 7.5; HA without AB places the stones.
    assert_eq!(Game::from_sgf("(;SZ[19])").unwrap().rules().komi, Komi::CHINESE);
    let h = Game::from_sgf("(;SZ[19]HA[3])").unwrap();
    assert_eq!(h.board().stone_count(Side::First), 3);
    assert_eq!(h.side_to_move(), Side::Second);
    assert_eq!(h.handicap(), 3);
}

#[test]
fn malformed_sgf_gives_typed_errors() {
    let err = |s: &str| read_sgf(s).unwrap_err();
    assert!(matches!(err("(;SZ[9]"), SgfError::Syntax(_)));
    assert!(matches!(err(""), SgfError::Syntax(_)));
    assert!(matches!(err("(;GM[2]SZ[15])"), SgfError::NotGo(_)));
    assert_eq!(err("(;SZ[25])"), SgfError::Size(25, 25));
    assert_eq!(err("(;SZ[9:13])"), SgfError::Size(9, 13));
    assert_eq!(err("(;SZ[4])"), SgfError::Size(4, 4));
    assert_eq!(err("(;KM[abc])"), SgfError::InvalidProperty("KM".into()));
    assert_eq!(err("(;KM[0.3])"), SgfError::Komi(0.3));
    assert!(matches!(err("(;HA[12])"), SgfError::Handicap(12)));
    assert!(matches!(err("(;SZ[9];B[zz])"), SgfError::OffBoard(..)));
    assert_eq!(err("(;SZ[9];B[aa];AB[bb])"), SgfError::SetupAfterMoves);
    assert!(err("(;SZ[9]AB[aa][ab][ba]AW[bb][ac][ca])").to_string().contains("liberties"));
    let e = err("(;SZ[9];B[ee];W[ee])");
    assert_eq!(
        e,
        SgfError::IllegalMove {
            number: 2,
            colour: "W",
            point: "E5".into(),
            error: PlayError::Occupied(Point::new(4, 4)),
        }
    );
    assert_eq!(e.to_string(), "move 2 (W E5) is illegal: E5 is already occupied");
}

/// Plays `steps` random moves (some illegal on purpose) and checks the board's
/// bookkeeping after each legal one.
fn random_game(size: u8, seed: u64, steps: usize) {
    let mut rng = Rng::for_playouts(seed);
    let mut g = Game::even(size).unwrap();
    let mut placed = [0usize; 2];
    for _ in 0..steps {
        if g.is_over() {
            break;
        }
        let pick = rng.index(size as usize * size as usize + 3);
        let m = if pick >= size as usize * size as usize {
            if pick.is_multiple_of(3) {
                Move::Pass
            } else {
                Move::Play(Point::new(size, pick as u8))
            }
        } else {
            Move::Play(Point::new((pick % size as usize) as u8, (pick / size as usize) as u8))
        };
        let side = g.side_to_move();
        let legal = g.is_legal(m);
        let before = g.board().clone();
        match g.play(m) {
            Ok(()) => {
                assert!(legal);
                if let Move::Play(_) = m {
                    placed[side.index()] += 1;
                }
            }
            Err(_) => {
                assert!(!legal);
                assert_eq!(g.board(), &before, "a refused move changes nothing");
            }
        }
        let b = g.board();
        for s in [Side::First, Side::Second] {
            let lost = b.captures(s.opponent()) as usize;
            assert_eq!(b.stone_count(s), placed[s.index()] - lost);
        }
        for (p, _) in b.stones() {
            assert!(b.liberties(p) > 0, "every string on the board has a liberty");
        }
        let copy =
            Game::from_position(size, g.rules(), &b.stones().collect::<Vec<_>>(), side).unwrap();
        assert_eq!(copy.board().hash(), b.hash());
    }
    let _ = g.score();
    let _ = g.to_sgf();
    let again = read_sgf(&g.to_sgf()).unwrap().game;
    assert_eq!(again.board(), g.board());
}

#[test]
fn random_move_sequences_keep_the_board_consistent() {
    for seed in 0..10 {
        random_game(9, seed, 300);
    }
    random_game(19, 99, 800);
    random_game(5, 5, 300);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn garbage_sgf_never_panics(text in ".{0,200}") {
        let _ = read_sgf(&text);
    }

    #[test]
    fn sgf_shaped_garbage_never_panics(
        body in proptest::collection::vec(
            prop_oneof![
                Just(";".to_string()), Just("(".to_string()), Just(")".to_string()),
                "(B|W|AB|AW|AE|SZ|KM|HA|PL|TB|TW|RE|GM)\\[[a-zA-Z0-9:.\\-]{0,4}\\]",
            ],
            0..40,
        )
    ) {
        let text = format!("(;{})", body.concat());
        if let Ok(sgf) = read_sgf(&text) {
            let mut g = sgf.game;
            let _ = g.to_sgf();
            g.estimate_dead_stones(2, 0);
            let _ = g.score();
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn random_games_never_panic(seed in any::<u64>(), size in 5u8..=19) {
        random_game(size, seed, 120);
    }
}
