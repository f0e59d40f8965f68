//! The chess side of lesson steps while a child plays them: the choice of piece when a
//! pawn promotes, the star hunt (the piece may not land on a guarded square or check
//! the king, and keeps the move), mate puzzles answered by the longest defence, and
//! moves proven right by the solvers even when the author did not list them.

use super::types::{Input, input_of, t};
use crate::chess::{self, Position, Role, attacks, kpk, mate_search};
use crate::curriculum::position;
use crate::curriculum::schema::{Proof, Step, Text};
use crate::curriculum::stars::shortest_tour;
use crate::{AnyGame, GameKind, MoveInput, PieceKind, Point, Side};

/// The pieces a pawn may become, in the order the choices are shown.
pub(super) const PROMOTION_ORDER: [PieceKind; 4] =
    [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight];

/// The choices shown while a pawn waits to promote.
pub(super) fn promotion_choices() -> Vec<Text> {
    vec![t("后", "Queen"), t("车", "Rook"), t("象", "Bishop"), t("马", "Knight")]
}

/// What the lesson says when the pawn reaches the last rank.
pub(super) fn promotion_prompt() -> Text {
    t("兵到底线了！选一个棋子让它变成。", "The pawn reached the last rank! Choose what it becomes.")
}

/// Whether the move from `from` to `to` is a pawn reaching the last rank in chess.
pub(super) fn needs_promotion(game: Option<&AnyGame>, from: Point, to: Point) -> bool {
    matches!(game, Some(AnyGame::Chess(g)) if g.is_promotion(from, to))
}

/// The move a promotion choice completes.
pub(super) fn promotion_move(from: Point, to: Point, choice: usize) -> Option<MoveInput> {
    let kind = *PROMOTION_ORDER.get(choice)?;
    Some(MoveInput::Step { from, to, promotion: Some(kind) })
}

fn chess_position(game: &AnyGame) -> Option<&Position> {
    match game {
        AnyGame::Chess(g) => Some(g.position()),
        _ => None,
    }
}

/// Why a star-hunting move is refused in chess: it lands on a square the other side
/// guards, or it checks the king (the other side never moves in this game).
pub(super) fn collect_refusal(game: &AnyGame, from: Point, to: Point) -> Option<Text> {
    let pos = chess_position(game)?;
    let side = pos.side_to_move();
    let mv = pos.legal_moves_from(from).into_iter().find(|m| m.to == to)?;
    let next = pos.after(mv)?;
    if attacks::is_attacked(&next, to, side.opponent()) {
        return Some(t(
            "那个格子被对方的棋子看住了，走过去会被吃掉。",
            "That square is guarded by the other side: your piece would be taken there.",
        ));
    }
    if next.is_check() {
        return Some(t(
            "这个游戏里不要将军，绕开对方的王。",
            "No checks in this game: go around the other king.",
        ));
    }
    None
}

/// The same chess position with `side` to move again.
pub(super) fn keep_turn(g: &chess::Game, side: Side) -> Option<AnyGame> {
    let mut setup = g.position().to_setup();
    setup.turn = side;
    setup.en_passant = None;
    let pos = Position::from_setup(&setup).ok()?;
    Some(AnyGame::Chess(chess::Game::from_position(pos)))
}

/// The shortest way (at most `max` moves) for the piece on `from` to land on every
/// star without stepping onto a guarded square or giving check; the other side never
/// moves.
pub fn collect_path(
    pos: &Position,
    from: Point,
    stars: &[Point],
    max: u8,
) -> Option<Vec<(Point, Point)>> {
    let side = pos.side_to_move();
    shortest_tour(pos.clone(), from, stars, max, |p, at| {
        let game = AnyGame::Chess(chess::Game::from_position(p.clone()));
        p.legal_moves_from(at)
            .into_iter()
            .filter(|mv| {
                mv.promotion.is_none_or(|k| k == chess::Promotion::Queen)
                    && collect_refusal(&game, at, mv.to).is_none()
            })
            .filter_map(|mv| {
                let mut next = chess::Game::from_position(p.clone());
                next.play(mv).ok()?;
                let Some(AnyGame::Chess(next)) = keep_turn(&next, side) else { return None };
                Some((mv.to, next.position().clone()))
            })
            .collect()
    })
}

/// Whether `m` keeps a forced mate within `left` moves (chess puzzles).
pub(super) fn keeps_mate(game: &AnyGame, m: MoveInput, left: u8) -> bool {
    let Some(pos) = chess_position(game) else { return false };
    move_of(pos, m).is_some_and(|mv| mate_search::move_mates_within(pos, mv, left))
}

/// The defence that holds out longest against a mate (the opponent's answer when the
/// child's right move is not on a scripted line).
pub(super) fn defence(g: &chess::Game) -> Option<MoveInput> {
    let m = mate_search::best_defence(g.position(), 2)?;
    Some(crate::ai::chess::input_of(m))
}

/// A chess move from a lesson input, if legal here.
pub(in crate::curriculum) fn move_of(pos: &Position, m: MoveInput) -> Option<chess::Move> {
    let MoveInput::Step { from, to, promotion } = m else { return None };
    let promotion = match promotion {
        None => None,
        Some(k) => Some(chess::Promotion::from_role(role_of(k)?)?),
    };
    pos.move_between(from, to, promotion).ok()
}

fn role_of(k: PieceKind) -> Option<Role> {
    Some(match k {
        PieceKind::Queen => Role::Queen,
        PieceKind::Rook => Role::Rook,
        PieceKind::Bishop => Role::Bishop,
        PieceKind::Knight => Role::Knight,
        _ => return None,
    })
}

/// Whether the solvers prove `m` right for a make-move step with this proof, so that a
/// right move the author did not list is still accepted.
pub(super) fn proves(proof: Option<Proof>, game: Option<&AnyGame>, m: MoveInput) -> bool {
    let Some(pos) = game.and_then(chess_position) else { return false };
    let Some(mv) = move_of(pos, m) else { return false };
    match proof {
        Some(Proof::Mate) => mate_search::move_mates_within(pos, mv, 1),
        Some(Proof::KpkWin) => kpk::value_after(pos, mv) == Some(kpk::KpkValue::Win),
        Some(Proof::KpkDraw) => kpk::value_after(pos, mv) == Some(kpk::KpkValue::Draw),
        _ => false,
    }
}

/// The inputs of a move, with the promotion choice after it when the pawn promotes.
fn inputs_of(m: MoveInput) -> Vec<Input> {
    match m {
        MoveInput::Step { from, to, promotion: Some(k) } => {
            let i = PROMOTION_ORDER.iter().position(|&p| p == k).unwrap_or(0);
            vec![Input::Move { from, to }, Input::Choice(i)]
        }
        other => vec![input_of(other)],
    }
}

/// The right answers of a chess step, where they differ from the other games'
/// (promotion choices, the star hunt's rules, chess set-up pieces); `None` for the rest.
pub(in crate::curriculum) fn answer_inputs(step: &Step) -> Option<Vec<Input>> {
    let kind = GameKind::Chess;
    let mv = |m: &String| position::move_input(kind, m);
    let start = || step.fen().and_then(|f| Position::from_fen(f).ok());
    Some(match step {
        Step::MakeMove(s) => s.accept.first().and_then(mv).map(inputs_of).unwrap_or_default(),
        Step::Puzzle(s) => s
            .lines
            .first()
            .map(|line| line.iter().step_by(2).filter_map(mv).flat_map(inputs_of).collect())
            .unwrap_or_default(),
        Step::Collect(s) => {
            let stars: Vec<Point> =
                s.stars.iter().filter_map(|p| position::point(kind, p)).collect();
            let from = position::point(kind, &s.piece);
            match (start(), from) {
                (Some(pos), Some(from)) => collect_path(&pos, from, &stars, s.max_moves)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(from, to)| Input::Move { from, to })
                    .collect(),
                _ => Vec::new(),
            }
        }
        Step::Setup(s) => match start() {
            Some(pos) => s
                .place
                .iter()
                .filter_map(|p| position::point(kind, p))
                .filter_map(|at| {
                    pos.piece_at(at).map(|(_, role)| Input::Place { kind: role.kind(), at })
                })
                .collect(),
            None => Vec::new(),
        },
        _ => return None,
    })
}

/// The name of a chess piece kind, for set-up feedback.
pub(super) fn piece_name(k: PieceKind) -> Option<Text> {
    Some(match k {
        PieceKind::King => t("王", "king"),
        PieceKind::Queen => t("后", "queen"),
        PieceKind::Rook => t("车", "rook"),
        PieceKind::Bishop => t("象", "bishop"),
        PieceKind::Knight => t("马", "knight"),
        PieceKind::Pawn => t("兵", "pawn"),
        _ => return None,
    })
}

/// A good move for the child in a chess play-out: the king-and-pawn table's move when
/// it applies, else the engine's with `nodes` to search.
pub(in crate::curriculum) fn answer_move(g: &chess::Game, nodes: u64) -> Option<MoveInput> {
    if let Some(m) = kpk::best_move(g.position()) {
        return Some(crate::ai::chess::input_of(m));
    }
    let (history, pos) = crate::ai::chess::replay(g.start(), g.moves());
    let mut searcher = crate::ai::chess::Searcher::new(4);
    let m = searcher.search(&pos, &history, &crate::ai::Limits::nodes(nodes)).best?;
    Some(crate::ai::chess::input_of(m))
}

/// Whether a chess play-out has ended in a draw (stalemate, dead material, a drawn
/// table position is not counted: only the game's own end).
pub(in crate::curriculum) fn is_drawn(game: &AnyGame) -> bool {
    matches!(game, AnyGame::Chess(g) if matches!(g.outcome(), Some(crate::Outcome::Draw { .. })))
}

/// Material of `side` minus the other's, in the engine's centipawns (chess).
pub(in crate::curriculum) fn balance(game: &AnyGame, side: Side) -> Option<i32> {
    chess_position(game).map(|pos| crate::ai::chess::tactic::material_balance(pos, side))
}
