//! Captured pieces and the material balance of a xiangqi or chess game, for the strip
//! beside the board: what each side has taken, most valuable first, and who is ahead
//! by how much.
//!
//! The pieces taken are read from the moves, not from what is missing from the start:
//! a chess pawn that promoted was not captured, and the queen it became is counted on
//! the board. The balance counts the pieces on the board in the game's usual units:
//! - chess: pawn 1, knight 3, bishop 3, rook 5, queen 9 (the king is not counted);
//! - xiangqi, the scale taught to beginners: 车 10, 马 5, 炮 5, 士 2, 象 2, 兵 1, and
//!   2 for a 兵 that has crossed the river (the 帅 is not counted).

use crate::game::{BoardGame, BySide, GameKind, PieceKind, Point, Side};
use crate::games::AnyGame;

/// What each side has taken and what each has on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Material {
    /// The pieces each side captured (`captured.first`: the second player's pieces the
    /// first player took), most valuable first.
    pub captured: BySide<Vec<PieceKind>>,
    /// Each side's pieces on the board in the game's units.
    pub on_board: BySide<u32>,
}

impl Material {
    /// The first player's material less the second's.
    pub fn balance(&self) -> i32 {
        self.on_board.first as i32 - self.on_board.second as i32
    }

    /// The side ahead and by how much; `None` when level.
    pub fn ahead(&self) -> Option<(Side, u32)> {
        match self.balance() {
            0 => None,
            b if b > 0 => Some((Side::First, b.unsigned_abs())),
            b => Some((Side::Second, b.unsigned_abs())),
        }
    }
}

/// A piece's worth in its game's units; `at` and `side` place a xiangqi soldier.
pub fn piece_value(kind: PieceKind, side: Side, at: Point) -> u32 {
    match kind {
        PieceKind::Chariot => 10,
        PieceKind::Horse | PieceKind::Cannon => 5,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => {
            let crossed = match side {
                Side::First => at.rank >= 5,
                Side::Second => at.rank <= 4,
            };
            if crossed { 2 } else { 1 }
        }
        PieceKind::Queen => 9,
        PieceKind::Rook => 5,
        PieceKind::Bishop | PieceKind::Knight => 3,
        PieceKind::Pawn => 1,
        PieceKind::General | PieceKind::King | PieceKind::Stone => 0,
    }
}

/// The order captured pieces are shown in: the most valuable first.
fn display_rank(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Chariot | PieceKind::Queen => 0,
        PieceKind::Horse | PieceKind::Rook => 1,
        PieceKind::Cannon | PieceKind::Bishop => 2,
        PieceKind::Advisor | PieceKind::Knight => 3,
        PieceKind::Elephant | PieceKind::Pawn => 4,
        PieceKind::Soldier => 5,
        PieceKind::General | PieceKind::King | PieceKind::Stone => 6,
    }
}

/// The pieces of `side` in `game` by kind.
fn pieces_of(game: &AnyGame, side: Side) -> Vec<PieceKind> {
    game.view().pieces.into_iter().filter(|p| p.side == side).map(|p| p.kind).collect()
}

impl AnyGame {
    /// The captured pieces and the balance (xiangqi and chess); `None` for Go and
    /// gomoku, whose stones are not pieces of worth (Go's captures:
    /// [`crate::go::Board::captures`]).
    pub fn material(&self) -> Option<Material> {
        if !matches!(self.kind(), GameKind::Xiangqi | GameKind::Chess) {
            return None;
        }
        let mut game = self.clone();
        let mut moves = Vec::new();
        while let Some(mv) = game.undo() {
            moves.push(mv);
        }
        let mut captured = BySide::new(Vec::new(), Vec::new());
        for mv in moves.into_iter().rev() {
            let mover = game.side_to_move();
            let mut before = pieces_of(&game, mover.opponent());
            if game.play(mv).is_err() {
                break;
            }
            // What the opponent lost in the move: a capture (en passant included).
            for kind in pieces_of(&game, mover.opponent()) {
                if let Some(i) = before.iter().position(|&k| k == kind) {
                    before.swap_remove(i);
                }
            }
            captured.get_mut(mover).extend(before);
        }
        for list in [&mut captured.first, &mut captured.second] {
            list.sort_by_key(|&k| display_rank(k));
        }
        let mut on_board = BySide::new(0, 0);
        for p in self.view().pieces {
            *on_board.get_mut(p.side) += piece_value(p.kind, p.side, p.at);
        }
        Some(Material { captured, on_board })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveInput;
    use crate::games::GameSetup;

    fn played(setup: GameSetup, moves: &[&str]) -> AnyGame {
        let mut game = setup.start().unwrap();
        for text in moves {
            let mv = MoveInput::decode(game.kind(), text).unwrap();
            game.play(mv).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
        game
    }

    #[test]
    fn a_chess_promotion_is_no_capture_and_its_queen_counts() {
        // White's pawn takes the knight on b8 and becomes a queen; black's rook moves.
        let setup = GameSetup::Chess { fen: "rn6/P6k/8/8/8/8/8/4K1R1 w - - 0 1".into() };
        let game = played(setup, &["a7b8q", "a8a2"]);
        let m = game.material().unwrap();
        assert_eq!(m.captured.first, vec![PieceKind::Knight]);
        assert!(m.captured.second.is_empty(), "a rook moved, nothing was taken");
        // White: queen 9 + rook 5; black: rook 5.
        assert_eq!(m.on_board, BySide::new(14, 5));
        assert_eq!(m.ahead(), Some((Side::First, 9)));
    }

    #[test]
    fn en_passant_takes_a_pawn() {
        let setup = GameSetup::standard(GameKind::Chess);
        let game = played(setup, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "c7d6"]);
        let m = game.material().unwrap();
        assert_eq!(m.captured.first, vec![PieceKind::Pawn]);
        assert_eq!(m.captured.second, vec![PieceKind::Pawn]);
        assert_eq!(m.ahead(), None);
    }

    #[test]
    fn xiangqi_captures_come_most_valuable_first_and_a_crossed_soldier_counts_two() {
        let setup = GameSetup::standard(GameKind::Xiangqi);
        // 炮二平五 马8进7 炮五进四 (takes the middle soldier) 马7进5 (takes the cannon).
        let game = played(setup, &["h2e2", "h9g7", "e2e6", "g7e6"]);
        let m = game.material().unwrap();
        assert_eq!(m.captured.first, vec![PieceKind::Soldier]);
        assert_eq!(m.captured.second, vec![PieceKind::Cannon]);
        // Red lost a cannon (5), black a soldier (1).
        assert_eq!(m.ahead(), Some((Side::Second, 4)));
        assert_eq!(
            AnyGame::new(GameKind::Gomoku { rule: crate::GomokuRule::Renju }).unwrap().material(),
            None
        );
        // A red soldier across the river is worth two.
        assert_eq!(piece_value(PieceKind::Soldier, Side::First, Point::new(4, 5)), 2);
        assert_eq!(piece_value(PieceKind::Soldier, Side::First, Point::new(4, 4)), 1);
        assert_eq!(piece_value(PieceKind::Soldier, Side::Second, Point::new(4, 4)), 2);
    }
}
