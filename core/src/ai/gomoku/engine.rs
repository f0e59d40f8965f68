//! The gomoku searcher behind the one engine interface, with the coach's hint and
//! review.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::ai::engine::{Analysis, Candidate, Engine, Hint, MoveReview, Verdict};
use crate::ai::limits::Limits;
use crate::game::{GomokuRule, MoveInput, Side, Text};
use crate::games::AnyGame;
use crate::gomoku::notation::point_name;
use crate::gomoku::{Board, Game, Stone};

use super::pos::{Pos, code, stone_of};
use super::search::{Outcome, Searcher, WIN_IN_MAX};
use super::vcf::VcfSolver;
use super::vct::VctSolver;

/// The biggest loss a review reports (a missed forced win, or walking into one).
const MAX_LOSS: i32 = 1_000;
/// Depth of the VCF the coach looks for when naming a threat.
const THREAT_VCF_MOVES: u32 = 8;
/// Depth of the VCT the coach looks for when no VCF threatens.
const THREAT_VCT_MOVES: u32 = 4;

/// The gomoku engine: the searcher and its table.
#[derive(Debug)]
pub struct GomokuEngine {
    searcher: Searcher,
}

/// What a stone makes on the spot, as the level's "gain": 5 a five, 4 a winning threat
/// (活四, 四四, 四三), 3 a four, 2 an open three, 1 a three or an open two, else 0.
fn threat_of(pos: &Pos, colour: u8, i: usize) -> i32 {
    let codes = pos.codes(colour, i);
    let fours: u32 = codes
        .iter()
        .map(|&c| match c {
            code::FOUR => 1,
            code::DOUBLE_FOUR | code::OPEN_FOUR => 2,
            _ => 0,
        })
        .sum();
    let threes = codes.iter().filter(|&&c| c == code::OPEN_THREE).count();
    if codes.contains(&code::FIVE) {
        5
    } else if fours >= 2 || (fours == 1 && threes >= 1) {
        4
    } else if fours == 1 {
        3
    } else if threes >= 1 {
        2
    } else if codes.iter().any(|&c| c == code::THREE || c == code::OPEN_TWO) {
        1
    } else {
        0
    }
}

fn colour_name(colour: u8) -> (&'static str, &'static str) {
    match stone_of(colour) {
        Stone::Black => ("黑", "black"),
        Stone::White => ("白", "white"),
    }
}

fn line_names(pos: &Pos, line: &[usize]) -> String {
    line.iter().map(|&i| point_name(pos.point(i))).collect::<Vec<_>>().join(" ")
}

/// The opponent's most urgent threat if it were their turn: a five, a VCF, or a point
/// that makes 活四/四四/四三. The point and its name.
fn threat(pos: &mut Pos) -> Option<(usize, Text)> {
    pos.pass();
    let them = pos.to_move();
    let (zh, en) = colour_name(them);
    let found = if let Some(&p) = pos.five_points(them).first() {
        let n = point_name(pos.point(p));
        Some((p, Text::new(&format!("{zh} {n} 成五"), &format!("{en} makes five at {n}"))))
    } else if let Some(line) = VcfSolver::new(20_000).solve(pos, THREAT_VCF_MOVES) {
        let names = line_names(pos, &line);
        line.first().map(|&p| {
            (p, Text::new(&format!("{zh}有冲四胜：{names}"), &format!("{en} wins by VCF: {names}")))
        })
    } else if let Some(line) = VctSolver::new(20_000).solve(pos, THREAT_VCT_MOVES) {
        let names = line_names(pos, &line);
        line.first().map(|&p| {
            (
                p,
                Text::new(
                    &format!("{zh}有连续进攻胜：{names}"),
                    &format!("{en} wins by VCT: {names}"),
                ),
            )
        })
    } else {
        let best = pos
            .slots()
            .iter()
            .copied()
            .filter(|&i| pos.is_empty(i) && !pos.forbidden(them, i))
            .map(|i| (threat_of(pos, them, i), pos.value(them, i), i))
            .filter(|&(t, _, _)| t >= 2)
            .max_by_key(|&(t, v, i)| (t, v, std::cmp::Reverse(i)));
        best.map(|(t, _, p)| {
            let n = point_name(pos.point(p));
            let (szh, sen) = match t {
                4 => ("活四或四三", "a winning four"),
                3 => ("冲四", "a four"),
                _ => ("活三", "an open three"),
            };
            (p, Text::new(&format!("{zh} {n} {szh}"), &format!("{en} {sen} at {n}")))
        })
    };
    pos.pass();
    found
}

fn place(p: crate::game::Point) -> MoveInput {
    MoveInput::Place { at: p }
}

impl GomokuEngine {
    /// An engine with a table of about `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> GomokuEngine {
        GomokuEngine { searcher: Searcher::new(hash_mb) }
    }

    /// Analyses a board with `to_move` to play (for protocols that send stones without
    /// their order).
    pub fn analyse_board(
        &mut self,
        board: &Board,
        rule: GomokuRule,
        to_move: Stone,
        limits: &Limits,
        margin: i32,
    ) -> Analysis {
        let mut pos = Pos::from_board(board, rule, to_move);
        let out = self.searcher.search(&mut pos, limits, margin);
        analysis_of(&pos, &out)
    }

    fn analyse_game(&mut self, game: &Game, limits: &Limits, margin: i32) -> (Pos, Outcome) {
        let mut pos = Pos::from_board(game.board(), game.rule(), game.stone_to_move());
        if game.outcome().is_some() {
            return (pos, Outcome::default());
        }
        let out = self.searcher.search(&mut pos, limits, margin);
        (pos, out)
    }

    /// The coach's advice as a sentence: the forced win when there is one ("black wins
    /// by VCF: h8 h9 …"), else a good point and the threat it answers.
    pub fn hint_text(&mut self, game: &Game, nodes: u64) -> Option<Text> {
        let (mut pos, out) = self.analyse_game(game, &Limits::nodes(nodes), 0);
        let best = out.root.first()?;
        let me = pos.to_move();
        let (zh, en) = colour_name(me);
        let name = point_name(pos.point(best.slot));
        if let Some(line) = &out.vcf {
            let names = line_names(&pos, line);
            return Some(Text::new(
                &format!("{zh}有冲四胜：{names}"),
                &format!("{en} wins by VCF: {names}"),
            ));
        }
        if let Some(line) = &out.vct {
            let names = line_names(&pos, line);
            return Some(Text::new(
                &format!("{zh}有连续进攻胜（活三、冲四）：{names}"),
                &format!("{en} wins by VCT (threes and fours): {names}"),
            ));
        }
        Some(match threat(&mut pos) {
            Some((_, t)) => Text::new(
                &format!("{zh} {name}，应对：{}", t.zh),
                &format!("{en} {name}, answering the threat: {}", t.en),
            ),
            None => Text::new(&format!("{zh} {name}"), &format!("{en} {name}")),
        })
    }
}

fn analysis_of(pos: &Pos, out: &Outcome) -> Analysis {
    let me = pos.to_move();
    let candidates: Vec<Candidate> = out
        .root
        .iter()
        .map(|r| Candidate {
            mv: place(pos.point(r.slot)),
            score: r.score,
            exact: r.exact,
            gain: threat_of(pos, me, r.slot),
            loses: r.score < -WIN_IN_MAX,
        })
        .collect();
    let first = out.root.first();
    Analysis {
        best: first.map(|r| place(pos.point(r.slot))),
        score: first.map_or(0, |r| r.score),
        candidates,
        decisive: first.is_some_and(|r| r.score.abs() > WIN_IN_MAX),
        depth: out.depth,
        nodes: out.nodes,
    }
}

impl Engine for GomokuEngine {
    fn analyse(&mut self, game: &AnyGame, limits: &Limits, margin: i32) -> Analysis {
        let Some(g) = game.as_gomoku() else { return Analysis::default() };
        let (pos, out) = self.analyse_game(g, limits, margin);
        analysis_of(&pos, &out)
    }

    fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.searcher.set_stop_flag(flag);
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn hint(&mut self, game: &AnyGame, nodes: u64) -> Option<Hint> {
        let g = game.as_gomoku()?;
        let (mut pos, out) = self.analyse_game(g, &Limits::nodes(nodes), 0);
        let best = out.root.first()?;
        let forced = out.vcf.is_some() || out.vct.is_some();
        let found = if forced { None } else { threat(&mut pos) };
        Some(Hint {
            mv: place(pos.point(best.slot)),
            score: best.score,
            threat: found.as_ref().map(|(p, _)| place(pos.point(*p))),
            threat_name: found.map(|(_, t)| t.zh),
        })
    }

    fn review(&mut self, game: &AnyGame, side: Side, nodes: u64) -> Vec<MoveReview> {
        let Some(g) = game.as_gomoku() else { return Vec::new() };
        let moves = g.moves();
        let limits = Limits::nodes(nodes);
        let mut out = Vec::new();
        for (ply, &played) in moves.iter().enumerate() {
            let mover = if ply % 2 == 0 { Side::First } else { Side::Second };
            if mover != side {
                continue;
            }
            let Ok(before) = Game::from_moves(g.rule(), g.size(), &moves[..ply]) else { break };
            let (pos, a) = self.analyse_game(&before, &limits, 0);
            let Some(best) = a.root.first().copied() else { continue };
            let best_point = pos.point(best.slot);
            let loss = if best_point == played {
                0
            } else {
                let Ok(after) = Game::from_moves(g.rule(), g.size(), &moves[..=ply]) else {
                    break;
                };
                let played_score = if after.outcome().is_some() {
                    // A five wins; a forbidden move loses.
                    if matches!(
                        after.outcome(),
                        Some(crate::game::Outcome::Win { winner, .. }) if winner == mover
                    ) {
                        best.score
                    } else {
                        -super::search::WIN
                    }
                } else {
                    let (_, r) = self.analyse_game(&after, &limits, 0);
                    -r.root.first().map_or(0, |r| r.score)
                };
                (best.score.clamp(-MAX_LOSS * 10, MAX_LOSS * 10)
                    - played_score.clamp(-MAX_LOSS * 10, MAX_LOSS * 10))
                .clamp(0, MAX_LOSS)
            };
            let loss = if best.score > WIN_IN_MAX && loss > 0 { MAX_LOSS } else { loss };
            out.push(MoveReview {
                ply,
                played: place(played),
                best: place(best_point),
                loss,
                verdict: Verdict::of_loss(loss),
            });
        }
        out
    }
}
