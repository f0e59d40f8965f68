//! `qike`: the command-line face of the core — perft, engines, content checks, benches.
//!
//! Usage:
//!   qike perft <game> [--fen FEN] [--depth N] [--divide]
//!   qike gomoku-forbidden --moves "h8 h9 …" [--size 15|19] [--why]
//!   qike go-score <file.sgf> [--seed N] [--playouts N]
//!   qike go-bench [--size 9|13|19] [--playouts N]
//!   qike content check
//!   qike engine xiangqi   (UCCI, or UCI when the first command is `uci`)
//!   qike engine xiangqi --match ENGINE [--movetime MS] [--rounds N] [--nodes N]
//!   qike match PLAYER1 PLAYER2 [--games N] [--movetime MS] … (see ai/matcher.rs)
//!   qike class create|list|import|dashboard|csv --store DIR … (see class.rs)
//!   qike version

mod ai;
mod args;
mod chess;
mod class;
mod content;
mod go;
mod gomoku;
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
        other => Err(format!("unknown command '{other}' (try: perft, version)")),
    }
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
