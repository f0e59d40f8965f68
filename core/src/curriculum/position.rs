//! Positions, points and moves as lesson files write them, read for the course's game.
//!
//! - xiangqi and chess: a FEN;
//! - gomoku: the stones of each colour as point lists, `black: h8 i8; white: h9`
//!   (either part may be left out; an empty text is the empty board). Black moves when
//!   both colours have as many stones, white when black has one more.
//!
//! - Go: the same point lists in GTP names, with an optional board size (the course's
//!   when absent) and side to move (black when absent), because captures leave any
//!   count of stones: `size: 13; black: D4 E5; white: C3; turn: white`.
//!
//! Points are the game's own names (`e0` in xiangqi, `h8` in gomoku) and moves are
//! [`MoveInput::encode`]'s text (`h2e2`, `h8`).

use crate::game::{GameKind, MoveInput, Point};
use crate::games::AnyGame;

/// Why a position text does not give a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("'{text}' is not a valid position: {reason}")]
    Invalid { text: String, reason: String },
    #[error("lessons of {0} cannot give a position yet")]
    Unsupported(String),
}

/// The game a lesson step starts from.
pub fn start(kind: GameKind, text: &str) -> Result<AnyGame, PositionError> {
    let invalid =
        |reason: String| PositionError::Invalid { text: text.to_owned(), reason: reason.clone() };
    match kind {
        GameKind::Xiangqi => {
            let pos =
                crate::xiangqi::Position::from_fen(text).map_err(|e| invalid(e.to_string()))?;
            Ok(AnyGame::Xiangqi(crate::xiangqi::Game::new(pos, crate::xiangqi::Rules::default())))
        }
        GameKind::Chess => {
            let pos = crate::chess::Position::from_fen(text).map_err(|e| invalid(e.to_string()))?;
            Ok(AnyGame::Chess(crate::chess::Game::from_position(pos)))
        }
        GameKind::Gomoku { rule } => {
            let (black, white) = stone_lists(kind, text).map_err(invalid)?;
            let size = crate::gomoku::BoardSize::default();
            crate::gomoku::Game::from_stones(rule, size, &black, &white)
                .map(AnyGame::Gomoku)
                .map_err(|e| invalid(e.to_string()))
        }
        GameKind::Go { size } => {
            crate::go::lesson::read(size, text).map(|g| AnyGame::Go(Box::new(g))).map_err(invalid)
        }
    }
}

/// Reads `black: … ; white: …` into the two lists of points.
fn stone_lists(kind: GameKind, text: &str) -> Result<(Vec<Point>, Vec<Point>), String> {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, points) = part
            .split_once(':')
            .ok_or_else(|| format!("'{part}' should start with 'black:' or 'white:'"))?;
        let list = match name.trim() {
            "black" => &mut black,
            "white" => &mut white,
            other => return Err(format!("'{other}' is not a colour (black or white)")),
        };
        for name in points.split_whitespace() {
            list.push(point(kind, name).ok_or_else(|| format!("'{name}' is not a point"))?);
        }
    }
    Ok((black, white))
}

/// A point of the game's board by its name.
pub fn point(kind: GameKind, text: &str) -> Option<Point> {
    match names_of(kind).parse_point_prefix(text.trim())? {
        (p, "") => Some(p),
        _ => None,
    }
}

/// A move by its text.
pub fn move_input(kind: GameKind, text: &str) -> Option<MoveInput> {
    MoveInput::decode(names_of(kind), text)
}

/// The board whose names a lesson may use: a Go lesson may show a board larger than
/// its course's (its position text says so), so its names are read as on 19×19 and
/// checked against the step's own board by validation.
fn names_of(kind: GameKind) -> GameKind {
    match kind {
        GameKind::Go { .. } => GameKind::Go { size: crate::go::MAX_SIZE },
        other => other,
    }
}

/// The two points of a step move (`h2e2`); `None` for a stone or a pass.
pub fn step_points(kind: GameKind, text: &str) -> Option<(Point, Point)> {
    match move_input(kind, text)? {
        MoveInput::Step { from, to, .. } => Some((from, to)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BoardGame, GomokuRule, Side};

    const RENJU: GameKind = GameKind::Gomoku { rule: GomokuRule::Renju };

    #[test]
    fn stone_positions_read_both_colours_and_the_turn() {
        let g = start(RENJU, "black: h8 i8; white: h9").unwrap();
        assert_eq!(g.side_to_move(), Side::Second);
        assert_eq!(g.view().pieces.len(), 3);
        assert_eq!(g.view().last_move, None);
        let g = start(RENJU, "").unwrap();
        assert_eq!(g.side_to_move(), Side::First);
        assert!(start(RENJU, "black: h8 i8 j8").is_err());
        assert!(start(RENJU, "red: h8").is_err());
        assert!(start(RENJU, "black: h8; white: h8").is_err());
        assert!(start(RENJU, "black: z9").is_err());
        assert!(start(RENJU, "black: a1 a2 a3 a4 a5; white: b1 b2 b3 b4 c9").is_err());
    }

    #[test]
    fn points_and_moves_follow_the_game() {
        assert_eq!(point(GameKind::Xiangqi, "e0"), Some(Point::new(4, 0)));
        assert_eq!(point(RENJU, "h8"), Some(Point::new(7, 7)));
        assert_eq!(point(RENJU, "h8x"), None);
        assert_eq!(
            step_points(GameKind::Xiangqi, "h2e2"),
            Some((Point::new(7, 2), Point::new(4, 2)))
        );
        assert_eq!(move_input(RENJU, "o15"), Some(MoveInput::Place { at: Point::new(14, 14) }));
    }
}
