//! A session that goes on from a game played elsewhere (read from a PGN or an SGF, or
//! built move by move): its start becomes the session's set-up and its moves the
//! session's history, so 悔棋, the saved form and the record include them.

use crate::game::{BoardGame, GameKind};
use crate::games::{AnyGame, GameSetup, GoStart, SetupError};
use crate::progress::Timestamp;

use super::{GameSession, SessionError};

impl GameSession {
    /// A session that goes on from `game`, with its moves; the other arguments as for
    /// [`GameSession::new`]. A Go game whose start no set-up can name (stones placed
    /// by an SGF rather than played, or a komi other than the three ways of the
    /// Chinese rules) is refused as a bad start.
    pub fn from_game(
        game: &AnyGame,
        player: crate::game::Side,
        level: Option<u8>,
        seed: u64,
        started: Timestamp,
    ) -> Result<GameSession, SessionError> {
        let setup = start_setup(game)?;
        let mut session = GameSession::new(setup, player, level, seed, started)?;
        let mut replay = session.game().clone();
        for (index, mv) in game.history().into_iter().enumerate() {
            let text = mv.encode(game.kind());
            replay.play(mv).map_err(|_| SessionError::BadMove { index, text })?;
        }
        if replay.view() != game.view() {
            return Err(unnamed_start(game.kind()));
        }
        session.board.reset(replay);
        Ok(session)
    }
}

/// The set-up `game` started from: the position before its first move.
fn start_setup(game: &AnyGame) -> Result<GameSetup, SessionError> {
    let mut start = game.clone();
    while start.undo().is_some() {}
    Ok(match &start {
        AnyGame::Xiangqi(g) => GameSetup::Xiangqi { fen: g.position().to_fen() },
        AnyGame::Chess(g) => GameSetup::Chess { fen: g.position().fen() },
        AnyGame::Gomoku(g) => GameSetup::Gomoku { rule: g.rule(), opening: None },
        AnyGame::Go(g) => {
            let ways = [GoStart::Even, GoStart::NoKomi, GoStart::Handicap(g.handicap())];
            ways.into_iter()
                .map(|way| GameSetup::Go { size: g.size(), start: way })
                .find(|setup| match setup.start() {
                    Ok(AnyGame::Go(c)) => c.rules() == g.rules() && c.view() == g.view(),
                    _ => false,
                })
                .ok_or_else(|| unnamed_start(start.kind()))?
        }
    })
}

fn unnamed_start(kind: GameKind) -> SessionError {
    let why = match kind {
        GameKind::Go { .. } => {
            "the Go game starts with stones placed or a komi that no set-up names (even, \
             no komi or a handicap)"
        }
        _ => "the game's moves do not replay from its start",
    };
    SessionError::BadStart(SetupError::Position(why.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{MoveInput, Side};

    fn game_from(kind: GameKind, moves: &[&str]) -> AnyGame {
        let mut game = AnyGame::new(kind).unwrap();
        for text in moves {
            game.play(MoveInput::decode(kind, text).unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_chess_game_goes_on_with_its_moves_and_its_start() {
        let game = game_from(GameKind::Chess, &["e2e4", "e7e5", "g1f3"]);
        let mut s = GameSession::from_game(&game, Side::First, Some(1), 1, Timestamp(0)).unwrap();
        assert_eq!(s.game().history(), game.history());
        assert_eq!(s.setup(), &GameSetup::standard(GameKind::Chess));
        assert!(s.is_engine_turn(), "black, the engine, is to move");
        s.engine_move_now().unwrap();
        assert_eq!(s.undo().unwrap(), 2, "悔棋 reaches back into the game's own moves");
        let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
        assert_eq!(back.game().history(), s.game().history());
    }

    #[test]
    fn a_go_game_keeps_its_balance_and_one_from_placed_stones_is_refused() {
        let kind = GameKind::Go { size: 9 };
        let game = game_from(kind, &["E5", "C3"]);
        let s = GameSession::from_game(&game, Side::First, None, 1, Timestamp(0)).unwrap();
        assert_eq!(s.setup(), &GameSetup::Go { size: 9, start: GoStart::Even });
        let no_komi = GameSetup::Go { size: 9, start: GoStart::NoKomi }.start().unwrap();
        let s = GameSession::from_game(&no_komi, Side::First, None, 1, Timestamp(0)).unwrap();
        assert_eq!(s.setup(), &GameSetup::Go { size: 9, start: GoStart::NoKomi });
        let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]AB[cc][gg];W[ee])";
        let placed = AnyGame::Go(Box::new(crate::go::Game::from_sgf(sgf).unwrap()));
        let refused = GameSession::from_game(&placed, Side::First, None, 1, Timestamp(0));
        assert!(matches!(refused, Err(SessionError::BadStart(_))), "{refused:?}");
    }
}
