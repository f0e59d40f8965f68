//! What chess matches need beyond the shared arena ([`crate::ai::arena`]): the opening
//! suite, a game started from one, what a move wins at once for the greedy bot, and the
//! search at fixed limits with any set of weights as a player (so that a match can set a
//! tuned set against the one it replaces).

use std::sync::Arc;

use crate::ai::Limits;
use crate::ai::arena::{Player, Reply};
use crate::chess::{Game, Move, Position};
use crate::game::MoveInput;
use crate::games::AnyGame;

use super::book::Book;
use super::engine::{input_of, replay};
use super::eval::VALUE;
use super::search::Searcher;
use super::tactic::piece_value;
use super::weights::Weights;

/// The legal move a generic input names.
pub fn move_in(pos: &Position, m: MoveInput) -> Option<Move> {
    let MoveInput::Step { from, to, promotion } = m else { return None };
    pos.legal_moves()
        .into_iter()
        .find(|c| c.from == from && c.to == to && c.promotion.map(|p| p.role().kind()) == promotion)
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

/// A game from the start position after `opening`.
pub fn game_after(opening: &[Move]) -> Result<AnyGame, String> {
    let mut game = Game::new();
    for &m in opening {
        game.play(m).map_err(|e| format!("the opening does not play: {e}"))?;
    }
    Ok(AnyGame::Chess(game))
}

/// What `m` wins at once, for the greedy bot: a mate above everything, else the piece
/// taken (en passant too) and what a promotion adds.
pub fn capture_gain(pos: &Position, m: Move) -> i32 {
    if pos.after(m).as_ref().is_some_and(Position::is_checkmate) {
        return 100_000;
    }
    let taken = pos.piece_at(m.to).map_or(0, |(_, r)| piece_value(r));
    let ep = if pos.is_en_passant(m) { VALUE[0] } else { 0 };
    let promo = m.promotion.map_or(0, |p| piece_value(p.role()) - VALUE[0]);
    taken + ep + promo
}

/// The search at fixed limits with a set of weights: one searcher, cleared each game.
#[derive(Debug)]
pub struct SearchPlayer {
    name: String,
    searcher: Searcher,
    limits: Limits,
}

impl SearchPlayer {
    pub fn new(name: &str, weights: Arc<Weights>, limits: Limits) -> SearchPlayer {
        let mut searcher = Searcher::new(16);
        searcher.set_weights(weights);
        SearchPlayer { name: name.to_owned(), searcher, limits }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let game = game.as_chess().ok_or("the chess search plays chess only")?;
        let (keys, pos) = replay(game.start(), game.moves());
        let best = self.searcher.search(&pos, &keys, &self.limits).best;
        best.map(|m| Reply::of(input_of(m))).ok_or_else(|| "no legal move".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::arena::{Adjudication, GreedyPlayer, RandomPlayer, play_game};

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
        let adj = Adjudication { max_plies: 400, claim_draws: true, resign: None };
        let rec = play_game(&mut w, &mut b, game_after(&openings()[0]).unwrap(), &adj).unwrap();
        assert!(rec.plies() > 6);
        assert!(matches!(rec.ending, crate::ai::arena::Ending::Rules(_)) || rec.plies() == 400);
    }
}
