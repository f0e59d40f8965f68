//! Play-out steps: the child plays on from a position against the engine until a goal.
//!
//! The engine's reply is computed inside [`super::LessonRun::submit`], synchronously,
//! with a small fixed node budget (a few thousand nodes by default, never more than
//! [`PLAYOUT_MAX_NODES`]) and no time limit. That keeps a reply to a few milliseconds,
//! short enough for a UI to call `submit` on its main thread, and makes it
//! reproducible: a fresh searcher, the step's level, the node cap and a seed mixed
//! from the step's seed and the move number give the same reply to the same moves on
//! every machine, so tests can script whole games and a saved run replays exactly.

use crate::Rng;
use crate::ai::xiangqi::{LEVELS, Searcher, VALUE, history_of};
use crate::ai::{AnyEngine, Level, Limits, play_level};
use crate::game::Side;
use crate::xiangqi::{Kind, Position};
use crate::{AnyGame, BoardGame, MoveInput, Outcome};

use super::schema::{PlayGoal, PlayOut, Text};

/// The most nodes a lesson may give the engine for one reply.
pub const PLAYOUT_MAX_NODES: u32 = 20_000;
/// The engine's nodes per reply when the step does not say.
pub const PLAYOUT_DEFAULT_NODES: u32 = 3_000;
/// Nodes the "show me" player (hints, answers) searches for the child's move.
const ANSWER_NODES: u64 = 40_000;
/// Go's "show me" budget: the Go engine's nodes are whole playouts, each far dearer
/// than a node of the alpha-beta engines.
const GO_ANSWER_NODES: u64 = 3_000;
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

/// `side`'s material minus the other side's (xiangqi; 0 in games without captures).
pub(crate) fn balance(game: &AnyGame, side: Side) -> i32 {
    match game.as_xiangqi() {
        Some(g) => material(g.position(), side) - material(g.position(), side.opponent()),
        None => super::runner::chess::balance(game, side).unwrap_or(0),
    }
}

fn attackers(game: &AnyGame, side: Side) -> usize {
    let Some(g) = game.as_xiangqi() else { return 1 };
    [Kind::Chariot, Kind::Horse, Kind::Cannon, Kind::Soldier]
        .iter()
        .map(|&k| g.position().count(side, k))
        .sum()
}

/// The level a step asks for (level 1 when out of range; validation reports that).
pub(crate) fn level_of(s: &PlayOut, game: &AnyGame) -> Level {
    let nodes = s.nodes.unwrap_or(PLAYOUT_DEFAULT_NODES).clamp(1, PLAYOUT_MAX_NODES);
    Level::get(game.kind(), u32::from(s.level)).unwrap_or(LEVELS[0]).with_nodes(u64::from(nodes))
}

/// The engine's reply in `game`, the `ply`-th move of the step.
pub(crate) fn engine_reply(s: &PlayOut, game: &AnyGame, ply: usize) -> Option<MoveInput> {
    let mut engine = AnyEngine::for_game(game.kind(), 1)?;
    let mut rng = Rng::for_ply(s.seed, ply);
    play_level(&mut engine, game, &level_of(s, game), &mut rng, true)
}

/// A good move for the child: in xiangqi the engine at full strength with a larger
/// budget; in gomoku the first stone of a win by fours when there is one, else the
/// engine's best move.
pub(crate) fn answer_move(game: &AnyGame) -> Option<MoveInput> {
    match game {
        AnyGame::Xiangqi(g) => {
            let (history, pos) = history_of(g.start(), &g.moves());
            let mut searcher = Searcher::new(4);
            let m = searcher.search(&pos, &history, &Limits::nodes(ANSWER_NODES)).best?;
            Some(MoveInput::step(m.from(), m.to()))
        }
        AnyGame::Gomoku(g) => {
            if let Some(line) = crate::ai::gomoku::vcf(g, super::stones::MAX_VCF) {
                return line.first().map(|&at| MoveInput::Place { at });
            }
            let mut engine = AnyEngine::for_game(game.kind(), 1)?;
            let level = Level::get(game.kind(), 10).ok()?.with_nodes(ANSWER_NODES);
            play_level(&mut engine, game, &level, &mut Rng::new(1), true)
        }
        AnyGame::Go(_) => {
            let mut engine = AnyEngine::for_game(game.kind(), 1)?;
            let level = Level::get(game.kind(), 10).ok()?.with_nodes(GO_ANSWER_NODES);
            play_level(&mut engine, game, &level, &mut Rng::new(1), true)
        }
        AnyGame::Chess(g) => super::runner::chess::answer_move(g, ANSWER_NODES),
    }
}

fn t(zh: &str, en: &str) -> Text {
    Text::new(zh, en)
}

/// The child's moves so far, from the number of moves played in the step.
pub(crate) fn child_moves(played: usize) -> u16 {
    played.div_ceil(2).min(u16::MAX as usize) as u16
}

/// After the child's move (`pos` has the engine to move).
pub(crate) fn after_child(s: &PlayOut, game: &AnyGame, child: Side, start: i32, n: u16) -> Verdict {
    if won(game, child) {
        return Verdict::Reached;
    }
    if let Some(v) = chess_draw(s, game) {
        return v;
    }
    if let PlayGoal::HoldDraw { moves } = s.goal {
        if balance(game, child) < start - HOLD_LOSS {
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
pub(crate) fn after_reply(s: &PlayOut, game: &AnyGame, child: Side, start: i32, n: u16) -> Verdict {
    if won(game, child.opponent()) {
        return Verdict::Failed(if game.places_stones() {
            t("哎呀，对方连成五了。再来一次！", "Oh no, the other side made five. Try again!")
        } else {
            t("哎呀，你被将死了。再来一次！", "Oh no, you were checkmated. Try again!")
        });
    }
    if game.places_stones() && game.outcome().is_some() {
        return Verdict::Failed(t(
            "这盘棋结束了，目标还没完成。再来一次！",
            "The game is over and the goal is not reached. Try again!",
        ));
    }
    if let Some(v) = chess_draw(s, game) {
        return v;
    }
    match s.goal {
        PlayGoal::HoldDraw { .. } => return Verdict::Going,
        PlayGoal::WinMaterial if balance(game, child) >= start + WIN_GAIN => {
            return Verdict::Reached;
        }
        PlayGoal::Checkmate | PlayGoal::Win if attackers(game, child) == 0 => {
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

/// A chess game that ended drawn (stalemate, dead material): the goal of holding a
/// draw is reached, any other is missed.
fn chess_draw(s: &PlayOut, game: &AnyGame) -> Option<Verdict> {
    if !super::runner::chess::is_drawn(game) {
        return None;
    }
    Some(match s.goal {
        PlayGoal::HoldDraw { .. } => Verdict::Reached,
        _ => Verdict::Failed(t(
            "和棋了（可能是逼和），目标没有完成。再来一次！",
            "The game is drawn (perhaps a stalemate), so the goal is missed. Try again!",
        )),
    })
}

/// Whether `side` has won: the game says so, or (xiangqi) the other side has no move.
fn won(game: &AnyGame, side: Side) -> bool {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => winner == side,
        Some(_) => false,
        None => {
            game.side_to_move() != side
                && game.as_xiangqi().is_some_and(|g| !g.position().has_legal_move())
        }
    }
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
