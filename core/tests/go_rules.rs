//! Go rule edge cases: captures, snapback, suicide, ko, superko, handicap, the count.

use qike_core::go::{Game, Komi, Move, PlayError, Rules, SetupError, parse_gtp};
use qike_core::{BoardMark, DrawReason, GameKind, Outcome, PieceKind, Point, Side, WinReason};

/// A position from a diagram: rows from the top, `X` black, `O` white, `.` empty.
fn diagram(rows: &[&str], rules: Rules, to_move: Side) -> Game {
    let size = rows.len() as u8;
    let mut stones = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (f, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let p = Point::new(f as u8, size - 1 - r as u8);
            match ch {
                'X' => stones.push((p, Side::First)),
                'O' => stones.push((p, Side::Second)),
                _ => {}
            }
        }
    }
    Game::from_position(size, rules, &stones, to_move).unwrap()
}

fn at(game: &Game, name: &str) -> Move {
    parse_gtp(name, game.size()).unwrap()
}

fn play(game: &mut Game, name: &str) -> Result<(), PlayError> {
    let mv = at(game, name);
    game.play(mv)
}

fn stone(game: &Game, name: &str) -> Option<Side> {
    match at(game, name) {
        Move::Play(p) => game.board().get(p),
        Move::Pass => None,
    }
}

#[test]
fn snapback_recaptures_the_capturing_string() {
    let mut g = diagram(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            "X X X X X . . . .",
            "X O O O X . . . .",
            "X O . . X . . . .",
        ],
        Rules::default(),
        Side::First,
    );
    play(&mut g, "C1").unwrap(); // the throw-in
    assert_eq!(g.board().liberties(Point::new(1, 0)), 1, "white is in atari");
    play(&mut g, "D1").unwrap(); // white takes the one stone
    assert_eq!(g.board().captures(Side::Second), 1);
    assert_eq!(stone(&g, "C1"), None);
    assert_eq!(g.board().liberties(Point::new(3, 0)), 1);
    play(&mut g, "C1").unwrap(); // and black takes back five: no ko, many stones
    assert_eq!(g.board().captures(Side::First), 5);
    for p in ["B1", "B2", "C2", "D2", "D1"] {
        assert_eq!(stone(&g, p), None, "{p}");
    }
}

#[test]
fn one_stone_captures_two_strings_and_is_not_suicide() {
    let mut g = diagram(
        &[
            ". . . . .", //
            ". . . . .",
            "X . . . .",
            "O X . . .",
            ". O X . .",
        ],
        Rules::default(),
        Side::First,
    );
    assert_eq!(g.board().liberties(Point::new(0, 1)), 1);
    play(&mut g, "A1").unwrap();
    assert_eq!(g.board().captures(Side::First), 2);
    assert_eq!(stone(&g, "A2"), None);
    assert_eq!(stone(&g, "B1"), None);
    assert_eq!(g.board().liberties(Point::new(0, 0)), 2);
}

#[test]
fn suicide_is_refused_unless_it_captures() {
    let mut g = diagram(
        &[
            ". . . . .", //
            ". . . . .",
            "O O . . .",
            "X X O . .",
            ". X O . .",
        ],
        Rules::default(),
        Side::First,
    );
    // Black A1 would leave the three black stones without a liberty.
    assert_eq!(play(&mut g, "A1"), Err(PlayError::Suicide(Point::new(0, 0))));
    assert_eq!(g.side_to_move(), Side::First, "a refused move changes nothing");
    play(&mut g, "E5").unwrap();
    // White A1 captures the three stones: legal although A1 itself had no liberty.
    play(&mut g, "A1").unwrap();
    assert_eq!(g.board().captures(Side::Second), 3);
    // A single stone into an eye is suicide too.
    let mut h = diagram(
        &[". . . . .", ". . . . .", ". . . . .", "O . . . .", ". O . . ."],
        Rules::default(),
        Side::First,
    );
    assert_eq!(play(&mut h, "A1"), Err(PlayError::Suicide(Point::new(0, 0))));
    let msg = PlayError::Suicide(Point::new(0, 0)).to_string();
    assert!(msg.contains("A1") && msg.contains("禁着点"), "{msg}");
}

#[test]
fn ko_may_not_be_retaken_at_once() {
    let mut g = diagram(
        &[
            ". . . . . . .", //
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". X O . . . .",
            "X O . O . . .",
            ". X O . . . .",
        ],
        Rules::default(),
        Side::First,
    );
    play(&mut g, "C2").unwrap(); // black takes the ko
    assert_eq!(stone(&g, "B2"), None);
    assert_eq!(g.board().ko_point(), Some(Point::new(1, 1)));
    assert_eq!(play(&mut g, "B2"), Err(PlayError::Ko(Point::new(1, 1))));
    play(&mut g, "G7").unwrap(); // a ko threat elsewhere
    play(&mut g, "G6").unwrap(); // black answers
    play(&mut g, "B2").unwrap(); // now white may retake
    assert_eq!(stone(&g, "C2"), None);
    // After a pass the ko may be retaken too.
    play(&mut g, "pass").unwrap();
    assert_eq!(g.board().ko_point(), None);
}

/// Three kos: taking them in turn brings back the first position after six moves.
fn triple_ko(superko: bool) -> Game {
    diagram(
        &[
            ". . . . . . . . .", // 9
            ". X O . . . . . .", // 8
            "X O . O . . . . .", // 7
            ". X O . . . . . .", // 6
            ". . . . . . . . .", // 5
            ". . . . . . . . .", // 4
            ". X O . . . X O .", // 3
            "X O . O . X . X O", // 2
            ". X O . . . X O .", // 1
        ],
        Rules { superko, ..Rules::default() },
        Side::First,
    )
}

#[test]
fn triple_ko_cycle_is_refused_by_superko() {
    let cycle = ["C2", "G2", "C7", "B2", "H2"];
    let mut g = triple_ko(true);
    for mv in cycle {
        play(&mut g, mv).unwrap();
    }
    // White's B7 would bring back the starting position.
    assert_eq!(play(&mut g, "B7"), Err(PlayError::Superko(Point::new(1, 6))));
    assert!(!g.is_legal(at(&g, "B7")));
    assert!(PlayError::Superko(Point::new(1, 6)).to_string().contains("B7"));

    let mut free = triple_ko(false);
    for mv in cycle {
        play(&mut free, mv).unwrap();
    }
    play(&mut free, "B7").unwrap();
    assert_eq!(free.board().hash(), triple_ko(false).board().hash());
}

#[test]
fn off_board_and_occupied_are_typed() {
    let mut g = Game::even(9).unwrap();
    assert_eq!(
        g.play_at(Point::new(9, 0)),
        Err(PlayError::OffBoard { point: Point::new(9, 0), size: 9 })
    );
    g.play_at(Point::new(4, 4)).unwrap();
    assert_eq!(g.play_at(Point::new(4, 4)), Err(PlayError::Occupied(Point::new(4, 4))));
    assert_eq!(Game::even(4).unwrap_err(), SetupError::Size(4));
    assert_eq!(Game::even(20).unwrap_err(), SetupError::Size(20));
}

#[test]
fn two_passes_end_the_game_and_resignation_wins() {
    let mut g = Game::even(9).unwrap();
    play(&mut g, "E5").unwrap();
    assert_eq!(g.outcome(), None);
    g.pass().unwrap();
    g.pass().unwrap();
    assert!(g.is_over());
    assert_eq!(g.pass(), Err(PlayError::GameOver));
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Side::First, reason: WinReason::Score }));
    let mut r = Game::even(9).unwrap();
    r.resign(Side::First).unwrap();
    assert_eq!(
        r.outcome(),
        Some(Outcome::Win { winner: Side::Second, reason: WinReason::Resignation })
    );
    assert_eq!(r.result().unwrap().sgf(), "W+R");
}

#[test]
fn handicap_stones_sit_on_the_standard_points() {
    let g = Game::with_handicap(19, 4).unwrap();
    assert_eq!(g.side_to_move(), Side::Second, "white moves first after the handicap");
    assert_eq!(g.rules().komi, Komi::NONE);
    let stones: Vec<String> =
        g.board().stones().map(|(p, _)| GameKind::Go { size: 19 }.point_name(p)).collect();
    assert_eq!(stones, ["D4", "Q4", "D16", "Q16"]);
    let nine = Game::with_handicap(9, 9).unwrap();
    assert_eq!(nine.board().stone_count(Side::First), 9);
    assert!(matches!(Game::with_handicap(19, 10), Err(SetupError::Handicap { .. })));
    assert!(matches!(Game::with_handicap(10, 5), Err(SetupError::Handicap { .. })));
    assert!(Game::with_handicap(10, 4).is_ok());
}

#[test]
fn handicap_game_gives_back_half_a_stone_per_stone() {
    // Four stones, then the board is split evenly: black must give back 2 stones
    // (4 points), so white wins by 2 子 = 4 points.
    let mut g = Game::with_handicap(9, 4).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    // Black alone on the board owns all 81 points; 81 - 0 - 4 = 77.
    assert_eq!(g.score().result.sgf(), "B+77");
    let split = diagram(
        &[
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
        ],
        Rules::no_komi(),
        Side::First,
    );
    // 36 + 45: white ahead by 9 points = 4½ stones, with no komi (让先).
    assert_eq!(split.score().result.chinese(), "白胜 4又1/2 子");
}

#[test]
fn neutral_points_are_split_and_komi_decides() {
    let g = diagram(
        &[
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
        ],
        Rules::default(),
        Side::First,
    );
    let s = g.score();
    assert_eq!(s.count.neutral, 9);
    assert_eq!(s.count.black_area(), 36);
    assert_eq!(s.count.white_area(), 36);
    assert_eq!(s.count.black_half_stones(), 81, "40½ 子 each");
    assert_eq!(s.result.sgf(), "W+7.5");
    assert_eq!(s.result.chinese(), "白胜 3又3/4 子");
    // With no komi the game is drawn.
    let even = Game::from_position(
        9,
        Rules::no_komi(),
        &g.board().stones().collect::<Vec<_>>(),
        Side::First,
    )
    .unwrap();
    let mut even = even;
    even.pass().unwrap();
    even.pass().unwrap();
    assert_eq!(even.outcome(), Some(Outcome::Draw { reason: DrawReason::EqualScore }));
    assert_eq!(even.result().unwrap().sgf(), "0");
}

/// A finished game with a seki in the lower left: the white string A2–F2, F1 and the
/// black string B1–D1 share the liberties A1 and E1. White filling one puts eight stones
/// in atari; black filling one gives four stones in a row, and white lives after
/// taking them.
fn seki() -> Game {
    let mut g = diagram(
        &[
            ". X . . . . X O .",
            "X X X X X X X O O",
            ". . . . . . X O .",
            ". . . . . . X O .",
            ". . . . . . X O .",
            ". . . . . . X O .",
            "X X X X X X X O .",
            "O O O O O O X O .",
            ". X X X . O X O .",
        ],
        Rules::default(),
        Side::First,
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g
}

#[test]
fn seki_shared_liberties_are_neutral_and_seki_stones_live() {
    let mut g = seki();
    let s = g.score();
    assert_eq!(s.count.neutral, 2, "A1 and E1 are shared liberties");
    assert_eq!(s.count.white_stones, 17);
    assert_eq!(s.count.black_area(), 54);
    assert_eq!(s.count.white_area(), 25);
    assert_eq!(s.result.sgf(), "B+21.5");
    assert_eq!(s.result.chinese(), "黑胜 10又3/4 子");
    // Filling a shared liberty loses one's own string, so it stays seki.
    g.estimate_dead_stones(200, 7);
    assert_eq!(g.dead_stones(), Vec::<Point>::new(), "seki: nobody is dead");
    assert_eq!(g.score().result.sgf(), "B+21.5");
}

#[test]
fn shared_liberties_that_a_killing_sacrifice_fills_are_no_seki() {
    // White's A2–E2, E1 and black's B1–C1 share A1 and D1, which looks like seki; but
    // black fills D1, white must take three stones in a row, and black's stone on
    // their middle point leaves white one eye. GNU Go counts it so: B+19.5.
    let mut g = diagram(
        &[
            ". X . . . X O . O",
            "X X X X X X O O O",
            ". . . . . X O . .",
            ". . . . . X O . .",
            ". . . . . X O . .",
            ". . . . . X O . .",
            "X X X X X X O . .",
            "O O O O O X O . .",
            ". X X . O X O . .",
        ],
        Rules::default(),
        Side::First,
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g.estimate_dead_stones(400, 7);
    let mut dead: Vec<String> =
        g.dead_stones().iter().map(|&p| Move::Play(p).to_string()).collect();
    dead.sort();
    assert_eq!(dead, ["A2", "B2", "C2", "D2", "E1", "E2"]);
    assert_eq!(g.score().result.sgf(), "B+19.5");
}

#[test]
fn a_group_whose_last_liberties_a_lone_stone_shares_is_dead_not_seki() {
    // The black group E9–J6 has only G9 and H8, shared with the white stone H9. White
    // throws in at G9 (or H8); black must take two stones and is left with one eye. The
    // end of a game against Pachi, whose count and GNU Go's agree: W+18.5.
    let mut g = diagram(
        &[
            ". O . O X X . O X",
            "O O O O O X X . X",
            "O X X O O O X X X",
            "X X . X X X O O X",
            ". X . X . X X O O",
            ". X . X . X O . O",
            ". . X . X O O O O",
            "X X X X X O . O O",
            ". . . X O O O O .",
        ],
        Rules::default(),
        Side::First,
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g.estimate_dead_stones(400, 1);
    let mut dead: Vec<String> =
        g.dead_stones().iter().map(|&p| Move::Play(p).to_string()).collect();
    dead.sort();
    assert_eq!(dead, ["E9", "F8", "F9", "G7", "G8", "H7", "J6", "J7", "J8", "J9"]);
    assert_eq!(g.score().result.sgf(), "W+18.5");
}

#[test]
fn estimate_removes_lone_invaders_and_players_can_correct_it() {
    let mut g = diagram(
        &[
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . X .",
            ". O . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
            ". . . . X O . . .",
        ],
        Rules::default(),
        Side::First,
    );
    g.pass().unwrap();
    g.pass().unwrap();
    g.estimate_dead_stones(300, 42);
    assert_eq!(g.dead_stones(), [Point::new(1, 4), Point::new(7, 5)]);
    // 45 for black, 36 for white: 9 - 7.5.
    assert_eq!(g.score().result.chinese(), "黑胜 3/4 子");
    assert_eq!(g.score().count.dead_white, 1);
    // The players disagree about the white stone: unmark it.
    assert_eq!(g.toggle_dead(Point::new(1, 4)), Ok(false));
    assert!(!g.is_dead(Point::new(1, 4)));
    assert!(g.toggle_dead(Point::new(0, 0)).is_err());
    let same = {
        let mut h = g.clone();
        h.estimate_dead_stones(300, 42);
        h.dead_stones()
    };
    assert_eq!(same, [Point::new(1, 4), Point::new(7, 5)], "the seed reproduces the estimate");
}

#[test]
fn board_view_shows_stars_stones_and_the_last_move() {
    let mut g = Game::even(19).unwrap();
    play(&mut g, "Q16").unwrap();
    let v = g.board_view();
    assert_eq!(v.kind, GameKind::Go { size: 19 });
    assert_eq!((v.files, v.ranks), (19, 19));
    assert_eq!(v.marks.iter().filter(|m| matches!(m, BoardMark::StarPoint { .. })).count(), 9);
    assert!(v.marks.contains(&BoardMark::StarPoint { at: Point::new(9, 9) }));
    let piece = v.piece_at(Point::new(15, 15)).unwrap();
    assert_eq!((piece.side, piece.kind, piece.glyph.as_str()), (Side::First, PieceKind::Stone, ""));
    assert_eq!(v.last_move.unwrap().to, Point::new(15, 15));
    assert_eq!(v.last_move.unwrap().from, None);
    assert_eq!(v.side_to_move, Side::Second);
    assert_eq!(Game::even(9).unwrap().board_view().marks.len(), 5);
    assert_eq!(Game::even(13).unwrap().board_view().marks.len(), 5);
}
