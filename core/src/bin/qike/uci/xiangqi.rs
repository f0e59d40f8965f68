//! `qike engine xiangqi`: UCCI (ICCS moves, ranks 0–9, `setoption X Y`, `banmoves`,
//! `time`/`increment`, `bye` on quit) or, when the first command is `uci`, UCI as
//! Fairy-Stockfish tools expect (`UCI_Variant xiangqi`, ranks 1–10).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use qike_core::Rng;
use qike_core::ai::xiangqi::{Book, Info, MATE, MATE_IN_MAX, Searcher, XiangqiEngine, history_of};
use qike_core::ai::{AnyEngine, play_level};
use qike_core::xiangqi::{Game, Move, Position, Rules, START_FEN, notation::parse_iccs};
use qike_core::{AnyGame, GameKind, MoveInput};

use super::{Job, Out, Protocol, Session, info_line, say, score_text};

/// Which dialect the GUI speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

impl Dialect {
    pub fn format(self, m: Move) -> String {
        let s = m.to_string();
        match self {
            Dialect::Ucci => s,
            Dialect::Uci => {
                let (from, to) = (m.from(), m.to());
                format!(
                    "{}{}{}{}",
                    (b'a' + from.file.min(8)) as char,
                    from.rank + 1,
                    (b'a' + to.file.min(8)) as char,
                    to.rank + 1
                )
            }
        }
    }

    /// Reads a move in this dialect; UCI ranks 1–10 become ICCS ranks 0–9.
    pub fn parse(self, pos: &Position, text: &str) -> Option<Move> {
        let iccs = match self {
            Dialect::Ucci => text.to_owned(),
            Dialect::Uci => {
                let b = text.as_bytes();
                let split = b.iter().skip(1).position(|c| c.is_ascii_alphabetic())? + 1;
                let (a, c) = text.split_at(split);
                let sq = |s: &str| -> Option<String> {
                    let file = s.get(..1)?;
                    let rank: u32 = s.get(1..)?.parse().ok()?;
                    Some(format!("{file}{}", rank.checked_sub(1)?))
                };
                format!("{}{}", sq(a)?, sq(c)?)
            }
        };
        parse_iccs(pos, &iccs).ok()
    }
}

/// Runs the xiangqi engine on standard input.
pub fn run() -> Result<(), String> {
    super::run(Dialect::Ucci, Position::startpos())
}

impl Protocol for Dialect {
    type Position = Position;
    type Move = Move;
    type Searcher = Searcher;

    const KIND: GameKind = GameKind::Xiangqi;

    fn hello(&mut self, cmd: &str, out: &Out) -> bool {
        *self = match cmd {
            "ucci" => Dialect::Ucci,
            "uci" => Dialect::Uci,
            _ => return false,
        };
        say(out, &format!("id name Qike {}", qike_core::version()));
        say(out, "id author the Qike authors");
        match self {
            Dialect::Ucci => {
                say(out, "option hashsize type spin min 1 max 1024 default 16");
                say(out, "option level type spin min 1 max 10 default 10");
                say(out, "option seed type spin min 0 max 2147483647 default 0");
                say(out, "option usebook type check default false");
                say(out, "ucciok");
            }
            Dialect::Uci => {
                say(out, "option name UCI_Variant type combo default xiangqi var xiangqi");
                say(out, "option name Hash type spin default 16 min 1 max 1024");
                say(out, "option name Threads type spin default 1 min 1 max 1");
                say(out, "option name Level type spin default 10 min 1 max 10");
                say(out, "option name Seed type spin default 0 min 0 max 2147483647");
                say(out, "option name OwnBook type check default false");
                say(out, "uciok");
            }
        }
        true
    }

    /// `banmoves …`: moves the next search must not play.
    fn command(&mut self, cmd: &str, rest: &[&str], state: &mut Session<Self>) -> bool {
        if cmd != "banmoves" {
            return false;
        }
        let (_, pos) = history_of(&state.start, &state.moves);
        state.banned = rest.iter().filter_map(|t| self.parse(&pos, t)).collect();
        true
    }

    /// `setoption name X value Y` (UCI) or `setoption X Y` (UCCI).
    fn option_words(&self, rest: &[&str]) -> (String, String) {
        if rest.first() == Some(&"name") {
            let v = rest.iter().position(|w| *w == "value");
            let name = rest[1..v.unwrap_or(rest.len())].join(" ");
            let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            (rest.first().copied().unwrap_or("").to_owned(), rest.get(1..).unwrap_or(&[]).join(" "))
        }
    }

    fn other_option(&mut self, _name: &str, _value: &str, _out: &Out) {}

    fn hash_names(&self) -> &[&str] {
        &["hash", "hashsize"]
    }

    fn book_names(&self) -> &[&str] {
        &["ownbook", "usebook"]
    }

    fn setup(&self, words: &[&str]) -> Result<Position, String> {
        let fen = match words.split_first() {
            Some((&"fen", f)) => f.join(" "),
            _ => START_FEN.to_owned(),
        };
        Position::from_fen(&fen).map_err(|_| format!("info string bad FEN '{fen}'"))
    }

    fn play(&self, pos: &mut Position, text: &str) -> Option<Move> {
        let m = self.parse(pos, text)?;
        pos.play(m).is_ok().then_some(m)
    }

    fn format(&self, m: Move) -> String {
        Dialect::format(*self, m)
    }

    fn no_move(&self) -> &'static str {
        "nobestmove"
    }

    fn ucci_clock(&self) -> bool {
        true
    }

    fn first_to_move(&self, start: &Position, moves: &[Move]) -> bool {
        history_of(start, moves).1.side_to_move().index() == 0
    }

    fn book(&self, job: &Job<Self>) -> Option<Move> {
        let (_, pos) = history_of(&job.start, &job.moves);
        Book::builtin().pick(&pos, &mut Rng::new(job.seed)).filter(|m| !job.banned.contains(m))
    }

    fn bye(&self) -> Option<&'static str> {
        (*self == Dialect::Ucci).then_some("bye")
    }

    fn wait_at_end(&self) -> bool {
        false
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

    fn prepare(&self, searcher: &mut Searcher, stop: Arc<AtomicBool>, job: &Job<Self>, out: Out) {
        searcher.set_stop_flag(stop);
        searcher.set_banned(job.banned.clone());
        let dialect = *self;
        searcher.set_info(Some(Box::new(move |i: &Info| {
            let pv: Vec<String> = i.pv.iter().map(|&m| dialect.format(m)).collect();
            let score = score_text(i.score, MATE, MATE_IN_MAX);
            say(&out, &info_line(i.depth, score, i.nodes, i.time, &pv));
        })));
    }

    fn think(job: Job<Self>, mut searcher: Searcher) -> (Searcher, Option<Move>) {
        let game = job.level.and_then(|_| {
            let mut game = Game::new(job.start.clone(), Rules::default());
            job.moves.iter().all(|&m| game.play(m).is_ok()).then_some(AnyGame::Xiangqi(game))
        });
        // A level plays through the one pick path the app uses.
        let best = match (job.level, game) {
            (Some(l), Some(game)) => {
                let mut engine = AnyEngine::Xiangqi(XiangqiEngine::from_searcher(searcher));
                let best = play_level(&mut engine, &game, &l, &mut Rng::new(job.seed), false);
                searcher = match engine {
                    AnyEngine::Xiangqi(e) => e.into_searcher(),
                    _ => Searcher::new(qike_core::ai::xiangqi::DEFAULT_MB),
                };
                best.and_then(|m| match m {
                    MoveInput::Step { from, to, .. } => Move::new(from, to),
                    _ => None,
                })
            }
            _ => {
                let (history, pos) = history_of(&job.start, &job.moves);
                searcher.search(&pos, &history, &job.limits).best
            }
        };
        searcher.set_info(None);
        (searcher, best)
    }
}
