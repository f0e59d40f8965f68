//! A game's start from a set-up: a FEN that cannot be read keeps its own error type.

use qike_core::{GameSetup, SetupError, chess, xiangqi};

#[test]
fn a_bad_xiangqi_fen_says_what_is_wrong_with_it() {
    let bad = GameSetup::Xiangqi { fen: "rnbakabnr/9/9 w".into() };
    let err = bad.start().unwrap_err();
    assert_eq!(err, SetupError::XiangqiFen(xiangqi::FenError::RankCount(3)));
    assert_eq!(
        err.to_string(),
        "the start position is not valid: FEN has 3 ranks, a xiangqi board has 10"
    );
}

#[test]
fn a_bad_chess_fen_says_what_is_wrong_with_it() {
    let bad = GameSetup::Chess { fen: "8/8/8 w - -".into() };
    let err = bad.start().unwrap_err();
    assert_eq!(err, SetupError::ChessFen(chess::FenError::RankCount(3)));
    assert!(err.to_string().starts_with("the start position is not valid: "), "{err}");
}

#[test]
fn readable_fens_still_set_up() {
    assert!(GameSetup::Xiangqi { fen: xiangqi::START_FEN.into() }.start().is_ok());
    assert!(GameSetup::Chess { fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into() }.start().is_ok());
}
