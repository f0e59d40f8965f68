//! `--measure`: prints how long the app took to its first interactive frame, the frame
//! times while the engine thinks, and the resident memory, then quits. With
//! `--screen play-think` (level 10) it plays the child's move after 60 frames and
//! measures the frames while the engine answers and 30 frames afterwards.

use std::time::{Duration, Instant};

use bevy::prelude::*;

use qike_core::{AnyGame, BoardGame, Point};

use crate::AppState;
use crate::screens::play::PlayScreen;

/// A legal step for the side to move: the first piece that has somewhere to go.
fn first_step(game: &AnyGame) -> Option<(Point, Point)> {
    let side = game.side_to_move();
    game.view()
        .pieces
        .iter()
        .filter(|p| p.side == side)
        .find_map(|p| game.targets(p.at).first().map(|&to| (p.at, to)))
}

/// Measures from `started` (taken first thing in `main`).
#[derive(Debug, Clone, Copy)]
pub struct MeasurePlugin {
    pub started: Instant,
}

#[derive(Resource, Debug)]
struct Measure {
    started: Instant,
    first_frame: Option<Duration>,
    frames: Vec<f32>,
    idle: Vec<f32>,
    was_thinking: bool,
    peak_rss_kb: u64,
    last_frame: Option<Instant>,
    play_frames: u32,
}

impl Plugin for MeasurePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Measure {
            started: self.started,
            first_frame: None,
            frames: Vec::new(),
            idle: Vec::new(),
            was_thinking: false,
            peak_rss_kb: 0,
            last_frame: None,
            play_frames: 0,
        })
        .add_systems(Update, measure.after(crate::ui::UiSet::Draw));
    }
}

/// Resident and peak resident memory of this process in KiB (Linux), else zeros.
pub fn memory_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Frames measured after the engine's move, to compare with the thinking frames.
const IDLE_FRAMES: usize = 30;

fn report(what: &str, frames: &[f32]) {
    let mut f = frames.to_vec();
    f.sort_by(f32::total_cmp);
    let pct = |q: f32| f.get(((f.len() as f32 - 1.0) * q) as usize).copied().unwrap_or(0.0);
    let mean = f.iter().sum::<f32>() / f.len().max(1) as f32;
    println!(
        "measure: {} frames {what}: mean {mean:.1} ms, median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        f.len(),
        pct(0.5),
        pct(0.95),
        pct(1.0)
    );
}

/// Frames on the play screen before the measured move: start-up work is done by then.
const WARM_FRAMES: u32 = 60;

fn measure(
    mut m: ResMut<Measure>,
    state: Res<State<AppState>>,
    play: Option<Res<PlayScreen>>,
    redraw: Res<crate::ui::Redraw>,
    mut taps: MessageWriter<crate::ui::BoardTapped>,
    mut exit: MessageWriter<AppExit>,
) {
    // Wall time between frames (Bevy's delta is capped at 250 ms).
    let now = Instant::now();
    let delta = m.last_frame.map(|t| (now - t).as_secs_f32() * 1000.0).unwrap_or(0.0);
    m.last_frame = Some(now);
    // The first frame that drew a screen a child can use.
    if m.first_frame.is_none()
        && redraw.0
        && !matches!(state.get(), AppState::Loading | AppState::StoreError)
    {
        let t = m.started.elapsed();
        m.first_frame = Some(t);
        println!("measure: first interactive frame ({:?}) after {} ms", state.get(), t.as_millis());
    }
    if m.started.elapsed() > Duration::from_secs(120) {
        println!("measure: gave up after 120 s (no engine move to measure on this screen)");
        exit.write(AppExit::error());
        return;
    }
    // After the screen has warmed up, play the child's move so the engine thinks.
    if let Some(p) = &play
        && !m.was_thinking
        && p.session.is_player_turn()
    {
        m.play_frames += 1;
        if m.play_frames == WARM_FRAMES
            && let Some((from, to)) = first_step(p.session.game())
        {
            taps.write(crate::ui::BoardTapped(from, None));
            taps.write(crate::ui::BoardTapped(to, None));
        }
    }
    let thinking = play.as_ref().is_some_and(|p| p.is_thinking());
    if thinking {
        m.frames.push(delta);
        m.peak_rss_kb = m.peak_rss_kb.max(memory_kb().0);
        m.was_thinking = true;
    } else if m.was_thinking && m.idle.len() < IDLE_FRAMES {
        // The same screen with the engine idle, for comparison.
        m.idle.push(delta);
    } else if m.was_thinking {
        report("while the engine thought", &m.frames);
        report("afterwards, engine idle", &m.idle);
        let (rss, hwm) = memory_kb();
        println!(
            "measure: resident memory during the game {} MiB (now {} MiB, peak {} MiB)",
            m.peak_rss_kb / 1024,
            rss / 1024,
            hwm / 1024
        );
        exit.write(AppExit::Success);
    }
}
