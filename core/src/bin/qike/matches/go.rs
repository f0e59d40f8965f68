//! `qike go-match OPPONENT`: Qike's Go engine at a level against a GTP program (the
//! opponent's command line, e.g. `"/usr/games/gnugo --mode gtp --level 10"`) or against
//! `random` (a random mover that never fills its own eyes). Colours alternate, Qike
//! black in the first game. A game ends after two passes (or a resignation, or the move
//! cap); it is counted by the core's area count with dead stones from the core's
//! automatic estimate, and the GTP opponent's own `final_score` is printed beside it.
//! A game in which the opponent stops answering is abandoned, without a result. Each
//! game's line and the closing line give both sides' average thinking time per move (the
//! opponent's from `genmove` to its answer), to set a fixed-playout reference to
//! Qike's time.
//!
//! Options: `--games N` (2), `--size N` (9), `--komi K` (7.5), `--level N` (10),
//! `--movetime MS` (the level's), `--playouts N` (fixed playouts instead of time),
//! `--seed N` (1), `--max-moves N` (four times the board's points), `--show-moves`,
//! `--style M,N,B` (the level's margin, noise and impulsive percentage replaced),
//! `--fixed` (the level's own playouts, no time cap), `--resign` (Qike resigns a game
//! its search sees as lost, by the rule its GTP engine follows; otherwise it plays on),
//! `--threads N` (Qike's search threads instead of the level's; never more than the
//! cores it may run on, so a run pinned to one core searches on one), `--handicap N`
//! (black's stones on the standard points, given to the opponent with `fixed_handicap`;
//! white moves first).

use std::time::{Duration, Instant};

use qike_core::Rng;
use qike_core::ai::{AnyEngine, Engine, Level, play_level};
use qike_core::go::{DEFAULT_PLAYOUTS, Game, Komi, Move, Rules, handicap_points, parse_gtp};
use qike_core::{AnyGame, BoardGame, GameKind, MoveInput, Point, Side};

use super::gtp::Gtp;
use super::pairs::Tally;
use super::{Arena, Played, Schedule, player1_side, points_of};

#[derive(Debug)]
pub struct Config {
    pub opponent: String,
    pub games: u32,
    pub size: u8,
    pub komi: f64,
    pub level: u32,
    pub movetime: Option<u64>,
    pub playouts: Option<u64>,
    pub seed: u64,
    pub max_moves: Option<usize>,
    /// Print each game's moves (GTP names) after its line.
    pub show_moves: bool,
    /// The level's margin, noise and impulsive percentage replaced (to try a row).
    pub style: Option<(i32, i32, u32)>,
    /// The level's own playouts with no time cap (as `--playouts` with the row's count).
    pub fixed: bool,
    /// Qike may resign a lost game.
    pub resign: bool,
    /// Qike's search threads instead of the level's.
    pub threads: Option<u8>,
    /// Black's handicap stones (0 for an even game).
    pub handicap: u8,
}

/// `--style M,N,B`: a level row's margin, noise and impulsive percentage.
pub fn style(text: &str) -> Result<(i32, i32, u32), String> {
    let bad = || format!("--style wants margin,noise,impulsive% (e.g. 800,300,35), not '{text}'");
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    match parts[..] {
        [m, n, b] => Ok((
            m.parse().map_err(|_| bad())?,
            n.parse().map_err(|_| bad())?,
            b.parse().ok().filter(|&b: &u32| b <= 100).ok_or_else(bad)?,
        )),
        _ => Err(bad()),
    }
}

/// The command line's changes to a level's row: `--playouts`, `--movetime`, `--style`
/// and `--threads`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Overrides {
    pub playouts: Option<u64>,
    pub movetime: Option<u64>,
    pub style: Option<(i32, i32, u32)>,
    pub threads: Option<u8>,
}

/// Level `number`'s row for a board of `size`, with the overrides applied.
pub fn level_for(size: u8, number: u32, o: Overrides) -> Result<Level, String> {
    let mut level = Level::get(GameKind::Go { size }, number).map_err(|e| e.to_string())?;
    if let Some(n) = o.playouts {
        level.nodes = n.max(1);
    }
    if let Some(ms) = o.movetime {
        level.time_ms = ms.max(1);
    }
    restyle(&mut level, o.style);
    if let Some(n) = o.threads {
        level.threads = n.max(1);
    }
    Ok(level)
}

/// Applies a `--style` to a level.
fn restyle(level: &mut Level, style: Option<(i32, i32, u32)>) {
    if let Some((margin, noise, blunder)) = style {
        level.margin = margin;
        level.noise = noise;
        level.blunder_percent = blunder;
    }
}

/// A random legal point that is not the mover's own eye (all four neighbours its own
/// stones or the edge), else a pass.
fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let side = game.side_to_move();
    let board = game.board();
    let size = board.size();
    let own_eye = |p: Point| {
        let n = [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)];
        n.iter().all(|&(df, dr)| {
            let (f, r) = (p.file as i8 + df, p.rank as i8 + dr);
            f < 0
                || r < 0
                || f >= size as i8
                || r >= size as i8
                || board.get(Point::new(f as u8, r as u8)) == Some(side)
        })
    };
    let points: Vec<Point> = game.legal_points().into_iter().filter(|&p| !own_eye(p)).collect();
    if points.is_empty() {
        Move::Pass
    } else {
        Move::Play(points[rng.below(points.len() as u64) as usize])
    }
}

fn colour_letter(side: Side) -> &'static str {
    if side == Side::First { "b" } else { "w" }
}

/// Plays the match and prints a line per game and the total.
pub fn run(c: Config) -> Result<(), String> {
    let kind = GameKind::Go { size: c.size };
    let overrides = Overrides {
        playouts: c.playouts,
        movetime: c.movetime,
        style: c.style,
        threads: c.threads,
    };
    let level = level_for(c.size, c.level, overrides)?;
    let komi = Komi::from_points(c.komi).map_err(|e| e.to_string())?;
    let area = usize::from(c.size) * usize::from(c.size);
    let go = GoArena {
        kind,
        level,
        fixed: c.fixed || c.playouts.is_some(),
        komi,
        max_moves: c.max_moves.unwrap_or(4 * area),
        c,
    };
    let schedule =
        Schedule { games: go.c.games as usize, concurrency: 1, tally: Tally::new(None), out: None };
    super::run(&go, schedule)
}

struct GoArena {
    c: Config,
    kind: GameKind,
    level: Level,
    fixed: bool,
    komi: Komi,
    max_moves: usize,
}

/// The engine Qike plays with, and the random mover's generator.
struct Seat {
    engine: AnyEngine,
    random: Rng,
}

/// A game's line, whether the opponent's count named the same winner, and each side's
/// thinking time.
struct Note {
    line: String,
    agree: bool,
    clocks: [Clock; 2],
}

/// Time spent choosing moves and how many were chosen.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    spent: Duration,
    moves: u32,
}

impl Clock {
    fn add(&mut self, d: Duration) {
        self.spent += d;
        self.moves += 1;
    }

    fn average_ms(self) -> u128 {
        self.spent.as_millis() / u128::from(self.moves.max(1))
    }

    fn sum(clocks: impl Iterator<Item = Clock>) -> Clock {
        clocks.fold(Clock::default(), |a, b| Clock {
            spent: a.spent + b.spent,
            moves: a.moves + b.moves,
        })
    }
}

/// "qike N ms a move, opponent M ms a move" for Qike's and the opponent's clocks.
fn pace(clocks: [Clock; 2]) -> String {
    format!(
        "qike {} ms a move, opponent {} ms a move",
        clocks[0].average_ms(),
        clocks[1].average_ms()
    )
}

impl Arena for GoArena {
    type Seat = Seat;
    type Note = Note;

    fn seat(&self, _worker: u64) -> Result<Seat, String> {
        let engine = AnyEngine::for_game(self.kind, 0).ok_or("no Go engine")?;
        Ok(Seat { engine, random: Rng::new(self.c.seed ^ 0xA5A5) })
    }

    fn play(&self, seat: &mut Seat, g: usize) -> Result<Played<Note>, String> {
        let c = &self.c;
        let qike = player1_side(g);
        let mut gtp = if c.opponent == "random" { None } else { Some(Gtp::start(&c.opponent)?) };
        let rules = Rules { komi: self.komi, ..Rules::default() };
        let stones = match c.handicap {
            0 => Vec::new(),
            n => handicap_points(c.size, n).map_err(|e| e.to_string())?,
        };
        if let Some(p) = gtp.as_mut() {
            p.send(&format!("boardsize {}", c.size))?;
            p.send("clear_board")?;
            p.send(&format!("komi {}", c.komi))?;
            if !stones.is_empty() {
                // The opponent places the stones itself: they must be the same points.
                let placed = p.send(&format!("fixed_handicap {}", stones.len()))?;
                let mut theirs = Vec::new();
                for name in placed.split_whitespace() {
                    match parse_gtp(name, c.size) {
                        Ok(Move::Play(at)) => theirs.push(at),
                        _ => {
                            return Err(format!("the opponent's handicap '{placed}' is no points"));
                        }
                    }
                }
                let mut ours = stones.clone();
                ours.sort_by_key(|p| (p.rank, p.file));
                theirs.sort_by_key(|p| (p.rank, p.file));
                if ours != theirs {
                    return Err(format!("the opponent put its handicap on {placed}"));
                }
            }
        }
        let go = if stones.is_empty() {
            Game::new(c.size, rules)
        } else {
            Game::with_handicap_stones(c.size, rules, &stones)
        };
        let mut game = AnyGame::Go(Box::new(go.map_err(|e| e.to_string())?));
        let engine = &mut seat.engine;
        engine.new_game();
        let seed = c.seed.wrapping_add(g as u64);
        // Each game its own search seed, so that games at fixed playouts differ.
        if let AnyEngine::Go(e) = engine {
            e.set_seed(seed);
        }
        let mut resigned = None;
        // What the opponent said when it stopped answering mid-game.
        let mut failed = None;
        let mut moves = 0;
        let mut clocks = [Clock::default(); 2];
        while !game.as_go().is_some_and(Game::is_over) && moves < self.max_moves {
            let go = game.as_go().ok_or("not a Go game")?;
            let side = go.side_to_move();
            let mv = if side == qike {
                let mut rng = Rng::for_ply(seed, moves);
                let started = Instant::now();
                let m = play_level(engine, &game, &self.level, &mut rng, self.fixed)
                    .unwrap_or(MoveInput::Pass);
                clocks[0].add(started.elapsed());
                if c.resign
                    && let AnyEngine::Go(e) = &*engine
                    && e.should_resign(go)
                {
                    resigned = Some(side);
                    break;
                }
                let m = match m {
                    MoveInput::Place { at } => Move::Play(at),
                    _ => Move::Pass,
                };
                if let Some(p) = gtp.as_mut()
                    && let Err(e) = p.send(&format!("play {} {m}", colour_letter(side)))
                {
                    failed = Some(e);
                    break;
                }
                m
            } else {
                match gtp.as_mut() {
                    None => random_move(go, &mut seat.random),
                    Some(p) => {
                        let started = Instant::now();
                        let asked = p.send(&format!("genmove {}", colour_letter(side)));
                        clocks[1].add(started.elapsed());
                        let text = match asked {
                            Ok(text) => text,
                            Err(e) => {
                                failed = Some(e);
                                break;
                            }
                        };
                        if text.eq_ignore_ascii_case("resign") {
                            resigned = Some(side);
                            break;
                        }
                        parse_gtp(&text, c.size)
                            .map_err(|e| format!("opponent said '{text}': {e}"))?
                    }
                }
            };
            let input = match mv {
                Move::Play(at) => MoveInput::Place { at },
                Move::Pass => MoveInput::Pass,
            };
            game.play(input).map_err(|e| format!("move {mv} refused: {e:?}"))?;
            moves += 1;
        }
        if let Some(why) = failed {
            // GNU Go 3.8 now and then crashes in a big-board game; the game has no
            // result, and the match goes on with a fresh opponent.
            let line = format!("game {}: abandoned after {moves} moves: {why}", g + 1);
            return Ok(Played {
                game: g,
                points: None,
                record: None,
                note: Note { line, agree: false, clocks },
            });
        }
        let mut counted = game.as_go().ok_or("not a Go game")?.clone();
        let (winner, result) = match resigned {
            Some(loser) => (
                Some(loser.opponent()),
                format!("{}+R", if loser == Side::First { "W" } else { "B" }),
            ),
            None => {
                counted.estimate_dead_stones(DEFAULT_PLAYOUTS, seed);
                let r = counted.score().result;
                (r.winner(), r.sgf())
            }
        };
        let theirs = match (gtp.as_mut(), resigned) {
            (Some(p), None) => p.send("final_score").unwrap_or_else(|e| e),
            _ => "-".to_string(),
        };
        let qike_won = winner == Some(qike);
        let same_winner = theirs.chars().next() == result.chars().next();
        let mut line = format!(
            "game {}: qike {} | {} moves | {} (opponent counts {}) | {} | dead {} | {}",
            g + 1,
            if qike == Side::First { "black" } else { "white" },
            moves,
            result,
            theirs,
            if qike_won { "qike wins" } else { "opponent wins" },
            counted.dead_stones().len(),
            pace(clocks),
        );
        if c.show_moves {
            let names: Vec<String> = counted.moves().iter().map(|(_, m)| m.to_string()).collect();
            line += &format!("\n  moves: {}", names.join(" "));
        }
        Ok(Played {
            game: g,
            points: Some(points_of(winner, qike)),
            record: None,
            note: Note { line, agree: theirs == "-" || same_winner, clocks },
        })
    }

    fn line(&self, played: &Played<Note>, _tally: &Tally) -> String {
        played.note.line.clone()
    }

    fn closing(&self, _seats: Vec<Seat>, notes: &[Note], tally: &Tally) -> String {
        let abandoned = self.c.games - tally.estimate().games;
        let gone =
            if abandoned > 0 { format!(" ({abandoned} more abandoned)") } else { String::new() };
        let agree = notes.iter().filter(|n| n.agree).count();
        let clocks = [0, 1].map(|k| Clock::sum(notes.iter().map(|n| n.clocks[k])));
        format!(
            "qike level {} won {} of {} games{gone}; the opponent's count named the same winner in {agree}; {}",
            self.c.level,
            tally.estimate().wins,
            tally.estimate().games,
            pace(clocks)
        )
    }
}
