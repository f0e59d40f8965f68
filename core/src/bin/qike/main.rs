//! `qike`: the command-line face of the core — perft, engines, content checks, benches.
//!
//! The commands, their options and their help are declared in `cli.rs`; each command's
//! work is in its own file: `uci/` (the UCI and UCCI engines), `gtp.rs`, `gomocup.rs`,
//! `matches/` (every match, with the protocols of outside engines), `class.rs`, `serve.rs`
//! (class sync's server), `pupil.rs`,
//! `tournament.rs`, `tune.rs`, `junqi.rs`, `content.rs`, and the perft and bench files per game.

mod chess;
mod class;
mod cli;
mod content;
mod content_junqi;
mod go;
mod gomocup;
mod gomoku;
mod gtp;
mod junqi;
mod matches;
mod piped;
mod pupil;
mod serve;
mod tournament;
mod tune;
mod uci;
mod xiangqi;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, Command, ContentCommand, EngineGame, GoMatchArgs, GomokuMatchArgs, PerftArgs};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("qike: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Version => {
            println!("qike {}", qike_core::version());
            Ok(())
        }
        Command::Perft(args) => perft(args),
        Command::Engine { game } => match game {
            EngineGame::Xiangqi(args) => match args.opponent.clone() {
                Some(engine) => matches::xiangqi::against_engine(args, engine),
                None => uci::xiangqi::run(),
            },
            EngineGame::Chess => uci::chess::run(),
            EngineGame::Gomoku => gomocup::run(),
            EngineGame::Go(args) => gtp::command(args),
        },
        Command::Class { command } => class::command(command),
        Command::Pupil { command } => pupil::command(command),
        Command::Match(args) => matches::xiangqi::command(args),
        Command::Tournament { command } => tournament::command(command),
        Command::Content { command: ContentCommand::Check { report } } => content::check(report),
        Command::GomokuForbidden { moves, size, why } => gomoku::forbidden(&moves, size, why),
        Command::GomokuBench { nodes } => {
            let nodes = nodes
                .map_or(Ok(1_000_000), |n| n.parse::<u64>())
                .map_err(|_| "--nodes wants a number".to_owned())?;
            println!("{}", qike_core::ai::gomoku::speed_report(nodes));
            Ok(())
        }
        Command::GomokuMatch(args) => gomoku_match_command(args),
        Command::GoScore { file, seed, playouts } => go::score(&file, seed, playouts),
        Command::GoBench { size, playouts } => go::bench(size, playouts),
        Command::GoMatch(args) => go_match_command(args),
        Command::GoLearnPatterns { files, rounds } => go::learn(&files, rounds),
        Command::Tune { game } => tune::command(game),
        Command::Junqi { command } => junqi::command(command),
    }
}

fn gomoku_match_command(args: GomokuMatchArgs) -> Result<(), String> {
    let number = |v: Option<String>, what: &str| {
        v.map(|n| n.parse::<u64>().map_err(|_| format!("{what} wants a number"))).transpose()
    };
    let opts = matches::gomoku::MatchOptions {
        games: u32::try_from(number(args.games, "--games")?.unwrap_or(20))
            .map_err(|_| "--games is too big".to_owned())?,
        seed: number(args.seed, "--seed")?.unwrap_or(1),
        rule: args.rule.unwrap_or_else(|| "renju".to_owned()),
        nodes: number(args.nodes, "--nodes")?,
        movetime: number(args.movetime, "--movetime")?,
        openings: args.openings.unwrap_or_else(|| "random".to_owned()),
        timed: args.timed,
    };
    matches::gomoku::play_match(&args.a, &args.b, opts)
}

fn go_match_command(args: GoMatchArgs) -> Result<(), String> {
    fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
        v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
    }
    let config = matches::go::Config {
        opponent: args.opponent,
        games: num(args.games, "--games")?.unwrap_or(2),
        size: num(args.size, "--size")?.unwrap_or(9),
        komi: num(args.komi, "--komi")?.unwrap_or(7.5),
        level: num(args.level, "--level")?.unwrap_or(10),
        movetime: num(args.movetime, "--movetime")?,
        playouts: num(args.playouts, "--playouts")?,
        seed: num(args.seed, "--seed")?.unwrap_or(1),
        max_moves: num(args.max_moves, "--max-moves")?,
        show_moves: args.show_moves,
        style: args.style.map(|t| matches::go::style(&t)).transpose()?,
        fixed: args.fixed,
        resign: args.resign,
        threads: num(args.threads, "--threads")?,
        handicap: num(args.handicap, "--handicap")?.unwrap_or(0),
    };
    matches::go::run(config)
}

fn perft(args: PerftArgs) -> Result<(), String> {
    let PerftArgs { game, fen, depth, divide } = args;
    let depth: u32 = match depth {
        Some(d) => d.parse().map_err(|_| format!("--depth must be a number, got '{d}'"))?,
        None => 1,
    };
    // One arm per game; each calls that game's module in this folder.
    #[allow(clippy::match_single_binding)]
    match game.as_str() {
        "xiangqi" => xiangqi::perft(fen.as_deref(), depth, divide),
        "chess" => chess::perft(fen.as_deref(), depth, divide),
        other => {
            let _ = (fen, depth, divide);
            Err(format!("perft does not know the game '{other}'"))
        }
    }
}
