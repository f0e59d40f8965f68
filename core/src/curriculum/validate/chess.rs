//! Validation of chess lesson steps, every claim proven by a solver in core: targets
//! are the rules' targets, stars can be taken without stepping onto guarded squares,
//! mates are forced in exactly the stated number of moves against every defence,
//! tactics win material by the engine's search, king-and-pawn claims agree with the
//! exact table, and Chinese notation names the move.

use super::chess_depth;
use super::context::{Ctx, Problem, facts_listed, play_out_fields, quiz_fields, read_stars};
use crate::ai::chess::tactic::{self, TACTIC_DEPTH, TACTIC_MARGIN};
use crate::chess::{self, Move, Position, kpk, mate_search};
use crate::curriculum::position;
use crate::curriculum::runner::chess::{collect_path, move_of};
use crate::curriculum::schema::{MakeMove, PlayGoal, PlayOut, Proof, Puzzle, PuzzleGoal, Step};
use crate::{GameKind, Point};

const KIND: GameKind = GameKind::Chess;

fn point(c: &mut Ctx<'_>, s: &str) -> Option<Point> {
    let p = position::point(KIND, s);
    if p.is_none() {
        c.err(Problem::BadPoint(s.to_owned()));
    }
    p
}

fn name(p: Point) -> String {
    KIND.point_name(p)
}

/// The legal move a step writes as `text`, or the reason it is not one.
fn legal(c: &mut Ctx<'_>, pos: &Position, text: &str) -> Option<Move> {
    let Some(m) = position::move_input(KIND, text) else {
        c.err(Problem::BadMove(text.to_owned()));
        return None;
    };
    let mv = move_of(pos, m);
    if mv.is_none() {
        let reason = match m {
            crate::MoveInput::Step { from, to, promotion } => {
                let promotion = promotion.and_then(|k| {
                    chess::Promotion::from_role(match k {
                        crate::PieceKind::Queen => chess::Role::Queen,
                        crate::PieceKind::Rook => chess::Role::Rook,
                        crate::PieceKind::Bishop => chess::Role::Bishop,
                        _ => chess::Role::Knight,
                    })
                });
                chess::illegal_reason(pos, from, to, promotion)
                    .map_or_else(|| "not a legal move".to_owned(), |r| r.text().en)
            }
            _ => "not a piece move".to_owned(),
        };
        c.err(Problem::IllegalMove { mv: text.to_owned(), reason });
    }
    mv
}

pub(super) fn validate_step(step: &Step, c: &mut Ctx<'_>) {
    let pos = match step.fen() {
        Some(f) => match Position::from_fen(f) {
            Ok(p) => Some(p),
            Err(e) => {
                c.err(Problem::BadFen { fen: f.to_owned(), error: e.to_string() });
                return;
            }
        },
        None => None,
    };
    match step {
        Step::Explain(s) => {
            for h in &s.highlights {
                point(c, h);
            }
            for a in &s.arrows {
                if position::step_points(KIND, a).is_none() {
                    c.err(Problem::BadMove(a.clone()));
                }
            }
        }
        Step::Quiz(s) => {
            quiz_fields(s, c);
            for h in &s.highlights {
                point(c, h);
            }
        }
        Step::TapPoint(s) => {
            c.text("explain", &s.explain);
            if s.points.is_empty() {
                c.err(Problem::Empty("answer point"));
            }
            for p in &s.points {
                point(c, p);
            }
        }
        Step::TapTargets(s) => {
            let (Some(pos), Some(from)) = (pos, point(c, &s.piece)) else { return };
            let mut actual: Vec<String> = pos.legal_targets(from).into_iter().map(name).collect();
            if actual.is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            let mut listed = s.targets.clone();
            listed.sort();
            actual.sort();
            if listed != actual {
                c.err(Problem::TargetsDiffer { listed, actual });
            }
        }
        Step::Setup(s) => {
            let Some(pos) = pos else { return };
            if s.place.is_empty() {
                c.err(Problem::Empty("piece to place"));
            }
            for p in &s.place {
                if let Some(at) = point(c, p)
                    && pos.piece_at(at).is_none()
                {
                    c.err(Problem::NoPiece(p.clone()));
                }
            }
        }
        Step::Collect(s) => {
            let (Some(pos), Some(from)) = (pos, point(c, &s.piece)) else { return };
            if pos.legal_targets(from).is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            let occupied = |p| pos.piece_at(p).is_some();
            let Some(stars) = read_stars(c, &s.stars, point, occupied) else { return };
            if collect_path(&pos, from, &stars, s.max_moves).is_none() {
                c.err(Problem::StarsUnreachable { max: s.max_moves });
            }
        }
        Step::MakeMove(s) => {
            let Some(pos) = pos else { return };
            make_move(s, &pos, c);
        }
        Step::Puzzle(s) => {
            let Some(pos) = pos else { return };
            c.text("praise", &s.praise);
            puzzle(s, &pos, c);
        }
        Step::PlayOut(s) => {
            let Some(pos) = pos else { return };
            if pos.outcome().is_some() {
                c.err(Problem::GameOver);
            }
            play_out_fields(s, c);
            play_out_claim(s, &pos, c);
        }
        Step::TapShape(_) => c.err(Problem::NotForThisGame("tap_shape")),
        Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => {
            c.err(Problem::NotForThisGame(step.kind_name()))
        }
    }
}

fn make_move(s: &MakeMove, pos: &Position, c: &mut Ctx<'_>) {
    c.text("praise", &s.praise);
    if s.accept.is_empty() {
        c.err(Problem::Empty("accepted move"));
    }
    let accept: Vec<Move> = s.accept.iter().filter_map(|a| legal(c, pos, a)).collect();
    let mut wrong = Vec::new();
    for w in &s.wrong {
        c.text(&format!("wrong move {}", w.mv), &w.says);
        facts_listed(c, &w.mv, &w.says, &w.facts);
        if s.accept.contains(&w.mv) {
            c.err(Problem::WrongIsAccepted(w.mv.clone()));
        }
        wrong.extend(legal(c, pos, &w.mv).map(|m| (m, w.facts.as_slice())));
    }
    if wrong.iter().any(|(_, f)| !f.is_empty()) {
        c.proved(chess_depth::facts_method());
    }
    for h in &s.highlights {
        point(c, h);
    }
    if let (Some(written), Some(&first)) = (&s.notation, accept.first()) {
        let actual = chess::to_chinese(pos, first).unwrap_or_default();
        let san = chess::to_san(pos, first).unwrap_or_default();
        if written != &actual && written != &san {
            c.err(Problem::NotationDiffers { written: written.clone(), actual });
        }
    }
    let uci = |m: &Move| m.uci();
    if !matches!(s.proof, Some(Proof::Mate | Proof::KpkWin | Proof::KpkDraw)) {
        let tactic = s.proof == Some(Proof::WinsMaterial);
        chess_depth::check(pos, &accept, &wrong, tactic, c);
    } else {
        for &(m, facts) in &wrong {
            chess_depth::prove_facts(pos, m, facts, None, c);
        }
    }
    let wrong: Vec<Move> = wrong.into_iter().map(|(m, _)| m).collect();
    match s.proof {
        None => {}
        Some(Proof::Mate) => {
            let mut actual: Vec<String> =
                mate_search::mating_moves(pos, 1).iter().map(uci).collect();
            let mut listed: Vec<String> = accept.iter().map(uci).collect();
            actual.sort();
            listed.sort();
            if actual.is_empty() || listed != actual {
                c.err(Problem::Unproven(format!(
                    "the moves that mate at once are {actual:?}, the step accepts {listed:?}"
                )));
            }
        }
        Some(Proof::WinsMaterial) => {
            for m in &accept {
                let gain = tactic::gain(pos, *m, TACTIC_DEPTH).unwrap_or(i32::MIN);
                if gain < TACTIC_MARGIN {
                    c.err(Problem::Unproven(format!(
                        "{} gains {gain} by a {TACTIC_DEPTH}-ply search, less than {TACTIC_MARGIN}",
                        m.uci()
                    )));
                }
            }
            for m in &wrong {
                if tactic::wins_material(pos, *m, TACTIC_DEPTH, TACTIC_MARGIN) {
                    c.err(Problem::Unproven(format!(
                        "the wrong move {} wins material too",
                        m.uci()
                    )));
                }
            }
        }
        Some(p @ (Proof::KpkWin | Proof::KpkDraw)) => {
            let want = if p == Proof::KpkWin { kpk::KpkValue::Win } else { kpk::KpkValue::Draw };
            match kpk::probe(pos) {
                None => c.err(Problem::Unproven(
                    "the position is not king and pawn against king".into(),
                )),
                Some(v) if v != want => c.err(Problem::Unproven(format!(
                    "the table says the position is a {v:?} for the pawn's side"
                ))),
                Some(_) => {}
            }
            for m in &accept {
                if kpk::value_after(pos, *m) != Some(want) {
                    c.err(Problem::Unproven(format!("{} does not keep the {want:?}", m.uci())));
                }
            }
            for m in &wrong {
                if kpk::value_after(pos, *m) == Some(want) {
                    c.err(Problem::Unproven(format!(
                        "the wrong move {} keeps the {want:?} too",
                        m.uci()
                    )));
                }
            }
        }
        Some(other) => c.err(Problem::Unproven(format!("{other:?} is a proof for stone games"))),
    }
}

fn puzzle(s: &Puzzle, pos: &Position, c: &mut Ctx<'_>) {
    if s.lines.is_empty() {
        c.err(Problem::Empty("line"));
        return;
    }
    let n = match (s.goal, s.mate_in) {
        (PuzzleGoal::Mate, Some(n @ 1..=mate_search::MAX_MATE_IN)) => {
            c.proved(format!("mate search, exhaustive to mate in {n}"));
            c.claim("forced mate");
            Some(n)
        }
        (PuzzleGoal::Mate, _) => {
            c.err(Problem::BadMateIn);
            return;
        }
        (PuzzleGoal::Line, _) => None,
        (PuzzleGoal::Five, _) => {
            c.err(Problem::NotForThisGame("five-in-a-row puzzle"));
            return;
        }
    };
    if let Some(n) = n {
        match mate_search::shortest_mate(pos, n) {
            Some(k) if k == n => {}
            Some(k) => c.err(Problem::Unproven(format!("there is a shorter mate, in {k}"))),
            None => c.err(Problem::NotForcedMate(n)),
        }
    }
    for (i, line) in s.lines.iter().enumerate() {
        if line.is_empty() {
            c.err(Problem::BadLine { line: i, what: "is empty".into() });
            continue;
        }
        let mut p = pos.clone();
        for (k, text) in line.iter().enumerate() {
            let Some(mv) = legal(c, &p, text) else { break };
            if let Some(n) = n
                && k % 2 == 0
            {
                let left = n.saturating_sub((k / 2) as u8);
                if !mate_search::move_mates_within(&p, mv, left) {
                    c.err(Problem::BadLine {
                        line: i,
                        what: format!("move {text} does not force mate"),
                    });
                    break;
                }
            }
            p.play_unchecked(mv);
        }
        if n.is_some() {
            if line.len() % 2 == 0 {
                c.err(Problem::BadLine { line: i, what: "must end with the solver's move".into() });
            } else if !p.is_checkmate() {
                c.err(Problem::BadLine { line: i, what: "does not end in mate".into() });
            }
        }
    }
}

/// A play-out from king and pawn against king must be what its goal says: won for
/// the child when the goal is to win, drawn when the goal is to hold.
fn play_out_claim(s: &PlayOut, pos: &Position, c: &mut Ctx<'_>) {
    let Some(value) = kpk::probe(pos) else { return };
    let child_has_pawn = pos
        .pieces()
        .iter()
        .any(|&(_, side, role)| role == chess::Role::Pawn && side == pos.side_to_move());
    let child_wins = child_has_pawn && value == kpk::KpkValue::Win;
    let wants_win = !matches!(s.goal, PlayGoal::HoldDraw { .. });
    if wants_win != child_wins && (wants_win || (!child_has_pawn && value == kpk::KpkValue::Win)) {
        c.err(Problem::Unproven(format!(
            "the king-and-pawn table says this is a {value:?} for the pawn's side"
        )));
    }
}

#[cfg(test)]
mod tests {
    use crate::curriculum::{load, validate};

    const COURSE: &str = r#"
id = "t"
game = "chess"
title = { zh = "测", en = "t" }
description = { zh = "测", en = "t" }
[[units]]
id = "u"
title = { zh = "测", en = "t" }
lessons = ["l"]
"#;

    fn lesson(steps: &str) -> String {
        format!(
            r#"
id = "l"
title = {{ zh = "测", en = "t" }}
[plan]
content = {{ zh = "测", en = "t" }}
objectives = [{{ zh = "测", en = "t" }}]
key_points = [{{ zh = "测", en = "t" }}]
materials = [{{ zh = "测", en = "t" }}]
process = [{{ zh = "测", en = "t" }}]
summary = {{ zh = "测", en = "t" }}
periods = 1
minutes = 5
{steps}
"#
        )
    }

    fn problems(steps: &str) -> Vec<String> {
        let text = lesson(steps);
        let course = load::load_course(&[("course.toml", COURSE), ("l.toml", &text)]).unwrap();
        validate(&course).iter().map(|e| e.to_string()).collect()
    }

    const MATE_IN_ONE: &str = r#"
[[steps]]
kind = "make_move"
id = "s"
text = { zh = "测", en = "t" }
fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
accept = ["a1a8"]
proof = "mate"
praise = { zh = "测", en = "t" }
hint = { zh = "测", en = "t" }
"#;

    #[test]
    fn a_proven_mate_passes_and_a_planted_wrong_answer_fails() {
        assert_eq!(problems(MATE_IN_ONE), Vec::<String>::new());
        let planted = MATE_IN_ONE.replace("a1a8", "a1a7");
        let found = problems(&planted);
        assert!(found.iter().any(|p| p.contains("solver does not confirm")), "{found:?}");
    }

    #[test]
    fn a_mate_in_two_with_a_shorter_mate_is_refused() {
        let puzzle = r#"
[[steps]]
kind = "puzzle"
id = "p"
text = { zh = "测", en = "t" }
fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
goal = "mate"
mate_in = 2
lines = [["a1a7", "h7h6", "a7a8"]]
praise = { zh = "测", en = "t" }
hint = { zh = "测", en = "t" }
"#;
        let found = problems(puzzle);
        assert!(found.iter().any(|p| p.contains("shorter mate")), "{found:?}");
    }

    #[test]
    fn king_and_pawn_claims_follow_the_table() {
        let step = r#"
[[steps]]
kind = "make_move"
id = "k"
text = { zh = "测", en = "t" }
fen = "8/4k3/8/8/4K3/8/4P3/8 w - - 0 1"
accept = ["e4e5"]
proof = "kpk_win"
wrong = [{ move = "e2e3", says = { zh = "测", en = "t" } }]
praise = { zh = "测", en = "t" }
hint = { zh = "测", en = "t" }
"#;
        assert_eq!(problems(step), Vec::<String>::new());
        let swapped =
            step.replace("\"e4e5\"", "\"e2e3\"").replace("move = \"e2e3\"", "move = \"e4e5\"");
        assert!(!problems(&swapped).is_empty());
    }

    #[test]
    fn stars_on_guarded_squares_cannot_be_collected() {
        let step = r#"
[[steps]]
kind = "collect"
id = "c"
text = { zh = "测", en = "t" }
fen = "7k/8/8/3p4/8/8/8/K5R1 w - - 0 1"
piece = "g1"
stars = ["g4", "c4"]
max_moves = 2
hint = { zh = "测", en = "t" }
"#;
        // c4 is guarded by the pawn on d5.
        let found = problems(step);
        assert!(found.iter().any(|p| p.contains("cannot all be taken")), "{found:?}");
        assert_eq!(problems(&step.replace("\"c4\"", "\"b4\"")), Vec::<String>::new());
    }
}
