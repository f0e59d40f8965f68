//! Chess games between players, for `qike match --game chess`: the built-in players (a
//! level through the one pick path, a one-ply greedy bot, a random mover), the opening
//! suite, and one game adjudicated by the chess rules (mate, stalemate, dead material,
//! the seventy-five-move rule and fivefold repetition; a threefold repetition or the
//! fifty-move rule is claimed as soon as it can be) and a ply cap (a draw).

use crate::Rng;
use crate::ai::engine::AnyEngine;
use crate::ai::level::{Level, play_level};
use crate::chess::{Game, Move, Position};
use crate::game::{MoveInput, Outcome, Side};
use crate::games::AnyGame;

use super::book::Book;
use super::engine::ChessEngine;
use super::eval::VALUE;

/// A chess player in a match.
pub trait ChessPlayer {
    fn name(&self) -> String;
    /// Called before each game.
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// The move for the side to move in `game`.
    fn think(&mut self, game: &Game) -> Result<Move, String>;
}

/// The legal move a generic input names.
pub fn move_in(pos: &Position, m: MoveInput) -> Option<Move> {
    let MoveInput::Step { from, to, promotion } = m else { return None };
    pos.legal_moves()
        .into_iter()
        .find(|c| c.from == from && c.to == to && c.promotion.map(|p| p.role().kind()) == promotion)
}

/// A level of the chess engine, through [`play_level`]. `fixed` drops the time cap
/// (reproducible games, at the level's node cap).
#[derive(Debug)]
pub struct LevelPlayer {
    level: Level,
    engine: AnyEngine,
    seed: u64,
    fixed: bool,
    games: u64,
}

impl LevelPlayer {
    pub fn new(level: Level, seed: u64, fixed: bool) -> LevelPlayer {
        LevelPlayer { level, engine: AnyEngine::Chess(ChessEngine::new(16)), seed, fixed, games: 0 }
    }
}

impl ChessPlayer for LevelPlayer {
    fn name(&self) -> String {
        format!("level:{}", self.level.number)
    }

    fn new_game(&mut self) -> Result<(), String> {
        use crate::ai::engine::Engine;
        self.engine.new_game();
        self.games += 1;
        Ok(())
    }

    fn think(&mut self, game: &Game) -> Result<Move, String> {
        let seed = self.seed.wrapping_add(self.games.wrapping_mul(0x9E37_79B9));
        let mut rng = Rng::for_ply(seed, game.moves().len());
        let any = AnyGame::Chess(game.clone());
        let m = play_level(&mut self.engine, &any, &self.level, &mut rng, self.fixed)
            .ok_or("the level found no move")?;
        move_in(game.position(), m).ok_or_else(|| format!("the level chose an illegal move {m:?}"))
    }
}

/// Takes the most valuable piece it can (mates when it can), else a random move; it
/// never looks at the reply.
#[derive(Debug)]
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer { rng: Rng::new(seed) }
    }
}

impl ChessPlayer for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn think(&mut self, game: &Game) -> Result<Move, String> {
        let pos = game.position();
        let value = |m: &Move| {
            let after = pos.after(*m);
            if after.as_ref().is_some_and(Position::is_checkmate) {
                return 100_000;
            }
            let taken = pos.piece_at(m.to).map_or(0, |(_, r)| VALUE[role_index(r)]);
            let ep = if pos.is_en_passant(*m) { VALUE[0] } else { 0 };
            let promo = m.promotion.map_or(0, |p| VALUE[role_index(p.role())] - VALUE[0]);
            taken + ep + promo
        };
        let legal = pos.legal_moves();
        let best = legal.iter().map(value).max().ok_or("no legal move")?;
        let pool: Vec<Move> = legal.into_iter().filter(|m| value(m) == best).collect();
        Ok(pool[self.rng.below(pool.len() as u64) as usize])
    }
}

fn role_index(r: crate::chess::Role) -> usize {
    use crate::chess::Role;
    match r {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    }
}

/// Any legal move, uniformly.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: Rng::new(seed) }
    }
}

impl ChessPlayer for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn think(&mut self, game: &Game) -> Result<Move, String> {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            return Err("no legal move".into());
        }
        Ok(legal[self.rng.below(legal.len() as u64) as usize])
    }
}

/// The match openings: the first six plies of each book line, without repeats. Each
/// is a main line, so neither side starts worse off.
pub fn openings() -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = Vec::new();
    for line in Book::builtin().lines() {
        let short: Vec<Move> = line.moves.iter().take(6).copied().collect();
        if !out.contains(&short) {
            out.push(short);
        }
    }
    out
}

/// `opening` played on by up to `plies` legal moves drawn from `rng` (fewer if the game
/// ends), so that players with fixed node counts do not replay the same games.
pub fn extend_randomly(opening: &[Move], plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut line = opening.to_vec();
    let mut pos = Position::startpos();
    for &m in &line {
        pos.play_unchecked(m);
    }
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len() as u64) as usize];
        pos.play_unchecked(m);
        line.push(m);
    }
    line
}

/// How a match game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessRecord {
    pub moves: Vec<Move>,
    /// `None` when the ply cap ended it.
    pub outcome: Option<Outcome>,
}

impl ChessRecord {
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Some(Outcome::Win { winner, .. }) => Some(winner),
            _ => None,
        }
    }

    /// Why the game ended, in a word or two.
    pub fn reason(&self) -> String {
        match self.outcome {
            Some(Outcome::Win { reason, .. }) => format!("{reason:?}").to_lowercase(),
            Some(Outcome::Draw { reason }) => format!("{reason:?}").to_lowercase(),
            None => "ply cap".to_owned(),
        }
    }
}

/// Plays one game from the opening, white first; an error from a player ends the match.
pub fn play_game(
    white: &mut dyn ChessPlayer,
    black: &mut dyn ChessPlayer,
    opening: &[Move],
    max_plies: usize,
) -> Result<ChessRecord, String> {
    let mut game = Game::new();
    for &m in opening {
        game.play(m).map_err(|e| format!("the opening does not play: {e}"))?;
    }
    white.new_game()?;
    black.new_game()?;
    while game.outcome().is_none() && game.moves().len() < max_plies {
        if game.claimable_draw().is_some() {
            game.claim_draw().map_err(|e| e.to_string())?;
            break;
        }
        let mover: &mut dyn ChessPlayer =
            if game.side_to_move() == Side::First { &mut *white } else { &mut *black };
        let m = mover.think(&game)?;
        game.play(m).map_err(|e| format!("{} played an illegal move {m}: {e}", mover.name()))?;
    }
    Ok(ChessRecord { moves: game.moves().to_vec(), outcome: game.outcome() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_distinct_and_playable() {
        let list = openings();
        assert!(list.len() >= 20);
        for o in &list {
            let mut g = Game::new();
            assert!(o.iter().all(|m| g.play(*m).is_ok()));
        }
    }

    #[test]
    fn a_game_between_bots_ends_by_the_rules_or_the_cap() {
        let mut w = GreedyPlayer::new(1);
        let mut b = RandomPlayer::new(2);
        let rec = play_game(&mut w, &mut b, &openings()[0], 400).unwrap();
        assert!(rec.moves.len() > 6);
        assert!(rec.outcome.is_some() || rec.moves.len() == 400);
    }
}
