//! The Go engine behind the one engine interface: analysis with candidates from the
//! root moves, safe passing, hints with a reason, and a review of a player's moves.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::engine::{Analysis, Candidate, Engine, Hint, MoveReview, Verdict};
use crate::ai::limits::Limits;
use crate::game::{MoveInput, Side, Text};
use crate::games::AnyGame;
use crate::go::playout::is_eye;
use crate::go::{DEFAULT_PLAYOUTS, Game, Move};

use super::mcts::{Budget, ChildStat, DEFAULT_MAX_NODES, Mcts, Outcome, Root};
use super::ownership::{Ownership, komi_half};
use super::policy::{PASS, captures, saves, self_atari, strings_next_to, throw_in};

/// Win rates are shown as scores on this scale: (win rate − ½) × 2000.
const SCALE: f32 = 2000.0;
/// Playouts when the limits set none (a search "until stopped" still ends).
const UNLIMITED_PLAYOUTS: u64 = 2_000_000;
/// Below this win rate the game is lost: after the opponent's pass, pass too.
const HOPELESS: f32 = 0.03;
/// A search must have run this many playouts before its verdict can resign a game.
const RESIGN_PLAYOUTS: u64 = 1000;
/// A point whose ownership is weaker than this is still open (worth a move).
const SETTLED: f32 = 0.6;
/// Passing before the opponent does may cost at most this much win rate.
const PASS_SLACK: f32 = 0.03;
/// A lead of this many half points by the count is sure enough to pass on: first, once
/// nothing is open, or after the opponent's pass even with points open. A thinner lead
/// lets the opponent pass first and then closes the open points before it passes.
const SURE_LEAD: i32 = 20;
/// Seed of the dead-stone estimate the engine checks before it passes.
const COUNT_SEED: u64 = 1;
/// Points a handicap stone is worth to the search's dynamic komi at the start.
const HANDICAP_STONE_POINTS: i32 = 7;
/// The biggest board whose unsettled searches go on past their move time: on 19×19
/// the longer thinking has not been shown to help.
const EXTEND_UP_TO: u8 = 13;

/// The Go engine: the tree search and the last search's ownership estimate.
#[derive(Debug)]
pub struct GoEngine {
    mcts: Mcts,
    /// Searchers for the other threads of a search on several threads, each with its
    /// own tree (kept like the main one from move to move).
    helpers: Vec<Mcts>,
    ownership: Option<Ownership>,
    /// The game of the last search: when the next one is this game one or two moves
    /// on, the search goes on in the part of the tree below those moves.
    previous: Option<Game>,
    /// The last search's win rate of its best stone and its playouts.
    last_rate: Option<(f32, u64)>,
    /// Mixed into every search's seed: engines with different seeds play different
    /// games, each still the same for the same seed.
    seed: u64,
    /// Move time this game's earlier searches left unspent, which a later search whose
    /// choice is still unsettled at its own move time may draw on (never more than one
    /// move time at once), so the game's moves average no more than the move time.
    /// Boards above [`EXTEND_UP_TO`] save nothing.
    saved: Duration,
}

impl Default for GoEngine {
    fn default() -> GoEngine {
        GoEngine::new()
    }
}

/// Why the coach suggests a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintWhy {
    /// Saves this many of the player's stones in atari (打吃).
    Saves { stones: usize },
    /// Captures this many stones (提子).
    Captures { stones: usize },
    /// Separates this many of the opponent's strings that touch the point (切断).
    Cuts { strings: usize },
    /// Joins this many of the player's own strings that touch the point (连接).
    Connects { strings: usize },
    /// Nothing urgent: the biggest point by the search.
    BigPoint,
    /// Every point is settled and passing wins (or nothing is left to play).
    Pass,
}

impl HintWhy {
    pub fn text(self) -> Text {
        match self {
            HintWhy::Saves { stones } => Text {
                zh: format!("你的 {stones} 个子被打吃了，快逃出来！"),
                en: format!("{stones} of your stones are in atari: save them!"),
            },
            HintWhy::Captures { stones } => Text {
                zh: format!("这里能提掉 {stones} 个子。"),
                en: format!("You can capture {stones} stone(s) here."),
            },
            HintWhy::Cuts { strings } => Text {
                zh: format!("在这里切断，对方的 {strings} 块棋就分开了。"),
                en: format!("A cut: it keeps {strings} of the opponent's groups apart."),
            },
            HintWhy::Connects { strings } => Text {
                zh: format!("在这里连接，你的 {strings} 块棋就连成一块了。"),
                en: format!("A connection: it joins {strings} of your groups into one."),
            },
            HintWhy::BigPoint => {
                Text::new("这里是现在最大的地方。", "This is the biggest point now.")
            }
            HintWhy::Pass => Text::new(
                "边界都走完了，可以停一手数子。",
                "The borders are finished: pass and count.",
            ),
        }
    }
}

/// Why `mv` is worth playing in `game`: saving comes first, then capturing, cutting the
/// opponent's strings apart, joining one's own, else a big point.
pub fn hint_why(game: &Game, mv: MoveInput) -> HintWhy {
    let MoveInput::Place { at } = mv else { return HintWhy::Pass };
    let board = game.board();
    if !board.contains(at) {
        return HintWhy::BigPoint;
    }
    let cell = board.index(at);
    let side = game.side_to_move();
    let saved = saves(board, cell, side);
    if saved > 0 {
        return HintWhy::Saves { stones: saved };
    }
    let stones = captures(board, cell, side);
    if stones > 0 {
        return HintWhy::Captures { stones };
    }
    // Only a stone that can live there cuts or connects: not a self-atari.
    if self_atari(board, cell, side) == 0 {
        let (_, theirs) = strings_next_to(board, cell, side.opponent());
        if theirs >= 2 {
            return HintWhy::Cuts { strings: theirs };
        }
        let (_, ours) = strings_next_to(board, cell, side);
        if ours >= 2 {
            return HintWhy::Connects { strings: ours };
        }
    }
    HintWhy::BigPoint
}

fn to_input(game: &Game, cell: usize) -> MoveInput {
    if cell == PASS { MoveInput::Pass } else { MoveInput::Place { at: game.board().point(cell) } }
}

/// The search's starting point for `game`.
fn root_of(game: &Game) -> Root {
    let board = game.board().clone();
    let side = game.side_to_move();
    let (last, passes) = match game.moves().last() {
        Some(&(_, Move::Play(p))) => (board.index(p), 0),
        Some(&(_, Move::Pass)) => (PASS, 1),
        None => (PASS, 0),
    };
    let played = game.moves();
    let before = match played.len().checked_sub(2).map(|k| &played[k]) {
        Some(&(_, Move::Play(p))) => board.index(p),
        _ => PASS,
    };
    let legal: Vec<usize> = game
        .legal_points()
        .into_iter()
        .map(|p| board.index(p))
        .filter(|&c| !is_eye(&board, c, side))
        .collect();
    // Never put two stones or more in atari without capturing (a throw-in aside): in a
    // lost position the win rates are all near zero and would otherwise let the engine
    // fill its own liberties until its groups die.
    let sensible: Vec<usize> = legal
        .iter()
        .copied()
        .filter(|&c| self_atari(&board, c, side) < 2 || throw_in(&board, c, side))
        .collect();
    let moves = if sensible.is_empty() { legal } else { sensible };
    let dynamic_half = handicap_komi_half(game);
    Root {
        board,
        to_move: side,
        last,
        before,
        passes,
        moves,
        komi_half: komi_half(game),
        dynamic_half,
    }
}

/// The dynamic komi of a handicap game, in half points black gives besides the real
/// komi, which only the search's playouts count. With the handicap counted in full,
/// white's win rates start near zero and black's near one, and a search that sees every
/// move win (or lose) alike plays slack moves: white stops catching up, black throws
/// its lead away. So the search counts the handicap stones as worth
/// [`HANDICAP_STONE_POINTS`] each at the start, falling evenly to nothing once moves
/// have been played on half the board's points; from then on, and in every even game,
/// the search plays for the real count.
pub(crate) fn handicap_komi_half(game: &Game) -> i32 {
    let stones = i32::from(game.handicap());
    if stones < 2 {
        return 0;
    }
    let end = (i32::from(game.size()).pow(2) / 2).max(1);
    let left = (end - game.moves().len() as i32).max(0);
    2 * HANDICAP_STONE_POINTS * stones * left / end
}

/// A seed from the position, so that a search depends only on the game and the limits.
fn seed_of(game: &Game) -> u64 {
    game.board().hash() ^ (game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The cells of the moves that lead from `prev` to `game` when `game` is `prev` one or
/// two moves on (the same start, size and komi), else `None`.
fn moves_since(prev: &Game, game: &Game) -> Option<Vec<usize>> {
    let (old, new) = (prev.moves(), game.moves());
    if !(old.len() + 1..=old.len() + 2).contains(&new.len())
        || new[..old.len()] != *old
        || prev.size() != game.size()
        || komi_half(prev) != komi_half(game)
        || prev.fresh().board().hash() != game.fresh().board().hash()
    {
        return None;
    }
    let board = game.board();
    Some(
        new[old.len()..]
            .iter()
            .map(|&(_, mv)| match mv {
                Move::Play(p) => board.index(p),
                Move::Pass => PASS,
            })
            .collect(),
    )
}

/// By how many half points `side` wins the count if both pass now (negative: loses),
/// dead stones by the same estimate the session makes at the count.
fn count_lead(game: &Game, side: Side) -> i32 {
    let Some(g) = counted(game) else { return i32::MIN };
    let black = g.score().result.margin_half_points;
    if side == Side::First { black } else { -black }
}

/// The game ended by passes now, its dead stones marked by the session's estimate.
fn counted(game: &Game) -> Option<Game> {
    let mut g = game.clone();
    while !g.is_over() {
        g.pass().ok()?;
    }
    g.estimate_dead_stones(DEFAULT_PLAYOUTS, COUNT_SEED);
    Some(g)
}

/// Whether an empty point that the count would share (单官: both sides reach it) can
/// still be played without self-atari. The shared liberties of a seki cannot.
fn shared_point_left(game: &Game, root: &Root) -> bool {
    counted(game).is_some_and(|g| {
        g.count_picture().points.iter().any(|p| {
            let c = root.board.index(p.at);
            p.area.is_none() && p.stone.is_none() && playable(root, c)
        })
    })
}

/// Whether some move captures stones or saves stones in atari.
fn urgent(root: &Root) -> bool {
    root.moves.iter().any(|&c| urgent_at(root, c))
}

/// Whether the move at `c` captures stones or saves stones in atari.
fn urgent_at(root: &Root, c: usize) -> bool {
    captures(&root.board, c, root.to_move) > 0 || saves(&root.board, c, root.to_move) > 0
}

/// Whether some point is still open: not owned surely by either side, and playable
/// without self-atari or as a throw-in (shared liberties of a seki are not open).
fn open_point(root: &Root, own: &Ownership) -> bool {
    root.moves.iter().any(|&c| is_open(root, own, c))
}

/// Whether the point at `c` is open (see [`open_point`]).
fn is_open(root: &Root, own: &Ownership, c: usize) -> bool {
    own.at(root.board.point(c)).abs() < SETTLED && playable(root, c)
}

/// Whether the point at `c` can be played without self-atari, or as a throw-in.
fn playable(root: &Root, c: usize) -> bool {
    self_atari(&root.board, c, root.to_move) == 0 || throw_in(&root.board, c, root.to_move)
}

impl GoEngine {
    pub fn new() -> GoEngine {
        GoEngine::with_max_nodes(DEFAULT_MAX_NODES)
    }

    /// An engine whose tree holds at most `max_nodes` nodes.
    pub fn with_max_nodes(max_nodes: usize) -> GoEngine {
        GoEngine {
            mcts: Mcts::new(max_nodes, 1, Arc::new(AtomicBool::new(false))),
            helpers: Vec::new(),
            ownership: None,
            previous: None,
            last_rate: None,
            seed: 0,
            saved: Duration::ZERO,
        }
    }

    /// Whether the side that searched last should resign `game`: half the board has
    /// been played, and its best stone wins less than one game in thirty by a search
    /// of at least a thousand playouts.
    pub fn should_resign(&self, game: &Game) -> bool {
        let points = usize::from(game.size()).pow(2);
        game.moves().len() >= points / 2
            && self.last_rate.is_some_and(|(rate, n)| rate < HOPELESS && n >= RESIGN_PLAYOUTS)
    }

    /// Sets the seed mixed into every search (0 by default).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Who owns each point, by the last search's playouts.
    pub fn ownership(&self) -> Option<&Ownership> {
        self.ownership.as_ref()
    }

    fn run(&mut self, game: &Game, root: &Root, limits: &Limits) -> Outcome {
        let threads = usize::from(limits.threads.unwrap_or(1).max(1))
            .min(std::thread::available_parallelism().map_or(1, usize::from));
        // A fixed number of playouts is shared out among the threads.
        let playouts = limits.nodes.unwrap_or(UNLIMITED_PLAYOUTS).div_ceil(threads as u64);
        let started = Instant::now();
        let since = self.previous.take().and_then(|prev| moves_since(&prev, game));
        if since.is_none() {
            self.saved = Duration::ZERO;
        }
        let time = limits.budget();
        // A clock already gives later moves the time earlier ones left.
        let banked =
            (limits.clock.is_none() && game.size() <= EXTEND_UP_TO).then_some(time).flatten();
        let extra = banked.map_or(Duration::ZERO, |t| self.saved.min(t));
        let budget = Budget { playouts, time, extra };
        let seed = seed_of(game) ^ self.seed.wrapping_mul(0xD1B5_4A32_D192_ED03);
        self.mcts.reseed(seed);
        let reuse = since.as_ref().is_some_and(|cells| self.mcts.reroot(cells));
        self.helpers.truncate(threads - 1);
        while self.helpers.len() + 1 < threads {
            let helper = self.mcts.helper();
            self.helpers.push(helper);
        }
        let mut helpers: Vec<(&mut Mcts, bool)> = Vec::with_capacity(threads - 1);
        for (k, helper) in self.helpers.iter_mut().enumerate() {
            helper.reseed(seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let reuse = since.as_ref().is_some_and(|cells| helper.reroot(cells));
            helpers.push((helper, reuse));
        }
        let main = &mut self.mcts;
        let outcome = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|(helper, reuse)| {
                    scope.spawn(move || {
                        // The same priority as the worker the search runs on.
                        crate::ai::thinker::worker_setup();
                        helper.search(root, budget, reuse)
                    })
                })
                .collect();
            let mut outcome = main.search(root, budget, reuse);
            for handle in running {
                // A helper that failed leaves the main search's answer whole.
                if let Ok(theirs) = handle.join() {
                    outcome.merge(&theirs);
                }
            }
            outcome
        });
        if let Some(t) = banked {
            let used = started.elapsed();
            self.saved = (self.saved + t).saturating_sub(used);
        }
        self.previous = Some(game.clone());
        self.ownership = Some(Ownership::from_outcome(&root.board, &outcome, root.komi_half));
        outcome
    }

    /// Whether nothing on the board is left to take, save, settle (by the last search's
    /// ownership) or fill (a shared point at the count).
    fn borders_finished(&self, game: &Game) -> bool {
        let root = root_of(game);
        self.ownership.as_ref().is_some_and(|own| {
            !urgent(&root) && !open_point(&root, own) && !shared_point_left(game, &root)
        })
    }

    /// Searches a Go game (see [`Engine::analyse`]).
    pub fn analyse_game(&mut self, game: &Game, limits: &Limits, margin: i32) -> Analysis {
        let _ = margin;
        if game.is_over() {
            return Analysis::default();
        }
        let root = root_of(game);
        let outcome = self.run(game, &root, limits);
        let Some(own) = self.ownership.clone() else { return Analysis::default() };
        let side = root.to_move;
        let stones: Vec<&ChildStat> = outcome.children.iter().filter(|c| c.cell != PASS).collect();
        let best_rate = stones.first().map_or(0.0, |c| c.win_rate);
        self.last_rate = Some((best_rate, outcome.playouts));
        let pass_rate =
            outcome.children.iter().find(|c| c.cell == PASS).map_or(0.0, |c| c.win_rate);
        // After the opponent's pass, a thin lead by the count over open borders: the move
        // must close something (take, save, or settle an open point).
        let mut closing = false;
        let pass = if stones.is_empty() {
            true
        } else if root.passes == 1 {
            // Passing ends the game: when it is lost, or when the count wins. A count
            // over unsettled borders is the estimate's guess, so a thin lead plays on
            // while something is left to take, save or settle.
            let lead = if best_rate < HOPELESS { 0 } else { count_lead(game, side) };
            closing = lead > 0 && lead < SURE_LEAD && (urgent(&root) || open_point(&root, &own));
            best_rate < HOPELESS || (lead > 0 && !closing)
        } else {
            // Before the opponent passes: nothing left to take, save or settle, passing
            // costs nothing by the search, and the count would win by a sure lead. With
            // a thin lead the opponent passes first (a stone in one's own area costs
            // nothing), unless every stone would cost by the search.
            pass_rate >= best_rate - PASS_SLACK && !urgent(&root) && !open_point(&root, &own) && {
                let lead = count_lead(game, side);
                lead >= SURE_LEAD || (lead > 0 && pass_rate > best_rate + PASS_SLACK)
            }
        };
        let score = |rate: f32| ((rate - 0.5) * SCALE).round() as i32;
        let top = stones.first().map_or(0, |c| c.visits);
        let min_visits = (top / 50).max(3);
        let mut candidates: Vec<Candidate> = stones
            .iter()
            .map(|c| Candidate {
                mv: to_input(game, c.cell),
                score: score(c.win_rate),
                exact: c.visits >= min_visits,
                gain: (captures(&root.board, c.cell, side) + saves(&root.board, c.cell, side))
                    as i32,
                loses: false,
            })
            .collect();
        if closing {
            let closes = |c: &&ChildStat| is_open(&root, &own, c.cell) || urgent_at(&root, c.cell);
            if let Some(k) = stones.iter().position(closes) {
                candidates[..=k].rotate_right(1);
            }
        }
        if pass {
            let rate = outcome.children.iter().find(|c| c.cell == PASS).map_or(0.5, |c| c.win_rate);
            candidates.insert(
                0,
                Candidate {
                    mv: MoveInput::Pass,
                    score: score(rate),
                    exact: true,
                    gain: 0,
                    loses: false,
                },
            );
        }
        Analysis {
            best: candidates.first().map(|c| c.mv),
            score: candidates.first().map_or(0, |c| c.score),
            candidates,
            decisive: pass,
            depth: 0,
            nodes: outcome.playouts,
        }
    }
}

impl Engine for GoEngine {
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis {
        match game.as_go() {
            Some(g) => self.analyse_game(g, limits, margin),
            None => Analysis::default(),
        }
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        for helper in &mut self.helpers {
            helper.set_stop(Arc::clone(&flag));
        }
        self.mcts.set_stop(flag);
    }

    fn new_game(&mut self) {
        self.ownership = None;
        self.previous = None;
        self.last_rate = None;
    }

    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint> {
        let g = game.as_go()?;
        let a = self.analyse_game(g, &Limits::nodes(coach_playouts(g, nodes)), 0);
        let best = a.best?;
        // On finished borders the coach says to pass: a stone in one's own area costs
        // nothing under area counting, but it teaches nothing either.
        let mv = if self.borders_finished(g) { MoveInput::Pass } else { best };
        let why = hint_why(g, mv);
        // The point where the opponent would capture the stones the hint saves.
        let threat = match (why, mv) {
            (HintWhy::Saves { .. }, MoveInput::Place { at }) => Some(MoveInput::Place { at }),
            _ => None,
        };
        Some(Hint { mv, score: a.score, threat, threat_name: Some(why.text().zh) })
    }

    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview> {
        let Some(g) = game.as_go() else { return Vec::new() };
        let per_move = coach_playouts(g, nodes) / 2;
        let mut pos = g.fresh();
        let mut out = Vec::new();
        for (ply, &(mover, mv)) in g.moves().iter().enumerate() {
            if mover == side
                && pos.side_to_move() == side
                && !pos.is_over()
                && let Some(r) = self.review_one(&pos, mv, per_move, ply)
            {
                out.push(r);
            }
            if pos.play_as(mover, mv).is_err() {
                break;
            }
        }
        out
    }
}

/// Playouts the coach spends on a position: the caller's budget, cut on big boards so a
/// hint stays quick on a phone.
fn coach_playouts(game: &Game, nodes: u64) -> u64 {
    let cap = match game.size() {
        0..=9 => 4_000,
        10..=13 => 2_500,
        _ => 1_500,
    };
    nodes.clamp(100, cap)
}

impl GoEngine {
    fn review_one(
        &mut self,
        pos: &Game,
        played: Move,
        playouts: u64,
        ply: usize,
    ) -> Option<MoveReview> {
        let a = self.analyse_game(pos, &Limits::nodes(playouts), 0);
        let best = a.best?;
        let played_input = match played {
            Move::Play(at) => MoveInput::Place { at },
            Move::Pass => MoveInput::Pass,
        };
        let best_rate = a.score;
        let played_rate = match a.candidates.iter().find(|c| c.mv == played_input) {
            Some(c) if c.exact => c.score,
            _ => {
                // Rarely searched: look at the position after it from the opponent's side.
                let mut after = pos.clone();
                after.play(played).ok()?;
                if after.is_over() {
                    best_rate
                } else {
                    -self.analyse_game(&after, &Limits::nodes(playouts / 2), 0).score
                }
            }
        };
        let loss = if played_input == best { 0 } else { (best_rate - played_rate).max(0) };
        Some(MoveReview { ply, played: played_input, best, loss, verdict: Verdict::of_loss(loss) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Rules, handicap_points};

    #[test]
    fn the_time_a_move_leaves_goes_to_later_moves_of_the_same_game_only() {
        let mut engine = GoEngine::new();
        let ten = Duration::from_secs(10);
        // A timed search held to a few playouts leaves almost all of its time.
        let limits = Limits { nodes: Some(200), ..Limits::movetime(ten) };
        let mut game = Game::new(9, Rules::default()).unwrap();
        engine.analyse_game(&game, &limits, 0);
        let after_one = engine.saved;
        assert!(after_one > ten / 2 && after_one <= ten, "{after_one:?}");
        game.play(Move::Play(game.legal_points()[40])).unwrap();
        engine.analyse_game(&game, &limits, 0);
        assert!(engine.saved > after_one + ten / 2, "{:?}", engine.saved);
        // Another game starts with nothing saved.
        let other = Game::new(9, Rules::default()).unwrap();
        engine.analyse_game(&other, &limits, 0);
        assert!(engine.saved <= ten, "{:?}", engine.saved);
        // A clock carries unspent time itself, so nothing is saved beside it.
        let clocked = Limits {
            clock: Some(crate::ai::limits::Clock {
                left: Duration::from_secs(600),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..limits
        };
        let mut fresh = GoEngine::new();
        fresh.analyse_game(&other, &clocked, 0);
        assert_eq!(fresh.saved, Duration::ZERO);
        // Nor on the biggest boards, which stop at their move time.
        let big = Game::new(19, Rules::default()).unwrap();
        let mut fresh = GoEngine::new();
        fresh.analyse_game(&big, &limits, 0);
        assert_eq!(fresh.saved, Duration::ZERO);
    }

    #[test]
    fn a_handicaps_dynamic_komi_falls_to_nothing_by_half_the_board() {
        let even = Game::new(9, Rules::default()).unwrap();
        assert_eq!(handicap_komi_half(&even), 0);
        let points = handicap_points(9, 4).unwrap();
        let mut g = Game::with_handicap_stones(9, Rules::default(), &points).unwrap();
        // Four stones at seven points each, in half points, before white's first move.
        assert_eq!(handicap_komi_half(&g), 56);
        let mut last = handicap_komi_half(&g);
        let mut played = 0;
        for p in g.legal_points() {
            if g.play(Move::Play(p)).is_err() {
                continue;
            }
            played += 1;
            let now = handicap_komi_half(&g);
            assert!(now <= last, "it never rises");
            last = now;
            if played == 40 {
                break;
            }
        }
        // 81 points: after 40 moves, none is left.
        assert_eq!(played, 40);
        assert_eq!(last, 0);
    }
}
