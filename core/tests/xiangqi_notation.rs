//! ICCS, WXF and Chinese notation: known examples, tandem pieces, round trips over every
//! legal move of many random positions, and typed errors.

use qike_core::Rng;
use qike_core::xiangqi::notation::{
    NotationError, format_chinese, format_iccs, format_wxf, parse_chinese, parse_iccs, parse_wxf,
};
use qike_core::xiangqi::{Position, START_FEN};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid FEN")
}

fn iccs(p: &Position, text: &str) -> qike_core::xiangqi::Move {
    parse_iccs(p, text).expect("legal ICCS move")
}

#[test]
fn opening_moves_in_all_notations() {
    let mut p = Position::startpos();
    let m = iccs(&p, "h2e2");
    assert_eq!(format_wxf(&p, m), "C2.5");
    assert_eq!(format_chinese(&p, m), "炮二平五");
    assert_eq!(parse_wxf(&p, "C2.5"), Ok(m));
    assert_eq!(parse_chinese(&p, "炮二平五"), Ok(m));
    assert_eq!(parse_chinese(&p, "炮二平五"), parse_chinese(&p, "砲二平五"));
    p.play(m).unwrap();
    let m = iccs(&p, "h9g7");
    assert_eq!(format_wxf(&p, m), "H8+7");
    assert_eq!(format_chinese(&p, m), "马8进7");
    assert_eq!(parse_chinese(&p, "馬８進７"), Ok(m));
    p.play(m).unwrap();
    let m = iccs(&p, "h0g2");
    assert_eq!(format_chinese(&p, m), "马二进三");
    let m = iccs(&p, "a0a1");
    assert_eq!(format_chinese(&p, m), "车九进一");
    assert_eq!(format_wxf(&p, m), "R9+1");
    let m = iccs(&p, "e0e1");
    assert_eq!(format_chinese(&p, m), "帅五进一");
    let m = iccs(&p, "f0e1");
    assert_eq!(format_chinese(&p, m), "仕四进五");
    let m = iccs(&p, "c0a2");
    assert_eq!(format_wxf(&p, m), "E7+9");
    assert_eq!(format_chinese(&p, m), "相七进九");
}

#[test]
fn tandem_pieces() {
    // Two red chariots on the e-file, two black cannons on file 2 (ICCS b).
    let p = pos("3k5/9/1c7/9/1c2R4/9/9/4R4/9/5K3 w - - 0 1");
    let front = iccs(&p, "e5d5");
    assert_eq!(format_wxf(&p, front), "R+.6");
    assert_eq!(format_chinese(&p, front), "前车平六");
    let rear = iccs(&p, "e2e1");
    assert_eq!(format_wxf(&p, rear), "R--1");
    assert_eq!(format_chinese(&p, rear), "后车退一");
    // Five red soldiers on one file.
    let p = pos("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
    let names: Vec<(String, String)> = ["c9b9", "c8b8", "c7b7", "c6b6", "c5b5"]
        .iter()
        .map(|t| {
            let m = iccs(&p, t);
            (format_wxf(&p, m), format_chinese(&p, m))
        })
        .collect();
    let wxf: Vec<&str> = names.iter().map(|n| n.0.as_str()).collect();
    let zh: Vec<&str> = names.iter().map(|n| n.1.as_str()).collect();
    assert_eq!(wxf, ["++.8", "P+.8", "P7.8", "P-.8", "--.8"]);
    assert_eq!(zh, ["前兵平八", "二兵平八", "三兵平八", "四兵平八", "后兵平八"]);
    // Tandem soldiers on two files: the file replaces the piece.
    let p = pos("4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1");
    let m = iccs(&p, "c6d6");
    assert_eq!(format_wxf(&p, m), "77.6");
    assert_eq!(format_chinese(&p, m), "中七平六");
    let m = iccs(&p, "g6g7");
    assert_eq!(format_wxf(&p, m), "3++1");
    assert_eq!(format_chinese(&p, m), "前三进一");
    assert_eq!(parse_chinese(&p, "前三进一"), Ok(m));
    // Four black soldiers on one file.
    let p = pos("3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K4 b - - 0 1");
    let m = iccs(&p, "g3h3");
    assert_eq!(format_wxf(&p, m), "P-.8");
    assert_eq!(format_chinese(&p, m), "三卒平8");
    assert_eq!(parse_chinese(&p, "三卒平8"), Ok(m));
}

#[test]
fn errors_name_the_problem() {
    let p = Position::startpos();
    assert_eq!(parse_iccs(&p, ""), Err(NotationError::Empty));
    assert!(matches!(parse_iccs(&p, "h2e"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_iccs(&p, "z2e2"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_iccs(&p, "h2h8"), Err(NotationError::Illegal { .. })));
    assert!(matches!(parse_wxf(&p, "C2.0"), Err(NotationError::Syntax { .. })));
    assert!(matches!(parse_wxf(&p, "X2.5"), Err(NotationError::Syntax { .. })));
    assert_eq!(parse_wxf(&p, "C2+9"), Err(NotationError::NoSuchMove("C2+9".into())));
    assert!(matches!(parse_chinese(&p, "炮二走五"), Err(NotationError::Syntax { .. })));
    assert_eq!(parse_chinese(&p, "马二进四"), Err(NotationError::NoSuchMove("马二进四".into())));
    // Two red soldiers could go forward one step on their files but "P+" needs a tandem.
    assert!(matches!(parse_wxf(&p, "P++1"), Err(NotationError::NoSuchMove(_))));
    // A loose file name for a tandem that both pieces fit is ambiguous.
    let p = pos("4k4/4a4/9/9/9/9/9/4R4/9/4RK3 w - - 0 1");
    assert!(matches!(parse_wxf(&p, "R5.6"), Err(NotationError::Ambiguous { count: 2, .. })));
}

#[test]
fn every_legal_move_round_trips_in_all_notations() {
    // Seeded, so failures reproduce.
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    for game in 0..150 {
        let mut p = Position::from_fen(START_FEN).unwrap();
        let plies = 10 + game % 90;
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut seen = std::collections::HashSet::new();
            for &m in moves.iter() {
                let texts = [format_iccs(m), format_wxf(&p, m), format_chinese(&p, m)];
                assert_eq!(parse_iccs(&p, &texts[0]), Ok(m), "{} in {p}", texts[0]);
                assert_eq!(parse_wxf(&p, &texts[1]), Ok(m), "{} ({m}) in {p}", texts[1]);
                assert_eq!(parse_chinese(&p, &texts[2]), Ok(m), "{} ({m}) in {p}", texts[2]);
                assert!(seen.insert(texts[1].clone()), "WXF {} twice in {p}", texts[1]);
                checked += 1;
            }
            let pick = moves.as_slice()[rng.index(moves.len())];
            p.play(pick).unwrap();
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}
