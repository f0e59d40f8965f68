//! Playing on time and what the result and home screens show: the session's clocks, the
//! material and captures beside the board, the Go count as a picture, the review as a
//! graph with marked moves and a verdict, the komi in words, and a pupil's home cards
//! and daily streak.

use qike_core::ai::Verdict;
use qike_core::go::{CountPicture, CountPoint};
use qike_core::progress::{Streak, Timestamp};
use qike_core::session::{GameSession, TimeControl};
use qike_core::{GameKind, GameSetup, GoStart, MoveName, Outcome, PieceKind, Point, Side, Text};

use crate::error::{SessionError, StoreError};
use crate::progress::{ProgressStore, profile_id};
use crate::session::{Session, checked_level, set_up_error};

#[uniffi::remote(Record)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

#[uniffi::remote(Record)]
pub struct CountPoint {
    pub at: Point,
    pub area: Option<Side>,
    pub stone: Option<Side>,
    pub dead: bool,
}

#[uniffi::remote(Record)]
pub struct CountPicture {
    pub size: u8,
    pub points: Vec<CountPoint>,
}

#[uniffi::remote(Record)]
pub struct Streak {
    pub days: u32,
    pub active_today: bool,
}

/// Both clocks as a UI draws them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct ClockView {
    pub control: TimeControl,
    /// Time left for the first and the second player, in milliseconds.
    pub first_ms: u64,
    pub second_ms: u64,
    /// The side whose clock runs (none before the first tick, while the computer
    /// thinks, after a resume until the next tick, and once the game is over).
    pub running: Option<Side>,
    /// The side whose time ran out.
    pub flagged: Option<Side>,
}

/// What each side has taken and who is ahead (xiangqi and chess).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Material {
    /// The pieces the first player took, most valuable first; then the second's.
    pub taken_by_first: Vec<PieceKind>,
    pub taken_by_second: Vec<PieceKind>,
    /// Each side's pieces on the board in the game's units.
    pub first_on_board: u32,
    pub second_on_board: u32,
    /// The first player's material less the second's.
    pub balance: i32,
}

/// The stones each side has captured in a Go game (提子).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct GoCaptures {
    pub by_black: u32,
    pub by_white: u32,
}

/// One point of the evaluation graph.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct EvalPoint {
    pub ply: u32,
    /// The first player's chance to win, 0 to 1.
    pub first_wins: f64,
}

/// A move the review marks, with the move the coach would have played.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MarkedMove {
    pub ply: u32,
    pub played: MoveName,
    pub better: MoveName,
    pub loss: i32,
    pub verdict: Verdict,
}

/// The coach's review for the result screen.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameReview {
    pub series: Vec<EvalPoint>,
    pub marked: Vec<MarkedMove>,
    /// One line that agrees with the result and the marks.
    pub verdict: Text,
}

/// The next lesson of a course.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct NextLesson {
    pub unit: u32,
    pub lesson: u32,
    /// The N of "第 N 课", from 1 through the whole course.
    pub number: u32,
    pub id: String,
    pub title: Text,
}

/// One game's card on the pupil's home screen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameCardProgress {
    pub lessons_done: u32,
    pub lessons_total: u32,
    pub next_lesson: Option<NextLesson>,
}

fn small(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[uniffi::export]
impl Session {
    /// A new game played on time: as [`Session::new`], both sides starting with
    /// `control.base_ms`.
    #[uniffi::constructor]
    pub fn timed(
        setup: GameSetup,
        player: Side,
        level: Option<u32>,
        seed: u64,
        control: TimeControl,
    ) -> Result<Self, SessionError> {
        let level = level.map(|n| checked_level(setup.kind(), n)).transpose()?;
        let session = GameSession::new(setup, player, level, seed, Timestamp::now())
            .map_err(set_up_error)?
            .with_clock(control);
        Ok(Session::wrap(session))
    }

    /// The time is `now_ms` (any steady clock of the caller's, in milliseconds): the
    /// clock of the side to move runs and a side out of time loses. How the game
    /// ended, if it has. Call it every frame and just before a move.
    pub fn tick(&self, now_ms: u64) -> Option<Outcome> {
        self.state().tick(now_ms)
    }

    /// Stops the clock until the next tick (the app went to the background).
    pub fn pause_clock(&self) {
        self.state().pause_clock();
    }

    /// Both clocks at `now_ms`; `None` for a game without a clock.
    pub fn clock_view(&self, now_ms: u64) -> Option<ClockView> {
        self.state().clock_view(now_ms).map(|v| ClockView {
            control: v.control,
            first_ms: v.remaining_ms.first,
            second_ms: v.remaining_ms.second,
            running: v.running,
            flagged: v.flagged,
        })
    }

    /// Xiangqi and chess: the pieces each side took and the balance.
    pub fn material(&self) -> Option<Material> {
        self.state().material().map(|m| Material {
            balance: m.balance(),
            taken_by_first: m.captured.first,
            taken_by_second: m.captured.second,
            first_on_board: m.on_board.first,
            second_on_board: m.on_board.second,
        })
    }

    /// Go: the stones each side has captured.
    pub fn go_captures(&self) -> Option<GoCaptures> {
        self.state().go_captures().map(|c| GoCaptures { by_black: c.first, by_white: c.second })
    }

    /// Go: whose area each point is with the stones marked dead now, for shading the
    /// count; it adds up to [`Session::count_summary`].
    pub fn count_picture(&self) -> Option<CountPicture> {
        self.state().go_count_picture()
    }

    /// The coach's review for the result screen: the graph, the marked moves and the
    /// verdict (a short look at each position, on this thread).
    pub fn game_review(&self) -> Result<GameReview, SessionError> {
        let mut s = self.state();
        {
            let review = s.game_review_now()?;
            let verdict = review.verdict(s.outcome(), s.player());
            Ok(GameReview {
                series: review
                    .series
                    .iter()
                    .map(|p| EvalPoint { ply: small(p.ply), first_wins: p.first_wins })
                    .collect(),
                marked: review
                    .marked
                    .into_iter()
                    .map(|m| MarkedMove {
                        ply: small(m.ply),
                        played: m.played,
                        better: m.better,
                        loss: m.loss,
                        verdict: m.verdict,
                    })
                    .collect(),
                verdict,
            })
        }
    }
}

/// What a Go start gives at the count, in words a child reads on the set-up screen.
#[uniffi::export]
pub fn go_balance_text(start: GoStart) -> Text {
    start.balance_text()
}

/// The time controls the set-up screen offers, shortest first.
#[uniffi::export]
pub fn time_control_choices() -> Vec<TimeControl> {
    TimeControl::CHOICES.to_vec()
}

/// A time control's name for the set-up screen (`每方 10 分钟，每步加 5 秒`).
#[uniffi::export]
pub fn time_control_label(control: TimeControl) -> Text {
    control.label()
}

/// Time left as a clock shows it: `9:59`, and under ten seconds `0:09.5`.
#[uniffi::export]
pub fn clock_text(ms: u64) -> String {
    qike_core::session::clock_text(ms)
}

#[uniffi::export]
impl ProgressStore {
    /// The home card of a game for a child: lessons done and the next lesson; `None`
    /// for a game without a course.
    pub fn game_card(
        &self,
        profile: String,
        kind: GameKind,
    ) -> Result<Option<GameCardProgress>, StoreError> {
        let profile = profile_id(&profile)?;
        let Some(course) = qike_core::curriculum::course_for(kind).ok().flatten() else {
            return Ok(None);
        };
        let card = self.inner().game_card(profile, &course)?;
        Ok(Some(GameCardProgress {
            lessons_done: small(card.lessons_done),
            lessons_total: small(card.lessons_total),
            next_lesson: card.next_lesson.map(|n| NextLesson {
                unit: small(n.unit),
                lesson: small(n.lesson),
                number: small(n.number),
                id: n.id,
                title: n.title,
            }),
        }))
    }

    /// Days in a row up to `now` with a lesson, a puzzle or a game, days counted
    /// `utc_offset_minutes` east of UTC; today without activity yet keeps yesterday's.
    pub fn streak(
        &self,
        profile: String,
        now: Timestamp,
        utc_offset_minutes: i32,
    ) -> Result<Streak, StoreError> {
        Ok(self.inner().streak(profile_id(&profile)?, now, utc_offset_minutes)?)
    }
}
