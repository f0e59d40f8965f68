//! `qike match --game chess P1 P2 …`: chess games between two players — `level:N`
//! (`level:N:fixed` for the node cap without a time cap), `custom:D,N,T,M,NOISE,BLUNDER[:fixed]`
//! (a level row to try), `greedy`, `random`, or a UCI engine `uci:CMD` — from the chess
//! opening suite, each opening with both colours, adjudicated by the chess rules and a
//! ply cap. Prints a line per game and, last, the score, draw rate and Elo difference of
//! player 1 with its 95% interval.
//!
//! `search:nodes=N` or `search:ms=N` is the full search at a fixed node count or move
//! time, with `:weights=FILE` for an evaluation weights file (as `qike tune chess fit`
//! writes). `--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05` runs a sequential test on the
//! game pairs and stops when it decides (`--games` is then the most it plays).

use std::sync::Arc;

use qike_core::AnyGame;
use qike_core::Outcome;
use qike_core::Rng;
use qike_core::ai::arena::{
    Adjudication, Ending, GreedyPlayer, LevelPlayer, Player, RandomPlayer, extend_randomly,
    play_game,
};
use qike_core::ai::chess::{SearchPlayer, Weights, game_after, openings};
use qike_core::chess::Move;
use qike_core::{GameKind, Side};

use super::pairs::{Tally, custom_level, engine_options, level_spec, search_spec, sprt_option};
use super::uci::{Speaks, UciEngine};
use super::{Arena, Played, Schedule, mark_of, num, player1_side, points_of, table_line};
use crate::cli::MatchArgs;

fn player(
    spec: &str,
    go: String,
    options: &[(String, String)],
    seed: u64,
) -> Result<Box<dyn Player + Send>, String> {
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    Ok(match kind {
        "level" => {
            let (level, fixed) = level_spec(GameKind::Chess, rest)?;
            Box::new(level_player(level, seed, fixed)?)
        }
        "custom" => {
            let (level, fixed) = custom_level(rest)?;
            Box::new(level_player(level, seed, fixed)?)
        }
        "greedy" => Box::new(GreedyPlayer::new(seed)),
        "random" => Box::new(RandomPlayer::new(seed)),
        "uci" => Box::new(UciEngine::start(Speaks::Chess, rest, options, go)?),
        "search" => {
            let (limits, weights) = search_spec(spec, rest, crate::tune::read_weights)?;
            let weights = weights.unwrap_or_else(|| Weights::builtin().clone());
            Box::new(SearchPlayer::new(spec, Arc::new(weights), limits))
        }
        _ => {
            return Err(format!(
                "unknown chess player '{spec}' (try: level:N, custom:D,N,T,M,NOISE,BLUNDER, search:nodes=N, greedy, random, uci:CMD)"
            ));
        }
    })
}

/// A chess level that draws each game's numbers from the game's number too.
fn level_player(
    level: qike_core::ai::Level,
    seed: u64,
    fixed: bool,
) -> Result<LevelPlayer, String> {
    let player = LevelPlayer::new(GameKind::Chess, level, seed, fixed).ok_or("no chess engine")?;
    Ok(player.seed_per_game())
}

/// `qike match --game chess P1 P2 [--games N] [--movetime MS] [--option1 K=V]…
/// [--option2 K=V]… [--max-plies N] [--random-plies N] [--seed N] [--out FILE]
/// [--sprt elo0=A elo1=B alpha=X beta=Y]`. `--movetime` is what a UCI player is given
/// per move (levels keep their own caps).
pub fn command(args: MatchArgs) -> Result<(), String> {
    let xiangqi_only = [
        ("--movetime1", args.movetime1.is_some()),
        ("--movetime2", args.movetime2.is_some()),
        ("--nodes1", args.nodes1.is_some()),
        ("--nodes2", args.nodes2.is_some()),
        ("--depth1", args.depth1.is_some()),
        ("--depth2", args.depth2.is_some()),
        ("--openings", args.openings.is_some()),
        ("--resign-cp", args.resign_cp.is_some()),
        ("--resign-moves", args.resign_moves.is_some()),
        ("--concurrency", args.concurrency.is_some()),
    ];
    if let Some((flag, _)) = xiangqi_only.iter().find(|(_, given)| *given) {
        return Err(format!("unexpected argument '{flag}' (an option of xiangqi matches)"));
    }
    let sprt = sprt_option(args.sprt)?;
    let games: usize =
        num(args.games, "--games")?.unwrap_or(if sprt.is_some() { 20_000 } else { 20 });
    let movetime: u64 = num(args.movetime, "--movetime")?.unwrap_or(500);
    let chess = Chess {
        specs: [args.player1, args.player2],
        go: format!("go movetime {movetime}"),
        options: [engine_options(&args.option1, 1)?, engine_options(&args.option2, 2)?],
        adj: Adjudication {
            max_plies: num(args.max_plies, "--max-plies")?.unwrap_or(300),
            claim_draws: true,
            resign: None,
        },
        random_plies: num(args.random_plies, "--random-plies")?.unwrap_or(0),
        seed: num(args.seed, "--seed")?.unwrap_or(1),
        suite: openings(),
    };
    let schedule = Schedule { games, concurrency: 1, tally: Tally::new(sprt), out: args.out };
    super::run(&chess, schedule)
}

struct Chess {
    specs: [String; 2],
    go: String,
    options: [Vec<(String, String)>; 2],
    adj: Adjudication,
    random_plies: usize,
    seed: u64,
    suite: Vec<Vec<Move>>,
}

impl Chess {
    /// The opening of pair `pair`: the suite's lines in turn, then `random_plies` random
    /// legal moves drawn from the seed and the pair's number (both games of a pair get
    /// the same moves), so that players with fixed node counts do not replay the same
    /// games.
    fn opening(&self, pair: usize) -> Result<AnyGame, String> {
        let mut rng = Rng::new(self.seed ^ (pair as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let mut game = game_after(&self.suite[pair % self.suite.len()])?;
        extend_randomly(&mut game, self.random_plies, &mut rng);
        Ok(game)
    }
}

/// Why a chess game ended, in a word or two: `checkmate`, `threefoldrepetition`, `ply cap`.
fn reason(ending: &Ending) -> String {
    match ending {
        Ending::Rules(Outcome::Win { reason, .. }) => format!("{reason:?}").to_lowercase(),
        Ending::Rules(Outcome::Draw { reason }) => format!("{reason:?}").to_lowercase(),
        other => other.reason(),
    }
}

/// A game's result for its table line.
struct Note {
    mark: &'static str,
    reason: String,
    plies: usize,
}

impl Arena for Chess {
    type Seat = [Box<dyn Player + Send>; 2];
    type Note = Note;

    fn seat(&self, _worker: u64) -> Result<Self::Seat, String> {
        let p1 = player(&self.specs[0], self.go.clone(), &self.options[0], self.seed)?;
        let p2 = player(
            &self.specs[1],
            self.go.clone(),
            &self.options[1],
            self.seed.wrapping_add(7919),
        )?;
        Ok([p1, p2])
    }

    fn play(&self, seat: &mut Self::Seat, g: usize) -> Result<Played<Note>, String> {
        let opening = self.opening(g / 2)?;
        let p1_side = player1_side(g);
        let p1_white = p1_side == Side::First;
        let [p1, p2] = seat;
        let rec = if p1_white {
            play_game(p1.as_mut(), p2.as_mut(), opening, &self.adj)?
        } else {
            play_game(p2.as_mut(), p1.as_mut(), opening, &self.adj)?
        };
        let winner = rec.ending.winner();
        let points = points_of(winner, p1_side);
        let mark = mark_of(winner);
        let reason = reason(&rec.ending);
        let [a, b] = &self.specs;
        let (white, black) = if p1_white { (a, b) } else { (b, a) };
        let moves = rec.game.as_chess().map(|g| g.moves().to_vec()).unwrap_or_default();
        let moves: Vec<String> = moves.iter().map(|m| m.uci()).collect();
        let record = format!(
            "game {} white {white} black {black} result {mark} ({}) moves {}",
            g + 1,
            reason,
            moves.join(" ")
        );
        Ok(Played {
            game: g,
            points: Some(points),
            record: Some(record),
            note: Note { mark, reason, plies: moves.len() },
        })
    }

    fn line(&self, p: &Played<Note>, tally: &Tally) -> String {
        let n = &p.note;
        table_line(p.game, n.mark, &n.reason, p.points.unwrap_or(0.5), tally, n.plies)
    }

    fn closing(&self, _seats: Vec<Self::Seat>, _notes: &[Note], tally: &Tally) -> String {
        tally.summary()
    }
}
