//! Validation of stone-game (gomoku) lesson steps: every stone legal, every claim
//! proven with the rules and the VCF solver in core — five points, wins by fours,
//! the only defences, the shapes a question asks for, black's forbidden points.

use super::context::{Ctx, Problem, play_out_fields, quiz_fields};
use crate::curriculum::position;
use crate::curriculum::schema::{Proof, Puzzle, PuzzleGoal, ShapeQuery, Step, StoneName};
use crate::curriculum::stones::{self, Asked, MAX_VCF};
use crate::gomoku::{Game, Stone};
use crate::{AnyGame, BoardGame, GameKind, MoveInput, Point};

/// Depth of the opponent's win by fours a defence puzzle is checked against.
pub const DEFENCE_VCF: u32 = 6;
/// Moves of the attacker's win by threats (fours and threes) an accepted defence must
/// withstand.
pub const DEFENCE_VCT: u32 = 10;
/// Nodes the threat search may visit for one defence.
const VCT_BUDGET: u64 = 2_000_000;

fn names(kind: GameKind, mut points: Vec<Point>) -> Vec<String> {
    points.sort_by_key(|p| (p.rank, p.file));
    points.into_iter().map(|p| kind.point_name(p)).collect()
}

fn stone_points(kind: GameKind, c: &mut Ctx<'_>, list: &[String]) -> Vec<Point> {
    list.iter()
        .filter_map(|p| {
            let at = position::point(kind, p);
            if at.is_none() {
                c.err(Problem::BadPoint(p.clone()));
            }
            at
        })
        .collect()
}

/// A stone of the side to move on `text`, if it is one and the rules allow it.
fn legal_stone(kind: GameKind, game: &AnyGame, text: &str, c: &mut Ctx<'_>) -> Option<Point> {
    let Some(m @ MoveInput::Place { at }) = position::move_input(kind, text) else {
        c.err(Problem::BadMove(text.to_owned()));
        return None;
    };
    let mut g = game.clone();
    if let Err(r) = g.play(m) {
        c.err(Problem::IllegalMove { mv: text.to_owned(), reason: r.text().en });
        return None;
    }
    Some(at)
}

pub(super) fn validate_step(kind: GameKind, step: &Step, c: &mut Ctx<'_>) {
    let game = match step.fen().map(|f| (f, position::start(kind, f))) {
        Some((_, Ok(g))) => Some(g),
        Some((f, Err(e))) => {
            c.err(Problem::BadPosition { text: f.to_owned(), error: e.to_string() });
            return;
        }
        None => None,
    };
    let gomoku = game.as_ref().and_then(AnyGame::as_gomoku).cloned();
    match step {
        Step::Explain(s) => {
            stone_points(kind, c, &s.highlights);
            if !s.arrows.is_empty() {
                c.err(Problem::NotForThisGame("arrow"));
            }
        }
        Step::Quiz(s) => {
            quiz_fields(s, c);
            stone_points(kind, c, &s.highlights);
        }
        Step::TapPoint(s) => {
            c.text("explain", &s.explain);
            if stone_points(kind, c, &s.points).is_empty() {
                c.err(Problem::Empty("answer point"));
            }
        }
        Step::TapShape(s) => {
            c.text("explain", &s.explain);
            let Some(g) = gomoku else { return };
            c.proved("pattern rules: every point of the shape");
            let listed = stone_points(kind, c, &s.points);
            if listed.is_empty() {
                c.err(Problem::Empty("answer point"));
            }
            let stone = match s.stone {
                StoneName::Black => Stone::Black,
                StoneName::White => Stone::White,
            };
            let actual = stones::shape_points(g.board(), g.rule(), stone, asked(s.shape));
            let (listed, actual) = (names(kind, listed), names(kind, actual));
            if listed != actual {
                c.err(Problem::PointsDiffer { listed, actual });
            }
        }
        Step::MakeMove(s) => {
            let (Some(game), Some(g)) = (&game, &gomoku) else { return };
            c.text("praise", &s.praise);
            if s.accept.is_empty() {
                c.err(Problem::Empty("accepted move"));
            }
            let accept: Vec<Point> =
                s.accept.iter().filter_map(|a| legal_stone(kind, game, a, c)).collect();
            let mut wrong = Vec::new();
            for w in &s.wrong {
                c.text(&format!("wrong move {}", w.mv), &w.says);
                if s.accept.contains(&w.mv) {
                    c.err(Problem::WrongIsAccepted(w.mv.clone()));
                }
                wrong.extend(legal_stone(kind, game, &w.mv, c));
            }
            stone_points(kind, c, &s.highlights);
            if let Some((how, claim)) = proof_method(s.proof) {
                c.proved(how);
                c.claim(claim);
            }
            match s.proof {
                None => {}
                Some(Proof::Five) => {
                    let actual = names(kind, stones::winning_points(g));
                    let listed = names(kind, accept);
                    if listed != actual {
                        c.err(Problem::PointsDiffer { listed, actual });
                    }
                }
                Some(Proof::StartsVcf) => prove_vcf_start(kind, g, &accept, &wrong, c),
                Some(Proof::StartsVct) => {
                    for &at in &accept {
                        if !stones::starts_vct(g, at, DEFENCE_VCF) {
                            c.err(Problem::Unproven(format!(
                                "{} leaves a defence against every win by fours",
                                kind.point_name(at)
                            )));
                        }
                    }
                    for &at in &wrong {
                        if stones::starts_vct(g, at, DEFENCE_VCF) {
                            c.err(Problem::Unproven(format!(
                                "the wrong move {} wins by threats too",
                                kind.point_name(at)
                            )));
                        }
                    }
                }
                Some(Proof::Mate | Proof::WinsMaterial | Proof::KpkWin | Proof::KpkDraw) => {
                    c.err(Problem::NotForThisGame("chess proof"));
                }
                Some(Proof::Defends) => {
                    // The defences against a win by fours that also hold against a win
                    // by threats.
                    let mut holding = Vec::new();
                    let mut losing = Vec::new();
                    for at in stones::defences(g, DEFENCE_VCF) {
                        match stones::threat_win_after(g, at, DEFENCE_VCT, VCT_BUDGET) {
                            Some(line) => losing.push((at, line)),
                            None => holding.push(at),
                        }
                    }
                    for at in wrong.iter().filter(|at| holding.contains(at)) {
                        c.err(Problem::Unproven(format!(
                            "the wrong move {} holds as well as the key: the attacker finds \
                             no win by fours or by threats after it",
                            kind.point_name(*at)
                        )));
                    }
                    let actual = names(kind, holding);
                    let listed = names(kind, accept.clone());
                    if listed != actual {
                        c.err(Problem::Unproven(format!(
                            "the moves that stop every win by fours and by threats are \
                             {actual:?}, the step accepts {listed:?}"
                        )));
                    }
                    for (at, line) in losing.iter().filter(|(at, _)| accept.contains(at)) {
                        let line: Vec<String> = line.iter().map(|&p| kind.point_name(p)).collect();
                        c.err(Problem::Unproven(format!(
                            "after the accepted {}, the attacker still wins by threats: {}",
                            kind.point_name(*at),
                            line.join(" ")
                        )));
                    }
                }
            }
        }
        Step::Puzzle(s) => {
            c.text("praise", &s.praise);
            let Some(g) = gomoku else { return };
            validate_five_puzzle(kind, s, &g, c);
        }
        Step::PlayOut(s) => {
            if game.as_ref().is_some_and(|g| g.outcome().is_some()) {
                c.err(Problem::GameOver);
            }
            play_out_fields(s, c);
        }
        Step::TapTargets(_) => c.err(Problem::NotForThisGame("tap_targets")),
        Step::Collect(_) => c.err(Problem::NotForThisGame("collect")),
        Step::Setup(_) => c.err(Problem::NotForThisGame("setup")),
        Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => {
            c.err(Problem::NotForThisGame(step.kind_name()))
        }
    }
}

fn asked(q: ShapeQuery) -> Asked {
    match q {
        ShapeQuery::Five => Asked::Five,
        ShapeQuery::OpenFour => Asked::OpenFour,
        ShapeQuery::Four => Asked::Four,
        ShapeQuery::OpenThree => Asked::OpenThree,
        ShapeQuery::FourThree => Asked::FourThree,
        ShapeQuery::Forbidden => Asked::Forbidden,
    }
}

fn prove_vcf_start(kind: GameKind, g: &Game, accept: &[Point], wrong: &[Point], c: &mut Ctx<'_>) {
    for &at in accept {
        if !stones::starts_vcf(g, at, MAX_VCF) {
            c.err(Problem::Unproven(format!(
                "{} does not start a win by fours",
                kind.point_name(at)
            )));
        }
    }
    for &at in wrong {
        if stones::starts_vcf(g, at, MAX_VCF) {
            c.err(Problem::Unproven(format!(
                "the wrong move {} starts a win by fours too",
                kind.point_name(at)
            )));
        }
    }
}

fn validate_five_puzzle(kind: GameKind, s: &Puzzle, g: &Game, c: &mut Ctx<'_>) {
    if s.goal != PuzzleGoal::Five {
        c.err(Problem::NotForThisGame("mate puzzle"));
        return;
    }
    let Some(n) = s.mate_in.map(u32::from).filter(|n| (1..=MAX_VCF).contains(n)) else {
        c.err(Problem::Unproven(format!("a five puzzle needs mate_in from 1 to {MAX_VCF}")));
        return;
    };
    c.proved(format!("win-by-fours search (VCF), exhaustive to five in {n}"));
    c.claim("forced five");
    if s.lines.is_empty() {
        c.err(Problem::Empty("line"));
    }
    for (i, line) in s.lines.iter().enumerate() {
        let mut g = g.clone();
        let child = g.side_to_move();
        for (k, text) in line.iter().enumerate() {
            let Some(at) = legal_stone(kind, &AnyGame::Gomoku(g.clone()), text, c) else {
                break;
            };
            if k % 2 == 0 {
                let left = n.saturating_sub((k / 2) as u32);
                if !stones::starts_vcf(&g, at, left) {
                    c.err(Problem::BadLine {
                        line: i,
                        what: format!("move {text} does not keep the win by fours"),
                    });
                    break;
                }
            } else if !stones::blocks(&g, at) {
                c.err(Problem::BadLine { line: i, what: format!("reply {text} is not a block") });
                break;
            }
            if g.play(at).is_err() {
                break;
            }
        }
        let won =
            matches!(g.outcome(), Some(crate::Outcome::Win { winner, .. }) if winner == child);
        if !won {
            c.err(Problem::BadLine { line: i, what: "does not end in five".into() });
        }
    }
}

/// How a make-move step's proof is checked and the claim's name, for the content report.
fn proof_method(proof: Option<Proof>) -> Option<(String, &'static str)> {
    Some(match proof? {
        Proof::Five => ("the rules: every point that makes five".to_owned(), "five"),
        Proof::StartsVcf => ("win-by-fours search (VCF) to the end".to_owned(), "starts_vcf"),
        Proof::StartsVct => (
            format!("win-by-threats search: every defence leaves a VCF ({DEFENCE_VCF} fours)"),
            "starts_vct",
        ),
        Proof::Defends => (
            format!(
                "every defence against the VCF, each searched for a VCT to {DEFENCE_VCT} \
                 threats ≤{VCT_BUDGET} nodes"
            ),
            "defends",
        ),
        _ => return None,
    })
}
