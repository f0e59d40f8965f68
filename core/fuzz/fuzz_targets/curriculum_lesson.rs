//! Lesson files and the runner: any text either loads or gives a typed error; a loaded
//! lesson validates without panicking; and `LessonRun` takes any sequence of inputs
//! (taps, moves, choices, placements, hints, retries, save and resume) without
//! panicking, valid lesson or not.
//!
//! Input layout: the lesson's TOML text, then optionally a 0xFF byte (never in UTF-8)
//! followed by the inputs, three bytes each.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qike_core::curriculum::{self, Input, LessonRun};
use qike_core::{PieceKind, Point};

const KINDS: [PieceKind; 7] = [
    PieceKind::General,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Chariot,
    PieceKind::Cannon,
    PieceKind::Soldier,
];

fn point(b: u8) -> Point {
    let i = b % 90;
    Point::new(i % 9, i / 9)
}

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0xFF).unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else { return };
    let inputs = data.get(split + 1..).unwrap_or(&[]);
    let _ = curriculum::load_course(&[("course.toml", text), ("lesson.toml", text)]);
    let Ok(lesson) = curriculum::parse_lesson("lesson.toml", text) else { return };
    let mut problems = Vec::new();
    curriculum::validate_lesson(&lesson, &mut problems);
    for p in &problems {
        let _ = p.to_string();
    }
    let mut run = LessonRun::new(&lesson);
    for chunk in inputs.chunks(3).take(64) {
        let (op, a, b) =
            (chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0));
        let _ = run.view();
        let _ = run.targets(point(a));
        match op % 10 {
            0 => drop(run.submit(Input::Continue)),
            1 => drop(run.submit(Input::Tap(point(a)))),
            2 | 3 => drop(run.submit(Input::Move { from: point(a), to: point(b) })),
            4 => drop(run.submit(Input::Choice(usize::from(b)))),
            5 => drop(run.submit(Input::Place { kind: KINDS[usize::from(b % 7)], at: point(a) })),
            6 => drop(run.hint()),
            7 => run.retry(),
            8 => {
                if let Ok(again) = LessonRun::resume(&lesson, run.save()) {
                    assert_eq!(again.view(), run.view());
                    run = again;
                }
            }
            _ => {
                let _ = run.skip_unavailable();
                if let Some(input) = run.play_out_answer() {
                    let _ = run.submit(input);
                }
            }
        }
        run.add_time(u64::from(a));
    }
    let _ = run.result();
});
