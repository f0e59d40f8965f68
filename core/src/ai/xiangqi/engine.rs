//! The xiangqi searcher behind the one engine interface.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::Rng;
use crate::ai::engine::{Analysis, Candidate, Engine, Hint, MoveReview};
use crate::ai::limits::Limits;
use crate::game::{MoveInput, Side};
use crate::games::AnyGame;
use crate::xiangqi::{Game, Move, Position};

use super::book::Book;
use super::coach::input;
use super::eval::VALUE;
use super::search::{MATE_IN_MAX, Searcher, history_of};

/// The xiangqi engine: the searcher and its table.
#[derive(Debug)]
pub struct XiangqiEngine {
    searcher: Searcher,
}

fn game_of(game: &AnyGame) -> Option<&Game> {
    game.as_xiangqi()
}

impl XiangqiEngine {
    pub fn new(hash_mb: usize) -> XiangqiEngine {
        XiangqiEngine { searcher: Searcher::new(hash_mb) }
    }

    /// An engine around an existing searcher (and its table).
    pub fn from_searcher(searcher: Searcher) -> XiangqiEngine {
        XiangqiEngine { searcher }
    }

    /// The searcher back, with its table.
    pub fn into_searcher(self) -> Searcher {
        self.searcher
    }

    /// The searcher, for the protocol front end and tools.
    pub fn searcher(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// The analysis of a position reached from `start` by `moves`.
    pub fn analyse_moves(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        margin: i32,
    ) -> Analysis {
        let (history, pos) = history_of(start, moves);
        self.searcher.set_root_margin(margin);
        let r = self.searcher.search(&pos, &history, limits);
        self.searcher.set_root_margin(0);
        let gain = |m: Move| pos.piece_at(m.to()).map_or(0, |(_, k)| VALUE[k as usize]);
        Analysis {
            best: r.best.map(input),
            score: r.score,
            candidates: r
                .root
                .iter()
                .map(|rm| Candidate {
                    mv: input(rm.mv),
                    score: rm.score,
                    exact: rm.exact,
                    gain: gain(rm.mv),
                    loses: rm.score < -MATE_IN_MAX,
                })
                .collect(),
            decisive: r.root.first().is_some_and(|b| b.score.abs() > MATE_IN_MAX),
            depth: r.depth,
            nodes: r.nodes,
        }
    }
}

impl Engine for XiangqiEngine {
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis {
        let Some(g) = game_of(game) else { return Analysis::default() };
        self.analyse_moves(g.start(), &g.moves(), limits, margin)
    }

    fn book_move(&self, game: &AnyGame, rng: &mut Rng) -> Option<MoveInput> {
        let g = game_of(game)?;
        Book::builtin().pick(g.position(), rng).map(input)
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop_flag(flag);
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint> {
        super::coach::hint(&mut self.searcher, game_of(game)?.position(), nodes)
    }

    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview> {
        let Some(g) = game_of(game) else { return Vec::new() };
        super::coach::review(&mut self.searcher, g.start(), &g.moves(), side, nodes)
    }
}
