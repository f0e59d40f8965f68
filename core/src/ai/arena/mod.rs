//! Whole games between two players on any board, for matches and self-play: one game
//! loop over [`AnyGame`], ruled by the game's own rules plus the match's adjudication
//! as data (a ply cap, claiming a claimable draw, a resign rule when both players agree
//! the game is lost), and the Elo arithmetic of a match.
//!
//! The players any game has live in [`players`]: a difficulty level through the app's
//! pick path, a one-ply greedy bot and a uniformly random mover. A player only one game
//! has (a searcher with its own weights) lives with that game's engine; protocol engines
//! are players the `qike match` command adds on top.

mod players;

pub use players::{GreedyPlayer, LevelPlayer, RandomPlayer, extend_randomly, legal_inputs};

use crate::game::{BoardGame, MoveInput, Outcome, Side};
use crate::games::AnyGame;

/// A move and, when the player says, its score in centipawns from the mover's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reply {
    pub input: MoveInput,
    pub score: Option<i32>,
}

impl Reply {
    /// A move without a score.
    pub fn of(input: MoveInput) -> Reply {
        Reply { input, score: None }
    }
}

/// Something that plays moves.
pub trait Player {
    /// A short name for the match table and the error messages.
    fn name(&self) -> String;
    /// Called before each game.
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// The move for the side to move in `game`, which has not ended.
    fn think(&mut self, game: &AnyGame) -> Result<Reply, String>;
    /// Nodes per second over the match so far, when the player knows.
    fn nps(&self) -> Option<f64> {
        None
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The rules decided it (a claimed draw included).
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

    /// A word or two saying why the game ended: `Checkmate`, `draw Repetition`, `ply
    /// cap`, `resign rule`.
    pub fn reason(&self) -> String {
        match self {
            Ending::Rules(Outcome::Win { reason, .. }) => format!("{reason:?}"),
            Ending::Rules(Outcome::Draw { reason }) => format!("draw {reason:?}"),
            Ending::PlyCap => "ply cap".to_owned(),
            Ending::Resigned { .. } => "resign rule".to_owned(),
        }
    }
}

/// The resign rule: a player's score beyond ± `cp` centipawns counts towards resigning
/// once both players have reported it `moves` moves each in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignRule {
    pub cp: i32,
    pub moves: usize,
}

impl Default for ResignRule {
    fn default() -> Self {
        ResignRule { cp: 1000, moves: 5 }
    }
}

/// The match's own rules on top of the game's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjudication {
    /// A game still going after this many plies (the opening's included) is a draw.
    pub max_plies: usize,
    /// Claim a draw the rules let a player claim (chess: threefold repetition, the
    /// fifty-move rule) as soon as it can be claimed.
    pub claim_draws: bool,
    /// The resign rule, `None` for none.
    pub resign: Option<ResignRule>,
}

impl Default for Adjudication {
    /// A 300-ply cap, draws claimed, the default resign rule.
    fn default() -> Self {
        Adjudication { max_plies: 300, claim_draws: true, resign: Some(ResignRule::default()) }
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
    /// players have agreed for `rule.moves` moves each.
    pub fn record(&mut self, rule: &ResignRule, mover: Side, score: Option<i32>) -> Option<Side> {
        let lost = score.and_then(|s| {
            if s <= -rule.cp {
                Some(mover)
            } else if s >= rule.cp {
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
        let needed = 2 * rule.moves.max(1);
        if self.streak >= needed { self.against } else { None }
    }
}

/// One finished match game: the game as it ended (its start and every move, the
/// opening's included) and how it ended.
#[derive(Debug, Clone)]
pub struct MatchGame {
    pub game: AnyGame,
    pub ending: Ending,
}

impl MatchGame {
    /// Plies played, the opening's included.
    pub fn plies(&self) -> usize {
        self.game.history().len()
    }
}

/// Plays `game` (already past its opening) to its end: `first` moves for the side that
/// moves first, `second` for the other. Fails when a player fails or answers a move the
/// game refuses.
pub fn play_game(
    first: &mut dyn Player,
    second: &mut dyn Player,
    mut game: AnyGame,
    adj: &Adjudication,
) -> Result<MatchGame, String> {
    first.new_game()?;
    second.new_game()?;
    let mut watch = ResignWatch::default();
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending::Rules(outcome);
        }
        if game.history().len() >= adj.max_plies {
            break Ending::PlyCap;
        }
        if adj.claim_draws
            && let Some(outcome) = game.claim_draw_if_claimable()
        {
            break Ending::Rules(outcome);
        }
        let mover = game.side_to_move();
        let player: &mut dyn Player = if mover == Side::First { &mut *first } else { &mut *second };
        let reply = player.think(&game)?;
        let kind = game.kind();
        game.play(reply.input).map_err(|refusal| {
            format!("{} played {}: {refusal}", player.name(), reply.input.encode(kind))
        })?;
        if let Some(rule) = &adj.resign
            && let Some(loser) = watch.record(rule, mover, reply.score)
        {
            break Ending::Resigned { loser };
        }
    };
    Ok(MatchGame { game, ending })
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

/// The Elo difference a score fraction `p` means (logistic model), kept within ±1200 so
/// that a clean sweep still prints a number.
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
