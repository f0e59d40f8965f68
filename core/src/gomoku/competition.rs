//! The Chinese competition opening (三手交换、五手两打) as a play mode.
//!
//! 1. The tentative black player (假先方) lays the first three stones: black on 天元,
//!    white next to it, black within the central 5×5 square — one of the 26 openings.
//! 2. The other player decides whether to swap colours (三手交换).
//! 3. White plays the fourth stone anywhere.
//! 4. Black offers two points for the fifth stone that are not mirror images of each
//!    other in the position (五手两打); white picks the one black must play, then
//!    plays the sixth stone, and the game goes on under renju.

use super::board::BoardSize;
use super::game::{Game, PlayError};
use super::openings::{Opening, symmetry};
use crate::game::{GomokuRule, Point, Side};

/// The two people at the board, named by their role at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// 假先方: lays the first three stones.
    Tentative,
    /// The other player, who may swap after the third stone.
    Other,
}

/// Where the opening procedure stands: what is asked of whom next.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The tentative black player lays stone 1, 2 or 3 (`placed` so far).
    LayOpening { placed: usize },
    /// The other player decides whether to take black.
    SwapDecision,
    /// White plays the fourth stone.
    FourthMove,
    /// Black offers two points for the fifth stone.
    OfferFifth,
    /// White picks which offered point black plays.
    ChooseFifth { offers: [Point; 2] },
    /// The opening is over; the game goes on with ordinary moves.
    Play,
}

/// What went wrong in the opening procedure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    #[error("that is not what the opening asks for now")]
    WrongStage,
    #[error("the first stone goes on 天元 (the centre)")]
    NotCentre,
    #[error("the first three stones must form one of the 26 openings")]
    NotAnOpening,
    #[error("the two offered points must be different empty points")]
    BadOffer,
    #[error("the two offered points are mirror images of each other in this position")]
    SymmetricOffer,
    #[error("white must pick one of the two offered points")]
    NotOffered,
    #[error(transparent)]
    Play(#[from] PlayError),
}

/// A renju game started with 三手交换、五手两打.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompetitionGame {
    game: Game,
    stage: Stage,
    black: Player,
}

impl CompetitionGame {
    /// A new game on the 15×15 board under renju.
    pub fn new() -> CompetitionGame {
        CompetitionGame {
            game: Game::with_size(GomokuRule::Renju, BoardSize::Fifteen),
            stage: Stage::LayOpening { placed: 0 },
            black: Player::Tentative,
        }
    }

    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Who plays black (after any swap).
    pub fn black_player(&self) -> Player {
        self.black
    }

    /// The opening the first three stones form, once they are down.
    pub fn opening(&self) -> Option<&'static Opening> {
        Opening::identify(self.game.moves(), self.game.size())
    }

    /// Who must act now.
    pub fn to_act(&self) -> Player {
        let white = if self.black == Player::Tentative { Player::Other } else { Player::Tentative };
        match self.stage {
            Stage::LayOpening { .. } => Player::Tentative,
            Stage::SwapDecision => Player::Other,
            Stage::ChooseFifth { .. } | Stage::FourthMove => white,
            Stage::OfferFifth => self.black,
            Stage::Play => {
                if self.game.side_to_move() == Side::First {
                    self.black
                } else {
                    white
                }
            }
        }
    }

    /// Lays one of the first three stones, plays the fourth, or plays on after the
    /// opening.
    pub fn place(&mut self, at: Point) -> Result<(), OpeningError> {
        match self.stage {
            Stage::LayOpening { placed } => {
                let size = self.game.size();
                if placed == 0 && at != size.center() {
                    return Err(OpeningError::NotCentre);
                }
                if placed == 2 {
                    let mut moves = self.game.moves().to_vec();
                    moves.push(at);
                    if Opening::identify(&moves, size).is_none() {
                        return Err(OpeningError::NotAnOpening);
                    }
                }
                if placed == 1 {
                    let c = size.center();
                    let near = at.file.abs_diff(c.file) <= 1 && at.rank.abs_diff(c.rank) <= 1;
                    if !near || at == c {
                        return Err(OpeningError::NotAnOpening);
                    }
                }
                self.game.play(at)?;
                self.stage = if placed == 2 {
                    Stage::SwapDecision
                } else {
                    Stage::LayOpening { placed: placed + 1 }
                };
                Ok(())
            }
            Stage::FourthMove => {
                self.game.play(at)?;
                self.stage = Stage::OfferFifth;
                Ok(())
            }
            Stage::Play => {
                self.game.play(at)?;
                Ok(())
            }
            _ => Err(OpeningError::WrongStage),
        }
    }

    /// The other player's choice after the third stone: `true` to take black.
    pub fn decide_swap(&mut self, swap: bool) -> Result<(), OpeningError> {
        if self.stage != Stage::SwapDecision {
            return Err(OpeningError::WrongStage);
        }
        if swap {
            self.black = Player::Other;
        }
        self.stage = Stage::FourthMove;
        Ok(())
    }

    /// Black offers two points for the fifth stone.
    pub fn offer_fifth(&mut self, offers: [Point; 2]) -> Result<(), OpeningError> {
        if self.stage != Stage::OfferFifth {
            return Err(OpeningError::WrongStage);
        }
        let [a, b] = offers;
        if a == b {
            return Err(OpeningError::BadOffer);
        }
        for p in offers {
            self.game.check(p)?;
        }
        if self.mirror_images(a, b) {
            return Err(OpeningError::SymmetricOffer);
        }
        self.stage = Stage::ChooseFifth { offers };
        Ok(())
    }

    /// White picks the offered point black plays as the fifth stone.
    pub fn choose_fifth(&mut self, at: Point) -> Result<(), OpeningError> {
        let Stage::ChooseFifth { offers } = self.stage else {
            return Err(OpeningError::WrongStage);
        };
        if !offers.contains(&at) {
            return Err(OpeningError::NotOffered);
        }
        self.game.play(at)?;
        self.stage = Stage::Play;
        Ok(())
    }

    /// Whether a symmetry of the board about the centre maps the stones onto
    /// themselves (colours kept) and `a` onto `b`.
    fn mirror_images(&self, a: Point, b: Point) -> bool {
        let c = self.game.size().center();
        let off = |p: Point| (p.file as i8 - c.file as i8, p.rank as i8 - c.rank as i8);
        let board = self.game.board();
        let stones = board.stones();
        (0..8).any(|k| {
            let map = |p: Point| {
                let (x, y) = symmetry(k, off(p));
                Point::new(c.file.wrapping_add_signed(x), c.rank.wrapping_add_signed(y))
            };
            map(a) == b && stones.iter().all(|&(p, s)| board.get(map(p)) == Some(s))
        })
    }
}

impl Default for CompetitionGame {
    fn default() -> Self {
        CompetitionGame::new()
    }
}
