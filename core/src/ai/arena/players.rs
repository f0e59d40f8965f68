//! The players every game has: a difficulty level, a one-ply greedy bot and a random
//! mover, each over [`AnyGame`]; and the random opening extension matches use so that
//! players at fixed node counts do not replay the same games.

use crate::Rng;
use crate::ai::engine::{AnyEngine, Engine};
use crate::ai::level::{Level, play_level};
use crate::ai::{chess as chess_ai, xiangqi as xiangqi_ai};
use crate::game::{BoardGame, MoveInput, Point};
use crate::games::AnyGame;

use super::{Player, Reply};

/// Every legal move of the side to move, in the game's own generation order (so that a
/// seeded choice among them is the same from run to run): steps for xiangqi and chess,
/// stones for Go (a pass when no point is legal) and gomoku. Empty when the game is over.
pub fn legal_inputs(game: &AnyGame) -> Vec<MoveInput> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    match game {
        AnyGame::Xiangqi(g) => g
            .position()
            .legal_moves()
            .as_slice()
            .iter()
            .map(|m| MoveInput::step(m.from(), m.to()))
            .collect(),
        AnyGame::Chess(g) => {
            g.position().legal_moves().into_iter().map(chess_ai::input_of).collect()
        }
        AnyGame::Go(g) => {
            let points: Vec<MoveInput> =
                g.legal_points().into_iter().map(|at| MoveInput::Place { at }).collect();
            if points.is_empty() { vec![MoveInput::Pass] } else { points }
        }
        AnyGame::Gomoku(g) => {
            let view = game.view();
            // Renju opens on the centre point: the one legal first stone.
            if g.opens_on_centre() {
                return vec![MoveInput::Place { at: g.size().center() }];
            }
            let mut out = Vec::new();
            for rank in 0..view.ranks {
                for file in 0..view.files {
                    let at = Point::new(file, rank);
                    if view.piece_at(at).is_none() {
                        out.push(MoveInput::Place { at });
                    }
                }
            }
            out
        }
    }
}

/// What taking with each legal move wins at once, for the greedy bot: the captured
/// piece's value (chess: a mate above all, en passant and promotion counted); nothing
/// on the stone boards.
fn gains(game: &AnyGame) -> Vec<(MoveInput, i32)> {
    match game {
        AnyGame::Xiangqi(g) => {
            let pos = g.position();
            pos.legal_moves()
                .as_slice()
                .iter()
                .map(|&m| (MoveInput::step(m.from(), m.to()), xiangqi_ai::capture_gain(pos, m)))
                .collect()
        }
        AnyGame::Chess(g) => {
            let pos = g.position();
            pos.legal_moves()
                .into_iter()
                .map(|m| (chess_ai::input_of(m), chess_ai::capture_gain(pos, m)))
                .collect()
        }
        _ => legal_inputs(game).into_iter().map(|m| (m, 0)).collect(),
    }
}

/// A difficulty level, choosing its moves by [`play_level`] exactly as the app does; the
/// generator for each move comes from the seed and the ply, as in a game session (and,
/// [`LevelPlayer::seed_per_game`], from the game's number in the match).
#[derive(Debug)]
pub struct LevelPlayer {
    pub level: Level,
    engine: AnyEngine,
    seed: u64,
    /// Use the level's node cap only (no clock): reproducible but slower per move.
    pub fixed: bool,
    /// Games started.
    games: u64,
    /// Each game draws its own numbers (else every game starts from the same seed).
    per_game: bool,
}

impl LevelPlayer {
    /// A level of the engine for `game`'s kind; `None` for a game without an engine.
    pub fn new(kind: crate::GameKind, level: Level, seed: u64, fixed: bool) -> Option<LevelPlayer> {
        let engine = AnyEngine::for_game(kind, 16)?;
        Some(LevelPlayer { level, engine, seed, fixed, games: 0, per_game: false })
    }

    /// The same player drawing each game's numbers from the seed and the game's number,
    /// so that two games from one opening differ (as the chess matches play).
    pub fn seed_per_game(self) -> LevelPlayer {
        LevelPlayer { per_game: true, ..self }
    }
}

impl Player for LevelPlayer {
    fn name(&self) -> String {
        format!("level:{}", self.level.number)
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.engine.new_game();
        self.games += 1;
        Ok(())
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let game_number = if self.per_game { self.games } else { 0 };
        let seed = self.seed.wrapping_add(game_number.wrapping_mul(0x9E37_79B9));
        let mut rng = Rng::for_ply(seed, game.history().len());
        let input = play_level(&mut self.engine, game, &self.level, &mut rng, self.fixed)
            .ok_or("the level found no move in an unfinished game")?;
        Ok(Reply::of(input))
    }
}

/// Takes the most valuable piece it can (in chess, mates when it can), else plays a
/// random move; it never looks at the reply.
#[derive(Debug)]
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer { rng: Rng::new(seed) }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let scored = gains(game);
        let best = scored.iter().map(|&(_, v)| v).max().ok_or("no legal move")?;
        let pool: Vec<MoveInput> =
            scored.into_iter().filter(|&(_, v)| v == best).map(|(m, _)| m).collect();
        Ok(Reply::of(pool[self.rng.below(pool.len() as u64) as usize]))
    }
}

/// A uniformly random legal move.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: Rng::new(seed) }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let legal = legal_inputs(game);
        let i = self.rng.below(legal.len() as u64) as usize;
        legal.get(i).map(|&m| Reply::of(m)).ok_or_else(|| "no legal move".to_owned())
    }
}

/// Plays up to `plies` legal moves drawn from `rng` on `game` (fewer when the game
/// ends), so that players at fixed node counts do not replay the same games.
pub fn extend_randomly(game: &mut AnyGame, plies: usize, rng: &mut Rng) {
    for _ in 0..plies {
        let legal = legal_inputs(game);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len() as u64) as usize];
        if game.play(m).is_err() {
            break;
        }
    }
}
