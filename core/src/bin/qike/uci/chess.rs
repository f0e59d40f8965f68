//! `qike engine chess`: UCI (`setoption name X value Y` with Hash, Threads (only 1),
//! Level 1–10, Seed, OwnBook; `bestmove 0000` from a finished game; the book from the
//! start position only). Below level 10 the move comes from the level's one pick path.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use qike_core::Rng;
use qike_core::ai::chess::{Book, ChessEngine, Info, MATE, MATE_IN_MAX, Searcher, replay};
use qike_core::ai::{AnyEngine, play_level};
use qike_core::chess::{Game, Move, Position};
use qike_core::{AnyGame, GameKind};

use super::{Job, Out, Protocol, info_line, say, score_text};

/// UCI for chess.
#[derive(Clone, Copy, Debug)]
pub struct Uci;

/// Runs the chess engine on standard input.
pub fn run() -> Result<(), String> {
    super::run(Uci, Position::startpos())
}

impl Protocol for Uci {
    type Position = Position;
    type Move = Move;
    type Searcher = Searcher;

    const KIND: GameKind = GameKind::Chess;

    fn hello(&mut self, cmd: &str, out: &Out) -> bool {
        if cmd != "uci" {
            return false;
        }
        say(out, &format!("id name Qike {}", qike_core::version()));
        say(out, "id author the Qike authors");
        say(out, "option name Hash type spin default 16 min 1 max 1024");
        say(out, "option name Threads type spin default 1 min 1 max 1");
        say(out, "option name Level type spin default 10 min 1 max 10");
        say(out, "option name Seed type spin default 0 min 0 max 2147483647");
        say(out, "option name OwnBook type check default false");
        say(out, "uciok");
        true
    }

    fn option_words(&self, rest: &[&str]) -> (String, String) {
        let v = rest.iter().position(|w| *w == "value");
        let name = rest.get(1..v.unwrap_or(rest.len())).unwrap_or(&[]).join(" ");
        let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
        (name, value)
    }

    fn other_option(&mut self, name: &str, value: &str, out: &Out) {
        if name.eq_ignore_ascii_case("threads") {
            if value != "1" {
                say(out, "info string only one thread is supported");
            }
        } else {
            say(out, &format!("info string unknown option '{name}'"));
        }
    }

    fn hash_names(&self) -> &[&str] {
        &["hash"]
    }

    fn book_names(&self) -> &[&str] {
        &["ownbook"]
    }

    fn setup(&self, words: &[&str]) -> Result<Position, String> {
        match words.split_first() {
            Some((&"fen", f)) => Position::from_fen(&f.join(" "))
                .map_err(|err| format!("info string bad FEN: {err}")),
            Some((&"startpos", _)) => Ok(Position::startpos()),
            _ => Err("info string position wants startpos or fen".to_owned()),
        }
    }

    fn play(&self, pos: &mut Position, text: &str) -> Option<Move> {
        let m = pos.parse_uci(text).ok()?;
        pos.play(m).is_ok().then_some(m)
    }

    fn format(&self, m: Move) -> String {
        m.uci()
    }

    /// UCI asks for a move even from a finished game; `0000` is the null move.
    fn no_move(&self) -> &'static str {
        "bestmove 0000"
    }

    fn ucci_clock(&self) -> bool {
        false
    }

    fn first_to_move(&self, start: &Position, moves: &[Move]) -> bool {
        replay(start, moves).1.side_to_move().index() == 0
    }

    fn book(&self, job: &Job<Self>) -> Option<Move> {
        if job.start != Position::startpos() {
            return None;
        }
        let (_, pos) = replay(&job.start, &job.moves);
        Book::builtin().pick(&pos, &mut Rng::new(job.seed))
    }

    fn bye(&self) -> Option<&'static str> {
        None
    }

    fn wait_at_end(&self) -> bool {
        true
    }

    fn new_searcher(mb: usize) -> Searcher {
        Searcher::new(mb)
    }

    fn clear(searcher: &mut Searcher) {
        searcher.clear();
    }

    fn resize(searcher: &mut Searcher, mb: usize) {
        searcher.resize(mb);
    }

    fn prepare(&self, searcher: &mut Searcher, stop: Arc<AtomicBool>, _job: &Job<Self>, out: Out) {
        searcher.set_stop_flag(stop);
        searcher.set_info(Some(Box::new(move |i: &Info| {
            let pv: Vec<String> = i.pv.iter().map(|m| m.uci()).collect();
            let score = score_text(i.score, MATE, MATE_IN_MAX);
            say(&out, &info_line(i.depth, score, i.nodes, i.time, &pv));
        })));
    }

    fn think(job: Job<Self>, mut searcher: Searcher) -> (Searcher, Option<Move>) {
        let (history, pos) = replay(&job.start, &job.moves);
        let game = job.level.and_then(|_| {
            let mut game = Game::from_position(job.start.clone());
            job.moves.iter().all(|&m| game.play(m).is_ok()).then_some(AnyGame::Chess(game))
        });
        let best = match (job.level, game) {
            (Some(l), Some(game)) => {
                // A level plays through the one pick path the app uses.
                let mut engine = AnyEngine::Chess(ChessEngine::from_searcher(searcher));
                let best = play_level(&mut engine, &game, &l, &mut Rng::new(job.seed), false);
                searcher = match engine {
                    AnyEngine::Chess(e) => e.into_searcher(),
                    _ => Searcher::new(16),
                };
                best.and_then(|m| qike_core::ai::chess::move_in(&pos, m))
            }
            _ => searcher.search(&pos, &history, &job.limits).best,
        };
        searcher.set_info(None);
        (searcher, best)
    }
}
