//! After a game: the result and why (the count of a Go game), the coach's review where
//! the game has an engine (each of the child's inaccuracies, mistakes and blunders with
//! the better move), and a replay of the game move by move. The review is searched on
//! a worker thread; the screen shows "reviewing…" meanwhile.

use bevy::prelude::*;
use qike_core::ai::{MoveReview, Verdict};
use qike_core::{BoardGame, Colour, DrawReason, GameKind, Outcome, Side, WinReason};

use crate::AppState;
use crate::board::ActiveBoard;
use crate::data::Current;
use crate::flow::FinishedGame;
use crate::i18n::{Lang, Msg};
use crate::ui::{
    AddActions, BAD, CARD, Canvas, Frame, GOOD, INK, Look, MUTED, Nav, Pressed, Redraw, UiSet,
    redrawing,
};
use crate::widgets::{count_text, header, move_name};

/// The engine's table for the review, in MiB: a short look at each move needs little.
const REVIEW_HASH_MB: usize = 8;

/// The result screen's state.
#[derive(Resource, Debug)]
pub struct ResultScreen {
    /// The finished game; its engine reviews it on a worker thread.
    pub game: FinishedGame,
    pub review: Option<Vec<MoveReview>>,
    /// The ply shown on the replay board (all moves = the final position).
    pub ply: usize,
}

/// The result screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum ResultAction {
    /// Moves the replay by this many plies.
    Replay(i32),
    PlayAgain,
}

#[derive(Debug)]
pub struct ResultPlugin;

impl Plugin for ResultPlugin {
    fn build(&self, app: &mut App) {
        app.add_actions::<ResultAction>();
        app.add_systems(OnEnter(AppState::Result), enter)
            .add_systems(OnExit(AppState::Result), |mut commands: Commands| {
                commands.remove_resource::<ResultScreen>();
                commands.remove_resource::<ActiveBoard>();
            })
            .add_systems(
                Update,
                (
                    (react, collect_review, show_board).chain().in_set(UiSet::Logic).run_if(
                        in_state(AppState::Result).and_then(resource_exists::<ResultScreen>),
                    ),
                    draw.in_set(UiSet::Draw).run_if(
                        in_state(AppState::Result)
                            .and_then(redrawing)
                            .and_then(resource_exists::<ResultScreen>),
                    ),
                ),
            );
    }
}

fn enter(
    mut commands: Commands,
    game: Option<Res<FinishedGame>>,
    mut next: ResMut<NextState<AppState>>,
) {
    let Some(game) = game else {
        next.set(AppState::Home);
        return;
    };
    let mut session = game.0.clone().with_hash_mb(REVIEW_HASH_MB);
    // Only a game with an engine has a coach to review it: otherwise nothing starts.
    let _ = session.start_review();
    let ply = session.game().history().len();
    commands.insert_resource(ResultScreen { game: FinishedGame(session), review: None, ply });
}

fn collect_review(mut screen: ResMut<ResultScreen>, mut redraw: ResMut<Redraw>) {
    if screen.game.0.answer_ready()
        && let Some(review) = screen.game.0.poll_review()
    {
        screen.review = Some(review.unwrap_or_default());
        redraw.0 = true;
    }
}

fn react(
    mut nav: MessageReader<Pressed<Nav>>,
    mut pressed: MessageReader<Pressed<ResultAction>>,
    mut screen: ResMut<ResultScreen>,
    mut redraw: ResMut<Redraw>,
    mut next: ResMut<NextState<AppState>>,
) {
    for Pressed(action) in nav.read() {
        if matches!(action, Nav::Back | Nav::Go(AppState::Home)) {
            next.set(AppState::Home);
        }
    }
    for Pressed(action) in pressed.read() {
        match action {
            ResultAction::Replay(d) => {
                let total = screen.game.0.game().history().len() as i64;
                screen.ply = (screen.ply as i64 + i64::from(*d)).clamp(0, total) as usize;
                redraw.0 = true;
            }
            ResultAction::PlayAgain => next.set(AppState::PlaySetup),
        }
    }
}

fn board_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let a = frame.inner(0.8);
    Rect::new(a.min.x, a.min.y + 7.5 * u, a.max.x, a.min.y + 7.5 * u + a.height() * 0.42)
}

fn show_board(
    mut commands: Commands,
    screen: Res<ResultScreen>,
    frame: Res<Frame>,
    current: Res<Current>,
    board: Option<Res<ActiveBoard>>,
) {
    // Rebuilding the view every frame is work for nothing: only when something changed.
    if !(screen.is_changed() || frame.is_changed() || current.is_changed()) {
        return;
    }
    let s = &screen.game.0;
    let game = s.game_at(screen.ply);
    let mut view = game.view();
    if view.last_move.is_none() {
        view.last_move = game.history().last().and_then(|m| m.last_move());
    }
    let mut want = ActiveBoard::new(view, board_area(&frame));
    want.flipped = s.player() == Side::Second;
    want.letters = current.piece_style() == qike_core::progress::PieceStyle::Letters;
    want.coordinates = current.settings.show_coordinates;
    if board.as_deref() != Some(&want) {
        commands.insert_resource(want);
    }
}

/// What the result says: from the child's side against the computer, by colour for
/// two players.
pub fn headline(outcome: Option<Outcome>, player: Side, kind: GameKind, two_players: bool) -> Msg {
    match outcome {
        Some(Outcome::Win { winner, .. }) if two_players => match winner.colour(kind) {
            Colour::Red => Msg::RedWins,
            Colour::Black => Msg::BlackWins,
            Colour::White => Msg::WhiteWins,
        },
        Some(Outcome::Win { winner, .. }) if winner == player => Msg::YouWon,
        Some(Outcome::Win { .. }) => Msg::YouLost,
        _ => Msg::Drawn,
    }
}

/// Why the game ended.
pub fn reason(outcome: Option<Outcome>, kind: GameKind) -> Option<Msg> {
    Some(match outcome? {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => Msg::ByCheckmate,
            WinReason::NoLegalMove => Msg::ByNoMove,
            WinReason::Resignation => Msg::ByResignation,
            WinReason::ForbiddenRepetition => Msg::ByRepetition,
            WinReason::Timeout => Msg::ByTimeout,
            WinReason::Score => Msg::ByCount,
            WinReason::FiveInARow => Msg::ByFive,
            WinReason::ForbiddenMove => Msg::ByForbidden,
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Agreement => Msg::ByAgreement,
            DrawReason::Stalemate => Msg::ByStalemate,
            DrawReason::Repetition => Msg::ByRepeat,
            DrawReason::MoveLimit if kind == GameKind::Xiangqi => Msg::ByMoveLimit,
            DrawReason::MoveLimit => Msg::ByFiftyMoves,
            DrawReason::InsufficientMaterial => Msg::ByMaterial,
            DrawReason::BoardFull => Msg::ByBoardFull,
            DrawReason::EqualScore => Msg::ByEqualCount,
        },
    })
}

/// The result line of a finished game, as the result screen's title says it.
pub fn result_title(s: &qike_core::session::GameSession, lang: Lang) -> String {
    let kind = s.kind();
    let head = headline(s.outcome(), s.player(), kind, s.is_two_player());
    let mut title = lang.get(head).to_owned();
    if let Some(r) = reason(s.outcome(), kind) {
        title.push_str(&format!("（{}）", lang.get(r)));
    }
    title
}

fn draw(mut canvas: Canvas, screen: Res<ResultScreen>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let s = &screen.game.0;
    let mut p = canvas.painter();
    let head = headline(s.outcome(), s.player(), s.kind(), s.is_two_player());
    let mut col = header(&mut p, &frame, lang, &result_title(s, lang), Some(Nav::Back));
    let r = col.next(1.6 * u);
    let color = if head == Msg::YouWon { GOOD } else { INK };
    let total = s.game().history().len();
    let moves = lang.fill(Msg::MovesPlayed, &[("n", &s.move_list().len().to_string())]);
    p.text(r, format!("{} · {moves}", crate::widgets::game_title(s.kind(), lang)), 1.0, color);

    // Below the board: replay buttons and the review (or the count).
    let a = frame.inner(0.8);
    let top = board_area(&frame).max.y + 0.6 * u;
    let mut low = crate::ui::Column::new(Rect::new(a.min.x, top, a.max.x, a.max.y), 0.5 * u);
    let row = low.row(3, 2.6 * u);
    p.button(row[0], lang.get(Msg::ReplayBack), ResultAction::Replay(-1), Look::Secondary);
    p.text_aligned(row[1], format!("{}/{}", screen.ply, total), 1.1, INK, Justify::Center);
    p.button(row[2], lang.get(Msg::ReplayForward), ResultAction::Replay(1), Look::Secondary);

    let panel = low.next((a.max.y - low.y - 4.0 * u).max(4.0 * u));
    p.panel(panel, CARD, 0.6);
    let inner =
        Rect::new(panel.min.x + 0.6 * u, panel.min.y + 0.4 * u, panel.max.x - 0.6 * u, panel.max.y);
    let counted = matches!(s.outcome(), Some(Outcome::Win { reason: WinReason::Score, .. }))
        || matches!(s.outcome(), Some(Outcome::Draw { reason: DrawReason::EqualScore }));
    match (&screen.review, s.is_thinking()) {
        _ if counted => {
            let text = s.go_score().map(|score| count_text(&score, lang)).unwrap_or_default();
            p.text(inner, text, 1.0, INK);
        }
        (None, true) => {
            p.text(inner, lang.get(Msg::Reviewing), 1.0, MUTED);
        }
        (None, false) => {
            // No coach for this game: the last moves.
            let names = s.move_list();
            let start = names.len().saturating_sub(8) & !1;
            let lines: Vec<String> = names[start..]
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", start / 2 + i + 1, pair.join("  ")))
                .collect();
            p.text(inner, lines.join("\n"), 0.95, INK);
        }
        (Some(review), _) => {
            let marked: Vec<_> = review.iter().filter(|r| r.verdict != Verdict::Good).collect();
            if marked.is_empty() {
                p.text(inner, lang.get(Msg::NoMistakes), 1.0, GOOD);
            } else {
                let names = s.move_list();
                let lines: Vec<String> = marked
                    .iter()
                    .take(6)
                    .map(|r| {
                        let label = match r.verdict {
                            Verdict::Blunder => Msg::Blunder,
                            Verdict::Mistake => Msg::Mistake,
                            _ => Msg::Inaccuracy,
                        };
                        let played = names.get(r.ply).cloned().unwrap_or_default();
                        let best = move_name(&s.game_at(r.ply), r.best);
                        format!(
                            "{}. {played} — {}，{}{best}",
                            r.ply / 2 + 1,
                            lang.get(label),
                            lang.get(Msg::Better),
                        )
                    })
                    .collect();
                p.text(inner, lines.join("\n"), 0.95, BAD);
            }
        }
    }
    let row = low.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::PlayAgain), ResultAction::PlayAgain, Look::Primary);
    p.button(row[1], lang.get(Msg::Home), Nav::Go(AppState::Home), Look::Secondary);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_has_its_reason() {
        let draw = |reason| Some(Outcome::Draw { reason });
        assert_eq!(reason(draw(DrawReason::Stalemate), GameKind::Chess), Some(Msg::ByStalemate));
        assert_eq!(reason(draw(DrawReason::Repetition), GameKind::Chess), Some(Msg::ByRepeat));
        assert_eq!(reason(draw(DrawReason::MoveLimit), GameKind::Chess), Some(Msg::ByFiftyMoves));
        assert_eq!(reason(draw(DrawReason::MoveLimit), GameKind::Xiangqi), Some(Msg::ByMoveLimit));
        let material = draw(DrawReason::InsufficientMaterial);
        assert_eq!(reason(material, GameKind::Chess), Some(Msg::ByMaterial));
        assert_eq!(reason(None, GameKind::Chess), None);
        let five = Some(Outcome::Win { winner: Side::Second, reason: WinReason::FiveInARow });
        let gomoku = GameKind::Gomoku { rule: qike_core::GomokuRule::Renju };
        assert_eq!(reason(five, gomoku), Some(Msg::ByFive));
        // Two players read the winner's colour; against the computer, "you".
        assert_eq!(headline(five, Side::First, gomoku, true), Msg::WhiteWins);
        assert_eq!(headline(five, Side::First, gomoku, false), Msg::YouLost);
        assert_eq!(headline(five, Side::Second, GameKind::Xiangqi, true), Msg::BlackWins);
    }
}
