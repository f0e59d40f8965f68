//! 围棋: Go with Chinese area scoring (issue 9).
