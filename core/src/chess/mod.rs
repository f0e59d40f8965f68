//! 国际象棋: FIDE chess on the generic face (issue 8).
