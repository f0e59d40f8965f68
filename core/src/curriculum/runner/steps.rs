//! The steps a child plays on a board, in every game that has them: tapping a piece's
//! targets, making the move, hunting stars, solving a puzzle, playing out against the
//! engine and setting pieces up; and how a move is played and answered on a lesson
//! board (which may hold a position no game could reach).

use super::types::{Feedback, LessonRun, t};
use super::{chess, gomoku};
use crate::curriculum::playout::{self, Verdict};
use crate::curriculum::schema::{
    Collect, MakeMove, PlayOut, Proof, Puzzle, PuzzleGoal, Setup, TapTargets, Text,
};
use crate::curriculum::teach;
use crate::xiangqi::{Kind, mate_search};
use crate::{AnyGame, BoardGame, MoveInput, PieceKind, Point};

impl LessonRun {
    pub(super) fn tap_target(&mut self, s: &TapTargets, p: Point) -> Feedback {
        let Some(from) = self.pt(&s.piece) else { return Feedback::NotExpected };
        let targets = self.targets(from);
        if targets.contains(&p) {
            if !self.state.found.contains(&p) {
                self.state.found.push(p);
            }
            if targets.iter().all(|t| self.state.found.contains(t)) {
                return self.finish_step(None, false);
            }
            return Feedback::Correct { text: None, reply: None };
        }
        if p == from {
            return self.wrong(t(
                "这是棋子自己的位置，点它能走到的点。",
                "That is where the piece stands; tap where it can go.",
            ));
        }
        let reason = self
            .refusal(MoveInput::step(from, p))
            .unwrap_or_else(|| t("这个棋子走不到那里。", "This piece cannot go there."));
        self.wrong(reason)
    }

    pub(super) fn make_move(&mut self, s: &MakeMove, m: MoveInput) -> Feedback {
        let listed = s.accept.iter().any(|a| self.mv(a) == Some(m));
        // A stone that starts a win by fours is right even when the author listed
        // another first stone.
        let proven = s.proof == Some(Proof::StartsVcf)
            && self.game.as_ref().is_some_and(|g| gomoku::starts_vcf(g, m))
            || chess::proves(s.proof, self.game.as_ref(), m);
        if (listed || proven)
            && let Some(game) = &mut self.game
            && advance(game, m).is_ok()
        {
            self.state.played.push(m);
            return self.finish_step(Some(s.praise.clone()), false);
        }
        // A legal wrong move gets the opponent's answer to show; an illegal one none.
        self.refutation = self.game.as_ref().and_then(|g| teach::refute(g, m));
        if let Some(w) = s.wrong.iter().find(|w| self.mv(&w.mv) == Some(m)) {
            return self.wrong(w.says.clone());
        }
        if let Some(f) = self.illegal(m) {
            return f;
        }
        self.wrong(t(
            "这步棋可以走，但不是这里要找的那一步。再看看！",
            "That move is allowed, but it is not the one we are looking for. Look again!",
        ))
    }

    pub(super) fn collect(&mut self, s: &Collect, from: Point, to: Point) -> Feedback {
        let current = match self.state.played.last() {
            Some(MoveInput::Step { to, .. }) => Some(*to),
            _ => self.pt(&s.piece),
        };
        if current != Some(from) {
            return self.wrong(t(
                "这一关只走带星星任务的那个棋子。",
                "In this game, move only the star-hunting piece.",
            ));
        }
        let m = MoveInput::step(from, to);
        if let Some(f) = self.illegal(m) {
            return f;
        }
        if let Some(reason) = self.game.as_ref().and_then(|g| chess::collect_refusal(g, from, to)) {
            return self.wrong(reason);
        }
        let Some(game) = &mut self.game else { return Feedback::NotExpected };
        let side = game.side_to_move();
        if advance(game, m).is_err() {
            return Feedback::NotExpected;
        }
        if let Some(g) = keep_turn(game, side) {
            *game = g;
        }
        self.state.played.push(m);
        let stars: Vec<Point> = s.stars.iter().filter_map(|p| self.pt(p)).collect();
        if stars.contains(&to) && !self.state.found.contains(&to) {
            self.state.found.push(to);
        }
        if stars.iter().all(|p| self.state.found.contains(p)) {
            return self.finish_step(None, false);
        }
        if self.state.played.len() >= s.max_moves as usize {
            self.retry();
            return self.wrong(t(
                "步数用完了，星星还没吃完。再来一次！",
                "Out of moves and some stars are left. Try again!",
            ));
        }
        Feedback::Correct { text: None, reply: None }
    }

    pub(super) fn puzzle(&mut self, s: &Puzzle, m: MoveInput) -> Feedback {
        if let Some(f) = self.illegal(m) {
            return f;
        }
        let Some(mut game) = self.game.clone() else { return Feedback::NotExpected };
        let k = self.state.played.len();
        let mut next = self.state.played.clone();
        next.push(m);
        let line = s.lines.iter().find_map(|line| {
            let moves: Vec<MoveInput> = line.iter().filter_map(|m| self.mv(m)).collect();
            (moves.len() > k && moves[..=k] == next[..]).then_some(moves)
        });
        let left = s.mate_in.unwrap_or(0).saturating_sub((k / 2) as u8);
        let good = line.is_some()
            || match s.goal {
                PuzzleGoal::Mate => {
                    self.xq_pos().is_some_and(|pos| {
                        step_move(m).is_some_and(|mv| mate_search::move_keeps_mate(pos, mv, left))
                    }) || chess::keeps_mate(&game, m, left)
                }
                PuzzleGoal::Five => gomoku::keeps_vcf(&game, m, u32::from(left)),
                PuzzleGoal::Line => false,
            };
        if !good {
            self.refutation = self.game.as_ref().and_then(|g| teach::refute(g, m));
            return self.wrong(t(
                "这步不够好，对方能化解。再想想！",
                "That move lets the opponent escape. Think again!",
            ));
        }
        if advance(&mut game, m).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(m);
        if is_finished(&game) {
            self.game = Some(game);
            return self.finish_step(Some(s.praise.clone()), false);
        }
        let reply = match &line {
            Some(moves) if moves.len() > k + 1 => Some(moves[k + 1]),
            Some(_) if s.goal == PuzzleGoal::Line => {
                self.game = Some(game);
                return self.finish_step(Some(s.praise.clone()), false);
            }
            _ => fallback_reply(&game),
        };
        let Some(reply) = reply else { return Feedback::NotExpected };
        if advance(&mut game, reply).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(reply);
        self.game = Some(game);
        Feedback::Correct { text: None, reply: Some(reply) }
    }

    /// The child's move in a play-out, then (unless the goal is settled) the engine's
    /// reply, computed here with the step's small node budget.
    pub(super) fn play_out(&mut self, s: &PlayOut, m: MoveInput) -> Feedback {
        if let Some(f) = self.illegal(m) {
            return f;
        }
        let (Some(start), Some(mut game)) = (self.step_start(), self.game.clone()) else {
            return Feedback::NotExpected;
        };
        let child = start.side_to_move();
        let base = playout::balance(&start, child);
        if advance(&mut game, m).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(m);
        let n = playout::child_moves(self.state.played.len());
        let praise = || s.praise.clone().unwrap_or_else(playout::default_praise);
        match playout::after_child(s, &game, child, base, n) {
            Verdict::Reached => {
                self.game = Some(game);
                return self.finish_step(Some(praise()), false);
            }
            Verdict::Failed(reason) => {
                self.retry();
                return self.wrong(reason);
            }
            Verdict::Going => {}
        }
        let Some(reply) = playout::engine_reply(s, &game, self.state.played.len()) else {
            return Feedback::NotExpected;
        };
        if advance(&mut game, reply).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(reply);
        match playout::after_reply(s, &game, child, base, n) {
            Verdict::Reached => {
                self.game = Some(game);
                self.finish_step(Some(praise()), false)
            }
            Verdict::Failed(reason) => {
                self.retry();
                self.wrong(reason)
            }
            Verdict::Going => {
                self.game = Some(game);
                Feedback::Correct { text: None, reply: Some(reply) }
            }
        }
    }

    pub(super) fn place(&mut self, s: &Setup, kind: PieceKind, at: Point) -> Feedback {
        let Some(game) = &self.game else { return Feedback::NotExpected };
        let wanted = s.place.iter().filter_map(|p| self.pt(p)).any(|p| p == at);
        let there = game.view().piece_at(at).map(|pc| pc.kind);
        if wanted && !self.state.found.contains(&at) && there == Some(kind) {
            self.state.found.push(at);
            let all =
                s.place.iter().filter_map(|p| self.pt(p)).all(|p| self.state.found.contains(&p));
            if all {
                return self.finish_step(None, false);
            }
            return Feedback::Correct { text: None, reply: None };
        }
        let name = Kind::from_piece_kind(kind)
            .map(kind_name)
            .or_else(|| chess::piece_name(kind))
            .unwrap_or_else(|| t("这个棋子", "this piece"));
        self.wrong(Text {
            zh: format!("{}不摆在这里。想想它的起始位置。", name.zh),
            en: format!("The {} does not start here. Think of its starting point.", name.en),
        })
    }
}

/// A xiangqi move from a step input.
fn step_move(m: MoveInput) -> Option<crate::xiangqi::Move> {
    match m {
        MoveInput::Step { from, to, .. } => crate::xiangqi::Move::new(from, to),
        _ => None,
    }
}

/// Whether a puzzle's game is won: in xiangqi the side to move has no legal move (将死
/// or 困毙), elsewhere the game has an outcome.
fn is_finished(game: &AnyGame) -> bool {
    match game.as_xiangqi() {
        Some(g) => mate_search::is_mated(g.position()),
        None => game.outcome().is_some(),
    }
}

/// Plays `m`. A xiangqi lesson board may hold a position the rules call over (two
/// lone generals); its pieces still move as the position allows.
pub(super) fn advance(game: &mut AnyGame, m: MoveInput) -> Result<(), crate::Refusal> {
    if let AnyGame::Xiangqi(g) = game
        && g.outcome().is_some()
        && let MoveInput::Step { from, to, .. } = m
    {
        let mut pos = g.position().clone();
        pos.play_points(from, to).map_err(|_| crate::Refusal::NotAMove)?;
        *g = crate::xiangqi::Game::new(pos, g.rules());
        return Ok(());
    }
    game.play(m)
}

/// The opponent's answer when the child's move is right but off the scripted lines:
/// in xiangqi the engine's best defence, in gomoku the block of the child's four.
fn fallback_reply(game: &AnyGame) -> Option<MoveInput> {
    match game {
        AnyGame::Xiangqi(_) => teach::best_reply(game),
        AnyGame::Gomoku(g) => gomoku::block(g),
        AnyGame::Chess(g) => chess::defence(g),
        _ => None,
    }
}

/// The same position with `side` to move again (collect steps, where only the child's
/// piece moves); `None` outside xiangqi or when that position is not valid.
pub(super) fn keep_turn(game: &AnyGame, side: crate::Side) -> Option<AnyGame> {
    if let AnyGame::Chess(g) = game {
        return chess::keep_turn(g, side);
    }
    let pos = game.as_xiangqi()?.position().with_side_to_move(side)?;
    Some(AnyGame::Xiangqi(crate::xiangqi::Game::new(pos, crate::xiangqi::Rules::default())))
}

/// The name of a xiangqi piece kind (red's character).
pub fn kind_name(k: Kind) -> Text {
    match k {
        Kind::General => t("帅", "general"),
        Kind::Advisor => t("仕", "advisor"),
        Kind::Elephant => t("相", "elephant"),
        Kind::Horse => t("马", "horse"),
        Kind::Chariot => t("车", "chariot"),
        Kind::Cannon => t("炮", "cannon"),
        Kind::Soldier => t("兵", "soldier"),
    }
}
