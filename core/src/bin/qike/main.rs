//! `qike`: the command-line face of the core — perft, engines, content checks, benches.
//!
//! Usage:
//!   qike perft <game> [--fen FEN] [--depth N] [--divide]
//!   qike gomoku-forbidden --moves "h8 h9 …" [--size 15|19] [--why]
//!   qike gomoku-match A B [--games N] [--rule renju] [--seed S] [--nodes N] [--timed]
//!     [--movetime MS] [--openings random|named]  (level:N, random, greedy, pbrain:PATH)
//!   qike gomoku-bench [--nodes N]
//!   qike go-score <file.sgf> [--seed N] [--playouts N]
//!   qike go-bench [--size 9|13|19] [--playouts N]
//!   qike go-match OPPONENT [--games N] [--size N] [--level N] [--movetime MS] … (go_match.rs)
//!   qike content check
//!   qike engine xiangqi   (UCCI, or UCI when the first command is `uci`)
//!   qike engine chess     (UCI)
//!   qike engine gomoku    (the Gomocup protocol)
//!   qike engine go        (GTP v2; --level N, --playouts N, --fixed, --movetime MS,
//!                          --seed N, --style M,N,B, --no-resign)
//!   qike engine xiangqi --match ENGINE [--movetime MS] [--rounds N] [--nodes N]
//!   qike match PLAYER1 PLAYER2 [--games N] [--movetime MS] … (see ai/matcher.rs)
//!   qike tournament pair|standings --trf FILE [--ranking start|rating|lot:SEED] [--tiebreaks …]
//!   qike tournament double --players N [--winners "W W …/W …"]
//!   qike class create|list|import|dashboard|csv --store DIR … (see class.rs)
//!   qike tune chess gen|fit … (see tune.rs)
//!   qike version

mod ai;
mod chess;
mod chess_engine;
mod class;
mod cli;
mod content;
mod go;
mod go_match;
mod gomocup;
mod gomoku;
mod gomoku_match;
mod gtp;
mod pbrain;
mod piped;
mod tournament;
mod tune;
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
            EngineGame::Xiangqi(args) => ai::command(args),
            EngineGame::Chess => chess_engine::run(),
            EngineGame::Gomoku => gomocup::run(),
            EngineGame::Go(args) => gtp::command(args),
        },
        Command::Class { command } => class::command(command),
        Command::Match(args) => ai::matcher::command(args),
        Command::Tournament { command } => tournament::command(command),
        Command::Content { command: ContentCommand::Check } => content::check(),
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
        Command::Tune { game } => tune::command(game),
    }
}

fn gomoku_match_command(args: GomokuMatchArgs) -> Result<(), String> {
    let number = |v: Option<String>, what: &str| {
        v.map(|n| n.parse::<u64>().map_err(|_| format!("{what} wants a number"))).transpose()
    };
    let opts = gomoku_match::MatchOptions {
        games: u32::try_from(number(args.games, "--games")?.unwrap_or(20))
            .map_err(|_| "--games is too big".to_owned())?,
        seed: number(args.seed, "--seed")?.unwrap_or(1),
        rule: args.rule.unwrap_or_else(|| "renju".to_owned()),
        nodes: number(args.nodes, "--nodes")?,
        movetime: number(args.movetime, "--movetime")?,
        openings: args.openings.unwrap_or_else(|| "random".to_owned()),
        timed: args.timed,
    };
    gomoku_match::play_match(&args.a, &args.b, &opts)
}

fn go_match_command(args: GoMatchArgs) -> Result<(), String> {
    fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
        v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
    }
    let config = go_match::Config {
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
        style: args.style.map(|t| go_match::style(&t)).transpose()?,
        fixed: args.fixed,
        resign: args.resign,
    };
    go_match::run(&config)
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
