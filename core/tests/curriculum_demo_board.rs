//! The demonstration board: free set-up and moves for any game, arrows and marks,
//! and a lesson's positions loaded one after another.

use qike_core::curriculum::{
    DemoBoard, DemoError, Step, lesson_position, lesson_positions, palette, xiangqi_course,
};
use qike_core::{GameKind, GomokuRule, HighlightKind, PieceKind, Point, Side};

const GAMES: [GameKind; 4] = [
    GameKind::Xiangqi,
    GameKind::Chess,
    GameKind::Go { size: 19 },
    GameKind::Gomoku { rule: GomokuRule::Freestyle },
];

#[test]
fn every_game_starts_from_its_own_position_with_a_full_palette() {
    let counts = [32, 32, 0, 0];
    let kinds = [14, 12, 2, 2];
    for ((kind, pieces), palette_len) in GAMES.into_iter().zip(counts).zip(kinds) {
        let b = DemoBoard::new(kind);
        let v = b.view();
        assert_eq!((v.kind, v.pieces.len()), (kind, pieces), "{kind:?}");
        assert_eq!(palette(kind).len(), palette_len, "{kind:?}");
        assert_eq!(b.palette(), palette(kind));
    }
    assert_eq!(DemoBoard::new(GameKind::Go { size: 19 }).view().files, 19);
}

#[test]
fn pieces_are_placed_removed_and_moved_anywhere() {
    let mut b = DemoBoard::new(GameKind::Xiangqi);
    // The red chariot in the corner goes straight across the board, taking.
    let corner = Point::new(0, 0);
    let far = Point::new(0, 9);
    let chariot = b.piece(corner).cloned().unwrap();
    assert_eq!(chariot.kind, PieceKind::Chariot);
    let taken = b.move_piece(corner, far).unwrap().unwrap();
    assert_eq!((taken.kind, taken.side), (PieceKind::Chariot, Side::Second));
    assert_eq!(b.piece(far).unwrap().side, Side::First);
    assert_eq!(b.piece(far).unwrap().at, far);
    assert!(b.piece(corner).is_none());
    assert_eq!(b.view().pieces.len(), 31);
    assert_eq!(b.view().last_move.unwrap().to, far);
    assert_eq!(b.move_piece(corner, far), Err(DemoError::NoPiece(corner)));
    assert_eq!(b.move_piece(far, far), Err(DemoError::SamePoint));

    // Clear it and set up a bare ending from the palette.
    b.clear_pieces();
    assert!(b.view().pieces.is_empty());
    let general = palette(GameKind::Xiangqi)
        .into_iter()
        .find(|p| p.kind == PieceKind::General && p.side == Side::First)
        .unwrap();
    b.place(Point::new(4, 0), &general).unwrap();
    assert_eq!(b.piece(Point::new(4, 0)).unwrap().kind, PieceKind::General);
    assert_eq!(b.remove(Point::new(4, 0)).unwrap().unwrap().kind, PieceKind::General);
    assert_eq!(b.remove(Point::new(4, 0)).unwrap(), None);
    let off = Point::new(9, 0);
    assert_eq!(b.place(off, &general), Err(DemoError::OffBoard { at: off, files: 9, ranks: 10 }));

    // Go: stones anywhere on 19×19, none off it.
    let mut go = DemoBoard::new(GameKind::Go { size: 19 });
    let black = &palette(GameKind::Go { size: 19 })[0];
    go.place(Point::new(3, 3), black).unwrap();
    go.place(Point::new(18, 18), black).unwrap();
    assert!(go.place(Point::new(19, 0), black).is_err());
    assert_eq!(go.view().pieces.len(), 2);
}

#[test]
fn arrows_and_marks_toggle_and_clear_without_touching_pieces() {
    let mut b = DemoBoard::new(GameKind::Chess);
    let (e2, e4) = (Point::new(4, 1), Point::new(4, 3));
    b.toggle_arrow(e2, e4).unwrap();
    b.toggle_mark(e4).unwrap();
    b.toggle_mark(Point::new(3, 3)).unwrap();
    assert_eq!(b.arrows(), &[(e2, e4)]);
    let v = b.view();
    assert_eq!(v.highlights.len(), 2);
    assert!(v.highlights.iter().all(|h| h.kind == HighlightKind::Hint));
    b.toggle_arrow(e2, e4).unwrap();
    b.toggle_mark(e4).unwrap();
    assert!(b.arrows().is_empty());
    assert_eq!(b.marks(), &[Point::new(3, 3)]);
    assert!(b.toggle_arrow(e2, Point::new(8, 8)).is_err());
    b.toggle_arrow(e2, e4).unwrap();
    b.clear_drawings();
    assert!(b.arrows().is_empty() && b.marks().is_empty());
    assert_eq!(b.view().pieces.len(), 32);
}

#[test]
fn a_lessons_positions_load_in_step_order_with_their_drawings() {
    let course = xiangqi_course().unwrap();
    let mut total = 0;
    for lesson in course.lessons() {
        let all = lesson_positions(lesson).unwrap();
        let with_board: Vec<&Step> = lesson.steps.iter().filter(|s| s.fen().is_some()).collect();
        assert_eq!(all.len(), with_board.len(), "{}", lesson.id);
        for (p, s) in all.iter().zip(&with_board) {
            assert_eq!(p.step_id, s.id());
            if let Step::Explain(e) = s {
                assert_eq!(p.arrows.len(), e.arrows.len(), "{}", s.id());
                assert_eq!(p.marks.len(), e.highlights.len(), "{}", s.id());
            }
        }
        total += all.len();
    }
    assert!(total > 45, "every lesson shows boards");

    // Stepping through one lesson puts each position on the board in turn.
    let lesson = course.lessons().find(|l| lesson_positions(l).unwrap().len() >= 2).unwrap();
    let mut b = DemoBoard::new(GameKind::Xiangqi);
    b.toggle_mark(Point::new(0, 0)).unwrap();
    for i in 0..2 {
        let p = lesson_position(lesson, i).unwrap();
        b.load(&p);
        let mut want = p.view.pieces.clone();
        let mut got = b.view().pieces;
        want.sort_by_key(|x| x.at);
        got.sort_by_key(|x| x.at);
        assert_eq!(got, want);
        assert_eq!(b.arrows(), &p.arrows[..]);
        assert_eq!(b.marks(), &p.marks[..]);
    }
    let count = lesson_positions(lesson).unwrap().len();
    assert_eq!(
        lesson_position(lesson, count),
        Err(DemoError::NoSuchPosition { index: count, count })
    );
}

/// Every lesson of every course shows its boards on the demonstration board, read as
/// its own game writes them (a Go lesson's `black: D5; white: E5`, a gomoku lesson's
/// stones, a chess FEN), with the explain steps' arrows and marks.
#[test]
fn every_courses_lessons_give_their_positions() {
    for kind in [
        GameKind::Xiangqi,
        GameKind::Chess,
        GameKind::Go { size: 9 },
        GameKind::Gomoku { rule: qike_core::GomokuRule::Renju },
    ] {
        let course = qike_core::curriculum::course_for(kind).unwrap().unwrap();
        let mut boards = 0;
        for lesson in course.lessons() {
            let all = lesson_positions(lesson).unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
            let with_board: Vec<&Step> =
                lesson.steps.iter().filter(|s| s.fen().is_some()).collect();
            assert_eq!(all.len(), with_board.len(), "{}", lesson.id);
            for (p, s) in all.iter().zip(&with_board) {
                assert_eq!(p.view.kind.placement(), lesson.game.placement(), "{}", s.id());
                if let Step::Explain(e) = s {
                    assert_eq!(p.arrows.len(), e.arrows.len(), "{} {}", lesson.id, s.id());
                    assert_eq!(p.marks.len(), e.highlights.len(), "{} {}", lesson.id, s.id());
                }
                boards += usize::from(!p.view.pieces.is_empty());
            }
        }
        assert!(boards > 10, "{kind:?}: only {boards} boards with pieces");
    }
    // The Go ladder lesson's first board: black D5 E4 F6, white E5, on 9×9.
    let go = qike_core::curriculum::course_for(GameKind::Go { size: 9 }).unwrap().unwrap();
    let ladder = go.lesson("go_ladder").unwrap();
    let first = lesson_position(ladder, 0).unwrap();
    assert_eq!((first.view.files, first.view.ranks), (9, 9));
    let white: Vec<Point> = first
        .view
        .pieces
        .iter()
        .filter(|p| p.side == qike_core::Side::Second)
        .map(|p| p.at)
        .collect();
    assert_eq!(white, [Point::new(4, 4)]);
    assert_eq!(first.view.pieces.len(), 4);
    assert_eq!(first.marks, [Point::new(4, 5), Point::new(5, 4)]);
    let mut b = DemoBoard::new(GameKind::Go { size: 9 });
    b.load(&first);
    assert_eq!(b.view().pieces.len(), 4);
}
