//! `qike gomoku-forbidden`: the renju forbidden points for black in a position.
//!
//! Usage: `qike gomoku-forbidden --moves "h8 h9 …" [--size 15|19] [--why]`
//! The moves place black and white stones alternately (no rule is checked but the
//! board edge and occupied points). The last line lists the forbidden points in
//! point order (file, then rank), or `none`; `--why` prints `point: kind` lines first.

use qike_core::gomoku::{Board, BoardSize, Stone, notation, renju};

pub fn forbidden(moves: &str, size: Option<String>, why: bool) -> Result<(), String> {
    let size = match size.as_deref() {
        None | Some("15") => BoardSize::Fifteen,
        Some("19") => BoardSize::Nineteen,
        Some(other) => return Err(format!("--size must be 15 or 19, got '{other}'")),
    };
    let points = notation::parse_points(moves, size).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    for (k, &p) in points.iter().enumerate() {
        if !board.is_empty_at(p) {
            return Err(format!(
                "move {} ({}) is on an occupied point",
                k + 1,
                notation::point_name(p)
            ));
        }
        let stone = if k % 2 == 0 { Stone::Black } else { Stone::White };
        board.set(p, Some(stone));
    }
    let found = renju::forbidden_points(&board);
    if why {
        for (p, kind) in &found {
            println!("{}: {kind}", notation::point_name(*p));
        }
    }
    if found.is_empty() {
        println!("none");
    } else {
        let names: Vec<String> = found.iter().map(|(p, _)| notation::point_name(*p)).collect();
        println!("{}", names.join(" "));
    }
    Ok(())
}

/// A player in a gomoku match: a level, a random mover, or the one-ply bot.
enum Player {
    Level(qike_core::ai::Level, Box<qike_core::ai::AnyEngine>),
    /// Any legal point next to the stones.
    Random,
    /// Completes a five, else blocks the opponent's five, else plays at random.
    Greedy,
}

fn player(spec: &str, rule: qike_core::GomokuRule, nodes: Option<u64>) -> Result<Player, String> {
    use qike_core::GameKind;
    let kind = GameKind::Gomoku { rule };
    match spec {
        "random" => Ok(Player::Random),
        "greedy" => Ok(Player::Greedy),
        _ => {
            let n: u32 = spec
                .strip_prefix("level:")
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("unknown player '{spec}' (level:N, random, greedy)"))?;
            let level = qike_core::ai::Level::get(kind, n).map_err(|e| e.to_string())?;
            let level = nodes.map_or(level, |n| level.with_nodes(n));
            let engine = qike_core::ai::AnyEngine::for_game(kind, 16).ok_or("no gomoku engine")?;
            Ok(Player::Level(level, Box::new(engine)))
        }
    }
}

/// Legal points within two lines of a stone (the centre on an empty board).
fn near_points(game: &qike_core::gomoku::Game) -> Vec<qike_core::Point> {
    let b = game.board();
    let near = |p: qike_core::Point| {
        (-2i32..=2).any(|df| {
            (-2i32..=2).any(|dr| {
                let (f, r) = (i32::from(p.file) + df, i32::from(p.rank) + dr);
                f >= 0 && r >= 0 && b.get(qike_core::Point::new(f as u8, r as u8)).is_some()
            })
        })
    };
    let pts: Vec<_> = b.points().filter(|&p| game.check(p).is_ok() && near(p)).collect();
    if pts.is_empty() { b.points().filter(|&p| game.check(p).is_ok()).collect() } else { pts }
}

impl Player {
    fn choose(
        &mut self,
        game: &qike_core::gomoku::Game,
        rng: &mut qike_core::ai::Rng,
        fixed: bool,
    ) -> Option<qike_core::Point> {
        use qike_core::gomoku::is_win;
        let pts = near_points(game);
        let random =
            |rng: &mut qike_core::ai::Rng| pts.get(rng.below(pts.len() as u64) as usize).copied();
        match self {
            Player::Level(level, engine) => {
                let any = qike_core::AnyGame::Gomoku(game.clone());
                match qike_core::ai::play_level(engine, &any, level, rng, fixed)? {
                    qike_core::MoveInput::Place { at } => Some(at),
                    _ => None,
                }
            }
            Player::Random => random(rng),
            Player::Greedy => {
                let me = game.stone_to_move();
                let b = game.board();
                let win = pts.iter().copied().find(|&p| is_win(b, p, me, game.rule()));
                let block = pts.iter().copied().find(|&p| is_win(b, p, me.opponent(), game.rule()));
                win.or(block).or_else(|| random(rng))
            }
        }
    }
}

/// `qike gomoku-match A B [--games N] [--rule renju|standard|freestyle] [--seed S]
/// [--nodes N] [--timed]`: plays A against B, colours alternating, each pair of games
/// from the same two random opening stones near the centre, levels through
/// `ai::play_level` with their fixed limits (`--nodes` caps every level's nodes, for
/// fast ladders; `--timed` uses the levels' time caps as the app does, and reports the
/// slowest move). Prints each result and A's score.
pub fn play_match(
    a: &str,
    b: &str,
    games: u32,
    rule: &str,
    seed: u64,
    nodes: Option<u64>,
    timed: bool,
) -> Result<(), String> {
    use qike_core::ai::Rng;
    use qike_core::gomoku::Game;
    use qike_core::{GomokuRule, Outcome, Point, Side};
    let rule = match rule {
        "renju" => GomokuRule::Renju,
        "standard" => GomokuRule::Standard,
        "freestyle" => GomokuRule::Freestyle,
        other => return Err(format!("unknown rule '{other}' (renju, standard, freestyle)")),
    };
    let mut players = [player(a, rule, nodes)?, player(b, rule, nodes)?];
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut slowest = std::time::Duration::ZERO;
    for g in 0..games {
        let pair = u64::from(g / 2);
        let mut rng = Rng::new(seed ^ pair.wrapping_mul(0x2545_F491_4F6C_DD1D));
        let mut game = Game::new(rule);
        // Two opening stones: black on or next to the centre, white next to it.
        let c = 7i32;
        let first =
            Point::new((c - 1 + rng.below(3) as i32) as u8, (c - 1 + rng.below(3) as i32) as u8);
        game.play(first).map_err(|e| e.to_string())?;
        loop {
            let p = Point::new(
                (c - 2 + rng.below(5) as i32) as u8,
                (c - 2 + rng.below(5) as i32) as u8,
            );
            if game.play(p).is_ok() {
                break;
            }
        }
        // A plays black in even games.
        let a_side = if g % 2 == 0 { Side::First } else { Side::Second };
        while game.outcome().is_none() {
            let mover = game.side_to_move();
            let k = usize::from(mover != a_side);
            let mut move_rng = Rng::for_ply(seed ^ u64::from(g), game.moves().len());
            let t = std::time::Instant::now();
            let Some(p) = players[k].choose(&game, &mut move_rng, !timed) else { break };
            slowest = slowest.max(t.elapsed());
            game.play(p).map_err(|e| format!("game {g}: {e}"))?;
        }
        let result = match game.outcome() {
            Some(Outcome::Win { winner, reason }) => {
                if winner == a_side {
                    wins += 1;
                    format!("{a} wins ({reason:?})")
                } else {
                    losses += 1;
                    format!("{b} wins ({reason:?})")
                }
            }
            _ => {
                draws += 1;
                "draw".to_owned()
            }
        };
        let colour = if a_side == Side::First { "black" } else { "white" };
        println!("game {:>3}: {a} {colour}, {} moves, {result}", g + 1, game.moves().len());
    }
    let score = f64::from(wins) + f64::from(draws) / 2.0;
    println!(
        "{a} vs {b}: +{wins} ={draws} -{losses}, score {score}/{games} ({:.1}%)",
        100.0 * score / f64::from(games.max(1))
    );
    if timed {
        println!("slowest move: {} ms", slowest.as_millis());
    }
    Ok(())
}
