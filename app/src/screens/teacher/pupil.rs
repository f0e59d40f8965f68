//! One pupil's page: last activity, suggested level, lessons, homework and games.

use bevy::prelude::*;
use qike_core::progress::{LessonStatus, ProgressStore, Timestamp};

use super::{
    Teacher, TeacherPage, class_game_name, homework, open_games, open_lessons, page_header,
};
use crate::data::Store;
use crate::i18n::{Lang, Msg};
use crate::ui::{BAD, Canvas, Column, INK, MUTED, Painter, STAR};
use crate::widgets::stars_text;

pub(super) fn draw(mut canvas: Canvas, t: Res<Teacher>, store: Option<Res<Store>>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let mut p = canvas.painter();
    let Some(store) = store else { return };
    let mut col = page_header(&mut p, &frame, lang, TeacherPage::Pupil, &t);
    pupil(&mut p, &mut col, frame.unit, lang, &store.0, &t);
}

fn days_ago(at: Timestamp, lang: Lang) -> String {
    let days = at.days_until(Timestamp::now()).max(0);
    if days == 0 {
        lang.get(Msg::Today).to_owned()
    } else {
        lang.fill(Msg::DaysAgo, &[("n", &days.to_string())])
    }
}

fn pupil(p: &mut Painter, col: &mut Column, u: f32, lang: Lang, s: &ProgressStore, t: &Teacher) {
    let (Some(class), Some(id)) = (t.class, t.pupil) else { return };
    let Ok(entry) = s.roster_entry(class, id) else { return };
    let name = col.next(2.4 * u);
    p.text(name, entry.shown_name(), 1.4, INK);
    let timeline = s.student_timeline(class, id).unwrap_or_default();
    let last = timeline
        .first()
        .map_or_else(|| lang.get(Msg::NoActivityYet).to_owned(), |a| days_ago(a.at, lang));
    let r = col.next(1.5 * u);
    p.text(r, format!("{}{last}", lang.get(Msg::LastActivity)), 0.85, MUTED);
    if let Ok(None) = s.pinned_pupil_key(class, id) {
        let r = col.next(1.5 * u);
        p.text(r, lang.get(Msg::UnverifiedPupil), 0.8, BAD);
    }
    let records = s.student_lessons(class, id).unwrap_or_default();
    // The record of the lesson tapped on the dashboard.
    if let Some(lesson) = &t.record {
        let rec = records.iter().find(|r| &r.lesson_id == lesson);
        let title =
            crate::data::find_lesson(lesson).map_or(lesson.clone(), |(_, l)| lang.text(&l.title));
        let card = col.next(4.2 * u);
        p.panel(card, crate::ui::CARD, 0.6);
        let inner =
            Rect::new(card.min.x + 0.6 * u, card.min.y + 0.4 * u, card.max.x - 0.6 * u, card.max.y);
        p.text(
            Rect::new(inner.min.x, inner.min.y, inner.max.x, inner.min.y + 1.6 * u),
            title,
            1.0,
            INK,
        );
        let line = match rec {
            None => lang.get(Msg::NotOpenedYet).to_owned(),
            Some(r) => {
                let state = match r.status {
                    LessonStatus::Completed => stars_text(r.best_stars),
                    _ => lang.fill(Msg::TriesSoFar, &[("n", &r.attempts.to_string())]),
                };
                lang.fill(
                    Msg::LessonRecordLine,
                    &[
                        ("state", &state),
                        ("tries", &r.attempts.to_string()),
                        ("mistakes", &r.mistakes.to_string()),
                        ("hints", &r.hints.to_string()),
                        ("minutes", &(r.time_ms / 60_000).to_string()),
                    ],
                )
            }
        };
        let r = Rect::new(inner.min.x, inner.min.y + 1.8 * u, inner.max.x, inner.max.y);
        p.text(r, line, 0.75, MUTED);
    }
    let ratings = s.student_ratings(class, id).unwrap_or_default();
    for game in open_games(s, t) {
        let key = qike_core::progress::class_game_key(game);
        let level = ratings
            .iter()
            .find(|(k, _)| k.starts_with(key) && !(key == "go" && k.starts_with("gomoku")))
            .map(|(_, r)| r.suggested_level());
        let puzzles = crate::data::course_of(game)
            .and_then(|c| s.student_puzzle_score(class, id, c).ok())
            .filter(|score| score.tried > 0);
        if level.is_none() && puzzles.is_none() {
            continue;
        }
        let game = class_game_name(key, lang);
        if let Some(level) = level {
            let r = col.next(1.5 * u);
            let line = format!("{game} · {}{level}", lang.get(Msg::PupilSuggestedLevel));
            p.text(r, line, 0.85, MUTED);
        }
        if let Some(score) = puzzles {
            let values = [("solved", score.solved.to_string()), ("tried", score.tried.to_string())];
            let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let r = col.next(1.5 * u);
            let line = format!("{game} · {}", lang.fill(Msg::PupilPuzzleScore, &values));
            p.text(r, line, 0.85, MUTED);
        }
    }

    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::Lessons), 1.0, INK);
    for lesson in open_lessons(s, t) {
        let Some(rec) = records.iter().find(|r| r.lesson_id == lesson.id) else { continue };
        let r = col.next(1.25 * u);
        let state = match rec.status {
            LessonStatus::Completed => stars_text(rec.best_stars),
            _ => lang.fill(Msg::TriesSoFar, &[("n", &rec.attempts.to_string())]),
        };
        let color = if rec.status == LessonStatus::Completed { INK } else { MUTED };
        let title = Rect::new(r.min.x, r.min.y, r.max.x - 6.0 * u, r.max.y);
        p.text(title, lang.text(&lesson.title), 0.8, color);
        let st = Rect::new(r.max.x - 6.0 * u, r.min.y, r.max.x, r.max.y);
        p.text_aligned(
            st,
            state,
            0.8,
            if rec.status == LessonStatus::Completed { STAR } else { MUTED },
            Justify::Right,
        );
        if col.y > p.unit * 38.0 {
            break;
        }
    }
    col.next(0.4 * u);
    homework::pupil_lines(p, col, u, lang, s, class, id);
    let head = col.next(1.6 * u);
    p.text(head, lang.get(Msg::PupilGamesByLevel), 1.0, INK);
    let mut stats = s.games_by_level(class, id).unwrap_or_default();
    stats.extend(s.junqi_games_by_level(class, id).unwrap_or_default());
    if stats.is_empty() {
        let r = col.next(1.3 * u);
        p.text(r, lang.get(Msg::NoGamesYet), 0.8, MUTED);
    }
    for st in stats.iter().take(8) {
        let r = col.next(1.25 * u);
        let line = lang.fill(
            Msg::LevelLine,
            &[
                ("game", class_game_name(&st.game, lang)),
                ("level", &st.level.to_string()),
                ("won", &st.won.to_string()),
                ("drawn", &st.drawn.to_string()),
                ("lost", &st.lost.to_string()),
            ],
        );
        p.text(r, line, 0.8, INK);
    }
}
