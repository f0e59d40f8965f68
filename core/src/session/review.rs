//! What the result screen shows of a finished game: the coach's review as a graph and a
//! list, one line of verdict that agrees with the result, and the material, captures
//! and count picture beside the board.
//!
//! The graph is one point per position, from the start to the end: the first player's
//! chance to win (red in xiangqi, white in chess, black in Go and gomoku), from 0 to 1,
//! whoever is to move. An engine's score in centipawns becomes a chance by the logistic
//! `1 / (1 + 10^(−cp / 400))`; the Go engine's score is its win rate already
//! (`(rate − ½) × 2000`) and is read back as the rate. A position where the game is
//! over is 1, ½ or 0 by its result.

use crate::ai::{Engine, Limits, MoveReview, StopHandle, Verdict};
use crate::game::{BoardGame, BySide, GameKind, MoveInput, MoveName, Outcome, Side, Text};
use crate::games::AnyGame;
use crate::go;
use crate::material::Material;

use super::opponent::Job;
use super::{COACH_NODES, GameSession, SessionError};

/// The smallest verdict the review lists: inaccuracies, mistakes and blunders.
pub const MARKED_FROM: Verdict = Verdict::Inaccuracy;

/// Nodes (playouts in Go) the engine spends on each position of the graph: a look
/// shorter than the review's, as there is one per ply.
fn series_nodes(kind: GameKind) -> u64 {
    match kind {
        GameKind::Go { .. } => 400,
        _ => COACH_NODES / 3,
    }
}

/// One point of the evaluation graph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalPoint {
    /// Plies played before the position (0: the start).
    pub ply: usize,
    /// The first player's chance to win there, 0 to 1.
    pub first_wins: f64,
}

/// A move the review marks, with the move the coach would have played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkedMove {
    /// Index of the move in the game (0 = the first move).
    pub ply: usize,
    pub played: MoveName,
    pub better: MoveName,
    /// The better move itself, to show on the board (an arrow).
    pub best: MoveInput,
    /// What the move gave away against the better one, in the engine's units.
    pub loss: i32,
    pub verdict: Verdict,
}

/// The coach's review of a game for the result screen.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReview {
    /// One point per position, `ply` 0 to the number of moves.
    pub series: Vec<EvalPoint>,
    /// The child's moves at [`MARKED_FROM`] or worse, in the order played.
    pub marked: Vec<MarkedMove>,
}

/// A score for the side to move as the first player's chance to win.
pub fn win_chance(kind: GameKind, score: i32, side_to_move: Side) -> f64 {
    let mover = match kind {
        GameKind::Go { .. } => (f64::from(score) / 2000.0 + 0.5).clamp(0.0, 1.0),
        _ => 1.0 / (1.0 + 10f64.powf(-f64::from(score) / 400.0)),
    };
    if side_to_move == Side::First { mover } else { 1.0 - mover }
}

/// The first player's chance by a finished game's outcome.
fn outcome_chance(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win { winner: Side::First, .. } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw { .. } => 0.5,
    }
}

/// Every position of `game` looked at by `engine`.
fn series(engine: &mut impl Engine, game: &AnyGame) -> Vec<EvalPoint> {
    let mut replay = game.clone();
    let mut moves = Vec::new();
    while let Some(mv) = replay.undo() {
        moves.push(mv);
    }
    let limits = Limits::nodes(series_nodes(game.kind()));
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut next = moves.into_iter().rev();
    for ply in 0.. {
        let first_wins = match replay.outcome() {
            Some(outcome) => outcome_chance(outcome),
            None => {
                let a = engine.analyse(&replay, &limits, 0);
                win_chance(game.kind(), a.score, replay.side_to_move())
            }
        };
        out.push(EvalPoint { ply, first_wins });
        match next.next() {
            Some(mv) if replay.play(mv).is_ok() => {}
            _ => break,
        }
    }
    out
}

/// The marked moves of `reviews`, named in the position they were played in.
fn marked(game: &AnyGame, reviews: &[MoveReview]) -> Vec<MarkedMove> {
    let positions = {
        let mut replay = game.clone();
        let mut at = vec![replay.clone()];
        while replay.undo().is_some() {
            at.push(replay.clone());
        }
        at.reverse();
        at
    };
    reviews
        .iter()
        .filter(|r| r.verdict >= MARKED_FROM)
        .filter_map(|r| {
            let before = positions.get(r.ply)?;
            Some(MarkedMove {
                ply: r.ply,
                played: before.name_move(r.played).ok()?,
                better: before.name_move(r.best).ok()?,
                best: r.best,
                loss: r.loss,
                verdict: r.verdict,
            })
        })
        .collect()
}

fn build(engine: &mut impl Engine, game: &AnyGame, player: Side) -> GameReview {
    let reviews = engine.review(game, player, COACH_NODES);
    GameReview { series: series(engine, game), marked: marked(game, &reviews) }
}

impl GameReview {
    /// One line that agrees with how the game ended for `player` and with the marks:
    /// never praise for no mistakes under a loss unless there were none, and then it
    /// says the opponent played better. `outcome` `None`: the game was left unfinished.
    pub fn verdict(&self, outcome: Option<Outcome>, player: Side) -> Text {
        let serious = self.marked.iter().filter(|m| m.verdict >= Verdict::Mistake).count();
        let small = self.marked.len() - serious;
        let result = match outcome {
            Some(Outcome::Win { winner, .. }) if winner == player => Some(true),
            Some(Outcome::Win { .. }) => Some(false),
            _ => None,
        };
        let drawn = matches!(outcome, Some(Outcome::Draw { .. }));
        match (result, drawn, serious, small) {
            (Some(true), _, 0, 0) => {
                Text::new("赢得漂亮，没有明显的错误！", "A clean win: no clear mistakes!")
            }
            (Some(true), _, 0, n) => Text {
                zh: format!("你赢了！有 {n} 步还可以下得更好。"),
                en: format!("You won! {} could have been a little better.", moves(n)),
            },
            (Some(true), _, n, _) => Text {
                zh: format!("你赢了！不过有 {n} 步失误，回看一下吧。"),
                en: format!("You won! But look back at {} that went wrong.", moves(n)),
            },
            (Some(false), _, 0, 0) => Text::new(
                "你没有明显的错误，对手下得更好。再来一盘吧！",
                "No clear mistakes: your opponent played better. Try again!",
            ),
            (Some(false), _, 0, n) => Text {
                zh: format!("没有大错，对手下得更好。有 {n} 步还可以下得更好。"),
                en: format!(
                    "No big mistakes: your opponent played better. {} could have been better.",
                    moves(n)
                ),
            },
            (Some(false), _, n, _) => Text {
                zh: format!("这盘有 {n} 步失误，换一步就可能不一样。回看一下吧。"),
                en: format!(
                    "{} went wrong: a better one might have changed the game. Look back at them.",
                    moves(n)
                ),
            },
            (None, true, 0, 0) => Text::new("和棋，下得很稳！", "A draw, and steady play!"),
            (None, true, s, n) => Text {
                zh: format!("和棋。有 {} 步还可以下得更好。", s + n),
                en: format!("A draw. {} could have been better.", moves(s + n)),
            },
            (None, false, 0, 0) => Text::new(
                "棋还没下完，到现在没有明显的错误。",
                "Not finished; no clear mistakes so far.",
            ),
            (None, false, s, n) => Text {
                zh: format!("棋还没下完，有 {} 步还可以下得更好。", s + n),
                en: format!("Not finished; {} could have been better.", moves(s + n)),
            },
        }
    }
}

/// `1 move`, `3 moves`.
fn moves(n: usize) -> String {
    if n == 1 { "1 move".to_owned() } else { format!("{n} moves") }
}

/// The result screen's review and what stands beside the board.
impl GameSession {
    /// Starts the coach reviewing the child's moves and looking at every position for
    /// the graph; [`GameSession::poll_game_review`] gives it.
    pub fn start_game_review(&mut self) -> Result<StopHandle, SessionError> {
        let (game, player) = (self.game().clone(), self.player);
        self.opponent.start(move |engine| build(engine, &game, player), Job::GameReview)
    }

    /// The review once it is there: `None` while the coach still looks.
    pub fn poll_game_review(&mut self) -> Option<Result<GameReview, SessionError>> {
        let Job::GameReview(thinker) =
            self.opponent.take(|j| matches!(j, Job::GameReview(_)), false)?
        else {
            return None;
        };
        Some(self.opponent.finish(thinker))
    }

    /// The review, looked at on this thread.
    pub fn game_review_now(&mut self) -> Result<GameReview, SessionError> {
        let (game, player) = (self.game().clone(), self.player);
        Ok(build(self.opponent.engine()?, &game, player))
    }

    /// Xiangqi and chess: the pieces each side took and who is ahead by how much.
    pub fn material(&self) -> Option<Material> {
        self.game().material()
    }

    /// Go: the stones each side has captured (提子).
    pub fn go_captures(&self) -> Option<BySide<u32>> {
        let board = self.game().as_go()?.board();
        Some(BySide::new(board.captures(Side::First), board.captures(Side::Second)))
    }

    /// Go: whose area each point is with the stones marked dead now, for shading the
    /// board at the count; it adds up to [`GameSession::go_score`].
    pub fn go_count_picture(&self) -> Option<go::CountPicture> {
        self.game().as_go().map(|g| g.count_picture())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Point, WinReason};
    use crate::progress::Timestamp;

    fn mark(verdict: Verdict) -> MarkedMove {
        let name = MoveName { standard: "e4".into(), chinese: "兵e2-e4".into() };
        let best = MoveInput::step(Point::new(4, 1), Point::new(4, 3));
        MarkedMove { ply: 0, played: name.clone(), better: name, best, loss: 200, verdict }
    }

    #[test]
    fn a_loss_without_mistakes_says_the_opponent_played_better() {
        let lost = Some(Outcome::Win { winner: Side::Second, reason: WinReason::Checkmate });
        let clean = GameReview { series: Vec::new(), marked: Vec::new() };
        let v = clean.verdict(lost, Side::First);
        assert!(v.zh.contains("对手下得更好"), "{}", v.zh);
        assert!(v.en.contains("opponent played better"), "{}", v.en);
        assert!(!v.zh.contains("漂亮"));
        let won = Some(Outcome::Win { winner: Side::First, reason: WinReason::Checkmate });
        assert!(clean.verdict(won, Side::First).zh.contains("没有明显的错误"));
        let sloppy = GameReview {
            series: Vec::new(),
            marked: vec![mark(Verdict::Blunder), mark(Verdict::Inaccuracy)],
        };
        let v = sloppy.verdict(lost, Side::First);
        assert!(v.zh.contains("1 步失误") && !v.zh.contains("没有"), "{}", v.zh);
        assert_eq!(
            sloppy.verdict(won, Side::First).en,
            "You won! But look back at 1 move that went wrong."
        );
        let only_small = GameReview { series: Vec::new(), marked: vec![mark(Verdict::Inaccuracy)] };
        assert!(only_small.verdict(lost, Side::First).zh.starts_with("没有大错"));
        let drawn = Some(Outcome::Draw { reason: crate::game::DrawReason::Agreement });
        assert_eq!(sloppy.verdict(drawn, Side::First).zh, "和棋。有 2 步还可以下得更好。");
    }

    #[test]
    fn win_chances_are_from_the_first_players_side() {
        assert_eq!(win_chance(GameKind::Chess, 0, Side::Second), 0.5);
        let up = win_chance(GameKind::Chess, 400, Side::First);
        assert!((up - 10.0 / 11.0).abs() < 1e-9);
        assert!((win_chance(GameKind::Chess, 400, Side::Second) - 1.0 / 11.0).abs() < 1e-9);
        assert_eq!(win_chance(GameKind::Go { size: 9 }, 400, Side::First), 0.7);
        assert!((win_chance(GameKind::Go { size: 9 }, 400, Side::Second) - 0.3).abs() < 1e-9);
    }

    #[test]
    fn the_review_graphs_every_position_and_names_the_marked_moves() {
        // Fool's mate: white's second move lets mate in one.
        let mut s = GameSession::new(
            crate::GameSetup::standard(GameKind::Chess),
            Side::First,
            None,
            1,
            Timestamp(0),
        )
        .unwrap()
        .with_hash_mb(1);
        for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            s.play(MoveInput::decode(GameKind::Chess, text).unwrap()).unwrap();
        }
        let review = s.game_review_now().unwrap();
        assert_eq!(review.series.len(), 5);
        assert_eq!(review.series.iter().map(|p| p.ply).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(review.series[4].first_wins, 0.0, "white is mated");
        assert!(review.series[3].first_wins < 0.05, "mate in one for black");
        let g4 = review.marked.iter().find(|m| m.ply == 2).expect("g4 is marked");
        assert_eq!(g4.played.standard, "g4");
        assert_eq!(g4.verdict, Verdict::Blunder);
        assert_ne!(g4.better.standard, "g4");
        let lost = s.outcome();
        assert!(!review.verdict(lost, Side::First).zh.contains("没有明显"));
    }

    #[test]
    fn the_result_screen_has_material_captures_and_the_count_picture() {
        let s = GameSession::new(
            crate::GameSetup::standard(GameKind::Xiangqi),
            Side::First,
            None,
            1,
            Timestamp(0),
        )
        .unwrap();
        assert_eq!(s.material().unwrap().ahead(), None);
        assert_eq!(s.go_captures(), None);
        let kind = GameKind::Go { size: 9 };
        let mut go =
            GameSession::new(crate::GameSetup::standard(kind), Side::First, None, 1, Timestamp(0))
                .unwrap();
        // Black takes the white stone on A1.
        for text in ["B1", "A1", "A2"] {
            go.play(MoveInput::decode(kind, text).unwrap()).unwrap();
        }
        assert_eq!(go.go_captures(), Some(BySide::new(1, 0)));
        let picture = go.go_count_picture().unwrap();
        let score = go.go_score().unwrap();
        assert_eq!(picture.area(Side::First), score.count.black_area());
    }
}
