//! A game of Go under the Chinese rules: the board, whose turn, the history that
//! positional superko (禁止全局同形再现) checks against, passes, resignation, and the
//! dead stones marked at the end for the count.

use std::collections::HashSet;

use super::board::{Board, MAX_CELLS, MAX_SIZE, MIN_SIZE, Refusal};
use super::coords::{HandicapError, Move, gtp_name, handicap_points, star_points};
use super::dead::estimate_dead;
use super::score::{Komi, Score, ScoreResult, count_area, result};
use crate::game::{
    BoardMark, BoardView, DrawReason, GameKind, LastMove, Outcome, PieceKind, PieceView, Point,
    Side, WinReason,
};

/// The rule options that differ between games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Komi black gives (7.5 by default; 0 for 让先 and handicap games).
    pub komi: Komi,
    /// Forbid any move that recreates an earlier whole-board position. On by default,
    /// as the Chinese rules require; off leaves only the simple ko rule.
    pub superko: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { komi: Komi::CHINESE, superko: true }
    }
}

impl Rules {
    /// 让先: black moves first and gives no komi.
    pub fn no_komi() -> Rules {
        Rules { komi: Komi::NONE, ..Rules::default() }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{} is already occupied", gtp_name(*.0))]
    Occupied(Point),
    #[error("{} is a suicide point (禁着点): the stone would have no liberty and captures nothing", gtp_name(*.0))]
    Suicide(Point),
    #[error("{} retakes the ko at once (打劫): play elsewhere first", gtp_name(*.0))]
    Ko(Point),
    #[error("{} would repeat an earlier whole-board position (superko, 全局同形)", gtp_name(*.0))]
    Superko(Point),
    #[error("({}, {}) is off the {size}×{size} board", .point.file, .point.rank)]
    OffBoard { point: Point, size: u8 },
    #[error("the game is over")]
    GameOver,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("board size {0} is not supported (5 to 19 lines)")]
    Size(u8),
    /// Not a handicap this board takes; [`super::handicap_choices`] lists those it does.
    #[error(transparent)]
    Handicap(#[from] HandicapError),
    #[error("the stones set up leave a string without liberties")]
    NoLiberties,
    #[error("setup stone at ({}, {}) is off the board", .0.file, .0.rank)]
    OffBoard(Point),
}

/// Why a dead-stone mark was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MarkError {
    #[error("there is no stone on {} to mark", gtp_name(*.0))]
    NoStone(Point),
    #[error("dead stones are marked only after both players pass")]
    NotFinished,
}

/// How a finished game was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Score(ScoreResult),
    Resignation { winner: Side },
}

impl GameResult {
    /// SGF `RE` form: `B+1.5`, `W+R`, `0`.
    pub fn sgf(self) -> String {
        match self {
            GameResult::Score(s) => s.sgf(),
            GameResult::Resignation { winner: Side::First } => "B+R".into(),
            GameResult::Resignation { winner: Side::Second } => "W+R".into(),
        }
    }

    /// Chinese form: `黑胜 3/4 子`, `白中盘胜`.
    pub fn chinese(self) -> String {
        match self {
            GameResult::Score(s) => s.chinese(),
            GameResult::Resignation { winner: Side::First } => "黑中盘胜".into(),
            GameResult::Resignation { winner: Side::Second } => "白中盘胜".into(),
        }
    }
}

/// A Go game in progress or finished. Side::First is black.
#[derive(Debug, Clone)]
pub struct Game {
    /// Boxed, like the dead marks: the board's fixed arrays are kilobytes, and a game
    /// is moved around whole (inside `AnyGame`, sessions, saved states).
    board: Box<Board>,
    rules: Rules,
    to_move: Side,
    /// Who moved first after the setup (white after handicap stones).
    first_to_move: Side,
    handicap: u8,
    /// Stones placed before the first move (handicap or SGF setup).
    setup: Vec<(Point, Side)>,
    moves: Vec<(Side, Move)>,
    seen: HashSet<u64>,
    passes: u8,
    resigned: Option<Side>,
    dead: Box<[bool; MAX_CELLS]>,
}

impl Game {
    /// An empty board of `size` lines, black to move.
    pub fn new(size: u8, rules: Rules) -> Result<Game, SetupError> {
        let board = Board::new(size).ok_or(SetupError::Size(size))?;
        let mut seen = HashSet::new();
        seen.insert(board.hash());
        Ok(Game {
            board: Box::new(board),
            rules,
            to_move: Side::First,
            first_to_move: Side::First,
            handicap: 0,
            setup: Vec::new(),
            moves: Vec::new(),
            seen,
            passes: 0,
            resigned: None,
            dead: Box::new([false; MAX_CELLS]),
        })
    }

    /// 分先: an even game with komi 3¾ stones (7.5 points).
    pub fn even(size: u8) -> Result<Game, SetupError> {
        Game::new(size, Rules::default())
    }

    /// 让子: `stones` black handicap stones where [`handicap_points`] puts them (2–9
    /// on the star points; 13, 16 or 25 for beginners on 19×19), no komi, white to
    /// move. At the count black gives back half a 子 per handicap stone.
    pub fn with_handicap(size: u8, stones: u8) -> Result<Game, SetupError> {
        // A bad size is refused before a bad count.
        let game = Game::new(size, Rules::no_komi())?;
        game.place_handicap(&handicap_points(size, stones)?)
    }

    /// 让子 on points of one's own choice (free placement, as GTP's `set_free_handicap`
    /// and SGF's `AB` give them): black stones on `points`, `rules` as given, white to
    /// move, half a 子 back per stone at the count.
    pub fn with_handicap_stones(
        size: u8,
        rules: Rules,
        points: &[Point],
    ) -> Result<Game, SetupError> {
        Game::new(size, rules)?.place_handicap(points)
    }

    /// This empty game with black handicap stones on `points` and white to move.
    fn place_handicap(mut self, points: &[Point]) -> Result<Game, SetupError> {
        let setup: Vec<_> = points.iter().map(|&p| (p, Side::First)).collect();
        let count = u8::try_from(points.len()).unwrap_or(u8::MAX);
        self.set_up(&setup, count, Side::Second)?;
        Ok(self)
    }

    /// A position to start from (a lesson diagram, a problem): `stones` on an empty
    /// board of `size` lines, `to_move` to play.
    pub fn from_position(
        size: u8,
        rules: Rules,
        stones: &[(Point, Side)],
        to_move: Side,
    ) -> Result<Game, SetupError> {
        let mut game = Game::new(size, rules)?;
        game.set_up(stones, 0, to_move)?;
        Ok(game)
    }

    /// Replaces the board by `stones` before any move, records `handicap` and who moves.
    pub(crate) fn set_up(
        &mut self,
        stones: &[(Point, Side)],
        handicap: u8,
        to_move: Side,
    ) -> Result<(), SetupError> {
        if let Some(&(p, _)) = stones.iter().find(|(p, _)| !self.board.contains(*p)) {
            return Err(SetupError::OffBoard(p));
        }
        if !self.board.set_stones(stones) {
            return Err(SetupError::NoLiberties);
        }
        self.setup = self.board.stones().collect();
        self.handicap = handicap;
        self.to_move = to_move;
        self.first_to_move = to_move;
        self.seen.clear();
        self.seen.insert(self.board.hash());
        Ok(())
    }

    pub(crate) fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    pub(crate) fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
        if self.moves.is_empty() {
            self.first_to_move = side;
        }
    }

    /// The same game before its first move: setup stones, rules, handicap, first player.
    pub fn fresh(&self) -> Game {
        let mut game = self.clone();
        if let Some(mut board) = Board::new(self.size()) {
            board.set_stones(&self.setup);
            *game.board = board;
        }
        game.moves.clear();
        game.passes = 0;
        game.resigned = None;
        *game.dead = [false; MAX_CELLS];
        game.to_move = self.first_to_move;
        game.seen.clear();
        game.seen.insert(game.board.hash());
        game
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Stones placed before the first move.
    pub fn setup_stones(&self) -> &[(Point, Side)] {
        &self.setup
    }

    /// The moves played, with who played them.
    pub fn moves(&self) -> &[(Side, Move)] {
        &self.moves
    }

    /// Whether both players passed in a row (the count can start) or one resigned.
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.resigned.is_some()
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.play_as(self.to_move, mv)
    }

    /// Puts a stone for the side to move on `p`.
    pub fn play_at(&mut self, p: Point) -> Result<(), PlayError> {
        self.play(Move::Play(p))
    }

    /// The side to move passes.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        self.play(Move::Pass)
    }

    /// Plays `mv` for `side` even out of turn (SGF records sometimes have two moves of
    /// one colour in a row). Afterwards the other side is to move.
    pub fn play_as(&mut self, side: Side, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Pass => {
                self.board.clear_ko();
                self.passes += 1;
            }
            Move::Play(p) => {
                let next = self.try_stone(side, p)?;
                self.board = next;
                self.seen.insert(self.board.hash());
                self.passes = 0;
            }
        }
        self.moves.push((side, mv));
        self.to_move = side.opponent();
        Ok(())
    }

    /// The board after `side` plays on `p`, or why it may not.
    fn try_stone(&self, side: Side, p: Point) -> Result<Box<Board>, PlayError> {
        if !self.board.contains(p) {
            return Err(PlayError::OffBoard { point: p, size: self.size() });
        }
        let mut next = self.board.clone();
        match next.play(p, side) {
            Ok(_) => {}
            Err(Refusal::Occupied) => return Err(PlayError::Occupied(p)),
            Err(Refusal::Suicide) => return Err(PlayError::Suicide(p)),
            Err(Refusal::Ko) => return Err(PlayError::Ko(p)),
        }
        if self.rules.superko && self.seen.contains(&next.hash()) {
            return Err(PlayError::Superko(p));
        }
        Ok(next)
    }

    /// Whether the side to move may play `mv` now.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            _ if self.is_over() => false,
            Move::Pass => true,
            Move::Play(p) => self.try_stone(self.to_move, p).is_ok(),
        }
    }

    /// Every point the side to move may play on.
    pub fn legal_points(&self) -> Vec<Point> {
        if self.is_over() {
            return Vec::new();
        }
        self.board.points().filter(|&p| self.is_legal(Move::Play(p))).collect()
    }

    /// After both passed, the players disagree about what is alive: play goes on (the
    /// dead marks are cleared). Does nothing before two passes or after resignation.
    pub fn resume(&mut self) {
        if self.passes >= 2 && self.resigned.is_none() {
            self.passes = 0;
            *self.dead = [false; MAX_CELLS];
        }
    }

    /// `side` resigns (认输); the game is over.
    pub fn resign(&mut self, side: Side) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        self.resigned = Some(side);
        Ok(())
    }

    // ----- dead stones -----

    /// Marks or unmarks as dead the whole string through `p` (after both passes).
    pub fn toggle_dead(&mut self, p: Point) -> Result<bool, MarkError> {
        if self.passes < 2 {
            return Err(MarkError::NotFinished);
        }
        if self.board.get(p).is_none() {
            return Err(MarkError::NoStone(p));
        }
        let i = self.board.index(p);
        let now = !self.dead[i];
        for s in self.board.string_cells(self.board.head_of(i)) {
            self.dead[s] = now;
        }
        Ok(now)
    }

    /// Marks the stones on `points` dead (and every other stone alive), e.g. from an
    /// SGF's territory marks. Points without a stone are ignored.
    pub fn set_dead_stones(&mut self, points: &[Point]) {
        *self.dead = [false; MAX_CELLS];
        for &p in points {
            if self.board.get(p).is_some() {
                let i = self.board.index(p);
                self.dead[i] = true;
            }
        }
    }

    /// Whether the stone on `p` is marked dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.board.contains(p) && self.dead[self.board.index(p)]
    }

    /// The dead marks by cell index, for the count.
    pub(crate) fn dead_marks(&self) -> &[bool; MAX_CELLS] {
        &self.dead
    }

    /// Every stone marked dead.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.board.stones().map(|(p, _)| p).filter(|&p| self.is_dead(p)).collect()
    }

    /// Replaces the dead marks by the automatic estimate: Benson's unconditional life,
    /// then `playouts` random playouts seeded with `seed`.
    pub fn estimate_dead_stones(&mut self, playouts: u32, seed: u64) {
        *self.dead = estimate_dead(&self.board, self.to_move, playouts, seed);
    }

    // ----- the count -----

    /// Counts the board as it stands, the marked dead stones removed.
    pub fn score(&self) -> Score {
        let count = count_area(&self.board, &self.dead);
        Score {
            count,
            komi: self.rules.komi,
            handicap: self.handicap,
            result: result(&count, self.rules.komi, self.handicap),
        }
    }

    /// How the game was decided, once it is over.
    pub fn result(&self) -> Option<GameResult> {
        if let Some(loser) = self.resigned {
            return Some(GameResult::Resignation { winner: loser.opponent() });
        }
        (self.passes >= 2).then(|| GameResult::Score(self.score().result))
    }

    /// The outcome in the generic form, `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.result()? {
            GameResult::Resignation { winner } => {
                Some(Outcome::Win { winner, reason: WinReason::Resignation })
            }
            GameResult::Score(s) => Some(match s.winner() {
                Some(winner) => Outcome::Win { winner, reason: WinReason::Score },
                None => Outcome::Draw { reason: DrawReason::EqualScore },
            }),
        }
    }

    /// What a UI draws: star points, stones and the last stone played.
    pub fn board_view(&self) -> BoardView {
        let size = self.size();
        let kind = GameKind::Go { size };
        let mut view = BoardView::empty(kind, self.to_move);
        view.marks = star_points(size).into_iter().map(|at| BoardMark::StarPoint { at }).collect();
        view.pieces = self
            .board
            .stones()
            .map(|(at, side)| PieceView {
                at,
                side,
                colour: side.colour(kind),
                kind: PieceKind::Stone,
                glyph: String::new(),
            })
            .collect();
        view.last_move = match self.moves.last() {
            Some(&(_, Move::Play(to))) => Some(LastMove { from: None, to }),
            _ => None,
        };
        view
    }
}

/// Board sizes accepted, for callers that want to check first.
pub const SIZES: std::ops::RangeInclusive<u8> = MIN_SIZE..=MAX_SIZE;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::handicap_choices;

    #[test]
    fn every_handicap_a_board_takes_starts_with_white_to_move() {
        for size in [9, 13, 19] {
            for stones in handicap_choices(size) {
                let g = Game::with_handicap(size, stones).unwrap();
                assert_eq!(g.side_to_move(), Side::Second, "{size} {stones}");
                assert_eq!(g.handicap(), stones);
                assert_eq!(g.rules().komi, Komi::NONE);
                assert_eq!(g.board().stones().count(), usize::from(stones));
                assert!(g.board().stones().all(|(_, side)| side == Side::First));
                assert_eq!(g.setup_stones().len(), usize::from(stones));
            }
        }
    }

    #[test]
    fn handicaps_a_board_does_not_take_are_typed_errors() {
        let refused = |size, stones| Game::with_handicap(size, stones).unwrap_err();
        assert_eq!(
            refused(19, 12),
            SetupError::Handicap(HandicapError::Count { size: 19, stones: 12 })
        );
        assert_eq!(
            refused(13, 25),
            SetupError::Handicap(HandicapError::Count { size: 13, stones: 25 })
        );
        assert_eq!(
            refused(19, 1),
            SetupError::Handicap(HandicapError::Count { size: 19, stones: 1 })
        );
        assert_eq!(refused(6, 2), SetupError::Handicap(HandicapError::NoHandicap { size: 6 }));
        assert_eq!(refused(20, 4), SetupError::Size(20));
    }

    #[test]
    fn beginner_handicap_games_count_like_any_other() {
        // White passes at once, then black: the stones own the whole board.
        for (stones, back) in [(13, "6又1/2 子"), (16, "8 子"), (25, "12又1/2 子")] {
            let mut g = Game::with_handicap(19, stones).unwrap();
            g.pass().unwrap();
            g.pass().unwrap();
            let score = g.score();
            assert_eq!(score.count.black_area(), 361);
            assert_eq!(score.handicap, stones);
            // 361 less the 180½ line less half a 子 per stone.
            let margin_quarters = 4 * 361 - 2 * 361 - 2 * i32::from(stones);
            assert_eq!(score.result.margin_half_points, margin_quarters, "{back}");
        }
    }

    /// Black's wall on the 9th line, white's on the 11th, the 10th line empty between
    /// them except for black's first `black_in_gap` points from the bottom.
    fn walls(handicap: u8, komi: Komi, black_in_gap: u8) -> Game {
        let mut stones = Vec::new();
        for rank in 0..19 {
            stones.push((Point::new(8, rank), Side::First));
            stones.push((Point::new(10, rank), Side::Second));
        }
        stones.extend((0..black_in_gap).map(|rank| (Point::new(9, rank), Side::First)));
        let mut g = Game::new(19, Rules { komi, ..Rules::default() }).unwrap();
        g.set_up(&stones, handicap, Side::Second).unwrap();
        g.pass().unwrap();
        g.pass().unwrap();
        g
    }

    #[test]
    fn black_gives_back_half_the_handicap_stones() {
        // 180½ 子 each (171 and half of the 19 shared points) is a draw without komi.
        let g = walls(0, Komi::NONE, 0);
        assert_eq!(g.score().count.black_half_stones(), 361);
        assert_eq!(g.score().result.chinese(), "和棋");
        // With 16 stones black gives back 8 子: 188½ is the draw, each half more wins.
        let g = walls(16, Komi::NONE, 16);
        assert_eq!(g.score().count.black_half_stones(), 377);
        assert_eq!(g.score().result.chinese(), "和棋");
        assert_eq!(walls(16, Komi::NONE, 17).score().result.chinese(), "黑胜 1/2 子");
        assert_eq!(walls(16, Komi::NONE, 15).score().result.chinese(), "白胜 1/2 子");
        // 25 stones: 12½ back, so 188½ loses by 4½ 子; 13 stones: 6½ back, wins by 1½.
        assert_eq!(walls(25, Komi::NONE, 16).score().result.chinese(), "白胜 4又1/2 子");
        assert_eq!(walls(13, Komi::NONE, 16).score().result.chinese(), "黑胜 1又1/2 子");
        // 分先: the same 180½ loses by the komi.
        assert_eq!(walls(0, Komi::CHINESE, 0).score().result.chinese(), "白胜 3又3/4 子");
    }
}
