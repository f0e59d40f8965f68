//! 五子棋: freestyle, standard and renju gomoku (issue 10).
