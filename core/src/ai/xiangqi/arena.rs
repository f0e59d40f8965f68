//! Whole games between two players, ruled by [`Game`] (将死, 困毙, repetition rulings,
//! the natural move limit) plus the match's own adjudication (a ply cap, and a resign
//! rule when both players agree the game is lost), and the Elo arithmetic of a match.
//!
//! Built-in players live here too: a difficulty [`Level`], a plain [`Searcher`] with
//! limits, a one-ply greedy bot and a uniformly random mover. Protocol engines are
//! players the `qike match` command adds on top.

use crate::game::{Outcome, Side};
use crate::xiangqi::{Game, Kind, Move, Position, Rules};

use crate::Rng;
use crate::ai::engine::{AnyEngine, Engine};
use crate::ai::level::{Level, play_level};
use crate::game::MoveInput;
use crate::games::AnyGame;

use super::engine::XiangqiEngine;
use crate::ai::limits::Limits;

use super::search::{MATE_IN_MAX, Searcher, history_of};

/// A move and, when the player says, its score in centipawns from the mover's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reply {
    pub mv: Move,
    pub score: Option<i32>,
}

/// Something that plays moves.
pub trait Player {
    /// A short name for the match table.
    fn name(&self) -> String;
    /// Called before each game.
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// The move to play after `moves` from `start`.
    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String>;
    /// Nodes per second over the match so far, when the player knows.
    fn nps(&self) -> Option<f64> {
        None
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The rules decided it.
    Rules(Outcome),
    /// The ply cap was reached: a draw.
    PlyCap,
    /// Both players' scores said `loser` is lost for long enough.
    Resigned { loser: Side },
}

impl Ending {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Rules(Outcome::Win { winner, .. }) => Some(*winner),
            Ending::Resigned { loser } => Some(loser.opponent()),
            _ => None,
        }
    }

    /// A word or two saying why the game ended.
    pub fn reason(&self) -> String {
        match self {
            Ending::Rules(Outcome::Win { reason, .. }) => format!("{reason:?}"),
            Ending::Rules(Outcome::Draw { reason }) => format!("draw {reason:?}"),
            Ending::PlyCap => "ply cap".to_owned(),
            Ending::Resigned { .. } => "resign rule".to_owned(),
        }
    }
}

/// The match's own rules on top of the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjudication {
    /// A game still going after this many plies is a draw.
    pub max_plies: usize,
    /// A player's score beyond ± this many centipawns counts towards resigning…
    pub resign_cp: i32,
    /// …once both players have reported it this many moves each in a row.
    pub resign_moves: usize,
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication { max_plies: 300, resign_cp: 1000, resign_moves: 5 }
    }
}

/// Tracks the resign rule through a game.
#[derive(Debug, Clone, Default)]
pub struct ResignWatch {
    /// Consecutive plies whose mover reported the same side lost beyond the threshold.
    streak: usize,
    /// The side those plies said is lost.
    against: Option<Side>,
}

impl ResignWatch {
    /// Records the score `mover` reported for its move; returns the loser once both
    /// players have agreed for `resign_moves` moves each.
    pub fn record(&mut self, adj: &Adjudication, mover: Side, score: Option<i32>) -> Option<Side> {
        let lost = score.and_then(|s| {
            if s <= -adj.resign_cp {
                Some(mover)
            } else if s >= adj.resign_cp {
                Some(mover.opponent())
            } else {
                None
            }
        });
        match lost {
            Some(side) if self.against == Some(side) => self.streak += 1,
            Some(side) => {
                self.against = Some(side);
                self.streak = 1;
            }
            None => {
                self.against = None;
                self.streak = 0;
            }
        }
        let needed = 2 * adj.resign_moves.max(1);
        if self.streak >= needed { self.against } else { None }
    }
}

/// One finished match game: where it started, its moves and how it ended.
#[derive(Debug, Clone)]
pub struct MatchGame {
    pub start: Position,
    pub moves: Vec<Move>,
    pub ending: Ending,
}

/// Plays one game from `start` after the `opening` moves; `red` moves first when red is
/// to move. Fails when a player fails or answers an illegal move.
pub fn play_game(
    red: &mut dyn Player,
    black: &mut dyn Player,
    start: &Position,
    opening: &[Move],
    adj: &Adjudication,
) -> Result<MatchGame, String> {
    let mut game = Game::new(start.clone(), Rules::default());
    for &m in opening {
        game.play(m).map_err(|e| format!("opening move {m}: {e}"))?;
    }
    red.new_game()?;
    black.new_game()?;
    let mut watch = ResignWatch::default();
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(MatchGame {
                start: start.clone(),
                moves: game.moves(),
                ending: Ending::Rules(outcome),
            });
        }
        let moves = game.moves();
        if moves.len() >= adj.max_plies {
            return Ok(MatchGame { start: start.clone(), moves, ending: Ending::PlyCap });
        }
        let mover = game.position().side_to_move();
        let player: &mut dyn Player = if mover == Side::First { &mut *red } else { &mut *black };
        let reply = player.think(start, &moves)?;
        if !game.position().is_legal(reply.mv) {
            return Err(format!(
                "{} played {}, not legal in {}",
                player.name(),
                reply.mv,
                game.position()
            ));
        }
        game.play(reply.mv).map_err(|e| format!("{} played {}: {e}", player.name(), reply.mv))?;
        if let Some(loser) = watch.record(adj, mover, reply.score) {
            return Ok(MatchGame {
                start: start.clone(),
                moves: game.moves(),
                ending: Ending::Resigned { loser },
            });
        }
    }
}

/// A match result with its Elo estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Points per game, 0..=1.
    pub score: f64,
    /// Elo difference of the first player over the second.
    pub elo: f64,
    /// The 95% interval of `elo`.
    pub low: f64,
    pub high: f64,
}

/// The Elo difference a score fraction `p` means (logistic model), kept finite.
pub fn elo_of(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    // `+ 0.0` turns −0 into 0 for printing.
    -400.0 * (1.0 / p - 1.0).log10() + 0.0
}

impl EloEstimate {
    /// The estimate for `wins`/`draws`/`losses` of the first player: the score's
    /// standard error from the per-game results (so draws narrow it), a normal 95%
    /// interval on the score, mapped through [`elo_of`].
    pub fn new(wins: u32, draws: u32, losses: u32) -> EloEstimate {
        let games = wins + draws + losses;
        let n = games.max(1) as f64;
        let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
        let p = w + d / 2.0;
        let var = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
        let se = (var / n).sqrt();
        EloEstimate {
            games,
            wins,
            draws,
            losses,
            score: p,
            elo: elo_of(p),
            low: elo_of(p - 1.96 * se),
            high: elo_of(p + 1.96 * se),
        }
    }

    /// The match's last line: score, draw rate, Elo difference with its 95% interval.
    pub fn summary(&self) -> String {
        let n = self.games.max(1) as f64;
        format!(
            "score {}/{} ({:.1}%) +{} ={} -{}, draws {:.1}%, elo {:+.0} [{:+.0}, {:+.0}] (95%)",
            self.wins as f64 + self.draws as f64 / 2.0,
            self.games,
            100.0 * self.score,
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.draws as f64 / n,
            self.elo,
            self.low,
            self.high
        )
    }
}

/// The game's history keys and the position reached, for searching players.
fn replay(start: &Position, moves: &[Move]) -> (Vec<(u64, bool)>, Position) {
    history_of(start, moves)
}

/// A difficulty level, choosing its moves by [`play_level`] exactly as in the app; the
/// generator for each move comes from the seed and the ply, as in a game session.
#[derive(Debug)]
pub struct LevelPlayer {
    pub level: Level,
    engine: AnyEngine,
    seed: u64,
    /// Use the level's node cap only (no clock): reproducible but slower per move.
    pub fixed: bool,
}

impl LevelPlayer {
    pub fn new(level: Level, seed: u64, fixed: bool) -> LevelPlayer {
        LevelPlayer { level, engine: AnyEngine::Xiangqi(XiangqiEngine::new(16)), seed, fixed }
    }
}

impl Player for LevelPlayer {
    fn name(&self) -> String {
        format!("level {}", self.level.number)
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.engine.new_game();
        Ok(())
    }

    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let mut game = Game::new(start.clone(), Rules::default());
        for &m in moves {
            game.play(m).map_err(|e| e.to_string())?;
        }
        let mut rng = Rng::for_ply(self.seed, moves.len());
        let game = AnyGame::Xiangqi(game);
        let input = play_level(&mut self.engine, &game, &self.level, &mut rng, self.fixed)
            .ok_or("level found no move in an unfinished game")?;
        let MoveInput::Step { from, to, .. } = input else {
            return Err("the xiangqi engine answered with a move that is not a step".into());
        };
        let mv = Move::new(from, to).ok_or("the engine's move is off the board")?;
        Ok(Reply { mv, score: None })
    }
}

/// The full-strength search with fixed limits.
#[derive(Debug)]
pub struct SearchPlayer {
    pub limits: Limits,
    searcher: Searcher,
    /// Nodes searched and seconds spent over the match, for nodes per second.
    pub nodes: u64,
    pub seconds: f64,
}

impl SearchPlayer {
    pub fn new(limits: Limits, hash_mb: usize) -> SearchPlayer {
        SearchPlayer { limits, searcher: Searcher::new(hash_mb), nodes: 0, seconds: 0.0 }
    }

    /// Searches with `weights` instead of the built-in evaluation weights.
    pub fn set_weights(&mut self, weights: std::sync::Arc<super::weights::Weights>) {
        self.searcher.set_weights(weights);
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        "qike".to_owned()
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let (history, pos) = replay(start, moves);
        let t = std::time::Instant::now();
        let r = self.searcher.search(&pos, &history, &self.limits);
        self.seconds += t.elapsed().as_secs_f64();
        self.nodes += r.nodes;
        let mv = r.best.ok_or("the search found no move in an unfinished game")?;
        let score = if r.score.abs() > MATE_IN_MAX { r.score.signum() * 30_000 } else { r.score };
        Ok(Reply { mv, score: Some(score) })
    }

    fn nps(&self) -> Option<f64> {
        (self.seconds > 0.0).then(|| self.nodes as f64 / self.seconds)
    }
}

/// Captures the most valuable piece it can, else plays a random move (one ply, no
/// look at replies).
#[derive(Debug)]
pub struct GreedyPlayer {
    rng: Rng,
}

impl GreedyPlayer {
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer { rng: Rng::new(seed) }
    }
}

/// Value of a capture target for the greedy bot (the general cannot be taken).
fn victim_value(kind: Kind) -> i32 {
    super::eval::VALUE[kind as usize]
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let (_, pos) = replay(start, moves);
        let legal = pos.legal_moves();
        let value = |m: &Move| pos.piece_at(m.to()).map_or(0, |(_, k)| victim_value(k));
        let best = legal.iter().map(value).max().ok_or("no legal move")?;
        let pool: Vec<Move> = legal.iter().copied().filter(|m| value(m) == best).collect();
        let mv = pool[self.rng.below(pool.len() as u64) as usize];
        Ok(Reply { mv, score: None })
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

    fn think(&mut self, start: &Position, moves: &[Move]) -> Result<Reply, String> {
        let (_, pos) = replay(start, moves);
        let legal = pos.legal_moves();
        let i = self.rng.below(legal.len() as u64) as usize;
        let mv = *legal.as_slice().get(i).ok_or("no legal move")?;
        Ok(Reply { mv, score: None })
    }
}

/// `opening` played on by up to `plies` legal moves drawn from `rng` (fewer where the
/// side to move has none), so that players at fixed node counts do not replay the same
/// games.
pub fn extend_randomly(opening: &[Move], plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut line = opening.to_vec();
    let (_, mut pos) = history_of(&Position::startpos(), opening);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[rng.below(legal.len() as u64) as usize];
        if pos.play(m).is_err() {
            break;
        }
        line.push(m);
    }
    line
}

/// The balanced openings of the match suite: ICCS moves from the start position, one
/// opening per line (`#` starts a comment).
pub const OPENINGS: &str = include_str!("openings.txt");

/// Reads an opening list: each non-empty, non-comment line is a sequence of ICCS moves
/// from the start position. Fails on the first illegal move, naming its line.
pub fn parse_openings(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for t in line.split_whitespace() {
            let m = crate::xiangqi::notation::parse_iccs(&pos, t)
                .map_err(|e| format!("opening line {}: '{t}': {e}", i + 1))?;
            pos.play(m).map_err(|e| format!("opening line {}: '{t}': {e}", i + 1))?;
            moves.push(m);
        }
        out.push(moves);
    }
    Ok(out)
}
