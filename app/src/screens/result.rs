//! After a game: the result and why (the count of a Go game as a picture), the coach's
//! review where the game has an engine — a graph of how the game went, a verdict that
//! agrees with the result, and the child's marked moves; a tap on one shows the
//! position before it with the better move as an arrow — and a replay of the game move
//! by move. The review is searched on
//! a worker thread; the screen shows "reviewing…" meanwhile.

use bevy::prelude::*;
use qike_core::ai::Verdict;
use qike_core::session::GameReview;
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
use crate::widgets::{count_overlay, header};

/// The engine's table for the review, in MiB: a short look at each move needs little.
const REVIEW_HASH_MB: usize = 8;

/// The result screen's state.
#[derive(Resource, Debug)]
pub struct ResultScreen {
    /// The finished game; its engine reviews it on a worker thread.
    pub game: FinishedGame,
    pub review: Option<GameReview>,
    /// The ply shown on the replay board (all moves = the final position).
    pub ply: usize,
    /// The marked move shown (its position, with the better move as an arrow).
    pub mark: Option<usize>,
}

/// The result screen's buttons.
#[derive(Debug, Clone, PartialEq)]
pub enum ResultAction {
    /// Moves the replay by this many plies.
    Replay(i32),
    /// Shows a marked move: the position before it and the better move.
    Mark(usize),
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
    mut cues: ResMut<crate::sound::Cues>,
) {
    let Some(game) = game else {
        next.set(AppState::Home);
        return;
    };
    let s = &game.0;
    match headline(s.outcome(), s.player(), s.kind(), s.is_two_player()) {
        Msg::YouLost => cues.push(qike_core::Cue::Loss),
        Msg::Drawn => cues.push(qike_core::Cue::Draw),
        _ if s.outcome().is_some() => cues.push(qike_core::Cue::Win),
        _ => {}
    }
    let mut session = game.0.clone().with_hash_mb(REVIEW_HASH_MB);
    // Only a game with an engine has a coach to review it: otherwise nothing starts.
    let _ = session.start_game_review();
    let ply = session.game().history().len();
    let screen = ResultScreen { game: FinishedGame(session), review: None, ply, mark: None };
    commands.insert_resource(screen);
}

fn collect_review(mut screen: ResMut<ResultScreen>, mut redraw: ResMut<Redraw>) {
    if screen.game.0.answer_ready()
        && let Some(review) = screen.game.0.poll_game_review()
    {
        screen.review = review.ok();
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
                screen.mark = None;
                redraw.0 = true;
            }
            ResultAction::Mark(i) => {
                if let Some(m) = screen.review.as_ref().and_then(|r| r.marked.get(*i)) {
                    screen.ply = m.ply;
                    screen.mark = Some(*i);
                    redraw.0 = true;
                }
            }
            ResultAction::PlayAgain => next.set(AppState::PlaySetup),
        }
    }
}

fn board_area(frame: &Frame) -> Rect {
    let u = frame.unit;
    let a = frame.inner(0.8);
    // Room under the board for the replay row, the review (a verdict, the graph and a
    // few marked moves) and the buttons.
    let high = (a.height() * 0.42).min(a.height() - 7.5 * u - 25.0 * u).max(10.0 * u);
    Rect::new(a.min.x, a.min.y + 7.5 * u, a.max.x, a.min.y + 7.5 * u + high)
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
    let marked = screen.mark.and_then(|i| screen.review.as_ref()?.marked.get(i));
    if let Some(qike_core::MoveInput::Step { from, to, .. }) = marked.map(|m| m.best) {
        want.arrows = vec![(from, to)];
    } else if let Some(qike_core::MoveInput::Place { at }) = marked.map(|m| m.best) {
        want.hints = vec![at];
    }
    want.letters = current.piece_style() == qike_core::progress::PieceStyle::Letters;
    want.chess_figures = current.settings.chess_figures;
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

fn draw(mut canvas: Canvas, screen: Res<ResultScreen>, current: Res<Current>) {
    let (lang, frame) = (canvas.lang(), canvas.frame());
    let u = frame.unit;
    let s = &screen.game.0;
    let mut p = canvas.painter();
    let head = headline(s.outcome(), s.player(), s.kind(), s.is_two_player());
    // The title says who won; why, and how long the game was, go on the line under it.
    let mut col = header(&mut p, &frame, lang, lang.get(head), Some(Nav::Back));
    let r = col.next(1.6 * u);
    let color = if head == Msg::YouWon { GOOD } else { INK };
    let total = s.game().history().len();
    let moves = lang.fill(Msg::MovesPlayed, &[("n", &s.move_list().len().to_string())]);
    let why =
        reason(s.outcome(), s.kind()).map(|r| format!("{} · ", lang.get(r))).unwrap_or_default();
    let game = crate::widgets::game_title(s.kind(), lang);
    p.text(r, format!("{game} · {why}{moves}"), 1.0, color);

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
    let inner = Rect::new(
        panel.min.x + 0.6 * u,
        panel.min.y + 0.4 * u,
        panel.max.x - 0.6 * u,
        panel.max.y - 0.4 * u,
    );
    let counted = matches!(s.outcome(), Some(Outcome::Win { reason: WinReason::Score, .. }))
        || matches!(s.outcome(), Some(Outcome::Draw { reason: DrawReason::EqualScore }));
    let mut inside = crate::ui::Column::new(inner, 0.4 * u);
    if counted
        && screen.ply == total
        && let Some(picture) = s.go_count_picture()
    {
        // The count as a picture on the final position: areas shaded, dead stones grey.
        let view = s.game().view();
        let mut layout = crate::layout::BoardLayout::fit_board(
            board_area(&frame),
            view.files,
            view.ranks,
            view.placement,
            current.settings.show_coordinates,
        );
        layout.flipped = s.player() == Side::Second;
        count_overlay(&mut p, &layout, &picture);
    }
    if counted && let Some(score) = s.go_score() {
        // The result in one short line, large; the sum small underneath.
        let summary = score.summary();
        let r = inside.next(2.6 * u);
        p.text(r, lang.text(&summary.headline()), 1.6, INK);
        let r = inside.next(2.4 * u);
        p.text(r, lang.text(&summary.arithmetic()), 0.75, MUTED);
    }
    match (&screen.review, s.is_thinking()) {
        (None, true) => {
            let r = inside.next(2.0 * u);
            p.text(r, lang.get(Msg::Reviewing), 1.0, MUTED);
        }
        (None, false) if !counted => {
            // No coach for this game: the last moves.
            let names = s.move_list();
            let start = names.len().saturating_sub(8) & !1;
            let lines: Vec<String> = names[start..]
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", start / 2 + i + 1, pair.join("  ")))
                .collect();
            let r = inside.next(inner.height() * 0.8);
            p.text(r, lines.join("\n"), 0.95, INK);
        }
        (None, false) => {}
        (Some(review), _) => {
            let r = inside.next(1.8 * u);
            let verdict = lang.text(&review.verdict(s.outcome(), s.player()));
            let good = review.marked.is_empty();
            p.text(r, verdict, 0.9, if good { GOOD } else { INK });
            // The marked moves that fit under a graph at least 3 units high; the graph
            // takes the rest, up to 8 units.
            let left = inner.max.y - inside.y;
            let fit = ((left - 3.4 * u) / (2.4 * u + inside.gap)).floor().max(0.0) as usize;
            let shown = review.marked.len().min(fit).min(3);
            let graph_h =
                (left - shown as f32 * (2.4 * u + inside.gap) - inside.gap).clamp(3.0 * u, 8.0 * u);
            let graph = inside.next(graph_h);
            draw_graph(&mut p, graph, review, s.player(), screen.ply);
            for (i, m) in review.marked.iter().enumerate().take(shown) {
                let r = inside.next(2.4 * u);
                let label = match m.verdict {
                    Verdict::Blunder => Msg::Blunder,
                    Verdict::Mistake => Msg::Mistake,
                    _ => Msg::Inaccuracy,
                };
                let text = format!(
                    "{}. {} — {}，{}{}",
                    m.ply / 2 + 1,
                    m.played.chinese,
                    lang.get(label),
                    lang.get(Msg::Better),
                    m.better.chinese
                );
                let look = if screen.mark == Some(i) { Look::Selected } else { Look::Secondary };
                p.button(r, text, ResultAction::Mark(i), look);
            }
        }
    }
    let row = low.row(2, 3.0 * u);
    p.button(row[0], lang.get(Msg::PlayAgain), ResultAction::PlayAgain, Look::Primary);
    p.button(row[1], lang.get(Msg::Home), Nav::Go(AppState::Home), Look::Secondary);
}

/// How the game went: the child's chance to win after each move as a line over the
/// game, 50% dashed across the middle, the marked moves as red dots and the ply shown
/// as a bar.
fn draw_graph(
    p: &mut crate::ui::Painter,
    r: Rect,
    review: &GameReview,
    player: Side,
    shown: usize,
) {
    let series = &review.series;
    p.panel(r, Color::srgb(0.97, 0.95, 0.90), 0.3);
    let mid = r.center().y;
    let mut x = r.min.x;
    while x < r.max.x {
        p.panel(Rect::new(x, mid - 1.0, (x + 8.0).min(r.max.x), mid + 1.0), MUTED, 0.0);
        x += 16.0;
    }
    let n = series.len().max(2) - 1;
    let at = |ply: usize, chance: f64| {
        let mine = if player == Side::First { chance } else { 1.0 - chance };
        Vec2::new(r.min.x + r.width() * ply as f32 / n as f32, r.max.y - r.height() * mine as f32)
    };
    // The line: a dot every few pixels between each pair of points.
    for pair in series.windows(2) {
        let (a, b) = (at(pair[0].ply, pair[0].first_wins), at(pair[1].ply, pair[1].first_wins));
        let steps = (a.distance(b) / 3.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let c = a.lerp(b, k as f32 / steps as f32);
            p.panel(Rect::from_center_size(c, Vec2::splat(4.0)), GRAPH_LINE, 0.0);
        }
    }
    let x = r.min.x + r.width() * shown.min(n) as f32 / n as f32;
    p.panel(Rect::new(x - 1.5, r.min.y, x + 1.5, r.max.y), Color::srgba(0.2, 0.5, 0.85, 0.6), 0.0);
    for m in &review.marked {
        if let Some(point) = series.get(m.ply + 1) {
            let c = at(point.ply, point.first_wins);
            p.panel(Rect::from_center_size(c, Vec2::splat(14.0)), BAD, 0.2);
        }
    }
}

/// The colour of the evaluation graph's line.
pub const GRAPH_LINE: Color = Color::srgb(0.16, 0.35, 0.70);

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
