//! The Go steps of a lesson run: tap-go, count and fight.

use super::types::{Feedback, LessonRun, t};
use crate::curriculum::go_steps::{self, Count, Fight, TapGo};
use crate::{AnyGame, MoveInput, Point};

impl LessonRun {
    fn go_game(&self) -> Option<&crate::go::Game> {
        match self.game.as_ref()? {
            AnyGame::Go(g) => Some(g),
            _ => None,
        }
    }

    /// A tap in a tap-go step; a stone stands for every answer stone of its string.
    pub(super) fn tap_go(&mut self, s: &TapGo, p: Point) -> Feedback {
        let Some(g) = self.go_game() else { return Feedback::NotExpected };
        let points: Vec<Point> =
            s.points.iter().filter_map(|q| go_steps::point_on(g, q).ok()).collect();
        if !points.contains(&p) {
            return self.wrong(s.explain.clone());
        }
        let same: Vec<Point> = match g.board().get(p) {
            Some(_) => g.board().string(p).into_iter().filter(|q| points.contains(q)).collect(),
            None => vec![p],
        };
        for q in same {
            if !self.state.found.contains(&q) {
                self.state.found.push(q);
            }
        }
        if points.iter().all(|q| self.state.found.contains(q)) {
            return self.finish_step(Some(s.explain.clone()), false);
        }
        Feedback::Correct { text: None, reply: None }
    }

    /// A number entered in a count step.
    pub(super) fn count(&mut self, s: &Count, n: i64) -> Feedback {
        if n == s.answer {
            return self.finish_step(Some(s.explain.clone()), false);
        }
        let text = if n < s.answer {
            t("少了一点，再仔细数一数。", "A little too few. Count again carefully.")
        } else {
            t("多了一点，再仔细数一数。", "A little too many. Count again carefully.")
        };
        self.wrong(text)
    }

    /// A stone in a fight: proven moves are played and answered by the solver.
    pub(super) fn fight(&mut self, s: &Fight, m: MoveInput) -> Feedback {
        let MoveInput::Place { at } = m else { return Feedback::NotExpected };
        if let Some(f) = self.illegal(m) {
            return f;
        }
        let Some(mut g) = self.go_game().cloned() else { return Feedback::NotExpected };
        let made = self.state.played.len().div_ceil(2).min(255) as u8;
        if !go_steps::fight_move_works(&g, s, at, made).unwrap_or(false) {
            if made == 0
                && let Some(w) = s.wrong.iter().find(|w| self.mv(&w.mv) == Some(m))
            {
                return self.wrong(w.says.clone());
            }
            return self.wrong(t(
                "这步不够好，对方能化解。再想想！",
                "That move lets the other side get away. Think again!",
            ));
        }
        if g.play_at(at).is_err() {
            return Feedback::NotExpected;
        }
        self.state.played.push(m);
        let reply = (!go_steps::fight_done(&g, s, made + 1))
            .then(|| go_steps::fight_reply(&g, s))
            .flatten();
        let Some(r) = reply else {
            self.game = Some(AnyGame::Go(Box::new(g)));
            return self.finish_step(Some(s.praise.clone()), false);
        };
        if g.play_at(r).is_err() {
            return Feedback::NotExpected;
        }
        let reply = MoveInput::Place { at: r };
        self.state.played.push(reply);
        self.game = Some(AnyGame::Go(Box::new(g)));
        Feedback::Correct { text: None, reply: Some(reply) }
    }
}
