//! 国际象棋: FIDE chess on Qike's generic face.
//!
//! Move generation is cozy-chess's (MIT); everything around it is ours: validated
//! FEN with typed errors, the game with its draw rules, SAN, PGN, UCI and the Chinese
//! long notation of Chinese chess books (`马g1-f3`, `象f1×c4`).
//!
//! ```
//! use qike_core::chess::{Game, parse_san, to_san};
//! use qike_core::Point;
//!
//! let mut game = Game::new();
//! let mv = parse_san(game.position(), "Nf3").unwrap();
//! assert_eq!(to_san(game.position(), mv).unwrap(), "Nf3");
//! game.play(mv).unwrap();
//! // e7 pawn: one or two squares forward.
//! assert_eq!(game.legal_targets(Point::new(4, 6)), vec![Point::new(4, 4), Point::new(4, 5)]);
//! assert_eq!(game.board_view().piece_at(Point::new(5, 2)).unwrap().glyph, "马");
//! ```

pub mod attacks;
mod chinese;
mod draw;
mod face;
mod fen;
mod game;
pub mod kpk;
pub mod mate_search;
mod moves;
mod perft;
mod pgn;
mod position;
mod san;
mod setup;
mod view;

pub use chinese::{parse_chinese, to_chinese, to_chinese_line};
pub use face::{IllegalReason, illegal_reason};
pub use fen::{FenError, START_FEN};
pub use game::{DrawClaim, EndError, Game};
pub use moves::{Move, Promotion, Role, UciError, parse_square, square_name};
pub use perft::{divide, perft};
pub use pgn::{GameResult, PgnError, PgnErrorKind, PgnGame, read_pgn, write_pgn};
pub use position::{PlayError, Position};
pub use san::{SanError, parse_san, to_san};
pub use setup::{CastleSides, Castling, PositionError, Setup};
pub use view::{glyph, unicode_symbol};
