//! The chess searcher behind the one engine interface, with the coach's two jobs: a
//! hint (a good move and the threat it answers) and a review of a player's moves.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use cozy_chess::{Board, Square};

use crate::Rng;
use crate::ai::engine::{Analysis, Candidate, Engine, Hint, MoveReview, Verdict};
use crate::ai::limits::Limits;
use crate::chess::{Game, Move, Position, Promotion, Role, to_chinese};
use crate::game::{MoveInput, Point, Side};
use crate::games::AnyGame;

use super::book::Book;
use super::eval::VALUE;
use super::search::{MATE_IN_MAX, Searcher};
use super::see::{captured, see};

/// The chess engine: the searcher and its table.
#[derive(Debug)]
pub struct ChessEngine {
    searcher: Searcher,
}

/// The generator's move in our terms (castling as the king's two-square step).
pub fn move_of(b: &Board, m: cozy_chess::Move) -> Move {
    let point = |s: Square| Point::new(s.file() as u8, s.rank() as u8);
    let from = point(m.from);
    let mut to = point(m.to);
    if b.colors(b.side_to_move()).has(m.to) {
        to.file = if to.file > from.file { 6 } else { 2 };
    }
    Move { from, to, promotion: m.promotion.and_then(|p| Promotion::from_role(Role::from_cozy(p))) }
}

/// A chess move as the generic face's input.
pub fn input_of(m: Move) -> MoveInput {
    MoveInput::Step { from: m.from, to: m.to, promotion: m.promotion.map(|p| p.role().kind()) }
}

/// The position after `moves` from `start`, and the keys of every position before it
/// (for repetitions).
pub fn replay(start: &Position, moves: &[Move]) -> (Vec<u64>, Position) {
    let mut pos = start.clone();
    let mut keys = Vec::with_capacity(moves.len());
    for &m in moves {
        keys.push(pos.cozy().hash());
        pos.play_unchecked(m);
    }
    (keys, pos)
}

fn clamp_loss(loss: i32) -> i32 {
    loss.clamp(0, 2_000)
}

impl ChessEngine {
    pub fn new(hash_mb: usize) -> ChessEngine {
        ChessEngine { searcher: Searcher::new(hash_mb) }
    }

    /// An engine around an existing searcher (and its table).
    pub fn from_searcher(searcher: Searcher) -> ChessEngine {
        ChessEngine { searcher }
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
        let (history, pos) = replay(start, moves);
        let b = pos.cozy();
        self.searcher.set_root_margin(margin);
        let (best, score, depth, root) = self.searcher.run(b, &history, limits);
        self.searcher.set_root_margin(0);
        Analysis {
            best: best.map(|m| input_of(move_of(b, m))),
            score,
            candidates: root
                .iter()
                .map(|rm| Candidate {
                    mv: input_of(move_of(b, rm.mv)),
                    score: rm.score,
                    exact: rm.exact,
                    gain: captured(b, rm.mv).map_or(0, |p| VALUE[p as usize]),
                    loses: rm.score < -MATE_IN_MAX,
                })
                .collect(),
            decisive: root.first().is_some_and(|m| m.score.abs() > MATE_IN_MAX),
            depth,
            nodes: self.searcher.nodes(),
        }
    }

    /// A good move for the side to move and, when the opponent threatens to win
    /// material or mate, that threat (what they would play if it were their turn).
    pub fn hint_at(&mut self, pos: &Position, history: &[u64], nodes: u64) -> Option<Hint> {
        let b = pos.cozy();
        let (best, score, _, _) = self.searcher.run(b, history, &Limits::nodes(nodes));
        let best = best?;
        let mut threat = None;
        let mut threat_name = None;
        if let Some(passed) = b.null_move() {
            let (t, t_score, _, _) = self.searcher.run(&passed, &[], &Limits::nodes(nodes / 2));
            if let Some(tm) = t {
                let wins = captured(&passed, tm).is_some() && see(&passed, tm) > 0;
                if wins || t_score > MATE_IN_MAX {
                    let mv = move_of(&passed, tm);
                    threat = Some(input_of(mv));
                    threat_name = Position::from_fen(&passed.to_string())
                        .ok()
                        .and_then(|p| to_chinese(&p, mv).ok());
                }
            }
        }
        Some(Hint { mv: input_of(move_of(b, best)), score, threat, threat_name })
    }

    /// Grades each move `side` played in `game`: the loss against the engine's best.
    pub fn review_game(&mut self, game: &Game, side: Side, nodes: u64) -> Vec<MoveReview> {
        let moves = game.moves();
        let mut pos = game.start().clone();
        let mut keys = Vec::new();
        let mut out = Vec::new();
        for (ply, &played) in moves.iter().enumerate() {
            if pos.side_to_move() == side {
                let b = pos.cozy().clone();
                let r = self.searcher.search(&pos, &keys, &Limits::nodes(nodes));
                if let Some(best) = r.best {
                    let loss = if best == played {
                        0
                    } else {
                        let mut after = pos.clone();
                        after.play_unchecked(played);
                        let mut k = keys.clone();
                        k.push(b.hash());
                        let reply = self.searcher.search(&after, &k, &Limits::nodes(nodes));
                        clamp_loss(r.score - -reply.score)
                    };
                    out.push(MoveReview {
                        ply,
                        played: input_of(played),
                        best: input_of(best),
                        loss,
                        verdict: Verdict::of_loss(loss),
                    });
                }
            }
            keys.push(pos.cozy().hash());
            pos.play_unchecked(played);
        }
        out
    }
}

impl Engine for ChessEngine {
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis {
        let Some(g) = game.as_chess() else { return Analysis::default() };
        self.analyse_moves(g.start(), g.moves(), limits, margin)
    }

    fn book_move(&self, game: &AnyGame, rng: &mut Rng) -> Option<MoveInput> {
        let g = game.as_chess()?;
        // The book is for games from the usual start.
        if *g.start() != Position::startpos() {
            return None;
        }
        Book::builtin().pick(g.position(), rng).map(input_of)
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop_flag(flag);
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint> {
        let g = game.as_chess()?;
        if g.outcome().is_some() {
            return None;
        }
        let (history, pos) = replay(g.start(), g.moves());
        self.hint_at(&pos, &history, nodes)
    }

    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview> {
        let Some(g) = game.as_chess() else { return Vec::new() };
        self.review_game(g, side, nodes)
    }
}
