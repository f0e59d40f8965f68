//! Playing on time: each side's clock, chosen at the set-up as a [`TimeControl`]. The
//! session never reads the system time: the caller hands it the time in milliseconds
//! ([`GameSession::tick`], every frame in the app), and a move is charged up to the
//! latest time the session was given, so tick just before a move for an exact charge.
//!
//! The rules kept here:
//! - The clock runs for the side to move while the game is in play; it starts at the
//!   first tick and stops when the game ends (the count of a Go game included).
//! - After a move made on a running clock the mover gets the increment (Fischer).
//! - Against the engine only the child's clock runs: the engine is never short of
//!   time, and its clock is shown standing still.
//! - A side whose time runs out loses (`WinReason::Timeout`), in every game, with one
//!   exception from the chess rules: when the other side could not mate by any series
//!   of moves — here, when it has only its king left — the game is drawn by
//!   insufficient material. Xiangqi's rules know no such exception: 超时判负.
//! - 悔棋 gives no time back: the time spent on the taken-back moves stays spent, and
//!   the clock runs on for whoever is to move after the take-back.
//! - A saved game keeps both sides' time left; resumed, its clock stands still until
//!   the next tick starts it again, so time away from the game costs nothing.

use serde::{Deserialize, Serialize};

use crate::game::{BoardGame, BySide, Outcome, Side, Text, WinReason};

use super::GameSession;

/// How long each player has: `base_ms` for the whole game, and `increment_ms` added
/// after each of their moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// `minutes` for the game and `increment_s` seconds more after each move: the way
    /// a time control is named, "10+5".
    pub const fn minutes(minutes: u64, increment_s: u64) -> TimeControl {
        TimeControl { base_ms: minutes * 60_000, increment_ms: increment_s * 1_000 }
    }

    /// The time controls the set-up screen offers, shortest first: 5+0, 10+5, 15+10
    /// and 30+0.
    pub const CHOICES: [TimeControl; 4] = [
        TimeControl::minutes(5, 0),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
        TimeControl::minutes(30, 0),
    ];

    /// Its name for the set-up screen: `每方 10 分钟，每步加 5 秒` and `10 min each, +5 s
    /// a move`.
    pub fn label(self) -> Text {
        let (zh_base, en_base) = (duration_zh(self.base_ms), duration_en(self.base_ms));
        if self.increment_ms == 0 {
            Text { zh: format!("每方 {zh_base}"), en: format!("{en_base} each") }
        } else {
            Text {
                zh: format!("每方 {zh_base}，每步加 {}", duration_zh(self.increment_ms)),
                en: format!("{en_base} each, +{} a move", duration_en(self.increment_ms)),
            }
        }
    }
}

/// `10 分钟`, `30 秒`, `1 分 30 秒`.
fn duration_zh(ms: u64) -> String {
    let s = ms / 1000;
    match (s / 60, s % 60) {
        (0, sec) => format!("{sec} 秒"),
        (min, 0) => format!("{min} 分钟"),
        (min, sec) => format!("{min} 分 {sec} 秒"),
    }
}

/// `10 min`, `30 s`, `1 min 30 s`.
fn duration_en(ms: u64) -> String {
    let s = ms / 1000;
    match (s / 60, s % 60) {
        (0, sec) => format!("{sec} s"),
        (min, 0) => format!("{min} min"),
        (min, sec) => format!("{min} min {sec} s"),
    }
}

/// Time left as a clock shows it: `9:59` (whole seconds, rounded up so that `0:00`
/// only shows when the time is out), and under ten seconds with tenths, `0:09.5`.
/// An hour or more reads `1:05:00`.
pub fn clock_text(ms: u64) -> String {
    let tenths = ms.div_ceil(100);
    if tenths < 100 {
        return format!("0:{:02}.{}", tenths / 10, tenths % 10);
    }
    let s = ms.div_ceil(1000);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 { format!("{h}:{m:02}:{s:02}") } else { format!("{m}:{s:02}") }
}

/// The clocks as a UI draws them, at the time asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockView {
    pub control: TimeControl,
    /// Time left for each side, in milliseconds (0 for a side whose flag fell).
    pub remaining_ms: BySide<u64>,
    /// The side whose clock runs; `None` before the first tick, after a resume until
    /// the next tick, while the engine thinks and once the game is over.
    pub running: Option<Side>,
    /// The side whose time ran out.
    pub flagged: Option<Side>,
}

/// The clocks in a saved game: the time each side had left when it was saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SavedClock {
    pub control: TimeControl,
    pub remaining_ms: BySide<u64>,
    #[serde(default)]
    pub flagged: Option<Side>,
}

/// Both sides' clocks in a session.
#[derive(Debug, Clone)]
pub(super) struct Clock {
    control: TimeControl,
    /// Time left when each side's clock last stopped (or at `since` for the running one).
    remaining: BySide<u64>,
    /// The side whose clock runs, and since when.
    running: Option<(Side, u64)>,
    flagged: Option<Side>,
    /// The latest time the caller gave.
    now: Option<u64>,
}

impl Clock {
    pub(super) fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: BySide::new(control.base_ms, control.base_ms),
            running: None,
            flagged: None,
            now: None,
        }
    }

    pub(super) fn from_saved(saved: &SavedClock) -> Clock {
        let mut remaining = saved.remaining_ms;
        if let Some(side) = saved.flagged {
            *remaining.get_mut(side) = 0;
        }
        Clock { remaining, flagged: saved.flagged, ..Clock::new(saved.control) }
    }

    pub(super) fn saved(&self) -> SavedClock {
        let at = self.now.unwrap_or(0);
        SavedClock {
            control: self.control,
            remaining_ms: BySide::new(self.left(Side::First, at), self.left(Side::Second, at)),
            flagged: self.flagged,
        }
    }

    pub(super) fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// Time `side` has left at `now`.
    fn left(&self, side: Side, now: u64) -> u64 {
        let base = *self.remaining.get(side);
        match self.running {
            Some((s, since)) if s == side => base.saturating_sub(now.saturating_sub(since)),
            _ => base,
        }
    }

    /// Books the running side's time up to `now`, and its flag if it fell.
    fn charge(&mut self, now: u64) {
        if let Some((side, _)) = self.running {
            let left = self.left(side, now);
            *self.remaining.get_mut(side) = left;
            self.running = Some((side, now));
            if left == 0 {
                self.flagged = Some(side);
                self.running = None;
            }
        }
    }

    /// The time is `now` and `to_run` is the side whose clock should run (`None`: none).
    /// Time never goes back: an earlier `now` than one seen counts as that one.
    pub(super) fn tick(&mut self, now: u64, to_run: Option<Side>) {
        let now = self.now.map_or(now, |seen| seen.max(now));
        self.now = Some(now);
        self.charge(now);
        if self.flagged.is_some() {
            self.running = None;
            return;
        }
        match (self.running, to_run) {
            (Some((running, _)), Some(side)) if running == side => {}
            (_, Some(side)) => self.running = Some((side, now)),
            (_, None) => self.running = None,
        }
    }

    /// `mover` moved at the latest time given; then `to_run`'s clock runs.
    pub(super) fn moved(&mut self, mover: Side, to_run: Option<Side>) {
        let was_running = matches!(self.running, Some((s, _)) if s == mover);
        let Some(now) = self.now else {
            self.running = None;
            return;
        };
        self.charge(now);
        if self.flagged.is_some() {
            return;
        }
        if was_running {
            let left = self.remaining.get_mut(mover);
            *left = left.saturating_add(self.control.increment_ms);
        }
        self.running = None;
        self.tick(now, to_run);
    }

    /// Stops both clocks at the latest time given (the game left, ended or saved).
    pub(super) fn pause(&mut self) {
        if let Some(now) = self.now {
            self.charge(now);
        }
        self.running = None;
    }

    pub(super) fn view(&self, now: u64) -> ClockView {
        let now = self.now.map_or(now, |seen| seen.max(now));
        let left = |side| if self.flagged == Some(side) { 0 } else { self.left(side, now) };
        ClockView {
            control: self.control,
            remaining_ms: BySide::new(left(Side::First), left(Side::Second)),
            running: self.running.map(|(s, _)| s).filter(|&s| left(s) > 0),
            flagged: self.flagged,
        }
    }
}

/// The session's clocks.
impl GameSession {
    /// The same game played on time: both sides start with `control.base_ms`. Chosen
    /// when the game is made; a game without it has no clock.
    pub fn with_clock(mut self, control: TimeControl) -> GameSession {
        self.clock = Some(Clock::new(control));
        self
    }

    /// The time control, `None` for a game without a clock.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.clock.as_ref().map(|c| c.control)
    }

    /// The time is `now_ms` (milliseconds on any steady clock of the caller's): the
    /// clock of the side to move runs, and a side whose time is up loses. Answers how
    /// the game ended, if it has (on time or otherwise). Call it every frame, and just
    /// before a move, so the move is charged up to the moment it was made.
    pub fn tick(&mut self, now_ms: u64) -> Option<Outcome> {
        let to_run = self.clock_side();
        if let Some(clock) = self.clock.as_mut() {
            clock.tick(now_ms, to_run);
        }
        self.outcome()
    }

    /// Stops the clock at the latest tick (the app goes to the background); the next
    /// tick starts it again.
    pub fn pause_clock(&mut self) {
        if let Some(clock) = self.clock.as_mut() {
            clock.pause();
        }
    }

    /// Both clocks at `now_ms` (no later than the next tick will say), `None` for a game
    /// without a clock.
    pub fn clock_view(&self, now_ms: u64) -> Option<ClockView> {
        self.clock.as_ref().map(|c| c.view(now_ms))
    }

    /// The side whose clock should run now: the side to move while the game is in play,
    /// but against the engine only the child.
    fn clock_side(&self) -> Option<Side> {
        let side = self.game().side_to_move();
        let own_turn = self.level.is_none() || side == self.player;
        (self.in_play() && own_turn).then_some(side)
    }

    /// After a move by `mover`: the increment, and the other clock runs.
    pub(super) fn clock_after_move(&mut self, mover: Side) {
        let to_run = self.clock_side();
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(mover, to_run);
        }
    }

    /// After a take-back or the end of a game: the clock of the side now to move runs
    /// (from the latest tick), or none.
    pub(super) fn clock_follow(&mut self) {
        let to_run = self.clock_side();
        if let Some(clock) = self.clock.as_mut()
            && let Some(now) = clock.now
        {
            clock.tick(now, to_run);
        }
    }

    /// How the game ended on time, when a flag fell.
    pub(super) fn time_outcome(&self) -> Option<Outcome> {
        let side = self.clock.as_ref()?.flagged()?;
        if let Some(chess) = self.game().as_chess() {
            let mut game = chess.clone();
            if let Ok(outcome) = game.flag_fall(side) {
                return Some(outcome);
            }
        }
        Some(Outcome::Win { winner: side.opponent(), reason: WinReason::Timeout })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DrawReason, GameKind, MoveInput};
    use crate::games::GameSetup;
    use crate::progress::Timestamp;
    use crate::session::SessionError;

    fn two_players(kind: GameKind, control: TimeControl) -> GameSession {
        GameSession::new(GameSetup::standard(kind), Side::First, None, 1, Timestamp(0))
            .unwrap()
            .with_clock(control)
    }

    fn play(s: &mut GameSession, text: &str) {
        s.play(MoveInput::decode(s.kind(), text).unwrap()).unwrap();
    }

    fn left(s: &GameSession, now: u64) -> (u64, u64) {
        let v = s.clock_view(now).unwrap();
        (v.remaining_ms.first, v.remaining_ms.second)
    }

    #[test]
    fn time_controls_and_clocks_read_as_a_child_reads_them() {
        assert_eq!(
            TimeControl::minutes(10, 5).label(),
            Text::new("每方 10 分钟，每步加 5 秒", "10 min each, +5 s a move")
        );
        assert_eq!(TimeControl::minutes(5, 0).label(), Text::new("每方 5 分钟", "5 min each"));
        let odd = TimeControl { base_ms: 90_000, increment_ms: 0 };
        assert_eq!(odd.label().zh, "每方 1 分 30 秒");
        assert!(TimeControl::CHOICES.windows(2).all(|w| w[0].base_ms < w[1].base_ms));
        assert_eq!(clock_text(600_000), "10:00");
        assert_eq!(clock_text(599_001), "10:00", "rounded up: a started second still shows");
        assert_eq!(clock_text(598_999), "9:59");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_950), "0:10");
        assert_eq!(clock_text(9_449), "0:09.5");
        assert_eq!(clock_text(1), "0:00.1");
        assert_eq!(clock_text(0), "0:00.0");
        assert_eq!(clock_text(3_900_000), "1:05:00");
    }

    #[test]
    fn a_one_minute_game_is_lost_on_time() {
        let mut s = two_players(GameKind::Xiangqi, TimeControl::minutes(1, 0));
        assert_eq!(s.clock_view(0).unwrap().running, None, "the clock waits for the first tick");
        assert_eq!(s.tick(0), None);
        assert_eq!(s.clock_view(0).unwrap().running, Some(Side::First));
        s.tick(10_000);
        play(&mut s, "h2e2");
        assert_eq!(left(&s, 10_000), (50_000, 60_000));
        assert_eq!(s.clock_view(10_000).unwrap().running, Some(Side::Second));
        assert_eq!(s.tick(69_999), None);
        assert_eq!(left(&s, 69_999), (50_000, 1));
        let lost = Outcome::Win { winner: Side::First, reason: WinReason::Timeout };
        assert_eq!(s.tick(70_000), Some(lost));
        assert_eq!(s.outcome(), Some(lost));
        let view = s.clock_view(80_000).unwrap();
        assert_eq!((view.running, view.flagged), (None, Some(Side::Second)));
        assert_eq!(view.remaining_ms, BySide::new(50_000, 0));
        assert!(!s.is_player_turn(), "no move after the flag fell");
        assert!(matches!(s.undo(), Err(SessionError::Refused(_))), "no take-back either");
        assert_eq!(s.record(1, Timestamp(1)).outcome, Some(lost));
    }

    #[test]
    fn the_increment_comes_after_each_move_on_a_running_clock() {
        let mut s = two_players(GameKind::Chess, TimeControl::minutes(1, 2));
        s.tick(0);
        s.tick(5_000);
        play(&mut s, "e2e4");
        assert_eq!(left(&s, 5_000), (57_000, 60_000));
        s.tick(8_000);
        play(&mut s, "e7e5");
        assert_eq!(left(&s, 8_000), (57_000, 59_000));
        // A move charged up to the latest tick: the frame just before it.
        s.tick(9_000);
        play(&mut s, "g1f3");
        assert_eq!(left(&s, 9_000), (58_000, 59_000));
    }

    #[test]
    fn a_saved_game_keeps_its_times_and_waits_for_a_tick() {
        let mut s = two_players(GameKind::Xiangqi, TimeControl::minutes(5, 3));
        s.tick(1_000);
        s.tick(21_000);
        play(&mut s, "h2e2");
        s.tick(31_000);
        assert_eq!(left(&s, 31_000), (283_000, 290_000));
        let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
        assert_eq!(back.time_control(), Some(TimeControl::minutes(5, 3)));
        let mut back = back;
        // Hours later, on another clock: nothing ran meanwhile.
        let v = back.clock_view(9_000_000).unwrap();
        assert_eq!((v.remaining_ms, v.running), (BySide::new(283_000, 290_000), None));
        back.tick(9_000_000);
        assert_eq!(back.clock_view(9_000_000).unwrap().running, Some(Side::Second));
        back.tick(9_004_000);
        assert_eq!(left(&back, 9_004_000), (283_000, 286_000));
        // An old save without a clock is a game without one.
        let mut old: serde_json::Value = serde_json::from_slice(&s.save_bytes()).unwrap();
        old.as_object_mut().unwrap().remove("clock");
        let untimed = GameSession::resume_bytes(&serde_json::to_vec(&old).unwrap()).unwrap();
        assert_eq!(untimed.clock_view(0), None);
    }

    #[test]
    fn a_flag_that_fell_is_saved_with_the_game() {
        let mut s = two_players(GameKind::Go { size: 9 }, TimeControl::minutes(1, 0));
        s.tick(0);
        s.tick(60_000);
        let lost = Some(Outcome::Win { winner: Side::Second, reason: WinReason::Timeout });
        assert_eq!(s.outcome(), lost);
        let back = GameSession::resume_bytes(&s.save_bytes()).unwrap();
        assert_eq!(back.outcome(), lost);
    }

    #[test]
    fn taking_back_a_move_gives_no_time_back() {
        let mut s = two_players(GameKind::Chess, TimeControl::minutes(1, 0));
        s.tick(0);
        s.tick(10_000);
        play(&mut s, "e2e4");
        s.tick(15_000);
        assert_eq!(s.undo().unwrap(), 1);
        // White is to move again: black's 5 s stay spent, and white's clock runs on
        // from the take-back.
        assert_eq!(s.clock_view(15_000).unwrap().running, Some(Side::First));
        assert_eq!(left(&s, 15_000), (50_000, 55_000));
        s.tick(20_000);
        assert_eq!(left(&s, 20_000), (45_000, 55_000));
    }

    #[test]
    fn a_chess_flag_against_a_lone_king_is_a_draw() {
        let setup = GameSetup::Chess { fen: "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".into() };
        let mut s = GameSession::new(setup, Side::First, None, 1, Timestamp(0))
            .unwrap()
            .with_clock(TimeControl::minutes(1, 0));
        s.tick(0);
        let drawn = Outcome::Draw { reason: DrawReason::InsufficientMaterial };
        assert_eq!(s.tick(60_000), Some(drawn), "black has only its king: it cannot mate");
    }

    #[test]
    fn against_the_engine_only_the_childs_clock_runs() {
        let mut s = GameSession::xiangqi(Side::First, 1, 1, Timestamp(0))
            .unwrap()
            .with_hash_mb(1)
            .with_clock(TimeControl::minutes(3, 0));
        s.tick(0);
        s.tick(2_000);
        play(&mut s, "h2e2");
        assert_eq!(s.clock_view(2_000).unwrap().running, None, "the engine thinks off the clock");
        s.tick(50_000);
        s.engine_move_now().unwrap();
        assert_eq!(left(&s, 50_000), (178_000, 180_000));
        assert_eq!(s.clock_view(50_000).unwrap().running, Some(Side::First));
        s.tick(51_000);
        assert_eq!(left(&s, 51_000), (177_000, 180_000));
    }
}
