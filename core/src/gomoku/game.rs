//! A game of gomoku under one rule set: the board, the moves so far, and how it ended.

use super::board::{Board, BoardSize, CENTER, Cell, DIRECTIONS, Stone};
use super::line::{is_five, run_through};
use super::notation::point_name;
use super::patterns::five_rule;
use super::renju::{self, Forbidden};
use crate::game::{
    BoardMark, BoardView, DrawReason, GameKind, GomokuRule, LastMove, Outcome, PieceKind,
    PieceView, Placement, Point, Side, WinReason,
};

/// Whether a `stone` on `at` (placed there already, or as if placed on an empty point)
/// stands in a winning line under `rule`: exactly five, or five or more where
/// overlines win (freestyle, and white in renju).
pub fn is_win(board: &Board, at: Point, stone: Stone, rule: GomokuRule) -> bool {
    let Some(i) = board.index(at) else { return false };
    let me = stone.cell();
    let c = board.cell(i);
    if c != me && c != Cell::Empty {
        return false;
    }
    let fr = five_rule(rule, stone);
    DIRECTIONS.iter().any(|&d| {
        let mut w = board.window(i, d);
        w[CENTER] = me;
        is_five(run_through(&w, CENTER, me), fr)
    })
}

/// What happens when black plays a forbidden point under renju.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ForbiddenPolicy {
    /// The move is refused with [`PlayError::Forbidden`] and nothing changes: kind to
    /// beginners, and what a UI wants when it greys out forbidden points anyway.
    #[default]
    Refuse,
    /// The move stands and black loses at once, as in a renju tournament.
    Lose,
}

/// Why a move was not played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{} is off the {lines}×{lines} board", point_name(*at))]
    OffBoard { at: Point, lines: u8 },
    #[error("{} is already occupied", point_name(*at))]
    Occupied { at: Point },
    #[error("black may not play {} under renju: it is a {kind}", point_name(*at))]
    Forbidden { at: Point, kind: Forbidden },
    #[error("the game is already over")]
    GameOver,
}

/// Why stones cannot be set up as a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StonesError {
    #[error("black has {black} stones and white {white}: black needs as many as white or one more")]
    Counts { black: usize, white: usize },
    #[error("{} is off the {lines}×{lines} board", point_name(*at))]
    OffBoard { at: Point, lines: u8 },
    #[error("{} is given a stone twice", point_name(*at))]
    Twice { at: Point },
    #[error("the stone on {} is already part of a five: the game would be over", point_name(*at))]
    Five { at: Point },
}

/// A move that was played, with the outcome it brought, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    pub at: Point,
    pub stone: Stone,
    pub outcome: Option<Outcome>,
}

/// A game in progress or finished.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rule: GomokuRule,
    board: Board,
    moves: Vec<Point>,
    outcome: Option<Outcome>,
    policy: ForbiddenPolicy,
    /// Stones set up before play (a lesson's position): not taken back, not marked
    /// as the last move.
    setup: usize,
}

impl Game {
    /// A new game on the 15×15 board.
    pub fn new(rule: GomokuRule) -> Game {
        Game::with_size(rule, BoardSize::Fifteen)
    }

    /// A new game on a board of the given size.
    pub fn with_size(rule: GomokuRule, size: BoardSize) -> Game {
        Game {
            rule,
            board: Board::new(size),
            moves: Vec::new(),
            outcome: None,
            policy: ForbiddenPolicy::default(),
            setup: 0,
        }
    }

    /// A position set up from its stones, as a diagram shows it: black has as many
    /// stones as white (black to move) or one more (white to move). The stones are
    /// placed without judging them, so a position may hold shapes that black could not
    /// have played under renju; it may not hold a finished five.
    pub fn from_stones(
        rule: GomokuRule,
        size: BoardSize,
        black: &[Point],
        white: &[Point],
    ) -> Result<Game, StonesError> {
        if black.len() != white.len() && black.len() != white.len() + 1 {
            return Err(StonesError::Counts { black: black.len(), white: white.len() });
        }
        let mut game = Game::with_size(rule, size);
        let lines = size.lines();
        for k in 0..black.len() + white.len() {
            let (list, stone) =
                if k % 2 == 0 { (black, Stone::Black) } else { (white, Stone::White) };
            let at = list[k / 2];
            if game.board.index(at).is_none() {
                return Err(StonesError::OffBoard { at, lines });
            }
            if !game.board.is_empty_at(at) {
                return Err(StonesError::Twice { at });
            }
            game.board.set(at, Some(stone));
            game.moves.push(at);
        }
        for &(list, stone) in &[(black, Stone::Black), (white, Stone::White)] {
            if let Some(&at) = list.iter().find(|&&at| game.makes_five(at, stone)) {
                return Err(StonesError::Five { at });
            }
        }
        game.setup = game.moves.len();
        Ok(game)
    }

    /// Replays a game record from the empty board, stopping at the first move that
    /// fails. A record may end with black's forbidden move: it stands and white wins.
    pub fn from_moves(
        rule: GomokuRule,
        size: BoardSize,
        moves: &[Point],
    ) -> Result<Game, (usize, PlayError)> {
        let mut game = Game::with_size(rule, size);
        for (k, &m) in moves.iter().enumerate() {
            game.play_recorded(m).map_err(|e| (k, e))?;
        }
        Ok(game)
    }

    /// Chooses what a forbidden move does (refused by default).
    pub fn set_forbidden_policy(&mut self, policy: ForbiddenPolicy) {
        self.policy = policy;
    }

    pub fn forbidden_policy(&self) -> ForbiddenPolicy {
        self.policy
    }

    pub fn rule(&self) -> GomokuRule {
        self.rule
    }

    pub fn kind(&self) -> GameKind {
        GameKind::Gomoku { rule: self.rule }
    }

    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves so far; black played the even-numbered ones (0, 2, …).
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// Whose turn it is (also after the game ended: the side that would move next).
    pub fn side_to_move(&self) -> Side {
        if self.moves.len().is_multiple_of(2) { Side::First } else { Side::Second }
    }

    /// The colour to play next.
    pub fn stone_to_move(&self) -> Stone {
        Stone::of(self.side_to_move())
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the next stone of a game played on the board must go on the centre point:
    /// under renju (RIF) the game opens with black's stone on 天元. The game face (what
    /// sessions, lessons and matches play through) refuses another point; records,
    /// protocol boards and set-up positions, which may list stones in any order, do not
    /// ask.
    pub fn opens_on_centre(&self) -> bool {
        self.rule == GomokuRule::Renju && self.board.stone_count() == 0
    }

    /// Whether the side to move may play `at` now, and if not why.
    pub fn check(&self, at: Point) -> Result<(), PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let lines = self.board.size().lines();
        let Some(i) = self.board.index(at) else {
            return Err(PlayError::OffBoard { at, lines });
        };
        if self.board.cell(i) != Cell::Empty {
            return Err(PlayError::Occupied { at });
        }
        if self.policy == ForbiddenPolicy::Refuse
            && let Some(kind) = self.forbidden_here(at)
        {
            return Err(PlayError::Forbidden { at, kind });
        }
        Ok(())
    }

    /// Plays the side to move's stone on `at`. On error the game is unchanged.
    pub fn play(&mut self, at: Point) -> Result<Played, PlayError> {
        self.check(at)?;
        let stone = self.stone_to_move();
        let forbidden = self.forbidden_here(at);
        self.board.set(at, Some(stone));
        self.moves.push(at);
        self.outcome = if forbidden.is_some() {
            Some(Outcome::Win { winner: Side::Second, reason: WinReason::ForbiddenMove })
        } else if self.makes_five(at, stone) {
            Some(Outcome::Win { winner: stone.side(), reason: WinReason::FiveInARow })
        } else if self.board.is_full() {
            Some(Outcome::Draw { reason: DrawReason::BoardFull })
        } else {
            None
        };
        Ok(Played { at, stone, outcome: self.outcome })
    }

    /// Plays a move from a record: a forbidden black move stands and loses, whatever
    /// the policy.
    pub fn play_recorded(&mut self, at: Point) -> Result<Played, PlayError> {
        let policy = self.policy;
        self.policy = ForbiddenPolicy::Lose;
        let result = self.play(at);
        self.policy = policy;
        result
    }

    /// `side` resigns: the other side wins.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let outcome = Outcome::Win { winner: side.opponent(), reason: WinReason::Resignation };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        let outcome = Outcome::Draw { reason: DrawReason::Agreement };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Takes back the last move (and any result it or a later resignation brought).
    pub fn undo(&mut self) -> Option<Point> {
        if self.moves.len() <= self.setup {
            return None;
        }
        let last = self.moves.pop()?;
        self.board.set(last, None);
        self.outcome = None;
        Some(last)
    }

    /// The forbidden kind of `at` if black is to move under renju.
    fn forbidden_here(&self, at: Point) -> Option<Forbidden> {
        if self.rule == GomokuRule::Renju && self.stone_to_move() == Stone::Black {
            renju::forbidden(&self.board, at)
        } else {
            None
        }
    }

    /// Points where the side to move may not play because of a renju forbidden move
    /// (empty unless black is to move under renju), for a UI to mark.
    pub fn forbidden_points(&self) -> Vec<(Point, Forbidden)> {
        if self.rule == GomokuRule::Renju
            && self.stone_to_move() == Stone::Black
            && self.outcome.is_none()
        {
            renju::forbidden_points(&self.board)
        } else {
            Vec::new()
        }
    }

    /// Whether the stone just placed on `at` wins under the rule in force.
    fn makes_five(&self, at: Point, stone: Stone) -> bool {
        is_win(&self.board, at, stone, self.rule)
    }

    /// The five (or longer) line through the last move, if it won: for drawing a line
    /// through the winning stones.
    pub fn winning_line(&self) -> Vec<Point> {
        let (Some(Outcome::Win { reason: WinReason::FiveInARow, .. }), Some(&last)) =
            (self.outcome, self.moves.last())
        else {
            return Vec::new();
        };
        let Some(stone) = self.board.get(last) else { return Vec::new() };
        let rule = five_rule(self.rule, stone);
        for d in super::board::Direction::ALL {
            let (df, dr) = d.step();
            let walk = |sign: i8| {
                let mut out = Vec::new();
                let mut p = last;
                loop {
                    let f = p.file as i16 + (df * sign) as i16;
                    let r = p.rank as i16 + (dr * sign) as i16;
                    if !(0..=u8::MAX as i16).contains(&f) || !(0..=u8::MAX as i16).contains(&r) {
                        break;
                    }
                    let next = Point::new(f as u8, r as u8);
                    if self.board.get(next) != Some(stone) {
                        break;
                    }
                    out.push(next);
                    p = next;
                }
                out
            };
            let mut line: Vec<Point> = walk(-1).into_iter().rev().collect();
            line.push(last);
            line.extend(walk(1));
            if is_five(line.len(), rule) {
                return line;
            }
        }
        Vec::new()
    }

    /// What a UI draws: the grid, star points (星位 and 天元), the stones, the last move.
    /// `files`/`ranks` come from the board size (15 or 19), not from `GameKind`.
    pub fn board_view(&self) -> BoardView {
        let kind = self.kind();
        let lines = self.board.size().lines();
        let pieces = self
            .board
            .stones()
            .into_iter()
            .map(|(at, stone)| PieceView {
                at,
                side: stone.side(),
                colour: stone.side().colour(kind),
                kind: PieceKind::Stone,
                glyph: String::new(),
            })
            .collect();
        BoardView {
            kind,
            files: lines,
            ranks: lines,
            placement: Placement::Intersections,
            marks: self
                .board
                .size()
                .star_points()
                .into_iter()
                .map(|at| BoardMark::StarPoint { at })
                .collect(),
            pieces,
            highlights: Vec::new(),
            last_move: self.moves[self.setup..].last().map(|&to| LastMove { from: None, to }),
            side_to_move: self.side_to_move(),
        }
    }
}
