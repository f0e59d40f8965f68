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
mod args;
mod chess;
mod chess_engine;
mod class;
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

use args::Args;

fn main() -> ExitCode {
    let mut args = Args::from_env();
    match run(&mut args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("qike: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &mut Args) -> Result<(), String> {
    match args.positional("command")?.as_str() {
        "version" => {
            println!("qike {}", qike_core::version());
            Ok(())
        }
        "perft" => perft(args),
        "engine" => ai::command(args),
        "class" => class::command(args),
        "match" => ai::matcher::command(args),
        "tournament" => tournament::command(args),
        "content" => match args.positional("content subcommand")?.as_str() {
            "check" => args.finish().and_then(|()| content::check()),
            other => Err(format!("unknown content subcommand '{other}' (try: check)")),
        },
        "gomoku-forbidden" => {
            let moves = args.option("--moves").ok_or("missing --moves \"h8 h9 …\"")?;
            let size = args.option("--size");
            let why = args.flag("--why");
            args.finish()?;
            gomoku::forbidden(&moves, size, why)
        }
        "gomoku-bench" => {
            let nodes = args
                .option("--nodes")
                .map_or(Ok(1_000_000), |n| n.parse::<u64>())
                .map_err(|_| "--nodes wants a number".to_owned())?;
            args.finish()?;
            println!("{}", qike_core::ai::gomoku::speed_report(nodes));
            Ok(())
        }
        "gomoku-match" => {
            let a = args.positional("first player")?;
            let b = args.positional("second player")?;
            let number = |v: Option<String>, what: &str| {
                v.map(|n| n.parse::<u64>().map_err(|_| format!("{what} wants a number")))
                    .transpose()
            };
            let opts = gomoku_match::MatchOptions {
                games: u32::try_from(number(args.option("--games"), "--games")?.unwrap_or(20))
                    .map_err(|_| "--games is too big".to_owned())?,
                seed: number(args.option("--seed"), "--seed")?.unwrap_or(1),
                rule: args.option("--rule").unwrap_or_else(|| "renju".to_owned()),
                nodes: number(args.option("--nodes"), "--nodes")?,
                movetime: number(args.option("--movetime"), "--movetime")?,
                openings: args.option("--openings").unwrap_or_else(|| "random".to_owned()),
                timed: args.flag("--timed"),
            };
            args.finish()?;
            gomoku_match::play_match(&a, &b, &opts)
        }
        "go-score" => {
            let file = args.positional("SGF file")?;
            let (seed, playouts) = (args.option("--seed"), args.option("--playouts"));
            args.finish()?;
            go::score(&file, seed, playouts)
        }
        "go-bench" => {
            let (size, playouts) = (args.option("--size"), args.option("--playouts"));
            args.finish()?;
            go::bench(size, playouts)
        }
        "go-match" => go_match_command(args),
        "tune" => tune::command(args),
        other => Err(format!("unknown command '{other}' (try: perft, version)")),
    }
}

fn go_match_command(args: &mut Args) -> Result<(), String> {
    let opponent = args.positional("opponent (a GTP command line, or random)")?;
    fn num<T: std::str::FromStr>(v: Option<String>, what: &str) -> Result<Option<T>, String> {
        v.map(|s| s.parse().map_err(|_| format!("{what} wants a number, not '{s}'"))).transpose()
    }
    let config = go_match::Config {
        opponent,
        games: num(args.option("--games"), "--games")?.unwrap_or(2),
        size: num(args.option("--size"), "--size")?.unwrap_or(9),
        komi: num(args.option("--komi"), "--komi")?.unwrap_or(7.5),
        level: num(args.option("--level"), "--level")?.unwrap_or(10),
        movetime: num(args.option("--movetime"), "--movetime")?,
        playouts: num(args.option("--playouts"), "--playouts")?,
        seed: num(args.option("--seed"), "--seed")?.unwrap_or(1),
        max_moves: num(args.option("--max-moves"), "--max-moves")?,
        show_moves: args.flag("--show-moves"),
        style: args.option("--style").map(|t| go_match::style(&t)).transpose()?,
        fixed: args.flag("--fixed"),
        resign: args.flag("--resign"),
    };
    args.finish()?;
    go_match::run(&config)
}

fn perft(args: &mut Args) -> Result<(), String> {
    let game = args.positional("game")?;
    let fen = args.option("--fen");
    let depth: u32 = match args.option("--depth") {
        Some(d) => d.parse().map_err(|_| format!("--depth must be a number, got '{d}'"))?,
        None => 1,
    };
    let divide = args.flag("--divide");
    args.finish()?;
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
