//! `qike match P1 P2`: xiangqi games between two players — outside engines (UCI as
//! Fairy-Stockfish speaks it, or UCCI), or built-in ones (the full search, a level, a
//! greedy bot, a random mover) — from a list of balanced openings, each opening with both
//! colours. Games are ruled by the rules (将死, 困毙, repetition rulings, 自然限着), a ply
//! cap (draw) and a resign rule (both players report the same side lost beyond a
//! threshold for N moves each). The last line is the score, draw rate and Elo difference
//! of player 1 with its 95% interval; the players' speeds come before it.

use std::sync::Arc;
use std::time::Duration;

use qike_core::GameKind;
use qike_core::Rng;
use qike_core::ai::Limits;
use qike_core::ai::arena::{
    Adjudication, GreedyPlayer, LevelPlayer, Player, RandomPlayer, ResignRule, extend_randomly,
    play_game,
};
use qike_core::ai::xiangqi::{OPENINGS, SearchPlayer, game_after, parse_openings};
use qike_core::xiangqi::{Move, Position};

use super::pairs::{Tally, custom_level, engine_options, level_spec, search_spec, sprt_option};
use super::uci::{Speaks, UciEngine};
use super::{Arena, Played, Schedule, mark_of, num, player1_side, points_of, table_line};
use crate::cli::{MatchArgs, XiangqiEngineArgs};
use crate::uci::xiangqi::Dialect;

/// How a player is asked for a move.
#[derive(Clone, Copy, Debug, Default)]
pub struct SideLimits {
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl SideLimits {
    fn go(&self) -> String {
        let mut s = "go".to_owned();
        if let Some(d) = self.depth {
            s += &format!(" depth {d}");
        }
        if let Some(n) = self.nodes {
            s += &format!(" nodes {n}");
        }
        if let Some(t) = self.movetime {
            s += &format!(" movetime {t}");
        }
        if s == "go" {
            s += " depth 8";
        }
        s
    }

    fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Duration::from_millis),
            clock: None,
            threads: None,
        };
        if l == Limits::default() {
            l.depth = Some(8);
        }
        l
    }
}

/// Builds a player from its spec: `qike`, `level:N[:fixed]`,
/// `custom:D,N,T,M,NOISE,BLUNDER[:fixed]` (a level row to try), `greedy`, `random`,
/// `search:nodes=N[:weights=FILE]`, `search:ms=N[:weights=FILE]`, `uci:COMMAND…` or
/// `ucci:COMMAND…`.
fn player(
    spec: &str,
    limits: SideLimits,
    options: &[(String, String)],
    seed: u64,
) -> Result<Box<dyn Player + Send>, String> {
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let engine = |dialect| UciEngine::start(Speaks::Xiangqi(dialect), rest, options, limits.go());
    Ok(match kind {
        "qike" => Box::new(SearchPlayer::new(limits.limits(), 16)),
        "level" => {
            let (level, fixed) = level_spec(GameKind::Xiangqi, rest)?;
            Box::new(level_player(level, seed, fixed)?)
        }
        "custom" => {
            let (level, fixed) = custom_level(rest)?;
            Box::new(level_player(level, seed, fixed)?)
        }
        "greedy" => Box::new(GreedyPlayer::new(seed)),
        "random" => Box::new(RandomPlayer::new(seed)),
        "search" => {
            let (limits, weights) = search_spec(spec, rest, crate::tune::read_xiangqi_weights)?;
            let mut p = SearchPlayer::new(limits, 16);
            if let Some(w) = weights {
                p.set_weights(Arc::new(w));
            }
            Box::new(p)
        }
        "uci" => Box::new(engine(Dialect::Uci)?),
        "ucci" => Box::new(engine(Dialect::Ucci)?),
        _ => {
            return Err(format!(
                "unknown player '{spec}' (try: qike, level:N, search:nodes=N, greedy, random, uci:CMD, ucci:CMD)"
            ));
        }
    })
}

fn level_player(
    level: qike_core::ai::Level,
    seed: u64,
    fixed: bool,
) -> Result<LevelPlayer, String> {
    LevelPlayer::new(GameKind::Xiangqi, level, seed, fixed).ok_or("no xiangqi engine".into())
}

/// `qike match PLAYER1 PLAYER2 [--games N] [--movetime MS] [--movetime1 MS] [--movetime2 MS]
/// [--nodes1 N] [--nodes2 N] [--depth1 N] [--depth2 N] [--option1 K=V]… [--option2 K=V]…
/// [--openings FILE] [--out FILE] [--max-plies N] [--resign-cp CP] [--resign-moves N]
/// [--seed N] [--concurrency N] [--random-plies N] [--sprt elo0=A elo1=B alpha=X beta=Y]`.
pub fn command(args: MatchArgs) -> Result<(), String> {
    match args.game.as_deref() {
        None | Some("xiangqi") => {}
        Some("chess") => return super::chess::command(args),
        Some(other) => return Err(format!("no matches for '{other}' (try: xiangqi, chess)")),
    }
    let sprt = sprt_option(args.sprt)?;
    let default_games = if sprt.is_some() { 20_000 } else { 20 };
    let games: usize = num(args.games, "--games")?.unwrap_or(default_games);
    let movetime: Option<u64> = num(args.movetime, "--movetime")?;
    let per_side = [
        (args.movetime1, args.nodes1, args.depth1, args.option1),
        (args.movetime2, args.nodes2, args.depth2, args.option2),
    ];
    let mut sides = [SideLimits::default(); 2];
    let mut options: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    for (i, (movetime_k, nodes, depth, opts)) in per_side.into_iter().enumerate() {
        sides[i].movetime = num(movetime_k, "--movetime")?.or(movetime);
        sides[i].nodes = num(nodes, "--nodes")?;
        sides[i].depth = num(depth, "--depth")?;
        options[i] = engine_options(&opts, i + 1)?;
    }
    let openings = match args.openings {
        Some(f) => std::fs::read_to_string(&f).map_err(|e| format!("cannot read {f}: {e}"))?,
        None => OPENINGS.to_owned(),
    };
    let mut adj = Adjudication::default();
    adj.max_plies = num(args.max_plies, "--max-plies")?.unwrap_or(adj.max_plies);
    let rule = ResignRule::default();
    adj.resign = Some(ResignRule {
        cp: num(args.resign_cp, "--resign-cp")?.unwrap_or(rule.cp),
        moves: num(args.resign_moves, "--resign-moves")?.unwrap_or(rule.moves),
    });
    let cfg = Config {
        spec1: args.player1,
        spec2: args.player2,
        games,
        sides,
        options,
        openings,
        out: args.out,
        adj,
        seed: num(args.seed, "--seed")?.unwrap_or(1),
        concurrency: num(args.concurrency, "--concurrency")?.unwrap_or(1),
        random_plies: num(args.random_plies, "--random-plies")?.unwrap_or(0),
        sprt,
    };
    run(cfg)
}

/// Everything a match needs, as read from the command line.
#[derive(Debug)]
pub struct Config {
    pub spec1: String,
    pub spec2: String,
    pub games: usize,
    pub sides: [SideLimits; 2],
    pub options: [Vec<(String, String)>; 2],
    /// The opening list's text.
    pub openings: String,
    pub out: Option<String>,
    pub adj: Adjudication,
    pub seed: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Seeded random moves added to each opening (the same for both games of a pair),
    /// so that players at fixed node counts do not replay the same games.
    pub random_plies: usize,
    /// A sequential test on the game pairs that stops the match when it decides.
    pub sprt: Option<qike_core::ai::sprt::Sprt>,
}

/// Plays the match. With `concurrency` above 1, that many games run at once, each
/// worker with its own pair of players (for a machine with that many free cores: no
/// engine ponders, so a game keeps one core busy).
pub fn run(cfg: Config) -> Result<(), String> {
    let openings = parse_openings(&cfg.openings)?;
    if openings.is_empty() {
        return Err("the opening list is empty".into());
    }
    let schedule = Schedule {
        games: cfg.games,
        concurrency: cfg.concurrency,
        tally: Tally::new(cfg.sprt),
        out: cfg.out.clone(),
    };
    super::run(&Xiangqi { cfg, openings }, schedule)
}

struct Xiangqi {
    cfg: Config,
    openings: Vec<Vec<Move>>,
}

/// A game's result for its table line.
struct Note {
    mark: &'static str,
    reason: String,
    plies: usize,
}

impl Arena for Xiangqi {
    type Seat = [Box<dyn Player + Send>; 2];
    type Note = Note;

    fn seat(&self, w: u64) -> Result<Self::Seat, String> {
        let Config { spec1, spec2, sides, options, .. } = &self.cfg;
        let seed = self.cfg.seed.wrapping_add(w.wrapping_mul(1_000_003));
        let p1 = player(spec1, sides[0], &options[0], seed)?;
        let p2 = player(spec2, sides[1], &options[1], seed.wrapping_add(7919))?;
        Ok([p1, p2])
    }

    fn play(&self, seat: &mut Self::Seat, g: usize) -> Result<Played<Note>, String> {
        let cfg = &self.cfg;
        let pair = g / 2;
        let mut rng = Rng::new(cfg.seed ^ (pair as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        let opening = &self.openings[pair % self.openings.len()];
        let mut game = game_after(&Position::startpos(), opening)?;
        extend_randomly(&mut game, cfg.random_plies, &mut rng);
        let p1_side = player1_side(g);
        let [p1, p2] = seat;
        let (red, black) = if p1_side == qike_core::Side::First {
            (p1.as_mut(), p2.as_mut())
        } else {
            (p2.as_mut(), p1.as_mut())
        };
        let rec = play_game(red, black, game, &cfg.adj)?;
        let winner = rec.ending.winner();
        let mark = mark_of(winner);
        let (red, black) = if p1_side == qike_core::Side::First {
            (&cfg.spec1, &cfg.spec2)
        } else {
            (&cfg.spec2, &cfg.spec1)
        };
        let moves = rec.game.as_xiangqi().map(|g| g.moves()).unwrap_or_default();
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let record = format!(
            "game {} opening {} red {red} black {black} result {mark} ({}) plies {} moves {}",
            g + 1,
            pair % self.openings.len() + 1,
            rec.ending.reason(),
            moves.len(),
            moves.join(" ")
        );
        Ok(Played {
            game: g,
            points: Some(points_of(winner, p1_side)),
            record: Some(record),
            note: Note { mark, reason: rec.ending.reason(), plies: moves.len() },
        })
    }

    fn line(&self, p: &Played<Note>, tally: &Tally) -> String {
        let n = &p.note;
        table_line(p.game, n.mark, &n.reason, p.points.unwrap_or(0.5), tally, n.plies)
    }

    fn closing(&self, seats: Vec<Self::Seat>, _notes: &[Note], tally: &Tally) -> String {
        let mean = |i: usize| {
            let v: Vec<f64> = seats.iter().filter_map(|s| s[i].nps()).collect();
            if v.is_empty() {
                "n/a".to_owned()
            } else {
                format!("{:.0}", v.iter().sum::<f64>() / v.len() as f64)
            }
        };
        let Config { spec1, spec2, .. } = &self.cfg;
        format!(
            "nps: player 1 ({spec1}) {}, player 2 ({spec2}) {}\n{}",
            mean(0),
            mean(1),
            tally.summary()
        )
    }
}

/// `qike engine xiangqi --match ENGINE [--movetime MS] [--rounds N] [--nodes N]`: the
/// older spelling of `qike match qike uci:ENGINE`.
pub fn against_engine(args: XiangqiEngineArgs, engine: String) -> Result<(), String> {
    let number = |v: Option<String>, what: &str, default: u64| -> Result<u64, String> {
        Ok(num(v, what)?.unwrap_or(default))
    };
    let movetime = number(args.movetime, "--movetime", 500)?;
    let rounds = number(args.rounds, "--rounds", 5)? as usize;
    let nodes = num(args.nodes, "--nodes")?;
    run(Config {
        spec1: "qike".into(),
        spec2: format!("uci:{engine}"),
        games: 2 * rounds,
        sides: [
            SideLimits { movetime: Some(movetime), nodes: None, depth: None },
            SideLimits { movetime: nodes.is_none().then_some(movetime), nodes, depth: None },
        ],
        options: [Vec::new(), Vec::new()],
        openings: OPENINGS.to_owned(),
        out: None,
        adj: Adjudication::default(),
        seed: 1,
        concurrency: 1,
        random_plies: 0,
        sprt: None,
    })
}
