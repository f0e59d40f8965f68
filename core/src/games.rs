//! The four games behind one enum, and the description of how a game starts, so that
//! sessions, saved games, the app and the bindings handle every game the same way.

use serde::{Deserialize, Serialize};

use crate::game::{
    BoardGame, BoardView, GameKind, GomokuRule, MoveInput, MoveName, Outcome, Point, Refusal, Side,
    Text,
};
use crate::{chess, go, gomoku, xiangqi};

/// Any of the four games: enum dispatch at the edge, each game's fast insides below.
#[derive(Debug, Clone)]
pub enum AnyGame {
    Xiangqi(xiangqi::Game),
    Chess(chess::Game),
    /// Boxed: a Go board is several kilobytes, the others a few hundred bytes.
    Go(Box<go::Game>),
    Gomoku(gomoku::Game),
}

macro_rules! each {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Xiangqi($g) => $body,
            AnyGame::Chess($g) => $body,
            AnyGame::Go(boxed) => {
                let $g: &go::Game = boxed;
                $body
            }
            AnyGame::Gomoku($g) => $body,
        }
    };
}

macro_rules! each_mut {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::Xiangqi($g) => $body,
            AnyGame::Chess($g) => $body,
            AnyGame::Go(boxed) => {
                let $g: &mut go::Game = boxed;
                $body
            }
            AnyGame::Gomoku($g) => $body,
        }
    };
}

impl BoardGame for AnyGame {
    fn kind(&self) -> GameKind {
        each!(self, g => g.kind())
    }
    fn view(&self) -> BoardView {
        each!(self, g => BoardGame::view(g))
    }
    fn side_to_move(&self) -> Side {
        each!(self, g => BoardGame::side_to_move(g))
    }
    fn outcome(&self) -> Option<Outcome> {
        each!(self, g => BoardGame::outcome(g))
    }
    fn is_own_piece(&self, at: Point) -> bool {
        each!(self, g => g.is_own_piece(at))
    }
    fn targets(&self, from: Point) -> Vec<Point> {
        each!(self, g => g.targets(from))
    }
    fn needs_promotion(&self, from: Point, to: Point) -> bool {
        each!(self, g => g.needs_promotion(from, to))
    }
    fn places_stones(&self) -> bool {
        each!(self, g => g.places_stones())
    }
    fn can_pass(&self) -> bool {
        each!(self, g => g.can_pass())
    }
    fn play(&mut self, input: MoveInput) -> Result<(), Refusal> {
        each_mut!(self, g => BoardGame::play(g, input))
    }
    fn undo(&mut self) -> Option<MoveInput> {
        each_mut!(self, g => BoardGame::undo(g))
    }
    fn history(&self) -> Vec<MoveInput> {
        each!(self, g => g.history())
    }
    fn resign(&mut self, side: Side) -> Result<Outcome, Refusal> {
        each_mut!(self, g => BoardGame::resign(g, side))
    }
    fn agree_draw(&mut self) -> Result<Outcome, Refusal> {
        each_mut!(self, g => BoardGame::agree_draw(g))
    }
    fn move_names(&self) -> Vec<MoveName> {
        each!(self, g => g.move_names())
    }
}

/// How a Go game is balanced, by the Chinese rules' three ways (seed: 分先, 让先, 让子).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GoStart {
    /// 分先: black moves first and gives back 3¾ 子 (7.5 points) at the count.
    Even,
    /// 让先: black moves first and gives back nothing.
    NoKomi,
    /// 让子: black's stones are placed first, white moves, and black gives back half a
    /// 子 per stone at the count. 2–9 on the star points; 13, 16 or 25 for beginners on
    /// 19×19.
    Handicap(u8),
}

impl GoStart {
    /// What this start gives at the count, in words a child reads on the set-up
    /// screen (`黑棋先下。数子时，白棋先得 3¾ 子。`): see [`go::balance_text`].
    pub fn balance_text(self) -> Text {
        match self {
            GoStart::Even => go::balance_text(go::Komi::CHINESE, 0),
            GoStart::NoKomi => go::balance_text(go::Komi::NONE, 0),
            GoStart::Handicap(stones) => go::balance_text(go::Komi::NONE, stones),
        }
    }
}

/// Everything needed to set a game up again: the start of a saved game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameSetup {
    Xiangqi {
        fen: String,
    },
    Chess {
        fen: String,
    },
    Go {
        size: u8,
        start: GoStart,
    },
    /// `opening`: one of the 26 named renju openings (花月, 浦月 …), whose three stones
    /// are played first.
    Gomoku {
        rule: GomokuRule,
        opening: Option<String>,
    },
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the start position is not valid: {0}")]
    XiangqiFen(#[from] xiangqi::FenError),
    #[error("the start position is not valid: {0}")]
    ChessFen(#[from] chess::FenError),
    #[error("the start position is not valid: {0}")]
    Position(String),
    #[error("the Go board cannot be set up: {0}")]
    Go(#[from] go::SetupError),
    #[error("there is no gomoku opening called '{0}'")]
    NoSuchOpening(String),
}

impl GameSetup {
    /// The usual start of each game: xiangqi and chess from the start position, an even
    /// 19×19 Go game, freestyle gomoku.
    pub fn standard(kind: GameKind) -> GameSetup {
        match kind {
            GameKind::Xiangqi => GameSetup::Xiangqi { fen: xiangqi::START_FEN.to_owned() },
            GameKind::Chess => GameSetup::Chess { fen: chess::START_FEN.to_owned() },
            GameKind::Go { size } => GameSetup::Go { size, start: GoStart::Even },
            GameKind::Gomoku { rule } => GameSetup::Gomoku { rule, opening: None },
        }
    }

    /// The game this setup describes.
    pub fn kind(&self) -> GameKind {
        match self {
            GameSetup::Xiangqi { .. } => GameKind::Xiangqi,
            GameSetup::Chess { .. } => GameKind::Chess,
            GameSetup::Go { size, .. } => GameKind::Go { size: *size },
            GameSetup::Gomoku { rule, .. } => GameKind::Gomoku { rule: *rule },
        }
    }

    /// How many plies the setup itself plays (a gomoku opening's three stones): taking
    /// back moves stops there.
    pub fn fixed_plies(&self) -> usize {
        match self {
            GameSetup::Gomoku { opening: Some(_), .. } => 3,
            _ => 0,
        }
    }

    /// A new game from this setup.
    pub fn start(&self) -> Result<AnyGame, SetupError> {
        Ok(match self {
            GameSetup::Xiangqi { fen } => {
                let pos = xiangqi::Position::from_fen(fen)?;
                AnyGame::Xiangqi(xiangqi::Game::new(pos, xiangqi::Rules::default()))
            }
            GameSetup::Chess { fen } => {
                let pos = chess::Position::from_fen(fen)?;
                AnyGame::Chess(chess::Game::from_position(pos))
            }
            GameSetup::Go { size, start } => AnyGame::Go(Box::new(match *start {
                GoStart::Even => go::Game::even(*size)?,
                GoStart::NoKomi => go::Game::new(*size, go::Rules::no_komi())?,
                GoStart::Handicap(stones) => go::Game::with_handicap(*size, stones)?,
            })),
            GameSetup::Gomoku { rule, opening } => {
                let mut game = gomoku::Game::new(*rule);
                if let Some(name) = opening {
                    let o = gomoku::Opening::by_name(name)
                        .ok_or_else(|| SetupError::NoSuchOpening(name.clone()))?;
                    for at in o.stones(game.size()) {
                        game.play(at).map_err(|e| SetupError::Position(e.to_string()))?;
                    }
                }
                AnyGame::Gomoku(game)
            }
        })
    }
}

impl AnyGame {
    /// The name `mv` would have if it were played now, in standard and Chinese
    /// notation, without playing it; why not when the rules refuse it.
    pub fn name_move(&self, mv: MoveInput) -> Result<MoveName, Refusal> {
        let mut next = self.clone();
        next.play(mv)?;
        next.move_names().pop().ok_or(Refusal::NotAMove)
    }

    /// A new game of `kind` from its usual start.
    pub fn new(kind: GameKind) -> Result<AnyGame, SetupError> {
        GameSetup::standard(kind).start()
    }

    /// The Go game inside, for the count (dead stones, score).
    pub fn as_go(&self) -> Option<&go::Game> {
        match self {
            AnyGame::Go(g) => Some(g),
            _ => None,
        }
    }

    pub fn as_go_mut(&mut self) -> Option<&mut go::Game> {
        match self {
            AnyGame::Go(g) => Some(g),
            _ => None,
        }
    }

    pub fn as_xiangqi(&self) -> Option<&xiangqi::Game> {
        match self {
            AnyGame::Xiangqi(g) => Some(g),
            _ => None,
        }
    }

    pub fn as_chess(&self) -> Option<&chess::Game> {
        match self {
            AnyGame::Chess(g) => Some(g),
            _ => None,
        }
    }

    pub fn as_gomoku(&self) -> Option<&gomoku::Game> {
        match self {
            AnyGame::Gomoku(g) => Some(g),
            _ => None,
        }
    }

    /// Claims the draw the player to move could claim now (chess: threefold repetition,
    /// the fifty-move rule), and gives the outcome; `None`, changing nothing, when there
    /// is none to claim. The other games have no claimed draws: their rules end the game
    /// themselves.
    pub fn claim_draw_if_claimable(&mut self) -> Option<Outcome> {
        match self {
            AnyGame::Chess(g) if g.claimable_draw().is_some() => g.claim_draw().ok(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_go_start_says_what_white_gets_at_the_count() {
        assert!(GoStart::Even.balance_text().zh.contains("白棋先得 3¾ 子"));
        assert!(GoStart::NoKomi.balance_text().zh.contains("谁也不多得"));
        assert!(GoStart::Handicap(4).balance_text().en.contains("White gets 2 stones"));
    }

    #[test]
    fn a_move_is_named_without_being_played() {
        let game = AnyGame::new(GameKind::Chess).unwrap();
        let e4 = MoveInput::decode(GameKind::Chess, "e2e4").unwrap();
        assert_eq!(game.name_move(e4).unwrap().standard, "e4");
        assert!(game.history().is_empty(), "the game did not move");
        let bad = MoveInput::decode(GameKind::Chess, "e2e5").unwrap();
        assert!(game.name_move(bad).is_err());
    }
}
