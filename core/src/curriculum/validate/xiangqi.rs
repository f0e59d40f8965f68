//! Checks of xiangqi lesson steps: positions read, points and moves are written as
//! ICCS and legal, targets are the rules' targets, stars can be taken, mates are forced
//! against every defence, tactics win material by the engine's search, Chinese
//! notation names the move, and what a make-move step praises or calls wrong holds up
//! to the deeper search of [`super::xiangqi_depth`].

use super::context::{Ctx, Problem, facts_listed, play_out_fields, quiz_fields, read_stars};
use super::xiangqi_depth;
use crate::Point;
use crate::ai::xiangqi::tactic::{self, TACTIC_DEPTH, TACTIC_GAIN};
use crate::curriculum::schema::{MakeMove, PieceFact, Proof, PuzzleGoal, Step, WrongIs};
use crate::curriculum::stars::shortest_tour;
use crate::xiangqi::{Move, Position, mate_search, notation};

impl Ctx<'_> {
    fn fen(&mut self, fen: &str) -> Option<Position> {
        match Position::from_fen(fen) {
            Ok(p) => Some(p),
            Err(e) => {
                self.err(Problem::BadFen { fen: fen.to_owned(), error: e.to_string() });
                None
            }
        }
    }

    fn point(&mut self, s: &str) -> Option<Point> {
        let p = notation::parse_point(s);
        if p.is_none() {
            self.err(Problem::BadPoint(s.to_owned()));
        }
        p
    }

    fn mv(&mut self, s: &str) -> Option<(Point, Point)> {
        let m = notation::parse_move(s);
        if m.is_none() {
            self.err(Problem::BadMove(s.to_owned()));
        }
        m
    }

    /// Plays `s` on `pos` if it is legal, reporting why not otherwise.
    fn play(&mut self, pos: &mut Position, s: &str) -> bool {
        let Some((from, to)) = self.mv(s) else { return false };
        if let Some(reason) = crate::xiangqi::illegal_reason(pos, from, to) {
            self.err(Problem::IllegalMove { mv: s.to_owned(), reason: reason.text().en });
            return false;
        }
        pos.play_points(from, to).is_ok()
    }
}

pub(super) fn validate_step(step: &Step, c: &mut Ctx<'_>) {
    let pos = match step.fen() {
        Some(f) => match c.fen(f) {
            Some(p) => Some(p),
            None => return,
        },
        None => None,
    };
    match step {
        Step::Explain(s) => {
            for h in &s.highlights {
                c.point(h);
            }
            for a in &s.arrows {
                c.mv(a);
            }
        }
        Step::TapTargets(s) => {
            let (Some(pos), Some(from)) = (pos, c.point(&s.piece)) else { return };
            let mut actual: Vec<String> =
                pos.legal_targets(from).into_iter().map(notation::point_name).collect();
            if actual.is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            let mut listed: Vec<String> = s.targets.clone();
            listed.sort();
            actual.sort();
            if listed != actual {
                c.err(Problem::TargetsDiffer { listed, actual });
            }
        }
        Step::MakeMove(s) => {
            let Some(pos) = pos else { return };
            c.text("praise", &s.praise);
            if s.accept.is_empty() {
                c.err(Problem::Empty("accepted move"));
            }
            for a in &s.accept {
                c.play(&mut pos.clone(), a);
            }
            if let Some(written) = &s.notation
                && let Some((from, to)) = s.accept.first().and_then(|a| notation::parse_move(a))
                && let Some(m) = Move::new(from, to)
                && pos.is_legal(m)
            {
                let actual = crate::xiangqi::notation::format_chinese(&pos, m);
                if &actual != written {
                    c.err(Problem::NotationDiffers { written: written.clone(), actual });
                }
            }
            for w in &s.wrong {
                c.mv(&w.mv);
                c.text(&format!("wrong move {}", w.mv), &w.says);
                facts_listed(c, &w.mv, &w.says, &w.facts);
                if s.accept.contains(&w.mv) {
                    c.err(Problem::WrongIsAccepted(w.mv.clone()));
                }
            }
            for h in &s.highlights {
                c.point(h);
            }
            if s.wrong_is == WrongIs::Notation && s.notation.is_none() {
                c.err(Problem::NotationMissing);
            }
            check_proof(&pos, s, c);
            let accept: Vec<Move> = s.accept.iter().filter_map(|a| legal(&pos, a)).collect();
            let wrong: Vec<(Move, &[PieceFact])> = match s.wrong_is {
                WrongIs::Play => s
                    .wrong
                    .iter()
                    .filter_map(|w| legal(&pos, &w.mv).map(|m| (m, w.facts.as_slice())))
                    .collect(),
                WrongIs::Notation => Vec::new(),
            };
            if s.wrong.iter().any(|w| !w.facts.is_empty()) {
                c.proved(xiangqi_depth::facts_method());
            }
            let tactic = s.proof == Some(Proof::WinsMaterial);
            xiangqi_depth::check(&pos, &accept, &wrong, tactic, c);
            for w in s.wrong.iter().filter(|w| !w.facts.is_empty()) {
                match legal(&pos, &w.mv) {
                    None => c.err(Problem::ClaimFalse {
                        mv: w.mv.clone(),
                        why: "the move is not legal here, so nothing follows it".into(),
                    }),
                    Some(m) if s.wrong_is == WrongIs::Notation => {
                        xiangqi_depth::prove_facts(&pos, m, &w.facts, None, c)
                    }
                    Some(_) => {}
                }
            }
        }
        Step::Collect(s) => {
            let (Some(pos), Some(from)) = (pos, c.point(&s.piece)) else { return };
            let occupied = |p| pos.piece_at(p).is_some();
            let Some(stars) = read_stars(c, &s.stars, |c, st| c.point(st), occupied) else {
                return;
            };
            if pos.legal_targets(from).is_empty() {
                c.err(Problem::NoPiece(s.piece.clone()));
                return;
            }
            if collect_path(&pos, from, &stars, s.max_moves).is_none() {
                c.err(Problem::StarsUnreachable { max: s.max_moves });
            }
        }
        Step::Puzzle(s) => {
            let Some(pos) = pos else { return };
            c.text("praise", &s.praise);
            validate_puzzle(s, &pos, c);
        }
        Step::Quiz(s) => {
            quiz_fields(s, c);
            for h in &s.highlights {
                c.point(h);
            }
        }
        Step::TapPoint(s) => {
            c.text("explain", &s.explain);
            if s.points.is_empty() {
                c.err(Problem::Empty("answer point"));
            }
            for p in &s.points {
                c.point(p);
            }
        }
        Step::Setup(s) => {
            let Some(pos) = pos else { return };
            if s.place.is_empty() {
                c.err(Problem::Empty("piece to place"));
            }
            for p in &s.place {
                if let Some(at) = c.point(p)
                    && pos.piece_at(at).is_none()
                {
                    c.err(Problem::NoPiece(p.clone()));
                }
            }
        }
        Step::TapShape(_) => c.err(Problem::NotForThisGame("tap_shape")),
        Step::TapGo(_) | Step::Count(_) | Step::Fight(_) => {
            c.err(Problem::NotForThisGame(step.kind_name()))
        }
        Step::PlayOut(s) => {
            if pos.is_some_and(|p| mate_search::is_mated(&p)) {
                c.err(Problem::GameOver);
            }
            play_out_fields(s, c);
        }
    }
}

fn validate_puzzle(s: &crate::curriculum::schema::Puzzle, pos: &Position, c: &mut Ctx<'_>) {
    if s.lines.is_empty() {
        c.err(Problem::Empty("line"));
        return;
    }
    for (i, line) in s.lines.iter().enumerate() {
        let mut p = pos.clone();
        if line.is_empty() {
            c.err(Problem::BadLine { line: i, what: "is empty".into() });
            continue;
        }
        if !line.iter().all(|m| c.play(&mut p, m)) {
            continue;
        }
        if s.goal == PuzzleGoal::Mate {
            if line.len() % 2 == 0 {
                c.err(Problem::BadLine { line: i, what: "must end with the solver's move".into() });
            } else if !mate_search::is_mated(&p) {
                c.err(Problem::BadLine { line: i, what: "does not end in mate".into() });
            }
        }
    }
    if s.goal == PuzzleGoal::Five {
        c.err(Problem::NotForThisGame("five-in-a-row puzzle"));
    }
    if s.goal == PuzzleGoal::Mate {
        match s.mate_in {
            Some(n @ 1..=3) => {
                c.proved(format!("mate search, exhaustive to mate in {n}"));
                c.claim("forced mate");
                if !mate_search::mates_in(pos, n) {
                    c.err(Problem::NotForcedMate(n));
                }
                // Every move of the child in the lines must keep the mate forced.
                for (i, line) in s.lines.iter().enumerate() {
                    let mut p = pos.clone();
                    for (k, m) in line.iter().enumerate() {
                        let Some((from, to)) = notation::parse_move(m) else { break };
                        let Some(mv) = Move::new(from, to) else { break };
                        if k % 2 == 0 {
                            let left = n.saturating_sub((k / 2) as u8);
                            if !mate_search::move_keeps_mate(&p, mv, left) {
                                c.err(Problem::BadLine {
                                    line: i,
                                    what: format!("move {m} does not force mate"),
                                });
                                break;
                            }
                        }
                        if p.play(mv).is_err() {
                            break;
                        }
                    }
                }
            }
            _ => c.err(Problem::BadMateIn),
        }
    }
}

/// The shortest way (at most `max` moves) for the piece on `from` to land on every
/// star, or `None`. The other side never moves; the piece must be the side to move's.
pub fn collect_path(
    pos: &Position,
    from: Point,
    stars: &[Point],
    max: u8,
) -> Option<Vec<(Point, Point)>> {
    let side = pos.side_to_move();
    shortest_tour(pos.clone(), from, stars, max, |p, at| {
        p.legal_targets(at)
            .into_iter()
            .filter_map(|to| {
                let mut next = p.clone();
                next.play_points(at, to).ok()?;
                Some((to, next.with_side_to_move(side)?))
            })
            .collect()
    })
}

fn legal(pos: &Position, text: &str) -> Option<Move> {
    let (from, to) = notation::parse_move(text)?;
    Move::new(from, to).filter(|&m| pos.is_legal(m))
}

/// Checks the proof a xiangqi make-move step claims, if any: `proof = "wins_material"`
/// is checked by the material search of [`crate::ai::xiangqi::tactic`]. Every accepted
/// move must win at least [`TACTIC_GAIN`] (or mate) against every defence, and no named
/// wrong move may. Other proofs belong to other games and are refused here.
fn check_proof(pos: &Position, s: &MakeMove, c: &mut Ctx<'_>) {
    match s.proof {
        None => {}
        Some(Proof::WinsMaterial) => {
            for a in &s.accept {
                let Some(m) = legal(pos, a) else { continue };
                match tactic::gain(pos, m) {
                    Some(g) if g >= TACTIC_GAIN => {}
                    Some(g) => c.err(Problem::Unproven(format!(
                        "{a} gains {g} against the best defence ({TACTIC_DEPTH} plies and \
                         captures), less than {TACTIC_GAIN}"
                    ))),
                    None => c.err(Problem::Unproven(format!(
                        "the search for {a} ran out of nodes; pick a position with fewer pieces"
                    ))),
                }
            }
            for w in &s.wrong {
                if let Some(m) = legal(pos, &w.mv)
                    && tactic::wins_material(pos, m)
                {
                    c.err(Problem::Unproven(format!("the wrong move {} wins material too", w.mv)));
                }
            }
        }
        Some(_) => c.err(Problem::NotForThisGame("proof other than wins_material")),
    }
}
