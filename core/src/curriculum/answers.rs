//! The right answers of a step as inputs: the "show me" button of a UI, and how the
//! tests and `qike content check` walk every lesson to its end.

use super::go_steps;
use super::position;
use super::runner::{Input, input_of};
use super::schema::Step;
use super::validate::collect_path;
use crate::GameKind;
use crate::xiangqi::Position;

/// Inputs that complete `step` without a mistake, in order; puzzles follow their first
/// line (the runner answers with that line's replies). Empty for a play-out, whose
/// moves depend on the engine's replies (ask [`super::LessonRun::play_out_answer`] move by
/// move), or when the step's data does not parse.
pub fn answer_inputs(kind: GameKind, step: &Step) -> Vec<Input> {
    if kind == GameKind::Chess
        && let Some(inputs) = super::runner::chess::answer_inputs(step)
    {
        return inputs;
    }
    let pos = step.fen().and_then(|f| Position::from_fen(f).ok());
    let pt = |p: &String| position::point(kind, p);
    let mv = |m: &String| position::move_input(kind, m).map(input_of);
    match step {
        Step::Explain(_) => vec![Input::Continue],
        Step::TapTargets(s) => s.targets.iter().filter_map(pt).map(Input::Tap).collect(),
        Step::TapShape(s) => s.points.iter().filter_map(pt).map(Input::Tap).collect(),
        Step::MakeMove(s) => s.accept.first().and_then(mv).into_iter().collect(),
        Step::Collect(s) => {
            let stars: Vec<_> = s.stars.iter().filter_map(pt).collect();
            match (pos, pt(&s.piece)) {
                (Some(pos), Some(from)) => collect_path(&pos, from, &stars, s.max_moves)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(from, to)| Input::Move { from, to })
                    .collect(),
                _ => Vec::new(),
            }
        }
        Step::Puzzle(s) => s
            .lines
            .first()
            .map(|line| line.iter().step_by(2).filter_map(mv).collect())
            .unwrap_or_default(),
        Step::Quiz(s) => vec![Input::Choice(s.answer)],
        Step::TapPoint(s) => s.points.first().and_then(pt).map(Input::Tap).into_iter().collect(),
        Step::Setup(s) => match pos {
            Some(pos) => s
                .place
                .iter()
                .filter_map(pt)
                .filter_map(|at| {
                    pos.piece_at(at).map(|(_, k)| Input::Place { kind: k.piece_kind(), at })
                })
                .collect(),
            None => Vec::new(),
        },
        Step::PlayOut(_) => Vec::new(),
        Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => go_answers(kind, step),
    }
}

/// The answers of the Go steps: one tap per answer string, the count, and the
/// child's stones of a fight played against the solver's replies.
fn go_answers(kind: GameKind, step: &Step) -> Vec<Input> {
    let Some(Ok(crate::AnyGame::Go(game))) = step.fen().map(|f| position::start(kind, f)) else {
        return Vec::new();
    };
    match step {
        Step::TapGo(s) => {
            let points: Vec<_> =
                s.points.iter().filter_map(|p| go_steps::point_on(&game, p).ok()).collect();
            let mut covered = Vec::new();
            let mut out = Vec::new();
            for p in points {
                if covered.contains(&p) {
                    continue;
                }
                match game.board().get(p) {
                    Some(_) => covered.extend(game.board().string(p)),
                    None => covered.push(p),
                }
                out.push(Input::Tap(p));
            }
            out
        }
        Step::Count(s) => vec![Input::Number(s.answer)],
        Step::Fight(s) => go_steps::fight_answer(&game, s)
            .unwrap_or_default()
            .into_iter()
            .map(Input::Tap)
            .collect(),
        _ => Vec::new(),
    }
}
