//! Any of the four games through the core's generic face ([`BoardGame`] on [`AnyGame`]).

use std::sync::{Mutex, MutexGuard};

use qike_core::{
    AnyGame, BoardGame, BoardView, GameKind, GameSetup, GomokuRule, MoveInput, MoveName, Outcome,
    Point, Side, chess, go, gomoku,
};

use crate::error::{GoSgfError, GomokuSgfError, MoveError, PgnError, SetupError, on_board};

/// A game of xiangqi, chess, Go or gomoku: the board to draw, the moves to play.
#[derive(Debug, uniffi::Object)]
pub struct Game {
    inner: Mutex<AnyGame>,
    /// A chess game's PGN headers (from its PGN, or set), written back by `pgn`.
    tags: Mutex<Vec<PgnTag>>,
}

/// One header of a PGN game: `[Event "Club night"]` has the name `Event`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PgnTag {
    pub name: String,
    pub value: String,
}

impl Game {
    fn wrap(game: AnyGame) -> Game {
        Game { inner: Mutex::new(game), tags: Mutex::new(Vec::new()) }
    }

    fn tags(&self) -> MutexGuard<'_, Vec<PgnTag>> {
        self.tags.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game; every change is one call into the core, so a poisoned lock still holds
    /// a game in a consistent state.
    fn game(&self) -> MutexGuard<'_, AnyGame> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the game as it is now.
    pub(crate) fn snapshot(&self) -> AnyGame {
        self.game().clone()
    }
}

#[uniffi::export]
impl Game {
    /// A new game of `kind` from its usual start (an even game on a Go board of `size`).
    #[uniffi::constructor]
    pub fn new(kind: GameKind) -> Result<Self, SetupError> {
        Ok(Game::wrap(AnyGame::new(kind)?))
    }

    /// A game from a set-up: a xiangqi or chess FEN, a Go board's size and balance, a
    /// gomoku rule and opening.
    #[uniffi::constructor]
    pub fn from_setup(setup: GameSetup) -> Result<Self, SetupError> {
        Ok(Game::wrap(setup.start()?))
    }

    /// The first chess game of a PGN text, with its moves played.
    #[uniffi::constructor]
    pub fn from_pgn(pgn: String) -> Result<Self, PgnError> {
        let first = chess::read_pgn(&pgn)?
            .into_iter()
            .next()
            .ok_or_else(|| PgnError::NoGame("the PGN text holds no game".into()))?;
        let game = Game::wrap(AnyGame::Chess(first.to_game()));
        *game.tags() = first.tags.into_iter().map(|(name, value)| PgnTag { name, value }).collect();
        Ok(game)
    }

    /// The first Go game of an SGF text, with its set-up and moves played.
    #[uniffi::constructor]
    pub fn from_sgf(sgf: String) -> Result<Self, GoSgfError> {
        Ok(Game::wrap(AnyGame::Go(Box::new(go::Game::from_sgf(&sgf)?))))
    }

    /// A gomoku game from an SGF text; `rule` when the file does not name one.
    #[uniffi::constructor]
    pub fn from_gomoku_sgf(sgf: String, rule: GomokuRule) -> Result<Self, GomokuSgfError> {
        Ok(Game::wrap(AnyGame::Gomoku(gomoku::sgf::read_sgf(&sgf, rule)?)))
    }

    pub fn kind(&self) -> GameKind {
        self.game().kind()
    }

    /// What to draw: board, pieces, marks, the last move, whose turn.
    pub fn board_view(&self) -> BoardView {
        self.game().view()
    }

    pub fn side_to_move(&self) -> Side {
        self.game().side_to_move()
    }

    /// How the game ended; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game().outcome()
    }

    /// Whether `at` holds a piece of the side to move.
    pub fn is_own_piece(&self, at: Point) -> Result<bool, MoveError> {
        let game = self.game();
        Ok(game.is_own_piece(on_board(game.kind(), at)?))
    }

    /// Where the piece on `from` may go (empty for an empty point or the other side's
    /// piece).
    pub fn legal_targets(&self, from: Point) -> Result<Vec<Point>, MoveError> {
        let game = self.game();
        Ok(game.targets(on_board(game.kind(), from)?))
    }

    /// Whether the step from `from` to `to` is a promotion (chess): then `play` needs
    /// the piece the pawn becomes.
    pub fn needs_promotion(&self, from: Point, to: Point) -> Result<bool, MoveError> {
        let game = self.game();
        let (from, to) = on_board(game.kind(), (from, to))?;
        Ok(game.needs_promotion(from, to))
    }

    /// Whether moves are stones placed on points (Go, gomoku) rather than steps.
    pub fn places_stones(&self) -> bool {
        self.game().places_stones()
    }

    /// Whether passing is a move (Go).
    pub fn can_pass(&self) -> bool {
        self.game().can_pass()
    }

    /// Plays a move for the side to move; the outcome if it ended the game.
    pub fn play(&self, mv: MoveInput) -> Result<Option<Outcome>, MoveError> {
        let mut game = self.game();
        let mv = on_board(game.kind(), mv)?;
        game.play(mv)?;
        Ok(game.outcome())
    }

    /// The name `mv` would have if it were played now (standard and Chinese notation),
    /// without playing it; the rules' refusal when it cannot be played.
    pub fn move_name(&self, mv: MoveInput) -> Result<MoveName, MoveError> {
        let game = self.game();
        let mv = on_board(game.kind(), mv)?;
        Ok(game.name_move(mv)?)
    }

    /// Takes back the last move; the move taken back, `None` at the start.
    pub fn undo(&self) -> Option<MoveInput> {
        self.game().undo()
    }

    /// The moves played from the start, in order.
    pub fn history(&self) -> Vec<MoveInput> {
        self.game().history()
    }

    /// Every move in standard notation (ICCS, SAN, GTP) and in Chinese notation.
    pub fn move_names(&self) -> Vec<MoveName> {
        self.game().move_names()
    }

    /// `side` resigns.
    pub fn resign(&self, side: Side) -> Result<Outcome, MoveError> {
        Ok(self.game().resign(side)?)
    }

    /// The players agree to a draw.
    pub fn agree_draw(&self) -> Result<Outcome, MoveError> {
        Ok(self.game().agree_draw()?)
    }

    /// A move as coordinate text: `h2e2` (xiangqi), `e7e8q` (chess), `D4` or `pass`
    /// (Go), `h8` (gomoku). A point off the board is refused.
    pub fn move_text(&self, mv: MoveInput) -> Result<String, MoveError> {
        let kind = self.game().kind();
        Ok(on_board(kind, mv)?.encode(kind))
    }

    /// Reads coordinate text as a move of this game's shape (legality is `play`'s).
    pub fn parse_move(&self, text: String) -> Result<MoveInput, MoveError> {
        let kind = self.game().kind();
        MoveInput::decode(kind, &text)
            .ok_or_else(|| MoveError::BadMoveText(format!("'{text}' is not a move on this board")))
    }

    /// The current position as FEN (xiangqi and chess).
    pub fn fen(&self) -> Result<String, MoveError> {
        match &*self.game() {
            AnyGame::Xiangqi(g) => Ok(g.position().to_fen()),
            AnyGame::Chess(g) => Ok(g.position().fen()),
            _ => Err(MoveError::WrongGame("only xiangqi and chess have a FEN".into())),
        }
    }

    /// The game as PGN (chess): its headers (those of the PGN it was read from and
    /// those set since), the moves, and the result from the game's outcome.
    pub fn pgn(&self) -> Result<String, MoveError> {
        match &*self.game() {
            AnyGame::Chess(g) => {
                let mut pgn = chess::PgnGame::from_game(g);
                for tag in self.tags().iter().filter(|t| t.name != "Result") {
                    pgn.set_tag(&tag.name, &tag.value);
                }
                Ok(chess::write_pgn(&pgn))
            }
            _ => Err(MoveError::WrongGame("only a chess game has a PGN".into())),
        }
    }

    /// The PGN headers kept with the game (chess), in order.
    pub fn pgn_tags(&self) -> Vec<PgnTag> {
        self.tags().clone()
    }

    /// Sets a PGN header (`Event`, `White`, `Date` …), replacing one of that name. The
    /// name is letters, digits and `_`; the value is one line without `"`.
    pub fn set_pgn_tag(&self, name: String, value: String) -> Result<(), MoveError> {
        if self.game().as_chess().is_none() {
            return Err(MoveError::WrongGame("only a chess game has PGN headers".into()));
        }
        let good_name =
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !good_name {
            return Err(MoveError::BadTag(format!(
                "'{name}' is not a PGN header name (letters, digits and _)"
            )));
        }
        if value.contains(['"', '\n', '\r']) {
            return Err(MoveError::BadTag(format!(
                "the value of PGN header {name} holds a quote or a line break"
            )));
        }
        let mut tags = self.tags();
        match tags.iter_mut().find(|t| t.name == name) {
            Some(tag) => tag.value = value,
            None => tags.push(PgnTag { name, value }),
        }
        Ok(())
    }

    /// The game as SGF (Go and gomoku).
    pub fn sgf(&self) -> Result<String, MoveError> {
        match &*self.game() {
            AnyGame::Go(g) => Ok(g.to_sgf()),
            AnyGame::Gomoku(g) => Ok(gomoku::sgf::write_sgf(g)),
            _ => Err(MoveError::WrongGame("only Go and gomoku games have an SGF".into())),
        }
    }
}

/// The usual start of a game: xiangqi and chess from the start position, an even Go
/// game, a gomoku game without an opening.
#[uniffi::export]
pub fn standard_setup(kind: GameKind) -> GameSetup {
    GameSetup::standard(kind)
}
