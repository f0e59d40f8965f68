//! The Go step kinds and the answers the rules and solvers give them.
//!
//! - `tap_go`: tap every point that answers a question (the liberties of a string, the
//!   stones in atari, the capturing points, the real or false eyes, the territory of a
//!   colour, the dead stones, the shared liberties of a seki, the shape enclosing the
//!   most); the listed points must
//!   be the rules' answer.
//! - `count`: the child enters a number (liberties, stones of a colour, the area of a
//!   colour, black's area less white's); the answer must be the area count's.
//! - `fight`: place stones to capture, escape, kill or live, one or several moves, with
//!   the solver's most stubborn reply in between. Any move the solver proves is right;
//!   the accepted moves must be proven and the named wrong moves refuted.

use serde::{Deserialize, Serialize};

use super::schema::{StoneClaim, StoneName, Text, WrongMove};
use crate::go::{self, life_death, reading, regions};
use crate::{Point, Side};

/// What a tap-go question asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
pub enum GoQuestion {
    /// 气: the liberties of the string on `at`.
    Liberties { at: String },
    /// 叫吃: the stones of `stone` with one liberty left.
    Atari { stone: StoneName },
    /// 提子: the points where `stone` takes stones at once.
    Captures { stone: StoneName },
    /// 真眼: the real one-point eyes of `stone`.
    Eyes { stone: StoneName },
    /// 假眼: the points shaped like an eye of `stone` that are not eyes.
    FalseEyes { stone: StoneName },
    /// 地: the empty points that count for `stone` (with `dead` taken off).
    Territory {
        stone: StoneName,
        #[serde(default)]
        dead: Vec<String>,
    },
    /// 死子: the strings of `stone` that die even if `stone` moves first (each shut in
    /// a small region, read to the end).
    Dead { stone: StoneName },
    /// 双活: the shared liberties of the seki between the group on `at` and the
    /// other colour's group beside it, where either side's stone loses its own group.
    Seki { at: String },
    /// 金角银边草肚皮: of the strings through `choices` (each the same number of
    /// stones), every stone of the one that encloses the most empty points on its own.
    BestShape { choices: Vec<String> },
}

/// Tap every point that answers the question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TapGo {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub question: GoQuestion,
    pub points: Vec<String>,
    /// The stones the text says the question is about (the string on the question's
    /// point, all of the question's colour, or each shape compared); checked on the
    /// board, and required when the text states a number of stones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
    /// Said when every point is found, and as the reason after a wrong tap.
    pub explain: Text,
    pub hint: Text,
}

/// What a count step asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type", deny_unknown_fields)]
pub enum CountQuestion {
    /// The liberties of the string on `at`.
    Liberties { at: String },
    /// The stones of `stone` on the board.
    Stones { stone: StoneName },
    /// 子数: `stone`'s stones and territory, with the step's dead stones taken off.
    Area { stone: StoneName },
    /// Black's area less white's.
    Margin,
    /// The empty points the string on `at` encloses on its own (the board's edge
    /// helps), not the open board around it.
    Enclosed { at: String },
}

/// The child enters a number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub question: CountQuestion,
    /// Stones taken off as dead before counting (one stone of each dead string is
    /// enough; the whole string goes).
    #[serde(default)]
    pub dead: Vec<String>,
    pub answer: i64,
    /// The stones the text says the question is about (the string on the question's
    /// point, or all of the question's colour); checked on the board, and required
    /// when the text states a number of stones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
    pub explain: Text,
    pub hint: Text,
}

/// What the child's stones are for in a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FightGoal {
    /// Take the string on `at` within `depth` moves, whatever it does.
    Capture,
    /// Save the own string on `at`: the other side cannot take it within `depth` moves.
    Escape,
    /// Kill the group on `at`, shut in a small region.
    Kill,
    /// Make the own group on `at` live (two eyes, or 双活).
    Live,
}

/// Place stones to reach a goal; the solver answers the child's moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fight {
    pub id: String,
    pub text: Text,
    #[serde(alias = "position")]
    pub fen: String,
    pub goal: FightGoal,
    /// A stone of the string the fight is about.
    pub at: String,
    /// Capture and escape: the attacker's moves the reading looks at (the child's own
    /// when capturing).
    #[serde(default = "default_depth")]
    pub depth: u8,
    /// The child's moves the step asks for before it ends (it ends sooner when the
    /// stones are taken, or the group is alive beyond doubt).
    #[serde(default = "default_moves")]
    pub moves: u8,
    /// First moves that reach the goal, proven by the solver.
    pub accept: Vec<String>,
    /// Tempting first moves the solver refutes, with what to say about each.
    #[serde(default)]
    pub wrong: Vec<WrongMove>,
    pub praise: Text,
    pub hint: Text,
}

fn default_depth() -> u8 {
    4
}

fn default_moves() -> u8 {
    1
}

/// The deepest capture reading a step may ask for.
pub const MAX_DEPTH: u8 = 10;

pub(crate) fn side_of(s: StoneName) -> Side {
    match s {
        StoneName::Black => Side::First,
        StoneName::White => Side::Second,
    }
}

/// A point on this board by name.
pub(crate) fn point_on(game: &go::Game, name: &str) -> Result<Point, String> {
    match go::parse_gtp(name, game.size()) {
        Ok(go::Move::Play(p)) => Ok(p),
        _ => Err(format!("'{name}' is not a point of the {0}×{0} board", game.size())),
    }
}

fn stone_on(game: &go::Game, name: &str) -> Result<Point, String> {
    let p = point_on(game, name)?;
    match game.board().get(p) {
        Some(_) => Ok(p),
        None => Err(format!("there is no stone on {name}")),
    }
}

/// Every stone of the strings through `points`.
fn strings_of(game: &go::Game, points: &[Point]) -> Vec<Point> {
    let mut out: Vec<Point> = points.iter().flat_map(|&p| game.board().string(p)).collect();
    out.sort_by_key(|p| (p.rank, p.file));
    out.dedup();
    out
}

/// The rules' answer to a tap-go question.
pub(crate) fn answer_points(game: &go::Game, q: &GoQuestion) -> Result<Vec<Point>, String> {
    let b = game.board();
    Ok(match q {
        GoQuestion::Liberties { at } => reading::liberty_points(b, stone_on(game, at)?),
        GoQuestion::Atari { stone } => regions::in_atari(b, side_of(*stone)),
        GoQuestion::Captures { stone } => regions::capturing_points(b, side_of(*stone)),
        GoQuestion::Eyes { stone } => regions::real_eyes(b, side_of(*stone)),
        GoQuestion::FalseEyes { stone } => regions::false_eyes(b, side_of(*stone)),
        GoQuestion::Territory { stone, dead } => {
            let dead: Vec<Point> =
                dead.iter().map(|d| stone_on(game, d)).collect::<Result<_, _>>()?;
            prove_dead(game, &dead)?;
            regions::territory(b, side_of(*stone), &strings_of(game, &dead))
        }
        GoQuestion::Dead { stone } => dead_stones(game, side_of(*stone))?,
        GoQuestion::BestShape { choices } => best_shape(game, choices)?,
        GoQuestion::Seki { at } => {
            match go::seki::shared_liberties(b, stone_on(game, at)?).map_err(|e| e.to_string())? {
                Some(points) => points,
                None => return Err(format!("the group on {at} is not in seki")),
            }
        }
    })
}

/// Every stone of the string, among `choices`, that encloses the most points alone;
/// the strings must have the same number of stones and one must enclose strictly
/// more than every other.
fn best_shape(game: &go::Game, choices: &[String]) -> Result<Vec<Point>, String> {
    let b = game.board();
    let mut scored = Vec::new();
    for c in choices {
        let p = stone_on(game, c)?;
        scored.push((c, b.string(p), go::enclosure::enclosed_by(b, p).len()));
    }
    if scored.len() < 2 || scored.iter().any(|s| s.1.len() != scored[0].1.len()) {
        return Err("the shapes to compare must be two or more strings of as many stones".into());
    }
    if scored.iter().any(|s| scored.iter().any(|t| !std::ptr::eq(s, t) && s.1 == t.1)) {
        return Err("two choices name the same string".into());
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.2));
    if scored[0].2 == scored[1].2 {
        return Err(format!("{} and {} enclose as much", scored[0].0, scored[1].0));
    }
    Ok(strings_of(game, &[b.string(stone_on(game, scored[0].0)?)[0]]))
}

/// The stones of `side` that die even with `side` to move. Strings that are not shut
/// in a small region count as alive.
fn dead_stones(game: &go::Game, side: Side) -> Result<Vec<Point>, String> {
    let b = game.board();
    let mut out: Vec<Point> = Vec::new();
    for (p, s) in b.stones() {
        if s != side || out.contains(&p) {
            continue;
        }
        match life_death::lives(b, p, side) {
            Ok(true) | Err(life_death::LifeError::TooBig) => {}
            Ok(false) => out.extend(b.string(p)),
            Err(e) => return Err(e.to_string()),
        }
    }
    out.sort_by_key(|p| (p.rank, p.file));
    Ok(out)
}

/// Proves that the strings through `dead` are dead: each is shut in a small region
/// and the life-and-death search finds it taken even with its owner to move.
fn prove_dead(game: &go::Game, dead: &[Point]) -> Result<(), String> {
    let b = game.board();
    for &p in dead {
        let owner = b.get(p).ok_or_else(|| format!("there is no stone on {}", go::gtp_name(p)))?;
        match life_death::lives(b, p, owner) {
            Ok(false) => {}
            Ok(true) => {
                return Err(format!("the stones on {} live, they are not dead", go::gtp_name(p)));
            }
            Err(e) => {
                return Err(format!("the stones on {} are not proven dead: {e}", go::gtp_name(p)));
            }
        }
    }
    Ok(())
}

/// The stones the step counts as alive that are dead: strings shut in a small region
/// that the life-and-death search finds taken even with their owner to move, and that
/// are not among `dead` (one stone of each dead string).
pub(crate) fn dead_counted_alive(game: &go::Game, dead: &[String]) -> Result<Vec<Point>, String> {
    let dead: Vec<Point> = dead.iter().map(|d| stone_on(game, d)).collect::<Result<_, _>>()?;
    let listed = strings_of(game, &dead);
    let mut out = Vec::new();
    for side in [Side::First, Side::Second] {
        out.extend(dead_stones(game, side)?.into_iter().filter(|p| !listed.contains(p)));
    }
    Ok(out)
}

/// The area count's answer to a count question.
pub(crate) fn count_answer(game: &go::Game, s: &Count) -> Result<i64, String> {
    let b = game.board();
    let dead: Vec<Point> = s.dead.iter().map(|d| stone_on(game, d)).collect::<Result<_, _>>()?;
    prove_dead(game, &dead)?;
    let area = || -> Result<go::AreaCount, String> {
        let mut g = game.clone();
        while !g.is_over() {
            g.pass().map_err(|e| e.to_string())?;
        }
        g.set_dead_stones(&strings_of(game, &dead));
        Ok(g.score().count)
    };
    Ok(match &s.question {
        CountQuestion::Liberties { at } => b.liberties(stone_on(game, at)?) as i64,
        CountQuestion::Stones { stone } => b.stone_count(side_of(*stone)) as i64,
        CountQuestion::Area { stone: StoneName::Black } => i64::from(area()?.black_area()),
        CountQuestion::Area { stone: StoneName::White } => i64::from(area()?.white_area()),
        CountQuestion::Margin => {
            let a = area()?;
            i64::from(a.black_area()) - i64::from(a.white_area())
        }
        CountQuestion::Enclosed { at } => {
            go::enclosure::enclosed_by(b, stone_on(game, at)?).len() as i64
        }
    })
}

/// The sizes of the groups of stones a count question is about: the string on its
/// point, or every stone of its colour. `Err` for a question about no one group.
pub(crate) fn count_group(game: &go::Game, q: &CountQuestion) -> Result<Vec<usize>, String> {
    let b = game.board();
    Ok(match q {
        CountQuestion::Liberties { at } | CountQuestion::Enclosed { at } => {
            vec![b.string(stone_on(game, at)?).len()]
        }
        CountQuestion::Stones { stone } | CountQuestion::Area { stone } => {
            vec![b.stone_count(side_of(*stone))]
        }
        CountQuestion::Margin => return Err("a margin is about both colours, not one group".into()),
    })
}

/// The sizes of the groups of stones a tap-go question is about: the string on its
/// point, every stone of its colour, or each shape compared.
pub(crate) fn tap_group(game: &go::Game, q: &GoQuestion) -> Result<Vec<usize>, String> {
    let b = game.board();
    Ok(match q {
        GoQuestion::Liberties { at } | GoQuestion::Seki { at } => {
            vec![b.string(stone_on(game, at)?).len()]
        }
        GoQuestion::Atari { stone }
        | GoQuestion::Captures { stone }
        | GoQuestion::Eyes { stone }
        | GoQuestion::FalseEyes { stone }
        | GoQuestion::Territory { stone, .. }
        | GoQuestion::Dead { stone } => vec![b.stone_count(side_of(*stone))],
        GoQuestion::BestShape { choices } => choices
            .iter()
            .map(|c| stone_on(game, c).map(|p| b.string(p).len()))
            .collect::<Result<_, _>>()?,
    })
}

/// The colour the child plays in a fight: the side to move.
fn child(game: &go::Game) -> Side {
    game.side_to_move()
}

/// Whether the child's stone on `p` keeps the goal, `made` child moves into the step.
pub(crate) fn fight_move_works(
    game: &go::Game,
    s: &Fight,
    p: Point,
    made: u8,
) -> Result<bool, String> {
    if !game.is_legal(go::Move::Play(p)) {
        return Ok(false);
    }
    let b = game.board();
    let at = point_on(game, &s.at)?;
    let me = child(game);
    let depth = u32::from(s.depth);
    match s.goal {
        FightGoal::Capture => {
            let left = depth.saturating_sub(u32::from(made));
            reading::capture_works(b, me, at, p, left).map_err(|e| e.to_string())
        }
        FightGoal::Escape => {
            reading::escape_works(b, at, Some(p), depth).map_err(|e| e.to_string())
        }
        FightGoal::Kill => {
            life_death::lives_after(b, at, me, Some(p)).map(|l| !l).map_err(|e| e.to_string())
        }
        FightGoal::Live => life_death::lives_after(b, at, me, Some(p)).map_err(|e| e.to_string()),
    }
}

/// Whether the fight is over after the child's move (`made` moves so far): the stones
/// are taken, the group lives beyond doubt, or the child made the moves asked for.
pub(crate) fn fight_done(game: &go::Game, s: &Fight, made: u8) -> bool {
    let Ok(at) = point_on(game, &s.at) else { return true };
    let b = game.board();
    let gone = b.get(at).is_none();
    made >= s.moves
        || match s.goal {
            FightGoal::Capture | FightGoal::Kill => gone,
            FightGoal::Escape => !gone && b.liberties(at) > usize::from(s.depth),
            FightGoal::Live => {
                !gone && life_death::LifeSearch::new(b, at).is_ok_and(|l| l.alive_now(b))
            }
        }
}

/// The other side's answer to the child's move (it is to move in `game`).
pub(crate) fn fight_reply(game: &go::Game, s: &Fight) -> Option<Point> {
    let at = point_on(game, &s.at).ok()?;
    let b = game.board();
    let me = game.side_to_move();
    let reply = match s.goal {
        FightGoal::Capture => reading::stubborn_defence(b, at),
        FightGoal::Escape => reading::stubborn_attack(b, at),
        FightGoal::Kill | FightGoal::Live => life_death::answer(b, at, me).ok().flatten(),
    };
    reply.filter(|&p| game.is_legal(go::Move::Play(p)))
}

/// A first working move for the child: the accepted ones first, then any point.
pub(crate) fn fight_answer_move(game: &go::Game, s: &Fight, made: u8) -> Option<Point> {
    let listed = s.accept.iter().filter_map(|a| point_on(game, a).ok());
    let all: Vec<Point> = listed.chain(game.board().points()).collect();
    all.into_iter().find(|&p| fight_move_works(game, s, p, made).unwrap_or(false))
}

/// The child's stones of a whole fight played by [`fight_answer_move`] against
/// [`fight_reply`]; `None` when the child runs out of good moves or a reply is missing.
pub(crate) fn fight_answer(game: &go::Game, s: &Fight) -> Option<Vec<Point>> {
    let mut game = game.clone();
    let mut out = Vec::new();
    for made in 0..s.moves.max(1) {
        let p = fight_answer_move(&game, s, made)?;
        game.play_at(p).ok()?;
        out.push(p);
        if fight_done(&game, s, made + 1) {
            return Some(out);
        }
        let Some(reply) = fight_reply(&game, s) else { return Some(out) };
        game.play_at(reply).ok()?;
    }
    None
}

/// How many attacker moves the capture reading looks at, from the position after a
/// wrong move and its reply, to prove that stones escape or are still captured.
pub const CLAIM_HORIZON: u32 = MAX_DEPTH as u32;

/// Proves what a wrong move's feedback states about the fight's stones: its `reply` is
/// legal, the stones have the stated liberties, and the claim holds (see
/// [`StoneClaim`]). `Err` says what is false or not proven.
pub(crate) fn prove_claim(game: &go::Game, s: &Fight, w: &WrongMove) -> Result<(), String> {
    let at = stone_on(game, &s.at)?;
    let owner = game.board().get(at).ok_or("no stone")?;
    let attacker = owner.opponent();
    let mut g = game.clone();
    let mut used = 0u32;
    let mut moves = vec![w.mv.as_str()];
    moves.extend(w.reply.as_deref());
    for mv in moves {
        let p = point_on(&g, mv)?;
        if g.side_to_move() == attacker {
            used += 1;
        }
        g.play_at(p).map_err(|e| format!("{mv} cannot be played: {e}"))?;
    }
    let after = match &w.reply {
        Some(r) => format!("after {} and {r}", w.mv),
        None => format!("after {}", w.mv),
    };
    let b = g.board();
    let gone = b.get(at) != Some(owner);
    if let Some(n) = w.liberties {
        let libs = if gone { 0 } else { b.liberties(at) };
        if libs != usize::from(n) {
            return Err(format!("{after} the stones on {} have {libs} liberties, not {n}", s.at));
        }
    }
    let Some(claim) = w.claim else { return Ok(()) };
    let to_move = g.side_to_move();
    // A ladder is read with the attacker giving atari only.
    let mut reader = match claim {
        StoneClaim::LadderFails => reading::Reader::ladder(b, at),
        _ => reading::Reader::new(b, at),
    };
    let mut taken = |n: u32| -> Result<bool, String> {
        let Some(r) = reader.as_mut().filter(|_| !gone) else { return Ok(true) };
        let done = if to_move == attacker { r.attack(b, n) } else { r.defend(b, n).map(|d| !d) };
        done.map_err(|e| format!("{after}, '{}' is not proven: {e}", claim.name()))
    };
    let depth = u32::from(s.depth).saturating_sub(used);
    let (holds, why) = match claim {
        StoneClaim::Escapes => (
            !taken(CLAIM_HORIZON)?,
            format!("the stones are still taken within {CLAIM_HORIZON} moves"),
        ),
        StoneClaim::Captured => {
            (taken(depth)?, format!("the stones are not taken by force within {depth} moves"))
        }
        StoneClaim::StillCaptures => {
            if taken(depth)? {
                (false, format!("the stones are taken within the step's depth ({depth} moves)"))
            } else {
                (
                    taken(CLAIM_HORIZON)?,
                    format!("the stones are not taken by force within {CLAIM_HORIZON} moves"),
                )
            }
        }
        StoneClaim::LadderFails => (
            !taken(CLAIM_HORIZON)?,
            format!("atari after atari still takes the stones within {CLAIM_HORIZON} moves"),
        ),
        StoneClaim::Lives | StoneClaim::Dies => {
            let lives = !gone
                && life_death::lives(b, at, to_move)
                    .map_err(|e| format!("{after}, '{}' is not proven: {e}", claim.name()))?;
            let want = claim == StoneClaim::Lives;
            (lives == want, format!("the group {}", if lives { "lives" } else { "dies" }))
        }
    };
    if holds {
        Ok(())
    } else {
        Err(format!("{after} the claim '{}' is false: {why}", claim.name()))
    }
}

/// The solver that proves a step, for the content report; `None` for steps no solver
/// checks.
pub fn proven_by(step: &super::Step) -> Option<&'static str> {
    match step {
        super::Step::Fight(f) => Some(match f.goal {
            FightGoal::Capture | FightGoal::Escape => "capture reading",
            FightGoal::Kill | FightGoal::Live => "life and death",
        }),
        super::Step::Count(_) => Some("area count"),
        super::Step::TapGo(t) => Some(match t.question {
            GoQuestion::Dead { .. } | GoQuestion::Seki { .. } => "life and death",
            GoQuestion::Territory { .. } | GoQuestion::BestShape { .. } => "area count",
            _ => "rules",
        }),
        _ => None,
    }
}
