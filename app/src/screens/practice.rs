//! Daily practice: a short set of puzzles from the lessons the child finished, in every
//! game, missed puzzles first when they are due again, then new ones near a seven-in-ten
//! chance. The puzzles are played one by one in the lesson player; each result moves
//! the child's puzzle rating and review schedule in the store. The screen opens with
//! what today's set holds and ends with a summary.

use bevy::prelude::*;
use qike_core::curriculum::practice::PickReason;

use crate::AppState;
use crate::data::{Notice, find_lesson};
use crate::flow::PracticeSet;
use crate::i18n::Msg;
use crate::ui::{AddActions, BAD, CARD, Canvas, GOOD, INK, Look, MUTED, Nav, Pressed};
use crate::widgets::{game_name, header};

/// The practice screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum PracticeAction {
    /// Plays the set's next puzzle in the lesson player.
    Go,
}

#[derive(Debug)]
pub struct PracticePlugin;

impl Plugin for PracticePlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<PracticeAction>();
        app.add_systems(OnEnter(AppState::Practice), enter);
        crate::ui::add_screen(app, AppState::Practice, react, draw);
    }
}

/// Back from the lesson player (or opened from home): no puzzle is being played.
fn enter(set: Option<ResMut<PracticeSet>>) {
    if let Some(mut set) = set {
        set.active = false;
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<PracticeAction>>,
    set: Option<ResMut<PracticeSet>>,
    mut next: ResMut<NextState<AppState>>,
) {
    let mut set = set;
    if nav.read().any(|Pressed(n)| *n == Nav::Back) {
        next.set(AppState::Home);
    }
    for Pressed(PracticeAction::Go) in pressed.read() {
        if let Some(set) = set.as_mut().filter(|s| s.current().is_some()) {
            set.active = true;
            next.set(AppState::Lesson);
        }
    }
}

fn draw(mut canvas: Canvas, set: Option<Res<PracticeSet>>, notice: Res<Notice>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let mut p = canvas.painter();
    let mut col = header(&mut p, &frame, lang, lang.get(Msg::Practice), Some(Nav::Back));
    let empty = PracticeSet::default();
    let set = set.as_deref().unwrap_or(&empty);
    if let Some(n) = &notice.0 {
        p.text(col.next(2.4 * u), n.clone(), 0.9, BAD);
    }
    if set.puzzles.is_empty() {
        p.text(col.next(5.0 * u), lang.get(Msg::PracticeNone), 1.1, INK);
        return;
    }
    let count = |reason| set.puzzles.iter().filter(|p| p.pick.reason == reason).count();
    let (n, due, new) = (set.puzzles.len(), count(PickReason::Review), count(PickReason::New));
    let fill = |msg, values: &[(&str, String)]| {
        let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
        lang.fill(msg, &values)
    };
    let solved = set.results.iter().filter(|&&s| s).count();
    let line = if set.is_done() {
        fill(Msg::PracticeSummary, &[("solved", solved.to_string()), ("n", n.to_string())])
    } else {
        let homework = count(PickReason::Homework);
        let msg = if homework > 0 { Msg::PracticeTodayHomework } else { Msg::PracticeToday };
        fill(
            msg,
            &[
                ("n", n.to_string()),
                ("homework", homework.to_string()),
                ("due", due.to_string()),
                ("new", new.to_string()),
            ],
        )
    };
    p.text(col.next(3.0 * u), line, 1.2, INK);
    // One row per puzzle: where it comes from, why it is here, how it went.
    for (i, puzzle) in set.puzzles.iter().enumerate() {
        let row = col.next(2.2 * u);
        p.panel(row, CARD, 0.4);
        let title = find_lesson(&puzzle.item.lesson_id)
            .map(|(_, l)| lang.text(&l.title))
            .unwrap_or_default();
        let why = match puzzle.pick.reason {
            PickReason::Review => Msg::PracticeReview,
            PickReason::New => Msg::PracticeNew,
            PickReason::Homework => Msg::PracticeHomework,
        };
        let text =
            Rect::new(row.min.x + 0.6 * u, row.min.y + 0.35 * u, row.max.x - 3.0 * u, row.max.y);
        // The game first: the set mixes the courses the child has started.
        let game = lang.get(game_name(puzzle.kind));
        p.text(text, format!("{}. {game} · {title} · {}", i + 1, lang.get(why)), 0.9, INK);
        let (mark, color) = match set.results.get(i) {
            Some(true) => ("✓", GOOD),
            Some(false) => ("×", BAD),
            None => ("", MUTED),
        };
        let mark_at = Rect::new(row.max.x - 2.4 * u, row.min.y + 0.3 * u, row.max.x, row.max.y);
        p.text(mark_at, mark, 1.2, color);
    }
    col.next(0.5 * u);
    // The puzzle rating of each game, a line each.
    for &(kind, before, now) in &set.ratings {
        let rating = format!("{now:.0}");
        let change = format!("{:+.0}", now - before);
        let msg = fill(Msg::PracticeRating, &[("rating", rating), ("change", change)]);
        p.text(col.next(1.5 * u), format!("{} {msg}", lang.get(game_name(kind))), 0.9, MUTED);
    }
    col.next(0.3 * u);
    if !set.is_done() {
        let label = if set.results.is_empty() { Msg::PracticeStart } else { Msg::PracticeContinue };
        let r = col.next(3.0 * u);
        p.button(r, lang.get(label), PracticeAction::Go, Look::Primary);
    }
}
