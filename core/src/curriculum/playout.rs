//! Play-out steps: the child plays on from a position against the engine until a goal.
//!
//! The engine's reply is computed inside [`super::LessonRun::submit`], synchronously,
//! with a small fixed node budget (a few thousand nodes by default, never more than
//! [`PLAYOUT_MAX_NODES`]) and no time limit. That keeps a reply to a few milliseconds,
//! short enough for a UI to call `submit` on its main thread, and makes it
//! reproducible: a fresh searcher, the step's level, the node cap and a seed mixed
//! from the step's seed and the move number give the same reply to the same moves on
//! every machine, so tests can script whole games and a saved run replays exactly.

use crate::Point;
use crate::ai::xiangqi::{LEVELS, Searcher, VALUE, XiangqiEngine, history_of};
use crate::ai::{AnyEngine, Level, Limits, Rng, play_level};
use crate::game::Side;
use crate::xiangqi::{Kind, Move, Position};

use super::schema::{PlayGoal, PlayOut, Text};

/// The most nodes a lesson may give the engine for one reply.
pub const PLAYOUT_MAX_NODES: u32 = 20_000;
/// The engine's nodes per reply when the step does not say.
pub const PLAYOUT_DEFAULT_NODES: u32 = 3_000;
/// Nodes the "show me" player (hints, demos) searches for the child's move.
const DEMO_NODES: u64 = 40_000;
/// Losing more than this (in centipawns, a soldier is 100) fails a hold-draw.
const HOLD_LOSS: i32 = 300;
/// Winning at least this much more than at the start reaches win-material.
const WIN_GAIN: i32 = 400;

/// How a play-out stands after a move.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Verdict {
    Going,
    Reached,
    Failed(Text),
}

/// Material of `side` by the engine's values.
pub(crate) fn material(pos: &Position, side: Side) -> i32 {
    Kind::ALL.iter().map(|&k| VALUE[k as usize] * pos.count(side, k) as i32).sum()
}

/// `side`'s material minus the other side's.
pub(crate) fn balance(pos: &Position, side: Side) -> i32 {
    material(pos, side) - material(pos, side.opponent())
}

fn attackers(pos: &Position, side: Side) -> usize {
    [Kind::Chariot, Kind::Horse, Kind::Cannon, Kind::Soldier]
        .iter()
        .map(|&k| pos.count(side, k))
        .sum()
}

/// The level a step asks for (level 1 when out of range; validation reports that).
pub(crate) fn level_of(s: &PlayOut) -> Level {
    let nodes = s.nodes.unwrap_or(PLAYOUT_DEFAULT_NODES).clamp(1, PLAYOUT_MAX_NODES);
    Level::get(crate::GameKind::Xiangqi, u32::from(s.level))
        .unwrap_or(LEVELS[0])
        .with_nodes(u64::from(nodes))
}

fn moves_of(played: &[(Point, Point)]) -> Vec<Move> {
    played.iter().filter_map(|&(f, t)| Move::new(f, t)).collect()
}

/// The engine's reply in `pos`, reached from `start` by `played`.
pub(crate) fn engine_reply(
    s: &PlayOut,
    start: &Position,
    played: &[(Point, Point)],
    pos: &Position,
) -> Option<Move> {
    let mut game = crate::xiangqi::Game::new(start.clone(), crate::xiangqi::Rules::default());
    for m in moves_of(played) {
        game.play(m).ok()?;
    }
    if game.position().key() != pos.key() {
        return None;
    }
    let mut engine = AnyEngine::Xiangqi(XiangqiEngine::new(1));
    let mut rng = Rng::for_ply(s.seed, played.len());
    let game = crate::AnyGame::Xiangqi(game);
    match play_level(&mut engine, &game, &level_of(s), &mut rng, true)? {
        crate::MoveInput::Step { from, to, .. } => Move::new(from, to),
        _ => None,
    }
}

/// A good move for the child: the engine at full strength with a larger budget.
pub(crate) fn demo_move(
    start: &Position,
    played: &[(Point, Point)],
    pos: &Position,
) -> Option<Move> {
    let (history, _) = history_of(start, &moves_of(played));
    let mut searcher = Searcher::new(4);
    searcher.search(pos, &history, &Limits::nodes(DEMO_NODES)).best
}

fn t(zh: &str, en: &str) -> Text {
    Text::new(zh, en)
}

/// The child's moves so far, from the number of moves played in the step.
pub(crate) fn child_moves(played: usize) -> u16 {
    played.div_ceil(2).min(u16::MAX as usize) as u16
}

/// After the child's move (`pos` has the engine to move).
pub(crate) fn after_child(s: &PlayOut, pos: &Position, child: Side, start: i32, n: u16) -> Verdict {
    if !pos.has_legal_move() {
        return Verdict::Reached;
    }
    if let PlayGoal::HoldDraw { moves } = s.goal {
        if balance(pos, child) < start - HOLD_LOSS {
            return Verdict::Failed(t(
                "你丢了一个大子，这样就守不住了。再来一次！",
                "You lost a big piece, and now the draw cannot be held. Try again!",
            ));
        }
        if n >= moves {
            return Verdict::Reached;
        }
    }
    Verdict::Going
}

/// After the engine's reply (`pos` has the child to move).
pub(crate) fn after_reply(s: &PlayOut, pos: &Position, child: Side, start: i32, n: u16) -> Verdict {
    if !pos.has_legal_move() {
        return Verdict::Failed(t(
            "哎呀，你被将死了。再来一次！",
            "Oh no, you were checkmated. Try again!",
        ));
    }
    match s.goal {
        PlayGoal::HoldDraw { .. } => return Verdict::Going,
        PlayGoal::WinMaterial if balance(pos, child) >= start + WIN_GAIN => {
            return Verdict::Reached;
        }
        PlayGoal::Checkmate if attackers(pos, child) == 0 => {
            return Verdict::Failed(t(
                "能进攻的子都没有了，赢不了了。再来一次！",
                "You have no attacking pieces left, so you cannot win. Try again!",
            ));
        }
        _ => {}
    }
    if s.max_moves.is_some_and(|max| n >= max) {
        return Verdict::Failed(t(
            "步数用完了，还没有完成目标。再来一次！",
            "You are out of moves and the goal is not reached yet. Try again!",
        ));
    }
    Verdict::Going
}

/// Moves left to reach (or, for hold-draw, to survive) the goal.
pub(crate) fn moves_left(s: &PlayOut, n: u16) -> Option<u8> {
    let total = match s.goal {
        PlayGoal::HoldDraw { moves } => Some(moves),
        _ => s.max_moves,
    };
    total.map(|m| m.saturating_sub(n).min(255) as u8)
}

/// Said when the goal is reached and the step has no praise of its own.
pub(crate) fn default_praise() -> Text {
    t("目标完成了，真棒！", "Goal reached. Well done!")
}
